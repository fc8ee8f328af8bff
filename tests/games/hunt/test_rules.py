"""The Hunt's rules, one test per rule of the text (seeds/001), named after it."""

import numpy as np
import pytest

from generator.engine.game import TERMINAL, IllegalAction
from generator.games.hunt.maps import (
    HILLS,
    LAIR,
    NO_ARROW,
    SEA,
    TOWN,
    WOODS,
    RouteMap,
    map_at,
    map_index,
    map_table,
)
from generator.games.hunt.match import SEAT_A, SEAT_B, match_winner, new_match
from generator.games.hunt.rules import (
    DRAGON,
    KNIGHT,
    CallAide,
    ChooseMap,
    Move,
    Search,
    format_action,
    new_hunt,
    parse_action,
)

# town -walk-> hills -walk-> woods -walk-> sea -walk-> town; every fly goes to the lair,
# the lair flies to town.
RING = RouteMap((HILLS, WOODS, SEA, TOWN, NO_ARROW), (LAIR, LAIR, LAIR, LAIR, TOWN))


def hunt_with(route_map=RING, loops=False):
    state = new_hunt(loops)
    state.apply(ChooseMap(route_map))
    return state


def play_turn(state, fly=False, search=(WOODS,), aide=None, pair=None):
    if state.phase == "aide":
        state.apply(CallAide(aide, pair))
    state.apply(Move(fly))
    state.apply(Search(tuple(search)))


def test_map_counts_are_82944_without_loops_and_800000_with_loops():
    walk, fly = map_table(False)
    assert walk.shape == (82_944, 5)
    assert map_table(True)[0].shape == (800_000, 5)
    assert len(np.unique(np.hstack([walk, fly]), axis=0)) == 82_944


def test_every_enumerated_map_is_legal_and_indexes_back_to_itself():
    for loops in (False, True):
        total = len(map_table(loops)[0])
        for index in np.random.default_rng(1).integers(0, total, 300):
            route_map = map_at(int(index), loops)
            assert route_map.problem(loops) is None
            assert map_index(route_map, loops) == index


def test_the_dragon_cannot_walk_into_or_out_of_the_lair():
    into = RouteMap((LAIR, WOODS, SEA, TOWN, NO_ARROW), RING.fly)
    assert "into the Lair" in into.problem(False)
    out_of = RouteMap((HILLS, WOODS, SEA, TOWN, TOWN), RING.fly)
    assert "out of the Lair" in out_of.problem(False)


def test_loops_are_allowed_only_when_the_option_is_on():
    looped = RouteMap((TOWN, WOODS, SEA, TOWN, NO_ARROW), RING.fly)
    assert looped.problem(False) is not None
    assert looped.problem(True) is None


def test_the_dragon_chooses_his_map_first_and_the_knight_never_sees_it():
    state = new_hunt()
    assert state.current_player() == DRAGON
    state.apply(ChooseMap(RING))
    view = state.observation(KNIGHT)
    assert not hasattr(view, "route_map") and not hasattr(view, "place")


def test_the_dragon_begins_in_town_and_scores_for_each_turn_started_there():
    state = hunt_with()
    assert state.log[0].town is True and state.town_points == 1
    play_turn(state, fly=False, search=(SEA,))  # town -> hills
    assert state.log[1].town is False and state.town_points == 1


def test_an_aide_may_be_asked_for_only_on_turns_3_9_and_15():
    state = hunt_with()
    aide_turns = []
    while not state.is_terminal():
        if state.phase == "aide":
            aide_turns.append(state.turn)
        play_turn(state, search=(TOWN,) if state.place != TOWN else (SEA,))
    assert aide_turns == [3, 9, 15]


def test_each_aide_helps_only_once_per_hunt():
    state = hunt_with()
    play_turn(state, search=(SEA,))
    play_turn(state, search=(SEA,))
    play_turn(state, aide="tracker", search=(SEA,))
    while state.turn < 9:
        play_turn(state, search=(SEA,) if state.place != SEA else (TOWN,))
    with pytest.raises(IllegalAction, match="already"):
        state.apply(CallAide("tracker"))


def test_the_tracker_reveals_the_dragons_location_before_he_moves():
    state = hunt_with()
    play_turn(state, search=(SEA,))  # -> hills
    play_turn(state, search=(SEA,))  # -> woods
    state.apply(CallAide("tracker"))
    assert state.log[-1].revealed == WOODS


def test_the_militia_searches_two_places_and_a_hit_reveals_which():
    state = hunt_with()
    play_turn(state, search=(SEA,))
    play_turn(state, search=(SEA,))  # dragon in woods
    state.apply(CallAide("militia"))
    state.apply(Move(False))  # woods -> sea
    with pytest.raises(IllegalAction):
        state.apply(Search((SEA,)))
    state.apply(Search((HILLS, SEA)))
    assert state.log[2].encounter is True and state.log[2].revealed == SEA


def test_the_wizard_shows_every_arrow_between_two_places_without_labels():
    state = hunt_with()
    play_turn(state, search=(SEA,))
    play_turn(state, search=(SEA,))
    state.apply(CallAide("wizard", (TOWN, LAIR)))
    assert state.log[-1].wizard == ((TOWN, LAIR), (LAIR, TOWN))
    assert "walk" not in str(state.log[-1].to_json()["wizard"])


def test_a_dragon_in_his_lair_must_fly():
    state = hunt_with()
    play_turn(state, fly=True, search=(SEA,))  # town -> lair
    assert state.place == LAIR
    assert state.legal_actions() == [Move(True)]
    with pytest.raises(IllegalAction, match="must fly"):
        state.apply(Move(False))


def test_three_encounters_in_a_row_vanquish_the_dragon():
    state = hunt_with()
    play_turn(state, search=(HILLS,))
    play_turn(state, search=(WOODS,))
    assert not state.is_terminal()
    state.apply(CallAide(None))
    play_turn(state, search=(SEA,))
    assert state.vanquished and state.is_terminal() and state.current_player() == TERMINAL


def test_a_miss_breaks_the_chain_of_encounters():
    state = hunt_with()
    play_turn(state, search=(HILLS,))
    play_turn(state, search=(WOODS,))
    state.apply(CallAide(None))
    play_turn(state, search=(TOWN,))  # miss (dragon in sea)
    play_turn(state, search=(TOWN,))  # hit
    assert state.in_a_row == 1 and not state.vanquished


def _play_to_turn_15(state):
    while state.turn < 15:
        play_turn(state, aide=None, search=(LAIR,))


def test_the_hunt_ends_after_turn_15_without_an_encounter():
    state = hunt_with()
    _play_to_turn_15(state)
    play_turn(state, search=(LAIR,))
    assert state.is_terminal() and state.turn == 15 and not state.vanquished


def test_an_encounter_on_turn_15_lets_the_hunt_go_on_until_a_miss():
    state = hunt_with()
    _play_to_turn_15(state)
    target = RING.walk[state.place]
    play_turn(state, search=(target,))
    assert not state.is_terminal() and state.turn == 16
    play_turn(state, search=(LAIR,))
    assert state.is_terminal() and state.turn == 16


def test_the_hunt_never_goes_past_turn_17():
    state = hunt_with()
    _play_to_turn_15(state)
    while not state.is_terminal():
        play_turn(state, search=(RING.walk[state.place],))
    assert state.turn == 17 and state.vanquished


def test_scoring_town_turns_aides_and_five_for_escaping():
    state = hunt_with()
    play_turn(state, search=(LAIR,))
    play_turn(state, search=(LAIR,))
    play_turn(state, aide="tracker", search=(LAIR,))
    _play_to_turn_15(state)
    play_turn(state, search=(LAIR,))
    town_turns = sum(record.town for record in state.log)
    assert state.dragon_score() == town_turns + 1 + 5
    assert state.returns() == [state.dragon_score(), -state.dragon_score()]


# --- the match: two hunts, roles swapped -----------------------------------------------------
def _play_an_escape(state, route_map=RING):
    """Play the current hunt of a match: the Dragon takes his map, flies to the Lair, and
    flies between the Lair and Town, while the Knight never calls an aide and searches the
    Sea (a miss every turn); he escapes after turn 15."""
    state.apply(ChooseMap(route_map))
    number = state.hunt_number
    while state.hunt_number == number and not state.is_terminal():
        if state.hunt.phase == "aide":
            state.apply(CallAide(None))
        state.apply(Move(True))
        state.apply(Search((SEA,)))


def test_a_match_is_two_hunts_and_the_players_swap_roles_for_the_second():
    state = new_match()
    assert state.hunt_number == 1 and state.current_player() == SEAT_A  # A draws a map
    state.apply(ChooseMap(RING))
    assert state.current_player() == SEAT_A  # A's Dragon moves first (turn 1: no aide)
    state.apply(Move(False))
    assert state.current_player() == SEAT_B  # B's Knight searches
    assert state.observation(SEAT_A).role == "dragon"
    assert state.observation(SEAT_B).role == "knight"
    state.apply(Search((SEA,)))
    while state.hunt_number == 1:
        if state.hunt.phase == "aide":
            state.apply(CallAide(None))
        state.apply(Move(True))
        state.apply(Search((SEA,)))
    assert state.hunts[0].is_terminal() and not state.is_terminal()
    assert state.hunt.phase == "map" and state.current_player() == SEAT_B  # B's map now
    assert state.observation(SEAT_B).role == "dragon"
    assert state.observation(SEAT_A).role == "knight"
    assert state.observation(SEAT_A).scores == (state.hunts[0].dragon_score(), None)


def test_each_hunt_of_a_match_has_its_own_route_map():
    other = RouteMap((WOODS, SEA, TOWN, HILLS, NO_ARROW), (LAIR, LAIR, LAIR, LAIR, HILLS))
    state = new_match()
    _play_an_escape(state, RING)
    _play_an_escape(state, other)
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert [h.route_map for h in state.hunts] == [RING, other]


def test_the_knight_never_sees_the_route_map_in_either_hunt():
    state = new_match()
    state.apply(ChooseMap(RING))
    knight = state.observation(SEAT_B)
    assert not hasattr(knight.view, "route_map") and not hasattr(knight.view, "place")
    assert state.observation(SEAT_A).view.route_map == RING


def test_the_winner_is_the_seat_whose_dragon_scored_more():
    assert match_winner(9, 7) == "A"
    assert match_winner(3, 8) == "B"
    state = new_match()
    _play_an_escape(state, RING)  # A: in Town on every odd turn, and escapes
    state.apply(ChooseMap(RING))  # B: walks Town > Hills > Woods, is searched there thrice
    state.apply(Move(False))
    state.apply(Search((HILLS,)))
    state.apply(Move(False))
    state.apply(Search((WOODS,)))
    state.apply(CallAide(None))
    state.apply(Move(False))
    state.apply(Search((SEA,)))
    assert state.is_terminal() and state.hunts[1].vanquished
    a, b = state.dragon_scores()
    assert (a, b) == (state.hunts[0].dragon_score(), 1) and a > b
    assert state.winner() == "A" and state.returns() == [1.0, -1.0]


def test_a_tie_between_the_two_dragons_is_a_draw():
    assert match_winner(6, 6) == "draw"
    state = new_match()
    _play_an_escape(state, RING)
    _play_an_escape(state, RING)  # the same play: the same score
    assert state.dragon_scores()[SEAT_A] == state.dragon_scores()[SEAT_B]
    assert state.winner() == "draw" and state.returns() == [0.0, 0.0]


def test_a_match_is_not_over_until_both_hunts_are():
    state = new_match()
    assert state.winner() is None
    _play_an_escape(state)
    assert not state.is_terminal() and state.winner() is None
    assert state.returns() == [0.0, 0.0]
    copy = state.clone()
    _play_an_escape(state)
    assert state.is_terminal() and not copy.is_terminal()


def test_every_legal_action_round_trips_through_its_notation():
    state = hunt_with()
    seen = 0
    rng = np.random.default_rng(3)
    while not state.is_terminal():
        actions = state.legal_actions()
        for action in actions:
            assert parse_action(format_action(action)) == action
            seen += 1
        state.apply(actions[int(rng.integers(len(actions)))])
    assert parse_action(format_action(ChooseMap(RING))) == ChooseMap(RING)
    assert seen > 30


@pytest.mark.parametrize("text", ["", "run", "search", "search moon", "aide wizard town", "map x"])
def test_unreadable_notation_is_an_illegal_action(text):
    with pytest.raises(IllegalAction):
        parse_action(text)
