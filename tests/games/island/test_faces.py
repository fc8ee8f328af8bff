"""The island's card faces and backs (faces.py): true size in every card format, words kept
inside the safe area, one back per deck, light backs for low ink, and the kit's card set
holding each kind as many times as cards.py counts it."""

import re
from collections import Counter
from dataclasses import replace
from xml.etree import ElementTree

import pytest

from generator.games.island import faces
from generator.games.island.cards import DECKS, HUNTED, HUNTED_CARDS, HUNTER, HUNTER_CARDS, KINDS
from generator.kit import KitRequest
from generator.render.fonts import ascent_descent, text_width
from generator.render.svg import svg_size_mm

SVG = "{http://www.w3.org/2000/svg}"
SEED_TEXT = "000_2ce89763b4751047.txt"
FORMATS = ("poker", "poker-in", "bridge", "mini")


def _root(svg: str) -> ElementTree.Element:
    return ElementTree.fromstring(svg.encode("utf-8"))


def _classed(svg: str, name: str) -> list[ElementTree.Element]:
    return [e for e in _root(svg).iter() if name in (e.get("class") or "").split()]


def _words(element: ElementTree.Element) -> str:
    return " ".join(" ".join(t.text or "" for t in element.iter(f"{SVG}text")).split())


def _text_extents(svg: str) -> list[tuple[str, float, float, float, float]]:
    """Every line of text outside rotated groups as (text, left, top, right, bottom) in mm,
    measured with the font's own metrics from its group's size, weight and anchor."""
    out = []

    def walk(element, rotated):
        rotated = rotated or "rotate" in (element.get("transform") or "")
        if element.tag == f"{SVG}g" and element.get("font-size") and not rotated:
            size = float(element.get("font-size"))
            bold = element.get("font-weight") == "bold"
            anchor = element.get("text-anchor")
            ascent, descent = ascent_descent(size, bold)
            for line in element.iter(f"{SVG}text"):
                width = text_width(line.text, size, bold)
                x, y = float(line.get("x")), float(line.get("y"))
                left = {"start": x, "middle": x - width / 2, "end": x - width}[anchor]
                out.append((line.text, left, y - ascent, left + width, y - descent))
        for child in element:
            walk(child, rotated)

    walk(_root(svg), False)
    return out


@pytest.fixture(scope="module")
def poker_set():
    return faces.card_set()


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_kind_has_a_front_of_its_card_size_whose_words_stay_in_the_safe_area(book, fmt):
    card = book.card(fmt)
    for kind in HUNTER_CARDS + HUNTED_CARDS:
        svg = faces.face_svg(kind, card=card)
        assert svg_size_mm(svg) == pytest.approx((card.width, card.height))
        lines = _text_extents(svg)
        assert len(lines) >= 5  # deck label, name, type, text, foot line
        for text, left, top, right, bottom in lines:
            where = f"{kind.slug} on {fmt}: {text!r}"
            assert left >= faces.SAFE - 1e-6 and right <= card.width - faces.SAFE + 1e-6, where
            assert top >= faces.SAFE - 1e-6 and bottom <= card.height - faces.SAFE + 1e-6, where


def test_no_front_or_back_draws_a_dashed_line():
    """Dashes mean cut or fold: the emblems' motion lines and false trail are rows of dots."""
    svgs = [faces.face_svg(kind) for kind in HUNTER_CARDS + HUNTED_CARDS]
    svgs += [
        faces.back_svg(deck, ink=ink) for deck in faces.DECK_ORDER for ink in ("normal", "low")
    ]
    assert all("stroke-dasharray" not in svg for svg in svgs)


@pytest.mark.parametrize("kind", HUNTER_CARDS + HUNTED_CARDS, ids=lambda kind: kind.slug)
def test_each_front_prints_its_name_type_text_deck_and_copies_and_its_own_emblem(kind):
    svg = faces.face_svg(kind)
    assert _words(_classed(svg, "card-name")[0]) == kind.name
    assert _words(_classed(svg, "type-label")[0]) == kind.timing.upper()
    assert _words(_classed(svg, "card-text")[0]) == " ".join(kind.text.split())
    assert _words(_classed(svg, "deck-label")[0]) == kind.deck.upper()
    footer = _words(_classed(svg, "card-footer")[0])
    assert re.fullmatch(rf"{kind.deck.upper()} DECK · {kind.count} COPIES?", footer)
    emblem = _classed(svg, f"emblem-{kind.slug}")
    assert len(emblem) == 1 and len(list(emblem[0])) >= 1  # drawn, not empty
    assert len(_classed(svg, f"type-icon-{kind.timing}")) == 1
    assert len(_classed(svg, f"deck-icon-{kind.deck}")) == 2
    assert "<image" not in svg  # drawn in SVG, no bitmaps


def test_no_two_kinds_share_an_emblem():
    drawings = {}
    for kind in HUNTER_CARDS + HUNTED_CARDS:
        emblem = _classed(faces.face_svg(kind), f"emblem-{kind.slug}")[0]
        inner = "".join(ElementTree.tostring(child, encoding="unicode") for child in emblem)
        drawings[kind.slug] = inner
    assert len(set(drawings.values())) == len(drawings)


def test_words_that_cannot_fit_fail_loudly_naming_the_card(book):
    long = replace(KINDS["sprint"], text="Run far away from every Hunter on the island. " * 40)
    with pytest.raises(faces.CardTextOverflow, match="Sprint"):
        faces.face_svg(long, card=book.card("mini"))


def _background(svg: str) -> ElementTree.Element:
    return next(_root(svg).iter(f"{SVG}rect"))


def _luminance(colour: str) -> float:
    red, green, blue = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


@pytest.mark.parametrize("bleed", [0.0, 3.0])
def test_each_deck_has_its_own_dark_back_filling_the_bleed(book, bleed):
    card = book.card("poker")
    backs = {deck: faces.back_svg(deck, bleed=bleed) for deck in (HUNTER, HUNTED)}
    assert backs[HUNTER] != backs[HUNTED]
    for deck, svg in backs.items():
        assert svg_size_mm(svg) == pytest.approx((card.width + 2 * bleed, card.height + 2 * bleed))
        ground = _background(svg)
        assert float(ground.get("x")) == pytest.approx(-bleed)
        assert float(ground.get("width")) == pytest.approx(card.width + 2 * bleed)
        assert _luminance(ground.get("fill")) < 0.25
        labels = [_words(group) for group in _classed(svg, "back-label")]
        assert len(labels) == 2 and all(label.startswith(deck.upper()) for label in labels)


def test_low_ink_backs_are_white_with_the_deck_still_named():
    for deck in (HUNTER, HUNTED):
        svg = faces.back_svg(deck, ink="low")
        assert _background(svg).get("fill") == "#ffffff"
        assert _words(_classed(svg, "back-label")[0]).startswith(deck.upper())
    with pytest.raises(ValueError, match="ink"):
        faces.back_svg(HUNTER, ink="none")


def test_the_card_set_prints_each_kind_as_often_as_cards_py_counts_it(poker_set):
    for deck, printed in ((HUNTER, poker_set.hunter), (HUNTED, poker_set.hunted)):
        counted = Counter(face.name for face in printed)
        wanted = {f"{kind.name} ({deck.title()})": kind.count for kind in DECKS[deck]}
        assert counted == wanted
    assert poker_set.faces == poker_set.hunter + poker_set.hunted
    assert poker_set.card_format == "poker"


def test_every_card_of_a_deck_carries_that_decks_back_and_every_svg_is_listed_once(poker_set):
    assert {face.back for face in poker_set.hunter} == {faces.back_svg(HUNTER)}
    assert {face.back for face in poker_set.hunted} == {faces.back_svg(HUNTED)}
    slugs = [slug for slug, _, _ in poker_set.svgs]
    assert len(slugs) == len(set(slugs)) == 2 + len(KINDS)
    assert Counter(kind for _, kind, _ in poker_set.svgs) == {"card-back": 2, "card-front": 21}
    fronts = {svg for _, kind, svg in poker_set.svgs if kind == "card-front"}
    assert {face.front for face in poker_set.faces} == fronts


def test_a_kit_request_sets_the_bleed_and_the_ink(book):
    request = KitRequest(None, book, book.paper("a4"), 1, sheet="bleed", ink="low")
    bleed = request.sheet_layout().bleed
    assert bleed > 0
    cards = faces.card_set(request)
    card = book.card("poker")
    expected = (card.width + 2 * bleed, card.height + 2 * bleed)
    assert all(svg_size_mm(face.front) == pytest.approx(expected) for face in cards.faces)
    assert _background(cards.hunter[0].back).get("fill") == "#ffffff"


def test_card_words_are_our_own(poker_set, copied_runs):
    for slug, _, svg in poker_set.svgs:
        assert not copied_runs(SEED_TEXT, _words(_root(svg)), slug)
