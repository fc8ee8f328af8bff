"""What a table of The Most Dangerous Game needs (engine/table.py), from the rules text.

The text's equipment (seeds/000) is a d6, a d8, a d10, one board, six mini boards, six
character tokens, six dry-erase markers, an eraser and the two decks. For `players` (4 to 7:
one Hunter, the rest Hunted) Quarry's table needs:

- the board of the island (the design's, or the default island), named by its size;
- a mini board for each Hunted (the text's six serve the largest table, 7 players);
- the Warden's standee for the Hunter and a castaway's for each Hunted, each standing in a
  board square (print.BOARD_CELL_MM) with room to pick it up;
- every card of both decks (cards.py) and a player aid for each player;
- the cycle-and-day track of the island's day (three days; track.py) and a score pad;
- brought: the d6 and the d8 (the d10 no rule uses, docs/rules/island.md), a dry-erase
  marker and a clear sheet protector for each Hunted's mini board, an eraser, a pencil for
  the score pad and a coin to mark the cycle.
"""

from __future__ import annotations

from pathlib import Path

from generator.engine.table import Bring, Needs, Piece
from generator.games.island.board import default_island, read_island
from generator.games.island.cards import DECKS
from generator.games.island.rules import MAX_PLAYERS, MIN_PLAYERS
from generator.games.island.track import DAYS


def board_name(size: int) -> str:
    """Return the name of the board piece of a `size` x `size` island."""
    return f"board of {size} x {size} squares"


def track_name(cycles: int) -> str:
    """Return the name of the cycle track of `cycles` boxes (three days of cycles)."""
    return f"cycle track of {cycles} cycles"


def needs(players: int, design: Path | None) -> Needs:
    """Return what a table of `players` needs to play the island of `design` (an island
    file; None: the default island)."""
    from generator.games.island.print import BOARD_CELL_MM

    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"the island is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
    island = default_island() if design is None else read_island(design)
    hunted = players - 1
    deck = {name: sum(card.count for card in cards) for name, cards in DECKS.items()}
    square = BOARD_CELL_MM
    pieces = (
        Piece(board_name(island.size), 1, why="the island the game is played on"),
        Piece("mini board", hunted, why="each Hunted writes his path on his own"),
        Piece("Warden standee", 1, square, why="the Hunter's token, on the board"),
        Piece("castaway standee", hunted, square, why="a token for each Hunted"),
        Piece("Hunter card", deck["hunter"], why="the Hunter deck, cards.py"),
        Piece("Hunted card", deck["hunted"], why="the Hunted deck, cards.py"),
        Piece("player aid", players, why="one for each player"),
        Piece(
            track_name(DAYS * island.day),
            1,
            why=f"three days of {island.day} cycles; the trail reveals",
        ),
        Piece("score pad", 1, why="captures 2, escapes 2, the last survivor 4"),
    )
    bring = (
        Bring("six-sided die (d6)", 1, "the Hunted's moves and fights, the roll for Hunter"),
        Bring("eight-sided die (d8)", 1, "the Hunters' moves and fights"),
        Bring("dry-erase marker", hunted, "one for each Hunted's mini board"),
        Bring("clear sheet protector", hunted, "over each mini board"),
        Bring("eraser", 1, "to wipe the mini boards"),
        Bring("pencil", 1, "for the score pad"),
        Bring("coin", 1, "marks the cycle on the track"),
    )
    return Needs(players, pieces, bring)


def balance():
    """Return the balance the default kit claims (engine/balance.py): the Hunted's survival
    near 0.5 at every player count against the reckoning Hunter, our model of a person;
    the tracking Hunter, who tracks exactly, is shown beside it."""
    from generator.engine.balance import Balance, Row

    return Balance(
        game="island",
        quantity="the Hunted's survival (the share of Hunted who escape)",
        metric="hunted_survival",
        band=0.1,
        players=tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1)),
        rows=(
            Row(
                "people",
                "the reckoning Hunter (tracks as people do)",
                {"hunter": "reckoning"},
            ),
            Row(
                "exact",
                "the tracking Hunter (tracks exactly)",
                {"hunter": "tracking"},
                holds=False,
            ),
        ),
        note=(
            "The island is balanced for a table of people. A Hunter who also reads every "
            "silence, as our tracking bot does, catches far more: against him, play a "
            "shorter day (the day line of a board file, docs/formats.md)."
        ),
    )
