"""Compile the C port of the Fugitive Marshal's layered search when the package is built or
installed (editable installs included), so `pip install -e .` and `make` need no extra step.

The library is an ordinary shared object loaded with ctypes (native_search.py), not a Python
extension, so it does not depend on the Python version. Without a C compiler the build goes
on with a warning: the deduction then runs its Python search, with the same answers, slower.
"""

import hashlib
import os
import shlex
import subprocess
import sys
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface
from packaging.tags import sys_tags

FOLDER = Path("generator") / "games" / "fugitive"
SOURCE = FOLDER / "layered_search.c"
LIBRARY = FOLDER / "_layered_search.so"
FLAGS = ["-O2", "-std=gnu11", "-shared", "-fPIC", "-Wall"]


def source_digest(source: Path) -> str:
    """Return the digest of the C source that the library records (native_search.py loads
    a library only when it was built from the source beside it)."""
    return hashlib.sha256(source.read_bytes()).hexdigest()[:16]


def compile_library(root: Path) -> bool:
    """Compile SOURCE into LIBRARY under `root`; return whether it worked."""
    compiler = shlex.split(os.environ.get("CC", "cc"))
    flags = [*FLAGS, *shlex.split(os.environ.get("CFLAGS", ""))]
    digest = f'-DSOURCE_DIGEST="{source_digest(root / SOURCE)}"'
    command = [*compiler, *flags, digest, "-o", str(root / LIBRARY), str(root / SOURCE)]
    try:
        subprocess.run(command, check=True, capture_output=True, text=True)
    except (OSError, subprocess.CalledProcessError) as error:
        detail = getattr(error, "stderr", "") or str(error)
        print(f"warning: the C layered search was not built ({detail.strip()})", file=sys.stderr)
        return False
    return True


class CustomBuildHook(BuildHookInterface):
    def initialize(self, version: str, build_data: dict) -> None:
        root = Path(self.root)
        if not compile_library(root):
            return
        if version != "editable":  # an editable install imports it from the source tree
            build_data["force_include"][str(root / LIBRARY)] = str(LIBRARY)
            # a plain shared library, not a Python extension: any Python 3, this platform
            build_data["pure_python"] = False
            build_data["tag"] = f"py3-none-{next(sys_tags()).platform}"
