"""Drawings placed on a PDF page as the kits place them, for tests that read the page back
with the print rules (generator/render/print_rules/)."""

from pathlib import Path

from generator.render.pdf import PdfDocument
from generator.render.print_rules import check_pdf
from generator.render.svg import svg_size_mm


def dash_breaks(target: Path, svgs: list[str]) -> list:
    """Write `svgs` one under another on an A4 page at `target` and return the page's
    breaks of the dash rule."""
    doc = PdfDocument(target, title="drawings", subject="test")
    doc.begin_page(210, 297)
    top = 287.0
    for svg in svgs:
        top -= svg_size_mm(svg)[1] + 5
        doc.place(svg, 15, top)
    doc.end_page()
    doc.save()
    return [v for v in check_pdf(target) if v.rule == "dash"]
