"""The skeleton every puzzle book shares: a page of instructions (set in the largest body size
that keeps it to one page), the puzzles, then the solutions at the back, each part in its own
type, written as one PDF with the game's footer. A game's book says what goes on the pages
(its three part builders) and in what sizes; PuzzleBook puts them together. A builder
returns one Part, or a list of them when its pages are laid out one by one."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from generator.render.document.blocks import Blocks
from generator.render.document.pages import Part, fit_parts, write_document
from generator.render.document.styles import TypeScale
from generator.render.layouts import LayoutBook, Paper
from generator.render.pdf import Footer


@dataclass(frozen=True)
class PuzzleBook:
    """A game's puzzle book.

    - title: the game's title, in the footer of every page;
    - check(puzzles) -> list: the puzzles as the builders take them (from the puzzle objects
      or their to_json() dicts); ValueError naming a malformed one, or when there are none;
    - instructions(blocks, count, seed) -> Part: the instructions page, set at the first body
      size of instruction_sizes (largest first) that keeps it to one page (fit_parts);
    - puzzles(blocks, puzzles, paper) -> Part or list of Parts: the puzzles, set at
      puzzle_body pt (a list when the book lays its puzzle pages out one by one);
    - solutions(blocks, puzzles, paper) -> Part or list of Parts: the solutions, set at
      solution_body pt.

    A builder that does not size anything to the paper leaves `paper` unused.
    """

    title: str
    check: Callable[[Sequence], list]
    instructions: Callable[[Blocks, int, int | None], Part]
    puzzles: Callable[[Blocks, list, Paper], Part | list[Part]]
    solutions: Callable[[Blocks, list, Paper], Part | list[Part]]
    instruction_sizes: Sequence[float]
    puzzle_body: float
    solution_body: float

    def parts(self, paper: Paper | str, puzzles: Sequence, seed: int | None = None) -> list[Part]:
        """Return the book as Parts: the instructions (one page), the puzzles' Parts, the
        solutions' Parts. ValueError names a malformed puzzle (check)."""
        if isinstance(paper, str):
            paper = LayoutBook().paper(paper)
        chosen = self.check(puzzles)
        footer = Footer(self.title, "puzzle instructions", seed)
        parts = fit_parts(
            paper,
            lambda blocks: [self.instructions(blocks, len(chosen), seed)],
            footer,
            self.instruction_sizes,
            1,
        )
        blocks = Blocks(TypeScale(body=self.puzzle_body))
        answers = Blocks(TypeScale(body=self.solution_body))
        made = _as_parts(self.puzzles(blocks, chosen, paper))
        return [*parts, *made, *_as_parts(self.solutions(answers, chosen, paper))]

    def write(self, target: Path, paper: Paper | str, puzzles: Sequence, seed: int | None) -> int:
        """Write the book (parts) to the PDF `target`; return its page count."""
        if isinstance(paper, str):
            paper = LayoutBook().paper(paper)
        parts = self.parts(paper, puzzles, seed)
        footer = Footer(self.title, "puzzles", seed)
        return write_document(target, paper, parts, footer, TypeScale())


def _as_parts(made: Part | list[Part]) -> list[Part]:
    """Return a builder's result as a list of Parts (a single Part becomes a list of one)."""
    return [made] if isinstance(made, Part) else list(made)
