"""Replaying island records: a legal record reaches its result; a tampered one is refused
at the step, with one line and exit code 2."""

import json

import pytest

from generator.errors import QuarryError
from generator.games import registry
from generator.games.island.board import format_island
from generator.games.island.bots import game_record
from generator.games.island.rules import IslandState, state_from_header
from tests.games.island.conftest import dealt, new_game, play, record_of
from tests.games.island.test_rules import _pass_turn, _snare_then_captured, hunter_turn

EXAMPLE = "examples/island-record.json"


@pytest.fixture(scope="module")
def record(small):
    return game_record(small, 5, 3)


def _write(tmp_path, record, name="record.json"):
    path = tmp_path / name
    path.write_text(json.dumps(record))
    return path


def test_island_is_registered_for_replay():
    game = registry()["island"]
    assert game.title == "The Most Dangerous Game" and game.players == (4, 7)
    assert game.state_from_header is state_from_header


def test_a_bot_record_holds_the_board_and_replays_to_its_result(record, small, tmp_path, quarry):
    assert record["header"]["options"]["board"] == format_island(small)
    done = quarry("replay", "island", _write(tmp_path, record))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"over after cycle {record['result']['cycles']}:")


def test_the_example_record_replays_on_the_default_island(root, quarry):
    example = json.loads((root / EXAMPLE).read_text())
    assert example["header"]["options"]["board"] == "default"
    done = quarry("replay", "island", EXAMPLE)
    assert done.returncode == 0, done.stderr
    state = state_from_header(example["header"])
    for action in example["actions"]:
        state.apply(state.parse_action(action))
    assert state.is_terminal() and state.players == 5
    assert any(a.startswith("play ") for a in example["actions"])


def test_the_example_record_is_the_bots_game_of_seed_1(root):
    """The example is a golden file: when the bots change, write it again with
    game_record(default_island(), 5, 1) (see generator/games/island/bots.py)."""
    from generator.games.island.board import default_island

    example = json.loads((root / EXAMPLE).read_text())
    assert example == game_record(default_island(), 5, 1)


def _refused(tmp_path, quarry, record):
    done = quarry("replay", "island", _write(tmp_path, record))
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
    return done.stderr


def test_a_move_the_roll_cannot_reach_is_refused_at_its_step(record, tmp_path, quarry):
    broken = json.loads(json.dumps(record))
    step = next(i for i, a in enumerate(broken["actions"]) if a.startswith("move "))
    broken["actions"][step] = "move A1"
    error = _refused(tmp_path, quarry, broken)
    assert f"step {step + 1} (cycle 1, player" in error and "'move A1'" in error


def test_a_roll_the_die_cannot_show_is_refused(record, tmp_path, quarry):
    broken = json.loads(json.dumps(record))
    broken["actions"][0] = "roll 7"  # choosing the Hunter is a d6
    error = _refused(tmp_path, quarry, broken)
    assert "step 1 (setup), 'roll 7': not legal now: the game waits for chance" in error


def test_a_result_that_differs_from_the_replay_is_refused(record, tmp_path, quarry):
    broken = json.loads(json.dumps(record))
    broken["result"]["points"][0] += 2
    assert "claims the result" in _refused(tmp_path, quarry, broken)


def test_an_unfinished_record_needs_partial(record, tmp_path, quarry):
    broken = json.loads(json.dumps(record))
    broken["actions"] = broken["actions"][:40]
    del broken["result"]
    assert "unfinished" in _refused(tmp_path, quarry, broken)
    done = quarry("replay", "island", _write(tmp_path, broken), "--partial")
    assert done.returncode == 0 and done.stdout.startswith("unfinished: the record stops")


@pytest.mark.parametrize(
    "options, message",
    [
        ({"players": 9}, "players must be 4 to 7"),
        ({"vision": "far"}, "vision must be one of steps, square"),
        ({"board": "island 1\\nsize 3"}, "options.board"),
        ({"colour": "red"}, "unknown option 'colour'"),
    ],
)
def test_bad_header_options_are_refused(record, tmp_path, quarry, options, message):
    broken = json.loads(json.dumps(record))
    broken["header"]["options"].update(options)
    assert message in _refused(tmp_path, quarry, broken)


def test_every_action_of_a_game_round_trips_through_its_notation(record, small):
    state = IslandState(5, small)
    for action in record["actions"]:
        assert all(state.format_action(state.parse_action(a)) == a for a in state.legal_actions())
        state.apply(state.parse_action(action))


def refused_in_process(record: dict) -> str:
    """Return the one-line reason the replay (in this process, so that a crash shows as one)
    gives for refusing `record`; fail if it replays."""
    from generator.engine.records import replay_record

    with pytest.raises(QuarryError) as error:
        replay_record(registry()["island"], record, "record.json", partial=True)
    message = str(error.value)
    assert "\n" not in message
    return message


@pytest.mark.parametrize("digit", ["²", "٣", "３"])
def test_a_player_number_in_foreign_digits_is_refused_at_its_step(record, tmp_path, quarry, digit):
    broken = json.loads(json.dumps(record))
    step = next(i for i, a in enumerate(broken["actions"]) if a.startswith("attack "))
    broken["actions"][step] = f"attack {digit}"
    error = refused_in_process(broken)
    assert f"step {step + 1} " in error and f"'attack {digit}'" in error
    assert "notation" in error
    assert f"'attack {digit}'" in _refused(tmp_path, quarry, broken)


# --- records that replayed before a rule was corrected, refused at the step that breaks it --


def test_a_record_with_two_hunted_on_one_start_is_refused_at_the_second(small):
    state = dealt(small)
    play(state, "camp H8", "start D2")
    error = refused_in_process(record_of(state, "start D2", "start D4"))
    assert f"step {len(state.script) + 1} (setup), 'start D2'" in error
    assert "each starts on a square of his own" in error


def test_a_record_that_walks_past_a_captured_players_deadfall_is_refused(small):
    state = _snare_then_captured(small, "deadfall")
    while state.turn != 0:
        _pass_turn(state)
    play(state, "draw bloodhound", "roll 3")
    error = refused_in_process(record_of(state, "move G12", "done"))  # beside the Deadfall
    assert f"step {len(state.script) + 2} (cycle 3, player 0), 'done'" in error
    assert "a Deadfall laid by player 1 caught him" in error and "trap stays" in error


def test_a_record_where_a_layer_walks_onto_his_own_snare_unharmed_is_refused(small):
    state = _snare_then_captured(small)
    play(state, "draw bear-trap", "roll 5", "move G12")  # his own Snare, beside G13
    _pass_turn(state)
    while state.turn != 1:
        _pass_turn(state)
    draw = state.legal_actions()[0]
    play(state, draw)
    error = refused_in_process(record_of(state, "roll 2"))
    assert f"step {len(state.script) + 1} (cycle 3, player 1), 'roll 2'" in error
    assert "a Snare caught player 1" in error


def test_a_record_of_a_betrayal_that_skips_the_attackers_rifle_is_refused(small):
    state = new_game(small, starts={1: "G11"})
    hunter_turn(state, 2, "G9")
    play(state, "done", "attack 1", "roll 8", "roll 1", "draw rifle", "draw net", "draw horn")
    play(state, "camp H8", "done", "discard horn")
    play(state, "draw bloodhound", "roll 1", "move H9", "done", "attack 0")
    error = refused_in_process(record_of(state, "roll 2", "roll 7"))
    assert f"step {len(state.script) + 1} (cycle 1, player 1), 'roll 2'" in error
    assert "a Rifle or a Net may be played in any attack, a betrayal too" in error


def test_a_record_that_sails_twice_in_a_turn_is_refused_naming_the_boat_rule(small):
    sprinters = {x: ["sprint", "lie-low", "snare"] for x in (1, 2)}
    state = new_game(small, starts={2: "B11"}, hands=sprinters)
    hunter_turn(state, 1, "G6")
    play(state, "done", "discard camp-stores", "draw second-wind", "roll 2", "move D2", "done")
    play(state, "discard second-wind")
    play(state, "draw second-wind", "roll 2", "move G15")  # B11 -> B10, sails to G15
    error = refused_in_process(record_of(state, "play sprint B10"))  # back across: a 2nd
    assert f"step {len(state.script) + 1} (cycle 1, player 2), 'play sprint B10'" in error
    assert "player 2 has sailed in this turn, and a boat is used once a turn" in error
