"""What a PDF page prints, read with pdfium: every text, path, image and shading, forms
unfolded, each with its box as shown (clipped by the clip paths around it), in page mm,
and for text its printed size and words."""

import ctypes
import math
from dataclasses import dataclass

import pypdfium2
import pypdfium2.raw as pdfium

Box = tuple[float, float, float, float]  # left, bottom, right, top in mm from the bottom-left
# Sizes are compared after rounding to this many decimals: 6 pt drawn through a chain of
# scales reads 5.9999.
SIZE_DECIMALS = 2


# A text clipped to less than this share of its box (a mirrored sliver of a card's artwork
# continued past its edge, render/back_reach.py) is not read for its size.
HALF_SHOWN = 0.5


@dataclass
class Ink:
    """Something the page prints: its kind, its box as shown (clipped), in page mm, and for
    text its printed size, its words and which way it reads."""

    kind: str  # "text", "path", "image" or "shading"
    box: Box
    shown: float = 1.0  # the share of its box left by the clip paths round it
    size: float = 0.0  # pt, as printed
    text: str = ""
    upright: bool = False  # reads from the bottom of the page up
    dashed_bend: bool = False  # a path stroked with dashes that bends (curve or corner)
    level: int = 0  # how many forms it sits in: 0 on the page itself


def inks(page: pypdfium2.PdfPage, width: float, height: float) -> list[Ink]:
    """Every text, path, image and shading the page prints, forms unfolded, each box
    clipped by the clip paths around it; what is clipped away entirely is left out."""
    found: list[Ink] = []
    page_box = (0.0, 0.0, width, height)
    to_mm = (25.4 / 72, 0.0, 0.0, 25.4 / 72, 0.0, 0.0)
    text_page = page.get_textpage()
    try:
        for index in range(pdfium.FPDFPage_CountObjects(page)):
            _walk(pdfium.FPDFPage_GetObject(page, index), to_mm, page_box, text_page, found, 0)
    finally:
        text_page.close()
    return found


KINDS = {
    pdfium.FPDF_PAGEOBJ_TEXT: "text",
    pdfium.FPDF_PAGEOBJ_PATH: "path",
    pdfium.FPDF_PAGEOBJ_IMAGE: "image",
    pdfium.FPDF_PAGEOBJ_SHADING: "shading",
}


def _walk(obj, matrix, clip: Box | None, text_page, found: list[Ink], level: int) -> None:
    """Add what `obj` prints (and, for a form, what it holds) to `found`; `matrix` takes the
    coordinates `obj` is placed in to page mm, `clip` is what encloses it, `level` how many
    forms enclose it."""
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
            _walk(
                pdfium.FPDFFormObj_GetObject(obj, index), inner, clip, text_page, found, level + 1
            )
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
    shown = _area(box) / _area(whole) if _area(whole) > 0 else 1.0
    ink = Ink(KINDS[kind], box, shown, level=level)
    if kind == pdfium.FPDF_PAGEOBJ_PATH:
        ink.dashed_bend = _dashed_bend(obj)
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


def _dashed_bend(obj) -> bool:
    """Whether a path is stroked with dashes and bends: a curve, a corner, or a closed
    shape (a dashed straight line, or several, does not)."""
    fill_mode, stroke = ctypes.c_int(), ctypes.c_int()
    pdfium.FPDFPath_GetDrawMode(obj, fill_mode, stroke)
    if not stroke.value or pdfium.FPDFPageObj_GetDashCount(obj) <= 0:
        return False
    points: list[tuple[float, float]] = []
    for index in range(pdfium.FPDFPath_CountSegments(obj)):
        segment = pdfium.FPDFPath_GetPathSegment(obj, index)
        kind = pdfium.FPDFPathSegment_GetType(segment)
        if kind == pdfium.FPDF_SEGMENT_BEZIERTO:
            return True
        x, y = ctypes.c_float(), ctypes.c_float()
        pdfium.FPDFPathSegment_GetPoint(segment, x, y)
        if kind == pdfium.FPDF_SEGMENT_MOVETO:
            points = []
        points.append((x.value, y.value))
        if _bends(points) or (pdfium.FPDFPathSegment_GetClose(segment) and len(points) > 2):
            return True
    return False


def _bends(points: list[tuple[float, float]]) -> bool:
    """Whether the points of one subpath leave the line through its first two."""
    if len(points) < 3:
        return False
    (x0, y0), (x1, y1) = points[0], points[1]
    length = math.hypot(x1 - x0, y1 - y0)
    if length == 0:
        return False
    x, y = points[-1]
    return abs((x1 - x0) * (y - y0) - (y1 - y0) * (x - x0)) / length > 0.1


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
