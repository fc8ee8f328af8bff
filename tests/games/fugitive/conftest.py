"""Mid-game positions for the deduction and bot tests: bot games stopped at the Marshal's
guesses, each with her view and the true state."""

import random

import pytest

from generator.engine.game import CHANCE
from generator.games.fugitive.bots import make_fugitive, make_marshal
from generator.games.fugitive.cards import published
from generator.games.fugitive.rules import FUGITIVE, MARSHAL, new_game


def guess_positions(seed: int, fugitive: str, variant: str = "none", marshal: str = "random"):
    """Yield (Marshal's view, a copy of the true state) at each of her guesses in one game of
    `fugitive` against `marshal` (the random Marshal finds little, so the row stays long)."""
    chance = random.Random(seed)
    bots = {FUGITIVE: make_fugitive(fugitive, seed), MARSHAL: make_marshal(marshal, seed + 1)}
    state = new_game(published(variant))
    while not state.is_terminal() and state.turn <= 40:
        player = state.current_player()
        if player == CHANCE:
            state.apply(state.sample_chance(chance))
            continue
        view = state.observation(player)
        if player == MARSHAL and view.step in ("guess", "manhunt"):
            yield view, state.clone()
        state.apply(bots[player].act(view))


def positions(count: int, seed: int = 0, variants=("none", "random", "catchup", "discovery")):
    """Return `count` (view, state) pairs with at least one face-down Hideout, spread over
    both Fugitives and the event variants."""
    found, game = [], seed
    while len(found) < count:
        fugitive = ("planning", "random")[game % 2]
        variant = variants[(game // 2) % len(variants)]
        marshal = ("random", "deducing")[(game // 7) % 2]
        for view, state in guess_positions(game, fugitive, variant, marshal):
            if state.face_down():
                found.append((view, state))
        game += 1
    return found[:count]


@pytest.fixture(scope="session")
def mid_game():
    """Return 240 (Marshal's view, true state) pairs from seeded bot games."""
    return positions(240, seed=100)
