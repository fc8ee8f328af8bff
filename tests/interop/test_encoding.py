"""Action ids (generator/interop/encoding.py): each id round-trips on every step of short
random games of all five games, and stays below the game's bound."""

import random

import pytest

from generator.engine.game import CHANCE
from generator.games import game
from generator.interop.encoding import action_id, action_of, max_actions

GAMES = ("hunt", "fugitive", "cutthroat", "parforce", "island")
DEALT = ("fugitive", "cutthroat")  # their chance steps are drawn whole (sample_chance)


def random_steps(name: str, seed: int, steps: int):
    """Yield each state of a random game of `name` (at most `steps` moves) before its move
    is applied; a chance step the rules do not list (a deal) is drawn with sample_chance."""
    rng = random.Random(seed)
    state = game(name).state_from_header({})
    for _ in range(steps):
        if state.is_terminal():
            return
        if state.current_player() == CHANCE and name in DEALT:
            state.apply(state.sample_chance(rng))
            continue
        yield state
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("name", GAMES)
def test_ids_round_trip_below_the_bound(name):
    bound = max_actions(name)
    checked = 0
    for state in random_steps(name, seed=3, steps=120):
        legal = state.legal_actions()
        picks = {0, len(legal) - 1, len(legal) // 2}
        for index in picks:
            action = legal[index]
            assert action_id(state, action) == index
            assert action_of(state, index) == action
        assert len(legal) <= bound
        checked += 1
    assert checked > 5


def test_an_id_out_of_range_is_refused():
    state = game("parforce").state_from_header({})
    with pytest.raises(ValueError):
        action_of(state, len(state.legal_actions()))


def test_a_route_map_is_numbered_without_a_search():
    state = game("hunt").state_from_header({})
    legal = state.legal_actions()
    assert action_id(state, legal[80_000]) == 80_000
    assert max_actions("hunt", {"loops": True}) == 800_000
