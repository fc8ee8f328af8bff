"""PDF writing on top of reportlab: reproducible files, SVG components as reusable forms.

Coordinates here are millimetres from the bottom-left corner of the page (PDF's own
orientation); conversion to points happens at the canvas.
"""

from dataclasses import dataclass
from pathlib import Path

from reportlab.graphics import renderPDF
from reportlab.pdfbase.pdfdoc import PDFResourceDictionary
from reportlab.pdfgen.canvas import Canvas

from generator import __version__
from generator.render.fonts import ensure_fonts, text_width
from generator.render.svg import digest, svg_size_mm, to_drawing
from generator.render.units import mm_to_pt, pt_to_mm

# The outer band of the paper that nothing is printed in: most home printers cannot reach
# it and clip what is there. layouts/sheets.toml keeps its margins to the same 5 mm; the
# footers of the flowing pages (document/pages.py) and of a board's one page sit above it.
CLEAR_EDGE = 5.0


def fit_size(text: str, size_pt: float, width_mm: float) -> float:
    """Return `size_pt`, made smaller if `text` in Vera would be wider than `width_mm`."""
    width = pt_to_mm(text_width(text, size_pt))
    return size_pt if width <= width_mm else size_pt * width_mm / width


@dataclass(frozen=True)
class Footer:
    """What every page says at its foot: title, component, seed, version, page n/m."""

    title: str
    component: str
    seed: int | None

    def text(self, page: int, pages: int) -> str:
        """Return the footer line for page `page` of `pages`."""
        parts = [self.title, self.component]
        if self.seed is not None:
            parts.append(f"seed {self.seed}")
        parts += [f"Quarry {__version__}", f"page {page}/{pages}"]
        return " · ".join(parts)


@dataclass(frozen=True)
class FooterBox:
    """The rectangle a footer line covers, in mm from the page's bottom-left corner."""

    left: float
    bottom: float
    right: float
    top: float


class FormCanvas(Canvas):
    """A reportlab Canvas whose form XObjects carry every resource their content uses.

    reportlab gives a page its ExtGState (opacity), colour space and shading resources, but a
    form only its fonts and nested forms: a form that sets an opacity names an ExtGState
    (`/gRLs0 gs`) its resources do not define, so viewers ignore the opacity or reject the
    page. endForm here completes the form's resource dictionary the way reportlab builds a
    page's.
    """

    def endForm(self, **extra_attributes) -> None:
        """Finish the form begun by beginForm, its resources complete."""
        name = self._formData[0]
        # reportlab does not hand the shadings a form used to the form: take them here.
        shadings = dict(self._shadingUsed)
        super().endForm(**extra_attributes)
        form = self._doc.idToObject[self._doc.getXObjectName(name)]
        resources = PDFResourceDictionary()
        resources.basicFonts()
        resources.allProcs()
        if form.XObjects:
            resources.XObject = form.XObjects
        if form.ExtGState:
            resources.ExtGState = form.ExtGState
        resources.setColorSpace(form._colorsUsed)
        resources.setShading(shadings)
        form.Resources = resources


class PdfDocument:
    """A reportlab canvas that is byte-reproducible and draws SVG components as forms.

    Each distinct SVG becomes one PDF form XObject, drawn wherever it is placed: a card
    printed 3 times is stored once.
    """

    def __init__(self, target: Path, title: str, subject: str) -> None:
        ensure_fonts()
        # initialFontName: otherwise every page's preamble names Helvetica, a font not embedded.
        self.canvas = FormCanvas(
            str(target), invariant=1, pageCompression=1, initialFontName="Vera"
        )
        self.canvas.setTitle(title)
        self.canvas.setSubject(subject)
        self.canvas.setCreator(f"Quarry {__version__}")
        self.canvas.setAuthor("Quarry")
        self._forms: dict[str, tuple[str, float, float]] = {}
        self.pages = 0

    def begin_page(self, width: float, height: float) -> None:
        """Start a page `width` x `height` mm (call end_page when it is drawn)."""
        self.canvas.setPageSize((mm_to_pt(width), mm_to_pt(height)))

    def set_boxes(self, trim: tuple[float, float, float, float] | None, bleed: float) -> None:
        """Set TrimBox (x, y, w, h in mm) and a BleedBox `bleed` mm larger, for this page on."""
        if trim is None:
            return
        x, y, w, h = trim
        self.canvas.setTrimBox(tuple(mm_to_pt(v) for v in (x, y, x + w, y + h)))
        box = (x - bleed, y - bleed, x + w + bleed, y + h + bleed)
        self.canvas.setBleedBox(tuple(mm_to_pt(v) for v in box))

    def end_page(self) -> None:
        """Finish the current page."""
        self.canvas.showPage()
        self.pages += 1

    def form(self, svg_text: str) -> str:
        """Return the name of the form holding this SVG, making it on first use."""
        key = digest(svg_text)
        if key not in self._forms:
            width, height = svg_size_mm(svg_text)
            name = f"svg{len(self._forms)}"
            drawing = to_drawing(svg_text)
            self.canvas.beginForm(name, 0, 0, mm_to_pt(width), mm_to_pt(height))
            renderPDF.draw(drawing, self.canvas, 0, 0)
            self.canvas.endForm()
            self._forms[key] = (name, width, height)
        return self._forms[key][0]

    def place(self, svg_text: str, x: float, y: float, rotate_180: bool = False) -> None:
        """Draw an SVG component with its bottom-left corner at (x, y) mm.

        With rotate_180 the component is turned half a circle inside the same rectangle.
        """
        name = self.form(svg_text)
        _, width, height = self._forms[digest(svg_text)]
        c = self.canvas
        c.saveState()
        c.translate(mm_to_pt(x), mm_to_pt(y))
        if rotate_180:
            c.translate(mm_to_pt(width), mm_to_pt(height))
            c.rotate(180)
        c.doForm(name)
        c.restoreState()

    def place_reflected(
        self,
        svg_text: str,
        x: float,
        y: float,
        clip: tuple[float, float, float, float],
        across_x: float | None = None,
        across_y: float | None = None,
    ) -> None:
        """Draw an SVG component placed at (x, y) mm, mirrored across the vertical line
        x = `across_x` and/or the horizontal line y = `across_y`, only inside `clip`
        (x, y, w, h in mm): artwork continued past an edge, as a mirror image of itself."""
        name = self.form(svg_text)
        c = self.canvas
        c.saveState()
        path = c.beginPath()
        path.rect(*(mm_to_pt(v) for v in clip))
        c.clipPath(path, stroke=0, fill=0)
        if across_x is not None:
            c.translate(2 * mm_to_pt(across_x), 0)
            c.scale(-1, 1)
        if across_y is not None:
            c.translate(0, 2 * mm_to_pt(across_y))
            c.scale(1, -1)
        c.translate(mm_to_pt(x), mm_to_pt(y))
        c.doForm(name)
        c.restoreState()

    def line(self, x1: float, y1: float, x2: float, y2: float, width_pt: float = 0.25) -> None:
        """Draw a black line between two points in mm."""
        c = self.canvas
        c.saveState()
        c.setLineWidth(width_pt)
        c.setStrokeColorRGB(0, 0, 0)
        c.line(mm_to_pt(x1), mm_to_pt(y1), mm_to_pt(x2), mm_to_pt(y2))
        c.restoreState()

    def text(
        self,
        x: float,
        y: float,
        text: str,
        size_pt: float,
        align: str = "center",
        grey=0.3,
        upright: bool = False,
    ) -> None:
        """Write one line of Vera text with its baseline at (x, y) mm.

        With `upright` the line is turned a quarter circle anticlockwise: it reads from the
        bottom of the page up, its baseline the vertical line through x.
        """
        c = self.canvas
        c.saveState()
        c.translate(mm_to_pt(x), mm_to_pt(y))
        if upright:
            c.rotate(90)
        c.setFont("Vera", size_pt)
        c.setFillGray(grey)
        draw = {"left": c.drawString, "center": c.drawCentredString, "right": c.drawRightString}
        draw[align](0, 0, text)
        c.restoreState()

    def save(self) -> None:
        """Write the file."""
        self.canvas.save()
