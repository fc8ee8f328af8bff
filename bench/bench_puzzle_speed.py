"""Hard puzzles of every game: the CPU time (time.process_time) to make one certified hard
puzzle, seeds 1000-1014 (a book of fifteen with --seed 1), median and max per game.

Goal (issue 25): every game's hard puzzle in a median under 1 s and a max under 3 s of CPU.
Beside ours it prints the figures measured before the work on issue 25 ("before (issue 25)":
Parforcejagd median 7.2 s, max 44 s; Fugitive 1.4 s, 5.9 s; CutThroat! 0.9 s, 2.5 s; the
island 0.14 s; The Hunt 0.29 s). Set QUARRY_BEFORE to another checkout (e.g. `git worktree
add /tmp/before a611551`) to time its code on the same seeds in the same run, printed as
"before". Each game runs in its own fresh process. Nothing is asserted.
"""

import json
import os
import statistics
import sys
import time
from pathlib import Path

from checkout import json_from_checkout

GAMES = ("island", "hunt", "fugitive", "parforce", "cutthroat")
SEEDS = range(1000, 1015)
GOAL_MEDIAN, GOAL_MAX = 1.0, 3.0
ISSUE_BEFORE = {  # (median, max) CPU seconds, as the issue measured them
    "parforce": (7.2, 44.0),
    "fugitive": (1.4, 5.9),
    "cutthroat": (0.9, 2.5),
    "island": (0.14, None),
    "hunt": (0.29, None),
}
HERE = Path(__file__).resolve().parent.parent


def worker(game: str) -> None:
    """Print the CPU seconds of each seed's hard puzzle as JSON (run in a fresh process)."""
    from importlib import import_module

    generate = import_module(f"generator.games.{game}.puzzles").generate_puzzle
    times = []
    for seed in SEEDS:
        start = time.process_time()
        generate("hard", seed)
        times.append(time.process_time() - start)
    print(json.dumps(times))


def cpu_times(game: str, checkout: Path) -> list[float]:
    """Return the CPU seconds per seed of `game`'s hard puzzles made by `checkout`'s code."""
    return json_from_checkout(checkout, __file__, "--worker", game)


def figures(times: list[float]) -> str:
    return f"median {statistics.median(times):5.2f} s, max {max(times):5.2f} s"


def main() -> None:
    before = os.environ.get("QUARRY_BEFORE")
    print(
        f"hard puzzles: CPU seconds per certified puzzle, seeds {SEEDS[0]}-{SEEDS[-1]} "
        f"(goal: median under {GOAL_MEDIAN:g} s, max under {GOAL_MAX:g} s)"
    )
    for game in GAMES:
        ours = cpu_times(game, HERE)
        met = statistics.median(ours) < GOAL_MEDIAN and max(ours) < GOAL_MAX
        line = f"  {game:9} ours {figures(ours)} ({'met' if met else 'missed'})"
        median, most = ISSUE_BEFORE[game]
        line += f"; before (issue 25) median {median:g} s" + (f", max {most:g} s" if most else "")
        if before:
            line += f"; before ({Path(before).name}) {figures(cpu_times(game, Path(before)))}"
        print(line, flush=True)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--worker"]:
        worker(sys.argv[2])
    else:
        main()
