"""Run a bench script's worker mode with another checkout's code (QUARRY_BEFORE): the figures
of before and after come from one run of the bench on one machine."""

import json
import os
import subprocess
import sys
from pathlib import Path


def json_from_checkout(checkout: str | Path, script: str, *args: str):
    """Return the JSON that `python SCRIPT ARGS` prints when run in `checkout` with that
    checkout's `generator` package first on the path."""
    done = subprocess.run(
        [sys.executable, str(Path(script).resolve()), *args],
        cwd=checkout,
        env={**os.environ, "PYTHONPATH": str(checkout)},
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)
