"""CutThroat!'s rulebook (render/document/rulebook.py): the cover, the table set up, the rules
and a worked example, the first turns of a six-player game our bots played.

The example is true by construction: `example_record()` plays a game (the simple bot in every
seat, seed EXAMPLE_SEED), `example_turns(record)` replays the record as `quarry replay` does
(records.replay_record) and then once more action by action, keeping after each turn the
markers on every life card and which identities are shown; the figures draw those cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from generator.games.cutthroat.rules import PUBLISHED, CutthroatState
from generator.render.document.rulebook import ExampleStep, Rulebook, replayed_intro
from generator.render.svg import document_of
from generator.render.text import text_box
from generator.render.units import fmt

EXAMPLE_PLAYERS = 6
EXAMPLE_SEED = 3  # a game whose fourth turn is a right guess and its extended play
EXAMPLE_TURNS = 4
CARD_W, CARD_H, CARD_GAP = 8.6, 12.0, 1.4  # mm: a life card in the figures (6 in 60 mm)
COVER_CARD_MM = 95.0  # the Ace's identity card, enlarged, on the cover
INK, GREY, RED = "#1f1f1f", "#5c5c5c", "#a8322a"
CLUB = "#f7f4ec"


@dataclass(frozen=True)
class ExampleTurn:
    """One turn of the example: the seat that played it, its actions (the record's words),
    the markers on each character's life card after it and the identities shown."""

    number: int
    seat: int
    actions: tuple[str, ...]
    markers: tuple[int, ...]
    revealed: tuple[bool, ...]


def example_record() -> dict:
    """Return the record of the example game, played by the bots with EXAMPLE_SEED."""
    from generator.games.cutthroat.bots import game_record

    return game_record(EXAMPLE_PLAYERS, EXAMPLE_SEED, "simple")


def example_turns(record: dict) -> tuple[list[ExampleTurn], str, CutthroatState]:
    """Replay `record` as quarry replay does (QuarryError if it does not replay), then action
    by action; return its turns, the result line and the state after the deal."""
    import copy

    from generator.engine.records import replay_record
    from generator.games import registry
    from generator.games.cutthroat.rules import state_from_header

    game = registry()["cutthroat"]
    result = replay_record(game, record, "the rulebook's example")
    state = state_from_header(record["header"])
    turns: list[ExampleTurn] = []
    dealt = None
    actions: list[str] = []
    for text in record["actions"]:
        seat, count = state.seat, state.turns
        state.apply(state.parse_action(text))
        if text.startswith("deal"):
            dealt = copy.deepcopy(state)
            continue
        actions.append(text)
        if state.turns != count or state.is_terminal():
            turns.append(ExampleTurn(len(turns) + 1, seat, tuple(actions),
                                     tuple(state.markers), tuple(state.revealed)))  # fmt: skip
            actions = []
    return turns, result, dealt


def life_cards_figure(ranks, markers, revealed, changed=frozenset()) -> str:
    """Return the life cards in a row, each with its rank and its markers' count; a card
    whose markers `changed` in the turn drawn with a red edge, and a character whose
    identity is shown marked "shown" under it."""
    body = []
    for index, rank in enumerate(ranks):
        x = index * (CARD_W + CARD_GAP) + 0.3
        edge, width = (RED, 0.8) if index in changed else (INK, 0.3)
        body.append(f'<rect class="life-card" x="{fmt(x)}" y="0.3" width="{fmt(CARD_W)}" '
                    f'height="{fmt(CARD_H)}" rx="1" fill="{CLUB}" stroke="{edge}" '
                    f'stroke-width="{fmt(width)}"/>')  # fmt: skip
        body.append(str(text_box(rank, x, 0.8, CARD_W, 3.6, 7, bold=True, align="center",
                                 fill=GREY)))  # fmt: skip
        body.append(str(text_box(str(markers[index]), x, 4.2, CARD_W, 7.0, 13, bold=True,
                                 align="center", valign="middle")))  # fmt: skip
        if revealed[index]:
            body.append(str(text_box("shown", x - 1, CARD_H + 0.8, CARD_W + 2, 3.6, 6.5,
                                     align="center", fill=RED, bold=True)))  # fmt: skip
    return document_of(len(ranks) * (CARD_W + CARD_GAP), CARD_H + 5.0, body)


# The table set up, in mm: the life cards (with their markers) over their hearts in the
# middle, the seats round them, each with its two cards face down and its aid card.
TABLE_CARD_W, TABLE_CARD_H, TABLE_GAP = 11.0, 15.4, 3.0
SEAT_CARD_W, SEAT_CARD_H, SEAT_GAP = 9.0, 12.6, 1.5
SEAT_SPACING = 46.0  # from one seat's left edge to the next
LABEL_PT = 7.0
EMBLEM = (
    '{% import "cutthroat/suits.svg.j2" as suits %}{{ suits.emblem(suit, x, y, s, fill, light) }}'
)


@cache
def _emblem_template():
    from generator.render.templates import shared_environment

    return shared_environment().from_string(EMBLEM)


def _emblem(suit: str, x: float, y: float, size: float, fill: str, light: str) -> str:
    """One of the four suit emblems, `size` mm tall, centred on (x, y)."""
    return _emblem_template().render(suit=suit, x=x, y=y, s=size / 21, fill=fill, light=light)


def _card(x, y, w, h, ground, edge, body=()) -> list[str]:
    return [
        f'<rect x="{fmt(x)}" y="{fmt(y)}" width="{fmt(w)}" height="{fmt(h)}" rx="0.8" '
        f'fill="{ground}" stroke="{edge}" stroke-width="0.3"/>',
        *body,
    ]


def table_figure(ranks, markers: int, seats: int) -> str:
    """Return the table before the first turn: each character's life card face up in a row
    with its `markers` markers on it and its heart card below it, and `seats` seats round
    them, half above and half below, each with its identity and enemy card face down and
    its aid card."""
    from generator.games.cutthroat.cards import BACK, SUIT_BY_KEY

    life, heart = SUIT_BY_KEY["life"], SUIT_BY_KEY["heart"]
    top_row = (seats + 1) // 2
    width = max(top_row, seats - top_row) * SEAT_SPACING
    seat_h = SEAT_CARD_H + 6.0
    row_w = len(ranks) * TABLE_CARD_W + (len(ranks) - 1) * TABLE_GAP
    body: list[str] = []

    def label(text: str, x: float, y: float, w: float) -> None:
        body.append(str(text_box(text, x, y, w, 4.0, LABEL_PT, align="center", fill=GREY)))

    middle_y = seat_h + 6.0
    for index, rank in enumerate(ranks):
        x = (width - row_w) / 2 + index * (TABLE_CARD_W + TABLE_GAP)
        spots = [(x + 2.2 + (m % 4) * 2.2, middle_y + 8.6 + (m // 4) * 2.4) for m in range(markers)]
        dots = [
            f'<circle class="marker" cx="{fmt(a)}" cy="{fmt(b)}" r="0.85" fill="{INK}"/>'
            for a, b in spots
        ]
        rank_text = str(text_box(rank, x, middle_y + 0.6, TABLE_CARD_W, 3.6, 7.5, bold=True,
                                 align="center", fill=life.colour))  # fmt: skip
        emblem = _emblem("life", x + TABLE_CARD_W / 2, middle_y + 5.6, 3.2, life.colour, life.tint)
        body += _card(x, middle_y, TABLE_CARD_W, TABLE_CARD_H, life.tint, life.colour,
                      [rank_text, emblem, *dots])  # fmt: skip
        hy = middle_y + TABLE_CARD_H + 1.5
        heart_rank = str(text_box(rank, x, hy + 0.6, TABLE_CARD_W, 3.6, 7.5, bold=True,
                                  align="center", fill=heart.colour))  # fmt: skip
        heart_mark = _emblem("heart", x + TABLE_CARD_W / 2, hy + 9.0, 6.0, heart.colour, heart.tint)
        body += _card(x, hy, TABLE_CARD_W, TABLE_CARD_H, heart.tint, heart.colour,
                      [heart_rank, heart_mark])  # fmt: skip
    label(f"life cards (clubs), {markers} markers each", 0, middle_y - 4.4, width)
    hearts_end = middle_y + 2 * TABLE_CARD_H + 1.5
    label("each heart below its life card", 0, hearts_end + 0.6, width)
    bottom_y = hearts_end + 8.0
    for seat in range(seats):
        row, place = (0, seat) if seat < top_row else (1, seat - top_row)
        in_row = top_row if row == 0 else seats - top_row
        x0 = (width - in_row * SEAT_SPACING) / 2 + place * SEAT_SPACING + 5.5
        y = 0.3 if row == 0 else bottom_y
        for n in range(2):
            x = x0 + n * (SEAT_CARD_W + SEAT_GAP)
            inner = (f'<rect x="{fmt(x + 1)}" y="{fmt(y + 1)}" width="{fmt(SEAT_CARD_W - 2)}" '
                     f'height="{fmt(SEAT_CARD_H - 2)}" rx="0.5" fill="none" '
                     f'stroke="{BACK["line"]}" stroke-width="0.3"/>')  # fmt: skip
            body += _card(x, y, SEAT_CARD_W, SEAT_CARD_H, BACK["dark"], BACK["dark"], [inner])
        ax = x0 + 2 * (SEAT_CARD_W + SEAT_GAP) + 1.5
        band = (f'<rect x="{fmt(ax)}" y="{fmt(y)}" width="{fmt(SEAT_CARD_W)}" height="3" '
                f'fill="{RED}"/>')  # fmt: skip
        body += _card(ax, y, SEAT_CARD_W, SEAT_CARD_H, "#ffffff", RED, [band])
        label(f"seat {seat}: identity, enemy, aid", x0 - 5.5, y + SEAT_CARD_H + 0.8,
              SEAT_SPACING - 1)  # fmt: skip
    return document_of(width, bottom_y + seat_h, body, "setup")


COUNTS = {1: "a marker", 2: "two markers", 3: "three markers", 4: "four markers"}
BACK = {1: "one", 2: "two", 3: "three", 4: "four"}


def _moved(ranks: list[str], counts: dict) -> str:
    """Return "two markers off the 3 and a marker off the 2" for takes (or puts)."""
    seen = list(dict.fromkeys(ranks))
    return " and ".join(f"{counts[ranks.count(rank)]} {{}} the {rank}" for rank in seen)


def turn_words(turn: ExampleTurn, ranks) -> str:
    """Return a turn in words, from the record's actions."""
    takes, puts, words = [], [], []

    def flush() -> None:
        if takes:
            took = _moved(takes, COUNTS).replace("{}", "off")
            put = _moved(puts, BACK).replace("{}", "back on") if puts else "none back"
            words.append(f"takes {took}, and puts {put}")
            takes.clear()
            puts.clear()

    for text in turn.actions:
        parts = text.split()
        if parts[0] == "take":
            takes.append(parts[1])
        elif parts[0] == "put":
            puts.append(parts[1])
        elif parts[0] == "guess":
            flush()
            seat, rank = int(parts[1]), parts[2]
            right = turn.revealed[ranks.index(rank)]
            verdict = "right: that identity card is turned face up" if right else "wrong"
            words.append(f"guesses that seat {seat} is the {rank}, {verdict}")
            if right:
                words.append("then makes the extended play the guess earns:")
        elif parts[0] in ("play", "bonus", "pass"):
            flush()
    flush()
    text = ", ".join(words).replace(":,", ":")
    return f"Seat {turn.seat} {text}."


def example_steps(turns: list[ExampleTurn], ranks) -> list[ExampleStep]:
    """Return the worked example's steps: the first EXAMPLE_TURNS turns, each drawn."""
    steps, before = [], (PUBLISHED.markers,) * len(ranks)
    for turn in turns[:EXAMPLE_TURNS]:
        changed = {i for i, (a, b) in enumerate(zip(before, turn.markers, strict=True)) if a != b}
        figure = life_cards_figure(ranks, turn.markers, turn.revealed, changed)
        steps.append(ExampleStep(figure, f"Turn {turn.number}", turn_words(turn, ranks)))
        before = turn.markers
    return steps


SETUP_STEPS = (
    "Keep the ranks Ace to the N-th of each suit, N the number of players.",
    "Lay the clubs face up in the middle, a row of life cards, with 8 markers on each and "
    "each heart beside its life card.",
    "Shuffle the diamonds and deal one to each player face down: who you are. Do the same "
    "with the spades: your enemy (it may be yourself).",
    "Each player keeps an aid card. The youngest player starts; play goes round in seat order.",
)


def rulebook(players: int = EXAMPLE_PLAYERS):
    """Return CutThroat!'s rulebook for a table of `players` (what its cover lists): its
    example, a game of EXAMPLE_PLAYERS, replayed from example_record()."""
    from generator.games.cutthroat.cards import card_set
    from generator.games.cutthroat.reference import rules_part
    from generator.games.cutthroat.table import needs

    turns, result, dealt = example_turns(example_record())
    ranks = dealt.ranks
    table = needs(players, None)
    intro = replayed_intro(
        f"the first turns of a {EXAMPLE_PLAYERS}-player game",
        "the simple bot in every seat",
        "Each picture is the row of life cards after the turn with their markers; a red "
        "edge marks the cards the turn changed.",
        result,
    )
    return Rulebook(
        title="CutThroat!",
        tagline="Everyone is someone secretly, and secretly hunts someone. The last "
        "character alive wins. Six to thirteen players.",
        cover_art=card_set(players=EXAMPLE_PLAYERS).faces[0].front,
        cover_width=COVER_CARD_MM,
        contents=[
            f"{piece.count} x {piece.name}: {piece.why}"
            for piece in table.pieces
            if not piece.name.endswith("reach")  # how far the tracks run, not a piece
        ],
        bring=[item.text() for item in table.bring],
        setup_picture=table_figure(ranks, PUBLISHED.markers, EXAMPLE_PLAYERS),
        setup_caption=(
            f"A {EXAMPLE_PLAYERS}-player table before the first turn: the life cards in the "
            f"middle with {PUBLISHED.markers} markers each, every heart below its life card, "
            "and at each seat the identity and enemy cards face down beside the aid card. "
            "The worked example draws the life cards alone, with their count of markers."
        ),
        setup_steps=SETUP_STEPS,
        rules=lambda blocks: rules_part(blocks).story,
        example_intro=intro,
        example=example_steps(turns, ranks),
    )
