"""The chart of a simulate summary: every metric as a dot at its value and a line across its
95 % interval. Rates (shares of games, 0 to 1) share one axis from 0 to 1; a mean (turns,
points, captures) has an axis of its own, as means of different things have no common
scale. Each mark carries an SVG id (`metric-<name>`, `interval-<name>`) for tests and
readers of the file."""

from __future__ import annotations

import re
import textwrap

from matplotlib.figure import Figure

from generator.render.charts.figure import COLOURS, house_style, new_figure

# What simulate summaries call their rates (shares of games or of wins, 0 to 1); every
# other metric is a mean. hunt: vanquish_rate, draws, seat_a_wins; fugitive:
# fugitive_win_rate; island: hunted_survival, seat_0_win, winner_hunter; parforce:
# stag_win_rate; cutthroat: seat_0_win, shared_win_rate, right_guess_rate.
RATE_NAME = re.compile(r"(_rate|_win|_wins|_survival)$|^winner_|^draws$")
SUMMARY_KEYS = ("game", "games", "seed", "metrics", "match")
ROW_IN = 0.22  # height of one rate row, inches
MEAN_PANEL_IN = 0.55
TITLE_IN = 0.62


def is_rate(name: str, metric: dict) -> bool:
    """Return True if metric `name` is a rate: named as one and lying within 0 to 1."""
    low, high = metric["ci95"]
    inside = all(0.0 <= float(x) <= 1.0 for x in (metric["value"], low, high))
    return bool(RATE_NAME.search(name)) and inside


def natural_key(name: str) -> list:
    """Return a sort key that puts seat_2 before seat_10."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name)]


def label_of(name: str) -> str:
    """Return a metric's name as words: 'stag_win_rate' -> 'stag win rate'."""
    return name.replace("_", " ")


def settings_line(summary: dict) -> str:
    """Return the summary's settings as text wrapped to fit the chart's width:
    'dragon=random, knight=exact, ...'."""
    parts = []
    for key, value in sorted(summary.items()):
        if key in SUMMARY_KEYS:
            continue
        if isinstance(value, dict):
            parts.append(" ".join(f"{k}={v}" for k, v in sorted(value.items())))
        else:
            parts.append(f"{key}={value}")
    return "\n".join(textwrap.wrap(", ".join(parts), 80))


def interval_text(metric: dict, digits: int) -> str:
    """Return '0.412 [0.380, 0.445]' for a metric."""
    low, high = metric["ci95"]
    return f"{metric['value']:.{digits}f} [{low:.{digits}f}, {high:.{digits}f}]"


def draw_interval(
    axes, y: float, metric: dict, name: str, colour: str, marker="o", size=5.5
) -> None:
    """Draw one metric on `axes` at row `y`: the interval line with end caps (id
    interval-<name>) and the dot at the value (id metric-<name>)."""
    low, high = (float(x) for x in metric["ci95"])
    value = float(metric["value"])
    line = axes.hlines(y, low, high, colors=colour, linewidth=1.6)
    line.set_gid(f"interval-{name}")
    marks = {"linestyle": "none", "color": colour}
    (caps,) = axes.plot([low, high], [y, y], marker="|", markersize=7, **marks)
    caps.set_gid(f"caps-{name}")
    (dot,) = axes.plot(
        [value],
        [y],
        marker=marker,
        markersize=size,
        markeredgecolor="white",
        markeredgewidth=0.6,
        **marks,
    )
    dot.set_gid(f"metric-{name}")


def summary_figure(summary: dict, title: str | None = None) -> Figure:
    """Return the Figure of a simulate `summary` ({"game", "games", "seed", ..., "metrics":
    {name: {"value", "ci95"}}}): a panel of its rates on 0 to 1, then one small panel per
    mean. `title` defaults to the game's name."""
    metrics = summary["metrics"]
    names = sorted(metrics, key=natural_key)
    rates = [n for n in names if is_rate(n, metrics[n])]
    means = [n for n in names if n not in rates]
    played = "matches" if summary.get("match") else "games"
    heading = f"{title or summary['game']}: {summary['games']:,} {played}, seed {summary['seed']}"
    with house_style():
        ratios = ([0.45 + ROW_IN * len(rates)] if rates else []) + [MEAN_PANEL_IN] * len(means)
        settings = settings_line(summary)
        title_in = TITLE_IN + 0.15 * settings.count("\n")
        figure = new_figure(title_in + sum(ratios))
        figure.suptitle(f"{heading}\n{settings}", x=0.01, ha="left", fontsize=9, linespacing=1.5)
        panels = figure.subplots(
            len(ratios), 1, gridspec_kw={"height_ratios": ratios}, squeeze=False
        )[:, 0]
        if rates:
            _rates_panel(panels[0], rates, metrics, summary.get("players"))
        for axes, name in zip(panels[1 if rates else 0 :], means, strict=True):
            _mean_panel(axes, name, metrics[name])
    return figure


def _rates_panel(axes, rates: list[str], metrics: dict, players) -> None:
    axes.set_title("Rates (share of games), 95 % intervals")
    for row, name in enumerate(rates):
        draw_interval(axes, row, metrics[name], name, COLOURS["metric"])
        axes.annotate(
            interval_text(metrics[name], 3),
            (1.0, row),
            xycoords=("axes fraction", "data"),
            xytext=(6, 0),
            textcoords="offset points",
            va="center",
            fontsize=7.5,
            color="#333333",
        )
    seats = [row for row, name in enumerate(rates) if re.fullmatch(r"seat_\d+_win", name)]
    if seats and isinstance(players, int) and players > 0:
        fair = axes.vlines(
            1 / players,
            min(seats) - 0.4,
            max(seats) + 0.4,
            colors=COLOURS["target"],
            linestyles="dashed",
            linewidth=1,
            label=f"fair share 1/{players}",
        )
        fair.set_gid("fair-share")
        axes.legend(
            loc="lower right",
            bbox_to_anchor=(1.0, 1.0),
            fontsize=7,
            frameon=False,
            borderaxespad=0.2,
        )
    axes.set_yticks(range(len(rates)), [label_of(n) for n in rates])
    axes.set_ylim(len(rates) - 0.5, -0.5)
    axes.set_xlim(-0.02, 1.02)
    axes.set_xticks([i / 10 for i in range(11)])
    axes.tick_params(axis="y", length=0)


def _mean_panel(axes, name: str, metric: dict) -> None:
    draw_interval(axes, 0, metric, name, COLOURS["metric"], marker="D")
    low, high = (float(x) for x in metric["ci95"])
    value = float(metric["value"])
    low, high = min(low, value), max(high, value)
    span = high - low
    pad = span * 0.25 if span > 0 else max(abs(value) * 0.1, 0.5)
    left = low - pad
    if low >= 0 > left:  # a mean of counts: no axis below zero, a little room for the dot
        left = -min(pad, span or 1) * 0.15
    axes.set_xlim(left, high + pad)
    axes.set_ylim(0.6, -0.6)
    axes.set_yticks([0], [f"{label_of(name)} (mean)"])
    axes.tick_params(axis="y", length=0)
    digits = 1 if abs(value) >= 10 else 2 if abs(value) >= 1 else 3
    axes.annotate(
        interval_text(metric, digits),
        (1.0, 0),
        xycoords=("axes fraction", "data"),
        xytext=(6, 0),
        textcoords="offset points",
        va="center",
        fontsize=7.5,
        color="#333333",
    )
