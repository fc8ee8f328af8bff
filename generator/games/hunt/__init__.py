"""The Hunt: Dragon against Knight over five locations (seeds/001)."""

from generator.games import Game
from generator.games.hunt import rules

GAME = Game(
    name="hunt",
    title="The Hunt",
    players=(2, 2),
    capabilities=frozenset({"rules", "bots", "design", "puzzles", "print"}),
    build_kit=None,  # the printable kit arrives with print.py
    state_from_header=rules.state_from_header,
    turn_of=lambda state: state.turn,
    result_text=rules.result_text,
)
