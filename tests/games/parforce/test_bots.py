"""Parforcejagd's bots: legal, reproducible, ordered by strength; the simulation's numbers."""

import random

import pytest

from generator.engine.simulate import game_seeds
from generator.games.parforce.board import default_board, parse_board
from generator.games.parforce.bots import (
    PURSUER_BOTS,
    STAG_BOTS,
    WIN,
    game_record,
    game_result,
    greedy_pursuer,
    parforce_metrics,
    play_game,
    proving_pursuer,
    proving_stag,
    pursuer_value,
    search_pursuer,
    search_stag,
    sight,
    simulate_parforce,
    stag_move_value,
)
from generator.games.parforce.puzzles import Search
from generator.games.parforce.puzzles.proof import ProofSearch
from generator.games.parforce.rules import PIECES, STAG, ParforceState, Rules

BOARD = default_board()


def stag_wins(stag, pursuers, games, first=0):
    return sum(play_game(BOARD, first + seed, stag, pursuers)[0].winner == "stag"
               for seed in range(games))  # fmt: skip


@pytest.mark.parametrize("stag", STAG_BOTS)
@pytest.mark.parametrize("pursuers", PURSUER_BOTS)
def test_every_pairing_plays_legal_games_to_an_end(stag, pursuers):
    both_prove = stag == pursuers == "proving"  # seconds a game: one is enough
    for seed in range(1 if both_prove else 3):
        state, actions = play_game(BOARD, seed, stag, pursuers)
        assert state.is_terminal() and state.winner in ("stag", "pursuers", "draw")
        replay = ParforceState(BOARD)
        for text in actions:
            replay.apply(replay.parse_action(text))  # IllegalAction if a bot cheated
        assert replay.winner == state.winner and replay.pos == state.pos


def test_a_game_is_the_same_from_the_same_seed_and_differs_from_another():
    first = play_game(BOARD, 11, "search", "greedy")[1]
    assert play_game(BOARD, 11, "search", "greedy")[1] == first
    assert any(play_game(BOARD, seed, "search", "greedy")[1] != first for seed in (12, 13))


def test_a_game_played_without_its_record_ends_as_the_recorded_one():
    for seed in range(4):
        state, actions = play_game(BOARD, seed, "search", "greedy")
        bare, none = play_game(BOARD, seed, "search", "greedy", record=False)
        assert none == [] and len(actions) > 10
        assert (
            game_result(bare) == game_result(state)
            and bare.pos == state.pos
            and bare.history == state.history
        )


def test_the_stag_distance_home_counts_forward_knight_moves():
    view = sight(BOARD)
    assert view.home[BOARD.stag] == 0
    assert view.home[BOARD.parse("c8")] == 1  # c8 -> e9 is one forward knight move
    assert view.home[BOARD.parse("g8")] > 4  # just set out: most of the lap to run


def test_the_pursuers_take_an_enclosure_when_one_move_makes_it():
    state = ParforceState()
    state.arrange({"H1": "g8", "K": "e8"}, turn="K")  # the stag on e9 has g8 and f7
    enclosing = BOARD.parse("f7")
    assert len(state.pursuer_moves(PIECES.index("K"))) > 3
    for choose in (greedy_pursuer, search_pursuer):
        assert choose(state, random.Random(1)) == enclosing


def test_the_proving_stag_turns_down_a_first_move_the_pursuers_can_punish():
    # The opening: the pursuers have made their first round (the hounds and the handler in
    # their rows, the riders out to b2, h2, b8 and h8) and the stag on e9 has g8 and f7.
    state = ParforceState()
    state.arrange({"H1": "d1", "H2": "f1", "H3": "d2", "H4": "f2", "K": "e1",
                   "R1": "b2", "R2": "h2", "R3": "b8", "R4": "h8"})  # fmt: skip
    g8, f7 = BOARD.parse("g8"), BOARD.parse("f7")
    assert sorted(state.stag_moves()) == sorted([g8, f7])
    after = {}
    for move in (g8, f7):
        after[move] = state.clone()
        after[move].apply(move)
    # g8 loses: the pursuers enclose the stag within three rounds whatever it does, which
    # both the proof search and the plain exhaustive search find; f7 has no such loss.
    assert ProofSearch().forced_win(after[g8], 3)
    assert Search(200_000).forced_win(after[g8].clone(), 3)
    assert not ProofSearch().forced_win(after[f7], 3)
    for seed in range(3):
        assert search_stag(state.clone(), random.Random(seed)) == g8
        assert proving_stag(state.clone(), random.Random(seed)) == f7


def test_the_proving_pursuers_keep_a_forced_enclosure_the_search_pursuers_let_go():
    # Round two: the stag on h6, the pursuers to move from H1. They can enclose it by the
    # end of the next round whatever it does (both searches agree), not in this round.
    state = ParforceState()
    state.arrange({"S": "h6", "H1": "a1", "H2": "g1", "H3": "e2", "H4": "g2", "K": "f2",
                   "R1": "a3", "R2": "h2", "R3": "c9", "R4": "i7"}, turn="H1")  # fmt: skip
    assert ProofSearch().forced_win(state, 2) and Search().forced_win(state.clone(), 2)
    assert not ProofSearch().forced_win(state, 1)
    for choose, keeps in ((proving_pursuer, True), (search_pursuer, False)):
        after = state.clone()
        rng = random.Random(1)
        while after.turn != STAG:
            after.apply(choose(after, rng))
        # the stag to move, one round left to the pursuers after its move
        assert ProofSearch().forced_win(after, 2) is keeps
        assert Search().forced_win(after.clone(), 2) is keeps


def test_a_stronger_stag_wins_more_and_stronger_pursuers_enclose_more():
    greedy = stag_wins("greedy", "greedy", 150, 1000)
    assert stag_wins("random", "greedy", 150, 1000) < greedy
    assert stag_wins("search", "greedy", 150, 1000) > greedy
    assert stag_wins("greedy", "search", 40, 2000) < stag_wins("greedy", "greedy", 40, 2000)
    # against the proving pursuers the search stag falls into enclosures it cannot see
    assert stag_wins("search", "proving", 20, 3000) < stag_wins("search", "search", 20, 3000)


def test_the_simulation_is_the_same_for_any_number_of_jobs_and_its_rates_add_up():
    one = simulate_parforce(BOARD, 24, 3, jobs=1)
    assert simulate_parforce(BOARD, 24, 3, jobs=2) == one
    metrics = one["metrics"]
    total = sum(metrics[k]["value"] for k in ("stag_win_rate", "enclosure_rate", "draw_rate"))
    assert total == pytest.approx(1.0)
    assert metrics["crossing_rate"]["value"] <= metrics["stag_win_rate"]["value"]
    assert metrics["tokens_paid"]["value"] == pytest.approx(3 * metrics["pond_entries"]["value"]
                                                            , abs=9.0)  # fmt: skip
    for metric in metrics.values():
        low, high = metric["ci95"]
        assert low <= metric["value"] <= high


def test_the_round_limit_ends_every_game():
    summary = simulate_parforce(BOARD, 20, 4, options={"stag": "random", "pursuers": "random",
                                                       "max_rounds": 3})  # fmt: skip
    assert summary["max_rounds"] == 3 and summary["metrics"]["rounds"]["ci95"][1] <= 3
    assert summary["metrics"]["draw_rate"]["value"] > 0


def test_unknown_bots_and_bad_rules_are_refused_before_any_game():
    with pytest.raises(ValueError, match="the stag's bot is one of random, greedy, search"):
        simulate_parforce(BOARD, 10, 1, options={"stag": "clever"})
    with pytest.raises(ValueError, match="multiple of 24"):
        simulate_parforce(BOARD, 10, 1, options={"pot": 30})


SMALL_BOARD = (
    "parforce 1\nsize 7\ndirection counter-clockwise\ngrid\n. . . c . . .\n"
    ". b . . . b .\n. . ~ ~ ~ . .\n. . ~ ~ ~ . .\n. . ~ ~ ~ . .\n. b a . a b .\n"
    ". . a k a . .\n"
)


def test_simulations_of_two_boards_in_one_process_each_play_their_own_board():
    small = parse_board(SMALL_BOARD, "small")
    summaries = [simulate_parforce(board, 12, 5) for board in (BOARD, small, BOARD, small)]
    for board, summary in zip((BOARD, small), summaries[:2], strict=True):
        games = [game_result(play_game(board, seed)[0]) for seed in game_seeds(5, 12)]
        assert summary["metrics"] == parforce_metrics(games)
    assert summaries[2:] == summaries[:2] and summaries[0] != summaries[1]


def test_a_bot_record_on_another_board_carries_it_and_its_seats():
    board = parse_board(SMALL_BOARD, "small")
    record = game_record(board, 2, "greedy", "search", Rules(pot=96), players=4)
    assert record["header"]["options"]["board"].startswith("parforce 1\nsize 7")
    assert record["header"]["players"]["0"] == "greedy bot: S"
    assert record["header"]["players"]["3"] == "search bot: H3 R1 R4"
    assert len(record["result"]["tokens"]) == 4 and sum(record["result"]["tokens"]) == 0


def test_the_pursuers_see_an_enclosure_exactly_when_the_rules_make_one():
    """The pursuers' evaluation reads the stag's ways into the pond from its own tables: a
    move it scores as a win must enclose the stag by the rules, and every enclosing move
    must score as a win (random games, every pursuer move tried)."""
    checked = wins = 0
    for seed in range(60):
        rng, state = random.Random(seed), ParforceState(BOARD)
        while not state.is_terminal():
            if state.turn != 0:
                piece = state.turn
                for move in state.pursuer_moves(piece):
                    after = state.clone()
                    after.apply(move)
                    encloses = after.winner == "pursuers"
                    assert (pursuer_value(state, piece, move) >= WIN) == encloses, (seed, move)
                    checked, wins = checked + 1, wins + encloses
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 10_000 and wins > 20


def test_the_stag_counts_the_fees_of_a_forced_entry_and_none_for_a_free_crossing():
    forced = ParforceState(BOARD)
    forced.arrange({"S": "e8", "R1": "g9", "H2": "g7", "H1": "e9"})  # c held, no land move
    free = ParforceState(BOARD)
    free.arrange({"S": "e8", "H1": "e9"})  # c held, g9 and g7 open
    entry = BOARD.parse("f6")
    fees = stag_move_value(forced, entry) - stag_move_value(free, entry)
    assert fees == -2  # a point a blocker: R1 and H2, not H1 on c
