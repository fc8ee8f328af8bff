"""CutThroat!'s resampler (interop/resample/cutthroat.py): the facts it reads from the log
agree with a blind replay of every candidate card, and its deals are uniform over the ones
a brute-force search finds consistent with the seat's view."""

import itertools
import random
from collections import Counter

from generator.engine.game import IllegalAction
from generator.games.cutthroat.bots import play_game
from generator.interop.resample import cutthroat as sampler
from generator.interop.resample import replay
from generator.interop.text import observation_text


def consistent(options, actions, player, identities, enemies) -> bool:
    """Return whether the game replays on this deal with `player`'s view unchanged."""
    state, _ = replay("cutthroat", options, actions)
    wanted = observation_text(state.observation(player))
    try:
        other, _ = replay(
            "cutthroat", options, [state.deal_text(identities, enemies), *actions[1:]]
        )
    except (ValueError, IllegalAction):
        return False
    return observation_text(other.observation(player)) == wanted


def test_the_enemy_facts_agree_with_trying_every_character_in_every_seat():
    options, player, checked = {"players": 8}, 2, 0
    for seed in range(3):
        _, actions = play_game(8, seed, "deducing")
        for cut in range(40, len(actions), 37):
            prefix = tuple(actions[:cut])
            _, enemies, wanted = sampler._facts(tuple(options.items()), prefix, player)
            state, _ = replay("cutthroat", options, prefix)
            for seat in range(8):
                if seat == player or state.shown_enemy[seat]:
                    continue  # known to the seat; a dead seat's enemy is shown
                tried = sum(
                    1 << c
                    for c in range(8)
                    if sampler._enemy_fits(options, prefix, player, seat, c, wanted)
                )
                assert enemies[seat] == tried, (seed, cut, seat)
                checked += 1
    assert checked > 50


def test_the_deals_drawn_are_uniform_over_every_consistent_deal():
    options, player = {"players": 6}, 1
    _, actions = play_game(6, 3, "random")
    prefix = actions[:37]
    state, history = replay("cutthroat", options, prefix)
    # brute force: every identity permutation (true enemies), every enemy permutation (true
    # identities); each fact is about one seat's card, so the consistent deals are the pairs
    identities = [
        p
        for p in itertools.permutations(range(6))
        if consistent(options, prefix, player, list(p), state.enemy)
    ]
    enemies = [
        p
        for p in itertools.permutations(range(6))
        if consistent(options, prefix, player, state.identity, list(p))
    ]
    deals = {state.deal_text(list(i), list(e)) for i in identities for e in enemies}
    assert 100 < len(deals) < 1000  # a position with some, but not too many, deals
    draws = random.Random(9)
    per_deal = 12
    counts = Counter(
        sampler.resample(options, history, player, draws.random)[0].action
        for _ in range(per_deal * len(deals))
    )
    assert set(counts) <= deals
    chi_square = sum((counts[d] - per_deal) ** 2 / per_deal for d in deals)
    freedom = len(deals) - 1
    assert chi_square < freedom + 4 * (2 * freedom) ** 0.5  # far in the tail if biased
