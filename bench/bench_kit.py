"""Time and peak memory of `quarry kit all` (both games, both papers), end to end.

Each run is a fresh process, as a user runs it; the peak resident memory is that process's
own (os.wait4). Prints the median and spread; nothing is asserted. Set QUARRY_SOURCE to a
checkout to measure another version of the code with this script (before/after in one run).
"""

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REPEATS = 3


def run_once(source: Path, out: Path, jobs: int) -> tuple[float, float]:
    """Return (seconds, peak MiB) of one `quarry kit all` run from `source`."""
    env = {**os.environ, "PYTHONPATH": str(source)}
    args = [sys.executable, "-m", "generator", "kit", "all", "--out", str(out), "--seed", "1"]
    if jobs > 1:
        args += ["--jobs", str(jobs)]
    start = time.perf_counter()
    child = subprocess.Popen(args, cwd=source, env=env, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    elapsed = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"quarry kit all failed in {source} (status {status})")
    return elapsed, usage.ru_maxrss / 1024


def measure(source: Path, jobs: int = 1) -> str:
    times, peaks = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(REPEATS):
            seconds, peak = run_once(source, Path(tmp), jobs)
            times.append(seconds)
            peaks.append(peak)
    return (
        f"median {statistics.median(times):.2f} s (min {min(times):.2f}, max "
        f"{max(times):.2f}, {REPEATS} runs), peak memory {max(peaks):.0f} MiB"
    )


def main() -> None:
    other = os.environ.get("QUARRY_SOURCE")
    if other:
        print(f"kit all, {other}: {measure(Path(other))}")
    print(f"kit all, this checkout, --jobs 1: {measure(ROOT)}")
    print(f"kit all, this checkout, --jobs 2: {measure(ROOT, jobs=2)}")


if __name__ == "__main__":
    main()
