"""The five games in OpenSpiel (generator/interop/openspiel.py): each loads by name, passes
OpenSpiel's random simulation test with serialization, and a player's information state
does not change when only another player's hidden facts do."""

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
