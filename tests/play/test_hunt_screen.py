"""The Hunt on screen: a whole hunt plays through the presenter from either seat, the Knight's
screen and what he is told never depend on the Dragon's secret map, the map's notation
example is a legal map, and the bots' beliefs name what their trackers hold."""

import re

import pytest

from generator.games.hunt.bots import ExactKnight, RandomDragon, play_hunt
from generator.games.hunt.maps import LOCATIONS, map_at
from generator.games.hunt.rules import ChooseMap, Move, new_hunt, parse_action
from generator.interop.strength.seats import our_seats
from generator.play.presenters.hunt import PRESENTER
from generator.play.session import Session

DRAGON, KNIGHT = 0, 1
HEADER = {"game": "hunt", "options": {}, "seed": 3, "players": {}}
RING = "map walk=town>hills,hills>woods,woods>sea,sea>town fly=town>lair,hills>lair,woods>lair,sea>lair,lair>town"  # noqa: E501


def _person_move(session: Session) -> str:
    moves = session.view.moves(session.state)
    if moves is None:
        return session.view.move_help(session.state).splitlines()[-1]
    return moves[0]


@pytest.mark.parametrize("seat", [DRAGON, KNIGHT])
def test_a_whole_hunt_plays_to_its_end_from_either_seat(seat):
    session = Session("hunt", dict(HEADER), frozenset({seat}))
    said = session.advance()
    shown = []
    moves = 0
    while not session.over():
        assert session.persons_turn()
        shown += session.view.show(session.state, seat)
        said += session.play(session.parse(_person_move(session)))
        said += session.advance()
        moves += 1
    shown += session.view.show(session.state, seat)
    assert moves >= 2
    assert all(len(line) < 100 for line in shown + said), [
        line for line in shown + said if len(line) >= 100
    ]
    assert any(line.startswith("The hunt is over") for line in said)
    assert any("The hunt is over" in line for line in session.view.show(session.state, seat))
    if seat == KNIGHT:
        assert "The Dragon draws his route map in secret." in said
        assert not any("map walk=" in line or "walk ->" in line for line in shown + said)
    else:
        assert any(line.startswith("Your route map (secret)") for line in shown)


def _hunt_after(route_map, actions):
    state = new_hunt(False)
    state.apply(ChooseMap(route_map))
    for text in actions:
        state.apply(parse_action(text))
    return state


def _two_maps(seed: int):
    """Return (true map, another map the whole public log allows, the public actions) of a
    played hunt, the other map putting the Dragon somewhere else at some step."""
    knight = ExactKnight()
    state, actions = play_hunt(RandomDragon(), knight, False, seed)
    knight.belief.observe(state.knight_view().log)
    public = actions[1:]
    for index in knight.belief.map_indices().tolist():
        other = map_at(index, False)
        if other == state.route_map:
            continue
        places = [
            (_hunt_after(state.route_map, public[:k]).place, _hunt_after(other, public[:k]).place)
            for k in range(len(public) + 1)
        ]
        if any(a != b for a, b in places):
            return state.route_map, other, public
    raise AssertionError("no other map found")


@pytest.mark.parametrize("seed", [3, 8])
def test_the_knights_screen_and_news_never_depend_on_the_dragons_map(seed):
    true_map, other_map, public = _two_maps(seed)
    states = [new_hunt(False), new_hunt(False)]
    steps = [[ChooseMap(true_map), ChooseMap(other_map)]]
    steps += [[parse_action(text)] * 2 for text in public]
    dragon_differs = places_differ = False
    for pair in steps:
        befores = [state.clone() for state in states]
        mover = states[0].current_player()
        for state, action in zip(states, pair, strict=True):
            state.apply(action)
        news = [
            PRESENTER.announce(before, action, after, KNIGHT, mover)
            for before, action, after in zip(befores, pair, states, strict=True)
        ]
        assert news[0] == news[1]
        assert news[0]
        assert PRESENTER.show(states[0], KNIGHT) == PRESENTER.show(states[1], KNIGHT)
        dragon_differs |= PRESENTER.show(states[0], DRAGON) != PRESENTER.show(states[1], DRAGON)
        places_differ |= states[0].place != states[1].place
        if isinstance(pair[0], Move):  # the Dragon himself is told where he lands
            own = [
                PRESENTER.announce(before, action, after, DRAGON, DRAGON)
                for before, action, after in zip(befores, pair, states, strict=True)
            ]
            dragon_differs |= own[0] != own[1]
    assert states[0].is_terminal()
    assert dragon_differs and places_differ


@pytest.mark.parametrize("loops", [False, True])
def test_the_map_steps_help_gives_a_legal_map_in_notation(loops):
    state = new_hunt(loops)
    assert PRESENTER.moves(state) is None  # 82,944 maps: not listed
    help_text = PRESENTER.move_help(state)
    assert "walk=" in help_text and "fly=" in help_text
    example = help_text.splitlines()[-1]
    assert example == PRESENTER.move_example(state)
    action = state.parse_action(example)
    assert action in state.legal_actions()
    state.apply(action)
    assert state.phase == "move"
    assert all(len(line) < 100 for line in help_text.splitlines()[:-1])


def test_the_knights_belief_names_his_maps_and_where_the_dragon_may_be():
    state = _hunt_after(parse_action(RING).route_map, [])
    seats = our_seats("hunt", {}, 2, 7)
    beliefs = []
    for move in ("walk", "fly", "fly", "walk", "walk"):
        if state.phase == "aide":
            state.apply(seats.act(state, KNIGHT))
        state.apply(parse_action(move))
        action = seats.act(state, KNIGHT)  # the search: his belief has read the move
        text = PRESENTER.belief(seats, KNIGHT, state)
        beliefs.append(text)
        assert 1 <= len(text.splitlines()) <= 4
        count = int(re.match(r"([\d,]+) route maps", text).group(1).replace(",", ""))
        places = re.search(r"could be in ([a-z, ]+)", text).group(1).split(", ")
        assert 0 < count <= 82_944
        assert LOCATIONS[state.place] in places
        assert set(places) <= set(LOCATIONS)
        state.apply(action)
    counts = [int(re.match(r"([\d,]+)", t).group(1).replace(",", "")) for t in beliefs]
    assert counts[-1] < counts[0]  # the log has taught him something


def test_the_dragons_belief_says_where_he_is_and_what_the_knight_can_tell_apart():
    session = Session("hunt", dict(HEADER), frozenset({KNIGHT}))
    session.advance()
    notes = [note for note in session.notes if note.seat == DRAGON]
    assert notes[0].move.startswith("map ") and "route maps" in notes[0].belief
    while not session.over() and len(session.notes) < 6:
        session.play(session.parse(_person_move(session)))
        session.advance()
    moved = [note for note in session.notes if note.seat == DRAGON and note.move in ("walk", "fly")]
    assert moved
    for note in moved:
        assert "knows" in note.belief
        assert len(note.belief.splitlines()) <= 4


def test_a_hidden_move_is_named_to_the_dragon_but_not_to_the_knight():
    state = _hunt_after(parse_action(RING).route_map, [])
    before = state.clone()
    state.apply(Move(False))
    to_knight = PRESENTER.announce(before, Move(False), state, KNIGHT, DRAGON)
    to_dragon = PRESENTER.announce(before, Move(False), state, DRAGON, DRAGON)
    assert to_knight == ["The Dragon says Walk and moves in secret."]
    assert to_dragon == ["You walk to the Hills."]
    fresh = new_hunt(False)
    chosen = fresh.clone()
    chosen.apply(parse_action(RING))
    assert PRESENTER.announce(fresh, parse_action(RING), chosen, KNIGHT, DRAGON)[0] == (
        "The Dragon draws his route map in secret."
    )
