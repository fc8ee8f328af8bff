"""Where cards sit on a sheet: the n-up grid, duplex backs, fold-and-glue halves, crop marks.

All positions are millimetres from the bottom-left corner of the page. A "cell" is a card
with its bleed; the "trim" is the card itself, where the cut goes.
"""

import math
from dataclasses import dataclass, replace

from generator.errors import QuarryError
from generator.render.layouts import CardFormat, Paper, SheetLayout
from generator.render.units import fmt

DUPLEX, FOLD, FRONTS = "duplex", "fold", "fronts"
BACK_MODES = (DUPLEX, FOLD, FRONTS)

Rect = tuple[float, float, float, float]  # x, y, width, height

MARK_CLEAR = 0.2  # crop marks stop this far inside the margin, never touching it
MIN_MARK = 1.0  # mm: a crop mark with less room than this is left out
# mm: the nearest a crop mark may start to the grid, when the margin leaves less room than
# crop_mark_offset plus MIN_MARK (poker cards on Letter, 7.65 mm from its top and bottom)
MIN_MARK_OFFSET = 0.1


@dataclass(frozen=True)
class Imposition:
    """The grid of card cells on one page, and where each card's back goes."""

    page: Paper
    card: CardFormat
    sheet: SheetLayout
    mode: str
    cols: int
    rows: int
    left: float  # x of the grid's left edge (cells, bleed included)
    top: float  # y of the grid's top edge

    @property
    def cell_width(self) -> float:
        return self.card.width + 2 * self.sheet.bleed

    @property
    def cell_height(self) -> float:
        return self.card.height + 2 * self.sheet.bleed

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def grid_width(self) -> float:
        return self.cols * self.cell_width + (self.cols - 1) * self.sheet.gap

    @property
    def grid_height(self) -> float:
        return self.rows * self.cell_height + (self.rows - 1) * self.sheet.gap

    def cell(self, slot: int) -> Rect:
        """Return the cell (bleed included) of `slot`, counted row by row from the top left."""
        row, col = divmod(slot, self.cols)
        x = self.left + col * (self.cell_width + self.sheet.gap)
        y = self.top - (row + 1) * self.cell_height - row * self.sheet.gap
        return (x, y, self.cell_width, self.cell_height)

    def trim(self, slot: int) -> Rect:
        """Return the trimmed card of `slot`."""
        x, y, w, h = self.cell(slot)
        b = self.sheet.bleed
        return (x + b, y + b, w - 2 * b, h - 2 * b)

    def back_cell(self, slot: int) -> Rect:
        """Return where the back of `slot` is printed.

        Duplex: on the next page, mirrored left-right (the page turns over its long edge),
        shifted by the back offset. Fold: on the same page, mirrored across the fold line.
        """
        x, y, w, h = self.cell(slot)
        mirrored = self.page.width - x - w
        if self.mode == FOLD:
            return (mirrored, y, w, h)
        return (mirrored + self.sheet.back_offset_x, y + self.sheet.back_offset_y, w, h)

    def back_trim(self, slot: int) -> Rect:
        """Return the trimmed back of `slot` (see back_cell)."""
        x, y, w, h = self.back_cell(slot)
        b = self.sheet.bleed
        return (x + b, y + b, w - 2 * b, h - 2 * b)

    def grid_trim(self, backs: bool = False) -> Rect:
        """Return the rectangle spanning every trimmed card of one side (fronts or backs)."""
        first = (self.back_trim if backs else self.trim)(0)
        last = (self.back_trim if backs else self.trim)(self.per_page - 1)
        xs = (first[0], first[0] + first[2], last[0], last[0] + last[2])
        ys = (first[1], first[1] + first[3], last[1], last[1] + last[3])
        return (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))

    def page_trim(self, backs: bool = False) -> Rect:
        """Return the trimmed area of a page of fronts (or of backs): its TrimBox.

        Fold-and-glue sheets hold both halves on one page, so their trimmed area runs from
        the fronts' outer edge to the backs' outer edge, across the fold.
        """
        if self.mode != FOLD:
            return self.grid_trim(backs=backs)
        fx, fy, fw, fh = self.grid_trim(backs=False)
        bx, by, bw, bh = self.grid_trim(backs=True)
        left, bottom = min(fx, bx), min(fy, by)
        right, top = max(fx + fw, bx + bw), max(fy + fh, by + bh)
        return (left, bottom, right - left, top - bottom)

    def fold_line(self) -> float:
        """Return the x of the fold in fold-and-glue sheets (the middle of the page)."""
        return self.page.width / 2

    def crop_marks(self) -> list[tuple[float, float, float, float]]:
        """Return crop-mark segments (x1, y1, x2, y2) outside the grid, on every trim line,
        each from the end nearer the grid.

        Each mark starts crop_mark_offset mm outside the grid and runs crop_mark_length mm,
        less where the paper's margin (nothing is printed there) or, in fold sheets, the
        fold gutter is nearer; a mark with less than MIN_MARK mm of room is left out.
        """
        s = self.sheet
        if not s.crop_marks:
            return []
        xs = sorted({round(v, 6) for c in range(self.cols) for v in self._trim_xs(c)})
        ys = sorted({round(v, 6) for r in range(self.rows) for v in self._trim_ys(r)})
        bottom = self.top - self.grid_height
        right = self.left + self.grid_width
        edge = s.margin + MARK_CLEAR
        above = _mark_room(s, self.page.height - edge - self.top)
        below = _mark_room(s, bottom - edge)
        beside_left = _mark_room(s, self.left - edge)
        if self.mode == FOLD:
            beside_right = _mark_room(s, self.fold_line() - right - 0.5)
        else:
            beside_right = _mark_room(s, self.page.width - edge - right)
        marks = []
        for x in xs:
            if above is not None:
                near, up = above
                marks.append((x, self.top + near, x, self.top + near + up))
            if below is not None:
                near, down = below
                marks.append((x, bottom - near, x, bottom - near - down))
        for y in ys:
            # A row's trim line inside the margin (a grid filling the paper's height) gets
            # no marks: they would be printed where the printer cannot reach.
            if not edge <= y <= self.page.height - edge:
                continue
            if beside_left is not None:
                near, out = beside_left
                marks.append((self.left - near, y, self.left - near - out, y))
            if beside_right is not None:
                near, out = beside_right
                marks.append((right + near, y, right + near + out, y))
        return marks

    def footer_side(self) -> str:
        """Return where the footer line goes: "bottom", in the footer_band just inside the
        bottom margin, or "left", read upwards inside the left margin, when the cards leave
        too little room below them for the band and the crop marks (US Letter) and more
        beside them."""
        s = self.sheet
        need = s.footer_band + (s.crop_mark_offset + MIN_MARK + MARK_CLEAR) * s.crop_marks
        below = self.top - self.grid_height - s.margin
        beside = self.left - s.margin
        return "bottom" if below >= need or below >= beside else "left"

    def footer_band(self) -> Rect:
        """Return the band the footer line sits in (x, y, w, h), just inside the margin on
        the footer_side."""
        s = self.sheet
        if self.footer_side() == "bottom":
            return (s.margin, s.margin, self.page.width - 2 * s.margin, s.footer_band)
        return (s.margin, s.margin, s.footer_band, self.page.height - 2 * s.margin)

    def _trim_xs(self, col: int) -> tuple[float, float]:
        x, _, w, _ = self.trim(col)
        return (x, x + w)

    def _trim_ys(self, row: int) -> tuple[float, float]:
        _, y, _, h = self.trim(row * self.cols)
        return (y, y + h)


def _mark_room(sheet: SheetLayout, room: float) -> tuple[float, float] | None:
    """Return (offset, length) of the crop marks on a side with `room` mm between the grid
    and where marks must stop: crop_mark_offset and up to crop_mark_length, the offset
    MIN_MARK_OFFSET where that leaves room for a mark of MIN_MARK; None when none fits."""
    near = sheet.crop_mark_offset
    if room - near < MIN_MARK:
        near = min(near, MIN_MARK_OFFSET)
    length = min(sheet.crop_mark_length, room - near)
    return (near, length) if length >= MIN_MARK else None


def impose(paper: Paper, card: CardFormat, sheet: SheetLayout, mode: str) -> Imposition:
    """Return the largest grid of `card` cells that fits `paper` under `sheet`'s margins
    (at least the paper's clear_edge: a quarter inch on Letter).

    Duplex and fronts-only sheets use the paper upright and centre the grid. Fold-and-glue
    sheets turn the paper on its side: fronts on the left half, backs on the right, each
    fold_gutter mm from the fold in the middle. Raises QuarryError if not one card fits.
    """
    if mode not in BACK_MODES:
        raise QuarryError(f"unknown backs mode {mode!r}; accepted: {', '.join(BACK_MODES)}")
    if paper.clear_edge > sheet.margin:  # the paper's printers clip more than the sheet keeps
        sheet = replace(sheet, margin=paper.clear_edge)
    page = paper.landscape() if mode == FOLD else paper
    cell_w = card.width + 2 * sheet.bleed
    cell_h = card.height + 2 * sheet.bleed
    m = sheet.margin
    area_w = (page.width / 2 - sheet.fold_gutter - m) if mode == FOLD else page.width - 2 * m
    area_h = page.height - 2 * m
    cols = max(0, math.floor((area_w + sheet.gap + 1e-9) / (cell_w + sheet.gap)))
    rows = max(0, math.floor((area_h + sheet.gap + 1e-9) / (cell_h + sheet.gap)))
    if cols == 0 or rows == 0:
        raise QuarryError(
            f"a {card.name} card ({fmt(cell_w)} x {fmt(cell_h)} mm with bleed) does not fit "
            f"on {paper.name} paper inside {fmt(m)} mm margins"
            + (" in a fold-and-glue half" if mode == FOLD else "")
        )
    grid_w = cols * cell_w + (cols - 1) * sheet.gap
    grid_h = rows * cell_h + (rows - 1) * sheet.gap
    if mode == FOLD:
        left = page.width / 2 - sheet.fold_gutter - grid_w
    else:
        left = (page.width - grid_w) / 2
    top = page.height - (page.height - grid_h) / 2
    return Imposition(page, card, sheet, mode, cols, rows, left, top)
