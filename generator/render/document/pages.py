"""Flowing pages: a game's parts (a header and a story of flowables) set on paper by
reportlab's platypus, one or two columns, with the footer every Quarry page carries.

The geometry is one for every game: 12 mm margins at the sides and top (or the paper's
clear_edge, where its printers clip more), the header (title, an optional field line on the
right, a subtitle, a rule; a part's later pages say "(continued)" in the same room), the
columns, and the footer line whose baseline sits 7 mm above the bottom edge, clear of the
5 mm a home printer cannot reach. Pages are counted before their footers are written, so
each says "page n/m".
"""

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
)

from generator import __version__
from generator.render.document.blocks import Blocks, plain
from generator.render.document.styles import FAINT, GREY, INK, TypeScale, colour
from generator.render.fonts import ensure_fonts
from generator.render.layouts import Paper
from generator.render.pdf import CLEAR_EDGE, Footer
from generator.render.units import mm_to_pt, pt_to_mm

MARGIN = 12.0  # mm: sides and top
BOTTOM = 13.0  # mm: the lowest the columns reach
GUTTER = 7.0  # mm between two columns
HEADER_GAP = 4.0  # mm from the header's rule to the columns
FOOTER_BASELINE = CLEAR_EDGE + 2.0  # mm above the bottom edge: its descenders clear the edge
FOOTER_PT = 6.5


class DoesNotFit(Exception):
    """Pages that need more room than they are allowed (a bug in a page, not the user's)."""


@dataclass(frozen=True)
class Header:
    """The top of every page of a part: a title, a subtitle under it, and an optional line
    of fields to fill in (\"Name: ____\") at the right of the title."""

    title: str
    subtitle: str = ""
    fields: str | None = None


@dataclass
class Part:
    """A run of pages under one header: its story (flowables), set in `columns` columns;
    `component` names it in the footer. Later pages of a part say \"(continued)\"."""

    header: Header
    story: list[Flowable]
    component: str
    columns: int = 1
    divider: bool = False  # a faint line between the columns


class _Geometry:
    """Where the header and the columns of a part sit on the paper (points)."""

    def __init__(self, paper: Paper, header: Header, scale: TypeScale, columns: int) -> None:
        self.paper, self.header, self.columns = paper, header, columns
        self.width, self.height = mm_to_pt(paper.width), mm_to_pt(paper.height)
        margin = max(MARGIN, paper.clear_edge)  # a paper whose printers clip more keeps more
        self.left, self.inner = mm_to_pt(margin), mm_to_pt(paper.width - 2 * margin)
        self.top = self.height - mm_to_pt(margin)
        styles = scale.styles
        self.title_w = self.inner * (0.6 if header.fields else 1.0)
        self.title = Paragraph(plain(header.title), styles["title"])
        self.fields = Paragraph(plain(header.fields), styles["fields"]) if header.fields else None
        self.subtitle = Paragraph(plain(header.subtitle), styles["subtitle"])
        _, title_h = self.title.wrap(self.title_w, self.height)
        if self.fields is not None:
            _, self.fields_h = self.fields.wrap(self.inner - self.title_w, self.height)
        _, sub_h = self.subtitle.wrap(self.inner, self.height) if header.subtitle else (0, 0)
        self.title_h, self.sub_h = title_h, sub_h
        self.continued = self._continued_title(styles)
        self.rule_y = self.top - title_h - (sub_h + mm_to_pt(1.5) if sub_h else 0) - mm_to_pt(2)
        self.columns_top = self.rule_y - mm_to_pt(HEADER_GAP)

    def _continued_title(self, styles) -> Paragraph:
        """Return the title of a part's later pages, in the room the first page's title
        takes, so the header is the same on every page and nothing is pushed up towards the
        paper's edge: "Title (continued)"; where that needs another line, "(continued)" in
        the subtitle's size; where even that does not fit, the title alone."""
        title = plain(self.header.title)
        size = styles["subtitle"].fontSize
        tag = f'<font name="Vera" size="{size:g}" color="{GREY}">(continued)</font>'
        for text in (f"{title} (continued)", f"{title} {tag}"):
            paragraph = Paragraph(text, self.title.style)
            _, height = paragraph.wrap(self.title_w, self.height)
            if height <= self.title_h:
                return paragraph
        return self.title

    def frames(self, prefix: str) -> list[Frame]:
        bottom = mm_to_pt(BOTTOM)
        gutter = mm_to_pt(GUTTER)
        column_w = (self.inner - (self.columns - 1) * gutter) / self.columns
        return [
            Frame(
                self.left + index * (column_w + gutter),
                bottom,
                column_w,
                self.columns_top - bottom,
                leftPadding=0,
                rightPadding=0,
                topPadding=0,
                bottomPadding=0,
                id=f"{prefix}-{index}",
            )
            for index in range(self.columns)
        ]

    def draw_header(self, canvas: Canvas, continued: bool, divider: bool) -> None:
        top = self.top
        title = self.continued if continued else self.title
        title.drawOn(canvas, self.left, top - title.height)
        if self.fields is not None:
            self.fields.drawOn(
                canvas, self.left + self.title_w, top - self.fields_h - mm_to_pt(1.5)
            )
        if self.sub_h:
            self.subtitle.drawOn(canvas, self.left, top - self.title_h - mm_to_pt(1.5) - self.sub_h)
        canvas.saveState()
        canvas.setStrokeColor(colour(INK))
        canvas.setLineWidth(0.9)
        canvas.line(self.left, self.rule_y, self.left + self.inner, self.rule_y)
        if divider and self.columns == 2:
            canvas.setStrokeColor(colour(FAINT))
            canvas.setLineWidth(0.6)
            mid = self.left + self.inner / 2
            canvas.line(mid, self.columns_top, mid, mm_to_pt(BOTTOM))
        canvas.restoreState()


def column_size(
    paper: Paper, header: Header, scale: TypeScale | None = None, columns: int = 1
) -> tuple[float, float]:
    """Return (width, height) in mm of one column of a part's page under `header`, its
    headers set in `scale` (TypeScale() unless given): the room a story has on a page, for
    pages that size their content to it (two puzzles to a page, say)."""
    geometry = _Geometry(paper, header, scale or TypeScale(), columns)
    frame = geometry.frames("probe")[0]
    return pt_to_mm(frame._width), pt_to_mm(frame._height)


def _footer_canvas(footer: Footer, components: list[str]):
    """Return a canvas class that holds every page back until the end, then writes each
    page's footer (`components[n]` names page n's part) with the page count known."""

    class FooterCanvas(Canvas):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            self._held: list[dict] = []

        def showPage(self) -> None:  # noqa: N802 (reportlab's name)
            self._held.append(dict(self.__dict__))
            self._startPage()

        def save(self) -> None:
            total = len(self._held)
            for number, state in enumerate(self._held, 1):
                self.__dict__.update(state)
                text = Footer(footer.title, components[number - 1], footer.seed).text(number, total)
                draw_footer(self, self._pagesize[0], text)
                Canvas.showPage(self)
            Canvas.save(self)

    return FooterCanvas


class TrialCanvas(Canvas):
    """The canvas of a trial setting, which only counts pages (fit_parts): a page is
    dropped as soon as it is set and nothing is written; figures skip their drawing
    (`trial`), which moves nothing on a page."""

    trial = True

    def showPage(self) -> None:  # noqa: N802 (reportlab's name)
        self._startPage()

    def save(self) -> None:
        pass


def draw_footer(canvas: Canvas, page_width_pt: float, text: str) -> None:
    """Write the footer line centred at the foot of the page, FOOTER_BASELINE mm up."""
    canvas.saveState()
    canvas.setFont("Vera", FOOTER_PT)
    canvas.setFillColor(colour(GREY))
    canvas.drawCentredString(page_width_pt / 2, mm_to_pt(FOOTER_BASELINE), text)
    canvas.restoreState()


def _build(
    target, paper: Paper, parts: Sequence[Part], footer: Footer, scale: TypeScale, trial=False
) -> int:
    """Set `parts` into `target`; return the page count. A `trial` setting only counts
    the pages (TrialCanvas) and writes nothing."""
    ensure_fonts()
    components: list[str] = []
    templates, story = [], []
    for index, part in enumerate(parts):
        geometry = _Geometry(paper, part.header, scale, part.columns)
        seen = {"pages": 0}

        def on_page(canvas, doc, geometry=geometry, part=part, seen=seen):
            geometry.draw_header(canvas, continued=seen["pages"] > 0, divider=part.divider)
            seen["pages"] += 1
            components.append(part.component)

        templates.append(
            PageTemplate(id=f"part{index}", frames=geometry.frames(f"part{index}"), onPage=on_page)
        )
        if index:
            story += [NextPageTemplate(f"part{index}"), PageBreak()]
        story += list(part.story)
    doc = BaseDocTemplate(
        target,
        pagesize=(mm_to_pt(paper.width), mm_to_pt(paper.height)),
        pageTemplates=templates,
        title=footer.title,
        subject=footer.component,
        author="Quarry",
        creator=f"Quarry {__version__}",
        invariant=1,
        pageCompression=1,
        initialFontName="Vera",
        leftMargin=0,
        rightMargin=0,
        topMargin=0,
        bottomMargin=0,
    )
    doc.build(story, canvasmaker=TrialCanvas if trial else _footer_canvas(footer, components))
    return len(components)


def write_document(
    target: Path, paper: Paper, parts: Sequence[Part], footer: Footer, scale: TypeScale
) -> int:
    """Set `parts` on `paper` into the PDF `target` (a path, or a binary file object);
    return its page count."""
    return _build(target if hasattr(target, "write") else str(target), paper, parts, footer, scale)


def fit_parts(
    paper: Paper,
    make_parts: Callable[[Blocks], Sequence[Part]],
    footer: Footer,
    sizes: Sequence[float],
    max_pages: int,
    scale: TypeScale | None = None,
) -> list[Part]:
    """Return the parts `make_parts` gives for the first body size in `sizes` (largest
    first) whose pages number at most `max_pages`, set on `paper`; nothing is written.

    The parts carry their own type, so they can join other parts in one write_document
    (each part starts on a new page) whose scale, `scale` (TypeScale() unless given), sets
    the headers. Raises DoesNotFit when even the smallest size needs more pages.
    """
    for size in sizes:
        parts = list(make_parts(Blocks(TypeScale(body=size))))
        if _build(None, paper, parts, footer, scale or TypeScale(), trial=True) <= max_pages:
            return list(make_parts(Blocks(TypeScale(body=size))))  # a build uses them up
    raise DoesNotFit(
        f"{footer.component} needs more than {max_pages} page(s) of {paper.name} "
        f"even at {sizes[-1]} pt"
    )


def fit_document(
    target: Path,
    paper: Paper,
    make_parts: Callable[[Blocks], Sequence[Part]],
    footer: Footer,
    sizes: Sequence[float],
    max_pages: int,
) -> int:
    """Set the parts `make_parts` gives for each body size in `sizes` (largest first) and
    write the first that takes at most `max_pages` pages; return its page count. A size is
    tried on a trial setting, which only counts pages; the one that fits is written.

    Raises DoesNotFit when even the smallest size needs more pages.
    """
    for size in sizes:
        scale = TypeScale(body=size)
        if _build(None, paper, make_parts(Blocks(scale)), footer, scale, trial=True) <= max_pages:
            written = io.BytesIO()
            pages = _build(written, paper, make_parts(Blocks(scale)), footer, scale)
            Path(target).write_bytes(written.getvalue())
            return pages
    raise DoesNotFit(
        f"{footer.component} needs more than {max_pages} page(s) of {paper.name} "
        f"even at {sizes[-1]} pt"
    )
