"""`quarry simulate fugitive`: the summary's shape, its own options, and refusals."""

import json


def test_the_json_summary_has_every_metric_with_an_interval_around_it(quarry):
    done = quarry("simulate", "fugitive", "--json", "--games", "40", "--variant", "random")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert (summary["game"], summary["games"], summary["variant"]) == ("fugitive", 40, "random")
    assert (summary["fugitive"], summary["marshal"]) == ("planning", "deducing")
    expected = {"fugitive_win_rate", "manhunt_rate", "turns", "hideouts_placed"}
    assert expected <= set(summary["metrics"])
    for metric in summary["metrics"].values():
        low, high = metric["ci95"]
        assert low <= metric["value"] <= high


def test_a_deck_file_changes_the_sprint_values_played(quarry, tmp_path):
    deck = tmp_path / "deck.json"
    deck.write_text(json.dumps({"sprint": {str(c): 1 for c in range(43)}}))
    base = ["simulate", "fugitive", "--json", "--games", "30", "--seed", "2"]
    published = json.loads(quarry(*base).stdout)
    slow = quarry(*base, "--deck", str(deck))
    assert slow.returncode == 0, slow.stderr
    assert json.loads(slow.stdout)["metrics"] != published["metrics"]


def test_options_of_another_game_and_bad_values_are_refused_in_one_line(quarry, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"sprint": {"7": 9}}')
    piled = tmp_path / "piled.json"
    sprint = {str(c): 1 + (c % 2 == 0) for c in range(43)}
    piled.write_text(
        json.dumps({"sprint": sprint, "variant": "random", "events_per_pile": [1, 2, 3]})
    )
    for args in (
        ("--knight", "exact"),
        ("--fugitive", "sneaky"),
        ("--variant", "chaos"),
        ("--deck", str(tmp_path / "missing.json")),
        ("--deck", str(bad)),
        ("--deck", str(piled), "--variant", "none"),  # no piles for events without events
        ("--games", "0"),
    ):
        done = quarry("simulate", "fugitive", *args)
        assert done.returncode == 2, args
        assert done.stderr.count("\n") == 1 and done.stderr.startswith("quarry: error:"), args
        assert not done.stdout


def test_a_designed_deck_is_played_with_its_own_events(quarry, tmp_path):
    few = tmp_path / "few.json"
    sprint = {str(c): 1 + (c % 2 == 0) for c in range(43)}
    events = {"variant": "random", "events": ["dragnet"], "events_per_pile": [0, 0, 1]}
    few.write_text(json.dumps({"sprint": sprint, **events}))
    base = ["simulate", "fugitive", "--json", "--games", "30", "--seed", "3"]
    designed = json.loads(quarry(*base, "--deck", str(few)).stdout)
    rule = json.loads(quarry(*base, "--variant", "random").stdout)
    assert (designed["deck"], rule["deck"]) == ("designed", "published")
    assert designed["variant"] == rule["variant"] == "random"
    assert designed["metrics"] != rule["metrics"]
