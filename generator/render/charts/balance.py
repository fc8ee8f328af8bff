"""A game kit's balance chart, balance.svg (manifest kind "balance-chart"): the chart of a
small simulation of the game's default matchup (the bots of the first row of the balance
its table.py claims, engine/balance.py) with the kit's seed, which the kit's
gallery shows. Small: a kit is built often (the tests build every kit many times), so each
game plays about a second's worth of games (measured on a shared two-core machine); the
chart says how many, and `quarry simulate GAME --plot FILE` draws a larger one."""

from __future__ import annotations

KIND = "balance-chart"
FILE = "balance.svg"
# Games per kit chart: about a second of simulation each (island's games are the slowest,
# ~25 ms; hunt's ~1 ms).
KIT_GAMES = {"hunt": 200, "fugitive": 100, "island": 30, "parforce": 60, "cutthroat": 100}
DEFAULT_GAMES = 50


def balance_summary(entry, seed: int, players: int | None = None) -> dict:
    """Return the simulate summary of the registered game `entry`'s default matchup: its
    KIT_GAMES games from `seed`, in this process, with `players` players when the kit is
    sized for a table and the game's simulation takes --players."""
    options = {name: None for name in entry.simulate_options}
    if entry.balance is not None:  # the bots the guide's balance is measured with
        options.update(entry.balance().rows[0].options)
    if players is not None and "players" in options:
        options["players"] = players
    games = KIT_GAMES.get(entry.name, DEFAULT_GAMES)
    return entry.simulate(games, seed, 1, options, False)


def balance_svg(entry, seed: int, players: int | None = None) -> str:
    """Return the SVG text of the balance chart of `entry` (see balance_summary)."""
    from generator.render.charts.figure import figure_bytes
    from generator.render.charts.metrics import summary_figure

    summary = balance_summary(entry, seed, players)
    return figure_bytes(summary_figure(summary, entry.title), "svg").decode("utf-8")


def write_balance_chart(writer, entry, seed: int, players: int | None = None) -> None:
    """Write balance.svg into the kit of `writer` (a KitWriter) and record it as a
    "balance-chart"."""
    writer.write_text(FILE, balance_svg(entry, seed, players), KIND)
