"""The rulebook every game's kit prints: a cover with the game's art and what is in the kit,
a setup picture with the steps to set up, the rules, and a worked example of play.

A game says what goes on the pages (`Rulebook`); this module sets them, each part from a new
page. The worked example is the game's to make from a real game of the engine (a record
replayed, its positions drawn), so that every position the book shows is one the rules
allow; the book only lays the steps out, a figure beside its words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.platypus import Flowable

from generator.render.document.blocks import Blocks
from generator.render.document.pages import Header, Part, write_document
from generator.render.document.styles import TypeScale
from generator.render.layouts import Paper
from generator.render.pdf import Footer
from generator.render.units import mm_to_pt

BODY_PT = 9.5
COVER_ART_MM = 150.0  # the widest the cover's art is set
EXAMPLE_FIGURE_MM = 62.0  # the column of the worked example's figures


@dataclass(frozen=True)
class ExampleStep:
    """One step of the worked example: a figure of the position (SVG text), a heading (the
    turn, say) and what happens, in words; the figure sits beside the words,
    EXAMPLE_FIGURE_MM wide, or when `wide` above them at its own width."""

    figure: str
    heading: str
    text: str
    wide: bool = False  # the figure above the words, at its own width (a board, say)


@dataclass(frozen=True)
class Rulebook:
    """What a game's rulebook holds.

    - title, tagline: the cover's title and the line under it;
    - cover_art: SVG text, set on the cover `cover_width` mm wide (default: its own width,
      at most COVER_ART_MM);
    - contents: what is in the kit, a line each (from the game's table check); bring: what
      the players bring besides;
    - setup_picture (SVG text) with its caption, and setup_steps, in order;
    - rules(blocks): the rules as flowables, set in two columns;
    - example_intro, example: the worked example, its steps in order.
    """

    title: str
    tagline: str
    cover_art: str
    contents: Sequence[str]
    bring: Sequence[str]
    setup_picture: str
    setup_caption: str
    setup_steps: Sequence[str]
    rules: Callable[[Blocks], list[Flowable]]
    example_intro: str
    example: Sequence[ExampleStep]
    cover_width: float | None = None  # mm; None: the art's own width, at most COVER_ART_MM

    def parts(self, blocks: Blocks) -> list[Part]:
        """Return the rulebook as Parts: cover, setup, rules, worked example."""
        return [self._cover(blocks), self._setup(blocks), self._rules(blocks),
                self._example(blocks)]  # fmt: skip

    def _cover(self, blocks: Blocks) -> Part:
        story: list[Flowable] = [
            blocks.gap(4),
            blocks.figure(self.cover_art, width=self.cover_width or self._art_width()),
            blocks.gap(6),
            blocks.heading("In this kit"),
            blocks.bullets(self.contents),
        ]
        if self.bring:
            story += [blocks.heading("Also bring"), blocks.bullets(self.bring)]
        return Part(Header(self.title, self.tagline), story, "rulebook cover")

    def _art_width(self) -> float:
        from generator.render.svg import svg_size_mm

        return min(COVER_ART_MM, svg_size_mm(self.cover_art)[0])

    def _setup(self, blocks: Blocks) -> Part:
        story: list[Flowable] = [
            blocks.figure(self.setup_picture),
            blocks.para(self.setup_caption, "note"),
            blocks.gap(4),
            blocks.heading("Setting up, step by step"),
            *blocks.steps((0, step) for step in self.setup_steps),
        ]
        return Part(Header("Setting up", f"{self.title}: the table before play"), story,
                    "rulebook setup")  # fmt: skip

    def _rules(self, blocks: Blocks) -> Part:
        return Part(Header("The rules", self.title), self.rules(blocks), "rulebook rules",
                    columns=2, divider=True)  # fmt: skip

    def _example(self, blocks: Blocks) -> Part:
        story: list[Flowable] = [blocks.para(self.example_intro), blocks.gap(3)]
        for step in self.example:
            words = [blocks.para(step.heading, "heading"), blocks.para(step.text)]
            if step.wide:
                story.append(blocks.keep(words[0], blocks.figure(step.figure), words[1],
                                         blocks.gap(4)))  # fmt: skip
                continue
            story.append(
                blocks.keep(
                    blocks.beside(
                        [blocks.figure(step.figure, width=EXAMPLE_FIGURE_MM), words],
                        [mm_to_pt(EXAMPLE_FIGURE_MM + 6), None],
                    ),
                    blocks.gap(4),
                )
            )
        return Part(Header("A worked example", self.title), story, "rulebook example")


def replayed_intro(what: str, bots: str, pictures: str, result: str) -> str:
    """Return a worked example's opening words: `what` ("the first turns of a hunt") our
    `bots` played, replayed from its record; what its `pictures` show; how it ended."""
    return (
        f"{what[0].upper()}{what[1:]} our bots played ({bots}), replayed from its record as "
        f"quarry replay checks one. {pictures} The game went on: {result}."
    )


def write_rulebook(target: Path, paper: Paper, book: Rulebook, seed: int | None) -> int:
    """Write `book` to the PDF `target` on `paper`; return its page count."""
    footer = Footer(book.title, "rulebook", seed)
    parts = book.parts(Blocks(TypeScale(body=BODY_PT)))
    return write_document(target, paper, parts, footer, TypeScale())
