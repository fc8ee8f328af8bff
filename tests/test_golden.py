"""Golden files: the example deck's SVG faces, normalised, must not change by accident.

To accept a deliberate change: QUARRY_UPDATE_GOLDEN=1 pytest tests/test_golden.py
"""

import os
from pathlib import Path
from xml.etree import ElementTree

import pytest

from generator.decks import load_deck, render_deck

GOLDEN = Path(__file__).parent / "golden"
ElementTree.register_namespace("", "http://www.w3.org/2000/svg")


def normalise(svg: str) -> str:
    """Parse and re-serialise, indented: attribute order and white space no longer matter."""
    root = ElementTree.fromstring(svg)
    for element in root.iter():
        element.attrib = dict(sorted(element.attrib.items()))
        element.text = element.text.strip() if element.text and element.text.strip() else None
        element.tail = None
    ElementTree.indent(root)
    return ElementTree.tostring(root, encoding="unicode") + "\n"


@pytest.mark.parametrize(("row", "side"), [(0, "front"), (5, "front"), (0, "back")])
def test_example_deck_faces_match_their_golden_files(root, book, row, side):
    cards = render_deck(load_deck(root / "examples" / "custom-deck.toml", book), bleed=0)
    card = cards[row]
    actual = normalise(card.front if side == "front" else card.back)
    golden = GOLDEN / f"example-{card.row.slug}-{side}.svg"
    if os.environ.get("QUARRY_UPDATE_GOLDEN"):
        golden.write_text(actual, encoding="utf-8")
    assert golden.exists(), f"missing golden file {golden.name}; run with QUARRY_UPDATE_GOLDEN=1"
    assert actual == golden.read_text(encoding="utf-8")
