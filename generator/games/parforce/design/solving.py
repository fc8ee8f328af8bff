"""Solving the layout model: a board from a spec and a seed (re-solved until the stag's
shortest lap is long enough), and the designer constraints in conflict when there is none."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from ortools.sat.python import cp_model

from generator.errors import QuarryError
from generator.games.parforce.board import DIRECTIONS, HuntingBoard
from generator.games.parforce.design.layout import LayoutModel, Weights, build_layout_model
from generator.games.parforce.design.spec import DesignConstraint, Spec
from generator.solve.conflicts import conflict_error, smallest_conflict
from generator.solve.cpsat import explain_infeasible, solver

# One worker and a deterministic time limit: the same seed gives the same board on any
# machine fast enough; the wall-clock limit is only a safety net.
# The objective only shapes the board, so a good layout found in 3 deterministic seconds
# will do (a 13 x 13 mirrored board with a pond of 27 took 13 s to prove optimal).
LAYOUT_WORK = 3.0
WALL_SECONDS = 60.0
EXPLAIN_WORK = 20.0
MAX_LAP_CUTS = 30
CANDIDATE_LAP_CUTS = 8  # with exact counts a failure only drops one candidate
SHAPED_ROUNDS = 4  # solves that optimise the board's shape before any lap will do


def _run(model: cp_model.CpModel, seed: int) -> tuple[cp_model.CpSolver, int]:
    """Return the solver and status after solving `model` with one worker."""
    s = solver(LAYOUT_WORK, seed, workers=1, wall=WALL_SECONDS)
    return s, s.solve(model)


def hunt_direction(spec: Spec, seed: int) -> bool:
    """Return True (clockwise) or False: the spec's direction, else the seed's choice."""
    if spec.direction is not None:
        return spec.direction == DIRECTIONS[0]
    return bool(np.random.default_rng([seed, 0xD1]).integers(0, 2) == 0)


def shortest_lap(board: HuntingBoard, start: int | None = None) -> list[int] | None:
    """Return the squares of the stag's shortest lap (forward knight moves over land from c,
    or from `start`, back to it), the start first and not repeated at the end; None when
    there is none."""
    tables = board.tables
    start = board.stag if start is None else start
    parent: dict[int, int] = {start: -1}
    frontier = [start]
    while frontier:
        following = []
        for square in frontier:
            for target in tables.knight_forward[square]:
                if target == start:
                    path = [square]
                    while parent[path[-1]] != -1:
                        path.append(parent[path[-1]])
                    return path[::-1]
                if tables.land >> target & 1 and target not in parent:
                    parent[target] = square
                    following.append(target)
        frontier = following
    return None


def short_laps(board: HuntingBoard, moves: int) -> list[list[int]]:
    """Return the different laps of fewer than `moves` moves on `board`: the shortest from
    each land square (a cycle once, whatever square it is found from)."""
    found: dict[frozenset[int], list[int]] = {}
    for square in range(board.cells):
        if board.is_land(square):
            lap = shortest_lap(board, square)
            if lap is not None and len(lap) < moves:
                found.setdefault(frozenset(lap), lap)
    return list(found.values())


def lay_out(
    spec: Spec,
    seed: int,
    variant: int = 0,
    pond_count: int | None = None,
    thicket_count: int | None = None,
    constraints: Sequence[DesignConstraint] = (),
) -> HuntingBoard | None:
    """Return the board CP-SAT lays out for `spec` from (`seed`, `variant`), with exactly
    `pond_count` pond squares and `thicket_count` thickets when given.

    Returns None when only those exact counts make it impossible; raises QuarryError when
    no board meets the spec, naming the designer `constraints` in conflict."""
    clockwise = hunt_direction(spec, seed)
    layout = build_layout_model(
        spec, Weights.draw(spec.size, seed, variant), clockwise, pond_count, thicket_count
    )
    exact = pond_count is not None or thicket_count is not None
    for round_ in range(CANDIDATE_LAP_CUTS if exact else MAX_LAP_CUTS):
        if round_ == SHAPED_ROUNDS:
            layout.model.clear_objective()  # any board that meets the lap will do now
        s, status = _run(layout.model, seed)
        if status == cp_model.INFEASIBLE:
            if exact:
                return None
            raise conflict(spec, seed, constraints)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            raise QuarryError("the board solver found no layout in time; loosen the constraints")
        board = layout.board({v.name: int(s.value(v)) for v in layout.primary})
        lap = shortest_lap(board)
        if lap is None:  # pragma: no cover - the model's circuit is such a lap
            raise AssertionError("the layout model made a board with no stag lap")
        if len(lap) >= spec.lap[0]:
            return board
        for cycle in short_laps(board, spec.lap[0]):
            layout.forbid_lap(cycle)
    if exact:
        return None
    raise _lap_error(spec)


def _lap_error(spec: Spec) -> QuarryError:
    """Return the error for a lap bound the cuts could not meet."""
    return QuarryError(
        f"no {spec.size} x {spec.size} board found in {MAX_LAP_CUTS} tries whose shortest lap "
        f"takes {spec.lap[0]} moves or more; lower lap, make the pond larger or try another --seed"
    )


def conflict(spec: Spec, seed: int, constraints: Sequence[DesignConstraint]) -> QuarryError:
    """Return the QuarryError for a spec no board meets, naming a small set of designer
    constraints and defaults in force that conflict (shrunk by deletion so that each one
    named is needed)."""
    size = spec.size
    subject = f"{size} x {size} board"
    if not constraints:
        return QuarryError(f"no {subject} meets the default design")
    loose, defaults = Spec.explaining(size, constraints)
    clockwise = hunt_direction(loose, seed)
    weights = Weights.draw(size, seed)
    named = [*constraints, *defaults]

    def model(chosen: Sequence[DesignConstraint]) -> LayoutModel:
        return build_layout_model(loose, weights, clockwise, named=tuple(chosen))

    def infeasible(chosen: Sequence[DesignConstraint]) -> bool:
        trial = model(chosen).model
        trial.clear_objective()  # any board will do: feasibility only
        return _run(trial, 0)[1] == cp_model.INFEASIBLE

    layout = model(named)
    core = explain_infeasible(layout.model, layout.named, EXPLAIN_WORK)
    needed = smallest_conflict(named, [c for c in named if c.label in core] or named, infeasible)
    note = " (with the rest of the design)" if len(needed) == 1 and not infeasible(needed) else ""
    return conflict_error(subject, [c.label for c in needed], note)
