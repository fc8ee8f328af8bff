"""`quarry simulate parforce`: the summary's shape, its own options, and refusals."""

import json
from pathlib import Path

SMALL = (Path(__file__).parent / "data" / "small.board").read_text(encoding="utf-8")


def test_the_json_summary_has_every_metric_with_an_interval_around_it(quarry):
    done = quarry("simulate", "parforce", "--json", "--games", "30")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert (summary["game"], summary["games"], summary["stag"], summary["pursuers"]) == (
        "parforce", 30, "greedy", "greedy"
    )  # fmt: skip
    assert (summary["pot"], summary["max_rounds"]) == (48, 40)
    expected = {"stag_win_rate", "enclosure_rate", "draw_rate", "crossing_rate"}
    assert expected | {"pond_entries", "tokens_paid", "rounds"} == set(summary["metrics"])
    for metric in summary["metrics"].values():
        low, high = metric["ci95"]
        assert low <= metric["value"] <= high


def test_the_board_the_bots_and_the_rules_change_the_games(quarry, tmp_path):
    board = tmp_path / "small.board"
    board.write_text(SMALL)
    base = ["simulate", "parforce", "--json", "--games", "30"]
    plain = json.loads(quarry(*base).stdout)
    for extra in (["--board", board], ["--stag", "random"], ["--rule", "max_rounds=4"]):
        other = quarry(*base, *extra)
        assert other.returncode == 0, other.stderr
        assert json.loads(other.stdout)["metrics"] != plain["metrics"], extra


def test_options_of_another_game_and_bad_values_are_refused_in_one_line(quarry, tmp_path):
    bad = tmp_path / "bad.board"
    bad.write_text("parforce 1\nsize 99\n")
    for args in (
        ("--hunter", "tracking"),
        ("--players", "3"),
        ("--stag", "psychic"),
        ("--pursuers", "pack"),
        ("--rule", "pot=30"),
        ("--rule", "colour=red"),
        ("--board", str(tmp_path / "missing.board")),
        ("--board", str(bad)),
    ):
        done = quarry("simulate", "parforce", "--games", "2", *args)
        assert done.returncode == 2, args
        assert done.stderr.count("\n") == 1 and done.stderr.startswith("quarry: error:"), args
        assert not done.stdout
