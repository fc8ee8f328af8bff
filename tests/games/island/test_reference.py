"""The island's reference cards and rules pages (reference.py), and the card list for
readers (docs/rules/island-cards.md): they fit their pages, quote the engine's numbers,
hold every card, and say it all in our own words."""

import re
from fractions import Fraction
from xml.etree import ElementTree

import pypdf
import pytest

from generator.games.island import reference, rules
from generator.games.island.cards import DECKS, HUNTED, HUNTER, KINDS
from generator.render.document import DoesNotFit, fit_parts
from generator.render.pdf import Footer
from generator.render.print_rules import check_pdf
from generator.render.svg import svg_size_mm

SEED_TEXT = "000_2ce89763b4751047.txt"
PAPERS = ("a4", "letter")
SVG = "{http://www.w3.org/2000/svg}"


def _pdf_pages(path) -> list[str]:
    """Return the text of each page of a PDF, its whitespace made single spaces."""
    return [" ".join(page.extract_text().split()) for page in pypdf.PdfReader(path).pages]


@pytest.fixture(scope="module")
def pages(tmp_path_factory, book) -> dict[str, dict]:
    """The reference cards and the rules on both papers: {"rules a4": {"pages": n,
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
def test_the_rules_keep_clear_of_the_paper_s_edge_and_print_no_small_type(pages, paper):
    # the running head of page 2 sat 5.9 mm from the top of Letter (6.35 mm kept clear);
    # dashes are the dash rule's, left to its own change
    found = check_pdf(pages[f"rules {paper}"]["path"])
    broken = [v for v in found if v.rule in ("edge", "type")]
    assert not broken, "\n".join(str(v) for v in broken)


@pytest.mark.parametrize("paper", PAPERS)
def test_each_side_has_a_reference_card_of_one_page_with_its_turn_sight_and_odds(pages, paper):
    hunter, hunted = pages[f"reference {paper}"]["texts"]
    assert pages[f"reference {paper}"]["pages"] == 2
    assert hunter.startswith("The Hunter's reference card")
    assert hunted.startswith("The Hunted's reference card")
    for text in (hunter, hunted):
        assert "(continued)" not in text
        for fact in ("sees 6 steps", "8 from a yellow elevation", "only from 2 steps",
                     "draw up to 4", "discard down to 3", "Rifle and Dodge"):  # fmt: skip
            assert fact in text, fact
    for fact in ("Roll the d8", "You capture", "56 %", "79 %", "Betrayal", "Forced March"):
        assert fact in hunter, fact
    for fact in ("Roll the d6", "You get away", "44 %", "69 %", "Your mini board",
                 "T on the square", "1 where you start", "Sprint"):  # fmt: skip
        assert fact in hunted, fact
    assert "Camouflage" in hunter and "Rifle" in hunted  # what the other side may play


def test_a_reference_card_is_set_as_large_as_one_page_allows(book):
    paper = book.paper("a4")
    footer = Footer("island", "reference", 1)
    for side in (HUNTER, HUNTED):
        parts = fit_parts(paper, lambda b, s=side: [reference.reference_part(b, s)], footer,
                          reference.REFERENCE_SIZES, 1)  # fmt: skip
        assert parts[0].columns == 2
        with pytest.raises(DoesNotFit):
            fit_parts(paper, lambda b, s=side: [reference.reference_part(b, s)], footer,
                      (16.0,), 1)  # fmt: skip
    assert len(reference.reference_parts(paper, 1)) == 2


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
