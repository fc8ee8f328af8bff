"""The Hunt's printable components: SVG pages at true size in millimetres.

Every function here returns SVG documents (strings) one page in size, for A4 or US Letter
portrait; the bottom FOOTER_BAND mm stay empty for the PDF footer. Components:

- map_sheet_svg: the Dragon's blank map (five landmarks, legend, the map rules, a table);
- route_map_svg: the same sheet with one RouteMap's nine arrows drawn in;
- knight_log_svg / dragon_log_svg: the turn-by-turn logs (turns 1-17, aide turns marked);
- reference_card_svg: the rules on one page, in two columns;
- puzzle_book: instructions, two puzzles a page, solutions with their reasoning.

write_pages and build_kit, at the end, are the only code here that writes PDFs (with
generator.render.pdf): every page is one SVG placed at 100% with the footer under it.
"""

import json
import math
import re
from collections.abc import Callable, Sequence
from pathlib import Path

import svgwrite
from svgwrite.container import Group

from generator.games.hunt.maps import LAIR, LOCATIONS, NO_ARROW, RouteMap
from generator.games.hunt.rules import AIDE_TURNS, ENCOUNTERS_TO_VANQUISH, ESCAPE_BONUS, LAST_TURN
from generator.kit import KitRequest
from generator.render.fonts import SVG_FAMILY, ascent_descent, text_width
from generator.render.layouts import LayoutBook, Paper
from generator.render.svg import new_document
from generator.render.text import LINE_SPACING, fit_text
from generator.render.units import fmt, pt_to_mm

TITLE = "The Hunt"
NAMES = tuple(name.capitalize() for name in LOCATIONS)  # Town, Hills, Woods, Sea, Lair
INITIALS = tuple(name[0] for name in NAMES)  # T H W S L: all different
MAX_TURN = LAST_TURN + ENCOUNTERS_TO_VANQUISH - 1  # 17: overtime ends by the third encounter
PAIR_PAPERS = ("a4", "letter")

MARGIN = 12.0
FOOTER_BAND = 9.0
FOOTER_PT = 6.5

INK = "#1f1f1f"
GREY = "#5c5c5c"
FAINT = "#a0a0a0"
SHADE = "#e8e8e8"
OVERTIME = "#dcdcdc"
FLY_INK = "#a8322a"
WALK_INK = INK

_XML_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
_LONG_FLOAT = re.compile(r"-?\d+\.\d{4,}")


# --- drawing helpers ------------------------------------------------------------------------


def _finish(dwg: svgwrite.Drawing) -> str:
    """Return the document as text, with coordinates rounded to 0.001 mm."""
    return _LONG_FLOAT.sub(lambda m: fmt(float(m.group())), dwg.tostring()) + "\n"


def _text(
    parent,
    text: object,
    x: float,
    y: float,
    w: float,
    h: float,
    size: float,
    *,
    min_size: float | None = None,
    bold: bool = False,
    align: str = "left",
    valign: str = "top",
    fill: str = INK,
) -> float:
    """Set `text` inside the box (x, y, w, h) mm like render.text.text_box; return its height.

    Sizes are in points; fit_text shrinks or wraps and raises TextOverflow if it cannot fit.
    """
    clean = _XML_INVALID.sub("", str(text))
    fitted = fit_text(clean, w, h, size, min_size if min_size else size * 0.6, bold)
    size_mm = fitted.size_mm
    ascent, descent = ascent_descent(size_mm, bold)
    line_height = size_mm * LINE_SPACING
    block = (len(fitted.lines) - 1) * line_height + ascent - descent
    top = {"top": y, "middle": y + (h - block) / 2, "bottom": y + h - block}[valign]
    anchor, tx = {"left": ("start", x), "center": ("middle", x + w / 2), "right": ("end", x + w)}[
        align
    ]
    group = Group(font_family=SVG_FAMILY, font_size=fmt(size_mm), text_anchor=anchor, fill=fill)
    if bold:
        group["font-weight"] = "bold"
    for index, line in enumerate(fitted.lines):
        group.add(svgwrite.text.Text(line, insert=(tx, top + ascent + index * line_height)))
    parent.add(group)
    return block


def _text_height(text: str, w: float, size: float, bold: bool = False) -> float:
    """Return the height that `text` wrapped to `w` mm at exactly `size` pt needs."""
    lines = fit_text(text, w, 10_000, size, size, bold).lines
    return len(lines) * pt_to_mm(size) * LINE_SPACING + 1e-6


def _para(parent, text: str, x: float, y: float, w: float, size: float, **kw) -> float:
    """Set `text` at exactly `size` pt, wrapped to `w` mm, from y down; return the y below."""
    height = _text_height(text, w, size, kw.get("bold", False))
    _text(parent, text, x, y, w, height, size, min_size=size, **kw)
    return y + height


def _rect(parent, x, y, w, h, fill="none", stroke=INK, width=0.3, **extra) -> None:
    parent.add(
        svgwrite.shapes.Rect(
            insert=(x, y), size=(w, h), fill=fill, stroke=stroke, stroke_width=width, **extra
        )
    )


def _line(parent, x1, y1, x2, y2, stroke=INK, width=0.3, **extra) -> None:
    parent.add(svgwrite.shapes.Line((x1, y1), (x2, y2), stroke=stroke, stroke_width=width, **extra))


def _box(parent, x: float, y: float, size: float = 3.2) -> None:
    """A small empty checkbox with its top-left corner at (x, y)."""
    _rect(parent, x, y, size, size, fill="#ffffff", width=0.3)


def _page(paper: Paper) -> svgwrite.Drawing:
    dwg = new_document(paper.width, paper.height)
    dwg.add(svgwrite.shapes.Rect(insert=(0, 0), size=(paper.width, paper.height), fill="#ffffff"))
    return dwg


def _bottom(paper: Paper) -> float:
    """Return the lowest y content may reach (the footer band lies below)."""
    return paper.height - FOOTER_BAND - 3


def _header(dwg, paper: Paper, title: str, subtitle: str, fields: str | None = None) -> float:
    """Draw a page title and subtitle; return the y below them."""
    width = paper.width - 2 * MARGIN
    title_w = width * (0.6 if fields else 1.0)
    _text(dwg, title, MARGIN, MARGIN, title_w, 9, 20, min_size=14, bold=True)
    if fields:
        _text(dwg, fields, MARGIN + title_w, MARGIN + 1.5, width - title_w, 7, 9, align="right")
    _text(dwg, subtitle, MARGIN, MARGIN + 10, width, 5, 9, min_size=7, fill=GREY)
    y = MARGIN + 16.5
    _line(dwg, MARGIN, y, paper.width - MARGIN, y, width=0.4)
    return y + 4


# --- landmarks ------------------------------------------------------------------------------
# Each landmark is drawn in its own frame: a badge of radius 10 centred on (0, 0), art above
# y = 3 and the name (drawn in page units by the caller) below it.

TINTS = ("#fbf1de", "#eef6e2", "#e8f2e4", "#e4f0f7", "#f1ebe4")


def _poly(group, points, fill, stroke=INK, width=0.3) -> None:
    group.add(svgwrite.shapes.Polygon(points, fill=fill, stroke=stroke, stroke_width=width))


def _path(group, d: str, fill="none", stroke=INK, width=0.3, **extra) -> None:
    group.add(svgwrite.path.Path(d=d, fill=fill, stroke=stroke, stroke_width=width, **extra))


def _art_town(g) -> None:
    _poly(g, [(-1, -6.5), (1, -6.5), (1, -2), (-1, -2)], "#e9d3a6")
    _poly(g, [(-1.3, -6.5), (0, -9.2), (1.3, -6.5)], "#9c4a35")
    _line(g, 0, -9.2, 0, -9.9, width=0.25)
    _line(g, -0.4, -9.6, 0.4, -9.6, width=0.25)
    _rect(g, -2.5, -2.5, 5, 5.5, fill="#efdcb4", width=0.3)
    _poly(g, [(-3, -2.5), (0, -5), (3, -2.5)], "#b65a40")
    _path(g, "M -0.7 3 L -0.7 1.3 Q 0 0.4 0.7 1.3 L 0.7 3 Z", fill="#6b4a35", width=0.2)
    for x0, top, x1, peak in ((-6.8, -1, -3, -3.4), (3, -0.3, 6.8, -2.7)):
        _rect(g, x0 + 0.3, top, x1 - x0 - 0.6, 3 - top, fill="#f4e6c6", width=0.3)
        _poly(g, [(x0, top), ((x0 + x1) / 2, peak), (x1, top)], "#c46a4b")
        mid = (x0 + x1) / 2
        _rect(g, mid - 0.6, top + 1, 1.2, 1.1, fill="#6f8fb0", width=0.15)
    _line(g, -8.5, 3, 8.5, 3, width=0.35)


def _art_hills(g) -> None:
    g.add(svgwrite.shapes.Circle((5.2, -5.8), 1.6, fill="#f3d27a", stroke=INK, stroke_width=0.2))
    _path(g, "M -8.8 3 Q -3.5 -11 2.5 3 Z", fill="#b7d69a")
    _path(g, "M -1.5 3 Q 4 -7 9 3 Z", fill="#cfe4b4")
    _path(g, "M -5.5 3 Q 0 -2.5 5 3 Z", fill="#9cc47c")
    _line(g, -9, 3, 9, 3, width=0.35)


def _pine(g, x: float, base: float, height: float) -> None:
    half = height * 0.33
    _rect(g, x - 0.45, base - 1.2, 0.9, 1.2, fill="#7a5532", width=0.15)
    for step in range(3):
        top = base - height + step * height * 0.25
        bottom = top + height * 0.45
        spread = half * (0.55 + 0.25 * step)
        _poly(g, [(x - spread, bottom), (x, top), (x + spread, bottom)], "#6fa862", width=0.25)


def _art_woods(g) -> None:
    _path(g, "M -8.8 3 Q 0 0.5 8.8 3 Z", fill="#d9e9c8", width=0.2)
    for x, height in ((-5.4, 8), (5.6, 7.2), (-1.8, 10.5), (2.4, 9)):
        _pine(g, x, 2.4 if abs(x) > 5 else 2.0, height)
    _line(g, -9, 3, 9, 3, width=0.35)


def _wave(y: float, x0: float, x1: float, amp: float = 0.6, step: float = 2.4) -> str:
    d, x = f"M {fmt(x0)} {fmt(y)}", x0
    while x + step <= x1 + 1e-9:
        d += f" Q {fmt(x + step / 2)} {fmt(y - amp * 2)} {fmt(x + step)} {fmt(y)}"
        x += step
    return d


def _art_sea(g) -> None:
    _path(g, _wave(-0.8, -9, 9.0) + " L 9 3 L -9 3 Z", fill="#bcd8ea", width=0.3)
    for y, x0 in ((0.8, -7.8), (2.2, -6.6)):
        _path(g, _wave(y, x0, -x0, amp=0.4, step=2.2), stroke="#3d6f8f", width=0.2)
    _poly(g, [(-3.4, -1.6), (3.4, -1.6), (2.3, 0.1), (-2.3, 0.1)], "#8a5a3a")
    _line(g, 0, -1.6, 0, -8.2, width=0.3)
    _poly(g, [(0.35, -8), (0.35, -2.1), (4.4, -2.1)], "#f7f3ea", width=0.25)
    _poly(g, [(-0.35, -7), (-0.35, -2.1), (-3.2, -2.1)], "#f7f3ea", width=0.25)
    _path(g, "M -6.6 -5.6 Q -5.9 -6.3 -5.2 -5.6 Q -4.5 -6.3 -3.8 -5.6", width=0.2)


def _art_lair(g) -> None:
    rock = "M -8.8 3 L -7 -2 L -4.5 -5.8 L -0.5 -7.2 L 3.8 -5.6 L 6.8 -2.5 L 8.8 3 Z"
    _path(g, rock, fill="#c2b8aa", width=0.35)
    _path(g, "M -5 -3.2 L -3 -4.2 M 3.5 -3.6 L 5.2 -2", width=0.2)
    _path(g, "M -3.6 3 L -3.6 0.2 Q -3.6 -3.6 0 -3.6 Q 3.6 -3.6 3.6 0.2 L 3.6 3 Z", fill="#2f2626")
    for x in (-1.1, 1.1):
        g.add(svgwrite.shapes.Ellipse((x, -0.8), (0.55, 0.3), fill="#f2c94c"))
    _path(g, "M 1.6 -7.4 Q 0.8 -8.1 1.7 -8.6 Q 2.6 -9 2.1 -9.5", stroke=GREY, width=0.25)
    _line(g, -9, 3, 9, 3, width=0.35)


ART = (_art_town, _art_hills, _art_woods, _art_sea, _art_lair)


MINI_LABEL_PT = 6.5
MINI_LABEL_H = 3.4  # mm under a small badge for its name


def _landmark(
    parent, place: int, cx: float, cy: float, r: float, label_pt: float, below: bool = False
) -> None:
    """Draw the badge of `place` with radius r mm centred on (cx, cy), its name inside it
    (or just below it, for badges too small to hold a readable name)."""
    scale = r / 10
    badge = Group(transform=f"translate({fmt(cx)},{fmt(cy)}) scale({fmt(scale)})")
    badge.add(svgwrite.shapes.Circle((0, 0), 10, fill=TINTS[place], stroke="none"))
    ART[place](badge)
    badge.add(svgwrite.shapes.Circle((0, 0), 10, fill="none", stroke=INK, stroke_width=0.45))
    parent.add(badge)
    if below:
        _text(
            parent,
            NAMES[place],
            cx - 10,
            cy + r + 0.2,
            20,
            MINI_LABEL_H,
            label_pt,
            min_size=label_pt,
            bold=True,
            align="center",
            valign="middle",
        )
        return
    _text(
        parent,
        NAMES[place],
        cx - 6.8 * scale,
        cy + 3.4 * scale,
        13.6 * scale,
        4.4 * scale,
        label_pt,
        bold=True,
        align="center",
        valign="middle",
    )


SIN54, COS18 = math.sin(math.radians(54)), math.cos(math.radians(18))


def _positions(cx: float, cy: float, radius: float, stretch: float = 1.0):
    """Return the five landmark centres on a pentagon around (cx, cy), Town at the top,
    its height scaled by `stretch`."""
    angles = (-90, -18, 198, 54, 126)  # Town, Hills, Woods, Sea, Lair: clockwise T H S L W
    return [
        (
            cx + radius * math.cos(math.radians(a)),
            cy + radius * stretch * math.sin(math.radians(a)),
        )
        for a in angles
    ]


def _pentagon_height(radius: float, r: float, stretch: float = 1.0) -> float:
    return radius * stretch * (1 + SIN54) + 2 * r


# --- arrows ---------------------------------------------------------------------------------


def _unit(dx: float, dy: float) -> tuple[float, float]:
    length = math.hypot(dx, dy) or 1.0
    return dx / length, dy / length


def _head(group, tip, direction, length, colour) -> None:
    ux, uy = direction
    bx, by = tip[0] - ux * length, tip[1] - uy * length
    half = length * 0.42
    _poly(
        group,
        [tip, (bx - uy * half, by + ux * half), (bx + uy * half, by - ux * half)],
        colour,
        stroke=colour,
        width=0.1,
    )


def _stroke(kind: str, scale: float) -> dict:
    style = {
        "stroke": FLY_INK if kind == "fly" else WALK_INK,
        "stroke_width": fmt(0.6 * scale),
        "fill": "none",
    }
    if kind == "fly":
        style["stroke_dasharray"] = f"{fmt(2.4 * scale)},{fmt(1.5 * scale)}"
    return style


def _arrow(
    parent, source: int, target: int, kind: str, points, centre, r: float, scale: float
) -> None:
    """Draw one arrow of a route map as <g class="arrow KIND"> (a loop is a small circle)."""
    colour = FLY_INK if kind == "fly" else WALK_INK
    group = Group(class_=f"arrow {kind}" + (" loop" if source == target else ""))
    group["id"] = f"arrow-{kind}-{LOCATIONS[source]}"
    head = 3.0 * scale
    sx, sy = points[source]
    if source == target:
        ox, oy = _unit(sx - centre[0], sy - centre[1])
        turn = math.radians(-32 if kind == "walk" else 32)
        ux = ox * math.cos(turn) - oy * math.sin(turn)
        uy = ox * math.sin(turn) + oy * math.cos(turn)
        loop = 5.5 * scale
        lx, ly = sx + ux * (r + loop * 0.55), sy + uy * (r + loop * 0.55)
        group.add(svgwrite.shapes.Circle((lx, ly), loop, **_stroke(kind, scale)))
        angle = math.atan2(uy, ux)
        tip = (lx + loop * math.cos(angle), ly + loop * math.sin(angle))
        _head(group, tip, (-math.sin(angle), math.cos(angle)), head * 0.8, colour)
        parent.add(group)
        return
    tx, ty = points[target]
    dx, dy = _unit(tx - sx, ty - sy)
    bend = (11 if kind == "walk" else 25) * scale
    mx, my = (sx + tx) / 2, (sy + ty) / 2
    cx, cy = mx - dy * bend, my + dx * bend  # to the right of travel: A>B and B>A part ways
    gap = r + 1.2 * scale
    ax, ay = _unit(cx - sx, cy - sy)
    start = (sx + ax * gap, sy + ay * gap)
    bx, by = _unit(cx - tx, cy - ty)
    tip = (tx + bx * gap, ty + by * gap)
    direction = _unit(tip[0] - cx, tip[1] - cy)
    end = (tip[0] - direction[0] * head * 0.7, tip[1] - direction[1] * head * 0.7)
    d = f"M {fmt(start[0])} {fmt(start[1])} Q {fmt(cx)} {fmt(cy)} {fmt(end[0])} {fmt(end[1])}"
    group.add(svgwrite.path.Path(d=d, **_stroke(kind, scale)))
    _head(group, tip, direction, head, colour)
    parent.add(group)


def _draw_arrows(parent, route_map: RouteMap, points, centre, r: float, scale: float) -> None:
    for source, target, kind in route_map.arrows():
        if target != NO_ARROW:
            _arrow(parent, source, target, kind, points, centre, r, scale)


def _mini_map(
    parent,
    cx: float,
    top: float,
    radius: float,
    r: float,
    route_map: RouteMap | None = None,
    stretch: float = 1.0,
) -> None:
    """A small copy of the five landmarks below `top`, centred on x = cx (and a map's
    arrows, if given)."""
    cy = top + r + radius * stretch
    points = _positions(cx, cy, radius, stretch)
    if route_map is not None:
        _draw_arrows(parent, route_map, points, (cx, cy), r, scale=r / 14)
    for place, (x, y) in enumerate(points):
        _landmark(parent, place, x, y, r, MINI_LABEL_PT, below=True)


def _mini_map_size(radius: float, r: float, stretch: float = 1.0) -> tuple[float, float]:
    """Return the (width, height) of a mini map, the names under the badges included."""
    return 2 * (radius * COS18 + r), _pentagon_height(radius, r, stretch) + MINI_LABEL_H


def _legend_sample(parent, x: float, y: float, length: float, kind: str) -> None:
    group = Group(class_=f"legend {kind}")
    group.add(svgwrite.shapes.Line((x, y), (x + length - 2.2, y), **_stroke(kind, 1.0)))
    _head(group, (x + length, y), (1, 0), 3.0, FLY_INK if kind == "fly" else WALK_INK)
    parent.add(group)


# --- the Dragon's map sheet -----------------------------------------------------------------

MAP_RULES = (
    "Town, Hills, Woods and Sea each send out two arrows: one Walk, one Fly.",
    "The Lair sends out a single Fly arrow. No Walk arrow may enter the Lair.",
    "Nine arrows in all. They stay as drawn for the whole round.",
    "A loop (an arrow back to its own place) only if both players agreed to loops.",
)


def _map_page(paper: Paper, route_map: RouteMap | None, loops: bool | None) -> str:
    dwg = _page(paper)
    width = paper.width - 2 * MARGIN
    if route_map is None:
        subtitle = "Draw your nine arrows in secret. Keep this sheet out of the Knight's sight."
        title = "The Dragon's map"
    else:
        subtitle = "A ready-made route map: the Dragon keeps it hidden and follows it all round."
        title = "The Dragon's map (drawn)"
    top = _header(dwg, paper, title, subtitle, "Dragon: ____________   Round 1 / 2")
    if loops is not None:
        note = "Loops allowed this round." if loops else "No loops this round."
        _text(dwg, note, MARGIN, top - 2.5, width, 5, 9, bold=True, align="right")
    block = 56.0
    bottom = _bottom(paper)
    map_top, map_bottom = top + 4, bottom - block - 4
    r = 19.0
    pad = 13.0  # outward bends and loops
    radius = min((width - 2 * pad - 2 * r) / (2 * COS18), 68.0)
    tall = (map_bottom - map_top - 2 * pad - 2 * r) / (1 + SIN54)
    stretch = max(0.8, min(1.3, tall / radius))
    used = _pentagon_height(radius, r, stretch)
    cy = map_top + (map_bottom - map_top - used) / 2 + r + radius * stretch
    cx = paper.width / 2
    points = _positions(cx, cy, radius, stretch)
    if route_map is not None:
        arrows = Group(id="arrows")
        _draw_arrows(arrows, route_map, points, (cx, cy), r, scale=1.0)
        dwg.add(arrows)
    for place, (x, y) in enumerate(points):
        _landmark(dwg, place, x, y, r, 12)
    _map_footer(dwg, MARGIN, bottom - block, width, block, route_map)
    return _finish(dwg)


def _map_footer(dwg, x: float, y: float, width: float, height: float, route_map) -> None:
    """Legend and rules on the left, the table of arrows on the right."""
    _line(dwg, x, y, x + width, y, width=0.3, stroke=GREY)
    left_w = width * 0.56
    _text(dwg, "Walk", x, y + 3, 12, 6, 10, bold=True, valign="middle")
    _legend_sample(dwg, x + 13, y + 6, 18, "walk")
    _text(dwg, "Fly", x + 38, y + 3, 9, 6, 10, bold=True, valign="middle", fill=FLY_INK)
    _legend_sample(dwg, x + 48, y + 6, 18, "fly")
    cursor = y + 12
    _text(dwg, "Map rules", x, cursor, left_w, 5, 10, bold=True)
    cursor += 5.5
    for rule in MAP_RULES:
        dwg.add(svgwrite.shapes.Circle((x + 1.3, cursor + 1.6), 0.6, fill=INK))
        cursor = _para(dwg, rule, x + 4, cursor, left_w - 6, 8.5) + 1.2
    # the table: one row per location, Walk to / Fly to
    tx = x + left_w + 4
    tw = width - left_w - 4
    _text(dwg, "Your arrows, in words", tx, y + 3, tw, 5, 10, bold=True)
    columns = (("From", 0.3), ("Walk to", 0.35), ("Fly to", 0.35))
    row_h = (height - 10.5) / 6
    top = y + 9
    cx = tx
    for index, (label, share) in enumerate(columns):
        cw = tw * share
        _rect(dwg, cx, top, cw, row_h, fill=SHADE, width=0.3)
        colour = FLY_INK if index == 2 else INK
        _text(
            dwg,
            label,
            cx,
            top,
            cw,
            row_h,
            9,
            bold=True,
            align="center",
            valign="middle",
            fill=colour,
        )
        for place in range(5):
            ry = top + (place + 1) * row_h
            blocked = index == 1 and place == LAIR
            _rect(dwg, cx, ry, cw, row_h, fill=SHADE if blocked else "#ffffff", width=0.3)
            if index == 0:
                _text(dwg, NAMES[place], cx + 2, ry, cw - 3, row_h, 9, valign="middle")
            elif blocked:
                _text(
                    dwg, "no Walk", cx, ry, cw, row_h, 8, align="center", valign="middle", fill=GREY
                )
            elif route_map is not None:
                target = (route_map.walk if index == 1 else route_map.fly)[place]
                if target != NO_ARROW:
                    _text(
                        dwg,
                        NAMES[target],
                        cx,
                        ry,
                        cw,
                        row_h,
                        9,
                        align="center",
                        valign="middle",
                        fill=colour,
                    )
        cx += cw


def map_sheet_svg(paper: Paper) -> str:
    """Return the Dragon's blank map sheet for `paper`: five landmarks with room for nine
    arrows, the Walk/Fly legend, the map rules and a table to write the arrows in words."""
    return _map_page(paper, None, None)


def route_map_svg(
    route_map: RouteMap, paper: Paper | None = None, loops: bool | None = None
) -> str:
    """Return the map sheet (A4 unless `paper` is given) with `route_map`'s nine arrows drawn:
    Walk solid, Fly dashed, loops as small circles; each arrow is a <g class="arrow ...">."""
    return _map_page(paper or _paper("a4"), route_map, loops)


# --- log sheets -----------------------------------------------------------------------------


def _turn_label(turn: int) -> str:
    return f"{turn}*" if turn in AIDE_TURNS else str(turn)


def _hint(parent, text: str, x, y, w, h) -> None:
    _text(parent, text, x, y, w, h, 7, align="center", valign="middle", fill=FAINT)


def _cell(parent, kind: str, turn: int, x, y, w, h) -> None:
    """Fill one log cell: shading where nothing can be written, faint choices to circle."""
    aide_turn = turn in AIDE_TURNS
    if kind == "turn":
        _text(
            parent,
            _turn_label(turn),
            x,
            y,
            w,
            h,
            10,
            bold=aide_turn,
            align="center",
            valign="middle",
        )
    elif kind in ("aide", "seen") and not aide_turn:
        if turn <= LAST_TURN:  # overtime rows are shaded whole already
            _rect(parent, x, y, w, h, fill=SHADE, stroke="none")
    elif kind == "aide":
        _hint(parent, "no   T   M   W", x, y, w, h)
    elif kind == "town" and turn == 1:
        _text(parent, "yes (start)", x, y, w, h, 7.5, align="center", valign="middle", fill=GREY)
    elif kind in ("town", "encounter"):
        _hint(parent, "yes   no", x, y, w, h)
    elif kind == "move":
        _hint(parent, "walk   fly", x, y, w, h)
    elif kind == "start" and turn == 1:
        _text(parent, "Town", x, y, w, h, 8, align="center", valign="middle", fill=GREY)
    elif kind == "search" and aide_turn:
        _line(
            parent,
            x + w / 2,
            y + 1.2,
            x + w / 2,
            y + h - 1.2,
            stroke=FAINT,
            width=0.25,
            stroke_dasharray="0.8,0.8",
        )


def _log_table(dwg, x: float, y: float, width: float, row_h: float, columns) -> float:
    """Draw the 17-turn table; return the y below it."""
    total = sum(share for _, share, _ in columns)
    widths = [width * share / total for _, share, _ in columns]
    header_h = 13.0
    xs = [x]
    for w in widths:
        xs.append(xs[-1] + w)
    _rect(dwg, x, y, width, header_h, fill=SHADE, stroke="none")
    for index, (label, _, _) in enumerate(columns):
        _text(
            dwg,
            label,
            xs[index] + 1,
            y + 0.8,
            widths[index] - 2,
            header_h - 1.6,
            8.5,
            min_size=6.5,
            bold=True,
            align="center",
            valign="middle",
        )
    rows = Group(class_="turns")
    for turn in range(1, MAX_TURN + 1):
        ry = y + header_h + (turn - 1) * row_h
        row = Group(class_="turn", id=f"turn-{turn}")
        if turn > LAST_TURN:
            _rect(row, x, ry, width, row_h, fill=OVERTIME, stroke="none")
        for index, (_, _, kind) in enumerate(columns):
            _cell(row, kind, turn, xs[index], ry, widths[index], row_h)
        rows.add(row)
    dwg.add(rows)
    bottom = y + header_h + MAX_TURN * row_h
    for turn in range(MAX_TURN + 1):
        ry = y + header_h + turn * row_h
        heavy = turn in (0, LAST_TURN)
        _line(dwg, x, ry, x + width, ry, width=0.45 if heavy else 0.25)
    for vx in xs:
        _line(dwg, vx, y, vx, bottom, width=0.3)
    _rect(dwg, x, y, width, bottom - y, width=0.5)
    return bottom


def _log_notes(dwg, x: float, y: float, width: float) -> float:
    """The notes under a log table: aide turns and the shaded overtime rows."""
    text = (
        "* Turns 3, 9 and 15: the Knight may call one aide he has not used — "
        "Tracker (T), Militia (M) or Wizard (W). Leave the grey cells empty."
    )
    y = _para(dwg, text, x, y, width, 8, fill=GREY) + 1.0
    _rect(dwg, x, y + 0.4, 6, 3.2, fill=OVERTIME, width=0.25)
    note = (
        "Turns 16 and 17: play each only if the Knight encountered the Dragon on the turn "
        "before (after turn 15 a miss ends the hunt)."
    )
    return _para(dwg, note, x + 8, y, width - 8, 8, fill=GREY)


def _score_box(dwg, x: float, y: float, w: float) -> float:
    """The Dragon's score tally; returns the y below it."""
    _text(dwg, "The Dragon's score this round", x, y, w, 5, 9.5, bold=True)
    y += 6
    lines = (
        "Turns he started in Town  (+1 each)",
        "Aides the Knight called  (+1 each)",
        f"Not vanquished  (+{ESCAPE_BONUS})",
        "Total",
    )
    for index, label in enumerate(lines):
        bold = index == len(lines) - 1
        _text(dwg, label, x, y, w - 16, 6, 8.5, bold=bold, valign="middle")
        _rect(dwg, x + w - 14, y + 0.5, 14, 5, fill="#ffffff", width=0.45 if bold else 0.3)
        y += 6.5
    return y


def _log_page(paper: Paper, title: str, subtitle: str, columns, extras: Callable) -> str:
    dwg = _page(paper)
    top = _header(dwg, paper, title, subtitle, "Name: ____________   Round 1 / 2")
    width = paper.width - 2 * MARGIN
    extras_h = 54.0
    notes_h = 14.0
    table_space = _bottom(paper) - top - extras_h - notes_h - 4
    row_h = min(10.0, (table_space - 13.0) / MAX_TURN)
    y = _log_table(dwg, MARGIN, top, width, row_h, columns)
    y = _log_notes(dwg, MARGIN, y + 2, width)
    extras(dwg, MARGIN, _bottom(paper) - extras_h, width, extras_h)
    return _finish(dwg)


KNIGHT_COLUMNS = (
    ("Turn", 0.75, "turn"),
    ("Use aide?", 1.3, "aide"),
    ("Dragon seen at (Tracker, Militia)", 1.55, "seen"),
    ("Dragon in Town?", 1.15, "town"),
    ("Walk or Fly", 1.15, "move"),
    ("Knight searches (Militia: two)", 2.0, "search"),
    ("Encounter?", 1.15, "encounter"),
)

DRAGON_COLUMNS = (
    ("Turn", 0.7, "turn"),
    ("Aide used", 1.25, "aide"),
    ("Dragon location (Tracker)", 1.35, "start"),
    ("In Town?", 1.05, "town"),
    ("Walk or Fly", 1.05, "move"),
    ("New location (secret)", 1.35, "place"),
    ("Knight location (Militia: two)", 1.6, "search"),
    ("Encounter?", 1.05, "encounter"),
)


def _tallies(dwg, x: float, y: float, width: float) -> float:
    """Checkboxes for the aides called and the encounters in a row; returns the y below."""
    _text(dwg, "Aides called (each once)", x, y, width, 5, 9.5, bold=True)
    for index, aide in enumerate(("Tracker", "Militia", "Wizard")):
        bx = x + index * width / 3
        _box(dwg, bx, y + 6.3)
        _text(dwg, aide, bx + 4.5, y + 5.5, width / 3 - 5, 5, 8.5, valign="middle")
    _text(dwg, "Encounters in a row", x, y + 12, width * 0.55, 5, 8.5, valign="middle")
    for index in range(ENCOUNTERS_TO_VANQUISH):
        _box(dwg, x + width * 0.58 + index * 5.5, y + 12.9)
    return y + 19


def _knight_extras(dwg, x: float, y: float, width: float, height: float) -> None:
    map_w = width * 0.55
    _rect(dwg, x, y, map_w, height, stroke=GREY, width=0.3, rx=2, ry=2)
    _text(
        dwg,
        "Deductions: draw the arrows you are sure of",
        x + 3,
        y + 2,
        map_w - 6,
        5,
        8.5,
        bold=True,
    )
    r, stretch = 6.0, 0.45
    radius = min(36.0, (map_w - 2 * r - 8) / (2 * COS18))
    _, mh = _mini_map_size(radius, r, stretch)
    _mini_map(dwg, x + map_w / 2, y + 8 + (height - 8 - mh) / 2, radius, r, stretch=stretch)
    rx = x + map_w + 6
    rw = width - map_w - 6
    _score_box(dwg, rx, _tallies(dwg, rx, y + 1, rw) + 1.5, rw)


DRAGON_SAYS = (
    "Each turn: say whether you are in Town; say Walk or Fly and move in secret along that "
    "arrow; after the search, say whether the Knight found you.",
    "Tracker: before moving, say where you are. Militia: if one of the two searches finds "
    "you, say which. Wizard: show every arrow joining the two places named, in either "
    "direction, without saying Walk or Fly.",
)


def _dragon_extras(dwg, x: float, y: float, width: float, height: float) -> None:
    left_w = width * 0.55
    _rect(dwg, x, y, left_w, height, stroke=GREY, width=0.3, rx=2, ry=2)
    _text(dwg, "What you announce", x + 3, y + 2, left_w - 6, 5, 9.5, bold=True)
    cursor = y + 8
    for note in DRAGON_SAYS:
        cursor = _para(dwg, note, x + 3, cursor, left_w - 6, 8.5) + 1.8
    rx = x + left_w + 6
    rw = width - left_w - 6
    _score_box(dwg, rx, _tallies(dwg, rx, y + 1, rw) + 1.5, rw)


def knight_log_svg(paper: Paper) -> str:
    """Return the Knight's log sheet: turns 1-17 (3*, 9*, 15* aide turns, 16-17 shaded) with
    columns aide / Dragon seen / Town? / Walk or Fly / searches / encounter, a mini map for
    deductions, the aides and encounters tally and the score box."""
    subtitle = (
        "Write down everything the Dragon announces; use the little map to work out his routes."
    )
    return _log_page(paper, "The Knight's log", subtitle, KNIGHT_COLUMNS, _knight_extras)


def dragon_log_svg(paper: Paper) -> str:
    """Return the Dragon's log sheet: turns 1-17 with columns aide used / location (what the
    Tracker learns) / Town? / Walk or Fly / new location / Knight's search / encounter."""
    subtitle = "Keep this sheet hidden: it holds where you really are, turn by turn."
    return _log_page(paper, "The Dragon's log", subtitle, DRAGON_COLUMNS, _dragon_extras)


# --- the rules reference card ---------------------------------------------------------------

# A section is (heading, items); an item is a string, or (lead, text) with a bold lead-in.
REFERENCE = (
    (
        "In short",
        [
            "Two players, two rounds. Each round one player is the Dragon and the other the "
            "Knight; then the roles swap. The Dragon collects points, the Knight tries to keep "
            "his total low. Whoever scores more as the Dragon wins the game.",
        ],
    ),
    (
        "Before a round: the secret map",
        [
            "Five places: Town, Hills, Woods, Sea and the Lair.",
            "From each of Town, Hills, Woods and Sea the Dragon draws a Walk arrow and a Fly "
            "arrow, each to some other place. From the Lair he draws one Fly arrow only, and "
            "no Walk arrow may point into the Lair: 9 arrows in total.",
            "Loops (an arrow back to the place it leaves) are off unless both players agree "
            "to them before the round starts.",
            "The map stays hidden and unchanged until the round is over.",
        ],
    ),
    (
        "A turn, step by step",
        [
            ("1. Aide?", "On turns 3, 9 and 15 only, the Knight may call one aide not yet used."),
            (
                "2. Town?",
                "The Dragon tells whether he is in Town right now. He begins the hunt there, "
                "so turn 1 always counts.",
            ),
            (
                "3. Move.",
                "The Dragon says Walk or Fly, follows that arrow and notes his new place in "
                "secret. From the Lair he can only fly.",
            ),
            (
                "4. Search.",
                "The Knight names one place; the Dragon says whether he is there. If he is, "
                "that is an encounter.",
            ),
            ("5. Think.", "The Knight updates his log and his guesses about the map."),
        ],
    ),
    (
        "Three aides, once each",
        [
            ("Tracker:", "the Dragon tells where he stands, before this turn's move."),
            (
                "Militia:",
                "the Knight searches two different places this turn. If either finds the "
                "Dragon, he must say which one.",
            ),
            (
                "Wizard:",
                "the Knight picks two places; the Dragon shows every arrow joining them, "
                "whichever way it points, but not whether it is Walk or Fly.",
            ),
        ],
    ),
    (
        "When the hunt stops",
        [
            "Three encounters on three turns in a row vanquish the Dragon at once.",
            "Otherwise the hunt ends after turn 15, with one exception: an encounter on turn "
            "15 starts overtime. Turn 16, then 17, is played only while the turn before was "
            "an encounter. A miss ends the hunt; turn 17 is the last one possible.",
        ],
    ),
    (
        "The Dragon's points",
        [
            ("+1", "for every turn he starts in Town."),
            ("+1", "for every aide the Knight calls."),
            (f"+{ESCAPE_BONUS}", "if he is not vanquished."),
            "Note the total, swap roles, draw a fresh map and play the second round. The "
            "higher Dragon score wins.",
        ],
    ),
    (
        "Knight's hints",
        [
            "A 'yes' to Town tells you where the last move ended.",
            "The same place and the same word always lead to the same place.",
            "Print a map sheet and both logs for each round.",
        ],
    ),
)

EXAMPLE_MAP = RouteMap(walk=(1, 3, 0, 2, NO_ARROW), fly=(4, 2, 3, 0, 1))


def reference_card_svg(paper: Paper) -> str:
    """Return the rules on one page, in two columns, in Quarry's own words, with an example
    map under the shorter column (the text shrinks a little on short paper to make room)."""
    dwg = _page(paper)
    top = _header(
        dwg, paper, "The Hunt: quick reference", "A Dragon hides, a Knight hunts him. 2 players."
    )
    gutter = 8.0
    col_w = (paper.width - 2 * MARGIN - gutter) / 2
    bottom = _bottom(paper)
    r = 6.0
    radius = min(32.0, (col_w - 2 * r - 12) / (2 * COS18))
    for size in (10.5, 10.0, 9.5):
        heights = [_section_height(heading, items, col_w, size) for heading, items in REFERENCE]
        split = min(range(1, len(REFERENCE)), key=lambda k: max(sum(heights[:k]), sum(heights[k:])))
        ends = [top + sum(heights[:split]), top + sum(heights[split:])]
        room = bottom - min(ends) - 19 - 2 * r - MINI_LABEL_H
        stretch = min(0.6, room / (radius * (1 + SIN54)))
        if stretch >= 0.45:
            break
    for column, chunk in enumerate((REFERENCE[:split], REFERENCE[split:])):
        x = MARGIN + column * (col_w + gutter)
        y = top
        for heading, items in chunk:
            y = _section(dwg, heading, items, x, y, col_w, size)
        if y > bottom:
            raise ValueError(f"reference card column {column + 1} runs {y - bottom:.1f} mm over")
    column = 0 if ends[0] <= ends[1] else 1
    x = MARGIN + column * (col_w + gutter)
    if stretch >= 0.4:
        _, mh = _mini_map_size(radius, r, stretch)
        y = _section(dwg, "An example map", [], x, ends[column], col_w, size) - 4
        _legend_sample(dwg, x + 12, y + 3, 16, "walk")
        _text(dwg, "Walk", x, y, 11, 6, 9, bold=True, valign="middle")
        _text(dwg, "Fly", x + 33, y, 8, 6, 9, bold=True, valign="middle", fill=FLY_INK)
        _legend_sample(dwg, x + 42, y + 3, 16, "fly")
        space = bottom - y - 8
        _mini_map(dwg, x + col_w / 2, y + 8 + (space - mh) / 2, radius, r, EXAMPLE_MAP, stretch)
    mid = MARGIN + col_w + gutter / 2
    _line(dwg, mid, top, mid, bottom - 2, stroke=FAINT, width=0.3)
    return _finish(dwg)


def _lead_para(parent, lead: str, text: str, x: float, y: float, w: float, size: float) -> float:
    """Set a bold `lead` followed on the same line by `text` (wrapped below to `w` mm) at
    exactly `size` pt; return the y below."""
    size_mm = pt_to_mm(size)
    lead_w = text_width(lead + " ", size_mm, bold=True)
    line_h = size_mm * LINE_SPACING
    _text(parent, lead, x, y, lead_w + 1, line_h + 1e-6, size, min_size=size, bold=True)
    words, first = text.split(), []
    while words and text_width(" ".join([*first, words[0]]), size_mm) <= w - lead_w:
        first.append(words.pop(0))
    if first:
        _text(
            parent, " ".join(first), x + lead_w, y, w - lead_w, line_h + 1e-6, size, min_size=size
        )
    if not words:
        return y + line_h
    return _para(parent, " ".join(words), x, y + line_h, w, size)


def _item_height(item, width: float, size: float) -> float:
    probe = Group()
    if isinstance(item, tuple):
        return _lead_para(probe, item[0], item[1], 0, 0, width, size)
    return _text_height(item, width, size)


def _section_height(heading: str, items, width: float, size: float) -> float:
    """Return how far _section moves down for this heading and these items."""
    total = _text_height(heading, width - 3, size + 1.5, bold=True) + 1.5
    for item in items:
        inner = width - (1.5 if isinstance(item, tuple) else 4)
        total += _item_height(item, inner, size) + 1.2
    return total + 4.5


def _section(dwg, heading, items, x, y, width, size) -> float:
    """Draw a shaded heading and its items (bullets, or bold lead-ins); return the y below."""
    _rect(
        dwg,
        x,
        y - 0.5,
        width,
        _text_height(heading, width, size + 1.5, True) + 1,
        fill=SHADE,
        stroke="none",
        rx=1,
        ry=1,
    )
    y = _para(dwg, heading, x + 1.5, y, width - 3, size + 1.5, bold=True) + 1.5
    for item in items:
        if isinstance(item, tuple):
            y = _lead_para(dwg, item[0], item[1], x + 1.5, y, width - 1.5, size)
        else:
            dwg.add(svgwrite.shapes.Circle((x + 1.5, y + pt_to_mm(size) * 0.55), 0.6, fill=INK))
            y = _para(dwg, item, x + 4, y, width - 4, size)
        y += 1.2
    return y + 4.5


# --- the puzzle book ------------------------------------------------------------------------

LOG_COLUMNS = (
    ("Turn", 0.75),
    ("Aide", 1.1),
    ("Town?", 0.95),
    ("Move", 0.85),
    ("Search", 1.6),
    ("Found?", 1.05),
    ("Learned", 1.5),
)
GRID_CELL = 5.2  # the working grid: one narrow column per place, crossed out by the solver


def _place_name(value) -> str:
    if isinstance(value, int):
        return NAMES[value]
    return str(value).strip().capitalize()


def _initial(value) -> str:
    return _place_name(value)[:1]


def _yes_no(value) -> str:
    return "?" if value is None else ("yes" if value else "no")


def _learned(record: dict) -> str:
    """Return what the log says an aide revealed on this turn, in short."""
    aide = record.get("aide") or "none"
    revealed = record.get("revealed")
    if aide == "tracker" and revealed is not None:
        return f"was in {_place_name(revealed)}"
    if aide == "militia" and revealed is not None:
        return f"found in {_place_name(revealed)}"
    if aide == "wizard":
        arrows = record.get("wizard") or []
        pair = record.get("wizard_between") or record.get("wizard_pair")
        asked = f"{_initial(pair[0])}–{_initial(pair[1])}: " if pair else ""
        if not arrows:
            return asked + "no arrows"
        return asked + ", ".join(f"{_initial(a)}>{_initial(b)}" for a, b in arrows)
    return ""


def _log_row(record: dict) -> list[str]:
    aide = record.get("aide") or "none"
    search = record.get("search") or []
    if isinstance(search, str):
        search = [search]
    move = record.get("move")
    return [
        _turn_label(int(record["turn"])),
        "—" if aide == "none" else aide.capitalize(),
        _yes_no(record.get("town")),
        "?" if move is None else str(move).capitalize(),
        " + ".join(_place_name(s) for s in search) or "?",
        _yes_no(record.get("encounter")),
        _learned(record),
    ]


def _puzzle_log(parent, log: list[dict], x: float, y: float, width: float, height: float):
    """Draw a puzzle's log table and, at its right, the working grid (one column per place,
    for crossing out where the Dragon cannot be after each turn); return the y below."""
    grid_w = 5 * GRID_CELL
    log_w = width - grid_w
    total = sum(share for _, share in LOG_COLUMNS)
    widths = [log_w * share / total for _, share in LOG_COLUMNS] + [GRID_CELL] * 5
    labels = [label for label, _ in LOG_COLUMNS] + list(INITIALS)
    header_h = 6.5
    row_h = min(6.8, (height - header_h) / max(1, len(log)))
    _rect(parent, x, y, log_w, header_h, fill=SHADE, stroke="none")
    cx = x
    for index, (label, w) in enumerate(zip(labels, widths, strict=True)):
        grid = index >= len(LOG_COLUMNS)
        _text(
            parent,
            label,
            cx + 0.5,
            y,
            w - 1,
            header_h,
            8,
            bold=True,
            align="center",
            valign="middle",
            fill=GREY if grid else INK,
        )
        cx += w
    for index, record in enumerate(log):
        ry = y + header_h + index * row_h
        if int(record["turn"]) > LAST_TURN:
            _rect(parent, x, ry, width, row_h, fill=OVERTIME, stroke="none")
        cx = x
        for column, (value, w) in enumerate(zip(_log_row(record), widths, strict=False)):
            if value:
                bold = column == 0 and int(record["turn"]) in AIDE_TURNS
                _text(
                    parent,
                    value,
                    cx + 0.6,
                    ry,
                    w - 1.2,
                    row_h,
                    8,
                    min_size=5.5,
                    bold=bold,
                    align="center",
                    valign="middle",
                )
            cx += w
        _line(parent, x, ry, x + width, ry, width=0.2)
    bottom = y + header_h + len(log) * row_h
    cx = x
    for index, w in enumerate(widths):
        _line(parent, cx, y, cx, bottom, width=0.45 if index == len(LOG_COLUMNS) else 0.2)
        cx += w
    _rect(parent, x, y, width, bottom - y, width=0.45)
    return bottom


def _question_text(puzzle: dict) -> str:
    if puzzle.get("prompt"):
        return str(puzzle["prompt"])
    if puzzle["question"] == "where":
        return f"Where is the Dragon at the end of turn {len(puzzle['log'])}?"
    return (
        "Where do the arrows the Dragon used lead? For each place he left by Walk or by Fly, "
        "name the place that arrow reaches."
    )


def _puzzle_tag(puzzle: dict) -> str:
    loops = "loops allowed" if puzzle.get("loops") else "no loops"
    return f"{puzzle.get('difficulty', '?')} · {loops} · {puzzle.get('id', '')}"


def _answer_space(parent, puzzle: dict, x: float, y: float, width: float, height: float) -> None:
    """Boxes to tick (where) or the whole From / Walk / Fly table (arrows): listing only the
    arrows asked would give away where the Dragon has been."""
    _text(parent, "Your answer", x, y, width, 5, 9, bold=True)
    y += 6
    if puzzle["question"] == "where":
        per_row = 3
        for place in range(5):
            row, col = divmod(place, per_row)
            bx = x + col * width / per_row
            by = y + row * 6.5
            _box(parent, bx, by + 0.4)
            _text(parent, NAMES[place], bx + 4.5, by, width / per_row - 5, 4, 8.5, valign="middle")
        return
    row_h = min(5.5, (height - 6) / 6)
    widths = (width * 0.3, width * 0.35, width * 0.35)
    cx = x
    for index, label in enumerate(("From", "Walk to", "Fly to")):
        cw = widths[index]
        _rect(parent, cx, y, cw, row_h, fill=SHADE, width=0.25)
        _text(
            parent,
            label,
            cx,
            y,
            cw,
            row_h,
            8,
            bold=True,
            align="center",
            valign="middle",
            fill=FLY_INK if index == 2 else INK,
        )
        for place in range(5):
            ry = y + (place + 1) * row_h
            blocked = index == 1 and place == LAIR
            _rect(parent, cx, ry, cw, row_h, fill=SHADE if blocked else "#ffffff", width=0.25)
            if index == 0:
                _text(parent, NAMES[place], cx + 1, ry, cw - 1.5, row_h, 8, valign="middle")
        cx += cw


def _puzzle_half(parent, puzzle: dict, number: int, x, y, width, height) -> None:
    """One puzzle in a box (x, y, width, height): header, log with its working grid, the
    question, a small map to draw on and the space for the answer."""
    _rect(parent, x, y, width, height, stroke=GREY, width=0.3, rx=2, ry=2)
    x, y, width, height = x + 3, y + 2.5, width - 6, height - 5
    _text(parent, f"Puzzle {number}", x, y, 40, 7, 13, bold=True, valign="middle")
    _text(
        parent,
        _puzzle_tag(puzzle),
        x + 40,
        y,
        width - 40,
        7,
        8,
        align="right",
        valign="middle",
        fill=GREY,
    )
    top = y + 9
    side = 56.0
    table_w = width - side - 5
    below = _puzzle_log(parent, puzzle["log"], x, top, table_w, y + height - top)
    if y + height - below >= 20:  # ruled lines for notes under a short log
        _text(parent, "Notes", x, below + 3, 30, 5, 8.5, bold=True, fill=GREY)
        line_y = below + 15
        while line_y <= y + height - 4:
            _line(parent, x, line_y, x + table_w, line_y, stroke=FAINT, width=0.2)
            line_y += 8
    sx = x + table_w + 5
    cursor = _para(parent, _question_text(puzzle), sx, top, side, 9, bold=True) + 3
    answer_h = 17.0 if puzzle["question"] == "where" else 6 + 5.5 * 6
    answer_top = y + height - answer_h
    space = answer_top - cursor - 4
    r = 5.5
    radius = (side - 2 * r - 2) / (2 * COS18)
    stretch = min(1.0, (space - 2 * r - MINI_LABEL_H) / (radius * (1 + SIN54)))
    if stretch > 0.45:
        _, mh = _mini_map_size(radius, r, stretch)
        _mini_map(parent, sx + side / 2, cursor + (space - mh) / 2, radius, r, stretch=stretch)
    _answer_space(parent, puzzle, sx, answer_top, side, answer_h)


INSTRUCTIONS = (
    (
        "The idea",
        [
            "Each puzzle is a hunt that has already been played. You see the Knight's log: "
            "what the Dragon announced on every turn and what each search turned up. Behind it "
            "lies the Dragon's secret map, drawn under the usual rules, and exactly one answer "
            "fits everything in the log. Find it with pencil and paper.",
        ],
    ),
    (
        "The map rules",
        [
            "Town, Hills, Woods and Sea each have one Walk and one Fly arrow; the Lair has a "
            "single Fly arrow, and no Walk arrow leads into it. A loop (an arrow back to its "
            "own place) can only exist in a puzzle marked 'loops allowed'.",
            "The Dragon starts the hunt in Town and follows the arrow he names every turn.",
        ],
    ),
    (
        "Reading a log",
        [
            ("Turn:", "3*, 9* and 15* are the turns on which an aide may be called."),
            ("Town?:", "was the Dragon in Town at the start of the turn, before he moved."),
            ("Move:", "the arrow he followed, Walk or Fly."),
            (
                "Search, Found?:",
                "where the Knight looked after the move (two places with the Militia) and "
                "whether the Dragon was there. A ? means the log does not say.",
            ),
            (
                "Learned:",
                "what an aide gave away. Tracker: where the Dragon was at the start of the "
                "turn. Militia: which searched place held him. Wizard: the two places asked "
                "about (H–S), then every arrow joining them, either way, without Walk or Fly; "
                "H>S is an arrow from Hills to Sea.",
            ),
            (
                "T H W S L:",
                "your working grid, one column per place (Town, Hills, Woods, Sea, Lair). "
                "Cross out where the Dragon cannot be after that turn's move.",
            ),
        ],
    ),
    (
        "Hints",
        [
            "A 'yes' under Town? tells you where the previous move ended.",
            "The same place and the same word always lead to the same place: once you know "
            "an arrow, use it every time it comes up.",
            "A miss rules out the searched place for that turn; a find pins the Dragon down.",
            "Difficulty: easy puzzles follow the facts and the known arrows; medium ones keep "
            "track of what each arrow could still be; hard ones need a 'suppose he were "
            "there...' to reach a contradiction.",
            "Solutions are at the back, with the reasoning spelled out.",
        ],
    ),
)


def _instructions_page(paper: Paper, title: str, count: int, seed: int | None) -> str:
    dwg = _page(paper)
    seed_text = f" · seed {seed}" if seed is not None else ""
    top = _header(dwg, paper, title, f"{count} deduction puzzles for one player{seed_text}")
    width = paper.width - 2 * MARGIN
    y = top
    for heading, items in INSTRUCTIONS:
        y = _section(dwg, heading, items, MARGIN, y, width, 10)
    bottom = _bottom(paper)
    if y > bottom:
        raise ValueError(f"puzzle instructions run {y - bottom:.1f} mm over")
    r, radius, stretch = 6.5, 40.0, 0.55
    _, mh = _mini_map_size(radius, r, stretch)
    if bottom - y >= mh + 14:
        y = (
            _section(
                dwg,
                "The five places, with an example of each kind of arrow",
                [],
                MARGIN,
                y,
                width,
                10,
            )
            - 4
        )
        example = RouteMap(
            walk=(1, NO_ARROW, NO_ARROW, NO_ARROW, NO_ARROW),
            fly=(NO_ARROW, NO_ARROW, NO_ARROW, NO_ARROW, 0),
        )
        _mini_map(dwg, paper.width / 2, y + (bottom - y - mh) / 2, radius, r, example, stretch)
        _text(dwg, "Walk", MARGIN, y + 2, 12, 6, 9, bold=True, valign="middle")
        _legend_sample(dwg, MARGIN + 12, y + 5, 16, "walk")
        _text(dwg, "Fly", MARGIN, y + 9, 12, 6, 9, bold=True, valign="middle", fill=FLY_INK)
        _legend_sample(dwg, MARGIN + 12, y + 12, 16, "fly")
        note = "Here Walk from Town leads to the Hills (T>H) and Fly from the Lair to Town (L>T)."
        _para(dwg, note, paper.width - MARGIN - 48, y + 2, 48, 8.5, fill=GREY)
    return _finish(dwg)


def _answer_text(puzzle: dict) -> list[str]:
    answer = puzzle["answer"]
    if puzzle["question"] == "where":
        return [f"Answer: {_place_name(answer)}"]
    lines = []
    for kind in ("walk", "fly"):
        arrows = answer.get(kind) or {}
        if arrows:
            parts = sorted(
                (LOCATIONS.index(str(s).lower()), f"{_place_name(s)}>{_place_name(t)}")
                for s, t in arrows.items()
            )
            lines.append(f"{kind.capitalize()}: " + ", ".join(text for _, text in parts))
    return lines


def _reasoning(puzzle: dict) -> list[str]:
    for key in ("reasoning", "steps", "explanation"):
        steps = puzzle.get(key)
        if isinstance(steps, str):
            return [steps]
        if steps:
            return [str(step) for step in steps]
    return []


class _Flow:
    """Two columns of text on as many pages as it takes, set from the top down."""

    GUTTER = 7.0

    def __init__(self, paper: Paper, title: str, subtitle: str) -> None:
        self.paper, self.title, self.subtitle = paper, title, subtitle
        self.pages: list[str] = []
        self.bottom = _bottom(paper)
        self.width = (paper.width - 2 * MARGIN - self.GUTTER) / 2
        self._new_page(title)

    def _new_page(self, title: str) -> None:
        self.dwg = _page(self.paper)
        self.top = _header(self.dwg, self.paper, title, self.subtitle)
        self.column, self.y = 0, self.top

    @property
    def x(self) -> float:
        return MARGIN + self.column * (self.width + self.GUTTER)

    def fit(self, height: float) -> bool:
        """Move to the next column (or page) unless `height` mm still fit in this one;
        return True if it moved."""
        if self.y + height <= self.bottom or self.y <= self.top:
            return False
        if self.column == 0:
            self.column, self.y = 1, self.top
            return True
        self.pages.append(_finish(self.dwg))
        self._new_page(f"{self.title} (continued)")
        return True

    def done(self) -> list[str]:
        self.pages.append(_finish(self.dwg))
        return self.pages


def _step_parts(step: str) -> tuple[int, str]:
    """Return (nesting depth, text) of a reasoning step (nested steps start with 4 spaces)."""
    stripped = step.lstrip(" ")
    return (len(step) - len(stripped)) // 4, stripped


def _solution_pages(paper: Paper, puzzles: list[dict]) -> list[str]:
    """Lay out every answer and its reasoning in puzzle order, in two columns."""
    flow = _Flow(
        paper, "Solutions", "Answers in puzzle order, each with the reasoning that finds it."
    )
    size = 8.0
    for number, puzzle in enumerate(puzzles, 1):
        w = flow.width
        heading = f"Puzzle {number} · {puzzle.get('id', '')}"
        answer = _answer_text(puzzle)
        block = (
            _text_height(heading, w, 10, True)
            + 1
            + sum(_text_height(line, w, 9, True) + 0.5 for line in answer)
        )
        r, radius, stretch = 4.5, min(27.0, (w - 9 - 20) / (2 * COS18)), 0.6
        _, mh = _mini_map_size(radius, r, stretch)
        arrows = puzzle["question"] == "arrows"
        flow.fit(block + (mh + 3 if arrows else 12))
        flow.y = _para(flow.dwg, heading, flow.x, flow.y, w, 10, bold=True) + 1
        for line in answer:
            flow.y = _para(flow.dwg, line, flow.x, flow.y, w, 9, bold=True) + 0.5
        if arrows:
            route = RouteMap.from_json(_complete(puzzle["answer"]))
            _mini_map(flow.dwg, flow.x + w / 2, flow.y + 1, radius, r, route, stretch)
            flow.y += mh + 3
        count = 0
        for step in _reasoning(puzzle):
            depth, text = _step_parts(step)
            indent = 6 + depth * 5
            if flow.fit(_text_height(text, w - indent, size) + 0.5):
                more = f"Puzzle {number}, continued"
                flow.y = _para(flow.dwg, more, flow.x, flow.y, w, 8, bold=True, fill=GREY) + 1
            if depth == 0:
                count += 1
            label = f"{count}." if depth == 0 else "–"
            _text(
                flow.dwg,
                label,
                flow.x + indent - 6,
                flow.y,
                5.5,
                4,
                size,
                min_size=6.5,
                align="right",
                fill=GREY,
            )
            flow.y = _para(flow.dwg, text, flow.x + indent, flow.y, w - indent, size) + 0.5
        flow.y += 5
    return flow.done()


def _complete(answer: dict) -> dict:
    """Return an arrows answer with both tables present (partial answers draw partly)."""
    return {"walk": dict(answer.get("walk") or {}), "fly": dict(answer.get("fly") or {})}


def puzzle_book(
    puzzles: Sequence[dict],
    paper: Paper | str = "a4",
    title: str = "The Hunt: puzzles",
    seed: int | None = None,
) -> list[tuple[str, str]]:
    """Return the puzzle book's pages as (component name, SVG): an instructions page, two
    puzzles a page (log, question, a mini map to work on, space for the answer), then the
    solutions with every puzzle's reasoning steps (key "reasoning") where it has them."""
    if isinstance(paper, str):
        paper = _paper(paper)
    puzzles = [p.to_json() if hasattr(p, "to_json") else p for p in puzzles]
    if not puzzles:
        raise ValueError("a puzzle book needs at least one puzzle")
    for index, puzzle in enumerate(puzzles, 1):
        missing = {"question", "log", "answer"} - set(puzzle)
        if missing:
            raise ValueError(f"puzzle {index} lacks {', '.join(sorted(missing))}")
        if puzzle["question"] not in ("where", "arrows"):
            raise ValueError(f"puzzle {index}: unknown question {puzzle['question']!r}")
    pages = [("puzzle instructions", _instructions_page(paper, title, len(puzzles), seed))]
    width = paper.width - 2 * MARGIN
    half = (_bottom(paper) - MARGIN - 4) / 2
    for first in range(0, len(puzzles), 2):
        dwg = _page(paper)
        for slot, puzzle in enumerate(puzzles[first : first + 2]):
            number = first + slot + 1
            group = Group(class_="puzzle", id=f"puzzle-{number}")
            _puzzle_half(group, puzzle, number, MARGIN, MARGIN + slot * (half + 4), width, half)
            dwg.add(group)
        numbers = "-".join(str(n) for n in range(first + 1, min(first + 2, len(puzzles)) + 1))
        pages.append((f"puzzles {numbers}", _finish(dwg)))
    pages += [("solutions", page) for page in _solution_pages(paper, puzzles)]
    return pages


# --- the kit --------------------------------------------------------------------------------


def _paper(name: str) -> Paper:
    return LayoutBook().paper(name)


def components(paper: Paper) -> list[tuple[str, str, str]]:
    """Return the game's printable pages for `paper` as (slug, manifest kind, SVG)."""
    return [
        ("map", "map-sheet", map_sheet_svg(paper)),
        ("knight-log", "log-sheet", knight_log_svg(paper)),
        ("dragon-log", "log-sheet", dragon_log_svg(paper)),
        ("reference", "reference-card", reference_card_svg(paper)),
    ]


SAMPLE_BOOK = (("easy", 2), ("medium", 2), ("hard", 2))


def sample_puzzles(seed: int) -> list[dict] | None:
    """Return the kit's sample book (two easy, two medium, two hard puzzles, no loops) as
    dicts with their question text ("prompt") and worked solution ("reasoning"), or None
    when generator.games.hunt.puzzles is not there."""
    try:
        from generator.games.hunt import puzzles as hunt_puzzles
    except ImportError:
        return None
    book = []
    for difficulty, count in SAMPLE_BOOK:
        for puzzle in hunt_puzzles.generate_puzzles(count, difficulty, seed, False):
            data = puzzle.to_json()
            data["prompt"] = hunt_puzzles.question_text(puzzle)
            data["reasoning"] = hunt_puzzles.worked_solution(puzzle)
            book.append(data)
    return book


def write_pages(target: Path, pages: list[tuple[str, str]], seed: int, subject: str) -> int:
    """Write full-page SVGs to one PDF, each with its footer; return the page count."""
    from generator.render.pdf import Footer, PdfDocument
    from generator.render.svg import svg_size_mm

    doc = PdfDocument(target, title=TITLE, subject=subject)
    for number, (component, svg) in enumerate(pages, 1):
        width, height = svg_size_mm(svg)
        doc.begin_page(width, height)
        doc.place(svg, 0, 0)
        footer = Footer(TITLE, component, seed).text(number, len(pages))
        doc.footer(width, FOOTER_BAND, FOOTER_PT, footer)
        doc.end_page()
    doc.save()
    return doc.pages


def build_kit(request: KitRequest) -> None:
    """Write The Hunt's kit into request.writer, for request.paper and then A4 and Letter
    (whichever it is not): hunt-<paper>.pdf (map, both logs, reference card) and
    svg/<slug>-<paper>.svg; with the puzzle generator there, also puzzles-<paper>.pdf (a
    sample book) and puzzles.json (its puzzles)."""
    writer, seed = request.writer, request.seed
    names = [request.paper.name] + [n for n in PAIR_PAPERS if n != request.paper.name]
    papers = [request.paper] + [request.book.paper(n) for n in names[1:]]
    puzzles = sample_puzzles(seed)
    if puzzles:
        keys = ("id", "difficulty", "loops", "question", "log", "answer")
        plain = [{key: puzzle[key] for key in keys} for puzzle in puzzles]
        text = json.dumps(plain, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
        writer.write_text("puzzles.json", text, "puzzles")
    for paper in papers:
        pages = components(paper)
        for slug, kind, svg in pages:
            writer.write_text(f"svg/{slug}-{paper.name}.svg", svg, kind)
        pdf = f"hunt-{paper.name}.pdf"
        titled = [(slug.replace("-", " "), svg) for slug, _, svg in pages]
        writer.add(pdf, "game-sheets", pages=write_pages(writer.path(pdf), titled, seed, "sheets"))
        if puzzles:
            book = f"puzzles-{paper.name}.pdf"
            count = write_pages(
                writer.path(book), puzzle_book(puzzles, paper, seed=seed), seed, "puzzles"
            )
            writer.add(book, "puzzle-book", pages=count)


def build_puzzle_kit(request: KitRequest, puzzles: list) -> None:
    """Write a puzzle book kit: puzzles.json and puzzles-<paper>.pdf for the request's paper."""
    plain = [puzzle.to_json() for puzzle in puzzles]
    text = json.dumps(plain, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    request.writer.write_text("puzzles.json", text, "puzzles")
    book = f"puzzles-{request.paper.name}.pdf"
    pages = puzzle_book(plain, request.paper, seed=request.seed)
    count = write_pages(request.writer.path(book), pages, request.seed, "puzzles")
    request.writer.add(book, "puzzle-book", pages=count)


def build_routes_kit(request: KitRequest, report) -> None:
    """Write the route generator's result: the best map drawn on the map sheet (PDF and SVG)
    and routes.json with every ranked candidate and its score interval."""
    text = json.dumps(report.to_json(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    request.writer.write_text("routes.json", text, "route-maps")
    svg = route_map_svg(report.best.route_map, request.paper, report.loops)
    request.writer.write_text(f"svg/best-map-{request.paper.name}.svg", svg, "map-sheet")
    pdf = f"best-map-{request.paper.name}.pdf"
    pages = write_pages(request.writer.path(pdf), [("best route map", svg)], request.seed, "map")
    request.writer.add(pdf, "map-sheet", pages=pages)
