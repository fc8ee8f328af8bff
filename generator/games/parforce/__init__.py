"""Parforcejagd: a stag against four hounds, four riders and a dog handler round a pond,
2-10 players, nothing hidden (seeds/004)."""

from __future__ import annotations

from generator.games import Game
from generator.games.parforce import rules


def _record_fields(state: rules.ParforceState) -> dict:
    """Return the fields a parforce record derives from its actions: its result."""
    return {"result": rules.record_result(state)}


GAME = Game(
    name="parforce",
    title="Parforcejagd",
    players=(rules.MIN_PLAYERS, rules.MAX_PLAYERS),
    capabilities=frozenset({"rules"}),
    state_from_header=rules.state_from_header,
    turn_of=rules.turn_of,
    result_text=rules.result_text,
    record_options=rules.OPTIONS,
    record_fields=_record_fields,
)
