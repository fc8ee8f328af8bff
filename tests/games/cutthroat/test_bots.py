"""CutThroat!'s first bots: legal, reproducible, blind to what they may not see; the
simulation's numbers; a bot game's record replays to its result."""

import random

import pytest

from generator.engine.game import CHANCE
from generator.games.cutthroat.bots import (
    SimpleBot,
    game_record,
    play_game,
    simulate_cutthroat,
)
from generator.games.cutthroat.rules import CutthroatState, record_result, state_from_header


@pytest.mark.parametrize("bot", ["random", "simple", "deducing"])
@pytest.mark.parametrize("players", [6, 9, 13])
def test_bot_games_are_legal_and_end(bot, players):
    state, actions = play_game(players, 3, bot)
    assert state.is_terminal() and state.winners
    replay = CutthroatState(players)
    for action in actions:
        replay.apply(replay.parse_action(action))  # IllegalAction if a bot cheated
    assert replay.winners == state.winners


def test_a_game_is_the_same_from_the_same_seed():
    assert play_game(8, 5)[1] == play_game(8, 5)[1]
    assert play_game(8, 5)[1] != play_game(8, 6)[1]


def test_the_simple_bot_decides_from_what_it_may_see_only():
    state = CutthroatState(6)
    state.apply("deal A 2 3 4 5 6 / 3 4 5 6 A 2")
    other = CutthroatState(6)
    other.apply("deal A 2 4 3 6 5 / 3 5 4 A 6 2")  # seat 0 the same; the others differ
    state.apply("play")
    other.apply("play")
    for seen_from in (state, other):
        assert seen_from.observation(0)["identity"] == "A"
    choices = []
    for current in (state, other):
        seen = current.observation(0)
        seen["ranks"] = list(current.ranks)
        choices.append(SimpleBot(random.Random(4)).choose(seen, current.legal_actions()))
    assert choices[0] == choices[1] == "take 3"  # its enemy


def test_the_simulation_is_the_same_for_any_number_of_jobs_and_counts_every_seat():
    one = simulate_cutthroat(7, 20, 2, jobs=1)
    assert simulate_cutthroat(7, 20, 2, jobs=2) == one
    metrics = one["metrics"]
    assert {f"seat_{s}_win" for s in range(7)} <= set(metrics)
    wins = sum(metrics[f"seat_{s}_win"]["value"] for s in range(7))
    assert wins == pytest.approx(1.0)  # every game has a winner; a shared win is split
    with pytest.raises(ValueError):
        simulate_cutthroat(5, 10, 1)
    with pytest.raises(ValueError):
        simulate_cutthroat(8, 10, 1, bot="psychic")


def test_a_bot_record_replays_to_its_result():
    record = game_record(8, 11)
    state = state_from_header(record["header"])
    for action in record["actions"]:
        if state.current_player() == CHANCE:
            assert action.startswith("deal ")
        state.apply(state.parse_action(action))
    assert record_result(state) == record["result"] and state.is_terminal()


def test_the_deducing_bot_reads_the_table_better_than_chance():
    """Its guesses are right far more often than the simple bot's guesses at random, and
    it reveals more identities."""
    deducing = simulate_cutthroat(8, 12, 9, bot="deducing")["metrics"]
    simple = simulate_cutthroat(8, 12, 9, bot="simple")["metrics"]
    assert deducing["right_guess_rate"]["ci95"][0] > simple["right_guess_rate"]["ci95"][1]
    assert deducing["reveal_rate"]["value"] > simple["reveal_rate"]["value"]


def test_a_mixed_table_seats_each_bot_where_it_is_asked():
    names = ["deducing"] + ["simple"] * 6
    state, actions = play_game(7, 4, names)
    assert state.is_terminal()
    with pytest.raises(ValueError):
        play_game(7, 4, ["deducing", "clever"] + ["simple"] * 5)
