"""Board tiling: a board bigger than the printable area, split across pages to be glued.

Each page (a tile) shows one region of the board at 100% scale, anchored at the top-left
corner of the printable area. The board is shared out evenly, as a publisher splits it: the
tiles of a row (and of a column) are all the same size, no last tile holding a sliver of
the board on an almost empty page. Neighbouring tiles repeat `overlap` mm of the board: on the
tile to the left (or above) that strip is the glue strip, labelled, and both tiles carry
the same cross-hair alignment marks at the same board positions. The player cuts off the
left and top margins of each tile and lays it over its neighbour's glue strip.

The same board can also be written whole on one page (write_board_page).

Board coordinates are mm with y measured from the board's top edge downward, as in the
SVG; page coordinates are mm from the page's bottom-left corner, as in pdf.py.
"""

import math
from dataclasses import dataclass, replace
from pathlib import Path

from generator.errors import QuarryError
from generator.render.fonts import ascent_descent, text_width
from generator.render.layouts import Paper, TilingLayout
from generator.render.pdf import CLEAR_EDGE, Footer, PdfDocument, fit_size
from generator.render.svg import svg_size_mm
from generator.render.units import fmt, mm_to_pt, pt_to_mm
from generator.render.units import letters as row_letters

Rect = tuple[float, float, float, float]  # x, y, width, height

MAX_TILES = 100
# The smallest board side worth tiling: less is a drawing unit gone wrong (a board
# declared 0.0001 mm wide printed as "0 x 0 mm").
MIN_BOARD_MM = 10.0
# The largest page PDF viewers are required to show: 200 inches.
MAX_PAGE_MM = 5080.0
EPSILON = 1e-6
LABEL_PT = 6.0
# How tiles go together, written once: each tile's footer prints it, and the kit guides
# of the games with tiled boards (and of `quarry tile`) quote it word for word. It fits
# one line of the footer band at TILE_NOTE_PT on A4 and on Letter.
TILE_ASSEMBLY = (
    "Trim each tile's left and top margins, except along the board's outer edge; lay it "
    "over its neighbour's glue strip, cross marks meeting, and glue."
)
TILE_NOTE_PT = 6.0


@dataclass(frozen=True)
class Tile:
    """One page of a tiled board.

    `label` is the row letter and column number ("A1", "B3"). `board_rect` is the region of
    the board on this page as (x, y, w, h) in board mm, y measured from the board's top edge
    downward. `page_rect` is where that region is drawn, (x, y, w, h) in mm from the page's
    bottom-left corner.
    """

    row: int
    col: int
    label: str
    board_rect: Rect
    page_rect: Rect


@dataclass(frozen=True)
class TilePlan:
    """How a board is cut into tiles: the page used, the grid, and every tile row by row."""

    page: Paper
    rows: int
    cols: int
    tiles: list[Tile]
    board_width: float
    board_height: float
    tiling: TilingLayout
    tile_width: float  # every tile's region of the board, overlaps included
    tile_height: float

    @property
    def printable(self) -> Rect:
        """Return the printable area (x, y, w, h) in page mm, above the footer band."""
        return _printable(self.page, self.tiling)

    def tile(self, row: int, col: int) -> Tile:
        """Return the tile in `row`, `col` (both counted from 0)."""
        return self.tiles[row * self.cols + col]


def plan_tiles(board_w: float, board_h: float, paper: Paper, tiling: TilingLayout) -> TilePlan:
    """Return the TilePlan for a board `board_w` x `board_h` mm printed on `paper`.

    The page is portrait or landscape, whichever needs fewer pages (portrait on a tie). The
    margin is the tiling's, or the paper's clear_edge where that is wider (Letter's quarter
    inch). Every tile shows an equal part of the board: with n tiles across, each is
    (width + (n - 1) x overlap) / n wide, and the same down.
    Raises QuarryError for a board under MIN_BOARD_MM a side, or one that would take over
    100 tiles.
    """
    _check_board_size(board_w, board_h, None)
    if paper.clear_edge > tiling.margin:  # the paper's printers clip more than the tiling keeps
        tiling = replace(tiling, margin=paper.clear_edge)
    portrait = _grid(board_w, board_h, paper, tiling)
    landscape = _grid(board_w, board_h, paper.landscape(), tiling)
    page, rows, cols = portrait if _count(landscape) >= _count(portrait) else landscape
    if rows * cols > MAX_TILES:
        raise QuarryError(
            f"the board is {fmt(board_w)} x {fmt(board_h)} mm: tiled on {paper.name} it would "
            f"take {rows * cols} pages, more than {MAX_TILES}; check the board's width and "
            "height, or print it whole with a one-page board"
        )
    px = _printable(page, tiling)[0]
    tile_w = _even_share(board_w, cols, tiling.overlap)
    tile_h = _even_share(board_h, rows, tiling.overlap)
    step_w, step_h = tile_w - tiling.overlap, tile_h - tiling.overlap
    top = page.height - tiling.margin
    tiles = []
    for row in range(rows):
        for col in range(cols):
            x, y = col * step_w, row * step_h
            # the last tile ends exactly on the board's edge, whatever the rounding
            w = board_w - x if col == cols - 1 else tile_w
            h = board_h - y if row == rows - 1 else tile_h
            tiles.append(
                Tile(row, col, f"{row_letters(row)}{col + 1}", (x, y, w, h), (px, top - h, w, h))
            )
    return TilePlan(page, rows, cols, tiles, board_w, board_h, tiling, tile_w, tile_h)


def _even_share(length: float, count: int, overlap: float) -> float:
    """Return the length each of `count` tiles covers of a board `length` mm long when
    they share it equally, neighbours repeating `overlap` mm."""
    return length if count == 1 else (length + (count - 1) * overlap) / count


def _printable(page: Paper, tiling: TilingLayout) -> Rect:
    m = tiling.margin
    return (m, m + tiling.footer_band, page.width - 2 * m, page.height - 2 * m - tiling.footer_band)


def _grid(board_w: float, board_h: float, page: Paper, tiling: TilingLayout):
    _, _, pw, ph = _printable(page, tiling)
    if min(pw, ph) - tiling.overlap <= 0:
        raise QuarryError(
            f"tiling {tiling.name!r}: margins, footer band and a {fmt(tiling.overlap)} mm "
            f"overlap leave no room for the board on {page.name} paper"
        )
    return page, _pieces(board_h, ph, tiling.overlap), _pieces(board_w, pw, tiling.overlap)


def _pieces(length: float, printable: float, overlap: float) -> int:
    if length <= printable + EPSILON:
        return 1
    return 1 + math.ceil((length - printable) / (printable - overlap) - EPSILON)


def _count(grid) -> int:
    return grid[1] * grid[2]


def _check_board_size(width: float, height: float, where: str | None) -> None:
    """Raise QuarryError unless the board is at least MIN_BOARD_MM on each side."""
    for side, length in (("width", width), ("height", height)):
        if not (math.isfinite(length) and length >= MIN_BOARD_MM):
            raise QuarryError(
                f"the board is {_length(width)} x {_length(height)} mm: its {side} is under "
                f"{fmt(MIN_BOARD_MM)} mm, the smallest board side Quarry tiles",
                where=where,
            )


def _length(mm: float) -> str:
    """Return `mm` for a message: as fmt() does, but a tiny length is not shown as 0."""
    return fmt(mm) if mm == 0 or abs(mm) >= 0.001 else f"{mm:.3g}"


def board_size(svg_text: str, name: str) -> tuple[float, float]:
    """Return the (width, height) in mm of a board SVG, or raise QuarryError saying why not."""
    try:
        width, height = svg_size_mm(svg_text)
    except ValueError as error:
        raise QuarryError(f"board SVG: {error}", where=name) from None
    _check_board_size(width, height, name)
    return width, height


def read_board_svg(path: Path) -> tuple[str, float, float]:
    """Return the text of the user's board SVG at `path` and its width and height in mm:
    read through generator.userfiles (size, UTF-8, depth and element count checked before
    anything parses it), then its size checked (QuarryError naming the file)."""
    from generator.userfiles import read_svg, shown

    text = read_svg(path, "a board SVG")
    width, height = board_size(text, shown(path))
    return text, width, height


def _new_document(target: Path, svg_text: str, footer: Footer) -> PdfDocument:
    """A PdfDocument with the board already made into a form, or a QuarryError if it cannot."""
    doc = PdfDocument(target, title=footer.title, subject=footer.component)
    try:
        doc.form(svg_text)
    except Exception as error:  # svglib raises all sorts on broken input; nothing is written
        raise QuarryError(f"board SVG cannot be drawn: {error}", where=footer.component) from None
    return doc


def write_tiled_board(
    target: Path, svg_text: str, paper: Paper, tiling: TilingLayout, footer: Footer
) -> int:
    """Write the board tiled across `paper` pages to `target` and return the page count."""
    width, height = board_size(svg_text, footer.component)
    plan = plan_tiles(width, height, paper, tiling)
    doc = _new_document(target, svg_text, footer)
    pages = len(plan.tiles)
    for tile in plan.tiles:
        doc.begin_page(plan.page.width, plan.page.height)
        _draw_region(doc, svg_text, plan, tile)
        _draw_seams(doc, plan, tile)
        _outline(doc, tile.page_rect)
        _footer_band(doc, plan, tile, footer.text(doc.pages + 1, pages))
        doc.end_page()
    doc.save()
    return doc.pages


def write_board_page(
    target: Path, svg_text: str, big_paper: Paper, footer: Footer, margin: float = 10
) -> int:
    """Write the whole board on one page to `target` and return 1 (the page count).

    The page is `big_paper` (portrait, else landscape) when the board fits inside its
    margins at 100%, otherwise a page of the board's own size plus the margins.
    """
    width, height = board_size(svg_text, footer.component)
    page = None
    for candidate in (big_paper, big_paper.landscape()):
        if width + 2 * margin <= candidate.width and height + 2 * margin <= candidate.height:
            page = candidate
            break
    if page is None:
        page = Paper("board", width + 2 * margin, height + 2 * margin)
        if max(page.width, page.height) > MAX_PAGE_MM:
            raise QuarryError(
                f"board SVG is {fmt(width)} x {fmt(height)} mm: a one-page board can be at most "
                f"{fmt(MAX_PAGE_MM - 2 * margin)} mm on a side (PDF viewers stop at 200 in)",
                where=footer.component,
            )
    doc = _new_document(target, svg_text, footer)
    doc.begin_page(page.width, page.height)
    x, y = (page.width - width) / 2, (page.height - height) / 2
    doc.place(svg_text, x, y)
    text = footer.text(1, 1)
    size = fit_size(text, LABEL_PT, page.width - 2 * margin)
    _, descent = ascent_descent(size)
    # Half way down the margin below the board, but never in the printer's clear edge.
    baseline = max(y / 2 - pt_to_mm(size) * 0.3, CLEAR_EDGE + 0.2 - pt_to_mm(descent))
    doc.text(page.width / 2, baseline, text, size)
    doc.end_page()
    doc.save()
    return doc.pages


# Drawing a tile page.


def _draw_region(doc: PdfDocument, svg_text: str, plan: TilePlan, tile: Tile) -> None:
    """The tile's board region at 100%, clipped to where it goes on the page."""
    bx, by, _, _ = tile.board_rect
    px, py, pw, ph = tile.page_rect
    c = doc.canvas
    c.saveState()
    path = c.beginPath()
    path.rect(*(mm_to_pt(v) for v in (px, py, pw, ph)))
    c.clipPath(path, stroke=0, fill=0)
    # The board's top-left corner sits at (px - bx, top of region + by).
    doc.place(svg_text, px - bx, py + ph + by - plan.board_height)
    c.restoreState()


def _to_page(tile: Tile, x: float, y: float) -> tuple[float, float]:
    """Return the page position of board point (x, y) on `tile`."""
    bx, by, _, _ = tile.board_rect
    px, py, _, ph = tile.page_rect
    return px + x - bx, py + ph - (y - by)


def _own_span(index: int, count: int, share: float, board: float, overlap: float):
    """Return the part of row/column `index` that no neighbour repeats (start, end), each
    tile covering `share` mm."""
    step = share - overlap
    start = index * step + (overlap if index > 0 else 0)
    end = min(index * step + share, board) - (overlap if index < count - 1 else 0)
    return start, end


def _draw_seams(doc: PdfDocument, plan: TilePlan, tile: Tile) -> None:
    """Alignment marks on every seam of the tile; its own glue strips are also labelled."""
    t = plan.tiling
    step_w, step_h = plan.tile_width - t.overlap, plan.tile_height - t.overlap
    rows_span = _own_span(tile.row, plan.rows, plan.tile_height, plan.board_height, t.overlap)
    cols_span = _own_span(tile.col, plan.cols, plan.tile_width, plan.board_width, t.overlap)
    # Seam k lies between column (or row) k - 1 and k; the tile's glue strip is seam + 1.
    for seam in (tile.col, tile.col + 1):
        if 0 < seam < plan.cols:
            glue = plan.tile(tile.row, seam).label if seam > tile.col else None
            _seam(doc, plan, tile, seam * step_w, rows_span, vertical=True, glue=glue)
    for seam in (tile.row, tile.row + 1):
        if 0 < seam < plan.rows:
            glue = plan.tile(seam, tile.col).label if seam > tile.row else None
            _seam(doc, plan, tile, seam * step_h, cols_span, vertical=False, glue=glue)


def _seam(doc, plan: TilePlan, tile: Tile, edge: float, span, vertical: bool, glue) -> None:
    """Marks along the overlap strip starting at board `edge`, at the same board positions
    on both tiles. On the tile that is covered (`glue` names the tile on top): a dashed line
    where that tile's edge goes, and a label."""
    t = plan.tiling
    middle = edge + t.overlap / 2

    def point(s: float, across: float = middle) -> tuple[float, float]:
        return _to_page(tile, *((across, s) if vertical else (s, across)))

    start, end = span
    length = end - start
    if length < 3 * t.mark_size:
        positions, room = [(start + end) / 2], 0.0
    else:
        inset = min(length / 4, 25.0)
        positions, room = [start + inset, end - inset], length - 2 * inset - t.mark_size - 2
    for s in positions:
        _cross(doc, *point(s), t.mark_size)
    if glue is None:
        return
    bx, by, bw, bh = tile.board_rect
    ends = (by, by + bh) if vertical else (bx, bx + bw)
    _dashed(doc, *point(ends[0], edge), *point(ends[1], edge))
    if t.overlap < pt_to_mm(LABEL_PT) * 1.4 + 1:
        return
    for text in (f"{glue} overlaps here — glue", f"{glue} — glue", "glue"):
        if pt_to_mm(text_width(text, LABEL_PT)) + 3 <= room:
            _label(doc, *point((start + end) / 2), text, vertical)
            return


def _dashed(doc: PdfDocument, x1: float, y1: float, x2: float, y2: float) -> None:
    """A thin dashed grey line: where the neighbouring tile's cut edge is laid."""
    c = doc.canvas
    c.saveState()
    c.setDash(2, 2)
    c.setLineWidth(0.4)
    c.setStrokeGray(0.35)
    c.line(mm_to_pt(x1), mm_to_pt(y1), mm_to_pt(x2), mm_to_pt(y2))
    c.restoreState()


def _cross(doc: PdfDocument, x: float, y: float, size: float) -> None:
    """A cross-hair with a ring, black on a white halo so it reads on any colour."""
    c = doc.canvas
    half = mm_to_pt(size / 2)
    cx, cy = mm_to_pt(x), mm_to_pt(y)
    c.saveState()
    c.setLineCap(1)
    for width, grey in ((1.6, 1), (0.35, 0)):
        c.setLineWidth(width)
        c.setStrokeGray(grey)
        c.line(cx - half, cy, cx + half, cy)
        c.line(cx, cy - half, cx, cy + half)
        c.circle(cx, cy, half * 0.55, stroke=1, fill=0)
    c.restoreState()


def _label(doc: PdfDocument, x: float, y: float, text: str, vertical: bool) -> None:
    """A small label on a white box centred at (x, y) mm, read bottom-to-top if vertical."""
    c = doc.canvas
    width = text_width(text, LABEL_PT) + mm_to_pt(2)
    height = LABEL_PT * 1.4
    ascent, descent = ascent_descent(LABEL_PT)
    c.saveState()
    c.translate(mm_to_pt(x), mm_to_pt(y))
    if vertical:
        c.rotate(90)
    c.setFillGray(1)
    c.setStrokeGray(0.45)
    c.setLineWidth(0.3)
    c.roundRect(-width / 2, -height / 2, width, height, 1.5, stroke=1, fill=1)
    c.setFillGray(0.2)
    c.setFont("Vera", LABEL_PT)
    c.drawCentredString(0, -(ascent + descent) / 2, text)
    c.restoreState()


def _outline(doc: PdfDocument, rect: Rect) -> None:
    """A thin grey line round the tile's region of the board: the cutting line for left and
    top."""
    c = doc.canvas
    c.saveState()
    c.setLineWidth(0.3)
    c.setStrokeGray(0.55)
    c.rect(*(mm_to_pt(v) for v in rect), stroke=1, fill=0)
    c.restoreState()


def _footer_band(doc: PdfDocument, plan: TilePlan, tile: Tile, footer_text: str) -> None:
    """The tile map and the tile's name at the right; footer and instructions in the rest."""
    t = plan.tiling
    bottom, band = t.margin, t.footer_band
    map_left = _tile_map(doc, plan, tile, plan.page.width - t.margin, bottom, band)
    name_pt = min(9.0, mm_to_pt(band * 0.7))
    ascent, descent = ascent_descent(name_pt, bold=True)
    baseline = bottom + band / 2 - pt_to_mm(ascent + descent) / 2
    c = doc.canvas
    c.setFont("Vera-Bold", name_pt)
    c.setFillGray(0.2)
    c.drawRightString(mm_to_pt(map_left - 1.5), mm_to_pt(baseline), tile.label)
    free_right = map_left - 1.5 - pt_to_mm(text_width(tile.label, name_pt, bold=True)) - 3
    size = mm_to_pt(t.footer_size)
    lines = [(footer_text, size, 0.3)]
    if _line_height(size) + _line_height(TILE_NOTE_PT) + 0.3 <= band:
        lines.append((TILE_ASSEMBLY, TILE_NOTE_PT, 0.35))
    _text_block(doc, lines, t.margin, free_right, plan.page.width / 2, bottom, band)


def _tile_map(doc: PdfDocument, plan: TilePlan, tile: Tile, right: float, bottom, band):
    """A rows x cols grid of cells ending at `right`, centred in the band, the current tile
    filled grey. Returns the map's left edge."""
    pw, ph = plan.tile_width, plan.tile_height
    cell_h = (band - 1) / plan.rows
    cell_w = cell_h * pw / ph
    if cell_w * plan.cols > 45:  # a long row of tiles: keep the map out of the footer text
        cell_w = 45 / plan.cols
        cell_h = min(cell_h, cell_w * ph / pw)
    left = right - cell_w * plan.cols
    top = bottom + band / 2 + cell_h * plan.rows / 2
    c = doc.canvas
    c.saveState()
    c.setLineWidth(0.3)
    c.setStrokeGray(0.35)
    for row in range(plan.rows):
        for col in range(plan.cols):
            c.setFillGray(0.55 if (row, col) == (tile.row, tile.col) else 1)
            x, y = left + col * cell_w, top - (row + 1) * cell_h
            c.rect(*(mm_to_pt(v) for v in (x, y, cell_w, cell_h)), stroke=1, fill=1)
    c.restoreState()
    return left


def _line_height(size_pt: float) -> float:
    ascent, descent = ascent_descent(size_pt)
    return pt_to_mm(ascent - descent)


def _text_block(doc, lines, left, right, centre, bottom, band) -> None:
    """Lines of (text, size, grey) stacked in the middle of the band, between `left` and
    `right`; each centred on `centre` when there is room, shrunk when it is too long."""
    heights = [_line_height(size) for _, size, _ in lines]
    y = bottom + (band + sum(heights) + 0.3 * (len(lines) - 1)) / 2
    for (text, size, grey), height in zip(lines, heights, strict=True):
        size = fit_size(text, size, right - left)
        ascent, _ = ascent_descent(size)
        half = pt_to_mm(text_width(text, size)) / 2
        x = min(max(centre, left + half), right - half)
        doc.text(x, y - pt_to_mm(ascent), text, size, grey=grey)
        y -= height + 0.3
