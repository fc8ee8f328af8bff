"""The island drawn as an SVG component, in code, at any size: the big board, the mini
boards and the puzzle book's maps are all `island_svg` at different square sizes.

What a drawing holds: the sea, each zone as a tint with its name, inland water with
ripples, the Hunter Camp with its fire, elevation squares in yellow (with a peak), hiding
places in black (with a cave mouth), the four boats in red with the wavy sea lanes of their
ring, the zone borders and the coast; on request the coordinates round the edge, each
square's name, a legend under the grid, and an overlay for puzzles: marks written in
squares and highlighted squares.

Lengths are millimetres (the SVG user unit), text sizes points. Every label is fitted with
render.text (TextOverflow if it cannot fit at its smallest size).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import svgwrite
from svgwrite.container import Group

from generator.games.island.board import (
    BOAT_SIDES,
    SEA,
    ZONES,
    Island,
    column_name,
    square_kind,
)
from generator.render.fonts import text_width
from generator.render.svg import document_text, new_document, once_per_arguments
from generator.render.text import LINE_SPACING, TextOverflow, text_group
from generator.render.units import fmt, pt_to_mm
from generator.render.waves import quadratic, wave_data, wave_points

INK = "#1f1f1f"
GRID = "#6f7a73"
COAST = "#244b63"
SEA_TINT = "#d4e6f2"
WATER_FILL = "#7fb2d6"
RIPPLE = "#eaf4fb"
ELEVATION_FILL = "#f4cf2f"
PEAK = "#8a6412"
HIDING_FILL = "#151515"
BOAT_FILL = "#c5302a"
FIRE_OUTER, FIRE_INNER, LOGS = "#e0621b", "#f7c531", "#6b4327"
CAMP_EDGE = "#7a4b22"
HIGHLIGHT = "#c2187a"
LANE_WAVE, LANE_SWING = 0.9, 0.13  # a sea lane's wavelength and its swing each side, in squares
MIN_TEXT_PT = 6.0  # the smallest type the island prints: coordinates, names, boat letters, marks
# One tint per zone (board.ZONES order) for the squares, and a dark shade for its name.
ZONE_TINTS = ("#a9d38f", "#e5efb4", "#8ccaa9", "#cbbfae", "#ecdcb6", "#dcae96")
ZONE_INKS = ("#2f5b1f", "#59661c", "#1f5c43", "#4d4237", "#6b5423", "#6e3a22")


def _clamp(value: float, low: float, high: float) -> float:
    return max(low, min(high, value))


@dataclass(frozen=True)
class BoardLayout:
    """Where things sit in an island drawing (mm): the square size, the coordinate band
    round the grid, the grid's top-left corner, the legend's rows, the whole size."""

    size: int
    cell: float
    band: float  # the coordinate band on each side (0 without coordinates)
    legend_rows: int
    legend_columns: int
    legend_row_h: float
    legend_pt: float
    width: float
    height: float

    @property
    def grid_x(self) -> float:
        return self.band

    @property
    def grid_y(self) -> float:
        return self.band

    @property
    def grid_size(self) -> float:
        return self.size * self.cell

    def square_origin(self, square: int) -> tuple[float, float]:
        """Return the top-left corner (x, y) mm of `square`."""
        row, column = divmod(square, self.size)
        return self.grid_x + column * self.cell, self.grid_y + row * self.cell

    def square_centre(self, square: int) -> tuple[float, float]:
        """Return the centre (x, y) mm of `square`."""
        x, y = self.square_origin(square)
        return x + self.cell / 2, y + self.cell / 2


LEGEND_ITEMS = 12  # six zones, sea, water, camp, elevation, hiding place, boat (+ the day line)


def coordinate_pt(cell: float) -> float:
    """Return the size in points of the coordinates round a grid of `cell` mm squares."""
    return _clamp(cell * 0.95, MIN_TEXT_PT, 10.0)


def board_layout(
    size: int, cell_mm: float, coordinates: bool = True, legend: bool = False
) -> BoardLayout:
    """Return the layout of a `size` x `size` island drawn with `cell_mm` squares, with or
    without the coordinate band and the legend."""
    if not 1.5 <= cell_mm <= 60:
        raise ValueError(f"a square of {cell_mm} mm is outside 1.5-60 mm")
    band = 0.0
    if coordinates:
        text = pt_to_mm(coordinate_pt(cell_mm)) * 1.6 + 1.0
        band = max(cell_mm * 0.8, math.ceil(text * 4) / 4)  # a quarter mm: lengths stay exact
    width = size * cell_mm + 2 * band
    rows = columns = 0
    row_h = legend_pt = 0.0
    height = width
    if legend:
        legend_pt = _clamp(cell_mm * 0.9, 6.0, 9.0)
        columns = max(1, min(4, int(width // max(42.0, pt_to_mm(legend_pt) * 20))))
        rows = math.ceil((LEGEND_ITEMS + 1) / columns)
        row_h = pt_to_mm(legend_pt) * 2.7
        height = width + 2.0 + rows * row_h
    return BoardLayout(size, cell_mm, band, rows, columns, row_h, legend_pt, width, height)


def cell_to_fit(
    size: int, width: float, height: float, coordinates: bool = True, legend: bool = False
) -> float:
    """Return the largest square size (mm, a multiple of 0.1, at most 12) at which a
    `size` x `size` island fits a `width` x `height` mm box."""
    cell = 12.0
    while cell > 1.5:
        layout = board_layout(size, cell, coordinates, legend)
        if layout.width <= width + 1e-9 and layout.height <= height + 1e-9:
            return cell
        cell = round(cell - 0.1, 1)
    raise ValueError(f"a {size} x {size} island does not fit {width} x {height} mm")


@once_per_arguments
def island_svg(
    island: Island,
    cell_mm: float = 10.0,
    *,
    coordinates: bool = True,
    legend: bool = False,
    marks: Mapping[int, str] | None = None,
    highlight: Iterable[int] | Mapping[int, str] | None = None,
    zone_names: bool = True,
    square_names: bool = False,
) -> str:
    """Return the island as an SVG document, squares of `cell_mm` mm, true size.

    - coordinates: column letters above and below the grid, row numbers left and right;
    - legend: what each colour and sign means, under the grid (and the length of a day);
    - marks: text written in squares ({square: "3"}), each on a white disc
      (<g class="mark">), for puzzles and examples;
    - highlight: squares outlined and tinted (<rect class="highlight">), in HIGHLIGHT or,
      from a mapping {square: "#rrggbb"}, in each square's own colour;
    - zone_names: each zone's name on a run of its plain squares where it fits;
    - square_names: each square's name small in its top-left corner (the big board).
    """
    layout = board_layout(island.size, cell_mm, coordinates, legend)
    dwg = new_document(layout.width, layout.height)
    dwg.add(
        svgwrite.shapes.Rect(
            insert=(0, 0), size=(layout.width, layout.height), fill="#ffffff", class_="paper"
        )
    )
    _squares(dwg, island, layout)
    _borders(dwg, island, layout)
    _camp(dwg, island, layout)
    _boat_links(dwg, island, layout)
    _boats(dwg, island, layout)
    if zone_names:
        covered = set(marks or ()) | set(highlight or ())
        _zone_names(dwg, island, layout, covered)
    if square_names:
        _square_names(dwg, island, layout)
    if highlight:
        _highlights(dwg, island, layout, highlight)
    if marks:
        _marks(dwg, layout, marks)
    if coordinates:
        _coordinates(dwg, layout)
    if legend:
        _legend(dwg, island, layout)
    return document_text(dwg)


def _rect(parent, x, y, w, h, fill="none", stroke="none", width=0.0, **extra) -> None:
    parent.add(
        svgwrite.shapes.Rect(
            insert=(x, y), size=(w, h), fill=fill, stroke=stroke, stroke_width=width, **extra
        )
    )


def _path(parent, d: str, fill="none", stroke="none", width=0.0, **extra) -> None:
    parent.add(svgwrite.path.Path(d=d, fill=fill, stroke=stroke, stroke_width=width, **extra))


def add_label(parent, text, x, y, w, h, size, **kw) -> float:
    group, height = text_group(text, x, y, w, h, size, **kw)
    parent.add(group)
    return height


# --- squares --------------------------------------------------------------------------------


def square_fill(island: Island, square: int) -> str:
    """Return the colour of `square` on the board: sea, water, hiding place, elevation,
    boat, or its zone's tint."""
    zone = island.zones[square]
    if zone == SEA:
        return SEA_TINT
    if square in island.boats:
        return BOAT_FILL
    if square in island.hiding:
        return HIDING_FILL
    if square in island.elevation:
        return ELEVATION_FILL
    if square in island.water:
        return WATER_FILL
    return ZONE_TINTS[zone]


def is_dark(island: Island, square: int) -> bool:
    """Return True for squares drawn dark (hiding places, boats): white text on them."""
    return square in island.hiding or square in island.boats


def _squares(dwg, island: Island, layout: BoardLayout) -> None:
    """The sea behind everything, then every island square in its colour with its sign."""
    cell = layout.cell
    _rect(dwg, layout.grid_x, layout.grid_y, layout.grid_size, layout.grid_size, SEA_TINT,
          class_="sea")  # fmt: skip
    land = Group(class_="squares", stroke=GRID, stroke_width=fmt(max(0.1, cell * 0.015)))
    signs = Group(class_="signs")
    for square, zone in enumerate(island.zones):
        if zone == SEA:
            continue
        x, y = layout.square_origin(square)
        kind = square_kind(island, square)
        land.add(
            svgwrite.shapes.Rect(
                insert=(x, y), size=(cell, cell), fill=square_fill(island, square), class_=kind
            )
        )
        _sign(signs, kind, x, y, cell)
    dwg.add(land)
    dwg.add(signs)


def _sign(parent, kind: str, x: float, y: float, cell: float) -> None:
    """The small sign that says what a special square is without its colour."""
    if kind == "water":
        for k in (0.35, 0.65):
            yy = y + cell * k
            d = (
                f"M{fmt(x + cell * 0.2)},{fmt(yy)} q{fmt(cell * 0.075)},{fmt(-cell * 0.08)} "
                f"{fmt(cell * 0.15)},0 t{fmt(cell * 0.15)},0 t{fmt(cell * 0.15)},0 "
                f"t{fmt(cell * 0.15)},0"
            )
            _path(parent, d, stroke=RIPPLE, width=max(0.12, cell * 0.03))
    elif kind == "elevation":
        d = (
            f"M{fmt(x + cell * 0.22)},{fmt(y + cell * 0.74)} L{fmt(x + cell * 0.5)},"
            f"{fmt(y + cell * 0.3)} L{fmt(x + cell * 0.78)},{fmt(y + cell * 0.74)} Z"
        )
        _path(parent, d, stroke=PEAK, width=max(0.12, cell * 0.035), stroke_linejoin="round")
    elif kind == "hiding":
        d = (
            f"M{fmt(x + cell * 0.3)},{fmt(y + cell * 0.78)} L{fmt(x + cell * 0.3)},"
            f"{fmt(y + cell * 0.55)} A{fmt(cell * 0.2)},{fmt(cell * 0.2)} 0 0 1 "
            f"{fmt(x + cell * 0.7)},{fmt(y + cell * 0.55)} L{fmt(x + cell * 0.7)},"
            f"{fmt(y + cell * 0.78)}"
        )
        _path(parent, d, stroke="#8d8d8d", width=max(0.12, cell * 0.035))
    elif kind == "boat":
        d = (
            f"M{fmt(x + cell * 0.2)},{fmt(y + cell * 0.58)} L{fmt(x + cell * 0.8)},"
            f"{fmt(y + cell * 0.58)} L{fmt(x + cell * 0.68)},{fmt(y + cell * 0.76)} "
            f"L{fmt(x + cell * 0.32)},{fmt(y + cell * 0.76)} Z "
            f"M{fmt(x + cell * 0.5)},{fmt(y + cell * 0.54)} L{fmt(x + cell * 0.5)},"
            f"{fmt(y + cell * 0.22)} L{fmt(x + cell * 0.72)},{fmt(y + cell * 0.5)} Z"
        )
        _path(parent, d, fill="#ffffff")


def _borders(dwg, island: Island, layout: BoardLayout) -> None:
    """The coast (land against sea) and the borders between zones, as two paths."""
    n, cell = island.size, layout.cell
    coast, zone_edges = [], []

    def zone(r: int, c: int) -> int:
        return island.zones[r * n + c] if 0 <= r < n and 0 <= c < n else SEA

    for r in range(n):
        for c in range(n):
            here = zone(r, c)
            x, y = layout.grid_x + c * cell, layout.grid_y + r * cell
            for dr, dc, segment in (
                (0, 1, (x + cell, y, x + cell, y + cell)),
                (1, 0, (x, y + cell, x + cell, y + cell)),
                (0, -1, (x, y, x, y + cell)),
                (-1, 0, (x, y, x + cell, y)),
            ):
                there = zone(r + dr, c + dc)
                if here == there:
                    continue
                if here == SEA or there == SEA:
                    if here != SEA:
                        coast.append(segment)
                elif (dr, dc) in ((0, 1), (1, 0)):
                    zone_edges.append(segment)
    for segments, colour, width, cls in (
        (zone_edges, INK, cell * 0.06, "zone-border"),
        (coast, COAST, cell * 0.1, "coast"),
    ):
        if segments:
            d = " ".join(f"M{fmt(a)},{fmt(b)} L{fmt(c)},{fmt(e)}" for a, b, c, e in segments)
            _path(dwg, d, stroke=colour, width=max(0.2, width), stroke_linecap="round",
                  class_=cls)  # fmt: skip


def _camp(dwg, island: Island, layout: BoardLayout) -> None:
    """The camp's 2 x 2 block outlined in solid brown, and one fire on logs at its middle."""
    if len(island.camp) != 4:
        return
    cell = layout.cell
    x, y = layout.square_origin(min(island.camp))
    group = Group(class_="camp-block")
    # solid: dashes on a printed page mean cut or fold
    _rect(group, x, y, 2 * cell, 2 * cell, stroke=CAMP_EDGE, width=max(0.25, cell * 0.07))
    cx, cy, s = x + cell, y + cell, cell * 0.9
    for sign in (1, -1):
        group.add(
            svgwrite.shapes.Line(
                (cx - sign * s * 0.42, cy + s * 0.42),
                (cx + sign * s * 0.42, cy + s * 0.2),
                stroke=LOGS,
                stroke_width=fmt(s * 0.13),
                stroke_linecap="round",
            )
        )
    for fill, k, lift in ((FIRE_OUTER, 1.0, 0.0), (FIRE_INNER, 0.55, 0.12)):
        h = s * 0.85 * k
        top, bottom = cy + s * 0.3 - h, cy + s * 0.3 - lift * s
        w = h * 0.42
        d = (
            f"M{fmt(cx)},{fmt(top)} C{fmt(cx + w * 0.6)},{fmt(top + h * 0.35)} "
            f"{fmt(cx + w)},{fmt(top + h * 0.55)} {fmt(cx + w * 0.8)},{fmt(bottom - h * 0.18)} "
            f"C{fmt(cx + w * 0.6)},{fmt(bottom)} {fmt(cx - w * 0.6)},{fmt(bottom)} "
            f"{fmt(cx - w * 0.8)},{fmt(bottom - h * 0.18)} "
            f"C{fmt(cx - w)},{fmt(top + h * 0.55)} {fmt(cx - w * 0.35)},{fmt(top + h * 0.45)} "
            f"{fmt(cx)},{fmt(top)} Z"
        )
        _path(group, d, fill=fill, stroke=CAMP_EDGE if k == 1.0 else "none",
              width=max(0.1, cell * 0.02))  # fmt: skip
    dwg.add(group)


def _boat_links(dwg, island: Island, layout: BoardLayout) -> None:
    """A solid wavy red line, a sea lane, between each pair of neighbouring boats in the
    ring (W-N, N-E, E-S, S-W): out from each boat over the sea to the board's edge on its
    side (see way_out), and along that edge round the corner between them. Each stretch is
    a whole number of waves, so the two lanes leaving a boat share one wave on its way out.
    Wavy, not dashed: dashes on a printed page mean cut or fold."""
    cell = layout.cell
    group = Group(class_="boat-links", fill="none", stroke=BOAT_FILL)
    group["stroke-width"] = fmt(max(0.25, cell * 0.07))
    group["stroke-linejoin"] = "round"
    group["stroke-linecap"] = "round"
    left, top = layout.grid_x + cell * 0.5, layout.grid_y + cell * 0.5
    right, bottom = left + layout.grid_size - cell, top + layout.grid_size - cell
    corners = ((left, top), (right, top), (right, bottom), (left, bottom))  # NW NE SE SW
    outs = [[layout.square_centre(s) for s in way_out(island, side)] for side in range(4)]
    waves = [wave_points(out, cell * LANE_WAVE, cell * LANE_SWING) for out in outs]
    for i in range(4):
        (px, py), (qx, qy) = outs[i][-1], outs[(i + 1) % 4][-1]
        kx, ky = corners[i]  # W-N turns at the north-west corner, and so on
        r = cell * 1.5
        ux, uy = _towards(kx, ky, px, py, r)
        vx, vy = _towards(kx, ky, qx, qy, r)
        edge = [(px, py), *quadratic((ux, uy), (kx, ky), (vx, vy)), (qx, qy)]
        along = wave_points(edge, cell * LANE_WAVE, cell * LANE_SWING)
        there = waves[(i + 1) % 4][::-1]
        group.add(svgwrite.path.Path(d=wave_data([waves[i], along, there])))
    dwg.add(group)


def way_out(island: Island, side: int) -> list[int]:
    """Return the squares from the boat of `side` (0 west, 1 north, 2 east, 3 south) to
    the board's edge on that side: straight out when only sea lies that way, else the
    shortest way over sea squares (the straight line when no sea way exists)."""
    n, boat = island.size, island.boats[side]
    row, column = divmod(boat, n)
    dr, dc = ((0, -1), (-1, 0), (0, 1), (1, 0))[side]

    def on_edge(square: int) -> bool:
        r, c = divmod(square, n)
        return (c, r, n - 1 - c, n - 1 - r)[side] == 0

    straight = [boat]
    while not on_edge(straight[-1]):
        r, c = divmod(straight[-1], n)
        straight.append((r + dr) * n + c + dc)
    if all(island.zones[s] == SEA for s in straight[1:]):
        return straight
    parent = {boat: boat}
    queue = [boat]
    for square in queue:
        if square != boat and on_edge(square):
            path = [square]
            while path[-1] != boat:
                path.append(parent[path[-1]])
            return path[::-1]
        r, c = divmod(square, n)
        for sr, sc in ((dr, dc), (dc, dr), (-dc, -dr), (-dr, -dc)):  # outward first
            nr, nc = r + sr, c + sc
            nxt = nr * n + nc
            if 0 <= nr < n and 0 <= nc < n and nxt not in parent and island.zones[nxt] == SEA:
                parent[nxt] = square
                queue.append(nxt)
    return straight


def _towards(x: float, y: float, tx: float, ty: float, r: float) -> tuple[float, float]:
    """Return the point `r` mm from (x, y) towards (tx, ty) (or (tx, ty) if nearer)."""
    dx, dy = tx - x, ty - y
    length = math.hypot(dx, dy)
    if length <= r:
        return tx, ty
    return x + dx * r / length, y + dy * r / length


def boat_letter_pt(cell: float) -> float:
    """Return the size in points of a boat's side letter in a `cell` mm square."""
    return _clamp(cell * 0.55, MIN_TEXT_PT, 7.0)


def _boats(dwg, island: Island, layout: BoardLayout) -> None:
    """Each boat square again on top of its links, with its side's letter."""
    cell = layout.cell
    group = Group(class_="boats")
    for side, square in zip(BOAT_SIDES, island.boats, strict=True):
        x, y = layout.square_origin(square)
        _rect(group, x, y, cell, cell, BOAT_FILL, stroke=INK, width=max(0.12, cell * 0.02))
        _sign(group, "boat", x, y, cell)
        size = boat_letter_pt(cell)
        if pt_to_mm(size) * 1.25 <= cell * 0.5:  # else the legend and the links say it
            add_label(group, side[0].upper(), x + cell * 0.5, y, cell * 0.47, cell * 0.5,
                   size, min_size=size, bold=True, fill="#ffffff", align="right",
                   valign="middle")  # fmt: skip
    dwg.add(group)


# --- names ----------------------------------------------------------------------------------


def _plain(island: Island, square: int) -> bool:
    """Return True for a land square with nothing on it (no camp, boat, hiding place or
    elevation)."""
    return (
        island.is_land(square)
        and square not in island.camp
        and square not in island.boats
        and square not in island.hiding
        and square not in island.elevation
    )


def _runs(
    island: Island, zone: int, plain_only: bool, covered: set[int]
) -> list[tuple[int, int, int]]:
    """Return the horizontal runs (row, first column, last column) of a zone's squares
    that are not `covered` (only its plain land squares with `plain_only`)."""
    n, runs = island.size, []
    for r in range(n):
        start = None
        for c in range(n + 1):
            ok = c < n and island.zones[r * n + c] == zone and r * n + c not in covered
            ok = ok and (not plain_only or _plain(island, r * n + c))
            if ok and start is None:
                start = c
            elif not ok and start is not None:
                runs.append((r, start, c - 1))
                start = None
    return runs


def zone_name_pt(cell: float) -> float:
    """Return the size in points of the zone names on a grid of `cell` mm squares."""
    return _clamp(cell * 0.95, MIN_TEXT_PT, 11.0)


def _zone_names(dwg, island: Island, layout: BoardLayout, covered: set[int]) -> None:
    """Each zone's name in capitals on the run of its squares nearest its middle where the
    name fits (plain land first, any of its squares if none), never on a `covered` square
    (marked or highlighted); a zone with no room is left unnamed (the legend names it)."""
    n, cell = island.size, layout.cell
    size = zone_name_pt(cell)
    group = Group(class_="zone-names")
    for zone, name in enumerate(ZONES):
        members = [s for s, z in enumerate(island.zones) if z == zone]
        if not members:
            continue
        mid_r = sum(s // n for s in members) / len(members)
        mid_c = sum(s % n for s in members) / len(members)
        placed = False
        for plain_only in (True, False):
            runs = sorted(
                _runs(island, zone, plain_only, covered),
                key=lambda run: (run[0] - mid_r) ** 2 + ((run[1] + run[2]) / 2 - mid_c) ** 2,
            )
            for r, first, last in runs:
                x = layout.grid_x + first * cell + cell * 0.1
                w = (last - first + 1) * cell - cell * 0.2
                y = layout.grid_y + r * cell + cell * 0.3
                try:
                    add_label(group, name.upper(), x, y, w, cell * 0.62, size,
                           min_size=max(MIN_TEXT_PT, size * 0.7), bold=True, align="center",
                           valign="middle", fill=ZONE_INKS[zone])  # fmt: skip
                except TextOverflow:
                    continue
                placed = True
                break
            if placed:
                break
    dwg.add(group)


def square_name_pt(cell: float) -> float:
    """Return the size in points of the square names in the corners of `cell` mm squares."""
    return _clamp(cell * 0.5, MIN_TEXT_PT, 6.0)


def square_names_fit(island: Island, cell: float) -> bool:
    """Return True when every square's name fits the top-left of a `cell` mm square at
    square_name_pt (about half the square's width), as on the big board."""
    size = pt_to_mm(square_name_pt(cell))
    widest = max(text_width(island.name(s), size, False) for s in range(island.size**2))
    return widest <= cell * 0.5 and size * 1.2 <= cell * 0.3


def overview_svg(island: Island, width: float, height: float) -> str:
    """Return the island drawn at the size it prints in a `width` x `height` mm box (the
    one-page overview): as large as fits, with the coordinates and the legend, and the
    squares' names only where they fit at square_name_pt; nothing under MIN_TEXT_PT."""
    cell = cell_to_fit(island.size, width, height, coordinates=True, legend=True)
    names = square_names_fit(island, cell)
    return island_svg(island, cell, coordinates=True, legend=True, square_names=names)


def _square_names(dwg, island: Island, layout: BoardLayout) -> None:
    """Each island square's name, small, in its top-left corner (white on dark squares)."""
    cell = layout.cell
    size = square_name_pt(cell)
    light = Group(class_="square-names", fill="#3c3c3c", font_size=fmt(pt_to_mm(size)))
    dark = Group(class_="square-names", fill="#ffffff", font_size=fmt(pt_to_mm(size)))
    for group in (light, dark):
        group["font-family"] = "Vera"
    for square, zone in enumerate(island.zones):
        if zone == SEA:
            continue
        x, y = layout.square_origin(square)
        target = dark if is_dark(island, square) or square in island.water else light
        target.add(
            svgwrite.text.Text(
                island.name(square),
                insert=(x + cell * 0.1, y + pt_to_mm(size) * 0.85 + cell * 0.07),
            )
        )
    dwg.add(light)
    dwg.add(dark)


def _highlights(dwg, island: Island, layout: BoardLayout, highlight) -> None:
    """Squares outlined inside their edge and tinted, in their colour."""
    colours = (
        dict(highlight) if isinstance(highlight, Mapping) else dict.fromkeys(highlight, HIGHLIGHT)
    )
    cell = layout.cell
    width = max(0.3, cell * 0.09)
    group = Group(class_="highlights")
    for square in sorted(colours):
        colour = colours[square]
        x, y = layout.square_origin(square)
        _rect(group, x + width / 2, y + width / 2, cell - width, cell - width, colour,
              stroke=colour, width=width, fill_opacity="0.22", class_="highlight")  # fmt: skip
    dwg.add(group)


def mark_pt(cell: float) -> float:
    """Return the size in points of a mark written in a `cell` mm square."""
    return _clamp(cell * 1.0, MIN_TEXT_PT, 12.0)


def _marks(dwg, layout: BoardLayout, marks: Mapping[int, str]) -> None:
    """Each mark's text on a white disc in the middle of its square. The text never goes
    under MIN_TEXT_PT: in a small square its box, and the disc round it, grow to hold a line
    of it (the disc stays inside a square of 3.5 mm or more)."""
    cell = layout.cell
    size = mark_pt(cell)
    line = pt_to_mm(size) * LINE_SPACING + 0.1
    box, radius = max(cell * 0.62, line), max(cell * 0.4, line * 0.65)
    group = Group(class_="marks")
    for square in sorted(marks):
        cx, cy = layout.square_centre(square)
        mark = Group(class_="mark")
        mark.add(
            svgwrite.shapes.Circle(
                (cx, cy), radius, fill="#ffffff", stroke=INK,
                stroke_width=fmt(max(0.12, cell * 0.03)),
            )
        )  # fmt: skip
        add_label(mark, str(marks[square]), cx - box / 2, cy - box / 2, box, box, size,
               min_size=MIN_TEXT_PT, bold=True, align="center", valign="middle",
               fill=INK)  # fmt: skip
        group.add(mark)
    dwg.add(group)


def _coordinates(dwg, layout: BoardLayout) -> None:
    """Column letters above and below the grid, row numbers at its left and right."""
    cell, band, n = layout.cell, layout.band, layout.size
    size = coordinate_pt(cell)
    group = Group(class_="coordinates")
    far = layout.grid_y + layout.grid_size
    for i in range(n):
        letters, number = column_name(i), str(i + 1)
        x = layout.grid_x + i * cell
        for y in (0.0, far):
            add_label(group, letters, x, y, cell, band, size, bold=True, align="center",
                   valign="middle", fill=INK)  # fmt: skip
        y = layout.grid_y + i * cell
        for x in (0.0, layout.grid_x + layout.grid_size):
            add_label(group, number, x, y, band, cell, size, bold=True, align="center",
                   valign="middle", fill=INK)  # fmt: skip
    dwg.add(group)


# --- the legend -----------------------------------------------------------------------------


def legend_entries(island: Island) -> list[tuple[str, str]]:
    """Return the legend as (kind, words): the six zones, the sea, water, the camp,
    elevation, hiding places, boats, and the length of a day."""
    entries = [(f"zone-{z}", name) for z, name in enumerate(ZONES)]
    cycles = f"{island.day} cycle{'' if island.day == 1 else 's'}"
    entries += [
        ("sea", "Sea: nobody goes in it"),
        ("water", "Water: crossed like land; no Hunted starts in it"),
        ("camp", "Hunter Camp: the Hunter starts on one of its 4 squares"),
        ("elevation", "Elevation: a Hunter here sees 8 squares, not 6"),
        ("hiding", "Hiding place: a Hunted here is seen only from 2 squares"),
        ("boat", "Boat: one step to a boat next in the ring (wavy lane), once a turn"),
        ("day", f"A day is {cycles}: the Hunted who last 3 days escape"),
    ]
    return entries


def _legend(dwg, island: Island, layout: BoardLayout) -> None:
    """The legend under the grid: a swatch and its words, in columns."""
    entries = legend_entries(island)
    size = layout.legend_pt
    swatch = pt_to_mm(size) * 2.0
    column_w = (layout.width - 2.0) / layout.legend_columns
    top = layout.width + 2.0
    group = Group(class_="legend")
    for index, (kind, words) in enumerate(entries):
        column, row = divmod(index, layout.legend_rows)
        x = 1.0 + column * column_w
        y = top + row * layout.legend_row_h
        sy = y + (layout.legend_row_h - swatch) / 2
        if kind == "camp":
            _rect(group, x, sy, swatch, swatch, ZONE_TINTS[1], stroke=CAMP_EDGE, width=0.3)
            _flame(group, x + swatch / 2, sy + swatch / 2, swatch * 0.8)
        elif kind == "day":
            _sun(group, x + swatch / 2, sy + swatch / 2, swatch * 0.3)
        else:
            fill = {
                "sea": SEA_TINT,
                "water": WATER_FILL,
                "elevation": ELEVATION_FILL,
                "hiding": HIDING_FILL,
                "boat": BOAT_FILL,
            }.get(kind) or ZONE_TINTS[int(kind.split("-")[1])]
            _rect(group, x, sy, swatch, swatch, fill, stroke=GRID, width=0.2)
            _sign(group, kind, x, sy, swatch)
        add_label(group, words, x + swatch + 1.5, y, column_w - swatch - 3.0, layout.legend_row_h,
               size, min_size=size * 0.75, valign="middle", fill=INK)  # fmt: skip
    dwg.add(group)


def _flame(parent, cx: float, cy: float, s: float) -> None:
    h, w = s * 0.8, s * 0.32
    top, bottom = cy - h / 2, cy + h / 2
    d = (
        f"M{fmt(cx)},{fmt(top)} C{fmt(cx + w)},{fmt(cy - h * 0.1)} {fmt(cx + w)},{fmt(bottom)} "
        f"{fmt(cx)},{fmt(bottom)} C{fmt(cx - w)},{fmt(bottom)} {fmt(cx - w)},{fmt(cy - h * 0.1)} "
        f"{fmt(cx)},{fmt(top)} Z"
    )
    _path(parent, d, fill=FIRE_OUTER)


def _sun(parent, cx: float, cy: float, r: float) -> None:
    parent.add(svgwrite.shapes.Circle((cx, cy), r, fill=ELEVATION_FILL, stroke=PEAK,
                                      stroke_width=0.25))  # fmt: skip
    rays = " ".join(
        f"M{fmt(cx + r * 1.3 * math.cos(a))},{fmt(cy + r * 1.3 * math.sin(a))} "
        f"L{fmt(cx + r * 1.75 * math.cos(a))},{fmt(cy + r * 1.75 * math.sin(a))}"
        for a in (k * math.pi / 4 for k in range(8))
    )
    _path(parent, rays, stroke=PEAK, width=0.3)


__all__ = [
    "BoardLayout",
    "board_layout",
    "cell_to_fit",
    "island_svg",
    "legend_entries",
    "overview_svg",
    "square_fill",
]
