"""The island on screen: a seat's screen and what it is told never show another player's
hidden square, trail or hand; and a whole game plays to the end in short lines."""

from generator.play.presenters import presenter
from generator.play.setup import chosen_bots, new_session

VIEW = presenter("island")


def _midgame(seed: int = 3):
    session = new_session("island", {"players": 4}, seed, "1", chosen_bots("island", []), None)
    session.advance()
    while session.state.cycle < 4 and not session.over():
        moves = session.view.moves(session.state)
        legal = session.state.legal_actions()
        move = moves[0] if moves else str(legal[len(legal) // 2])
        session.play(session.parse(move))
        session.advance()
    return session


def test_another_players_square_marks_and_cards_do_not_reach_a_screen():
    session = _midgame()
    state = session.state
    viewer = 1
    others = [p for p in range(state.players) if p != viewer and state.role[p] == "hunted"]
    assert others, "this game needs another Hunted"
    changed = state.clone()
    x = others[0]
    free = next(
        s for s in range(state.island.size**2) if state.island.is_land(s) and s not in state.pos
    )
    changed.pos[x] = free
    changed.marks[x] = [free] * len(changed.marks[x])
    changed.hand[x] = ["sprint"] * len(changed.hand[x])
    assert changed.pos != state.pos
    assert VIEW.show(changed, viewer) == VIEW.show(state, viewer)
    assert VIEW.show(changed, x) != VIEW.show(state, x)  # but his own screen shows it


def test_a_whole_game_plays_to_the_end_in_short_lines():
    session = _midgame(seed=8)
    said, told = [], []
    while not session.over():
        screen = VIEW.show(session.state, 1)
        assert all(len(line) < 100 for line in screen + said)
        moves = session.view.moves(session.state)
        legal = session.state.legal_actions()
        said = session.play(session.parse(moves[0] if moves else str(legal[0])))
        said += session.advance()
        told += said
    assert session.entry.result_text(session.state)
    assert any("steps in secret" in line for line in told)  # others' moves: the roll only


def test_the_written_example_of_a_step_with_many_moves_is_a_legal_move():
    session = new_session("island", {"players": 4}, 3, "1", chosen_bots("island", []), None)
    session.advance()
    assert VIEW.moves(session.state) is None  # the start: a square of the whole island
    example = VIEW.move_help(session.state).rsplit("e.g. ", 1)[1]
    action = session.parse(example)
    assert action in session.state.legal_actions()
