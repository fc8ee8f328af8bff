""" "Where is the quarry?": solo deduction puzzles for The Most Dangerous Game.

A puzzle is a short hunt on a small island (8 x 8 to 11 x 11 squares, drawn in the book)
seen as the Hunter sees it: one Hunter, one Hunted, T cycles (3 to 5), then the Hunter's move
of cycle T + 1. The givens, every one printed and stored in the JSON:

- the island: land, inland water, hiding places, elevations and the four boats;
- where the Hunter stood in each cycle (he moves first, then looks), and that he never saw
  the Hunted: no sighting, and no card played but the Sprints listed;
- the Hunted's roll in each cycle (he moves exactly that many steps, a boat crossing at
  most once) and the cycles in which he played Sprint (up to 2 more steps on foot);
- the trail: from cycle 3 on, the square he stood on two marks before (rules.TRAIL_LAG).

The question: on which square is the Hunted now, when the Hunter has moved in cycle T + 1
and still sees nothing? Exactly one square fits.

The facts are the tracker's (tracking.Track): a look that sees nothing rules out the squares
in the Hunter's sight (6 steps, 8 from an elevation, 2 onto a hiding place) at that time; a
trail reveal pins the square of an earlier time. Where he may be now is the forward set of
those facts; looking back never narrows it further.

Grading: three solver levels, each the same forward sweep (candidates after a move, then
cross out what the Hunter saw) with a coarser or finer rule for where a move can end:

- level 1 (easy), "count the steps": within `roll` steps of a candidate, walking over land
  and water, a boat crossing counting one step (one crossing a move);
- level 2 (medium), "colours on foot": the squares alternate like a chessboard and every
  step on foot changes colour, so a move made on foot ends on the candidate's colour when
  the roll is even and on the other colour when it is odd; a move that crosses by boat may
  end on either colour (within `roll` steps);
- level 3 (hard), "colours through the boats": a crossing is one step too, from one boat to
  its neighbour in the ring, so the colour at the end of a move through a boat follows from
  the two boats' colours; this is exact (tracking.Track's movement).

A Sprint (up to 2 steps on foot) is the same at every level. A puzzle is graded N when the
level-N sweep leaves one square and the level N - 1 sweep more than one (level 0: the last
looks alone leave one square of the island; such puzzles are never made). Uniqueness is
certified by CP-SAT (certify_answer) and, in the tests, by a search over every walk.

Generation: a seeded random island, a hidden hunt where the Hunter moves to where he rules
out the most of the Hunted's possible squares without seeing him and the Hunted moves at
random out of sight; kept when the grade is the one asked and CP-SAT agrees. The id
`island-<difficulty>-<seed>` reproduces a puzzle: generate_puzzle(id).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from generator.engine.bitboards import bits
from generator.games import DIFFICULTIES, PuzzleSeries
from generator.games.island.board import (
    JUNGLE,
    LAGOON,
    MOUNTAINS,
    SEA,
    SEA_CHAR,
    ZONE_CHARS,
    Geometry,
    Island,
    parse_square,
)
from generator.games.island.tracking import Move, Track

LEVELS = {"easy": 1, "medium": 2, "hard": 3}
LEVEL_NAMES = {1: "count the steps", 2: "colours on foot", 3: "colours through the boats"}
MAX_ATTEMPTS = 3000
CPSAT_SECONDS = 10.0
RANGE, ELEVATED_RANGE, NEAR_RANGE = 6, 8, 2  # as rules.py: the Hunter's sight
HUNTER_DIE, HUNTED_DIE = 8, 6
SPRINT_STEPS = 2
TRAIL_LAG = 2  # in cycle c the trail shows mark c - 2
SIZES = {"easy": (8, 9), "medium": (9, 10), "hard": (10, 11)}
CYCLES = {"easy": (3, 4), "medium": (3, 4), "hard": (3, 5)}
SPRINT_CHANCE = 0.3


# --- the puzzle and its island --------------------------------------------------------------


@dataclass
class Puzzle:
    """One puzzle: id, grade, the island (as puzzle_island reads it), the Hunter's square
    in each cycle 1..T+1, the Hunted's rolls and Sprint cycles, the trail reveals
    {cycle: square} and the answer (a square name)."""

    id: str
    difficulty: str
    island: dict
    hunter: list[str]
    rolls: list[int]
    sprints: list[int]
    trail: dict[int, str]
    answer: str
    board: Island | None = field(default=None, repr=False, compare=False)

    @property
    def cycles(self) -> int:
        """Return T, the number of cycles the Hunted has played."""
        return len(self.rolls)

    def land(self) -> Island:
        """Return the puzzle's island as a board.Island (made once)."""
        if self.board is None:
            self.board = puzzle_island(self.island)
        return self.board

    def to_json(self) -> dict:
        """Return the puzzle as a dict of plain values (from_json reads it back)."""
        return {
            "id": self.id,
            "difficulty": self.difficulty,
            "island": {k: list(v) for k, v in self.island.items()},
            "hunter": list(self.hunter),
            "rolls": list(self.rolls),
            "sprints": list(self.sprints),
            "trail": {str(c): s for c, s in sorted(self.trail.items())},
            "answer": self.answer,
        }

    @classmethod
    def from_json(cls, data: object) -> Puzzle:
        """Return the puzzle in `data` (as to_json writes it); ValueError if malformed."""
        keys = {"id", "difficulty", "island", "hunter", "rolls", "sprints", "trail", "answer"}
        if not isinstance(data, dict) or set(data) != keys:
            raise ValueError(f"an island puzzle has the keys {', '.join(sorted(keys))}")
        if data["difficulty"] not in DIFFICULTIES:
            raise ValueError(f"difficulty must be one of {', '.join(DIFFICULTIES)}")
        puzzle = cls(
            str(data["id"]),
            data["difficulty"],
            {k: list(v) for k, v in dict(data["island"]).items()},
            [str(s) for s in data["hunter"]],
            [int(r) for r in data["rolls"]],
            [int(c) for c in data["sprints"]],
            {int(c): str(s) for c, s in dict(data["trail"]).items()},
            str(data["answer"]),
        )
        timeline(puzzle)  # raises ValueError on a malformed history
        return puzzle


def puzzle_island(data: dict) -> Island:
    """Return the Island of a puzzle's "island" entry: "rows" (board format characters: ~
    sea, a zone letter for land, lower case for water), "hiding", "elevation" and "boats"
    (W N E S) as square names. ValueError if it does not describe one."""
    rows = [str(row) for row in data.get("rows", [])]
    size = len(rows)
    if not 4 <= size <= 26 or any(len(row) != size for row in rows):
        raise ValueError("a puzzle island is a square of 4 to 26 rows of equal length")
    zones, water = [], set()
    for row in rows:
        for char in row:
            if char == SEA_CHAR:
                zones.append(SEA)
                continue
            if char.upper() not in ZONE_CHARS:
                raise ValueError(f"{char!r} is not a square of a puzzle island")
            if char.islower():
                water.add(len(zones))
            zones.append(ZONE_CHARS.index(char.upper()))

    def squares(key: str) -> list[int]:
        return [parse_square(str(name), size) for name in data.get(key, [])]

    boats = tuple(squares("boats"))
    if len(set(boats)) != 4 or len(boats) != 4:
        raise ValueError("a puzzle island has four boats on four squares, W N E S")
    island = Island(
        size=size,
        zones=tuple(zones),
        water=frozenset(water),
        camp=(),
        elevation=frozenset(squares("elevation")),
        hiding=frozenset(squares("hiding")),
        boats=boats,  # type: ignore[arg-type]
    )
    for square in [*island.hiding, *island.elevation, *island.boats]:
        if not island.is_land(square):
            raise ValueError(f"{island.name(square)} is not land")
    return island


# --- the facts ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Event:
    """One thing the Hunter learns, in the order it happens: a "look" from `square` that
    sees nothing (the Hunted's square at `time` is not in `mask`), a "trail" reveal (his
    square at `time` was `square`), or a "move" / "sprint" of the Hunted (`roll` steps,
    time advances to `time`)."""

    kind: str
    cycle: int
    time: int
    square: int = -1
    roll: int = 0
    mask: int = -1


def sight(geometry: Geometry, island: Island, square: int) -> int:
    """Return the squares a Hunter on `square` sees a Hunted on (rules' range and hiding)."""
    radius = ELEVATED_RANGE if square in island.elevation else RANGE
    return geometry.sight(square, radius) & geometry.passable


def timeline(puzzle: Puzzle) -> list[Event]:
    """Return the puzzle's events in order. In cycle c the Hunter moves and looks (the
    Hunted at his time after cycle c - 1); from cycle 3 the trail shows mark c - 2; the
    Hunted moves and the Hunter looks; after a Sprint he looks again. Cycle T + 1 holds the
    Hunter's move and look only. ValueError for a history that does not fit that shape."""
    island = puzzle.land()
    geo = island.geometry
    turns = puzzle.cycles
    if len(puzzle.hunter) != turns + 1 or not 1 <= turns <= 12:
        raise ValueError("the Hunter stands somewhere in each cycle 1..T+1, T the rolls")
    if any(not 1 <= r <= HUNTED_DIE for r in puzzle.rolls):
        raise ValueError("a Hunted's roll is 1 to 6")
    if any(not 1 <= c <= turns for c in puzzle.sprints) or len(set(puzzle.sprints)) != len(
        puzzle.sprints
    ):
        raise ValueError("Sprints are played once each in cycles 1..T")
    if set(puzzle.trail) != set(range(TRAIL_LAG + 1, turns + 1)):
        raise ValueError("the trail is shown in every cycle from 3 to T")
    try:
        hunters = [island.parse(s) for s in puzzle.hunter]
        trail = {c: island.parse(s) for c, s in puzzle.trail.items()}
        island.parse(puzzle.answer)
    except ValueError as error:
        raise ValueError(str(error)) from None
    events: list[Event] = []
    mark_times = [0]  # mark 1 at time 0; mark m + 1 when his turn in cycle m ends
    time = 0
    for cycle in range(1, turns + 2):
        here = hunters[cycle - 1]
        events.append(Event("look", cycle, time, here, mask=sight(geo, island, here)))
        if cycle > turns:
            break
        if cycle > TRAIL_LAG:
            mark = cycle - TRAIL_LAG
            events.append(Event("trail", cycle, mark_times[mark - 1], trail[cycle]))
        time += 1
        events.append(Event("move", cycle, time, roll=puzzle.rolls[cycle - 1]))
        events.append(Event("look", cycle, time, here, mask=sight(geo, island, here)))
        if cycle in puzzle.sprints:
            time += 1
            events.append(Event("sprint", cycle, time, roll=SPRINT_STEPS))
            events.append(Event("look", cycle, time, here, mask=sight(geo, island, here)))
        mark_times.append(time)
    return events


def moves_and_facts(puzzle: Puzzle) -> tuple[list[Move], list[int]]:
    """Return the Hunted's moves (time t - 1 to t) and, for each time 0..now, the mask his
    square must lie in (land at the start; every look and trail reveal applied)."""
    geo = puzzle.land().geometry
    moves: list[Move] = []
    facts = [geo.land]
    for event in timeline(puzzle):
        if event.kind == "move":
            moves.append(Move(event.roll, exact=True, boat=True))
            facts.append(geo.passable)
        elif event.kind == "sprint":
            moves.append(Move(event.roll, exact=False, boat=False))
            facts.append(geo.passable)
        elif event.kind == "look":
            facts[event.time] &= ~event.mask
        else:
            facts[event.time] &= 1 << event.square
    return moves, facts


# --- the solver levels ----------------------------------------------------------------------


def level_reach(geo: Geometry, mask: int, move: Move, level: int) -> int:
    """Return where a move from the squares of `mask` can end by the rule of `level`: 1
    within the steps, 2 with the colour rule on foot (either colour through a boat), 3
    exactly (the colour through the boats too). A Sprint is the same at every level."""
    if not move.exact or level >= 3:
        return geo.reach(mask, move.steps, move.exact, move.boat)
    if level <= 1:
        return geo.reach(mask, move.steps, exact=False, boat=move.boat)
    on_foot = geo.reach(mask, move.steps, exact=True, boat=False)
    return on_foot | _crossed_within(geo, mask, move.steps)


def _crossed_within(geo: Geometry, mask: int, steps: int) -> int:
    """Return the squares a path of at most `steps` steps from `mask` that crosses by boat
    once can end on."""
    walked, crossed = mask, 0
    for _ in range(steps):
        walked, crossed = (
            walked | geo.step(walked),
            crossed | geo.step(crossed) | geo.boat_step(walked),
        )
    return crossed


def sweep(puzzle: Puzzle, level: int) -> list[int]:
    """Return the candidate squares at each time 0..now by the level's forward sweep."""
    geo = puzzle.land().geometry
    moves, facts = moves_and_facts(puzzle)
    sets = [facts[0]]
    for t, move in enumerate(moves, 1):
        sets.append(level_reach(geo, sets[-1], move, level) & facts[t])
    return sets


def solve_at_level(puzzle: Puzzle, level: int) -> str | None:
    """Return the answer (a square name) if the level's sweep leaves one square, else None."""
    last = sweep(puzzle, level)[-1]
    return puzzle.land().name(last.bit_length() - 1) if last.bit_count() == 1 else None


def grade(puzzle: Puzzle) -> int | None:
    """Return the lowest level (1-3) whose sweep leaves one square, None if none does; 0
    when the last looks alone leave one square of the island (no step needs counting:
    such puzzles are too plain and never generated)."""
    _, facts = moves_and_facts(puzzle)
    if (facts[-1] & puzzle.land().geometry.passable).bit_count() == 1:
        return 0
    for level in (1, 2, 3):
        if solve_at_level(puzzle, level) is not None:
            return level
    return None


def worked_solution(puzzle: Puzzle) -> list[dict]:
    """Return the reasoning at the puzzle's own level as steps, from the latest trail
    reveal to now: each {"text": a sentence, "squares": the candidates after it (names),
    "hunter": the Hunter's square of a look or None, "pin": the pinned square or None}."""
    island = puzzle.land()
    geo = island.geometry
    level = LEVELS[puzzle.difficulty]
    events = timeline(puzzle)
    last_trail = max((e for e in events if e.kind == "trail"), key=lambda e: e.time)
    moves, facts = moves_and_facts(puzzle)
    names = island.name
    steps: list[dict] = []
    mark = last_trail.cycle - TRAIL_LAG
    current = 1 << last_trail.square
    text = (
        f"The trail in cycle {last_trail.cycle} shows mark {mark}: {names(last_trail.square)}."
        " What came before it no longer matters."
    )
    steps.append(_step(island, text, current, None, last_trail.square))
    time = last_trail.time
    for event in events:
        if event.time <= last_trail.time or event.kind == "trail":
            continue
        if event.kind in ("move", "sprint"):
            move = moves[event.time - 1]
            coarser = level_reach(geo, current, move, level - 1) if level > 1 else 0
            current = level_reach(geo, current, move, level)
            time = event.time
            text = _move_text(event, level, island, coarser & ~current)
            steps.append(_step(island, text, current, None, None))
        elif event.kind == "look" and event.time == time:
            before = current
            current &= ~event.mask
            gone = (before & ~current).bit_count()
            if not gone:
                continue  # a look that rules out nothing is not a step
            where = names(event.square)
            reach = ELEVATED_RANGE if event.square in island.elevation else RANGE
            text = (
                f"Cycle {event.cycle}: the Hunter on {where} (range {reach}) sees nothing: "
                f"{gone} square{'s' if gone != 1 else ''} crossed out."
            )
            steps.append(_step(island, text, current, event.square, None))
    assert current == sweep(puzzle, level)[-1] and facts  # the same sweep, told step by step
    steps.append({"text": f"Answer: {puzzle.answer}.", "squares": [], "hunter": None, "pin": None})
    return steps


def _move_text(event: Event, level: int, island: Island, ruled_out: int) -> str:
    """Return the sentence of a move at `level`; `ruled_out` holds the squares the level's
    own rule takes away from what the level below would keep."""
    if event.kind == "sprint":
        return f"Cycle {event.cycle}: a Sprint, up to 2 more steps on foot, no boat."
    roll = event.roll
    head = f"Cycle {event.cycle}: he rolls {roll}"
    colour = "keeps his colour" if roll % 2 == 0 else "changes his colour"
    if level == 1:
        return f"{head}: anywhere within {roll} step{'s' if roll > 1 else ''}."
    gone = ruled_out.bit_count()
    if level == 2:
        return (
            f"{head}: within {roll} steps, and on foot an {'even' if roll % 2 == 0 else 'odd'} "
            f"roll {colour} (through a boat, either colour). The colours rule out {gone} "
            f"square{'s' if gone != 1 else ''}."
        )
    names = ", ".join(island.name(s) for s in bits(ruled_out))
    return (
        f"{head}: on foot he {colour}, and through a boat the colour follows too: the "
        f"crossing is one step from one boat's colour to the other's. That rules out "
        f"{names or 'nothing more'}{' besides' if names else ''}."
    )


def _step(island: Island, text: str, mask: int, hunter: int | None, pin: int | None) -> dict:
    squares = bits(mask)
    count = len(squares)
    if count <= 6:
        text += " Left: " + ", ".join(island.name(s) for s in squares) + "."
    else:
        text += f" {count} squares left."
    return {
        "text": text,
        "squares": [island.name(s) for s in squares],
        "hunter": None if hunter is None else island.name(hunter),
        "pin": None if pin is None else island.name(pin),
    }


# --- uniqueness: CP-SAT ---------------------------------------------------------------------


def certify_answer(puzzle: Puzzle, seconds: float = CPSAT_SECONDS) -> str | None:
    """Return the puzzle's answer if CP-SAT proves it the only square the Hunted can be on
    now: one variable per (time, square) of his path, each fact a constraint, a move's end
    next to where some walk of its length leads; a first solve finds a path, and a second
    that forbids its last square is INFEASIBLE. None if that fails."""
    # imported here: loading this module for the book must not load OR-Tools
    from ortools.sat.python import cp_model

    from generator.solve.cpsat import certify_unique

    island = puzzle.land()
    geo = island.geometry
    moves, facts = moves_and_facts(puzzle)
    model = cp_model.CpModel()
    squares = bits(geo.passable)
    at = [
        {s: model.new_bool_var(f"at_{t}_{island.name(s)}") for s in squares}
        for t in range(len(facts))
    ]
    place = []
    for t, row in enumerate(at):
        model.add_exactly_one(row.values())
        for s, var in row.items():
            if not facts[t] >> s & 1:
                model.add(var == 0)
        var = model.new_int_var_from_domain(cp_model.Domain.from_values(squares), f"place_{t}")
        model.add(var == sum(s * v for s, v in row.items()))
        place.append(var)
    for t, move in enumerate(moves, 1):
        for s, var in at[t].items():
            # movement is symmetric: the squares a move from s reaches are those leading to s
            before = geo.reach(1 << s, move.steps, move.exact, move.boat)
            model.add_bool_or([at[t - 1][p] for p in bits(before)]).only_enforce_if(var)
    solution = certify_unique(model, [place[-1]], seconds)
    if solution is None:
        return None
    return island.name(solution.values[place[-1].name])


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
        hunted = rng.choice(ends)
        track.move(roll)
        track.fact(blind)
        if rng.random() < SPRINT_CHANCE:
            near = geo.reach(1 << hunted, SPRINT_STEPS, exact=False, boat=False) & blind
            hunted = rng.choice(bits(near))
            sprints.append(cycle)
            track.extra(SPRINT_STEPS)
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


def book_entries(puzzles: Sequence[Puzzle]) -> list[dict]:
    """Return the puzzles as the book wants them: each to_json() with "reasoning", the
    worked solution's steps (see worked_solution)."""
    entries = []
    for puzzle in puzzles:
        data = puzzle.to_json()
        data["reasoning"] = worked_solution(puzzle)
        entries.append(data)
    return entries
