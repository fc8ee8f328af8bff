"""svg.to_drawing reads a figure as svglib's own svg2rlg does: the same drawing, with
_QuickAttributes (attributes found up the ancestors in a loop, lists split once a text)."""

import io

import pytest
from reportlab import rl_config
from reportlab.graphics import renderPDF
from svglib.svglib import svg2rlg

from generator.games.island.board import default_island
from generator.games.island.figures import island_svg
from generator.games.parforce.board import default_board
from generator.games.parforce.figures import board_svg
from generator.render.fonts import ensure_fonts
from generator.render.svg import to_drawing

HAND_MADE = (
    # inherited presentation attributes, "inherit", style="" over attributes, nested groups
    '<svg xmlns="http://www.w3.org/2000/svg" width="40mm" height="30mm" viewBox="0 0 40 30">'
    '<g fill="#aa0000" stroke="#000000" stroke-width="0.5" font-family="Vera">'
    '<g style="fill: #00aa00; stroke-dasharray: 1, 2"><rect x="1" y="1" width="10" height="8"/>'
    '<circle cx="20" cy="8" r="4" fill="inherit"/></g>'
    '<text x="2" y="20" font-size="4" style="font-weight: bold">Ab 12</text>'
    '<text x="2" y="27" font-size="3" font-family="\'Vera Sans\', Vera, serif">x</text>'
    '<path d="M 30 2 L 38 10 L 30 18 Z" stroke-dasharray="0.5 0.5" fill="none"/></g></svg>',
    # a <style> sheet: CSS rules applied before each element's own style
    '<svg xmlns="http://www.w3.org/2000/svg" width="30mm" height="20mm" viewBox="0 0 30 20">'
    "<style>.mark { fill: #0000aa; stroke: #aa00aa } rect { stroke-width: 2 }</style>"
    '<rect class="mark" x="1" y="1" width="8" height="8"/>'
    '<rect class="mark" x="12" y="1" width="8" height="8" style="fill: #ffaa00"/>'
    '<g class="mark"><line x1="1" y1="15" x2="28" y2="15"/></g></svg>',
)


def pdf_of(drawing) -> bytes:
    return renderPDF.drawToString(drawing)


@pytest.fixture
def invariant(monkeypatch):
    monkeypatch.setattr(rl_config, "invariant", 1)
    ensure_fonts()


@pytest.mark.parametrize("index", range(len(HAND_MADE)))
def test_a_hand_made_figure_reads_as_svglib_reads_it(invariant, index):
    text = HAND_MADE[index]
    assert pdf_of(to_drawing.__wrapped__(text)) == pdf_of(svg2rlg(io.BytesIO(text.encode())))


def test_the_boards_read_as_svglib_reads_them(invariant):
    texts = [
        board_svg(default_board(), 20.0, pieces={"S": "e9", "H1": 3}, marks={5: "1"}),
        island_svg(default_island(), 8.0, legend=True, marks={3: "2"}, square_names=True),
    ]
    for text in texts:
        assert pdf_of(to_drawing.__wrapped__(text)) == pdf_of(svg2rlg(io.BytesIO(text.encode())))
