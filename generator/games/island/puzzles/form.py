"""The form of a "Where is the quarry?" puzzle: its givens, its island, and the facts they
state. The givens, every one printed and stored in the JSON:

- the island: land, inland water, hiding places, elevations and the four boats;
- where the Hunter stood in each cycle (he moves first, then looks), and that he never saw
  the Hunted: no sighting, and no card played but the Sprints listed;
- the Hunted's roll in each cycle (he moves exactly that many steps) and the cycles in
  which he played Sprint (up to 2 more steps); a boat crossing is one step, and he crosses
  at most once in a turn, his roll and his Sprint together;
- the trail: from cycle 3 on, the square he stood on two marks before (rules.TRAIL_LAG).

The facts are the tracker's (tracking.Track): a look that sees nothing rules out the squares
in the Hunter's sight (6 steps, 8 from an elevation, 2 onto a hiding place) at that time; a
trail reveal pins the square of an earlier time. Where he may be now is the forward set of
those facts; looking back never narrows it further.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.games import DIFFICULTIES
from generator.games.island.board import (
    SEA,
    SEA_CHAR,
    ZONE_CHARS,
    Geometry,
    Island,
    parse_square,
)
from generator.games.island.tracking import Move

RANGE, ELEVATED_RANGE, NEAR_RANGE = 6, 8, 2  # as rules.py: the Hunter's sight
HUNTER_DIE, HUNTED_DIE = 8, 6
SPRINT_STEPS = 2
TRAIL_LAG = 2  # in cycle c the trail shows mark c - 2


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
            moves.append(Move(event.roll, exact=True, fresh=True))
            facts.append(geo.passable)
        elif event.kind == "sprint":  # in the turn of his roll: one boat crossing for both
            moves.append(Move(event.roll, exact=False, fresh=False))
            facts.append(geo.passable)
        elif event.kind == "look":
            facts[event.time] &= ~event.mask
        else:
            facts[event.time] &= 1 << event.square
    return moves, facts
