"""Fugitive's rules, one test per rule of the text (seeds/003), named after it."""

import math
import random
from collections import Counter

import pytest

from generator.engine.game import CHANCE, TERMINAL, IllegalAction
from generator.games.fugitive.cards import (
    EVENT_BY_CARD,
    EVENTS,
    PILES,
    PLACEHOLDERS,
    START_DRAWS,
    START_HAND,
    VARIANTS,
    DeckConfig,
    published,
)
from generator.games.fugitive.rules import (
    FUGITIVE,
    MARSHAL,
    Deal,
    Discard,
    Guess,
    Hide,
    MarshalView,
    Pass,
    deal_for,
    format_action,
    new_game,
    parse_action,
)

SAFE_HOUSE, FALSE_LEAD, FAST_HORSE, LIE_LOW = 101, 102, 103, 104
INFORMANT, ROADBLOCK, SEARCH_PARTY, DRAGNET = 105, 106, 107, 108
WINDFALL, SECOND_WIND = 109, 110
ICONS = {"fugitive": (101, 102, 103, 104), "marshal": (105, 106, 107, 108), "none": (109, 110)}

# The Fugitive's setup draws take the first Hideouts of piles 1 and 2: with these tops his
# hand is 1, 2, 3, 4, 5, 6, 15, 16 and 42.
TOPS = ((4, 5, 6), (15, 16), ())
HAND = {1, 2, 3, 4, 5, 6, 15, 16, 42}


def make_deal(variant="none", tops=TOPS, events=None):
    """Return a deal whose piles start with `tops` (in order), then the other Hideouts in
    ascending order, then whatever the variant still needs (events or Placeholders)."""
    tops = [list(top) for top in tops]
    placed = {card for top in tops for card in top}
    if variant == "random":
        wanted, pool = [2, 2, 2], [c for c in EVENT_BY_CARD if c not in placed]
    elif variant == "catchup":
        wanted, pool = [2, 2, 2], [c for c in PLACEHOLDERS if c not in placed]
    elif variant.startswith("helpful-"):
        icon = variant.split("-", 1)[1]
        wanted, pool = [2, 1, 1], [c for c in ICONS[icon] if c not in placed]
    else:
        wanted, pool = [0, 0, 0], []
    piles = []
    for (low, high), top, count in zip(PILES, tops, wanted, strict=True):
        rest = [c for c in range(low, high + 1) if c not in top]
        extra = [pool.pop(0) for _ in range(count - sum(c > 42 for c in top))]
        piles.append((*top, *rest, *extra))
    if events is None:
        events = {
            "discovery": (tuple(EVENT_BY_CARD),),
            "catchup": tuple(ICONS[icon] for icon in ("fugitive", "marshal", "none")),
        }.get(variant, ())
    return Deal(tuple(piles), tuple(events))


def dealt(variant="none", tops=TOPS, events=None, config=None):
    """Return a game of `variant` after the deal made by make_deal()."""
    state = new_game(config or published(variant))
    state.apply(make_deal(variant, tops, events))
    return state


def play(state, *texts):
    """Apply each action written in notation; return the state."""
    for text in texts:
        state.apply(parse_action(text))
    return state


def steps(state):
    """Return the pending steps as (kind, player) pairs."""
    return [(step.kind, step.player) for step in state.steps]


# The usual opening: the Fugitive hides at 1 and passes; the Marshal draws twice from
# pile 3 (29 and 30) and misses. Then it is the Fugitive's turn 2, at his draw.
OPENING = ("hide 1", "pass", "draw 3", "draw 3", "guess 41")


def opened(variant="none", tops=TOPS, events=None):
    return play(dealt(variant, tops, events), *OPENING)


def random_playout(variant, seed, on_state=None):
    """Play one game of random choices (chance by sample_chance); return it and its length."""
    rng = random.Random(seed)
    state = new_game(published(variant))
    count = 0
    while not state.is_terminal():
        if on_state:
            on_state(state, rng)
        if state.current_player() == CHANCE:
            action = state.sample_chance(rng)
        else:
            action = rng.choice(state.legal_actions())
            if (
                state.steps[0].kind == "guess"
                and rng.random() < 0.2
                and not state.observation(MARSHAL).single_only
            ):
                action = Guess(tuple(rng.sample(range(1, 42), 2)))  # a series
        state.apply(action)
        count += 1
        assert count < 5000, "a random game did not end"
    return state, count


# --- setup ---------------------------------------------------------------------------------
def test_setup_places_card_0_face_up_as_the_first_hideout():
    state = dealt()
    assert [(h.number, h.revealed) for h in state.row] == [(0, True)]
    assert state.highest_revealed() == 0


def test_setup_shuffles_the_piles_4_14_15_28_and_29_41_separately():
    deals = [deal_for(published(), random.Random(seed)) for seed in range(5)]
    for deal in deals:
        assert [sorted(pile) for pile in deal.piles] == [
            list(range(4, 15)),
            list(range(15, 29)),
            list(range(29, 42)),
        ]
    for index in range(3):
        assert len({deal.piles[index] for deal in deals}) > 1  # shuffled, not sorted
    moved = make_deal()
    wrong = Deal(((29, *moved.piles[0]), moved.piles[1], moved.piles[2][1:]))
    with pytest.raises(IllegalAction, match="pile 1 must hold exactly the Hideouts 4-14"):
        new_game().apply(wrong)


def test_the_fugitive_starts_with_1_2_3_42_three_of_pile_1_and_two_of_pile_2():
    state = dealt()
    assert state.hands[FUGITIVE] == HAND
    assert [len(pile) for pile in state.piles] == [11 - 3, 14 - 2, 13]
    assert state.piles[0][0] == 7 and state.piles[1][0] == 17


def test_the_marshal_has_no_starting_hand():
    assert dealt().hands[MARSHAL] == set()


EXTRA_VARIANTS = ("random", "helpful-fugitive", "helpful-marshal", "catchup")


def test_a_deal_with_an_event_among_the_setup_draws_is_refused():
    with pytest.raises(IllegalAction, match="top 3 cards of pile 1 must be Hideouts"):
        dealt("random", tops=((4, SAFE_HOUSE, 5, 6), (15, 16), ()))
    with pytest.raises(IllegalAction, match="top 2 cards of pile 2 must be Hideouts"):
        dealt("catchup", tops=((4, 5, 6), (PLACEHOLDERS[2], 15, 16), ()))
    state = dealt("random", tops=((4, 5, 6, SAFE_HOUSE), (15, 16, DRAGNET), ()))
    assert state.hands[FUGITIVE] == HAND
    assert state.piles[0][0] == SAFE_HOUSE and state.piles[1][0] == DRAGNET
    assert state.history[-1] == {"what": "deal", "sizes": [10, 14, 15]}


@pytest.mark.parametrize("variant", EXTRA_VARIANTS)
def test_the_setup_draws_never_meet_an_event(variant):
    for seed in range(300):
        deal = deal_for(published(variant), random.Random(seed))
        state = new_game(published(variant))
        state.apply(deal)
        drawn = state.hands[FUGITIVE] - set(START_HAND)
        assert len(drawn) == sum(START_DRAWS) and max(drawn) <= 42
        for pile, count in enumerate(START_DRAWS):
            assert all(card <= 42 for card in deal.piles[pile][:count])
            assert set(deal.piles[pile][:count]) <= drawn


@pytest.mark.parametrize("variant", EXTRA_VARIANTS)
def test_events_are_shuffled_into_what_is_left_of_each_pile_after_the_setup_draws(variant):
    """The rule text shuffles the events (or Placeholders) in after setup: the top card of
    each pile is an event as often as the events' share of that pile after the setup draws
    (pile 1: 2 in 8 + 2 cards, 20%), not more."""
    deals = 4000
    tops = [0, 0, 0]
    sizes = events = None
    for seed in range(deals):
        state = new_game(published(variant))
        state.apply(deal_for(published(variant), random.Random(seed)))
        sizes = [len(pile) for pile in state.piles]
        events = [sum(card > 42 for card in pile) for pile in state.piles]
        for index, pile in enumerate(state.piles):
            tops[index] += pile[0] > 42
    for index in range(3):
        hideouts = PILES[index][1] - PILES[index][0] + 1 - START_DRAWS[index]
        assert sizes[index] == hideouts + events[index]
        expected = events[index] / sizes[index]
        spread = 4 * math.sqrt(expected * (1 - expected) / deals)  # binomial, 4 sigma
        assert abs(tops[index] / deals - expected) <= spread, (index, tops[index] / deals)
    assert events[0] == 2 and sizes[0] == 10  # pile 1: 20%, as the issue measured it


# --- turns ---------------------------------------------------------------------------------
def test_the_fugitive_always_takes_the_first_turn():
    state = new_game()
    assert state.current_player() == CHANCE
    state.apply(make_deal())
    assert state.current_player() == FUGITIVE and state.turn == 1
    assert steps(state) == [("place", FUGITIVE)]


def test_the_fugitives_first_turn_places_one_or_two_hideouts():
    state = dealt()
    assert Pass() not in state.legal_actions()
    with pytest.raises(IllegalAction, match="must place a Hideout"):
        play(state, "pass")
    one = play(dealt(), "hide 1")
    assert one.current_player() == FUGITIVE and Pass() in one.legal_actions()
    play(one, "pass")  # one Hideout, then the turn ends
    assert one.current_player() == MARSHAL and len(one.face_down()) == 1
    two = play(dealt(), "hide 1", "hide 2")  # two Hideouts end the turn: never a third
    assert two.current_player() == MARSHAL and steps(two)[0] == ("draw", MARSHAL)
    assert [h.number for h in two.face_down()] == [1, 2]


def test_the_marshals_first_turn_draws_two_cards_then_guesses():
    state = play(dealt(), "hide 1", "pass")
    assert steps(state) == [("draw", MARSHAL), ("draw", MARSHAL), ("guess", MARSHAL)]
    play(state, "draw 1", "draw 3")
    assert state.hands[MARSHAL] == {7, 29}
    with pytest.raises(IllegalAction, match="expected a guess"):
        play(state, "draw 2")
    play(state, "guess 20")
    assert state.current_player() == FUGITIVE and state.turn == 2


def test_later_turns_draw_one_card_then_act():
    state = opened()
    assert steps(state) == [("draw", FUGITIVE), ("place", FUGITIVE)]
    with pytest.raises(IllegalAction, match="expected a draw"):
        play(state, "hide 2")
    play(state, "draw 2")
    assert 17 in state.hands[FUGITIVE]
    play(state, "hide 2")
    assert steps(state) == [("draw", MARSHAL), ("guess", MARSHAL)]
    play(state, "draw 1", "guess 30")
    assert state.hands[MARSHAL] == {7, 29, 30} and state.turn == 3


def test_draws_from_empty_piles_are_skipped():
    state = play(dealt(), "hide 1")
    state.piles[0].clear()
    state.piles[2].clear()
    with pytest.raises(IllegalAction, match="pile 1 is empty"):
        play(state, "pass", "draw 1")
    state = play(dealt(), "hide 1")
    state.piles = [[], [], []]
    play(state, "pass")  # every pile is empty: the Marshal's two draws are skipped
    assert steps(state) == [("guess", MARSHAL)]


# --- placing Hideouts ----------------------------------------------------------------------
def test_a_hideout_may_be_up_to_3_above_the_previous_one_never_lower():
    state = play(dealt(), "hide 3")
    assert {a.hideout for a in state.legal_actions() if isinstance(a, Hide) and not a.sprint} == {
        4,
        5,
        6,
    }
    with pytest.raises(IllegalAction, match="above the last one"):
        play(state, "hide 2")
    with pytest.raises(IllegalAction, match="out of reach: at most 6"):
        play(state, "hide 15")
    play(state, "hide 6")
    assert [h.number for h in state.row] == [0, 3, 6]


def test_sprint_cards_extend_the_reach_by_their_sprint_numbers():
    # From 4 (text's example) the 10 needs +3: here, from 1, the 6 needs +2.
    state = play(dealt(), "hide 1")
    with pytest.raises(IllegalAction, match="out of reach: at most 5 with these Sprint cards"):
        play(state, "hide 6 sprint 3")  # 3 is odd: +1
    play(state, "hide 6 sprint 2")  # 2 is even: +2
    assert state.row[-1].sprint == (2,) and 2 not in state.hands[FUGITIVE]
    assert [published().sprint[c] for c in range(6)] == [2, 1, 2, 1, 2, 1]
    late = play(dealt(), "hide 3")
    with pytest.raises(IllegalAction, match="at most 14"):
        play(late, "hide 15 sprint 1 2 4 5 6")  # 3 + 3 + 1 + 2 + 2 + 1 + 2
    play(late, "hide 15 sprint 1 2 4 5 6 16")
    assert late.row[-1].number == 15


def test_a_custom_deck_configuration_changes_the_sprint_values():
    sprint = [2 if c % 2 == 0 else 1 for c in range(43)]
    sprint[3] = 5
    config = DeckConfig.from_json({"sprint": {"3": 5}})
    assert config.sprint == tuple(sprint)
    state = dealt(config=config)
    play(state, "hide 1", "hide 6 sprint 3")  # 1 + 3 + 5: the published 3 gives only +1
    assert state.row[-1].number == 6
    with pytest.raises(ValueError, match="from 0 to 5"):
        DeckConfig.from_json({"sprint": {"3": 6}})
    assert DeckConfig.from_json(config.to_json()) == config


def test_extra_sprint_cards_may_be_played_as_a_bluff():
    state = play(dealt(), "hide 1", "hide 2 sprint 4 16")
    assert state.row[-1].sprint == (4, 16)
    view = state.observation(MARSHAL)
    assert view.row[-1] == (None, 2, None)  # she sees two Sprint cards, not that they were spare


def test_the_fugitive_may_pass_his_turn():
    state = opened()
    play(state, "draw 1", "pass")
    assert state.history[-1] == {"what": "pass"} and len(state.row) == 2
    assert state.current_player() == MARSHAL
    assert 7 in state.hands[FUGITIVE]  # the drawn card stays in his hand


# --- guessing ------------------------------------------------------------------------------
def test_a_single_guess_reveals_the_hideout_and_its_sprint_cards():
    state = play(dealt(), "hide 1", "hide 6 sprint 2", "draw 3", "draw 3", "guess 6")
    assert state.row[-1].revealed and not state.row[1].revealed
    assert state.history[-1]["revealed"] == [[6, 2]]
    assert state.observation(MARSHAL).row[-1] == (6, 1, (2,))


def test_a_series_reveals_every_hideout_only_if_all_numbers_are_right():
    base = ("hide 1", "hide 4", "draw 3", "draw 3", "guess 41", "draw 3", "hide 5")
    wrong = play(dealt(), *base, "draw 3", "guess 1 4 7")
    assert [h.number for h in wrong.face_down()] == [1, 4, 5]  # two right, nothing revealed
    assert wrong.history[-1]["right"] is False and wrong.history[-1]["revealed"] == []
    right = play(dealt(), *base, "draw 3", "guess 4 1")
    assert [h.number for h in right.face_down()] == [5]
    assert right.history[-1]["revealed"] == [[1], [4]]


def test_guesses_are_different_numbers_from_1_to_41():
    state = play(dealt(), "hide 1", "pass", "draw 3", "draw 3")
    for text, reason in [
        ("guess 0", "from 1 to 41"),
        ("guess 42", "from 1 to 41"),
        ("guess 1 1", "different numbers"),
    ]:
        with pytest.raises(IllegalAction, match=reason):
            play(state, text)
    assert state.legal_actions() == [Guess((n,)) for n in range(1, 42)]


def test_the_marshal_wins_by_revealing_every_face_down_hideout():
    state = play(dealt(), "hide 1", "hide 3", "draw 3", "draw 3", "guess 1 3")
    assert state.winner == MARSHAL and state.current_player() == TERMINAL
    assert state.returns() == [-1.0, 1.0] and state.legal_actions() == []


# --- the 42 and the manhunt ------------------------------------------------------------------
# With every Sprint value at 5 the Fugitive reaches the 42 by turn 4: 1 and 27 on turn 1,
# 31 on turn 2, a pass on turn 3; on turn 4 he has drawn 33 and holds 32, 33 and the 42.
FAST = DeckConfig.from_json({"sprint": {str(c): 5 for c in range(43)}})
ESCAPE_TOPS = ((4, 5, 6), (27, 28), (31, 32, 33))


def escape_ready(first_guess, second_guess):
    """Return the game above at the Fugitive's turn 4, after his draw, the Marshal having
    guessed `first_guess` and `second_guess` on her turns 1 and 2 (and missed on turn 3)."""
    state = dealt(tops=ESCAPE_TOPS, config=FAST)
    play(state, "hide 1", "hide 27 sprint 2 3 4 5 6", "draw 1", "draw 1", first_guess)
    play(state, "draw 3", "hide 31 sprint 28", "draw 1", second_guess)
    play(state, "draw 3", "pass", "draw 1", "guess 40", "draw 3")
    assert state.hands[FUGITIVE] == {32, 33, 42} and state.turn == 4
    return state


def test_playing_the_42_wins_when_a_hideout_above_29_is_revealed():
    state = escape_ready("guess 41", "guess 31")
    assert state.highest_revealed() == 31
    play(state, "hide 42 sprint 32 33")
    assert state.winner == FUGITIVE and not state.manhunt
    assert state.row[-1].number == 42 and state.row[-1].revealed  # placed face up


def test_playing_the_42_with_no_revealed_hideout_above_29_starts_a_manhunt():
    state = escape_ready("guess 1", "guess 41")
    assert state.highest_revealed() == 1
    play(state, "hide 42 sprint 32 33")
    assert state.manhunt and state.winner is None
    assert steps(state) == [("manhunt", MARSHAL)]
    with pytest.raises(IllegalAction, match="single number"):
        play(state, "guess 27 31")
    with pytest.raises(IllegalAction, match="from 1 to 41"):
        play(state, "guess 42")  # the 42 lies face up: it is never guessed


def test_in_a_manhunt_each_right_guess_continues_and_finding_all_wins_for_the_marshal():
    state = play(escape_ready("guess 1", "guess 41"), "hide 42 sprint 32 33", "guess 31")
    assert steps(state) == [("manhunt", MARSHAL)] and state.winner is None
    play(state, "guess 27")
    assert state.winner == MARSHAL and not state.face_down()


def test_a_wrong_guess_in_a_manhunt_lets_the_fugitive_escape():
    state = play(escape_ready("guess 1", "guess 41"), "hide 42 sprint 32 33", "guess 27")
    play(state, "guess 30")
    assert state.winner == FUGITIVE and state.returns() == [1.0, -1.0]


# --- what each player sees -----------------------------------------------------------------
def test_the_marshal_sees_face_down_hideouts_only_as_sprint_counts():
    one = play(dealt(), "hide 3 sprint 2")
    other = play(dealt(), "hide 2 sprint 3")  # a different Hideout and Sprint card
    seen = one.observation(MARSHAL)
    assert isinstance(seen, MarshalView)
    assert seen == other.observation(MARSHAL)
    assert seen.row == ((0, 0, ()), (None, 1, None))
    assert one.observation(FUGITIVE) != other.observation(FUGITIVE)


def test_the_marshals_hand_is_hidden_from_the_fugitive():
    one = play(dealt(tops=((4, 5, 6), (15, 16), (29, 30))), *OPENING)
    other = play(dealt(tops=((4, 5, 6), (15, 16), (31, 32))), *OPENING)
    assert one.hands[MARSHAL] != other.hands[MARSHAL]
    assert one.observation(FUGITIVE) == other.observation(FUGITIVE)
    assert one.observation(FUGITIVE).marshal_hand_size == 2


# --- events --------------------------------------------------------------------------------
def on_pile_2(*cards):
    """Tops that put `cards` on pile 2, right under the Fugitive's setup draws."""
    return ((4, 5, 6), (15, 16, *cards), ())


def fugitive_draws(card, variant="random"):
    """Turn 2: the Fugitive draws `card` from the top of pile 2."""
    return play(opened(variant, on_pile_2(card)), "draw 2")


def marshal_draws(card, variant="random", opening=("hide 1", "hide 2")):
    """Turn 1: the Marshal draws `card` from the top of pile 2 as her first draw."""
    return play(dealt(variant, on_pile_2(card)), *opening, "draw 2")


def event_notes(state):
    return [h for h in state.history if h["what"] == "event"]


def test_the_10_events_are_4_for_the_fugitive_4_for_the_marshal_and_2_neutral():
    assert Counter(event.icon for event in EVENTS) == {"fugitive": 4, "marshal": 4, "none": 2}
    assert {icon: tuple(e.card for e in EVENTS if e.icon == icon) for icon in ICONS} == ICONS
    assert PLACEHOLDERS == (201, 202, 203, 204, 205, 206)


def test_a_drawn_event_is_resolved_then_another_card_is_drawn():
    state = fugitive_draws(FAST_HORSE)
    assert event_notes(state) == [{"what": "event", "event": "fast-horse", "drawer": "fugitive"}]
    assert steps(state) == [("draw", FUGITIVE), ("place", FUGITIVE)]
    assert state.discarded == [FAST_HORSE] and FAST_HORSE not in state.hands[FUGITIVE]
    play(state, "draw 2")
    assert 17 in state.hands[FUGITIVE]


def test_safe_house_the_fugitive_draws_2_cards():
    state = marshal_draws(SAFE_HOUSE)  # even drawn by the Marshal, the Fugitive draws
    assert steps(state)[:3] == [("draw", FUGITIVE), ("draw", FUGITIVE), ("draw", MARSHAL)]
    play(state, "draw 2", "draw 2", "draw 2")
    assert {17, 18} <= state.hands[FUGITIVE] and state.hands[MARSHAL] == {19}


def test_false_lead_the_marshal_discards_a_random_card():
    state = fugitive_draws(FALSE_LEAD)
    assert state.current_player() == CHANCE
    assert state.legal_actions() == [Discard(29), Discard(30)]
    play(state, "discard 30")
    assert state.hands[MARSHAL] == {29} and state.discarded == [FALSE_LEAD, 30]
    assert state.observation(FUGITIVE).discarded == (FALSE_LEAD, 30)  # face up
    assert steps(state)[0] == ("draw", FUGITIVE)


def test_false_lead_with_an_empty_marshal_hand_does_nothing():
    state = marshal_draws(FALSE_LEAD, opening=("hide 1", "pass"))
    assert steps(state) == [("draw", MARSHAL), ("draw", MARSHAL), ("guess", MARSHAL)]


def test_fast_horse_the_next_hideout_may_reach_2_further():
    state = play(fugitive_draws(FAST_HORSE), "draw 1")
    assert state.reach(()) == 1 + 3 + 2
    with pytest.raises(IllegalAction, match="at most 6"):
        play(state, "hide 15")
    play(state, "hide 6")
    assert state.bonus_reach == 0  # used up by that Hideout


def test_lie_low_the_marshals_next_guess_is_a_single_number():
    state = play(fugitive_draws(LIE_LOW), "draw 1", "pass", "draw 3")
    assert state.observation(MARSHAL).single_only
    with pytest.raises(IllegalAction, match="single number"):
        play(state, "guess 1 2")
    play(state, "guess 2", "draw 1", "pass", "draw 3")
    assert not state.single_only
    play(state, "guess 4 5")  # her guess after that may be a series again


def test_informant_the_fugitive_tells_the_parity_of_his_newest_face_down_hideout():
    state = marshal_draws(INFORMANT)  # face down: 1 and 2
    assert event_notes(state)[-1] == {
        "what": "event",
        "event": "informant",
        "drawer": "marshal",
        "parity": "even",
        "position": 2,
    }
    assert state.observation(MARSHAL).history[-1]["parity"] == "even"


def test_roadblock_the_marshal_draws_2_cards():
    state = fugitive_draws(ROADBLOCK)
    assert steps(state) == [
        ("draw", MARSHAL),
        ("draw", MARSHAL),
        ("draw", FUGITIVE),
        ("place", FUGITIVE),
    ]
    play(state, "draw 1", "draw 1", "draw 1")
    assert state.hands[MARSHAL] == {7, 8, 29, 30} and 9 in state.hands[FUGITIVE]


def test_search_party_the_marshal_makes_an_extra_single_guess_at_once():
    state = fugitive_draws(SEARCH_PARTY)
    assert steps(state)[0] == ("guess", MARSHAL) and state.steps[0].free
    with pytest.raises(IllegalAction, match="single number"):
        play(state, "guess 1 2")
    play(state, "guess 1")
    assert state.winner == MARSHAL  # the 1 was his only face-down Hideout


def test_dragnet_the_fugitive_discards_a_random_card_never_the_42():
    state = fugitive_draws(DRAGNET)
    choices = state.legal_actions()
    assert Discard(42) not in choices and len(choices) == len(state.hands[FUGITIVE]) - 1
    with pytest.raises(IllegalAction, match="no card 42"):
        play(state, "discard 42")
    play(state, "discard 15")
    assert 15 not in state.hands[FUGITIVE] and state.discarded == [DRAGNET, 15]


@pytest.mark.parametrize("drawer", [FUGITIVE, MARSHAL])
def test_windfall_whoever_drew_it_draws_2_more_cards(drawer):
    state = fugitive_draws(WINDFALL) if drawer == FUGITIVE else marshal_draws(WINDFALL)
    assert steps(state)[:3] == [("draw", drawer)] * 3
    before = len(state.hands[drawer])
    play(state, "draw 1", "draw 1", "draw 1")
    assert len(state.hands[drawer]) == before + 3


def test_second_wind_drawn_by_the_fugitive_his_next_hideout_reaches_2_further():
    state = play(fugitive_draws(SECOND_WIND), "draw 1")
    assert state.bonus_reach == 2
    play(state, "hide 6")


def test_second_wind_drawn_by_the_marshal_she_makes_an_extra_single_guess():
    state = marshal_draws(SECOND_WIND)
    assert steps(state)[0] == ("guess", MARSHAL) and state.steps[0].free
    assert state.bonus_reach == 0
    play(state, "guess 2")
    assert [h.number for h in state.face_down()] == [1]
    assert steps(state) == [("draw", MARSHAL), ("draw", MARSHAL), ("guess", MARSHAL)]


# --- variants ------------------------------------------------------------------------------
def extras(deal):
    return [[c for c in pile if c > 42] for pile in deal.piles]


def test_no_variant_has_no_events():
    deal = deal_for(published("none"), random.Random(1))
    assert extras(deal) == [[], [], []] and deal.events == ()


def test_random_events_shuffle_2_events_into_each_pile():
    for seed in range(10):
        deal = deal_for(published("random"), random.Random(seed))
        per_pile = extras(deal)
        assert [len(cards) for cards in per_pile] == [2, 2, 2]
        chosen = [c for cards in per_pile for c in cards]
        assert len(set(chosen)) == 6 and set(chosen) <= set(EVENT_BY_CARD)
        assert deal.events == ()


def test_discovery_events_the_fugitive_draws_an_event_after_a_successful_guess():
    deal = deal_for(published("discovery"), random.Random(2))
    assert extras(deal) == [[], [], []] and sorted(deal.events[0]) == sorted(EVENT_BY_CARD)
    order = (SAFE_HOUSE, *[c for c in EVENT_BY_CARD if c != SAFE_HOUSE])
    missed = play(dealt("discovery", events=(order,)), "hide 1", "hide 2")
    play(missed, "draw 3", "draw 3", "guess 40")
    assert event_notes(missed) == []
    found = play(dealt("discovery", events=(order,)), "hide 1", "hide 2")
    play(found, "draw 3", "draw 3", "guess 2")
    assert event_notes(found) == [{"what": "event", "event": "safe-house", "drawer": "fugitive"}]
    assert steps(found) == [("draw", FUGITIVE), ("draw", FUGITIVE)]  # no extra card after it
    assert found.event_piles[0][0] == order[1]


@pytest.mark.parametrize("icon", ["fugitive", "marshal"])
def test_helpful_events_spread_only_that_icons_4_events_over_the_piles(icon):
    for seed in range(10):
        deal = deal_for(published(f"helpful-{icon}"), random.Random(seed))
        per_pile = extras(deal)
        assert sorted(c for cards in per_pile for c in cards) == list(ICONS[icon])
        assert sorted(len(cards) for cards in per_pile) == [1, 1, 2]
        assert deal.events == ()
    state = fugitive_draws(ICONS[icon][0], f"helpful-{icon}")
    assert event_notes(state)[0]["event"] == EVENT_BY_CARD[ICONS[icon][0]].key


def test_catchup_events_shuffle_2_placeholders_into_each_pile_and_sort_events_by_icon():
    for seed in range(5):
        deal = deal_for(published("catchup"), random.Random(seed))
        per_pile = extras(deal)
        assert [len(cards) for cards in per_pile] == [2, 2, 2]
        assert sorted(c for cards in per_pile for c in cards) == list(PLACEHOLDERS)
        assert [sorted(pile) for pile in deal.events] == [
            list(ICONS["fugitive"]),
            list(ICONS["marshal"]),
            list(ICONS["none"]),
        ]


@pytest.mark.parametrize(
    ("face_down", "event"),
    [(1, "safe-house"), (2, "windfall"), (3, "informant")],
    ids=["one-fugitive-pile", "two-neutral-pile", "three-marshal-pile"],
)
def test_catchup_a_placeholder_draws_from_the_event_pile_the_face_down_count_picks(
    face_down, event
):
    state = dealt("catchup", tops=on_pile_2(PLACEHOLDERS[0]))
    play(state, "hide 1", "hide 2" if face_down >= 2 else "pass")
    play(state, "draw 3", "draw 3", "guess 40", "draw 3")
    play(state, "hide 3" if face_down >= 3 else "pass")
    assert len(state.face_down()) == face_down
    play(state, "draw 2")  # the Placeholder
    assert state.history[-2] == {
        "what": "draw",
        "player": "marshal",
        "pile": 2,
        "placeholder": True,
    }
    assert event_notes(state)[-1]["event"] == event
    assert event_notes(state)[-1]["drawer"] == "marshal"
    assert PLACEHOLDERS[0] not in state.hands[MARSHAL]
    assert ("draw", MARSHAL) in steps(state)  # after the event she draws another card


def test_a_deal_the_variant_cannot_make_is_illegal():
    good = make_deal("random")
    cases = [
        ("none", good, "no events go into the piles"),
        ("random", make_deal("catchup"), "2 events into each pile"),
        ("catchup", good, "2 Placeholders into each pile"),
        ("helpful-fugitive", make_deal("helpful-marshal"), "evenly"),
        ("discovery", make_deal("discovery", events=((101, 101),)), "all 10 events"),
        ("catchup", make_deal("catchup", events=((101,), (), ())), "by icon"),
        ("random", make_deal("random", events=((101,),)), "no event piles"),
    ]
    for variant, deal, reason in cases:
        with pytest.raises(IllegalAction, match=reason):
            new_game(published(variant)).apply(deal)


# --- notation and playouts -------------------------------------------------------------------
def test_every_legal_action_round_trips_through_its_notation():
    seen = Counter()

    def check(state, rng):
        if state.current_player() == CHANCE:
            actions = [state.sample_chance(rng)]
        else:
            actions = state.legal_actions()
            actions = rng.sample(actions, 400) if len(actions) > 400 else list(actions)
            actions.append(Guess(tuple(rng.sample(range(1, 42), 3))))
        for action in actions:
            text = format_action(action)
            assert parse_action(text) == action, text
            assert parse_action(text.upper()) == action
            seen[type(action).__name__] += 1

    for variant in VARIANTS:
        for seed in range(6):
            random_playout(variant, seed, check)
    assert {"Deal", "Draw", "Hide", "Pass", "Guess", "Discard"} <= set(seen)
    assert parse_action("hide 10 sprint 9 4") == Hide(10, (4, 9))


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_playouts_always_terminate(variant):
    endings = Counter()
    for seed in range(25):
        state, _ = random_playout(variant, seed)
        assert state.current_player() == TERMINAL and state.legal_actions() == []
        endings[state.winner] += 1
    assert sum(endings.values()) == 25


@pytest.mark.parametrize(
    "text",
    [
        "",
        "run",
        "draw",
        "draw 4",
        "hide",
        "hide x",
        "hide 5 sprint",
        "guess",
        "guess a",
        "deal 1=4",
    ],
)
def test_unreadable_notation_is_an_illegal_action(text):
    with pytest.raises(IllegalAction):
        parse_action(text)


def test_an_action_of_the_wrong_kind_is_illegal_and_says_what_is_expected():
    state = dealt()
    with pytest.raises(IllegalAction, match="expected a Hideout or a pass"):
        play(state, "draw 1")
    with pytest.raises(IllegalAction, match="does not hold 7"):
        play(state, "hide 3 sprint 7")
