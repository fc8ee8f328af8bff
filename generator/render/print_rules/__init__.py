"""The print rules, checked on a written PDF: type a player can read, and nothing where a home
printer cannot reach.

Everything is read from the PDF itself with pdfium, never from our own drawing calls: each
text's size as printed (its font size times the scale of its text matrix, forms and page
transforms included), and the bounds of every text, path and image, clipped by the clip
paths around it, with the forms they sit in unfolded.

The rules:

- `type`: no text under MIN_TEXT_PT; the page footers and the labels that sit with them in
  the footer band (FOOTER_REACH mm above the bottom edge, or read upwards within
  FOOTER_REACH mm of the left edge, where render/sheets.py turns the footer on Letter) may go
  down to MIN_FOOTER_PT;
- `dash`: dashes only on lines that mean cut or fold, and those are straight: a dashed
  line that bends (a rounded frame, a circle, a square's corners) reads as a cut line where
  there is none, or as missing art;
- `edge`: no ink (text, path, image) within CLEAR_MM of the paper's edge: 5 mm on A4 (and
  A3), 6.35 mm (a quarter inch) on Letter (and Tabloid), where home printers clip more
  (EDGE_TOLERANCE less);
- `bleed`: what prints in the bleed outside a card's cut is its own ground or bare
  paper, never a sliver of its neighbour (bleed.py: the cuts are read from the crop marks).
"""

from dataclasses import dataclass
from pathlib import Path

import pypdfium2

from generator.render.print_rules.bleed import bleed_faults, crop_cuts
from generator.render.print_rules.inks import HALF_SHOWN, Box, Ink, inks
from generator.render.units import pt_to_mm

MIN_TEXT_PT = 6.0
MIN_FOOTER_PT = 5.0
# Footers sit within this many mm of the bottom edge: sheets 5-10 mm, flowing pages and
# one-page boards about 6-9 mm, tiles 6-12 mm.
FOOTER_REACH = 12.5
CLEAR_MM = {"a4": 5.0, "a3": 5.0, "letter": 6.35, "tabloid": 6.35}
DEFAULT_CLEAR_MM = 5.0
# Page sizes in mm, short edge first, for telling the paper from the page.
PAPERS = {"a4": (210.0, 297.0), "a3": (297.0, 420.0), "letter": (215.9, 279.4)}
PAPERS["tabloid"] = (279.4, 431.8)
SIZE_TOLERANCE = 1.0  # mm
# mm: ink this little inside the clear band is let pass: the hairline of a cutting outline
# centred on the margin (render/tiling.py) reaches half its width, 0.05 mm, past it.
EDGE_TOLERANCE = 0.1


@dataclass(frozen=True)
class Violation:
    """One broken rule: where it is broken and by what."""

    page: int  # from 1
    rule: str  # "type" or "edge"
    what: str  # the word (and its size) or the kind of object
    where: str  # mm from the page's edges
    # What the violation shares with others of its kind ("text at 5.5 pt, at least 6",
    # "path within 6.35 mm of the top"), for counting them.
    kind: str = ""
    distance: float | None = None  # edge: mm from the nearest edge
    edge: str = ""  # edge: which ("top", "left", ...)

    def __str__(self) -> str:
        return f"page {self.page}: {self.rule}: {self.what} ({self.where})"


def paper_of(width_mm: float, height_mm: float) -> str:
    """Return the paper a page of this size is ("a4", "letter", ...) or "other"."""
    short, long = sorted((width_mm, height_mm))
    for name, (w, h) in PAPERS.items():
        if abs(short - w) <= SIZE_TOLERANCE and abs(long - h) <= SIZE_TOLERANCE:
            return name
    return "other"


def check_pdf(path: Path, clear_mm: float | None = None) -> list[Violation]:
    """Return every violation of the print rules on every page of the PDF at `path`
    (`clear_mm`: the band kept clear on every paper, instead of the paper's own)."""
    pdf = pypdfium2.PdfDocument(str(path))
    try:
        found = []
        for index in range(len(pdf)):
            before = pdf[index - 1] if index else None
            found += check_page(pdf[index], index + 1, clear_mm, before)
        return found
    finally:
        pdf.close()


def check_page(
    page: pypdfium2.PdfPage,
    number: int,
    clear_mm: float | None = None,
    before: pypdfium2.PdfPage | None = None,
) -> list[Violation]:
    """Return the violations on one page (`number` counted from 1); `clear_mm` as in
    check_pdf; `before`, the page before it, whose crop marks a page of backs is cut by."""
    width, height = (pt_to_mm(v) for v in page.get_size())
    clear = CLEAR_MM.get(paper_of(width, height), DEFAULT_CLEAR_MM)
    if clear_mm is not None:
        clear = clear_mm
    printed = inks(page, width, height)
    found = _bleeds(page, number, printed, before, clear, width, height)
    for ink in printed:
        where = _where(ink.box, width, height)
        if ink.kind == "text" and ink.shown >= HALF_SHOWN:
            floor = MIN_FOOTER_PT if _in_footer_band(ink) else MIN_TEXT_PT
            if ink.size < floor:
                what = f"{ink.text!r} at {ink.size:g} pt (at least {floor:g})"
                kind = f"text at {ink.size:g} pt (at least {floor:g})"
                found.append(Violation(number, "type", what, where, kind))
        if ink.dashed_bend:
            kind = "dashed line that bends (dashes are for straight cut and fold lines)"
            found.append(Violation(number, "dash", "dashed bend", where, kind))
        distance, edge = _distance(ink.box, width, height)
        if distance < clear - EDGE_TOLERANCE:
            what = f"text {ink.text!r}" if ink.kind == "text" else ink.kind
            kind = f"{ink.kind} within {clear:g} mm of the {edge}"
            where = f"{where}; keep {clear:g} mm clear"
            found.append(Violation(number, "edge", what, where, kind, distance, edge))
    return found


def _bleeds(page, number: int, printed: list[Ink], before, clear, width, height):
    """The bleed violations of a sheet cut by its own crop marks or, for a page of backs,
    by those of the page before it, turned over."""
    cuts = crop_cuts(printed)
    if cuts is None and before is not None and _is_backs(printed):
        front = crop_cuts(inks(before, width, height))
        cuts = front.mirrored(width) if front is not None else None
    if cuts is None:
        return []
    found = []
    for fault in bleed_faults(page, cuts, clear, height, width):
        where = _where(fault.card, width, height)
        what = f"card's {fault.side} ring {fault.share:.0%} other ink"
        kind = "other ink in the bleed outside a card's cut"
        found.append(Violation(number, "bleed", what, where, kind))
    return found


def _is_backs(printed: list[Ink]) -> bool:
    """Whether the page's footer names it a page of backs ("... , backs · ...")."""
    return any(ink.kind == "text" and ", backs" in ink.text for ink in printed)


def _in_footer_band(ink: Ink) -> bool:
    left, bottom, right, top = ink.box
    if ink.upright:
        return right <= FOOTER_REACH
    return top <= FOOTER_REACH


def _distance(box: Box, width: float, height: float) -> tuple[float, str]:
    """The distance in mm from `box` to the nearest page edge, and which edge."""
    left, bottom, right, top = box
    edges = {"left": left, "bottom": bottom, "right": width - right, "top": height - top}
    edge = min(edges, key=edges.get)
    return edges[edge], edge


def _where(box: Box, width: float, height: float) -> str:
    """Where `box` is, in mm from the page's left and top edges, and how near its nearest
    edge comes."""
    distance, edge = _distance(box, width, height)
    left, _, _, top = box
    return f"{left:.1f} mm from left, {height - top:.1f} mm from top; {distance:.1f} mm from {edge}"
