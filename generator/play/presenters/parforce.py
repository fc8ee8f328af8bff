"""Parforcejagd on screen: the hunting board with every piece, the round and the pot's
fees. Nothing is hidden, so every move is shown as it is written."""

from __future__ import annotations

from generator.games.parforce.board import POND, THICKET
from generator.games.parforce.rules import PIECES
from generator.play.presenters import Presenter

_GROUND = {POND: "~~", THICKET: "##"}


class ParforcePresenter(Presenter):
    roles = {"stag": 0, "pursuers": 1}

    def players(self, state) -> int:
        return 2

    def seat_name(self, state, seat: int) -> str:
        return "the stag" if seat == 0 else "the pursuers"

    def show(self, state, seat: int) -> list[str]:
        seen = state.observation(seat)
        board = state.board
        at = {square: piece for piece, square in zip(PIECES, seen["squares"], strict=True)}
        lines = []
        for row in range(board.size - 1, -1, -1):
            cells = []
            for column in range(board.size):
                square = row * board.size + column
                name = board.name(square)
                if name in at:
                    cells.append(at[name].ljust(2))
                elif square in board.pond:
                    cells.append(_GROUND[POND])
                elif square in board.thickets:
                    cells.append(_GROUND[THICKET])
                else:
                    cells.append(". ")
            lines.append(f"{row + 1:>2} " + " ".join(cells).rstrip())
        letters = " ".join(chr(ord("a") + c).ljust(2) for c in range(board.size))
        lines.append(("   " + letters).rstrip())
        sense = "clockwise" if board.clockwise else "counter-clockwise"
        fees = sum(seen["fees"])
        lines += [
            "",
            f"round {seen['round']} of {state.rules.max_rounds}; the hunt runs {sense}; "
            f"the stag is on {'land' if seen['mode'] == 'land' else 'the pond: ' + seen['mode']}",
            f"S stag, H1-H4 hounds, K handler, R1-R4 riders, ~~ pond; pond fees paid: {fees}",
            f"{seen['to_move']} to move",
        ]
        return lines

    def announce(self, before, action, after, viewer, mover) -> list[str]:
        piece, where = before.format_action(action).split()
        if where == "pass":
            return [f"{piece} passes"]
        line = f"{piece} moves to {where}"
        if after.is_terminal():
            line += f": {after.ending()}"
        return [line]


PRESENTER = ParforcePresenter()
