"""Time of `quarry generate island --jobs 2` (CP-SAT layout, the balance loop, 2,000 games
to confirm and 2,000 on the default island), end to end, over a few seeds.

Each run is a fresh process, as a user runs it. Prints, per seed, the seconds, the games
simulated in all, the survival reached against the target and whether its interval holds
the target; nothing is asserted. Set QUARRY_SOURCE to a checkout to measure another version
of the code with this script.
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
GAMES = 2000


def run_once(source: Path, out: Path, seed: int) -> tuple[float, dict]:
    """Return (seconds, report.json) of one `quarry generate island` run from `source`."""
    env = {**os.environ, "PYTHONPATH": str(source)}
    args = [sys.executable, "-m", "generator", "generate", "island", "--seed", str(seed)]
    args += ["--games", str(GAMES), "--jobs", "2", "--out", str(out), "--quiet"]
    start = time.perf_counter()
    done = subprocess.run(args, cwd=source, env=env, stdout=subprocess.DEVNULL)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"quarry generate island failed in {source} (seed {seed})")
    report = json.loads((out / "island-design" / "report.json").read_text(encoding="utf-8"))
    return elapsed, report


def measure(source: Path) -> list[str]:
    lines, times = [], []
    for seed in SEEDS:
        with tempfile.TemporaryDirectory() as tmp:
            seconds, report = run_once(source, Path(tmp), seed)
        times.append(seconds)
        chosen = report["chosen"]["metrics"]["hunted_survival"]
        default = report["default"]["metrics"]["hunted_survival"]
        runs = report["probes"] + report["confirmed"]
        games = sum(p["games"] for p in runs) + report["games"]
        lines.append(
            f"  seed {seed}: {seconds:.1f} s, {len(report['probes'])} probes, "
            f"{len(report['confirmed'])} confirmed, {games} games; survival "
            f"{chosen['value']:.3f} [{chosen['ci95'][0]:.3f}, "
            f"{chosen['ci95'][1]:.3f}] (day {report['day']}, {report['hiding']} hiding) for "
            f"target {report['target']}, {'met' if report['met'] else 'NOT met'}; default "
            f"island {default['value']:.3f}"
        )
    lines.append(
        f"  median {statistics.median(times):.1f} s (min {min(times):.1f}, max {max(times):.1f})"
    )
    return lines


def main() -> None:
    other = os.environ.get("QUARRY_SOURCE")
    if other:
        print(f"generate island --jobs 2, {other}:")
        print("\n".join(measure(Path(other))))
    print("generate island --jobs 2, this checkout:")
    print("\n".join(measure(ROOT)))


if __name__ == "__main__":
    main()
