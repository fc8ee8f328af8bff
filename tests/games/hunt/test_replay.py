"""Replaying Hunt records: legal records reach their result, illegal ones stop at the step."""

import json

import pytest


def test_the_example_record_replays_to_its_stored_result(root, quarry):
    record = json.loads((root / "examples" / "hunt-record.json").read_text())
    done = quarry("replay", "hunt", "examples/hunt-record.json")
    assert done.returncode == 0, done.stderr
    result = record["result"]
    assert f"after turn {result['turns']}" in done.stdout
    assert f"scores {result['dragon_score']}" in done.stdout


def _broken(root, quarry, tmp_path, change):
    record = json.loads((root / "examples" / "hunt-record.json").read_text())
    change(record)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    return quarry("replay", "hunt", str(path))


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


def test_a_record_that_stops_early_says_where_it_stops(root, quarry, tmp_path):
    done = _broken(root, quarry, tmp_path, lambda r: r.update(actions=r["actions"][:7], log=None))
    assert done.returncode == 0
    assert "stops during turn" in done.stdout


def test_replaying_an_unknown_game_is_refused(root, quarry):
    done = quarry("replay", "chess", "examples/hunt-record.json")
    assert done.returncode == 2 and "unknown game 'chess'" in done.stderr
