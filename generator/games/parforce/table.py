"""What a table of Parforcejagd needs (engine/table.py), from the rules text
(docs/rules/parforce.md), the player count and the hunting board (a designed one, or the
default).

- The hunting board, one.
- The ten pieces: the stag, four hounds, the dog handler and four riders, each standing in
  one square of the board as the kit draws it (`square_mm`).
- Coins for the pot and the pond fees: every player bets the same, BET (24) tokens, so
  the pot is divisible by six and eight; a stag forced into the pond pays POND_FEE (3)
  tokens to each piece on its forward knight squares, at most four (of a knight's eight
  moves at most four run forward), out of its player's own tokens: the table keeps one
  forced entry's worth beside the pot.
- Two reference cards, one for each side of the table (the stag's and the pursuers').
- Nothing to bring: the text asks for no dice and no cards.

`square_mm(size)` is the square the kit draws a `size` board with; print.py draws at it.
"""

from __future__ import annotations

from pathlib import Path

from generator.engine.table import Needs, Piece
from generator.games.parforce.rules import BET, POND_FEE

BOARD_CELL_MM = 26.0  # every board size: a 22 mm piece token stands in it, 2 mm free a side
MOST_BLOCKERS = 4  # forward knight squares round a square: the most pieces one entry pays
FEE_RESERVE = MOST_BLOCKERS * POND_FEE
REFERENCE_CARDS = 2  # one for each side of the table
# the piece names the kit provides, with how many of each the rules set on the board
PIECE_NAMES = (("stag", 1), ("hound", 4), ("dog handler", 1), ("rider", 4))
COINS = "coins (tokens)"
BOARD = "hunting board"
REFERENCE = "reference card"


def square_mm(size: int) -> float:
    """Return the side (mm) of the squares the kit draws a `size` x `size` board with: the
    same for every size, so that a piece token stands in one with room to pick it up (the
    tiled board grows with the size; 13 x 13 is 364 mm across)."""
    return BOARD_CELL_MM


def coin_worth(players: int) -> int:
    """Return the tokens a table of `players` plays with: every player's bet and one forced
    pond entry's fees."""
    return BET * players + FEE_RESERVE


def needs(players: int, design: Path | None) -> Needs:
    """Return what a table of `players` needs to play on the default board, or on the
    board in the hunting-board file `design`."""
    from generator.games.parforce.board import default_board, read_board

    board = read_board(design) if design is not None else default_board()
    square = square_mm(board.size)
    where = f"a {board.size} x {board.size} board of {square:g} mm squares"
    pieces = [
        Piece(BOARD, 1, why=f"{where}{', designed' if design is not None else ''}"),
        *(
            Piece(name, count, square, f"the rules set {count} on the board")
            for name, count in PIECE_NAMES
        ),
        Piece(
            COINS,
            coin_worth(players),
            why=f"{players} bets of {BET} and {MOST_BLOCKERS} pond fees of {POND_FEE}",
        ),
        Piece(REFERENCE, REFERENCE_CARDS, why="one for each side of the table"),
    ]
    return Needs(players, tuple(pieces), ())


def balance():
    """Return the balance the default kit claims (engine/balance.py): the stag's win rate
    near 0.5 with the greedy bots on both sides. The game hides nothing, so the bots see
    what people see."""
    from generator.engine.balance import Balance, Row

    return Balance(
        game="parforce",
        quantity="the stag's win rate",
        metric="stag_win_rate",
        band=0.1,
        table="2 to 10",
        rows=(Row("bots", "the greedy stag against the greedy pursuers"),),
        note="Nothing is hidden in Parforcejagd: the bots see what people see.",
    )
