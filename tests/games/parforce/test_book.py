"""The "Enclose the stag" book: instructions, puzzles and worked solutions on A4 and
Letter, each solution naming the first round and the net that closes."""

import pypdf
import pytest

from generator.games.parforce.puzzles import generate_puzzle
from generator.games.parforce.puzzles.book import (
    move_words,
    piece_name,
    rejects_text,
    task,
    worked_solution,
    write_book,
)
from generator.render.print_rules import check_pdf

SEED_RULES = "004_920482f477f7a463.txt"


@pytest.fixture(scope="module")
def puzzles():
    return [generate_puzzle("easy", 1), generate_puzzle("medium", 2), generate_puzzle("hard", 3)]


@pytest.fixture(scope="module", params=["a4", "letter"])
def written(request, puzzles, tmp_path_factory):
    """The book of `puzzles` on each paper: (its path, its page count)."""
    target = tmp_path_factory.mktemp("book") / f"puzzles-{request.param}.pdf"
    return target, write_book(target, request.param, puzzles, 7)


@pytest.fixture(scope="module")
def printed(written):
    target, pages = written
    texts = [page.extract_text() or "" for page in pypdf.PdfReader(target).pages]
    assert len(texts) == pages
    return texts


def test_every_page_keeps_the_print_rules(written):
    # the move numbers on the solutions' boards print at 6 pt (were 5.47), on a plate
    target, _ = written
    broken = check_pdf(target)
    assert not broken, "\n".join(str(v) for v in broken[:10])


def test_the_book_has_instructions_puzzles_and_solutions_in_that_order(printed):
    whole = "\n".join(printed)
    assert printed[0].startswith("Enclose the stag")
    assert whole.index("Puzzle 1 ·") < whole.index("Solutions")
    assert whole.count("Puzzle 3 ·") == 2 and "parforce-hard-3" in whole  # puzzle, solution


def test_each_solution_names_its_first_round_and_the_closed_net(puzzles, printed):
    whole = " ".join(" ".join(printed).split())
    for puzzle in puzzles:
        steps = worked_solution(puzzle)
        for move in puzzle.solution:
            piece, square = move.split()
            words = f"{piece_name(piece)} passes" if square == "pass" else f"to {square}"
            assert words in steps[0] and move_words(move) in steps[0]
        assert "cannot move" in steps[-1]
        assert rejects_text(puzzle.rejects) in steps
        assert f"Rejected: the {puzzle.rejects} other first moves" in whole
        assert steps[-1].split(":")[0] in whole


def test_the_task_says_how_many_rounds(puzzles):
    assert "within this round" in task(puzzles[0])
    assert f"within {puzzles[2].rounds} rounds" in task(puzzles[2])


def test_the_book_is_in_our_own_words(printed, copied_runs):
    for index, text in enumerate(printed, 1):
        assert not copied_runs(SEED_RULES, text, f"parforce puzzle book page {index}")


def test_each_puzzle_has_a_form_to_write_every_pursuers_first_move_in(printed):
    pages = [" ".join(text.split()) for text in printed]
    puzzle_pages = [p for p in pages if p.startswith("Puzzles")]
    forms = sum(page.count("First round: to, or passes") for page in puzzle_pages)
    assert forms == 3  # one a puzzle
    for page in puzzle_pages:
        if "First round" in page:
            rows = [f"hound {n}" for n in range(1, 5)] + ["the handler"]
            rows += [f"rider {n}" for n in range(1, 5)]
            assert all(row in page for row in rows)
