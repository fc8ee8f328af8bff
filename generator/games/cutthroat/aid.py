"""CutThroat!'s player aid: a poker-size card, one for each player, with the turn on its
front and wounds, death and the end on its back (templates/cutthroat/aid.svg.j2).

The numbers on it (the markers a life card starts with, markers taken and put back, the
sudden-death count) come from the Rules played (`sides(rules)`: the published game's, or a
designed variant's), so the card cannot drift from the engine. Each side is set in the largest
type, 7.25 pt down to 6 pt, at which its sections fill the card (aid_layout). Its frame
stands FRAME_INSET mm inside the trim, so the reach of its back on a duplex sheet is the
card's own tint.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.games.cutthroat.cards import SUIT_BY_KEY, CardTextOverflow, poker_format, render_face
from generator.games.cutthroat.rules import PUBLISHED, Rules
from generator.render.back_reach import BACK_REACH
from generator.render.layouts import CardFormat
from generator.render.text import fit_sections

TOP, BOTTOM = 17.5, 4.0  # mm: where the sections start, the margin they end above
LARGEST, SMALLEST = 7.25, 6.0  # pt
FRAME_STROKE = 0.7  # mm
# mm from the trim to the frame's centre line. A duplex back page continues each back past
# its trim as its own mirror image, BACK_REACH mm wide (render/back_reach.py); the frame and
# the band keep out of that band of the card so the mirror shows only the tint, never a
# sliver of red frame next to the cut.
FRAME_INSET = BACK_REACH + FRAME_STROKE / 2 + 0.25


@dataclass(frozen=True)
class AidSide:
    """One side of the aid card: its band's title and line, the emblem in the band, and
    its (heading, text) sections."""

    key: str
    title: str
    subtitle: str
    suit: str
    sections: tuple[tuple[str, str], ...]


def sides(rules: Rules = PUBLISHED) -> tuple[AidSide, ...]:
    """Return the aid's two sides with the numbers of `rules`."""
    extend, double = rules.plays()["extend"], rules.plays()["double"]
    return (
    AidSide(
        "turn",
        "YOUR TURN",
        "What comes first, then Play or Guess.",
        "identity",
        (
            ("1. Hearts you hold", "Judge each one (see the back). Giving one back ends "
             "your turn once the extended plays it earned are made."),
            ("2. Your enemy's life card empty?", "You may make an extended play now; "
             "then you cannot guess this turn."),
            ("3. Play", "Take 2 markers off any life cards, put 1 of them back on any life "
             "card; the other is out of the game."),
            ("3. or Guess", "Name another player and a character not yet shown. Wrong: your "
             f"turn ends. Right: they show their identity; you may make an extended play, "
             f"at least 2 of its {extend[0]} markers from that character while it has them."),
            ("Extended plays", f"Take {extend[0]}, put {extend[1]} back. Double: take "
             f"{double[0]}, put {double[1]} back."),
            ("Free pass", "Two or fewer living characters hidden (after guesses or "
             "deaths): they are shown; no more guesses."),
        ),
    ),
    AidSide(
        "wounds",
        "WOUNDS & DEATH",
        "Hearts, dying and how it ends.",
        "heart",
        (
            ("Mortal wound", f"Life cards start with {rules.markers} markers. Your play "
             "leaves one empty: take that character's heart card."),
            ("At your next turn", "Markers back on that life card: return the heart; your "
             "turn is over. Still empty: the character dies and you may make an extended "
             "play, a double one if it was your enemy."),
            ("Death", "The dead character's player is out and shows identity and enemy. "
             "Its life card and heart leave the table; hearts that player held go back."),
            ("Sudden death", f"With {rules.sudden_at} characters left, every heart "
             "leaves play. From then on a life card emptied is a death at once."),
            ("The end", "The last character alive wins. A play that kills all who are "
             "left: their players share the win."),
        ),
    ),
)  # fmt: skip


SIDES = sides()


def aid_layout(side: AidSide, width: float, height: float) -> dict:
    """Return the largest text size (LARGEST down to SMALLEST pt) at which `side`'s
    sections fill `height` mm in `width` mm, with each section's text height at that size;
    CardTextOverflow if they do not fit even at SMALLEST."""
    layout = fit_sections(side.sections, width, height, LARGEST, SMALLEST, gap=1.1)
    if layout is None:
        raise CardTextOverflow(f"the aid's {side.title!r} side does not fit at {SMALLEST} pt")
    return layout


def aid_svg(
    key: str, *, bleed: float = 0.0, card: CardFormat | None = None, rules: Rules = PUBLISHED
) -> str:
    """Return side `key` of the player aid ("turn": the front, "wounds": the back) at true
    size on `card` (poker by default) with `bleed` mm round it, with the numbers of
    `rules`."""
    side = {side.key: side for side in sides(rules)}[key]
    card = card or poker_format()
    style = SUIT_BY_KEY[side.suit]
    fields = {
        "title": side.title,
        "subtitle": side.subtitle,
        "suit": side.suit,
        "colour": style.colour,
        "tint": style.tint,
        "top": TOP,
        "inset": FRAME_INSET,
        **aid_layout(side, card.width - 10, card.height - TOP - BOTTOM),
    }
    return render_face("aid.svg.j2", f"aid {key}", fields, bleed, card, "normal")
