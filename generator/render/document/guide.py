"""The kit guide: the first page of every kit, and the print-all file that follows it.

A kit builder describes what it wrote (KitGuide: the files to print, how many copies, one
side or two, and how to put the kit together); write_guide sets that on one page with a
50 mm bar to check the printer's scale, and write_print_all joins the guide and every
printable page, copies included, into one PDF to print in a single job.
"""

import io
from dataclasses import dataclass, field
from pathlib import Path

from pypdf import PdfReader, PdfWriter
from reportlab.platypus import Flowable

from generator.render.document.blocks import Blocks
from generator.render.document.pages import Header, Part, fit_document
from generator.render.document.styles import GREY, INK, colour
from generator.render.layouts import Paper
from generator.render.pdf import Footer
from generator.render.units import mm_to_pt

SCALE_BAR_MM = 50.0
GUIDE_SIZES = (9.0, 8.75, 8.5, 8.25, 8.0, 7.75, 7.5, 7.25, 7.0)


@dataclass(frozen=True)
class PrintItem:
    """One PDF of a kit as the guide lists it: its file, what it holds, how many copies to
    print, and whether it is printed on both sides (fronts then backs, flip on long edge)."""

    file: str
    what: str
    copies: int = 1
    two_sided: bool = False
    note: str = ""


@dataclass
class KitGuide:
    """What a kit's guide says: the game's name and a line about it, the files to print
    (per paper), and the steps to cut and put the kit together."""

    title: str
    about: str
    assembly: list[str] = field(default_factory=list)
    items: dict[str, list[PrintItem]] = field(default_factory=dict)
    papers: dict[str, Paper] = field(default_factory=dict)
    # Whether the verb that wrote the kit takes --back-offset-x/-y and --backs, so the guide
    # may send the player back to it with them.
    back_options: bool = True
    players: int | None = None  # the table the kit was printed for (KitWriter.set_table)
    bring: list[str] = field(default_factory=list)  # what the players bring, one line each
    balance: object = None  # the default game's measured balance (engine.balance.GuideBalance)

    def add(self, paper: Paper, item: PrintItem) -> None:
        """List `item` among the files to print on `paper`."""
        self.papers.setdefault(paper.name, paper)
        self.items.setdefault(paper.name, []).append(item)

    def to_json(self) -> dict:
        """Return what to print on each paper, as the manifest records it."""
        return {
            paper: [
                {
                    "file": item.file,
                    "what": item.what,
                    "copies": item.copies,
                    "two_sided": item.two_sided,
                }
                for item in items
            ]
            for paper, items in self.items.items()
        }

    def two_sided(self, paper: str) -> bool:
        """Return True if any file on `paper` is printed on both sides."""
        return any(item.two_sided for item in self.items.get(paper, []))


class ScaleBar(Flowable):
    """A bar exactly SCALE_BAR_MM long with a tick every 10 mm, and what to do if a ruler
    says otherwise."""

    def __init__(self, caption: str) -> None:
        super().__init__()
        self.caption = caption

    def wrap(self, avail_width, avail_height):
        self.width, self.height = avail_width, mm_to_pt(9)
        return self.width, self.height

    def draw(self):
        c = self.canv
        c.saveState()
        c.setStrokeColor(colour(INK))
        c.setLineWidth(0.8)
        top = self.height - mm_to_pt(2)
        c.line(0, top, mm_to_pt(SCALE_BAR_MM), top)
        for tick in range(0, int(SCALE_BAR_MM) + 1, 10):
            length = mm_to_pt(3 if tick in (0, SCALE_BAR_MM) else 1.6)
            c.line(mm_to_pt(tick), top, mm_to_pt(tick), top - length)
        c.setFont("Vera", 7)
        c.setFillColor(colour(GREY))
        c.drawString(mm_to_pt(SCALE_BAR_MM + 4), top - mm_to_pt(2.4), self.caption)
        c.restoreState()


_BACK_OPTION_TIPS = (
    "If the backs land a little off the fronts, measure how far and print the kit again "
    "with --back-offset-x / --back-offset-y (millimetres; positive moves the backs right "
    "or up).",
    "No two-sided printer? Print the kit with --backs fold: fronts and backs side by side "
    "on one side of the paper, to fold and glue.",
)


def _parts(guide: KitGuide, paper: Paper, blocks: Blocks) -> list[Part]:
    items = guide.items.get(paper.name, [])
    two_sided = guide.two_sided(paper.name)
    rows = [["File", "What it is", "Copies", "Sides"]]
    for item in items:
        what = f"{item.what}. {item.note}" if item.note else item.what
        sides = "two (flip on long edge)" if item.two_sided else "one"
        rows.append([item.file, what, str(item.copies), sides])
    story = [
        blocks.heading("Check the scale first"),
        blocks.para(
            'Print this page at 100 % ("actual size"), never "fit to page": cards and '
            "boards are drawn at their true size. Lay a ruler along the bar."
        ),
        ScaleBar(f"{SCALE_BAR_MM:.0f} mm from end to end; if not, check the print scale"),
        blocks.gap(2),
        blocks.heading("What to print"),
        blocks.table(rows, (0.3, 0.46, 0.08, 0.16)),
        blocks.gap(3),
    ]
    if two_sided:
        story += [
            blocks.heading("Two-sided sheets"),
            *blocks.items(
                [
                    'Choose two-sided printing, "flip on long edge". Each page of card '
                    "fronts is followed by the page of their backs.",
                    *(_BACK_OPTION_TIPS if guide.back_options else ()),
                ]
            ),
            blocks.gap(2),
        ]
    if guide.players is not None:
        story += [
            blocks.heading(f"Printed for {guide.players} players"),
            blocks.para(
                "Also bring: " + "; ".join(guide.bring) + "."
                if guide.bring
                else "Everything the table needs is printed here."
            ),
            blocks.gap(2),
        ]
    if guide.balance is not None:
        rows = guide.balance.rows
        columns = len(rows[0]) - 2  # a column of figures for each row of bots
        widths = (0.14, 0.14, *((0.72 / columns,) * columns))
        story += [
            blocks.heading("Is it a fair game?"),
            blocks.para(guide.balance.intro),
            blocks.table(rows, widths),
            blocks.para(guide.balance.note),
            blocks.gap(2),
        ]
    story += [
        blocks.heading("Cut and put together"),
        *blocks.items(guide.assembly),
        blocks.gap(2),
        blocks.heading("Everything in one go"),
        blocks.para(
            f"print-all-{paper.name}.pdf holds this page and every page above, copies "
            "included, in order."
            + (
                " Print it two-sided, flip on long edge: pages meant for one side are "
                "followed by a blank back."
                if two_sided
                else " Print it one-sided."
            )
        ),
    ]
    header = Header(f"{guide.title}: your kit", guide.about)
    return [Part(header, story, "guide", columns=1)]


def write_guide(target: Path, paper: Paper, guide: KitGuide, seed: int | None) -> int:
    """Write the guide for `paper` to `target` on one page; return its page count (1).
    QuarryError when it cannot fit one page: the paper and the title are the user's (a
    --layout paper, a deck's name, a board's file name)."""
    from reportlab.platypus.doctemplate import LayoutError

    from generator.errors import QuarryError
    from generator.render.document.pages import DoesNotFit

    footer = Footer(guide.title, "guide", seed)
    try:
        return fit_document(
            target, paper, lambda blocks: _parts(guide, paper, blocks), footer, GUIDE_SIZES, 1
        )
    except (DoesNotFit, LayoutError):
        title = guide.title if len(guide.title) <= 40 else guide.title[:37] + "..."
        raise QuarryError(
            f"the kit's guide, titled {title!r}, does not fit one page of {paper.name} paper "
            f"({paper.width:g} x {paper.height:g} mm); use a larger paper or a shorter name"
        ) from None


def write_print_all(target: Path, kit: Path, guide_file: str, guide: KitGuide, paper: str) -> int:
    """Join the guide and every file listed for `paper` (each as many times as its copies)
    into `target`. When any file is two-sided, a one-sided page is followed by a blank
    page and every file starts on a new sheet, so the whole file prints two-sided as the
    kit. Returns the page count."""
    two_sided = guide.two_sided(paper)
    writer = PdfWriter()
    sources = [(guide_file, 1, False)] + [
        (item.file, item.copies, item.two_sided) for item in guide.items.get(paper, [])
    ]
    for file, copies, item_two_sided in sources:
        reader = PdfReader(kit / file)
        for _ in range(copies):
            for page in reader.pages:
                writer.add_page(page)
                if two_sided and not item_two_sided:
                    _blank_back(writer, page)
            if two_sided and item_two_sided and len(reader.pages) % 2:
                _blank_back(writer, reader.pages[-1])  # the next file starts a new sheet
    buffer = io.BytesIO()
    writer.write(buffer)
    Path(target).write_bytes(buffer.getvalue())
    return len(writer.pages)


def _blank_back(writer: PdfWriter, page) -> None:
    box = page.mediabox
    writer.add_blank_page(width=box.width, height=box.height)
