"""The island's resampler (interop/resample/island.py): a drawn game gives every player the
view and information state of the real one, its hidden facts vary, its draws follow the
distribution the module states (checked against brute-force lists of the consistent hidden
facts), and OpenSpiel's IS-MCTS plays both roles through it."""

import random
from collections import Counter

import pyspiel
import pytest

import generator.interop.openspiel  # noqa: F401  (registers the games)
from generator.engine.bitboards import bits
from generator.games.island import cards
from generator.games.island.board import ZONES
from generator.interop.resample import island as sampler
from generator.interop.resample import replay, resample
from generator.interop.text import observation_text

OPTIONS = {"players": 5}
HUNTER_FIRST = ["roll 6", "roll 1", "roll 1", "roll 1", "roll 1"]  # player 0 hunts


def random_game(seed: int, moves: int) -> list[str]:
    """Return the first `moves` actions of a game of random play (chance as the rules draw)."""
    rng = random.Random(seed)
    state, actions = replay("island", OPTIONS, [])[0], []
    while len(actions) < moves and not state.is_terminal():
        if state.current_player() < 0:
            action = state.sample_chance(rng)
        else:
            action = rng.choice(state.legal_actions())
        actions.append(action)
        state.apply(action)
    return actions


def view_text(actions, player: int) -> str:
    state, _ = replay("island", OPTIONS, actions)
    return observation_text(state.observation(player))


def drawn(actions, player: int, draw) -> list[str]:
    _, history = replay("island", OPTIONS, actions)
    return [step.action for step in resample("island", OPTIONS, history, player, draw)]


def test_nothing_is_hidden_before_the_first_card_is_drawn():
    _, history = replay("island", OPTIONS, HUNTER_FIRST)
    assert all(resample("island", OPTIONS, history, p, random.random) is None for p in range(5))


def test_openspiels_information_states_agree_at_many_points_of_random_games():
    game = pyspiel.load_game("quarry_island")
    checked = 0
    for seed in (1, 2):
        rng = random.Random(seed)
        state = game.new_initial_state()
        for move in range(120):
            if state.is_terminal():
                break
            if move % 9 == 8:
                for player in range(5):
                    other = state.resample_from_infostate(player, rng.random)
                    assert other.information_state_string(player) == (
                        state.information_state_string(player)
                    )
                    if state.current_player() == player:  # IS-MCTS's case: his move
                        assert other.current_player() == player
                    checked += 1
            if state.is_chance_node():
                actions, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    assert checked >= 100


def test_after_a_reshuffle_a_drawn_game_still_gives_each_player_his_view():
    actions = random_game(21, 320)
    done = failed = 0
    for cut in range(160, 321, 40):
        state, history = replay("island", OPTIONS, actions[:cut])
        assert any(event[0] == "reshuffle" for event in state.log)
        for player in range(5):
            try:
                steps = resample("island", OPTIONS, history, player, random.Random(cut).random)
            except ValueError:  # the module says when it gives up
                failed += 1
                continue
            other, _ = replay("island", OPTIONS, [step.action for step in steps])
            assert observation_text(other.observation(player)) == view_text(actions[:cut], player)
            done += 1
    assert done >= 20 and failed <= 5


def test_the_hidden_squares_and_cards_vary_over_draws():
    actions = random_game(3, 90)
    state, _ = replay("island", OPTIONS, actions)
    hunter = state.first
    hidden = [x for x in range(5) if state.role[x] == "hunted" and state.marks[x]]
    assert hidden
    rng = random.Random(5)
    squares, hands = set(), set()
    for _ in range(20):
        other, _ = replay("island", OPTIONS, drawn(actions, hunter, rng.random))
        assert observation_text(other.observation(hunter)) == view_text(actions, hunter)
        squares.add(tuple(other.pos[x] for x in hidden))
        hands.add(tuple(tuple(sorted(other.hand[x])) for x in hidden))
    assert len(squares) > 5 and len(hands) > 5


def first_hunter_cards() -> tuple[list[str], int]:
    """Return a short game in which player 0 hunts and has drawn his three cards, and
    player 1, who sees none of them, is about to draw."""
    actions = HUNTER_FIRST + ["draw rifle", "draw net", "draw horn"]
    return actions, 1


def test_the_hunters_cards_are_drawn_as_the_pile_deals_them():
    actions, player = first_hunter_cards()
    # brute force: every three kinds the pile could deal, each consistent with the view
    counts = cards.deck_counts(cards.HUNTER)
    total = sum(counts.values())
    wanted = view_text(actions, player)
    first = Counter()
    for kind in counts:
        other = actions[:5] + [f"draw {kind}", "draw net", "draw horn"]
        assert view_text(other, player) == wanted
        first[kind] = counts[kind] / total  # the claimed chance of the first card
    rng = random.Random(11)
    seen = Counter(drawn(actions, player, rng.random)[5].split()[1] for _ in range(1000))
    chi_square = sum((seen[k] - 1000 * p) ** 2 / (1000 * p) for k, p in first.items())
    assert chi_square < 29.6  # 10 degrees of freedom, p = 0.001; uniform kinds give ~60


def test_a_hunteds_start_is_uniform_over_the_squares_the_table_allows():
    actions = random_game(4, 40)
    index = next(i for i, action in enumerate(actions) if action.startswith("start"))
    actions = actions[: index + 1]  # the first Hunted has just chosen his start
    state, _ = replay("island", OPTIONS, actions)
    chooser, hunter = state.start_order[0], state.first
    wanted = view_text(actions, hunter)
    consistent = []
    for square in bits(state.geo.land):
        trial = list(actions)
        trial[index] = f"start {state.island.name(square)}"
        if view_text(trial, hunter) == wanted:
            consistent.append(square)
    position = sampler._position(tuple(sorted(OPTIONS.items())), tuple(actions), hunter)
    assert set(consistent) == set(bits(position.tracks[chooser].possible()))
    zone_of = state.island.zones
    expected = Counter(zone_of[s] for s in consistent)
    rng, draws = random.Random(2), 1500
    seen = Counter()
    for _ in range(draws):
        start = drawn(actions, hunter, rng.random)[index].split()[1]
        seen[zone_of[state.island.parse(start)]] += 1
    assert set(seen) <= set(expected)
    chi_square = sum(
        (seen[z] - draws * n / len(consistent)) ** 2 / (draws * n / len(consistent))
        for z, n in expected.items()
    )
    assert chi_square < 20.5  # len(ZONES) - 1 = 5 degrees of freedom, p = 0.001
    assert len(expected) == len(ZONES)


def test_a_drawn_path_keeps_to_every_fact_of_the_tracker():
    actions = random_game(6, 110)
    state, _ = replay("island", OPTIONS, actions)
    position = sampler._position(tuple(sorted(OPTIONS.items())), tuple(actions), state.first)
    rng, checked = random.Random(3), 0
    for track in position.tracks.values():
        for _ in range(10):
            path = sampler._path(track, rng.random)
            assert len(path) == track.now() + 1
            for time, square in enumerate(path):
                assert track.possible_at(time) >> square & 1
            checked += 1
    assert checked >= 20


@pytest.mark.parametrize("role", ["hunter", "hunted"])
def test_ismcts_plays_a_few_turns_of_each_role_through_resampling(role):
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("quarry_island")
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, np.random.RandomState(4)),
        2.0,
        3,
        random_state=np.random.RandomState(4),
    )
    rng = random.Random(8)
    state, decisions = game.new_initial_state(), 0
    while decisions < 4 and not state.is_terminal():
        if state.is_chance_node():
            actions, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, weights)[0])
            continue
        mover = state.current_player()
        if state.quarry.cycle >= 1 and state.quarry.role[mover] == role:
            action = bot.step(state)
            assert action in state.legal_actions()
            decisions += 1
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
    assert decisions == 4
