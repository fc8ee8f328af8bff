"""The "Who is the Queen?" puzzle book: a page of instructions (the rules of behaviour and
how to use the grids), the puzzles (each a record of turns with a who-is-who grid and an
enemy grid to write in), then the worked solutions at the back.

A puzzle comes in as puzzles.Puzzle or its to_json() (a book can be printed again from
puzzles.json). This module says what goes on the pages; the document layer sets them.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from reportlab.platypus import Flowable

from generator.games import checked_puzzles
from generator.games.cutthroat.puzzles import BEHAVIOUR, Puzzle, solution_steps
from generator.games.cutthroat.puzzles.form import rank_word
from generator.games.cutthroat.rules import RANKS
from generator.kit import write_puzzle_files
from generator.render.document import Blocks, Header, Part, PuzzleBook
from generator.render.layouts import Paper
from generator.render.units import mm_to_pt

GAME_TITLE = "CutThroat!"
BOOK_TITLE = "Who is the Queen?"
CELL = 7.0  # mm: a square of the grids ("10" fits on one line)
NAME_W = 12.0  # mm: the players' names beside the grids
RECORD_WIDTHS = (12.0, 15.0, 32.0, 14.0)  # mm: turn, player, took from, put on
SPLIT_AT = 12  # a record longer than this is set in two halves side by side
RULE_NAMES = {
    "own-card": "Own card",
    "enemy-put": "Enemy card",
    "does-good": "Some good",
    "own-guess": "Own guess",
}


def checked(puzzles: Sequence) -> list[Puzzle]:
    """Return the puzzles as Puzzle objects (dicts are read with Puzzle.from_json);
    ValueError naming the first malformed one."""
    return checked_puzzles(puzzles, Puzzle)


def task(puzzle: Puzzle) -> str:
    """Return the puzzle's task in words."""
    names = puzzle.names
    order = ", ".join(names[:-1]) + " and " + names[-1]
    last = rank_word(puzzle.players - 1)
    return (
        f"{puzzle.players} players, {order}, sit round the table in that order and play "
        f"with the characters from the Ace to {last}. {names[0]} took the first turn. "
        "Below is every turn so far. Who is which character?"
    )


def record_rows(puzzle: Puzzle, turns: range) -> list[list[str]]:
    """Return the record's table rows for the turns numbered in `turns` (from 1)."""
    rows = [["Turn", "Player", "Took from", "Put on"]]
    for number in turns:
        turn = puzzle.turns[number - 1]
        name = puzzle.names[turn.seat]
        if turn.is_play:
            first, second = (RANKS[c] for c in turn.take)
            took = f"{first} twice" if first == second else f"{first} and {second}"
            rows.append([str(number), name, took, RANKS[turn.put]])
        else:
            target, character = turn.guess
            guess = f"{puzzle.names[target]} is {RANKS[character]}?"
            rows.append([str(number), name, f"guess: {guess}", "wrong"])
    return rows


def _record(blocks: Blocks, puzzle: Puzzle) -> Flowable:
    count = len(puzzle.turns)
    if count <= SPLIT_AT:
        return blocks.table(
            record_rows(puzzle, range(1, count + 1)), RECORD_WIDTHS, style="cell-small"
        )
    half = (count + 1) // 2
    width = sum(RECORD_WIDTHS)
    left = blocks.table(record_rows(puzzle, range(1, half + 1)), RECORD_WIDTHS, style="cell-small")
    right = blocks.table(
        record_rows(puzzle, range(half + 1, count + 1)), RECORD_WIDTHS, style="cell-small"
    )
    return blocks.beside([left, right], [mm_to_pt(width + 6), mm_to_pt(width)])


def _grid(blocks: Blocks, puzzle: Puzzle, corner: str) -> Flowable:
    ranks = list(RANKS[: puzzle.players])
    rows = [[corner, *ranks]] + [[name] + [""] * puzzle.players for name in puzzle.names]
    widths = [NAME_W] + [CELL] * puzzle.players
    return blocks.table(rows, widths, row_height=CELL, align="center", style="cell-small")


def _grids(blocks: Blocks, puzzle: Puzzle) -> Flowable:
    width = mm_to_pt(NAME_W + CELL * puzzle.players)
    cells = [
        [blocks.para("Who is who", "note"), _grid(blocks, puzzle, "")],
        [blocks.para("Enemy cards", "note"), _grid(blocks, puzzle, "")],
    ]
    return blocks.beside(cells, [width + mm_to_pt(8), width])


def _instructions(blocks: Blocks, count: int, seed: int | None) -> Part:
    rules = [(f"{RULE_NAMES[key]} ({key}).", text) for key, text in BEHAVIOUR.items()]
    sections = (
        (
            "The puzzles",
            (
                "Each puzzle is the start of a game of CutThroat! at a table of 6 to 10. "
                "Every player is dealt one character (a rank) as identity and one as enemy "
                "card; each identity and each enemy card goes to exactly one player. In "
                "these games nobody was dealt their own character as enemy, but the "
                "puzzles never rely on that.",
                "The record lists every turn so far, round the table from the first "
                "player: a play (which life cards the two markers came off, and which card "
                "one marker went back on) or a guess that was answered wrong.",
                "Find who is which character. Exactly one answer fits the record and the "
                "rules below; the enemy cards may stay partly open.",
            ),
        ),
        ("How everybody at these tables plays", rules),
        (
            "The grids",
            (
                "Who is who: a row per player, a column per character. Cross out a square "
                "when that player cannot be that character. A row with one square left, "
                "or a column with one square left, is an answer: circle it and cross out "
                "the rest of its row and column.",
                "Enemy cards: the same for the enemy cards. Every enemy card is held by "
                "exactly one player. The hard puzzles need it.",
            ),
        ),
        (
            "Levels",
            (
                "Easy: the takes and wrong guesses, and the rows and columns with one "
                "square left. Medium: also a player's plays taken together (one enemy card "
                "must be behind every play that did not go on their own card). Hard: also "
                "the enemy grid across the whole table.",
            ),
        ),
    )
    story: list[Flowable] = [blocks.section(head, items) for head, items in sections]
    seed_text = f" · seed {seed}" if seed is not None else ""
    return Part(Header(BOOK_TITLE, f"{count} puzzles for one player{seed_text}"), story,
                "puzzle instructions")  # fmt: skip


def _puzzles(blocks: Blocks, puzzles: list[Puzzle], paper: Paper) -> Part:
    story: list[Flowable] = []
    for number, puzzle in enumerate(puzzles, 1):
        title = f"Puzzle {number} · {puzzle.difficulty} · {puzzle.players} players"
        story.append(
            blocks.keep(
                blocks.para(title, "heading"),
                blocks.para(task(puzzle)),
                blocks.gap(1),
                _record(blocks, puzzle),
                blocks.gap(4),
                _grids(blocks, puzzle),
                blocks.gap(8),
            )
        )
    return Part(Header("Puzzles", "Cross out in the grids as you go."), story, "puzzles")


def solution_story(blocks: Blocks, number: int, puzzle: Puzzle) -> list[Flowable]:
    """Return one solution: its heading, the answer, and the worked steps."""
    answer = ", ".join(
        f"{name} {RANKS[c]}" for name, c in zip(puzzle.names, puzzle.solution, strict=True)
    )
    head = [
        blocks.para(f"Puzzle {number} · {puzzle.id}", "heading"),
        blocks.lead("Answer:", answer, "small"),
    ]
    steps = solution_steps(puzzle).steps
    body = blocks.steps(steps, 3.5, "small")
    return [*blocks.keep_ends(head, body), blocks.gap(4)]


def _solutions(blocks: Blocks, puzzles: list[Puzzle], paper: Paper) -> Part:
    story: list[Flowable] = []
    for number, puzzle in enumerate(puzzles, 1):
        story += solution_story(blocks, number, puzzle)
    subtitle = "The answer, then the reasoning in the order a solver of its level finds it."
    return Part(Header("Solutions", subtitle), story, "solutions", columns=2)


BOOK = PuzzleBook(
    title=GAME_TITLE,
    check=checked,
    instructions=_instructions,
    puzzles=_puzzles,
    solutions=_solutions,
    instruction_sizes=(9.5, 9.0, 8.5),
    puzzle_body=9.0,
    solution_body=8.5,
)


def write_book(target: Path, paper: Paper | str, puzzles: Sequence, seed: int | None) -> int:
    """Write the puzzle book PDF to `target`; return its page count."""
    return BOOK.write(target, paper, puzzles, seed)


def write_puzzle_book(request, puzzles: Sequence) -> None:
    """Write puzzles.json and puzzles-<paper>.pdf into the kit of `request` (a
    kit.KitRequest): what GAME.write_puzzle_book does."""
    write_puzzle_files(request, checked(puzzles), write_book)
