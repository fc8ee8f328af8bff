"""The Hunt's pictures: the five landmark badges, the Walk and Fly arrows of a route map,
small copies of the map (mini maps) and the legend's sample arrows."""

import math

import svgwrite
from svgwrite.container import Group

from generator.games.hunt.drawing import FLY_INK, GREY, INK, WALK_INK, _line, _rect, _text
from generator.games.hunt.maps import LOCATIONS, NO_ARROW, RouteMap
from generator.render.units import fmt

NAMES = tuple(name.capitalize() for name in LOCATIONS)  # Town, Hills, Woods, Sea, Lair


def _place_name(value) -> str:
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
