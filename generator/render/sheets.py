"""Card sheets: SVG card faces imposed n-up on PDF pages, with crop marks, backs and footers."""

from dataclasses import dataclass
from pathlib import Path

from generator.render.imposition import DUPLEX, FOLD, Imposition
from generator.render.pdf import Footer, FooterBox, PdfDocument


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
    long-edge flip. Fold: fronts on the left half, backs on the right, on one side.
    Fronts: no backs at all.
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
        box = doc.footer(
            imp.page.width, imp.sheet.footer_band, _pt(imp), footer.text(doc.pages + 1, pages)
        )
        _crop_marks(doc, imp, box)
        doc.end_page()
        if imp.mode == DUPLEX:
            doc.begin_page(imp.page.width, imp.page.height)
            _set_boxes(doc, imp, backs=True)
            for slot, card in enumerate(batch):
                if card.back is not None:
                    x, y, _, _ = imp.back_cell(slot)
                    doc.place(card.back, x, y)
            back_footer = Footer(footer.title, f"{footer.component}, backs", footer.seed)
            doc.footer(
                imp.page.width,
                imp.sheet.footer_band,
                _pt(imp),
                back_footer.text(doc.pages + 1, pages),
            )
            doc.end_page()
    doc.save()
    return doc.pages


def _pt(imp: Imposition) -> float:
    return imp.sheet.footer_size * 72 / 25.4


def _set_boxes(doc: PdfDocument, imp: Imposition, backs: bool) -> None:
    if imp.sheet.bleed > 0:
        doc.set_boxes(imp.page_trim(backs=backs), imp.sheet.bleed)


def _crop_marks(doc: PdfDocument, imp: Imposition, footer: FooterBox) -> None:
    """Draw the crop marks, stopping any that would run into the footer text."""
    clear = footer.top + 0.5
    for x1, y1, x2, y2 in imp.crop_marks():
        if x1 == x2 and footer.left - 0.5 <= x1 <= footer.right + 0.5 and min(y1, y2) < clear:
            if max(y1, y2) <= clear:
                continue
            y2 = clear
        doc.line(x1, y1, x2, y2)


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
    # The label sits right of the fold, where no crop mark runs.
    doc.text(x + 2, top + 2, "fold here, glue the halves back to back", 6, align="left")
