"""SVG building blocks for The Hunt's printed pages: page geometry, ink colours, text set
in a box or as a paragraph, lines, boxes, page headers and headed sections of bullets.

All lengths are in millimetres and text sizes in points; a page is `paper` size and its
bottom FOOTER_BAND mm stay empty for the PDF footer.
"""

import re

import svgwrite
from svgwrite.container import Group

from generator.render.fonts import SVG_FAMILY, ascent_descent, text_width
from generator.render.layouts import LayoutBook, Paper
from generator.render.svg import new_document
from generator.render.text import LINE_SPACING, fit_text
from generator.render.units import fmt, pt_to_mm

MARGIN = 12.0
FOOTER_BAND = 9.0
FOOTER_PT = 6.5

INK = "#1f1f1f"
GREY = "#5c5c5c"
FAINT = "#a0a0a0"
SHADE = "#e8e8e8"
OVERTIME = "#dcdcdc"
FLY_INK = "#a8322a"
WALK_INK = INK

_XML_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
_LONG_FLOAT = re.compile(r"-?\d+\.\d{4,}")


# --- drawing helpers ------------------------------------------------------------------------


def _finish(dwg: svgwrite.Drawing) -> str:
    """Return the document as text, with coordinates rounded to 0.001 mm."""
    return _LONG_FLOAT.sub(lambda m: fmt(float(m.group())), dwg.tostring()) + "\n"


def _text(
    parent,
    text: object,
    x: float,
    y: float,
    w: float,
    h: float,
    size: float,
    *,
    min_size: float | None = None,
    bold: bool = False,
    align: str = "left",
    valign: str = "top",
    fill: str = INK,
) -> float:
    """Set `text` inside the box (x, y, w, h) mm like render.text.text_box; return its height.

    Sizes are in points; fit_text shrinks or wraps and raises TextOverflow if it cannot fit.
    """
    clean = _XML_INVALID.sub("", str(text))
    fitted = fit_text(clean, w, h, size, min_size if min_size else size * 0.6, bold)
    size_mm = fitted.size_mm
    ascent, descent = ascent_descent(size_mm, bold)
    line_height = size_mm * LINE_SPACING
    block = (len(fitted.lines) - 1) * line_height + ascent - descent
    top = {"top": y, "middle": y + (h - block) / 2, "bottom": y + h - block}[valign]
    anchor, tx = {"left": ("start", x), "center": ("middle", x + w / 2), "right": ("end", x + w)}[
        align
    ]
    group = Group(font_family=SVG_FAMILY, font_size=fmt(size_mm), text_anchor=anchor, fill=fill)
    if bold:
        group["font-weight"] = "bold"
    for index, line in enumerate(fitted.lines):
        group.add(svgwrite.text.Text(line, insert=(tx, top + ascent + index * line_height)))
    parent.add(group)
    return block


def _text_height(text: str, w: float, size: float, bold: bool = False) -> float:
    """Return the height that `text` wrapped to `w` mm at exactly `size` pt needs."""
    lines = fit_text(text, w, 10_000, size, size, bold).lines
    return len(lines) * pt_to_mm(size) * LINE_SPACING + 1e-6


def _para(parent, text: str, x: float, y: float, w: float, size: float, **kw) -> float:
    """Set `text` at exactly `size` pt, wrapped to `w` mm, from y down; return the y below."""
    height = _text_height(text, w, size, kw.get("bold", False))
    _text(parent, text, x, y, w, height, size, min_size=size, **kw)
    return y + height


def _rect(parent, x, y, w, h, fill="none", stroke=INK, width=0.3, **extra) -> None:
    parent.add(
        svgwrite.shapes.Rect(
            insert=(x, y), size=(w, h), fill=fill, stroke=stroke, stroke_width=width, **extra
        )
    )


def _line(parent, x1, y1, x2, y2, stroke=INK, width=0.3, **extra) -> None:
    parent.add(svgwrite.shapes.Line((x1, y1), (x2, y2), stroke=stroke, stroke_width=width, **extra))


def _box(parent, x: float, y: float, size: float = 3.2) -> None:
    """A small empty checkbox with its top-left corner at (x, y)."""
    _rect(parent, x, y, size, size, fill="#ffffff", width=0.3)


def _page(paper: Paper) -> svgwrite.Drawing:
    dwg = new_document(paper.width, paper.height)
    dwg.add(svgwrite.shapes.Rect(insert=(0, 0), size=(paper.width, paper.height), fill="#ffffff"))
    return dwg


def _bottom(paper: Paper) -> float:
    """Return the lowest y content may reach (the footer band lies below)."""
    return paper.height - FOOTER_BAND - 3


def _header(dwg, paper: Paper, title: str, subtitle: str, fields: str | None = None) -> float:
    """Draw a page title and subtitle; return the y below them."""
    width = paper.width - 2 * MARGIN
    title_w = width * (0.6 if fields else 1.0)
    _text(dwg, title, MARGIN, MARGIN, title_w, 9, 20, min_size=14, bold=True)
    if fields:
        _text(dwg, fields, MARGIN + title_w, MARGIN + 1.5, width - title_w, 7, 9, align="right")
    _text(dwg, subtitle, MARGIN, MARGIN + 10, width, 5, 9, min_size=7, fill=GREY)
    y = MARGIN + 16.5
    _line(dwg, MARGIN, y, paper.width - MARGIN, y, width=0.4)
    return y + 4


# --- headed sections of bullets -------------------------------------------------------------


def _lead_para(parent, lead: str, text: str, x: float, y: float, w: float, size: float) -> float:
    """Set a bold `lead` followed on the same line by `text` (wrapped below to `w` mm) at
    exactly `size` pt; return the y below."""
    size_mm = pt_to_mm(size)
    lead_w = text_width(lead + " ", size_mm, bold=True)
    line_h = size_mm * LINE_SPACING
    _text(parent, lead, x, y, lead_w + 1, line_h + 1e-6, size, min_size=size, bold=True)
    words, first = text.split(), []
    while words and text_width(" ".join([*first, words[0]]), size_mm) <= w - lead_w:
        first.append(words.pop(0))
    if first:
        _text(
            parent, " ".join(first), x + lead_w, y, w - lead_w, line_h + 1e-6, size, min_size=size
        )
    if not words:
        return y + line_h
    return _para(parent, " ".join(words), x, y + line_h, w, size)


def _item_height(item, width: float, size: float) -> float:
    probe = Group()
    if isinstance(item, tuple):
        return _lead_para(probe, item[0], item[1], 0, 0, width, size)
    return _text_height(item, width, size)


def _section_height(heading: str, items, width: float, size: float) -> float:
    """Return how far _section moves down for this heading and these items."""
    total = _text_height(heading, width - 3, size + 1.5, bold=True) + 1.5
    for item in items:
        inner = width - (1.5 if isinstance(item, tuple) else 4)
        total += _item_height(item, inner, size) + 1.2
    return total + 4.5


def _section(dwg, heading, items, x, y, width, size) -> float:
    """Draw a shaded heading and its items (bullets, or bold lead-ins); return the y below."""
    _rect(
        dwg,
        x,
        y - 0.5,
        width,
        _text_height(heading, width, size + 1.5, True) + 1,
        fill=SHADE,
        stroke="none",
        rx=1,
        ry=1,
    )
    y = _para(dwg, heading, x + 1.5, y, width - 3, size + 1.5, bold=True) + 1.5
    for item in items:
        if isinstance(item, tuple):
            y = _lead_para(dwg, item[0], item[1], x + 1.5, y, width - 1.5, size)
        else:
            dwg.add(svgwrite.shapes.Circle((x + 1.5, y + pt_to_mm(size) * 0.55), 0.6, fill=INK))
            y = _para(dwg, item, x + 4, y, width - 4, size)
        y += 1.2
    return y + 4.5


def _paper(name: str) -> Paper:
    return LayoutBook().paper(name)
