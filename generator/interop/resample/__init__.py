"""Hidden states drawn from what one player knows: the determinizations IS-MCTS plays on.

`resample(name, options, history, player, draw)` returns a game `player` cannot tell from the
one played so far, drawn among all such games (uniformly where a module says so), as a new
history: the list of (player to move, our action, its notation) from the start, which
`replay` turns into a state (`resample_state` gives both). `draw()` gives numbers in [0, 1)
(OpenSpiel's probability_sampler), so the same draws give the same game.

Each game's module knows what its players cannot see and where our exact trackers keep what
they can deduce about it: hunt.py (hunt/belief.py), cutthroat.py (per-seat facts read off the
log), fugitive.py (fugitive/deduction.py), island.py (island/tracking.py). A player who is
hidden nothing gets None: the game as it is. A game without a module here raises
NotImplementedError.

Nothing here imports a framework: openspiel.py wraps it.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Sequence
from typing import NamedTuple

from generator.engine.game import GameState
from generator.games import game as registered

Draw = Callable[[], float]


class Step(NamedTuple):
    """One step of a game's history: who moved (a player, or CHANCE), the action, its text."""

    player: int
    action: object
    text: str


def new_state(name: str, options: dict) -> GameState:
    """Return the starting position of `name` with `options`."""
    return registered(name).state_from_header({"options": dict(options)})


def replay(name: str, options: dict, actions: Sequence) -> tuple[GameState, list[Step]]:
    """Return the state after `actions` from the start, and its history. Raises the rules'
    IllegalAction (or ValueError) when an action is not legal there."""
    state = new_state(name, options)
    history = []
    for action in actions:
        history.append(Step(state.current_player(), action, state.format_action(action)))
        state.apply(action)
    return state, history


def pick(items: Sequence, draw: Draw):
    """Return one of `items`, uniformly, with one number from `draw`."""
    return items[min(int(draw() * len(items)), len(items) - 1)]


def resample(
    name: str, options: dict, history: Sequence[Step], player: int, draw: Draw
) -> list[Step] | None:
    """Return the history of a game `player` cannot tell from `history`'s, drawn from what
    they know; None when nothing of it is hidden from them."""
    drawn = resample_state(name, options, history, player, draw)
    return None if drawn is None else drawn[1]


def resample_state(
    name: str, options: dict, history: Sequence[Step], player: int, draw: Draw
) -> tuple[GameState, list[Step]] | None:
    """Return resample's history with the state it leads to. A game's module gives
    `resample` (its history, replayed here) or, when it replays the game as it draws it
    (island.py), `resample_state` (the state it reached)."""
    if name == "parforce":
        return None  # perfect information
    if importlib.util.find_spec(f"{__name__}.{name}") is None:
        raise NotImplementedError(f"quarry_{name} does not resample hidden states yet")
    module = importlib.import_module(f"{__name__}.{name}")
    if hasattr(module, "resample_state"):
        return module.resample_state(options, list(history), player, draw)
    steps = module.resample(options, list(history), player, draw)
    if steps is None:
        return None
    # Not replay(): the drawn steps carry their texts, and formatting every action again
    # costs IS-MCTS 20-60 % more a drawn state (each simulation draws one).
    state = new_state(name, options)
    for step in steps:
        state.apply(step.action)
    return state, steps
