"""The five games in OpenSpiel (generator/interop/openspiel.py): each loads by name, passes
OpenSpiel's random simulation test with serialization, and a player's information state
does not change when only another player's hidden facts do."""

import math

import pyspiel
import pytest

import generator.interop.openspiel  # noqa: F401  (registers the games)
from generator.interop.openspiel import GAMES


def load(name: str):
    return pyspiel.load_game(f"quarry_{name}")


@pytest.mark.parametrize("name", GAMES)
def test_each_game_passes_openspiels_random_simulation(name):
    game = load(name)
    assert game.get_type().short_name == f"quarry_{name}"
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_the_game_types_say_what_each_game_hides():
    perfect = pyspiel.GameType.Information.PERFECT_INFORMATION
    assert load("parforce").get_type().information == perfect
    for name in ("hunt", "fugitive", "cutthroat", "island"):
        assert load(name).get_type().information != perfect
    assert load("hunt").num_distinct_actions() == 82_944
    assert load("hunt").get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC


def test_a_deal_is_uniform_among_the_cards_left():
    state = load("cutthroat").new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == list(range(8))
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    state.apply_action(3)
    assert [a for a, _ in state.chance_outcomes()] == [0, 1, 2, 4, 5, 6, 7]


def played(name: str, actions: list[int]):
    state = load(name).new_initial_state()
    for action in actions:
        state.apply_action(action)
    return state


def test_cutthroat_seat_0_cannot_tell_the_other_seats_cards_apart():
    # seat 0 is the 1 and hunts the 2 in both; the other seats' identities and enemies differ
    one = played("cutthroat", [0, 1, 2, 3, 4, 5, 6, 7] + [1, 0, 2, 3, 4, 5, 6, 7])
    two = played("cutthroat", [0, 2, 1, 4, 3, 6, 5, 7] + [1, 3, 0, 2, 5, 4, 7, 6])
    assert one.information_state_string(0) == two.information_state_string(0)
    assert one.observation_string(0) == two.observation_string(0)
    assert one.information_state_string(1) != two.information_state_string(1)


def fugitive_deal(pile_1: list[int]) -> list[int]:
    return pile_1 + list(range(15, 29)) + list(range(29, 42))


def test_the_marshal_cannot_tell_the_fugitives_hands_apart():
    # the Fugitive's setup draws are the top 3 of pile 1 and the top 2 of pile 2
    one = played("fugitive", fugitive_deal([4, 5, 6, *range(7, 15)]))
    two = played("fugitive", fugitive_deal([12, 13, 14, *range(4, 12)]))
    marshal = 1
    assert one.information_state_string(marshal) == two.information_state_string(marshal)
    assert one.information_state_string(0) != two.information_state_string(0)


def test_the_knight_cannot_tell_the_dragons_maps_apart():
    one, two = played("hunt", [0]), played("hunt", [51_234])
    knight = 1
    assert one.information_state_string(knight) == two.information_state_string(knight)
    assert one.information_state_string(0) != two.information_state_string(0)
    for action in (0, 0):  # the same first moves from both
        one.apply_action(action)
        two.apply_action(action)
    assert one.information_state_string(knight) == two.information_state_string(knight)


def test_a_state_is_rebuilt_from_its_serialized_history():
    game = load("fugitive")
    state = played("fugitive", fugitive_deal(list(range(4, 15))))
    state.apply_action(0)
    again = game.deserialize_state(state.serialize())
    assert str(again) == str(state)
    assert again.information_state_string(1) == state.information_state_string(1)


def test_the_knights_resampled_hunts_keep_what_he_knows():
    state = played("hunt", [40_000, 0, 0])
    knight = 1
    seen = set()
    for draw in (0.0, 0.3, 0.6, 0.99):
        other = state.resample_from_infostate(knight, lambda d=draw: d)
        assert other.information_state_string(knight) == state.information_state_string(knight)
        seen.add(other.information_state_string(0))  # the Dragon's: his map and place
    assert len(seen) > 1  # different maps were drawn


def test_ismcts_plays_a_whole_hunt_through_resampling():
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    game = load("hunt")
    bots = [
        ismcts.ISMCTSBot(
            game,
            mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)),
            2.0,
            10,
            random_state=np.random.RandomState(seed),
        )
        for seed in (1, 2)
    ]
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))
    assert sum(state.returns()) == 0
    assert state.returns()[0] >= 0  # the Dragon's points


def random_play(name: str, moves: int, seed: int):
    rng = __import__("random").Random(seed)
    state = load(name).new_initial_state()
    for _ in range(moves):
        if state.is_chance_node():
            outcomes = [a for a, _ in state.chance_outcomes()]
            state.apply_action(rng.choice(outcomes))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state, rng


def test_cutthroat_resampled_deals_keep_what_the_seat_knows():
    state, rng = random_play("cutthroat", 60, seed=5)
    for seat in range(8):
        seen = set()
        for _ in range(3):
            other = state.resample_from_infostate(seat, rng.random)
            mine = state.information_state_string(seat)
            assert other.information_state_string(seat) == mine
            seen.add(other.information_state_string((seat + 1) % 8))
        assert len(seen) > 1  # the other seats' cards were dealt again


@pytest.mark.parametrize("name", ["hunt", "fugitive", "cutthroat", "island"])
def test_a_resampled_state_is_the_one_its_history_replays_to(name):
    """The adapter takes the sampler's state as it is (island.py hands over the one it
    replayed): every player's strings, whose move and the moves left match a replay."""
    rng = __import__("random").Random(11)
    state, later = None, load(name).new_initial_state()
    for _ in range(70):  # the last position a player moves at, within 70 moves
        if later.is_terminal():
            break
        if not later.is_chance_node():
            state = later.clone()
        if later.is_chance_node():
            later.apply_action(rng.choice([a for a, _ in later.chance_outcomes()]))
        else:
            later.apply_action(rng.choice(later.legal_actions()))
    game, players = state.get_game(), state.get_game().num_players()
    for player in range(players):
        other = state.resample_from_infostate(player, rng.random)
        again = game.new_initial_state()
        for step in other.steps:
            again._play(step.action)
        assert other.steps == again.steps
        assert other.current_player() == again.current_player()
        assert other.legal_actions() == again.legal_actions()
        for seat in range(players):
            wanted = again.information_state_string(seat)
            assert other.information_state_string(seat) == wanted


def test_ismcts_plays_cutthroat_moves_through_resampling():
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    game = load("cutthroat")
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, np.random.RandomState(3)),
        2.0,
        5,
        random_state=np.random.RandomState(3),
    )
    state, _ = random_play("cutthroat", 16, seed=7)
    for _ in range(6):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_the_hunter_cannot_tell_a_hunteds_start_squares_apart():
    state, rng = load("island").new_initial_state(), __import__("random").Random(2)
    while state.is_chance_node() or not state.action_to_string(
        state.current_player(), 0
    ).startswith("start"):
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    one, two = state.clone(), state.clone()
    one.apply_action(0)  # the first and the last start square the Hunted may choose
    two.apply_action(len(state.legal_actions()) - 1)
    roles = state.quarry.role
    hunter = roles.index("hunter")
    assert one.information_state_string(hunter) == two.information_state_string(hunter)
    mover = state.current_player()
    assert one.information_state_string(mover) != two.information_state_string(mover)


# --- what Python asks is answered in Python, as OpenSpiel's C++ State answers it ---------------


def positions(name: str, count: int, seed: int, params: dict | None = None):
    """Yield `count` states along a random game of `name` (chance nodes among them)."""
    rng = __import__("random").Random(seed)
    state = pyspiel.load_game(f"quarry_{name}", params or {}).new_initial_state()
    while count and not state.is_terminal():
        if rng.random() < 0.3:
            count -= 1
            yield state.clone()
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    yield state


@pytest.mark.parametrize("name", GAMES)
def test_legal_actions_and_whose_move_match_openspiels_own(name):
    for state in positions(name, 12, seed=3):
        players = state.get_game().num_players()
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
        assert state.is_terminal() == pyspiel.State.is_terminal(state)
        assert state.current_player() == pyspiel.State.current_player(state)
        for player in range(players):
            assert state.legal_actions(player) == pyspiel.State.legal_actions(state, player)
        if state.is_chance_node():
            assert state.legal_actions(-1) == pyspiel.State.legal_actions(state, -1)
        elif not state.is_terminal():
            with pytest.raises(pyspiel.SpielError):
                state.legal_actions(-1)


def test_a_changed_list_of_map_ids_is_made_again():
    state = load("hunt").new_initial_state()
    ids = state.legal_actions()
    assert ids == list(range(82_944))
    ids.pop()
    ids.reverse()
    assert load("hunt").new_initial_state().legal_actions() == list(range(82_944))
    small = played("hunt", [7]).legal_actions()
    small.append(99)  # a short list is a copy of its own
    assert played("hunt", [7]).legal_actions() == small[:-1]


def test_a_step_is_written_only_when_asked_and_as_our_notation():
    state = played("hunt", [5, 0, 0])
    assert [step.text for step in state.steps] == [
        state.quarry.format_action(step.action) for step in state.steps
    ]
    assert state.steps[0].text.startswith("map ")
    copy = state.clone()
    copy.apply_action(0)
    assert len(copy.steps) == 4 and len(state.steps) == 3  # a copy's history is its own


# --- Fugitive's variants, dealt a card at a time ----------------------------------------------

VARIANTS = ("none", "random", "discovery", "helpful-fugitive", "helpful-marshal", "catchup")


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_fugitive_variant_passes_openspiels_random_simulation(variant):
    game = pyspiel.load_game("quarry_fugitive", {"variant": variant})
    assert game.new_initial_state().quarry.config.variant == variant
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def whole_deal_chance(config, deal) -> float:
    """Return the chance that rules.deal_for deals `deal`: each pile's Hideouts shuffled and
    the setup draws off its top; the events a pile takes chosen among those in play (random)
    or its icon's (helpful), or its two Placeholders (catchup), shuffled into the rest; each
    event pile shuffled."""
    from math import comb, factorial, perm

    from generator.games.fugitive.cards import PILES, START_DRAWS, helped_icon

    counts = config.pile_counts() or (0, 0, 0)
    extra = (2, 2, 2) if config.variant == "catchup" else counts
    chance = 1.0
    for (low, high), drawn, added in zip(PILES, START_DRAWS, extra, strict=True):
        size = high - low + 1
        chance /= perm(size, drawn) * factorial(size - drawn + added)
    pool = config.event_cards(helped_icon(config.variant)) if config.pile_counts() else []
    left = len(pool)
    for count in counts if pool else ():
        chance /= comb(left, count)  # which of the events left this pile takes
        left -= count
    for events in deal.events:
        chance /= factorial(len(events))
    return chance


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_deal_card_by_card_is_as_likely_as_the_whole_deal(variant):
    rng = __import__("random").Random(len(variant))
    for _ in range(3):
        state = pyspiel.load_game("quarry_fugitive", {"variant": variant}).new_initial_state()
        chance = 1.0
        while state.picks or state.is_chance_node() and not state.steps:
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            outcome, p = rng.choice(outcomes)
            chance *= p
            state.apply_action(outcome)
        deal = state.steps[0].action
        expected = whole_deal_chance(state.quarry.config, deal)  # about 1e-40: no absolute slack
        assert math.isclose(chance, expected, rel_tol=1e-9), (chance, expected)


def test_an_event_in_a_deal_is_written_by_its_card():
    state = pyspiel.load_game("quarry_fugitive", {"variant": "random"}).new_initial_state()
    for card in (4, 5, 6):  # pile 1's setup draws
        state.apply_action(card)
    events = [a for a, _ in state.chance_outcomes() if a > 42]
    assert len(events) == 10
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, events[0]) == "deal card E101"
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 7) == "deal card 7"


# --- game lengths -------------------------------------------------------------------------------


def decisions_of_random_game(name: str, params: dict, seed: int) -> int:
    """Return the decisions (OpenSpiel's game length) of a random game on our engine."""
    from generator.engine.game import CHANCE
    from generator.interop.resample import new_state

    state, rng, decisions = new_state(name, params), __import__("random").Random(seed), 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            decisions += 1
    return decisions


@pytest.mark.parametrize(
    ("name", "params", "games"),
    [
        ("cutthroat", {}, 20),
        ("cutthroat", {"players": 13}, 10),
        ("island", {}, 10),
        ("island", {"players": 7}, 6),
        ("fugitive", {}, 30),
        ("fugitive", {"variant": "helpful-marshal"}, 30),
    ],
)
def test_random_games_stay_inside_the_length_bound_and_it_is_not_far_off(name, params, games):
    bound = pyspiel.load_game(f"quarry_{name}", params).max_game_length()
    longest = max(decisions_of_random_game(name, params, seed) for seed in range(games))
    assert longest <= bound
    assert bound <= 12 * longest  # a bound of the rules' turns, or a cap, not a guess


def test_cutthroat_turns_take_no_more_decisions_than_the_bound_counts():
    # the bound is turn_limit turns of at most 1 + extend + 1 + play decisions, and one
    # extended play for each death: checked turn by turn in random games
    from generator.engine.game import CHANCE
    from generator.interop.openspiel import _cutthroat_length
    from generator.interop.resample import new_state

    most = 0
    for seed in range(15):
        state, rng = new_state("cutthroat", {}), __import__("random").Random(seed)
        plays = state.plays
        a_turn = 2 + sum(plays["extend"]) + sum(plays["play"])
        decisions, deaths = {}, {}  # by turn
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            turn, living = state.turns, sum(state.alive)
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            decisions[turn] = decisions.get(turn, 0) + 1
            now = state.turns  # a heart's death comes as its holder's turn begins
            deaths[now] = deaths.get(now, 0) + living - sum(state.alive)
        for turn, count in decisions.items():
            died = deaths.get(turn, 0)
            assert count <= a_turn + died * sum(plays["double"]), (seed, turn)
            most = max(most, count if not died else 0)
    assert most >= a_turn - 2  # random play comes near a turn's bound
    assert _cutthroat_length(new_state("cutthroat", {})) == 300 * 10 + 7 * 7
