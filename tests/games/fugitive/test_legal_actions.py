"""A placement step's actions come by index, decoded on demand (placements.py): the same
actions, in the same order, as listing every Sprint set of every Hideout the way the rules
did, and `in` answers as the list would."""

import random
from itertools import combinations

import pytest

from generator.engine.game import CHANCE
from generator.games.fugitive.cards import VARIANTS, DeckConfig, published
from generator.games.fugitive.rules import FUGITIVE, Guess, Hide, Hideout, Pass, new_game


def listed_the_old_way(state) -> list:
    """Return a pass (but on the first turn) and every (Hideout, Sprint set) that reaches,
    listed set by set."""
    actions = [] if state.steps[0].first else [Pass()]
    hand = sorted(state.hands[FUGITIVE])
    for hideout in hand:
        if hideout <= state.row[-1].number:
            continue
        others = [c for c in hand if c != hideout]
        for size in range(len(others) + 1):
            for sprint in combinations(others, size):
                if hideout <= state.reach(sprint):
                    actions.append(Hide(hideout, sprint))
    return actions


def placing(hand, last=0, bonus=0, first=False, config=None):
    """Return a state at the Fugitive's placement with `hand`, `last` the last Hideout."""
    state = new_game(config)
    state.apply(state.sample_chance(random.Random(1)))
    state.hands[FUGITIVE] = set(hand)
    state.row.append(Hideout(last, (), False))
    state.bonus_reach = bonus
    if not first:
        state.steps[0] = type(state.steps[0])("place", FUGITIVE)
    return state


POSITIONS = {
    "the first turn": placing({1, 2, 3, 4, 5, 6, 15, 16, 42}, first=True),
    "a dozen cards, far to go": placing({9, 10, 12, 14, 17, 19, 20, 23, 25, 26, 31, 38}, last=8),
    "a fast horse": placing({11, 12, 13, 18, 21, 22, 24, 27, 42}, last=10, bonus=2),
    "nothing reaches": placing({3, 4, 30, 41}, last=20),
    "every value zero": placing(
        {5, 6, 7, 8, 9, 10}, last=4, config=DeckConfig(sprint=(0,) * 43, variant="none")
    ),
    "sprint values to 5": placing(
        {4, 9, 16, 23, 30, 33, 36, 39, 41, 42},
        last=3,
        config=DeckConfig(sprint=tuple(c % 6 for c in range(43)), variant="none"),
    ),
}


@pytest.mark.parametrize("name", POSITIONS)
def test_length_indexing_iteration_and_membership_agree_with_the_old_list(name):
    state = POSITIONS[name]
    actions, old = state.legal_actions(), listed_the_old_way(state)
    assert len(actions) == len(old) and list(actions) == old
    picked = random.Random(2).sample(range(len(old)), min(len(old), 60))
    assert [actions[i] for i in picked] == [old[i] for i in picked]
    assert all(action in actions for action in old)
    if old:
        assert actions[-1] == old[-1]


@pytest.mark.parametrize("name", POSITIONS)
def test_a_placement_that_does_not_reach_or_breaks_a_rule_is_not_in_it(name):
    state = POSITIONS[name]
    actions, old = state.legal_actions(), set(listed_the_old_way(state))
    hand = sorted(state.hands[FUGITIVE])
    candidates = [Hide(h, s) for h in hand for s in [(), *combinations(hand, 1), tuple(hand[:3])]]
    candidates += [Hide(50, ()), Hide(hand[0], (99,)), Guess((3,)), Pass()]
    for action in candidates:
        assert (action in actions) == (action in old), action
    assert any(action not in actions for action in candidates)


def test_the_first_placement_never_offers_a_pass_and_a_later_one_does():
    first = POSITIONS["the first turn"].legal_actions()
    later = POSITIONS["a fast horse"].legal_actions()
    assert Pass() not in first and first[0] != Pass()
    assert Pass() in later and later[0] == Pass()


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_placement_of_random_games_agrees_with_the_old_list(variant):
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = new_game(published(variant))
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            actions = state.legal_actions()
            if state.steps[0].kind == "place":
                assert actions == listed_the_old_way(state)
                checked += 1
            state.apply(rng.choice(actions))
    assert checked > 10
