"""Fugitive's puzzle book: instructions, the puzzles laid out as the Marshal's table, the
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
from generator.games.fugitive import print as fugitive_print
from generator.games.fugitive.figures import (
    answer_figure,
    hand_figure,
    number_strip,
    row_figure,
)
from generator.games.fugitive.puzzles import book as fugitive_book
from generator.games.fugitive.puzzles import (
    format_answer,
    generate_puzzles,
    table_facts,
    table_lines,
)
from generator.games.fugitive.puzzles import solutions as book_solutions
from generator.kit import KitRequest, KitWriter
from generator.render.document import Continued, ShadedHeading

SVG = "{http://www.w3.org/2000/svg}"
SIZES = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
POINTS = {"a4": (595.276, 841.89), "letter": (612.0, 792.0)}


def _root(svg: str) -> ElementTree.Element:
    return ElementTree.fromstring(svg.encode("utf-8"))


def _classed(svg: str, name: str) -> list[ElementTree.Element]:
    return [e for e in _root(svg).iter() if name in (e.get("class") or "").split()]


def _flat(text: str) -> str:
    return " ".join(text.split())


def _footer_component(text: str) -> str:
    """Return the component a page's footer names ("Fugitive · puzzles 1-2 · seed 7 ...")."""
    return re.search(r"Fugitive · (.+?) · seed", text)[1]


@pytest.fixture(scope="module")
def puzzles() -> list[dict]:
    """Three quick puzzles (two easy, one medium) as to_json() dicts."""
    chosen = generate_puzzles(2, "easy", 4) + generate_puzzles(1, "medium", 8)
    return [puzzle.to_json() for puzzle in chosen]


@pytest.fixture(scope="module")
def books(puzzles, book, tmp_path_factory) -> dict[str, list[str]]:
    """The book of the three puzzles on each paper, as the text of each page."""
    out = tmp_path_factory.mktemp("books")
    texts = {}
    for name in SIZES:
        target = out / f"book-{name}.pdf"
        pages = fugitive_book.write_book(target, book.paper(name), puzzles, 7)
        reader = pypdf.PdfReader(target)
        assert pages == len(reader.pages)
        for page in reader.pages:
            size = (float(page.mediabox.width), float(page.mediabox.height))
            assert size == pytest.approx(POINTS[name], abs=0.01)
        texts[name] = [_flat(page.extract_text()) for page in reader.pages]
    return texts


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
    names = [_footer_component(text) for text in books[paper]]
    assert names[:3] == ["puzzle instructions", "puzzles 1-2", "puzzle 3"]
    assert names[3:] and set(names[3:]) == {"solutions"}
    assert len(names) == 1 + math.ceil(3 / 2) + names.count("solutions")
    for number, text in enumerate(books[paper], 1):
        assert f"page {number}/{len(names)}" in text


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_puzzle_shows_its_id_question_hand_and_turn_by_turn_table(books, puzzles, paper):
    pages = [books[paper][1], books[paper][1], books[paper][2]]
    for number, (puzzle, text) in enumerate(zip(puzzles, pages, strict=True), 1):
        table = puzzle["table"]
        assert f"Puzzle {number}" in text and puzzle["id"] in text
        down = [p for p, card in enumerate(table["row"]) if "sprint_count" in card]
        assert f"What are the numbers of H{down[0]}" in text
        for label in ("The row", "Your answer", "Your hand", "He drew from pile", "You guessed",
                      "Cross off the numbers"):  # fmt: skip
            assert label in text, label
        for guess in table["wrong_guesses"]:
            assert f"{guess['number']} miss" in text
        for guess in table["right_guesses"]:  # a hit shows what she named, as a miss does
            assert " ".join(map(str, guess["numbers"])) + " hit" in text
        for found in (card for card in table["row"][1:] if "number" in card):
            assert str(found["number"]) in text
        assert f"The Fugitive holds {fugitive_book.his_hand(table)}" in text


def test_the_figures_draw_every_card_an_answer_box_per_face_down_hideout_and_1_to_41(puzzles):
    for puzzle in puzzles:
        table = puzzle["table"]
        down = [p for p, card in enumerate(table["row"]) if "sprint_count" in card]
        boxes = _classed(answer_figure(table, 150), "answer-box")
        assert [box.get("id") for box in boxes] == [f"answer-H{p}" for p in down]
        assert len(_classed(row_figure(table, 150), "row-card")) == len(table["row"])
        hand = hand_figure(table["marshal_hand"], 100)
        assert len(_classed(hand, "hand-card")) == len(table["marshal_hand"])
    numbers = [t.text for t in _classed(number_strip(180), "number")]
    assert numbers == [str(n) for n in range(1, 42)]


def test_the_answer_boxes_sit_under_their_cards():
    """The answers figure and the row figure share one step, so each box is under its card."""
    table = _stress_puzzle()["table"]
    cards = _classed(row_figure(table, 150), "row-card")
    boxes = {box.get("id"): box for box in _classed(answer_figure(table, 150), "answer-box")}
    for p, card in enumerate(cards):
        if f"answer-H{p}" in boxes:
            card_x = float(next(e for e in card.iter(f"{SVG}rect")).get("x"))
            box_x = float(next(e for e in boxes[f"answer-H{p}"].iter(f"{SVG}rect")).get("x"))
            assert abs(card_x - box_x) < 0.5, p


def test_the_fugitives_hand_count_agrees_with_the_puzzle_text(puzzles):
    for puzzle in puzzles:
        lines = " ".join(table_lines(fugitive_book.as_puzzle(puzzle)))
        held = int(re.search(r"he holds (\d+) card", lines)[1])
        assert fugitive_book.his_hand(puzzle["table"]) == held


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_solutions_hold_every_answer_and_every_reasoning_step(books, puzzles, paper):
    text = " ".join(t for t in books[paper] if _footer_component(t) == "solutions")
    for number, puzzle in enumerate(puzzles, 1):
        answer = format_answer(table_facts(puzzle["table"]), puzzle["answer"])
        assert f"Answer: {answer}" in text
        assert text.count(answer) == 2  # in the list of all answers and under the puzzle
        assert f"Puzzle {number} · {puzzle['difficulty']} · {puzzle['id']}" in text
        for step in puzzle["reasoning"][:-1]:
            assert _flat(step) in text, step


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_text_is_set_below_five_and_a_half_points(puzzles, book, tmp_path, paper):
    target = tmp_path / "book.pdf"
    fugitive_book.write_book(target, book.paper(paper), [*puzzles, _stress_puzzle()], 1)
    sizes = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            sizes.append(size * abs(tm[3]) * abs(cm[3]))

    for page in pypdf.PdfReader(target).pages:
        page.extract_text(visitor_text=visit)
    assert sizes and min(sizes) >= 5.5 - 0.05


def test_the_example_on_the_instructions_page_is_a_legal_table():
    assert len(table_facts(fugitive_book.EXAMPLE).face_down) == 2


def test_a_very_long_table_still_fits_and_gets_a_page_of_its_own(book):
    parts = fugitive_book.BOOK.parts(book.paper("letter"), [_stress_puzzle()] * 3, 1)
    assert [part.component for part in parts[1:4]] == ["puzzle 1", "puzzle 2", "puzzle 3"]
    table = _stress_puzzle()["table"]
    assert len(_classed(answer_figure(table, 150), "answer-box")) == 11
    assert "Discarded face up: 9 (from his hand), 30 (from your hand)." in (
        fugitive_book._hand_note(table)
    )
    assert "The Fugitive holds 1 card: the 42." in fugitive_book._hand_note(table)
    assert book_solutions.steps(_stress_puzzle()) == [
        (0, "A first step."),
        (1, "A step inside a supposition."),
    ]


def test_hard_puzzles_share_a_page_only_with_room_to_write(book, puzzles):
    """On Letter two easy puzzles share a page with little room left; the same two marked
    hard each get a page, to keep room to write; on the taller A4 there is room for both."""
    easy = puzzles[:2]
    hard = [dict(puzzle, difficulty="hard") for puzzle in easy]
    letter, a4 = book.paper("letter"), book.paper("a4")

    def pages(paper, chosen) -> list[str]:  # the puzzle pages: between instructions and solutions
        return [part.component for part in fugitive_book.BOOK.parts(paper, chosen, 1)[1:-1]]

    assert pages(letter, easy) == ["puzzles 1-2"]
    assert pages(letter, hard) == ["puzzle 1", "puzzle 2"]
    assert pages(a4, hard) == ["puzzles 1-2"]


def test_a_malformed_puzzle_is_refused_by_number(puzzles, tmp_path):
    broken = dict(puzzles[1], answer=[1])
    with pytest.raises(ValueError, match="puzzle 2"):
        fugitive_book.write_book(tmp_path / "x.pdf", "a4", [puzzles[0], broken], 1)
    with pytest.raises(ValueError, match="at least one"):
        fugitive_book.write_book(tmp_path / "x.pdf", "a4", [], 1)
    assert not (tmp_path / "x.pdf").exists()


def test_our_words_are_not_copied_from_the_rules_text(books, copied_runs):
    """No run of eight words from the seed rules appears on the instructions page."""
    mine = books["a4"][0]
    assert len(mine.split()) > 300
    assert not copied_runs("003_0229a84e315fd9bd.txt", mine, "the puzzle instructions")


# --- no step alone (widows) -------------------------------------------------------------------


def _long_puzzles(puzzles: list[dict]) -> list[dict]:
    """The quick puzzles with long worked solutions of varied steps (a supposition every
    few), so the solutions break across many columns."""
    out = []
    for index, count in enumerate((23, 9, 31, 5, 17, 3, 27)):
        reasoning = []
        for step in range(count):
            words = " ".join(["word"] * (6 + (step * 7 + index * 5) % 40))
            depth = 1 if step % 5 in (2, 3) else 0
            reasoning.append("    " * depth + f"P{index} S{step} {words}.")
        puzzle = dict(puzzles[index % len(puzzles)], reasoning=[*reasoning, "Answer: x."])
        out.append(puzzle)
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_step_of_a_worked_solution_stands_alone_in_a_column(
    puzzles, book, tmp_path, monkeypatch, paper
):
    """Record where each heading and each step lands (page, column) as the book is set:
    a puzzle's heading is in the column of its first two steps, its last two steps share
    a column, and no column holds a single step of a puzzle."""
    placed = []
    width = book.paper(paper).width

    def recorder(kind, original):
        def draw_on(self, canvas, x, y, _sW=0):  # noqa: N803 (reportlab's name)
            column = 0 if x < 72 * width / 25.4 / 2 else 1
            text = self.flowable.text if kind == "step" else self.paragraph.text
            placed.append((kind, text, canvas.getPageNumber(), column))
            return original(self, canvas, x, y, _sW)

        return draw_on

    monkeypatch.setattr(Continued, "drawOn", recorder("step", Continued.drawOn))
    monkeypatch.setattr(ShadedHeading, "drawOn", recorder("heading", ShadedHeading.drawOn))
    long = _long_puzzles(puzzles)
    fugitive_book.write_book(tmp_path / "book.pdf", book.paper(paper), long, 1)
    columns = {(page, column) for _, _, page, column in placed}
    assert len(columns) >= 6  # the solutions really flow over several columns
    for index, puzzle in enumerate(long):
        number = index + 1
        heading = [
            (page, column)
            for kind, text, page, column in placed
            if kind == "heading" and text.startswith(f"Puzzle {number} ·")
        ]
        steps = [
            (page, column)
            for kind, text, page, column in placed
            if kind == "step" and text.startswith(f"P{index} S")
        ]
        assert len(steps) == len(puzzle["reasoning"]) - 1 and len(heading) == 1
        assert heading[0] == steps[0] == steps[1], number
        assert steps[-1] == steps[-2], number
        for where in set(steps):
            assert steps.count(where) >= 2, (number, where)


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
    assert kinds == {
        "puzzles.json": "puzzles",
        "puzzles-letter.pdf": "puzzle-book",
        "index.html": "gallery",
    }
    reader = pypdf.PdfReader(kit / "puzzles-letter.pdf")
    for page in reader.pages:
        size = (float(page.mediabox.width), float(page.mediabox.height))
        assert size == pytest.approx(POINTS["letter"], abs=0.01)
    footer = reader.pages[1].extract_text()
    assert "Fugitive" in footer and "puzzles 1-2" in footer and "seed 3" in footer
    assert "Puzzle 1" in footer and "Puzzle 2" in footer


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


def test_the_books_cards_underline_6_and_9_as_the_deck_does():
    """A face-up Hideout and a Sprint card's strip in the book's drawings carry the bar
    under 6 and 9 (which read as each other turned round), and no other number does."""
    from generator.games.fugitive.figures import face_up, row_figure

    marked = {n for n in range(43) if 'class="underline"' in face_up(0, 0, 12, 16.8, n)}
    assert marked == {6, 9}
    row = {"row": [{"number": 0, "sprint": []}, {"number": 18, "sprint": [6, 7], "turn": 1}]}
    assert row_figure(row, 60).count('class="underline"') == 1  # the 6 under the 18
