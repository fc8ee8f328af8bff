"""simulate(): per-game seeds from one master seed, results independent of --jobs."""

import json
import random
from functools import partial

import numpy as np
import pytest

from generator.engine.simulate import derived_seeds, game_seeds, simulate, summarise
from generator.engine.stats import mean_interval
from generator.games.hunt.bots import play_one_hunt
from tests.test_light_imports import run_and_list

PLAY = partial(play_one_hunt, knight="random", dragon="random")


def test_the_same_seed_gives_the_same_results_whatever_the_number_of_jobs():
    one = simulate(PLAY, 40, 123, jobs=1)
    assert simulate(PLAY, 40, 123, jobs=2) == one
    assert simulate(PLAY, 40, 123, jobs=3, progress=True) == one  # no terminal: no bar
    assert len(one) == 40


def test_different_master_seeds_give_different_results():
    assert simulate(PLAY, 40, 123) != simulate(PLAY, 40, 124)


def test_a_games_seed_does_not_depend_on_how_many_games_are_played():
    assert game_seeds(9, 5) == game_seeds(9, 50)[:5]
    assert len(set(game_seeds(9, 1000))) == 1000
    assert simulate(PLAY, 10, 9) == simulate(PLAY, 25, 9, jobs=2)[:10]


WIDE_SEEDS = [0, 1, 2**32 - 1, 2**32, 2**64 - 1, 2**64 + 5, 2**127 * 3, 2**200 + 7, 2**1700 + 9]


@pytest.mark.parametrize("seed", WIDE_SEEDS + [random.Random(5).getrandbits(64) for _ in range(40)])
def test_derived_seeds_are_numpys_seed_sequence_without_numpy(seed):
    for count in (1, 2, 3, 9):
        expected = np.random.SeedSequence(seed).generate_state(count, np.uint64).tolist()
        assert derived_seeds(seed, count) == expected
    expected = np.random.SeedSequence(seed).generate_state(3000, np.uint64).tolist()
    assert game_seeds(seed, 3000) == expected


def test_no_games_give_no_results_and_a_negative_seed_is_refused():
    assert simulate(PLAY, 0, 1, jobs=2) == []
    with pytest.raises(ValueError, match="non-negative"):
        simulate(PLAY, 3, -1)


def test_summarise_gives_wilson_rates_and_mean_intervals():
    results = [{"won": True, "score": 2}, {"won": False, "score": 4}, {"won": True, "score": 3}]
    metrics = summarise(results, rates=("won",), means=("score",))
    assert metrics["won"]["value"] == pytest.approx(2 / 3)
    assert metrics["score"]["value"] == 3.0
    low, high = metrics["won"]["ci95"]
    assert 0 < low < 2 / 3 < high < 1


def test_a_mean_interval_stays_within_the_values_seen():
    values = [0.0] * 49 + [1.0]  # one game of fifty used an aide
    mean, (low, high) = mean_interval(values)
    assert mean == 0.02 and low == 0.0 and 0.02 < high < 1.0


@pytest.mark.parametrize(
    "args",
    [
        ("fugitive", "--games", "3"),
        ("island", "--games", "1"),
        ("parforce", "--games", "3", "--stag", "search"),
        ("cutthroat", "--games", "3", "--bot", "simple"),
    ],
    ids=lambda args: "-".join(args[i] for i in (0, -1)),
)
def test_a_simulation_whose_bots_need_no_numpy_does_not_load_it(root, tmp_path, args):
    done, result = run_and_list(root, tmp_path, "simulate", *args, "--json")
    assert result["code"] == 0, done.stderr
    assert json.loads(done.stdout)["games"] == int(args[2])
    assert "numpy" not in result["loaded"]
