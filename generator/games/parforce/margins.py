"""The margins round a finished hunting board (figures.board_svg(..., finished=True)), as the
island's board has one: the title above the grid; under it the order of play as a row of the
ten pieces, a legend of the start squares (c, a, b, k) and a compass beside the hunt's way
round the pond.

Every length is a share of the board's square (`cell`), so the margins keep its proportions
at true size and in the one-page overview; text sizes are points, never under
figures.MIN_TEXT_PT at true size.
"""

from __future__ import annotations

import math

import svgwrite
from svgwrite.container import Group

from generator.games.parforce.board import HuntingBoard
from generator.games.parforce.rules import PIECES
from generator.render.text import text_group
from generator.render.units import fmt, pt_to_mm

TOP_MARGIN = 1.0  # the title band above the grid, in squares
UNIT = 0.75  # the margins' unit, in squares: what its rows and icons are measured in
ORDER_ROW, LEGEND_ROW, GAP = 1.45, 0.5, 0.3  # in units
LEGEND = (
    ("c", "the stag: it starts here and wins here"),
    ("a", "the hounds, 1 to 4 from the south-west"),
    ("b", "the riders, numbered the same way"),
    ("k", "the dog handler"),
)
TITLE = "Parforcejagd"


def bottom_margin(cell: float) -> float:
    """Return the height (mm) of the margin under the grid of a board of `cell` mm squares."""
    unit = cell * UNIT
    return unit * (GAP + ORDER_ROW + GAP + LEGEND_ROW * len(LEGEND) + GAP)


def text_pt(cell: float) -> float:
    """Return the size (points) of the margins' words round a board of `cell` mm squares."""
    from generator.games.parforce.figures import MIN_TEXT_PT

    return max(MIN_TEXT_PT, cell * UNIT * 0.6)


def draw_margins(dwg, board: HuntingBoard, layout, top: float) -> None:
    """Draw the margins of `board` drawn with `layout` (figures.BoardLayout) whose grid band
    starts `top` mm down: the title above, the order, the legend and the compass below."""
    cell, width = layout.cell, layout.width
    unit, left = cell * UNIT, layout.band
    inner = width - 2 * left
    margins = Group(class_="board-margins")
    size = text_pt(cell)
    _title(margins, board, left, inner, top, size)
    y = top + width + unit * GAP
    _order(margins, left, y, inner, unit, size)
    y += unit * (ORDER_ROW + GAP)
    _legend(margins, left, y, inner * 0.56, unit, size)
    _compass(margins, board, left + inner * 0.58, y, inner * 0.42, unit, size)
    dwg.add(margins)


def _label(parent, text, x, y, w, h, size, **kw) -> None:
    label, _ = text_group(text, x, y, w, h, size=size, min_size=size * 0.85, **kw)
    parent.add(label)


def _title(parent, board: HuntingBoard, x: float, w: float, top: float, size: float) -> None:
    from generator.games.parforce.figures import INK

    title_pt = max(size * 2.0, 12.0)
    box = top * 0.8
    _label(parent, TITLE, x, 0, w * 0.6, box, title_pt, bold=True, valign="bottom", fill=INK)
    words = f"the hunting board, {board.size} x {board.size} squares"
    _label(parent, words, x + w * 0.45, 0, w * 0.55, box, size, align="right",
           valign="bottom", fill=INK)  # fmt: skip
    parent.add(
        svgwrite.shapes.Line((x, top * 0.88), (x + w, top * 0.88), stroke=INK,
                             stroke_width=max(0.25, top * 0.012))
    )  # fmt: skip


def _order(parent, x: float, y: float, w: float, unit: float, size: float) -> None:
    """The order of play: its words, then the ten pieces in a row with chevrons between."""
    from generator.games.parforce.figures import INK, draw_icon

    words_h = pt_to_mm(size) * 1.5
    _label(parent, "Each round, in this order:", x, y, w, words_h, size, bold=True, fill=INK)
    count = len(PIECES)
    icon = min(unit * (ORDER_ROW - 0.1) - words_h, w / (count + (count - 1) * 0.45))
    step = (w - icon) / (count - 1)
    cy = y + words_h + icon / 2 + unit * 0.05
    group = Group(class_="turn-order")
    for index, piece in enumerate(PIECES):
        cx = x + icon / 2 + index * step
        draw_icon(group, piece, cx, cy, icon)
        if index < count - 1:
            mid, arm = cx + step / 2, min(icon * 0.14, (step - icon) * 0.35)
            d = (
                f"M {fmt(mid - arm / 2)} {fmt(cy - arm)} L {fmt(mid + arm / 2)} {fmt(cy)} "
                f"L {fmt(mid - arm / 2)} {fmt(cy + arm)}"
            )
            group.add(svgwrite.path.Path(d=d, fill="none", stroke=INK,
                                         stroke_width=max(0.25, icon * 0.04)))  # fmt: skip
    parent.add(group)


def _legend(parent, x: float, y: float, w: float, unit: float, size: float) -> None:
    """The start squares: a swatch of land with its letter, and what starts there."""
    from generator.games.parforce.figures import GRID, INK, LAND, START_INK

    row = unit * LEGEND_ROW
    swatch = row * 0.86
    group = Group(class_="start-legend")
    for index, (letter, words) in enumerate(LEGEND):
        top = y + index * row
        group.add(
            svgwrite.shapes.Rect((x, top), (swatch, swatch), fill=LAND, stroke=GRID,
                                 stroke_width=max(0.15, swatch * 0.03), class_="swatch")
        )  # fmt: skip
        _label(group, letter, x, top, swatch, swatch, size, bold=True, align="center",
               valign="middle", fill=START_INK)  # fmt: skip
        _label(group, words, x + swatch * 1.4, top - (row - swatch) / 2, w - swatch * 1.4, row,
               size, valign="middle", fill=INK)  # fmt: skip
    parent.add(group)


def _compass(parent, board: HuntingBoard, x: float, y: float, w: float, unit, size) -> None:
    """A compass rose (north at the top, as the rules' south-west means) and beside it the
    hunt's way round the pond in an arrow and words."""
    from generator.games.parforce.figures import ARROW, INK, MIN_TEXT_PT

    height = unit * LEGEND_ROW * len(LEGEND)
    letter = pt_to_mm(size) * 1.2
    radius = min(height / 2 - letter, w * 0.17)
    cx, cy = x + radius + letter, y + height / 2
    rose = Group(class_="compass")
    rose.add(svgwrite.shapes.Circle((cx, cy), radius * 0.62, fill="none", stroke=INK,
                                    stroke_width=max(0.2, radius * 0.03)))  # fmt: skip
    for angle, name in ((0, "N"), (90, "E"), (180, "S"), (270, "W")):
        a = math.radians(angle)
        tip = (cx + radius * math.sin(a), cy - radius * math.cos(a))
        side = radius * 0.16
        left = (cx + side * math.cos(a), cy + side * math.sin(a))
        right = (cx - side * math.cos(a), cy - side * math.sin(a))
        fill = INK if name == "N" else "#ffffff"
        rose.add(svgwrite.shapes.Polygon([tip, left, right], fill=fill, stroke=INK,
                                         stroke_width=max(0.2, radius * 0.03)))  # fmt: skip
        lx = cx + (radius + letter * 0.55) * math.sin(a)
        ly = cy - (radius + letter * 0.55) * math.cos(a)
        _label(rose, name, lx - letter, ly - letter / 2, 2 * letter, letter, size, bold=True,
               align="center", valign="middle", fill=INK)  # fmt: skip
    way = "clockwise" if board.clockwise else "counter-clockwise"
    words_x = cx + radius + letter * 1.6
    words_w = x + w - words_x
    arc = min(words_w * 0.18, height * 0.19)
    _hunt_arrow(rose, board, words_x + arc * 1.3, y + arc * 1.3, arc, ARROW)
    words_y = y + arc * 2.8
    label, _ = text_group(f"The hunt runs {way} round the pond: forward is the arrows' way.",
                          words_x, words_y, words_w, y + height - words_y, size=size,
                          min_size=min(size, MIN_TEXT_PT * 1.25), fill=INK)  # fmt: skip
    rose.add(label)
    parent.add(rose)


def _hunt_arrow(parent, board: HuntingBoard, cx: float, cy: float, r: float, colour) -> None:
    """An arc of three quarters of a turn round (cx, cy), its head the hunt's way."""
    from generator.games.parforce.figures import arc_head

    sign = 1 if board.clockwise else -1
    width = max(0.3, r * 0.14)
    a0, a1 = -math.pi / 2, -math.pi / 2 + sign * 1.5 * math.pi
    p0 = (cx + r * math.cos(a0), cy + r * math.sin(a0))
    p1 = (cx + r * math.cos(a1), cy + r * math.sin(a1))
    d = (
        f"M {fmt(p0[0])} {fmt(p0[1])} A {fmt(r)} {fmt(r)} 0 1 {1 if sign > 0 else 0} "
        f"{fmt(p1[0])} {fmt(p1[1])}"
    )
    group = Group(class_="hunt-way")
    group.add(svgwrite.path.Path(d=d, fill="none", stroke=colour, stroke_width=width))
    head = r * 0.5
    points = arc_head(p1, a1, sign, head * 0.7, head * 0.3, head * 0.5)
    group.add(svgwrite.shapes.Polygon(points, fill=colour))
    parent.add(group)
