"""The rules reference card: the whole game on one page, in two columns, with an example
route map under the shorter column."""

from generator.games.hunt.art import (
    COS18,
    MINI_LABEL_H,
    SIN54,
    _legend_sample,
    _mini_map,
    _mini_map_size,
)
from generator.games.hunt.drawing import (
    FAINT,
    FLY_INK,
    MARGIN,
    _bottom,
    _finish,
    _header,
    _line,
    _page,
    _section,
    _section_height,
    _text,
)
from generator.games.hunt.maps import NO_ARROW, RouteMap
from generator.games.hunt.rules import ESCAPE_BONUS
from generator.render.layouts import Paper

# A section is (heading, items); an item is a string, or (lead, text) with a bold lead-in.
REFERENCE = (
    (
        "In short",
        [
            "Two players, two rounds. Each round one player is the Dragon and the other the "
            "Knight; then the roles swap. The Dragon collects points, the Knight tries to keep "
            "his total low. Whoever scores more as the Dragon wins the game.",
        ],
    ),
    (
        "Before a round: the secret map",
        [
            "Five places: Town, Hills, Woods, Sea and the Lair.",
            "From each of Town, Hills, Woods and Sea the Dragon draws a Walk arrow and a Fly "
            "arrow, each to some other place. From the Lair he draws one Fly arrow only, and "
            "no Walk arrow may point into the Lair: 9 arrows in total.",
            "Loops (an arrow back to the place it leaves) are off unless both players agree "
            "to them before the round starts.",
            "The map stays hidden and unchanged until the round is over.",
        ],
    ),
    (
        "A turn, step by step",
        [
            ("1. Aide?", "On turns 3, 9 and 15 only, the Knight may call one aide not yet used."),
            (
                "2. Town?",
                "The Dragon tells whether he is in Town right now. He begins the hunt there, "
                "so turn 1 always counts.",
            ),
            (
                "3. Move.",
                "The Dragon says Walk or Fly, follows that arrow and notes his new place in "
                "secret. From the Lair he can only fly.",
            ),
            (
                "4. Search.",
                "The Knight names one place; the Dragon says whether he is there. If he is, "
                "that is an encounter.",
            ),
            ("5. Think.", "The Knight updates his log and his guesses about the map."),
        ],
    ),
    (
        "Three aides, once each",
        [
            ("Tracker:", "the Dragon tells where he stands, before this turn's move."),
            (
                "Militia:",
                "the Knight searches two different places this turn. If either finds the "
                "Dragon, he must say which one.",
            ),
            (
                "Wizard:",
                "the Knight picks two places; the Dragon shows every arrow joining them, "
                "whichever way it points, but not whether it is Walk or Fly.",
            ),
        ],
    ),
    (
        "When the hunt stops",
        [
            "Three encounters on three turns in a row vanquish the Dragon at once.",
            "Otherwise the hunt ends after turn 15, with one exception: an encounter on turn "
            "15 starts overtime. Turn 16, then 17, is played only while the turn before was "
            "an encounter. A miss ends the hunt; turn 17 is the last one possible.",
        ],
    ),
    (
        "The Dragon's points",
        [
            ("+1", "for every turn he starts in Town."),
            ("+1", "for every aide the Knight calls."),
            (f"+{ESCAPE_BONUS}", "if he is not vanquished."),
            "Note the total, swap roles, draw a fresh map and play the second round. The "
            "higher Dragon score wins.",
        ],
    ),
    (
        "Knight's hints",
        [
            "A 'yes' to Town tells you where the last move ended.",
            "The same place and the same word always lead to the same place.",
            "Print a map sheet and both logs for each round.",
        ],
    ),
)

EXAMPLE_MAP = RouteMap(walk=(1, 3, 0, 2, NO_ARROW), fly=(4, 2, 3, 0, 1))


def reference_card_svg(paper: Paper) -> str:
    """Return the rules on one page, in two columns, in Quarry's own words, with an example
    map under the shorter column (the text shrinks a little on short paper to make room)."""
    dwg = _page(paper)
    top = _header(
        dwg, paper, "The Hunt: quick reference", "A Dragon hides, a Knight hunts him. 2 players."
    )
    gutter = 8.0
    col_w = (paper.width - 2 * MARGIN - gutter) / 2
    bottom = _bottom(paper)
    r = 6.0
    radius = min(32.0, (col_w - 2 * r - 12) / (2 * COS18))
    for size in (10.5, 10.0, 9.5):
        heights = [_section_height(heading, items, col_w, size) for heading, items in REFERENCE]
        split = min(range(1, len(REFERENCE)), key=lambda k: max(sum(heights[:k]), sum(heights[k:])))
        ends = [top + sum(heights[:split]), top + sum(heights[split:])]
        room = bottom - min(ends) - 19 - 2 * r - MINI_LABEL_H
        stretch = min(0.6, room / (radius * (1 + SIN54)))
        if stretch >= 0.45:
            break
    for column, chunk in enumerate((REFERENCE[:split], REFERENCE[split:])):
        x = MARGIN + column * (col_w + gutter)
        y = top
        for heading, items in chunk:
            y = _section(dwg, heading, items, x, y, col_w, size)
        if y > bottom:
            raise ValueError(f"reference card column {column + 1} runs {y - bottom:.1f} mm over")
    column = 0 if ends[0] <= ends[1] else 1
    x = MARGIN + column * (col_w + gutter)
    if stretch >= 0.4:
        _, mh = _mini_map_size(radius, r, stretch)
        y = _section(dwg, "An example map", [], x, ends[column], col_w, size) - 4
        _legend_sample(dwg, x + 12, y + 3, 16, "walk")
        _text(dwg, "Walk", x, y, 11, 6, 9, bold=True, valign="middle")
        _text(dwg, "Fly", x + 33, y, 8, 6, 9, bold=True, valign="middle", fill=FLY_INK)
        _legend_sample(dwg, x + 42, y + 3, 16, "fly")
        space = bottom - y - 8
        _mini_map(dwg, x + col_w / 2, y + 8 + (space - mh) / 2, radius, r, EXAMPLE_MAP, stretch)
    mid = MARGIN + col_w + gutter / 2
    _line(dwg, mid, top, mid, bottom - 2, stroke=FAINT, width=0.3)
    return _finish(dwg)
