"""PNG images of SVG components and PDF pages, drawn by the print pipeline itself.

A component goes the way it goes onto a card sheet: svg.to_drawing -> a reportlab PDF form
(render/pdf.py) -> pypdfium2, so a PNG shows exactly what is printed. Bleed is added the way
duplex backs reach past their cells (back_reach.py): the artwork continued past each edge
as its own mirror image, which carries a card's edge colour into the bleed.

Images are RGB PNGs with no metadata: the same input gives the same bytes.
"""

import io
from pathlib import Path

import pypdfium2
from PIL import Image

from generator.render.pdf import PdfDocument
from generator.render.svg import svg_size_mm

MM_PER_INCH = 25.4
MAX_PIXELS = 12000  # a side: 1 m at 300 dpi; larger is refused before drawing


def pixels(length_mm: float, dpi: float) -> int:
    """Return how many pixels `length_mm` spans at `dpi` (rounded to the nearest pixel)."""
    return max(1, round(length_mm * dpi / MM_PER_INCH))


def component_pdf(svg_text: str, bleed_mm: float = 0.0) -> bytes:
    """Return a one-page PDF (bytes) of the component, its page the component's size plus
    `bleed_mm` on every side, the bleed filled with the artwork mirrored across each edge."""
    width, height = svg_size_mm(svg_text)
    doc = PdfDocument(Path("component.pdf"), title="component", subject="component")
    b = bleed_mm
    doc.begin_page(width + 2 * b, height + 2 * b)
    if b > 0:
        doc.set_boxes((b, b, width, height), b)
        columns = ((None, b, width), (b, 0.0, b), (b + width, b + width, b))
        rows = ((None, b, height), (b, 0.0, b), (b + height, b + height, b))
        for across_x, strip_x, strip_w in columns:
            for across_y, strip_y, strip_h in rows:
                if (across_x, across_y) == (None, None):
                    continue
                clip = (strip_x, strip_y, strip_w, strip_h)
                doc.place_reflected(svg_text, b, b, clip, across_x, across_y)
    doc.place(svg_text, b, b)
    doc.end_page()
    return doc.canvas.getpdfdata()


def svg_png(svg_text: str, dpi: float, bleed_mm: float = 0.0) -> bytes:
    """Return the PNG (RGB bytes) of an SVG component at `dpi`, with `bleed_mm` of mirrored
    artwork round it: round((size + 2 * bleed) * dpi / 25.4) pixels a side."""
    return encode_png(svg_image(svg_text, dpi, bleed_mm))


def svg_image(svg_text: str, dpi: float, bleed_mm: float = 0.0) -> Image.Image:
    """Return the RGB PIL image svg_png encodes (for callers that go on drawing with it)."""
    width, height = svg_size_mm(svg_text)
    size = (pixels(width + 2 * bleed_mm, dpi), pixels(height + 2 * bleed_mm, dpi))
    _check_size(size)
    return _render(component_pdf(svg_text, bleed_mm), 0, dpi, size)


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
