"""PNG images of SVG components and PDF pages, drawn by the print pipeline itself.

A component goes the way it goes onto a card sheet: svg.to_drawing -> a reportlab PDF form
(render/pdf.py) -> pypdfium2, so a PNG shows exactly what is printed. Bleed is the card's
outermost pixels carried outward (each edge row and column repeated): a print shop's cut
may wander a millimetre or two into it and finds the card's own edge colour there, never a
mirrored frame line or white paper.

Images are RGB PNGs with no metadata: the same input gives the same bytes.
"""

import io
from pathlib import Path

import numpy as np
import pypdfium2
from PIL import Image

from generator.render.pdf import PdfDocument
from generator.render.svg import svg_size_mm

MM_PER_INCH = 25.4
MAX_PIXELS = 12000  # a side: 1 m at 300 dpi; larger is refused before drawing


def pixels(length_mm: float, dpi: float) -> int:
    """Return how many pixels `length_mm` spans at `dpi` (rounded to the nearest pixel)."""
    return max(1, round(length_mm * dpi / MM_PER_INCH))


def component_pdf(svg_text: str) -> bytes:
    """Return a one-page PDF (bytes) of the component, its page the component's size."""
    width, height = svg_size_mm(svg_text)
    doc = PdfDocument(Path("component.pdf"), title="component", subject="component")
    doc.begin_page(width, height)
    doc.place(svg_text, 0, 0)
    doc.end_page()
    return doc.canvas.getpdfdata()


def svg_png(svg_text: str, dpi: float, bleed_mm: float = 0.0) -> bytes:
    """Return the PNG (RGB bytes) of an SVG component at `dpi`, with `bleed_mm` of its edge
    carried outward round it: round((size + 2 * bleed) * dpi / 25.4) pixels a side."""
    return encode_png(svg_image(svg_text, dpi, bleed_mm))


def svg_image(svg_text: str, dpi: float, bleed_mm: float = 0.0) -> Image.Image:
    """Return the RGB PIL image svg_png encodes (for callers that go on drawing with it)."""
    width, height = svg_size_mm(svg_text)
    size = (pixels(width + 2 * bleed_mm, dpi), pixels(height + 2 * bleed_mm, dpi))
    _check_size(size)
    trim = (pixels(width, dpi), pixels(height, dpi))
    image = _render(component_pdf(svg_text), 0, dpi, trim)
    if size == trim:
        return image
    across, down = size[0] - trim[0], size[1] - trim[1]
    pad = ((down // 2, down - down // 2), (across // 2, across - across // 2), (0, 0))
    return Image.fromarray(np.pad(np.asarray(image), pad, mode="edge"))


def pdf_page_png(pdf_path: Path, page: int, dpi: float) -> bytes:
    """Return the PNG (RGB bytes) of page `page` (0 for the first) of the PDF at `pdf_path`,
    at `dpi`: the page's size in pixels, rounded."""
    return encode_png(_render(Path(pdf_path).read_bytes(), page, dpi, None))


def png_image(data: bytes) -> Image.Image:
    """Return the PIL image of PNG `data` (loaded)."""
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def encode_png(image: Image.Image, compress_level: int = 6) -> bytes:
    """Return `image` as RGB PNG bytes with no metadata (the same pixels give the same
    bytes); `compress_level` 1 is about twice as fast, its files a third larger."""
    out = io.BytesIO()
    image.convert("RGB").save(out, format="PNG", compress_level=compress_level)
    return out.getvalue()


def _check_size(size: tuple[int, int]) -> None:
    if max(size) > MAX_PIXELS:
        raise ValueError(f"an image of {size[0]} x {size[1]} px is over {MAX_PIXELS} px a side")


def _render(pdf: bytes, page: int, dpi: float, size: tuple[int, int] | None) -> Image.Image:
    """Render page `page` of `pdf` at `dpi` and return the RGB image, cropped to `size`
    (pdfium rounds a partly covered last row and column up; they are cut off)."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        pdf_page = document[page]
        scale = dpi / 72
        if size is None:
            size = (
                max(1, round(pdf_page.get_width() * scale)),
                max(1, round(pdf_page.get_height() * scale)),
            )
            _check_size(size)
        image = pdf_page.render(scale=scale, rev_byteorder=True).to_pil()
        pdf_page.close()
    finally:
        document.close()
    if image.size != size:
        image = image.crop((0, 0, *size))
    return image.convert("RGB")
