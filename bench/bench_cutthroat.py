"""CutThroat!: whole bot games per second on one core, per bot and table size, and the
deducing bot's reading of the table (exact identity chances) per decision.

Games are timed by this process's CPU time (other load on the machine does not count), with
the wall-clock rate beside it, the median of REPEATS runs. Goals: >= 500 eight-player games
a second with the simple bots, >= 100 with the deducing bots. Nothing is asserted.
"""

import statistics
import time

import numpy as np

from generator.engine.simulate import game_seeds
from generator.games.cutthroat.belief import identity_marginals
from generator.games.cutthroat.bots import play_game

RUNS = (("simple", 6, 400), ("simple", 8, 300), ("simple", 13, 100),
        ("deducing", 6, 200), ("deducing", 8, 150), ("deducing", 13, 40))  # fmt: skip
REPEATS = 3


def games_per_second(bot: str, players: int, games: int) -> tuple[float, float, float]:
    """Return (games/s by CPU time, games/s by wall clock, mean turns a game)."""
    seeds = game_seeds(7, games)
    cpu, wall = time.process_time(), time.perf_counter()
    turns = sum(play_game(players, seed, bot)[0].turns for seed in seeds)  # as simulate: no
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall  # finished game is kept
    return games / cpu, games / wall, turns / games


def marginals_time(n: int, repeats: int = 200) -> float:
    """Return the median time (us) of identity_marginals on an n x n table."""
    table = np.random.default_rng(n).random((n, n))
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        identity_marginals(table)
        times.append((time.perf_counter() - start) * 1e6)
    return statistics.median(times)


def main() -> None:
    print(f"cutthroat: bot games, one core (median of {REPEATS} runs)")
    for bot, players, games in RUNS:
        runs = [games_per_second(bot, players, games) for _ in range(REPEATS)]
        cpu = statistics.median(r[0] for r in runs)
        wall = statistics.median(r[1] for r in runs)
        goals = {("simple", 8): "; goal >= 500", ("deducing", 8): "; goal >= 100"}
        goal = goals.get((bot, players), "")
        print(
            f"  {bot:8} bots, {players:2} players: {cpu:5.0f} games/s by CPU time "
            f"({wall:.0f} by the clock), {runs[0][2]:.0f} turns a game{goal}"
        )
    for n in (5, 7, 9, 12):
        print(f"  exact identity chances, {n:2} seats in doubt: {marginals_time(n):7.0f} us")


if __name__ == "__main__":
    main()
