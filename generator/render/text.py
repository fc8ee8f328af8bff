"""Fitting text into boxes: shrink a little, then wrap, and fail loudly if it still overflows.

Font sizes are in points (as designers think of them); box geometry is in millimetres, the
user unit of every Quarry SVG.
"""

import re
from dataclasses import dataclass

from markupsafe import Markup, escape

from generator.render.fonts import SVG_FAMILY, ascent_descent, text_width
from generator.render.units import fmt, pt_to_mm

# Characters XML 1.0 cannot carry at all (controls other than tab, newline, return).
_XML_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
LINE_SPACING = 1.2
SIZE_STEP_PT = 0.25
# A single line may shrink to this share of its size before Quarry wraps it instead.
SINGLE_LINE_SHRINK = 0.85


class TextOverflow(Exception):
    """Text that does not fit its box even at the smallest size allowed."""

    def __init__(self, text: str, width: float, height: float, min_size: float) -> None:
        self.text = text
        short = text if len(text) <= 40 else text[:37] + "..."
        super().__init__(
            f"text {short!r} does not fit its {fmt(width)} x {fmt(height)} mm box "
            f"even at {fmt(min_size)} pt, wrapped"
        )


@dataclass(frozen=True)
class FittedText:
    lines: tuple[str, ...]
    size_pt: float

    @property
    def size_mm(self) -> float:
        return pt_to_mm(self.size_pt)


def _wrap(text: str, width: float, size_mm: float, bold: bool) -> list[str] | None:
    """Greedy word wrap; None when one word alone is wider than `width`."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        current = ""
        for word in paragraph.split():
            candidate = f"{current} {word}" if current else word
            if text_width(candidate, size_mm, bold) <= width:
                current = candidate
                continue
            if text_width(word, size_mm, bold) > width:
                return None
            lines.append(current)
            current = word
        lines.append(current)
    return lines


def _sizes(start: float, stop: float) -> list[float]:
    sizes, size = [], start
    while size >= stop - 1e-9:
        sizes.append(round(size, 4))
        size -= SIZE_STEP_PT
    return sizes


def fit_text(
    text: str, width: float, height: float, size: float, min_size: float, bold: bool = False
) -> FittedText:
    """Return the lines and size that make `text` fit a `width` x `height` mm box.

    First one line, shrinking down to 85% of `size` (or `min_size` if larger); then wrapped
    lines from `size` down to `min_size`. Raises TextOverflow when nothing fits.
    """
    text = "\n".join(" ".join(paragraph.split()) for paragraph in text.strip().split("\n"))
    one_line = "\n" not in text
    if one_line:
        for pt in _sizes(size, max(min_size, size * SINGLE_LINE_SHRINK)):
            mm = pt_to_mm(pt)
            if text_width(text, mm, bold) <= width and mm * LINE_SPACING <= height + 1e-9:
                return FittedText((text,), pt)
    for pt in _sizes(size, min_size):
        mm = pt_to_mm(pt)
        lines = _wrap(text, width, mm, bold)
        if lines is not None and len(lines) * mm * LINE_SPACING <= height + 1e-9:
            return FittedText(tuple(lines), pt)
    raise TextOverflow(text, width, height, min_size)


def line_height(size_pt: float) -> float:
    """Return the distance in mm from one line of `size_pt` text to the next."""
    return pt_to_mm(size_pt) * LINE_SPACING


def fit_sections(
    sections, width: float, height: float, largest: float, smallest: float, gap: float
) -> dict | None:
    """Return the layout of titled sections of text (title, text) stacked in a `width` x
    `height` mm box at the largest size from `largest` down to `smallest` pt (in
    SIZE_STEP_PT steps) at which they fit: {"size", "head_h" (a title's height), "gap",
    "sections": [{"title", "text", "h"}]}; None if they do not fit even at `smallest`."""
    for size in _sizes(largest, smallest):
        head_h = pt_to_mm(size + 0.5) * LINE_SPACING + 0.1
        placed = []
        for title, text in sections:
            lines = fit_text(text, width, 10_000, size, size).lines
            placed.append({"title": title, "text": text, "h": len(lines) * line_height(size) + 0.1})
        if sum(head_h + s["h"] + gap for s in placed) - gap <= height:
            return {"size": size, "head_h": head_h, "gap": gap, "sections": placed}
    return None


@dataclass(frozen=True)
class PlacedText:
    """Text fitted into a box: its lines with their baselines, the size, the anchor."""

    lines: tuple[tuple[str, float, float], ...]  # (text, x, baseline y) in mm
    size_mm: float
    anchor: str  # SVG text-anchor: start, middle or end
    bold: bool
    height: float  # from the top of the first line to the bottom of the last, in mm


def place_text(
    text: object,
    x: float,
    y: float,
    w: float,
    h: float,
    size: float = 9,
    min_size: float | None = None,
    bold: bool = False,
    align: str = "left",
    valign: str = "top",
) -> PlacedText:
    """Return `text` fitted into the box (x, y, w, h) mm (see fit_text) with each line's
    place. `size` and `min_size` are in points (min_size defaults to 60% of size). `align`
    is left, center or right; `valign` is top, middle or bottom."""
    if align not in ("left", "center", "right") or valign not in ("top", "middle", "bottom"):
        raise ValueError(f"text_box: align={align!r} valign={valign!r}")
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
    lines = tuple(
        (line, tx, top + ascent + index * line_height) for index, line in enumerate(fitted.lines)
    )
    return PlacedText(lines, size_mm, anchor, bold, block)


def text_box(*args, fill: str = "#000000", underline: bool = False, **kw) -> Markup:
    """Return an SVG <g> of <text> lines setting `text` inside the box (x, y, w, h) in mm,
    for templates (arguments as place_text's, and the `fill` colour). The text is
    XML-escaped. With `underline`, each line gets a bar under its baseline as wide as the
    line (the mark that tells a 6 from a 9 turned round)."""
    placed = place_text(*args, **kw)
    weight = ' font-weight="bold"' if placed.bold else ""
    parts = [
        f'<g font-family="{SVG_FAMILY}" font-size="{fmt(placed.size_mm)}"{weight} '
        f'text-anchor="{placed.anchor}" fill="{escape(fill)}">'
    ]
    for line, tx, baseline in placed.lines:
        parts.append(f'<text x="{fmt(tx)}" y="{fmt(baseline)}">{escape(line)}</text>')
    if underline:
        parts.extend(_underlines(placed))
    parts.append("</g>")
    return Markup("".join(parts))


UNDERLINE_GAP = 0.09  # of the size: from the baseline to the bar's top
UNDERLINE_WEIGHT = 0.075  # of the size: the bar's thickness


def _underlines(placed: PlacedText) -> list[str]:
    """Return a filled bar under each of `placed`'s lines, as wide as the line's ink."""
    bars = []
    for line, tx, baseline in placed.lines:
        width = text_width(line, placed.size_mm, placed.bold)
        left = {"start": tx, "middle": tx - width / 2, "end": tx - width}[placed.anchor]
        bars.append(
            f'<rect class="underline" x="{fmt(left)}" '
            f'y="{fmt(baseline + UNDERLINE_GAP * placed.size_mm)}" width="{fmt(width)}" '
            f'height="{fmt(UNDERLINE_WEIGHT * placed.size_mm)}"/>'
        )
    return bars


# How each digit of Vera (Quarry's type) reads turned round (rotated 180 degrees); digits
# missing here read as no digit turned round (Vera's 1 has a foot and a flag).
TURNED_DIGITS = {"0": "0", "6": "9", "8": "8", "9": "6"}


def reads_turned(number: str) -> str | None:
    """Return what `number` (digits) reads as when turned round, or None when some digit
    reads as no digit."""
    if not number or any(digit not in TURNED_DIGITS for digit in number):
        return None
    return "".join(TURNED_DIGITS[digit] for digit in reversed(number))


def needs_underline(number: str, valid: set[str] | frozenset[str]) -> bool:
    """Return whether `number` reads, turned round, as another number in `valid` (so it
    needs the underline that tells them apart)."""
    turned = reads_turned(number)
    return turned is not None and turned != number and turned in valid


def text_group(*args, fill: str = "#000000", **kw):
    """Return (an svgwrite Group of the text lines, the block's height in mm), for figures
    built with svgwrite (arguments as place_text's, and the `fill` colour)."""
    import svgwrite
    from svgwrite.container import Group

    import generator.render.svg  # noqa: F401 (svgwrite's per-attribute checks off)

    placed = place_text(*args, **kw)
    group = Group(
        font_family=SVG_FAMILY, font_size=fmt(placed.size_mm), text_anchor=placed.anchor, fill=fill
    )
    if placed.bold:
        group["font-weight"] = "bold"
    for line, tx, baseline in placed.lines:
        group.add(svgwrite.text.Text(line, insert=(tx, baseline)))
    return group, placed.height
