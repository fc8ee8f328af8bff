"""The Hunt's table check (generator/engine/table.py): what two players need for a match.

From the rules text (seeds/001): a match is two hunts with the roles swapped, and before
each hunt the Dragon draws a fresh secret map of nine arrows; both players keep a log
through the hunt (the Knight marks his deductions, the Dragon his secret positions). So a
match needs, for each hunt, a map sheet, a Knight's log and a Dragon's log; each player
keeps a reference card; each brings a pencil. Nothing stands on a board: the Hunt has no
pieces or tokens, and its five landmarks are badges drawn on the sheets.

With a designed route map (`quarry kit hunt --design`), one hunt is played on the design:
its Dragon gets the map sheet drawn with it. The other hunt cannot be played on it too:
its Knight is the player who was that map's Dragon and knows every arrow. So the other
hunt's Dragon draws his own map on a blank sheet, as the rules say.
"""

from __future__ import annotations

from pathlib import Path

from generator.engine.table import Bring, Needs, Piece

HUNTS = 2  # a match: two hunts, the roles swapped
MAP_SHEET = "Dragon's map sheet (blank)"
DRAWN_MAP = "Dragon's map sheet, drawn with the design"
KNIGHT_LOG = "Knight's log"
DRAGON_LOG = "Dragon's log"
REFERENCE = "reference card"

# The name of each sheet the kit lays out, by the component its Part carries.
PIECE_OF_COMPONENT = {
    "map": MAP_SHEET,
    "route map": DRAWN_MAP,
    "knight log": KNIGHT_LOG,
    "dragon log": DRAGON_LOG,
    "reference": REFERENCE,
}


def needs(players: int, design: Path | None) -> Needs:
    """Return what a table of `players` (always 2) needs for a match of The Hunt, and with
    `design` (a route map file) for a match whose first hunt is played on that map."""
    from generator.games.hunt.maps import load_map_design

    pieces = []
    if design is None:
        pieces.append(Piece(MAP_SHEET, HUNTS, why="a fresh secret map for each hunt"))
    else:
        loops = "loops allowed" if load_map_design(design).loops else "no loops"
        pieces += [
            Piece(DRAWN_MAP, 1, why=f"the designed map ({loops}) for one hunt's Dragon"),
            Piece(MAP_SHEET, HUNTS - 1, why="the other hunt's Dragon draws his own map"),
        ]
    pieces += [
        Piece(KNIGHT_LOG, HUNTS, why="one for each hunt: the Knight's record and deductions"),
        Piece(DRAGON_LOG, HUNTS, why="one for each hunt: the Dragon's secret moves"),
        Piece(REFERENCE, players, why="one for each player"),
    ]
    bring = (Bring("pencil", players, "one for each player: maps and logs are filled in"),)
    return Needs(players, tuple(pieces), bring)


def balance():
    """Return the balance the default kit claims (engine/balance.py): the first Dragon's
    share of a match near 0.5, with the exact Knight and the random Dragon."""
    from generator.engine.balance import Balance, Row

    return Balance(
        game="hunt",
        quantity="the first Dragon's share of a match (a win 1, a draw 1/2)",
        metric="seat_a_points",
        band=0.05,
        table="2",
        rows=(Row("bots", "the exact Knight and the random Dragon", {"match": True}),),
        note=(
            "Our Knight keeps every route map the Dragon may have drawn, more than a person "
            "does; a match gives each player both roles, so it stays even at any table."
        ),
    )
