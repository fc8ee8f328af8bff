"""The level-limited solvers that grade "Where is the quarry?" puzzles, and the worked
solution the book prints.

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
  the two boats' colours; and a Sprint sails only if the roll before it in the same turn did
  not (one crossing a turn). This is exact (tracking.Track's movement): the sweep keeps the
  squares reached with the turn's crossing spent apart from the others.

A Sprint (up to 2 more steps, a crossing counting one) is read the same at levels 1 and 2,
which do not ask whether the roll sailed (a wider set, still sound). A puzzle is graded N
when the level-N sweep leaves one square and the level N - 1 sweep more than one (level 0:
the last looks alone leave one square of the island; such puzzles are never made).
"""

from __future__ import annotations

from generator.engine.bitboards import bits
from generator.games.island.board import Geometry, Island
from generator.games.island.puzzles.form import (
    ELEVATED_RANGE,
    RANGE,
    TRAIL_LAG,
    Event,
    Puzzle,
    moves_and_facts,
    timeline,
)
from generator.games.island.tracking import Move

LEVELS = {"easy": 1, "medium": 2, "hard": 3}
LEVEL_NAMES = {1: "count the steps", 2: "colours on foot", 3: "colours through the boats"}


def level_reach(geo: Geometry, mask: int, move: Move, level: int) -> int:
    """Return where a move from the squares of `mask` can end by the rule of `level` (1 or
    2), one boat crossing open to it: 1 within the steps, 2 with the colour rule on foot
    (either colour through a boat). A Sprint is the same at both: up to its steps."""
    if not move.exact or level <= 1:
        return geo.reach(mask, move.steps, exact=False)
    on_foot = geo.reach(mask, move.steps, exact=True, boat=False)
    return on_foot | _crossed_within(geo, mask, move.steps)


def level_step(geo: Geometry, sets: tuple[int, int], move: Move, level: int) -> tuple[int, int]:
    """Return the candidates after `move` from `sets`, as (free, sailed): at level 3 the
    exact pair of tracking.Track (squares where his turn has not sailed yet, and where it
    has); below, everything in the first set by level_reach."""
    free, sailed = sets
    if level < 3:
        return level_reach(geo, free | sailed, move, level), 0
    if move.fresh:
        free, sailed = free | sailed, 0
    return geo.reach_split(free, sailed, move.steps, move.exact)


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
    pair = (facts[0], 0)
    sets = [facts[0]]
    for t, move in enumerate(moves, 1):
        free, sailed = level_step(geo, pair, move, level)
        pair = (free & facts[t], sailed & facts[t])
        sets.append(pair[0] | pair[1])
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
    pair = (current, 0)  # a mark ends a turn: the next move begins one
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
            pair = level_step(geo, pair, move, level)
            current = pair[0] | pair[1]
            time = event.time
            text = _move_text(event, level, island, coarser & ~current)
            steps.append(_step(island, text, current, None, None))
        elif event.kind == "look" and event.time == time:
            before = current
            current &= ~event.mask
            pair = (pair[0] & ~event.mask, pair[1] & ~event.mask)
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
        head = f"Cycle {event.cycle}: a Sprint, up to 2 more steps, a boat crossing counting one"
        if level < 3:
            return head + "."
        names = ", ".join(island.name(s) for s in bits(ruled_out))
        return (
            f"{head}, but only if his roll did not sail (one crossing a turn). That rules "
            f"out {names or 'nothing more'}{' besides' if names else ''}."
        )
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
