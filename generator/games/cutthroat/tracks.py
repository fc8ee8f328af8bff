"""CutThroat!'s life track sheet, for a table without markers: one strip a character, cut
out, with a paper clip (or a pencil mark) on the number of markers its life card holds, and
a box to write who holds its heart card.

The strips run from 0 (an empty life card) to the published game's markers (the start);
tracks_svg draws them (templates/cutthroat/tracks.svg.j2) to the width it is given and
tracks_part puts them on a page under a few lines on how to use them. print.py writes the
PDF.
"""

from __future__ import annotations

from generator.games.cutthroat.cards import NAMES, SUIT_BY_KEY, characters
from generator.games.cutthroat.rules import PUBLISHED
from generator.render.document import Blocks, Header, Part
from generator.render.svg import svg_size_mm
from generator.render.templates import shared_environment

COMPONENT = "life tracks"
LABEL_MM = 26.0  # the strip's head: the club, the rank and the name
HEART_MM = 34.0  # the box for the heart card's holder
ROW_MM = 13.0  # a strip's height: a standard paper clip grips it
GAP_MM = 3.0
MAX_CELL_MM = 16.0


def tracks_svg(ranks: tuple[str, ...], width: float) -> str:
    """Return one strip for each character of `ranks`, at most `width` mm wide, each with
    cells 0 to the published markers (the cells as wide as the room allows, up to
    MAX_CELL_MM)."""
    markers = PUBLISHED.markers
    cell = min(MAX_CELL_MM, (width - 0.6 - LABEL_MM - HEART_MM) / (markers + 1))
    if cell < ROW_MM * 0.6:
        raise ValueError(f"{width:g} mm is too narrow for a life track")
    fields = {
        "rows": [{"rank": rank, "name": NAMES[rank]} for rank in ranks],
        "markers": markers,
        "width": LABEL_MM + (markers + 1) * cell + HEART_MM + 0.6,
        "label_w": LABEL_MM,
        "cell_w": cell,
        "heart_w": HEART_MM,
        "row_h": ROW_MM,
        "gap": GAP_MM,
        "colour": SUIT_BY_KEY["life"].colour,
        "tint": SUIT_BY_KEY["life"].tint,
        "heart": SUIT_BY_KEY["heart"].colour,
    }
    svg = shared_environment().get_template("cutthroat/tracks.svg.j2").render(fields=fields)
    svg_size_mm(svg)  # a well-formed document with its size
    return svg


TRACKS_HEADER = Header(
    "Life tracks",
    "For a table without markers: one strip for each character, in place of the markers "
    "on its life card.",
)


def tracks_part(blocks: Blocks, width: float, players: int | None = None) -> Part:
    """Return the track sheet for `players` players (all 13 for None) in a column `width`
    mm wide: how to use it, then the strips."""
    ranks = characters(players)
    use = (
        "Cut out the strips along the solid lines and clip a paper clip over the START cell "
        "of each (or mark it in pencil).",
        "Whenever a marker comes off or goes back on a life card, slide its clip one cell "
        "down or up. At 0 the life card is empty: a mortal wound.",
        "Write who holds a character's heart card in the box at the end of its strip.",
        f"The tracks stop at {PUBLISHED.markers}, the markers of the published game. For a "
        "variant with more, play with real markers.",
    )
    story = [blocks.section("Using the tracks", use), blocks.figure(tracks_svg(ranks, width))]
    return Part(TRACKS_HEADER, story, COMPONENT)
