"""Parforcejagd drawn in code: the hunting board at any size, and the ten pieces' icons.

`board_svg` is the big board, the one-page overview, the puzzle book's diagrams and the
reference card's small examples, at different square sizes. What a drawing holds: land in a
pale meadow green, the pond in blue with ripples and a ring of arrows showing the hunt's way
round it, thickets as dark squares with small trees, the start squares lettered c, a, b, k
in their corner, optionally the coordinates round the edge, the pieces standing on their
squares, squares highlighted, and text marks.

The icons (`draw_icon`) are drawn paths: the stag's antlered head, a hound's head with its
drooping ear, a horse's head with its mane for the riders (a chess knight's silhouette
drawn in our own paths), a standing figure with a leash for the
handler. Hounds and riders carry their number.

Lengths are millimetres (the SVG user unit), text sizes points; labels are fitted with
render.text.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import svgwrite
from svgwrite.container import Group

from generator.games.parforce.board import HuntingBoard
from generator.games.parforce.rules import PIECES
from generator.render.fonts import text_width
from generator.render.svg import document_text, new_document, once_per_arguments
from generator.render.text import LINE_SPACING, text_group
from generator.render.units import fmt, letters, pt_to_mm

INK = "#1f1f1f"
GRID = "#7b8a6a"
LAND = "#eef3dc"
POND = "#9cc7e6"
RIPPLE = "#e4f1fb"
ARROW = "#1e4f7a"
THICKET = "#5f7f45"
TREE = "#2f4a22"
START_INK = "#6d6a4f"
HIGHLIGHT = "#c2187a"
# Each kind of piece: its token's ring and icon colour, and its name on the board.
KINDS = {
    "stag": ("#7a4416", "Stag"),
    "hound": ("#a8600f", "Hound"),
    "handler": ("#2f6a3a", "Handler"),
    "rider": ("#8c1d2c", "Rider"),
}
TOKEN_FILL = "#fbf8f0"
MIN_TEXT_PT = 6.0  # the smallest type a drawing prints at true size: numbers, letters


# The icons, drawn in a box from -1 to 1 each way (y down), filled in the kind's colour.
_STAG = (
    "M -0.2 -0.1 L 0.2 -0.1 L 0.13 0.5 Q 0 0.72 -0.13 0.5 Z",  # the face
    "M -0.2 -0.08 L -0.58 -0.2 L -0.22 0.08 Z M 0.2 -0.08 L 0.58 -0.2 L 0.22 0.08 Z",  # ears
)
_STAG_ANTLERS = (
    "M -0.1 -0.12 C -0.2 -0.45 -0.4 -0.6 -0.5 -0.9 M -0.28 -0.43 L -0.62 -0.46 "
    "M -0.43 -0.7 L -0.28 -0.92 M 0.1 -0.12 C 0.2 -0.45 0.4 -0.6 0.5 -0.9 "
    "M 0.28 -0.43 L 0.62 -0.46 M 0.43 -0.7 L 0.28 -0.92"
)
_HOUND = (
    "M -0.55 -0.3 Q -0.25 -0.62 0.15 -0.42 L 0.68 -0.12 Q 0.78 0.04 0.6 0.12 "
    "L 0.12 0.16 Q 0.02 0.5 -0.3 0.66 L -0.6 0.2 Z",
)
_HOUND_EAR = "M -0.28 -0.38 Q 0.0 -0.22 -0.1 0.32 Q -0.3 0.22 -0.38 -0.28 Z"
# The horse's head, a chess knight's idea: the pricked ear, the face running down to a rounded
# muzzle, the jowl, the neck cut off straight under the crest; facing left.
_HORSE = (
    "M -0.14 0.76 C -0.12 0.5 -0.04 0.32 -0.06 0.14 "  # the throat, up to the jowl
    "C -0.14 0.32 -0.34 0.36 -0.48 0.31 "  # under the jaw to the chin
    "L -0.6 0.32 C -0.78 0.33 -0.83 0.15 -0.74 0.05 "  # the lips and the rounded nose
    "C -0.62 -0.1 -0.42 -0.3 -0.18 -0.52 "  # the face up to the forehead
    "L -0.06 -0.9 L 0.12 -0.56 "  # the ear
    "C 0.42 -0.46 0.62 -0.12 0.64 0.2 C 0.65 0.44 0.62 0.6 0.6 0.76 Z",  # crest and neck
)
# The mane along the crest, tufted on its inner edge; drawn a shade darker over the neck.
_HORSE_MANE = (
    "M 0.1 -0.58 C 0.42 -0.46 0.62 -0.12 0.64 0.2 C 0.65 0.44 0.62 0.6 0.6 0.76 "
    "L 0.46 0.76 L 0.48 0.54 L 0.38 0.44 L 0.46 0.24 L 0.34 0.12 L 0.38 -0.08 L 0.24 -0.16 "
    "L 0.24 -0.34 L 0.08 -0.4 Z"
)
_HANDLER = (
    "M -0.3 -0.44 m -0.17 0 a 0.17 0.17 0 1 0 0.34 0 a 0.17 0.17 0 1 0 -0.34 0",  # head
    "M -0.52 -0.2 L -0.08 -0.2 L 0.0 0.3 L -0.14 0.3 L -0.16 0.85 L -0.27 0.85 L -0.3 0.4 "
    "L -0.33 0.85 L -0.44 0.85 L -0.46 0.3 L -0.6 0.3 Z",  # body and legs
)
_LEASH = "M -0.1 -0.1 L 0.22 0.1 C 0.5 0.25 0.55 0.5 0.5 0.62"
_COLLAR = "M 0.5 0.72 m -0.12 0 a 0.12 0.12 0 1 0 0.24 0 a 0.12 0.12 0 1 0 -0.24 0"


def piece_kind(piece: str) -> str:
    """Return the kind of piece `piece` (S, H1-H4, K, R1-R4): stag, hound, handler, rider."""
    return {"S": "stag", "H": "hound", "K": "handler", "R": "rider"}[piece[0]]


def piece_number(piece: str) -> str:
    """Return the number a hound or rider carries ("" for the stag and the handler)."""
    return piece[1:]


def icon_paths(kind: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Return the icon of `kind` as (filled paths, stroked paths), in the -1..1 box."""
    return {
        "stag": (_STAG, (_STAG_ANTLERS,)),
        "hound": ((*_HOUND, _HOUND_EAR), ()),
        "rider": (_HORSE, ()),
        "handler": (_HANDLER, (_LEASH, _COLLAR)),
    }[kind]


def draw_icon(parent, piece: str, cx: float, cy: float, size: float, token: bool = True) -> None:
    """Draw piece `piece`'s icon centred on (cx, cy), `size` mm across: on a round token
    (a pale disc with a ring in its kind's colour) unless `token` is False; hounds and
    riders carry their number in a small badge."""
    kind = piece_kind(piece)
    colour = KINDS[kind][0]
    group = Group(class_=f"piece piece-{piece}")
    radius = size / 2
    if token:
        group.add(
            svgwrite.shapes.Circle(
                (cx, cy), radius, fill=TOKEN_FILL, stroke=colour, stroke_width=size * 0.07
            )
        )
    scale = radius * (0.74 if token else 0.95)
    icon = Group(transform=f"translate({fmt(cx)} {fmt(cy)}) scale({fmt(scale)})")
    filled, stroked = icon_paths(kind)
    for path in filled:
        icon.add(svgwrite.path.Path(d=path, fill=colour))
    if kind == "hound":  # the ear a shade darker over the head
        icon.add(svgwrite.path.Path(d=_HOUND_EAR, fill="#000000", fill_opacity=0.3))
        icon.add(svgwrite.shapes.Circle((0.22, -0.2), 0.06, fill=TOKEN_FILL))
    if kind == "rider":  # the mane a shade darker, the eye and the nostril
        icon.add(svgwrite.path.Path(d=_HORSE_MANE, fill="#000000", fill_opacity=0.3))
        icon.add(svgwrite.shapes.Circle((-0.27, -0.3), 0.065, fill=TOKEN_FILL))
        icon.add(svgwrite.shapes.Circle((-0.66, 0.13), 0.045, fill=TOKEN_FILL))
    for path in stroked:
        icon.add(
            svgwrite.path.Path(
                d=path,
                fill="none",
                stroke=colour,
                stroke_width=0.11 if kind == "stag" else 0.08,
                stroke_linecap="round",
            )
        )
    group.add(icon)
    number = piece_number(piece)
    if number:
        number_pt = max(MIN_TEXT_PT, radius * 0.36 * 2.2 / pt_to_mm(1))
        # on a small token the badge grows to hold its number at MIN_TEXT_PT
        badge = max(radius * 0.36, MIN_TEXT_PT * pt_to_mm(1) / 1.8)
        bx, by = cx + radius * 0.62, cy + radius * 0.58
        group.add(
            svgwrite.shapes.Circle((bx, by), badge, fill=colour, stroke=TOKEN_FILL,
                                   stroke_width=badge * 0.08)
        )  # fmt: skip
        label, _ = text_group(
            number,
            bx - badge * 1.5,
            by - badge * 1.5,
            3 * badge,
            3 * badge,
            size=number_pt,
            min_size=number_pt,
            bold=True,
            align="center",
            valign="middle",
            fill="#ffffff",
        )
        group.add(label)
    parent.add(group)


@dataclass(frozen=True)
class BoardLayout:
    """Where a board drawing puts things (mm): square size, coordinate band, whole size."""

    size: int
    cell: float
    band: float

    @property
    def width(self) -> float:
        return self.size * self.cell + 2 * self.band

    def origin(self, square: int) -> tuple[float, float]:
        """Return the top-left corner of `square` (north at the top)."""
        row, column = divmod(square, self.size)
        return self.band + column * self.cell, self.band + (self.size - 1 - row) * self.cell

    def centre(self, square: int) -> tuple[float, float]:
        """Return the centre of `square`."""
        x, y = self.origin(square)
        return x + self.cell / 2, y + self.cell / 2


def coordinate_pt(cell: float) -> float:
    """Return the size in points of the coordinates round a board of `cell` mm squares."""
    return max(MIN_TEXT_PT, min(10.0, cell * 0.6))


def board_layout(size: int, cell_mm: float, coordinates: bool = True) -> BoardLayout:
    """Return the layout of a `size` board drawn with `cell_mm` squares."""
    if not 2.0 <= cell_mm <= 80:
        raise ValueError(f"a square of {cell_mm} mm is outside 2-80 mm")
    band = max(cell_mm * 0.5, pt_to_mm(coordinate_pt(cell_mm)) * 1.8) if coordinates else 0.0
    return BoardLayout(size, cell_mm, band)


def cell_to_fit(size: int, width: float, height: float, coordinates: bool = True) -> float:
    """Return the largest square size (mm, a multiple of 0.5, at most 40) at which a `size`
    board fits a `width` x `height` mm box."""
    cell = 40.0
    while cell > 2.0:
        if board_layout(size, cell, coordinates).width <= min(width, height) + 1e-9:
            return cell
        cell -= 0.5
    raise ValueError(f"a {size} x {size} board does not fit {width} x {height} mm")


@once_per_arguments
def board_svg(
    board: HuntingBoard,
    cell_mm: float = 20.0,
    *,
    pieces: Mapping[str, str | int] | None = None,
    marks: Mapping[int, str] | None = None,
    highlight: Iterable[int] | None = None,
    coordinates: bool = True,
    arrow: bool = True,
    starts: bool = True,
    finished: bool = False,
) -> str:
    """Return `board` as an SVG document with `cell_mm` squares, true size.

    - pieces: {piece: square} (a name like "e9" or an index) drawn as tokens; a token on a
      lettered start square stands smaller in its lower right, so the letter still reads;
    - marks: text written small in squares ({square: "1"}), e.g. a move's number;
    - highlight: squares outlined and tinted;
    - coordinates: column letters above and below, row numbers left and right;
    - arrow: the ring of arrows round the pond; starts: the start letters c a b k;
    - finished: the board as a player's board, like the island's: a title above the grid,
      and under it the order of play, a legend of the start squares and a compass with the
      hunt's way round the pond (margins.py)."""
    from generator.games.parforce.margins import TOP_MARGIN, bottom_margin, draw_margins

    layout = board_layout(board.size, cell_mm, coordinates)
    top = TOP_MARGIN * cell_mm if finished else 0.0
    height = layout.width + top + (bottom_margin(cell_mm) if finished else 0.0)
    dwg = new_document(layout.width, height)
    dwg.add(svgwrite.shapes.Rect((0, 0), (layout.width, height), fill="#ffffff"))
    grid = Group(transform=f"translate(0 {fmt(top)})") if finished else dwg
    _squares(grid, board, layout)
    lettered = _start_squares(board) if starts else {}
    if starts:
        _start_letters(grid, lettered, layout)
    if arrow:
        _arrows(grid, board, layout)
    if highlight:
        for square in highlight:
            x, y = layout.origin(square)
            inset = cell_mm * 0.06
            grid.add(
                svgwrite.shapes.Rect(
                    (x + inset, y + inset),
                    (cell_mm - 2 * inset, cell_mm - 2 * inset),
                    fill=HIGHLIGHT,
                    fill_opacity=0.18,
                    stroke=HIGHLIGHT,
                    stroke_width=max(0.3, cell_mm * 0.05),
                    class_="highlight",
                )
            )
    if coordinates:
        _coordinates(grid, layout)
    for piece, where in (pieces or {}).items():
        square = board.parse(where) if isinstance(where, str) else where
        cx, cy = layout.centre(square)
        if square in lettered:  # aside, under the letter's corner
            draw_icon(grid, piece, cx + cell_mm * 0.13, cy + cell_mm * 0.13, cell_mm * 0.68)
        else:
            draw_icon(grid, piece, cx, cy, cell_mm * 0.84)
    for square, text in (marks or {}).items():
        _mark(grid, text, *layout.origin(square), cell_mm)
    if finished:
        dwg.add(grid)
        draw_margins(dwg, board, layout, top)
    return document_text(dwg)


def mark_pt(cell: float) -> float:
    """Return the size in points of a mark written in a `cell` mm square."""
    return max(MIN_TEXT_PT, cell * 1.3)


def _mark(parent, text: str, x: float, y: float, cell: float) -> None:
    """A mark (a move's number) in the top right of the square at (x, y), on a white plate
    edged in HIGHLIGHT, so it reads over a token standing there too."""
    size_mm = pt_to_mm(mark_pt(cell))
    width = text_width(text, size_mm, True) + size_mm * 0.3
    height = size_mm * LINE_SPACING
    left, top = x + cell * 0.95 - width, y + cell * 0.04
    plate = svgwrite.shapes.Rect((left, top), (width, height), rx=height * 0.2, fill="#ffffff",
                                 stroke=HIGHLIGHT, stroke_width=max(0.12, cell * 0.025),
                                 class_="mark")  # fmt: skip
    parent.add(plate)
    label, _ = text_group(text, left, top, width, height, size=mark_pt(cell),
                          min_size=mark_pt(cell), bold=True, align="center", valign="middle",
                          fill=HIGHLIGHT)  # fmt: skip
    parent.add(label)


def _squares(dwg, board: HuntingBoard, layout: BoardLayout) -> None:
    cell = layout.cell
    for square in range(board.cells):
        x, y = layout.origin(square)
        fill = POND if square in board.pond else THICKET if square in board.thickets else LAND
        dwg.add(
            svgwrite.shapes.Rect(
                (x, y), (cell, cell), fill=fill, stroke=GRID, stroke_width=max(0.15, cell * 0.012)
            )
        )
        if square in board.pond:
            for row in (0.35, 0.65):
                yy = y + cell * row
                d = (
                    f"M {fmt(x + cell * 0.2)} {fmt(yy)} q {fmt(cell * 0.15)} {fmt(-cell * 0.08)} "
                    f"{fmt(cell * 0.3)} 0 t {fmt(cell * 0.3)} 0"
                )
                dwg.add(
                    svgwrite.path.Path(
                        d=d, fill="none", stroke=RIPPLE, stroke_width=max(0.15, cell * 0.03)
                    )
                )
        elif square in board.thickets:
            for tx, ty in ((0.3, 0.4), (0.62, 0.32), (0.5, 0.68)):
                cx, cy, r = x + cell * tx, y + cell * ty, cell * 0.14
                d = (
                    f"M {fmt(cx)} {fmt(cy - r)} L {fmt(cx + r * 0.8)} {fmt(cy + r)} "
                    f"L {fmt(cx - r * 0.8)} {fmt(cy + r)} Z"
                )
                dwg.add(svgwrite.path.Path(d=d, fill=TREE))
    edge = layout.size * cell
    dwg.add(
        svgwrite.shapes.Rect(
            (layout.band, layout.band),
            (edge, edge),
            fill="none",
            stroke=INK,
            stroke_width=max(0.3, cell * 0.025),
        )  # fmt: skip
    )


def _start_squares(board: HuntingBoard) -> dict[int, str]:
    """Return the start squares and their letters: c the stag, a the hounds, b the riders,
    k the handler."""
    letters_at = {board.stag: "c", board.handler: "k"}
    letters_at.update(dict.fromkeys(board.hounds, "a"))
    letters_at.update(dict.fromkeys(board.riders, "b"))
    return letters_at


def start_letter_pt(cell: float) -> float:
    """Return the size in points of a start letter in a `cell` mm square."""
    return max(MIN_TEXT_PT, cell * 0.75)


def _start_letters(dwg, letters_at: Mapping[int, str], layout: BoardLayout) -> None:
    cell = layout.cell
    size = start_letter_pt(cell)
    for square, letter in letters_at.items():
        x, y = layout.origin(square)
        label, _ = text_group(
            letter, x + cell * 0.06, y + cell * 0.02, cell * 0.4, max(cell * 0.34,
            pt_to_mm(size) * 1.3), size=size, min_size=size, bold=True, fill=START_INK,
        )  # fmt: skip
        dwg.add(label)


def arc_head(end, angle: float, sign: int, ahead: float, behind: float, half: float):
    """Return the three points of an arrowhead at `end` of an arc round the pond, pointing
    along its tangent there (`angle` the end's angle on the circle, `sign` the way round):
    its tip `ahead` mm past the end, its back `behind` mm before it, `half` mm each side."""
    tx, ty = -math.sin(angle) * sign, math.cos(angle) * sign
    nx, ny = -ty, tx
    tip = (end[0] + tx * ahead, end[1] + ty * ahead)
    back = (end[0] - tx * behind, end[1] - ty * behind)
    return [tip, (back[0] + nx * half, back[1] + ny * half),
            (back[0] - nx * half, back[1] - ny * half)]  # fmt: skip


def _arrows(dwg, board: HuntingBoard, layout: BoardLayout) -> None:
    """Three arcs round the pond's centre, each ending in an arrowhead the hunt's way."""
    cx2, cy2 = board.centre2()
    cell = layout.cell
    x = layout.band + (cx2 / 2 + 0.5) * cell
    y = layout.band + (board.size - 1 - cy2 / 2 + 0.5) * cell
    columns = [s % board.size for s in board.pond]
    rows = [s // board.size for s in board.pond]
    half = min(max(columns) - min(columns), max(rows) - min(rows)) / 2 + 0.5
    radius = max(0.32, half - 0.2) * cell
    sign = 1 if board.clockwise else -1  # on the page (y down) clockwise is a growing angle
    width = max(0.3, cell * 0.05)
    for start in (0.0, 2 * math.pi / 3, 4 * math.pi / 3):
        a0, a1 = start + 0.25, start + 2 * math.pi / 3 - 0.25
        if sign < 0:
            a0, a1 = a1, a0
        p0 = (x + radius * math.cos(a0), y + radius * math.sin(a0))
        p1 = (x + radius * math.cos(a1), y + radius * math.sin(a1))
        d = (
            f"M {fmt(p0[0])} {fmt(p0[1])} A {fmt(radius)} {fmt(radius)} 0 0 "
            f"{1 if sign > 0 else 0} {fmt(p1[0])} {fmt(p1[1])}"
        )
        dwg.add(svgwrite.path.Path(d=d, fill="none", stroke=ARROW, stroke_width=width,
                                   class_="hunt-arrow"))  # fmt: skip
        head = cell * 0.16
        points = arc_head(p1, a1, sign, head * 0.6, head * 0.6, head * 0.55)
        dwg.add(svgwrite.shapes.Polygon(points, fill=ARROW))


def _coordinates(dwg, layout: BoardLayout) -> None:
    size_pt = coordinate_pt(layout.cell)
    band, cell, n = layout.band, layout.cell, layout.size
    for index in range(n):
        x = band + index * cell
        for y in (0.0, band + n * cell):
            label, _ = text_group(letters(index).lower(), x, y, cell, band, size=size_pt,
                                  align="center", valign="middle", fill=INK)  # fmt: skip
            dwg.add(label)
        y = band + (n - 1 - index) * cell
        for x0 in (0.0, band + n * cell):
            label, _ = text_group(str(index + 1), x0, y, band, cell, size=size_pt,
                                  align="center", valign="middle", fill=INK)  # fmt: skip
            dwg.add(label)


def start_pieces(board: HuntingBoard) -> dict[str, int]:
    """Return every piece on its start square ({piece: square})."""
    return dict(zip(PIECES, board.starts(), strict=True))
