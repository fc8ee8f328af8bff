"""The 'Where is the quarry?' puzzle book: every given printed, the solutions at the back,
solutions sharing their pages, our own words, and the kit files."""

import json

import pypdfium2
import pytest

from generator.games.island.puzzles import book, generate_puzzle
from generator.kit import KitRequest, KitWriter
from generator.render.layouts import LayoutBook
from generator.render.print_rules import check_pdf

SEED_RULES = "000_2ce89763b4751047.txt"


@pytest.fixture(scope="module")
def puzzles():
    return [generate_puzzle(d, 0) for d in ("easy", "medium", "hard")] + [
        generate_puzzle("hard", 1)
    ]


def page_texts(path) -> list[str]:
    document = pypdfium2.PdfDocument(str(path))
    return [page.get_textpage().get_text_range() for page in document]


@pytest.fixture(scope="module", params=["a4", "letter"])
def written(request, puzzles, tmp_path_factory):
    """The book of `puzzles` on each paper: (its path, its page count)."""
    target = tmp_path_factory.mktemp("island-book") / f"book-{request.param}.pdf"
    return target, book.write_book(target, request.param, puzzles, 7)


@pytest.fixture(scope="module")
def printed(written):
    target, pages = written
    texts = page_texts(target)
    assert pages == len(texts)
    return texts


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_every_given_is_printed(printed, puzzles):
    text = _flat(" ".join(printed))
    for number, puzzle in enumerate(puzzles, 1):
        assert f"Puzzle {number}" in text and puzzle.id in text
        for cycle, square in puzzle.trail.items():
            assert f"mark {cycle - 2}: {square}" in text
        for square in puzzle.hunter:
            assert square in text
    # the map of each puzzle names its squares round the edge, and the rules it needs
    for fact in ("6 steps", "8 from a yellow", "2 steps or nearer", "mark 1 in cycle 3"):
        assert fact in text, fact


def test_the_instructions_are_one_page_and_the_solutions_come_last(printed, puzzles):
    assert "Where is the quarry?" in printed[0] and "Puzzle 1" not in printed[0]
    first_solution = next(i for i, t in enumerate(printed) if t.startswith("Solutions"))
    for puzzle in puzzles:
        assert not any(f"Answer: {puzzle.answer}" in t for t in printed[:first_solution])


def test_the_solutions_share_their_pages_each_heading_kept_with_its_answer(printed, puzzles):
    """Four solutions, two of them hard, fill two pages of two columns (one a page for a
    hard one took three); each heading stands on the page of its answer, and each
    solution's last step comes no more than a page after it, its steps in order."""
    first = next(i for i, t in enumerate(printed) if t.startswith("Solutions"))
    solutions = [_flat(t) for t in printed[first:]]
    assert len(solutions) == 2
    text = " ".join(solutions)
    for number, puzzle in enumerate(puzzles, 1):
        heading = f"Puzzle {number} · {puzzle.id}"
        (page,) = [i for i, t in enumerate(solutions) if heading in t]
        assert f"Answer: {puzzle.answer}" in solutions[page].split(heading)[1]
        steps = [_flat(step["text"]) for step in book.worked_solution(puzzle)[:-1]]
        last = next(i for i, t in enumerate(solutions) if steps[-1] in t)
        assert page <= last <= page + 1
        places = [text.index(step, text.index(heading)) for step in steps]
        assert places == sorted(places)


def test_every_page_keeps_the_print_rules(written):
    # the maps are set at their true size: coordinates, boat letters and the T mark print at
    # 6 pt or more (they were scaled to 5.4-5.98 pt, the T to 3.4 pt on the solutions)
    # (the boats' ring, dashed, broke the dash rule on every map: it is a wavy line now)
    target, _ = written
    broken = check_pdf(target)
    assert not broken, "\n".join(str(v) for v in broken[:10])


def test_the_book_is_in_our_own_words(printed, copied_runs):
    for index, text in enumerate(printed, 1):
        assert not copied_runs(SEED_RULES, text, f"island puzzle book page {index}")


def test_the_kit_holds_the_json_and_the_book(puzzles, tmp_path):
    layouts = LayoutBook()
    with KitWriter(tmp_path, "island-puzzles", {"kind": "puzzles"}) as writer:
        book.write_puzzle_book(KitRequest(writer, layouts, layouts.paper("a4"), 3), puzzles)
    folder = writer.final_path
    data = json.loads((folder / "puzzles.json").read_text())
    assert data == [p.to_json() for p in puzzles]
    assert (folder / "puzzles-a4.pdf").read_bytes().startswith(b"%PDF")
    again = book.checked(data)
    assert [p.answer for p in again] == [p.answer for p in puzzles]


def test_a_malformed_puzzle_is_named():
    with pytest.raises(ValueError, match="puzzle 1"):
        book.checked([{"id": "island-easy-1"}])
