"""The puzzle book's solutions: every answer in puzzle order (a drawn small map for the
arrows questions) and its numbered reasoning steps, in two columns.

A solution's heading stays with its answer and first two steps, and its last two steps
stay together, so no step is left alone at the foot of a column; a hard solution starts a
page of its own and fits on it.
"""

import io
from collections.abc import Callable
from functools import lru_cache

from reportlab.platypus import Flowable, PageBreak

from generator.games.hunt.art import place_name
from generator.games.hunt.figures import mini_map_figure
from generator.games.hunt.maps import LOCATIONS, RouteMap
from generator.render.document import (
    Blocks,
    DoesNotFit,
    Header,
    Part,
    TypeScale,
    fit_parts,
    write_document,
)
from generator.render.layouts import LayoutBook, Paper
from generator.render.pdf import Footer

SOLUTION_BODY = 8.5  # the solutions' type: steps in its small size (7 pt)
HARD_SIZES = (8.5, 8.0)  # body sizes a hard solution may take to fit its page (steps 7, 6.5 pt)
STEP_SPACE = 0.12  # space after a step, a share of its type size: numbers set steps apart
FIT_PAPERS = ("a4", "letter")  # every hard solution fits a page of each (__init__.py checks)
HEADING_NUMBER = 200  # a solution's number when checking it fits: the most a book holds
STEP_INDENT = 3.5  # mm: a numbered step's text from its number, and a case's steps further
SUBTITLE = (
    "Answers in puzzle order, each with the reasoning that finds it. "
    "A list like Hills/Sea means one of those places: in the Hills or at Sea."
)


def _answer_text(puzzle: dict) -> list[str]:
    answer = puzzle["answer"]
    if puzzle["question"] == "where":
        return [f"Answer: {place_name(answer)}"]
    lines = []
    for kind in ("walk", "fly"):
        arrows = answer.get(kind) or {}
        if arrows:
            parts = sorted(
                (LOCATIONS.index(str(s).lower()), f"{place_name(s)}>{place_name(t)}")
                for s, t in arrows.items()
            )
            lines.append(f"{kind.capitalize()}: " + ", ".join(text for _, text in parts))
    return lines


def _reasoning(puzzle: dict) -> list[str]:
    for key in ("reasoning", "steps", "explanation"):
        steps = puzzle.get(key)
        if isinstance(steps, str):
            return [steps]
        if steps:
            return [str(step) for step in steps]
    return []


def _step_parts(step: str) -> tuple[int, str]:
    """Return (nesting depth, text) of a reasoning step (nested steps start with 4 spaces)."""
    stripped = step.lstrip(" ")
    return (len(step) - len(stripped)) // 4, stripped


def _steps(blocks: Blocks, reasoning: list[str]) -> list[Flowable]:
    """Return the steps as paragraphs (top-level ones numbered, a case's dashed and
    indented; the layer keeps a "Suppose ...:" line with its first step), set close."""
    steps = blocks.steps((_step_parts(step) for step in reasoning), STEP_INDENT, "small")
    for paragraph in steps:
        paragraph.style.spaceAfter = paragraph.style.fontSize * STEP_SPACE
    return steps


@lru_cache(maxsize=64)
def _answer_map(route: RouteMap) -> str:
    """Return the small map (SVG) of an arrows answer; kept, as setting a solution to see
    whether it fits draws it once for each try."""
    return mini_map_figure(route, radius=19.0, r=4.5, stretch=0.55)


def _solution(blocks: Blocks, puzzle: dict, number: int) -> list[Flowable]:
    """Return one solution: its heading, the answer (and its map), the steps; the heading
    keeps with the first two steps and the last two steps keep together."""
    head: list[Flowable] = [
        blocks.para(f"Puzzle {number} · {puzzle.get('id', '')}", "heading"),
        *[blocks.para(line, "body", fontName="Vera-Bold") for line in _answer_text(puzzle)],
    ]
    if puzzle["question"] == "arrows":
        route = RouteMap.from_json(_complete(puzzle["answer"]))
        head.append(blocks.figure(_answer_map(route)))
    head.append(blocks.gap(1))
    reasoning = _reasoning(puzzle)
    if puzzle["question"] == "arrows" and reasoning and reasoning[-1].startswith("Answer:"):
        reasoning[-1] = "Answer: the arrows above."  # spelled out, they would repeat them
    steps = _steps(blocks, reasoning)
    more = f"Puzzle {number}, continued"  # said above a step that starts a column
    steps = steps[:1] + [blocks.continued(step, more) for step in steps[1:]]
    return [*blocks.keep_ends(head, steps), blocks.gap(4)]


FOOTER = Footer("The Hunt", "solutions", None)  # the footer a solution is set with to fit it


def _hard_parts(puzzle: dict, number: int) -> Callable[[Blocks], list[Part]]:
    """Return what sets a hard puzzle's solution alone on the solutions' pages, for a type
    scale (fit_parts' make_parts)."""

    def make(blocks: Blocks) -> list[Part]:
        header = Header("Solutions", SUBTITLE)
        return [Part(header, _solution(blocks, puzzle, number), "solutions", columns=2)]

    return make


def _hard_solution(blocks: Blocks, puzzle: dict, number: int, paper: Paper) -> list[Flowable]:
    """Return a hard puzzle's solution set in the largest type of HARD_SIZES that puts it
    on one page of its own; one longer than a page (a puzzle not made by puzzles/__init__.py) runs
    on, in `blocks`' type."""
    try:
        return fit_parts(paper, _hard_parts(puzzle, number), FOOTER, HARD_SIZES, 1)[0].story
    except DoesNotFit:
        return _solution(blocks, puzzle, number)


def hard_solution_fits(entry: dict, papers: tuple[str, ...] = FIT_PAPERS) -> bool:
    """Return True when the solution of the puzzle `entry` (a puzzle book entry, see
    puzzles.book_entries) sets on one page of its own on every paper of `papers`, laid
    out exactly as the book lays a hard solution out (_hard_solution). Each try is set
    once: fit_parts would set the one that fits a second time, for a story not needed."""
    make = _hard_parts(entry, HEADING_NUMBER)
    book = LayoutBook()

    def one_page(paper: Paper, size: float) -> bool:
        parts = make(Blocks(TypeScale(body=size)))
        return write_document(io.BytesIO(), paper, parts, FOOTER, TypeScale()) <= 1

    return all(any(one_page(book.paper(name), size) for size in HARD_SIZES) for name in papers)


def solutions_part(blocks: Blocks, puzzles: list[dict], paper: Paper) -> Part:
    """Return the solutions in two columns: every answer and its worked reasoning; a hard
    puzzle's starts a page of its own and fits on it."""
    story: list[Flowable] = []
    for number, puzzle in enumerate(puzzles, 1):
        hard = puzzle.get("difficulty") == "hard"
        if hard and story:
            story.append(PageBreak())
        if hard:
            story += _hard_solution(blocks, puzzle, number, paper)
        else:
            story += _solution(blocks, puzzle, number)
        if hard and number < len(puzzles):
            story.append(PageBreak())
    return Part(Header("Solutions", SUBTITLE), _no_double_breaks(story), "solutions", columns=2)


def _no_double_breaks(story: list[Flowable]) -> list[Flowable]:
    out: list[Flowable] = []
    for flowable in story:
        if isinstance(flowable, PageBreak) and out and isinstance(out[-1], PageBreak):
            continue
        out.append(flowable)
    return out


def _complete(answer: dict) -> dict:
    """Return an arrows answer with both tables present (partial answers draw partly)."""
    return {"walk": dict(answer.get("walk") or {}), "fly": dict(answer.get("fly") or {})}
