"""The five games as PettingZoo AEC environments (generator/interop/pettingzoo.py): each
passes PettingZoo's API test, a seeded reset deals the same game, and a game of random
masked actions ends with the rewards the rules' returns give."""

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from generator.interop.encoding import max_actions
from generator.interop.pettingzoo import ACTION_ID_LIMIT, OBSERVATION_BYTES, env

GAMES = tuple(OBSERVATION_BYTES)


@pytest.mark.parametrize("name", GAMES)
def test_each_game_passes_the_pettingzoo_api_test(name):
    api_test(env(name), num_cycles=40)


def test_agents_are_named_by_role_or_seat():
    assert env("hunt").possible_agents == ["dragon", "knight"]
    assert env("fugitive").possible_agents == ["fugitive", "marshal"]
    assert env("parforce").possible_agents == ["stag", "pursuers"]
    assert env("cutthroat", players=6).possible_agents == [f"seat_{n}" for n in range(6)]
    assert env("hunt").action_space("dragon").n == 82_944


def first_observations(name: str, seed: int) -> list[bytes]:
    game = env(name)
    game.reset(seed=seed)
    return [game.observe(agent)["observation"].tobytes() for agent in game.possible_agents]


@pytest.mark.parametrize("name", ("fugitive", "cutthroat"))
def test_a_seeded_reset_deals_the_same_game(name):
    assert first_observations(name, 7) == first_observations(name, 7)
    assert first_observations(name, 7) != first_observations(name, 8)


@pytest.mark.parametrize("name", GAMES)
def test_two_games_with_one_seed_play_alike(name):
    seed_test(lambda: env(name), num_cycles=20)


def play_randomly(game, seed: int) -> dict[str, float]:
    """Play masked random actions to the end; return each agent's reward from last()."""
    rng = np.random.default_rng(seed)
    game.reset(seed=seed)
    final = {}
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, _ = game.last()
        if terminated or truncated:
            final[agent] = reward
            game.step(None)
            continue
        mask = observation["action_mask"]
        assert mask.dtype == np.int8 and mask.any()
        game.step(int(rng.choice(np.flatnonzero(mask))))
    return final


@pytest.mark.parametrize("name", GAMES)
def test_a_random_game_ends_with_the_rules_returns(name):
    game = env(name)
    final = play_randomly(game, seed=3)
    assert game.state.is_terminal()
    assert game.agents == []
    returns = dict(zip(game.possible_agents, game.state.returns(), strict=True))
    assert final == returns


@pytest.mark.parametrize(
    "name, options",
    [("hunt", {"loops": True}), ("cutthroat", {"players": 6}), ("island", {"players": 4})],
)
def test_options_reach_the_game(name, options):
    game = env(name, **options)
    assert game.action_space(game.possible_agents[0]).n == min(
        max_actions(name, options), ACTION_ID_LIMIT
    )
    final = play_randomly(game, seed=5)
    assert len(final) == len(game.state.returns()) == options.get("players", 2)
    assert list(final.values()) == game.state.returns()
