"""Fugitive: the Marshal's deduction on mid-game tables, whole simulated games per second,
and certified puzzles per difficulty (CPU time).

The deduction is timed as the Marshal runs it (the C port of the layered search, with the
view read) and as the Python search alone. Tables are the Marshal's views at her guesses in
seeded games (planning Fugitive; half against the deducing Marshal, half against the random
one, whose rows stay longer). Games per second are on one core (jobs=1), timed by CPU time
of this process so that other load on the machine does not count, with the wall-clock rate
beside it. Goals: deduction < 20 ms median; >= 200
games/s with the deducing Marshal; a certified puzzle < 1 s median. Nothing is asserted.
"""

import random
import statistics
import time

from generator.engine.game import CHANCE
from generator.engine.simulate import game_seeds
from generator.games.fugitive import native_search, puzzles
from generator.games.fugitive.bots import make_fugitive, make_marshal, play_one_fugitive
from generator.games.fugitive.cards import published
from generator.games.fugitive.deduction import cpsat_values, deduce, search_values_python
from generator.games.fugitive.marshal_facts import read_table
from generator.games.fugitive.rules import FUGITIVE, MARSHAL, new_game


def marshal_views(games: int) -> list:
    """Return the Marshal's views at her guesses with at least one face-down Hideout."""
    views = []
    for seed in range(games):
        marshal = ("deducing", "random")[seed % 2]
        bots = {FUGITIVE: make_fugitive("planning", seed), MARSHAL: make_marshal(marshal, seed)}
        chance, state = random.Random(seed), new_game(published())
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                state.apply(state.sample_chance(chance))
                continue
            view = state.observation(player)
            if player == MARSHAL and view.step == "guess" and state.face_down():
                views.append(view)
            state.apply(bots[player].act(view))
    return views


def percentiles(values: list[float]) -> str:
    ordered = sorted(values)
    return (
        f"median {statistics.median(ordered):.2f} ms, 95th percentile "
        f"{ordered[int(0.95 * len(ordered))]:.2f} ms, max {ordered[-1]:.2f} ms"
    )


def deduction_times(views: list) -> tuple[list[float], list[float], list[float]]:
    """Return per view the time (ms) of the layered search (its C port, as the Marshal runs
    it, read_table included) and of the Python search, and for every 10th view of CP-SAT."""
    search, python, cpsat = [], [], []
    for index, view in enumerate(views):
        start = time.perf_counter()
        deduce(view)
        search.append((time.perf_counter() - start) * 1e3)
        table = read_table(view)
        start = time.perf_counter()
        search_values_python(table)
        python.append((time.perf_counter() - start) * 1e3)
        if index % 10 == 0:
            start = time.perf_counter()
            cpsat_values(table)
            cpsat.append((time.perf_counter() - start) * 1e3)
    return search, python, cpsat


def games_per_second(fugitive: str, marshal: str, games: int) -> tuple[float, float]:
    """Return (games per CPU second, games per wall second) on one core."""
    seeds = game_seeds(1, games)
    play_one_fugitive(seeds[0], fugitive, marshal)  # caches
    cpu, wall = time.process_time(), time.perf_counter()
    for seed in seeds:
        play_one_fugitive(seed, fugitive, marshal)
    return games / (time.process_time() - cpu), games / (time.perf_counter() - wall)


def main() -> None:
    views = marshal_views(200)
    search, python, cpsat = deduction_times(views)
    hidden = statistics.mean(len(read_table(v).hidden) for v in views)
    core = "C port" if native_search.available() else "C port NOT BUILT: Python"
    print(
        f"fugitive: Marshal's deduction ({core}, reading the view included): "
        f"{percentiles(search)} over {len(search)} mid-game tables ({hidden:.1f} face-down "
        f"Hideouts on average; goal < 20 ms median); the Python search: {percentiles(python)}; "
        f"CP-SAT on every 10th: {percentiles(cpsat)}"
    )
    for fugitive, marshal in (("planning", "deducing"), ("planning", "random")):
        cpu, wall = games_per_second(fugitive, marshal, 1000)
        print(
            f"fugitive: {fugitive} Fugitive vs {marshal} Marshal: {cpu:.0f} games/s on one "
            f"core (CPU time; {wall:.0f}/s wall clock; goal >= 200 with the deducing Marshal)"
        )
    for difficulty in puzzles.DIFFICULTIES:
        timings = []
        for seed in range(20):
            start = time.process_time()
            puzzles.generate_puzzle(difficulty, seed)
            timings.append(time.process_time() - start)
        print(
            f"fugitive puzzles: {difficulty}: median {statistics.median(timings):.3f} s, max "
            f"{max(timings):.3f} s (CPU time) over {len(timings)} seeds, each certified unique "
            "by CP-SAT, its history replayed against the rules (goal < 1 s median)"
        )


if __name__ == "__main__":
    main()
