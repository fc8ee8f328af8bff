"""Fugitive: the Fugitive against the Marshal with numbered Hideout cards (seeds/003)."""

from generator.games import Game, KitRequest
from generator.games.fugitive import rules


def _build_kit(request: KitRequest) -> None:
    from generator.games.fugitive.print import build_kit

    build_kit(request)


GAME = Game(
    name="fugitive",
    title="Fugitive",
    players=(2, 2),
    capabilities=frozenset({"rules", "print"}),
    build_kit=_build_kit,
    state_from_header=rules.state_from_header,
    turn_of=lambda state: state.turn,
    result_text=rules.result_text,
)
