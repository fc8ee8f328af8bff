"""Solo puzzles for CutThroat!: "Who is the Queen?" (docs/puzzles-cutthroat.md).

A puzzle is the public record of the first turns of a game, from seat 0 round the table:
each turn a play (which cards two markers came off, which card one went back on) or a wrong
guess. Every player keeps the rules of behaviour (form.BEHAVIOUR). The reader finds who is
which character; exactly one assignment fits.

Making one (Tatham's way): deal at random (identities, and enemy cards with nobody their
own enemy), then let the players take turns, each a random choice among the plays and wrong
guesses the rules of behaviour allow, no life card ever emptied. After each turn the solver
of the puzzle's level reads the record so far; at the first turn it can name everybody, the
record stops there. The puzzle is kept when the level below cannot solve that record (the
difficulty is the weakest level that solves it) and CP-SAT certifies the answer unique.
"""

from __future__ import annotations

import random

from generator.games import DIFFICULTIES, PuzzleSeries
from generator.games.cutthroat.puzzles.form import (
    BEHAVIOUR,
    NAMES,
    Puzzle,
    Turn,
    engine_actions,
    record_problem,
)
from generator.games.cutthroat.puzzles.solvers import LEVELS, Result, solve
from generator.games.cutthroat.puzzles.uniqueness import certified_answer

__all__ = [
    "BEHAVIOUR",
    "NAMES",
    "Puzzle",
    "Turn",
    "engine_actions",
    "generate_puzzle",
    "make_puzzles",
    "parse_id",
    "puzzle_id",
    "record_problem",
    "solve",
    "solution_steps",
]

SIZES = {"easy": (6,), "medium": (7, 8), "hard": (8, 9, 10)}  # players at the table
GUESSES = {"easy": 0.3, "medium": 0.25, "hard": 0.15}  # share of turns that are guesses
SELF_HELP = {"easy": 0.1, "medium": 0.1, "hard": 0.4}  # plays that put on the player's own card
MAX_ATTEMPTS = 400
OPTIONS = 6  # turns a player could take, of which the generator picks one
MAX_ROUNDS = 5


def _deal(rng: random.Random, players: int) -> tuple[list[int], list[int]]:
    identity = list(range(players))
    rng.shuffle(identity)
    while True:
        enemies = list(range(players))
        rng.shuffle(enemies)
        if all(e != i for e, i in zip(enemies, identity, strict=True)):
            return identity, enemies


def _play(rng: random.Random, seat: int, me: int, foe: int, markers: list[int], self_help: float):
    """Return a random play the rules of behaviour allow, leaving every card a marker."""
    spare = [c for c in range(len(markers)) if c != me and markers[c] >= 2]
    if rng.random() < self_help:
        others = [c for c in spare if c != foe]
        first = rng.choice(others)
        markers[first] -= 1
        second = rng.choice([c for c in others if markers[c] >= 2] or [first])
        markers[first] += 1
        return Turn(seat, take=(first, second), put=me)
    first = foe if markers[foe] >= 2 else rng.choice(spare)
    markers[first] -= 1
    second = rng.choice([c for c in spare if markers[c] >= 2] or [c for c in spare if c != first])
    markers[first] += 1
    put = rng.choice([c for c in range(len(markers)) if c != foe])
    if foe not in (first, second):
        put = me
    return Turn(seat, take=(first, second), put=put)


def _guess(rng: random.Random, seat: int, identity: list[int]) -> Turn:
    target = rng.choice([s for s in range(len(identity)) if s != seat])
    named = rng.choice(
        [c for c in range(len(identity)) if c not in (identity[seat], identity[target])]
    )
    return Turn(seat, guess=(target, named))


def _options(rng, difficulty, seat, identity, enemies, markers) -> list[Turn]:
    """Return OPTIONS turns the rules of behaviour allow seat `seat` now (some may repeat)."""
    out = []
    for _ in range(OPTIONS):
        if rng.random() < GUESSES[difficulty]:
            out.append(_guess(rng, seat, identity))
        else:
            mine = list(markers)
            out.append(_play(rng, seat, identity[seat], enemies[seat], mine, SELF_HELP[difficulty]))
    return out


def _attempt(difficulty: str, seed: int, attempt: int) -> Puzzle | None:
    """Deal, then take turns: of each turn's options, one that keeps the level below
    stuck, preferring the one that leaves the level's solver fewest candidates; stop at the
    first that lets the level solve."""
    rng = random.Random(f"cutthroat-{difficulty}-{seed}-{attempt}")
    players = rng.choice(SIZES[difficulty])
    identity, enemies = _deal(rng, players)
    level = LEVELS[difficulty]
    markers = [8] * players
    turns: list[Turn] = []
    for index in range(MAX_ROUNDS * players):
        best, best_left = None, None
        for option in _options(rng, difficulty, index % players, identity, enemies, markers):
            record = [*turns, option]
            if level > 1 and solve(players, record, level - 1).solved:
                continue  # an easier puzzle than asked for
            result = solve(players, record, level)
            if result.solved:
                return _finish(difficulty, seed, players, record, identity, enemies)
            left = sum(mask.bit_count() for mask in result.identity)
            if best_left is None or left < best_left:
                best, best_left = option, left
        if best is None:
            return None
        if best.is_play:
            for c in best.take:
                markers[c] -= 1
            markers[best.put] += 1
        turns.append(best)
    return None


def _finish(difficulty, seed, players, turns, identity, enemies) -> Puzzle:
    if record_problem(players, turns, identity, enemies) is not None:
        raise AssertionError("a generated record breaks its own rules")
    if certified_answer(players, turns, seed) != identity:
        raise AssertionError("a solver's answer is not CP-SAT's unique answer")
    return Puzzle(puzzle_id(difficulty, seed), difficulty, players, turns, identity, enemies)


def solution_steps(puzzle: Puzzle) -> Result:
    """Return the solver of the puzzle's level on its record: the steps of the solution."""
    return solve(puzzle.players, puzzle.turns, LEVELS[puzzle.difficulty])


SERIES = PuzzleSeries("cutthroat", lambda d, s, a: _attempt(d, s, a), MAX_ATTEMPTS, "deals")


def puzzle_id(difficulty: str, seed: int) -> str:
    """Return the id that reproduces a puzzle: cutthroat-<difficulty>-<seed>."""
    return SERIES.puzzle_id(difficulty, seed)


def parse_id(text: str) -> tuple[str, int]:
    """Return (difficulty, seed) of a puzzle id; QuarryError if it is not one."""
    return SERIES.parse_id(text)


def generate_puzzle(difficulty: str, seed: int | None = None) -> Puzzle:
    """Return the puzzle of this difficulty and seed, graded exactly `difficulty` and
    certified by CP-SAT (or the one an id such as "cutthroat-hard-7" names); QuarryError when
    none of MAX_ATTEMPTS deals gives one."""
    return SERIES.generate(difficulty, seed)


def make_puzzles(count: int, difficulty: str, seed: int, loops: bool = False) -> list[Puzzle]:
    """Return `count` puzzles of one difficulty, puzzle i with seed `seed * 1000 + i`;
    QuarryError for a count outside 1-200, a bad difficulty or seed, or `loops`."""
    return SERIES.make(count, difficulty, seed, loops)


assert tuple(LEVELS) == DIFFICULTIES
