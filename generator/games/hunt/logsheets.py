"""The Knight's and the Dragon's log sheets: a table of turns 1-17 (aide turns marked,
overtime shaded), the notes under it, and each role's extras (a small map for the Knight's
deductions or what the Dragon announces; the aides, encounters and the score box).

This module says what is on a log; the document layer sets it, each log on one page.
"""

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Table, TableStyle

from generator.games.hunt.drawing import OVERTIME
from generator.games.hunt.figures import mini_map_figure
from generator.games.hunt.rules import AIDE_TURNS, ENCOUNTERS_TO_VANQUISH, ESCAPE_BONUS, LAST_TURN
from generator.render.document import GREY, INK, SHADE, Blocks, Header, Part, TickBox
from generator.render.document.styles import colour
from generator.render.units import mm_to_pt

MAX_TURN = LAST_TURN + ENCOUNTERS_TO_VANQUISH - 1  # 17: overtime ends by the third encounter
SIZES = (10.0, 9.5, 9.0, 8.5, 8.0, 7.5)  # body sizes tried, largest first
ROW_MM_PER_PT = 0.95  # a turn's row is this many mm tall for each point of body size
FIELDS = "Name: ____________   Round 1 / 2"
GAP = "\u00a0\u00a0\u00a0"  # between the parts of a hint
CHOICE_INK = "#3c3c3c"  # the printed choices: dark enough for a low-ink print
MIN_CHOICE_PT = 6.0  # the smallest the choices are set to fit a narrow cell


def turn_label(turn: int) -> str:
    """Return a turn's label in a log: 3*, 9* and 15* mark the aide turns."""
    return f"{turn}*" if turn in AIDE_TURNS else str(turn)


class Choices(Flowable):
    """The choices of a log cell, centred, each an empty ring to fill and its word (dark
    grey, `size` pt): a filled ring is the chosen one, seen at a glance, and the words still
    read on a low-ink print. Choices too wide for the cell take two lines; only if two
    lines are too wide are they set smaller, down to MIN_CHOICE_PT."""

    def __init__(self, words: tuple[str, ...], size: float) -> None:
        super().__init__()
        self.words, self.size = words, size
        self.lines: list[tuple[str, ...]] = [words]
        self.gap = size

    def _width(self, words: tuple[str, ...], size: float, gap: float) -> float:
        """The width of one line of `words` at `size` pt with `gap` pt between them."""
        rings = len(words) * size * 1.05
        text = sum(stringWidth(word, "Vera", size) for word in words)
        return rings + text + gap * (len(words) - 1)

    def _layouts(self):
        half = (len(self.words) + 1) // 2
        yield [self.words]
        if len(self.words) > 2:
            yield [self.words[:half], self.words[half:]]

    def wrap(self, avail_width, avail_height):
        size = self.size
        while True:
            for lines in self._layouts():
                if all(self._width(line, size, size * 0.6) <= avail_width for line in lines):
                    break
            else:
                if size > MIN_CHOICE_PT:
                    size = max(MIN_CHOICE_PT, size - 0.25)
                    continue
            break
        self.size, self.lines = size, lines
        widest = max(self._width(line, size, 0.0) for line in lines)
        spare = (avail_width - widest) / max(max(len(line) for line in lines) - 1, 1)
        self.gap = min(size * 0.9, max(size * 0.6, spare * 0.6))
        natural = max(self._width(line, size, self.gap) for line in lines)
        self.width, self.height = max(avail_width, natural), size * 1.2 * len(lines)
        return self.width, self.height

    def draw(self):
        canvas, size = self.canv, self.size
        radius = size * 0.34
        canvas.saveState()
        canvas.setFillColor(colour(CHOICE_INK))
        canvas.setStrokeColor(colour(CHOICE_INK))
        canvas.setLineWidth(0.6)
        canvas.setFont("Vera", size)
        for number, line in enumerate(self.lines):
            baseline = size * 0.25 + size * 1.2 * (len(self.lines) - 1 - number)
            x = (self.width - self._width(line, size, self.gap)) / 2
            for word in line:
                canvas.circle(x + radius, baseline + size * 0.36, radius, stroke=1, fill=0)
                x += size * 1.05
                canvas.drawString(x, baseline, word)
                x += stringWidth(word, "Vera", size) + self.gap
        canvas.restoreState()


def _hint(blocks: Blocks, text: str) -> Flowable:
    return blocks.cell(text, "cell-small", align="center", color=GREY)


def _choices(blocks: Blocks, *words: str) -> Flowable:
    return Choices(words, blocks.scale.small)


def _cell(blocks: Blocks, kind: str, turn: int) -> object:
    """Return what one log cell holds: choices to fill in, a given, or nothing."""
    aide_turn = turn in AIDE_TURNS
    if kind == "turn":
        style = "cell-head" if aide_turn else "cell"
        return blocks.cell(turn_label(turn), style, align="center")
    if kind in ("aide", "seen") and not aide_turn:
        return ""  # shaded: nothing to write
    if kind == "aide":
        return _choices(blocks, "no", "T", "M", "W")
    if kind == "town" and turn == 1:
        return blocks.cell("yes (start)", "cell-small", align="center", color=GREY)
    if kind in ("town", "encounter"):
        return _choices(blocks, "yes", "no")
    if kind == "move":
        return _choices(blocks, "walk", "fly")
    if kind == "start" and turn == 1:
        return blocks.cell("Town", "cell-small", align="center", color=GREY)
    if kind == "search" and aide_turn:
        return _hint(blocks, "…\u00a0\u00a0+\u00a0\u00a0…")  # the Militia searches two places
    return ""


def _log_table(blocks: Blocks, columns) -> Table:
    """Return the turns 1-17 table: a header row, one row a turn."""
    size = blocks.scale.body
    head = {"fontSize": size - 1, "leading": (size - 1) * 1.15}
    header = [blocks.cell(label, "cell-head", align="center", **head) for label, *_ in columns]
    rows = [header] + [
        [_cell(blocks, kind, t) for _, _, kind in columns] for t in range(1, MAX_TURN + 1)
    ]
    row_pt = mm_to_pt(ROW_MM_PER_PT * size)
    pad = max(1.0, (row_pt - size * 1.2) / 2)
    extra = [
        ("TOPPADDING", (0, 1), (-1, -1), pad),
        ("BOTTOMPADDING", (0, 1), (-1, -1), pad),
        ("LEFTPADDING", (0, 0), (-1, -1), 1.5),
        ("RIGHTPADDING", (0, 0), (-1, -1), 1.5),
        ("GRID", (0, 0), (-1, -1), 0.3, colour(INK)),
        ("LINEBELOW", (0, LAST_TURN), (-1, LAST_TURN), 1.0, colour(INK)),
        ("BOX", (0, 0), (-1, -1), 0.9, colour(INK)),
        ("BACKGROUND", (0, LAST_TURN + 1), (-1, -1), colour(OVERTIME)),
    ]
    for index, (_, _, kind) in enumerate(columns):
        if kind in ("aide", "seen"):
            extra += [
                ("BACKGROUND", (index, t), (index, t), colour(SHADE))
                for t in range(1, LAST_TURN + 1)
                if t not in AIDE_TURNS
            ]
    total = sum(share for _, share, _ in columns)
    return blocks.table(rows, [share / total for _, share, _ in columns], extra=extra)


def _notes(blocks: Blocks) -> list[Flowable]:
    """The notes under a log: the aide turns, and the shaded overtime rows."""
    aides = (
        "* Turns 3, 9 and 15: the Knight may call one aide he has not used — Tracker (T), "
        "Militia (M) or Wizard (W). Leave the grey cells empty."
    )
    overtime = (
        "Turns 16 and 17: play each only if the Knight encountered the Dragon on the turn "
        "before (after turn 15 a miss ends the hunt)."
    )
    swatch = Table(
        [["", blocks.para(overtime, "note")]],
        colWidths=[mm_to_pt(6), None],
        hAlign="LEFT",
    )
    swatch.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), "Vera"),
                ("BACKGROUND", (0, 0), (0, 0), colour(OVERTIME)),
                ("BOX", (0, 0), (0, 0), 0.3, colour(INK)),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("LEFTPADDING", (1, 0), (1, 0), mm_to_pt(2)),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (0, 0), mm_to_pt(0.5)),
            ]
        )
    )
    return [blocks.gap(1.5), blocks.para(aides, "note"), swatch]


def _ticks(blocks: Blocks, labels: list[str]) -> Table:
    """Return a row of tick boxes, each followed by its label."""
    cells, widths = [], []
    size = blocks.scale.small
    for label in labels:
        cells += [TickBox(), blocks.para(label, "small")]
        widths += [mm_to_pt(4.5), stringWidth(label, "Vera", size) + mm_to_pt(4)]
    row = Table([cells], colWidths=widths, hAlign="LEFT")
    row.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), "Vera"),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), mm_to_pt(1.5)),
                ("TOPPADDING", (0, 0), (-1, -1), 1),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
            ]
        )
    )
    return row


def _score(blocks: Blocks) -> list[Flowable]:
    """The tallies (aides called, encounters in a row) and the Dragon's score box."""
    lines = (
        "Turns he started in Town  (+1 each)",
        "Aides the Knight called  (+1 each)",
        f"Not vanquished  (+{ESCAPE_BONUS})",
        "Total",
    )
    rows = [
        [blocks.cell(label, "cell-head" if label == "Total" else "small"), ""] for label in lines
    ]
    box = Table(rows, colWidths=[None, mm_to_pt(14)], rowHeights=mm_to_pt(6.5), hAlign="LEFT")
    box.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), "Vera"),
                ("GRID", (1, 0), (1, -1), 0.4, colour(INK)),
                ("BOX", (1, -1), (1, -1), 1.0, colour(INK)),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    encounters = ["" for _ in range(ENCOUNTERS_TO_VANQUISH)]
    return [
        blocks.para("Aides called (each once)", "cell-head"),
        _ticks(blocks, ["Tracker", "Militia", "Wizard"]),
        blocks.gap(1),
        blocks.para("Encounters in a row", "cell-head"),
        _ticks(blocks, encounters),
        blocks.gap(2),
        blocks.para("The Dragon's score this round", "cell-head"),
        box,
    ]


def _extras(blocks: Blocks, left: list[Flowable]) -> Table:
    """Return the box under the table: `left` framed on the left, the tallies and the
    score box on the right."""
    table = Table([[left, _score(blocks)]], colWidths=["55%", "45%"], hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), "Vera"),
                ("BOX", (0, 0), (0, 0), 0.4, colour(GREY)),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (0, 0), mm_to_pt(2.5)),
                ("RIGHTPADDING", (0, 0), (0, 0), mm_to_pt(2.5)),
                ("LEFTPADDING", (1, 0), (1, 0), mm_to_pt(6)),
                ("TOPPADDING", (0, 0), (-1, -1), mm_to_pt(1.5)),
                ("BOTTOMPADDING", (0, 0), (-1, -1), mm_to_pt(1.5)),
            ]
        )
    )
    return table


KNIGHT_COLUMNS = (
    ("Turn", 0.75, "turn"),
    ("Use aide?", 1.3, "aide"),
    ("Dragon seen at (Tracker, Militia)", 1.55, "seen"),
    ("Dragon in Town?", 1.15, "town"),
    ("Walk or Fly", 1.15, "move"),
    ("Knight searches (Militia: two)", 2.0, "search"),
    ("Encounter?", 1.15, "encounter"),
)

DRAGON_COLUMNS = (
    ("Turn", 0.7, "turn"),
    ("Aide used", 1.1, "aide"),
    ("Dragon location (Tracker)", 1.35, "start"),
    ("In Town?", 1.05, "town"),
    ("Walk or Fly", 1.05, "move"),
    ("New location (secret)", 1.35, "place"),
    ("Knight location (Militia: two)", 1.6, "search"),
    ("Encounter?", 1.2, "encounter"),
)

DRAGON_SAYS = (
    "Each turn: say whether you are in Town; say Walk or Fly and move in secret along that "
    "arrow; after the search, say whether the Knight found you.",
    "Tracker: before moving, say where you are. Militia: if one of the two searches finds "
    "you, say which. Wizard: show every arrow joining the two places named, in either "
    "direction, without saying Walk or Fly.",
)


def knight_log_part(blocks: Blocks) -> Part:
    """Return the Knight's log: turns 1-17 (3*, 9*, 15* aide turns, 16-17 shaded) with
    columns aide / Dragon seen / Town? / Walk or Fly / searches / encounter, a small map for
    deductions, the aides and encounters tally and the score box."""
    subtitle = (
        "Write down everything the Dragon announces; use the little map to work out his routes."
    )
    deductions = [
        blocks.para("Deductions: draw the arrows you are sure of", "cell-head"),
        blocks.figure(mini_map_figure(None, radius=30.0, r=6.0, stretch=0.45)),
    ]
    story = [
        _log_table(blocks, KNIGHT_COLUMNS),
        *_notes(blocks),
        blocks.gap(3),
        _extras(blocks, deductions),
    ]
    return Part(Header("The Knight's log", subtitle, FIELDS), story, "knight log")


def dragon_log_part(blocks: Blocks) -> Part:
    """Return the Dragon's log: turns 1-17 with columns aide used / location (what the
    Tracker learns) / Town? / Walk or Fly / new location / Knight's search / encounter,
    what the Dragon announces, the tallies and the score box."""
    subtitle = "Keep this sheet hidden: it holds where you really are, turn by turn."
    announce = [blocks.para("What you announce", "cell-head")]
    announce += [blocks.para(text, "small") for text in DRAGON_SAYS]
    story = [
        _log_table(blocks, DRAGON_COLUMNS),
        *_notes(blocks),
        blocks.gap(3),
        _extras(blocks, announce),
    ]
    return Part(Header("The Dragon's log", subtitle, FIELDS), story, "dragon log")
