"""Parforcejagd puzzles: the CPU time (time.process_time) to make one certified "Enclose
the stag" puzzle of each difficulty (search, uniqueness of the first round, the winning
line), over seeds 100-129, medians and maxima, with how many puzzles take each number of
rounds (the figures of docs/puzzles-parforce.md). Run it with PYTHONPATH set to another
checkout (e.g. `git worktree add /tmp/before a611551`) for the figures before; every game's
hard puzzles beside the goal are in bench_puzzle_speed.py. Nothing is asserted."""

import statistics
import time
from collections import Counter

from generator.games.parforce.puzzles import generate_puzzle

SEEDS = range(100, 130)


def main() -> None:
    print(f"parforce puzzles: CPU seconds to make one, seeds {SEEDS[0]}-{SEEDS[-1]}")
    for difficulty in ("easy", "medium", "hard"):
        times, rounds = [], Counter()
        for seed in SEEDS:
            start = time.process_time()
            rounds[generate_puzzle(difficulty, seed).rounds] += 1
            times.append(time.process_time() - start)
        counts = ", ".join(f"{n} of {r} rounds" for r, n in sorted(rounds.items()))
        print(
            f"  {difficulty}: median {statistics.median(times):.2f} s, max {max(times):.2f} s "
            f"({counts})"
        )


if __name__ == "__main__":
    main()
