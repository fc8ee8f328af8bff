"""Replaying Hunt records: single hunts and whole matches reach their stored result; illegal,
unfinished or untruthful records are refused with one line naming the step.

examples/hunt-match-record.json is made by the engine; to write it again after a change to
the rules or the bots: .venv/bin/python tests/games/hunt/test_replay.py
"""

import json
import sys
from pathlib import Path

import pytest

from generator.engine.records import replay_file
from generator.errors import QuarryError
from generator.games import registry
from generator.games.hunt.bots import play_match
from generator.games.hunt.match import match_record

MATCH_EXAMPLE = Path("examples") / "hunt-match-record.json"
MATCH_SEED = 7
MATCH_PLAYERS = {
    "A": {"dragon": "cunning", "knight": "exact"},
    "B": {"dragon": "cunning", "knight": "exact"},
}


def example_match_text() -> str:
    """Return the JSON text of the example match record, played by the bots."""
    seats = tuple((p["dragon"], p["knight"]) for p in MATCH_PLAYERS.values())
    state, actions = play_match(seats, False, MATCH_SEED)
    record = match_record(state, actions, MATCH_SEED, MATCH_PLAYERS)
    return json.dumps(record, indent=2, sort_keys=True) + "\n"


def test_the_example_record_replays_to_its_stored_result(root, quarry):
    record = json.loads((root / "examples" / "hunt-record.json").read_text())
    done = quarry("replay", "hunt", "examples/hunt-record.json")
    assert done.returncode == 0, done.stderr
    result = record["result"]
    assert f"after turn {result['turns']}" in done.stdout
    assert f"scores {result['dragon_score']}" in done.stdout


def test_the_example_match_record_is_the_one_the_engine_plays(root):
    assert (root / MATCH_EXAMPLE).read_text() == example_match_text()


def test_the_example_match_replays_both_hunts_to_the_stored_winner(root, quarry):
    record = json.loads((root / MATCH_EXAMPLE).read_text())
    assert record["header"]["options"] == {"loops": False, "match": True}
    assert [(h["dragon"], h["knight"]) for h in record["hunts"]] == [("A", "B"), ("B", "A")]
    done = quarry("replay", "hunt", str(MATCH_EXAMPLE))
    assert done.returncode == 0, done.stderr
    scores, winner = record["result"]["scores"], record["result"]["winner"]
    assert winner == ("A" if scores["A"] > scores["B"] else "B")
    assert done.stdout.startswith(f"match over: seat {winner} wins, {scores['A']} to {scores['B']}")
    assert "hunt 2, seat B as Dragon" in done.stdout


def _write(tmp_path, record) -> Path:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    return path


def _refusal(root, tmp_path, change, example="hunt-record.json", partial=False) -> str:
    """Return the one-line QuarryError message for the example record after `change`."""
    record = json.loads((root / "examples" / example).read_text())
    change(record)
    with pytest.raises(QuarryError) as caught:
        replay_file(registry()["hunt"], _write(tmp_path, record), partial)
    message = str(caught.value)
    assert "\n" not in message
    return message


def _broken(root, quarry, tmp_path, change):
    record = json.loads((root / "examples" / "hunt-record.json").read_text())
    change(record)
    return quarry("replay", "hunt", str(_write(tmp_path, record)))


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda r: r["actions"].__setitem__(1, "search moon"), "step 2 (turn 1)"),
        (
            lambda r: r["actions"].insert(1, "search town"),
            "step 2 (turn 1), 'search town': expected walk or fly",
        ),
        (
            lambda r: r["actions"].__setitem__(
                0, r["actions"][0].replace("town>hills", "town>lair", 1)
            ),
            "Walk into the Lair",
        ),
        (lambda r: r["actions"].append("walk"), "already over"),
        (lambda r: r["log"][0].__setitem__("town", False), "stored log differs"),
        (lambda r: r["header"].__setitem__("game", "fugitive"), "not 'hunt'"),
    ],
    ids=[
        "unknown-place",
        "out-of-turn",
        "walk-into-lair",
        "after-the-end",
        "forged-log",
        "other-game",
    ],
)
def test_an_illegal_record_stops_at_the_first_bad_step_with_its_reason(
    root, quarry, tmp_path, change, expected
):
    done = _broken(root, quarry, tmp_path, change)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and expected in lines[0]


def test_a_claimed_result_that_differs_from_the_replay_is_refused_naming_both(root, tmp_path):
    message = _refusal(root, tmp_path, lambda r: r["result"].__setitem__("dragon_score", 12))
    assert '"dragon_score": 12' in message and '"dragon_score": 5' in message
    assert "claims the result" in message


def test_a_match_whose_claimed_winner_is_wrong_is_refused(root, tmp_path):
    def swap_winner(record):
        record["result"]["winner"] = "A" if record["result"]["winner"] == "B" else "B"

    message = _refusal(root, tmp_path, swap_winner, example="hunt-match-record.json")
    assert "claims the result" in message and "replay gives" in message


def test_a_match_hunt_log_that_differs_is_refused_where_it_differs(root, tmp_path):
    message = _refusal(
        root,
        tmp_path,
        lambda r: r["hunts"][1]["log"][2].__setitem__("move", "swim"),
        example="hunt-match-record.json",
    )
    assert 'hunts[1].log[2].move: stored "swim"' in message


def test_a_refusal_in_the_second_hunt_of_a_match_names_the_hunt_and_turn(root, tmp_path):
    record = json.loads((root / MATCH_EXAMPLE).read_text())
    maps = [i for i, action in enumerate(record["actions"]) if action.startswith("map ")]
    assert len(maps) == 2  # each hunt begins with its Dragon's route map
    index = maps[1] + 1  # the second Dragon's first move
    message = _refusal(
        root,
        tmp_path,
        lambda r: r["actions"].__setitem__(index, "search lair"),
        example="hunt-match-record.json",
    )
    assert f"step {index + 1} (hunt 2, turn " in message and "'search lair'" in message


def test_a_record_that_stops_early_is_unfinished_unless_partial(root, quarry, tmp_path):
    def cut(record):
        record.update(actions=record["actions"][:7], log=None, result=None)

    message = _refusal(root, tmp_path, cut)
    assert "unfinished: the record stops after step 7, 'fly', in turn 3" in message
    record = json.loads((root / "examples" / "hunt-record.json").read_text())
    cut(record)
    path = _write(tmp_path, record)
    refused = quarry("replay", "hunt", str(path))
    assert refused.returncode == 2 and "--partial" in refused.stderr
    done = quarry("replay", "hunt", str(path), "--partial")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("unfinished: the record stops during turn 3")


def test_a_partial_record_must_still_tell_the_truth_about_its_result(root, tmp_path):
    def cut(record):
        record.update(actions=record["actions"][:7], log=None)  # the full game's result kept

    message = _refusal(root, tmp_path, cut, partial=True)
    assert "claims the result" in message


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({"loop": True}, "unknown option 'loop'"),
        ({"loops": False, "matches": True}, "unknown option 'matches'"),
        ({"match": "yes"}, "options.match must be true or false"),
        ([], "options must be an object"),
    ],
)
def test_a_header_option_the_hunt_does_not_know_is_refused_by_name(
    root, tmp_path, options, expected
):
    message = _refusal(root, tmp_path, lambda r: r["header"].__setitem__("options", options))
    assert expected in message


def test_a_field_that_nothing_would_check_is_refused_by_name(root, tmp_path):
    message = _refusal(root, tmp_path, lambda r: r.__setitem__("hunts", []))
    assert "unknown field 'hunts'" in message and "header, actions, log, result" in message
    message = _refusal(root, tmp_path, lambda r: r.__setitem__("log", []), "hunt-match-record.json")
    assert "unknown field 'log'" in message and "hunts, result" in message


def test_a_log_of_the_wrong_type_is_one_line_not_a_traceback(root, quarry, tmp_path):
    done = _broken(root, quarry, tmp_path, lambda r: r.__setitem__("log", True))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert "the stored log differs from the replay at log: stored true" in done.stderr


def test_replaying_an_unknown_game_is_refused(root, quarry):
    done = quarry("replay", "chess", "examples/hunt-record.json")
    assert done.returncode == 2 and "unknown game 'chess'" in done.stderr


if __name__ == "__main__":
    target = Path(__file__).resolve().parents[3] / MATCH_EXAMPLE
    target.write_text(example_match_text())
    sys.stdout.write(f"wrote {target}\n")
