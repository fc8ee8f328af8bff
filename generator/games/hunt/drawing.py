"""What The Hunt's figures (art.py, figures.py) draw with: ink colours and a few SVG
geometry helpers (lines, boxes, a place's label, the finished document).

All lengths are in millimetres and text sizes in points. Running text (headings,
paragraphs, tables) is not set here: the document layer (generator.render.document) sets
every page; this module only serves the drawings placed on them.
"""

import svgwrite

from generator.render.text import text_group

INK = "#1f1f1f"
GREY = "#5c5c5c"
OVERTIME = "#dcdcdc"  # the overtime turns' rows (16 and 17) in the logs
FLY_INK = "#a8322a"
WALK_INK = INK


def draw_text(
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
    """Set a figure's label (a place's name, the legend's words) inside the box (x, y, w, h)
    mm; return its height. Sizes are in points; render.text fits it (TextOverflow if it
    cannot)."""
    group, height = text_group(
        text, x, y, w, h, size, min_size=min_size, bold=bold, align=align, valign=valign, fill=fill
    )
    parent.add(group)
    return height


def draw_rect(parent, x, y, w, h, fill="none", stroke=INK, width=0.3, **extra) -> None:
    """Draw a rectangle (x, y, w, h) mm."""
    parent.add(
        svgwrite.shapes.Rect(
            insert=(x, y), size=(w, h), fill=fill, stroke=stroke, stroke_width=width, **extra
        )
    )


def draw_line(parent, x1, y1, x2, y2, stroke=INK, width=0.3, **extra) -> None:
    """Draw a line from (x1, y1) to (x2, y2) mm."""
    parent.add(svgwrite.shapes.Line((x1, y1), (x2, y2), stroke=stroke, stroke_width=width, **extra))
