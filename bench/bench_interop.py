"""The OpenSpiel adapter beside our engine: random play's games a second, both ways.

For each of the five games at its defaults, the same random play twice from the same seeds:
through OpenSpiel (`pyspiel.load_game("quarry_<game>")`, its states' `legal_actions()`,
`chance_outcomes()` and `apply_action()`, as a Python algorithm of OpenSpiel's plays) and on
our GameState directly (`legal_actions()`, `sample_chance()`, `apply()`, as bench_peers.py
plays). A player's step is a uniform legal action (`actions[rng.randrange(len(actions))]`); a
chance step draws by its outcomes' probabilities (OpenSpiel: `rng.choices` over
`chance_outcomes()`, a deal a card at a time; ours: the rules' own draw). Timed by this
process's CPU time (time.process_time); the two sides alternate, ROUNDS rounds of each after
one game of each to warm the caches, and the medians are printed with their ratio.

Goal: the adapter at least 0.5 times the games a second of our engine, for every game.
Nothing is asserted.

`--quick`: fewer games a round, for a check in a few seconds. Set QUARRY_BEFORE to another
checkout (e.g. `git worktree add /tmp/before HEAD`) to measure its adapter and engine too, in
a process of its own in the same rounds, printed as "before".
"""

import json
import os
import statistics
import sys
import time
from collections.abc import Callable

from bench_peers import play_openspiel, play_quarry
from checkout import json_from_checkout

ROUNDS = 3
GOAL = 0.5
GAMES = ("hunt", "fugitive", "cutthroat", "parforce", "island")
# games a round of each side: about a second of our engine's random play each
GAMES_A_ROUND = {"hunt": 2000, "fugitive": 300, "cutthroat": 300, "parforce": 300, "island": 60}
QUICK_GAMES = {"hunt": 200, "fugitive": 30, "cutthroat": 30, "parforce": 30, "island": 6}


def openspiel_player(name: str) -> Callable[[int], None]:
    """Return play(seed): one random game of `quarry_<name>` through OpenSpiel."""
    import pyspiel

    import generator.interop.openspiel  # noqa: F401  (registers the games)

    loaded = pyspiel.load_game(f"quarry_{name}")

    def play(seed: int) -> None:
        play_openspiel(loaded, seed)

    return play


def games_a_second(play: Callable[[int], None], games: int) -> float:
    """Return the games a second by CPU of `play(seed)` for seeds 0 .. games - 1."""
    start = time.process_time()
    for seed in range(games):
        play(seed)
    return games / (time.process_time() - start)


def one_round(counts: dict[str, int]) -> dict[str, list[float]]:
    """Return {game: [adapter games/s, engine games/s]}: one round, caches warmed first."""
    figures = {}
    for name in GAMES:
        adapter = openspiel_player(name)
        engine = lambda seed, n=name: play_quarry(n, seed)  # noqa: E731
        adapter(0)
        engine(0)
        games = counts[name]
        figures[name] = [games_a_second(adapter, games), games_a_second(engine, games)]
    return figures


def main() -> None:
    quick = "--quick" in sys.argv[1:]
    counts = QUICK_GAMES if quick else GAMES_A_ROUND
    if "--round" in sys.argv[1:]:  # one round of QUARRY_BEFORE's, asked by main
        print(json.dumps(one_round(counts)))
        return
    before = os.environ.get("QUARRY_BEFORE")
    load = os.getloadavg()
    rounds: dict[str, list[list[float]]] = {}
    for _ in range(ROUNDS):
        for name, figure in one_round(counts).items():
            rounds.setdefault(name, []).append(figure)
        if before:
            extra = ["--quick"] if quick else []
            for name, figure in json_from_checkout(before, __file__, "--round", *extra).items():
                rounds.setdefault(f"{name} (before)", []).append(figure)
    print(
        f"interop: random play through OpenSpiel beside our engine, games/s by CPU (median of "
        f"{ROUNDS}){', quick' if quick else ''}"
    )
    for entry in sorted(rounds, key=lambda e: (GAMES.index(e.split()[0]), e)):
        adapter = statistics.median(f[0] for f in rounds[entry])
        engine = statistics.median(f[1] for f in rounds[entry])
        ratio = adapter / engine
        print(
            f"  {entry:18} OpenSpiel {adapter:7.0f}  engine {engine:7.0f}  ratio {ratio:4.2f} "
            f"(goal >= {GOAL}){'' if ratio >= GOAL else '  MISSED'}"
        )
    after = os.getloadavg()
    print(
        f"interop: load averages (1, 5, 15 min) {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} at "
        f"the start, {after[0]:.2f} {after[1]:.2f} {after[2]:.2f} at the end"
    )


if __name__ == "__main__":
    main()
