"""Custom decks: examples/custom-deck.toml loads, renders true-size SVGs, and escapes user text."""

import shutil
from pathlib import Path
from xml.etree import ElementTree

import pytest

from generator.decks import load_deck, render_deck
from generator.errors import QuarryError
from generator.render.svg import svg_size_mm

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "custom-deck.toml"
SVG = "{http://www.w3.org/2000/svg}"

NAMES = [
    "Lantern",
    "Rope & Hook",
    "Field Glasses",
    "Circle Back",
    "Ambush",
    "False Trail",
    "Thunderstorm",
    "Low Tide",
]


def _texts(svg: str) -> str:
    """Return all the <text> content of an SVG document, lines joined by spaces."""
    root = ElementTree.fromstring(svg)
    return " ".join(element.text or "" for element in root.iter(f"{SVG}text"))


def _copy_example(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "examples" / "templates", tmp_path / "templates")
    deck = tmp_path / "deck.toml"
    shutil.copyfile(EXAMPLE, deck)
    return deck


@pytest.fixture(scope="module")
def example(book):
    return load_deck(EXAMPLE, book)


def test_example_deck_has_17_cards_in_8_rows(example):
    assert example.total == 17
    assert len(example.rows) == 8
    assert [row.fields["name"] for row in example.rows] == NAMES
    assert [row.count for row in example.rows] == [3, 2, 2, 3, 2, 2, 1, 2]


def test_example_deck_header(example):
    assert example.name == "Expedition Supplies"
    assert example.card.name == "poker"
    assert example.front == "templates/front.svg.j2"
    assert example.back == "templates/back.svg.j2"
    assert example.slug == "expedition-supplies"


def test_count_is_not_a_card_field(example):
    assert all("count" not in row.fields for row in example.rows)


@pytest.mark.parametrize(("bleed", "width", "height"), [(0, 63, 88), (3, 69, 94)])
def test_rendered_cards_are_true_size_with_their_bleed(example, bleed, width, height):
    rendered = render_deck(example, bleed)
    assert len(rendered) == 8
    for card in rendered:
        for svg in (card.front, card.back):
            assert svg is not None
            root = ElementTree.fromstring(svg)
            assert root.tag == f"{SVG}svg"
            assert svg_size_mm(svg) == (pytest.approx(width), pytest.approx(height))
            assert root.get("width") == f"{width}mm"
            assert root.get("height") == f"{height}mm"
            view_box = [float(v) for v in root.get("viewBox").split()]
            assert view_box == pytest.approx([-bleed, -bleed, width, height])


def test_rendered_fronts_contain_the_card_names_escaped(example):
    rendered = render_deck(example, 0)
    for card, name in zip(rendered, NAMES, strict=True):
        assert name in _texts(card.front)
    rope = rendered[1].front
    assert "Rope &amp; Hook" in rope
    assert "Rope & Hook" not in rope


def test_rendered_backs_carry_the_deck_name(example):
    rendered = render_deck(example, 0)
    assert len({card.back for card in rendered}) == 1
    assert "EXPEDITION SUPPLIES" in _texts(rendered[0].back)


def test_rendering_is_deterministic(example):
    first = render_deck(example, 3)
    second = render_deck(example, 3)
    assert [(c.front, c.back) for c in first] == [(c.front, c.back) for c in second]


def test_markup_in_a_field_is_rendered_escaped_never_raw(tmp_path, book):
    deck_path = _copy_example(tmp_path)
    text = deck_path.read_text(encoding="utf-8")
    text = text.replace('name = "Lantern"', 'name = "<b>&"', 1)
    text = text.replace(
        'text = "Search one', 'text = "<script>alert(1)</script> & <b>Search one', 1
    )
    deck_path.write_text(text, encoding="utf-8")
    rendered = render_deck(load_deck(deck_path, book), 0)
    front = rendered[0].front
    assert "<b>" not in front
    assert "<script>" not in front
    assert "&lt;b&gt;&amp;" in front
    texts = _texts(front)  # also proves the document is well-formed XML
    assert "<b>&" in texts
    assert "<script>alert(1)</script> &" in texts


def test_markup_in_the_deck_name_is_escaped_on_the_back(tmp_path, book):
    deck_path = _copy_example(tmp_path)
    text = deck_path.read_text(encoding="utf-8")
    deck_path.write_text(text.replace('"Expedition Supplies"', '"Tom & <Jerry>"', 1))
    back = render_deck(load_deck(deck_path, book), 0)[0].back
    assert "<Jerry>" not in back and "<JERRY>" not in back
    assert "TOM & <JERRY>" in _texts(back)


def test_a_field_printed_directly_by_a_template_is_autoescaped(tmp_path, book):
    (tmp_path / "face.svg.j2").write_text(
        '{% extends "base/card.svg.j2" %}{% block content %}'
        '<title>{{ fields.name }}</title><desc id="{{ fields.name }}">x</desc>'
        "{% endblock %}",
        encoding="utf-8",
    )
    deck_path = tmp_path / "deck.toml"
    deck_path.write_text(
        '[deck]\nname = "d"\nfront = "face.svg.j2"\n\n[[card]]\nname = "a\\"<b>&\'"\n',
        encoding="utf-8",
    )
    svg = render_deck(load_deck(deck_path, book), 0)[0].front
    root = ElementTree.fromstring(svg)
    assert root.find(f"{SVG}title").text == "a\"<b>&'"
    assert root.find(f"{SVG}desc").get("id") == "a\"<b>&'"


def test_a_control_character_in_a_field_never_breaks_the_xml(tmp_path, book):
    # TOML allows "\u0007" in a string; the SVG must still be well-formed (or refused clearly).
    deck_path = _copy_example(tmp_path)
    text = deck_path.read_text(encoding="utf-8")
    deck_path.write_text(text.replace('name = "Lantern"', 'name = "Lan\\u0007tern"', 1))
    try:
        rendered = render_deck(load_deck(deck_path, book), 0)
    except QuarryError:
        return
    ElementTree.fromstring(rendered[0].front)


def test_a_control_character_printed_directly_by_a_template_never_breaks_the_xml(tmp_path, book):
    (tmp_path / "face.svg.j2").write_text(
        '{% extends "base/card.svg.j2" %}{% block content %}'
        "<title>{{ fields.name }}</title>{% endblock %}",
        encoding="utf-8",
    )
    deck_path = tmp_path / "deck.toml"
    deck_path.write_text(
        '[deck]\nname = "d"\nfront = "face.svg.j2"\n\n[[card]]\nname = "bell\\u0007"\n',
        encoding="utf-8",
    )
    try:
        rendered = render_deck(load_deck(deck_path, book), 0)
    except QuarryError:
        return
    ElementTree.fromstring(rendered[0].front)


def test_a_too_long_text_names_the_card_and_the_field(tmp_path, book):
    deck_path = _copy_example(tmp_path)
    text = deck_path.read_text(encoding="utf-8")
    long = "Rain washes the island again and again. " * 40
    deck_path.write_text(text.replace('text = "Rain washes', f'text = "{long}Rain washes', 1))
    deck = load_deck(deck_path, book)
    with pytest.raises(QuarryError) as caught:
        render_deck(deck, 0)
    message = str(caught.value)
    assert "Thunderstorm" in message
    assert "'text'" in message


def test_a_too_long_multiline_text_still_names_the_field(tmp_path, book):
    # A long rule text is naturally written as a TOML multi-line string with hard line
    # breaks and indentation; the error must still say which field overflowed.
    deck_path = _copy_example(tmp_path)
    text = deck_path.read_text(encoding="utf-8")
    long = "Rain washes the island again and again,\n    " * 40
    text = text.replace('text = "Rain washes', f'text = """\n{long}Rain washes', 1)
    text = text.replace('older than one cycle."', 'older than one cycle."""', 1)
    deck_path.write_text(text, encoding="utf-8")
    deck = load_deck(deck_path, book)
    with pytest.raises(QuarryError) as caught:
        render_deck(deck, 0)
    message = str(caught.value)
    assert "Thunderstorm" in message
    assert "'text'" in message


def test_a_deck_over_the_card_limit_is_refused_before_drawing(tmp_path, book):
    deck_path = tmp_path / "big.toml"
    rows = '[[card]]\ncount = 5000\nname = "x"\n' * 3
    deck_path.write_text(f'[deck]\nname = "big"\nfront = "nope.svg.j2"\n\n{rows}')
    with pytest.raises(QuarryError, match="15000 cards"):
        load_deck(deck_path, book)


@pytest.mark.parametrize("count", ["0", "-1", "2.5", "true", '"3"', "5001"])
def test_a_bad_count_is_refused_naming_the_row(tmp_path, book, count):
    deck_path = tmp_path / "deck.toml"
    deck_path.write_text(
        f'[deck]\nname = "d"\nfront = "f.svg.j2"\n\n[[card]]\nname = "a"\ncount = {count}\n'
    )
    with pytest.raises(QuarryError, match=r"card row 1: count"):
        load_deck(deck_path, book)


def test_an_unknown_deck_key_is_refused(tmp_path, book):
    deck_path = tmp_path / "deck.toml"
    deck_path.write_text('[deck]\nname = "d"\nfront = "f.svg.j2"\nfornt = "x"\n\n[[card]]\n')
    with pytest.raises(QuarryError, match="'fornt'"):
        load_deck(deck_path, book)
