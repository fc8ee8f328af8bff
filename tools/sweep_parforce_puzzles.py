"""Run `quarry puzzle parforce` over many seeds at every difficulty and report the outcome.

Each run is a fresh process, as a user runs it: `quarry puzzle parforce --count COUNT
--difficulty D --seed S` for S in SEEDS. A run passes when it exits 0 with nothing on
stderr and its puzzles.json holds COUNT puzzles, each with the stag on a square it could
have reached (a free land square a forward knight move behind it, worked out here from the
board's pond, not with the engine's tables). Prints per difficulty the runs, the failures
(with their first line of stderr), the puzzles, how many take each number of rounds, how
many answers hold a forced pass, and the median seconds a run. Nothing is asserted; the
exit code is 1 when any run failed. Set QUARRY_SOURCE to a checkout to sweep another
version of the code with this script.

Usage: python tools/sweep_parforce_puzzles.py [--count N] [--first S] [--last S]
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

REPOSITORY = Path(os.environ.get("QUARRY_SOURCE", Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(REPOSITORY))

from generator.games.parforce.puzzles import puzzle_board  # noqa: E402

KNIGHT = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))


def reachable(squares: dict[str, str]) -> bool:
    """Return True when some free land square is a forward knight move behind the stag."""
    board = puzzle_board()
    n = board.size
    taken = {board.parse(name) for name in squares.values()}
    stag = board.parse(squares["S"])
    xs, ys = [s % n for s in board.pond], [s // n for s in board.pond]
    cx, cy = round(2 * sum(xs) / len(xs)), round(2 * sum(ys) / len(ys))
    for dx, dy in KNIGHT:
        column, row = stag % n - dx, stag // n - dy
        start = row * n + column
        if not (0 <= column < n and 0 <= row < n) or start in taken:
            continue
        if start in board.pond or start in board.thickets:
            continue
        ox, oy = 2 * column - cx, 2 * row - cy
        tx, ty = (oy, -ox) if board.clockwise else (-oy, ox)
        if dx * tx + dy * ty > 0:
            return True
    return False


def run(difficulty: str, seed: int, count: int, out: Path) -> tuple[float, str, list[dict]]:
    """Return (seconds, what went wrong or "", the puzzles) of one run."""
    args = [sys.executable, "-m", "generator", "puzzle", "parforce", "--count", str(count)]
    args += ["--difficulty", difficulty, "--seed", str(seed), "--out", str(out), "--quiet"]
    start = time.perf_counter()
    done = subprocess.run(args, cwd=REPOSITORY, capture_output=True, text=True,
                          stdin=subprocess.DEVNULL)  # fmt: skip
    seconds = time.perf_counter() - start
    if done.returncode != 0 or done.stderr:
        lines = done.stderr.strip().splitlines() or [""]
        return seconds, f"exit {done.returncode}: {lines[-1]}", []
    puzzles = json.loads((out / "parforce-puzzles" / "puzzles.json").read_text("utf-8"))
    if len(puzzles) != count:
        return seconds, f"{len(puzzles)} puzzles, not {count}", puzzles
    stranded = [p["id"] for p in puzzles if not reachable(p["squares"])]
    if stranded:
        return seconds, f"no square the stag could have come from: {', '.join(stranded)}", []
    return seconds, "", puzzles


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=5)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--last", type=int, default=40)
    options = parser.parse_args()
    seeds = range(options.first, options.last + 1)
    failed = False
    print(f"quarry puzzle parforce --count {options.count}, seeds {seeds[0]}-{seeds[-1]}")
    for difficulty in ("easy", "medium", "hard"):
        times, failures, rounds, passes = [], [], Counter(), 0
        for seed in seeds:
            with tempfile.TemporaryDirectory() as folder:
                seconds, wrong, puzzles = run(difficulty, seed, options.count, Path(folder))
            times.append(seconds)
            if wrong:
                failures.append(f"seed {seed}: {wrong}")
            rounds.update(p["rounds"] for p in puzzles)
            passes += sum(any(m.endswith(" pass") for m in p["solution"]) for p in puzzles)
        failed = failed or bool(failures)
        shown = ", ".join(f"{n} of {r} round{'s' * (r > 1)}" for r, n in sorted(rounds.items()))
        print(
            f"  {difficulty}: {len(seeds) - len(failures)} of {len(seeds)} runs clean, "
            f"{sum(rounds.values())} puzzles ({shown}), {passes} with a forced pass in the "
            f"answer; median {statistics.median(times):.1f} s a run, max {max(times):.1f} s",
            flush=True,
        )
        for line in failures:
            print(f"    FAILED {line}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
