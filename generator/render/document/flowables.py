"""The pieces a flowing page is made of, beyond reportlab's own Paragraph and Table:
figures from SVG components, shaded headings, room to write, tick boxes.

Every size given here is in millimetres; reportlab works in points underneath.
"""

from reportlab.graphics import renderPDF
from reportlab.platypus import Flowable, Paragraph

from generator.render.document.styles import INK, RULE, SHADE, colour
from generator.render.svg import svg_size_mm, to_drawing
from generator.render.units import mm_to_pt

ROOM_LINE_GAP = 7.0  # mm between the ruled lines of room to write


class Figure(Flowable):
    """An SVG component placed at its true size, or scaled down (never up) to fit the
    column, or to `width` mm when given. Horizontally centred unless align says otherwise."""

    def __init__(self, svg_text: str, width: float | None = None, align: str = "center"):
        super().__init__()
        self.natural = svg_size_mm(svg_text)
        self.drawing = to_drawing(svg_text)
        self.wanted = width
        self.hAlign = align.upper()
        self._scale = 1.0

    def wrap(self, avail_width, avail_height):
        natural_w, natural_h = (mm_to_pt(v) for v in self.natural)
        target = mm_to_pt(self.wanted) if self.wanted else natural_w
        self._scale = min(target, avail_width) / natural_w
        self.width, self.height = natural_w * self._scale, natural_h * self._scale
        return self.width, self.height

    def draw(self):
        if getattr(self.canv, "trial", False):  # a trial setting counts pages only
            return
        self.canv.saveState()
        self.canv.scale(self._scale, self._scale)
        renderPDF.draw(self.drawing, self.canv, 0, 0)
        self.canv.restoreState()


class ShadedHeading(Flowable):
    """A heading set on a pale band the width of its column; it keeps with what follows."""

    def __init__(self, text: str, style, pad: float = 1.5):
        super().__init__()
        self.paragraph = Paragraph(text, style)
        self.pad = mm_to_pt(pad)
        self.keepWithNext = True
        self.spaceAfter = style.spaceAfter

    def wrap(self, avail_width, avail_height):
        _, height = self.paragraph.wrap(avail_width - 2 * self.pad, avail_height)
        self.width, self.height = avail_width, height + self.pad
        return self.width, self.height

    def draw(self):
        c = self.canv
        c.saveState()
        c.setFillColor(colour(SHADE))
        c.roundRect(0, 0, self.width, self.height, mm_to_pt(1), stroke=0, fill=1)
        c.restoreState()
        self.paragraph.drawOn(c, self.pad, self.pad * 0.55)


class Room(Flowable):
    """Room to write: at least `minimum` mm (it moves to the next column or page when that
    much is not left), growing to the rest of the column up to `maximum` mm, ruled with
    faint lines unless `lines` is False."""

    def __init__(self, minimum: float, maximum: float | None = None, lines: bool = True):
        super().__init__()
        self.minimum, self.maximum = mm_to_pt(minimum), mm_to_pt(maximum or minimum)
        self.lines = lines

    def wrap(self, avail_width, avail_height):
        height = self.minimum if avail_height < self.minimum else avail_height
        self.width, self.height = avail_width, min(height, max(self.maximum, self.minimum))
        return self.width, self.height

    def draw(self):
        c = self.canv
        c.saveState()
        c.setLineWidth(0.4)
        c.setStrokeColor(colour(RULE))
        if self.lines:
            gap = mm_to_pt(ROOM_LINE_GAP)
            y = self.height - gap
            while y > mm_to_pt(2):
                c.line(0, y, self.width, y)
                y -= gap
        c.restoreState()


class TickBox(Flowable):
    """A small empty square to tick, `size` mm, drawn on the text's baseline."""

    def __init__(self, size: float = 3.2):
        super().__init__()
        self.size = mm_to_pt(size)

    def wrap(self, avail_width, avail_height):
        self.width = self.height = self.size
        return self.size, self.size

    def draw(self):
        self.canv.saveState()
        self.canv.setLineWidth(0.6)
        self.canv.setStrokeColor(colour(INK))
        self.canv.rect(0, 0, self.size, self.size)
        self.canv.restoreState()


class Continued(Flowable):
    """A flowable kept whole that, when it lands at the top of a column, says above it
    what it continues (`head`, a paragraph such as "Puzzle 2, continued"); anywhere else
    it is just the flowable."""

    def __init__(self, flowable: Flowable, head: Paragraph, gap: float = 0.8) -> None:
        super().__init__()
        self.flowable, self.head, self.gap = flowable, head, mm_to_pt(gap)
        self.keepWithNext = flowable.getKeepWithNext()
        self._head_h = 0.0

    def wrap(self, avail_width, avail_height):
        width, height = self.flowable.wrap(avail_width, avail_height)
        frame = getattr(self, "_frame", None)
        at_top = frame is not None and getattr(frame, "_atTop", 0)
        self._head_h = self.head.wrap(avail_width, avail_height)[1] + self.gap if at_top else 0
        self.width, self.height = width, height + self._head_h
        return self.width, self.height

    def split(self, avail_width, avail_height):
        return []

    def getSpaceAfter(self):  # noqa: N802 (reportlab's name)
        return self.flowable.getSpaceAfter()

    def draw(self):
        body_h = self.height - self._head_h
        self.flowable.drawOn(self.canv, 0, 0)
        if self._head_h:
            self.head.drawOn(self.canv, 0, body_h + self.gap)
