"""Time of designing a Parforcejagd hunting board with --jobs 2 (CP-SAT layouts, the probes,
the confirmation and the default board), end to end, over a few seeds.

Each run is a fresh process calling `generate_hunting_board` (what `quarry generate
hunting-board` runs) and writing the design folder. Prints, per seed, the seconds (and how
they split), the games simulated in all, the stag's win rate reached against the target and
whether its interval holds the target; nothing is asserted. Set QUARRY_SOURCE to a checkout
to measure another version of the code with this script.
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
GAMES = 600

PROGRAM = """
import json, sys
from pathlib import Path
from generator.games.parforce.design.balance import generate_hunting_board
from generator.games.parforce.design.folder import build_design_kit
from generator.kit import KitRequest, KitWriter
from generator.render.layouts import LayoutBook

seed, size, games, out = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), Path(sys.argv[4])
report = generate_hunting_board([], seed, size, 0.5, games, jobs=2)
book = LayoutBook()
with KitWriter(out, "parforce-design", {"kind": "design", "seed": seed}) as writer:
    build_design_kit(KitRequest(writer, book, book.paper("a4"), seed), report)
print(json.dumps(report.seconds))
"""


def run_once(source: Path, out: Path, seed: int) -> tuple[float, dict, dict]:
    """Return (seconds, the split of the seconds, report.json) of one design run."""
    env = {**os.environ, "PYTHONPATH": str(source)}
    args = [sys.executable, "-c", PROGRAM, str(seed), str(SIZE), str(GAMES), str(out)]
    start = time.perf_counter()
    done = subprocess.run(args, cwd=source, env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"designing a hunting board failed in {source} (seed {seed})")
    report = json.loads((out / "parforce-design" / "report.json").read_text(encoding="utf-8"))
    return elapsed, json.loads(done.stdout.strip().splitlines()[-1]), report


def measure(source: Path) -> list[str]:
    """Return the lines of figures for the code in `source`."""
    lines, times = [], []
    for seed in SEEDS:
        with tempfile.TemporaryDirectory() as tmp:
            seconds, split, report = run_once(source, Path(tmp), seed)
        times.append(seconds)
        chosen = report["chosen"]["metrics"]["stag_win_rate"]
        default = report["default"]["metrics"]["stag_win_rate"]
        runs = report["probes"] + report["confirmed"]
        games = sum(p["games"] for p in runs) + report["games"]
        parts = ", ".join(f"{name} {value:.1f}" for name, value in split.items())
        lines.append(
            f"  seed {seed}: {seconds:.1f} s ({parts}), {len(report['probes'])} probes, "
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
