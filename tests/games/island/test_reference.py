"""The island's player aids and rules pages (reference.py), and the card list for
readers (docs/rules/island-cards.md): they fit their pages, quote the engine's numbers,
hold every card, and say it all in our own words."""

import re
from fractions import Fraction
from xml.etree import ElementTree

import pypdf
import pypdfium2
import pypdfium2.raw as pdfium_c
import pytest
from reportlab.platypus import Paragraph

from generator.games.island import reference, rules
from generator.games.island.cards import DECKS, HUNTED, HUNTER, KINDS
from generator.render.document import DoesNotFit, fit_parts, half_sheet
from generator.render.document.pages import FOOTER_PT
from generator.render.pdf import Footer
from generator.render.print_rules import check_pdf
from generator.render.svg import svg_size_mm
from generator.render.units import pt_to_mm
from tests.card_type import printed_sizes

SEED_TEXT = "000_2ce89763b4751047.txt"
PAPERS = ("a4", "letter")
SVG = "{http://www.w3.org/2000/svg}"


def _pdf_pages(path) -> list[str]:
    """Return the text of each page of a PDF, its whitespace made single spaces."""
    return [" ".join(page.extract_text().split()) for page in pypdf.PdfReader(path).pages]


@pytest.fixture(scope="module")
def pages(tmp_path_factory, book) -> dict[str, dict]:
    """The player aids and the rules on both papers: {"rules a4": {"pages": n,
    "texts": [...]}, ...}."""
    out = tmp_path_factory.mktemp("island-pages")
    written = {}
    for paper in PAPERS:
        for stem, write in (
            ("reference", reference.write_reference),
            ("rules", reference.write_rules),
        ):
            target = out / f"{stem}-{paper}.pdf"
            count = write(target, book.paper(paper), 7)
            written[f"{stem} {paper}"] = {
                "pages": count,
                "texts": _pdf_pages(target),
                "path": target,
            }
    return written


@pytest.mark.parametrize("paper", PAPERS)
def test_the_rules_keep_every_print_rule(pages, paper):
    # the running head of page 2 sat 5.9 mm from the top of Letter (6.35 mm kept clear);
    # the boats' ring was dashed, against the dash rule: it is a wavy line now
    broken = check_pdf(pages[f"rules {paper}"]["path"])
    assert not broken, "\n".join(str(v) for v in broken)


def _page_texts(path) -> list[list[tuple[float, str]]]:
    """Return, for each page of the PDF at `path`, its text lines as (mm from the bottom,
    the line's words), read with pdfium."""
    pages = []
    pdf = pypdfium2.PdfDocument(str(path))
    for page in pdf:
        text = page.get_textpage()
        lines = []
        for index in range(text.count_rects()):
            left, bottom, right, top = text.get_rect(index)
            words = text.get_text_bounded(left, bottom, right, top)
            lines.append((pt_to_mm((bottom + top) / 2), " ".join(words.split())))
        pages.append(lines)
    return pages


def _halves(lines: list[tuple[float, str]], paper) -> tuple[str, str]:
    """Return the text of the top half and the bottom half of a page's `lines` (the cut
    line's label, on the line between them, left out)."""
    middle = paper.height / 2
    top = " ".join(words for y, words in lines if y > middle + 2)
    bottom = " ".join(words for y, words in lines if y < middle - 2)
    return top, bottom


@pytest.mark.parametrize("paper", PAPERS)
def test_a_sheet_holds_two_player_aids_each_with_the_hunter_s_side_backed_by_the_hunted_s(
    pages, paper, book
):
    written = pages[f"reference {paper}"]
    assert written["pages"] == 2  # the fronts, then the backs
    front, back = (_halves(lines, book.paper(paper)) for lines in _page_texts(written["path"]))
    for half in front:  # the same aid above the cut and below it
        assert half.startswith("You are the Hunter"), half[:40]
        assert half.count("You are") == 1
    for half in back:
        assert half.startswith("You are Hunted"), half[:40]
        assert half.count("You are") == 1
    hunter, hunted = front[0], back[0]
    for text in (hunter, hunted):
        assert "(continued)" not in text
        for fact in ("6 steps around, 8 from a yellow elevation", "only from 2 steps",
                     "draw up to 4", "discard down to 3", "Rifle Dodge Both"):  # fmt: skip
            assert fact in text, fact
    for fact in ("Roll the d8", "You capture 56 % 79 % 31 % 56 %", "Betrayal", "Camouflage"):
        assert fact in hunter, fact  # Camouflage: what the other side may play
    for fact in ("Roll the d6", "You get away 44 % 21 % 69 % 44 %", "Your mini board",
                 "write T", "1 at your start", "Turn this aid over", "Bear Trap"):  # fmt: skip
        assert fact in hunted, fact


def _paths(path) -> list[list[tuple[tuple[float, float, float, float], bool]]]:
    """Return, for each page of the PDF at `path`, its paths (forms opened): each its box
    (mm: left, bottom, right, top) and whether it is stroked with dashes."""
    found = []
    pdf = pypdfium2.PdfDocument(str(path))
    for page in pdf:
        found.append(
            [
                (
                    tuple(pt_to_mm(v) for v in obj.get_bounds()),
                    pdfium_c.FPDFPageObj_GetDashCount(obj.raw) > 0,
                )
                for obj in page.get_objects(max_depth=3)
                if obj.type == pdfium_c.FPDF_PAGEOBJ_PATH
            ]
        )
    return found


def _dashed_lines(path) -> list[list[tuple[float, float, float, float]]]:
    """Return, for each page of the PDF at `path`, the boxes of its dashed paths."""
    return [[box for box, dashed in page if dashed] for page in _paths(path)]


@pytest.mark.parametrize("paper", PAPERS)
def test_a_dashed_cut_line_runs_across_the_sheet_where_its_halves_meet(pages, paper, book):
    size = book.paper(paper)
    for boxes in _dashed_lines(pages[f"reference {paper}"]["path"]):
        assert boxes, "no cut line"
        for _left, bottom, _right, top in boxes:
            assert top - bottom < 0.5  # a straight line across
            assert bottom == pytest.approx(size.height / 2, abs=0.3)
        assert min(box[0] for box in boxes) < 15 and max(box[2] for box in boxes) > size.width - 15


def _rules_across(path, least_mm: float) -> list[list[tuple[float, float, float]]]:
    """Return, for each page, the solid horizontal lines at least `least_mm` long: (mm up,
    left, right)."""
    return [
        sorted(
            ((top + bottom) / 2, left, right)
            for (left, bottom, right, top), dashed in page
            if not dashed and top - bottom < 1.0 and right - left >= least_mm
        )
        for page in _paths(path)
    ]


@pytest.mark.parametrize("paper", PAPERS)
def test_the_back_of_each_half_lies_behind_its_front_on_a_long_edge_duplex_sheet(
    pages, paper, book
):
    """Flipped on its long edge, the back page's x runs mirrored and its y unchanged: each
    half's header rule on the back lies at the same height as on the front, over the same
    span mirrored, and in the same half of the sheet."""
    width = book.paper(paper).width
    front, back = _rules_across(pages[f"reference {paper}"]["path"], width / 2)
    assert len(front) == len(back) == 2  # a header rule in each half
    for (y, left, right), (y_back, left_back, right_back) in zip(front, back, strict=True):
        assert y_back == pytest.approx(y, abs=0.05)
        assert (width - right, width - left) == pytest.approx((left_back, right_back), abs=0.05)
    assert front[0][0] < book.paper(paper).height / 2 < front[1][0]


@pytest.mark.parametrize("paper", PAPERS)
def test_the_aids_are_set_in_7_pt_or_more_the_footers_aside(pages, paper):
    """Every character the aid prints is 7 pt or larger, but for the footer of each half
    (FOOTER_PT, a size the print rules allow a footer)."""
    path = pages[f"reference {paper}"]["path"]
    sizes = printed_sizes(path)
    small = "".join(char for size, char, _ in sizes if size < 7.0)
    footers = "".join(
        Footer(reference.TITLE, f"{side} aid", 7).text(number, 2)
        for number, side in enumerate(reference.SIDES, 1)
        for _ in range(reference.AIDS_PER_SHEET)
    )
    assert sorted(small) == sorted(footers.replace(" ", ""))
    assert {size for size, _, _ in sizes if size < 7.0} == {FOOTER_PT}


@pytest.mark.parametrize("paper", PAPERS)
def test_the_aids_keep_every_print_rule(pages, paper):
    found = check_pdf(pages[f"reference {paper}"]["path"])
    assert not found, "\n".join(str(v) for v in found)


def _body_size(part) -> float:
    """Return the size of the first paragraph in body type of `part` (a turn's step)."""
    for section in part.story:
        for flowable in section._content:
            if isinstance(flowable, Paragraph) and flowable.style.name == "body":
                return flowable.style.fontSize
    raise AssertionError("no body text")


def test_the_aid_is_set_as_large_as_its_half_sheet_allows(book):
    footer = Footer("island", "aids", 1)
    for paper in PAPERS:
        sides = reference.aid_parts(book.paper(paper), 1)
        assert [part.columns for part in sides] == [2, 2]
        body = _body_size(sides[0])
        assert body >= 7.0
        larger = [size for size in reference.AID_SIZES if size > body]
        if larger:
            with pytest.raises(DoesNotFit):
                fit_parts(half_sheet(book.paper(paper)),
                          lambda b: [reference.aid_part(b, side) for side in reference.SIDES],
                          footer, (larger[-1],), 2, reference.AID_HEADER_SCALE)  # fmt: skip


def test_a_table_prints_an_aid_for_each_player_two_to_a_sheet():
    assert [reference.aids_to_print(players) for players in range(4, 8)] == [2, 3, 3, 4]
    for players in range(4, 8):
        assert reference.aids_to_print(players) * reference.AIDS_PER_SHEET >= players


@pytest.mark.parametrize("paper", PAPERS)
def test_the_rules_take_two_pages_and_the_card_list_a_third(pages, paper):
    rules_pages = pages[f"rules {paper}"]
    assert rules_pages["pages"] == 3
    first, second, cards = rules_pages["texts"]
    assert first.startswith("The Most Dangerous Game: the rules")
    for heading in ("Setting up", "Cycles and turns", "Seeing"):
        assert heading in first + second
    for heading in ("Fighting", "The end", "An example of a turn", "House options"):
        assert heading in second, heading
    assert cards.startswith("The Most Dangerous Game: the cards")
    for deck in (HUNTER, HUNTED):
        assert f"The {deck.title()} deck: {reference.deck_size(deck)} cards" in cards
    for kind in KINDS.values():
        assert kind.name in cards
        # the text, with the table's line breaks made spaces, stands whole on the page
        assert " ".join(kind.text.split()[:4]) in cards, kind.slug


def test_the_card_tables_hold_each_kind_with_its_type_and_copies():
    for deck in (HUNTER, HUNTED):
        rows = reference.deck_rows(deck, with_text=True)
        assert rows[0] == ["Card", "Type", "Copies", "What it does"]
        assert [(row[0], row[1].lower(), int(row[2]), row[3]) for row in rows[1:]] == [
            (kind.name, kind.timing, kind.count, kind.text) for kind in DECKS[deck]
        ]
        assert reference.deck_size(deck) == sum(kind.count for kind in DECKS[deck])


def test_fight_odds_count_every_pair_of_dice():
    """d8 against d6: the Hunter wins 27 fights in 48, ties (6 in 48) go to the Hunted."""
    assert reference.hunter_wins() == Fraction(27, 48)
    assert reference.hunter_wins(ties_to_hunter=True) == Fraction(33, 48)
    assert reference.hunter_wins(2, 0) == Fraction(38, 48)
    assert reference.hunter_wins(0, 2) == Fraction(15, 48)
    assert reference.hunter_wins(2, 2) == reference.hunter_wins()
    hunter_rows = reference.odds_rows(HUNTER)[1:]
    hunted_rows = reference.odds_rows(HUNTED)[1:]
    for mine, theirs in zip(hunter_rows, hunted_rows, strict=True):
        assert mine[0] == theirs[0]
        for ours, other in zip(mine[1:], theirs[1:], strict=True):
            assert abs(int(ours.rstrip(" %")) + int(other.rstrip(" %")) - 100) <= 1


def test_the_example_turn_agrees_with_its_drawing_and_the_rules():
    warden, after = reference.WARDEN, reference.WARDEN_AFTER
    start, end = reference.MARA_MARKS[-1], reference.MARA_STEPS[-1]
    path = [start, *reference.MARA_STEPS]
    assert all(reference.steps_between(a, b) == 1 for a, b in zip(path, path[1:], strict=False))
    assert reference.steps_between(start, warden) > rules.RANGE  # unseen before her move
    assert reference.steps_between(end, warden) > rules.RANGE  # and after it
    assert reference.steps_between(end, after) <= rules.RANGE  # seen but for Camouflage
    assert reference.steps_between(warden, after) == 2
    assert len(reference.MARA_STEPS) <= rules.HUNTED_DIE
    text = " ".join(str(item) for item in reference.example_items())
    assert f"She rolls a {len(reference.MARA_STEPS)}" in text
    assert f"She stops {reference.steps_between(end, warden)} steps" in text

    svg = reference.example_figure()
    root = ElementTree.fromstring(svg)
    width, height = svg_size_mm(svg)
    assert width < 90 and height < 60  # fits a column of either paper
    sight = [e for e in root.iter(f"{SVG}g") if e.get("class") == "sight"][0]
    squares = {
        (column, row)
        for column in range(reference.EXAMPLE_COLUMNS)
        for row in range(reference.EXAMPLE_ROWS)
        if reference.steps_between((column, row), warden) <= rules.RANGE
    }
    assert len(list(sight)) == len(squares)
    marks = [e for e in root.iter(f"{SVG}g") if e.get("class") == "mark"]
    assert ["".join(m.itertext()) for m in marks] == ["1", "2", "3", "4"]


def test_our_pages_are_not_copied_from_the_rule_text(pages, copied_runs):
    for name, written in pages.items():
        for number, text in enumerate(written["texts"], 1):
            assert not copied_runs(SEED_TEXT, text, f"{name} page {number}")


def test_the_card_list_for_readers_matches_cards_py(root):
    text = (root / "docs" / "rules" / "island-cards.md").read_text(encoding="utf-8")
    assert text == reference.cards_markdown(), (
        "docs/rules/island-cards.md is stale: .venv/bin/python -m "
        "generator.games.island.reference > docs/rules/island-cards.md"
    )
    rows = re.findall(r"^\| (.+?) \| `(.+?)` \| (\w+) \| (\d+) \| (.+) \|$", text, re.M)
    assert {slug: (name, timing.lower(), int(count), words)
            for name, slug, timing, count, words in rows} == {
        kind.slug: (kind.name, kind.timing, kind.count, kind.text) for kind in KINDS.values()
    }  # fmt: skip
    assert f"Hunter deck ({reference.deck_size(HUNTER)} cards" in text
    assert f"Hunted deck ({reference.deck_size(HUNTED)} cards" in text
