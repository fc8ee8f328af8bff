"""The Hunt: the Knight does not see the Dragon's route map. A draw is uniform over the maps
our exact public belief (hunt/belief.py) still allows after the public log, and the hunt is
replayed on it. The Dragon is hidden nothing."""

from __future__ import annotations

from functools import lru_cache

from generator.games.hunt.belief import PublicBelief
from generator.interop.resample import Step, new_state, pick, replay

DRAGON = 0


@lru_cache(maxsize=64)
def _maps(loops: bool, actions: tuple) -> tuple[int, ...]:
    """Return the indices of the maps the Knight's view after `actions` allows (the same
    for every draw from one position, so kept)."""
    state, _ = replay("hunt", {"loops": loops}, actions)
    belief = PublicBelief(state.loops)
    belief.observe(state.knight_view().log)
    return tuple(int(i) for i in belief.map_indices())


def resample(options: dict, history: list[Step], player: int, draw) -> list[Step] | None:
    if player == DRAGON or not history:
        return None  # the Dragon knows everything; before the map nothing is hidden
    actions = tuple(step.action for step in history)
    maps = _maps(bool(options.get("loops")), actions)
    route_map = new_state("hunt", options).legal_actions()[pick(maps, draw)]
    return replay("hunt", options, (route_map,) + actions[1:])[1]
