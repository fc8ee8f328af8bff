"""The form of a "Who is the Queen?" puzzle (docs/puzzles-cutthroat.md): the table, the
public record of turns, the rules of behaviour every player keeps, and the answer.

Characters are indices 0..N-1 (rules.RANKS by index); players are seats 0..N-1 with the
names in NAMES. A turn is a play (`take`: the two cards a marker came off, `put`: the card
one went back on) or a wrong guess (`guess`: the named seat and character). Only wrong
guesses are recorded: a right one would show the answer.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.games.cutthroat.rules import RANKS

NAMES = ("Ada", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")
MAX_PLAYERS = len(NAMES)
WORDS = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}

# The rules of behaviour, in the order the book prints them; a puzzle lists the ones it
# depends on (all of them, for every puzzle made now) and stores them in its JSON.
BEHAVIOUR = {
    "own-card": "Nobody takes a marker off their own character's life card.",
    "enemy-put": "Nobody puts a marker on their enemy's life card.",
    "does-good": (
        "Every play does its player some good: at least one of the two markers comes off "
        "their enemy's card, or the marker put back goes on their own card (or both)."
    ),
    "own-guess": (
        "Nobody names their own character in a guess: they know whose it is. A wrong "
        "answer is said aloud, so the named player is not that character either."
    ),
}
RULE_KEYS = tuple(BEHAVIOUR)


def rank_word(character: int) -> str:
    """Return a character in words: "the Ace", "the 7"."""
    rank = RANKS[character]
    return f"the {WORDS.get(rank, rank)}"


@dataclass(frozen=True)
class Turn:
    """One turn of the record: `seat` played (took markers off `take`, put one on `put`)
    or guessed wrongly that seat `guess[0]` is character `guess[1]`."""

    seat: int
    take: tuple[int, ...] = ()
    put: int | None = None
    guess: tuple[int, int] | None = None

    @property
    def is_play(self) -> bool:
        return self.guess is None

    def to_json(self) -> dict:
        """Return the turn as plain values (ranks by name)."""
        if self.guess is not None:
            return {"seat": self.seat, "guess": [self.guess[0], RANKS[self.guess[1]]],
                    "answer": "wrong"}  # fmt: skip
        return {"seat": self.seat, "take": [RANKS[c] for c in self.take], "put": RANKS[self.put]}

    @classmethod
    def from_json(cls, data: dict) -> Turn:
        """Return the turn that to_json wrote; ValueError if it is not one."""
        seat = data["seat"]
        if "guess" in data:
            if data.get("answer") != "wrong":
                raise ValueError("a recorded guess must be answered 'wrong'")
            target, rank = data["guess"]
            return cls(seat, guess=(int(target), _character(rank)))
        take = tuple(_character(rank) for rank in data["take"])
        if len(take) != 2:
            raise ValueError("a play takes two markers")
        return cls(int(seat), take=take, put=_character(data["put"]))

    def text(self, names: tuple[str, ...]) -> str:
        """Return the turn in words, without the player's name."""
        if self.guess is not None:
            target, character = self.guess
            return f"guessed {names[target]} is {rank_word(character)}: wrong"
        first, second = (rank_word(c) for c in self.take)
        took = (
            f"took two off {first}"
            if first == second
            else f"took one off {first} and one off {second}"
        )
        return f"{took}; put one on {rank_word(self.put)}"


def _character(rank: str) -> int:
    if rank not in RANKS:
        raise ValueError(f"{rank!r} is not a rank")
    return RANKS.index(rank)


@dataclass
class Puzzle:
    """One puzzle: id, difficulty, the table (players, their names), the record of turns
    from seat 0, the rules of behaviour it depends on, the answer (each seat's character)
    and one enemy deal that fits the record (the answer says nothing of enemies)."""

    id: str
    difficulty: str
    players: int
    turns: list[Turn]
    solution: list[int]
    enemies: list[int]
    rules: list[str] = field(default_factory=lambda: list(RULE_KEYS))

    @property
    def names(self) -> tuple[str, ...]:
        return NAMES[: self.players]

    def to_json(self) -> dict:
        """Return the puzzle as plain values (from_json reads it back)."""
        return {
            "id": self.id,
            "difficulty": self.difficulty,
            "players": self.players,
            "names": list(self.names),
            "characters": list(RANKS[: self.players]),
            "rules": {key: BEHAVIOUR[key] for key in self.rules},
            "turns": [turn.to_json() for turn in self.turns],
            "solution": [RANKS[c] for c in self.solution],
            "enemies": [RANKS[c] for c in self.enemies],
        }

    @classmethod
    def from_json(cls, data: dict) -> Puzzle:
        """Return the puzzle that to_json wrote; ValueError naming what is malformed."""
        players = data["players"]
        if type(players) is not int or not 6 <= players <= MAX_PLAYERS:
            raise ValueError(f"players must be 6 to {MAX_PLAYERS}, got {players!r}")
        unknown = [key for key in data["rules"] if key not in BEHAVIOUR]
        if unknown:
            raise ValueError(f"unknown rule of behaviour {unknown[0]!r}")
        puzzle = cls(
            id=data["id"],
            difficulty=data["difficulty"],
            players=players,
            turns=[Turn.from_json(turn) for turn in data["turns"]],
            solution=[_character(rank) for rank in data["solution"]],
            enemies=[_character(rank) for rank in data["enemies"]],
            rules=list(data["rules"]),
        )
        problem = record_problem(puzzle.players, puzzle.turns, puzzle.solution, puzzle.enemies)
        if problem:
            raise ValueError(problem)
        return puzzle


def play_problem(turn: Turn, identity: int, enemy: int) -> str | None:
    """Return which rule of behaviour a play breaks for a player who is `identity` with
    the enemy card `enemy`, or None when it keeps them all."""
    if identity in turn.take:
        return "own-card"
    if turn.put == enemy:
        return "enemy-put"
    if enemy not in turn.take and turn.put != identity:
        return "does-good"
    return None


def guess_problem(turn: Turn, identity: list[int]) -> str | None:
    """Return which rule a wrong guess breaks under the identities by seat, or None."""
    target, character = turn.guess
    if identity[turn.seat] == character:
        return "own-guess"
    if identity[target] == character:
        return "a right answer recorded as wrong"
    return None


def record_problem(
    players: int, turns: list[Turn], identity: list[int], enemies: list[int]
) -> str | None:
    """Return what is wrong with a record under a deal (identities and enemies by seat):
    turns out of seat order, a card emptied, a rule of behaviour broken; None if nothing."""
    if sorted(identity) != list(range(players)) or sorted(enemies) != list(range(players)):
        return "identities and enemies must each be dealt once"
    markers = [8] * players
    for index, turn in enumerate(turns):
        if turn.seat != index % players:
            return f"turn {index + 1} is not seat {index % players}'s"
        if turn.is_play:
            for character in turn.take:
                markers[character] -= 1
            markers[turn.put] += 1
            if min(markers) < 1:
                return f"turn {index + 1} empties a life card"
            problem = play_problem(turn, identity[turn.seat], enemies[turn.seat])
        else:
            target = turn.guess[0]
            if target == turn.seat or not 0 <= target < players:
                return f"turn {index + 1} guesses about {target}"
            problem = guess_problem(turn, identity)
        if problem:
            return f"turn {index + 1} breaks {problem}"
    return None


def engine_actions(puzzle: Puzzle) -> list[str]:
    """Return the record in the engine's notation (rules.CutthroatState): the deal (the
    answer and the stored enemies), then each turn's steps."""
    ranks = RANKS[: puzzle.players]
    actions = [
        "deal " + " ".join(ranks[c] for c in puzzle.solution)
        + " / " + " ".join(ranks[c] for c in puzzle.enemies)
    ]  # fmt: skip
    for turn in puzzle.turns:
        if turn.is_play:
            actions += ["play", *(f"take {ranks[c]}" for c in turn.take), f"put {ranks[turn.put]}"]
        else:
            actions.append(f"guess {turn.guess[0]} {ranks[turn.guess[1]]}")
    return actions
