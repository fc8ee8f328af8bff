"""Replaying CutThroat! records: a legal record reaches its result; a tampered one is
refused at the step, with one line and exit code 2; the example is the deducing bots' game."""

import json

import pytest

from generator.games import registry
from generator.games.cutthroat.bots import game_record
from generator.games.cutthroat.rules import Rules, record_result, state_from_header

EXAMPLE = "examples/cutthroat-record.json"
OLD_EXAMPLE = "tests/data/cutthroat-record-b4af299.json"  # replayed until the free pass fix


@pytest.fixture(scope="module")
def record():
    return game_record(6, 3, "simple", first=2, rules=Rules(markers=5))


def _write(tmp_path, record):
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    return path


def _refused(tmp_path, quarry, record):
    done = quarry("replay", "cutthroat", _write(tmp_path, record))
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
    return done.stderr


def test_cutthroat_is_registered_for_replay_and_simulation():
    game = registry()["cutthroat"]
    assert game.title == "CutThroat!" and game.players == (6, 13)
    assert game.state_from_header is state_from_header
    assert {"players", "bot", "rule"} <= set(game.simulate_options)


def test_a_record_with_its_own_numbers_replays_to_its_result(record, tmp_path, quarry):
    assert record["header"]["options"]["markers"] == 5
    assert record["header"]["options"]["first"] == 2
    done = quarry("replay", "cutthroat", _write(tmp_path, record))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"over after {record['result']['turns']} turns")


def test_a_take_off_an_empty_card_is_refused_at_its_step(record, tmp_path, quarry):
    broken = json.loads(json.dumps(record))
    broken["actions"][1:4] = ["play", "take A", "take A", "take A"]
    broken["actions"][4:4] = []
    error = _refused(tmp_path, quarry, broken)
    assert "step 5 (turn 1, seat 2), 'take A'" in error and "not legal now (put)" in error


def test_a_move_out_of_turn_is_refused(record, tmp_path, quarry):
    broken = json.loads(json.dumps(record))
    broken["actions"][1] = "put A"
    assert "step 2 (turn 1, seat 2), 'put A'" in _refused(tmp_path, quarry, broken)


def test_a_changed_deal_is_caught_by_the_result(record, tmp_path, quarry):
    broken = json.loads(json.dumps(record))
    broken["result"]["winners"] = [0, 1]
    assert "claims the result" in _refused(tmp_path, quarry, broken)


def test_an_unfinished_record_needs_partial(record, tmp_path, quarry):
    broken = json.loads(json.dumps(record))
    broken["actions"] = broken["actions"][:9]
    del broken["result"]
    assert "unfinished" in _refused(tmp_path, quarry, broken)
    done = quarry("replay", "cutthroat", _write(tmp_path, broken), "--partial")
    assert done.returncode == 0 and done.stdout.startswith("unfinished: the record stops")


@pytest.mark.parametrize(
    "options, message",
    [
        ({"players": 14}, "players must be 6 to 13"),
        ({"first": 9}, "the first seat must be 0 to 5"),
        ({"markers": 40}, "markers must be a whole number, 2 to 20"),
        ({"extend": 5, "double": 4}, "double (4) must be at least extend (5)"),
        ({"turn_limit": "many"}, "whole numbers"),
        ({"colour": "red"}, "unknown option 'colour'"),
    ],
)
def test_bad_header_options_are_refused(record, tmp_path, quarry, options, message):
    broken = json.loads(json.dumps(record))
    broken["header"]["options"].update(options)
    assert message in _refused(tmp_path, quarry, broken)


def _guessing_round(guesses: list[tuple[int, str]]) -> list[str]:
    """Return the actions of turns that are each a right guess (seat, rank) and its
    extended play: two markers off the revealed card, one off the 6, two back on the 6."""
    out = []
    for seat, name in guesses:
        out += [f"guess {seat} {name}", f"take {name}", f"take {name}", "take 6"]
        out += ["put 6", "put 6"]
    return out


def test_a_record_that_guesses_at_a_free_passed_player_is_refused_at_that_step(tmp_path, quarry):
    """Built by hand: four right guesses leave the 5 and the 6 hidden, so both have the
    free pass; the guess that follows (legal before the rule was corrected) is refused."""
    header = {"game": "cutthroat", "rules_version": 1, "options": {"players": 6}, "seed": 0}
    actions = ["deal A 2 3 4 5 6 / 2 3 4 5 A 6"]
    actions += _guessing_round([(1, "2"), (2, "3"), (3, "4"), (0, "A")])
    actions.append("guess 5 6")  # step 26: seat 4 names seat 5
    error = _refused(tmp_path, quarry, {"header": header, "actions": actions})
    assert "step 26 (turn 5, seat 4), 'guess 5 6'" in error
    assert "seat 5 has the free pass" in error


def test_the_example_record_of_b4af299_is_refused_where_it_guesses_at_a_free_pass(
    root, tmp_path, quarry
):
    """The example record as it was before the free pass followed right guesses: its
    sixth right guess left the 4 and the 2 hidden, and seat 7 then named seat 6."""
    old = json.loads((root / OLD_EXAMPLE).read_text())
    error = _refused(tmp_path, quarry, old)
    assert "step 42 (turn 8, seat 7), 'guess 6 4'" in error
    assert "seat 6 has the free pass" in error


def test_every_action_of_a_record_round_trips_through_its_notation(record):
    state = state_from_header(record["header"])
    for action in record["actions"]:
        if state.phase != "deal":
            for legal in state.legal_actions():
                assert state.format_action(state.parse_action(legal)) == legal
        state.apply(state.parse_action(action))
    assert record_result(state) == record["result"]


def test_the_example_record_is_the_deducing_bots_game_of_seed_1(root, quarry):
    """The example is a golden file: when the bots change, write it again with
    record_text(game_record(8, 1, "deducing")) (bots.py)."""
    example = json.loads((root / EXAMPLE).read_text())
    assert example == game_record(8, 1, "deducing")
    done = quarry("replay", "cutthroat", EXAMPLE)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("over after")
