"""Parforcejagd: whole bot games per second on one core for each pairing of bot strengths,
and move generation for a position (all the legal moves of the piece to move).

Games are played on the default board, timed by this process's CPU time (other load on the
machine does not count), with the wall-clock rate beside it. Move generation is timed over
every position of seeded greedy games, each position's `legal_actions()` computed afresh.
Goals: >= 300 games/s with the greedy bots; move generation < 50 us a position. Nothing is
asserted.
"""

import statistics
import time

from generator.engine.simulate import game_seeds
from generator.games.parforce.board import default_board
from generator.games.parforce.bots import play_game
from generator.games.parforce.rules import ParforceState

PAIRINGS = (("greedy", "greedy", 500), ("search", "greedy", 200), ("search", "search", 60))
REPEATS = 3


def games_per_second(stag: str, pursuers: str, games: int) -> tuple[float, float, float]:
    """Return (games/s by CPU time, games/s by wall clock, the stag's win rate)."""
    board = default_board()
    seeds = game_seeds(7, games)
    cpu, wall = time.process_time(), time.perf_counter()
    states = [play_game(board, seed, stag, pursuers)[0] for seed in seeds]
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    wins = sum(state.winner == "stag" for state in states)
    return games / cpu, games / wall, wins / games


def move_generation() -> list[float]:
    """Return the time (us) of legal_actions() on every position of 50 greedy games."""
    board, times = default_board(), []
    for seed in game_seeds(3, 50):
        _, actions = play_game(board, seed)
        state = ParforceState(board)
        for text in actions:
            state._legal = None  # compute afresh, not from the cache
            start = time.perf_counter()
            state.legal_actions()
            times.append((time.perf_counter() - start) * 1e6)
            state.apply(state.parse_action(text))
    return times


def main() -> None:
    print("parforce: bot games on the default 9 x 9 board, one core (median of 3 runs)")
    for stag, pursuers, games in PAIRINGS:
        runs = [games_per_second(stag, pursuers, games) for _ in range(REPEATS)]
        cpu = statistics.median(r[0] for r in runs)
        wall = statistics.median(r[1] for r in runs)
        goal = "; goal >= 300" if (stag, pursuers) == ("greedy", "greedy") else ""
        print(
            f"  {stag} stag vs {pursuers} pursuers: {cpu:.0f} games/s by CPU time "
            f"({wall:.0f} by the clock), stag wins {runs[0][2]:.2f} of {games}{goal}"
        )
    times = sorted(move_generation())
    print(
        f"  move generation: median {statistics.median(times):.1f} us, 95th percentile "
        f"{times[int(0.95 * len(times))]:.1f} us over {len(times)} positions; goal < 50 us"
    )


if __name__ == "__main__":
    main()
