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
  curve (a rounded frame, a circle) reads as a cut line where there is none, or as missing
  art;
- `edge`: no ink (text, path, image) within CLEAR_MM of the paper's edge: 5 mm on A4 (and
  A3), 6.35 mm (a quarter inch) on Letter (and Tabloid), where home printers clip more
  (EDGE_TOLERANCE less).
"""

import ctypes
import math
from dataclasses import dataclass
from pathlib import Path

import pypdfium2
import pypdfium2.raw as pdfium

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
# Sizes are compared after rounding to this many decimals: 6 pt drawn through a chain of
# scales reads 5.9999.
SIZE_DECIMALS = 2

Box = tuple[float, float, float, float]  # left, bottom, right, top in mm from the bottom-left


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
            found += check_page(pdf[index], index + 1, clear_mm)
        return found
    finally:
        pdf.close()


def check_page(
    page: pypdfium2.PdfPage, number: int, clear_mm: float | None = None
) -> list[Violation]:
    """Return the violations on one page (`number` counted from 1); `clear_mm` as in
    check_pdf."""
    width, height = (pt_to_mm(v) for v in page.get_size())
    clear = CLEAR_MM.get(paper_of(width, height), DEFAULT_CLEAR_MM)
    if clear_mm is not None:
        clear = clear_mm
    found = []
    for ink in _inks(page, width, height):
        where = _where(ink.box, width, height)
        if ink.kind == "text" and ink.shown >= HALF_SHOWN:
            floor = MIN_FOOTER_PT if _in_footer_band(ink) else MIN_TEXT_PT
            if ink.size < floor:
                what = f"{ink.text!r} at {ink.size:g} pt (at least {floor:g})"
                kind = f"text at {ink.size:g} pt (at least {floor:g})"
                found.append(Violation(number, "type", what, where, kind))
        if ink.dashed_curve:
            kind = "dashed curve (dashes are for straight cut and fold lines)"
            found.append(Violation(number, "dash", "dashed curve", where, kind))
        distance, edge = _distance(ink.box, width, height)
        if distance < clear - EDGE_TOLERANCE:
            what = f"text {ink.text!r}" if ink.kind == "text" else ink.kind
            kind = f"{ink.kind} within {clear:g} mm of the {edge}"
            where = f"{where}; keep {clear:g} mm clear"
            found.append(Violation(number, "edge", what, where, kind, distance, edge))
    return found


# A text clipped to less than this share of its box (a mirrored sliver of a card's artwork
# continued past its edge, render/back_reach.py) is not read for its size.
HALF_SHOWN = 0.5


@dataclass
class _Ink:
    """Something the page prints: its kind, its box as shown (clipped), in page mm, and for
    text its printed size, its words and which way it reads."""

    kind: str  # "text", "path", "image" or "shading"
    box: Box
    shown: float = 1.0  # the share of its box left by the clip paths round it
    size: float = 0.0  # pt, as printed
    text: str = ""
    upright: bool = False  # reads from the bottom of the page up
    dashed_curve: bool = False  # a path stroked with dashes that bends


def _in_footer_band(ink: _Ink) -> bool:
    left, bottom, right, top = ink.box
    if ink.upright:
        return right <= FOOTER_REACH
    return top <= FOOTER_REACH


def _inks(page: pypdfium2.PdfPage, width: float, height: float) -> list[_Ink]:
    """Every text, path, image and shading the page prints, forms unfolded, each box
    clipped by the clip paths around it; what is clipped away entirely is left out."""
    found: list[_Ink] = []
    page_box = (0.0, 0.0, width, height)
    to_mm = (25.4 / 72, 0.0, 0.0, 25.4 / 72, 0.0, 0.0)
    text_page = page.get_textpage()
    try:
        for index in range(pdfium.FPDFPage_CountObjects(page)):
            _walk(pdfium.FPDFPage_GetObject(page, index), to_mm, page_box, text_page, found)
    finally:
        text_page.close()
    return found


KINDS = {
    pdfium.FPDF_PAGEOBJ_TEXT: "text",
    pdfium.FPDF_PAGEOBJ_PATH: "path",
    pdfium.FPDF_PAGEOBJ_IMAGE: "image",
    pdfium.FPDF_PAGEOBJ_SHADING: "shading",
}


def _walk(obj, matrix, clip: Box | None, text_page, found: list[_Ink]) -> None:
    """Add what `obj` prints (and, for a form, what it holds) to `found`; `matrix` takes the
    coordinates `obj` is placed in to page mm, `clip` is what encloses it."""
    own_clip = _clip_box(obj, matrix)
    if own_clip is not None:
        clip = own_clip if clip is None else _intersect(clip, own_clip)
        if clip is None:
            return
    kind = pdfium.FPDFPageObj_GetType(obj)
    own = _matrix(obj)
    if kind == pdfium.FPDF_PAGEOBJ_FORM:
        inner = _multiply(own, matrix)
        for index in range(pdfium.FPDFFormObj_CountObjects(obj)):
            _walk(pdfium.FPDFFormObj_GetObject(obj, index), inner, clip, text_page, found)
        return
    if kind not in KINDS or not _prints(obj, kind):
        return
    left, bottom, right, top = (ctypes.c_float() for _ in range(4))
    if not pdfium.FPDFPageObj_GetBounds(obj, left, bottom, right, top):
        return
    whole = _transform((left.value, bottom.value, right.value, top.value), matrix)
    if kind == pdfium.FPDF_PAGEOBJ_PATH:
        whole = _less_half_stroke(obj, whole, matrix)
    box = whole if clip is None else _intersect(whole, clip)
    if box is None:
        return
    ink = _Ink(KINDS[kind], box, _area(box) / _area(whole) if _area(whole) > 0 else 1.0)
    if kind == pdfium.FPDF_PAGEOBJ_PATH:
        ink.dashed_curve = _dashed_curve(obj)
    if kind == pdfium.FPDF_PAGEOBJ_TEXT:
        placed = _multiply(own, matrix)
        em = ctypes.c_float()
        pdfium.FPDFTextObj_GetFontSize(obj, em)
        # The printed size: the em size times how much the glyph's vertical is scaled.
        scale = math.hypot(placed[2], placed[3]) * 72 / 25.4
        ink.size = round(em.value * scale, SIZE_DECIMALS)
        ink.text = _text_of(obj, text_page)
        ink.upright = placed[1] > 0 and abs(placed[1]) > abs(placed[0])
        if not ink.text.strip():
            return
    found.append(ink)


def _less_half_stroke(obj, box: Box, matrix) -> Box:
    """pdfium widens a stroked path's bounds by the whole line width on each side, where the
    ink reaches half of it: take the other half back."""
    fill_mode, stroke = ctypes.c_int(), ctypes.c_int()
    pdfium.FPDFPath_GetDrawMode(obj, fill_mode, stroke)
    width = ctypes.c_float()
    if not stroke.value or not pdfium.FPDFPageObj_GetStrokeWidth(obj, width):
        return box
    a, b, c, d, _, _ = matrix
    half = width.value / 2 * abs(a * d - b * c) ** 0.5
    left, bottom, right, top = box
    if right - left <= 2 * half or top - bottom <= 2 * half:
        return box
    return (left + half, bottom + half, right - half, top - half)


def _dashed_curve(obj) -> bool:
    """Whether a path is stroked with dashes and holds a curve."""
    fill_mode, stroke = ctypes.c_int(), ctypes.c_int()
    pdfium.FPDFPath_GetDrawMode(obj, fill_mode, stroke)
    if not stroke.value or pdfium.FPDFPageObj_GetDashCount(obj) <= 0:
        return False
    return any(
        pdfium.FPDFPathSegment_GetType(pdfium.FPDFPath_GetPathSegment(obj, index))
        == pdfium.FPDF_SEGMENT_BEZIERTO
        for index in range(pdfium.FPDFPath_CountSegments(obj))
    )


def _matrix(obj) -> tuple[float, ...]:
    matrix = pdfium.FS_MATRIX()
    pdfium.FPDFPageObj_GetMatrix(obj, matrix)
    return (matrix.a, matrix.b, matrix.c, matrix.d, matrix.e, matrix.f)


def _text_of(obj, text_page) -> str:
    length = pdfium.FPDFTextObj_GetText(obj, text_page, None, 0)
    if length <= 2:
        return ""
    buffer = ctypes.create_string_buffer(length)
    pdfium.FPDFTextObj_GetText(
        obj, text_page, ctypes.cast(buffer, ctypes.POINTER(ctypes.c_ushort)), length
    )
    return buffer.raw[: length - 2].decode("utf-16-le", errors="replace").strip()


def _area(box: Box) -> float:
    return max(0.0, box[2] - box[0]) * max(0.0, box[3] - box[1])


def _prints(obj, kind: int) -> bool:
    """Whether an object leaves ink: a path filled or stroked in a colour that is not paper
    white nor fully transparent, text not set invisible (images and shadings always do)."""
    if kind == pdfium.FPDF_PAGEOBJ_TEXT:
        return pdfium.FPDFTextObj_GetTextRenderMode(obj) != pdfium.FPDF_TEXTRENDERMODE_INVISIBLE
    if kind != pdfium.FPDF_PAGEOBJ_PATH:
        return True
    fill_mode, stroke = ctypes.c_int(), ctypes.c_int()
    pdfium.FPDFPath_GetDrawMode(obj, fill_mode, stroke)
    colours = []
    if fill_mode.value:
        colours.append(pdfium.FPDFPageObj_GetFillColor)
    if stroke.value:
        colours.append(pdfium.FPDFPageObj_GetStrokeColor)
    for get in colours:
        r, g, b, a = (ctypes.c_uint() for _ in range(4))
        if not get(obj, r, g, b, a):
            return True
        if a.value > 0 and min(r.value, g.value, b.value) < 255:
            return True
    return False


def _clip_box(obj, matrix) -> Box | None:
    """The bounding box, in page mm, of the clip path on `obj`, or None when it has none."""
    clip = pdfium.FPDFPageObj_GetClipPath(obj)
    if not clip:
        return None
    box = None
    for path in range(max(0, pdfium.FPDFClipPath_CountPaths(clip))):
        xs, ys = [], []
        for index in range(pdfium.FPDFClipPath_CountPathSegments(clip, path)):
            segment = pdfium.FPDFClipPath_GetPathSegment(clip, path, index)
            x, y = ctypes.c_float(), ctypes.c_float()
            pdfium.FPDFPathSegment_GetPoint(segment, x, y)
            xs.append(x.value)
            ys.append(y.value)
        if not xs:
            continue
        part = _transform((min(xs), min(ys), max(xs), max(ys)), matrix)
        box = part if box is None else (_intersect(box, part) or (0.0, 0.0, 0.0, 0.0))
    return box


def _multiply(first, then):
    """The matrix applying `first`, then `then` (PDF's a b c d e f order)."""
    a, b, c, d, e, f = first
    A, B, C, D, E, F = then
    return (
        a * A + b * C,
        a * B + b * D,
        c * A + d * C,
        c * B + d * D,
        e * A + f * C + E,
        e * B + f * D + F,
    )


def _transform(box: Box, matrix) -> Box:
    a, b, c, d, e, f = matrix
    left, bottom, right, top = box
    points = [(x, y) for x in (left, right) for y in (bottom, top)]
    xs = [a * x + c * y + e for x, y in points]
    ys = [b * x + d * y + f for x, y in points]
    return (min(xs), min(ys), max(xs), max(ys))


def _intersect(one: Box, other: Box) -> Box | None:
    left, bottom = max(one[0], other[0]), max(one[1], other[1])
    right, top = min(one[2], other[2]), min(one[3], other[3])
    if right <= left or top <= bottom:
        return None
    return (left, bottom, right, top)


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
