"""`quarry simulate hunt --json`: the summary's shape, and that --jobs changes nothing."""

import json
import subprocess
import sys


def simulate(root, *args):
    done = subprocess.run(
        [sys.executable, "-m", "generator", "simulate", "hunt", "--json", *args],
        cwd=root,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_json_summary_has_every_metric_with_an_interval_around_it(root):
    summary = simulate(root, "--games", "120", "--seed", "9", "--dragon", "cunning")
    assert (summary["game"], summary["games"], summary["seed"]) == ("hunt", 120, 9)
    expected = {"vanquish_rate", "dragon_score", "town_points", "aides_used", "turns"}
    assert expected <= set(summary["metrics"])
    for metric in summary["metrics"].values():
        lo, hi = metric["ci95"]
        assert lo <= metric["value"] <= hi
    assert 0 <= summary["metrics"]["vanquish_rate"]["value"] <= 1


def test_results_do_not_depend_on_the_number_of_jobs(root):
    one = simulate(root, "--games", "60", "--seed", "4", "--jobs", "1")
    two = simulate(root, "--games", "60", "--seed", "4", "--jobs", "2")
    assert one["metrics"] == two["metrics"]


def test_impossible_game_counts_are_refused_before_any_game(root):
    done = subprocess.run(
        [sys.executable, "-m", "generator", "simulate", "hunt", "--games", "5000000"],
        cwd=root,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 2 and done.stderr.count("\n") == 1
