"""The puzzle book: an instructions page, the puzzles (each a Knight's log with its working
grid, the question, a small map to draw on, room for the answer and for notes; easy and
medium puzzles two a page, hard ones a page each), then the worked solutions
(solutions.py). It says what goes in the book; the document layer sets it."""

from collections.abc import Sequence
from pathlib import Path

from reportlab.platypus import Flowable, Table, TableStyle

from generator.games.hunt.art import NAMES, place_name
from generator.games.hunt.drawing import FLY_INK, OVERTIME
from generator.games.hunt.figures import legend_figure, mini_map_figure
from generator.games.hunt.logsheets import turn_label
from generator.games.hunt.maps import LAIR, NO_ARROW, RouteMap
from generator.games.hunt.puzzles.solutions import SOLUTION_BODY, solutions_part
from generator.games.hunt.rules import AIDE_TURNS, LAST_TURN
from generator.render.document import GREY, SHADE, Blocks, Header, Part, PuzzleBook, TickBox
from generator.render.document.styles import colour
from generator.render.layouts import Paper
from generator.render.units import mm_to_pt, pt_to_mm

GAME_TITLE = "The Hunt"  # in the footer of every page
BOOK_TITLE = "The Hunt: puzzles"  # the instructions page's title
INITIALS = tuple(name[0] for name in NAMES)  # T H W S L: all different
LOG_COLUMNS = (
    ("Turn", 0.75),
    ("Aide", 1.1),
    ("Town?", 0.95),
    ("Move", 0.85),
    ("Search", 1.6),
    ("Found?", 1.05),
    ("Learned", 1.5),
)
GRID_CELL = 5.2  # mm: the working grid, one narrow column per place, crossed out by the solver
SIDE = 58.0  # mm: the column right of the log (question, map, answer)
ROW_MM = 6.0  # a log row: room to cross out and to write
NOTES_MIN = 18.0  # mm of ruled room under a puzzle's log at least
HARD_ROOM = 60.0  # mm at least of room to work below a hard puzzle: it has its page
INSTRUCTION_SIZES = (10.0, 9.5, 9.0, 8.5)


def _initial(value) -> str:
    return place_name(value)[:1]


def _yes_no(value) -> str:
    return "?" if value is None else ("yes" if value else "no")


def _learned(record: dict) -> str:
    """Return what the log says an aide revealed on this turn, in short."""
    aide = record.get("aide") or "none"
    revealed = record.get("revealed")
    if aide == "tracker" and revealed is not None:
        return f"was in {place_name(revealed)}"
    if aide == "militia" and revealed is not None:
        return f"found in {place_name(revealed)}"
    if aide == "wizard":
        arrows = record.get("wizard") or []
        pair = record.get("wizard_between") or record.get("wizard_pair")
        asked = f"{_initial(pair[0])}–{_initial(pair[1])}: " if pair else ""
        if not arrows:
            return asked + "no arrows"
        return asked + ", ".join(f"{_initial(a)}>{_initial(b)}" for a, b in arrows)
    return ""


def _log_row(record: dict) -> list[str]:
    aide = record.get("aide") or "none"
    search = record.get("search") or []
    if isinstance(search, str):
        search = [search]
    move = record.get("move")
    return [
        turn_label(int(record["turn"])),
        "—" if aide == "none" else aide.capitalize(),
        _yes_no(record.get("town")),
        "?" if move is None else str(move).capitalize(),
        " + ".join(place_name(s) for s in search) or "?",
        _yes_no(record.get("encounter")),
        _learned(record),
    ]


def _puzzle_log(blocks: Blocks, log: list[dict], width: float) -> Table:
    """Return a puzzle's log as a table with, at its right, the working grid (one column
    per place, for crossing out where the Dragon cannot be after each turn)."""
    header = [
        blocks.cell(label, "cell-small", align="center", fontName="Vera-Bold")
        for label, _ in LOG_COLUMNS
    ]
    header += [blocks.cell(i, "cell-small", align="center", color=GREY) for i in INITIALS]
    rows = [header]
    for record in log:
        turn = int(record["turn"])
        cells = [
            blocks.cell(
                value,
                "cell-small",
                align="center",
                **({"fontName": "Vera-Bold"} if column == 0 and turn in AIDE_TURNS else {}),
            )
            for column, value in enumerate(_log_row(record))
        ]
        rows.append(cells + [""] * len(INITIALS))
    log_w = width - len(INITIALS) * GRID_CELL
    total = sum(share for _, share in LOG_COLUMNS)
    widths = [log_w * share / total for _, share in LOG_COLUMNS] + [GRID_CELL] * len(INITIALS)
    extra = [
        ("LEFTPADDING", (0, 0), (-1, -1), 1),
        ("RIGHTPADDING", (0, 0), (-1, -1), 1),
        ("TOPPADDING", (0, 0), (-1, -1), 1.2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
        ("LINEBEFORE", (len(LOG_COLUMNS), 0), (len(LOG_COLUMNS), -1), 1.0, colour("#1f1f1f")),
        ("BOX", (0, 0), (-1, -1), 0.9, colour("#1f1f1f")),
    ]
    extra += [
        ("BACKGROUND", (0, row), (-1, row), colour(OVERTIME))
        for row, record in enumerate(log, 1)
        if int(record["turn"]) > LAST_TURN
    ]
    return blocks.table(rows, widths, row_height=ROW_MM, extra=extra)


def _unruled(rows: list[list], widths: list, valign: str, *commands: tuple) -> Table:
    """Return `rows` as an unruled table, flush left with no left padding, every cell set at
    `valign`; `commands` add TableStyle commands after those. The puzzles' title lines,
    their two columns, the answer's tick boxes and the instructions' example are such."""
    table = Table(rows, colWidths=widths, hAlign="LEFT")
    base = [
        ("FONTNAME", (0, 0), (-1, -1), "Vera"),  # reportlab sets Helvetica on every cell
        ("VALIGN", (0, 0), (-1, -1), valign),
        ("LEFTPADDING", (0, 0), (-1, -1), 0),
    ]
    table.setStyle(TableStyle([*base, *commands]))
    return table


def _height_mm(flowables: list[Flowable], width: float) -> float:
    """Return the height (mm) the flowables take stacked in a column `width` mm wide."""
    total = 0.0
    for flowable in flowables:
        _, height = flowable.wrap(mm_to_pt(width), mm_to_pt(1000))
        total += height + flowable.getSpaceBefore() + flowable.getSpaceAfter()
    return pt_to_mm(total)


def _question_text(puzzle: dict) -> str:
    if puzzle.get("prompt"):
        return str(puzzle["prompt"])
    if puzzle["question"] == "where":
        return f"Where is the Dragon at the end of turn {len(puzzle['log'])}?"
    return (
        "Where do the arrows the Dragon used lead? For each place he left by Walk or by Fly, "
        "name the place that arrow reaches."
    )


def _puzzle_tag(puzzle: dict) -> str:
    loops = "loops allowed" if puzzle.get("loops") else "no loops"
    return f"{puzzle.get('difficulty', '?')} · {loops} · {puzzle.get('id', '')}"


def _answer_space(blocks: Blocks, puzzle: dict) -> list[Flowable]:
    """Boxes to tick (where) or the whole From / Walk / Fly table (arrows): listing only the
    arrows asked would give away where the Dragon has been."""
    out: list[Flowable] = [blocks.para("Your answer", "cell-head")]
    if puzzle["question"] == "where":
        cells = []
        for place in range(5):
            cells += [TickBox(), blocks.cell(NAMES[place], "cell-small")]
        rows = [cells[:6], cells[6:] + ["", ""]]
        widths = [mm_to_pt(4.5), mm_to_pt(14)] * 3
        return out + [_unruled(rows, widths, "MIDDLE", ("RIGHTPADDING", (0, 0), (-1, -1), 1))]
    rows = [
        [
            blocks.cell("From", "cell-small", align="center", fontName="Vera-Bold"),
            blocks.cell("Walk to", "cell-small", align="center", fontName="Vera-Bold"),
            blocks.cell(
                "Fly to", "cell-small", align="center", fontName="Vera-Bold", color=FLY_INK
            ),
        ]
    ]
    rows += [[blocks.cell(name, "cell-small"), "", ""] for name in NAMES]
    extra = [("BACKGROUND", (1, 1 + LAIR), (1, 1 + LAIR), colour(SHADE))]
    return out + [blocks.table(rows, (0.34, 0.33, 0.33), row_height=5.5, extra=extra)]


def _puzzle_block(blocks: Blocks, puzzle: dict, number: int, width: float) -> list[Flowable]:
    """Return one puzzle: its title line, the log with the working grid on the left; the
    question, a small map to draw on and the answer space on the right."""
    title = _unruled(
        [
            [
                blocks.para(f"Puzzle {number}", "heading"),
                blocks.cell(_puzzle_tag(puzzle), "cell-small", align="right", color=GREY),
            ]
        ],
        ["40%", "60%"],
        "BOTTOM",
        ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ("LINEBELOW", (0, 0), (-1, 0), 0.6, colour(GREY)),
    )
    log_w = width - SIDE - 5
    log = _puzzle_log(blocks, puzzle["log"], log_w)
    side = [
        blocks.para(_question_text(puzzle), "body", fontName="Vera-Bold"),
        blocks.gap(1),
        blocks.figure(mini_map_figure(None, radius=19.0, r=5.5, stretch=0.8), width=SIDE),
        blocks.gap(1),
        *_answer_space(blocks, puzzle),
    ]
    left: list[Flowable] = [log]
    if puzzle.get("difficulty") != "hard":  # a hard puzzle has the rest of its page instead
        notes = max(NOTES_MIN, _height_mm(side, SIDE) - _height_mm([log], log_w) - 9)
        left += [blocks.gap(3), blocks.para("Notes", "note"), blocks.room(notes, notes)]
    body = _unruled(
        [[left, side]],
        [mm_to_pt(log_w + 5), mm_to_pt(SIDE)],
        "TOP",
        ("RIGHTPADDING", (0, 0), (0, 0), mm_to_pt(5)),
        ("RIGHTPADDING", (1, 0), (1, 0), 0),
        ("TOPPADDING", (0, 0), (-1, -1), mm_to_pt(2)),
    )
    return [title, body]


INSTRUCTIONS = (
    (
        "The idea",
        [
            "Each puzzle is a hunt that has already been played. You see the Knight's log: "
            "what the Dragon announced on every turn and what each search turned up. Behind it "
            "lies the Dragon's secret map, drawn under the usual rules, and exactly one answer "
            "fits everything in the log. Find it with pencil and paper.",
        ],
    ),
    (
        "The map rules",
        [
            "Town, Hills, Woods and Sea each have one Walk and one Fly arrow; the Lair has a "
            "single Fly arrow, and no Walk arrow leads into it. A loop (an arrow back to its "
            "own place) can only exist in a puzzle marked 'loops allowed'.",
            "The Dragon starts the hunt in Town and follows the arrow he names every turn.",
        ],
    ),
    (
        "Reading a log",
        [
            ("Turn:", "3*, 9* and 15* are the turns on which an aide may be called."),
            ("Town?:", "was the Dragon in Town at the start of the turn, before he moved."),
            ("Move:", "the arrow he followed, Walk or Fly."),
            (
                "Search, Found?:",
                "where the Knight looked after the move (two places with the Militia) and "
                "whether the Dragon was there. A ? means the log does not say.",
            ),
            (
                "Learned:",
                "what an aide gave away. Tracker: where the Dragon was at the start of the "
                "turn. Militia: which searched place held him. Wizard: the two places asked "
                "about (H–S), then every arrow joining them, either way, without Walk or Fly; "
                "H>S is an arrow from Hills to Sea.",
            ),
            (
                "T H W S L:",
                "your working grid, one column per place (Town, Hills, Woods, Sea, Lair). "
                "Cross out where the Dragon cannot be after that turn's move.",
            ),
        ],
    ),
    (
        "Hints",
        [
            "A 'yes' under Town? tells you where the previous move ended.",
            "The same place and the same word always lead to the same place: once you know "
            "an arrow, use it every time it comes up.",
            "A miss rules out the searched place for that turn; a find pins the Dragon down.",
            "Difficulty: easy puzzles follow the facts and the known arrows; medium ones keep "
            "track of what each arrow could still be; hard ones need a 'suppose he were "
            "there...' to reach a contradiction.",
            "Solutions are at the back, with the reasoning spelled out.",
        ],
    ),
)


def _instructions_part(blocks: Blocks, count: int, seed: int | None) -> Part:
    """Return the instructions page: the idea, the rules, how to read a log, hints, and
    the five places with an example of each kind of arrow."""
    seed_text = f" · seed {seed}" if seed is not None else ""
    story: list[Flowable] = [blocks.section(heading, items) for heading, items in INSTRUCTIONS]
    example = RouteMap(
        walk=(1, NO_ARROW, NO_ARROW, NO_ARROW, NO_ARROW),
        fly=(NO_ARROW, NO_ARROW, NO_ARROW, NO_ARROW, 0),
    )
    note = "Here Walk from Town leads to the Hills (T>H) and Fly from the Lair to Town (L>T)."
    left = [blocks.figure(legend_figure(), width=None), blocks.gap(2), blocks.para(note, "note")]
    figure = blocks.figure(mini_map_figure(example, radius=34.0, r=6.5, stretch=0.55))
    row = _unruled([[left, figure]], ["35%", "65%"], "MIDDLE")
    story.append(
        blocks.keep(blocks.heading("The five places, with an example of each kind of arrow"), row)
    )
    subtitle = f"{count} deduction puzzles for one player{seed_text}"
    return Part(Header(BOOK_TITLE, subtitle), story, "puzzle instructions")


def _puzzles_part(blocks: Blocks, puzzles: list[dict], paper: Paper) -> Part:
    """Return the puzzles: each with room for notes under it, kept whole on a page; a hard
    puzzle has the rest of its page to write on."""
    width = paper.width - 24.0
    story: list[Flowable] = []
    for number, puzzle in enumerate(puzzles, 1):
        block = _puzzle_block(blocks, puzzle, number, width)
        if puzzle.get("difficulty") == "hard":  # the rest of the page to work on
            working = blocks.para("Working", "note")
            story.append(blocks.keep(*block, blocks.gap(3), working, blocks.room(HARD_ROOM, 400)))
        else:
            story.append(blocks.keep(*block, blocks.gap(6)))
    subtitle = "Cross out in the grid where the Dragon cannot be; draw the arrows you find."
    return Part(Header("Puzzles", subtitle), story, "puzzles")


def _check(puzzles: Sequence) -> list[dict]:
    puzzles = [p.to_json() if hasattr(p, "to_json") else p for p in puzzles]
    if not puzzles:
        raise ValueError("a puzzle book needs at least one puzzle")
    for index, puzzle in enumerate(puzzles, 1):
        missing = {"question", "log", "answer"} - set(puzzle)
        if missing:
            raise ValueError(f"puzzle {index} lacks {', '.join(sorted(missing))}")
        if puzzle["question"] not in ("where", "arrows"):
            raise ValueError(f"puzzle {index}: unknown question {puzzle['question']!r}")
    return puzzles


BOOK = PuzzleBook(
    title=GAME_TITLE,
    check=_check,
    instructions=_instructions_part,
    puzzles=_puzzles_part,
    solutions=solutions_part,
    instruction_sizes=INSTRUCTION_SIZES,
    puzzle_body=9.0,
    solution_body=SOLUTION_BODY,
)


def write_book(target: Path, paper: Paper | str, puzzles: Sequence, seed: int | None) -> int:
    """Write the puzzle book to the PDF `target`: the instructions (one page), the puzzles,
    then the solutions with every puzzle's reasoning steps (key "reasoning") where it has
    them; return its page count. ValueError names a malformed puzzle."""
    return BOOK.write(target, paper, puzzles, seed)
