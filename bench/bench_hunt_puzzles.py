"""Time to generate one certified Hunt puzzle (graded by the level solvers, unique by CP-SAT),
per difficulty, with and without loops; and the brute-force check over every map.

Goal: a hard puzzle in under 2 s (median). Prints figures; nothing is asserted.
"""

import statistics
import time

from generator.games.hunt import puzzles

SEEDS = range(30)


def timed(function, *args) -> tuple[float, object]:
    start = time.perf_counter()
    result = function(*args)
    return time.perf_counter() - start, result


def generation(difficulty: str, loops: bool) -> list[float]:
    return [timed(puzzles.generate_puzzle, difficulty, seed, loops)[0] for seed in SEEDS]


def main() -> None:
    for loops in (False, True):
        for difficulty in puzzles.DIFFICULTIES:
            timings = generation(difficulty, loops)
            print(
                f"hunt puzzles: {difficulty}{' (loops)' if loops else ''}: median "
                f"{statistics.median(timings):.3f} s, max {max(timings):.3f} s over "
                f"{len(timings)} seeds"
            )
    hard = [puzzles.generate_puzzle("hard", seed) for seed in range(5)]
    brute = [timed(puzzles.brute_force_answers, p)[0] for p in hard]
    certify = [timed(puzzles.certify_answer, p)[0] for p in hard]
    print(
        f"hunt puzzles: uniqueness of a hard puzzle: CP-SAT median "
        f"{statistics.median(certify):.3f} s, brute force over 82,944 maps median "
        f"{statistics.median(brute):.3f} s"
    )


if __name__ == "__main__":
    main()
