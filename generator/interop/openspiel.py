"""Our five games as OpenSpiel Python games, registered as `quarry_<game>`.

Each OpenSpiel state wraps one of our GameStates and asks it everything: whose move it is,
the legal actions (numbered by encoding.py: an id is the index among the legal actions),
how an action changes the position, the returns. Chance is explicit, with the probabilities
our rules draw with: a die is uniform, a card is drawn in proportion to how many of its kind
the pile holds. A deal that our rules draw whole (CutThroat's identities and enemies,
Fugitive's three piles) is dealt here one card at a time, each uniform among those left, and
handed to our state as one deal when complete: the same distribution, in small outcomes.

The strings a player sees come from our observers (observation(player)), written out as a
deterministic text; the information state adds the player's own actions so far.

This is the only module of generator/ that imports pyspiel (the `openspiel` extra).
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache

import numpy as np
import pyspiel

from generator.engine.game import CHANCE, TERMINAL
from generator.games import game as registered
from generator.interop.encoding import action_id, action_of, max_actions
from generator.interop.resample import Step, new_state, resample
from generator.interop.text import observation_text

GAMES = ("hunt", "fugitive", "cutthroat", "parforce", "island")
ACTION_ID_LIMIT = 2**20  # OpenSpiel sizes masks by the bound; see _distinct_actions


# --- deals drawn a card at a time ----------------------------------------------------------


def _cutthroat_deal(quarry, picks: list[int]):
    """Return (the characters left to pick from, the deal action once every pick is made):
    each seat's identity, then each seat's enemy."""
    players = quarry.players
    half = picks[:players] if len(picks) < players else picks[players:]
    left = [c for c in range(players) if c not in half]
    if len(picks) == 2 * players:
        return [], quarry.deal_text(picks[:players], picks[players:])
    return left, None


def _fugitive_deal(quarry, picks: list[int]):
    """Return (the Hideouts left to pick from, the Deal once every pile is ordered): pile 1
    top first, then pile 2, then pile 3."""
    from generator.games.fugitive.cards import PILES
    from generator.games.fugitive.rules import Deal

    start = 0
    for low, high in PILES:
        size = high - low + 1
        if len(picks) < start + size:
            taken = set(picks[start:])
            return [c for c in range(low, high + 1) if c not in taken], None
        start += size
    piles, start = [], 0
    for low, high in PILES:
        piles.append(tuple(picks[start : start + high - low + 1]))
        start += high - low + 1
    return [], Deal(tuple(piles))


_DEALS = {"cutthroat": _cutthroat_deal, "fugitive": _fugitive_deal}


def _in_a_deal(name: str, quarry) -> bool:
    """Return whether `quarry` waits for a deal that our rules draw whole."""
    if quarry.current_player() != CHANCE:
        return False
    if name == "cutthroat":
        return quarry.phase == "deal"
    if name == "fugitive":
        return quarry.steps[0].kind == "deal"
    return False


def _chance_weights(name: str, quarry, legal) -> list[float]:
    """Return the probability of each listed chance outcome, as our rules draw it."""
    if name == "island" and str(legal[0]).startswith("draw "):
        step = quarry.stack[-1]
        pile = quarry.piles[quarry.role[step[1]]]
        counts = [pile[str(a).split()[1]] for a in legal]
        total = sum(counts)
        return [n / total for n in counts]
    return [1 / len(legal)] * len(legal)  # a die, a random discard


# --- the game and its states ----------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class _Facts:
    """What OpenSpiel asks of a game before play: the shape of its type and info."""

    chance: bool
    hidden: bool
    zero_sum: bool
    players: int
    chance_outcomes: int
    utility: tuple[float, float]
    length: int


def _facts(name: str, options: dict) -> _Facts:
    """Return the facts of `name` with `options` (bounds reasoned from the rules, loose
    where a game's length has no short bound: see docs/interop.md)."""
    quarry = new_state(name, options)
    if name == "hunt":
        from generator.games.hunt.rules import AIDES, ESCAPE_BONUS, LAST_TURN

        top = float(LAST_TURN + len(AIDES) + ESCAPE_BONUS)
        return _Facts(False, True, True, 2, 0, (-top, top), 1 + 4 * LAST_TURN)
    if name == "fugitive":
        return _Facts(True, True, True, 2, 43, (-1.0, 1.0), 2000)
    if name == "cutthroat":
        players = quarry.players
        return _Facts(
            True, True, False, players, players, (0.0, 1.0), 2 * players + 10 * quarry.turn_limit
        )
    if name == "parforce":
        from generator.games.parforce.rules import PIECES, POND_FEE

        rounds = quarry.rules.max_rounds
        top = float(quarry.rules.pot + POND_FEE * len(PIECES) * rounds)
        return _Facts(False, False, False, 2, 0, (-top, top), len(PIECES) * (rounds + 1))
    from generator.games.island import cards
    from generator.games.island.rules import (
        CAPTURE_POINTS,
        ESCAPE_POINTS,
        LAST_SURVIVOR_POINTS,
    )

    top = float((CAPTURE_POINTS + ESCAPE_POINTS + LAST_SURVIVOR_POINTS) * quarry.players)
    outcomes = max(20, len(cards.KINDS))
    return _Facts(True, True, False, quarry.players, outcomes, (0.0, top), 20000)


def _distinct_actions(name: str, options: dict) -> int:
    """Return encoding's bound, but never more than ACTION_ID_LIMIT: OpenSpiel makes masks
    of this size, and Fugitive's honest bound (a placement of a 42-card hand) is ~10**14.
    A step with more legal actions than this raises (see docs/interop.md)."""
    return min(max_actions(name, options), ACTION_ID_LIMIT)


_PARAMETERS = {
    "hunt": {"loops": False},
    "fugitive": {},
    "cutthroat": {"players": 8},
    "parforce": {},
    "island": {"players": 5},
}


def _game_class(name: str) -> type:
    """Return the pyspiel.Game subclass of our game `name`, its type registered."""
    facts = _facts(name, {})
    game_type = pyspiel.GameType(
        short_name=f"quarry_{name}",
        long_name=f"Quarry: {registered(name).title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if facts.chance
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=(
            pyspiel.GameType.Information.IMPERFECT_INFORMATION
            if facts.hidden
            else pyspiel.GameType.Information.PERFECT_INFORMATION
        ),
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM
            if facts.zero_sum
            else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=facts.players if name in ("hunt", "fugitive", "parforce") else 13,
        min_num_players=facts.players if name in ("hunt", "fugitive", "parforce") else 4,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification=_PARAMETERS[name],
    )

    class QuarryGame(pyspiel.Game):
        def __init__(self, params=None):
            options = dict(_PARAMETERS[name])
            options.update(params or {})
            self.options = {k: v for k, v in options.items()}
            facts = _facts(name, self.options)
            info = pyspiel.GameInfo(
                num_distinct_actions=_distinct_actions(name, self.options),
                max_chance_outcomes=facts.chance_outcomes,
                num_players=facts.players,
                min_utility=facts.utility[0],
                max_utility=facts.utility[1],
                utility_sum=0.0 if facts.zero_sum else None,
                max_game_length=facts.length,
            )
            super().__init__(game_type, info, params or {})

        def new_initial_state(self):
            return QuarryState(self, name, self.options)

        def make_py_observer(self, iig_obs_type=None, params=None):
            return QuarryObserver(iig_obs_type, params)

    QuarryGame.__name__ = QuarryGame.__qualname__ = f"Quarry{name.capitalize()}Game"
    pyspiel.register_game(game_type, QuarryGame)
    return QuarryGame


@lru_cache(maxsize=256)
def _ids(count: int) -> list[int]:
    """Return [0, 1, ..., count - 1], made once for each count (The Hunt's 82,944 maps)."""
    return list(range(count))


class _Held:
    """Our GameState inside an OpenSpiel state: OpenSpiel clones a Python state with
    copy.deepcopy, and this copies ours with its own clone() (fast, sharing the board)."""

    __slots__ = ("state",)

    def __init__(self, state):
        self.state = state

    def __deepcopy__(self, memo):
        return _Held(self.state.clone())


class QuarryState(pyspiel.State):
    """One position of our game `name`: our GameState, and the cards of a deal dealt so far
    when our rules draw the deal whole."""

    def __init__(self, game, name: str, options: dict):
        super().__init__(game)
        self.name = name
        self.held = _Held(new_state(name, options))
        self.options = dict(options)
        self.picks: list[int] = []
        self.steps: list[Step] = []  # our actions so far (a deal counted once, when whole)

    @property
    def quarry(self):
        """Our GameState."""
        return self.held.state

    # --- whose move, what is legal --------------------------------------------------------

    def current_player(self):
        player = self.quarry.current_player()
        if player == TERMINAL:
            return pyspiel.PlayerId.TERMINAL
        if player == CHANCE:
            return pyspiel.PlayerId.CHANCE
        return player

    def _legal_actions(self, player):
        count = len(self.quarry.legal_actions())
        if count > ACTION_ID_LIMIT:
            raise ValueError(f"{count} legal actions is more than ids go to ({ACTION_ID_LIMIT})")
        return _ids(count)

    def chance_outcomes(self):
        if _in_a_deal(self.name, self.quarry):
            left, _ = _DEALS[self.name](self.quarry, self.picks)
            return [(card, 1 / len(left)) for card in left]
        legal = self.quarry.legal_actions()
        weights = _chance_weights(self.name, self.quarry, legal)
        return list(enumerate(weights))

    # --- play ----------------------------------------------------------------------------

    def _apply_action(self, action):
        quarry = self.quarry
        if _in_a_deal(self.name, quarry):
            self.picks.append(action)
            _, deal = _DEALS[self.name](quarry, self.picks)
            if deal is not None:
                self._play(deal)
                self.picks = []
            return
        self._play(action_of(quarry, action))

    def _play(self, ours) -> None:
        """Play our action `ours` and note it in the history."""
        quarry = self.quarry
        self.steps.append(Step(quarry.current_player(), ours, quarry.format_action(ours)))
        quarry.apply(ours)

    def _action_to_string(self, player, action):
        if _in_a_deal(self.name, self.quarry):
            return f"deal card {action}"
        return self.quarry.format_action(action_of(self.quarry, action))

    def is_terminal(self):
        return self.quarry.is_terminal()

    def returns(self):
        if not self.quarry.is_terminal():
            return [0.0] * self.get_game().num_players()
        return list(self.quarry.returns())

    # --- a hidden state drawn from what a player knows ---------------------------------------

    def resample_from_infostate(self, player_id, probability_sampler):
        """Return a state `player_id` cannot tell from this one, drawn from what they know
        (IS-MCTS's determinization; interop/resample/ says how, game by game). A player who
        is hidden nothing gets a copy. Raises NotImplementedError for a game without a
        sampler."""
        if self.picks:
            return self.clone()  # in the middle of a deal: nothing dealt is seen yet
        steps = resample(self.name, self.options, self.steps, player_id, probability_sampler)
        if steps is None:
            return self.clone()
        other = self.get_game().new_initial_state()
        for step in steps:
            other._play(step.action)
        return other

    # --- what a player sees ----------------------------------------------------------------

    def observation_string(self, player=None):
        player = self.current_player() if player is None else player
        return observation_text(self.quarry.observation(player))

    def information_state_string(self, player=None):
        player = self.current_player() if player is None else player
        mine = " | ".join(step.text for step in self.steps if step.player == player)
        return f"{self.observation_string(player)}\nmine: {mine}"

    def __str__(self):
        return f"{self.name}: {len(self.history())} actions; " + observation_text(
            self.quarry.observation(-1) if self.name == "island" else self.quarry.observation(0)
        )


class QuarryObserver:
    """OpenSpiel's observer of a Python game: strings only (our observers give no tensor).
    With perfect recall it gives the information state, else the observation."""

    def __init__(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported (got {params})")
        self.recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        self.tensor = np.zeros(0, np.float32)
        self.dict = {}

    def set_from(self, state, player):
        """Nothing to set: there is no tensor."""

    def string_from(self, state, player):
        if self.recall:
            return state.information_state_string(player)
        return state.observation_string(player)


GAME_CLASSES = {name: _game_class(name) for name in GAMES}


def action_id_of(state: QuarryState, action) -> int:
    """Return the OpenSpiel id of our `action` in `state` (encoding.action_id)."""
    return action_id(state.quarry, action)
