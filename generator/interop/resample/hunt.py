"""The Hunt: the Knight does not see the Dragon's route map. A draw is uniform over the maps
our exact public belief (hunt/belief.py) still allows after the public log, and the hunt is
replayed on it. The Dragon is hidden nothing."""

from __future__ import annotations

from generator.games.hunt.belief import PublicBelief
from generator.interop.resample import Step, new_state, pick, replay

DRAGON = 0


def resample(options: dict, history: list[Step], player: int, draw) -> list[Step] | None:
    if player == DRAGON or not history:
        return None  # the Dragon knows everything; before the map nothing is hidden
    state, _ = replay("hunt", options, [step.action for step in history])
    belief = PublicBelief(state.loops)
    belief.observe(state.knight_view().log)
    start = new_state("hunt", options)
    route_map = start.legal_actions()[int(pick(belief.map_indices(), draw))]
    return replay("hunt", options, [route_map] + [step.action for step in history[1:]])[1]
