"""`quarry simulate hunt --json`: the summary's shape, and that --jobs changes nothing."""

import json


def simulate(quarry, *args):
    done = quarry("simulate", "hunt", "--json", *args)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_json_summary_has_every_metric_with_an_interval_around_it(quarry):
    summary = simulate(quarry, "--games", "120", "--seed", "9", "--dragon", "cunning")
    assert (summary["game"], summary["games"], summary["seed"]) == ("hunt", 120, 9)
    expected = {"vanquish_rate", "dragon_score", "town_points", "aides_used", "turns"}
    assert expected <= set(summary["metrics"])
    for metric in summary["metrics"].values():
        lo, hi = metric["ci95"]
        assert lo <= metric["value"] <= hi
    assert 0 <= summary["metrics"]["vanquish_rate"]["value"] <= 1


def test_results_do_not_depend_on_the_number_of_jobs(quarry):
    one = simulate(quarry, "--games", "60", "--seed", "4", "--jobs", "1")
    two = simulate(quarry, "--games", "60", "--seed", "4", "--jobs", "2")
    assert one["metrics"] == two["metrics"]


def test_impossible_game_counts_are_refused_before_any_game(quarry):
    done = quarry("simulate", "hunt", "--games", "5000000")
    assert done.returncode == 2 and done.stderr.count("\n") == 1


def test_match_simulations_report_the_winner_by_seat_and_draws(quarry):
    summary = simulate(quarry, "--games", "30", "--seed", "2", "--match", "--dragon", "cunning")
    assert summary["match"] is True and summary["games"] == 30
    metrics = summary["metrics"]
    assert set(metrics) == {
        *("seat_a_wins", "seat_b_wins", "draws", "seat_a_score", "seat_b_score", "seat_a_points")
    }
    for metric in metrics.values():
        lo, hi = metric["ci95"]
        assert lo <= metric["value"] <= hi
    shares = [metrics[k]["value"] for k in ("seat_a_wins", "seat_b_wins", "draws")]
    assert abs(sum(shares) - 1.0) < 1e-9


def test_without_match_a_simulation_reports_single_hunts(quarry):
    summary = simulate(quarry, "--games", "20", "--seed", "2")
    assert summary["match"] is False and "vanquish_rate" in summary["metrics"]
    assert "seat_a_wins" not in summary["metrics"]


def test_the_text_report_of_matches_counts_matches(quarry):
    done = quarry("simulate", "hunt", "--games", "10", "--match")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("10 matches of The Hunt") and "seat_a_wins" in done.stdout


def test_match_is_not_an_option_of_fugitive(quarry):
    done = quarry("simulate", "fugitive", "--games", "2", "--match")
    assert done.returncode == 2 and "--match is not an option for fugitive" in done.stderr
