"""Fugitive's resampler (interop/resample/fugitive.py): a drawn game looks the same to the
player at every point of random games, its hidden facts vary, its draws follow the exact
distribution in small positions (counted by brute force through the rules), and IS-MCTS
plays a whole game on it."""

import dataclasses
import random
from collections import Counter

import pyspiel
import pytest

import generator.interop.openspiel  # noqa: F401  (registers the games)
from generator.engine.game import IllegalAction
from generator.games.fugitive.rules import FUGITIVE, MARSHAL, Deal, Draw, Guess, Hide, Pass
from generator.interop.resample import fugitive as sampler
from generator.interop.resample import new_state, replay
from generator.interop.text import observation_text

PILE_1, PILE_2, PILE_3 = tuple(range(4, 15)), tuple(range(15, 29)), tuple(range(29, 42))
DEAL = Deal((PILE_1, PILE_2, PILE_3))  # the Fugitive's setup: 4 5 6 and 15 16


def chi_square_holds(counts: Counter, expected: dict) -> bool:
    """Return whether the counts fit the expected ones (far in the tail if they do not):
    below the degrees of freedom plus four standard deviations of the statistic."""
    assert set(counts) <= set(expected), set(counts) - set(expected)
    statistic = sum((counts[key] - e) ** 2 / e for key, e in expected.items())
    freedom = len(expected) - 1
    return statistic < freedom + 4 * (2 * freedom) ** 0.5


def view_after(steps, player: int) -> str:
    """Return `player`'s view, as text, after replaying the actions of `steps`."""
    state, _ = replay("fugitive", {}, [step.action for step in steps])
    return observation_text(state.observation(player))


def random_points(seed: int, every: int):
    """Yield an OpenSpiel state at every `every`-th step of a random game after the deal."""
    rng = random.Random(seed)
    state = pyspiel.load_game("quarry_fugitive").new_initial_state()
    step = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        step += 1
        if state.steps and step % every == 0:
            yield state
    yield state


def test_nothing_is_hidden_before_the_deal():
    for player in (FUGITIVE, MARSHAL):
        assert sampler.resample({}, [], player, random.random) is None


def test_the_plain_game_only():
    _, history = replay("fugitive", {}, [DEAL])
    with pytest.raises(NotImplementedError):
        sampler.resample({"variant": "random"}, history, MARSHAL, random.random)


def test_a_drawn_game_looks_the_same_to_each_player_in_random_games():
    draws = random.Random(4).random
    points, varied = 0, Counter()
    for seed in range(3):
        for state in random_points(seed, every=11):
            points += 1
            for player in (FUGITIVE, MARSHAL):
                deals = set()
                for _ in range(2):
                    other = state.resample_from_infostate(player, draws)
                    assert other.information_state_string(player) == state.information_state_string(
                        player
                    ), (seed, len(state.steps))
                    deals.add(other.steps[0].action)
                varied[player] += len(deals) == 2  # the hidden facts differ
    assert points > 40
    assert varied[FUGITIVE] > 0.8 * points and varied[MARSHAL] > 0.8 * points


def test_every_step_of_a_drawn_game_looks_the_same_to_the_player():
    draws = random.Random(8).random
    for seed, every in ((5, 97), (6, 131)):
        for state in random_points(seed, every):
            for player in (FUGITIVE, MARSHAL):
                steps = sampler.resample({}, state.steps, player, draws)
                assert [s.player for s in steps] == [s.player for s in state.steps]
                real, drawn = new_state("fugitive", {}), new_state("fugitive", {})
                for ours, theirs in zip(state.steps, steps, strict=True):
                    real.apply(ours.action)
                    drawn.apply(theirs.action)
                    assert theirs.text == drawn.format_action(theirs.action)
                    assert observation_text(drawn.observation(player)) == observation_text(
                        real.observation(player)
                    )


# --- the Marshal: exact draws in a small position --------------------------------------------
def marshal_position() -> list:
    """The Fugitive hides a 3, then a 6 with the 4 as Sprint; the Marshal draws all of pile 1
    but his three cards and seven of pile 2, guessing 2, then 41 each turn; the Fugitive
    draws pile 3 and passes. The face-down Hideouts can only be the Fugitive's start cards,
    his setup draws or the five pile-2 cards nobody has seen: a few dozen ways in all."""
    actions = [DEAL, Hide(3), Hide(6, (4,)), Draw(0), Draw(0), Guess((2,))]
    for pile in [0] * 6 + [1] * 7:
        actions += [Draw(2), Pass(), Draw(pile), Guess((41,))]
    return actions


def consistent(actions: list, first: int, second: int, sprint: int, wanted: str) -> bool:
    """Return whether the game replays with the Marshal's view unchanged when the two
    Hideouts are `first` and `second` with `sprint` under the second (the Fugitive's setup
    draws holding the pile cards he placed, the Marshal's draws as dealt)."""
    used = {first, second, sprint}
    piles = []
    for pile, setup in zip(DEAL.piles, (3, 2, 0), strict=True):
        order = list(pile)
        for card in used & set(order[setup:]):  # swapped with a setup draw he did not use
            spare = [i for i in range(setup) if order[i] not in used]
            if not spare:
                return False
            at = order.index(card)
            order[spare[0]], order[at] = order[at], order[spare[0]]
        piles.append(tuple(order))
    changed = [Deal(tuple(piles)), Hide(first), Hide(second, (sprint,)), *actions[3:]]
    try:
        state, _ = replay("fugitive", {}, changed)
    except (ValueError, IllegalAction):
        return False
    return observation_text(state.observation(MARSHAL)) == wanted


def kind(card: int) -> tuple[int, int]:
    """The kinds the deduction counts: start card or pile, and Sprint value (even: 2)."""
    group = 0 if card in (1, 2, 3, 42) else 1 + (card >= 15) + (card >= 29)
    return group, 2 - card % 2


def test_the_marshals_draws_follow_the_completions_then_uniform_cards():
    actions = marshal_position()
    state, history = replay("fugitive", {}, actions)
    wanted = observation_text(state.observation(MARSHAL))
    # brute force through the rules: the first Hideout is within 3 of the 0 and the second
    # within 3 + 2 (one Sprint card) of it
    hidden = [
        (first, second, sprint)
        for first in range(1, 4)
        for second in range(first + 1, first + 6)
        for sprint in range(1, 43)
        if sprint not in (first, second) and consistent(actions, first, second, sprint, wanted)
    ]
    # the values go by the deduction's weights (the completions through them, counted with
    # both pinned), then the card uniformly among those that fit them
    table = sampler._position((), tuple(actions), MARSHAL).table
    everything = frozenset(range(1, 42))

    def joint(f: int, s: int) -> int:
        pinned = dataclasses.replace(table, excluded=(everything - {f}, everything - {s}))
        return sampler.search_values(pinned).total

    cards = Counter((f, s) for f, s, _ in hidden)
    weights = {values: joint(*values) for values in cards}
    assert all(weights.values()) and sum(weights.values()) == sampler.search_values(table).total
    assert len(set(weights.values())) > 2  # the values are not equally likely
    completions = Counter((f, s, kind(c)) for f, s, c in hidden)
    assert 20 < len(completions) < len(hidden) < 120
    draws, total = random.Random(11).random, 3000
    expected = {
        (f, s, c): total * weights[(f, s)] / sum(weights.values()) / cards[(f, s)]
        for f, s, c in hidden
    }
    counts = Counter()
    for n in range(total):
        steps = sampler.resample({}, history, MARSHAL, draws)
        if n < 50:
            assert view_after(steps, MARSHAL) == wanted
        first, second = steps[1].action, steps[2].action
        counts[(first.hideout, second.hideout, *second.sprint)] += 1
    assert chi_square_holds(counts, expected)
    # the test tells: the values uniformly, or a completion drawn uniformly then a card of
    # its kind, would not pass
    per_kind = {
        (f, s, c): total
        / len(completions)
        / sum(kind(d) == kind(c) for g, t, d in hidden if (g, t) == (f, s))
        for f, s, c in hidden
    }
    assert not chi_square_holds(counts, per_kind)
    uniform = {(f, s, c): total / len(cards) / cards[(f, s)] for f, s, c in hidden}
    assert not chi_square_holds(counts, uniform)


def test_a_card_the_fugitive_placed_was_drawn_before_and_the_rest_are_shuffled():
    # the 29 is a Sprint card of the 15, revealed: it is the Fugitive's first pile-3 draw;
    # his later pile-3 draws and what is left of the pile are any of the other twelve
    actions = [DEAL, Hide(3), Hide(6, (4,)), Draw(0), Draw(0), Guess((6,))]
    actions += [Draw(2), Hide(15, (2, 16, 29, 42)), Draw(0), Guess((15,))]
    actions += [Draw(2), Pass(), Draw(1), Guess((41,)), Draw(2), Pass()]
    state, history = replay("fugitive", {}, actions)
    assert [h.revealed for h in state.row] == [True, False, True, True]
    draws, total = random.Random(5).random, 1200
    seconds = Counter()
    wanted = observation_text(state.observation(MARSHAL))
    for n in range(total):
        steps = sampler.resample({}, history, MARSHAL, draws)
        if n < 50:
            assert view_after(steps, MARSHAL) == wanted
        pile_3 = steps[0].action.piles[2]
        assert pile_3[0] == 29
        seconds[pile_3[1]] += 1
    assert chi_square_holds(seconds, {c: total / 12 for c in PILE_3[1:]})


# --- the Fugitive: the Marshal's cards ---------------------------------------------------------
def test_the_fugitives_draws_are_uniform_over_the_marshals_cards():
    # the Marshal drew two cards of pile 1: any ordered two of the eight the Fugitive lacks
    actions = [DEAL, Hide(3), Hide(6, (4,)), Draw(0), Draw(0)]
    state, history = replay("fugitive", {}, actions)
    unseen = [c for c in PILE_1 if c not in (4, 5, 6)]
    pairs = [(a, b) for a in unseen for b in unseen if a != b]
    draws, total = random.Random(3).random, 40 * len(pairs)
    counts, wanted = Counter(), observation_text(state.observation(FUGITIVE))
    for n in range(total):
        steps = sampler.resample({}, history, FUGITIVE, draws)
        if n < 50:
            assert view_after(steps, FUGITIVE) == wanted
        pile_1 = steps[0].action.piles[0]
        assert pile_1[:3] == (4, 5, 6)  # his own setup draws stay
        counts[pile_1[3:5]] += 1
    assert chi_square_holds(counts, dict.fromkeys(pairs, total / len(pairs)))


# --- OpenSpiel's IS-MCTS ------------------------------------------------------------------------
def test_ismcts_plays_a_whole_game_of_fugitive_through_resampling():
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("quarry_fugitive")
    bots = [
        ismcts.ISMCTSBot(
            game,
            mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)),
            2.0,
            2,
            random_state=np.random.RandomState(seed),
        )
        for seed in (1, 2)
    ]
    rng, state = random.Random(6), game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    assert sorted(state.returns()) == [-1.0, 1.0]


def hard_marshal_position() -> list:
    """Return the actions of a game from an IS-MCTS run where the Marshal's last face-down
    Hideout (27, nine Sprint cards) leaves 45 sets of the 2,042,975 nine-card sets: drawing
    sets blindly failed there about 7 times in 20,000 draws."""
    piles = (
        (5, 6, 12, 8, 11, 4, 10, 13, 14, 9, 7),
        (19, 27, 15, 22, 23, 25, 28, 26, 24, 17, 21, 18, 20, 16),
        (36, 39, 34, 30, 40, 37, 29, 32, 35, 38, 41, 31, 33),
    )
    steps = [Hide(3, ()), Hide(6, ()), Draw(0), Draw(0), Guess((29,)), Draw(0), Hide(12, (2, 4))]
    for pile, guess in zip(
        (1, 1, 2, 1, 2, 1, 1, 2, 0, 1, 2, 1, 1),
        (24, 0, 28, 0, 6, 0, 32, 0, 13, 0, 9, 0, 31),
        strict=True,
    ):
        steps += [Draw(pile), Guess((guess,)) if guess else Pass()]
    steps += [Draw(1), Hide(27, (1, 5, 19, 21, 22, 23, 24, 25, 26))]
    steps += [Draw(2), Guess((40,)), Draw(2), Pass(), Draw(1)]
    return [Deal(piles), *steps]


@pytest.mark.parametrize("tries, seeds, draws", [(None, (0, 1), 600), (0, (2,), 40)])
def test_the_marshals_draws_never_fail_where_few_sprint_sets_fit(monkeypatch, tries, seeds, draws):
    """Every draw succeeds and keeps her view, blind tries first (the real limit) or only the
    count of the kinds that fit (no blind tries)."""
    if tries is not None:
        monkeypatch.setattr(sampler, "TRIES", tries)
    actions = hard_marshal_position()
    state, history = replay("fugitive", {}, actions)
    assert len(actions) == 41 and state.current_player() == MARSHAL
    wanted = observation_text(state.observation(MARSHAL))
    last = Counter()
    for seed in seeds:
        rng = random.Random(seed)
        for _ in range(draws):
            steps = sampler.resample({}, history, MARSHAL, rng.random)
            assert view_after(steps, MARSHAL) == wanted
            last[steps[-6].action.sprint] += 1
    assert len(last) > 1  # the last Hideout's cards vary
