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

from generator.engine.game import CHANCE, TERMINAL, IllegalAction
from generator.games import game as registered
from generator.interop.encoding import action_id, action_of, max_actions
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
    quarry = registered(name).state_from_header({"options": options})
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


RESAMPLE_TRIES = 2000


def _shuffled_except(cards: list[int], fixed: set[int], sampler) -> list[int]:
    """Return `cards` (by seat) with the seats not in `fixed` shuffled among themselves,
    uniformly, with draws from `sampler` (numbers in [0, 1))."""
    free = [s for s in range(len(cards)) if s not in fixed]
    pool = [cards[s] for s in free]
    out = list(cards)
    for seat in free:
        out[seat] = pool.pop(min(int(sampler() * len(pool)), len(pool) - 1))
    return out


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
        self.held = _Held(registered(name).state_from_header({"options": dict(options)}))
        self.picks: list[int] = []
        self.mine: list[list[str]] = [[] for _ in range(game.num_players())]
        self.played: list = []  # our actions so far (a deal counted once, when whole)

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
                quarry.apply(deal)
                self.played.append(deal)
                self.picks = []
            return
        player = quarry.current_player()
        ours = action_of(quarry, action)
        if player >= 0:
            self.mine[player].append(quarry.format_action(ours))
        quarry.apply(ours)
        self.played.append(ours)

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
        """Return a state `player_id` cannot tell from this one, drawn uniformly among all
        such (IS-MCTS's determinization). The Hunt's Knight: a route map among those our
        exact belief (hunt/belief.py) finds consistent with the public log, the game replayed
        on it. A player who is hidden nothing (The Hunt's Dragon, Parforcejagd) gets a copy.
        CutThroat!: the other seats' cards dealt again (the player's own and every revealed
        identity kept), the game replayed on them, kept when the player's information state
        comes out the same (rejection: uniform among the consistent deals; ValueError after
        RESAMPLE_TRIES). The other games' hidden states are not drawn yet
        (NotImplementedError)."""
        if self.name == "parforce" or (self.name == "hunt" and player_id == 0):
            return self.clone()
        if self.name == "hunt":
            return self._hunt_resampled(probability_sampler())
        if self.name == "cutthroat":
            return self._cutthroat_resampled(player_id, probability_sampler)
        raise NotImplementedError(f"quarry_{self.name} does not resample hidden states yet")

    def _cutthroat_resampled(self, player: int, sampler):
        quarry = self.quarry
        if quarry.phase == "deal" or player < 0:
            return self.clone()
        seats = quarry.players
        known = {player} | {s for s, c in enumerate(quarry.identity) if quarry.revealed[c]}
        wanted = self.information_state_string(player)
        for _ in range(RESAMPLE_TRIES):
            identity = _shuffled_except(quarry.identity, known, sampler)
            enemy = _shuffled_except(quarry.enemy, {player}, sampler)
            other = self.get_game().new_initial_state()
            for pick in identity + enemy:
                other.apply_action(pick)
            try:
                for ours in self.played[1:]:
                    other.apply_action(action_id(other.quarry, ours))
            except (ValueError, IllegalAction, pyspiel.SpielError):  # the other deal forbids it
                continue
            if other.information_state_string(player) == wanted:
                return other
        raise ValueError(f"no consistent deal found in {RESAMPLE_TRIES} tries ({seats} seats)")

    def _hunt_resampled(self, draw: float):
        from generator.games.hunt.belief import PublicBelief

        if not self.played:
            return self.clone()  # no map yet: nothing is hidden
        belief = PublicBelief(self.quarry.loops)
        belief.observe(self.quarry.knight_view().log)
        maps = belief.map_indices()
        other = self.get_game().new_initial_state()
        other.apply_action(int(maps[min(int(draw * len(maps)), len(maps) - 1)]))
        for ours in self.played[1:]:
            other.apply_action(action_id(other.quarry, ours))
        return other

    # --- what a player sees ----------------------------------------------------------------

    def observation_string(self, player=None):
        player = self.current_player() if player is None else player
        return observation_text(self.quarry.observation(player))

    def information_state_string(self, player=None):
        player = self.current_player() if player is None else player
        mine = " | ".join(self.mine[player])
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
