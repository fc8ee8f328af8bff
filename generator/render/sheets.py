"""Card sheets: SVG card faces imposed n-up on PDF pages, with crop marks, backs and footers."""

from dataclasses import dataclass
from pathlib import Path

from generator.render.back_reach import back_reach
from generator.render.fonts import ascent_descent, text_width
from generator.render.imposition import DUPLEX, FOLD, MARK_CLEAR, MIN_MARK, Imposition
from generator.render.pdf import Footer, FooterBox, PdfDocument, fit_size
from generator.render.units import pt_to_mm

FOLD_LABEL_PT = 6


@dataclass(frozen=True)
class CardFace:
    """One printed card: its front SVG, its back SVG (or None), and a name for messages."""

    front: str
    back: str | None
    name: str


def sheet_pages(cards: int, imposition: Imposition) -> int:
    """Return how many PDF pages `cards` cards take (duplex sheets have a back page each)."""
    sheets = -(-cards // imposition.per_page)
    return sheets * (2 if imposition.mode == DUPLEX else 1)


def write_card_sheets(
    target: Path, cards: list[CardFace], imposition: Imposition, footer: Footer
) -> int:
    """Write `cards` as PDF sheets to `target` and return the page count.

    Duplex: each page of fronts is followed by a page of their backs, mirrored for a
    long-edge flip, the backs' artwork continued past the grid (back_reach.py). Fold: fronts
    on the left half, backs on the right, on one side. Fronts: no backs at all.
    """
    imp = imposition
    pages = sheet_pages(len(cards), imp)
    doc = PdfDocument(target, title=footer.title, subject=footer.component)
    for first in range(0, len(cards), imp.per_page):
        batch = cards[first : first + imp.per_page]
        doc.begin_page(imp.page.width, imp.page.height)
        _set_boxes(doc, imp, backs=False)
        for slot, card in enumerate(batch):
            x, y, _, _ = imp.cell(slot)
            doc.place(card.front, x, y)
            if imp.mode == FOLD and card.back is not None:
                bx, by, _, _ = imp.back_cell(slot)
                doc.place(card.back, bx, by)
        if imp.mode == FOLD:
            _fold_line(doc, imp)
        box = _footer(doc, imp, footer.text(doc.pages + 1, pages))
        _crop_marks(doc, imp, box)
        doc.end_page()
        if imp.mode == DUPLEX:
            doc.begin_page(imp.page.width, imp.page.height)
            _set_boxes(doc, imp, backs=True)
            backs = {slot: card.back for slot, card in enumerate(batch) if card.back is not None}
            for strip in back_reach(imp, list(backs)):
                doc.place_reflected(backs[strip.slot], *strip.placement)
            for slot, back in backs.items():
                x, y, _, _ = imp.back_cell(slot)
                doc.place(back, x, y)
            back_footer = Footer(footer.title, f"{footer.component}, backs", footer.seed)
            _footer(doc, imp, back_footer.text(doc.pages + 1, pages))
            doc.end_page()
    doc.save()
    return doc.pages


def _pt(imp: Imposition) -> float:
    return imp.sheet.footer_size * 72 / 25.4


def _set_boxes(doc: PdfDocument, imp: Imposition, backs: bool) -> None:
    if imp.sheet.bleed > 0:
        doc.set_boxes(imp.page_trim(backs=backs), imp.sheet.bleed)


def _footer(doc: PdfDocument, imp: Imposition, text: str) -> FooterBox:
    """Write the footer line centred in the imposition's footer band (along the bottom, or
    read upwards along the left), and return the rectangle it covers."""
    band_x, band_y, band_w, band_h = imp.footer_band()
    upright = imp.footer_side() == "left"
    across, along = (band_w, band_h) if upright else (band_h, band_w)
    size = fit_size(text, _pt(imp), along - 2)
    ascent, descent = (pt_to_mm(v) for v in ascent_descent(size))
    height = ascent - descent
    inset = max(MARK_CLEAR, (across - height) / 2)
    width = pt_to_mm(text_width(text, size))
    if upright:
        middle = band_y + band_h / 2
        doc.text(band_x + inset + ascent, middle, text, size, upright=True)
        return FooterBox(
            band_x + inset, middle - width / 2, band_x + inset + height, middle + width / 2
        )
    middle = band_x + band_w / 2
    doc.text(middle, band_y + inset - descent, text, size)
    return FooterBox(
        middle - width / 2, band_y + inset, middle + width / 2, band_y + inset + height
    )


def _crop_marks(doc: PdfDocument, imp: Imposition, footer: FooterBox) -> None:
    """Draw the crop marks, stopping any that would run into the footer text."""
    for x1, y1, x2, y2 in imp.crop_marks():
        end = _stop_before(footer, x1, y1, x2, y2, clearance=0.5)
        if end is not None:
            doc.line(x1, y1, *end)


def _stop_before(box: FooterBox, x1, y1, x2, y2, clearance: float):
    """Return where a mark from (x1, y1) towards (x2, y2) ends so that it stays
    `clearance` mm from `box`: (x2, y2) when it misses the box, None when less than
    MIN_MARK of it would be left."""
    left, bottom = box.left - clearance, box.bottom - clearance
    right, top = box.right + clearance, box.top + clearance
    if x1 == x2:  # vertical mark
        if not left <= x1 <= right or max(y1, y2) < bottom or min(y1, y2) > top:
            return (x2, y2)
        stop = bottom if y2 > y1 else top
    else:
        if not bottom <= y1 <= top or max(x1, x2) < left or min(x1, x2) > right:
            return (x2, y2)
        stop = left if x2 > x1 else right
    start = y1 if x1 == x2 else x1
    if abs(stop - start) < MIN_MARK or (stop - start) * ((y2 - y1) + (x2 - x1)) < 0:
        return None
    return (x1, stop) if x1 == x2 else (stop, y1)


def _fold_line(doc: PdfDocument, imp: Imposition) -> None:
    """A dashed line down the middle, labelled, where the sheet folds."""
    x = imp.fold_line()
    c = doc.canvas
    c.saveState()
    c.setDash(3, 3)
    top = imp.top
    bottom = imp.top - imp.grid_height
    doc.line(x, bottom, x, top, width_pt=0.4)
    c.restoreState()
    # The label sits right of the fold, where no crop mark runs, clear of the top margin.
    ascent, _ = ascent_descent(FOLD_LABEL_PT)
    highest = imp.page.height - imp.sheet.margin - MARK_CLEAR - pt_to_mm(ascent)
    label = "fold here, glue the halves back to back"
    doc.text(x + 2, min(top + 2, highest), label, FOLD_LABEL_PT, align="left")
