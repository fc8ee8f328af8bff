"""What the fault suite shares: runs of `quarry` to interrupt, the file-system stand-in, and
looks at an output folder (hidden temporary entries, what was published, whole kits).

Every module here is marked "faults" (pytestmark): `make test` leaves them out, `make
test-faults` runs them.
"""

import contextlib
import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
STANDIN = Path(__file__).with_name("fs_standin.py")
STAGE_WAIT = 600.0  # seconds for a run to reach a stage (a loaded 2-core machine)
EXIT_WAIT = 300.0  # seconds for a signalled run and every process it started to end
POLL = 0.02


def hidden(folder: Path) -> list[str]:
    """Return the hidden entries (temporary files and folders) anywhere under `folder`."""
    if not folder.exists():
        return []
    return sorted(str(p.relative_to(folder)) for p in folder.rglob(".*"))


def snapshot(folder: Path) -> dict[str, str]:
    """Return every file and folder under `folder` with a digest of its bytes ("dir" for
    a folder): two snapshots differ if anything was added, removed or changed."""
    if not folder.exists():
        return {}
    found = {}
    for path in sorted(folder.rglob("*")):
        name = str(path.relative_to(folder))
        found[name] = "dir" if path.is_dir() else hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def assert_whole_kits(folder: Path) -> None:
    """Assert that every folder in `folder` is a whole kit: its manifest.json lists exactly
    the files it holds, with their digests."""
    for kit in sorted(p for p in folder.iterdir() if p.is_dir()):
        manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
        listed = {entry["path"]: entry["sha256"] for entry in manifest["files"]}
        held = {
            str(p.relative_to(kit)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in kit.rglob("*")
            if p.is_file() and p.name != "manifest.json"
        }
        assert held == listed, f"{kit.name} is not whole"


class Run:
    """`quarry ARGS` started in a process group of its own (as a shell starts a job), its
    output in files; every process it starts is noted while the test waits on it."""

    def __init__(self, tmp_path: Path, *args) -> None:
        self.stdout = tmp_path / "stdout.txt"
        self.stderr = tmp_path / "stderr.txt"
        with open(self.stdout, "wb") as out, open(self.stderr, "wb") as err:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "generator", *map(str, args)],
                cwd=ROOT,
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=err,
                start_new_session=True,  # its own process group: killpg reaches all of it
            )
        self.pid = self.process.pid
        self.seen: dict[int, float] = {}  # pid -> create time, of every descendant noted

    def note_children(self) -> list[psutil.Process]:
        """Note the processes the run has now under it; return them."""
        try:
            children = psutil.Process(self.pid).children(recursive=True)
        except psutil.NoSuchProcess:
            return []
        for child in children:
            with contextlib.suppress(psutil.NoSuchProcess):
                self.seen.setdefault(child.pid, child.create_time())
        return children

    def wait_for(self, stage: str, reached, wait: float = STAGE_WAIT) -> None:
        """Wait until `reached()` is true, noting processes; fail if the run ends first."""
        deadline = time.monotonic() + wait
        while not reached():
            self.note_children()
            if self.process.poll() is not None:
                pytest.fail(
                    f"the run ended (exit {self.process.returncode}) before {stage}: "
                    f"{self.stderr.read_text(errors='replace')}"
                )
            if time.monotonic() > deadline:
                pytest.fail(f"the run did not reach {stage} within {wait:.0f} s")
            time.sleep(POLL)
        self.note_children()

    def send(self, signum: int, group: bool) -> None:
        """Send `signum` to the run's whole process group (a terminal's Ctrl-C, `kill -TERM
        -PGID`) or to its first process only (`timeout`, `kill PID`)."""
        self.note_children()
        if group:
            os.killpg(self.pid, signum)
        else:
            os.kill(self.pid, signum)

    def finish(self, out: Path | None = None) -> tuple[int, dict]:
        """Wait for the run to end, then for every process of it to be gone; return its exit
        code and a snapshot of `out` taken the moment it exited."""
        code = self.process.wait(EXIT_WAIT)
        at_exit = snapshot(out) if out is not None else {}
        deadline = time.monotonic() + EXIT_WAIT
        while self.left() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not self.left(), f"processes left behind: {self.left()}"
        return code, at_exit

    def left(self) -> list[str]:
        """Return the processes of the run still there (zombies are gone: they run nothing):
        any noted descendant, and anything in the run's process group."""
        alive = []
        for pid, created in self.seen.items():
            try:
                process = psutil.Process(pid)
                if process.create_time() == created and process.status() != "zombie":
                    alive.append(f"{pid} {' '.join(process.cmdline()[:4])}")
            except psutil.NoSuchProcess:
                pass
        for process in psutil.process_iter(["pid", "status"]):
            try:
                if os.getpgid(process.pid) == self.pid and process.status() != "zombie":
                    alive.append(f"{process.pid} (group {self.pid})")
            except (ProcessLookupError, psutil.NoSuchProcess):
                pass
        return sorted(set(alive))

    def stderr_lines(self) -> list[str]:
        return self.stderr.read_text(encoding="utf-8", errors="replace").splitlines()


def assert_stopped(run: Run, code: int, signum: int) -> None:
    """Assert the run ended as a signal should end it: 128 + signum, one line on stderr."""
    lines = run.stderr_lines()
    assert code == 128 + signum, (code, lines)
    name = signal.Signals(signum).name
    assert lines == [f"quarry: stopped by {name}{' (Ctrl-C)' if name == 'SIGINT' else ''}"], lines


def standin(mode: str, folder: Path, *args, budget: int = 0, games_log: Path | None = None):
    """Run `quarry ARGS` through fs_standin.py with `folder` failing as `mode` says; return
    the CompletedProcess (text output)."""
    ours = [mode, str(folder), "--budget", str(budget)]
    if games_log is not None:
        ours += ["--games-log", str(games_log)]
    return subprocess.run(
        [sys.executable, str(STANDIN), *ours, "--", *map(str, args)],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=EXIT_WAIT,
    )
