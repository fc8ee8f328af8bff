"""Replaying parforce records: a legal record reaches its result; a tampered one is refused
at the step, with one line and exit code 2."""

import json
import random
from pathlib import Path

import pytest

from generator.games import registry
from generator.games.parforce.board import format_board, parse_board
from generator.games.parforce.rules import (
    ParforceState,
    Rules,
    record_header,
    record_result,
    state_from_header,
)

SMALL = (Path(__file__).parent / "data" / "small.board").read_text(encoding="utf-8")


def random_record(players=3, seed=5, board=None, rules=None):
    """Return the record of a game played with random legal moves."""
    state = ParforceState(board, rules, players)
    header = record_header(state, seed, {"stag": "random", "pursuers": "random"})
    rng, actions = random.Random(seed), []
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        actions.append(state.format_action(action))
        state.apply(action)
    return {"header": header, "actions": actions, "result": record_result(state)}


@pytest.fixture(scope="module")
def record():
    return random_record()


def _write(tmp_path, record, name="record.json"):
    path = tmp_path / name
    path.write_text(json.dumps(record))
    return path


def _refused(tmp_path, quarry, record):
    done = quarry("replay", "parforce", _write(tmp_path, record))
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
    return done.stderr


def test_parforce_is_registered_for_replay():
    game = registry()["parforce"]
    assert game.title == "Parforcejagd" and game.players == (2, 10)
    assert game.state_from_header is state_from_header


def test_a_record_says_who_plays_which_piece(record):
    header = record["header"]
    assert header["options"]["seats"] == {
        "S": 0, "H1": 1, "H2": 2, "H3": 1, "H4": 2, "K": 1, "R1": 2, "R2": 1, "R3": 2, "R4": 1
    }  # fmt: skip
    assert header["players"]["2"] == "random bot: H2 H4 R1 R3"
    assert len(record["result"]["tokens"]) == 3 and header["options"]["pot"] == 72


def test_a_record_replays_to_its_result(record, tmp_path, quarry):
    done = quarry("replay", "parforce", _write(tmp_path, record))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"over in round {record['result']['rounds']}:")
    assert "player 2" in done.stdout


def test_a_record_on_its_own_board_replays_with_the_board_in_its_header(tmp_path, quarry):
    board = parse_board(SMALL, "small")
    record = random_record(2, 8, board, Rules(pot=48, max_rounds=6))
    assert record["header"]["options"]["board"] == format_board(board)
    done = quarry("replay", "parforce", _write(tmp_path, record))
    assert done.returncode == 0, done.stderr


def test_a_move_the_piece_cannot_make_is_refused_at_its_step(record, tmp_path, quarry):
    broken = json.loads(json.dumps(record))
    broken["actions"][1] = "H1 i9"
    error = _refused(tmp_path, quarry, broken)
    assert "step 2 (round 1, H1), 'H1 i9': H1 may not move to i9 from" in error


def test_a_move_by_the_wrong_piece_is_refused(record, tmp_path, quarry):
    broken = json.loads(json.dumps(record))
    broken["actions"][0] = "K e2"
    assert "step 1 (round 1, S), 'K e2': 'K e2': it is S's move" in _refused(
        tmp_path, quarry, broken
    )


def test_a_result_that_differs_from_the_replay_is_refused(record, tmp_path, quarry):
    broken = json.loads(json.dumps(record))
    broken["result"]["tokens"][0] += 3
    assert "claims the result" in _refused(tmp_path, quarry, broken)


def test_an_unfinished_record_needs_partial(record, tmp_path, quarry):
    broken = json.loads(json.dumps(record))
    broken["actions"] = broken["actions"][:7]
    del broken["result"]
    assert "unfinished" in _refused(tmp_path, quarry, broken)
    done = quarry("replay", "parforce", _write(tmp_path, broken), "--partial")
    assert done.returncode == 0 and done.stdout.startswith("unfinished: the record stops")
    assert "round 1, R2" in done.stdout


@pytest.mark.parametrize(
    "options, message",
    [
        ({"players": 11}, "players must be 2 to 10"),
        ({"pot": 50}, "multiple of 24"),
        ({"players": 5, "seats": None}, "a pot of 72 does not split into 5 bets"),
        ({"seats": {"S": 0}}, "options.seats names each piece once"),
        ({"board": "parforce 1\\nsize 3"}, "options.board"),
        ({"colour": "red"}, "unknown option 'colour'"),
    ],
)
def test_bad_header_options_are_refused(record, tmp_path, quarry, options, message):
    broken = json.loads(json.dumps(record))
    broken["header"]["options"].update(options)
    assert message in _refused(tmp_path, quarry, broken)


def test_every_action_of_a_record_round_trips_through_its_notation(record):
    state = state_from_header(record["header"])
    for action in record["actions"]:
        assert all(state.format_action(state.parse_action(state.format_action(a))) ==
                   state.format_action(a) for a in state.legal_actions())  # fmt: skip
        state.apply(state.parse_action(action))
    assert record_result(state) == record["result"]


EXAMPLE = "examples/parforce-record.json"


def test_the_example_record_replays_on_the_default_board(root, quarry):
    example = json.loads((root / EXAMPLE).read_text())
    assert example["header"]["options"]["board"] == "default"
    assert example["header"]["options"]["players"] == 3
    done = quarry("replay", "parforce", EXAMPLE)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("over in round")


def test_the_example_record_is_the_search_bots_game_of_seed_1(root):
    """The example is a golden file: when the bots change, write it again with
    game_record(default_board(), 1, "search", "search", players=3) (bots.py), dumped with
    indent=2 and sorted keys."""
    from generator.games.parforce.board import default_board
    from generator.games.parforce.bots import game_record

    example = json.loads((root / EXAMPLE).read_text())
    assert example == game_record(default_board(), 1, "search", "search", players=3)


# Records written by hand that the engine took before the pond rules were read closely
# (docs/rules/parforce.md, "The pond"): each is complete (a draw at its round limit) and
# breaks one corrected rule at one step.
KENNEL_BY_C = """parforce 1
size 9
direction clockwise
grid
. . . k c . . . .
. b . . . . . b .
. . . . . . . . .
. . . ~ ~ ~ . . .
. . . ~ ~ ~ . . .
. . . ~ ~ ~ . . .
. . . . . . . . .
. b . a . a . b .
. . . a . a . . .
"""
PENNED_AT_C = """parforce 1
size 9
direction clockwise
grid
. . . . . . b . .
. b . . c . . . .
. . . . . . a . .
. . . ~ ~ ~ . . .
. . . ~ ~ ~ . . .
. . . ~ ~ ~ . . .
. . . . . . . . .
. b . a . a . b .
. . . a k . . . .
"""
KING_STEP_CROSSING = (  # the handler takes c; the stag steps from f7 into the pond
    KENNEL_BY_C,
    2,
    "S f7 H1 c1 H2 e1 H3 c2 H4 e2 K e9 R1 a3 R2 g1 R3 c9 R4 i7 "
    "S f6 H1 b1 H2 d1 H3 b2 H4 d2 K f9 R1 b4 R2 f2 R3 d8 R4 h6",
    {"pond_entries": 1, "fees": {}, "tokens": [0, 0]},
    "step 11 (round 2, S), 'S f6': S may not move to f6 from f7: "
    "the crossing is made with the knight's move",
)
BACKWARD_FORCED_ENTRY = (  # g9 and g7 held from the start: the stag jumps back into d6
    PENNED_AT_C,
    1,
    "S d6 H1 c1 H2 c2 H3 e2 H4 g6 K f1 R1 a3 R2 g1 R3 c9 R4 h8",
    {"pond_entries": 1, "fees": {"H4": 3, "R4": 3}, "tokens": [-6, 6]},
    "step 1 (round 1, S), 'S d6': S may not move to d6 from e8: "
    "the stag enters the pond only with a forward knight move",
)


@pytest.mark.parametrize(
    "board, rounds, moves, result, refusal",
    [KING_STEP_CROSSING, BACKWARD_FORCED_ENTRY],
    ids=["the crossing starts with a knight move", "a forced entry is a forward knight move"],
)
def test_a_record_that_breaks_a_pond_rule_is_refused_at_its_step_naming_the_rule(
    tmp_path, quarry, board, rounds, moves, result, refusal
):
    words = moves.split()
    record = {
        "header": {
            "game": "parforce",
            "rules_version": 1,
            "options": {"players": 2, "board": board, "pot": 48, "max_rounds": rounds},
            "seed": 0,
            "players": {"0": "by hand: S", "1": "by hand: the pursuers"},
        },
        "actions": [
            f"{piece} {square}" for piece, square in zip(words[::2], words[1::2], strict=True)
        ],
        "result": {
            "winner": "draw",
            "ending": "round limit",
            "rounds": rounds,
            "enclosers": [],
            **result,
        },
    }
    assert refusal in _refused(tmp_path, quarry, record)
