"""The chart of a variant report: each turn position's share of the win, with its 95 %
interval, for the chosen variant and the published rules, over the band of fairness."""

from __future__ import annotations

import math

from svgwrite.shapes import Circle, Line, Rect

from generator.games.cutthroat.design.balance import Measure
from generator.render.svg import new_document
from generator.render.text import text_group

INK = "#1f1f1f"
GREY = "#5c5c5c"
FAINT = "#c8c8c8"
BAND = "#e3eedd"
CHOSEN = "#2f5f8a"
PUBLISHED = "#b0562f"
WIDTH, HEIGHT = 150.0, 62.0
LEFT, RIGHT, TOP, BOTTOM = 15.0, 4.0, 9.0, 10.0  # plot margins inside the figure, mm


def _ticks(low: float, high: float) -> list[float]:
    """Return round values from `low` to `high` for the axis (4 to 8 of them)."""
    for step in (0.01, 0.02, 0.025, 0.05, 0.1, 0.2, 0.25):
        first = math.ceil(low / step - 1e-9)
        values = [round(k * step, 4) for k in range(first, math.floor(high / step + 1e-9) + 1)]
        if len(values) <= 8:
            return values
    return [low, high]


def seats_svg(chosen: Measure, published: Measure, target: float) -> str:
    """Return the chart as an SVG document WIDTH x HEIGHT mm: the band 1/N +- `target`
    shaded, 1/N ruled, each position's share of the win as a dot (chosen, filled) or a
    ring (published) on a whisker spanning its 95 % interval."""
    players = len(chosen.seats)
    fair = 1 / players
    ends = [v for m in (chosen, published) for _, lo, hi in m.seats for v in (lo, hi)]
    low = max(0.0, min(*ends, fair - target) - 0.01)
    high = min(1.0, max(*ends, fair + target) + 0.01)
    dwg = new_document(WIDTH, HEIGHT)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def y(value: float) -> float:
        return TOP + plot_h * (high - value) / (high - low)

    band_top, band_bottom = y(min(high, fair + target)), y(max(low, fair - target))
    dwg.add(Rect((LEFT, band_top), (plot_w, band_bottom - band_top), fill=BAND))
    for value in _ticks(low, high):
        dwg.add(Line((LEFT, y(value)), (LEFT + plot_w, y(value)), stroke=FAINT, stroke_width=0.2))
        label, _ = text_group(f"{value:g}", 0, y(value) - 2, LEFT - 1.5, 4, size=6.5,
                              align="right", valign="middle", fill=GREY)  # fmt: skip
        dwg.add(label)
    dwg.add(Line((LEFT, y(fair)), (LEFT + plot_w, y(fair)), stroke=INK, stroke_width=0.35,
                 stroke_dasharray="1.2,0.8"))  # fmt: skip
    dwg.add(Rect((LEFT, TOP), (plot_w, plot_h), fill="none", stroke=INK, stroke_width=0.3))
    column = plot_w / players
    for position in range(players):
        centre = LEFT + column * (position + 0.5)
        for measure, shift, colour, filled in (
            (chosen, -column * 0.14, CHOSEN, True),
            (published, column * 0.14, PUBLISHED, False),
        ):
            value, lo, hi = measure.seats[position]
            x = centre + shift
            dwg.add(Line((x, y(lo)), (x, y(hi)), stroke=colour, stroke_width=0.4))
            for end in (lo, hi):
                dwg.add(Line((x - 0.8, y(end)), (x + 0.8, y(end)), stroke=colour,
                             stroke_width=0.4))  # fmt: skip
            dwg.add(Circle((x, y(value)), 0.9, fill=colour if filled else "white",
                           stroke=colour, stroke_width=0.4))  # fmt: skip
        label, _ = text_group(str(position + 1), centre - column / 2, TOP + plot_h + 1, column,
                              3.5, size=6.5, align="center", fill=GREY)  # fmt: skip
        dwg.add(label)
    caption, _ = text_group("turn position (1 moves first)", LEFT, HEIGHT - 4.5, plot_w, 4,
                            size=6.5, align="center", fill=GREY)  # fmt: skip
    dwg.add(caption)
    title, _ = text_group("share of the win", 0, 1.5, 40, 4, size=6.5, fill=GREY)
    dwg.add(title)
    key_x = WIDTH - RIGHT - 86
    for offset, colour, filled, words in (
        (0, CHOSEN, True, "chosen variant"),
        (30, PUBLISHED, False, "published rules"),
    ):
        dwg.add(Circle((key_x + offset + 1, 3.5), 0.9, fill=colour if filled else "white",
                       stroke=colour, stroke_width=0.4))  # fmt: skip
        text, _ = text_group(words, key_x + offset + 3, 1.5, 26, 4, size=6.5, fill=INK)
        dwg.add(text)
    dwg.add(Rect((key_x + 60, 2.2), (3, 2.6), fill=BAND))
    text, _ = text_group(f"1/{players} ± {target:g}", key_x + 64, 1.5, 22, 4, size=6.5, fill=INK)
    dwg.add(text)
    return dwg.tostring()
