"""The gallery's PNG previews: every SVG component of a kit at PREVIEW_DPI.

They are drawn as raster.svg_png draws one component (svg.to_drawing -> a reportlab PDF
page of the component's size -> pypdfium2), with the same pixels, but all of a kit's
components go on the pages of one PDF: a PDF a component embedded the fonts and was parsed
again each time, which tripled the time a card-heavy kit spent on its previews.
"""

import io
from pathlib import Path

import pypdfium2

from generator.render.pdf import PdfDocument
from generator.render.raster import MM_PER_INCH, pixels
from generator.render.svg import svg_size_mm

PREVIEW_DPI = 150
# zlib's fastest level: previews are written with every kit, and level 6 took a third
# longer for files about a tenth smaller.
COMPRESS_LEVEL = 1
MAX_PREVIEW_PIXELS = 6000  # a side: a component over 1 m is previewed at a lower dpi


def preview_pngs(svg_texts: list[str], dpi: float = PREVIEW_DPI) -> list[bytes]:
    """Return the PNG (RGB bytes, no metadata) of each SVG component in `svg_texts`, in
    order, at `dpi`: round(size * dpi / 25.4) pixels a side, as raster.svg_png gives (a
    component over MAX_PREVIEW_PIXELS a side at a dpi that brings it to that size)."""
    if not svg_texts:
        return []
    document = PdfDocument(Path("previews.pdf"), title="previews", subject="previews")
    pages = []
    for text in svg_texts:
        width, height = svg_size_mm(text)
        page_dpi = min(dpi, MAX_PREVIEW_PIXELS * MM_PER_INCH / max(width, height))
        pages.append((page_dpi, (pixels(width, page_dpi), pixels(height, page_dpi))))
        document.begin_page(width, height)
        document.place(text, 0, 0)
        document.end_page()
    pdf = pypdfium2.PdfDocument(document.canvas.getpdfdata())
    images = []
    try:
        for index, (page_dpi, size) in enumerate(pages):
            page = pdf[index]
            image = page.render(scale=page_dpi / 72, rev_byteorder=True).to_pil()
            page.close()
            if image.size != size:  # pdfium rounds a partly covered last row and column up
                image = image.crop((0, 0, *size))
            out = io.BytesIO()
            image.convert("RGB").save(out, format="PNG", compress_level=COMPRESS_LEVEL)
            images.append(out.getvalue())
    finally:
        pdf.close()
    return images
