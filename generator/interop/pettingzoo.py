"""Each of our five games as a PettingZoo AEC environment (the optional `pettingzoo` extra).

`env(game_name, **options)` builds the game from a record header's options and plays it on
our own GameState: no rule is written a second time. Agents are named by role where the
rules name roles ("dragon"/"knight", "fugitive"/"marshal", "stag"/"pursuers") and by seat
("seat_0", "seat_1", ...) in CutThroat! and The Most Dangerous Game. Chance steps (deals,
dice, cards drawn) are played by the environment itself with a random.Random seeded from
reset's seed, as our simulations play them, so an agent only ever sees its own turns.

An action is an integer id from generator/interop/encoding.py (its index among the legal
actions); the action space is Discrete(the game's bound, at most ACTION_ID_LIMIT) and each
observation carries an int8 `action_mask` whose first len(legal) entries are 1.

The observation is the text of the player's `observation(player)` (the same text the
OpenSpiel adapter gives), as UTF-8 bytes in a uint8 Box padded with zeros to a fixed length
per game. Why a Box of bytes: api_test asks every observation for a numpy dtype, which
gymnasium's Text space has not, and a numeric encoding of each game's observation does not
exist yet. A text longer than the Box raises rather than being cut short.

This is the only module that imports pettingzoo and gymnasium.
"""

import random

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from generator.engine.game import CHANCE
from generator.games import game as registered
from generator.interop.encoding import action_of, max_actions
from generator.interop.text import observation_text

ACTION_ID_LIMIT = 2**20  # masks are this long at most; Fugitive's honest bound is ~10**14

# bytes of an observation's text: four times or more the longest seen in random games
OBSERVATION_BYTES = {
    "hunt": 1 << 13,  # 1,795 measured
    "fugitive": 1 << 16,  # 14,155
    "cutthroat": 1 << 15,  # 6,247 (eight seats)
    "parforce": 1 << 12,  # 181
    "island": 1 << 18,  # 62,991 (five seats)
}

_ROLES = {
    "hunt": ("dragon", "knight"),
    "fugitive": ("fugitive", "marshal"),
    "parforce": ("stag", "pursuers"),
}


def env(game_name: str, **options) -> "QuarryEnv":
    """Return game `game_name` with these options (a record header's) as an AEC env."""
    return QuarryEnv(game_name, options)


def agent_names(game_name: str, players: int) -> list[str]:
    """Return the agents of `game_name` in player order: roles, or seats."""
    if game_name in _ROLES:
        return list(_ROLES[game_name])
    return [f"seat_{seat}" for seat in range(players)]


class QuarryEnv(AECEnv):
    """A game of ours as a PettingZoo AEC environment (see the module's docstring)."""

    metadata = {"name": "quarry", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game_name: str, options: dict | None = None, render_mode=None):
        super().__init__()
        self.game_name = game_name
        self.options = dict(options or {})
        self.render_mode = render_mode
        self.metadata = {**QuarryEnv.metadata, "name": f"quarry_{game_name}"}
        self.state = self._new_state()
        players = getattr(self.state, "players", 2)
        if game_name in _ROLES:
            players = 2
        self.possible_agents = agent_names(game_name, players)
        self.agents = self.possible_agents[:]
        self.actions = min(max_actions(game_name, self.options), ACTION_ID_LIMIT)
        self.text_bytes = OBSERVATION_BYTES[game_name]
        self._action_space = gymnasium.spaces.Discrete(self.actions)
        self._observation_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(0, 255, (self.text_bytes,), np.uint8),
                "action_mask": gymnasium.spaces.Box(0, 1, (self.actions,), np.int8),
            }
        )
        self.chance = random.Random(0)
        self._start()

    def _new_state(self):
        return registered(self.game_name).state_from_header({"options": dict(self.options)})

    def observation_space(self, agent):
        return self._observation_space

    def action_space(self, agent):
        return self._action_space

    def reset(self, seed=None, options=None):
        """Start a new game; `seed` seeds the chance steps (the deal, dice, draws)."""
        self.chance = random.Random(seed)
        self.state = self._new_state()
        self._start()

    def _start(self):
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._play_chance()
        self.agent_selection = self.possible_agents[max(self.state.current_player(), 0)]

    def _play_chance(self):
        """Play chance steps until a player is to move or the game is over."""
        state = self.state
        while state.current_player() == CHANCE:
            if hasattr(state, "sample_chance"):
                state.apply(state.sample_chance(self.chance))
            else:
                state.apply(self.chance.choice(list(state.legal_actions())))

    def observe(self, agent):
        player = self.possible_agents.index(agent)
        text = observation_text(self.state.observation(player)).encode("utf-8")
        if len(text) > self.text_bytes:
            raise ValueError(
                f"{agent}'s observation is {len(text)} bytes, more than {self.text_bytes}"
            )
        observation = np.zeros(self.text_bytes, np.uint8)
        observation[: len(text)] = np.frombuffer(text, np.uint8)
        return {"observation": observation, "action_mask": self.action_mask(agent)}

    def action_mask(self, agent) -> np.ndarray:
        """Return the agent's mask: 1 for each legal id, all 0 when it is not to move."""
        mask = np.zeros(self.actions, np.int8)
        state = self.state
        if not state.is_terminal() and self.possible_agents[state.current_player()] == agent:
            legal = len(state.legal_actions())
            if legal > self.actions:
                raise ValueError(f"{legal} legal actions, more than the {self.actions} ids")
            mask[:legal] = 1
        return mask

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.state.apply(action_of(self.state, int(action)))
        self._play_chance()
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.state.is_terminal():
            for agent, score in zip(self.possible_agents, self.state.returns(), strict=True):
                self.rewards[agent] = float(score)
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
            self._deads_step_first()
            return
        self.agent_selection = self.possible_agents[self.state.current_player()]

    def render(self):
        """Return the state as our engine writes it (render mode "ansi")."""
        return str(self.state)

    def close(self):
        pass
