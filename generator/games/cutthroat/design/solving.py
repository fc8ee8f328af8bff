"""The CP-SAT model of a CutThroat! variant and the candidates drawn from it.

The model (`build_variant_model`) has one integer variable per tunable number (markers,
extend, double, sudden_at: the primary variables), each on the range the engine plays
(Rules.BOUNDS). The engine's own relation, double >= extend, each designer constraint and
each side of the default ranges (spec.default_bounds) are linear constraints kept by name,
so that explain_infeasible can switch them off and name the ones in conflict. `settle`
keeps the default sides that agree with the designer's constraints: while the model is
infeasible, the default sides in the solver's core are dropped; when none is left in it,
the designer's constraints conflict by themselves (`conflict` names them).

Candidates come in two kinds, each a solve of that model with an objective:

- `spread`: the first candidate lies nearest a point drawn at random within the ranges;
  each later one maximises its distance to the nearest candidate found before (max-min
  diversity), so a handful of candidates covers the ranges instead of crowding one corner.
- `near`: the candidates nearest a given variant (the leader of the first measurements).

Distances are weighted sums of |difference| per number, each number scaled by the range it
can take under the constraints (`ranges`, found by CP-SAT: a step of markers counts less
than a step of sudden_at when markers ranges wider) and by a
random weight drawn from the seed, so that another seed explores another way. Every earlier
candidate is excluded by a blocking clause on the primary variables, so candidates differ.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field

import numpy as np
from ortools.sat.python import cp_model

from generator.errors import QuarryError
from generator.games.cutthroat.design.spec import (
    ENGINE_RELATION,
    NAMES,
    DesignConstraint,
    default_bounds,
)
from generator.games.cutthroat.rules import Rules
from generator.solve.conflicts import conflict_error, smallest_conflict
from generator.solve.cpsat import Solution, block, explain_infeasible, solve

SOLVE_WORK = 5.0
SCALE = 1200  # a number's whole range counts this much (times its weight) in a distance
WEIGHTS = (1, 4)  # random weight per number, from the seed, inclusive


@dataclass
class VariantModel:
    """A CP-SAT model of the variants meeting the constraints, its primary variables by
    name (NAMES order) and the constraints that may be switched off, by their text."""

    model: cp_model.CpModel
    variables: dict[str, cp_model.IntVar]
    ranges: dict[str, tuple[int, int]]
    named: dict[str, cp_model.Constraint] = field(default_factory=dict)

    @property
    def primary(self) -> list[cp_model.IntVar]:
        """Return markers, extend, double and sudden_at, in that order."""
        return [self.variables[name] for name in NAMES]

    def rules(self, solution: Solution) -> Rules:
        """Return the Rules a solution's primary values make."""
        return Rules(**{name: solution.values[name] for name in NAMES})


def build_variant_model(
    constraints: Sequence[DesignConstraint],
    ranges: dict[str, tuple[int, int]] | None = None,
    engine: bool = True,
) -> VariantModel:
    """Return the model of every variant meeting `constraints` within the engine's ranges
    and, unless `engine` is False (only while explaining a conflict), the engine's
    double >= extend. `ranges` (default: the engine's) scale the distances."""
    model = cp_model.CpModel()
    variables = {name: model.new_int_var(*Rules.BOUNDS[name], name) for name in NAMES}
    vm = VariantModel(model, variables, dict(ranges or Rules.BOUNDS))
    if engine:
        vm.named[ENGINE_RELATION] = model.add(variables["double"] >= variables["extend"])
    for c in constraints:
        expr = sum(k * variables[name] for name, k in c.coefficients)
        if c.op == "<=":
            vm.named[c.text] = model.add(expr <= c.bound)
        elif c.op == ">=":
            vm.named[c.text] = model.add(expr >= c.bound)
        else:
            vm.named[c.text] = model.add(expr == c.bound)
    return vm


def settle(constraints: Sequence[DesignConstraint]) -> list[DesignConstraint]:
    """Return `constraints` with the default sides (spec.default_bounds) that agree with
    them; QuarryError naming the designer constraints in conflict when none agree."""
    kept = default_bounds()
    while True:
        vm = build_variant_model([*constraints, *kept])
        if _solve(vm, 0) is not None:
            return [*constraints, *kept]
        core = set(explain_infeasible(vm.model, vm.named, SOLVE_WORK))
        dropped = [d for d in kept if d.text in core] or (kept if not core else [])
        if not dropped:
            raise conflict(constraints)
        kept = [d for d in kept if d not in dropped]


def ranges(constraints: Sequence[DesignConstraint]) -> dict[str, tuple[int, int]]:
    """Return the least and the most each number can be under `constraints` (CP-SAT)."""
    out = {}
    for name in NAMES:
        ends = []
        for sign in (1, -1):
            vm = build_variant_model(constraints)
            vm.model.minimize(sign * vm.variables[name])
            solution = _solve(vm, 0)
            if solution is None:
                raise conflict(constraints)
            ends.append(solution.values[name])
        out[name] = (ends[0], ends[1])
    return out


def _distance(vm: VariantModel, point: Rules, weights: dict[str, int], tag: str):
    """Return a new variable: the weighted, range-scaled L1 distance from the model's
    variant to `point`."""
    model, terms, top = vm.model, [], 0
    for name in NAMES:
        low, high = vm.ranges[name]
        if high == low:
            continue
        unit = weights[name] * max(1, round(SCALE / (high - low)))
        span = max(high - low, abs(getattr(point, name) - low), abs(getattr(point, name) - high))
        gap = model.new_int_var(0, span, f"gap_{tag}_{name}")
        model.add_abs_equality(gap, vm.variables[name] - getattr(point, name))
        terms.append(unit * gap)
        top += unit * span
    distance = model.new_int_var(0, top, f"distance_{tag}")
    model.add(distance == sum(terms))
    return distance


def _weights(rng: np.random.Generator) -> dict[str, int]:
    low, high = WEIGHTS
    return {name: int(rng.integers(low, high + 1)) for name in NAMES}


def _solve(vm: VariantModel, seed: int) -> Solution | None:
    return solve(vm.model, vm.primary, SOLVE_WORK, seed)


def spread(
    constraints: Sequence[DesignConstraint], count: int, seed: int, taken: Sequence[Rules] = ()
) -> list[Rules]:
    """Return up to `count` distinct variants meeting `constraints` (settled: defaults
    included), spread over their ranges (module docstring), none equal to one in `taken`;
    fewer when fewer exist."""
    rng = np.random.default_rng([seed, 0x5E7])
    weights = _weights(rng)
    span = ranges(constraints)
    found: list[Rules] = []
    while len(found) < count:
        vm = build_variant_model(constraints, span)
        for earlier in (*taken, *found):
            block(vm.model, vm.primary, Solution(asdict(earlier)))
        if not found:
            start = {n: int(rng.integers(lo, hi + 1)) for n, (lo, hi) in vm.ranges.items()}
            start["double"] = max(start["double"], start["extend"])
            vm.model.minimize(_distance(vm, Rules(**start), weights, "start"))
        else:
            near = vm.model.new_int_var(0, SCALE * WEIGHTS[1] * 2 * len(NAMES), "nearest")
            vm.model.add_min_equality(
                near, [_distance(vm, r, weights, f"c{i}") for i, r in enumerate(found)]
            )
            vm.model.maximize(near)
        solution = _solve(vm, seed + len(found))
        if solution is None:
            break
        found.append(vm.rules(solution))
    return found


def near(
    constraints: Sequence[DesignConstraint],
    centre: Rules,
    count: int,
    seed: int,
    taken: Sequence[Rules],
) -> list[Rules]:
    """Return up to `count` distinct variants meeting `constraints` nearest `centre`, none
    equal to `centre` or one in `taken`; fewer (perhaps none) when fewer exist."""
    weights = _weights(np.random.default_rng([seed, 0x4EA7]))
    vm = build_variant_model(constraints, ranges(constraints))
    vm.model.minimize(_distance(vm, centre, weights, "centre"))
    found: list[Rules] = []
    for earlier in dict.fromkeys((centre, *taken)):
        block(vm.model, vm.primary, Solution(asdict(earlier)))
    while len(found) < count:
        solution = _solve(vm, seed + len(found))
        if solution is None:
            break
        found.append(vm.rules(solution))
        block(vm.model, vm.primary, solution)
    return found


def conflict(constraints: Sequence[DesignConstraint]) -> QuarryError:
    """Return the QuarryError for designer constraints no variant meets (the defaults set
    aside), naming a smallest set of them in conflict (as the designer wrote them): the
    solver's core, shrunk by deletion so that each one named is needed."""
    vm = build_variant_model(constraints)
    core = explain_infeasible(vm.model, vm.named, SOLVE_WORK) or list(vm.named)
    by_text = {c.text: c for c in constraints}

    def infeasible(texts: Sequence[str]) -> bool:
        chosen = [by_text[t] for t in texts if t in by_text]
        trial = build_variant_model(chosen, engine=ENGINE_RELATION in texts)
        return _solve(trial, 0) is None

    needed = smallest_conflict(list(vm.named), core, infeasible)
    shown = [
        f"{t} (the engine's rule)" if t == ENGINE_RELATION else by_text[t].label for t in needed
    ]
    note = ""
    if len(needed) == 1:
        bounds = ", ".join(f"{n} {lo}-{hi}" for n, (lo, hi) in Rules.BOUNDS.items())
        note = f" within the engine's ranges ({bounds})"
    return conflict_error("variant", shown, note)
