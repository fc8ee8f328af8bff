"""The island's cards as SVG at true size: the front of every Hunter and Hunted card kind,
one back per deck, and card_set, which hands the kit both decks to impose.

A front (templates/island/face.svg.j2) has the deck's colour band with its label and icon,
the card's name, a type line (ACTION, INSTANT or TRAP, each with its own sign), a drawn
emblem of the kind (templates/island/emblems.svg.j2), the text fitted to its box, and a
foot line with the deck and the number of copies. Every box is worked out here
(face_layout) from the card format, so that any card size of layouts/cards.toml works and
no word comes closer than SAFE mm to the trim. Text that cannot fit even at its smallest
size raises CardTextOverflow, naming the card.

The backs (templates/island/back.svg.j2) say HUNTER or HUNTED: the two decks are drawn
from separately, so their backs must differ, and nothing else on a back tells one card of
a deck from another. They are dark to the edge of the bleed (for the duplex pipeline's
back reach); with ink "low" they are outlines on white.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from generator.games.island.cards import DECKS, HUNTED, HUNTER, CardKind
from generator.render.fonts import text_width
from generator.render.layouts import CardFormat, LayoutBook
from generator.render.sheets import CardFace
from generator.render.templates import render_card
from generator.render.text import TextOverflow, line_height
from generator.render.units import pt_to_mm

if TYPE_CHECKING:
    from generator.kit import KitRequest

TITLE = "The Most Dangerous Game"
CARD_FORMAT = "poker"
SAFE = 4.0  # mm: no word of a card comes closer than this to its trim
FRAME = 2.5  # mm: the frame line's inset
LEAST_PT = 6.0  # the smallest size any word on a card may shrink to, as printed

DECK_ORDER = (HUNTER, HUNTED)
DECK_LABELS = {HUNTER: "HUNTER", HUNTED: "HUNTED"}
TYPE_LABELS = {"action": "ACTION", "instant": "INSTANT", "trap": "TRAP"}


@dataclass(frozen=True)
class DeckStyle:
    """A deck's colours: its band and emblems, the face's paper, and its back (fill, ring,
    lines, words; the light back's tint)."""

    colour: str
    tint: str
    dark: str
    ring: str
    line: str
    words: str
    light_tint: str


STYLES = {
    HUNTER: DeckStyle("#8c2f1f", "#faf3ee", "#3a1511", "#4a1d17", "#d9c08c", "#f1e4c6", "#f6ebe6"),
    HUNTED: DeckStyle("#2f6b4f", "#f0f6f1", "#14342a", "#1d4335", "#c9d6a3", "#e6efd2", "#e8f1ea"),
}
TYPE_COLOURS = {"action": None, "instant": "#a8740f", "trap": "#3f3f3f"}  # None: the deck's


class CardTextOverflow(ValueError):
    """A card's words that do not fit their box even at the smallest size allowed."""


@cache
def _poker() -> CardFormat:
    return LayoutBook().card(CARD_FORMAT)


def face_layout(card: CardFormat) -> dict[str, float]:
    """Return where each part of a front goes on `card` (mm from the trim's top-left
    corner; sizes in points), scaled from the poker layout by the card's smaller ratio to
    63 x 88 mm. Every text box starts at least SAFE mm inside the trim."""
    w, h = card.width, card.height
    k = min(w / 63.0, h / 88.0)
    band_bottom = FRAME + 15.0 * k
    icon_r = 3.4 * k
    label_y = SAFE
    label_h = max(3.4 * k, line_height(LEAST_PT) + 0.05)  # a line at LEAST_PT at the least
    type_y = band_bottom + 1.6 * k
    type_h = 5.0 * k
    emblem_r = 11.0 * k
    emblem_y = type_y + type_h + 1.8 * k + emblem_r
    rule_y = emblem_y + emblem_r + 2.2 * k
    footer_h = max(3.2 * k, line_height(LEAST_PT) + 0.05)
    footer_y = h - SAFE - footer_h
    text_y = rule_y + 1.4 * k
    type_pt = 6.5 * k
    type_w = text_width("INSTANT", pt_to_mm(type_pt), bold=True) + type_h * 1.45 + 2.0 * k
    return {
        "frame": FRAME,
        "band_bottom": band_bottom,
        "icon_left": FRAME + 1.2 * k + icon_r,
        "icon_y": (FRAME + band_bottom) / 2,
        "icon_scale": icon_r / 10.0,
        "name_x": FRAME + 2.4 * k + 2 * icon_r,
        "label_y": label_y,
        "label_h": label_h,
        "label_pt": max(LEAST_PT, 6.5 * k),
        "name_y": label_y + label_h,
        "name_h": band_bottom - 0.6 * k - label_y - label_h,
        "name_pt": 12.5 * k,
        "type_y": type_y,
        "type_h": type_h,
        "type_w": type_w,
        "type_pt": type_pt,
        "emblem_y": emblem_y,
        "emblem_r": emblem_r,
        "rule_y": rule_y,
        "text_x": SAFE + 0.8 * k,
        "text_y": text_y,
        "text_h": footer_y - 0.8 * k - text_y,
        "text_pt": 10.0 * k,
        "text_min_pt": LEAST_PT,
        "least_pt": LEAST_PT,
        "footer_y": footer_y,
        "footer_h": footer_h,
        "footer_pt": max(LEAST_PT, 6.2 * k),
    }


def _render(template: str, name: str, fields: dict, bleed: float, card: CardFormat, ink: str):
    """Render templates/island/<template> for `card` with `bleed`; return the SVG after
    checking its size. CardTextOverflow names the card `name` when its words do not fit."""
    try:
        return render_card(f"island/{template}", card, bleed, fields, ink)
    except TextOverflow as error:
        raise CardTextOverflow(f"{name} ({card.name} card): {error}") from None


def copies_line(kind: CardKind) -> str:
    """Return the foot line of `kind`'s front: its deck and how many copies it holds."""
    copies = "1 COPY" if kind.count == 1 else f"{kind.count} COPIES"
    return f"{DECK_LABELS[kind.deck]} DECK · {copies}"


def face_svg(kind: CardKind, *, bleed: float = 0.0, card: CardFormat | None = None) -> str:
    """Return the front of card `kind` (a cards.CardKind) at true size on `card` (poker by
    default) with `bleed` mm of artwork round it. Raises CardTextOverflow if its words do
    not fit."""
    card = card or _poker()
    style = STYLES[kind.deck]
    fields = {
        "slug": kind.slug,
        "name": kind.name,
        "deck": kind.deck,
        "deck_label": DECK_LABELS[kind.deck],
        "timing": kind.timing,
        "type_label": TYPE_LABELS[kind.timing],
        "text": kind.text,
        "footer": copies_line(kind),
        "colour": style.colour,
        "tint": style.tint,
        "type_colour": TYPE_COLOURS[kind.timing] or style.colour,
        "box": face_layout(card),
    }
    return _render("face.svg.j2", kind.name, fields, bleed, card, "normal")


def back_svg(
    deck: str, *, bleed: float = 0.0, card: CardFormat | None = None, ink: str = "normal"
) -> str:
    """Return the back of the `deck` deck (HUNTER or HUNTED) at true size with `bleed`:
    dark to the bleed's edge, or with `ink` "low" outlines on white."""
    if deck not in STYLES:
        raise ValueError(f"no deck {deck!r}; the decks are {', '.join(DECK_ORDER)}")
    if ink not in ("normal", "low"):
        raise ValueError(f"ink must be normal or low, got {ink!r}")
    style = STYLES[deck]
    low = ink == "low"
    fields = {
        "deck": deck,
        "label": DECK_LABELS[deck],
        "title": TITLE,
        "dark": style.dark,
        "ring": style.ring,
        "tint": style.light_tint,
        "line": style.colour if low else style.line,
        "ink_colour": style.colour if low else style.words,
    }
    return _render("back.svg.j2", f"{deck} back", fields, bleed, card or _poker(), ink)


@dataclass(frozen=True)
class CardSet:
    """Both decks, ready to impose.

    svgs: every distinct card once, as (slug, manifest kind, SVG): "back-hunter",
    "back-hunted", then "hunter-<slug>" and "hunted-<slug>" for each kind. faces: every
    card to print (each kind as many times as cards.py counts it), the Hunter deck first,
    each with its deck's back. hunter, hunted: the same faces deck by deck. card_format:
    the name of the card format they are drawn for.
    """

    svgs: list[tuple[str, str, str]]
    faces: list[CardFace]
    hunter: list[CardFace]
    hunted: list[CardFace]
    card_format: str


def card_set(
    request: KitRequest | None = None,
    *,
    card: CardFormat | None = None,
    bleed: float | None = None,
    ink: str | None = None,
) -> CardSet:
    """Return every card of both decks (see CardSet). With a kit `request`, its sheet's
    bleed and its ink are used, on the poker format of its layout book; `card`, `bleed`
    and `ink` given here win over the request's (defaults: poker, no bleed, normal ink)."""
    if request is not None:
        card = card or request.book.card(CARD_FORMAT)
        bleed = request.sheet_layout().bleed if bleed is None else bleed
        ink = ink or request.ink
    card = card or _poker()
    bleed = 0.0 if bleed is None else bleed
    ink = ink or "normal"
    svgs: list[tuple[str, str, str]] = []
    decks: dict[str, list[CardFace]] = {}
    backs = {deck: back_svg(deck, bleed=bleed, card=card, ink=ink) for deck in DECK_ORDER}
    for deck in DECK_ORDER:
        svgs.append((f"back-{deck}", "card-back", backs[deck]))
    for deck in DECK_ORDER:
        decks[deck] = []
        for kind in DECKS[deck]:
            front = face_svg(kind, bleed=bleed, card=card)
            svgs.append((f"{deck}-{kind.slug}", "card-front", front))
            name = f"{kind.name} ({DECK_LABELS[deck].title()})"
            decks[deck] += [CardFace(front, backs[deck], name) for _ in range(kind.count)]
    return CardSet(svgs, decks[HUNTER] + decks[HUNTED], decks[HUNTER], decks[HUNTED], card.name)
