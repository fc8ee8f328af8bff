"""Fugitive: the Fugitive against the Marshal with numbered Hideout cards (seeds/003)."""

from generator.games import Game
from generator.games.fugitive import rules

GAME = Game(
    name="fugitive",
    title="Fugitive",
    players=(2, 2),
    capabilities=frozenset({"rules"}),
    build_kit=None,
    state_from_header=rules.state_from_header,
    turn_of=lambda state: state.turn,
    result_text=rules.result_text,
)
