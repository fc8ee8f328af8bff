"""One test per rule of the text (and of each choice docs/rules/parforce.md makes)."""

import random

import pytest

from generator.engine.game import TERMINAL, IllegalAction
from generator.games.parforce.board import format_board, parse_board
from generator.games.parforce.rules import (
    CROSS,
    LAND,
    PASS,
    PIECES,
    POND_FEE,
    SWIM,
    ParforceState,
    Rules,
    play_notation,
)


def moves(state):
    """Return the legal moves of the piece to move as square names ('pass' for a pass)."""
    return {state.format_action(a).split()[1] for a in state.legal_actions()}


def position(squares, turn="S", mode=LAND, **rules):
    state = ParforceState(rules=Rules(**rules))
    state.arrange(squares, turn, mode)
    return state


def test_the_pieces_move_in_the_order_stag_four_hounds_handler_four_riders():
    state = ParforceState()
    seen = []
    for _ in range(len(PIECES) + 1):
        action = state.legal_actions()[0]
        seen.append(state.format_action(action).split()[0])
        state.apply(action)
    assert seen == ["S", "H1", "H2", "H3", "H4", "K", "R1", "R2", "R3", "R4", "S"]
    assert state.round == 2


def test_the_stag_makes_a_knight_move_forward_round_the_pond():
    assert moves(ParforceState()) == {"g8", "f7"}  # east of e9, the hunt runs clockwise
    text = format_board(ParforceState().board).replace("clockwise", "counter-clockwise")
    assert moves(ParforceState(parse_board(text))) == {"c8", "d7"}


def test_hounds_move_one_to_three_squares_forward_or_back_never_diagonally():
    state = position({"H1": "e7"}, turn="H1")
    assert moves(state) == {"f7", "g7", "h7", "d7", "c7", "b7"}


def test_hounds_pass_over_riders_and_the_handler():
    state = position({"H1": "e7", "R1": "f7", "K": "d7"}, turn="H1")
    assert moves(state) == {"g7", "h7", "c7", "b7"}


def test_hounds_may_not_pass_the_stag_or_another_hound():
    state = position({"H1": "e7", "S": "g7", "H2": "d7"}, turn="H1")
    assert moves(state) == {"f7"}


def test_riders_make_a_bishop_move_forward_along_the_trail():
    state = position({"R1": "e8"}, turn="R1")
    assert moves(state) == {"f9", "f7", "g6", "h5", "i4"}  # never back to d7 or d9


@pytest.mark.parametrize("blocker", ["H1", "S", "K"])
def test_riders_may_not_pass_a_hound_the_stag_or_the_handler(blocker):
    state = position({"R1": "e8", blocker: "g6"}, turn="R1")
    assert moves(state) == {"f9", "f7"}


def test_riders_pass_over_other_riders():
    state = position({"R1": "e8", "R2": "g6"}, turn="R1")
    assert moves(state) == {"f9", "f7", "h5", "i4"}


def test_the_handler_makes_a_king_move_onto_an_empty_square_in_any_direction():
    state = position({"K": "e7"}, turn="K")
    assert moves(state) == {"d8", "e8", "f8", "d7", "f7"}  # backward too; not into the pond
    assert moves(position({}, turn="K")) == {"e2"}  # e1: its neighbours are hounds but e2


def test_nobody_lands_on_an_occupied_square():
    assert moves(position({"H1": "g8"})) == {"f7"}
    assert moves(position({"H1": "e7", "R1": "g7"}, turn="H1")) == {"f7", "h7", "d7", "c7", "b7"}
    state = position({"H1": "g8"})
    with pytest.raises(IllegalAction, match="taken"):
        state.apply(state.board.parse("g8"))


def test_a_piece_without_a_move_passes():
    stuck = position({"H1": "a9", "H2": "b9", "S": "a8"}, turn="H1")
    assert moves(stuck) == {"pass"}
    play_notation(stuck, "H1 pass")
    assert stuck.turn == PIECES.index("H2")
    with pytest.raises(IllegalAction, match="may not pass"):
        stuck.apply(PASS)


def test_the_stag_enters_the_pond_only_when_it_has_no_other_move():
    assert moves(position({"S": "e8"})) == {"g9", "g7"}
    blocked = position({"S": "e8", "R1": "g9", "H1": "g7"})
    assert "f6" in moves(blocked)
    free = position({"S": "e8"})
    with pytest.raises(IllegalAction, match="only when it has no move on land"):
        play_notation(free, "S f6")


def test_the_stag_forced_into_the_pond_enters_with_its_forward_knight_move():
    blocked = position({"S": "e8", "R1": "g9", "H1": "g7"})
    assert moves(blocked) == {"f6"}  # d6 is a knight move backward, e7 is land
    with pytest.raises(IllegalAction, match="only with a forward knight move"):
        play_notation(blocked.clone(), "S d6")
    # On f7 the forward knight squares are h8, h6 and g5, all land: with them taken the
    # stag has no way in, though e6 and f6 are a step away and d6 and e5 a knight move.
    state = position({"S": "f7", "H1": "h6", "K": "g4"}, turn="K")  # R4 stands on h8
    play_notation(state, "K g5")
    assert state.winner == "pursuers"
    assert sorted(PIECES[p] for p in state.enclosers) == ["H1", "K", "R4"]


def test_the_stag_pays_three_tokens_to_each_piece_that_blocks_it_when_it_takes_to_the_pond():
    state = position({"S": "e8", "R1": "g9", "H1": "g7"})
    play_notation(state, "S f6")
    assert state.mode == SWIM and state.pond_entries == 1
    assert state.fees[PIECES.index("R1")] == POND_FEE and state.fees[PIECES.index("H1")] == POND_FEE
    assert sum(state.fees) == 2 * POND_FEE


def test_a_stag_forced_into_the_pond_pays_its_blockers_even_when_c_is_held():
    for entry in ("d6", "f6"):  # with c held, a knight move either way starts the crossing
        state = position({"S": "e8", "R1": "g9", "H2": "g7", "H1": "e9"})
        play_notation(state, f"S {entry}")
        assert state.mode == CROSS
        paid = {PIECES[piece]: fee for piece, fee in enumerate(state.fees) if fee}
        assert paid == {"H2": POND_FEE, "R1": POND_FEE}  # not H1, on c, out of its way


def test_in_the_pond_the_stag_swims_with_king_moves():
    state = position({"S": "e5"}, mode=SWIM)
    assert moves(state) == {"d4", "e4", "f4", "d5", "f5", "d6", "e6", "f6"}
    state = position({"S": "f6"}, mode=SWIM)
    assert moves(state) == {"e5", "f5", "e6", "g5", "g6", "g7", "e7", "f7"}
    play_notation(state, "S g7")
    assert state.mode == LAND  # back on land, back to knight moves


def test_pursuers_may_follow_a_swimming_stag_into_the_pond_with_a_king_move():
    on_land = position({"H2": "g5"}, turn="H2")
    assert moves(on_land) == {"g4", "g3", "g2", "g6", "g7", "g8"}
    swimming = position({"H2": "g5", "S": "e5"}, turn="H2", mode=SWIM)
    assert moves(swimming) == {"g4", "g3", "g2", "g6", "g7", "g8", "f4", "f5", "f6"}
    play_notation(swimming, "H2 f5")
    swimming.arrange({}, turn="H2", mode=SWIM)
    assert moves(swimming) == {"e4", "f4", "e6", "f6", "g4", "g5", "g6"}  # king moves


def test_the_enclosed_stag_loses_and_the_blockers_share_the_pot():
    state = position({"H1": "g8", "R1": "f7", "R4": "a9"}, turn="R4")
    state.apply(state.legal_actions()[0])
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.winner == "pursuers"
    assert sorted(PIECES[p] for p in state.enclosers) == ["H1", "R1"]
    assert state.winnings()[PIECES.index("H1")] == 24 and state.winnings()[PIECES.index("R1")] == 24
    assert state.returns() == [-24.0, 24.0]


def test_the_stag_enclosed_in_the_pond_loses_the_same_way():
    ring = ["d4", "e4", "f4", "d5", "f5", "d6", "e6", "f6"]
    pieces = ["H1", "H2", "H3", "H4", "R1", "R2", "R3", "R4"]
    state = position({"S": "e5", **dict(zip(pieces, ring, strict=True))}, turn="K", mode=SWIM)
    play_notation(state, "K e2")
    assert state.winner == "pursuers" and len(state.enclosers) == 8
    assert set(state.winnings()[1:]) == {0, 6}  # 48 tokens in eight shares


def test_the_stag_wins_when_it_reaches_c_again():
    state = position({"S": "c8"})
    play_notation(state, "S e9")
    assert state.winner == "stag" and state.winnings()[0] == 48
    assert state.returns() == [24.0, -24.0]


def test_when_c_is_taken_the_stag_may_cross_the_pond_without_paying():
    state = position({"H1": "e9", "S": "g7"})
    assert {"f5", "e6"} <= moves(state)  # the pond is open though land moves remain
    play_notation(state, "S f5")
    assert state.mode == CROSS and sum(state.fees) == 0
    state.arrange({}, turn="S", mode=CROSS)
    assert moves(state) == {"d4", "d6", "e7", "g7", "h6", "h4", "g3", "e3"}  # any direction


def test_the_crossing_starts_with_a_knight_move():
    state = position({"H1": "e9", "S": "g7"})
    assert moves(state) == {"h5", "i6", "i8", "e6", "f5"}  # not f6, a king step away
    with pytest.raises(IllegalAction, match="the crossing is made with the knight's move"):
        play_notation(state, "S f6")
    assert state.mode == LAND and state.pos[0] == state.board.parse("g7")


def test_the_crossing_stag_wins_on_the_square_opposite_c():
    state = position({"H1": "e9", "K": "a1", "S": "d3"}, mode=CROSS)
    play_notation(state, "S e1")
    assert state.winner == "stag"
    on_land = position({"H1": "e9", "K": "a1", "S": "g2"})
    play_notation(on_land, "S e1")
    assert not on_land.is_terminal()  # e1 only wins a crossing


def test_the_pursuers_may_not_follow_a_crossing_stag_into_the_pond():
    state = position({"H1": "e9", "H2": "g5", "S": "e5"}, turn="H2", mode=CROSS)
    assert moves(state) == {"g4", "g3", "g2", "g6", "g7", "g8"}
    swimmer = position({"H1": "e9", "H2": "f5", "S": "d7"}, turn="H2", mode=CROSS)
    assert moves(swimmer) == {"g4", "g5", "g6"}  # out of the pond only


def test_the_pot_divides_by_six_and_eight_and_a_remainder_stays_in_it():
    with pytest.raises(ValueError):
        Rules(pot=40)
    state = position({"H1": "g8", "R1": "f7", "R4": "a9"}, turn="R4", pot=72)
    state.apply(state.legal_actions()[0])
    assert state.winnings()[PIECES.index("H1")] == 36


def test_the_game_ends_in_a_draw_at_the_round_limit():
    state = ParforceState(rules=Rules(max_rounds=1))
    for _ in range(len(PIECES)):
        state.apply(state.legal_actions()[0])
    assert state.winner == "draw" and state.returns() == [0.0, 0.0]


def test_actions_name_the_piece_to_move_and_round_trip_over_random_games():
    for seed in range(20):
        rng, state = random.Random(seed), ParforceState()
        while not state.is_terminal():
            action = rng.choice(state.legal_actions())
            assert state.parse_action(state.format_action(action)) == action
            copy = state.clone()
            state.apply(action)
            assert copy.history != state.history
        assert state.winner in ("stag", "pursuers", "draw")
    with pytest.raises(IllegalAction, match="S's move"):
        ParforceState().parse_action("H1 c1")
    with pytest.raises(IllegalAction, match="not a square"):
        ParforceState().parse_action("S z9")


def test_the_observation_shows_every_piece_to_both_sides():
    state = ParforceState()
    assert state.observation(0) == state.observation(1)
    assert state.observation(0)["squares"][:2] == ["e9", "d1"]


def test_nothing_is_played_after_the_end():
    state = position({"S": "c8"})
    play_notation(state, "S e9")
    assert state.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        state.apply(PASS)


def test_a_clone_plays_on_without_touching_the_original():
    state = ParforceState()
    copy = state.clone()
    play_notation(copy, "S g8", "H1 c1")
    assert state.pos[0] == state.board.parse("e9") and state.history == []
    assert copy.observation(0)["squares"][:2] == ["g8", "c1"]
