"""Integer ids for our actions, as OpenSpiel and PettingZoo want them.

The id of an action is its index in `state.legal_actions()`. That order is fixed by the
rules and, for the player to move, depends only on what that player knows (the bots rely on
the same), so two states a player cannot tell apart number their actions alike. A chance
step's id is its index among the outcomes the rules list (a die, a card drawn).

`max_actions(game, options)` bounds every id of a game with those options: the most legal
actions any step can have, reasoned from the rules (see each `_bound_*`).
"""

from collections.abc import Hashable

from generator.engine.actions import IndexedActions
from generator.engine.game import GameState
from generator.games import game as registered


def action_id(state: GameState, action: Hashable) -> int:
    """Return the id of `action` in `state` (its index among the legal actions); ValueError
    when it is not legal there."""
    legal = state.legal_actions()
    if isinstance(legal, IndexedActions):
        if action not in legal:
            raise ValueError(f"{action!r} is not a legal action here")
        index = _direct_index(state, action)
        if index is not None:
            return index
    return legal.index(action)


def action_of(state: GameState, action_id: int) -> Hashable:
    """Return the action whose id is `action_id` in `state` (an IndexedActions decodes it
    directly); ValueError when no legal action has that id."""
    legal = state.legal_actions()
    if not 0 <= action_id < len(legal):
        raise ValueError(f"action id {action_id} is not one of the {len(legal)} legal here")
    return legal[action_id]


def _direct_index(state: GameState, action: Hashable) -> int | None:
    """Return the index of an action of a very long list without a search where the rules
    can compute it (The Hunt's maps), else None (a search: Fugitive's placements are
    thousands at most for hands as they come in play)."""
    from generator.games.hunt.maps import map_index
    from generator.games.hunt.rules import ChooseMap

    if isinstance(action, ChooseMap):
        return map_index(action.route_map, state.loops)
    return None


def max_actions(game_name: str, options: dict | None = None) -> int:
    """Return a bound on every action id of `game_name` with these options (a record
    header's options), chance outcomes included."""
    state = registered(game_name).state_from_header({"options": dict(options or {})})
    return _BOUNDS[game_name](state)


def _bound_hunt(state) -> int:
    """The Dragon's map is the widest step: every legal map (82,944, or 800,000 with
    loops); a search names at most a set of the five places (32 sets), an aide a handful."""
    from generator.games.hunt.maps import map_count

    return max(map_count(state.loops), 32 + 16)


def _bound_fugitive(state) -> int:
    """A placement: a pass, then for each Hideout of the hand every set of the other cards
    as Sprint: 1 + n * 2**(n - 1) for a hand of n cards, with n every card the Fugitive can
    ever hold (the start hand and every Hideout of the piles: 42). Guesses (41 single
    numbers), draws (3) and discards (at most the hand) are fewer."""
    from generator.games.fugitive.cards import PILES, START_HAND

    cards = len(START_HAND) + sum(high - low + 1 for low, high in PILES)
    return 1 + cards * 2 ** (cards - 1)


def _bound_cutthroat(state) -> int:
    """play, pass, bonus; take and put a character; guess a seat's character."""
    players = state.players
    return 3 + 2 * players + players * players


def _bound_parforce(state) -> int:
    """A piece moves to, or is placed on, one square of the board, or passes."""
    return state.board.size * state.board.size + 1


def _bound_island(state) -> int:
    """Each action names at most one card kind and one square or player: a move, a start,
    a trail or a camp is a square; a card play a card with a square or a player; a roll one
    face of a die (at most 20); 'done', 'pass', 'fight' and the like a few more."""
    from generator.games.island import cards

    squares = state.geo.size * state.geo.size
    return (len(cards.KINDS) + 1) * (squares + state.players) + 20 + 8


_BOUNDS = {
    "hunt": _bound_hunt,
    "fugitive": _bound_fugitive,
    "cutthroat": _bound_cutthroat,
    "parforce": _bound_parforce,
    "island": _bound_island,
}
