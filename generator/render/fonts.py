"""Fonts: Bitstream Vera, shipped inside reportlab, registered for PDFs, svglib and measuring.

No system font is ever used: every SVG component names the family "Vera", which svglib maps
to the TrueType files below, so PDFs embed exactly these fonts on every machine.
"""

from functools import cache
from pathlib import Path

import reportlab
from reportlab.graphics.shapes import STATE_DEFAULTS
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from svglib.fonts import register_font_family

FAMILY = "Vera"
# What an SVG says: Vera first (svglib and the PDFs), then look-alikes for a browser.
SVG_FAMILY = "Vera, 'Bitstream Vera Sans', 'DejaVu Sans', sans-serif"

_FILES = {
    "Vera": "Vera.ttf",
    "Vera-Bold": "VeraBd.ttf",
    "Vera-Italic": "VeraIt.ttf",
    "Vera-BoldItalic": "VeraBI.ttf",
}


def _font_dir() -> Path:
    return Path(reportlab.__file__).resolve().parent / "fonts"


@cache
def ensure_fonts() -> None:
    """Register the Vera family with reportlab and svglib (once per process)."""
    paths = {name: str(_font_dir() / file) for name, file in _FILES.items()}
    for name, path in paths.items():
        pdfmetrics.registerFont(TTFont(name, path))
    # reportlab's graphics renderer opens every drawing by selecting its default font
    # (Helvetica, never embedded) even when no text uses it; make that default Vera too.
    STATE_DEFAULTS["fontName"] = "Vera"
    register_font_family(
        FAMILY,
        paths["Vera"],
        bold=paths["Vera-Bold"],
        italic=paths["Vera-Italic"],
        bolditalic=paths["Vera-BoldItalic"],
    )
    # Paragraph markup (<b>, <i>) picks the face through the family; svglib's registration
    # above maps the family's names its own way, so this comes last.
    pdfmetrics.registerFontFamily(
        FAMILY, normal="Vera", bold="Vera-Bold", italic="Vera-Italic", boldItalic="Vera-BoldItalic"
    )


def font_name(bold: bool = False, italic: bool = False) -> str:
    """Return the reportlab name of the Vera face with this weight and style."""
    if bold and italic:
        return "Vera-BoldItalic"
    if bold:
        return "Vera-Bold"
    if italic:
        return "Vera-Italic"
    return "Vera"


def text_width(text: str, size: float, bold: bool = False, italic: bool = False) -> float:
    """Return the advance width of `text` set at `size`, in the same unit as `size`."""
    ensure_fonts()
    return pdfmetrics.stringWidth(text, font_name(bold, italic), size)


def ascent_descent(size: float, bold: bool = False) -> tuple[float, float]:
    """Return (ascent, descent) of Vera at `size`; descent is negative."""
    ensure_fonts()
    name = font_name(bold)
    return pdfmetrics.getAscent(name, size), pdfmetrics.getDescent(name, size)
