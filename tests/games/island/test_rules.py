"""One test per rule of the text (and of each choice docs/rules/island.md makes)."""

import pytest

from generator.engine.bitboards import bits
from generator.engine.game import CHANCE, IllegalAction
from generator.games.island.board import distance
from generator.games.island.rules import HUNTED, HUNTER, IslandState, Rules
from tests.games.island.conftest import dealt, new_game, play


def names(state, mask):
    return {state.island.name(s) for s in bits(mask)}


def hunter_turn(state, roll, to, draw="camp-stores"):
    """Play the Hunter's draw, roll and move (the turn stops in his action phase)."""
    return play(state, f"draw {draw}", f"roll {roll}", f"move {to}")


def test_the_highest_d6_roll_hunts_and_a_tie_rolls_again(small):
    state = IslandState(4, small)
    play(state, "roll 5", "roll 6", "roll 6", "roll 2")
    assert state.first == -1 and state.rolling == [1, 2]
    play(state, "roll 3", "roll 4")
    assert state.first == 2
    assert [state.role[p] for p in range(4)] == [HUNTED, HUNTED, HUNTER, HUNTED]


def test_each_player_is_dealt_three_cards_of_his_own_deck(small):
    state = new_game(small)
    assert all(len(hand) == 3 for hand in state.hand)
    with pytest.raises(IllegalAction):
        fresh = IslandState(4, small)
        play(fresh, "roll 6", "roll 1", "roll 1", "roll 1", "draw sprint")


def test_the_hunter_starts_in_the_camp_and_the_hunted_on_land_not_water(small):
    state = dealt(small)
    with pytest.raises(IllegalAction):
        play(state, "camp D2")
    play(state, "camp H8")
    with pytest.raises(IllegalAction):
        play(state, "start E5")  # water in the Jungle
    with pytest.raises(IllegalAction):
        play(state, "start A1")  # the sea
    play(state, "start D2")
    assert state.pos[1] == small.parse("D2") and state.marks[1] == [small.parse("D2")]


def test_each_hunted_may_start_on_any_land_square_no_hunted_took_before_him(small):
    state = dealt(small)
    play(state, "camp H8")
    texts = state.geo.texts("start")
    assert state.legal_actions() == [texts[s] for s in bits(small.geometry.land)]
    play(state, "start D2", "start G11")
    taken = (1 << small.parse("D2")) | (1 << small.parse("G11"))
    assert state.legal_actions() == [texts[s] for s in bits(small.geometry.land & ~taken)]
    assert "start D2" not in state.legal_actions() and "start G11" not in state.legal_actions()


def test_the_hunter_moves_first_and_turns_go_clockwise(small):
    state = new_game(small, players=5, hunter=2)
    assert state.turn == 2 and state.cycle == 1
    hunter_turn(state, 1, "G6")
    play(state, "done", "discard camp-stores")
    assert state.turn == 3
    assert state.current_player() == CHANCE  # player 3 draws


def test_a_cycle_begins_with_the_hunter_turn(small):
    state = new_game(small)
    for _ in range(4):
        assert state.cycle == 1
        _pass_turn(state)
    assert state.cycle == 2 and state.turn == 0


def _pass_turn(state):
    """Play the turn of whoever is to move with the first legal choices, quietly."""
    start = state.turns
    while state.turns == start and not state.is_terminal():
        if state.current_player() == CHANCE:
            legal = state.legal_actions()
            play(state, legal[0])
        else:
            legal = state.legal_actions()
            choice = "done" if "done" in legal else "pass" if "pass" in legal else legal[0]
            play(state, choice)


def test_draw_one_card_or_up_to_four_when_below_three(small):
    state = new_game(small, hands={0: ["horn", "beaters", "trail-sign"]})
    play(state, "draw horn")
    assert len(state.hand[0]) == 4 and state.stack[-1] == ("roll", 0)  # 3 held: one card
    play(state, "roll 1", "move G6")
    play(state, "play horn", "play horn", "play beaters lagoon", "play trail-sign 1", "done")
    assert state.hand[0] == [] and state.turn == 1  # no discard needed
    for _ in range(3):
        _pass_turn(state)
    assert state.turn == 0
    play(state, "draw rifle", "draw rifle", "draw net")
    assert state.stack[-1] == ("draw", 0)
    play(state, "draw net")
    assert len(state.hand[0]) == 4 and state.stack[-1] == ("roll", 0)


def test_the_hunter_moves_exactly_his_d8_in_orthogonal_steps(small):
    state = new_game(small)
    play(state, "draw camp-stores", "roll 2")
    camp = small.parse("G7")
    ends = {small.parse(a.split()[1]) for a in state.legal_actions() if a.startswith("move")}
    assert ends == set(bits(small.geometry.reach(1 << camp, 2)))
    assert camp in ends  # two steps may come back
    assert all(distance(camp, e, 16) in (0, 2) for e in ends)  # never one step: exact


def test_up_to_movement_lets_a_player_stop_early(small):
    state = new_game(small, rules=Rules(movement="up-to"))
    play(state, "draw camp-stores", "roll 2")
    ends = {a.split()[1] for a in state.legal_actions() if a.startswith("move")}
    assert "G6" in ends and "G7" in ends


def test_boats_link_each_boat_to_its_two_ring_neighbours_only(small):
    geo = small.geometry
    west, north, east, south = small.boats
    assert small.boat_links(west) == [south, north]
    assert geo.boat_step(1 << west) == (1 << north) | (1 << south)
    assert not geo.boat_step(1 << west) >> east & 1


def test_a_boat_is_used_once_per_turn_and_counts_one_step(small):
    geo = small.geometry
    west, north, east, south = small.boats
    one = geo.reach(1 << west, 1)
    assert one >> north & 1 and one >> south & 1
    two = geo.reach(1 << west, 2)
    assert not two >> east & 1  # west -> north -> east would be two crossings


def test_water_is_crossed_like_land(small):
    geo = small.geometry
    water = small.parse("D10")
    assert water in small.water
    assert geo.reach(1 << small.parse("C10"), 1) >> water & 1


def test_the_hunter_sees_six_steps_and_eight_from_an_elevation(small):
    geo = small.geometry
    camp = small.parse("G7")
    sight = geo.sight(camp, 6)
    assert sight >> small.parse("G13") & 1 and not sight >> small.parse("G14") & 1
    summit = small.parse("M8")
    state = new_game(small)
    state.pos[0] = summit
    assert state.sight_range(0) == 8
    state.pos[0] = camp
    assert state.sight_range(0) == 6


def test_a_hunted_on_a_hiding_place_is_seen_only_within_two(small):
    geo = small.geometry
    cave = small.parse("D4")
    assert not geo.sight(small.parse("D7"), 6) >> cave & 1
    assert geo.sight(small.parse("D6"), 6) >> cave & 1


def test_a_hunted_in_sight_after_the_hunter_moves_is_seen(small):
    state = new_game(small, starts={1: "G11"})
    hunter_turn(state, 2, "G9")
    assert 1 in state.visible
    assert ("seen", 1, small.parse("G11")) in state.log


def test_a_hunted_out_of_sight_is_silent_and_the_silence_is_a_fact(small):
    state = new_game(small)
    hunter_turn(state, 1, "G6")
    facts = [e for e in state.log if e[0] == "fact" and e[1] == 1]
    assert not facts[-1][2] >> small.parse("G9") & 1
    assert facts[-1][2] >> small.parse("D2") & 1


def test_the_trail_is_revealed_two_marks_late_from_the_third_cycle(small):
    state = new_game(small, starts={1: "D2"})

    def reveals():
        return [(e[2], e[3]) for e in state.log if e[0] == "reveal" and e[1] == 1]

    while (state.cycle, state.turn) != (3, 1):
        _pass_turn(state)
        assert state.cycle >= 3 or reveals() == []
    assert reveals() == [(0, small.parse("D2"))]  # cycle 3: the starting square (mark 1)
    while (state.cycle, state.turn) != (4, 1):
        _pass_turn(state)
    assert reveals()[-1] == (1, state.marks[1][1])  # cycle 4: where he ended cycle 1
    assert len(state.marks[1]) == 4  # the reveal lags two marks behind


def test_combat_is_d8_against_d6_and_a_tie_goes_to_the_hunted(small):
    for attack, defend, captured in ((5, 5, False), (6, 5, True), (1, 2, False)):
        state = new_game(small, starts={1: "G11"})
        hunter_turn(state, 2, "G9")
        play(state, "done", "attack 1", f"roll {attack}", f"roll {defend}")
        assert (state.role[1] == HUNTER) is captured


@pytest.mark.parametrize("ties, captured", [("hunter", True), ("hunted", False)])
def test_the_ties_option_gives_a_tie_to_its_side(small, ties, captured):
    state = new_game(small, starts={1: "G11"}, rules=Rules(ties=ties))
    hunter_turn(state, 2, "G9")
    play(state, "done", "attack 1", "roll 4", "roll 4")
    assert (state.role[1] == HUNTER) is captured


def test_ties_reroll_rolls_both_dice_again(small):
    state = new_game(small, starts={1: "G11"}, rules=Rules(ties="reroll"))
    hunter_turn(state, 2, "G9")
    play(state, "done", "attack 1", "roll 4", "roll 4")
    assert state.current_player() == CHANCE and state.role[1] == HUNTED
    play(state, "roll 8", "roll 1")
    assert state.role[1] == HUNTER


def test_a_captured_hunted_becomes_a_hunter_with_three_hunter_cards_at_the_camp(small):
    state = new_game(small, starts={1: "G11"})
    hunter_turn(state, 2, "G9")
    play(state, "done", "attack 1", "roll 8", "roll 1")
    assert state.points[0] == 2 and state.turned[1] and state.hand[1] == []
    play(state, "draw rifle", "draw net", "draw horn")
    assert sorted(state.hand[1]) == ["horn", "net", "rifle"]
    assert state.stack[-1][:2] == ("camp", 1)
    play(state, "camp H8")
    assert state.pos[1] == small.parse("H8") and 1 in state.hunters()


def test_the_hunter_attacks_each_hunted_in_sight_at_most_once(small):
    state = new_game(small, starts={1: "G11", 2: "F10"})
    hunter_turn(state, 2, "G9")
    play(state, "done", "attack 1", "roll 1", "roll 6")
    assert "attack 1" not in state.legal_actions() and "attack 2" in state.legal_actions()


def test_the_hunted_never_attacks_but_a_hunter_may_attack_one_who_ends_in_sight(small):
    state = new_game(small, starts={1: "G13"})
    hunter_turn(state, 1, "G6")
    play(state, "done", "discard camp-stores")
    play(state, "draw second-wind", "roll 2", "move G11")
    legal = state.legal_actions()
    assert not any(a.startswith("attack") for a in legal)  # the Hunted's own choices
    play(state, "done")
    assert state.stack[-1][0] == "ambush" and state.current_player() == 0
    assert state.legal_actions() == ["attack 1", "pass"]


def test_betrayal_sends_the_lower_d8_back_to_the_camp(small):
    state = new_game(small, starts={1: "G11"})
    hunter_turn(state, 2, "G9")
    play(state, "done", "attack 1", "roll 8", "roll 1", "draw rifle", "draw net", "draw horn")
    play(state, "camp H8", "done", "discard horn")
    assert state.turn == 1  # now a Hunter: he rolls the d8 and may attack a Hunter
    play(state, "draw bloodhound", "roll 1", "move H9", "done", "attack 0", "fight")
    play(state, "roll 2", "roll 7")
    assert state.stack[-1][:2] == ("camp", 1)  # the lower roll goes back to the camp
    play(state, "camp G7")
    assert state.pos[1] == small.parse("G7") and state.points == [2, 0, 0, 0]


def test_a_hand_is_cut_to_three_at_the_end_of_a_turn(small):
    state = new_game(small)
    hunter_turn(state, 1, "G6")
    play(state, "done")
    assert state.stack[-1] == ("discard", 0)
    play(state, "discard horn")
    assert len(state.hand[0]) == 3 and state.turn == 1


def test_three_days_end_the_game_and_every_hunted_left_escapes(small):
    state = new_game(small)
    while not state.is_terminal():
        _pass_turn(state)
    assert state.cycle == 3 * small.day
    assert state.gone[1:] == [True, True, True] and state.points[1:] == [2, 2, 2]


def test_the_last_survivor_scores_four_more(small):
    state = new_game(small, starts={1: "G11", 2: "F10"})
    hunter_turn(state, 2, "G9")
    play(state, "done", "attack 1", "roll 8", "roll 1", "draw rifle", "draw net", "draw horn")
    play(state, "camp H8", "attack 2", "roll 8", "roll 1")
    play(state, "draw spyglass", "draw forced-march", "draw bear-trap")
    play(state, "camp H7")
    while not state.is_terminal():
        _pass_turn(state)
    assert state.points[3] == 6 and state.gone[3]


def test_the_game_ends_when_no_hunted_is_left(small):
    state = new_game(small, starts={1: "G11", 2: "F10", 3: "H11"})
    hunter_turn(state, 2, "G9")
    play(state, "done")
    for x, hand in ((1, "rifle net horn"), (2, "spyglass forced-march bear-trap")):
        play(state, f"attack {x}", "roll 8", "roll 1", *[f"draw {c}" for c in hand.split()])
        play(state, "camp H8")
    play(state, "attack 3", "roll 8", "roll 1")
    assert state.is_terminal() and state.points[0] == 6


@pytest.mark.parametrize(
    "text",
    ["attack ²", "play bloodhound ²", "roll ²", "attack ٣", "play trail-sign ３", "roll ５"],
)
def test_numbers_in_the_notation_are_ascii_digits_only(small, text):
    state = new_game(small)
    with pytest.raises(IllegalAction, match="notation"):
        state.parse_action(text)


def _snare_then_captured(small, slug="snare"):
    """Hunted 1 lays `slug` on G13 in cycle 1 and is captured by the Hunter (player 0) from
    G9 in cycle 2; the game stops as player 1's first turn as a Hunter begins."""
    hands = {1: [slug, "lie-low", "second-wind"]}
    state = new_game(small, starts={1: "G13"}, hands=hands)
    hunter_turn(state, 1, "G6")  # G13 is 7 steps from G6: out of sight
    play(state, "done", "discard camp-stores")
    play(state, "draw sprint", "roll 2", "move G13", f"play {slug}", "done")
    while state.turn != 0:
        _pass_turn(state)
    hunter_turn(state, 3, "G9", draw="horn")  # G9 is 4 steps from G13, not beside it
    play(state, "done", "attack 1", "roll 8", "roll 1", "draw rifle", "draw spyglass", "draw net")
    play(state, "camp H8", "done", "discard horn")
    assert state.role[1] == HUNTER and state.turn == 1
    return state


def test_a_trap_outlives_the_hunted_who_laid_it(small):
    state = _snare_then_captured(small, "deadfall")
    assert [t["square"] for t in state.traps] == [small.parse("G13")]  # still in play
    while state.turn != 0:
        _pass_turn(state)
    play(state, "draw bloodhound", "roll 3", "move G12")  # beside the trap: it springs
    assert ("sprung", 1, "deadfall", 1, small.parse("G13"), 0) in state.log
    assert state.stack[-1][:2] == ("camp", 0) and state.traps == []


def test_a_trap_catches_the_player_who_laid_it_once_he_hunts(small):
    state = _snare_then_captured(small)
    play(state, "draw bear-trap", "roll 5", "move G12")  # from the camp square H8
    assert ("sprung", 1, "snare", 1, small.parse("G13"), 1) in state.log
    assert state.snared == {1} and state.traps == []


def test_only_the_player_who_laid_a_trap_knows_its_square_after_his_capture(small):
    state = _snare_then_captured(small)
    assert state.observation(1).traps == (("snare", small.parse("G13")),)
    assert state.observation(0).traps == () and state.observation(2).traps == ()
    laid = [e for e in state.log if e[0] == "trap"]
    assert laid == [("trap", 1, "snare", 1, None)]  # the table saw a snare, not where


def test_a_boat_crossing_is_one_step_for_a_card_too_and_once_a_turn_in_all(small):
    sprinters = {x: ["sprint", "lie-low", "snare"] for x in (1, 2)}
    state = new_game(small, starts={1: "B10", 2: "B11"}, hands=sprinters)
    hunter_turn(state, 1, "G6")  # the boats at B10 and G15 are out of his sight
    play(state, "done", "discard camp-stores")
    play(state, "draw second-wind", "roll 2", "move B10")  # to C10 and back, on foot
    legal = state.legal_actions()
    assert "play sprint G15" in legal and "play sprint G14" in legal  # sail W -> S, then walk
    play(state, "play sprint G14", "done")
    assert state.pos[1] == small.parse("G14")
    play(state, "draw second-wind", "roll 2", "move G15")  # B11 -> B10, then sails to G15
    legal = state.legal_actions()
    assert "play sprint G13" in legal  # two steps on foot
    assert "play sprint B10" not in legal and "play sprint O7" not in legal  # a 2nd crossing


def test_a_rifle_adds_to_the_attacker_in_a_betrayal_too(small):
    state = new_game(small, starts={1: "G11"})
    hunter_turn(state, 2, "G9")
    play(state, "done", "attack 1", "roll 8", "roll 1", "draw rifle", "draw net", "draw horn")
    play(state, "camp H8", "done", "discard horn")
    play(state, "draw bloodhound", "roll 1", "move H9", "done", "attack 0")
    assert state.legal_actions() == ["play rifle", "play net", "fight"]  # "when you attack"
    play(state, "play rifle", "fight", "roll 5", "roll 6")  # 5 + 2 against 6
    assert state.stack[-1][:2] == ("camp", 0)  # the first Hunter lost: back to the camp


def test_each_hunted_starts_on_a_square_of_his_own(small):
    state = dealt(small)
    play(state, "camp H8", "start D2")
    assert "start D2" not in state.legal_actions()
    with pytest.raises(IllegalAction, match="each starts on a square of his own"):
        play(state, "start D2")
    play(state, "start D3", "start D4")
    assert [state.marks[x][0] for x in (1, 2, 3)] == [small.parse(s) for s in ("D2", "D3", "D4")]


def test_a_hunted_is_shown_the_starts_chosen_before_his_and_the_hunter_none(small):
    state = dealt(small)
    play(state, "camp H8", "start D2", "start D3")
    assert state.observation(3).shown_starts == {1: small.parse("D2"), 2: small.parse("D3")}
    assert state.observation(2).shown_starts == {1: small.parse("D2")}
    assert state.observation(1).shown_starts == {}
    assert state.observation(0).shown_starts == {}  # the Hunter learns nothing of them
