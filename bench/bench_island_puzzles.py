"""Time to generate one certified island puzzle ("Where is the quarry?": graded by the level
solvers, unique by CP-SAT) per difficulty; how many hidden hunts a puzzle takes; the CP-SAT
certification alone; and the tracker's belief update on a 24 x 24 island.

Goal: a hard puzzle in under 2 s (median). Prints figures; nothing is asserted.
"""

import random
import statistics
import time

from generator.games import DIFFICULTIES
from generator.games.island import puzzles
from generator.games.island.board import Island
from generator.games.island.tracking import Track

SEEDS = range(30)


def timed(function, *args) -> tuple[float, object]:
    start = time.perf_counter()
    result = function(*args)
    return time.perf_counter() - start, result


def attempts_for(difficulty: str, seed: int) -> int:
    """Return how many sub-seeds generate_puzzle tries before one gives the puzzle."""
    for attempt in range(puzzles.MAX_ATTEMPTS):
        if puzzles._attempt(difficulty, seed, attempt) is not None:
            return attempt + 1
    return puzzles.MAX_ATTEMPTS


def open_island(size: int) -> Island:
    """Return a square of land with a ring of sea and four boats (a tracker's worst case)."""
    zones = tuple(
        -1 if r in (0, size - 1) or c in (0, size - 1) else 0
        for r in range(size)
        for c in range(size)
    )
    boats = (size * 5 + 1, size + 5, size * 5 + size - 2, size * (size - 2) + 5)
    return Island(size, zones, frozenset(), (), frozenset(), frozenset(), boats)


def tracker_update_us() -> float:
    """Return the mean time (microseconds) of a move and a look on a 24 x 24 island."""
    geo = open_island(24).geometry
    rng = random.Random(0)
    track = Track(geo, geo.land)
    looks = [geo.sight(rng.randrange(geo.cells), 6) for _ in range(64)]
    count = 2000
    start = time.perf_counter()
    for i in range(count):
        track.move(1 + i % 6)
        track.fact(~looks[i % 64])
    return (time.perf_counter() - start) / count * 1e6


def main() -> None:
    for difficulty in DIFFICULTIES:
        timings = [timed(puzzles.generate_puzzle, difficulty, seed)[0] for seed in SEEDS]
        tries = [attempts_for(difficulty, seed) for seed in range(10)]
        print(
            f"island puzzles: {difficulty}: median {statistics.median(timings):.3f} s, "
            f"max {max(timings):.3f} s over {len(timings)} seeds; hidden hunts tried per "
            f"puzzle median {statistics.median(tries):g}"
        )
    hard = [puzzles.generate_puzzle("hard", seed) for seed in range(5)]
    certify = [timed(puzzles.certify_answer, p)[0] for p in hard]
    print(
        "island puzzles: CP-SAT certification of a hard one median "
        f"{statistics.median(certify):.3f} s"
    )
    print(f"island tracker: a move and a look on 24 x 24: {tracker_update_us():.1f} us")


if __name__ == "__main__":
    main()
