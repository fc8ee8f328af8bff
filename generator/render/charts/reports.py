"""The CandidateChart of each game's `quarry generate` report, read from the report's JSON
(its to_json(), the same as the design folder's report file), so the chart depends on
nothing but what the report publishes.

- hunt (generate routes): every map ranked, the Dragon's mean score; no target (higher is
  better for the Dragon).
- fugitive (generate deck): every deck ranked and the published deck, the Fugitive's win
  rate against the target.
- island (generate island), parforce (generate hunting-board): every probe (few games,
  seed + 1) and every confirmation (all the games, seed) in the order tried, and the
  default board, the Hunted's survival / the stag's win rate against the target.
- cutthroat (generate variant): every variant ranked and the published rules, the largest
  gap between a turn position's share of the win and 1/N against the fairness band
  (0 to target), beside the share of games won by one player alone.
"""

from __future__ import annotations

from collections.abc import Callable

from generator.errors import QuarryError
from generator.render.charts.candidates import CandidateChart, Panel, Row

RANKED = {"candidate": "candidate", "chosen": "chosen (ranked first)"}


def report_chart(game: str, report: dict) -> CandidateChart:
    """Return the CandidateChart of `game`'s generate report (its to_json())."""
    try:
        build = BUILDERS[game]
    except KeyError:
        known = ", ".join(BUILDERS)
        raise QuarryError(f"no candidates chart for {game!r}; known: {known}") from None
    return build(report)


def _constraints(report: dict) -> str:
    return ", ".join(report.get("constraints") or []) or "none"


def _role(rank: int) -> str:
    return "chosen" if rank == 1 else "candidate"


def hunt_chart(report: dict) -> CandidateChart:
    """Return the chart of a route-map report: the Dragon's mean score on every map."""
    rows = tuple(
        Row(f"#{rank}  (CP-SAT map {entry['found']})", _role(rank), (entry["score"],))
        for rank, entry in enumerate(report["ranked"], start=1)
    )
    panel = Panel("score", "Dragon's mean score", "points against the exact Knight")
    return CandidateChart(
        f"Hunt route maps: {len(rows)} ranked, {report['games']:,} games each, "
        f"seed {report['seed']}",
        f"constraints: {_constraints(report)}; higher is better for the Dragon",
        (panel,),
        rows,
        {"chosen": "best for the Dragon", "candidate": "candidate"},
    )


def fugitive_chart(report: dict) -> CandidateChart:
    """Return the chart of a deck report: the Fugitive's win rate with every deck ranked and
    with the published deck, against the target."""
    rows = [
        Row(f"#{rank}  (CP-SAT deck {entry['found']})", _role(rank), (entry["score"],))
        for rank, entry in enumerate(report["ranked"], start=1)
    ]
    rows.append(Row("published deck", "reference", (report["published"]["score"],)))
    target = float(report["target"])
    panel = Panel(
        "win",
        "Fugitive win rate",
        "share of games won by the Fugitive",
        target,
        target_label=f"target {target:g}",
    )
    return CandidateChart(
        f"Fugitive decks: {len(rows) - 1} ranked by distance to the target, "
        f"{report['games']:,} games each, seed {report['seed']}",
        f"constraints: {_constraints(report)}; variant {report['variant']}",
        (panel,),
        tuple(rows),
        {**RANKED, "reference": "published deck"},
    )


def _search_rows(report: dict, metric: str, label: Callable[[dict], str], chosen: dict):
    """Return the rows of a probe-and-confirm search: probes, then confirmations (the one
    whose interval is the chosen summary's marked chosen), in the order tried."""
    rows = [Row(label(p), "probe", (p[metric],)) for p in report["probes"]]
    picked = False
    for probe in report["confirmed"]:
        role = "candidate"
        if not picked and probe[metric] == chosen:
            role, picked = "chosen", True
        rows.append(Row(label(probe), role, (probe[metric],)))
    return rows


def island_chart(report: dict) -> CandidateChart:
    """Return the chart of an island report: the Hunted's survival at every probe and
    confirmation, and on the default island, against the target."""
    return _balance_search_chart(
        report,
        "hunted_survival",
        lambda p: f"day {p['day']}, {p['hiding']} hiding",
        ("survival", "Hunted survival", "mean share of the Hunted who escape"),
        f"Island {report['size']} x {report['size']}, {report['players']} players",
        "default island",
    )


def parforce_chart(report: dict) -> CandidateChart:
    """Return the chart of a hunting-board report: the stag's win rate at every probe and
    confirmation, and on the default board, against the target."""

    def label(p: dict) -> str:
        thickets = "1 thicket" if p["thickets"] == 1 else f"{p['thickets']} thickets"
        return f"board {p['variant']}: pond {p['pond']}, {thickets}"

    return _balance_search_chart(
        report,
        "stag_win_rate",
        label,
        ("stag", "Stag win rate", "share of games the stag wins"),
        f"Hunting board {report['size']} x {report['size']}",
        "default board",
    )


def _balance_search_chart(
    report: dict, metric: str, label, panel: tuple[str, str, str], what: str, default: str
) -> CandidateChart:
    """Return the chart of a balance loop that probes candidates and confirms the best
    (island, hunting board): `metric` of each, labelled by `label`, and of the `default`
    layout, against the report's target, in one `panel` (name, title, axis label)."""
    rows = _search_rows(report, metric, label, report["chosen"]["metrics"][metric])
    rows.append(Row(default, "reference", (report["default"]["metrics"][metric],)))
    target = float(report["target"])
    probes = report["probes"][0]["games"] if report["probes"] else 0
    return CandidateChart(
        f"{what}, seed {report['seed']}: target " + ("met" if report["met"] else "not met"),
        f"constraints: {_constraints(report)}; probes {probes:,} games (seed + 1), "
        f"confirmations {report['games']:,} games (seed)",
        (Panel(*panel, target, target_label=f"target {target:g}"),),
        tuple(rows),
        {"probe": "probe", "candidate": "confirmed", "chosen": "chosen", "reference": default},
    )


def cutthroat_chart(report: dict) -> CandidateChart:
    """Return the chart of a variant report: every variant's largest gap from a fair share
    against the band, and its share of games won outright, ranked, and the published
    rules."""

    def label(entry: dict) -> str:
        rules = entry["rules"]
        numbers = "/".join(str(rules[n]) for n in ("markers", "extend", "double", "sudden_at"))
        return f"m/e/d/s {numbers}"

    rows = [
        Row(f"#{rank}  {label(entry)}", _role(rank), (entry["largest_gap"], entry["decisive"]))
        for rank, entry in enumerate(report["ranked"], start=1)
    ]
    published = report["published"]
    rows.append(
        Row(
            f"published  {label(published)}",
            "reference",
            (published["largest_gap"], published["decisive"]),
        )
    )
    target, players = float(report["target"]), int(report["players"])
    gap = Panel(
        "gap",
        "Fairness: largest gap",
        f"largest |share of the win - 1/{players}|",
        band=(0.0, target),
        target_label=f"fairness band (gap up to {target:g})",
    )
    decisive = Panel("decisive", "Decisiveness", "share of games won by one player alone")
    return CandidateChart(
        f"CutThroat! variants for {players} players: {len(rows) - 1} ranked, "
        f"{report['games']:,} games each, {report['bot']} bots, seed {report['seed']}",
        f"constraints: {_constraints(report)}; in the band and most decisive first",
        (gap, decisive),
        tuple(rows),
        {**RANKED, "reference": "published rules"},
    )


BUILDERS: dict[str, Callable[[dict], CandidateChart]] = {
    "hunt": hunt_chart,
    "fugitive": fugitive_chart,
    "island": island_chart,
    "parforce": parforce_chart,
    "cutthroat": cutthroat_chart,
}
