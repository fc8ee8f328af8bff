"""Fugitive's rulebook (render/document/rulebook.py): the cover, the table set up, the rules
and a worked example, the first rounds of a game our bots played with the published deck.

The example is true by construction: `example_record()` plays a game (the planning Fugitive
against the deducing Marshal, seed EXAMPLE_SEED), `example_rounds(record)` replays the record
as `quarry replay` does (records.replay_record) and then once more action by action, keeping
after each round the row as the table sees it; the figures draw those rows.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.games.fugitive.cards import published
from generator.games.fugitive.figures import CARD_RATIO, face_down, face_up, hand_figure, row_figure
from generator.games.fugitive.rules import FUGITIVE, new_game, record_for
from generator.render.document.rulebook import ExampleStep, Rulebook, replayed_intro
from generator.render.svg import document_of
from generator.render.text import text_box

EXAMPLE_SEED = 1  # a game whose first rounds show a Sprint card, a right and a wrong guess
EXAMPLE_ROUNDS = 4
FIGURE_MM = 62.0  # the width of a row's figure in the example
PILE_NAMES = ("pile 1 (4-14)", "pile 2 (15-28)", "pile 3 (29-41)")


@dataclass(frozen=True)
class ExampleRound:
    """One round of the example: what each player did, in the record's words, the row as
    the table saw it at the round's end, and the Fugitive's hand at its start."""

    number: int
    fugitive: tuple[str, ...]
    marshal: tuple[str, ...]
    row: dict
    hand: tuple[int, ...]


def example_record() -> dict:
    """Return the record of the example game, played by the bots with EXAMPLE_SEED."""
    from generator.games.fugitive.bots import play_fugitive

    state, actions = play_fugitive("planning", "deducing", published(), EXAMPLE_SEED)
    players = {"fugitive": "planning bot", "marshal": "deducing bot"}
    return record_for(state, actions, EXAMPLE_SEED, players)


def _table_row(state, placed: list[int]) -> dict:
    """Return the row as the table sees it, in row_figure's form: found cards face up with
    their Sprint cards, the others face down with how many Sprint cards lie under them."""
    row = [{"number": 0, "sprint": []}]
    for hideout, turn in zip(state.row[1:], placed, strict=True):
        if hideout.revealed:
            row.append({"number": hideout.number, "sprint": list(hideout.sprint), "turn": turn})
        else:
            row.append({"sprint_count": len(hideout.sprint), "turn": turn})
    return {"row": row}


def example_rounds(record: dict) -> tuple[list[ExampleRound], str, tuple[int, ...]]:
    """Replay `record` as quarry replay does (QuarryError if it does not replay), then action
    by action; return its rounds, the result line and the Fugitive's hand after the deal."""
    from generator.engine.records import replay_record
    from generator.games import registry

    result = replay_record(registry()["fugitive"], record, "the rulebook's example")
    state = new_game(published(record["header"]["options"]["variant"]))
    rounds: list[ExampleRound] = []
    placed: list[int] = []  # the Fugitive turn on which each Hideout was placed
    said: dict[int, list[str]] = {0: [], 1: []}
    dealt: tuple[int, ...] = ()
    hand: tuple[int, ...] = ()
    for text in record["actions"]:
        player = state.current_player()
        if player == FUGITIVE and not said[FUGITIVE]:
            hand = tuple(sorted(state.hands[FUGITIVE]))
        state.apply(state.parse_action(text))
        if text.startswith("deal"):
            dealt = hand = tuple(sorted(state.hands[FUGITIVE]))
            continue
        if text.startswith("hide"):
            placed.append(state.turn)
        said[player].append(text)
        round_over = state.is_terminal() or (
            player != FUGITIVE and state.current_player() == FUGITIVE
        )
        if round_over:
            rounds.append(ExampleRound(len(rounds) + 1, tuple(said[FUGITIVE]),
                                       tuple(said[1 - FUGITIVE]), _table_row(state, placed),
                                       hand))  # fmt: skip
            said = {0: [], 1: []}
    return rounds, result, dealt


def _sprint_words(cards: list[str]) -> str:
    values = [published().sprint[int(card)] for card in cards]
    named = " and ".join(
        f"the {card} (+{value})" for card, value in zip(cards, values, strict=True)
    )
    return f" with {named} beneath it as Sprint card{'s' * (len(cards) > 1)}"


def fugitive_words(actions: tuple[str, ...]) -> str:
    """Return the Fugitive's turn in words (the record's actions; he hides them face down)."""
    words = []
    for text in actions:
        parts = text.split()
        if parts[0] == "draw":
            words.append(f"draws from {PILE_NAMES[int(parts[1]) - 1]}")
        elif parts[0] == "hide":
            sprint = parts[3:] if len(parts) > 2 else []
            tail = _sprint_words(sprint) if sprint else ""
            words.append(f"hides the {parts[1]} face down{tail}")
        elif parts[0] == "pass":
            words.append("passes")
        else:
            words.append(text)
    return "The Fugitive " + ", then ".join(words) + "."


def marshal_words(actions: tuple[str, ...], row: dict) -> str:
    """Return the Marshal's turn in words, each guess with whether it was right (a guessed
    number face up in the row at the round's end was right)."""
    found = {card["number"] for card in row["row"] if "number" in card}
    words = []
    for text in actions:
        parts = text.split()
        if parts[0] == "draw":
            words.append(f"draws from {PILE_NAMES[int(parts[1]) - 1]}")
        elif parts[0] == "guess":
            numbers = [int(n) for n in parts[1:]]
            named = " and ".join(map(str, numbers))
            right = all(n in found for n in numbers)
            verdict = "right: turned face up" if right else "wrong"
            words.append(f"guesses {named}, {verdict}")
        else:
            words.append(text)
    return "The Marshal " + ", then ".join(words) + "."


def example_steps(rounds: list[ExampleRound]) -> list[ExampleStep]:
    """Return the worked example's steps: the first EXAMPLE_ROUNDS rounds, each row drawn."""
    steps = []
    for played in rounds[:EXAMPLE_ROUNDS]:
        hand = ", ".join(map(str, played.hand))
        text = (
            f"The Fugitive's hand as his turn starts: {hand}. {fugitive_words(played.fugitive)} "
            f"{marshal_words(played.marshal, played.row)}"
        )
        steps.append(ExampleStep(row_figure(played.row, FIGURE_MM), f"Round {played.number}",
                                 text))  # fmt: skip
    return steps


def contents(pieces) -> list[str]:
    """Return what is in the kit, a line each, from the table check's pieces: the events in
    one line, the Hideouts without their breakdown by Sprint value."""
    events = [p.name.split(": ", 1)[1] for p in pieces if p.name.startswith("Event card: ")]
    lines = []
    for piece in pieces:
        if piece.name.startswith("Event card: ") or "with Sprint" in piece.name:
            continue
        lines.append(f"{piece.count} x {piece.name}: {piece.why}")
        if piece.name == "role card" and events:
            lines.append(f"{len(events)} x Event card, for the variants: {', '.join(events)}")
    return lines


SETUP_CARD_W = 14.0  # mm: a card in the setup picture
SETUP_GAP = 3.0


def setup_figure(hand: tuple[int, ...]) -> str:
    """Return the table before the first turn: the three piles face down, the 0 where the
    row starts, and the Fugitive's first hand face up, each named under it."""
    w, h, gap = SETUP_CARD_W, SETUP_CARD_W * CARD_RATIO, SETUP_GAP
    body = []

    def label(text: str, x: float, y: float, width: float) -> None:
        body.append(str(text_box(text, x, y, width, 4.0, 7.5, align="center")))

    for pile, name in enumerate(PILE_NAMES):
        x = pile * (w + 3 * gap)
        for depth in (2, 1, 0):  # a stack: two cards peek out behind the top one
            body.append(face_down(x + depth * 0.8, depth * 0.8, w, h, mark=False))
        label(name, x - 4, h + 3, w + 8)
    start_x = 3 * (w + 3 * gap) + 2 * gap
    body.append(face_up(start_x, 0.8, w, h, 0))
    label("the row starts here", start_x - 10, h + 3, w + 20)
    hand_y = h + 12
    for index, card in enumerate(hand):
        body.append(face_up(index * (w + 1.2), hand_y, w, h, card))
    width = max(start_x + w + 10, len(hand) * (w + 1.2))
    label("the Fugitive's hand (the Marshal sees only its backs)", 0, hand_y + h + 2, width)
    height = hand_y + h + 7
    return document_of(width, height, body, "setup")


SETUP_STEPS = (
    "Choose who is the Fugitive and who is the Marshal.",
    "Put the 0 face up in the middle of the table: the row starts there, towards the 42.",
    "The Fugitive takes the 1, 2, 3 and 42. Shuffle the rest in three piles by their "
    "numbers: 4-14, 15-28 and 29-41.",
    "The Fugitive draws three cards from the first pile and two from the second. The "
    "Marshal's hand starts empty; she draws two cards on her first turn.",
    "The Marshal takes the notepad and a pencil. The Fugitive plays first.",
)


def rulebook():
    """Return Fugitive's rulebook: its example replayed from example_record()."""
    from generator.games.fugitive.reference import reference_part
    from generator.games.fugitive.table import needs

    rounds, result, dealt = example_rounds(example_record())
    table = needs(2, None)
    intro = replayed_intro(
        "the first rounds of a game",
        "the planning Fugitive against the deducing Marshal, the published deck",
        "Each picture is the row at the end of the round as both players see it: found "
        "Hideouts face up, the others face down with their Sprint cards peeking out.",
        result,
    )
    return Rulebook(
        title="Fugitive",
        tagline="A Fugitive lays a trail of hidden Hideouts to the 42; a Marshal deduces "
        "them. Two players.",
        cover_art=hand_figure([0, 5, 12, 19, 26, 33, 42], 150.0),
        contents=contents(table.pieces),
        bring=[item.text() for item in table.bring],
        setup_picture=setup_figure(dealt),
        setup_caption=(
            "The table before the first turn of the worked example: the three piles face "
            "down, the 0 face up, and the Fugitive's hand: the 1, 2, 3 and 42, three cards "
            "from pile 1 and two from pile 2."
        ),
        setup_steps=SETUP_STEPS,
        rules=lambda blocks: reference_part(blocks).story,
        example_intro=intro,
        example=example_steps(rounds),
    )
