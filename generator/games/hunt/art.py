"""The Hunt's pictures: the five landmark badges, the Walk and Fly arrows of a route map,
small copies of the map (mini maps) and the legend's sample arrows."""

import math

import svgwrite
from svgwrite.container import Group

from generator.games.hunt.drawing import (
    FLY_INK,
    GREY,
    INK,
    WALK_INK,
    draw_line,
    draw_rect,
    draw_text,
)
from generator.games.hunt.map_layout import (
    MINI_LABEL_H,
    NAMES,
    ArrowShape,
    MapLayout,
    map_layout,
    route_map_geometry,
)
from generator.games.hunt.maps import LOCATIONS, NO_ARROW, RouteMap
from generator.render.units import fmt


def place_name(value) -> str:
    if isinstance(value, int):
        return NAMES[value]
    return str(value).strip().capitalize()


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
    draw_line(g, 0, -9.2, 0, -9.9, width=0.25)
    draw_line(g, -0.4, -9.6, 0.4, -9.6, width=0.25)
    draw_rect(g, -2.5, -2.5, 5, 5.5, fill="#efdcb4", width=0.3)
    _poly(g, [(-3, -2.5), (0, -5), (3, -2.5)], "#b65a40")
    _path(g, "M -0.7 3 L -0.7 1.3 Q 0 0.4 0.7 1.3 L 0.7 3 Z", fill="#6b4a35", width=0.2)
    for x0, top, x1, peak in ((-6.8, -1, -3, -3.4), (3, -0.3, 6.8, -2.7)):
        draw_rect(g, x0 + 0.3, top, x1 - x0 - 0.6, 3 - top, fill="#f4e6c6", width=0.3)
        _poly(g, [(x0, top), ((x0 + x1) / 2, peak), (x1, top)], "#c46a4b")
        mid = (x0 + x1) / 2
        draw_rect(g, mid - 0.6, top + 1, 1.2, 1.1, fill="#6f8fb0", width=0.15)
    draw_line(g, -8.5, 3, 8.5, 3, width=0.35)


def _art_hills(g) -> None:
    g.add(svgwrite.shapes.Circle((5.2, -5.8), 1.6, fill="#f3d27a", stroke=INK, stroke_width=0.2))
    _path(g, "M -8.8 3 Q -3.5 -11 2.5 3 Z", fill="#b7d69a")
    _path(g, "M -1.5 3 Q 4 -7 9 3 Z", fill="#cfe4b4")
    _path(g, "M -5.5 3 Q 0 -2.5 5 3 Z", fill="#9cc47c")
    draw_line(g, -9, 3, 9, 3, width=0.35)


def _pine(g, x: float, base: float, height: float) -> None:
    half = height * 0.33
    draw_rect(g, x - 0.45, base - 1.2, 0.9, 1.2, fill="#7a5532", width=0.15)
    for step in range(3):
        top = base - height + step * height * 0.25
        bottom = top + height * 0.45
        spread = half * (0.55 + 0.25 * step)
        _poly(g, [(x - spread, bottom), (x, top), (x + spread, bottom)], "#6fa862", width=0.25)


def _art_woods(g) -> None:
    _path(g, "M -8.8 3 Q 0 0.5 8.8 3 Z", fill="#d9e9c8", width=0.2)
    for x, height in ((-5.4, 8), (5.6, 7.2), (-1.8, 10.5), (2.4, 9)):
        _pine(g, x, 2.4 if abs(x) > 5 else 2.0, height)
    draw_line(g, -9, 3, 9, 3, width=0.35)


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
    draw_line(g, 0, -1.6, 0, -8.2, width=0.3)
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
    draw_line(g, -9, 3, 9, 3, width=0.35)


ART = (_art_town, _art_hills, _art_woods, _art_sea, _art_lair)


MINI_LABEL_PT = 6.5


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
        draw_text(
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
    draw_text(
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
BIG_BADGE = 19.0  # mm: the radius of a landmark on the map sheet
ARROW_ROOM = 13.0  # mm round the pentagon of the map sheet for outward bends and loops
BIG_LABEL_PT = 12.0
MINI_SCALE = 1 / 12  # a small map's strokes and heads: its badge radius times this,
MINI_SCALE_MIN = 0.45  # and never under this (heads 1.35 mm long, lines 0.27 mm wide)


def _pentagon_height(radius: float, r: float, stretch: float = 1.0) -> float:
    return radius * stretch * (1 + SIN54) + 2 * r


def sheet_layout(width: float, height: float) -> MapLayout:
    """Return the layout of the map sheet's drawing in a `width` x `height` mm frame: the
    pentagon as large as fits, badges of BIG_BADGE mm with their names inside."""
    r, pad = BIG_BADGE, ARROW_ROOM
    radius = min((width - 2 * pad - 2 * r) / (2 * COS18), 68.0)
    tall = (height - 2 * pad - 2 * r) / (1 + SIN54)
    stretch = max(0.8, min(1.3, tall / radius))
    used = _pentagon_height(radius, r, stretch)
    cx, cy = width / 2, (height - used) / 2 + r + radius * stretch
    return map_layout(cx, cy, radius, r, stretch, BIG_LABEL_PT, below=False, scale=1.0)


def mini_layout(cx: float, top: float, radius: float, r: float, stretch: float) -> MapLayout:
    """Return the layout of a small map below `top`, centred on x = cx: a pentagon of
    `radius` mm squashed to `stretch` of its height, badges of radius r, names under them."""
    cy = top + r + radius * stretch
    scale = max(r * MINI_SCALE, MINI_SCALE_MIN)
    return map_layout(cx, cy, radius, r, stretch, MINI_LABEL_PT, below=True, scale=scale)


def draw_map(parent, layout: MapLayout, route_map: RouteMap | None = None) -> None:
    """Draw the five landmarks of `layout` and, when given, `route_map`'s arrows (under the
    badges, in a <g id="arrows">) into `parent`."""
    if route_map is not None:
        arrows = Group(id="arrows")
        _draw_arrows(arrows, route_map, layout)
        parent.add(arrows)
    label_pt = MINI_LABEL_PT if layout.below else BIG_LABEL_PT
    for place, (x, y) in enumerate(layout.centres):
        _landmark(parent, place, x, y, layout.r, label_pt, below=layout.below)


# --- arrows ---------------------------------------------------------------------------------


def _triangle(group, points, colour) -> None:
    _poly(group, list(points), colour, stroke=colour, width=0.1)


# A Fly arrow is hollow: a wide red stroke with a thin white core, its head a red triangle
# with a white one inside, against Walk's thin solid black line. Dashes are not used: on a
# printed page they mean cut or fold (render/print_rules). Widths in units of the scale.
WALK_WIDTH = 0.6
FLY_WIDTH, FLY_CORE = 1.5, 0.6
PAPER = "#ffffff"


def _stroke(kind: str, scale: float) -> dict:
    return {
        "stroke": FLY_INK if kind == "fly" else WALK_INK,
        "stroke_width": fmt((FLY_WIDTH if kind == "fly" else WALK_WIDTH) * scale),
        "fill": "none",
    }


def _inset(triangle, by: float):
    """Return `triangle` shrunk towards its incentre so each side moves `by` mm inwards."""
    a, b, c = triangle
    sides = (math.dist(b, c), math.dist(c, a), math.dist(a, b))
    perimeter = sum(sides)
    ix = sum(w * p[0] for w, p in zip(sides, triangle, strict=True)) / perimeter
    iy = sum(w * p[1] for w, p in zip(sides, triangle, strict=True)) / perimeter
    area = abs((b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1])) / 2
    k = max(0.0, 1 - by / (2 * area / perimeter))
    return [(ix + (x - ix) * k, iy + (y - iy) * k) for x, y in triangle]


def _draw_arrow(group, d: str, head, kind: str, scale: float) -> None:
    """Draw a shaft (SVG path data `d`) and its `head` triangle: solid for Walk, hollow
    for Fly (the white core drawn over the red, through to inside the head)."""
    colour = FLY_INK if kind == "fly" else WALK_INK
    group.add(svgwrite.path.Path(d=d, **_stroke(kind, scale)))
    _triangle(group, head, colour)
    if kind == "fly":
        core = FLY_CORE * scale
        group.add(svgwrite.path.Path(d=d, stroke=PAPER, stroke_width=fmt(core), fill="none"))
        rail = (FLY_WIDTH - FLY_CORE) * scale / 2
        _poly(group, _inset(head, rail), PAPER, stroke="none", width=0)


def _arrow(parent, shape: ArrowShape, scale: float) -> None:
    """Draw one arrow of a route map as <g class="arrow KIND"> (class "loop" too for a loop)."""
    kind = shape.kind
    group = Group(class_=f"arrow {kind}" + (" loop" if shape.source == shape.target else ""))
    group["id"] = f"arrow-{kind}-{LOCATIONS[shape.source]}"
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = shape.curve
    d = f"M {fmt(x0)} {fmt(y0)} C {fmt(x1)} {fmt(y1)} {fmt(x2)} {fmt(y2)} {fmt(x3)} {fmt(y3)}"
    _draw_arrow(group, d, shape.head, kind, scale)
    parent.add(group)


def _draw_arrows(parent, route_map: RouteMap, layout: MapLayout) -> None:
    """Draw the map's arrows (those that lead somewhere) as route_map_geometry shapes them."""
    arrows = [(s, t, k) for s, t, k in route_map.arrows() if t != NO_ARROW]
    for shape in route_map_geometry(arrows, layout):
        _arrow(parent, shape, layout.scale)


def mini_map(
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
    draw_map(parent, mini_layout(cx, top, radius, r, stretch), route_map)


def mini_map_size(radius: float, r: float, stretch: float = 1.0) -> tuple[float, float]:
    """Return the (width, height) of a mini map, the names under the badges included."""
    return 2 * (radius * COS18 + r), _pentagon_height(radius, r, stretch) + MINI_LABEL_H


def legend_sample(parent, x: float, y: float, length: float, kind: str) -> None:
    """A straight sample arrow of `kind` from (x, y), `length` mm to the tip of its head."""
    group = Group(class_=f"legend {kind}")
    head = 3.0
    tip = x + length
    end = tip - head * 0.7  # the shaft ends inside the head, as on a map
    d = f"M {fmt(x)} {fmt(y)} L {fmt(end)} {fmt(y)}"
    half = head * 0.42
    triangle = ((tip, y), (tip - head, y + half), (tip - head, y - half))
    _draw_arrow(group, d, triangle, kind, 1.0)
    parent.add(group)
