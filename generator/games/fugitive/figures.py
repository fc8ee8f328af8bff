"""Fugitive's figures: small SVG components (true size in millimetres, built here in code)
that the printed pages place with the document layer: a row of cards as the Marshal sees
it, the boxes to write answers in, the Marshal's hand, and the numbers 1-41 to cross off.

Only short labels live inside a drawing (a card's number, "H2", "turn 3"), set with
render.text.text_box as the card templates set theirs; running text belongs to the pages.
"""

from generator.games.fugitive.cards import PILES, published
from generator.games.fugitive.print import HIDEOUT_NUMBERS, PILE_COLOURS, START_COLOUR, pile_colour
from generator.render.fonts import SVG_FAMILY, ascent_descent, text_width
from generator.render.svg import document_of
from generator.render.text import TextOverflow, needs_underline, text_box
from generator.render.units import fmt, pt_to_mm

INK = "#1f1f1f"
GREY = "#5c5c5c"
FACE = "#fbf8f1"  # a card's face
BACK_FILL, BACK_EDGE = "#2c3540", "#c9b98f"  # the deck back, as on the cards
CARD_RATIO = 88 / 63
SPRINT = published().sprint
# The groups of the 1-41 strip: the Fugitive's own 1-3, then the three piles.
GROUPS = ((1, 3, START_COLOUR),) + tuple(
    (low, high, colour) for (low, high), colour in zip(PILES, PILE_COLOURS, strict=True)
)

# A puzzle's row.
CARD_MAX_W = 12.6  # a row card; the row shrinks them when it holds many
CARD_GAP = 3.0
PEEK = 4.0  # how far each Sprint card shows below the card above it
LABEL_H = 4.2  # the labels above the cards
HAND_W = 8.4  # a card in the Marshal's hand
ANSWER_H = 8.4  # the boxes to write a face-down Hideout's number in


def _text(*args, **kw) -> str:
    """Return text_box's <g> as plain text (Markup would escape what it is added to)."""
    return str(text_box(*args, **kw))


def _rect(x, y, w, h, fill="none", stroke=INK, width=0.3, rx=0.8) -> str:
    return (
        f'<rect x="{fmt(x)}" y="{fmt(y)}" width="{fmt(w)}" height="{fmt(h)}" rx="{fmt(rx)}" '
        f'fill="{fill}" stroke="{stroke}" stroke-width="{fmt(width)}"/>'
    )


def _feet(cx: float, cy: float, count: int, fill: str = INK) -> str:
    """Return `count` tiny footprints side by side around (cx, cy): a card's Sprint value,
    as one <path class="feet"> (a sole and a toe each)."""
    parts = []
    for index in range(count):
        x = cx + (index - (count - 1) / 2) * 2.0
        for centre, rx, ry in ((cy + 0.35, 0.45, 0.8), (cy - 0.75, 0.3, 0.3)):
            parts.append(
                f"M{fmt(x - rx)},{fmt(centre)}a{rx},{ry} 0 1,0 {fmt(2 * rx)},0"
                f"a{rx},{ry} 0 1,0 {fmt(-2 * rx)},0z"
            )
    return f'<path class="feet" d="{"".join(parts)}" fill="{fill}"/>' if parts else ""


def face_down(x: float, y: float, w: float, h: float, mark: bool = True) -> str:
    """Return a card back: the dark deck back with its gold frame, and a question mark
    when `mark`."""
    inset = min(1.2, w * 0.09)
    out = _rect(x, y, w, h, fill=BACK_FILL, stroke=BACK_EDGE, width=0.3)
    out += _rect(x + inset, y + inset, w - 2 * inset, h - 2 * inset, stroke=BACK_EDGE, width=0.2)
    if mark:
        out += _text("?", x, y, w, h, 12, bold=True, align="center", valign="middle",
                        fill=BACK_EDGE)  # fmt: skip
    return out


def face_up(x: float, y: float, w: float, h: float, number: int, feet: bool = True) -> str:
    """Return a face-up Hideout: its number in its pile's colour, underlined when it reads
    as another number turned round (6, 9), as on the cards, and (when `feet`) its Sprint
    value as footprints."""
    out = _rect(x, y, w, h, fill=FACE)
    out += _text(str(number), x, y, w, h * 0.7, 13, bold=True, align="center",
                    valign="middle", fill=pile_colour(number),
                    underline=needs_underline(str(number), HIDEOUT_NUMBERS))  # fmt: skip
    if feet and number:
        out += _feet(x + w / 2, y + h - 2.1, SPRINT[number], fill=GREY)
    return out


def _sprint_strip(x: float, y: float, w: float, h: float, peek: float, number) -> str:
    """Return a Sprint card under a Hideout, drawn whole at (x, y) but seen only in its
    bottom `peek` mm: face down (None), or face up with its number and footprints there."""
    if number is None:
        return _rect(x, y, w, h, fill=BACK_FILL, stroke=BACK_EDGE, width=0.45)
    band = y + h - peek
    out = _rect(x, y, w, h, fill=FACE)
    out += _text(str(number), x + 1, band, w * 0.55, peek, 7, min_size=6.0, bold=True,
                    valign="middle", fill=pile_colour(number),
                    underline=needs_underline(str(number), HIDEOUT_NUMBERS))  # fmt: skip
    return out + _feet(x + w * 0.76, band + peek / 2, SPRINT[number])


# --- the rules reference's row ------------------------------------------------------------


def reference_row() -> str:
    """Return the rules reference's row in play: card 0, a face-down Hideout, a found one
    (6) with its face-up Sprint card, face-down ones with 1 and 2 Sprint cards."""
    card_w, card_h, peek, space = 12.0, 16.8, 3.4, 5.0
    row = ((0, 0, True), (None, 0, False), (6, 1, True), (None, 1, False), (None, 2, False))
    body = []
    for index, (number, sprints, up) in enumerate(row):
        x = index * (card_w + space) + 0.2
        for under in range(sprints, 0, -1):
            y = 0.2 + under * peek
            if up:
                body.append(_rect(x, y, card_w, card_h, fill=FACE))
                body.append(_feet(x + card_w / 2, y + card_h - 1.6, 2))
            else:
                body.append(_rect(x, y, card_w, card_h, fill=BACK_FILL, stroke=BACK_EDGE))
        if up:
            body.append(face_up(x, 0.2, card_w, card_h, number, feet=False))
        else:
            body.append(face_down(x, 0.2, card_w, card_h, mark=False))
    width = 5 * card_w + 4 * space + 0.4
    return document_of(width, card_h + 2 * peek + 0.4, body, "row-figure")


# --- a puzzle's table ---------------------------------------------------------------------


def _sprint_count(card: dict) -> int:
    return card.get("sprint_count", len(card.get("sprint", [])))


def row_step(table: dict, width: float) -> tuple[float, float]:
    """Return (step, card width) in mm of the row's cards when the row gets `width` mm."""
    row = table["row"]
    step = min(CARD_MAX_W + CARD_GAP + 3, width / len(row))
    return step, min(CARD_MAX_W, step - CARD_GAP)


def row_figure(table: dict, width: float) -> str:
    """Return the row of a puzzle's table in `width` mm, left to right: a label above each
    card (start, H1, H2, ...), the cards with their Sprint cards (face down ones peeking
    out, found ones face up with their numbers), and the turn each Hideout was placed on.
    Each card is a <g class="row-card">."""
    row = table["row"]
    step, card_w = row_step(table, width)
    card_h = card_w * CARD_RATIO
    deepest = max(_sprint_count(card) for card in row)
    peek = PEEK if deepest <= 4 else 16.8 / deepest
    top = LABEL_H
    below = top + card_h + deepest * peek + 1.0
    body = []
    for p, card in enumerate(row):
        x = p * step + 0.3
        parts = [
            _text(
                "start" if p == 0 else f"H{p}",
                x,
                0,
                card_w,
                4,
                8,
                bold=p > 0,
                align="center",
                fill=INK if p else GREY,
            )  # fmt: skip
        ]
        if "sprint_count" in card:
            for under in range(card["sprint_count"], 0, -1):
                parts.append(_sprint_strip(x, top + under * peek, card_w, card_h, peek, None))
            parts.append(face_down(x, top, card_w, card_h))
        else:
            sprints = sorted(card["sprint"])
            for under in range(len(sprints), 0, -1):
                parts.append(
                    _sprint_strip(x, top + under * peek, card_w, card_h, peek, sprints[under - 1])
                )
            parts.append(face_up(x, top, card_w, card_h, card["number"]))
        if p:
            parts.append(_text(f"turn {card['turn']}", x - 1, below, card_w + 2, 3.6, 7,
                                  align="center", fill=GREY))  # fmt: skip
        body.append(f'<g class="row-card">{"".join(parts)}</g>')
    return document_of(len(row) * step, below + 3.5, body, "row")


def answer_figure(table: dict, width: float) -> str:
    """Return the boxes to write answers in, each under its face-down Hideout of
    row_figure(table, width): <g class="answer-box" id="answer-H2"> and so on."""
    step, card_w = row_step(table, width)
    body = []
    for p, card in enumerate(table["row"]):
        if "sprint_count" not in card:
            continue
        x = p * step + 0.3
        box = _rect(x - 0.2, 0.3, card_w + 0.4, ANSWER_H - 0.6, fill="#ffffff", width=0.45, rx=0.6)
        label = _text(f"H{p}", x + 0.8, 0.9, card_w - 1, 2.8, 6.5, min_size=6.0, fill=GREY)
        body.append(f'<g class="answer-box" id="answer-H{p}">{box}{label}</g>')
    return document_of(len(table["row"]) * step, ANSWER_H, body, "answers")


def hand_figure(hand: list[int], width: float) -> str:
    """Return the Marshal's hand as small face-up cards in order, each a
    <g class="hand-card">, at most `width` mm wide."""
    hand = sorted(hand)
    step = min(HAND_W + 1.6, width / max(1, len(hand)))
    card_w = min(HAND_W, step - 0.8)
    card_h = card_w * CARD_RATIO
    body = [
        f'<g class="hand-card">{face_up(i * step + 0.2, 0.2, card_w, card_h, n)}</g>'
        for i, n in enumerate(hand)
    ]
    return document_of(max(1, len(hand)) * step, card_h + 0.4, body, "hand")


def number_strip(width: float) -> str:
    """Return the numbers 1-41 in boxes `width` mm across, grouped by where the cards start
    (his hand, piles 1-3) under a band of each group's colour; each number is a
    <text class="number">. A group's boxes are one path and its numbers share one style:
    fewer elements make a page of strips much quicker to write."""
    gap, box_h = 2.0, 5.2
    cell = (width - gap * (len(GROUPS) - 1)) / 41
    size = next(
        (s for s in (7.0, 6.5, 6.0, 5.5) if text_width("41", pt_to_mm(s)) <= cell - 0.6), None
    )
    if size is None:
        raise TextOverflow("41", cell - 0.6, box_h, 5.5)
    size_mm = pt_to_mm(size)
    ascent, descent = ascent_descent(size_mm)
    baseline = 0.9 + (box_h + ascent + descent) / 2
    body, x = [], 0.15
    for low, high, colour in GROUPS:
        span = cell * (high - low + 1)
        body.append(f'<rect x="{fmt(x)}" y="0" width="{fmt(span)}" height="0.9" fill="{colour}"/>')
        outline = [f"M{fmt(x)},0.9h{fmt(span)}v{box_h}h{fmt(-span)}z"]
        outline += [f"M{fmt(x + k * cell)},0.9v{box_h}" for k in range(1, high - low + 1)]
        body.append(
            f'<path d="{" ".join(outline)}" fill="#ffffff" stroke="{INK}" stroke-width="0.25"/>'
        )
        numbers = "".join(
            f'<text class="number" x="{fmt(x + (k + 0.5) * cell)}" y="{fmt(baseline)}">{n}</text>'
            for k, n in enumerate(range(low, high + 1))
        )
        body.append(
            f'<g font-family="{SVG_FAMILY}" font-size="{fmt(size_mm)}" text-anchor="middle" '
            f'fill="#6f6f6f">{numbers}</g>'
        )
        x += span + gap
    return document_of(width + 0.3, box_h + 1.2, body, "strip")
