"""The opponents our bots are measured against: OpenSpiel's IS-MCTS (MCTS where nothing is
hidden) at a number of simulations a move, or uniform random play.

`parse_opponent("ismcts:1000")` checks the text a user gave; `make_opponent(...)` builds one
seat's bot for one game. Every random number an opponent uses comes from seeds we give it
(numpy RandomState for the search and its rollouts, random.Random for the hidden states it
draws), so the same seed plays the same game. A search is bounded by its simulations, never
by the clock.

The searches score a position by one random game played out from it, as OpenSpiel's
RandomRolloutEvaluator does (uniform among the legal actions, chance by its odds), but
played on our engine (`Rollouts`), not through the adapter: the same distribution of
games, several times cheaper, so more simulations fit in the time there is.

IS-MCTS scores a move by the returns of random games from it, and its exploration constant
must be on the scale of those returns: UCT_C times the game's RETURN_SCALE, the spread of
one seat's return in a game (Fugitive +-1, a CutThroat! share 0-1, a hunt's Dragon points,
Parforcejagd's net tokens, the island's points), chosen from our own simulations' figures.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from generator.errors import QuarryError

KINDS = ("ismcts", "mcts", "random")
MAX_SIMULATIONS = 100_000
UCT_C = 2.0
RETURN_SCALE = {"hunt": 5.0, "fugitive": 1.0, "cutthroat": 0.5, "parforce": 10.0, "island": 5.0}
PERFECT_INFORMATION = ("parforce",)


@dataclass(frozen=True)
class Opponent:
    """An opponent as the user named it: kind and simulations a move (0 for random)."""

    kind: str
    simulations: int = 0

    def label(self) -> str:
        return self.kind if self.kind == "random" else f"{self.kind}:{self.simulations}"


def parse_opponent(text: str, game: str) -> Opponent:
    """Return the opponent `text` names (ismcts:SIMS, mcts:SIMS or random); QuarryError
    when it names none, or a search that does not fit `game`."""
    match = re.fullmatch(r"(ismcts|mcts):([0-9]+)|random", text.strip())
    if not match:
        raise QuarryError(f"--opponent must be ismcts:SIMS, mcts:SIMS or random, not {text!r}")
    if text.strip() == "random":
        return Opponent("random")
    kind, simulations = match[1], int(match[2])
    if not 1 <= simulations <= MAX_SIMULATIONS:
        raise QuarryError(f"simulations must be 1-{MAX_SIMULATIONS:,} a move, not {simulations}")
    if kind == "ismcts" and game in PERFECT_INFORMATION:
        raise QuarryError(f"{game} hides nothing: use mcts:{simulations}, not ismcts")
    if kind == "mcts" and game not in PERFECT_INFORMATION:
        raise QuarryError(f"{game} hides information: use ismcts:{simulations}, not mcts")
    return Opponent(kind, simulations)


class RandomOpponent:
    """Uniform among the legal action ids."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.generators = (self.rng,)

    def step(self, state) -> int:
        count = len(state.quarry.legal_actions())
        return self.rng.randrange(count)


class Rollouts:
    """OpenSpiel's Evaluator protocol: `evaluate(state)` plays one uniformly random game on
    our engine from the OpenSpiel `state` and returns its returns; `prior(state)` is
    uniform (the chance odds at a chance node)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def evaluate(self, state):
        import numpy as np

        if state.picks:  # a deal half dealt card by card: OpenSpiel ends it
            state = state.clone()
            while state.is_chance_node() and state.picks:
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[self.rng.randrange(len(outcomes))][0])
        quarry = state.quarry.clone()
        rng = self.rng
        while not quarry.is_terminal():
            if quarry.current_player() < 0:
                quarry.apply(quarry.sample_chance(rng))
            else:
                legal = quarry.legal_actions()
                quarry.apply(legal[rng.randrange(len(legal))])
        return np.array(quarry.returns(), dtype=float)

    def prior(self, state):
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


def make_opponent(opponent: Opponent, game, name: str, seed: int, uct_c: float | None = None):
    """Return a bot with `step(state) -> action id` for one seat of the OpenSpiel `game`
    (our game `name`), seeded by `seed`."""
    if opponent.kind == "random":
        return RandomOpponent(seed)
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    c = UCT_C * RETURN_SCALE[name] if uct_c is None else uct_c
    search_seed, rollout_seed, draw_seed = ((seed + k) % 2**32 for k in range(3))
    evaluator = Rollouts(rollout_seed)
    search = np.random.RandomState(search_seed)
    if opponent.kind == "mcts":
        bot = mcts.MCTSBot(
            game, c, opponent.simulations, evaluator, solve=False, random_state=search
        )
        bot.generators = (search, evaluator.rng)  # all it draws from (checkpoint.py)
        return bot
    bot = ismcts.ISMCTSBot(
        game,
        evaluator,
        c,
        opponent.simulations,
        random_state=search,
        allow_inconsistent_action_sets=True,
    )
    draws = random.Random(draw_seed)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, draws.random))
    bot.generators = (search, evaluator.rng, draws)
    return bot
