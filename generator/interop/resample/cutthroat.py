"""CutThroat!: a seat does not see the other seats' identities and enemies. The other seats'
cards are dealt again (the seat's own cards and every revealed identity kept), the game is
replayed on the new deal, and the deal is kept when the seat's view and own moves come out
the same: rejection sampling, so every deal consistent with what the seat knows is equally
likely. After TRIES failed deals it gives up (ValueError)."""

from __future__ import annotations

from generator.engine.game import IllegalAction
from generator.interop.resample import Step, replay
from generator.interop.text import observation_text

TRIES = 2000


def _shuffled_except(cards: list[int], fixed: set[int], draw) -> list[int]:
    """Return `cards` (by seat) with the seats not in `fixed` shuffled among themselves,
    uniformly."""
    free = [s for s in range(len(cards)) if s not in fixed]
    pool = [cards[s] for s in free]
    out = list(cards)
    for seat in free:
        out[seat] = pool.pop(min(int(draw() * len(pool)), len(pool) - 1))
    return out


def resample(options: dict, history: list[Step], player: int, draw) -> list[Step] | None:
    if not history or player < 0:
        return None  # before the deal nothing is hidden
    actions = [step.action for step in history]
    state, _ = replay("cutthroat", options, actions)
    known = {player} | {s for s, c in enumerate(state.identity) if state.revealed[c]}
    wanted = observation_text(state.observation(player))
    for _ in range(TRIES):
        identity = _shuffled_except(state.identity, known, draw)
        enemy = _shuffled_except(state.enemy, {player}, draw)
        deal = state.deal_text(identity, enemy)
        try:
            other, steps = replay("cutthroat", options, [deal] + actions[1:])
        except (ValueError, IllegalAction):  # the other deal forbids a move played
            continue
        if observation_text(other.observation(player)) == wanted:
            return steps
    raise ValueError(f"no consistent deal found in {TRIES} tries ({state.players} seats)")
