"""The "Who is the Queen?" book: instructions, puzzles with their records and grids, and
worked solutions on A4 and Letter; a hard solution takes one page at most."""

import io

import pypdf
import pytest

from generator.games.cutthroat.puzzles import BEHAVIOUR, generate_puzzle
from generator.games.cutthroat.puzzles.book import (
    GAME_TITLE,
    record_rows,
    solution_story,
    task,
    write_book,
)
from generator.render.document import Blocks, Header, Part, TypeScale, write_document
from generator.render.layouts import LayoutBook
from generator.render.pdf import Footer

SEED_RULES = "002_02ad9c9c168f2f87.txt"


@pytest.fixture(scope="module")
def puzzles():
    return [generate_puzzle("easy", 1), generate_puzzle("medium", 2), generate_puzzle("hard", 4)]


@pytest.fixture(scope="module", params=["a4", "letter"])
def printed(request, puzzles, tmp_path_factory):
    target = tmp_path_factory.mktemp("book") / f"puzzles-{request.param}.pdf"
    pages = write_book(target, request.param, puzzles, 7)
    texts = [page.extract_text() or "" for page in pypdf.PdfReader(target).pages]
    assert len(texts) == pages
    return texts


def flat(text):
    return " ".join(text.split())


def test_the_book_has_instructions_puzzles_and_solutions_in_that_order(printed):
    whole = "\n".join(printed)
    assert printed[0].startswith("Who is the Queen?")
    assert whole.index("Puzzle 1 ·") < whole.index("Solutions")
    assert whole.count("Puzzle 3 ·") == 2 and "cutthroat-hard-4" in whole  # puzzle, solution


def test_the_instructions_state_every_rule_of_behaviour(printed):
    first = flat(printed[0])
    for text in BEHAVIOUR.values():
        assert flat(text) in first


def test_each_puzzle_prints_its_whole_record_and_both_grids(puzzles, printed):
    whole = flat(" ".join(printed))
    for puzzle in puzzles:
        assert flat(task(puzzle)) in whole
        for row in record_rows(puzzle, range(1, len(puzzle.turns) + 1))[1:]:
            assert " ".join(row[1:]) in whole, (puzzle.id, row)
    pages = " ".join(printed[1:])
    assert pages.count("Who is who") == pages.count("Enemy cards") == len(puzzles)


def test_each_solution_gives_the_answer(puzzles, printed):
    whole = flat(" ".join(printed))
    for puzzle in puzzles:
        answer = ", ".join(f"{n} {('A', *map(str, range(2, 11)))[c]}"
                           for n, c in zip(puzzle.names, puzzle.solution, strict=True))  # fmt: skip
        assert f"Answer: {answer}" in whole, puzzle.id


def test_a_hard_solution_fits_on_one_page(puzzles):
    for paper in ("a4", "letter"):
        story = solution_story(Blocks(TypeScale(body=8.5)), 1, puzzles[2])
        part = Part(Header("Solutions"), story, "solutions", columns=2)
        pages = write_document(io.BytesIO(), LayoutBook().paper(paper), [part],
                               Footer(GAME_TITLE, "solutions", 7), TypeScale())  # fmt: skip
        assert pages == 1, paper


def test_the_book_is_in_our_own_words(printed, copied_runs):
    for index, text in enumerate(printed, 1):
        assert not copied_runs(SEED_RULES, text, f"cutthroat puzzle book page {index}")
