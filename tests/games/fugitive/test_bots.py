"""Fugitive's bots: each decides from its own view only, plays legal moves in every variant,
is deterministic given its seed, and the deducing Marshal and planning Fugitive are stronger
than their random counterparts."""

import random

import pytest

from generator.engine.records import replay
from generator.games.fugitive.bots import (
    DeducingMarshal,
    PlanningFugitive,
    fugitive_metrics,
    make_fugitive,
    make_marshal,
    plan_escape,
    play_fugitive,
    simulate_fugitive,
)
from generator.games.fugitive.cards import ESCAPE, VARIANTS, published
from generator.games.fugitive.deduction import Deduction
from generator.games.fugitive.rules import (
    FUGITIVE,
    MARSHAL,
    NORMAL_REACH,
    Guess,
    record_for,
    state_from_header,
)


def _hidden_shuffle(state, seed: int):
    """Return a copy of `state` that differs only in what neither the Marshal nor anyone at
    the table can see: the order of the cards left in each pile."""
    other = state.clone()
    rng = random.Random(seed)
    for pile in other.piles:
        rng.shuffle(pile)
    return other


def _swap_fugitive_cards(state):
    """Return a copy whose Fugitive holds a different card of the same pile and Sprint value
    in place of one of his (swapped with a card still in that pile): hidden from the Marshal."""
    other = state.clone()
    for card in sorted(other.hands[FUGITIVE]):
        for pile in other.piles:
            swap = next(
                (c for c in pile if c <= 41 and c % 2 == card % 2 and _same_pile(c, card)), None
            )
            if swap is not None:
                pile[pile.index(swap)] = card
                other.hands[FUGITIVE].remove(card)
                other.hands[FUGITIVE].add(swap)
                return other
    return None


def _same_pile(a: int, b: int) -> bool:
    return (4 <= a <= 14 and 4 <= b <= 14) or (15 <= a <= 28 and 15 <= b <= 28) or (a >= 29 <= b)


def test_the_marshals_decision_depends_only_on_her_view(mid_game):
    checked = 0
    for view, state in mid_game[::6]:
        for other in (_hidden_shuffle(state, 1), _swap_fugitive_cards(state)):
            if other is None:
                continue
            assert other.observation(MARSHAL) == view
            assert DeducingMarshal(5).act(other.observation(MARSHAL)) == DeducingMarshal(5).act(
                view
            )
            checked += 1
    assert checked >= 40


def test_the_fugitives_decision_depends_only_on_his_view(mid_game):
    checked = 0
    for _, state in mid_game[::6]:
        state = state.clone()
        # Move on to the Fugitive's next decision by letting the Marshal guess 41.
        while state.current_player() == MARSHAL and not state.is_terminal():
            state.apply(Guess((41,)) if state.steps[0].kind != "draw" else state.legal_actions()[0])
        if state.is_terminal() or state.current_player() != FUGITIVE:
            continue
        other = _hidden_shuffle(state, 2)
        if state.hands[MARSHAL]:  # and swap a card of her hand for one in the piles
            card = min(state.hands[MARSHAL])
            pile = next((p for p in other.piles if any(c <= 41 for c in p)), None)
            if pile is not None:
                swap = next(c for c in pile if c <= 41)
                pile[pile.index(swap)] = card
                other.hands[MARSHAL].remove(card)
                other.hands[MARSHAL].add(swap)
        view = state.observation(FUGITIVE)
        assert other.observation(FUGITIVE) == view
        assert PlanningFugitive(3).act(other.observation(FUGITIVE)) == PlanningFugitive(3).act(view)
        checked += 1
    assert checked >= 20


@pytest.mark.parametrize("variant", VARIANTS)
def test_bots_play_legal_games_to_the_end_in_every_variant(variant):
    for seed in range(6):
        fugitive = ("planning", "random")[seed % 2]
        marshal = ("deducing", "random")[seed // 3]
        state, actions = play_fugitive(fugitive, marshal, published(variant), seed)
        assert state.is_terminal()
        # The record replays step by step to the same end.
        record = record_for(state, actions, seed, {"fugitive": fugitive, "marshal": marshal})
        replayed = state_from_header(record["header"])
        assert replay(replayed, record["actions"], lambda s: s.turn) is None
        assert replayed.winner == state.winner and replayed.row == state.row


def test_bots_are_deterministic_given_their_seed():
    first = play_fugitive("planning", "deducing", None, 17)[1]
    again = play_fugitive("planning", "deducing", None, 17)[1]
    other = play_fugitive("planning", "deducing", None, 18)[1]
    assert first == again and first != other


def test_the_deducing_marshal_guesses_every_certain_hideout_as_a_series():
    two_certain = Deduction((1, 2, 3), (frozenset({4}), frozenset({5, 6}), frozenset({9})), (), 1)
    assert DeducingMarshal().guess(two_certain, single=False) == Guess((4, 9))
    assert DeducingMarshal().guess(two_certain, single=True) == Guess((4,))


def test_the_deducing_marshal_otherwise_guesses_the_most_likely_number():
    weights = ({4: 1, 5: 3}, {6: 2, 9: 2})
    deduction = Deduction((1, 2), (frozenset({4, 5}), frozenset({6, 9})), weights, 4)
    assert DeducingMarshal().guess(deduction, single=False) == Guess((5,))


def _path_is_legal(last, hand, bonus, path):
    used = set()
    for step, (hideout, sprint) in enumerate(path):
        cards = (hideout, *sprint)
        assert set(cards) <= set(hand) and not used & set(cards) and len(set(cards)) == len(cards)
        used |= set(cards)
        reach = last + NORMAL_REACH + sum(published().sprint[c] for c in sprint)
        reach += bonus if step == 0 else 0
        assert last < hideout <= reach
        last = hideout
    return path[-1][0] == ESCAPE


def test_the_planned_escape_is_a_legal_path_to_the_42():
    rng = random.Random(4)
    found = 0
    for _ in range(300):
        last = rng.randint(0, 35)
        hand = sorted({ESCAPE, *rng.sample(range(1, 42), rng.randint(3, 12))})
        bonus = rng.choice((0, 2))
        path = plan_escape(last, hand, bonus, published().sprint)
        if path is not None:
            assert _path_is_legal(last, hand, bonus, path)
            found += 1
    assert found > 50


def test_with_no_42_in_hand_there_is_no_escape_plan():
    assert plan_escape(30, [31, 33, 36, 39], 0, published().sprint) is None


def test_the_planned_escape_takes_the_fewest_steps():
    # From 30 the 42 needs +9 of Sprint at once, and the other four cards give only +7. In
    # two steps: the 33 (in reach), then the 42 with 36, 38 and 40 under it (+6).
    path = plan_escape(30, [33, 36, 38, 40, ESCAPE], 0, published().sprint)
    assert path == [(33, ()), (ESCAPE, (36, 38, 40))]


def test_the_deducing_marshal_catches_far_more_than_the_random_one():
    deducing = simulate_fugitive(60, 3, marshal="deducing")["metrics"]["fugitive_win_rate"]
    random_ = simulate_fugitive(60, 3, marshal="random")["metrics"]["fugitive_win_rate"]
    assert deducing["ci95"][1] < random_["ci95"][0]


def test_the_planning_fugitive_escapes_more_than_the_random_one():
    planning = simulate_fugitive(60, 5, fugitive="planning")["metrics"]["fugitive_win_rate"]
    random_ = simulate_fugitive(60, 5, fugitive="random")["metrics"]["fugitive_win_rate"]
    assert planning["ci95"][0] > random_["ci95"][1]


def test_simulated_games_do_not_depend_on_the_number_of_workers():
    one = simulate_fugitive(24, 8, jobs=1, variant="random")
    two = simulate_fugitive(24, 8, jobs=2, variant="random")
    assert one == two
    assert simulate_fugitive(24, 9, variant="random") != one


def test_fugitive_metrics_are_rates_and_means_with_intervals():
    results = [
        {
            "fugitive_win": i % 4 == 0,
            "marshal_win": i % 4 != 0,
            "manhunt": i % 2 == 0,
            "capped": False,
            "turns": 10 + i % 3,
            "hideouts_placed": 8,
            "hideouts_found": 5,
        }
        for i in range(40)
    ]
    metrics = fugitive_metrics(results)
    assert metrics["fugitive_win_rate"]["value"] == 0.25
    assert metrics["manhunt_rate"]["value"] == 0.5
    assert metrics["hideouts_placed"]["value"] == 8
    for metric in metrics.values():
        low, high = metric["ci95"]
        assert low <= metric["value"] <= high


def test_unknown_bot_names_are_refused():
    with pytest.raises(ValueError, match="planning"):
        make_fugitive("sneaky")
    with pytest.raises(ValueError, match="deducing"):
        make_marshal("psychic")
    with pytest.raises(ValueError, match="variant"):
        simulate_fugitive(2, 1, variant="chaos")


def test_a_hide_from_the_planner_never_spends_the_42_as_a_sprint_card(mid_game):
    for _, state in mid_game[::10]:
        view = state.observation(FUGITIVE)
        path = plan_escape(view.hideouts[-1][0], view.hand, 0, published().sprint)
        for _, sprint in path or ():
            assert ESCAPE not in sprint
