"""Every card's effect, as its text says (cards.py) and rules.py plays it."""

from generator.engine.game import CHANCE
from generator.games.island import cards
from generator.games.island.board import distance
from generator.games.island.rules import HUNTER
from tests.games.island.conftest import new_game, play


def hunted_turn(state, draw="second-wind", roll=2, to="D2"):
    """Play the Hunter's quiet first turn, then Hunted 1's draw and move."""
    play(state, "draw camp-stores", "roll 1", "move G6", "done", "discard camp-stores")
    return play(state, f"draw {draw}", f"roll {roll}", f"move {to}")


def finish_turn(state):
    """Play the rest of the current turn: done, pass and the first discards."""
    turn = state.turns
    while state.turns == turn and not state.is_terminal():
        legal = state.legal_actions()
        if state.current_player() == CHANCE:
            play(state, legal[-1])
        else:
            play(state, next((a for a in ("done", "pass") if a in legal), legal[-1]))


def events(state, kind, who=None):
    return [e for e in state.log if e[0] == kind and (who is None or e[1] == who)]


def test_both_decks_hold_ten_to_fourteen_kinds_with_traps_and_instants():
    for deck in (cards.HUNTER_CARDS, cards.HUNTED_CARDS):
        assert 10 <= len(deck) <= 14
        timings = {card.timing for card in deck}
        assert {"trap", "instant", "action"} <= timings


def test_sprint_moves_a_hunted_up_to_two_more_steps(small):
    state = hunted_turn(new_game(small, hands={1: ["sprint", "lie-low", "snare"]}))
    assert "play sprint D4" in state.legal_actions()
    assert "play sprint D5" not in state.legal_actions()
    play(state, "play sprint D4")
    assert state.pos[1] == small.parse("D4") and state.clock[1] == 2
    assert events(state, "extra", 1) == [("extra", 1, 2, True)]  # in the turn of his move


def test_camouflage_keeps_a_hunted_unseen(small):
    state = new_game(small, hands={1: ["camouflage", "lie-low", "snare"]}, starts={1: "G11"})
    play(state, "draw camp-stores", "roll 2", "move G9")
    assert state.current_player() == 1 and state.legal_actions() == ["play camouflage", "pass"]
    play(state, "play camouflage")
    assert 1 not in state.visible and "camouflage" not in state.hand[1]
    assert not events(state, "seen", 1)
    assert events(state, "fact", 1)[-1][2] >> small.parse("G11") & 1  # he is in sight


def test_dodge_adds_two_to_the_hunted_roll(small):
    state = new_game(small, hands={1: ["dodge", "lie-low", "snare"]}, starts={1: "G11"})
    play(state, "draw camp-stores", "roll 2", "move G9", "done", "attack 1", "play dodge")
    play(state, "roll 6", "roll 5")  # 6 against 5 + 2
    assert state.role[1] != HUNTER


def test_net_stops_the_hunted_playing_cards_in_the_fight(small):
    hands = {0: ["net", "horn", "beaters"], 1: ["dodge", "lie-low", "snare"]}
    state = new_game(small, hands=hands, starts={1: "G11"})
    play(state, "draw camp-stores", "roll 2", "move G9", "done", "attack 1", "play net")
    play(state, "fight", "roll 6", "roll 5")  # no Dodge window
    assert state.role[1] == HUNTER and "dodge" not in state.hand[1]


def test_rifle_adds_two_to_the_hunter_roll(small):
    state = new_game(small, hands={0: ["rifle", "horn", "beaters"]}, starts={1: "G11"})
    play(state, "draw camp-stores", "roll 2", "move G9", "done", "attack 1", "play rifle")
    play(state, "fight", "roll 3", "roll 4")  # 3 + 2 against 4
    assert state.role[1] == HUNTER


def _trap_at_start(small, slug):
    state = new_game(small, hands={1: [slug, "lie-low", "second-wind"]})
    hunted_turn(state, roll=2, to="D2")
    play(state, f"play {slug}")
    assert events(state, "trap", 1)[-1][4] is None  # the square is secret
    finish_turn(state)
    finish_turn(state)
    finish_turn(state)
    play(state, "draw rifle", "roll 6", "move D3")  # beside the trap
    return state


def test_snare_stops_the_hunter_next_movement(small):
    state = _trap_at_start(small, "snare")
    sprung = events(state, "sprung", 1)
    assert sprung and sprung[0][4] == small.parse("D2")
    assert events(state, "fact-at", 1)[-1][3] == 1 << small.parse("D2")
    finish_turn(state)
    while state.turn != 0:
        finish_turn(state)
    play(state, "draw net")
    assert state.stack[-1] == ("action", 0) and ("snared", 0) in state.log


def test_deadfall_sends_the_hunter_back_to_the_camp(small):
    state = _trap_at_start(small, "deadfall")
    assert state.stack[-1][:2] == ("camp", 0)
    play(state, "camp H8")
    assert state.pos[0] == small.parse("H8")


def test_false_trail_shows_a_square_within_three_of_the_true_one(small):
    state = new_game(small, hands={1: ["false-trail", "lie-low", "second-wind"]})
    hunted_turn(state)
    play(state, "play false-trail")  # in cycle 1: its next reveal is in cycle 3
    while (state.cycle, state.turn) != (3, 1):
        finish_turn(state)
    assert state.stack[-1][0] == "trail"
    shown = [small.parse(a.split()[1]) for a in state.legal_actions()]
    assert all(distance(s, small.parse("D2"), 16) <= 3 for s in shown)
    play(state, "trail D5")
    assert events(state, "reveal", 1)[-1][3:] == (small.parse("D5"), True)


def test_a_false_trail_may_be_played_in_the_first_cycle_and_again_before_its_reveal(small):
    hands = {1: ["false-trail", "false-trail", "lie-low"], 2: ["sprint", "sprint", "snare"]}
    hands[3] = ["sprint", "sprint", "deadfall"]
    state = new_game(small, hands=hands)
    hunted_turn(state)
    assert "play false-trail" in state.legal_actions()  # no cycle the card names
    play(state, "play false-trail")
    assert "play false-trail" in state.legal_actions()  # a second changes nothing, but may


def test_sure_footing_may_follow_sure_footing(small):
    state = new_game(small, hands={0: ["sure-footing", "sure-footing", "horn"]})
    play(state, "draw net", "roll 1", "play sure-footing", "roll 2")
    assert "play sure-footing" in state.legal_actions()  # after a movement roll, any
    play(state, "play sure-footing", "roll 5")
    ends = {a.split()[1] for a in state.legal_actions() if a.startswith("move")}
    assert {"G6", "G9", "G12"} <= ends  # one step, two or five: any of his rolls


def test_run_for_cover_moves_a_seen_hunted_two_steps(small):
    state = new_game(small, hands={1: ["run-for-cover", "lie-low", "snare"]}, starts={1: "G11"})
    play(state, "draw camp-stores", "roll 2", "move G9")
    assert state.stack[-1] == ("run", 1)
    play(state, "play run-for-cover G13")
    assert state.pos[1] == small.parse("G13") and events(state, "extra", 1)


def test_distraction_moves_a_hunter_up_to_two_steps(small):
    state = hunted_turn(new_game(small, hands={1: ["distraction", "lie-low", "snare"]}))
    assert "play distraction 0 G4" in state.legal_actions()
    assert "play distraction 0 G3" not in state.legal_actions()
    play(state, "play distraction 0 G4")
    assert state.pos[0] == small.parse("G4")


def test_second_wind_draws_two_hunted_cards(small):
    state = hunted_turn(new_game(small, hands={1: ["second-wind", "lie-low", "snare"]}))
    play(state, "play second-wind", "draw dodge", "draw dodge")
    assert sorted(state.hand[1]) == ["dodge", "dodge", "lie-low", "second-wind", "snare"]


def test_lie_low_hides_a_hunted_beyond_two_steps_until_his_next_turn(small):
    state = hunted_turn(new_game(small, hands={1: ["lie-low", "sprint", "snare"]}))
    play(state, "play lie-low")
    finish_turn(state)
    finish_turn(state)
    finish_turn(state)
    play(state, "draw rifle", "roll 4", "move D5")  # D2 is 3 steps away
    assert 1 not in state.visible


def test_forced_march_moves_the_hunter_up_to_three_more_steps(small):
    state = new_game(small, hands={0: ["forced-march", "horn", "beaters"]})
    play(state, "draw camp-stores", "roll 1", "move G6")
    assert "play forced-march G9" in state.legal_actions()
    assert "play forced-march G10" not in state.legal_actions()
    play(state, "play forced-march G9")
    assert state.pos[0] == small.parse("G9")


def test_spyglass_looks_again_two_steps_further(small):
    state = new_game(small, hands={0: ["spyglass", "horn", "beaters"]}, starts={1: "G14"})
    play(state, "draw camp-stores", "roll 2", "move G7")
    assert 1 not in state.visible
    play(state, "play spyglass")
    assert 1 in state.visible


def test_bloodhound_shows_where_a_hunted_began_his_last_turn(small):
    state = new_game(small, hands={0: ["bloodhound", "horn", "beaters"]})
    play(state, "draw camp-stores", "roll 1", "move G6")
    assert not any(a.startswith("play bloodhound") for a in state.legal_actions())
    finish_turn(state)
    while state.turn != 0:
        finish_turn(state)
    play(state, "draw rifle", "roll 1", "move G7", "play bloodhound 1")
    assert len(state.marks[1]) == 2
    assert events(state, "reveal", 1)[-1][2:4] == (0, small.parse("D2"))


def test_beaters_makes_every_hunted_in_the_zone_say_so(small):
    state = new_game(small, hands={0: ["beaters", "horn", "rifle"]})
    play(state, "draw camp-stores", "roll 1", "move G6", "play beaters jungle")
    answers = {e[1]: e[3] for e in events(state, "answer")}
    assert answers == {1: True, 2: False, 3: False}  # D2 Jungle, N4 Jungle 2, F14 Lagoon


def test_trail_sign_tells_the_zone_of_one_hunted(small):
    state = new_game(small, hands={0: ["trail-sign", "horn", "rifle"]})
    play(state, "draw camp-stores", "roll 1", "move G6", "play trail-sign 2")
    assert events(state, "answer") == [("answer", 2, "in the Jungle 2", True)]


def test_horn_makes_every_hunted_say_whether_he_is_within_ten(small):
    state = new_game(small, hands={0: ["horn", "beaters", "rifle"]})
    play(state, "draw camp-stores", "roll 1", "move G6", "play horn")
    answers = {e[1]: e[3] for e in events(state, "answer")}
    # from G6: D2 is 7 steps, N4 9, F14 9
    assert answers == {1: True, 2: True, 3: True}


def test_bear_trap_catches_a_hunted_who_ends_beside_it(small):
    state = new_game(small, hands={0: ["bear-trap", "horn", "beaters"]}, starts={1: "E2"})
    play(state, "draw camp-stores", "roll 1", "move G6", "play bear-trap F4")
    assert events(state, "trap", 0)[-1][4] == small.parse("F4")  # placed openly
    play(state, "done", "done", "draw sprint", "roll 2", "move E4")
    assert events(state, "sprung", 0) and 1 in state.visible
    assert ("seen", 1, small.parse("E4")) in state.log


def test_camp_stores_draws_two_hunter_cards(small):
    state = new_game(small, hands={0: ["camp-stores", "horn", "beaters"]})
    play(state, "draw net", "roll 1", "move G6", "play camp-stores", "draw rifle", "draw rifle")
    assert sorted(state.hand[0]) == ["beaters", "horn", "net", "rifle", "rifle"]


def test_sure_footing_rolls_again_and_either_roll_may_be_used(small):
    state = new_game(small, hands={0: ["sure-footing", "horn", "beaters"]})
    play(state, "draw net", "roll 1", "play sure-footing", "roll 3")
    ends = {a.split()[1] for a in state.legal_actions() if a.startswith("move")}
    assert {"G6", "G10"} <= ends  # one step, or three
    assert "play sure-footing" not in state.legal_actions()


def test_forced_march_may_cross_by_boat_as_one_step(small):
    state = new_game(small, hands={0: ["forced-march", "horn", "beaters"]})
    play(state, "draw camp-stores", "roll 7", "move I2")  # the north boat, on foot
    legal = state.legal_actions()
    assert "play forced-march O7" in legal and "play forced-march O9" in legal
    play(state, "play forced-march O9")  # sails to O7, walks two steps
    assert state.pos[0] == small.parse("O9")


def test_run_for_cover_may_cross_by_boat_as_one_step(small):
    state = new_game(small, hands={1: ["run-for-cover", "lie-low", "snare"]}, starts={1: "B10"})
    play(state, "draw camp-stores", "roll 5", "move D9")  # B10 is 3 steps away: seen
    assert state.stack[-1] == ("run", 1)
    assert "play run-for-cover G15" in state.legal_actions()
    play(state, "play run-for-cover G14")  # sails to the south boat, one step on
    assert state.pos[1] == small.parse("G14")
    assert events(state, "extra", 1) == [("extra", 1, 2, False)]  # not in a turn of his


def test_distraction_may_move_a_hunter_across_by_boat(small):
    state = new_game(small, hands={1: ["distraction", "lie-low", "snare"]}, starts={1: "E13"})
    play(state, "draw camp-stores", "roll 7", "move I2", "done", "discard camp-stores")
    play(state, "draw second-wind", "roll 2", "move E13")
    assert "play distraction 0 O7" in state.legal_actions()
    play(state, "play distraction 0 O8")
    assert state.pos[0] == small.parse("O8")
