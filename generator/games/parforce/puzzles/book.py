"""The "Enclose the stag" puzzle book: a page of instructions with an example, the puzzles
(each a diagram of the position and its task), then the worked solutions at the back, each
with a diagram of the first round's moves and the whole line to the enclosure.

A puzzle comes in as puzzles.Puzzle or its to_json() (a book can be printed again from
puzzles.json). This module says what goes on the pages; the document layer sets them and
figures.board_svg draws the positions.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from reportlab.platypus import Flowable

from generator.games import checked_puzzles
from generator.games.parforce.figures import board_svg
from generator.games.parforce.puzzles import Puzzle, position, puzzle_board
from generator.games.parforce.rules import PIECES, STAG
from generator.kit import write_puzzle_files
from generator.render.document import Blocks, Header, Part, PuzzleBook
from generator.render.layouts import Paper
from generator.render.units import mm_to_pt

GAME_TITLE = "Parforcejagd"
BOOK_TITLE = "Enclose the stag"
DIAGRAM_CELL = 7.0  # mm: a puzzle's board
ANSWER_ROW = 6.5  # mm: a row of the answer form, tall enough to write a square in
SOLUTION_CELL = 4.4  # mm: the board beside a solution
NAMES = {"S": "the stag", "K": "the handler"}


def piece_name(piece: str) -> str:
    """Return a piece's name in words: "hound 2", "rider 1", "the handler", "the stag"."""
    if piece in NAMES:
        return NAMES[piece]
    return f"{'hound' if piece[0] == 'H' else 'rider'} {piece[1:]}"


def checked(puzzles: Sequence) -> list[Puzzle]:
    """Return the puzzles as Puzzle objects (dicts are read with Puzzle.from_json);
    ValueError naming the first malformed one."""
    return checked_puzzles(puzzles, Puzzle)


def diagram(puzzle: Puzzle, cell: float, first_round: bool = False) -> str:
    """Return the puzzle's position; with `first_round`, the squares the solution's moves
    go to are outlined and numbered in the order they are made."""
    board = puzzle_board()
    marks, highlight = {}, []
    if first_round:
        squares = [m.split()[1] for m in puzzle.solution if m.split()[1] != "pass"]
        for number, name in enumerate(squares, 1):
            square = board.parse(name)
            marks[square], highlight = str(number), [*highlight, square]
    return board_svg(board, cell, pieces=puzzle.squares, marks=marks, highlight=highlight,
                     starts=False)  # fmt: skip


def task(puzzle: Puzzle) -> str:
    """Return the puzzle's task in words."""
    rounds = "this round" if puzzle.rounds == 1 else f"{puzzle.rounds} rounds"
    return (
        f"The pursuers are to move, hound 1 first. Enclose the stag within {rounds}, "
        "whatever it does. Which moves must the pursuers make in the first round?"
    )


def answer_form(blocks: Blocks) -> Flowable:
    """Return the form a player writes a puzzle's answer in: a row for each pursuer, in the
    order they move, with room to write the square it goes to (or that it passes)."""
    rows = [["Pursuer", "First round: to, or passes"]]
    rows += [[piece_name(piece), ""] for piece in PIECES if piece != "S"]
    return blocks.table(rows, (0.34, 0.66), row_height=ANSWER_ROW)


def move_words(move: str) -> str:
    """Return a move in words: "hound 1 to e7", or "hound 3 passes" for a forced pass."""
    piece, square = move.split()
    return f"{piece_name(piece)} passes" if square == "pass" else f"{piece_name(piece)} to {square}"


def worked_solution(puzzle: Puzzle) -> list[str]:
    """Return the solution's steps in words: the first round's moves that matter (and the
    pieces free to move as they like), then the line to the enclosure round by round (the
    moves of the pieces that close the net)."""
    final = position(puzzle.squares)
    for text in puzzle.line:
        final.apply(final.parse_action(text))
    closers = {PIECES[p] for p in final.enclosers}
    first = ", then ".join(move_words(move) for move in puzzle.solution)
    steps = [f"First round: {first}."]
    if puzzle.free:
        free = ", ".join(piece_name(p) for p in puzzle.free)
        steps.append(f"Free: {free} may make any move; the net does not depend on it.")
    steps.append(rejects_text(puzzle.rejects))
    state = position(puzzle.squares)
    round_moves: list[str] = []
    for text in puzzle.line:
        piece, square = text.split()
        if piece == "S":
            steps.append(f"The stag runs to {square}: none of its moves holds out longer.")
        elif state.round > 1 and piece in closers and square != "pass":
            round_moves.append(f"{piece_name(piece)} to {square}")
        state.apply(state.parse_action(text))
        if (state.over or state.turn == STAG) and round_moves:
            steps.append(f"Round {state.round}: " + ", then ".join(round_moves) + ".")
            round_moves = []
    board = puzzle_board()
    held = ", ".join(
        f"{board.name(final.pos[p])} ({piece_name(PIECES[p])})" for p in final.enclosers
    )
    stag = board.name(final.pos[STAG])
    taken = "square {} is taken" if len(final.enclosers) == 1 else "squares {} are all taken"
    steps.append(f"The stag on {stag} cannot move: its {taken.format(held)}.")
    return steps


def rejects_text(rejects: int) -> str:
    """Return the solution's count of rejected first moves (docs/puzzles-parforce.md says
    what it counts: every move or pass a piece that matters makes in some legal first
    round, once a piece, other than its answer)."""
    return (
        f"Rejected: the {rejects} other first moves of the pieces that matter (each move or "
        "pass one of them makes in some legal first round, counted once); each lets the "
        "stag slip through."
    )


INSTRUCTIONS = (
    (
        "The puzzles",
        (
            "Each puzzle is a position of Parforcejagd on the puzzle board. It is the "
            "pursuers' turn, starting with hound 1, then hounds 2 to 4, the handler and "
            "riders 1 to 4, and after them the stag.",
            "Find the moves that enclose the stag within the rounds given, whatever the "
            "stag replies: at that moment the stag must have no move at all.",
            "Pieces in the thicket pens in the corners cannot leave them; they pass (or step "
            "across their pen).",
        ),
    ),
    (
        "The rules that matter",
        (
            "The stag moves like a knight, only forward (the arrows' way round the pond). "
            "With its land moves all blocked it jumps into the pond if a forward knight move "
            "lands on free water, and nobody may follow while it is on land, so a stag with "
            "that jump open cannot be penned. A pursuer on f11 (the stag's start, c) lets it "
            "jump into the pond with any knight move and cross.",
            "Hounds: 1-3 squares along their line, forward or back, over riders and the "
            "handler but not over the stag or a hound. Riders: forward diagonals, stopped by "
            "hounds, the stag and the handler. The handler: one step any way.",
        ),
    ),
    (
        "Levels",
        (
            "Easy: enclose it this round. Medium: within two rounds. Hard: within two rounds "
            "with many tempting moves to turn down, or within three. Each puzzle has one "
            "answer: the moves of the pieces that matter in the first round. Pieces that do "
            "not matter are named in the solution.",
        ),
    ),
)


def _instructions_part(blocks: Blocks, count: int, seed: int | None) -> Part:
    story: list[Flowable] = [blocks.section(heading, items) for heading, items in INSTRUCTIONS]
    seed_text = f" · seed {seed}" if seed is not None else ""
    return Part(Header(BOOK_TITLE, f"{count} puzzles for one player{seed_text}"), story,
                "puzzle instructions")  # fmt: skip


def _puzzles_part(blocks: Blocks, puzzles: list[Puzzle], paper: Paper) -> Part:
    story: list[Flowable] = []
    for number, puzzle in enumerate(puzzles, 1):
        rounds = puzzle.rounds
        title = f"Puzzle {number} · {puzzle.difficulty} · {rounds} round" + "s" * (rounds > 1)
        story.append(
            blocks.keep(
                blocks.para(title, "heading"),
                blocks.beside(
                    [
                        blocks.figure(diagram(puzzle, DIAGRAM_CELL)),
                        [blocks.para(task(puzzle)), blocks.gap(2), answer_form(blocks)],
                    ],
                    [mm_to_pt(90), None],
                ),
                blocks.gap(6),
            )
        )
    subtitle = "Write each pursuer's first move in the form beside its board."
    return Part(Header("Puzzles", subtitle), story, "puzzles")


def _solutions_part(blocks: Blocks, puzzles: list[Puzzle], paper: Paper) -> Part:
    story: list[Flowable] = []
    for number, puzzle in enumerate(puzzles, 1):
        head = [
            blocks.para(f"Puzzle {number} · {puzzle.id}", "heading"),
            blocks.figure(diagram(puzzle, SOLUTION_CELL, first_round=True)),
            blocks.para("Numbered: where the first round's moves go, in order.", "note"),
        ]
        body = blocks.steps(((0, step) for step in worked_solution(puzzle)), 3.5, "small")
        story += [*blocks.keep_ends(head, body), blocks.gap(4)]
    subtitle = "The first round, then the stag's longest escape and the net closing."
    return Part(Header("Solutions", subtitle), story, "solutions", columns=2)


BOOK = PuzzleBook(
    title=GAME_TITLE,
    check=checked,
    instructions=_instructions_part,
    puzzles=_puzzles_part,
    solutions=_solutions_part,
    instruction_sizes=(9.5, 9.0, 8.5),
    puzzle_body=9.5,
    solution_body=8.5,
)


def write_book(target: Path, paper: Paper | str, puzzles: Sequence, seed: int | None) -> int:
    """Write the puzzle book PDF to `target`; return its page count."""
    return BOOK.write(target, paper, puzzles, seed)


def write_puzzle_book(request, puzzles: Sequence) -> None:
    """Write puzzles.json and puzzles-<paper>.pdf into the kit of `request` (a
    kit.KitRequest): what GAME.write_puzzle_book does."""
    write_puzzle_files(request, checked(puzzles), write_book)
