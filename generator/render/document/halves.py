"""Half sheets: flowing pages at half the paper's size (A5 on A4, half-Letter on Letter),
printed two to a sheet, one above the other, with a dashed cut line where they meet.

A half page is set by the one skeleton (pages.py) on a paper of half the height, so it
keeps the header, the columns and the footer every Quarry page has; the sheets are then
made by placing two half pages on each page of the whole paper. The halves span the whole
width of the sheet and sit one above the other, so a sheet printed two-sided (flipped on
its long edge, as the kits' duplex pages are) puts the back of each half behind its front.
"""

import io
from collections.abc import Sequence
from pathlib import Path

from pypdf import PdfReader, PdfWriter, Transformation
from reportlab.pdfgen.canvas import Canvas

from generator import __version__
from generator.render.document.pages import Part, _build
from generator.render.document.styles import GREY, TypeScale, colour
from generator.render.fonts import ensure_fonts
from generator.render.layouts import Paper
from generator.render.pdf import CLEAR_EDGE, Footer
from generator.render.units import mm_to_pt

CUT_LABEL = "cut"
CUT_LABEL_PT = 7.0
CUT_DASH = (4, 3)  # pt: on, off
CUT_WIDTH = 0.5  # pt


def half_sheet(paper: Paper) -> Paper:
    """Return the half of `paper` a half page is set on: its full width, half its height,
    the same clear edge (its outer edges are the paper's)."""
    return Paper(paper.name, paper.width, paper.height / 2, f"half {paper.description}".strip(),
                 paper.clear_edge)  # fmt: skip


def cut_y(paper: Paper) -> float:
    """Return the height in mm above the bottom edge of the cut between the two halves."""
    return paper.height / 2


def _cut_line_page(paper: Paper) -> bytes:
    """Return a one-page PDF of `paper` holding only the cut line: dashes across the sheet
    from clear edge to clear edge at mid-height, broken in the middle for the word "cut"."""
    ensure_fonts()
    buffer = io.BytesIO()
    width, height = mm_to_pt(paper.width), mm_to_pt(paper.height)
    canvas = Canvas(
        buffer, pagesize=(width, height), invariant=1, pageCompression=1, initialFontName="Vera"
    )
    y = mm_to_pt(cut_y(paper))
    edge = mm_to_pt(max(paper.clear_edge, CLEAR_EDGE) + 1.0)
    label_w = canvas.stringWidth(CUT_LABEL, "Vera", CUT_LABEL_PT) + mm_to_pt(4)
    canvas.setStrokeColor(colour(GREY))
    canvas.setFillColor(colour(GREY))
    canvas.setLineWidth(CUT_WIDTH)
    canvas.setDash(*CUT_DASH)
    canvas.line(edge, y, (width - label_w) / 2, y)
    canvas.line((width + label_w) / 2, y, width - edge, y)
    canvas.setFont("Vera", CUT_LABEL_PT)
    canvas.drawCentredString(width / 2, y - CUT_LABEL_PT * 0.35, CUT_LABEL)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def write_half_sheets(
    target: Path,
    paper: Paper,
    parts: Sequence[Part],
    footer: Footer,
    scale: TypeScale,
    sheets: Sequence[tuple[int, int]],
) -> int:
    """Set `parts` on half pages of `paper` (each part on pages of its own, as
    write_document sets them), then write to the PDF `target` one page of `paper` for each
    (top, bottom) in `sheets`: half page `top` (an index into the half pages) above the
    cut line, half page `bottom` below it. Returns the number of sheets' pages written."""
    halves = io.BytesIO()
    _build(halves, half_sheet(paper), parts, footer, scale)
    pages = PdfReader(halves).pages
    lift = Transformation().translate(0, mm_to_pt(cut_y(paper)))
    writer = PdfWriter()
    cut_line = _cut_line_page(paper)
    for top, bottom in sheets:
        sheet = writer.add_page(PdfReader(io.BytesIO(cut_line)).pages[0])
        sheet.merge_transformed_page(pages[top], lift)
        sheet.merge_page(pages[bottom])
    writer.add_metadata({"/Title": footer.title, "/Subject": footer.component,
                         "/Author": "Quarry", "/Creator": f"Quarry {__version__}"})  # fmt: skip
    buffer = io.BytesIO()
    writer.write(buffer)
    Path(target).write_bytes(buffer.getvalue())
    return len(sheets)
