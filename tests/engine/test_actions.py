"""Actions by index (engine/actions.py): a sequence that decodes actions on demand behaves as
the list of the same actions would."""

import random

import pytest

from generator.engine.actions import IndexedActions

EVENS = [2 * i for i in range(50)]


def evens() -> IndexedActions:
    return IndexedActions(50, lambda i: 2 * i, lambda a: isinstance(a, int) and a in EVENS)


def test_length_indexing_and_iteration_agree_with_the_list():
    actions = evens()
    assert len(actions) == 50 and list(actions) == EVENS
    assert [actions[i] for i in (0, 7, 49, -1, -50)] == [EVENS[i] for i in (0, 7, 49, -1, -50)]
    assert actions[3:9] == EVENS[3:9] and actions[::-7] == EVENS[::-7]
    assert actions == EVENS and actions == tuple(EVENS) and actions != EVENS[:-1]
    assert actions.index(14) == 7 and list(reversed(actions)) == EVENS[::-1]


@pytest.mark.parametrize("index", [50, -51])
def test_an_index_past_either_end_is_an_index_error(index):
    with pytest.raises(IndexError):
        evens()[index]


def test_membership_asks_the_rule_not_the_list():
    asked = []

    def allows(action):
        asked.append(action)
        return action == 4

    actions = IndexedActions(10**9, lambda i: i, allows)
    assert 4 in actions and 5 not in actions and asked == [4, 5]


def test_a_seeded_choice_or_sample_picks_what_it_picks_from_the_list():
    for seed in range(20):
        assert random.Random(seed).choice(evens()) == random.Random(seed).choice(EVENS)
        assert random.Random(seed).sample(evens(), 5) == random.Random(seed).sample(EVENS, 5)


def test_an_empty_sequence_has_nothing_to_choose():
    empty = IndexedActions(0, lambda i: i, lambda a: False)
    assert len(empty) == 0 and list(empty) == [] and empty == []
    with pytest.raises(IndexError):
        random.Random(1).choice(empty)
