"""Fugitive's printable components: the cards as SVG faces, the Marshal's notepad and the
rules reference as SVG pages, and the kit that imposes them on PDF sheets.

Cards (poker size, from the Jinja2 templates in templates/fugitive/):

- hideout_svg: a Hideout, its number big and in two corners, its pile as a coloured band,
  its Sprint value as footprints (never as a digit);
- event_svg, placeholder_svg: the variant cards; role_svg: the Fugitive's and the Marshal's
  turn summaries;
- deck_back_svg: ONE back for every card that goes into the draw piles (Hideouts, Events,
  Placeholders). Backs that showed the pile would tell the Marshal the range of every
  face-down Hideout and Sprint card, and of every card in the Fugitive's hand; and Events
  and Placeholders are shuffled into the piles in the variants, so they must not stand
  out either. The pile shows on the front instead, for sorting face up at setup.
- role_back_svg: the role cards' own back.

Pages (A4, Letter or any paper; the bottom FOOTER_BAND mm stay empty for the PDF footer):
notepad_svg (the Marshal's sheet) and reference_svg (the rules on one page, in our words).
The puzzle book's pages are drawn in book.py and book_solutions.py with the page helpers
here (new_page, draw_text, draw_para, page_header, small_card, ...).

build_kit and build_puzzle_kit, at the end, are the only code here that writes PDFs (with
generator.render).
"""

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import svgwrite
from svgwrite.container import Group

from generator.games.fugitive.cards import (
    ESCAPE,
    EVENTS,
    HIDEOUTS,
    PILES,
    PLACEHOLDERS,
    DeckConfig,
    Event,
    helped_icon,
    pile_of,
    published,
)
from generator.kit import KitRequest
from generator.render.fonts import SVG_FAMILY, ascent_descent, text_width
from generator.render.layouts import CardFormat, LayoutBook, Paper
from generator.render.sheets import CardFace
from generator.render.svg import new_document, svg_size_mm
from generator.render.templates import environment
from generator.render.text import LINE_SPACING, TextOverflow, fit_text
from generator.render.units import fmt, pt_to_mm

TITLE = "Fugitive"
CARD_FORMAT = "poker"

# Colours: one per pile (the band on a Hideout's front), one per role (also the colour of
# an Event's icon), one for Events, one for Placeholders.
START_COLOUR = "#4f5663"
PILE_COLOURS = ("#2e6a8e", "#a8701a", "#9b3b2f")
FUGITIVE_COLOUR = "#2f6b4f"
MARSHAL_COLOUR = "#27406b"
NEUTRAL_COLOUR = "#6b6b6b"
EVENT_COLOUR = "#5b3f7a"
PLACEHOLDER_COLOUR = "#4a4a4a"
ICON_COLOURS = {"fugitive": FUGITIVE_COLOUR, "marshal": MARSHAL_COLOUR, "none": NEUTRAL_COLOUR}
HELPS = {
    "fugitive": "HELPS THE FUGITIVE",
    "marshal": "HELPS THE MARSHAL",
    "none": "NO ICON: HELPS WHOEVER DRAWS IT",
}


# --- cards ----------------------------------------------------------------------------------


@cache
def _poker() -> CardFormat:
    return LayoutBook().card(CARD_FORMAT)


def _render(
    template: str, fields: dict, bleed: float, card: CardFormat | None, ink: str = "normal"
) -> str:
    """Render templates/fugitive/<template> (with `ink`, normal or low, for the templates
    that have a light version) and check it is an SVG of the card's size."""
    card = card or _poker()
    context = {
        "ink": ink,
        "card": {
            "width": card.width,
            "height": card.height,
            "corner_radius": card.corner_radius,
            "bleed": bleed,
            "format": card.name,
        },
        "fields": fields,
    }
    svg = _env().get_template(f"fugitive/{template}").render(context)
    width, height = svg_size_mm(svg)
    expected = (card.width + 2 * bleed, card.height + 2 * bleed)
    if abs(width - expected[0]) > 1e-6 or abs(height - expected[1]) > 1e-6:
        raise ValueError(f"{template} drew {width} x {height} mm, not {expected}")
    return svg


@cache
def _env():
    return environment()


def pile_colour(number: int) -> str:
    """Return the colour of the pile Hideout `number` belongs to (0-3 and 42: the start)."""
    pile = pile_of(number)
    return START_COLOUR if pile < 0 else PILE_COLOURS[pile]


def pile_label(number: int) -> str:
    """Return the band text of Hideout `number`: its pile, or what it does at the start."""
    if number == 0:
        return "START · FIRST HIDEOUT"
    if number == ESCAPE:
        return "START · ESCAPE"
    pile = pile_of(number)
    if pile < 0:
        return "START · FUGITIVE'S HAND"
    low, high = PILES[pile]
    return f"PILE {low}–{high}"


def hideout_svg(
    number: int,
    config: DeckConfig | None = None,
    *,
    bleed: float = 0.0,
    card: CardFormat | None = None,
) -> str:
    """Return the front of Hideout `number` with as many footprints as its Sprint value in
    `config` (the published deck by default). Footprints are <g class="footprint"> (the
    big set) and <g class="footprint-mini"> (the set in each corner index)."""
    if number not in HIDEOUTS:
        raise ValueError(f"no Hideout {number}")
    config = config or published()
    fields = {
        "number": number,
        "sprint": config.sprint[number],
        "colour": pile_colour(number),
        "label": pile_label(number),
    }
    return _render("hideout.svg.j2", fields, bleed, card)


def event_svg(event: Event, *, bleed: float = 0.0, card: CardFormat | None = None) -> str:
    """Return the front of `event`: its name, icon (footprints, binoculars or none), whom it
    helps, and its text fitted to the card."""
    fields = {
        "name": event.name,
        "text": event.text,
        "icon": event.icon,
        "helps": HELPS[event.icon],
        "colour": EVENT_COLOUR,
        "icon_colour": ICON_COLOURS[event.icon],
    }
    return _render("event.svg.j2", fields, bleed, card)


PLACEHOLDER_LEAD = "Catch-up variant. When you draw this card, count the face-down Hideouts:"
PLACEHOLDER_ROWS = (
    ("1", "fugitive", "the Fugitive's Events"),
    ("2", "none", "the neutral Events"),
    ("3+", "marshal", "the Marshal's Events"),
)
PLACEHOLDER_NOTE = (
    "Resolve that Event, then draw another card in place of this one. "
    "Leave Placeholders out of every other game."
)


def placeholder_svg(*, bleed: float = 0.0, card: CardFormat | None = None) -> str:
    """Return the front of a Placeholder: which Event pile to draw from, by how many
    Hideouts are face down (all six Placeholders are alike)."""
    rows = [
        {"count": count, "icon": icon, "pile": pile, "colour": ICON_COLOURS[icon]}
        for count, icon, pile in PLACEHOLDER_ROWS
    ]
    fields = {
        "colour": PLACEHOLDER_COLOUR,
        "lead": PLACEHOLDER_LEAD,
        "rows": rows,
        "note": PLACEHOLDER_NOTE,
    }
    return _render("placeholder.svg.j2", fields, bleed, card)


@dataclass(frozen=True)
class Role:
    """A role card's words: title, goal, and (heading, text) sections of the turn summary."""

    key: str
    title: str
    goal: str
    sections: tuple[tuple[str, str], ...]


ROLES = (
    Role(
        "fugitive",
        "FUGITIVE",
        "Lay a trail of Hideouts up to card 42 and get away.",
        (
            ("Your first turn", "Place 1 or 2 new Hideouts. You draw nothing."),
            ("Every later turn", "Draw 1 card from any pile. Then place 1 new Hideout, or pass."),
            (
                "Placing a Hideout",
                "Lay it face down at the right end of the row. Its number must be higher "
                "than the last Hideout's, by 3 at most.",
            ),
            (
                "Sprinting",
                "Tuck cards face down under the new Hideout to reach further: each adds its "
                "footprints to the 3. The Marshal may count them but not read them. "
                "Spare Sprint cards are allowed, to bluff.",
            ),
            (
                "Escape",
                "Play the 42 (it needs reach too) to win. If no face-up Hideout is above 29, "
                "the Marshal first gets a manhunt.",
            ),
        ),
    ),
    Role(
        "marshal",
        "MARSHAL",
        "Turn up every Hideout before the Fugitive slips away.",
        (
            ("Your first turn", "Draw 2 cards, from one pile or from two. Then guess."),
            ("Every later turn", "Draw 1 card from any pile. Then guess."),
            (
                "Guessing",
                "Say a number from 1 to 41. If a face-down Hideout carries it, that card is "
                "turned up, with the Sprint cards under it.",
            ),
            (
                "Several numbers",
                "Name them together: if every one is face down in the row, all are turned "
                "up; a single miss turns up none.",
            ),
            (
                "Manhunt",
                "The 42 comes out while no face-up Hideout is above 29: guess one number at "
                "a time. Turn up the last one and you win; one miss and he is gone.",
            ),
            ("Notepad", "Cards in your hand are never Hideouts: cross them off."),
        ),
    ),
)
ROLE_BY_KEY = {role.key: role for role in ROLES}
ROLE_TOP, ROLE_BOTTOM = 18.5, 4.0  # where the sections start, the margin they end above


def _role_layout(role: Role, width: float, height: float) -> dict:
    """Return the largest text size (down to 5.5 pt) at which the sections fill `height`,
    with each section's text height at that size."""
    size = 7.25
    while size >= 5.5 - 1e-9:
        head_h = pt_to_mm(size + 0.5) * LINE_SPACING + 0.1
        gap = 1.3
        sections = []
        for title, text in role.sections:
            lines = fit_text(text, width, 10_000, size, size).lines
            sections.append(
                {"title": title, "text": text, "h": len(lines) * line_height(size) + 0.1}
            )
        total = sum(head_h + s["h"] + gap for s in sections) - gap
        if total <= height:
            return {"size": size, "head_h": head_h, "gap": gap, "sections": sections}
        size -= 0.25
    raise TextOverflow(role.title, width, height, 5.5)


def line_height(size_pt: float) -> float:
    """Return the distance in mm from one line of `size_pt` text to the next."""
    return pt_to_mm(size_pt) * LINE_SPACING


def role_svg(key: str, *, bleed: float = 0.0, card: CardFormat | None = None) -> str:
    """Return the role card of "fugitive" or "marshal": goal, first turn, later turns and
    the options, in the largest type that fits."""
    role = ROLE_BY_KEY[key]
    card_format = card or _poker()
    layout = _role_layout(role, card_format.width - 10, card_format.height - ROLE_TOP - ROLE_BOTTOM)
    fields = {
        "title": role.title,
        "goal": role.goal,
        "icon": role.key,
        "colour": ICON_COLOURS[role.key],
        **layout,
    }
    return _render("role.svg.j2", fields, bleed, card)


def deck_back_svg(
    *, bleed: float = 0.0, card: CardFormat | None = None, ink: str = "normal"
) -> str:
    """Return the one back shared by Hideouts, Events and Placeholders (see the module
    docstring for why it shows no pile); with `ink` low, its light version (outlines on
    white instead of a dark fill)."""
    return _render("back.svg.j2", {}, bleed, card, ink)


def role_back_svg(
    *, bleed: float = 0.0, card: CardFormat | None = None, ink: str = "normal"
) -> str:
    """Return the back of the two role cards; with `ink` low, on white instead of a tint."""
    fields = {"fugitive_colour": FUGITIVE_COLOUR, "marshal_colour": MARSHAL_COLOUR}
    return _render("role-back.svg.j2", fields, bleed, card, ink)


@dataclass(frozen=True)
class CardSet:
    """Every distinct card as (slug, manifest kind, SVG), and the faces to impose."""

    svgs: list[tuple[str, str, str]]
    deck: list[CardFace]  # the 43 Hideouts, then the 2 role cards: 5 sheets of 9
    variants: list[CardFace]  # the 10 Events, then the 6 Placeholders


def card_set(
    config: DeckConfig | None = None,
    *,
    bleed: float = 0.0,
    card: CardFormat | None = None,
    in_play_only: bool = False,
    ink: str = "normal",
) -> CardSet:
    """Return all of Fugitive's cards drawn with `bleed`, Sprint values from `config`; with
    `in_play_only`, only the events `config`'s variant can deal (those in play; for a helpful
    variant, those of its icon), and the Placeholders only for catch-up; with `ink` low,
    the light backs."""
    back = deck_back_svg(bleed=bleed, card=card, ink=ink)
    roles_back = role_back_svg(bleed=bleed, card=card, ink=ink)
    svgs = [("back-deck", "card-back", back), ("back-role", "card-back", roles_back)]
    deck, variants = [], []
    for number in HIDEOUTS:
        front = hideout_svg(number, config, bleed=bleed, card=card)
        svgs.append((f"hideout-{number:02d}", "card-front", front))
        deck.append(CardFace(front, back, f"Hideout {number}"))
    for role in ROLES:
        front = role_svg(role.key, bleed=bleed, card=card)
        svgs.append((f"role-{role.key}", "card-front", front))
        deck.append(CardFace(front, roles_back, f"{role.title.title()} role card"))
    config = config or published()
    used = set(config.event_cards(helped_icon(config.variant))) if config.variant != "none" else ()
    for event in EVENTS:
        if in_play_only and event.card not in used:
            continue
        front = event_svg(event, bleed=bleed, card=card)
        svgs.append((f"event-{event.key}", "card-front", front))
        variants.append(CardFace(front, back, event.name))
    if not in_play_only or config.variant == "catchup":
        placeholder = placeholder_svg(bleed=bleed, card=card)
        svgs.append(("placeholder", "card-front", placeholder))
        variants += [CardFace(placeholder, back, "Placeholder") for _ in PLACEHOLDERS]
    return CardSet(svgs, deck, variants)


# --- page drawing helpers -------------------------------------------------------------------

MARGIN = 12.0
FOOTER_BAND = 9.0
FOOTER_PT = 6.5
INK = "#1f1f1f"
GREY = "#5c5c5c"
SHADE = "#ebe8e1"
_LONG_FLOAT = re.compile(r"-?\d+\.\d{4,}")


def new_page(paper: Paper) -> svgwrite.Drawing:
    """Return an empty white page of `paper`'s size, in mm."""
    dwg = new_document(paper.width, paper.height)
    dwg.add(svgwrite.shapes.Rect(insert=(0, 0), size=(paper.width, paper.height), fill="#ffffff"))
    return dwg


def finish_page(dwg: svgwrite.Drawing) -> str:
    """Return the document as text, with coordinates rounded to 0.001 mm."""
    return _LONG_FLOAT.sub(lambda m: fmt(float(m.group())), dwg.tostring()) + "\n"


def draw_text(
    parent,
    text: str,
    x: float,
    y: float,
    w: float,
    h: float,
    size: float,
    *,
    min_size: float | None = None,
    bold: bool = False,
    align: str = "left",
    valign: str = "top",
    fill: str = INK,
) -> float:
    """Set `text` in the box (x, y, w, h) mm, shrinking or wrapping to fit (TextOverflow if
    it cannot); return the height of the block."""
    fitted = fit_text(text, w, h, size, min_size or size * 0.6, bold)
    size_mm = fitted.size_mm
    ascent, descent = ascent_descent(size_mm, bold)
    line_h = size_mm * LINE_SPACING
    block = (len(fitted.lines) - 1) * line_h + ascent - descent
    top = {"top": y, "middle": y + (h - block) / 2, "bottom": y + h - block}[valign]
    anchor, tx = {"left": ("start", x), "center": ("middle", x + w / 2), "right": ("end", x + w)}[
        align
    ]
    group = Group(font_family=SVG_FAMILY, font_size=fmt(size_mm), text_anchor=anchor, fill=fill)
    if bold:
        group["font-weight"] = "bold"
    for index, line in enumerate(fitted.lines):
        group.add(svgwrite.text.Text(line, insert=(tx, top + ascent + index * line_h)))
    parent.add(group)
    return block


def lines_height(text: str, w: float, size: float, bold: bool = False) -> float:
    """Return the height `text` wrapped to `w` mm at exactly `size` pt takes."""
    return len(fit_text(text, w, 10_000, size, size, bold).lines) * line_height(size) + 1e-6


def draw_para(parent, text: str, x: float, y: float, w: float, size: float, **kw) -> float:
    """Set `text` at exactly `size` pt, wrapped to `w` mm; return the y below it."""
    height = lines_height(text, w, size, kw.get("bold", False))
    draw_text(parent, text, x, y, w, height, size, min_size=size, **kw)
    return y + height


def draw_rect(parent, x, y, w, h, fill="none", stroke=INK, width=0.3, **extra) -> None:
    """Add a rectangle (x, y, w, h) mm to `parent`; `extra` passes rx, ry and the like."""
    parent.add(
        svgwrite.shapes.Rect(
            insert=(x, y), size=(w, h), fill=fill, stroke=stroke, stroke_width=width, **extra
        )
    )


def draw_rule(parent, x1, y1, x2, y2, stroke=INK, width=0.3) -> None:
    """Add a straight line from (x1, y1) to (x2, y2) mm to `parent`."""
    parent.add(svgwrite.shapes.Line((x1, y1), (x2, y2), stroke=stroke, stroke_width=width))


def page_header(dwg, paper: Paper, title: str, subtitle: str, fields: str | None = None) -> float:
    """Draw a page title, an optional right-hand field line, a subtitle; return the y below."""
    width = paper.width - 2 * MARGIN
    title_w = width * (0.55 if fields else 1.0)
    draw_text(dwg, title, MARGIN, MARGIN, title_w, 9, 20, min_size=14, bold=True)
    if fields:
        draw_text(dwg, fields, MARGIN + title_w, MARGIN + 2, width - title_w, 7, 9, align="right")
    draw_text(dwg, subtitle, MARGIN, MARGIN + 10, width, 9, 9, min_size=7, fill=GREY)
    y = MARGIN + 20
    draw_rule(dwg, MARGIN, y, paper.width - MARGIN, y, width=0.4)
    return y + 4


def text_width_pt(text: str, size_pt: float, bold: bool = False) -> float:
    """Return the width in mm of `text` on one line at `size_pt` points."""
    return text_width(text, pt_to_mm(size_pt), bold)


def page_bottom(paper: Paper) -> float:
    """Return the lowest y page content may reach (the footer band lies below)."""
    return paper.height - FOOTER_BAND - 3


# --- the Marshal's notepad ------------------------------------------------------------------

NUMBER_ROWS = (
    ("start", "1–3", range(1, 4), START_COLOUR),
    *(
        (f"pile {i + 1}", f"{low}–{high}", range(low, high + 1), PILE_COLOURS[i])
        for i, (low, high) in enumerate(PILES)
    ),
)
LEGEND = (("X", "in your hand: never a Hideout"), ("O", "found"), ("/", "named, missed"))
TRAIL_COLUMNS = (("Hideout", 0.16), ("Sprint cards", 0.17), ("Could be", 0.25), ("Notes", 0.42))
GUESS_COLUMNS = (("Turn", 0.16), ("He drew", 0.24), ("You named", 0.42), ("Hit", 0.18))


def notepad_svg(paper: Paper) -> str:
    """Return the Marshal's notepad for `paper`: the numbers 1-41 in boxes to cross off,
    grouped by pile, a table of the trail (Sprint cards seen under each Hideout, what it
    could be) and a log of guesses. Each number box is a <g class="number">."""
    dwg = new_page(paper)
    width = paper.width - 2 * MARGIN
    y = page_header(
        dwg,
        paper,
        "The Marshal's notepad",
        "Every number you may guess, 1 to 41. Mark what you learn as you go; the tables keep "
        "count of the trail and of your guesses.",
        "Game ______   Marshal ______________",
    )
    draw_text(dwg, "Numbers", MARGIN, y, 40, 6, 11, bold=True)
    right = paper.width - MARGIN
    for mark, meaning in reversed(LEGEND):
        right -= text_width_pt(meaning, 8) + 7
        draw_text(
            dwg, meaning, right + 3.8, y + 0.8, text_width_pt(meaning, 8) + 1, 5, 8, fill=GREY
        )
        draw_text(dwg, mark, right, y + 0.3, 3, 5, 9, bold=True)
    y += 8
    label_w = 24.0
    longest = max(len(row[2]) for row in NUMBER_ROWS)
    cell = min(12.5, (width - label_w) / longest)
    for name, span, numbers, colour in NUMBER_ROWS:
        draw_rect(dwg, MARGIN, y, 1.8, cell, fill=colour, stroke="none")
        draw_text(dwg, name, MARGIN + 3.5, y + 0.8, label_w - 4, 4.5, 9, bold=True, fill=colour)
        draw_text(dwg, span, MARGIN + 3.5, y + 5.6, label_w - 4, 4.5, 8, fill=GREY)
        for index, number in enumerate(numbers):
            group = Group(class_="number")
            x = MARGIN + label_w + index * cell
            draw_rect(group, x, y, cell, cell, fill="#ffffff", width=0.35)
            draw_text(
                group,
                str(number),
                x,
                y,
                cell,
                cell,
                12,
                align="center",
                valign="middle",
                fill="#8a8a8a",
            )
            dwg.add(group)
        y += cell + 2.2
    y += 3
    gap = 6.0
    trail_w = (width - gap) * 0.56
    guess_w = width - gap - trail_w
    row_h = 7.5
    rows = int((page_bottom(paper) - (y + 7) - row_h) // row_h)
    draw_text(dwg, "The trail", MARGIN, y, trail_w, 6, 11, bold=True)
    draw_text(dwg, "Your guesses", MARGIN + trail_w + gap, y, guess_w, 6, 11, bold=True)
    y += 7
    _table(dwg, MARGIN, y, trail_w, row_h, rows, TRAIL_COLUMNS, first=("0", "", "face up", ""))
    _table(dwg, MARGIN + trail_w + gap, y, guess_w, row_h, rows, GUESS_COLUMNS, numbered=True)
    return finish_page(dwg)


def _table(dwg, x, y, w, row_h, rows, columns, first=None, numbered=False) -> None:
    """Draw a ruled table: shaded heading row, then `rows` empty rows (the first filled with
    `first`, or each numbered from 1 when `numbered`)."""
    draw_rect(dwg, x, y, w, row_h, fill=SHADE, width=0.3)
    cx = x
    for label, share in columns:
        cw = w * share
        draw_text(
            dwg, label, cx + 1, y, cw - 2, row_h, 8.5, bold=True, align="center", valign="middle"
        )
        cx += cw
    for row in range(rows):
        ry = y + (row + 1) * row_h
        draw_rect(dwg, x, ry, w, row_h, fill="#ffffff", width=0.25)
        values = first if (first and row == 0) else None
        if numbered:
            values = (str(row + 1),)
        cx = x
        for index, (_, share) in enumerate(columns):
            cw = w * share
            if values and index < len(values) and values[index]:
                draw_text(
                    dwg,
                    values[index],
                    cx + 1,
                    ry,
                    cw - 2,
                    row_h,
                    8,
                    align="center",
                    valign="middle",
                    fill=GREY,
                )
            cx += cw
    cx = x
    for _, share in columns[:-1]:
        cx += w * share
        draw_rule(dwg, cx, y, cx, y + (rows + 1) * row_h, width=0.25)


# --- the rules reference --------------------------------------------------------------------

ROW_FIGURE = "<the row>"
ROW_CAPTION = (
    "Card 0, then the Hideouts from left to right. Sprint cards stick out below the "
    "Hideout they helped: the Marshal can count them. A found Hideout lies face up with "
    "its Sprint cards."
)


# The rules in our own words. Each section: heading, then items; an item is a paragraph,
# or (lead, text) set with a bold lead-in.
REFERENCE: tuple[tuple[str, tuple], ...] = (
    (
        "What you play with",
        (
            "43 Hideout cards numbered 0 to 42. The footprints on a card are its Sprint "
            "value, 1 or 2.",
            "For the variants: 10 Events and 6 Placeholders. Every deck card shares one back, "
            "so nothing shows face down; the coloured band on the front tells which pile a "
            "Hideout belongs to.",
            "Two role cards and the Marshal's notepad.",
        ),
    ),
    (
        "Setting up",
        (
            "Lay card 0 face up: it is the Fugitive's first Hideout and starts the row.",
            "Sort the rest by number into three piles, 4–14, 15–28 and 29–41, each one "
            "shuffled and laid face down beside the row.",
            "The Fugitive's hand: 1, 2, 3 and 42, plus 3 cards from the 4–14 pile and 2 from "
            "the 15–28 pile (none from 29–41). The Marshal starts empty-handed.",
        ),
    ),
    (
        "Taking turns",
        (
            "The Fugitive begins; after that the players alternate.",
            ("Fugitive, first turn:", "place 1 or 2 new Hideouts."),
            ("Fugitive, later turns:", "draw 1 card from any pile, then place 1 Hideout or pass."),
            ("Marshal, first turn:", "draw 2 cards (one pile or two), then guess."),
            ("Marshal, later turns:", "draw 1 card from any pile, then guess."),
        ),
    ),
    (
        "Placing a Hideout",
        (
            "The new card goes face down at the right end of the row. Its number must be "
            "above the Hideout before it, by 3 at most: that is the reach.",
            "Sprint cards stretch the reach. Slide them face down under the new Hideout, "
            "where the Marshal can count them but not read them; each adds its footprints to "
            "the reach. More than needed is allowed, as a bluff.",
            "Say the last Hideout is 8: 9, 10 and 11 are in reach; 13 needs Sprint cards "
            "with at least 2 footprints between them.",
            "Passing keeps cards in hand for later but gives the Marshal time. The Fugitive "
            "may look at his own face-down cards whenever he likes.",
        ),
    ),
    (
        "Guessing",
        (
            "The Marshal names a number from 1 to 41. If a face-down Hideout carries it, "
            "that card is turned face up together with its Sprint cards. She never has to "
            "point at a card, and never guesses Sprint cards.",
            "She may name several numbers at once: if every one is a face-down Hideout, all "
            "of them are turned up; if even one is wrong, nothing is turned up.",
        ),
    ),
    (
        "How it ends",
        (
            ("The Marshal wins", "as soon as no Hideout in the row is face down."),
            (
                "The Fugitive wins",
                "by placing the 42, which needs reach like any Hideout.",
            ),
            (
                "Manhunt:",
                "if the 42 is placed while the highest face-up Hideout is 29 or lower, the "
                "Marshal gets a last chance. She names one number at a time; each hit is "
                "turned up and she goes on. Turn up them all and she wins; the first miss "
                "and the Fugitive is away.",
            ),
        ),
    ),
    ("The row, as the Marshal sees it", (ROW_FIGURE,)),
    (
        "Variants with Events",
        (
            "Leave the Events out of a first game. Icons: footprints help the Fugitive, "
            "binoculars help the Marshal, no icon helps whoever draws the card.",
            "An Event drawn from a pile is resolved at once, and the drawer takes another "
            "card in its place.",
            (
                "Random:",
                "after setup, shuffle 2 random Events into each pile; the others stay out.",
            ),
            (
                "Discovery:",
                "the Events form a pile of their own. After each guess that turns up "
                "Hideouts, the Fugitive draws the top Event and resolves it.",
            ),
            (
                "Helpful:",
                "take only the Events with one player's icon and spread them evenly over "
                "the three piles.",
            ),
            (
                "Catch-up:",
                "sort the Events by icon into three face-down piles and shuffle 2 "
                "Placeholders into each draw pile. A Placeholder sends the drawer to an "
                "Event pile by the number of face-down Hideouts: 1, the Fugitive's; "
                "2, the neutral one; 3 or more, the Marshal's. Then draw again.",
            ),
        ),
    ),
)
REFERENCE_SIZES = (9.0, 8.75, 8.5, 8.25, 8.0, 7.75, 7.5, 7.25, 7.0)


def reference_svg(paper: Paper) -> str:
    """Return the rules on one page for `paper`, in two columns, in the largest type (9 pt
    down to 7 pt) that fits; raises TextOverflow if none does."""
    width = paper.width - 2 * MARGIN
    column_gap = 7.0
    column_w = (width - column_gap) / 2
    for size in REFERENCE_SIZES:
        dwg = new_page(paper)
        top = page_header(
            dwg,
            paper,
            "Fugitive: rules reference",
            "Two players. The Fugitive lays a trail of face-down Hideouts toward card 42; "
            "the Marshal names numbers to turn them up before he gets there.",
        )
        if _flow(dwg, REFERENCE, top, page_bottom(paper), column_w, column_gap, size):
            return finish_page(dwg)
    raise TextOverflow("the rules reference", width, page_bottom(paper), REFERENCE_SIZES[-1])


def _section_height(heading: str, items, column_w: float, size: float) -> float:
    """Return how far draw_section moves down for this section (its trailing gap included)."""
    return draw_section(Group(), heading, items, 0, 0, column_w, size)


def _flow(dwg, sections, top, bottom, column_w, gap, size) -> bool:
    """Set `sections` down two columns, never splitting one; return False if they do not
    fit above `bottom`."""
    x, y, column = MARGIN, top, 0
    for heading, items in sections:
        if y + _section_height(heading, items, column_w, size) - 3.0 > bottom:
            column += 1
            if column > 1:
                return False
            x, y = MARGIN + column_w + gap, top
            if y + _section_height(heading, items, column_w, size) - 3.0 > bottom:
                return False
        y = draw_section(dwg, heading, items, x, y, column_w, size)
    return True


def draw_section(
    dwg, heading: str, items, x: float, y: float, column_w: float, size: float
) -> float:
    """Draw a shaded heading and its items; return the y below (with the gap after)."""
    draw_rect(
        dwg,
        x,
        y - 0.6,
        column_w,
        line_height(size + 1.5) + 1.0,
        fill=SHADE,
        stroke="none",
        rx=1,
        ry=1,
    )
    y = draw_para(dwg, heading, x + 1.5, y, column_w - 3, size + 1.5, bold=True) + 1.5
    for item in items:
        if item == ROW_FIGURE:
            y = _row_figure(dwg, x, y, column_w, size)
        elif isinstance(item, tuple):
            y = draw_lead(dwg, item[0], item[1], x + 1.5, y, column_w - 1.5, size)
        else:
            dot = (x + 1.5, y + pt_to_mm(size) * 0.55)
            dwg.add(svgwrite.shapes.Circle(dot, 0.55, fill=INK))
            y = draw_para(dwg, item, x + 4, y, column_w - 4, size)
        y += 1.0
    return y + 3.0


def _row_figure(dwg, x: float, y: float, w: float, size: float) -> float:
    """Draw a row in play (card 0, a face-down Hideout, a found one with its Sprint card,
    face-down ones with 1 and 2 Sprint cards); return the y below its caption."""
    card_w, card_h, peek, space = 12.0, 16.8, 3.4, 5.0
    step = card_w + space
    left = x + (w - (5 * card_w + 4 * space)) / 2
    row = ((0, 0, True), (None, 0, False), (6, 1, True), (None, 1, False), (None, 2, False))
    group = Group(class_="row-figure")
    for index, (number, sprints, up) in enumerate(row):
        cx = left + index * step
        for under in range(sprints, 0, -1):
            small_card(group, cx, y + under * peek, card_w, card_h, None if not up else -1)
        small_card(group, cx, y, card_w, card_h, number if up else None)
    dwg.add(group)
    y += card_h + 2 * peek + 1.5
    return draw_para(dwg, ROW_CAPTION, x, y, w, size - 0.5, fill=GREY)


def small_card(parent, x: float, y: float, w: float, h: float, number: int | None) -> None:
    """A card in the row figure: face down (None), face up with a number, or a face-up
    Sprint card (-1, drawn with two small footprints)."""
    if number is None:
        draw_rect(parent, x, y, w, h, fill="#2c3540", stroke="#c9b98f", width=0.3, rx=0.8, ry=0.8)
        return
    draw_rect(parent, x, y, w, h, fill="#fbf8f1", stroke=INK, width=0.3, rx=0.8, ry=0.8)
    if number >= 0:
        colour = pile_colour(number)
        draw_text(
            parent,
            str(number),
            x,
            y,
            w,
            h * 0.7,
            13,
            bold=True,
            align="center",
            valign="middle",
            fill=colour,
        )
        return
    for dx in (-1.2, 1.2):
        cx, cy = x + w / 2 + dx, y + h - 1.5
        parent.add(svgwrite.shapes.Ellipse((cx, cy + 0.3), (0.5, 0.9), fill=INK))
        parent.add(svgwrite.shapes.Circle((cx, cy - 0.9), 0.32, fill=INK))


def draw_lead(dwg, lead: str, text: str, x: float, y: float, w: float, size: float) -> float:
    """Set a bold `lead` with `text` running on after it, wrapped to `w` mm; return the y
    below."""
    size_mm = pt_to_mm(size)
    lead_w = text_width(lead + " ", size_mm, bold=True)
    words, first = text.split(), []
    while words and lead_w + text_width(" ".join([*first, words[0]]), size_mm) <= w:
        first.append(words.pop(0))
    draw_text(dwg, lead, x, y, lead_w + 1, line_height(size) + 1e-6, size, min_size=size, bold=True)
    if first:
        draw_text(
            dwg,
            " ".join(first),
            x + lead_w,
            y,
            w - lead_w,
            line_height(size) + 1e-6,
            size,
            min_size=size,
        )
    if not words:
        return y + line_height(size)
    return draw_para(dwg, " ".join(words), x, y + line_height(size), w, size)


# --- the kit --------------------------------------------------------------------------------


def write_pages(target: Path, pages: list[tuple[str, str]], seed: int, subject: str) -> int:
    """Write full-page SVGs to one PDF, each placed at 100% with its footer; return the
    page count."""
    from generator.render.pdf import Footer, PdfDocument

    doc = PdfDocument(target, title=TITLE, subject=subject)
    for number, (component, svg) in enumerate(pages, 1):
        width, height = svg_size_mm(svg)
        doc.begin_page(width, height)
        doc.place(svg, 0, 0)
        doc.footer(
            width, FOOTER_BAND, FOOTER_PT, Footer(TITLE, component, seed).text(number, len(pages))
        )
        doc.end_page()
    doc.save()
    return doc.pages


def kit_papers(request: KitRequest) -> list[Paper]:
    """Return the papers the kit is written on: those of `quarry kit --paper`, in order."""
    return list(request.papers)


def build_kit(request: KitRequest) -> None:
    """Write Fugitive's kit into request.writer, for each of request.papers:

    - cards-<paper>.pdf: the 43 Hideouts and the 2 role cards, imposed with the request's
      sheet layout and back offsets, with their backs as request.backs says (duplex: each
      sheet of fronts followed by its backs for a long-edge flip; fold: fronts and backs
      side by side; none: fronts only), and light backs when request.ink is low;
    - events-<paper>.pdf: the 10 Events and 6 Placeholders, the same way;
    - notepad-<paper>.pdf: the Marshal's notepad (print one per game);
    - rules-<paper>.pdf: the rules reference on one page;
    - puzzles-<paper>.pdf: a sample puzzle book (SAMPLE_BOOK, from the request's seed), and
      puzzles.json with its puzzles;
    - svg/: every distinct card and back once, and the two pages per paper.
    """
    from generator.render.imposition import impose
    from generator.render.pdf import Footer
    from generator.render.sheets import write_card_sheets

    writer, seed = request.writer, request.seed
    card, sheet = request.book.card(CARD_FORMAT), request.sheet_layout()
    cards = card_set(published(), bleed=sheet.bleed, card=card, ink=request.ink)
    for slug, kind, svg in cards.svgs:
        writer.write_text(f"svg/{slug}.svg", svg, kind)
    puzzles = sample_puzzles(seed)
    writer.write_text("puzzles.json", json_text(puzzles), "puzzles")
    for paper in kit_papers(request):
        imposition = impose(paper, card, sheet, request.back_mode)
        for stem, faces, component in (
            ("cards", cards.deck, "hideout and role cards"),
            ("events", cards.variants, "event and placeholder cards"),
        ):
            pdf = f"{stem}-{paper.name}.pdf"
            footer = Footer(TITLE, component, seed)
            pages = write_card_sheets(writer.path(pdf), faces, imposition, footer)
            writer.add(pdf, "card-sheets", pages=pages)
        for stem, kind, component, svg in (
            ("notepad", "notepad", "Marshal's notepad", notepad_svg(paper)),
            ("rules", "reference-card", "rules reference", reference_svg(paper)),
        ):
            writer.write_text(f"svg/{stem}-{paper.name}.svg", svg, kind)
            pdf = f"{stem}-{paper.name}.pdf"
            writer.add(
                pdf, kind, pages=write_pages(writer.path(pdf), [(component, svg)], seed, stem)
            )
        write_puzzle_book(writer, paper, puzzles, seed)


def build_deck_kit(request: KitRequest, report) -> None:
    """Write a designed deck (design.DeckReport) into request.writer: deck.json (the best
    deck, for `quarry simulate fugitive --deck`), report.json (every candidate ranked, and
    the published deck), and, on request.paper, cards-<paper>.pdf (its 43 Hideouts with
    their designed footprints and the 2 role cards) and, when its variant uses events,
    events-<paper>.pdf (the events it has in play, and the Placeholders for catch-up)."""
    from generator.render.imposition import DUPLEX, impose
    from generator.render.pdf import Footer
    from generator.render.sheets import write_card_sheets

    writer, seed, paper = request.writer, request.seed, request.paper
    best = report.best.config
    writer.write_text("deck.json", json_text(best.to_json()), "deck-configuration")
    writer.write_text("report.json", json_text(report.to_json()), "design-report")
    card, sheet = request.book.card(CARD_FORMAT), request.book.sheet("default")
    cards = card_set(best, bleed=sheet.bleed, card=card, in_play_only=True)
    imposition = impose(paper, card, sheet, DUPLEX)
    sheets = [("cards", cards.deck, "designed deck: hideout and role cards")]
    if cards.variants:
        sheets.append(("events", cards.variants, "designed deck: events in play"))
    for stem, faces, component in sheets:
        pdf = f"{stem}-{paper.name}.pdf"
        pages = write_card_sheets(
            writer.path(pdf), faces, imposition, Footer(TITLE, component, seed)
        )
        writer.add(pdf, "card-sheets", pages=pages)


# --- puzzle books ---------------------------------------------------------------------------

# The kit's sample book: a few puzzles of each difficulty, all from the kit's seed. Hard
# puzzles take a second or more each to make and certify, so the sample holds one.
SAMPLE_BOOK = (("easy", 2), ("medium", 1), ("hard", 1))


def sample_puzzles(seed: int) -> list[dict]:
    """Return the kit's sample puzzles (SAMPLE_BOOK, each difficulty made by
    generate_puzzles from `seed`) as Puzzle.to_json() dicts, easiest first."""
    from generator.games.fugitive.puzzles import generate_puzzles

    return [
        puzzle.to_json()
        for difficulty, count in SAMPLE_BOOK
        for puzzle in generate_puzzles(count, difficulty, seed)
    ]


def json_text(data) -> str:
    """Return `data` as the kit writes JSON (puzzles.json, deck.json, report.json): sorted
    keys, two-space indents, a final newline."""
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def write_puzzle_book(writer, paper: Paper, puzzles: list[dict], seed: int) -> None:
    """Write puzzles-<paper>.pdf (the book of book.puzzle_book) into `writer`'s kit."""
    from generator.games.fugitive.book import puzzle_book

    name = f"puzzles-{paper.name}.pdf"
    pages = puzzle_book(paper, puzzles, seed)
    writer.add(name, "puzzle-book", pages=write_pages(writer.path(name), pages, seed, "puzzles"))


def build_puzzle_kit(request: KitRequest, puzzles: list) -> None:
    """Write a puzzle book kit into request.writer: puzzles.json (every puzzle's to_json())
    and puzzles-<paper>.pdf for the request's paper."""
    plain = [puzzle.to_json() if hasattr(puzzle, "to_json") else puzzle for puzzle in puzzles]
    request.writer.write_text("puzzles.json", json_text(plain), "puzzles")
    write_puzzle_book(request.writer, request.paper, plain, request.seed)
