"""The puzzle book skeleton (PuzzleBook): the instructions fitted to one page, the puzzles and
the solutions in their own type, the paper looked up by name, one PDF with the game's footer."""

import pypdf
import pytest

from generator.render.document import Blocks, Header, Part, PuzzleBook

WORDS = "Cross out every square the Hunter saw, then move the quarry one roll at a time. "


def checked(puzzles) -> list[str]:
    if not puzzles:
        raise ValueError("a puzzle book needs at least one puzzle")
    return [str(p) for p in puzzles]


def instructions(blocks: Blocks, count: int, seed: int | None) -> Part:
    story = [blocks.para(f"{index}. " + WORDS * 5) for index in range(12)]
    return Part(Header("Instructions", f"{count} puzzles · seed {seed}"), story, "instructions")


def make_book(seen: list) -> PuzzleBook:
    def puzzles(blocks: Blocks, chosen: list, paper) -> Part:
        seen.append(("puzzles", blocks.scale.body, paper.name, chosen))
        story = [blocks.para(f"Puzzle {p}") for p in chosen]
        return Part(Header("Puzzles"), story, "puzzles")

    def solutions(blocks: Blocks, chosen: list, paper) -> Part:
        seen.append(("solutions", blocks.scale.body, paper.name, chosen))
        story = [blocks.para(f"Answer {p}") for p in chosen]
        return Part(Header("Solutions"), story, "solutions", columns=2)

    return PuzzleBook("Game", checked, instructions, puzzles, solutions, (30.0, 9.0), 9.5, 8.0)


def test_the_book_is_instructions_then_puzzles_then_solutions(tmp_path):
    seen: list = []
    target = tmp_path / "book.pdf"
    pages = make_book(seen).write(target, "letter", [1, 2], 7)
    texts = [page.extract_text() for page in pypdf.PdfReader(target).pages]
    assert pages == len(texts) == 3  # the instructions shrank to one page
    assert "Instructions" in texts[0] and "2 puzzles · seed 7" in texts[0]
    assert "Puzzle 1" in texts[1] and "Answer 2" in texts[2]
    assert "Game · instructions · seed 7" in texts[0] and "Game · solutions" in texts[-1]
    assert seen == [
        ("puzzles", 9.5, "letter", ["1", "2"]),
        ("solutions", 8.0, "letter", ["1", "2"]),
    ]


def test_the_instructions_take_the_largest_size_that_keeps_them_to_one_page(book):
    parts = make_book([]).parts(book.paper("a4"), [1])
    assert [part.component for part in parts] == ["instructions", "puzzles", "solutions"]
    assert parts[0].story[0].style.fontSize == 9.0  # 30 pt needs more than one page


def test_a_malformed_book_is_refused_before_anything_is_set(tmp_path):
    seen: list = []
    with pytest.raises(ValueError, match="at least one puzzle"):
        make_book(seen).write(tmp_path / "book.pdf", "a4", [], None)
    assert not seen and not (tmp_path / "book.pdf").exists()


def test_a_builder_may_lay_its_pages_out_one_by_one_as_a_list_of_parts(tmp_path):
    def pages(blocks: Blocks, chosen: list, paper) -> list[Part]:
        return [
            Part(Header("Puzzles", f"Puzzle {p}"), [blocks.para(p)], f"puzzle {p}") for p in chosen
        ]

    single = make_book([])
    book = PuzzleBook("Game", checked, instructions, pages, single.solutions, (9.0,), 9.5, 8.0)
    parts = book.parts("a4", [1, 2, 3], 7)
    components = ["instructions", "puzzle 1", "puzzle 2", "puzzle 3", "solutions"]
    assert [part.component for part in parts] == components
    target = tmp_path / "book.pdf"
    assert book.write(target, "a4", [1, 2, 3], 7) == len(pypdf.PdfReader(target).pages) == 5
