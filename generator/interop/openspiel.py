"""Our five games as OpenSpiel Python games, registered as `quarry_<game>`.

Each OpenSpiel state wraps one of our GameStates and asks it everything: whose move it is,
the legal actions (numbered by encoding.py: an id is the index among the legal actions),
how an action changes the position, the returns. Chance is explicit, with the probabilities
our rules draw with: a die is uniform, a card is drawn in proportion to how many of its kind
the pile holds. A deal that our rules draw whole (CutThroat's identities and enemies,
Fugitive's piles in every variant) is dealt here one card at a time (deals.py), and handed to
our state as one deal when complete: the same distribution, in small outcomes.

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
from generator.interop.deals import FUGITIVE_CARDS, dealer
from generator.interop.encoding import action_id, max_actions
from generator.interop.resample import Step, new_state, resample_state
from generator.interop.text import observation_text

GAMES = ("hunt", "fugitive", "cutthroat", "parforce", "island")
ACTION_ID_LIMIT = 2**20  # OpenSpiel sizes masks by the bound; see _distinct_actions


# --- chance ---------------------------------------------------------------------------------


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


# OpenSpiel's max_game_length counts decisions (chance steps do not count). The Hunt and
# Parforcejagd are bounded by their rules' last turn or round, CutThroat! by its turn limit
# (_cutthroat_length). The island's rules end it after 3 x day cycles but do not bound the
# decisions of a turn (cards are played and drawn again, the piles reshuffled), so a turn
# is capped at ISLAND_DECISIONS_A_TURN. Fugitive has no bound at all: the Fugitive may pass
# and the Marshal guess wrong for ever, so FUGITIVE_DECISIONS is a cap. Random play stays
# far inside each (docs/interop.md, "Limits"; tests/interop/test_openspiel.py checks).
ISLAND_DECISIONS_A_TURN = 40  # random play: at most 16 seen in 100 games
FUGITIVE_DECISIONS = 2000  # random play: at most 709 seen in 1,050 games, every variant


def _cutthroat_length(quarry) -> int:
    """Return the most decisions a CutThroat! game can take, from its rules: at most
    turn_limit turns. A turn that judges hearts plays their extended plays (each follows a
    death, so n - 1 in a game) and ends. Another turn is offered the enemy's extended play
    (bonus, then its takes and puts; or pass) and then its main step: a play (its takes and
    puts) or a guess, a right one followed by an extended play; after the bonus it may not
    guess. The bonus and a play are the most: 1 + extend + 1 + play."""
    plays = quarry.plays
    extend, play = sum(plays["extend"]), sum(plays["play"])  # takes and puts of each
    a_turn = 1 + extend + 1 + play  # the most: the bonus, then a play (a pass, a guess: less)
    queued = max(extend, sum(plays["double"]))  # a heart's extended play (or its pass)
    return quarry.turn_limit * a_turn + (quarry.players - 1) * queued


def _facts(name: str, options: dict) -> _Facts:
    """Return the facts of `name` with `options` (bounds reasoned from the rules, capped
    where the rules do not bound a game's length: see above)."""
    quarry = new_state(name, options)
    if name == "hunt":
        from generator.games.hunt.rules import AIDES, ESCAPE_BONUS, LAST_TURN

        top = float(LAST_TURN + len(AIDES) + ESCAPE_BONUS)
        return _Facts(False, True, True, 2, 0, (-top, top), 1 + 4 * LAST_TURN)
    if name == "fugitive":
        # a deal's card ids (deals.FUGITIVE_CARDS): the Hideouts, then events, Placeholders
        outcomes = 43 if options.get("variant", "none") == "none" else len(FUGITIVE_CARDS)
        return _Facts(True, True, True, 2, outcomes, (-1.0, 1.0), FUGITIVE_DECISIONS)
    if name == "cutthroat":
        players, length = quarry.players, _cutthroat_length(quarry)
        return _Facts(True, True, False, players, players, (0.0, 1.0), length)
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
    turns = (3 * quarry.island.day + 1) * quarry.players  # the setup, then 3 x day cycles
    length = ISLAND_DECISIONS_A_TURN * turns
    return _Facts(True, True, False, quarry.players, outcomes, (0.0, top), length)


def _distinct_actions(name: str, options: dict) -> int:
    """Return encoding's bound, but never more than ACTION_ID_LIMIT: OpenSpiel makes masks
    of this size, and Fugitive's honest bound (a placement of a 42-card hand) is ~10**14.
    A step with more legal actions than this raises (see docs/interop.md)."""
    return min(max_actions(name, options), ACTION_ID_LIMIT)


_PARAMETERS = {
    "hunt": {"loops": False},
    "fugitive": {"variant": "none"},
    "cutthroat": {"players": 8},
    "parforce": {},
    "island": {"players": 5},
}


def _seats(name: str, players: int) -> tuple[int, int]:
    """Return the fewest and most players of `name` (`players` for a two-sided game)."""
    if name == "cutthroat":
        from generator.games.cutthroat.rules import MAX_PLAYERS, MIN_PLAYERS
    elif name == "island":
        from generator.games.island.rules import MAX_PLAYERS, MIN_PLAYERS
    else:
        return players, players
    return MIN_PLAYERS, MAX_PLAYERS


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
        max_num_players=_seats(name, facts.players)[1],
        min_num_players=_seats(name, facts.players)[0],
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


SHARED_IDS_FROM = 1 << 12  # legal_actions() hands out longer id lists shared, not copied


_FEW_IDS = tuple(list(range(count)) for count in range(256))  # the usual counts, made once


@lru_cache(maxsize=256)
def _many_ids(count: int) -> list[int]:
    """Return [0, 1, ..., count - 1], made once for each count (The Hunt's 82,944 maps)."""
    return list(range(count))


def _ids(count: int) -> list[int]:
    """Return [0, 1, ..., count - 1], shared: a caller copies it before handing it out."""
    return _FEW_IDS[count] if count < 256 else _many_ids(count)


def _shared_ids(count: int) -> list[int]:
    """Return _ids(count), made again if a caller has changed it (its length or ends)."""
    ids = _many_ids(count)
    if len(ids) != count or ids[0] != 0 or ids[-1] != count - 1:
        _many_ids.cache_clear()
        ids = _many_ids(count)
    return ids


class _Held:
    """Our GameState inside an OpenSpiel state, with its player to move (kept up to date)
    and its legal actions once asked (until the next action). Play goes through
    QuarryState._play, never to the state directly. OpenSpiel clones a Python state with
    copy.deepcopy, and this copies ours with its own clone() (fast, sharing the board)."""

    __slots__ = ("state", "legal", "mover")

    def __init__(self, state):
        self.state = state
        self.legal = None
        self.mover = state.current_player()  # CHANCE, TERMINAL or a player

    def __deepcopy__(self, memo):
        return _Held(self.state.clone())

    def __reduce__(self):  # pickled without the legal actions (some hold functions)
        return (_Held, (self.state,))

    def play(self, ours) -> None:
        """Apply our action `ours` to our state."""
        self.legal = None
        self.state.apply(ours)
        self.mover = self.state.current_player()

    def legal_actions(self):
        """Return our state's legal actions, asked once a position."""
        if self.legal is None:
            self.legal = self.state.legal_actions()
        return self.legal

    def action(self, action_id: int):
        """Return our action whose id is `action_id` (encoding.action_of, from the list kept);
        ValueError when no legal action has that id."""
        legal = self.legal_actions()
        if not 0 <= action_id < len(legal):
            raise ValueError(f"action id {action_id} is not one of the {len(legal)} legal here")
        return legal[action_id]


class _Record:
    """Our actions so far (a deal counted once, when whole) as (player, action, text or None),
    and the first of them as Steps with their texts, written when first asked. A copy shares
    the actions: they are values, never changed once played."""

    __slots__ = ("played", "steps")

    def __init__(self, played=(), steps=()):
        self.played: list[tuple] = list(played)
        self.steps: list[Step] = list(steps)

    def __deepcopy__(self, memo):
        return _Record(self.played, self.steps)

    def __reduce__(self):
        return (_Record, (self.played, self.steps))


# OpenSpiel's pseudo-players for ours (a player to move is the same number in both)
_PSEUDO_PLAYERS = {CHANCE: pyspiel.PlayerId.CHANCE, TERMINAL: pyspiel.PlayerId.TERMINAL}

# games whose notation of an action depends on the position (Parforcejagd names the piece
# to move): their Step texts are written as they are played, the others' when first asked
_TEXT_OF_POSITION = frozenset({"parforce"})


class QuarryState(pyspiel.State):
    """One position of our game `name`: our GameState, and the cards of a deal dealt so far
    when our rules draw the deal whole.

    What OpenSpiel's Python algorithms ask at every step is answered here in Python
    (legal_actions, is_chance_node), not by a round trip through OpenSpiel's C++ State that
    calls back into Python several times; the answers are the same (tests/interop checks)."""

    def __init__(self, game, name: str, options: dict):
        super().__init__(game)
        self.name = name
        self.held = _Held(new_state(name, options))
        self.options = dict(options)
        self.picks: list[int] = []  # the outcome ids of a deal dealt so far
        self.dealer = dealer(name, self.held.state)
        self.record = _Record()
        self._texts_now = name in _TEXT_OF_POSITION

    @property
    def quarry(self):
        """Our GameState."""
        return self.held.state

    @property
    def steps(self) -> list[Step]:
        """Our actions so far, each with its notation (a deal counted once, when whole)."""
        record = self.record
        steps, played = record.steps, record.played
        if len(steps) < len(played):
            notation = self.held.state.format_action  # the same text from any position
            steps.extend(
                Step(player, ours, notation(ours) if text is None else text)
                for player, ours, text in played[len(steps) :]
            )
        return steps

    def _dealing(self, quarry) -> bool:
        """Return whether `quarry` waits for a deal dealt here a card at a time. A deal comes
        only at the start: once the game is past it, the dealer is let go."""
        if self.dealer is None:
            return False
        if self.picks or self.dealer.waiting(quarry):
            return True
        self.dealer = None
        return False

    # --- whose move, what is legal --------------------------------------------------------

    def current_player(self):
        player = self.held.mover
        return player if player >= 0 else _PSEUDO_PLAYERS[player]

    def is_chance_node(self):
        return self.held.mover == CHANCE

    def legal_actions(self, player=None):
        """Return the legal ids (a new list) as OpenSpiel's State.legal_actions does: a chance
        node's outcomes whoever asks, none for a player not to move or a finished game. A list
        of SHARED_IDS_FROM ids or more (The Hunt's maps) is shared between calls: do not change
        it (copying 82,944 ids would cost more than the rest of a hunt)."""
        held = self.held
        current = held.mover
        if current >= 0 and (player is None or player == current):
            count = len(held.legal if held.legal is not None else held.legal_actions())
            if count < 256:
                return _FEW_IDS[count].copy()
            if count < SHARED_IDS_FROM:
                return _many_ids(count).copy()
            return self._legal_actions(current)
        if current == TERMINAL:
            return []
        if current == CHANCE:
            return [outcome for outcome, _ in self.chance_outcomes()]
        if player < 0:
            raise pyspiel.SpielError(f"Called LegalActions for pseudo-player {player}")
        return []

    def _legal_actions(self, player):
        """Return the legal ids (a list shared by every state with as many: do not change it;
        OpenSpiel's C++ copies it)."""
        count = len(self.held.legal_actions())
        if count < SHARED_IDS_FROM:
            return _ids(count)
        if count > ACTION_ID_LIMIT:
            raise ValueError(f"{count} legal actions is more than ids go to ({ACTION_ID_LIMIT})")
        return _shared_ids(count)

    def chance_outcomes(self):
        quarry = self.held.state
        if self._dealing(quarry):
            return self.dealer.outcomes(quarry, self.picks)
        legal = self.held.legal_actions()
        weights = _chance_weights(self.name, quarry, legal)
        return list(enumerate(weights))

    # --- play ----------------------------------------------------------------------------

    def _apply_action(self, action):
        held = self.held
        if self.dealer is not None and self._dealing(held.state):
            self.picks.append(action)
            deal = self.dealer.deal(held.state, self.picks)
            if deal is not None:
                self._play(deal)
                self.picks = []
            return
        # held.action, then _play and held.play, written out: this is every step's path
        legal = held.legal if held.legal is not None else held.legal_actions()
        if not 0 <= action < len(legal):
            raise ValueError(f"action id {action} is not one of the {len(legal)} legal here")
        ours, quarry = legal[action], held.state
        text = quarry.format_action(ours) if self._texts_now else None
        self.record.played.append((held.mover, ours, text))
        held.legal = None
        quarry.apply(ours)
        held.mover = quarry.current_player()

    def _play(self, ours) -> None:
        """Play our action `ours` and note it in the history."""
        held = self.held
        text = held.state.format_action(ours) if self._texts_now else None
        self.record.played.append((held.mover, ours, text))
        held.play(ours)

    def _action_to_string(self, player, action):
        quarry = self.held.state
        if self._dealing(quarry):
            return self.dealer.text(action)
        return quarry.format_action(self.held.action(action))

    def is_terminal(self):
        return self.held.mover == TERMINAL

    def returns(self):
        if not self.held.state.is_terminal():
            return [0.0] * self.get_game().num_players()
        return list(self.held.state.returns())

    # --- a hidden state drawn from what a player knows ---------------------------------------

    def resample_from_infostate(self, player_id, probability_sampler):
        """Return a state `player_id` cannot tell from this one, drawn from what they know
        (IS-MCTS's determinization; interop/resample/ says how, game by game). A player who
        is hidden nothing gets a copy. Raises NotImplementedError for a game without a
        sampler."""
        if self.picks:
            return self.clone()  # in the middle of a deal: nothing dealt is seen yet
        drawn = resample_state(self.name, self.options, self.steps, player_id, probability_sampler)
        if drawn is None:
            return self.clone()
        quarry, steps = drawn
        other = self.get_game().new_initial_state()
        other.held = _Held(quarry)  # as other._play(step.action) for each step would leave it
        texts = other._texts_now
        other.record = _Record((s.player, s.action, s.text if texts else None) for s in steps)
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
