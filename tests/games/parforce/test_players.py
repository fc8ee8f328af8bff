"""2-10 people: one plays the stag, the rest share the pursuers; what each person wins."""

import pytest

from generator.games.parforce.rules import (
    PIECES,
    ParforceState,
    Rules,
    default_seats,
    pieces_of,
    play_notation,
)


def enclosed_by_h1_and_r1(players, pot=None, seats=None):
    """Return a game the pursuers won, H1 and R1 sharing the pot (see test_rules)."""
    rules = Rules(pot=pot) if pot else None
    state = ParforceState(rules=rules, players=players, seats=seats)
    state.arrange({"H1": "g8", "R1": "f7", "R4": "a9"}, turn="R4")
    state.apply(state.legal_actions()[0])
    assert state.winner == "pursuers"
    return state


@pytest.mark.parametrize("players", range(2, 11))
def test_the_stag_is_person_0_and_every_other_person_plays_a_pursuer(players):
    seats = default_seats(players)
    assert seats[0] == 0 and 0 not in seats[1:]
    assert sorted(set(seats[1:])) == list(range(1, players))
    counts = [seats.count(person) for person in range(1, players)]
    assert max(counts) - min(counts) <= 1  # the pursuers are dealt round evenly


def test_with_three_people_the_pursuers_are_dealt_round_in_the_order_of_play():
    seats = default_seats(3)
    assert pieces_of(seats, 1) == ["H1", "H3", "K", "R2", "R4"]
    assert pieces_of(seats, 2) == ["H2", "H4", "R1", "R3"]


@pytest.mark.parametrize("players", [1, 11])
def test_fewer_than_two_or_more_than_ten_people_are_refused(players):
    with pytest.raises(ValueError, match="players must be 2 to 10"):
        ParforceState(players=players)


def test_seats_must_give_the_stag_to_person_0_and_a_piece_to_everyone():
    with pytest.raises(ValueError, match="the stag person 0's"):
        ParforceState(players=2, seats=(1, *[0] * 9))
    with pytest.raises(ValueError, match="each of persons 1 to 2"):
        ParforceState(players=3, seats=(0, *[1] * 9))


def test_everyone_bets_the_same_so_the_pot_is_24_a_person_by_default():
    assert ParforceState(players=2).rules.pot == 48
    assert ParforceState(players=5).rules.pot == 120
    with pytest.raises(ValueError, match="does not split into 5 bets"):
        ParforceState(rules=Rules(pot=48), players=5)


def test_the_people_whose_pieces_enclosed_the_stag_win_their_shares():
    state = enclosed_by_h1_and_r1(3)  # H1 is person 1's, R1 person 2's; bets of 24
    assert state.tokens() == [-24, 12, 12]
    assert sum(state.tokens()) == 0


def test_one_person_with_both_enclosers_takes_both_shares():
    seats = (0, 1, 2, 2, 2, 2, 1, 2, 2, 2)  # H1 and R1 are person 1's
    state = enclosed_by_h1_and_r1(3, seats=seats)
    assert state.tokens() == [-24, 48, -24]


def test_the_shares_and_the_bets_balance_whatever_the_pot():
    state = enclosed_by_h1_and_r1(3, pot=72)  # bets of 24; H1 and R1 take 36 each
    assert state.tokens() == [-24, 12, 12] and sum(state.winnings()) == 72


def test_the_stag_person_pays_pond_fees_to_the_people_whose_pieces_stopped_him():
    state = ParforceState(players=4)  # H1 is person 1's, R1 person 3's
    state.arrange({"S": "e8", "R1": "g9", "H1": "g7"})
    play_notation(state, "S f6")
    assert state.tokens() == [-6, 3, 0, 3]  # unfinished: no bets change hands yet


def test_the_stag_coming_home_takes_every_bet():
    state = ParforceState(players=4)
    state.arrange({"S": "c8"})
    play_notation(state, "S e9")
    assert state.tokens() == [72, -24, -24, -24]


def test_a_draw_returns_the_bets_and_the_pond_fees_stand():
    state = ParforceState(rules=Rules(pot=48, max_rounds=1), players=2)
    for _ in range(len(PIECES)):
        state.apply(state.legal_actions()[0])
    assert state.winner == "draw" and state.tokens() == [0, 0]
