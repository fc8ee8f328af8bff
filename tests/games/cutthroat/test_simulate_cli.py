"""`quarry simulate cutthroat`: the summary's shape, its own options, and refusals."""

import json


def test_the_json_summary_has_every_seat_and_metric_with_an_interval(quarry):
    done = quarry("simulate", "cutthroat", "--json", "--games", "20", "--players", "6")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert (summary["game"], summary["games"], summary["players"], summary["bot"]) == (
        "cutthroat", 20, 6, "simple"
    )  # fmt: skip
    assert summary["rules"] == {"markers": 8, "extend": 3, "double": 4, "sudden_at": 3}
    seats = {f"seat_{p}_win" for p in range(6)}
    assert seats | {"shared_win_rate", "turns", "reveal_rate", "right_guess_rate"} == set(
        summary["metrics"]
    )
    assert abs(sum(summary["metrics"][s]["value"] for s in seats) - 1.0) < 1e-9
    for metric in summary["metrics"].values():
        low, high = metric["ci95"]
        assert low <= metric["value"] <= high


def test_the_bot_the_rules_and_the_first_seat_change_the_games(quarry):
    base = ["simulate", "cutthroat", "--json", "--games", "12", "--players", "6"]
    plain = json.loads(quarry(*base).stdout)
    for extra in (["--bot", "deducing"], ["--rule", "markers=4"], ["--rule", "sudden_at=4"]):
        other = quarry(*base, *extra)
        assert other.returncode == 0, other.stderr
        assert json.loads(other.stdout)["metrics"] != plain["metrics"], extra
    first = json.loads(quarry(*base, "--rule", "first=3").stdout)
    assert first["first"] == 3


def test_options_of_another_game_and_bad_values_are_refused_in_one_line(quarry):
    for args, message in (
        (("--stag", "random"), "--stag is not an option for cutthroat"),
        (("--players", "14"), "players must be 6 to 13"),
        (("--players", "5"), "players must be 6 to 13"),
        (("--bot", "clever"), "the bot is one of random, simple, deducing"),
        (("--rule", "markers=1"), "markers must be a whole number, 2 to 20"),
        (("--rule", "colour=2"), "is not a rule option"),
        (("--rule", "first=7"), "the first seat must be 0 to 5"),
    ):
        extra = () if "--players" in args else ("--players", "6")
        done = quarry("simulate", "cutthroat", "--games", "5", *extra, *args)
        assert done.returncode == 2 and done.stdout == "", args
        assert message in done.stderr and len(done.stderr.strip().splitlines()) == 1, done.stderr
