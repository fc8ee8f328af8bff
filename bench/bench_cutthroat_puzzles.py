"""CutThroat! puzzles: the time to make one certified "Who is the Queen?" puzzle of each
difficulty (the turns chosen against the level solvers, the CP-SAT certificate), over
seeds 0-9, medians and maxima, with the table sizes and record lengths. Nothing is
asserted."""

import statistics
import time

from generator.games.cutthroat.puzzles import generate_puzzle

SEEDS = range(10)


def main() -> None:
    print("cutthroat puzzles: seconds to make one, seeds 0-9")
    for difficulty in ("easy", "medium", "hard"):
        times, players, turns = [], [], []
        for seed in SEEDS:
            start = time.perf_counter()
            puzzle = generate_puzzle(difficulty, seed)
            times.append(time.perf_counter() - start)
            players.append(puzzle.players)
            turns.append(len(puzzle.turns))
        print(
            f"  {difficulty}: median {statistics.median(times):.2f} s, max {max(times):.2f} s "
            f"(players {sorted(set(players))}, turns {min(turns)}-{max(turns)})"
        )


if __name__ == "__main__":
    main()
