"""`quarry simulate island`: the summary's shape, its own options, and refusals."""

import json

from tests.games.island.conftest import SMALL


def test_the_json_summary_has_every_metric_with_an_interval_around_it(quarry):
    done = quarry("simulate", "island", "--json", "--games", "12", "--board", SMALL)
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert (summary["game"], summary["games"], summary["players"]) == ("island", 12, 5)
    assert (summary["hunter"], summary["hunted"], summary["vision"]) == (
        "tracking",
        "cautious",
        "steps",
    )
    expected = {"hunted_survival", "captures", "escapes", "hunter_points", "hunted_points"}
    expected |= {"cycles", "winner_hunter", "winner_hunted", "seat_0_win", "seat_4_win"}
    assert expected <= set(summary["metrics"])
    for metric in summary["metrics"].values():
        low, high = metric["ci95"]
        assert low <= metric["value"] <= high


def test_the_rule_options_and_the_bots_change_the_games(quarry):
    base = ["simulate", "island", "--json", "--games", "12", "--board", SMALL, "--players", "4"]
    plain = json.loads(quarry(*base).stdout)
    for extra in (["--rule", "vision=square"], ["--hunter", "random"], ["--rule", "ties=hunter"]):
        other = quarry(*base, *extra)
        assert other.returncode == 0, other.stderr
        assert json.loads(other.stdout)["metrics"] != plain["metrics"], extra


def test_the_summary_is_the_same_for_any_number_of_jobs(quarry):
    base = ["simulate", "island", "--json", "--games", "8", "--board", SMALL, "--seed", "5"]
    assert json.loads(quarry(*base).stdout) == json.loads(quarry(*base, "--jobs", "2").stdout)


def test_options_of_another_game_and_bad_values_are_refused_in_one_line(quarry, tmp_path):
    bad = tmp_path / "bad.island"
    bad.write_text("island 1\nsize 99\n")
    for args in (
        ("--knight", "exact"),
        ("--players", "3"),
        ("--players", "8"),
        ("--hunter", "psychic"),
        ("--rule", "vision=far"),
        ("--rule", "colour=red"),
        ("--board", str(tmp_path / "missing.island")),
        ("--board", str(bad)),
    ):
        done = quarry("simulate", "island", "--games", "2", *args)
        assert done.returncode == 2, args
        assert done.stderr.count("\n") == 1 and done.stderr.startswith("quarry: error:"), args
        assert not done.stdout
