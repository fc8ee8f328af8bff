"""The Marshal's notepad: the numbers 1-41 in boxes to cross off, row by row as the cards
start (the Fugitive's own 1-3, then each pile), a key to the marks, and two tables that fill
the rest of the page: the trail (what she learns of each Hideout) and her guesses, turn by
turn. This module says what goes on the page; the document layer sets it on one page.
"""

from pathlib import Path

from reportlab.platypus import Flowable, Table

from generator.games.fugitive.cards import PILES
from generator.games.fugitive.print import PILE_COLOURS, START_COLOUR
from generator.render.document import INK, Blocks, Header, Part, column_size, fit_document
from generator.render.document.styles import colour
from generator.render.layouts import Paper
from generator.render.pdf import Footer
from generator.render.units import mm_to_pt

TITLE = "The Marshal's notepad"
SUBTITLE = (
    "Every number you may guess, 1 to 41. Mark what you learn as you go; the tables keep "
    "count of the trail and of your guesses."
)
FIELDS = "Game ______   Marshal ______________"
COMPONENT = "Marshal's notepad"
SIZES = (9.0, 8.5, 8.0)

NUMBER_ROWS = (
    ("start", "1–3", range(1, 4), START_COLOUR),
    *(
        (f"pile {i + 1}", f"{low}–{high}", range(low, high + 1), PILE_COLOURS[i])
        for i, (low, high) in enumerate(PILES)
    ),
)
LEGEND = (("X", "in your hand: never a Hideout"), ("O", "found"), ("/", "named, missed"))
TRAIL_COLUMNS = (("Hideout", 0.18), ("Sprint cards", 0.17), ("Could be", 0.24), ("Notes", 0.41))
GUESS_COLUMNS = (("Turn", 0.16), ("He drew", 0.24), ("You named", 0.42), ("Hit", 0.18))
LABEL_W = 24.0  # mm: the label of a row of numbers
BOX_MAX = 12.5  # mm: a number's box, at most
ROW_H = 7.5  # mm: a line of the trail and guesses tables
NUMBER_GREY = "#8a8a8a"


def _numbers(blocks: Blocks, width: float) -> list[Flowable]:
    """Return the rows of numbers, each a table: a label with its pile's colour at the
    left, then one ruled box for each number."""
    box = min(BOX_MAX, (width - LABEL_W) / max(len(row[2]) for row in NUMBER_ROWS))
    out = []
    for name, span, numbers, tone in NUMBER_ROWS:
        label = [blocks.cell(name, "cell-head", color=tone), blocks.cell(span, "note")]
        cells = [blocks.cell(n, "heading", align="center", color=NUMBER_GREY) for n in numbers]
        count = len(cells)
        table = blocks.table(
            [[label, *cells]],
            [LABEL_W] + [box] * count,
            header_rows=0,
            row_height=box,
            grid=None,
            extra=[
                ("GRID", (1, 0), (count, 0), 0.5, colour(INK)),
                ("LINEBEFORE", (0, 0), (0, 0), 5, colour(tone)),
                ("LEFTPADDING", (0, 0), (0, 0), 7),
                ("LEFTPADDING", (1, 0), (-1, -1), 0),
                ("RIGHTPADDING", (1, 0), (-1, -1), 0),
            ],
        )
        out += [table, blocks.gap(2.2)]
    return out


def _heading_row(blocks: Blocks) -> Table:
    """Return "Numbers" at the left and the key to the marks at the right."""
    key = [blocks.lead(mark, meaning, "note") for mark, meaning in LEGEND]
    table = blocks.beside(
        [blocks.para("Numbers", "heading"), *key], ["45%", "28%", "10%", "17%"], "BOTTOM"
    )
    return table


class _FillingTables(Flowable):
    """The trail and guesses tables side by side, with as many lines as the rest of the
    column holds (at least `minimum`)."""

    def __init__(self, blocks: Blocks, minimum: int = 12) -> None:
        super().__init__()
        self.blocks, self.minimum = blocks, minimum
        self.table: Table | None = None

    def _tables(self, rows: int) -> Table:
        blocks = self.blocks

        def log(title: str, columns, first) -> list[Flowable]:
            body = [[first(row, index) for index in range(len(columns))] for row in range(rows)]
            table = blocks.table(
                [[name for name, _ in columns], *body],
                [share for _, share in columns],
                row_height=ROW_H,
                align="center",
                style="cell-small",
                extra=[("TEXTCOLOR", (0, 1), (-1, -1), colour(NUMBER_GREY))],
            )
            return [blocks.para(title, "heading"), table]

        def trail(row: int, index: int) -> str:
            return ("0", "", "face up", "")[index] if row == 0 else ""

        def guesses(row: int, index: int) -> str:
            return str(row + 1) if index == 0 else ""

        outer = blocks.beside(
            [
                log("The trail", TRAIL_COLUMNS, trail),
                [],
                log("Your guesses", GUESS_COLUMNS, guesses),
            ],
            ["54%", "3.2%", "42.8%"],
        )
        return outer

    def wrap(self, avail_width, avail_height):
        rows = self.minimum
        self.table = self._tables(rows)
        _, height = self.table.wrap(avail_width, avail_height)
        spare = int((avail_height - height) // mm_to_pt(ROW_H))
        if spare > 0:
            rows += spare
            self.table = self._tables(rows)
            _, height = self.table.wrap(avail_width, avail_height)
        self.rows = rows
        self.width, self.height = avail_width, height
        return self.width, self.height

    def draw(self):
        self.table.drawOn(self.canv, 0, 0)


def notepad_part(blocks: Blocks, paper: Paper) -> Part:
    """Return the notepad as a one-column Part for `paper`."""
    header = Header(TITLE, SUBTITLE, FIELDS)
    width, _ = column_size(paper, header)
    story = [
        _heading_row(blocks),
        blocks.gap(2),
        *_numbers(blocks, width),
        blocks.gap(2),
        _FillingTables(blocks),
    ]
    return Part(header, story, COMPONENT)


def write_notepad(target: Path, paper: Paper, seed: int | None) -> int:
    """Write the Marshal's notepad on one page of `paper` to the PDF `target`; return its
    page count (1)."""
    footer = Footer("Fugitive", COMPONENT, seed)
    return fit_document(
        target, paper, lambda blocks: [notepad_part(blocks, paper)], footer, SIZES, 1
    )
