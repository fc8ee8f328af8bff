"""The deducing bot's reading of the table is exact under its model: the permanent-based
chances against enumerating every permutation, the closed-form likelihood against summing
over every enemy, and a whole game's chances against enumerating its record."""

import itertools
import random

import numpy as np
import pytest
from threadpoolctl import threadpool_info

from generator.engine.game import CHANCE
from generator.games.cutthroat.belief import (
    Tracker,
    choice_likelihood,
    choice_weights,
    identity_marginals,
)
from generator.games.cutthroat.bots import DeducingBot, choice_targets, feed, feed_guess, make_bot
from generator.games.cutthroat.rules import CutthroatState


def enumerated(weights: np.ndarray) -> np.ndarray:
    n = weights.shape[0]
    out, total = np.zeros((n, n)), 0.0
    for order in itertools.permutations(range(n)):
        weight = np.prod([weights[i, order[i]] for i in range(n)])
        total += weight
        for i in range(n):
            out[i, order[i]] += weight
    return out / total


@pytest.mark.parametrize("n", [1, 2, 3, 5, 6])
def test_identity_marginals_match_enumerating_every_permutation(n):
    rng = np.random.default_rng(n)
    weights = rng.random((n, n)) * (rng.random((n, n)) > 0.35)
    np.fill_diagonal(weights, 1.0)  # some pairing is possible
    assert np.allclose(identity_marginals(weights), enumerated(weights), atol=1e-12)


def test_identity_marginals_refuse_an_impossible_table():
    with pytest.raises(ValueError):
        identity_marginals(np.array([[1.0, 0.0], [1.0, 0.0]]))  # nobody can be column 1
    with pytest.raises(ValueError):
        identity_marginals(np.ones((2, 3)))


@pytest.mark.parametrize("kind", ["take", "put"])
def test_the_closed_form_likelihood_sums_over_every_enemy(kind):
    rng = random.Random(7)
    characters = 7
    for _ in range(30):
        markers = [rng.randrange(0, 6) for _ in range(characters)]
        targets = sorted(rng.sample(range(characters), rng.randrange(2, characters + 1)))
        chosen = rng.choice(targets)
        closed = choice_likelihood(kind, chosen, targets, markers, characters)
        for identity in range(characters):
            total = 0.0
            for enemy in range(characters):  # the model: the enemy uniform over the cards
                weights = choice_weights(kind, identity, enemy, targets, markers)
                total += weights[targets.index(chosen)] / sum(weights) / characters
            assert closed[identity] == pytest.approx(total, rel=1e-12)


def record_chances(players: int, steps: list[tuple], known: dict[int, int]) -> dict:
    """Enumerate every identity permutation agreeing with `known`, weighting each by the
    model's chance of every recorded choice (and zero for a wrong guess it would make
    right)."""
    out: dict[tuple[int, int], float] = {}
    total = 0.0
    for order in itertools.permutations(range(players)):
        if any(order[s] != c for s, c in known.items()):
            continue
        weight = 1.0
        for step in steps:
            if step[0] == "guess":
                _, seat, named, character, right = step
                weight *= 0.02 if order[seat] == character else 1.0
                weight *= 0.0 if not right and order[named] == character else 1.0
            else:
                kind, seat, chosen, targets, markers = step
                weight *= choice_likelihood(kind, chosen, targets, markers, players)[order[seat]]
        total += weight
        for seat in range(players):
            if seat not in known:
                out[seat, order[seat]] = out.get((seat, order[seat]), 0.0) + weight
    return {key: value / total for key, value in out.items()}


def test_a_games_chances_match_enumerating_its_record():
    players = 6
    state = CutthroatState(players)
    rng = random.Random(11)
    bots = [make_bot("simple", random.Random(seat)) for seat in range(players)]
    tracker, steps = Tracker(players), []
    while len(steps) < 30 and not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        seen = state.observation(state.seat, with_log=False)
        seen.update(ranks=list(state.ranks), tracker=tracker)
        legal = state.legal_actions()
        action = bots[state.seat].choose(seen, legal)
        head, _, rank = action.partition(" ")
        targets = choice_targets(state, action, legal) if head in ("take", "put") else []
        if len(targets) > 1:
            steps.append((head, state.seat, state.ranks.index(rank), targets, state.markers[:]))
        feed(tracker, state, action, legal)
        since = len(state.log)
        state.apply(action)
        if head == "guess":
            feed_guess(tracker, state.log, since)
            steps += [e for e in state.log[since:] if e[0] == "guess"]
    assert len(steps) == 30  # a real stretch of play to read
    revealed = {state.seat_of(c): c for c in range(players) if state.revealed[c]}
    known = {**revealed, 0: state.identity[0]}  # what seat 0 knows
    exact = record_chances(players, steps, known)
    chances = tracker.marginals(known)
    assert len(known) < players - 1  # some identities are still in doubt
    assert chances.keys() == exact.keys()
    for key, value in exact.items():
        assert chances[key] == pytest.approx(value, abs=1e-9)


def test_the_deducing_bot_decides_from_what_it_may_see_only():
    """Two deals alike for seat 0 (identity A, enemy 3), different for everyone else: the
    same public plays give seat 0 the same choices."""
    deals = ("deal A 2 3 4 5 6 / 3 4 5 6 A 2", "deal A 5 6 2 4 3 / 3 A 6 2 5 4")
    public = ["play", "take 3", "take 4", "put 2", "play", "take 5", "take 5", "put 5"]
    public += ["play", "take 6", "take 2", "put 6", "play", "take 4", "take 3", "put 3"]
    public += ["play", "take A", "take 6", "put 2", "play", "take 2", "take 2", "put 4"]
    decisions = []
    for deal in deals:
        state, tracker = CutthroatState(6), Tracker(6)
        state.apply(deal)
        for action in public:
            feed(tracker, state, action, state.legal_actions())
            state.apply(action)
        assert state.seat == 0 and state.phase == "main"
        bot, made = DeducingBot(random.Random(5)), []
        while state.seat == 0 and not state.is_terminal():
            seen = state.observation(0, with_log=False)
            seen.update(ranks=list(state.ranks), tracker=tracker)
            legal = state.legal_actions()
            action = bot.choose(seen, legal)
            made.append(action)
            feed(tracker, state, action, legal)
            state.apply(action)
        decisions.append(made)
    assert decisions[0] == decisions[1]
    # seat 4 took from A and 6 and put back on 2: likely the 2, and a guess pays
    assert decisions[0][0] == "guess 4 2"


def test_reading_the_table_holds_blas_to_one_thread():
    # Games already run in parallel processes; BLAS threads on top of them only contend.
    identity_marginals(np.ones((9, 9)))
    blas = [pool for pool in threadpool_info() if pool["user_api"] == "blas"]
    assert blas, "numpy's BLAS is found"
    assert all(pool["num_threads"] == 1 for pool in blas)
