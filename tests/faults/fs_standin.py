"""Run `quarry ARGS` through its real entry point (generator.cli:main, the console script's)
with the OS calls that write under FOLDER failing as a real file system would make them fail.

    python fs_standin.py MODE FOLDER [--budget BYTES] [--games-log FILE] -- ARGS...

MODE is how FOLDER fails:
  readonly  every write, folder, rename, removal or chmod under it: EROFS (a read-only mount)
  denied    the same with EACCES (a folder the user may not write)
  full      the first BYTES bytes written under it land; then every write, and every new
            file or folder, fails with ENOSPC (a disk that fills up during the run)

Tests run as root, and chmod does not stop root; mounting a read-only or tiny file system
needs privileges CI does not have. So this stand-in patches the Python-level calls every
writer in Quarry goes through (os.open, os.mkdir, os.rename/replace, os.rmdir/unlink,
os.chmod, open/io.open), before Quarry runs; worker processes forked from it inherit
the patches. --games-log FILE appends a line to FILE whenever simulate() derives
its game seeds, that is, just before games are played.
"""

import argparse
import builtins
import errno
import io
import os
import sys

PATCHED = ("open", "close", "mkdir", "rename", "replace", "rmdir", "unlink", "remove", "chmod")
_real = {name: getattr(os, name) for name in PATCHED}
_real_open = io.open
WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND


class Disk:
    """The failing folder and what is left of its space."""

    def __init__(self, mode: str, folder: str, budget: int) -> None:
        self.mode = mode
        self.folder = os.path.realpath(folder)
        self.left = budget
        self.fds: set[int] = set()  # descriptors os.open opened for writing under the folder

    def holds(self, path) -> bool:
        if isinstance(path, int):
            return path in self.fds
        try:
            real = os.path.realpath(os.fsdecode(path))
        except (TypeError, ValueError):
            return False
        return real == self.folder or real.startswith(self.folder + os.sep)

    def refuse(self, path=None) -> None:
        """Raise the error this disk gives for a change at `path`."""
        code = {"readonly": errno.EROFS, "denied": errno.EACCES, "full": errno.ENOSPC}[self.mode]
        raise OSError(code, os.strerror(code), *([os.fsdecode(path)] if path is not None else []))

    def creates(self, path) -> None:
        """Refuse a new file or folder at `path` when the disk refuses it: read-only, denied,
        or full with no space left."""
        if self.holds(path) and (self.mode != "full" or self.left <= 0):
            self.refuse(path)

    def changes(self, path) -> None:
        """Refuse a rename, a removal or a chmod at `path` when the disk refuses changes:
        read-only or denied (a full disk still renames and removes)."""
        if self.holds(path) and self.mode != "full":
            self.refuse(path)

    def spend(self, count: int, path=None) -> None:
        """Take `count` bytes of the space left, or refuse (full: ENOSPC)."""
        if self.mode != "full":
            self.refuse(path)
        if count > self.left:
            self.left = 0
            self.refuse(path)
        self.left -= count


class CountedFile:
    """A file open for writing under the failing folder: its writes spend the disk's space."""

    def __init__(self, disk: Disk, file, name) -> None:
        self._disk, self._file, self._name = disk, file, name

    def write(self, data):
        self._disk.spend(len(data), None if isinstance(self._name, int) else self._name)
        return self._file.write(data)

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self._file.close()

    def __iter__(self):
        return iter(self._file)

    def __getattr__(self, name):
        return getattr(self._file, name)


def install(disk: Disk) -> None:
    """Patch the os and io calls so that writes under disk.folder fail as the disk says."""

    def open_fd(path, flags, mode=0o777, *args, **kwargs):
        if disk.holds(path) and flags & WRITE_FLAGS:
            if disk.mode != "full":
                disk.refuse(path)
            if flags & os.O_CREAT and not os.path.exists(path):
                disk.creates(path)
            fd = _real["open"](path, flags, mode, *args, **kwargs)
            disk.fds.add(fd)
            return fd
        return _real["open"](path, flags, mode, *args, **kwargs)

    def mkdir(path, *args, **kwargs):
        if disk.holds(path) and not os.path.lexists(path):
            disk.creates(path)
        return _real["mkdir"](path, *args, **kwargs)

    def two_paths(name):
        def call(src, dst, *args, **kwargs):
            disk.changes(src)
            disk.changes(dst)
            return _real[name](src, dst, *args, **kwargs)

        return call

    def one_path(name):
        def call(path, *args, **kwargs):
            disk.changes(path)
            return _real[name](path, *args, **kwargs)

        return call

    def close(fd):
        disk.fds.discard(fd)
        return _real["close"](fd)

    def open_file(file, mode="r", *args, **kwargs):
        writing = any(flag in mode for flag in "wax+")
        if not writing or not disk.holds(file):
            return _real_open(file, mode, *args, **kwargs)
        if disk.mode != "full":
            disk.refuse(file)
        if isinstance(file, int):
            disk.fds.discard(file)  # the file object owns the descriptor now
        elif not os.path.exists(file):
            disk.creates(file)
        return CountedFile(disk, _real_open(file, mode, *args, **kwargs), file)

    os.open = open_fd
    os.mkdir = mkdir
    os.rename, os.replace = two_paths("rename"), two_paths("replace")
    os.rmdir, os.unlink, os.remove = one_path("rmdir"), one_path("unlink"), one_path("remove")
    os.chmod = one_path("chmod")
    os.close = close
    io.open = builtins.open = open_file


def log_games(path: str) -> None:
    """Append a line to `path` each time simulate() derives game seeds (games follow)."""
    from generator.engine import simulate

    seeds = simulate.game_seeds

    def logged(seed, games):
        with _real_open(path, "a", encoding="utf-8") as file:
            file.write(f"{games}\n")
        return seeds(seed, games)

    simulate.game_seeds = logged


def main() -> None:
    ours, args = sys.argv[1 : sys.argv.index("--")], sys.argv[sys.argv.index("--") + 1 :]
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["readonly", "denied", "full"])
    parser.add_argument("folder")
    parser.add_argument("--budget", type=int, default=0)
    parser.add_argument("--games-log")
    options = parser.parse_args(ours)
    if options.games_log:
        log_games(options.games_log)
    install(Disk(options.mode, options.folder, options.budget))
    sys.argv = ["quarry", *args]
    from generator.cli import main as quarry

    quarry()


if __name__ == "__main__":
    main()
