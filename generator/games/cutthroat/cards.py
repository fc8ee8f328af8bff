"""CutThroat!'s character cards as SVG at true size: for each character (a rank) its
identity, enemy, life and heart card, one back for them all, and card_set, which hands the
kit the cards of N characters to impose.

The four suits of a standard deck become four roles (SUITS): diamonds the identity cards,
spades the enemy cards, clubs the life cards, hearts the heart cards. A front
(templates/cutthroat/face.svg.j2) shows the rank big and in two corners, the role named in
a band, the suit's emblem (templates/cutthroat/suits.svg.j2: a masked diamond, a spade
with a dagger, a club, a cracked heart), the character's name and a line on what the card
is for; a life card shows its marker spaces instead, one for each marker it starts with
(the `markers` of the Rules played: the published game's, or a designed variant's). A rank
that reads as another turned round (the 6 and the 9, in Quarry's type) is underlined
wherever it is drawn.

Every card has the same back (templates/cutthroat/back.svg.j2): identities and enemies
are dealt face down from separate piles sorted by their fronts, so a back must not tell
one card from another. It is dark to the edge of the bleed; with ink "low", outlines on
white.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from generator.games.cutthroat.rules import MAX_PLAYERS, MIN_PLAYERS, PUBLISHED, RANKS, Rules
from generator.render.layouts import CardFormat, LayoutBook
from generator.render.sheets import CardFace
from generator.render.templates import render_card
from generator.render.text import TextOverflow, needs_underline

if TYPE_CHECKING:
    from generator.kit import KitRequest

TITLE = "CutThroat!"
CARD_FORMAT = "poker"
NAMES = dict(
    zip(RANKS, ("ACE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE",
                "TEN", "JACK", "QUEEN", "KING"), strict=True)
)  # fmt: skip


@dataclass(frozen=True)
class Suit:
    """One of the four roles a character's cards play: its key (the emblem's name), the
    suit of a standard deck it stands for, the band's words, the line under it ({markers}
    is the markers a life card starts with), what the
    card is for (empty for the life card, which shows its marker spaces), its ink and
    paper."""

    key: str
    deck_suit: str
    role: str
    subtitle: str
    text: str
    colour: str
    tint: str


SUITS = (
    Suit("identity", "diamonds", "IDENTITY", "WHO YOU ARE",
         "Dealt face down. Keep it hidden: it is turned up when someone names you "
         "rightly, or when you die.", "#b4532a", "#fcf5ef"),
    Suit("enemy", "spades", "ENEMY", "WHO YOU WANT DEAD",
         "Dealt face down. Keep it hidden. It may name your own character: then its "
         "bonus can help you stay alive.", "#2b3140", "#f3f4f7"),
    Suit("life", "clubs", "LIFE", "STARTS WITH {markers} MARKERS",
         "", "#2e6b40", "#f1f7f1"),
    Suit("heart", "hearts", "HEART", "THE MORTAL WOUND",
         "Lies by its life card. Empty that card and you take this; still empty at your "
         "next turn, the character dies.", "#a3192c", "#fcf1f2"),
)  # fmt: skip
SUIT_BY_KEY = {suit.key: suit for suit in SUITS}
BACK = {"dark": "#2b1b22", "line": "#c9a66b", "words": "#ead9b8", "tint": "#f7f1e6",
        "low_line": "#8a6a3a", "low_words": "#5a2a36"}  # fmt: skip


class CardTextOverflow(ValueError):
    """A card's words that do not fit their box even at the smallest size allowed."""


@cache
def poker_format() -> CardFormat:
    return LayoutBook().card(CARD_FORMAT)


def render_face(template: str, name: str, fields: dict, bleed: float, card: CardFormat, ink: str):
    """Render templates/cutthroat/<template> for `card` with `bleed`; return the SVG after
    checking its size. CardTextOverflow names the card `name` when its words do not fit."""
    try:
        return render_card(f"cutthroat/{template}", card, bleed, fields, ink)
    except TextOverflow as error:
        raise CardTextOverflow(f"{name} ({card.name} card): {error}") from None


def underlined_spaces(markers: int) -> list[int]:
    """Return the numbers of a life card's marker spaces (1 to `markers`) that read as
    another space's number turned round: they are underlined (9 beside a 6, with 9 or
    more markers)."""
    numbers = frozenset(str(n) for n in range(1, markers + 1))
    return [n for n in range(1, markers + 1) if needs_underline(str(n), numbers)]


def face_svg(
    suit: str,
    rank: str,
    *,
    bleed: float = 0.0,
    card: CardFormat | None = None,
    rules: Rules = PUBLISHED,
) -> str:
    """Return the front of character `rank`'s card of role `suit` (identity, enemy, life or
    heart) at true size on `card` (poker by default) with `bleed` mm of artwork round it,
    a life card with the markers of `rules`."""
    if suit not in SUIT_BY_KEY:
        raise ValueError(f"no suit {suit!r}; the suits are {', '.join(SUIT_BY_KEY)}")
    if rank not in NAMES:
        raise ValueError(f"no rank {rank!r}; the ranks are {' '.join(RANKS)}")
    style = SUIT_BY_KEY[suit]
    fields = {
        "suit": suit,
        "role": style.role,
        "subtitle": style.subtitle.format(markers=rules.markers),
        "rank": rank,
        "underline": needs_underline(rank, frozenset(RANKS)),
        "name": NAMES[rank],
        "text": style.text,
        "markers": rules.markers if suit == "life" else 0,
        "underlined_spaces": underlined_spaces(rules.markers),
        "colour": style.colour,
        "tint": style.tint,
    }
    return render_face("face.svg.j2", f"{NAMES[rank].title()} {suit}", fields, bleed,
                   card or poker_format(), "normal")  # fmt: skip


def back_svg(*, bleed: float = 0.0, card: CardFormat | None = None, ink: str = "normal") -> str:
    """Return the back every character card shares, at true size with `bleed`: dark to the
    bleed's edge, or with `ink` "low" outlines on white."""
    if ink not in ("normal", "low"):
        raise ValueError(f"ink must be normal or low, got {ink!r}")
    low = ink == "low"
    fields = {
        "title": TITLE,
        "dark": BACK["dark"],
        "tint": BACK["tint"],
        "line": BACK["low_line"] if low else BACK["line"],
        "words": BACK["low_words"] if low else BACK["words"],
    }
    return render_face("back.svg.j2", "the back", fields, bleed, card or poker_format(), ink)


def characters(players: int | None) -> tuple[str, ...]:
    """Return the ranks in play for `players` players (Ace to the N-th), or all 13 for None
    (ValueError outside 6-13)."""
    if players is None:
        return RANKS
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"players must be {MIN_PLAYERS} to {MAX_PLAYERS}, got {players}")
    return RANKS[:players]


@dataclass(frozen=True)
class CardSet:
    """The character cards, ready to impose.

    svgs: every distinct card once, as (slug, manifest kind, SVG): "back", then
    "<suit>-<rank>" for each card. faces: every card to print, suit by suit (all the
    identities, then the enemies, the life cards, the hearts), each with the shared back.
    ranks: the characters. card_format: the name of the card format they are drawn for.
    """

    svgs: list[tuple[str, str, str]]
    faces: list[CardFace]
    ranks: tuple[str, ...]
    card_format: str


def card_set(
    request: KitRequest | None = None, players: int | None = None, rules: Rules = PUBLISHED
) -> CardSet:
    """Return the four cards of each character for `players` players (all 13 for None;
    see characters()), drawn with the request's sheet bleed and ink on the poker format of
    its layout book (no bleed and normal ink without a request), the life cards with the
    markers of `rules`."""
    card = request.book.card(CARD_FORMAT) if request is not None else poker_format()
    bleed = request.sheet_layout().bleed if request is not None else 0.0
    ink = request.ink if request is not None else "normal"
    ranks = characters(players)
    back = back_svg(bleed=bleed, card=card, ink=ink)
    svgs = [("back", "card-back", back)]
    faces = []
    for suit in SUITS:
        for rank in ranks:
            front = face_svg(suit.key, rank, bleed=bleed, card=card, rules=rules)
            svgs.append((f"{suit.key}-{rank}", "card-front", front))
            faces.append(CardFace(front, back, f"{NAMES[rank].title()} {suit.key}"))
    return CardSet(svgs, faces, ranks, card.name)
