"""The Hunt as it is played: a match of two hunts, the players swapping roles between them.

The match's players are two seats. Seat A is the Dragon in the first hunt and the Knight in
the second; seat B the other way round. Each hunt is a HuntState of its own, with the route
map its Dragon draws; the second hunt begins as soon as the first is over. A seat sees what
its role in the current hunt may know, and the scores of the hunts already played (they are
public: Town announcements, aides and the vanquish are all said aloud). The seat whose
Dragon scored more wins the match; equal scores are a draw.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field

from generator.engine.game import TERMINAL, GameState
from generator.games.hunt.rules import (
    DRAGON,
    KNIGHT,
    ROLES,
    RULES_VERSION,
    DragonView,
    HuntState,
    KnightView,
    format_action,
    hunt_result,
    new_hunt,
    parse_action,
    result_text,
)

SEATS = ("A", "B")
SEAT_A, SEAT_B = 0, 1
HUNTS = 2
DRAW = "draw"


def match_winner(a_as_dragon: int, b_as_dragon: int) -> str:
    """Return "A", "B" or "draw": the seat whose Dragon scored more wins, a tie is a draw."""
    if a_as_dragon == b_as_dragon:
        return DRAW
    return SEATS[SEAT_A] if a_as_dragon > b_as_dragon else SEATS[SEAT_B]


def dragon_seat(hunt: int) -> int:
    """Return the seat that plays the Dragon in hunt 1 or 2 (A, then B)."""
    return SEAT_A if hunt == 1 else SEAT_B


def role_of(seat: int, hunt: int) -> int:
    """Return DRAGON or KNIGHT: the role `seat` plays in hunt 1 or 2."""
    return DRAGON if seat == dragon_seat(hunt) else KNIGHT


@dataclass(frozen=True)
class MatchView:
    """What one seat may know: which hunt it is, the seat's role in it, the Dragon scores of
    the hunts already over (None for a hunt not over yet), and the role's view of the hunt."""

    hunt: int
    seat: str
    role: str
    scores: tuple[int | None, int | None]
    view: KnightView | DragonView


@dataclass
class MatchState(GameState):
    """A match in progress: the hunts played so far, the last one the current one."""

    loops: bool = False
    hunts: list[HuntState] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.hunts:
            self.hunts = [new_hunt(self.loops)]

    # --- where the match is -------------------------------------------------------------
    @property
    def hunt(self) -> HuntState:
        """The hunt being played (the second once the first is over)."""
        return self.hunts[-1]

    @property
    def hunt_number(self) -> int:
        """1 or 2: which hunt is being played."""
        return len(self.hunts)

    @property
    def turn(self) -> int:
        """The turn of the hunt being played."""
        return self.hunts[-1].turn

    def dragon_scores(self) -> tuple[int, int]:
        """Return (seat A's Dragon score, seat B's): each seat's hunt as Dragon, so far."""
        second = self.hunts[1].dragon_score() if len(self.hunts) > 1 else 0
        return (self.hunts[0].dragon_score(), second)

    def winner(self) -> str | None:
        """Return "A", "B" or "draw" once the match is over, else None."""
        if not self.is_terminal():
            return None
        return match_winner(*self.dragon_scores())

    # --- protocol -----------------------------------------------------------------------
    def current_player(self) -> int:
        role = self.hunt.current_player()
        if role == TERMINAL:
            return TERMINAL
        dragon = dragon_seat(self.hunt_number)
        return dragon if role == DRAGON else 1 - dragon

    def legal_actions(self) -> Sequence:
        return self.hunt.legal_actions()

    def apply(self, action) -> None:
        self.hunt.apply(action)
        if self.hunt.is_terminal() and len(self.hunts) < HUNTS:
            self.hunts.append(new_hunt(self.loops))

    def is_terminal(self) -> bool:
        return len(self.hunts) == HUNTS and self.hunts[-1].is_terminal()

    def returns(self) -> list[float]:
        winner = self.winner()
        if winner is None or winner == DRAW:
            return [0.0, 0.0]
        return [1.0, -1.0] if winner == SEATS[SEAT_A] else [-1.0, 1.0]

    def observation(self, player: int) -> MatchView:
        number = self.hunt_number
        role = role_of(player, number)
        over = [h.dragon_score() if h.is_terminal() else None for h in self.hunts]
        scores = (over[0], over[1] if len(over) > 1 else None)
        return MatchView(number, SEATS[player], ROLES[role], scores, self.hunt.observation(role))

    def clone(self) -> "MatchState":
        return MatchState(loops=self.loops, hunts=[h.clone() for h in self.hunts])

    def parse_action(self, text: str):
        return parse_action(text)

    def format_action(self, action) -> str:
        return format_action(action)


def new_match(loops: bool = False) -> MatchState:
    """Return a match waiting for seat A's route map (seat A is the first Dragon)."""
    return MatchState(loops=loops)


def match_turn(state: MatchState) -> str:
    """Return where the match is, for messages: "hunt 2, turn 5"."""
    return f"hunt {state.hunt_number}, turn {state.turn}"


def match_result(state: MatchState) -> dict:
    """Return the match's result as a record stores it: each seat's Dragon score and the
    winner ("A", "B", "draw"; None while the match is not over)."""
    a, b = state.dragon_scores()
    return {"scores": {"A": a, "B": b}, "winner": state.winner()}


def match_hunts(state: MatchState) -> list[dict]:
    """Return each hunt played as a record stores it: who was the Dragon and the Knight, the
    public turn log and the hunt's result."""
    hunts = []
    for number, hunt in enumerate(state.hunts, start=1):
        dragon = dragon_seat(number)
        hunts.append(
            {
                "dragon": SEATS[dragon],
                "knight": SEATS[1 - dragon],
                "log": [record.to_json() for record in hunt.log],
                "result": hunt_result(hunt),
            }
        )
    return hunts


def match_result_text(state: MatchState) -> str:
    """Return a one-line account of the match (or of where an unfinished record stops)."""
    parts = []
    for number, hunt in enumerate(state.hunts, start=1):
        seat = SEATS[dragon_seat(number)]
        parts.append(f"hunt {number}, seat {seat} as Dragon: {result_text(hunt)}")
    a, b = state.dragon_scores()
    if not state.is_terminal():
        head = f"the record stops during hunt {state.hunt_number}, turn {state.turn}"
        return f"{head}; " + "; ".join(parts)
    winner = state.winner()
    verdict = "a draw" if winner == DRAW else f"seat {winner} wins"
    return f"match over: {verdict}, {a} to {b} as Dragon; " + "; ".join(parts)


def match_record(state: MatchState, actions: list[str], seed: int, players: dict) -> dict:
    """Return the JSON record of a match: header (options with "match": true), every action
    of both hunts in notation, each hunt's log and result, and the match's result."""
    return {
        "header": {
            "game": "hunt",
            "rules_version": RULES_VERSION,
            "options": {"loops": state.loops, "match": True},
            "seed": seed,
            "players": players,
        },
        "actions": actions,
        "hunts": match_hunts(state),
        "result": match_result(state),
    }
