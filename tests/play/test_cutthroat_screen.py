"""CutThroat! on screen: what a seat sees never depends on another seat's hidden cards,
and a whole game plays to the end with every line short enough for a terminal."""

from generator.games.cutthroat.rules import state_from_header
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
