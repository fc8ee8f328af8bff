"""CutThroat!'s life track sheet, for a table without markers: one strip a character, cut
out, with two paper clips (or pencil marks) that say how many markers its life card holds,
and a box to write who holds its heart card.

A life card can hold far more markers than it starts with (table.most_markers: 34 at 6
players in the published game, 74 at 13), so a strip has two rows: the tens (0, 10, 20, ...
up to that most) and the ones (0 to 9); the count is the two clips added, and the START
cells are the variant's markers. tracks_svg draws strips (templates/cutthroat/tracks.svg.j2)
to the width it is given; tracks_parts puts them on pages, TRACKS_PER_FIGURE to a figure,
under a few lines on how to use them, with the numbers of the rules played. print.py writes
the PDF.
"""

from __future__ import annotations

from generator.games.cutthroat.cards import NAMES, SUIT_BY_KEY, characters
from generator.games.cutthroat.rules import PUBLISHED, RANKS, Rules
from generator.games.cutthroat.table import most_markers
from generator.render.document import Blocks, Header, Part
from generator.render.fonts import text_width
from generator.render.svg import svg_size_mm
from generator.render.templates import shared_environment
from generator.render.text import needs_underline
from generator.render.units import pt_to_mm

COMPONENT = "life tracks"
LABEL_MM = 26.0  # the strip's head: the club, the rank, the name and the start
HEART_MM = 30.0  # the box for the heart card's holder
ROW_MM = 10.0  # one row's height (a strip has two): a paper clip grips it from its edge
GAP_MM = 3.0
MAX_CELL_MM = 14.0
MIN_CELL_MM = 5.0
TRACKS_PER_FIGURE = 7  # strips in one figure: a figure never breaks across pages
LABEL_PT = 6.5  # the strip's words (STARTS AT, START, TENS, HEART HELD BY)
MIN_PT = 6.0  # the least any of them shrinks to: readable at print size


def tens_cells(reach: int) -> int:
    """Return the cells of the tens row for a track reaching `reach` markers (0 to the
    tens of `reach`)."""
    return reach // 10 + 1


def underlined_cells(tens: int) -> list[int]:
    """Return the numbers of a strip's cells that read as another cell's number when the
    strip lies turned round across the table (the ones' 6 and 9): they are underlined, as
    on the cards."""
    numbers = {str(n) for n in range(10)} | {str(n * 10) for n in range(tens)}
    return [int(n) for n in sorted(numbers, key=int) if needs_underline(n, numbers)]


def track_reach(tens: int) -> int:
    """Return the most markers a track with `tens` cells in its tens row can show."""
    return (tens - 1) * 10 + 9


def tracks_svg(
    ranks: tuple[str, ...], width: float, rules: Rules = PUBLISHED, reach: int | None = None
) -> str:
    """Return one strip for each character of `ranks`, at most `width` mm wide, reaching
    `reach` markers (the most a life card can hold at a table of len(ranks) when None),
    starting at rules.markers; the cells as wide as the room allows, up to MAX_CELL_MM.
    ValueError if `width` leaves them narrower than MIN_CELL_MM."""
    if reach is None:
        reach = most_markers(len(ranks), rules)
    tens = tens_cells(reach)
    cells = max(10, tens)
    cell = min(MAX_CELL_MM, (width - 0.6 - LABEL_MM - HEART_MM) / cells)
    if cell < MIN_CELL_MM:
        raise ValueError(f"{width:g} mm is too narrow for a life track of {cells} cells")
    fields = {
        "rows": [
            {"rank": rank, "name": NAMES[rank], "underline": needs_underline(rank, RANKS)}
            for rank in ranks
        ],
        "underlined": underlined_cells(tens),
        "start": rules.markers,
        "tens": tens,
        "width": LABEL_MM + cells * cell + HEART_MM + 0.6,
        "label_w": LABEL_MM,
        "cell_w": cell,
        "heart_w": HEART_MM,
        "row_h": ROW_MM,
        "gap": GAP_MM,
        "colour": SUIT_BY_KEY["life"].colour,
        "tint": SUIT_BY_KEY["life"].tint,
        "heart": SUIT_BY_KEY["heart"].colour,
        "label_pt": LABEL_PT,
        "min_pt": MIN_PT,
        "start_word": "START" if text_width("START", pt_to_mm(MIN_PT), True) <= cell - 0.8 else "",
    }
    svg = shared_environment().get_template("cutthroat/tracks.svg.j2").render(fields=fields)
    svg_size_mm(svg)  # a well-formed document with its size
    return svg


def track_figures(
    players: int | None, width: float, rules: Rules = PUBLISHED
) -> list[tuple[tuple[str, ...], str]]:
    """Return the track sheet's figures for `players` players (all 13 for None): each
    (its ranks, its SVG), TRACKS_PER_FIGURE strips at most, every strip reaching the most
    markers a life card can hold at that table under `rules`."""
    ranks = characters(players)
    reach = most_markers(len(ranks), rules)
    chunks = [ranks[i : i + TRACKS_PER_FIGURE] for i in range(0, len(ranks), TRACKS_PER_FIGURE)]
    return [(chunk, tracks_svg(chunk, width, rules, reach)) for chunk in chunks]


TRACKS_HEADER = Header(
    "Life tracks",
    "For a table without markers: one strip for each character, in place of the markers "
    "on its life card.",
)


def tracks_part(
    blocks: Blocks, svgs: list[str], rules: Rules = PUBLISHED, players: int | None = None
) -> Part:
    """Return the track sheet (the figures `svgs` from track_figures) for `players`
    players under `rules`: how to use it, then the strips."""
    count = len(characters(players))
    reach = most_markers(count, rules)
    start = rules.markers
    use = (
        "Cut out the strips along the solid lines. Each strip counts a life card's markers "
        "with two paper clips: one on the tens row, one on the ones row; the count is the "
        "two numbers added.",
        f"Every life card starts with {start} markers: clip the two cells marked START "
        f"({start // 10 * 10} and {start % 10}).",
        "Whenever a marker comes off or goes back on a life card, move its ones clip one "
        "cell; past 9 or below 0, move the tens clip too. Both clips on 0: the card is "
        "empty, a mortal wound.",
        "Write who holds a character's heart card in the box at the end of its strip.",
        f"Markers move between cards, so a card can hold more than it starts with: at a "
        f"table of {count} with these numbers (extended plays of {rules.extend}, double "
        f"ones of {rules.double}), at most {reach}. The tracks reach that far.",
    )
    story = [blocks.section("Using the tracks", use)]
    story += [blocks.figure(svg) for svg in svgs]
    return Part(TRACKS_HEADER, story, COMPONENT)
