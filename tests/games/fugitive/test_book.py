"""Fugitive's puzzle book: instructions, the puzzles drawn as the Marshal's table, the
solutions at the back; `quarry puzzle fugitive`."""

import json
import math
import re
import subprocess
import sys
from xml.etree import ElementTree

import pypdf
import pytest

from generator import cli
from generator.games.fugitive import book as fugitive_book
from generator.games.fugitive import print as fugitive_print
from generator.games.fugitive.puzzles import (
    format_answer,
    generate_puzzles,
    table_facts,
    table_lines,
)
from generator.kit import KitRequest, KitWriter
from generator.render.svg import svg_size_mm
from generator.render.units import pt_to_mm

SVG = "{http://www.w3.org/2000/svg}"
SIZES = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
POINTS = {"a4": (595.276, 841.89), "letter": (612.0, 792.0)}


def _root(svg: str) -> ElementTree.Element:
    return ElementTree.fromstring(svg.encode("utf-8"))


def _text(element: ElementTree.Element) -> str:
    return " ".join(" ".join(t.text or "" for t in element.iter(f"{SVG}text")).split())


def _by_id(svg: str, name: str) -> ElementTree.Element:
    found = [e for e in _root(svg).iter() if e.get("id") == name]
    assert len(found) == 1, name
    return found[0]


def _classed(element: ElementTree.Element, name: str) -> list[ElementTree.Element]:
    return [e for e in element.iter() if name in (e.get("class") or "").split()]


@pytest.fixture(scope="module")
def puzzles() -> list[dict]:
    """Three quick puzzles (two easy, one medium) as to_json() dicts."""
    chosen = generate_puzzles(2, "easy", 4) + generate_puzzles(1, "medium", 8)
    return [puzzle.to_json() for puzzle in chosen]


@pytest.fixture(scope="module")
def books(puzzles, book) -> dict[str, list[tuple[str, str]]]:
    return {name: fugitive_book.puzzle_book(book.paper(name), puzzles, 7) for name in SIZES}


def _stress_puzzle() -> dict:
    """A legal table far beyond what the generator makes: 14 turns, 12 Hideouts, a hand of
    15 cards, discards from both hands."""
    turns = [1, 1, *range(2, 12)]
    row = [{"number": 0, "sprint": []}]
    row += [{"sprint_count": k % 2, "turn": t} for k, t in enumerate(turns)]
    row[5] = {"number": 20, "sprint": [5, 6], "turn": turns[4]}
    table = {
        "deck": "published",
        "turn": 14,
        "row": row,
        "marshal_hand": [4, 8, 10, 11, 16, 17, 18, 19, 21, 22, 31, 32, 33, 34, 35],
        "discarded": [{"card": 9, "by": "fugitive"}, {"card": 30, "by": "marshal"}],
        "draws": [1, 2, 3, 1, 2, 3, 1, 2, 2, 2, 3, 3, 1],
        "wrong_guesses": [{"number": 40 - t, "turn": t} for t in range(1, 15) if t != 6],
        "right_guesses": [{"turn": 6, "numbers": [20]}],
    }
    down = len(table_facts(table).face_down)
    return {
        "id": "fugitive-hard-1",
        "difficulty": "hard",
        "table": table,
        "answer": list(range(1, down + 1)),
        "reasoning": ["A first step.", "    A step inside a supposition.", "Answer: none."],
    }


# --- the pages ------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_book_is_instructions_then_two_puzzles_a_page_then_solutions(books, paper):
    names = [name for name, _ in books[paper]]
    assert names[:3] == ["puzzle instructions", "puzzles 1-2", "puzzle 3"]
    assert names[3:] and set(names[3:]) == {"solutions"}
    assert len(names) == 1 + math.ceil(3 / 2) + names.count("solutions")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_page_is_the_papers_size(books, paper):
    for name, svg in books[paper]:
        assert svg_size_mm(svg) == pytest.approx(SIZES[paper]), name


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_puzzle_shows_its_id_question_table_and_an_answer_box_per_face_down_hideout(
    books, puzzles, paper
):
    pages = dict(books[paper])
    svgs = [pages["puzzles 1-2"], pages["puzzles 1-2"], pages["puzzle 3"]]
    for number, (puzzle, svg) in enumerate(zip(puzzles, svgs, strict=True), 1):
        group = _by_id(svg, f"puzzle-{number}")
        text = _text(group)
        table = puzzle["table"]
        assert f"Puzzle {number}" in text and puzzle["id"] in text
        down = [p for p, card in enumerate(table["row"]) if "sprint_count" in card]
        assert f"What are the numbers of H{down[0]}" in text
        boxes = _classed(group, "answer-box")
        assert [box.get("id") for box in boxes] == [f"answer-H{p}" for p in down]
        assert len(_classed(group, "row-card")) == len(table["row"])
        assert len(_classed(group, "hand-card")) == len(table["marshal_hand"])
        numbers = [_text(box) for box in _classed(group, "number")]
        assert numbers == [str(n) for n in range(1, 42)]
        for guess in table["wrong_guesses"]:
            assert f"{guess['number']} miss" in text
        for guess in table["right_guesses"]:  # a hit shows its numbers as a miss does
            assert " ".join(map(str, guess["numbers"])) + " hit" in text
        for found in (card for card in table["row"][1:] if "number" in card):
            assert str(found["number"]) in text


def test_the_fugitives_hand_count_agrees_with_the_puzzle_text(puzzles):
    for puzzle in puzzles:
        lines = " ".join(table_lines(fugitive_book.as_puzzle(puzzle)))
        held = int(re.search(r"he holds (\d+) card", lines)[1])
        assert fugitive_book.his_hand(puzzle["table"]) == held


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_solutions_hold_every_answer_and_every_reasoning_step(books, puzzles, paper):
    text = " ".join(_text(_root(svg)) for name, svg in books[paper] if name == "solutions")
    for number, puzzle in enumerate(puzzles, 1):
        answer = format_answer(table_facts(puzzle["table"]), puzzle["answer"])
        assert f"Answer: {answer}" in text
        assert text.count(answer) == 2  # in the list of all answers and under the puzzle
        assert f"Puzzle {number} · {puzzle['difficulty']} · {puzzle['id']}" in text
        for step in puzzle["reasoning"][:-1]:
            assert " ".join(step.split()) in text, step


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_text_is_set_below_five_and_a_half_points(books, paper):
    for name, svg in books[paper]:
        for group in _root(svg).iter(f"{SVG}g"):
            if group.get("font-size"):
                assert float(group.get("font-size")) >= pt_to_mm(5.5) - 1e-3, name


def test_the_example_on_the_instructions_page_is_a_legal_table():
    assert len(table_facts(fugitive_book.EXAMPLE).face_down) == 2


def test_a_very_long_table_still_fits_and_gets_a_page_of_its_own(book):
    pages = fugitive_book.puzzle_book(book.paper("letter"), [_stress_puzzle()] * 3, 1)
    names = [name for name, _ in pages]
    assert names[1:4] == ["puzzle 1", "puzzle 2", "puzzle 3"]
    group = _by_id(dict(pages)["puzzle 1"], "puzzle-1")
    assert len(_classed(group, "answer-box")) == 11
    assert "Discarded face up: 9 (from his hand), 30 (from your hand)" in _text(group)
    assert "The Fugitive holds 1 card: the 42." in _text(group)
    solutions = _text(_root(pages[-1][1]))
    assert "A step inside a supposition." in solutions and "Answer: none." not in solutions


def test_a_malformed_puzzle_is_refused_by_number(puzzles):
    broken = dict(puzzles[1], answer=[1])
    with pytest.raises(ValueError, match="puzzle 2"):
        fugitive_book.puzzle_book("a4", [puzzles[0], broken])
    with pytest.raises(ValueError, match="at least one"):
        fugitive_book.puzzle_book("a4", [])


def test_our_words_are_not_copied_from_the_rules_text(books, copied_runs):
    """No run of eight words from the seed rules appears on the instructions page."""
    mine = _text(_root(books["a4"][0][1]))
    assert len(mine.split()) > 300
    assert not copied_runs("003_0229a84e315fd9bd.txt", mine)


# --- the PDF --------------------------------------------------------------------------------


def _write(folder, book, paper, puzzles):
    with KitWriter(folder, "fugitive-puzzles", {"kind": "puzzles"}) as writer:
        fugitive_print.build_puzzle_kit(KitRequest(writer, book, book.paper(paper), 3), puzzles)
    return writer.final_path


@pytest.fixture(scope="module")
def kit(tmp_path_factory, book, puzzles):
    return _write(tmp_path_factory.mktemp("a"), book, "letter", puzzles[:2])


def test_the_puzzle_kit_holds_the_book_and_puzzles_json(kit, puzzles):
    assert json.loads((kit / "puzzles.json").read_text()) == puzzles[:2]
    manifest = json.loads((kit / "manifest.json").read_text())
    kinds = {entry["path"]: entry["kind"] for entry in manifest["files"]}
    assert kinds == {"puzzles.json": "puzzles", "puzzles-letter.pdf": "puzzle-book"}
    reader = pypdf.PdfReader(kit / "puzzles-letter.pdf")
    for page in reader.pages:
        size = (float(page.mediabox.width), float(page.mediabox.height))
        assert size == pytest.approx(POINTS["letter"], abs=0.01)
    footer = reader.pages[1].extract_text()
    assert "Fugitive" in footer and "puzzles 1-2" in footer and "seed 3" in footer


def test_the_same_seed_gives_a_byte_identical_book(kit, tmp_path, book, puzzles):
    again = _write(tmp_path, book, "letter", puzzles[:2])
    for name in ("puzzles-letter.pdf", "puzzles.json"):
        assert (again / name).read_bytes() == (kit / name).read_bytes()


def test_the_only_fonts_are_the_embedded_vera_ones(kit):
    reader = pypdf.PdfReader(kit / "puzzles-letter.pdf")
    fonts = set()
    for page in reader.pages:
        resources = page["/Resources"]
        for form in resources.get("/XObject", {}).values():
            for font in form.get_object().get("/Resources", {}).get("/Font", {}).values():
                font = font.get_object()
                fonts.add(str(font["/BaseFont"]))
                assert "/FontFile2" in font["/FontDescriptor"] or "/DescendantFonts" in font
        fonts.update(str(f.get_object()["/BaseFont"]) for f in resources.get("/Font", {}).values())
    assert fonts and all("Vera" in name for name in fonts), fonts


# --- quarry puzzle fugitive -----------------------------------------------------------------


def _quarry(root, *args):
    return subprocess.run(
        [sys.executable, "-m", "generator", "puzzle", "fugitive", *map(str, args)],
        cwd=root,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=300,
    )


def test_the_puzzle_verb_writes_a_book_and_json_whose_answers_match(root, tmp_path):
    done = _quarry(root, "--count", 2, "--difficulty", "easy", "--seed", 4, "--out", tmp_path)
    assert done.returncode == 0, done.stderr
    kit = tmp_path / "fugitive-puzzles"
    written = json.loads((kit / "puzzles.json").read_text())
    expected = [puzzle.to_json() for puzzle in generate_puzzles(2, "easy", 4)]
    assert [p["id"] for p in written] == ["fugitive-easy-4000", "fugitive-easy-4001"]
    assert [p["answer"] for p in written] == [p["answer"] for p in expected]
    assert written == expected
    text = " ".join(page.extract_text() for page in pypdf.PdfReader(kit / "puzzles-a4.pdf").pages)
    for puzzle in written:
        assert format_answer(table_facts(puzzle["table"]), puzzle["answer"]) in text


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--count", 0], "--count"),
        (["--count", 201], "--count"),
        (["--difficulty", "extreme"], "extreme"),
        (["--loops"], "--loops"),
    ],
    ids=["count 0", "count 201", "difficulty extreme", "loops"],
)
def test_bad_options_give_one_line_exit_2_and_write_nothing(
    monkeypatch, capsys, tmp_path, args, expected
):
    """Run in this process (the verb above runs as a user would): quicker, the same path."""
    out = tmp_path / "out"
    argv = ["quarry", "puzzle", "fugitive", *map(str, args), "--out", str(out)]
    monkeypatch.setattr(sys, "argv", argv)
    with pytest.raises(SystemExit) as exit_:
        cli.main()
    assert exit_.value.code == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("quarry: error: "), lines
    assert expected in lines[0]
    assert not out.exists() or list(out.iterdir()) == []
