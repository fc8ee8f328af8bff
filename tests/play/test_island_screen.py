"""The island on screen: a seat's screen and what it is told never show another player's
hidden square, trail or hand (also across two hand-built games that differ only there); the
Hunter's belief names the squares his tracker holds; and a whole game plays to the end in
short lines."""

from generator.games.island.board import parse_island
from generator.games.island.rules import IslandState
from generator.interop.strength.seats import our_seats
from generator.play.presenters import presenter
from generator.play.setup import chosen_bots, new_session
from tests.games.island.conftest import SMALL, new_game, play

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
    # others' moves: the roll only
    assert any("in secret" in line and " moves " in line for line in told)


def test_the_written_example_of_a_step_with_many_moves_is_a_legal_move():
    session = new_session("island", {"players": 4}, 3, "1", chosen_bots("island", []), None)
    session.advance()
    assert VIEW.moves(session.state) is None  # the start: a square of the whole island
    example = VIEW.move_help(session.state).rsplit("e.g. ", 1)[1]
    action = session.parse(example)
    assert action in session.state.legal_actions()


# A game on the small island of the rule tests (tests/games/island/data/small.island), set up
# by hand: player 0 hunts from the camp, players 1, 2, 3 start on G3, N5 and player 3's
# square. The Hunter rolls 2 and walks to G9, six steps below G3: he sees player 1 there,
# whose square is then public, and nobody else (N5 is 11 steps away, C13 8, D13 7). Player
# 1 rolls 1 and steps to H3, seven steps from G9: out of sight, so the table hears only
# silence. Players 2 and 3 roll 1 each and step out of sight too. Cycle 2: the Hunter draws,
# rolls 3 and is to move.
HUNTER_TURN = ["draw camp-stores", "roll 2", "move G9", "done", "done", "discard camp-stores"]


def _island_game(start_3: str, hand_3: list[str], move_3: str):
    small = parse_island(SMALL.read_text(), "small.island")
    state = new_game(small, hands={3: hand_3}, starts={1: "G3", 2: "N5", 3: start_3})
    play(state, *HUNTER_TURN)
    play(state, "draw sprint", "roll 1", "move H3", "done", "discard sprint")
    play(state, "draw snare", "roll 1", "move N4", "done", "discard snare")
    play(state, "draw deadfall", "roll 1", f"move {move_3}", "done", "discard deadfall")
    play(state, "draw beaters", "roll 3")
    assert state.current_player() == 0 and state.observation(0).decision == "move"
    return state


def test_the_hunters_belief_holds_the_squares_a_hunted_seen_then_rolling_1_may_be_on():
    """Player 1 was seen on G3, then moved exactly 1 step (a roll of 1) and was not seen
    from G9: G3's neighbours are G2, F3, H3 (7 steps from G9, out of his 6) and G4 (5
    steps, in sight), all land, none a hiding place. So the Hunter's tracker holds player 1
    on 3 squares: G2, F3 and H3."""
    state = _island_game("C13", ["sprint", "snare", "deadfall"], "C12")
    seats = our_seats("island", {"players": 4}, 4, 1)
    seats.act(state, 0)  # the Hunter's bot reads the public log as it moves
    lines = VIEW.belief(seats, 0, state).splitlines()
    assert lines[0] == "player 1: 3 squares (G2, F3, H3)"
    # players 2 and 3 were never seen: only the squares in the Hunter's sight are ruled out
    assert [line.split(":")[0] for line in lines[1:]] == ["player 2", "player 3"]
    assert all(line.endswith("more)") for line in lines[1:])
    assert VIEW.belief(seats, 1, state).startswith("a Hunted keeps away")


def test_a_hunteds_hidden_square_and_hand_change_nothing_another_player_sees_or_is_told():
    """Two games that differ only in player 3's cards, his start (C13 or D13, both out of
    the Hunter's sight) and his step (to C12 or D14, again out of sight), played through the
    same public actions: players 0, 1 and 2 see the same screens and are told the same
    lines at every action; player 3's own screen shows his own square."""
    one = _island_game("C13", ["sprint", "snare", "deadfall"], "C12")
    two = _island_game("D13", ["second-wind", "lie-low", "distraction"], "D14")
    script_one, script_two = one.script, two.script
    differ = [i for i, (a, b) in enumerate(zip(script_one, script_two, strict=True)) if a != b]
    assert len(differ) == 5  # player 3's three cards, his start and his step
    assert one.pos[3] != two.pos[3] and one.hand[3] != two.hand[3]

    states = [IslandState(4, one.island), IslandState(4, two.island)]
    told = []
    own_differs = False
    for a, b in zip(script_one, script_two, strict=True):
        befores = [state.clone() for state in states]
        mover = states[0].current_player()
        assert states[1].current_player() == mover
        for state, text in zip(states, (a, b), strict=True):
            state.apply(state.parse_action(text))
        for viewer in (0, 1, 2):
            news = [
                VIEW.announce(before, before.parse_action(text), after, viewer, mover)
                for before, text, after in zip(befores, (a, b), states, strict=True)
            ]
            assert news[0] == news[1], (a, b, viewer)
            told += news[0]
            assert VIEW.show(states[0], viewer) == VIEW.show(states[1], viewer)
        own_differs |= VIEW.show(states[0], 3) != VIEW.show(states[1], 3)
    assert own_differs
    assert "You are on C12." in VIEW.show(states[0], 3)
    assert "You are on D14." in VIEW.show(states[1], 3)
    # his step is told by its length, never where it went
    assert any(line.startswith("player 3 moves 1 step") and "secret" in line for line in told)
    assert "player 1 is seen at G3" in told
