"""Where Quarry writes: OS errors about the output location as one line, and files that
appear whole or not at all.

A read-only or forbidden --out (or --plot) is the user's to fix: one line naming the place
and what is wrong, exit 2. A full disk is not the user's mistake: the same kind of line,
exit 1. Only errors about the output location are turned into a line: an OS error about
any other file (an input, a library's own) stays an error with its traceback, as a bug
does. Whatever was half-written is removed by the writer (kit.KitWriter, write_whole).
"""

from __future__ import annotations

import errno
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from generator.errors import QuarryError
from generator.stopping import deferred

# The user can fix these by choosing another place (exit 2)...
YOURS = {
    errno.EACCES: "cannot write here: permission denied",
    errno.EPERM: "cannot write here: permission denied",
    errno.EROFS: "cannot write here: the file system is read-only",
    errno.ENOTDIR: "cannot write here: a file stands where a folder is needed",
    errno.EEXIST: "cannot write here: a file stands where a folder is needed",
    errno.EISDIR: "cannot write here: a folder stands where a file is needed",
    errno.ENAMETOOLONG: "cannot write here: the name is too long",
    errno.ELOOP: "cannot write here: too many symbolic links",
}
# ...these are the machine's (exit 1).
MACHINES = {
    errno.ENOSPC: "the disk is full (no space left on the device)",
    errno.EDQUOT: "the disk quota is used up",
    errno.EFBIG: "a file would be larger than the file system allows",
    errno.EIO: "the device reported an input/output error",
}


class OutputError(QuarryError):
    """The output location cannot be written: `exit_code` 2 when the user can fix it (a
    read-only or forbidden folder), 1 when the machine must (a full disk)."""

    def __init__(self, message: str, *, where: str | None = None, exit_code: int = 2) -> None:
        super().__init__(message, where=where)
        self.exit_code = exit_code

    def __reduce__(self):  # raised in a worker process, re-raised in the parent
        return (type(self), (self.args[0],), self.__dict__)


def output_error(error: OSError, place: Path, where: Path | None = None) -> OutputError | None:
    """Return the OutputError that reports `error` (naming `where`, default `place`) if it is
    about the output location `place` (the place itself, a folder above it or a file in
    it; an error naming no file counts), else None: the error is not ours to explain."""
    if error.errno in YOURS:
        what, code = YOURS[error.errno], 2
    elif error.errno in MACHINES:
        what, code = MACHINES[error.errno], 1
    else:
        return None
    names = [name for name in (error.filename, error.filename2) if name is not None]
    if names and not any(_touches(name, Path(place)) for name in names):
        return None
    return OutputError(what, where=str(where if where is not None else place), exit_code=code)


def _touches(name, place: Path) -> bool:
    """Return True if the file `name` (a path or a descriptor) is `place`, inside it or a
    folder above it."""
    if isinstance(name, int):  # a descriptor: one the writer opened
        return True
    path = os.fsdecode(name)
    for resolve in (os.path.abspath, os.path.realpath):
        a, b = resolve(path), resolve(place)
        if a == b or _within(a, b) or _within(b, a):
            return True
    return False


def _within(inner: str, outer: str) -> bool:
    return inner.startswith(outer.rstrip(os.sep) + os.sep)


@contextmanager
def output_errors(place: Path, where: Path | None = None) -> Iterator[None]:
    """Turn an OS error about the output location `place` raised in the block into an
    OutputError naming `where` (default `place`); other errors pass as they are."""
    try:
        yield
    except OSError as error:
        mapped = output_error(error, place, where)
        if mapped is None:
            raise
        raise mapped from None


def check_writable(folder: Path) -> None:
    """Raise OutputError (one line) unless files can be made in `folder`, or, when it does
    not exist yet, in the nearest folder above it (where it would be made): tried by making
    and removing an empty folder, so that a run refuses a place it cannot write before any
    work. Returns None."""
    folder = Path(folder)
    probe = folder
    while not probe.exists() and probe.parent != probe:
        probe = probe.parent
    if not probe.is_dir():
        raise OutputError(YOURS[errno.ENOTDIR], where=str(folder))
    with output_errors(probe, folder), deferred():
        made = tempfile.mkdtemp(prefix=".quarry-check.", dir=probe)
        os.rmdir(made)


def write_whole(path: Path, data: bytes) -> Path:
    """Write `data` to the file `path` so that it appears whole or not at all (a hidden
    temporary file beside it, renamed; nothing left if anything fails or a signal stops the
    run), with the permissions the umask gives; the folder is made when missing. OS errors
    about the place become an OutputError. Returns the path."""
    path = Path(path)
    with output_errors(path.parent, path), deferred():  # a few ms: no signal cuts it in two
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
        try:
            with os.fdopen(handle, "wb") as file:
                file.write(data)
            os.chmod(temporary, 0o666 & ~umask())
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    return path


def umask() -> int:
    """Return the process's umask (without changing it)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask
