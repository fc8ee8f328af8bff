"""How strong our bots are: our strongest bots against OpenSpiel's IS-MCTS (or MCTS, or
random play) on the same games, through the OpenSpiel adapter (`quarry strength`).

A pairing is two games with the same seed (the same deal, dice and draws as far as the play
lets them be the same). One seat `s` is picked by the seed: in the first game our bot holds
`s` and the opponent every other seat; in the second the opponent holds `s` and our bots the
rest. Our side wins the pairing when seat `s` scores more in the first game than in the
second (a tie when the same): in a two-player game that is a match in which each side played
each role once, and in CutThroat! and on the island it asks whether a lone seat does better
as our bot among opponents than as the opponent among our bots. The score is the share of
pairings won (a tie a half), with its Wilson interval; 0.5 means equal strength.

Beside it, for each role: the mean return of that role's seats when our bots hold them and
when the opponent does; and the CPU time of a move, by side (the one figure that varies from
run to run; everything else is a function of the seed).

seats.py seats our bots, opponents.py builds OpenSpiel's, match.py plays one game.
"""

from __future__ import annotations

import statistics
from functools import lru_cache, partial
from pathlib import Path

from generator.engine.simulate import game_seeds, simulate
from generator.engine.stats import mean_metric, wilson
from generator.interop.strength.match import play_game
from generator.interop.strength.opponents import Opponent
from generator.interop.strength.seats import BOTS
from generator.stopping import worker_pool


@lru_cache(maxsize=8)
def _game(name: str, players: int | None):
    """Return the OpenSpiel game `quarry_<name>` (loaded once a process)."""
    import pyspiel

    import generator.interop.openspiel  # noqa: F401  (registers the games)

    params = {} if players is None else {"players": players}
    return pyspiel.load_game(f"quarry_{name}", params)


def _lone_seat(seed: int, seats: int) -> int:
    return seed % seats


def play_pairing(
    name: str,
    players: int | None,
    opponent: Opponent,
    uct_c: float | None,
    bots: tuple,
    seed: int,
) -> dict:
    """Play one pairing (module docstring) and return what the table needs of it; `bots`
    holds (role, bot) pairs that replace seats.BOTS."""
    first = play_side(name, players, opponent, uct_c, bots, None, seed, True)
    second = play_side(name, players, opponent, uct_c, bots, None, seed, False)
    return _pairing(name, players, seed, first, second)


def play_side(
    name: str,
    players: int | None,
    opponent: Opponent,
    uct_c: float | None,
    bots: tuple,
    checkpoints: Path | None,
    seed: int,
    lone: bool,
):
    """Play the game of a pairing where our bot holds the lone seat (`lone`) or every
    other seat; with `checkpoints` (a folder), kept there as it goes (checkpoint.py)."""
    game = _game(name, players)
    seats = game.num_players()
    seat = _lone_seat(seed, seats)
    ours = frozenset({seat}) if lone else frozenset(range(seats)) - {seat}
    options = {} if players is None else {"players": players}
    path = None
    if checkpoints is not None:
        label = opponent.label().replace(":", "-")
        side = "lone" if lone else "rest"
        path = Path(checkpoints) / f"{name}-{players or 'n'}-{label}-{seed}-{side}.json"
    return play_game(game, name, options, ours, opponent, seed, uct_c, dict(bots), path)


def _pairing(name: str, players: int | None, seed: int, first, second) -> dict:
    lone = _lone_seat(seed, _game(name, players).num_players())
    rest = sorted(set(range(len(first.returns))) - {lone})
    return {
        "lone": lone,
        "ours_lone": first.returns[lone],
        "theirs_lone": second.returns[lone],
        "games": [
            {"ours": [lone], "returns": first.returns, "roles": first.roles},
            {"ours": rest, "returns": second.returns, "roles": second.roles},
        ],
        "unfinished": (not first.finished) + (not second.finished),
        "seconds": {
            side: first.seconds[side] + second.seconds[side] for side in ("ours", "theirs")
        },
    }


def measure(
    name: str,
    opponent: Opponent,
    pairings: int,
    seed: int,
    players: int | None = None,
    uct_c: float | None = None,
    jobs: int = 1,
    progress: bool = False,
    bots: dict | None = None,
    checkpoints: Path | None = None,
) -> dict:
    """Return the strength report of our bots (seats.BOTS, or `bots` for the roles it
    names) in `name` against `opponent` over `pairings` pairings (module docstring). With
    `checkpoints` (a folder), each game is kept there as it goes and a run stopped
    part way goes on where it stopped; the games, not the pairings, are then shared out
    among the `jobs` workers (a pairing's two games side by side)."""
    chosen = tuple(sorted((bots or {}).items()))
    if checkpoints is None:
        play_one = partial(play_pairing, name, players, opponent, uct_c, chosen)
        results = simulate(play_one, pairings, seed, jobs, progress)
        return summarise(name, opponent, seed, players, results, bots)
    play = partial(play_side, name, players, opponent, uct_c, chosen, checkpoints)
    seeds = game_seeds(seed, pairings)
    tasks = [(s, lone) for s in seeds for lone in (True, False)]
    if jobs <= 1:
        games = [play(s, lone) for s, lone in tasks]
    else:
        with worker_pool(min(jobs, len(tasks))) as pool:
            futures = [pool.submit(play, s, lone) for s, lone in tasks]
            games = [future.result() for future in futures]
    results = [
        _pairing(name, players, s, games[2 * i], games[2 * i + 1]) for i, s in enumerate(seeds)
    ]
    return summarise(name, opponent, seed, players, results, bots)


def summarise(
    name: str, opponent: Opponent, seed: int, players, results: list[dict], bots=None
) -> dict:
    """Return the report of `results` (play_pairing's)."""
    wins = sum(1 for r in results if r["ours_lone"] > r["theirs_lone"])
    ties = sum(1 for r in results if r["ours_lone"] == r["theirs_lone"])
    count = len(results)
    score = (wins + ties / 2) / count
    roles: dict[str, dict[str, list[float]]] = {}
    for result in results:
        for game in result["games"]:
            for seat, (role, value) in enumerate(zip(game["roles"], game["returns"], strict=True)):
                side = "ours" if seat in game["ours"] else "theirs"
                roles.setdefault(role, {"ours": [], "theirs": []})[side].append(value)
    seconds = {
        side: [s for r in results for s in r["seconds"][side]] for side in ("ours", "theirs")
    }
    medians = {side: statistics.median(s) if s else 0.0 for side, s in seconds.items()}
    return {
        "game": name,
        "players": players,
        "seed": seed,
        "ours": {**BOTS[name], **(bots or {})},
        "opponent": opponent.label(),
        "pairings": count,
        "wins": wins,
        "ties": ties,
        "losses": count - wins - ties,
        "score": {"value": score, "ci95": list(wilson(wins + ties / 2, count))},
        "unfinished_games": sum(r["unfinished"] for r in results),
        "roles": {
            role: {side: mean_metric(values) for side, values in sides.items() if values}
            for role, sides in sorted(roles.items())
        },
        "seconds_per_move": {
            "ours": medians["ours"],
            "theirs": medians["theirs"],
            "moves": {side: len(s) for side, s in seconds.items()},
        },
    }
