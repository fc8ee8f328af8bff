"""The protocol every game's rules follow (after OpenSpiel): states, actions, observers.

A state knows whose move it is (a player index, CHANCE, or TERMINAL), the legal actions,
how to apply one, and the scores once the game is over. Every action has a short text
notation with parse/format that round-trip, so a record of notations replays a game.
"""

from abc import ABC, abstractmethod
from collections.abc import Hashable, Sequence
from typing import Any

CHANCE = -1
TERMINAL = -2


class IllegalAction(Exception):
    """An action that is not legal in the state it was played in; the message says why."""


class GameState(ABC):
    """One position of a game. Mutable: apply() changes it; clone() copies it."""

    @abstractmethod
    def current_player(self) -> int:
        """Return the player to move, CHANCE, or TERMINAL."""

    @abstractmethod
    def legal_actions(self) -> Sequence[Hashable]:
        """Return every legal action for the player to move (empty when terminal), in a fixed
        order: a list, or for a step with very many actions an IndexedActions
        (engine/actions.py) that decodes each when asked for."""

    @abstractmethod
    def apply(self, action: Hashable) -> None:
        """Play `action`; raise IllegalAction (with the reason) if it is not legal."""

    @abstractmethod
    def is_terminal(self) -> bool:
        """Return True when the game is over."""

    @abstractmethod
    def returns(self) -> list[float]:
        """Return each player's score (meaningful when terminal)."""

    @abstractmethod
    def observation(self, player: int) -> Any:
        """Return exactly what `player` may know now (never hidden state of others)."""

    @abstractmethod
    def clone(self) -> "GameState":
        """Return an independent copy."""

    @abstractmethod
    def parse_action(self, text: str) -> Hashable:
        """Return the action written as `text` (raise IllegalAction if it is not one)."""

    @abstractmethod
    def format_action(self, action: Hashable) -> str:
        """Return the text notation of `action` (parse_action(format_action(a)) == a)."""
