"""Fugitive's puzzle book: a page of instructions, the puzzles (two a page when they fit,
each framed and laid out as the table seen from the Marshal's chair), then the solutions at
the back (solutions.py). This module says what goes on the pages; the document layer
sets them.

A puzzle comes in as its Puzzle.to_json() dict (so a book can be printed from puzzles.json).
Its frame holds, top to bottom: its number, level and id; the question; the row of cards
left to right (the 0, found Hideouts face up with their Sprint cards' numbers, face-down
Hideouts as card backs with their Sprint cards peeking out below, each with the turn it
was placed on) and a box to write the number of each face-down Hideout; the Marshal's hand;
a turn-by-turn table (the pile of each of his draws, what he placed, each of her guesses);
ruled room for notes; and the numbers 1-41 to cross off. The drawings are figures.py's.
"""

from collections.abc import Sequence
from pathlib import Path

from reportlab.platypus import Flowable, Table, TableStyle

from generator.games.fugitive.figures import answer_figure, hand_figure, number_strip, row_figure
from generator.games.fugitive.print import PILE_COLOURS, TITLE
from generator.games.fugitive.puzzles import Puzzle, question_text, table_facts
from generator.games.fugitive.puzzles.solutions import label_table, solutions_part
from generator.render.document import (
    GREY,
    INK,
    Blocks,
    Figure,
    Header,
    Part,
    PuzzleBook,
    column_size,
)
from generator.render.document.styles import colour
from generator.render.layouts import Paper
from generator.render.units import mm_to_pt, pt_to_mm

BOOK_TITLE = "Fugitive: puzzles"
LABEL_W = 26.0  # mm: the label column at the left of a puzzle's row, answer and hand
PAD = 3.0  # mm inside a puzzle's frame
GAP = 2.0  # mm between the blocks of a puzzle
PAIR_GAP = 4.0  # mm between the two puzzles of a page
SETUP_W = 19.0  # mm: the turn table's setup column
TURN_MIN_W = 11.0  # the narrowest turn column before the table wraps to a second band
TURN_MAX_W = 30.0
NOTES_MIN = 14.0  # mm: two ruled lines; a hard puzzle gets a page alone if it has less
HAND_NOTE_W = 50.0  # mm beside the hand for what was discarded and what he holds
START_HAND = 9  # the 1, 2, 3, 42 and 5 cards drawn at setup


# --- reading a puzzle -----------------------------------------------------------------------


def checked(puzzles: Sequence) -> list[dict]:
    """Return the puzzles as dicts (Puzzle objects are turned into their to_json()), each
    checked: the keys of Puzzle.to_json(), a table table_facts accepts and one answer for
    each face-down Hideout. ValueError naming the puzzle otherwise."""
    out = []
    for number, puzzle in enumerate(puzzles, 1):
        data = puzzle.to_json() if hasattr(puzzle, "to_json") else puzzle
        keys = {"id", "difficulty", "table", "answer", "reasoning"}
        if not isinstance(data, dict) or not keys <= set(data):
            raise ValueError(f"puzzle {number} is not a puzzle (keys {', '.join(sorted(keys))})")
        try:
            facts = table_facts(data["table"])
        except ValueError as error:
            raise ValueError(f"puzzle {number} ({data['id']}): {error}") from None
        if not isinstance(data["answer"], list) or len(data["answer"]) != len(facts.face_down):
            raise ValueError(f"puzzle {number} ({data['id']}): one answer per face-down Hideout")
        if his_hand(data["table"]) < 1:
            raise ValueError(
                f"puzzle {number} ({data['id']}): more cards in the row than the Fugitive had"
            )
        out.append(data)
    if not out:
        raise ValueError("a puzzle book needs at least one puzzle")
    return out


def as_puzzle(data: dict) -> Puzzle:
    """Return the Puzzle of a to_json() dict."""
    return Puzzle(
        id=data["id"],
        difficulty=data["difficulty"],
        table=data["table"],
        answer=list(data["answer"]),
        reasoning=list(data.get("reasoning") or []),
    )


def his_hand(table: dict) -> int:
    """Return how many cards the Fugitive holds at the end of the table's turn: his nine
    at setup and one drawn a turn from turn 2, less his Hideouts, their Sprint cards and
    his discards."""
    row = table["row"][1:]
    placed = sum(1 + card.get("sprint_count", len(card.get("sprint", []))) for card in row)
    discarded = sum(1 for d in table["discarded"] if d["by"] == "fugitive")
    return START_HAND + len(table["draws"]) - placed - discarded


# --- a puzzle -------------------------------------------------------------------------------


def _turn_cells(table: dict) -> list[tuple[str, str, str, str]]:
    """Return the turn table's columns: (turn, pile drawn, placed, guess) for setup and each
    turn; a guess shows the numbers she named, then "miss" or "hit" ("6 23 hit")."""
    placed: dict[int, list[str]] = {}
    for p, card in enumerate(table["row"][1:], start=1):
        placed.setdefault(card["turn"], []).append(f"H{p}")
    named = {g["turn"]: f"{g['number']} miss" for g in table["wrong_guesses"]}
    for g in table["right_guesses"]:
        named[g["turn"]] = " ".join(map(str, g["numbers"])) + " hit"
    columns = [("setup", "1 1 1 2 2", "", "")]
    for turn in range(1, table["turn"] + 1):
        drew = "–" if turn == 1 else str(table["draws"][turn - 2])
        guess = named[turn]
        columns.append((str(turn), drew, " ".join(placed.get(turn, ["pass"])), guess))
    return columns


TURN_ROWS = ("Turn", "He drew from pile", "He placed", "You guessed")


def _turn_cell(blocks: Blocks, row: int, column: tuple[str, ...]) -> Flowable:
    """Return one cell of the turn table: a pile drawn in its colour, quiet greys for what
    tells little (the setup, a pass, a hit), the rest in ink."""
    value = column[row]
    if row == 0:
        return blocks.cell(value, "cell-head", align="center")
    if row == 1 and column[0] == "setup":
        parts = [("1 1 1", PILE_COLOURS[0]), ("2 2", PILE_COLOURS[1])]
        return blocks.runs(parts, "cell-small", align="center", fontName="Vera-Bold")
    if row == 1 and value.isdigit():
        pile = PILE_COLOURS[int(value) - 1]
        return blocks.cell(value, "cell-small", align="center", color=pile, fontName="Vera-Bold")
    quiet = value == "pass" or value.endswith("hit") or column[0] == "setup"
    return blocks.cell(value, "cell-small", align="center", color=GREY if quiet else INK)


def turn_table(blocks: Blocks, table: dict, width: float) -> list[Flowable]:
    """Return the turn-by-turn table in `width` mm: a label column, the setup, then a
    column a turn; in bands one under the other when the turns do not fit one."""
    columns = _turn_cells(table)
    setup, turns = columns[0], columns[1:]
    room = width - LABEL_W - SETUP_W
    per_band = max(1, int(room // TURN_MIN_W))
    col_w = min(TURN_MAX_W, room / min(per_band, len(turns)))
    if len(turns) > per_band:  # every band as wide as the first
        col_w = room / per_band
    out: list[Flowable] = []
    for start in range(0, len(turns), per_band):
        band = ([setup] if start == 0 else []) + turns[start : start + per_band]
        widths = [LABEL_W] + [SETUP_W if c[0] == "setup" else col_w for c in band]
        rows = [
            [blocks.cell(label, "cell-head" if r == 0 else "cell-small")]
            + [_turn_cell(blocks, r, column) for column in band]
            for r, label in enumerate(TURN_ROWS)
        ]
        padding = [("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 2)]
        out += [blocks.table(rows, widths, extra=padding), blocks.gap(GAP)]
    return out[:-1]


def _label(blocks: Blocks, title: str, note: str = "") -> list[Flowable]:
    """Return a block's label for the left column: a bold title, a grey note under it."""
    return [blocks.cell(title, "cell-head")] + ([blocks.cell(note, "note")] if note else [])


def _hand_note(table: dict) -> str:
    """Return what was discarded face up and how many cards the Fugitive holds."""
    notes = []
    if table["discarded"]:
        whose = {"fugitive": "his hand", "marshal": "your hand"}
        notes.append(
            "Discarded face up: "
            + ", ".join(f"{d['card']} (from {whose[d['by']]})" for d in table["discarded"])
            + "."
        )
    held = his_hand(table)
    if held == 1:
        notes.append("The Fugitive holds 1 card: the 42.")
    else:
        notes.append(f"The Fugitive holds {held} cards, the 42 among them.")
    return " ".join(notes)


def table_flowables(blocks: Blocks, table: dict, width: float) -> list[Flowable]:
    """Return a table as the Marshal sees it, `width` mm wide: the row with a box under
    each face-down Hideout, her hand, and the turn-by-turn table."""
    inner = width - LABEL_W
    hand_w = inner - HAND_NOTE_W
    hand = blocks.beside(
        [
            Figure(hand_figure(table["marshal_hand"], hand_w), align="left"),
            blocks.cell(_hand_note(table), "note"),
        ],
        [mm_to_pt(hand_w + 3), mm_to_pt(HAND_NOTE_W - 3)],
        valign="MIDDLE",
    )
    blocks_table = label_table(
        blocks,
        [
            [
                _label(blocks, "The row", "left to right, as you see it"),
                Figure(row_figure(table, inner), align="left"),
            ],
            [_label(blocks, "Your answer"), Figure(answer_figure(table, inner), align="left")],
            [_label(blocks, "Your hand"), hand],
        ],
        [LABEL_W, inner],
        ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ("TOPPADDING", (0, 0), (-1, -1), 0),
        ("TOPPADDING", (0, 0), (0, 0), mm_to_pt(4.2)),
        ("TOPPADDING", (0, 1), (0, 1), mm_to_pt(2)),
        ("BOTTOMPADDING", (0, 0), (-1, -1), mm_to_pt(GAP / 2 - 0.2)),
        ("VALIGN", (0, 2), (0, 2), "MIDDLE"),
    )
    return [blocks_table, blocks.gap(GAP), *turn_table(blocks, table, width)]


def _tag(puzzle: dict) -> str:
    return f"{puzzle['difficulty']} · end of your turn {puzzle['table']['turn']} · {puzzle['id']}"


STRIP_CAPTION = "Cross off the numbers no face-down Hideout can have:"
STRIP_SPANS = "1–3 his own · 4–14 pile 1 · 15–28 pile 2 · 29–41 pile 3"


def puzzle_box(
    blocks: Blocks, puzzle: dict, number: int, width: float, notes: float = 0.0
) -> Table:
    """Return puzzle `number` framed, `width` mm wide: its title line, the question, the
    table, `notes` mm of room to write (ruled from NOTES_MIN up) and the 1-41 strip."""
    inner = width - 2 * PAD
    title = blocks.beside(
        [
            blocks.para(f"Puzzle {number}", "heading"),
            blocks.cell(_tag(puzzle), "note", align="right"),
        ],
        ["35%", "65%"],
        valign="MIDDLE",
    )
    content = [
        title,
        blocks.gap(0.8),
        blocks.para(question_text(as_puzzle(puzzle)), "cell-head"),
        blocks.gap(GAP),
        *table_flowables(blocks, puzzle["table"], inner),
        blocks.gap(GAP),
    ]
    if notes > 0:
        content.append(blocks.room(notes, lines=notes >= NOTES_MIN))
    strip_head = blocks.beside(
        [blocks.cell(STRIP_CAPTION, "note"), blocks.cell(STRIP_SPANS, "note", align="right")],
        ["50%", "50%"],
    )
    content += [strip_head, blocks.gap(0.5), Figure(number_strip(inner), align="left")]
    box = Table([[content]], colWidths=[mm_to_pt(width)], hAlign="LEFT")
    box.setStyle(
        TableStyle(
            [
                ("BOX", (0, 0), (-1, -1), 0.6, colour(GREY)),
                ("FONTNAME", (0, 0), (-1, -1), "Vera"),  # not reportlab's Helvetica
                ("ROUNDEDCORNERS", [mm_to_pt(2)] * 4),
                ("LEFTPADDING", (0, 0), (-1, -1), mm_to_pt(PAD)),
                ("RIGHTPADDING", (0, 0), (-1, -1), mm_to_pt(PAD)),
                ("TOPPADDING", (0, 0), (-1, -1), mm_to_pt(PAD - 0.5)),
                ("BOTTOMPADDING", (0, 0), (-1, -1), mm_to_pt(PAD)),
            ]
        )
    )
    return box


def _height(box: Flowable, width: float) -> float:
    """Return the height in mm a flowable takes at `width` mm."""
    return pt_to_mm(box.wrap(mm_to_pt(width), mm_to_pt(10_000))[1])


def puzzle_parts(blocks: Blocks, puzzles: list[dict], paper: Paper) -> list[Part]:
    """Return the puzzle pages as Parts, one a page: two puzzles when both fit half the
    page (a hard one with NOTES_MIN mm of room to write), else one; each frame grows with
    room to write to fill its share."""
    header = Header(BOOK_TITLE, fields="puzzles")
    width, height = column_size(paper, header)
    half = (height - PAIR_GAP) / 2 - 1.0
    natural = [_height(puzzle_box(blocks, p, n, width), width) for n, p in enumerate(puzzles, 1)]
    parts, index = [], 0
    while index < len(puzzles):
        two = puzzles[index : index + 2]
        room = NOTES_MIN if any(p["difficulty"] == "hard" for p in two) else 0.0
        pair = len(two) == 2 and max(natural[index : index + 2]) + room <= half
        slots = 2 if pair else 1
        share = half if pair else height - 1.0
        story: list[Flowable] = []
        for slot in range(slots):
            number = index + slot + 1
            spare = share - natural[index + slot]
            box = puzzle_box(blocks, puzzles[index + slot], number, width, notes=spare)
            story += [box, blocks.gap(PAIR_GAP)] if slot + 1 < slots else [box]
        name = f"puzzles {index + 1}-{index + 2}" if pair else f"puzzle {index + 1}"
        fields = f"Puzzles {index + 1} and {index + 2}" if pair else f"Puzzle {index + 1}"
        parts.append(Part(Header(BOOK_TITLE, fields=fields), story, name))
        index += slots
    return parts


# --- the instructions -----------------------------------------------------------------------

# An illustration for the instructions page (a legal table, not a puzzle: it has no single
# answer), and what it shows, lead by lead.
EXAMPLE = {
    "deck": "published",
    "turn": 3,
    "row": [
        {"number": 0, "sprint": []},
        {"number": 5, "sprint": [2], "turn": 1},
        {"sprint_count": 2, "turn": 1},
        {"sprint_count": 0, "turn": 3},
    ],
    "marshal_hand": [7, 11, 12, 20],
    "discarded": [],
    "draws": [1, 2],
    "wrong_guesses": [{"number": 8, "turn": 1}, {"number": 9, "turn": 2}],
    "right_guesses": [{"turn": 3, "numbers": [5]}],
}
EXAMPLE_NOTES = (
    ("H1", "Your hit on turn 3 turned it up: the 5, with the 2 as its Sprint card."),
    (
        "H2",
        "Face down since turn 1 with two Sprint cards: above 5 and at most 12 (the 5, plus 3, "
        "plus up to 2 for each Sprint card).",
    ),
    ("H3", "Put down on turn 3 with no Sprint card: at most 3 above H2."),
    (
        "Misses",
        "8 and 9 missed while H2 lay face down, so H2 is neither. H3 came later: it may be 9.",
    ),
    ("Piles", "He had drawn 4 cards from pile 1 by turn 2, and the 5 is one of them."),
)

# In our own words (never the rule text's). Each section: heading, then items: a paragraph,
# or (lead, text) with a bold lead-in.
INTRO = (
    "Every puzzle freezes a game of Fugitive just after one of your turns as the Marshal. "
    "Some of his Hideouts are still face down. From what lies on the table, work out the "
    "number of each of them: one set of numbers fits, and only one. A pencil is all you need."
)
LEFT: tuple[tuple[str, tuple], ...] = (
    (
        "What each puzzle shows",
        (
            (
                "The row:",
                "card 0, then his Hideouts H1, H2, ... from left to right, each with the turn "
                "he put it down. A Hideout you found lies face up with its Sprint cards, "
                "numbers showing. A face-down one shows only how many Sprint cards peek out "
                "from under it.",
            ),
            ("Your answer:", "a box under each card back, for its number."),
            (
                "Your hand:",
                "the cards you have drawn. None of them can be in the row, face up or down.",
            ),
            (
                "Turn by turn:",
                "the pile he drew from on each turn (the setup gives him three cards from "
                "pile 1 and two from pile 2; he draws nothing on turn 1), the Hideouts he put "
                "down or his pass, and your guess with the numbers you named: a miss, or a "
                "hit that turned up those Hideouts, now face up.",
            ),
            ("The strip 1–41:", "cross off the numbers you rule out as you go."),
        ),
    ),
    (
        "Using the turn-by-turn facts",
        (
            "A miss on turn t only says that no Hideout face down at that moment had the "
            "number. A Hideout he put down later may still carry it.",
            "Count by pile. By the end of turn t you know how many cards he had taken from "
            "each pile. The face-down cards he had put down by then (Hideouts and Sprint "
            "cards alike) cannot use more cards of a pile than that, less the cards of that "
            "pile already face up in the row.",
        ),
    ),
)
RIGHT: tuple[tuple[str, tuple], ...] = (
    (
        "The rules that decide",
        (
            "Numbers climb along the row. A face-down Hideout is a number from 1 to 41: the "
            "42 is his escape card.",
            "A Hideout lies at most 3 above the card to its left, plus the footprints of "
            "the Sprint cards under it. In this deck an even card has two footprints and an "
            "odd card one, so k Sprint cards stretch the reach by 2k at most.",
            "There is one card of each number. Any card you can see (in the row, under a "
            "found Hideout, in your hand or discarded) is not hidden anywhere else. Sprint "
            "cards are cards like the others; we read the rules so that he never sprints "
            "with his 42.",
            "The 1, 2 and 3 start in his hand. Every other card he put down came from a "
            "pile (pile 1 holds 4–14, pile 2 15–28, pile 3 29–41), and he had drawn it "
            "before he put it down.",
        ),
    ),
    (
        "Levels and solutions",
        (
            ("Easy:", "cards in view, misses and reach, read from left to right and back."),
            ("Medium:", "adds counting by pile, and which cards could really be Sprint cards."),
            (
                "Hard:",
                "adds one 'suppose it were...': try a number, follow it to a contradiction, "
                "strike it out.",
            ),
            "The solutions at the back give every answer, then each puzzle's reasoning "
            "step by step.",
        ),
    ),
)
INSTRUCTION_SIZES = (9.0, 8.75, 8.5, 8.25, 8.0, 7.75, 7.5)
FIGURE_W = 112.0  # mm: the example table; its notes take the rest of the width


def _sections(blocks: Blocks, sections) -> list[Flowable]:
    out: list[Flowable] = []
    for heading, items in sections:
        out += blocks.section(heading, items, keep=False)
    return out


def instructions_part(blocks: Blocks, count: int, seed: int | None) -> Part:
    """Return the instructions page: what the puzzles are, an example table with notes on
    what it shows, how to read a puzzle, the rules that decide, the levels."""
    plural = "puzzle" if count == 1 else "puzzles"
    seed_text = f" · seed {seed}" if seed is not None else ""
    subtitle = (
        f"{count} deduction {plural} for one player, played from the Marshal's chair{seed_text}"
    )
    notes = label_table(
        blocks,
        [[blocks.cell(lead, "cell-head"), blocks.cell(text)] for lead, text in EXAMPLE_NOTES],
        [0.2, 0.8],
    )
    example = blocks.beside(
        [table_flowables(blocks, EXAMPLE, FIGURE_W), notes], [mm_to_pt(FIGURE_W + 6), None]
    )
    columns = blocks.beside(
        [_sections(blocks, LEFT), [], _sections(blocks, RIGHT)], ["48.1%", "3.8%", "48.1%"]
    )
    story = [
        blocks.para(INTRO),
        blocks.gap(3),
        blocks.heading("How to read a puzzle: an example"),
        example,
        blocks.gap(4),
        columns,
    ]
    return Part(Header(BOOK_TITLE, subtitle), story, "puzzle instructions")


# --- the book -------------------------------------------------------------------------------

# The instructions (one page, in the largest type from 9 pt that fits), the puzzles (two a
# page when both fit half a page, else one), then the solutions (every answer, then every
# puzzle's reasoning, in two columns).
BOOK = PuzzleBook(
    title=TITLE,
    check=checked,
    instructions=instructions_part,
    puzzles=puzzle_parts,
    solutions=solutions_part,
    instruction_sizes=INSTRUCTION_SIZES,
    puzzle_body=9.0,  # the puzzles' type (the instructions may set smaller)
    solution_body=8.0,
)


def write_book(target: Path, paper: Paper | str, puzzles: Sequence, seed: int | None) -> int:
    """Write the puzzle book to the PDF `target`; return its page count. `puzzles` are
    Puzzle.to_json() dicts (or Puzzles); ValueError if one is malformed."""
    return BOOK.write(target, paper, puzzles, seed)
