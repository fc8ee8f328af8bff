"""Fugitive's printable components: card faces and backs, the notepad, the rules reference,
the card sheets and the kit."""

import json
import re
from xml.etree import ElementTree

import pypdf
import pypdfium2
import pytest

from generator.games.fugitive import print as fugitive_print
from generator.games.fugitive.cards import EVENTS, HIDEOUTS, PILES, DeckConfig, published
from generator.games.fugitive.figures import reference_row
from generator.games.fugitive.notepad import notepad_part, write_notepad
from generator.games.fugitive.reference import reference_part, write_reference
from generator.kit import KitRequest, KitWriter
from generator.render.document import (
    Blocks,
    DoesNotFit,
    TypeScale,
    fit_parts,
    write_document,
)
from generator.render.imposition import DUPLEX, impose
from generator.render.pdf import Footer
from generator.render.sheets import write_card_sheets
from generator.render.svg import svg_size_mm
from generator.render.units import pt_to_mm
from tests.card_type import words_under

SVG = "{http://www.w3.org/2000/svg}"
SIZES = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


def _root(svg: str) -> ElementTree.Element:
    return ElementTree.fromstring(svg.encode("utf-8"))


def _texts(svg: str) -> list[str]:
    return [t.text or "" for t in _root(svg).iter(f"{SVG}text")]


def _all_text(svg: str) -> str:
    return " ".join(" ".join(_texts(svg)).split())


def _classed(svg: str, name: str) -> list[ElementTree.Element]:
    return [e for e in _root(svg).iter() if name in (e.get("class") or "").split()]


def _every_card() -> dict[str, str]:
    cards = {f"hideout {n}": fugitive_print.hideout_svg(n) for n in HIDEOUTS}
    cards |= {f"event {e.key}": fugitive_print.event_svg(e) for e in EVENTS}
    cards |= {f"role {key}": fugitive_print.role_svg(key) for key in ("fugitive", "marshal")}
    cards["placeholder"] = fugitive_print.placeholder_svg()
    cards["deck back"] = fugitive_print.deck_back_svg()
    cards["role back"] = fugitive_print.role_back_svg()
    return cards


@pytest.fixture(scope="module")
def cards() -> dict[str, str]:
    return _every_card()


# --- card faces -----------------------------------------------------------------------------


def test_every_card_template_renders_a_poker_card_svg_that_parses(cards):
    assert len(cards) == 43 + 10 + 2 + 1 + 2
    for name, svg in cards.items():
        assert _root(svg).tag == f"{SVG}svg", name
        assert svg_size_mm(svg) == pytest.approx((63.0, 88.0)), name


def test_cards_grow_by_their_bleed_on_every_side():
    assert svg_size_mm(fugitive_print.hideout_svg(7, bleed=3)) == pytest.approx((69.0, 94.0))
    assert svg_size_mm(fugitive_print.deck_back_svg(bleed=3)) == pytest.approx((69.0, 94.0))


@pytest.mark.parametrize("number", list(HIDEOUTS))
def test_each_hideout_shows_its_sprint_as_footprints_never_as_a_digit(number):
    sprint = published().sprint[number]
    svg = fugitive_print.hideout_svg(number)
    assert len(_classed(svg, "footprint")) == sprint
    assert len(_classed(svg, "footprint-mini")) == 2 * sprint  # one set in each corner
    # The only words: the number (big and in two corners) and the pile band.
    assert sorted(_texts(svg)) == sorted([str(number)] * 3 + [fugitive_print.pile_label(number)])
    assert "+" not in _all_text(svg)


def test_published_deck_gives_even_hideouts_two_footprints_and_odd_ones_one():
    for number in HIDEOUTS:
        svg = fugitive_print.hideout_svg(number)
        assert len(_classed(svg, "footprint")) == (2 if number % 2 == 0 else 1)


def test_a_designed_deck_draws_its_own_sprint_values():
    config = DeckConfig(tuple(n % 6 for n in HIDEOUTS))
    for number in (0, 1, 3, 5, 11):
        svg = fugitive_print.hideout_svg(number, config)
        assert len(_classed(svg, "footprint")) == number % 6


def _underlined_numbers(svg: str) -> list[str]:
    """Return the text of each <g> that holds an underline bar (the number it marks)."""
    return [
        group.find(f"{SVG}text").text
        for group in _root(svg).iter(f"{SVG}g")
        if any(e.get("class") == "underline" for e in group)
    ]


def test_the_hideouts_that_read_as_another_turned_round_are_underlined_everywhere():
    """Of 0-42 in Vera, only 6 and 9 read as another Hideout turned round (Vera's 1 has a
    foot and a flag; 16, 18 and 19 would read as 91, 81 and 61, which are no Hideouts)."""
    for number in HIDEOUTS:
        marks = _underlined_numbers(fugitive_print.hideout_svg(number))
        expected = [str(number)] * 3 if number in (6, 9) else []  # big and both corners
        assert marks == expected, number


def test_no_card_face_draws_a_dashed_line(cards):
    """Dashes mean cut or fold; a card's frames and rings are solid."""
    for name, svg in cards.items():
        assert "stroke-dasharray" not in svg, name


def test_a_neutral_event_shows_its_mark_in_a_solid_ring_not_an_empty_one():
    (neutral, *_) = [e for e in EVENTS if e.icon == "none"]
    svg = fugitive_print.event_svg(neutral)
    assert len(_classed(svg, "either-way")) == 1
    assert "EITHER SIDE: HELPS WHOEVER DRAWS IT" in _all_text(svg)
    assert len(_classed(fugitive_print.placeholder_svg(), "either-way")) == 1


def test_hideouts_name_their_pile_for_sorting_face_up():
    assert fugitive_print.pile_label(0) == "START · FIRST HIDEOUT"
    assert fugitive_print.pile_label(2).startswith("START")
    assert fugitive_print.pile_label(42) == "START · ESCAPE"
    for low, high in PILES:
        for number in (low, high):
            assert fugitive_print.pile_label(number) == f"PILE {low}–{high}"
    colours = {fugitive_print.pile_colour(n) for n in HIDEOUTS}
    assert len(colours) == 4  # the start cards and each of the three piles


@pytest.mark.parametrize("event", EVENTS, ids=[e.key for e in EVENTS])
def test_every_event_shows_its_name_text_and_icon(event):
    svg = fugitive_print.event_svg(event)
    text = _all_text(svg)
    assert event.name in text
    assert " ".join(event.text.split()) in text
    assert len(_classed(svg, f"icon-{event.icon}")) == 1
    others = {"fugitive", "marshal", "none"} - {event.icon}
    assert not any(_classed(svg, f"icon-{other}") for other in others)


def test_event_icons_are_footprints_for_the_fugitive_and_binoculars_for_the_marshal():
    by_icon = {e.icon: fugitive_print.event_svg(e) for e in EVENTS}
    assert _classed(by_icon["fugitive"], "footprint-icon")
    assert _classed(by_icon["marshal"], "binoculars")
    assert not _classed(by_icon["none"], "footprint-icon")
    assert not _classed(by_icon["none"], "binoculars")


def test_placeholder_explains_the_catch_up_draw(cards):
    text = _all_text(cards["placeholder"])
    for words in ("PLACEHOLDER", "Catch-up", "face-down Hideouts", "1", "2", "3+",
                  "the Fugitive's Events", "the neutral Events", "the Marshal's Events",
                  "draw another card"):  # fmt: skip
        assert words in text, words


@pytest.mark.parametrize("key", ["fugitive", "marshal"])
def test_role_cards_summarise_first_and_later_turns(cards, key):
    text = _all_text(cards[f"role {key}"])
    assert key.upper() in text
    assert "Your first turn" in text and "Every later turn" in text
    first = "Place 1 or 2 new Hideouts" if key == "fugitive" else "Draw 2 cards"
    assert first in text
    assert "Draw 1 card from any pile" in text
    options = ("Sprinting", "pass", "Escape") if key == "fugitive" else ("Guessing", "Manhunt")
    for option in options:
        assert option in text


def test_no_word_on_any_card_face_is_smaller_than_six_points(cards):
    """Every face, the variants' Events and Placeholders too (drawn at true size, so a
    font-size in mm is the printed size)."""
    for name, svg in cards.items():
        sizes = [float(e.get("font-size")) for e in _root(svg).iter() if e.get("font-size")]
        assert min(sizes) >= pt_to_mm(6.0) - 1e-3, name


def test_every_card_that_goes_into_a_pile_has_the_same_back():
    """Face-down Hideouts, Sprint cards, Events and Placeholders must look alike."""
    cards = fugitive_print.card_set()
    backs = {face.back for face in cards.deck if "role" not in face.name}
    backs |= {face.back for face in cards.variants}
    assert backs == {fugitive_print.deck_back_svg()}
    roles = [face for face in cards.deck if "role" in face.name]
    assert len(roles) == 2 and {face.back for face in roles} == {fugitive_print.role_back_svg()}


def test_the_deck_back_says_nothing_about_a_pile(cards):
    assert _all_text(cards["deck back"]) == "FUGITIVE FUGITIVE"
    assert not re.search(r"\d", _all_text(cards["deck back"]))


def test_card_set_holds_every_card_once_and_the_sheets_in_order():
    cards = fugitive_print.card_set()
    assert len(cards.deck) == 45 and len(cards.variants) == 16
    assert [face.name for face in cards.deck[:43]] == [f"Hideout {n}" for n in HIDEOUTS]
    slugs = [slug for slug, _, _ in cards.svgs]
    assert len(slugs) == len(set(slugs)) == 43 + 10 + 1 + 2 + 2


# --- pages ----------------------------------------------------------------------------------


def _pdf_pages(path) -> list[str]:
    """Return the text of each page of a PDF, its whitespace made single spaces."""
    return [" ".join(page.extract_text().split()) for page in pypdf.PdfReader(path).pages]


@pytest.fixture(scope="module")
def pages(tmp_path_factory, book) -> dict[str, dict]:
    """The notepad and the rules reference on both papers: {"notepad a4": {"pages": n,
    "texts": [...], "path": ...}, ...}."""
    out = tmp_path_factory.mktemp("pages")
    written = {}
    for name in SIZES:
        for stem, write in (("notepad", write_notepad), ("rules", write_reference)):
            target = out / f"{stem}-{name}.pdf"
            count = write(target, book.paper(name), 5)
            written[f"{stem} {name}"] = {
                "pages": count, "texts": _pdf_pages(target), "path": target
            }  # fmt: skip
    return written


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_notepad_is_one_page_with_every_number_from_1_to_41(pages, paper):
    notepad = pages[f"notepad {paper}"]
    assert notepad["pages"] == len(notepad["texts"]) == 1
    text = notepad["texts"][0]
    words = text.split()
    for number in range(1, 42):
        assert str(number) in words, number
    for column in ("Sprint cards", "Could be", "Notes", "You named", "He drew", "The trail",
                   "Your guesses", "in your hand: never a Hideout", "Game ______"):  # fmt: skip
        assert column in text, column
    assert "Marshal's notepad · seed 5" in text and "page 1/1" in text


def test_the_notepad_tables_fill_the_page_below_the_numbers(book, tmp_path):
    """Its tables get as many lines as the page holds: more on the taller A4, never fewer
    than a long game needs, and the page stays one page."""
    lines = {}
    for name in SIZES:
        part = notepad_part(Blocks(), book.paper(name))
        footer = Footer("Fugitive", "notepad", 1)
        assert (
            write_document(tmp_path / "n.pdf", book.paper(name), [part], footer, TypeScale()) == 1
        )
        lines[name] = part.story[-1].rows
    assert 18 <= lines["letter"] < lines["a4"] <= 26


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_rules_reference_fits_one_page_with_the_key_facts(pages, paper):
    rules = pages[f"rules {paper}"]
    assert rules["pages"] == len(rules["texts"]) == 1
    text = rules["texts"][0]
    for fact in ("43 Hideout cards", "0 to 42", "4–14, 15–28 and 29–41", "1, 2, 3 and 42",
                 "3 cards from the 4–14 pile and 2 from the 15–28 pile", "by 3 at most",
                 "1 to 41", "29 or lower", "Manhunt", "Catch-up", "Sprint cards stick out",
                 "The row, as the Marshal sees it"):  # fmt: skip
        assert fact in text, fact
    assert "(continued)" not in text


def test_the_reference_row_is_a_figure_of_five_cards_with_their_sprint_cards():
    svg = reference_row()
    assert _classed(svg, "row-figure")
    width, height = svg_size_mm(svg)
    assert 70 < width < 90 and 20 < height < 30  # it fits a column of the reference
    assert [t.strip() for t in _texts(svg) if t.strip()] == ["0", "6"]
    assert len(_classed(svg, "feet")) == 1  # the found 6's face-up Sprint card


def test_the_reference_is_set_as_large_as_one_page_allows(book):
    """At 9 pt it fits Letter and A4; a size no page holds is refused, not squeezed."""
    paper = book.paper("letter")
    footer = Footer("Fugitive", "rules reference", 1)
    parts = fit_parts(paper, lambda blocks: [reference_part(blocks)], footer, (9.0,), 1)
    assert parts[0].columns == 2
    with pytest.raises(DoesNotFit):
        fit_parts(paper, lambda blocks: [reference_part(blocks)], footer, (14.0,), 1)


def test_our_words_are_not_copied_from_the_rules_text(pages, cards, copied_runs):
    """No run of eight words from the seed rules appears on the reference, the notepad or
    any card."""
    ours = {name: " ".join(page["texts"]) for name, page in pages.items()}
    ours |= {name: _all_text(svg) for name, svg in cards.items()}
    for name, text in ours.items():
        assert not copied_runs("003_0229a84e315fd9bd.txt", text, name)


# --- sheets and the kit ---------------------------------------------------------------------


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_sheets_hold_nine_cards_a_page_with_the_backs_following(book, tmp_path, paper):
    imposition = impose(book.paper(paper), book.card("poker"), book.sheet("default"), DUPLEX)
    assert imposition.per_page == 9
    cards = fugitive_print.card_set()
    target = tmp_path / "cards.pdf"
    pages = write_card_sheets(target, cards.deck, imposition, Footer("Fugitive", "cards", 1))
    assert pages == 10  # 45 cards: 5 sheets, each a page of fronts and a page of backs
    document = pypdfium2.PdfDocument(str(target))
    for index, page in enumerate(document):
        footer = page.get_textpage().get_text_range()
        assert ("backs" in footer) == (index % 2 == 1)
        image = page.render(scale=2 * 25.4 / 72).to_pil().convert("RGB")  # 2 px a mm
        x, y, w, h = imposition.back_cell(0) if index % 2 else imposition.cell(0)
        # 6 mm in from the right, 8 mm down from the top of the first card (its back sits
        # where a long-edge flip brings it): cream on a front, the dark back on a back.
        px, py = x + w - 6, imposition.page.height - (y + h - 8)
        r, g, b = image.getpixel((int(2 * px), int(2 * py)))
        if index % 2:
            assert max(r, g, b) < 90, (index, (r, g, b))
        else:
            assert min(r, g, b) > 220, (index, (r, g, b))
    document.close()


def _both_papers(writer, book, seed):
    letter, a4 = book.paper("letter"), book.paper("a4")
    return KitRequest(writer, book, letter, seed, papers=(letter, a4))


@pytest.fixture(scope="module")
def kit(tmp_path_factory, book):
    out = tmp_path_factory.mktemp("kit")
    with KitWriter(out, "fugitive", {"kind": "game", "game": "fugitive"}) as writer:
        fugitive_print.build_kit(_both_papers(writer, book, 5))
    return writer.final_path


def test_build_kit_writes_sheets_pages_and_svgs_for_both_papers(kit):
    manifest = json.loads((kit / "manifest.json").read_text())
    paths = {entry["path"]: entry for entry in manifest["files"]}
    for name in ("a4", "letter"):
        assert paths[f"cards-{name}.pdf"]["pages"] == 10
        assert paths[f"events-{name}.pdf"]["pages"] == 4
        assert paths[f"notepad-{name}.pdf"]["pages"] == 1
        assert paths[f"rules-{name}.pdf"]["pages"] == 1
        assert paths[f"puzzles-{name}.pdf"]["kind"] == "puzzle-book"  # the sample book
        assert paths[f"notepad-{name}.pdf"]["kind"] == "notepad"
        assert paths[f"rules-{name}.pdf"]["kind"] == "reference-card"
    cards = [p for p, e in paths.items() if e["kind"] in ("card-front", "card-back")]
    assert len(cards) == 58
    # The pages flow: only true components (cards and backs) are kept as SVGs.
    assert sorted(p for p in paths if p.startswith("svg/")) == sorted(cards)
    assert all(paths[p]["width_mm"] == 63 and paths[p]["height_mm"] == 88 for p in cards)
    assert "svg/hideout-42.svg" in paths and "svg/back-deck.svg" in paths
    sample = json.loads((kit / "puzzles.json").read_text())
    assert [p["difficulty"] for p in sample] == ["easy", "easy", "medium", "hard"]
    on_disk = {str(p.relative_to(kit)) for p in kit.rglob("*") if p.is_file()}
    assert on_disk == set(paths) | {"manifest.json"}


def test_every_kit_pdf_page_renders_at_its_paper_size(kit):
    guide = ("00-guide", "print-all")  # the kit's own pages, tested with the kit writer
    pdfs = sorted(path for path in kit.glob("*.pdf") if not path.name.startswith(guide))
    assert len(pdfs) == 12  # cards, events, notepad, puzzles, rulebook, rules: both papers
    for path in pdfs:
        size = SIZES["letter" if "letter" in path.name else "a4"]
        document = pypdfium2.PdfDocument(str(path))
        for page in document:
            width, height = page.get_size()
            assert (pt_to_mm(width), pt_to_mm(height)) == pytest.approx(size, abs=0.05)
            image = page.render(scale=0.4).to_pil().convert("L")
            assert image.getextrema()[0] < 100  # something dark was drawn
        document.close()


def test_every_word_on_the_card_sheets_is_at_least_6_pt_as_printed(kit):
    sheets = sorted(kit.glob("cards-*.pdf")) + sorted(kit.glob("events-*.pdf"))
    assert len(sheets) == 4
    for path in sheets:
        assert words_under(path, 6.0) == [], path.name


def test_build_kit_is_reproducible(kit, tmp_path, book):
    with KitWriter(tmp_path, "fugitive", {"kind": "game", "game": "fugitive"}) as writer:
        fugitive_print.build_kit(_both_papers(writer, book, 5))
    for path in sorted(kit.rglob("*")):
        if path.is_file():
            assert (writer.final_path / path.relative_to(kit)).read_bytes() == path.read_bytes()
