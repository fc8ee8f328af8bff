"""The balance every default kit claims: the measured file is in step with the rules and the
bots (its first games replayed), every row that holds meets its band, and the readings."""

import pytest

from generator.engine import balance as claims
from generator.engine.balance import PREFIX, WORST_SEAT, Balance, Row, measure_row, measured
from generator.games import registry

GAMES = sorted(name for name, entry in registry().items() if entry.balance is not None)


def test_every_game_claims_a_balance():
    assert sorted(registry()) == GAMES


@pytest.mark.parametrize("name", GAMES)
def test_the_measured_file_holds_every_row_and_player_count_with_the_same_options(name):
    balance = registry()[name].balance()
    data = measured()[name]
    assert sorted(data["rows"]) == sorted(row.key for row in balance.rows)
    for row in balance.rows:
        stored = data["rows"][row.key]
        assert stored["options"] == row.options
        wanted = {"any" if n is None else str(n) for n in balance.players}
        assert set(stored["by_players"]) == wanted


@pytest.mark.parametrize("name", GAMES)
def test_every_row_that_holds_meets_its_band_and_a_default_without_one_says_why(name):
    balance = registry()[name].balance()
    held = [row for row in balance.rows if row.holds]
    assert held or balance.unmet
    for row in held:
        for players in balance.players:
            figure = claims.figure(name, row.key, players)
            assert claims.meets(balance, figure["value"], players), (row.key, players, figure)
            low, high = figure["ci95"]
            assert low <= figure["value"] <= high


@pytest.mark.parametrize("name", GAMES)
def test_the_first_games_of_every_figure_play_out_as_measured(name):
    """The file is not stale: the first PREFIX games of every figure, played again with the
    same seed, give the value it stored (a changed rule, bot or default board would not)."""
    entry = registry()[name]
    balance = entry.balance()
    data = measured()[name]
    assert data["prefix_games"] == PREFIX
    for row in balance.rows:
        for players in balance.players:
            again = measure_row(entry, balance, row, players, PREFIX, data["seed"], 1)
            stored = claims.figure(name, row.key, players)["prefix"]
            assert round(again["value"], 4) == stored, (row.key, players)


def _seats(*values):
    return {
        "metrics": {
            f"seat_{i}_win": {"value": v, "ci95": [v - 0.01, v + 0.01]}
            for i, v in enumerate(values)
        }
    }


def test_the_worst_seat_is_the_one_furthest_from_a_fair_share_either_way():
    balance = Balance("g", "q", WORST_SEAT, 0.02, (Row("bots", "b"),), (4,), target=None)
    assert claims.reading(balance, _seats(0.25, 0.22, 0.29, 0.24), 4)["value"] == 0.29
    assert claims.reading(balance, _seats(0.25, 0.19, 0.28, 0.28), 4)["value"] == 0.19
    assert claims.meets(balance, 0.27, 4) and not claims.meets(balance, 0.2799, 4)


def test_a_target_meets_values_within_its_band_only():
    balance = Balance("g", "q", "m", 0.1, (Row("bots", "b"),))
    assert claims.meets(balance, 0.6, None) and claims.meets(balance, 0.4, None)
    assert not claims.meets(balance, 0.61, None) and not claims.meets(balance, 0.39, None)


def test_the_guide_has_a_row_for_each_player_count_or_only_the_table_printed_for():
    balance = registry()["island"].balance()
    every = claims.guide_balance(balance)
    assert [row[0] for row in every.rows[1:]] == ["4", "5", "6", "7"]
    assert "reckoning Hunter" in every.rows[0][2] and "tracking Hunter" in every.rows[0][3]
    assert every.rows[1][1] == "0.50 ± 0.10"
    five = claims.guide_balance(balance, 5)
    figure = claims.figure("island", "people", 5)
    assert [row[0] for row in five.rows[1:]] == ["5"]
    assert five.rows[1][2].startswith(f"{figure['value']:.2f} ± ")
    fair = claims.guide_balance(registry()["cutthroat"].balance(), 8).rows[1]
    assert fair[1] == "0.125 ± 0.020" and fair[2].count(".") == 2 and len(fair[2]) == 13
