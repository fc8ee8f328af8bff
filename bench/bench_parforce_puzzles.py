"""Parforcejagd puzzles: the time to make one certified "Enclose the stag" puzzle of each
difficulty (search, uniqueness of the first round, the winning line), over seeds 0-9,
medians and maxima. Nothing is asserted."""

import statistics
import time

from generator.games.parforce.puzzles import generate_puzzle

SEEDS = range(10)


def main() -> None:
    print("parforce puzzles: seconds to make one, seeds 0-9")
    for difficulty in ("easy", "medium", "hard"):
        times, rounds = [], []
        for seed in SEEDS:
            start = time.perf_counter()
            rounds.append(generate_puzzle(difficulty, seed).rounds)
            times.append(time.perf_counter() - start)
        print(
            f"  {difficulty}: median {statistics.median(times):.2f} s, max {max(times):.2f} s "
            f"(rounds: {sorted(set(rounds))})"
        )


if __name__ == "__main__":
    main()
