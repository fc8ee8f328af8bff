"""Time of `quarry generate hunting-board --jobs 2` (CP-SAT layouts, the probes, the
confirmations and the default board, 2,000 games each), end to end, over a few seeds.

Each run is a fresh process, as a user runs it. Prints, per seed, the seconds, the games
simulated in all, the stag's win rate reached against the target and whether its interval
holds the target; nothing is asserted. Set QUARRY_SOURCE to a checkout to measure another
version of the code with this script.
"""

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEEDS = (1, 2, 3)
SIZE = 9
GAMES = 2000


def run_once(source: Path, out: Path, seed: int) -> tuple[float, dict]:
    """Return (seconds, report.json) of one `quarry generate hunting-board` run."""
    env = {**os.environ, "PYTHONPATH": str(source)}
    args = [sys.executable, "-m", "generator", "generate", "hunting-board", "--seed", str(seed)]
    args += ["--size", str(SIZE), "--games", str(GAMES), "--jobs", "2"]
    args += ["--out", str(out), "--quiet"]
    start = time.perf_counter()
    done = subprocess.run(args, cwd=source, env=env, stdout=subprocess.DEVNULL)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"quarry generate hunting-board failed in {source} (seed {seed})")
    report = json.loads((out / "parforce-design" / "report.json").read_text(encoding="utf-8"))
    return elapsed, report


def measure(source: Path) -> list[str]:
    """Return the lines of figures for the code in `source`."""
    lines, times = [], []
    for seed in SEEDS:
        with tempfile.TemporaryDirectory() as tmp:
            seconds, report = run_once(source, Path(tmp), seed)
        times.append(seconds)
        chosen = report["chosen"]["metrics"]["stag_win_rate"]
        default = report["default"]["metrics"]["stag_win_rate"]
        runs = report["probes"] + report["confirmed"]
        games = sum(p["games"] for p in runs) + report["games"]
        lines.append(
            f"  seed {seed}: {seconds:.1f} s, {len(report['probes'])} probes, "
            f"{len(report['confirmed'])} confirmed, {games} games; stag wins "
            f"{chosen['value']:.3f} [{chosen['ci95'][0]:.3f}, {chosen['ci95'][1]:.3f}] "
            f"(pond {report['pond']}, {report['thickets']} thickets, lap {report['lap']}) for "
            f"target {report['target']}, {'met' if report['met'] else 'NOT met'}; default "
            f"board {default['value']:.3f}"
        )
    lines.append(
        f"  median {statistics.median(times):.1f} s (min {min(times):.1f}, max {max(times):.1f})"
    )
    return lines


def main() -> None:
    other = os.environ.get("QUARRY_SOURCE")
    label = f"design a {SIZE} x {SIZE} hunting board, {GAMES} games, --jobs 2"
    if other:
        print(f"{label}, {other}:")
        print("\n".join(measure(Path(other))))
    print(f"{label}, this checkout:")
    print("\n".join(measure(ROOT)))


if __name__ == "__main__":
    main()
