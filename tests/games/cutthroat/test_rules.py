"""One test per rule of CutThroat! (and of each choice docs/rules/cutthroat.md makes)."""

import random

import pytest

from generator.engine.game import CHANCE, IllegalAction
from generator.games.cutthroat.rules import MARKERS, REMOVED, CutthroatState, Rules

# Six players: seat i is rank i (seat 0 the Ace ... seat 5 the 6); seats 0-3 hate the next
# seat's character, seat 4 (the 5) hates the Ace, and seat 5 (the 6) is its own enemy.
DEAL = "deal A 2 3 4 5 6 / 2 3 4 5 A 6"


def game(players=6, deal=DEAL, **markers):
    """Return a dealt game; `markers` sets life cards by rank name (m5=0 sets the 5's)."""
    state = CutthroatState(players)
    state.apply(deal)
    for name, count in markers.items():
        state.markers[state.ranks.index(name[1:].upper())] = count
    return state


def play(state, *actions):
    for action in actions:
        state.apply(action)
    return state


def idle(state):
    """Play a quiet turn for whoever is to move: decline an enemy's offer, then take a marker
    each from the 5 and the 6 and put one back on the 5."""
    if state.phase == "bonus":
        state.apply("pass")
    play(state, "play", "take 5", "take 6", "put 5")


def rank(state, name):
    return state.ranks.index(name)


def test_the_deck_keeps_ace_to_the_nth_rank_with_eight_markers_on_each_life_card():
    state = CutthroatState(9)
    assert state.ranks == ("A", "2", "3", "4", "5", "6", "7", "8", "9")
    assert state.markers == [MARKERS] * 9 and MARKERS == 8
    with pytest.raises(ValueError):
        CutthroatState(5)
    with pytest.raises(ValueError):
        CutthroatState(14)


def test_identities_and_enemies_are_dealt_one_each_and_your_enemy_may_be_yourself():
    state = game()
    assert state.identity == [0, 1, 2, 3, 4, 5] and state.enemy == [1, 2, 3, 4, 0, 5]
    with pytest.raises(IllegalAction, match="each identity is dealt once"):
        CutthroatState(6).apply("deal A A 3 4 5 6 / 2 3 4 5 A 6")
    dealt = CutthroatState(6)
    dealt.apply(dealt.sample_chance(random.Random(1)))
    assert sorted(dealt.identity) == list(range(6)) and dealt.current_player() == 0


def test_a_play_takes_two_markers_discards_one_and_puts_one_back():
    state = play(game(), "play", "take 3", "take 5", "put 3")
    assert state.markers[rank(state, "3")] == MARKERS
    assert state.markers[rank(state, "5")] == MARKERS - 1
    assert sum(state.markers) == 6 * MARKERS - 1 and state.seat == 1


def test_both_markers_of_a_play_may_come_from_one_card_and_go_back_to_it():
    state = play(game(), "play", "take 4", "take 4", "put 4")
    assert state.markers[rank(state, "4")] == MARKERS - 1


def test_a_wrong_guess_ends_the_turn():
    state = play(game(), "guess 2 5")
    assert state.seat == 1 and not any(state.revealed)


def test_a_right_guess_reveals_and_gives_an_extended_play_two_markers_from_the_revealed():
    state = play(game(), "guess 2 3")
    assert state.revealed[rank(state, "3")] and state.phase == "take"
    play(state, "take 3", "take 3")
    assert len(state.legal_actions()) == 6  # the third from anywhere
    play(state, "take 6", "put A", "put A")
    assert state.markers[rank(state, "3")] == MARKERS - 2 and state.seat == 1


def test_the_takes_a_right_guess_owes_the_revealed_card_may_come_in_any_order():
    state = play(game(), "guess 2 3", "take 6")  # the free take first
    assert state.legal_actions() == ["take 3"]  # the two takes left are the 3's
    with pytest.raises(IllegalAction, match="still owes 2 take"):
        state.apply("take 5")
    play(state, "take 3", "take 3", "put A", "put A")
    assert state.markers[rank(state, "3")] == MARKERS - 2
    assert state.markers[rank(state, "6")] == MARKERS - 1 and state.seat == 1
    between = play(game(), "guess 2 3", "take 3", "take 6")  # or between the two
    assert between.legal_actions() == ["take 3"]


def test_a_longer_extended_play_owes_the_revealed_card_two_and_may_take_more():
    state = CutthroatState(6, rules=Rules(extend=4, double=5))
    play(state, DEAL, "guess 2 3", "take 3", "take 3", "take 3")  # a third, by choice
    assert state.owed() == 0 and state.observation(0)["owed"] is None
    assert len(state.legal_actions()) == 6  # the fourth from anywhere
    play(state, "take 6", "put A", "put A", "put A")
    assert state.markers[rank(state, "3")] == MARKERS - 3 and state.seat == 1


def test_the_extended_play_of_a_right_guess_may_be_declined_before_its_first_take():
    state = play(game(), "guess 2 3")
    assert "pass" in state.legal_actions()
    play(state, "pass")
    assert state.revealed[rank(state, "3")] and state.markers == [MARKERS] * 6
    assert state.seat == 1 and state.phase == "main"
    started = play(game(), "guess 2 3", "take 3")
    assert "pass" not in started.legal_actions()  # once begun, it is made whole


def test_the_extended_play_of_a_death_may_be_declined():
    state = play(game(m3=2), "play", "take 3", "take 3", "put A")
    while state.seat != 0:
        idle(state)
    assert not state.alive[rank(state, "3")] and "pass" in state.legal_actions()
    before = list(state.markers)
    play(state, "pass")
    assert state.markers == before and state.seat == 1


def test_a_play_with_fewer_markers_left_than_it_takes_takes_them_all_and_puts_one_fewer():
    state = game()
    state.markers[:] = [0, 0, 0, 0, 0, 2]  # only the 6's two markers are left
    play(state, "guess 5 6", "take 6", "take 6")  # an extended play finds two, not three
    assert state.phase == "put"
    play(state, "put A")  # one back, one discarded
    assert state.markers == [1, 0, 0, 0, 0, 0] and state.seat == 1
    play(state, "pass", "play", "take A")  # a play finds one: discarded, none goes back
    assert state.markers == [0] * 6 and state.seat == 2


def test_the_extended_play_takes_what_the_revealed_card_has_then_anywhere():
    state = play(game(m3=1), "guess 2 3", "take 3")
    assert len(state.legal_actions()) == 5  # the 3 is empty: any card with markers


def test_a_revealed_identity_cannot_be_guessed_again_nor_yourself():
    state = play(game(), "guess 2 3", "take 3", "take 3", "take 3", "put 3", "put 3")
    guesses = [a for a in state.legal_actions() if a.startswith("guess")]
    assert not any(g.startswith("guess 2 ") or g.endswith(" 3") for g in guesses)
    assert not any(g.startswith("guess 1 ") for g in guesses)  # seat 1 is to move


def right_guess(state, seat, name):
    """The player to move names seat `seat` as `name` (rightly), and makes the extended
    play: two markers off the revealed card and one off the 6; both put back on the 6."""
    play(state, f"guess {seat} {name}", f"take {name}", f"take {name}", "take 6")
    play(state, "put 6", "put 6")


def test_a_right_guess_that_leaves_two_hidden_gives_them_the_free_pass():
    state = game()
    right_guess(state, 1, "2")
    right_guess(state, 2, "3")
    right_guess(state, 3, "4")
    assert not state.revealed[rank(state, "5")]  # three still hidden: the A, 5 and 6
    play(state, "guess 0 A")  # seat 3 is right: two are left hidden, the 5 and the 6
    assert state.revealed[rank(state, "5")] and state.revealed[rank(state, "6")]
    assert ("free pass", rank(state, "5"), rank(state, "6")) in state.log
    play(state, "take A", "take A", "take 6", "put 4", "put 4")
    assert state.seat == 4 and state.legal_actions() == ["play"]  # nobody left to guess
    with pytest.raises(IllegalAction, match="seat 5 has the free pass"):
        state.apply("guess 5 6")


def test_a_death_that_leaves_two_hidden_gives_them_the_free_pass():
    state = game(m4=2)
    right_guess(state, 1, "2")
    right_guess(state, 2, "3")
    right_guess(state, 0, "A")  # three hidden left: the 4, 5 and 6
    idle(state)  # seat 3
    play(state, "play", "take 4", "take 4", "put 5")  # seat 4 empties the 4's card
    while state.seat != 4:
        idle(state)
    assert not state.alive[rank(state, "4")]  # the 4 died: the 5 and 6 are left hidden
    assert state.revealed[rank(state, "5")] and state.revealed[rank(state, "6")]
    play(state, "take 6", "take 6", "take 6", "put 5", "put 5")
    assert state.seat == 5 and not any(a.startswith("guess") for a in state.legal_actions())
    with pytest.raises(IllegalAction, match="seat 4 has the free pass"):
        state.apply("guess 4 5")


def test_deaths_that_leave_one_character_hidden_give_it_the_free_pass():
    """Sudden death at five (a variant): one death starts it and two empty cards die with
    it, leaving the 6 the only hidden character; nobody may name it by elimination."""
    state = CutthroatState(6, rules=Rules(markers=12, sudden_at=5))
    state.apply(DEAL)
    state.markers[2:5] = [2, 0, 0]  # the 3 has two markers, the 4 and the 5 none

    def quiet():
        if state.phase == "bonus":  # an empty enemy card: decline
            state.apply("pass")
        play(state, "play", "take 6", "take 2", "put 6")

    play(state, "guess 1 2", "take 2", "take 2", "take 6", "put A", "put A")
    play(state, "guess 0 A", "take A", "take A", "take 6", "put 2", "put 2")
    for _ in range(4):  # seats 2 to 5
        quiet()
    play(state, "play", "take 3", "take 3", "put A")  # seat 0 empties the 3's card
    while state.seat != 0:
        quiet()
    assert [state.alive[c] for c in range(6)] == [True, True, False, False, False, True]
    assert state.sudden and state.revealed[rank(state, "6")]
    play(state, "take 6", "take 6", "take 6", "put A", "put A")
    assert state.seat == 1 and state.legal_actions() == ["play"]


def test_emptying_a_life_card_mortally_wounds_it_and_the_player_takes_its_heart():
    state = play(game(m4=2), "play", "take 4", "take 4", "put A")
    assert state.markers[rank(state, "4")] == 0 and state.heart[rank(state, "4")] == 0
    assert state.alive[rank(state, "4")]


def test_a_heart_returned_ends_the_holders_turn():
    state = play(game(m4=2), "play", "take 4", "take 4", "put A")
    play(state, "play", "take 2", "take 2", "put 4")  # seat 1 puts a marker back on the 4
    for _ in range(4):  # seats 2 to 5
        idle(state)
    assert state.heart[rank(state, "4")] is None
    assert state.seat == 1  # seat 0 returned the heart and lost its turn


def test_a_character_still_empty_at_the_holders_next_turn_dies_and_pays_an_extended_play():
    state = play(game(m3=2), "play", "take 3", "take 3", "put A")
    while state.seat != 0:
        idle(state)
    assert not state.alive[rank(state, "3")] and state.phase == "take"
    assert state.heart[rank(state, "3")] == REMOVED and state.shown_enemy[2]
    play(state, "take 6", "take 6", "take 6", "put A", "put A")
    assert state.seat == 1  # the extended play was the turn


def test_killing_your_own_enemy_with_its_heart_is_a_double_extended_play():
    state = play(game(m2=2), "play", "take 2", "take 2", "put A")  # the 2 is seat 0's enemy
    while state.seat != 0:
        idle(state)
    assert not state.alive[rank(state, "2")]
    play(state, "take 5", "take 5", "take 6", "take 6")
    assert state.phase == "put"
    play(state, "put A", "put A", "put A")
    assert state.markers[rank(state, "A")] == MARKERS + 4


def test_an_empty_enemy_card_at_the_start_of_your_turn_offers_an_extended_play_but_no_guess():
    state = CutthroatState(6)
    state.markers[1] = 0
    state.heart[1] = 3
    state.apply(DEAL)  # seat 0's enemy, the 2, is empty at the start of its turn
    assert state.phase == "bonus" and state.legal_actions() == ["bonus", "pass"]
    play(state, "bonus", "take 6", "take 6", "take 6", "put 6", "put 6")
    assert state.phase == "main" and not any(a.startswith("guess") for a in state.legal_actions())
    play(state, "play", "take 5", "take 5", "put 5")
    assert state.seat == 1


def test_the_enemy_offer_may_be_declined():
    state = CutthroatState(6)
    state.markers[1], state.heart[1] = 0, 3
    play(state, DEAL, "pass")
    assert state.phase == "main" and any(a.startswith("guess") for a in state.legal_actions())


def test_a_dead_players_cards_leave_play_and_its_identity_and_enemy_are_shown():
    state = play(game(m3=2), "play", "take 3", "take 3", "put A")
    while state.seat != 0:
        idle(state)
    dead = rank(state, "3")
    assert not state.alive[dead] and state.revealed[dead] and state.shown_enemy[2]
    assert state.markers[dead] == 0 and state.heart[dead] == REMOVED
    assert "put 3" not in state.legal_actions() and not state.seat_alive(2)


def test_at_three_characters_hearts_leave_play_and_an_emptied_card_dies_at_once():
    state = game()
    state._kill([3, 4, 5], 0)
    assert state.sudden and all(h == REMOVED for h in state.heart)
    state.markers[1] = 1
    play(state, "play", "take 2", "take A", "put A")
    assert not state.alive[1]  # no heart to take: the 2 dies at once


def test_the_last_character_alive_wins():
    state = game()
    state._kill([2, 3, 4, 5], 0)
    state.markers[1] = 1
    play(state, "play", "take 2", "take A", "put A")
    assert state.is_terminal() and state.winners == [0] and state.returns()[0] == 1.0


def test_a_player_sees_its_own_cards_and_nothing_else_hidden():
    state = game()
    seen = state.observation(2)
    assert seen["identity"] == "3" and seen["enemy"] == "4"
    assert seen["revealed"] == {} and "identities" not in seen
    other = CutthroatState(6)
    other.apply("deal 3 2 A 4 5 6 / 2 3 4 5 A 6")
    assert other.observation(2)["markers"] == seen["markers"]
    assert other.observation(2)["identity"] == "A"


def test_every_action_round_trips_through_its_notation_over_random_games():
    for seed in range(20):
        rng = random.Random(seed)
        state = CutthroatState(7 + seed % 6)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                action = state.sample_chance(rng)
            else:
                actions = state.legal_actions()
                assert all(state.format_action(state.parse_action(a)) == a for a in actions)
                action = rng.choice(actions)
            state.apply(state.parse_action(action))
        assert state.winners and state.turns <= state.turn_limit


@pytest.mark.parametrize("digit", ["٣", "²", "３", "Ⅲ", "𝟗", "⑨", "½", "१"])
def test_a_seat_number_in_any_digits_but_ascii_is_refused_as_a_bad_action(digit):
    state = game()
    for text in (f"guess {digit} Q", f"guess 1{digit} 3", f"guess {digit}2 3"):
        with pytest.raises(IllegalAction, match="write 'guess SEAT RANK'"):
            state.parse_action(text)
        with pytest.raises(IllegalAction, match="write 'guess SEAT RANK'"):
            state.apply(text)
    assert state.seat == 0 and state.phase == "main" and state.log == [("deal",)]


def test_illegal_actions_are_refused_with_a_reason():
    state = game()
    with pytest.raises(IllegalAction, match="not legal now"):
        state.apply("take 3")
    with pytest.raises(IllegalAction, match="not an action"):
        state.apply("shoot 3")
    with pytest.raises(IllegalAction, match="waits for the deal"):
        CutthroatState(6).apply("play")


def rules_say(state: CutthroatState) -> tuple[set[str], dict[int, str]]:
    """Return the takes, puts or guesses the rules allow now, and the identities shown,
    worked out afresh from the state's cards (the engine keeps them between steps)."""
    ranks, n = state.ranks, state.players
    shown = {seat: ranks[c] for seat, c in enumerate(state.identity) if state.revealed[c]}
    if state.phase == "take":
        owed = 0 if state.focus is None else min(2, state.focus_owed) - state.focus_taken
        if owed and state.takes_left <= owed:
            takes = {f"take {ranks[state.focus]}"}
        else:
            takes = {f"take {ranks[c]}" for c in range(n) if state.markers[c]}
        return takes | ({"pass"} if state.optional and not state.taken else set()), shown
    if state.phase == "put":
        return {f"put {ranks[c]}" for c in range(n) if state.alive[c]}, shown
    if state.phase == "main" and not state.no_guess:
        hidden = [c for c in range(n) if state.alive[c] and not state.revealed[c]]
        guesses = {
            f"guess {seat} {ranks[c]}" for seat in range(n) for c in hidden
            if seat != state.seat and state.identity[seat] in hidden
        }  # fmt: skip
        return guesses | ({"play"} if sum(state.markers) else set()), shown
    return set(state.legal_actions()), shown


def test_the_actions_and_reveals_kept_between_steps_match_the_cards_at_every_step():
    for seed in range(30):
        rng = random.Random(seed)
        state = CutthroatState(6 + seed % 8)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            actions, shown = rules_say(state)
            assert set(state.legal_actions()) == (actions or {"play"})
            assert state.observation(state.seat)["revealed"] == shown
            state.apply(rng.choice(state.legal_actions()))
