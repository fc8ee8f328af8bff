"""The chart of a balance loop: every candidate it measured, one row each, a dot at the value
and a line across the 95 % interval, against the target (a line) or the target band (a
shaded span). A chart may have several panels side by side (the same rows, one measure
each). Marks carry SVG ids `metric-<panel>-<row>` and `interval-<panel>-<row>`."""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field

from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

from generator.render.charts.figure import COLOURS, house_style, new_figure
from generator.render.charts.metrics import draw_interval

ROW_IN = 0.24
HEAD_IN = 1.05
WRAP = 80  # characters of a title line
MARKERS = {"candidate": "o", "probe": "o", "chosen": "*", "reference": "s"}
SIZES = {"chosen": 9.0}


@dataclass(frozen=True)
class Panel:
    """One measure of the candidates: its `key` (in SVG ids), a `title`, the axis `label`,
    and the `target` as a value (a line) or a `band` (low, high) (a shaded span)."""

    key: str
    title: str
    label: str
    target: float | None = None
    band: tuple[float, float] | None = None
    target_label: str = "target"


@dataclass(frozen=True)
class Row:
    """One candidate: its `label`, its `role` (candidate, probe, chosen or reference) and
    one metric ({"value", "ci95"}) per panel."""

    label: str
    role: str
    metrics: tuple[dict, ...]


@dataclass(frozen=True)
class CandidateChart:
    """A balance loop's candidates: title lines, the panels, the rows (top first), and
    what each role stands for in the legend."""

    title: str
    subtitle: str
    panels: tuple[Panel, ...]
    rows: tuple[Row, ...]
    roles: dict[str, str] = field(default_factory=dict)


def candidates_figure(chart: CandidateChart) -> Figure:
    """Return the Figure of `chart`: one panel per measure, side by side, one row per
    candidate (sharing the row labels), a legend of the roles and the target."""
    rows = chart.rows
    with house_style():
        heading = balanced_wrap(chart.title) + balanced_wrap(chart.subtitle)
        figure = new_figure(HEAD_IN + 0.15 * (len(heading) - 2) + ROW_IN * max(len(rows), 2))
        figure.suptitle("\n".join(heading), x=0.01, ha="left", fontsize=9, linespacing=1.5)
        panels = figure.subplots(1, len(chart.panels), sharey=True, squeeze=False)[0]
        for index, (axes, panel) in enumerate(zip(panels, chart.panels, strict=True)):
            _draw_panel(axes, panel, index, rows)
        panels[0].set_yticks(range(len(rows)), [row.label for row in rows])
        panels[0].set_ylim(len(rows) - 0.5, -0.5)
        handles = [
            Line2D(
                [],
                [],
                linestyle="none",
                marker=MARKERS[role],
                color=COLOURS[role],
                markersize=SIZES.get(role, 5.5),
                label=text,
            )
            for role, text in chart.roles.items()
            if any(row.role == role for row in rows)
        ]
        for panel in chart.panels:
            if panel.band is not None:
                handles.append(Patch(color=COLOURS["target"], alpha=0.18, label=panel.target_label))
            elif panel.target is not None:
                handles.append(
                    Line2D(
                        [],
                        [],
                        color=COLOURS["target"],
                        linestyle="dashed",
                        label=panel.target_label,
                    )
                )
        if handles:
            figure.legend(
                handles=handles,
                loc="outside lower center",
                ncols=min(len(handles), 5),
                fontsize=7.5,
                frameon=False,
            )
    return figure


def balanced_wrap(text: str, width: int = WRAP) -> list[str]:
    """Return `text` wrapped in as few lines of at most `width` characters as it needs,
    the lines as even as they can be: no short last line holding a word or two."""
    lines = textwrap.wrap(text, width)
    while width > 1 and len(textwrap.wrap(text, width - 1)) == len(lines):
        width -= 1
    return textwrap.wrap(text, width)


def _draw_panel(axes, panel: Panel, index: int, rows: tuple[Row, ...]) -> None:
    axes.set_title(panel.title)
    axes.set_xlabel(panel.label)
    axes.tick_params(axis="y", length=0)
    ends = []
    for number, row in enumerate(rows):
        metric = row.metrics[index]
        draw_interval(
            axes,
            number,
            metric,
            f"{panel.key}-{number}",
            COLOURS[row.role],
            MARKERS[row.role],
            SIZES.get(row.role, 5.5),
        )
        ends += [float(x) for x in metric["ci95"]] + [float(metric["value"])]
    if panel.band is not None:
        span = axes.axvspan(*panel.band, color=COLOURS["target"], alpha=0.18, linewidth=0)
        span.set_gid(f"band-{panel.key}")
        ends += list(panel.band)
    elif panel.target is not None:
        line = axes.axvline(
            panel.target, color=COLOURS["target"], linestyle="dashed", linewidth=1.2
        )
        line.set_gid(f"target-{panel.key}")
        ends.append(panel.target)
    low, high = min(ends), max(ends)
    pad = (high - low) * 0.06 or 0.05
    axes.set_xlim(low - pad, high + pad)
