"""Parforcejagd's rulebook (render/document/rulebook.py): the cover, the table set up, the rules
and a worked example, the first rounds of a game our bots played on the default board.

The example is true by construction: `example_record()` plays a game (the greedy stag against
the greedy pursuers, seed EXAMPLE_SEED), `example_rounds(record)` replays the record as
`quarry replay` does (records.replay_record) and then once more move by move, keeping every
piece's square at the end of each round; the figures draw those positions.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.games.parforce.board import default_board
from generator.games.parforce.figures import board_svg
from generator.games.parforce.rules import PIECES, ParforceState, state_from_header
from generator.render.document.rulebook import ExampleStep, Rulebook, replayed_intro

EXAMPLE_SEED = 1
EXAMPLE_ROUNDS = 3
EXAMPLE_CELL = 5.6  # mm: a square of the example's boards (a 9 x 9 board in about 62 mm)
SETUP_CELL = 12.0  # mm: the setup picture's board
NAMES = {"S": "the stag", "K": "the handler"}


@dataclass(frozen=True)
class ExampleRound:
    """One round of the example: the moves in the record's words (the stag's first), and
    every piece's square (a name such as "e9") when the round ends."""

    number: int
    moves: tuple[str, ...]
    squares: dict


def example_record() -> dict:
    """Return the record of the example game, played by the bots with EXAMPLE_SEED."""
    from generator.games.parforce.bots import game_record

    return game_record(default_board(), EXAMPLE_SEED)


def _squares(state: ParforceState) -> dict:
    return {PIECES[piece]: state.board.name(square) for piece, square in enumerate(state.pos)}


def example_rounds(record: dict) -> tuple[list[ExampleRound], str, dict]:
    """Replay `record` as quarry replay does (QuarryError if it does not replay), then move
    by move; return its rounds, the result line and the squares at the start."""
    from generator.engine.records import replay_record
    from generator.games import registry

    result = replay_record(registry()["parforce"], record, "the rulebook's example")
    state = state_from_header(record["header"])
    start = _squares(state)
    rounds: list[ExampleRound] = []
    moves: list[str] = []
    for text in record["actions"]:
        number = state.round
        state.apply(state.parse_action(text))
        moves.append(text)
        if state.over or state.round != number:
            rounds.append(ExampleRound(number, tuple(moves), _squares(state)))
            moves = []
    return rounds, result, start


def piece_words(piece: str) -> str:
    """Return a piece's name in words: "the stag", "hound 2", "rider 1", "the handler"."""
    if piece in NAMES:
        return NAMES[piece]
    return f"{'hound' if piece[0] == 'H' else 'rider'} {piece[1:]}"


def round_words(played: ExampleRound) -> str:
    """Return a round's moves in words, in the order they were made."""
    words = []
    for text in played.moves:
        piece, square = text.split()
        name = piece_words(piece)
        words.append(f"{name} passes" if square == "pass" else f"{name} to {square}")
    first, *rest = words
    return f"{first[0].upper()}{first[1:]}; then " + ", ".join(rest) + "."


def example_steps(rounds: list[ExampleRound]) -> list[ExampleStep]:
    """Return the worked example's steps: the first EXAMPLE_ROUNDS rounds, each drawn with
    the squares its moves went to outlined."""
    board, steps = default_board(), []
    for played in rounds[:EXAMPLE_ROUNDS]:
        moved = [board.parse(text.split()[1]) for text in played.moves
                 if text.split()[1] != "pass"]  # fmt: skip
        figure = board_svg(board, EXAMPLE_CELL, pieces=played.squares, highlight=moved)
        steps.append(ExampleStep(figure, f"Round {played.number}", round_words(played)))
    return steps


SETUP_STEPS = (
    "Lay the hunting board between the players, the pond in the middle.",
    "Set the stag on its start square (c) and the pursuers on theirs: the hounds on a, the "
    "riders on b, the handler on k.",
    "Share out the pieces: one side plays the stag; the pursuers' pieces go round the other "
    "players in turn.",
    "Everyone puts the same stake in the pot, in coins. The stag moves first; then hound 1 "
    "to hound 4, the handler and rider 1 to rider 4.",
)


def rulebook(players: int = 2):
    """Return Parforcejagd's rulebook for a table of `players` (what its cover lists): its
    example replayed from example_record()."""
    from generator.games.parforce.reference import rules_part
    from generator.games.parforce.table import needs

    rounds, result, start = example_rounds(example_record())
    board = default_board()
    table = needs(players, None)
    intro = replayed_intro(
        "the first rounds of a game",
        "the greedy stag against the greedy pursuers, on the default board",
        "Each picture is the board at the end of the round; the squares the round's moves "
        "went to are outlined.",
        result,
    )
    return Rulebook(
        title="Parforcejagd",
        tagline="A stag runs round the pond; hounds, riders and their handler close in. "
        "Two to ten players.",
        cover_art=board_svg(board, SETUP_CELL, pieces=start),
        contents=[f"{piece.count} x {piece.name}: {piece.why}" for piece in table.pieces],
        bring=[item.text() for item in table.bring],
        setup_picture=board_svg(board, SETUP_CELL, pieces=start),
        setup_caption="The default board with every piece on its start square.",
        setup_steps=SETUP_STEPS,
        rules=lambda blocks: rules_part(blocks).story,
        example_intro=intro,
        example=example_steps(rounds),
    )
