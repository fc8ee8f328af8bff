"""Solving the layout model: an island from a spec and a seed, the same island with another
number of hiding places, and the designer constraints in conflict when there is none."""

from __future__ import annotations

from collections.abc import Sequence

from ortools.sat.python import cp_model

from generator.errors import QuarryError
from generator.games.island.board import DEFAULT_DAY, Island, check_island
from generator.games.island.design.layout import Sketch, build_layout_model
from generator.games.island.design.spec import DesignConstraint, Spec
from generator.solve.conflicts import conflict_error, smallest_conflict
from generator.solve.cpsat import explain_infeasible, solver

# One worker and a bound of deterministic work: the same seed gives the same island on any
# machine; the wall clock is only a safety net (a machine too slow for it gets an error,
# never another island).
LAYOUT_WORK = 60.0
WALL_SECONDS = 120.0
EXPLAIN_WORK = 30.0


def _run(model: cp_model.CpModel, seed: int) -> tuple[cp_model.CpSolver, int]:
    """Return the solver and status after solving `model` with one worker."""
    s = solver(LAYOUT_WORK, seed, workers=1, wall=WALL_SECONDS)
    return s, s.solve(model)


def lay_out(
    spec: Spec,
    seed: int,
    hiding: int | None = None,
    day: int | None = None,
    constraints: Sequence[DesignConstraint] = (),
) -> Island:
    """Return the island CP-SAT lays out for `spec` from `seed` with `hiding` hiding places
    (None: the spec's default) and a day of `day` cycles (None: the spec's default).

    Raises QuarryError when no island meets the spec, naming the designer `constraints`
    in conflict (or saying the board is too small for them)."""
    sketch = Sketch.draw(spec.size, seed)
    count = spec.hiding_default if hiding is None else hiding
    # Phase one lays out everything but the summits (the depth rule is most of the
    # model's cost); phase two keeps its zones and adds the summits and elevations.
    shape = build_layout_model(spec, sketch, count, summits=False)
    s, status = _run(shape.model, seed)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        if status == cp_model.INFEASIBLE:
            raise _conflict(spec, sketch, constraints, seed)
        raise QuarryError("the island solver found no layout in time; loosen the constraints")
    zones = shape.island({v.name: int(s.value(v)) for v in shape.primary}, DEFAULT_DAY)
    layout = build_layout_model(spec, sketch, count)
    layout.fix_zones(zones)
    s, status = _run(layout.model, seed)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise _conflict(spec, sketch, constraints, seed)
    values = {v.name: int(s.value(v)) for v in layout.primary}
    island = layout.island(values, spec.day_default if day is None else day)
    problems = check_island(island)
    if problems:  # pragma: no cover - the model implies every rule check_island checks
        raise AssertionError(f"the layout model made a bad island: {problems}")
    return island


def with_hiding(island: Island, spec: Spec, seed: int, hiding: int) -> Island | None:
    """Return `island` with its hiding places laid out again, `hiding` of them, everything
    else unchanged; None if the terrain has no room for that many."""
    if hiding == len(island.hiding):
        return island
    sketch = Sketch.draw(spec.size, seed)
    layout = build_layout_model(spec, sketch, hiding)
    layout.fix_terrain(island)
    s, status = _run(layout.model, seed)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    values = {v.name: int(s.value(v)) for v in layout.primary}
    return layout.island(values, island.day)


def _conflict(spec: Spec, sketch: Sketch, constraints: Sequence[DesignConstraint], seed: int):
    """Return the QuarryError for a spec no island meets, naming a small conflicting set of
    designer constraints and defaults in force (shrunk by deletion so that every one named
    is needed); when they can hold together but not on this seed's layout, say that
    instead."""
    subject = f"{spec.size} x {spec.size} island"
    if not constraints:
        return QuarryError(f"no {subject} meets the default design")
    loose, defaults = Spec.explaining(spec.size, constraints)
    elevation = any(c.name == "elevation" for c in constraints)
    named = [*constraints, *(d for d in defaults if elevation or d.name != "elevation")]

    def model(chosen: Sequence[DesignConstraint]):
        summits = any(c.name == "elevation" for c in chosen)
        return build_layout_model(loose, sketch, None, tuple(chosen), summits=summits)

    def infeasible(chosen: Sequence[DesignConstraint]) -> bool:
        # Feasibility only, so the first island found will do; the objective stays, as its
        # linear relaxation is what proves most conflicts (counts of squares) at once.
        s = solver(LAYOUT_WORK, 0, workers=1, wall=WALL_SECONDS)
        s.parameters.stop_after_first_solution = True
        return s.solve(model(chosen).model) == cp_model.INFEASIBLE

    layout = model(named)
    core = explain_infeasible(layout.model, layout.named, EXPLAIN_WORK) if infeasible(named) else []
    if not core:
        return QuarryError(
            f"the island laid out from seed {seed} has no room for these constraints "
            f"({', '.join(c.label for c in constraints)}): its summits or its terrain are too "
            "small; try another --seed or loosen them"
        )
    needed = smallest_conflict(named, [c for c in named if c.label in core], infeasible)
    note = " (with the rest of the design)" if len(needed) == 1 and not infeasible(needed) else ""
    return conflict_error(subject, [c.label for c in needed], note)
