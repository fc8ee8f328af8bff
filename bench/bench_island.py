"""The Most Dangerous Game: whole simulated 5-player games per second on one core, and the
tracking Hunter's belief update (one Hunted's Track fed one public event).

Games are played by the tracking Hunter and the cautious Hunted on the default island, timed
by this process's CPU time (other load on the machine does not count), with the wall-clock
rate beside it. The belief update is timed over the events of seeded games, replayed into
fresh Tracks: every `hmove`, `extra`, `fact` and `fact-at` event, then `possible()`, as the
Hunter reads them. Goals: >= 100 games/s; a belief update < 50 us median. Nothing is
asserted.
"""

import statistics
import time

from generator.engine.simulate import game_seeds
from generator.games.island.board import default_island
from generator.games.island.bots import play_game
from generator.games.island.tracking import Track

GAMES = 200
PLAYERS = 5


def games_per_second() -> tuple[float, float, list]:
    """Return (games/s by CPU time, games/s by wall clock, the final states)."""
    island = default_island()
    seeds = game_seeds(7, GAMES)
    cpu, wall = time.process_time(), time.perf_counter()
    states = [play_game(island, PLAYERS, seed)[0] for seed in seeds]
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return GAMES / cpu, GAMES / wall, states


def belief_updates(states: list) -> list[float]:
    """Return the time of every belief update (us) over the logs of `states`."""
    geo = default_island().geometry
    times = []
    for state in states[:40]:
        tracks: dict[int, Track] = {}
        for event in state.log:
            kind = event[0]
            if kind == "start":
                tracks[event[1]] = Track(geo, geo.passable)
                continue
            if kind not in ("hmove", "extra", "fact", "fact-at") or event[1] not in tracks:
                continue
            track = tracks[event[1]]
            start = time.perf_counter()
            if kind == "hmove":
                track.move(event[2], exact=event[3])
            elif kind == "extra":
                track.extra(event[2], same_turn=event[3])
            elif kind == "fact":
                track.fact(event[2])
            else:
                track.fact_at(event[2], event[3])
            track.possible()
            times.append((time.perf_counter() - start) * 1e6)
    return times


def main() -> None:
    island = default_island()
    print(
        f"island: {GAMES} games of {PLAYERS} players on the default {island.size} x "
        f"{island.size} island (tracking Hunter, cautious Hunted), one core"
    )
    cpu_rate, wall_rate, states = games_per_second()
    print(f"  {cpu_rate:.0f} games/s by CPU time ({wall_rate:.0f} by the clock); goal >= 100")
    times = sorted(belief_updates(states))
    print(
        f"  belief update: median {statistics.median(times):.1f} us, 95th percentile "
        f"{times[int(0.95 * len(times))]:.1f} us over {len(times)} updates; goal < 50 us"
    )


if __name__ == "__main__":
    main()
