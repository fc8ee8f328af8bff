"""Where the pieces of a route-map drawing sit: the five badges, their names, and each arrow's
path, tail and head. Pure geometry in millimetres (y grows downwards, angles in radians
measured clockwise on the page from the +x axis); art.py draws what this module returns.

How an arrow is laid out, so that the drawing reads cleanly on every legal map:

- Every arrow starts and ends on a ring just outside its badges (the *ends*). An end wants
  to sit facing the other place, a little to the right of travel (_bow: more, or on the
  other side, where the straight way is blocked), so that A>B and B>A part ways and Walk
  runs inside Fly; a loop's ends sit on the outer side of its badge.
- The ends at one place are set on whole degrees round its ring (end_angles), in the
  order they want and moved as little as they can be: a head keeps SPACING head lengths
  from every other end there, and no end faces a name (free_slots: its own under a small
  badge, or a neighbour's close by). This depends only on the arrows at that place.
- The arrow is a cubic curve from its tail to its head (arrow_shape); of a short list of
  handle lengths and directions (square to the rings first) it takes the first whose path
  and head stay clear of every badge and every name. The shape depends only on the arrow
  and its two end angles, which is what lets a test check every legal map.
"""

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from generator.games.hunt.maps import LOCATIONS
from generator.render.fonts import ascent_descent, text_width
from generator.render.text import LINE_SPACING, fit_text

NAMES = tuple(name.capitalize() for name in LOCATIONS)  # Town, Hills, Woods, Sea, Lair
ANGLES = (-90, -18, 198, 54, 126)  # degrees: Town at the top, then clockwise Hills Sea Lair Woods
MINI_LABEL_H = 3.4  # mm under a small badge for its name
HEAD = 3.0  # head length, in units of the drawing's scale
GAP = 1.2  # ring of ends outside the badge, in units of the drawing's scale
SPACING = 1.1  # head lengths between a head and any other end at the same place
BOWS = {  # how far an arrow may leave the straight line, in the order tried (degrees)
    "walk": tuple(math.radians(d) for d in (16, 28, 40, -16, -28, -40, 52, -52, 64, -64)),
    "fly": tuple(math.radians(d) for d in (34, 46, 24, 58, -34, -46, -24, -58, 70, -70)),
}
LOOP_TURN = {"walk": math.radians(-38), "fly": math.radians(38)}  # loops either side of outward
LOOP_SPREAD = math.radians(22)  # a loop's tail and head either side of its own direction
SLOT = math.radians(1.0)  # the ends' positions round a ring are whole degrees
HANDLES = (0.32, 0.22, 0.44, 0.14, 0.58, 0.07)  # handle lengths tried, fractions of the span
HEAD_TURNS = tuple(
    math.radians(d) for d in (25, -25, 45, -45, 65, -65)
)  # heads turned off the radius
LAST_TURNS = tuple(  # tail and head turns tried last, the smallest first
    sorted(
        (
            (math.radians(a), math.radians(b))
            for a in range(-90, 91, 15)
            for b in range(-90, 91, 15)
        ),
        key=lambda turns: (abs(turns[0]) + abs(turns[1]), turns),
    )
)
LOOP_HANDLES = (1.0, 0.8, 1.25, 0.65)  # loop sizes tried, fractions of LOOP_SIZE
LOOP_SIZE = 8.0  # a loop's handle length, in units of the drawing's scale

Point = tuple[float, float]
Box = tuple[float, float, float, float]  # x0, y0, x1, y1


@dataclass(frozen=True)
class MapLayout:
    """A drawing's frame: badge centres and radius, each name's box, the centre of the
    pentagon, the scale of strokes and heads (1.0 = the full map sheet) and whether the
    names sit under the badges (small maps) or inside them."""

    centres: tuple[Point, ...]
    r: float
    labels: tuple[Box, ...]
    centre: Point
    scale: float
    below: bool

    @property
    def head(self) -> float:
        """Return the length of an arrowhead in mm."""
        return HEAD * self.scale

    @property
    def ring(self) -> float:
        """Return the radius (mm) of the ring round each badge where arrows end."""
        return self.r + GAP * self.scale


@dataclass(frozen=True)
class ArrowShape:
    """One arrow's geometry: `curve` is a cubic Bezier (four points) from the `tail` to the
    shaft's end, `tip` is where the head points, `head` its triangle (tip first)."""

    source: int
    target: int
    kind: str
    curve: tuple[Point, Point, Point, Point]
    tail: Point
    tip: Point
    head: tuple[Point, Point, Point]

    def path(self, steps: int = 64) -> list[Point]:
        """Return the arrow as a polyline: `steps` + 1 points along the curve, then the tip."""
        return [_bezier(self.curve, i / steps) for i in range(steps + 1)] + [self.tip]


def positions(cx: float, cy: float, radius: float, stretch: float = 1.0) -> list[Point]:
    """Return the five landmark centres on a pentagon around (cx, cy), Town at the top,
    its height scaled by `stretch`."""
    return [
        (
            cx + radius * math.cos(math.radians(a)),
            cy + radius * stretch * math.sin(math.radians(a)),
        )
        for a in ANGLES
    ]


def label_box(place: int, cx: float, cy: float, r: float, label_pt: float, below: bool) -> Box:
    """Return the box (x0, y0, x1, y1) the name of `place` takes when its badge of radius r
    is centred on (cx, cy): under the badge (below) or inside it, as art._landmark sets it."""
    if below:
        y, w, h, smallest = cy + r + 0.2, 20.0, MINI_LABEL_H, label_pt
    else:
        scale = r / 10
        y, w, h = cy + 3.4 * scale, 13.6 * scale, 4.4 * scale
        smallest = label_pt * 0.6
    fitted = fit_text(NAMES[place], w, h, label_pt, smallest, True)
    size = fitted.size_mm
    ascent, descent = ascent_descent(size, True)
    block = (len(fitted.lines) - 1) * size * LINE_SPACING + ascent - descent
    wide = max(text_width(line, size, True) for line in fitted.lines)
    top = y + (h - block) / 2
    return (cx - wide / 2, top, cx + wide / 2, top + block)


def map_layout(
    cx: float,
    cy: float,
    radius: float,
    r: float,
    stretch: float,
    label_pt: float,
    below: bool,
    scale: float,
) -> MapLayout:
    """Return the layout of a map whose pentagon of `radius` mm (height times `stretch`) is
    centred on (cx, cy), badges of radius r, names at `label_pt` (under the badges when
    `below`), strokes and heads at `scale`."""
    centres = tuple(positions(cx, cy, radius, stretch))
    labels = tuple(label_box(p, x, y, r, label_pt, below) for p, (x, y) in enumerate(centres))
    return MapLayout(centres, r, labels, (cx, cy), scale, below)


# --- the ends of the arrows at one place ------------------------------------------------------

End = tuple[int, int, str, bool]  # (source, target, kind, is_head)


def ends_at(arrows, place: int) -> tuple[End, ...]:
    """Return the ends that the arrows (source, target, kind) have at `place`, sorted."""
    found = []
    for source, target, kind in arrows:
        if source == place:
            found.append((source, target, kind, False))
        if target == place:
            found.append((source, target, kind, True))
    return tuple(sorted(found))


def _wrap(angle: float) -> float:
    return (angle + math.pi) % (2 * math.pi) - math.pi


def _facing(layout: MapLayout, place: int, other: int) -> float:
    (x, y), (ox, oy) = layout.centres[place], layout.centres[other]
    return math.atan2(oy - y, ox - x)


def _wanted(layout: MapLayout, place: int, end: End) -> float:
    """Return the angle an end would take at `place` if nothing else were there."""
    source, target, kind, is_head = end
    if source == target:
        x, y = layout.centres[place]
        outward = math.atan2(y - layout.centre[1], x - layout.centre[0])
        middle = _loop_middle(layout, place, outward + LOOP_TURN[kind])
        return _wrap(middle + (-LOOP_SPREAD if is_head else LOOP_SPREAD))
    other = source if is_head else target
    bow = _bow(layout, source, target, kind)
    return _wrap(_facing(layout, place, other) + (-bow if is_head else bow))


def _loop_middle(layout: MapLayout, place: int, middle: float) -> float:
    """Return the direction of a loop at `place`: `middle`, or beside the name under the
    badge if the loop would face it."""
    blocked = _blocked(layout, place)
    if blocked is None:
        return middle
    reach = LOOP_SPREAD + _angle_step(layout, SPACING * layout.head)
    first, last = blocked[0] - reach, blocked[1] + reach
    angle = middle % (2 * math.pi)
    if first < angle < last:
        return first if angle - first < last - angle else last
    return middle


def _quadratic(a: Point, c: Point, b: Point, t: float) -> Point:
    u = 1 - t
    return (
        u * u * a[0] + 2 * u * t * c[0] + t * t * b[0],
        u * u * a[1] + 2 * u * t * c[1] + t * t * b[1],
    )


@lru_cache(maxsize=4096)
def _bow(layout: MapLayout, source: int, target: int, kind: str) -> float:
    """Return how far (an angle, positive to the right of travel) the arrow source>target
    leaves the straight line: the first of BOWS[kind] whose arc between the two badges
    clears every other badge and every name (the first, if none does)."""
    a, b = layout.centres[source], layout.centres[target]
    half = math.dist(a, b) / 2
    ux, uy = (b[0] - a[0]) / (2 * half), (b[1] - a[1]) / (2 * half)
    margin = GAP * layout.scale
    for bow in BOWS[kind]:
        off = half * math.tan(bow)
        control = ((a[0] + b[0]) / 2 - uy * off, (a[1] + b[1]) / 2 + ux * off)
        clear = True
        for i in range(1, 80):
            point = _quadratic(a, control, b, i / 80)
            if min(math.dist(point, a), math.dist(point, b)) < layout.ring:
                continue
            if blocked_by(layout, point, margin) is not None:
                clear = False
                break
        if clear:
            return bow
    return BOWS[kind][0]


def _blocked(layout: MapLayout, place: int) -> tuple[float, float] | None:
    """Return the arc (from, to) of the ring that faces the name under the badge, or None."""
    if not layout.below:
        return None
    x, y = layout.centres[place]
    x0, y0, x1, _ = layout.labels[place]
    margin = layout.head * 0.8
    half = max(x1 - x, x - x0) + margin
    edge = math.atan2(y0 - y - margin, half)
    return edge, math.pi - edge


def _angle_step(layout: MapLayout, chord: float) -> float:
    return 2 * math.asin(min(1.0, chord / (2 * layout.ring)))


def _order(angle: float, end: End) -> tuple:
    """Return the sort key of an end round the ring. Where a head and a tail want the same
    angle (two arrows bowing the same way between two places), the head comes first, which
    nests the two arrows at both places instead of crossing them."""
    return (round(angle, 6), not end[3], end)


@lru_cache(maxsize=64)
def free_slots(layout: MapLayout, place: int) -> np.ndarray:
    """Return the angles (every SLOT, from -pi) round `place`'s ring where an end may sit:
    not facing the name under its badge, and with a head's length outwards clear of every
    other name by half a head."""
    angles = np.arange(-math.pi, math.pi - 1e-9, SLOT)
    keep = np.ones(len(angles), dtype=bool)
    blocked = _blocked(layout, place)
    if blocked is not None:
        keep &= ~((angles > blocked[0]) & (angles < blocked[1]))
    x, y = layout.centres[place]
    margin = layout.head * 0.5
    for other, (x0, y0, x1, y1) in enumerate(layout.labels):
        if other == place:
            continue
        for reach in np.linspace(layout.ring, layout.ring + 1.5 * layout.head, 4):
            px, py = x + reach * np.cos(angles), y + reach * np.sin(angles)
            inside_x = (px > x0 - margin) & (px < x1 + margin)
            keep &= ~(inside_x & (py > y0 - margin) & (py < y1 + margin))
    return angles[keep]


def _domain(slots: np.ndarray, wanted: list[float], wrap: float) -> tuple[np.ndarray, float]:
    """Return the free slots unrolled into one increasing run (cut where the ring is blocked
    longest, or else where the ends leave the widest gap) and where the run starts."""
    full = len(slots) >= round(2 * math.pi / SLOT)
    if not full:
        gaps = np.diff(np.append(slots, slots[0] + 2 * math.pi))
        start = float(slots[(int(np.argmax(gaps)) + 1) % len(slots)])
    else:
        ring = sorted(a % (2 * math.pi) for a in wanted)
        spaces = [(ring[(i + 1) % len(ring)] - ring[i]) % (2 * math.pi) for i in range(len(ring))]
        widest = max(range(len(ring)), key=lambda i: (spaces[i], -i))
        space = spaces[widest] or 2 * math.pi
        start = ring[(widest + 1) % len(ring)] - max(0.0, (space - wrap) / 2)
    run = np.sort((slots - start) % (2 * math.pi) + start)
    return run[run <= run[0] + 2 * math.pi - wrap + 1e-9], start


def _place_in_slots(run: np.ndarray, wanted: list[float], gaps: list[float]) -> list[int] | None:
    """Return the slot of each end (in order) that keeps each end `gaps` from the one
    before it and moves them least (sum of squared moves), or None if they cannot fit."""
    cost = (run - wanted[0]) ** 2
    choices = []
    for target, gap in zip(wanted[1:], gaps, strict=True):
        best = np.minimum.accumulate(cost)
        where = np.maximum.accumulate(np.where(cost == best, np.arange(len(cost)), 0))
        before = np.searchsorted(run, run - gap + 1e-9, side="right") - 1
        ok = before >= 0
        cost = np.where(ok, best[np.maximum(before, 0)] + (run - target) ** 2, np.inf)
        choices.append(np.where(ok, where[np.maximum(before, 0)], -1))
    if not np.isfinite(cost).any():
        return None
    picked = [int(np.argmin(cost))]
    for choice in reversed(choices):
        picked.append(int(choice[picked[-1]]))
    return picked[::-1]


@lru_cache(maxsize=65536)
def end_angles(layout: MapLayout, place: int, ends: tuple[End, ...]) -> dict[End, float]:
    """Return the angle on `place`'s ring of each of `ends` (all the arrow ends there): on
    free_slots, in the order they want round the ring, each as near as it may be to where
    it wants to be, heads SPACING head lengths from any other end and tails half that from
    each other (less, if a crowded ring cannot hold that)."""
    if not ends:
        return {}
    head_gap = _angle_step(layout, SPACING * layout.head)
    tail_gap = _angle_step(layout, 0.5 * SPACING * layout.head)
    wanted = {end: _wanted(layout, place, end) for end in ends}
    wrap = head_gap if any(end[3] for end in ends) else tail_gap
    run, start = _domain(free_slots(layout, place), list(wanted.values()), wrap)
    for end, angle in wanted.items():
        wanted[end] = (angle - start) % (2 * math.pi) + start
    order = sorted(ends, key=lambda e: _order(wanted[e], e))
    gaps = [
        head_gap if (a[3] or b[3]) else tail_gap for a, b in zip(order, order[1:], strict=False)
    ]
    squeeze = 1.0
    while (picked := _place_in_slots(run, [wanted[e] for e in order], gaps)) is None:
        squeeze *= 0.85
        gaps = [g * 0.85 for g in gaps]
        if squeeze < 0.05:
            picked = [0] * len(order)
            break
    return {end: _wrap(float(run[i])) for end, i in zip(order, picked, strict=True)}


# --- one arrow --------------------------------------------------------------------------------


def _bezier(curve, t: float) -> Point:
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = curve
    u = 1 - t
    a, b, c, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
    return (a * x0 + b * x1 + c * x2 + d * x3, a * y0 + b * y1 + c * y2 + d * y3)


def _on_ring(layout: MapLayout, place: int, angle: float) -> Point:
    x, y = layout.centres[place]
    return (x + layout.ring * math.cos(angle), y + layout.ring * math.sin(angle))


def blocked_by(layout: MapLayout, point: Point, margin: float = 0.0) -> int | None:
    """Return the place whose badge or name `point` lies in (`margin` mm round them), or None."""
    px, py = point
    for place, ((x, y), (x0, y0, x1, y1)) in enumerate(
        zip(layout.centres, layout.labels, strict=True)
    ):
        if math.hypot(px - x, py - y) < layout.r + margin:
            return place
        if x0 - margin < px < x1 + margin and y0 - margin < py < y1 + margin:
            return place
    return None


def _reach(curve) -> float:
    """Return the length of the curve's control polygon (never less than the curve's)."""
    return sum(math.dist(a, b) for a, b in zip(curve, curve[1:], strict=False))


def _clear(layout: MapLayout, shape: "ArrowShape") -> bool:
    """Return whether the arrow's curve and head keep clear of every badge and name."""
    margin = 0.45 * GAP * layout.scale
    steps = max(16, math.ceil(_reach(shape.curve) / margin))  # samples a margin apart at most
    points = [_bezier(shape.curve, i / steps) for i in range(steps + 1)] + list(shape.head)
    return all(blocked_by(layout, point, margin) is None for point in points)


@lru_cache(maxsize=65536)
def arrow_shape(
    layout: MapLayout, source: int, target: int, kind: str, tail_angle: float, head_angle: float
) -> ArrowShape:
    """Return the shape of the arrow source>target of `kind` whose tail sits at `tail_angle`
    on the source's ring and whose tip at `head_angle` on the target's: a curve leaving and
    entering square to the rings, with the first handle length that keeps it clear of every
    badge and name (the first tried, if none does)."""
    tail = _on_ring(layout, source, tail_angle)
    tip = _on_ring(layout, target, head_angle)
    leave = [(math.cos(tail_angle), math.sin(tail_angle))]  # directions tried at the tail
    enter = [(math.cos(head_angle), math.sin(head_angle))]  # and at the head, outward
    if source == target:
        lengths = [f * LOOP_SIZE * layout.scale for f in LOOP_HANDLES]
    else:
        bow = _bow(layout, source, target, kind)
        along = _facing(layout, source, target)
        route_out = along + bow  # the clear route's own directions at the two badges
        route_in = along + math.pi - bow
        for weight in (0.5, 1.0):
            leave.append(_blend(tail_angle, route_out, weight))
            enter.append(_blend(head_angle, route_in, weight))
        outs, backs = leave[:], enter[:]
        for turn in HEAD_TURNS:  # a head that would touch a name near the badge turns aside
            for out in outs:
                leave.append(out)
                enter.append((math.cos(head_angle + turn), math.sin(head_angle + turn)))
        for turn in HEAD_TURNS:  # and so, last, does a tail
            for back in backs:
                leave.append((math.cos(tail_angle + turn), math.sin(tail_angle + turn)))
                enter.append(back)
        span = math.dist(tail, tip)
        lengths = [f * span for f in HANDLES]
        for tail_turn, head_turn in LAST_TURNS:  # a crowded corner: any way round
            leave.append((math.cos(tail_angle + tail_turn), math.sin(tail_angle + tail_turn)))
            enter.append((math.cos(head_angle + head_turn), math.sin(head_angle + head_turn)))
    shapes = (
        _shaped(layout, source, target, kind, tail, tip, out, back, k, k * stretch)
        for out, back in zip(leave, enter, strict=True)
        for stretch in (1.0, 0.5, 2.0)
        for k in lengths
    )
    first = None
    for shape in shapes:
        first = first or shape
        if _clear(layout, shape):
            return shape
    return first


def _blend(angle: float, towards: float, weight: float) -> tuple[float, float]:
    """Return the unit vector `weight` of the way from `angle` round to `towards`."""
    mixed = angle + weight * _wrap(towards - angle)
    return (math.cos(mixed), math.sin(mixed))


def _shaped(layout, source, target, kind, tail, tip, out, back, k, k_head) -> ArrowShape:
    """Return the arrow leaving `tail` along `out` and reaching `tip` along minus `back`,
    handles k mm long at the tail and k_head at the head, its head one head length along
    `back` from the tip."""
    head = layout.head
    ux, uy = back
    base = (tip[0] + ux * head, tip[1] + uy * head)
    half = head * 0.42
    triangle = (
        tip,
        (base[0] - uy * half, base[1] + ux * half),
        (base[0] + uy * half, base[1] - ux * half),
    )
    end = (tip[0] + ux * head * 0.7, tip[1] + uy * head * 0.7)
    curve = (
        tail,
        (tail[0] + out[0] * k, tail[1] + out[1] * k),
        (end[0] + ux * k_head, end[1] + uy * k_head),
        end,
    )
    return ArrowShape(source, target, kind, curve, tail, tip, triangle)


def route_map_geometry(arrows, layout: MapLayout) -> list[ArrowShape]:
    """Return the shape of each arrow (source, target, kind) of a map, in the given order:
    the ends at each place spread by end_angles, each arrow shaped by arrow_shape."""
    arrows = list(arrows)
    angles: dict[End, float] = {}
    for place in range(len(layout.centres)):
        angles.update(end_angles(layout, place, ends_at(arrows, place)))
    return [
        arrow_shape(layout, s, t, k, angles[(s, t, k, False)], angles[(s, t, k, True)])
        for s, t, k in arrows
    ]
