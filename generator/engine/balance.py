"""The balance a game's default kit claims, and the figures that back it.

Every game states in its table.py (`balance()`) what its default game is measured by: one
number of `quarry simulate`'s summary (or the seat furthest from a fair share), the target
it should come near and how near (`band`), the player counts, and one or more rows of bots
(`Row`). A row that `holds` must meet the band; the others are shown beside it, such as the
bots that track exactly, which are stronger than people at a table.

The figures are measured once, by `tools/measure_balance.py` (`make balance`), into
generator/games/balance.json: for every row and player count, the value, its 95 % interval
and the first PREFIX games' value. A kit's guide and manifest read them from there, so that a
kit is not slowed by thousands of games; tests/test_balance.py plays the first PREFIX games
again and compares, so the file cannot go stale when the rules, the bots or a default board
change, and checks every row that holds against its band.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

MEASURED = Path(__file__).resolve().parent.parent / "games" / "balance.json"
GAMES = 2000  # games per row and player count
SEED = 1
PREFIX = 40  # games replayed by the test of the file


@dataclass(frozen=True)
class Row:
    """One matchup of bots: its key, how the guide names it, the simulate options that
    choose it (besides the player count) and whether the default must meet the band
    with it (`holds`)."""

    key: str
    label: str
    options: dict = field(default_factory=dict)
    holds: bool = True


@dataclass(frozen=True)
class Balance:
    """What a game's default kit claims: `quantity` (as the guide names it) read from the
    summary by `metric` (a metric name, or WORST_SEAT), near `target` (None: a fair share,
    1 / players) within `band`, at each of `players` (None: the simulation takes no player
    count), for every row of `rows`. `note` is what the guide adds about the bots and a
    table of people."""

    game: str
    quantity: str
    metric: str
    band: float
    rows: tuple[Row, ...]
    players: tuple[int | None, ...] = (None,)
    target: float | None = 0.5
    note: str = ""
    unmet: str = ""  # why no row holds the default to the band (a Choice), if none does
    games: int = GAMES  # games a figure (more where the quantity is the worst of many seats)
    table: str = "any"  # the players column's words when the simulation takes no count

    def target_at(self, players: int | None) -> float:
        """Return the target at `players` (a fair share when the target is None)."""
        if self.target is not None:
            return self.target
        if players is None:
            raise ValueError("a fair-share target needs a player count")
        return 1.0 / players

    def options(self, row: Row, players: int | None) -> dict:
        """Return the simulate options of `row` at `players`."""
        return {**row.options, **({} if players is None else {"players": players})}


WORST_SEAT = "worst-seat"  # the seat whose share of wins is furthest from 1 / players


def reading(balance: Balance, summary: dict, players: int | None) -> dict:
    """Return {"value", "ci95"} of the balance's quantity in a simulate summary."""
    metrics = summary["metrics"]
    if balance.metric != WORST_SEAT:
        metric = metrics[balance.metric]
        return {"value": metric["value"], "ci95": list(metric["ci95"])}
    fair = balance.target_at(players)
    seats = [metrics[f"seat_{seat}_win"] for seat in range(players or 0)]
    worst = max(seats, key=lambda metric: abs(metric["value"] - fair))
    return {"value": worst["value"], "ci95": list(worst["ci95"])}


def measure_row(entry, balance: Balance, row: Row, players, games: int, seed: int, jobs: int):
    """Return the reading of `games` games of `row` at `players` (entry: the registered
    game)."""
    options = {name: None for name in entry.simulate_options}
    options.update(balance.options(row, players))
    return reading(balance, entry.simulate(games, seed, jobs, options, False), players)


def measure(entry, balance: Balance, seed: int = SEED, jobs: int = 1):
    """Return the JSON of the measured balance of a game (what balance.json holds for it):
    balance.games games a figure."""
    games = balance.games
    rows = {}
    for row in balance.rows:
        figures = {}
        for players in balance.players:
            full = measure_row(entry, balance, row, players, games, seed, jobs)
            prefix = measure_row(entry, balance, row, players, PREFIX, seed, 1)
            figures[_key(players)] = {**_rounded(full), "prefix": _rounded(prefix)["value"]}
        rows[row.key] = {"options": row.options, "by_players": figures}
    return {"games": games, "seed": seed, "prefix_games": PREFIX, "rows": rows}


def _counts(balance: Balance, players: int | None) -> list[int | None]:
    """Return the player counts a kit for `players` shows: that one when it was measured,
    else every count measured."""
    return [players] if players in balance.players else list(balance.players)


def _key(players: int | None) -> str:
    return "any" if players is None else str(players)


def _rounded(figure: dict) -> dict:
    return {"value": round(figure["value"], 4), "ci95": [round(x, 4) for x in figure["ci95"]]}


@cache
def measured() -> dict:
    """Return balance.json: game -> its measured balance."""
    return json.loads(MEASURED.read_text(encoding="utf-8"))


def figure(game: str, row: str, players: int | None) -> dict:
    """Return the measured figure of `game`'s `row` at `players` ({"value", "ci95"})."""
    return measured()[game]["rows"][row]["by_players"][_key(players)]


def meets(balance: Balance, value: float, players: int | None) -> bool:
    """Return True if `value` lies within the band round the target at `players`."""
    return abs(value - balance.target_at(players)) <= balance.band + 1e-9


def _shown(figure: dict, places: int) -> str:
    """Return a figure as `value ± h` to `places` decimals, h the larger half of its 95 %
    interval."""
    low, high = figure["ci95"]
    half = max(figure["value"] - low, high - figure["value"])
    return f"{figure['value']:.{places}f} ± {half:.{places}f}"


@dataclass(frozen=True)
class GuideBalance:
    """What a kit's guide says about its default game's balance: a sentence on what was
    measured, a table (a header naming each row of bots, then a row of figures for each
    player count) and a note."""

    intro: str
    rows: tuple[tuple[str, ...], ...]
    note: str


def guide_balance(balance: Balance, players: int | None = None) -> GuideBalance:
    """Return the guide's words and table on the default game's balance: each row's figure
    at `players` (or at every player count measured), with half its 95 % interval."""
    data = measured()[balance.game]
    counts = _counts(balance, players)
    places = 3 if balance.band < 0.05 else 2  # a narrow band is read to the third place
    rows = [("Players", "Aim", *(f"with {row.label}" for row in balance.rows))]
    for n in counts:
        aim = f"{balance.target_at(n):.{places}f} ± {balance.band:.{places}f}"
        shown = (_shown(figure(balance.game, row.key, n), places) for row in balance.rows)
        rows.append((balance.table if n is None else str(n), aim, *shown))
    fair = " (the aim: a fair share, 1 / players)" if balance.target is None else ""
    intro = (
        f"What was measured: {balance.quantity}{fair}, over {data['games']:,} games of bots "
        "a figure (± half the 95 % interval)."
    )
    return GuideBalance(intro, tuple(rows), balance.note)


def to_json(balance: Balance, players: int | None) -> dict:
    """Return the manifest's "balance": the quantity, target, band and each row's figure at
    `players` (every player count measured when the kit is not sized for one)."""
    counts = _counts(balance, players)
    return {
        "quantity": balance.quantity,
        "metric": balance.metric,
        "band": balance.band,
        "rows": {
            row.key: {
                "holds": row.holds,
                "by_players": {
                    _key(n): {
                        "value": measured_figure["value"],
                        "ci95": measured_figure["ci95"],
                        "target": round(balance.target_at(n), 4),
                    }
                    for n in counts
                    for measured_figure in [figure(balance.game, row.key, n)]
                },
            }
            for row in balance.rows
        },
    }
