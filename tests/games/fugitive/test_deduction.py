"""The Marshal's deduction: two independent methods agree, the truth is always possible, and
each fact of the table narrows what it should."""

import pytest

from generator.games.fugitive.cards import PILES, START_DRAWS, published
from generator.games.fugitive.deduction import cpsat_values, deduce, search_values
from generator.games.fugitive.marshal_facts import HistoryFacts, Inconsistent, read_table
from generator.games.fugitive.rules import MARSHAL, Deal, new_game, parse_action

# Piles in ascending order: the Fugitive's setup draws give him 4, 5, 6 and 15, 16.
SORTED_DEAL = Deal(tuple(tuple(range(low, high + 1)) for low, high in PILES))


def table_after(*actions, variant="none"):
    """Return the game after the sorted deal and `actions` (notation)."""
    state = new_game(published(variant))
    state.apply(SORTED_DEAL)
    for text in actions:
        state.apply(parse_action(text))
    return state


def possible(state):
    return deduce(state.observation(MARSHAL)).possible


def test_the_layered_search_and_cpsat_find_the_same_possible_values(mid_game):
    chosen = [p for p in mid_game if len(p[1].face_down()) >= 2][::9][:18]
    assert len(chosen) == 18
    for view, _ in chosen:
        table = read_table(view)
        assert search_values(table).possible == cpsat_values(table)


def test_the_true_hideout_numbers_are_always_among_the_possible_values(mid_game):
    for view, state in mid_game:
        deduction = deduce(view)
        truth = [h.number for h in state.face_down()]
        assert len(truth) == len(deduction.possible)
        for number, values in zip(truth, deduction.possible, strict=True):
            assert number in values


def test_reading_only_the_new_history_entries_gives_the_table_read_whole(mid_game):
    # One HistoryFacts fed the guesses of many games in order: within a game it reads only
    # what was added since the last guess (events drawn in the variants included), and at a
    # new game the history is no continuation, so it starts again.
    facts = HistoryFacts()
    continued = 0
    for view, _ in mid_game:
        read, history = facts.read, view.history
        continued += 0 < read <= len(history) and history[read - 1] is facts.last_entry
        assert read_table(view, facts) == read_table(view)
    assert continued > len(mid_game) // 2


def test_a_fugitive_draw_that_turned_up_an_event_is_not_a_card_draw(mid_game):
    def card_draws(history, pile):
        return [
            t
            for t, entry in enumerate(history)
            if entry["what"] == "draw"
            and entry["player"] == "fugitive"
            and entry["pile"] == pile + 1
            and not entry.get("placeholder")
            and not (t + 1 < len(history) and history[t + 1]["what"] == "event")
        ]

    events_drawn = 0
    for view, _ in mid_game:
        facts = HistoryFacts().update(view.history)
        for pile in range(3):
            assert facts.draws[pile][START_DRAWS[pile] :] == card_draws(view.history, pile)
        events_drawn += sum(entry["what"] == "event" for entry in view.history)
    assert events_drawn > 20


def test_each_hideouts_weights_add_up_to_the_number_of_completions(mid_game):
    for view, _ in mid_game[::4]:
        deduction = deduce(view)
        assert deduction.total > 0
        for weights, values in zip(deduction.weights, deduction.possible, strict=True):
            assert sum(weights.values()) == deduction.total
            assert set(weights) == values and all(w > 0 for w in weights.values())


def test_the_deduction_sees_the_count_of_sprint_cards_not_their_values():
    # Hiding at 5 with the 2 (+2) or with the 4 (+2) looks the same to the Marshal.
    one = table_after("hide 5 sprint 2", "pass", "draw 3", "draw 3")
    two = table_after("hide 5 sprint 4", "pass", "draw 3", "draw 3")
    assert one.observation(MARSHAL) == two.observation(MARSHAL)
    assert possible(one) == possible(two)


def test_a_hideout_with_no_sprint_cards_is_at_most_3_above_the_previous_one():
    state = table_after("hide 3", "pass", "draw 3", "draw 3")
    assert possible(state) == (frozenset({1, 2, 3}),)


def test_sprint_cards_widen_the_reach_by_at_most_their_best_values():
    # One Sprint card is worth at most +2: the first Hideout is 1 to 5.
    state = table_after("hide 5 sprint 2", "pass", "draw 3", "draw 3")
    assert possible(state) == (frozenset({1, 2, 3, 4, 5}),)


def test_a_wrong_single_guess_rules_the_number_out_for_the_hideouts_then_down():
    state = table_after("hide 5 sprint 2", "pass", "draw 3", "draw 3", "guess 4")
    assert possible(state) == (frozenset({1, 2, 3, 5}),)


def test_a_card_in_the_marshals_hand_is_no_hideout():
    # Her two draws from pile 1 are its top cards 7 and 8 (the Fugitive drew 4, 5, 6).
    state = table_after("hide 3", "hide 6", "draw 1", "draw 1")
    assert state.hands[MARSHAL] == {7, 8}
    values = possible(state)
    assert not {7, 8} & (values[0] | values[1])


def test_a_revealed_hideout_counts_back_to_the_one_before_it():
    # 6 found with no Sprint cards: the Hideout before it is at least 3 and at most 3.
    state = table_after("hide 3", "hide 6", "draw 3", "draw 3", "guess 6")
    assert possible(state) == (frozenset({3}),)


def test_a_wrong_series_says_only_that_not_all_its_numbers_were_face_down():
    state = table_after("hide 3", "hide 6", "draw 3", "draw 3", "guess 3 5")
    first, second = possible(state)
    assert first == {1, 2, 3} and second == {2, 3, 4, 5, 6}  # each alone still possible
    table = read_table(state.observation(MARSHAL))
    assert table.not_all == ((frozenset({3, 5}), (0, 1)),)
    # ... but not both together: the completions with H1 = 3 and H2 = 5 are gone.
    plain = table_after("hide 3", "hide 6", "draw 3", "draw 3", "guess 41")
    with_series = deduce(state.observation(MARSHAL))
    without = deduce(plain.observation(MARSHAL))
    assert without.possible == with_series.possible
    assert with_series.weights[1][5] < without.weights[1][5]
    assert with_series.weights[0][3] < without.weights[0][3]
    assert with_series.weights[0][1] == without.weights[0][1]


def test_cards_can_only_come_from_piles_the_fugitive_drew_from():
    # He drew 3 cards of pile 1 and 2 of pile 2 at setup. Seven +2 Sprint cards reach 17,
    # and there are seven he may hold (2, 42, three even cards of pile 1, two of pile 2), but
    # then a 17 would be a third card of pile 2: the highest Hideout possible is 16.
    state = table_after("hide 6 sprint 1 2 3 4 5 15 16", "pass", "draw 3", "draw 3")
    view = state.observation(MARSHAL)
    table = read_table(view)
    assert (0, 1, 3) in table.limits and (1, 1, 2) in table.limits
    assert deduce(view).possible == (frozenset(range(1, 17)),)
    assert search_values(table).possible == cpsat_values(table)


def test_a_view_the_rules_cannot_produce_is_inconsistent():
    state = table_after("hide 3", "pass", "draw 3", "draw 3", "guess 1", "draw 1")
    view = state.observation(MARSHAL)
    # Claim 1, 2 and 3 are all in her hand: nothing is left for the Hideout.
    impossible = view.__class__(**{**view.__dict__, "hand": (1, 2, 3, 29, 30)})
    with pytest.raises(Inconsistent):
        deduce(impossible)
