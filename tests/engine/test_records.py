"""Record checks shared by every game: comparing derived fields, header fields, labels."""

import pytest

from generator.engine.records import (
    ReplayFailure,
    check_derived,
    check_header,
    first_difference,
    turn_label,
)
from generator.errors import QuarryError


def test_equal_json_values_have_no_difference():
    value = {"log": [{"turn": 1, "town": True}], "result": {"winner": None}}
    assert first_difference(value, {**value}, "r") is None


@pytest.mark.parametrize(
    ("stored", "replayed", "where"),
    [
        (1, True, "x"),  # true is not 1
        (17.0, 17, "x"),
        ([1, 2], [1, 3], "x[1]"),
        ([1], [1, 2], "x"),
        ({"a": 1}, {"a": 1, "b": 2}, "x.b"),
        ({"a": {"b": [0, {"c": "d"}]}}, {"a": {"b": [0, {"c": "e"}]}}, "x.a.b[1].c"),
        (True, [1], "x"),
    ],
)
def test_the_first_difference_is_found_where_it_is_and_types_count(stored, replayed, where):
    found = first_difference(stored, replayed, "x")
    assert found is not None and found[0] == where


def test_a_differing_result_is_named_whole_both_ways():
    with pytest.raises(QuarryError) as caught:
        check_derived({"result": {"winner": "A"}}, {"result": {"winner": "B"}}, "r.json")
    assert str(caught.value) == (
        'r.json: the record claims the result {"winner": "A"}, but the replay gives {"winner": "B"}'
    )


def test_a_left_out_derived_field_is_not_checked_but_an_unknown_one_is_refused():
    check_derived({"header": {}, "actions": []}, {"result": {"winner": "B"}}, "r")
    with pytest.raises(QuarryError, match="unknown field 'note'"):
        check_derived({"header": {}, "actions": [], "note": 1}, {"result": {}}, "r")


@pytest.mark.parametrize(
    ("header", "reason"),
    [
        ({"options": {"loop": True}}, "unknown option 'loop' (this game's options: loops)"),
        ({"options": 3}, "options must be an object"),
        ({"rules_version": True}, "rules_version must be a whole number"),
        ({"rules_version": "1"}, "rules_version must be a whole number"),
        ({"seed": -1}, "seed must be a whole number"),
        ({"seed": True}, "seed must be a whole number"),
        ({"players": ["a"]}, "players must be an object"),
    ],
)
def test_header_fields_every_game_shares_are_checked(header, reason):
    with pytest.raises(QuarryError, match=reason.replace("(", r"\(").replace(")", r"\)")):
        check_header(header, ("loops",), "r")
    check_header({"options": {"loops": True}, "seed": 3, "players": {}}, ("loops",), "r")


def test_a_failure_names_the_step_the_turn_and_the_action():
    assert ReplayFailure(4, 2, "walk", "no").message() == "step 4 (turn 2), 'walk': no"
    assert turn_label("hunt 2, turn 5") == "hunt 2, turn 5"
    message = ReplayFailure(40, "hunt 2, turn 1", "fly", "no").message()
    assert message == "step 40 (hunt 2, turn 1), 'fly': no"
