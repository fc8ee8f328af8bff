"""How each game looks to one seat on screen: one module a game, found by its name.

A Presenter draws what the person at a seat may know (the board, their hand, what was
played) from that seat's observation only, never from hidden state; lists the moves they
may make in the game's notation (or, where there are too many to list, says how one is
written); tells them in words what they see of each move made by a bot or by chance; and
says what a bot believed when it moved (`quarry play --explain`), from the tracker that
played. Plain text, one string a line: the terminal program adds colour where it can.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence

from generator.engine.game import CHANCE, GameState

MOST_LISTED = 60  # more legal moves than this: say how a move is written instead


class Presenter:
    """The defaults every game's presenter builds on."""

    # the names `--seat` accepts for a game whose roles sit at fixed seats: name -> seat
    roles: dict[str, int] = {}

    def players(self, state: GameState) -> int:
        """Return how many seats the game has."""
        return len(state.returns())

    def seat_name(self, state: GameState, seat: int) -> str:
        """Return how a seat is named to the person: "the Dragon", "seat 3"."""
        for name, number in self.roles.items():
            if number == seat:
                return f"the {name.capitalize()}"
        return f"seat {seat}"

    def show(self, state: GameState, seat: int) -> list[str]:
        """Return the screen of the person at `seat`: what they may know now."""
        raise NotImplementedError

    def moves(self, state: GameState) -> list[str] | None:
        """Return the person's legal moves in notation, or None when there are too many to
        list (move_help then says how one is written)."""
        legal = state.legal_actions()
        if len(legal) > MOST_LISTED:
            return None
        return [state.format_action(action) for action in legal]

    def moves_note(self, state: GameState) -> str:
        """Return a line said under the listed moves when they are not all there is to know
        (a game whose moves may be combined), or "" when the list says it all."""
        return ""

    def move_help(self, state: GameState) -> str:
        """Return how a move is written at this step, for a step with too many to list."""
        legal = state.legal_actions()
        return f"{len(legal):,} moves; one of them: {state.format_action(legal[0])}"

    def announce(
        self, before: GameState, action, after: GameState, viewer: int, mover: int
    ) -> list[str]:
        """Return what the person at `viewer` sees of `action`, played by `mover` (a seat or
        CHANCE) in `before`, giving `after`. The default names the move when nothing about
        it is hidden; a game with hidden moves says less."""
        who = "chance" if mover == CHANCE else self.seat_name(before, mover)
        return [f"{who}: {before.format_action(action)}"]

    def belief(self, seats, seat: int, state: GameState) -> str:
        """Return what the bot at `seat` believed when it moved (it hides nothing here)."""
        return "nothing is hidden from it"


def presenter(name: str) -> Presenter:
    """Return the presenter of the game `name` (its module's PRESENTER)."""
    module = importlib.import_module(f"{__name__}.{name}")
    return module.PRESENTER


def columns(blocks: Sequence[list[str]], gap: int = 4) -> list[str]:
    """Return text blocks set side by side, each padded to its widest line."""
    widths = [max((len(line) for line in block), default=0) for block in blocks]
    height = max((len(block) for block in blocks), default=0)
    rows = []
    for row in range(height):
        parts = [
            (block[row] if row < len(block) else "").ljust(width)
            for block, width in zip(blocks, widths, strict=True)
        ]
        rows.append((" " * gap).join(parts).rstrip())
    return rows
