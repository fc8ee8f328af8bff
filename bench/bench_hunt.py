"""Hunt bots: the Knight's belief update per turn, and whole simulated hunts per second.

The belief covers every route map (82,944 without loops, 800,000 with loops); an update reads
one turn of the public log (Town flag, aide, move, search outcome). Hunts per second are on
one core (jobs=1), timed by CPU time of this process so that other load on the machine does
not count, with the wall-clock rate beside it. Goals: update < 1 ms per turn; >= 500
hunts/s with the exact Knight. Nothing is asserted.
"""

import statistics
import time

from generator.games.hunt.bots import ExactKnight, PublicBelief, RandomDragon, play_one_hunt
from generator.games.hunt.rules import KNIGHT, new_hunt


def knight_views(games: int, loops: bool) -> list[list]:
    """Return, for each of `games` hunts (exact Knight, random Dragon), the Knight's views."""
    hunts = []
    for seed in range(games):
        state, knight, dragon = new_hunt(loops), ExactKnight(), RandomDragon()
        knight.start(loops, seed)
        dragon.start(loops, seed + 10_000)
        views = []
        while not state.is_terminal():
            if state.current_player() == KNIGHT:
                view = state.knight_view()
                views.append(view)
                state.apply(knight.act(view))
            else:
                state.apply(dragon.act(state.observation(0)))
        hunts.append(views)
    return hunts


def update_times(hunts: list[list], loops: bool) -> tuple[list[float], list[float]]:
    """Return the time of every belief update (seconds), and of the first turn's only."""
    belief = PublicBelief(loops)
    times, first = [], []
    for views in hunts:
        belief.reset()
        for view in views:
            start = time.perf_counter()
            belief.observe(view.log)
            elapsed = time.perf_counter() - start
            times.append(elapsed)
            if view.turn == 1:
                first.append(elapsed)
    return times, first


def hunts_per_second(dragon: str, games: int, loops: bool = False) -> tuple[float, float]:
    """Return (hunts per CPU second, hunts per wall second) for the exact Knight."""
    play_one_hunt(0, "exact", dragon, loops)  # tables and caches
    cpu, wall = time.process_time(), time.perf_counter()
    for seed in range(games):
        play_one_hunt(seed, "exact", dragon, loops)
    return games / (time.process_time() - cpu), games / (time.perf_counter() - wall)


def main() -> None:
    for loops, maps in ((False, "82,944"), (True, "800,000")):
        times, first = update_times(knight_views(200, loops), loops)
        micro = sorted(t * 1e6 for t in times)
        print(
            f"hunt: Knight belief update over {maps} maps: median "
            f"{statistics.median(micro):.0f} us/turn, 95th percentile "
            f"{micro[int(0.95 * len(micro))]:.0f} us, max {micro[-1]:.0f} us, first turn "
            f"{statistics.median(first) * 1e6:.0f} us ({len(micro)} updates, goal < 1000 us)"
        )
    for dragon, loops in (("random", False), ("cunning", False), ("random", True)):
        cpu, wall = hunts_per_second(dragon, 1000, loops)
        print(
            f"hunt: exact Knight vs {dragon} Dragon{' (loops)' if loops else ''}: "
            f"{cpu:.0f} hunts/s on one core (CPU time; {wall:.0f}/s wall clock; goal >= 500)"
        )


if __name__ == "__main__":
    main()
