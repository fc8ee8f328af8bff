"""Fugitive's puzzle book: a page of instructions, the puzzles (two a page when they fit,
each drawn as the table seen from the Marshal's chair), then the solutions at the back
(book_solutions.py).

A puzzle comes in as its Puzzle.to_json() dict (so a book can be printed from puzzles.json).
Its box holds, top to bottom: the question; the row of cards left to right (the 0, found
Hideouts face up with their Sprint cards' numbers, face-down Hideouts as card backs with
their Sprint cards peeking out below, each with the turn it was placed on) and a box to
write the number of each face-down Hideout; the Marshal's hand; a turn-by-turn table (the
pile of each of his draws, what he placed, each of her guesses); space for notes; and the
numbers 1-41 to cross off.
"""

from collections.abc import Sequence

import svgwrite
from svgwrite.container import Group

from generator.games.fugitive.book_solutions import solution_pages
from generator.games.fugitive.cards import PILES, published
from generator.games.fugitive.print import (
    GREY,
    INK,
    MARGIN,
    PILE_COLOURS,
    SHADE,
    START_COLOUR,
    draw_para,
    draw_rect,
    draw_rule,
    draw_section,
    draw_text,
    finish_page,
    line_height,
    new_page,
    page_bottom,
    page_header,
    pile_colour,
    small_card,
    text_width_pt,
)
from generator.games.fugitive.puzzles import Puzzle, question_text, table_facts
from generator.render.fonts import SVG_FAMILY, ascent_descent, text_width
from generator.render.layouts import LayoutBook, Paper
from generator.render.text import TextOverflow
from generator.render.units import pt_to_mm

BOOK_TITLE = "Fugitive: puzzles"
CARD_RATIO = 88 / 63
CARD_MAX_W = 12.6  # a row card; the row shrinks them when it holds many
CARD_GAP = 3.0
PEEK = 4.0  # how far each Sprint card shows below the card above it
HAND_W = 8.4  # a card in the Marshal's hand
LABEL_W = 26.0  # the label column at the left of each block
PAD = 3.5  # inside a puzzle's frame
GAP = 2.8  # between the blocks of a puzzle
ROW_H = 5.0  # a line of the turn-by-turn table
SETUP_W = 19.0  # its setup column
TURN_MIN_W = 11.0  # the narrowest turn column before the table wraps to a second band
TURN_MAX_W = 30.0
STRIP_H = 10.5  # the 1-41 strip with its caption
NOTES_MIN = 17.0  # below this (two ruled lines), spare space stays blank
BACK_FILL, BACK_EDGE = "#2c3540", "#c9b98f"  # the deck back, as on the cards
FAINT = "#c8c8c8"
SPRINT = published().sprint
START_HAND = 9  # the 1, 2, 3, 42 and 5 cards drawn at setup
GROUPS = ((1, 3, START_COLOUR),) + tuple(
    (low, high, colour) for (low, high), colour in zip(PILES, PILE_COLOURS, strict=True)
)


# --- reading a puzzle -----------------------------------------------------------------------


def checked(puzzles: Sequence) -> list[dict]:
    """Return the puzzles as dicts (Puzzle objects are turned into their to_json()), each
    checked: the keys of Puzzle.to_json(), a table table_facts accepts and one answer for
    each face-down Hideout. ValueError naming the puzzle otherwise."""
    out = []
    for number, puzzle in enumerate(puzzles, 1):
        data = puzzle.to_json() if hasattr(puzzle, "to_json") else puzzle
        keys = {"id", "difficulty", "table", "answer", "reasoning"}
        if not isinstance(data, dict) or not keys <= set(data):
            raise ValueError(f"puzzle {number} is not a puzzle (keys {', '.join(sorted(keys))})")
        try:
            facts = table_facts(data["table"])
        except ValueError as error:
            raise ValueError(f"puzzle {number} ({data['id']}): {error}") from None
        if not isinstance(data["answer"], list) or len(data["answer"]) != len(facts.face_down):
            raise ValueError(f"puzzle {number} ({data['id']}): one answer per face-down Hideout")
        if his_hand(data["table"]) < 1:
            raise ValueError(
                f"puzzle {number} ({data['id']}): more cards in the row than the Fugitive had"
            )
        out.append(data)
    if not out:
        raise ValueError("a puzzle book needs at least one puzzle")
    return out


def as_puzzle(data: dict) -> Puzzle:
    """Return the Puzzle of a to_json() dict."""
    return Puzzle(
        id=data["id"],
        difficulty=data["difficulty"],
        table=data["table"],
        answer=list(data["answer"]),
        reasoning=list(data.get("reasoning") or []),
    )


def his_hand(table: dict) -> int:
    """Return how many cards the Fugitive holds at the end of the table's turn: his nine
    at setup and one drawn a turn from turn 2, less his Hideouts, their Sprint cards and
    his discards."""
    row = table["row"][1:]
    placed = sum(1 + card.get("sprint_count", len(card.get("sprint", []))) for card in row)
    discarded = sum(1 for d in table["discarded"] if d["by"] == "fugitive")
    return START_HAND + len(table["draws"]) - placed - discarded


# --- drawing cards --------------------------------------------------------------------------


def _feet(parent, cx: float, cy: float, count: int, fill: str = INK) -> None:
    """`count` tiny footprints side by side around (cx, cy): a card's Sprint value, as one
    <path class="feet"> (a sole and a toe each)."""
    parts = []
    for index in range(count):
        x = cx + (index - (count - 1) / 2) * 2.0
        for centre, rx, ry in ((cy + 0.35, 0.45, 0.8), (cy - 0.75, 0.3, 0.3)):
            parts.append(
                f"M{x - rx:.3f},{centre:.3f}a{rx},{ry} 0 1,0 {2 * rx:.3f},0"
                f"a{rx},{ry} 0 1,0 {-2 * rx:.3f},0z"
            )
    if parts:
        parent.add(svgwrite.path.Path(d="".join(parts), fill=fill, class_="feet"))


def face_up(parent, x: float, y: float, w: float, h: float, number: int) -> None:
    """A face-up card: its number in its pile's colour and its Sprint value as footprints."""
    small_card(parent, x, y, w, h, number)
    if number:
        _feet(parent, x + w / 2, y + h - 2.1, SPRINT[number], fill=GREY)


def face_down_card(parent, x: float, y: float, w: float, h: float) -> None:
    """A card back: the dark deck back with its gold frame and a question mark."""
    small_card(parent, x, y, w, h, None)
    inset = min(1.2, w * 0.09)
    draw_rect(
        parent,
        x + inset,
        y + inset,
        w - 2 * inset,
        h - 2 * inset,
        stroke=BACK_EDGE,
        width=0.2,
        rx=0.5,
        ry=0.5,
    )
    draw_text(
        parent, "?", x, y, w, h, 12, bold=True, align="center", valign="middle", fill=BACK_EDGE
    )


def _sprint_strip(parent, x: float, y: float, w: float, h: float, peek: float, number) -> None:
    """A Sprint card under a Hideout, drawn whole at (x, y) but seen only in its bottom
    `peek` mm: face down (None), or face up with its number and footprints in that band."""
    if number is None:
        draw_rect(parent, x, y, w, h, fill=BACK_FILL, stroke=BACK_EDGE, width=0.45, rx=0.8, ry=0.8)
        return
    draw_rect(parent, x, y, w, h, fill="#fbf8f1", stroke=INK, width=0.3, rx=0.8, ry=0.8)
    band = y + h - peek
    colour = pile_colour(number)
    draw_text(
        parent,
        str(number),
        x + 1,
        band,
        w * 0.55,
        peek,
        7,
        min_size=5.5,
        bold=True,
        valign="middle",
        fill=colour,
    )
    _feet(parent, x + w * 0.76, band + peek / 2, SPRINT[number])


# --- a puzzle -------------------------------------------------------------------------------


def _label(parent, title: str, note: str, x: float, y: float) -> None:
    """A block's label in the left column: a bold title and a grey note under it."""
    draw_text(parent, title, x, y, LABEL_W - 2, 4.2, 8.5, bold=True)
    if note:
        draw_para(parent, note, x, y + 4.4, LABEL_W - 2, 6.5, fill=GREY)


def _row(parent, table: dict, x: float, y: float, w: float, answers: bool = True) -> float:
    """Draw the row from (x, y) in width `w`: labels above, cards with their Sprint cards,
    the turn each was placed on and (when `answers`) a box under each face-down Hideout.
    Return the y below."""
    row = table["row"]
    step = min(CARD_MAX_W + CARD_GAP + 3, w / len(row))
    card_w = min(CARD_MAX_W, step - CARD_GAP)
    card_h = card_w * CARD_RATIO
    deepest = max(card.get("sprint_count", len(card.get("sprint", []))) for card in row)
    peek = PEEK if deepest <= 4 else 16.8 / deepest
    top = y + 4.5
    below = top + card_h + deepest * peek + 1.6
    for p, card in enumerate(row):
        cx = x + p * step
        group = Group(class_="row-card")
        label = "start" if p == 0 else f"H{p}"
        draw_text(
            group, label, cx, y, card_w, 4, 8, bold=p > 0, align="center", fill=INK if p else GREY
        )
        if "sprint_count" in card:
            for under in range(card["sprint_count"], 0, -1):
                _sprint_strip(group, cx, top + under * peek, card_w, card_h, peek, None)
            face_down_card(group, cx, top, card_w, card_h)
        else:
            sprints = sorted(card["sprint"])
            for under in range(len(sprints), 0, -1):
                y_under = top + under * peek
                _sprint_strip(group, cx, y_under, card_w, card_h, peek, sprints[under - 1])
            face_up(group, cx, top, card_w, card_h, card["number"])
        if p:
            draw_text(
                group,
                f"turn {card['turn']}",
                cx - 1,
                below,
                card_w + 2,
                3.6,
                7,
                align="center",
                fill=GREY,
            )
        if answers and "sprint_count" in card:
            box = Group(class_="answer-box", id=f"answer-H{p}")
            draw_rect(
                box,
                cx - 0.5,
                below + 4.2,
                card_w + 1,
                7.6,
                fill="#ffffff",
                width=0.45,
                rx=0.6,
                ry=0.6,
            )
            draw_text(box, f"H{p}", cx + 0.5, below + 4.8, card_w - 1, 2.4, 5.5, fill=GREY)
            group.add(box)
        parent.add(group)
    return below + (12.8 if answers else 4.0)


def _hand(parent, table: dict, x: float, y: float, w: float) -> float:
    """Draw the Marshal's hand as small cards, then what was discarded and how many cards
    the Fugitive holds; return the y below."""
    hand = sorted(table["marshal_hand"])
    hand_h = HAND_W * CARD_RATIO
    step = min(HAND_W + 1.6, (w - 48) / max(1, len(hand)))
    card_w = min(HAND_W, step - 0.8)
    for index, number in enumerate(hand):
        group = Group(class_="hand-card")
        face_up(group, x + index * step, y, card_w, card_w * CARD_RATIO, number)
        parent.add(group)
    notes = []
    if table["discarded"]:
        whose = {"fugitive": "his hand", "marshal": "your hand"}
        notes.append(
            "Discarded face up: "
            + ", ".join(f"{d['card']} (from {whose[d['by']]})" for d in table["discarded"])
            + "."
        )
    held = his_hand(table)
    if held == 1:
        notes.append("The Fugitive holds 1 card: the 42.")
    else:
        notes.append(f"The Fugitive holds {held} cards, the 42 among them.")
    nx = x + len(hand) * step + 3
    draw_text(
        parent,
        " ".join(notes),
        nx,
        y,
        x + w - nx,
        hand_h,
        7.5,
        min_size=6,
        valign="middle",
        fill=GREY,
    )
    return y + hand_h


def _turn_cells(table: dict) -> list[tuple[str, str, str, str]]:
    """Return the turn table's columns: (turn, pile drawn, placed, guess) for setup and each
    turn; a guess shows the numbers she named, then "miss" or "hit" ("6 23 hit")."""
    placed: dict[int, list[str]] = {}
    for p, card in enumerate(table["row"][1:], start=1):
        placed.setdefault(card["turn"], []).append(f"H{p}")
    named = {g["turn"]: f"{g['number']} miss" for g in table["wrong_guesses"]}
    for g in table["right_guesses"]:
        named[g["turn"]] = " ".join(map(str, g["numbers"])) + " hit"
    columns = [("setup", "1 1 1 2 2", "", "")]
    for turn in range(1, table["turn"] + 1):
        drew = "–" if turn == 1 else str(table["draws"][turn - 2])
        guess = named[turn]
        columns.append((str(turn), drew, " ".join(placed.get(turn, ["pass"])), guess))
    return columns


def _setup_draws(parent, x: float, y: float, w: float) -> None:
    """The setup cell of the draws: three 1s and two 2s, each in its pile's colour."""
    parts = [("1 1 1", PILE_COLOURS[0]), ("2 2", PILE_COLOURS[1])]
    space = text_width_pt(" ", 7.5, True)
    widths = [text_width_pt(text, 7.5, True) for text, _ in parts]
    left = x + (w - sum(widths) - space) / 2
    for (text, colour), width in zip(parts, widths, strict=True):
        draw_text(
            parent, text, left, y, width + 0.2, ROW_H, 7.5, bold=True, valign="middle", fill=colour
        )
        left += width + space


TURN_ROWS = ("Turn", "He drew from pile", "He placed", "You guessed")


def _turn_table(parent, table: dict, x: float, y: float, w: float) -> float:
    """Draw the turn-by-turn table (in bands if the turns do not fit one); return the y
    below."""
    columns = _turn_cells(table)
    setup, turns = columns[0], columns[1:]
    room = w - LABEL_W - SETUP_W
    per_band = max(1, int(room // TURN_MIN_W))
    col_w = min(TURN_MAX_W, room / min(per_band, len(turns)))
    if len(turns) > per_band:  # every band as wide as the first
        col_w = room / per_band
    for start in range(0, len(turns), per_band):
        band = ([setup] if start == 0 else []) + turns[start : start + per_band]
        widths = ([SETUP_W] if start == 0 else []) + [col_w] * (len(band) - (start == 0))
        right = x + LABEL_W + sum(widths)
        draw_rect(parent, x, y, right - x, ROW_H, fill=SHADE, stroke="none")
        for r, label in enumerate(TURN_ROWS):
            ry = y + r * ROW_H
            draw_text(
                parent,
                label,
                x + 1,
                ry,
                LABEL_W - 2,
                ROW_H,
                7.5,
                min_size=6,
                bold=r == 0,
                valign="middle",
            )
            cx = x + LABEL_W
            for column, cw in zip(band, widths, strict=True):
                value = column[r]
                fill, bold = INK, r == 0
                if r == 1 and column[0] == "setup":
                    _setup_draws(parent, cx, ry, cw)
                    value = ""
                elif r == 1 and value.isdigit():
                    fill, bold = PILE_COLOURS[int(value) - 1], True
                elif value in ("hit", "pass") or column[0] == "setup":
                    fill = GREY
                if value:
                    draw_text(
                        parent,
                        value,
                        cx + 0.5,
                        ry,
                        cw - 1,
                        ROW_H,
                        7.5,
                        min_size=5.5,
                        bold=bold,
                        align="center",
                        valign="middle",
                        fill=fill,
                    )
                cx += cw
            draw_rule(parent, x, ry + ROW_H, right, ry + ROW_H, width=0.2)
        cx = x + LABEL_W
        for cw in widths:
            draw_rule(parent, cx, y, cx, y + 4 * ROW_H, width=0.2)
            cx += cw
        draw_rect(parent, x, y, right - x, 4 * ROW_H, width=0.4)
        y += 4 * ROW_H + 2.5
    return y - 2.5


def _number_strip(parent, x: float, y: float, w: float) -> None:
    """The numbers 1-41 in boxes, grouped by where the cards start (his hand, piles 1-3),
    under a one-line caption; each number is a <text class="number">. The boxes of a group
    are one path and its numbers share one text style: a strip on every puzzle page is many
    small shapes, and fewer elements make the PDF much quicker to write."""
    draw_text(
        parent,
        "Cross off the numbers no face-down Hideout can have:",
        x,
        y,
        w * 0.7,
        3.6,
        7,
        fill=GREY,
    )
    spans = "1–3 his own · 4–14 pile 1 · 15–28 pile 2 · 29–41 pile 3"
    draw_text(parent, spans, x + w * 0.5, y, w * 0.5, 3.6, 7, align="right", fill=GREY)
    gap, box_h = 2.0, 5.2
    cell = (w - gap * (len(GROUPS) - 1)) / 41
    size = next(
        (s for s in (7.0, 6.5, 6.0, 5.5) if text_width("41", pt_to_mm(s)) <= cell - 0.6), None
    )
    if size is None:
        raise TextOverflow("41", cell - 0.6, box_h, 5.5)
    ascent, descent = ascent_descent(pt_to_mm(size))
    baseline = y + 4.3 + 0.9 + (box_h + ascent + descent) / 2
    top = y + 4.3
    cx = x
    for low, high, colour in GROUPS:
        span = cell * (high - low + 1)
        draw_rect(parent, cx, top, span, 0.9, fill=colour, stroke="none")
        outline = [f"M{cx:.3f},{top + 0.9:.3f}h{span:.3f}v{box_h}h{-span:.3f}z"]
        outline += [
            f"M{cx + k * cell:.3f},{top + 0.9:.3f}v{box_h}" for k in range(1, high - low + 1)
        ]
        parent.add(
            svgwrite.path.Path(d=" ".join(outline), fill="#ffffff", stroke=INK, stroke_width=0.25)
        )
        numbers = Group(
            font_family=SVG_FAMILY,
            font_size=f"{pt_to_mm(size):.3f}",
            text_anchor="middle",
            fill="#6f6f6f",
        )
        for k, number in enumerate(range(low, high + 1)):
            centre = cx + (k + 0.5) * cell
            numbers.add(svgwrite.text.Text(str(number), insert=(centre, baseline), class_="number"))
        parent.add(numbers)
        cx += span + gap


def _tag(puzzle: dict) -> str:
    return f"{puzzle['difficulty']} · end of your turn {puzzle['table']['turn']} · {puzzle['id']}"


def _puzzle_top(parent, puzzle: dict, number: int, x: float, y: float, w: float) -> float:
    """Draw a puzzle's heading, question, row, hand and turn table from (x, y) in width `w`;
    return the y below the table."""
    table = puzzle["table"]
    draw_text(parent, f"Puzzle {number}", x, y, 40, 7, 13, bold=True, valign="middle")
    draw_text(
        parent,
        _tag(puzzle),
        x + 40,
        y,
        w - 40,
        7,
        8,
        min_size=6,
        align="right",
        valign="middle",
        fill=GREY,
    )
    y += 8.0
    question = question_text(as_puzzle(puzzle))
    y = draw_para(parent, question, x, y, w, 9.5, bold=True) + GAP
    return table_blocks(parent, table, x, y, w)


def table_blocks(parent, table: dict, x: float, y: float, w: float) -> float:
    """Draw a table as the Marshal sees it from (x, y) in width `w`: the row with a box
    under each face-down Hideout, her hand, the turn-by-turn table; return the y below."""
    _label(parent, "The row", "left to right, as you see it", x, y + 4.5)
    inner = x + LABEL_W
    below = _row(parent, table, inner, y, w - LABEL_W)
    _label(parent, "Your answer", "", x, below - 7.0)
    y = below + GAP
    _label(parent, "Your hand", "", x, y + 1)
    y = _hand(parent, table, inner, y, w - LABEL_W) + GAP + 0.6
    return _turn_table(parent, table, x, y, w)


def _puzzle_box(parent, puzzle: dict, number: int, x: float, y: float, w: float, h: float) -> None:
    """Draw one puzzle in a frame (x, y, w, h): the top part, ruled space for notes if there
    is room, and the 1-41 strip at the bottom. TextOverflow if it does not fit."""
    draw_rect(parent, x, y, w, h, stroke=GREY, width=0.3, rx=2, ry=2)
    x, y, w, h = x + PAD, y + PAD - 0.5, w - 2 * PAD, h - 2 * PAD + 0.5
    below = _puzzle_top(parent, puzzle, number, x, y, w)
    strip_top = y + h - STRIP_H
    if below + GAP > strip_top:
        raise TextOverflow(f"puzzle {number}", w, h, 0)
    if strip_top - below - 2 * GAP >= NOTES_MIN:
        top = below + GAP + 1
        draw_text(parent, "Notes", x, top, 30, 4, 8, bold=True, fill=GREY)
        line_y = top + 9.5
        while line_y <= strip_top - GAP:
            draw_rule(parent, x, line_y, x + w, line_y, stroke=FAINT, width=0.2)
            line_y += 7.5
    _number_strip(parent, x, strip_top, w)


def _height(puzzle: dict, w: float) -> float:
    """Return the height a puzzle's frame needs at width `w` (no notes space)."""
    top = MARGIN
    below = _puzzle_top(Group(), puzzle, 1, MARGIN + PAD, top + PAD - 0.5, w - 2 * PAD)
    return below - top + GAP + STRIP_H + PAD + 0.5


# --- the instructions -----------------------------------------------------------------------

# An illustration for the instructions page (a legal table, not a puzzle: it has no single
# answer), and what it shows, lead by lead.
EXAMPLE = {
    "deck": "published",
    "turn": 3,
    "row": [
        {"number": 0, "sprint": []},
        {"number": 5, "sprint": [2], "turn": 1},
        {"sprint_count": 2, "turn": 1},
        {"sprint_count": 0, "turn": 3},
    ],
    "marshal_hand": [7, 11, 12, 20],
    "discarded": [],
    "draws": [1, 2],
    "wrong_guesses": [{"number": 8, "turn": 1}, {"number": 9, "turn": 2}],
    "right_guesses": [{"turn": 3, "numbers": [5]}],
}
EXAMPLE_NOTES = (
    ("H1", "Your hit on turn 3 turned it up: the 5, with the 2 as its Sprint card."),
    (
        "H2",
        "Face down since turn 1 with two Sprint cards: above 5 and at most 12 (the 5, plus 3, "
        "plus up to 2 for each Sprint card).",
    ),
    ("H3", "Put down on turn 3 with no Sprint card: at most 3 above H2."),
    (
        "Misses",
        "8 and 9 missed while H2 lay face down, so H2 is neither. H3 came later: it may be 9.",
    ),
    ("Piles", "He had drawn 4 cards from pile 1 by turn 2, and the 5 is one of them."),
)

# In our own words (never the rule text's). Each section: heading, then items: a paragraph,
# or (lead, text) with a bold lead-in.
INTRO = (
    "Every puzzle freezes a game of Fugitive just after one of your turns as the Marshal. "
    "Some of his Hideouts are still face down. From what lies on the table, work out the "
    "number of each of them: one set of numbers fits, and only one. A pencil is all you need."
)
LEFT: tuple[tuple[str, tuple], ...] = (
    (
        "What each puzzle shows",
        (
            (
                "The row:",
                "card 0, then his Hideouts H1, H2, ... from left to right, each with the turn "
                "he put it down. A Hideout you found lies face up with its Sprint cards, "
                "numbers showing. A face-down one shows only how many Sprint cards peek out "
                "from under it.",
            ),
            ("Your answer:", "a box under each card back, for its number."),
            (
                "Your hand:",
                "the cards you have drawn. None of them can be in the row, face up or down.",
            ),
            (
                "Turn by turn:",
                "the pile he drew from on each turn (the setup gives him three cards from "
                "pile 1 and two from pile 2; he draws nothing on turn 1), the Hideouts he put "
                "down or his pass, and your guess with the numbers you named: a miss, or a "
                "hit that turned up those Hideouts, now face up.",
            ),
            ("The strip 1–41:", "cross off the numbers you rule out as you go."),
        ),
    ),
    (
        "Using the turn-by-turn facts",
        (
            "A miss on turn t only says that no Hideout face down at that moment had the "
            "number. A Hideout he put down later may still carry it.",
            "Count by pile. By the end of turn t you know how many cards he had taken from "
            "each pile. The face-down cards he had put down by then (Hideouts and Sprint "
            "cards alike) cannot use more cards of a pile than that, less the cards of that "
            "pile already face up in the row.",
        ),
    ),
)
RIGHT: tuple[tuple[str, tuple], ...] = (
    (
        "The rules that decide",
        (
            "Numbers climb along the row. A face-down Hideout is a number from 1 to 41: the "
            "42 is his escape card.",
            "A Hideout lies at most 3 above the card to its left, plus the footprints of "
            "the Sprint cards under it. In this deck an even card has two footprints and an "
            "odd card one, so k Sprint cards stretch the reach by 2k at most.",
            "There is one card of each number. Any card you can see (in the row, under a "
            "found Hideout, in your hand or discarded) is not hidden anywhere else. Sprint "
            "cards are cards like the others; we read the rules so that he never sprints "
            "with his 42.",
            "The 1, 2 and 3 start in his hand. Every other card he put down came from a "
            "pile (pile 1 holds 4–14, pile 2 15–28, pile 3 29–41), and he had drawn it "
            "before he put it down.",
        ),
    ),
    (
        "Levels and solutions",
        (
            ("Easy:", "cards in view, misses and reach, read from left to right and back."),
            ("Medium:", "adds counting by pile, and which cards could really be Sprint cards."),
            (
                "Hard:",
                "adds one 'suppose it were...': try a number, follow it to a contradiction, "
                "strike it out.",
            ),
            "The solutions at the back give every answer, then each puzzle's reasoning "
            "step by step.",
        ),
    ),
)
INSTRUCTION_SIZES = (9.0, 8.75, 8.5, 8.25, 8.0, 7.75, 7.5)
FIGURE_W = 112.0  # the example table; its notes take the rest of the width


def _shaded_heading(dwg, text: str, x: float, y: float, w: float, size: float) -> float:
    draw_rect(
        dwg, x, y - 0.6, w, line_height(size + 1.5) + 1.0, fill=SHADE, stroke="none", rx=1, ry=1
    )
    return draw_para(dwg, text, x + 1.5, y, w - 3, size + 1.5, bold=True) + 2.5


def _example(dwg, x: float, y: float, w: float, size: float) -> float:
    """Draw the example table with numbered notes beside it; return the y below."""
    y = _shaded_heading(dwg, "How to read a puzzle: an example", x, y, w, size)
    figure = Group(class_="example")
    below = table_blocks(figure, EXAMPLE, x, y, FIGURE_W)
    dwg.add(figure)
    nx, lead_w = x + FIGURE_W + 6, 15.5
    ny = y + 1
    for lead, text in EXAMPLE_NOTES:
        draw_text(dwg, lead, nx, ny, lead_w, line_height(size), size, bold=True)
        ny = draw_para(dwg, text, nx + lead_w, ny, x + w - nx - lead_w, size) + 1.6
    return max(below, ny) + 4


def _column(dwg, sections, x: float, y: float, w: float, size: float) -> float:
    for heading, items in sections:
        y = draw_section(dwg, heading, items, x, y, w, size)
    return y


def _instructions_page(paper: Paper, count: int, seed: int | None) -> str:
    """Return the instructions page, in the largest type that fits; TextOverflow if none."""
    width = paper.width - 2 * MARGIN
    plural = "puzzle" if count == 1 else "puzzles"
    seed_text = f" · seed {seed}" if seed is not None else ""
    subtitle = (
        f"{count} deduction {plural} for one player, played from the Marshal's chair{seed_text}"
    )
    gutter = 7.0
    column_w = (width - gutter) / 2
    for size in INSTRUCTION_SIZES:
        dwg = new_page(paper)
        y = page_header(dwg, paper, BOOK_TITLE, subtitle)
        y = draw_para(dwg, INTRO, MARGIN, y, width, size + 1) + 5
        y = _example(dwg, MARGIN, y, width, size)
        left = _column(dwg, LEFT, MARGIN, y, column_w, size)
        right = _column(dwg, RIGHT, MARGIN + column_w + gutter, y, column_w, size)
        if max(left, right) - 3.0 <= page_bottom(paper):
            return finish_page(dwg)
    raise TextOverflow("the puzzle instructions", width, page_bottom(paper), INSTRUCTION_SIZES[-1])


# --- the book -------------------------------------------------------------------------------


def puzzle_book(
    paper: Paper | str, puzzles: Sequence, seed: int | None = None
) -> list[tuple[str, str]]:
    """Return the puzzle book's pages as (component name, SVG at true size in mm): the
    instructions, the puzzles (two a page when both fit half a page, else one), then the
    solutions (every answer, then every puzzle's reasoning). `puzzles` are Puzzle.to_json()
    dicts (or Puzzles); ValueError if one is malformed, TextOverflow if one cannot fit a
    page."""
    if isinstance(paper, str):
        paper = LayoutBook().paper(paper)
    puzzles = checked(puzzles)
    width = paper.width - 2 * MARGIN
    full = page_bottom(paper) - MARGIN
    half = (full - 4) / 2
    heights = [_height(p, width) for p in puzzles]
    pages = [("puzzle instructions", _instructions_page(paper, len(puzzles), seed))]
    index = 0
    while index < len(puzzles):
        pair = index + 1 < len(puzzles) and max(heights[index : index + 2]) <= half
        slots = 2 if pair else 1
        box_h = half if pair else full
        dwg = new_page(paper)
        for slot in range(slots):
            number = index + slot + 1
            group = Group(class_="puzzle", id=f"puzzle-{number}")
            _puzzle_box(
                group,
                puzzles[index + slot],
                number,
                MARGIN,
                MARGIN + slot * (half + 4),
                width,
                box_h,
            )
            dwg.add(group)
        name = f"puzzles {index + 1}-{index + 2}" if pair else f"puzzle {index + 1}"
        pages.append((name, finish_page(dwg)))
        index += slots
    pages += [("solutions", page) for page in solution_pages(paper, puzzles)]
    return pages
