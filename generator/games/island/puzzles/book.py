"""The "Where is the quarry?" puzzle book: a page of instructions, the puzzles (each a map of
its small island beside the log of the hunt, with room for the answer; hard ones a page
each), then the worked solutions at the back, each with a small map of the answer. This
module says what goes on the pages; the document layer sets them, figures.island_svg draws
the islands.

A puzzle comes in as Puzzle.to_json() (a book can be printed again from puzzles.json);
write_book adds the worked solutions itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from reportlab.platypus import Flowable, PageBreak

from generator.engine.bitboards import bits
from generator.games import checked_puzzles
from generator.games.island.figures import cell_to_fit, island_svg
from generator.games.island.puzzles import (
    ELEVATED_RANGE,
    LEVEL_NAMES,
    LEVELS,
    NEAR_RANGE,
    RANGE,
    Puzzle,
    worked_solution,
)
from generator.kit import write_puzzle_files
from generator.render.document import GREY, Blocks, Header, Part, PuzzleBook
from generator.render.layouts import Paper
from generator.render.units import mm_to_pt

GAME_TITLE = "The Most Dangerous Game"
BOOK_TITLE = "Where is the quarry?"
MAP_W = 84.0  # mm: a puzzle's map
# mm: the small map beside a solution, wide enough for the T mark's disc (6 pt type) to
# stay inside its square on the largest island (11 squares a side)
SOLUTION_MAP_W = 48.0
EXAMPLE_MAP_W = 52.0  # mm: the instructions' example
LOG_GAP = 6.0  # mm between the map and the log
HARD_ROOM = 40.0  # mm at least under a hard puzzle to work in
INSTRUCTION_SIZES = (9.5, 9.0, 8.5, 8.0)
SOLUTION_BODY = 8.5
MARK_HUNTER = "H"


def checked(puzzles: Sequence) -> list[Puzzle]:
    """Return the puzzles as Puzzle objects (dicts are read with Puzzle.from_json);
    ValueError naming the first malformed one."""
    return checked_puzzles(puzzles, Puzzle)


def _map(puzzle: Puzzle, width: float, marks: dict | None = None, highlight=None) -> str:
    """Return the puzzle's island (coordinates round it) drawn as large as fits `width` mm.
    The book sets it at this true size, never scaled, so its type prints at the sizes
    figures.island_svg gives it: 6 pt or more."""
    island = puzzle.land()
    cell = cell_to_fit(island.size, width, width)
    return island_svg(island, cell, marks=marks, highlight=highlight, zone_names=False)


def _log_rows(puzzle: Puzzle) -> list[list[str]]:
    """Return the log: one row a cycle (where the Hunter stood, what the trail showed, the
    Hunted's roll and any Sprint), the last cycle the Hunter's move only."""
    rows = [["Cycle", "Hunter on", "Trail shows", "Hunted rolls", "Sprint"]]
    for cycle in range(1, puzzle.cycles + 2):
        hunter = puzzle.hunter[cycle - 1]
        if cycle > puzzle.cycles:
            rows.append([str(cycle), hunter, "", "(now)", ""])
            continue
        trail = puzzle.trail.get(cycle)
        shows = f"mark {cycle - 2}: {trail}" if trail else "—"
        sprint = "yes" if cycle in puzzle.sprints else ""
        rows.append([str(cycle), hunter, shows, str(puzzle.rolls[cycle - 1]), sprint])
    return rows


def question_text(puzzle: Puzzle) -> str:
    """Return the question of `puzzle` as the book prints it."""
    return (
        f"The Hunter has moved in cycle {puzzle.cycles + 1} and still sees nobody. "
        "On which square is the Hunted now?"
    )


def _tag(puzzle: Puzzle) -> str:
    return f"{puzzle.difficulty} · {puzzle.id}"


def _puzzle_block(blocks: Blocks, puzzle: Puzzle, number: int, width: float) -> list[Flowable]:
    """Return one puzzle: its title line, the map at the left, the log, the question and
    the answer box at the right."""
    title = blocks.beside(
        [
            blocks.para(f"Puzzle {number}", "heading"),
            blocks.cell(_tag(puzzle), "cell-small", align="right", color=GREY),
        ],
        ["40%", "60%"],
        valign="BOTTOM",
    )
    side_w = width - MAP_W - LOG_GAP
    log = blocks.table(_log_rows(puzzle), (0.13, 0.2, 0.32, 0.2, 0.15), align="center")
    side = [
        log,
        blocks.gap(3),
        blocks.para(question_text(puzzle), "body", fontName="Vera-Bold"),
        blocks.gap(2),
        blocks.para("He is on: ____________", "body"),
        blocks.gap(2),
        blocks.para(
            "The Hunter never saw him, and no card was played but the Sprints listed.", "note"
        ),
    ]
    body = blocks.beside(
        [[blocks.figure(_map(puzzle, MAP_W))], [blocks.gap(0), *side]],
        [mm_to_pt(MAP_W + LOG_GAP), mm_to_pt(side_w)],
    )
    return [title, blocks.gap(2), body]


INSTRUCTIONS = (
    (
        "The idea",
        [
            "Each puzzle is a short hunt on a small island, seen from the Hunter's side of "
            "the table. You know where he stood, what the dice said and what the trail "
            "gave away, and he has never caught sight of his quarry. From all that, only "
            "one square is left where the Hunted can be now. Find it.",
        ],
    ),
    (
        "How they move",
        [
            (
                "The Hunted",
                "rolls a six-sided die and walks exactly that many steps. A step "
                "goes to a square beside his own (never diagonally), over land or water but "
                "never into the sea. He may turn back and cross his own path.",
            ),  # fmt: skip
            (
                "Boats",
                "the four red squares. From a boat he may cross to the boat next to "
                "it in the ring (west, north, east, south, round again), never straight across. "
                "A crossing is one step, and he crosses at most once a turn: his roll and "
                "his Sprint together.",
            ),  # fmt: skip
            (
                "Sprint",
                "a card that lets him walk up to 2 more steps, a crossing among them if his "
                "roll did not sail.",
            ),  # fmt: skip
            (
                "The Hunter",
                "moves first in every cycle; where he ends up is in the log. "
                "His own path does not matter here.",
            ),  # fmt: skip
        ],
    ),
    (
        "What the Hunter sees",
        [
            f"Every time anyone moves, the Hunter looks: he sees every square up to {RANGE} "
            f"steps away ({ELEVATED_RANGE} from a yellow elevation square), counted straight "
            "over the grid whatever lies between. A Hunted on a black hiding place is seen "
            f"only from {NEAR_RANGE} steps or nearer. Seeing nothing tells you the Hunted is "
            "on none of those squares, at that moment.",
            "In cycle 1 the Hunter looks before the Hunted has moved: that look is about his "
            "starting square, which is on land, not water.",
        ],
    ),
    (
        "The trail",
        [
            "The Hunted writes a mark on each square where a turn of his ends (mark 1 is "
            "where he started). From cycle 3 on he shows the table the mark from two turns "
            "back: mark 1 in cycle 3, mark 2 in cycle 4, and so on. A mark is where he "
            "stood at the end of his turn, after any Sprint.",
        ],
    ),
    (
        "Hints and levels",
        [
            "Start from the latest trail mark: he was there, whatever happened earlier. "
            "Then move him one roll at a time and cross out what the Hunter would have seen.",
            f"Easy ({LEVEL_NAMES[1]}): counting how far each roll reaches is enough.",
            f"Medium ({LEVEL_NAMES[2]}): colour the island like a chessboard (number the "
            "columns A = 1, B = 2 and so on: a square is dark when its column and row add up "
            "to an even number). Each step on foot changes colour, so an even roll ends on "
            "his colour and an odd roll on the other one.",
            f"Hard ({LEVEL_NAMES[3]}): the colour rule holds through a boat too, once you "
            "count the crossing as a step between the two boats' own colours; and a Sprint "
            "may not sail when the roll before it did.",
            "Solutions, with the reasoning, are at the back.",
        ],
    ),
)


EXAMPLE = Puzzle(
    "example",
    "hard",
    {
        "rows": [
            "~~~~~~~~",
            "~~JJJJ~~",
            "~JJJJJJ~",
            "~JJJJJJ~",
            "~JJjJJJ~",
            "~JJJJJJ~",
            "~~JJJJ~~",
            "~~~~~~~~",
        ],
        "hiding": ["C6"],
        "elevation": ["F3"],
        "boats": ["B4", "D2", "G4", "D7"],
    },
    [],
    [],
    [],
    {},
    "",
)
EXAMPLE_FROM, EXAMPLE_ROLL = "C4", 3
EXAMPLE_NOTE = (
    f"An example: the Hunted stands on T ({EXAMPLE_FROM}) and rolls {EXAMPLE_ROLL}. On foot "
    "he ends within 3 steps on the other colour. Through the west boat (a step to it, a step "
    "across) he has one step left from the north or the south boat, and ends on his own "
    "colour. The outlined squares are every square he can reach."
)


def _example(blocks: Blocks) -> Flowable:
    """Return the instructions' example: a move of 3 from one square, drawn, with its note."""
    island = EXAMPLE.land()
    start = island.parse(EXAMPLE_FROM)
    ends = bits(island.geometry.reach(1 << start, EXAMPLE_ROLL))
    figure = blocks.figure(_map(EXAMPLE, EXAMPLE_MAP_W, marks={start: "T"}, highlight=ends))
    return blocks.keep(
        blocks.heading("A move, drawn"),
        blocks.beside([figure, blocks.para(EXAMPLE_NOTE, "body")], [mm_to_pt(58), None]),
    )


def _instructions_part(blocks: Blocks, count: int, seed: int | None) -> Part:
    """Return the instructions page, with a drawn example of a move."""
    story: list[Flowable] = [blocks.section(heading, items) for heading, items in INSTRUCTIONS]
    story.append(_example(blocks))
    seed_text = f" · seed {seed}" if seed is not None else ""
    return Part(
        Header(BOOK_TITLE, f"{count} deduction puzzles for one player{seed_text}"),
        story,
        "puzzle instructions",
    )


def _puzzles_part(blocks: Blocks, puzzles: list[Puzzle], paper: Paper) -> Part:
    """Return the puzzles, each kept whole; a hard one has the rest of its page to work."""
    width = paper.width - 24.0
    story: list[Flowable] = []
    for number, puzzle in enumerate(puzzles, 1):
        block = _puzzle_block(blocks, puzzle, number, width)
        if puzzle.difficulty == "hard":
            if story:
                story.append(PageBreak())
            working = blocks.para("Working", "note")
            story.append(blocks.keep(*block, blocks.gap(3), working, blocks.room(HARD_ROOM, 400)))
            story.append(PageBreak())
        else:
            story.append(blocks.keep(*block, blocks.gap(8)))
    subtitle = "Move the Hunted roll by roll from the latest trail mark; cross out what is seen."
    return Part(Header("Puzzles", subtitle), _no_double_breaks(story), "puzzles")


def _no_double_breaks(story: list[Flowable]) -> list[Flowable]:
    out: list[Flowable] = []
    for flowable in story:
        if isinstance(flowable, PageBreak) and (not out or isinstance(out[-1], PageBreak)):
            continue
        out.append(flowable)
    while out and isinstance(out[-1], PageBreak):
        out.pop()
    return out


def _solution(blocks: Blocks, puzzle: Puzzle, number: int) -> list[Flowable]:
    """Return one solution: heading, answer, a small map (the latest trail mark, the
    answer highlighted) and the numbered steps."""
    island = puzzle.land()
    steps = worked_solution(puzzle)
    pin = next(step["pin"] for step in steps if step["pin"])
    marks = {island.parse(pin): "T"}
    answer = island.parse(puzzle.answer)
    figure = blocks.figure(_map(puzzle, SOLUTION_MAP_W, marks=marks, highlight=[answer]))
    head = [
        blocks.para(f"Puzzle {number} · {puzzle.id}", "heading"),
        blocks.para(f"Answer: {puzzle.answer}", "body", fontName="Vera-Bold"),
        blocks.para(
            f"Level: {puzzle.difficulty} ({LEVEL_NAMES[LEVELS[puzzle.difficulty]]}). "
            "T on the map: the latest trail mark; outlined: the answer.",
            "note",
        ),
        figure,
        blocks.gap(1),
    ]
    body = blocks.steps(((0, step["text"]) for step in steps[:-1]), 3.5, "small")
    return [*blocks.keep_ends(head, body), blocks.gap(4)]


def _solutions_part(blocks: Blocks, puzzles: list[Puzzle], paper: Paper) -> Part:
    """Return the solutions in two columns, one after another: a long one runs on into the
    next column, its heading kept with its map and first steps."""
    story: list[Flowable] = []
    for number, puzzle in enumerate(puzzles, 1):
        story += _solution(blocks, puzzle, number)
    subtitle = "Answers in puzzle order, each with the reasoning that finds it."
    return Part(Header("Solutions", subtitle), _no_double_breaks(story), "solutions", columns=2)


BOOK = PuzzleBook(
    title=GAME_TITLE,
    check=checked,
    instructions=_instructions_part,
    puzzles=_puzzles_part,
    solutions=_solutions_part,
    instruction_sizes=INSTRUCTION_SIZES,
    puzzle_body=9.0,
    solution_body=SOLUTION_BODY,
)


def write_book(target: Path, paper: Paper | str, puzzles: Sequence, seed: int | None) -> int:
    """Write the puzzle book PDF to `target`; return its page count. ValueError names a
    malformed puzzle."""
    return BOOK.write(target, paper, puzzles, seed)


def write_puzzle_book(request, puzzles: Sequence) -> None:
    """Write puzzles.json and puzzles-<paper>.pdf into the kit of `request` (a
    kit.KitRequest): what GAME.write_puzzle_book does."""
    write_puzzle_files(request, checked(puzzles), write_book)
