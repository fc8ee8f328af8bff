""" "Where is the quarry?": solo deduction puzzles for The Most Dangerous Game
(docs/puzzles-island.md).

A puzzle is a short hunt on a small island (8 x 8 to 11 x 11 squares, drawn in the book)
seen as the Hunter sees it: one Hunter, one Hunted, T cycles (3 to 5), then the Hunter's move
of cycle T + 1. The question: on which square is the Hunted now, when the Hunter has moved in
cycle T + 1 and still sees nothing? Exactly one square fits.

- form.py: the puzzle (its givens and their JSON), its island, and the facts they state;
- solvers.py: the three solver levels that grade a puzzle, and its worked solution;
- uniqueness.py: the CP-SAT certificate that the answer is the only square;
- book.py: the puzzle book's pages;
- this module: making puzzles, the API the CLI and the kit use.

Generation: a seeded random island, a hidden hunt where the Hunter moves to where he rules
out the most of the Hunted's possible squares without seeing him and the Hunted moves at
random out of sight; kept when the grade is the one asked and CP-SAT agrees. The id
`island-<difficulty>-<seed>` reproduces a puzzle: generate_puzzle(id).
"""

from __future__ import annotations

import random

from generator.engine.bitboards import bits
from generator.games import PuzzleSeries
from generator.games.island.board import JUNGLE, LAGOON, MOUNTAINS, SEA_CHAR, ZONE_CHARS
from generator.games.island.puzzles.form import (
    ELEVATED_RANGE,
    HUNTED_DIE,
    HUNTER_DIE,
    NEAR_RANGE,
    RANGE,
    SPRINT_STEPS,
    TRAIL_LAG,
    Puzzle,
    moves_and_facts,
    puzzle_island,
    sight,
    timeline,
)
from generator.games.island.puzzles.solvers import (
    LEVEL_NAMES,
    LEVELS,
    grade,
    solve_at_level,
    sweep,
    worked_solution,
)
from generator.games.island.puzzles.uniqueness import certify_answer
from generator.games.island.tracking import Track

__all__ = [
    "ELEVATED_RANGE",
    "LEVELS",
    "LEVEL_NAMES",
    "NEAR_RANGE",
    "RANGE",
    "Puzzle",
    "certify_answer",
    "generate_puzzle",
    "grade",
    "make_puzzles",
    "moves_and_facts",
    "parse_id",
    "puzzle_id",
    "puzzle_island",
    "sight",
    "solve_at_level",
    "sweep",
    "timeline",
    "worked_solution",
]

MAX_ATTEMPTS = 3000
SIZES = {"easy": (8, 9), "medium": (9, 10), "hard": (10, 11)}
CYCLES = {"easy": (3, 4), "medium": (3, 4), "hard": (3, 5)}
SPRINT_CHANCE = 0.3


# --- generation -----------------------------------------------------------------------------


def _random_island(rng: random.Random, size: int) -> dict:
    """Return a puzzle island entry: a blob of land grown inside a ring of sea, a little
    water, hiding places, elevations in a patch of Mountains, the four boats on the shore
    farthest west, north, east and south."""
    n = size
    inside = [(r, c) for r in range(1, n - 1) for c in range(1, n - 1)]
    target = int(len(inside) * rng.uniform(0.6, 0.75))
    land = {(n // 2, n // 2)}
    while len(land) < target:
        r, c = rng.choice(sorted(land))
        dr, dc = rng.choice(((0, 1), (1, 0), (0, -1), (-1, 0)))
        if 1 <= r + dr < n - 1 and 1 <= c + dc < n - 1:
            land.add((r + dr, c + dc))
    cells = sorted(land)

    def shore(cell: tuple[int, int]) -> bool:
        r, c = cell
        return any((r + dr, c + dc) not in land for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)))

    coast = [cell for cell in cells if shore(cell)]
    boats = [
        min(coast, key=lambda x: (x[1], abs(x[0] - n // 2))),
        min(coast, key=lambda x: (x[0], abs(x[1] - n // 2))),
        max(coast, key=lambda x: (x[1], -abs(x[0] - n // 2))),
        max(coast, key=lambda x: (x[0], -abs(x[1] - n // 2))),
    ]
    free = [cell for cell in cells if cell not in boats]
    rng.shuffle(free)
    water = set(free[: rng.randint(1, 3)])
    hiding = free[3 : 3 + rng.randint(3, 5)]
    elevation = free[8 : 8 + rng.randint(1, 2)]
    zones = {}
    for cell in cells:
        near_peak = any(abs(cell[0] - e[0]) + abs(cell[1] - e[1]) <= 2 for e in elevation)
        near_water = any(abs(cell[0] - w[0]) + abs(cell[1] - w[1]) <= 1 for w in water)
        zones[cell] = MOUNTAINS if near_peak else LAGOON if near_water else JUNGLE
    for cell in water:
        zones[cell] = LAGOON
    rows = []
    for r in range(n):
        row = ""
        for c in range(n):
            if (r, c) not in land:
                row += SEA_CHAR
            else:
                char = ZONE_CHARS[zones[(r, c)]]
                row += char.lower() if (r, c) in water else char
        rows.append(row)

    def name(cell: tuple[int, int]) -> str:
        return f"{chr(ord('A') + cell[1])}{cell[0] + 1}"

    return {
        "rows": rows,
        "hiding": sorted(name(c) for c in hiding),
        "elevation": sorted(name(c) for c in elevation),
        "boats": [name(c) for c in boats],
    }


def _play(rng: random.Random, difficulty: str, seed: int) -> Puzzle | None:
    """Return a hidden hunt written as a puzzle (answer: where the Hunted really is), or
    None when the Hunter could not keep from seeing him. The Hunter keeps a Track of what
    he knows and moves where his sight covers the most of it, among the squares his roll
    reaches from which he does not see the Hunted."""
    data = _random_island(rng, rng.randint(*SIZES[difficulty]))
    try:
        island = puzzle_island(data)
    except ValueError:  # two sides' boats on one square: draw another island
        return None
    geo = island.geometry
    turns = rng.randint(*CYCLES[difficulty])
    land = bits(geo.land)
    hunted = rng.choice(land)
    hunter = rng.choice(land)
    track = Track(geo, geo.land)
    hunters, rolls, sprints, trail, marks = [], [], [], {}, [(hunted, 0)]
    for cycle in range(1, turns + 2):
        options = geo.reach(1 << hunter, rng.randint(1, HUNTER_DIE)) & geo.land
        unseen = [s for s in bits(options) if not sight(geo, island, s) >> hunted & 1]
        if not unseen:
            return None
        possible = track.possible()
        unseen.sort(key=lambda s: -(sight(geo, island, s) & possible).bit_count())
        hunter = rng.choice(unseen[:3])
        hunters.append(hunter)
        blind = ~sight(geo, island, hunter)
        track.fact(blind)
        if cycle > turns:
            break
        if cycle > TRAIL_LAG:
            square, time = marks[cycle - TRAIL_LAG - 1]
            trail[cycle] = square
            track.fact_at(time, 1 << square)
        roll = rng.randint(1, HUNTED_DIE)
        rolls.append(roll)
        ends = bits(geo.reach(1 << hunted, roll) & blind)
        if not ends:
            return None
        walked = geo.reach(1 << hunted, roll, boat=False)
        hunted = rng.choice(ends)
        sailed = not walked >> hunted & 1  # no walk on foot ends there: he crossed
        track.move(roll)
        track.fact(blind)
        if rng.random() < SPRINT_CHANCE:
            near = geo.reach(1 << hunted, SPRINT_STEPS, exact=False, boat=not sailed) & blind
            hunted = rng.choice(bits(near))
            sprints.append(cycle)
            track.extra(SPRINT_STEPS, same_turn=True)
            track.fact(blind)
        marks.append((hunted, track.now()))
    name = island.name
    return Puzzle(
        puzzle_id(difficulty, seed),
        difficulty,
        data,
        [name(s) for s in hunters],
        rolls,
        sprints,
        {c: name(s) for c, s in trail.items()},
        name(hunted),
        board=island,
    )


def _attempt(difficulty: str, seed: int, attempt: int) -> Puzzle | None:
    """Return a puzzle graded exactly `difficulty` from one sub-seed, or None."""
    rng = random.Random(f"island-{difficulty}-{seed}-{attempt}")
    puzzle = _play(rng, difficulty, seed)
    if puzzle is None or grade(puzzle) != LEVELS[difficulty]:
        return None
    if certify_answer(puzzle) != puzzle.answer:
        raise RuntimeError(f"{puzzle.id}: CP-SAT disagrees with the level solvers")
    return puzzle


SERIES = PuzzleSeries("island", lambda d, s, a: _attempt(d, s, a), MAX_ATTEMPTS, "sub-seeds")


def puzzle_id(difficulty: str, seed: int) -> str:
    """Return the id that reproduces a puzzle: island-<difficulty>-<seed>."""
    return SERIES.puzzle_id(difficulty, seed)


def parse_id(text: str) -> tuple[str, int]:
    """Return (difficulty, seed) of a puzzle id; QuarryError if it is not one."""
    return SERIES.parse_id(text)


def generate_puzzle(difficulty: str, seed: int | None = None) -> Puzzle:
    """Return the puzzle of this difficulty and seed, graded exactly `difficulty` and
    certified by CP-SAT (or the one an id such as "island-hard-7" names); QuarryError when
    none of MAX_ATTEMPTS sub-seeds gives one."""
    return SERIES.generate(difficulty, seed)


def make_puzzles(count: int, difficulty: str, seed: int, loops: bool = False) -> list[Puzzle]:
    """Return `count` puzzles of one difficulty, puzzle i with seed `seed * 1000 + i`;
    QuarryError for a count outside 1-200, a bad difficulty or seed, or `loops`."""
    return SERIES.make(count, difficulty, seed, loops)
