"""CutThroat! on screen: what a seat sees never depends on another seat's hidden cards,
and a whole game plays to the end with every line short enough for a terminal."""

import re

from generator.games.cutthroat.rules import state_from_header
from generator.interop.strength.seats import our_seats
from generator.play.presenters import presenter
from generator.play.setup import chosen_bots, new_session

VIEW = presenter("cutthroat")


def _game(deal: str):
    state = state_from_header({"options": {"players": 6}})
    states = [state.clone()]
    for text in [deal, "play", "take A", "take 2", "put 5", "play", "take 6", "take 6", "put 3"]:
        before = state.clone()
        state.apply(state.parse_action(text))
        states.append((before, text, state.clone()))
    return state, states[1:]


def test_swapping_two_other_seats_cards_changes_nothing_seat_0_sees():
    # seats 3 and 4 swap identities and enemies; seat 0 keeps its own cards
    one, steps_one = _game("deal 4 6 2 A 5 3 / 4 6 A 3 5 2")
    two, steps_two = _game("deal 4 6 2 5 A 3 / 4 6 A 5 3 2")
    assert one.identity != two.identity
    assert VIEW.show(one, 0) == VIEW.show(two, 0)
    for (b1, text, a1), (b2, _, a2) in zip(steps_one, steps_two, strict=True):
        action1, action2 = b1.parse_action(text), b2.parse_action(text)
        assert VIEW.announce(b1, action1, a1, 0, b1.current_player()) == VIEW.announce(
            b2, action2, a2, 0, b2.current_player()
        )
    assert VIEW.show(one, 3) != VIEW.show(two, 3)  # seat 3's own card shows to seat 3
    own = [line for line in VIEW.show(one, 0) if line.strip().startswith("4 ")]
    assert own and own[0].endswith("you")  # seat 0 is the 4


def test_the_deal_tells_a_seat_its_own_cards_only():
    _, steps = _game("deal 4 6 2 A 5 3 / 4 6 A 3 5 2")
    before, text, after = steps[0]
    said = VIEW.announce(before, before.parse_action(text), after, 2, -1)
    assert said == ["The cards are dealt: you are the 2, and your enemy is the A."]


def test_a_whole_game_from_one_seat_plays_to_the_end_in_short_lines():
    session = new_session("cutthroat", {"players": 6}, 7, "4", chosen_bots("cutthroat", []), None)
    said = session.advance()
    while not session.over():
        screen = VIEW.show(session.state, 4)
        assert all(len(line) < 100 for line in screen + said)
        move = VIEW.moves(session.state)[0]
        said = session.play(session.parse(move)) + session.advance()
    assert session.entry.result_text(session.state)
    assert all(note.belief.startswith(("likeliest", "every")) for note in session.notes)
    # the last screen says the game is over, not that a seat is to move
    last = VIEW.show(session.state, 4)
    assert "The game is over." in last and not any("to move" in line for line in last)


def _believed(text: str) -> dict[int, tuple[str, int]]:
    """Return belief()'s line as {seat: (rank, percent)}."""
    assert text.startswith("likeliest: "), text
    found = re.findall(r"seat (\d+) the (\w+) \((\d+)%\)", text)
    assert len(found) == text.count("seat "), text
    return {int(seat): (rank, int(percent)) for seat, rank, percent in found}


def test_a_guess_answered_no_rules_that_identity_out_for_that_seat_in_the_belief():
    """Six players, seats 0-5 the A, 2, 3, 4, 5, 6. Seat 0 guesses seat 1 is the 2: right,
    so seat 1 is revealed to all (seat 0 declines the extended play). Seat 1 guesses seat 2
    is the 4: wrong, so seat 2 is not the 4. Guesses name hidden seats only, so no other
    choice has been seen: every pairing the facts allow is as likely as any other.

    Seat 0 (the A; the 2 is seat 1) has seats 2-5 hidden over the 3, 4, 5, 6, seat 2 not the
    4: 3 x 3! = 18 deals. The 4 is then seat 3's, 4's or 5's in 6 deals each (1/3), any
    other rank theirs in 4 (2/9); seat 2 is each of the 3, 5, 6 in 6 (1/3).
    Seat 3 is the 4 himself: seats 0, 2, 4, 5 over the A, 3, 5, 6 with nothing ruled out,
    every one 1/4."""
    state = state_from_header({"options": {"players": 6}})
    seats = our_seats("cutthroat", {"players": 6}, 6, 1)
    for text in ["deal A 2 3 4 5 6 / 2 3 4 5 6 A", "guess 1 2", "pass", "guess 2 4"]:
        action = state.parse_action(text)
        seats.saw(state, action)
        state.apply(action)
        seats.after(state)
    assert state.log[-1] == ("guess", 1, 2, 3, False)  # seat 1 named the 4 (index 3): no

    seat_0 = _believed(VIEW.belief(seats, 0, state))
    assert sorted(seat_0) == [2, 3, 4, 5]  # itself and the revealed seat 1 are known
    rank, percent = seat_0[2]
    assert rank in ("3", "5", "6") and percent == 33  # never the 4
    assert {seat_0[s] for s in (3, 4, 5)} == {("4", 33)}

    seat_3 = _believed(VIEW.belief(seats, 3, state))
    assert sorted(seat_3) == [0, 2, 4, 5]
    assert {percent for _, percent in seat_3.values()} == {25}
    assert all(rank != "4" for rank, _ in seat_3.values())  # he knows the 4 is his
