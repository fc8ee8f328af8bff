"""The CP-SAT model of the Dragon's route maps, and drawing distinct candidates from it.

The model (`build_route_model`): one integer variable per arrow (walk_<loc>, fly_<loc>, the
primary variables) whose domain holds only legal targets, channelled to booleans
arc_<kind>_<from>_<to> (exactly one per arrow); adj_<from>_<to> = some arrow from->to;
reach_<k>_<from>_<to> = `to` can be reached from `from` in 1..k moves (exact: defined both
ways by layers of max/min equalities, so "cannot reach" can be required too). Each designer
constraint is a literal holds_<name> enforcing its parts, and a named constraint
bool_and([holds_<name>]) that explain_infeasible can switch off. Variety: each candidate
maximises fresh random weights on the arc booleans (drawn from the seed) with all earlier
candidates blocked by a clause on their arc booleans.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from ortools.sat.python import cp_model

from generator.errors import QuarryError
from generator.games.hunt.design.spec import (
    MAX_CANDIDATES,
    DesignConstraint,
    parse_constraints,
)
from generator.games.hunt.maps import (
    LAIR,
    LOCATIONS,
    NO_ARROW,
    TOWN,
    RouteMap,
    fly_targets,
    walk_targets,
)
from generator.solve.conflicts import conflict_error, smallest_conflict
from generator.solve.cpsat import explain_infeasible, solve

SOLVE_WORK = 10.0
KINDS = ("walk", "fly")


@dataclass
class RouteModel:
    """A CP-SAT model of the legal maps, plus the named designer constraints."""

    model: cp_model.CpModel
    loops: bool
    arrows: dict[tuple[str, int], cp_model.IntVar]  # (kind, source) -> target variable
    arcs: dict[tuple[str, int, int], cp_model.IntVar]  # (kind, source, target) -> bool
    named: dict[str, cp_model.Constraint] = field(default_factory=dict)
    _adj: dict[tuple[int, int], cp_model.IntVar] = field(default_factory=dict)
    _reach: dict[tuple[int, int, int], cp_model.IntVar] = field(default_factory=dict)

    @property
    def primary(self) -> list[cp_model.IntVar]:
        """Return the nine arrow variables (walk_town ... fly_lair)."""
        return list(self.arrows.values())

    def route_map(self, values: dict[str, int]) -> RouteMap:
        """Return the map whose arrow variables take `values` (by variable name)."""
        walk = [NO_ARROW] * 5
        fly = [NO_ARROW] * 5
        for (kind, source), var in self.arrows.items():
            (walk if kind == "walk" else fly)[source] = values[var.name]
        return RouteMap(tuple(walk), tuple(fly))

    def fix(self, route_map: RouteMap, kinds_sources: Sequence[tuple[str, int]]) -> None:
        """Require the arrows named by (kind, source) to be as in `route_map`."""
        for kind, source in kinds_sources:
            target = route_map.walk[source] if kind == "walk" else route_map.fly[source]
            self.model.add(self.arrows[kind, source] == target)

    # --- derived booleans ------------------------------------------------------------------
    def adj(self, source: int, target: int) -> cp_model.IntVar:
        """Return a boolean: some arrow leads from source to target (a constant if none can)."""
        if (source, target) not in self._adj:
            options = [
                self.arcs[k, source, target] for k in KINDS if (k, source, target) in self.arcs
            ]
            if not options:
                var = self.model.new_constant(0)
            elif len(options) == 1:
                var = options[0]
            else:
                var = self.model.new_bool_var(f"adj_{LOCATIONS[source]}_{LOCATIONS[target]}")
                self.model.add_max_equality(var, options)
            self._adj[source, target] = var
        return self._adj[source, target]

    def reach(self, source: int, target: int, moves: int = 4) -> cp_model.IntVar:
        """Return a boolean: `target` (not `source`) can be reached from `source` in 1..moves
        moves. Exact both ways; 4 moves reach everything reachable among five locations."""
        key = (moves, source, target)
        if key not in self._reach:
            if moves == 1:
                self._reach[key] = self.adj(source, target)
                return self._reach[key]
            terms = [self.reach(source, target, moves - 1), self.adj(source, target)]
            for via in range(5):
                if via in (source, target):
                    continue
                step = self.model.new_bool_var(
                    f"via_{moves}_{LOCATIONS[source]}_{LOCATIONS[via]}_{LOCATIONS[target]}"
                )
                self.model.add_min_equality(
                    step, [self.reach(source, via, moves - 1), self.adj(via, target)]
                )
                terms.append(step)
            var = self.model.new_bool_var(f"reach_{moves}_{LOCATIONS[source]}_{LOCATIONS[target]}")
            self.model.add_max_equality(var, terms)
            self._reach[key] = var
        return self._reach[key]


def build_route_model(loops: bool, constraints: Sequence[DesignConstraint] = ()) -> RouteModel:
    """Return the model of every legal map (loops only if `loops`) meeting `constraints`.

    Legality is in the domains: no Walk arrow out of the Lair (there is no walk_lair), none
    into it, no loop unless `loops`. Each designer constraint is in `named` by its text.
    """
    model = cp_model.CpModel()
    arrows: dict[tuple[str, int], cp_model.IntVar] = {}
    arcs: dict[tuple[str, int, int], cp_model.IntVar] = {}
    for kind in KINDS:
        for source in range(5):
            targets = walk_targets(source, loops) if kind == "walk" else fly_targets(source, loops)
            if not targets:
                continue
            var = model.new_int_var_from_domain(
                cp_model.Domain.from_values(targets), f"{kind}_{LOCATIONS[source]}"
            )
            flags = []
            for target in targets:
                flag = model.new_bool_var(f"arc_{kind}_{LOCATIONS[source]}_{LOCATIONS[target]}")
                arcs[kind, source, target] = flag
                flags.append(flag)
            model.add_exactly_one(flags)
            model.add(var == sum(t * f for t, f in zip(targets, flags, strict=True)))
            arrows[kind, source] = var
    route_model = RouteModel(model, loops, arrows, arcs)
    for constraint in constraints:
        _add_constraint(route_model, constraint)
    return route_model


def _add_constraint(rm: RouteModel, constraint: DesignConstraint) -> None:
    model = rm.model
    holds = model.new_bool_var(f"holds_{constraint.text}")
    others = [loc for loc in range(5) if loc != TOWN]
    name = constraint.name
    if name == "town-reachable":
        model.add(sum(rm.reach(loc, TOWN) for loc in others) == 4).only_enforce_if(holds)
    elif name == "all-reachable":
        model.add(sum(rm.reach(TOWN, loc) for loc in others) == 4).only_enforce_if(holds)
    elif name == "no-dead-end":
        for source in range(5):
            reached = [rm.reach(source, t) for t in range(5) if t != source]
            model.add(sum(reached) >= 2).only_enforce_if(holds)
    elif name == "walk-fly-differ":
        for source in range(4):
            model.add(rm.arrows["walk", source] != rm.arrows["fly", source]).only_enforce_if(holds)
    elif name == "no-loops":
        model.add(sum(_loop_arcs(rm)) == 0).only_enforce_if(holds)
    elif name == "town-revisits":
        _bound(model, sum(rm.adj(loc, TOWN) for loc in others), constraint, holds)
    elif name == "loops":
        _bound(model, sum(_loop_arcs(rm)), constraint, holds)
    elif name == "lair-return":
        _lair_return(rm, constraint, holds)
    else:  # pragma: no cover - parse_constraint admits only the names above
        raise AssertionError(name)
    rm.named[constraint.text] = model.add_bool_and([holds])


def _loop_arcs(rm: RouteModel) -> list:
    loops = [arc for (_, s, t), arc in rm.arcs.items() if s == t]
    return loops or [rm.model.new_constant(0)]


def _bound(model: cp_model.CpModel, expr, constraint: DesignConstraint, holds) -> None:
    if constraint.op in (">=", "="):
        model.add(expr >= constraint.value).only_enforce_if(holds)
    if constraint.op in ("<=", "="):
        model.add(expr <= constraint.value).only_enforce_if(holds)


def _lair_return(rm: RouteModel, constraint: DesignConstraint, holds) -> None:
    """Distance d from the Lair to Town: d <= K iff Town is reached within K moves."""

    def within(moves: int):
        return rm.model.new_constant(0) if moves == 0 else rm.reach(LAIR, TOWN, moves)

    k = constraint.value
    if constraint.op in ("<=", "="):
        rm.model.add(within(k) == 1).only_enforce_if(holds)
    if constraint.op in (">=", "=") and k > 0:
        rm.model.add(within(k - 1) == 0).only_enforce_if(holds)


# --- finding maps ----------------------------------------------------------------------------
def design_maps(
    constraints: Sequence[str],
    seed: int,
    loops: bool,
    candidates: int = 8,
    work: float = SOLVE_WORK,
) -> list[RouteMap]:
    """Return up to `candidates` distinct legal maps meeting `constraints`, in the order
    CP-SAT found them (fewer if fewer exist). QuarryError if the text is not understood or
    no map meets the constraints (naming the conflicting ones)."""
    if not 1 <= candidates <= MAX_CANDIDATES:
        raise QuarryError(f"candidates must be 1 to {MAX_CANDIDATES}, not {candidates}")
    parsed = parse_constraints(constraints, loops)
    rm = build_route_model(loops, parsed)
    rng = np.random.default_rng([seed, 0x6D6170])
    order = sorted(rm.arcs)
    found: list[RouteMap] = []
    for index in range(candidates):
        weights = rng.integers(0, 1000, size=len(order))
        rm.model.maximize(sum(int(w) * rm.arcs[key] for w, key in zip(weights, order, strict=True)))
        solution = solve(rm.model, rm.primary, work, seed + index)
        if solution is None:
            if not found:
                raise _infeasible(parsed, loops, work)
            break
        found.append(rm.route_map(solution.values))
        chosen = [rm.arcs[key] for key in order if _arc_chosen(found[-1], key)]
        rm.model.add_bool_or([~arc for arc in chosen])
    return found


def _arc_chosen(route_map: RouteMap, key: tuple[str, int, int]) -> bool:
    kind, source, target = key
    return (route_map.walk if kind == "walk" else route_map.fly)[source] == target


def _infeasible(parsed: list[DesignConstraint], loops: bool, work: float) -> QuarryError:
    """Return the error for constraints no map meets, naming a smallest conflicting set (as
    the designer wrote them)."""
    rm = build_route_model(loops, parsed)
    core = explain_infeasible(rm.model, rm.named, work) or [c.text for c in parsed]

    def infeasible(chosen: list[DesignConstraint]) -> bool:
        return solve(build_route_model(loops, chosen).model, [], work) is None

    needed = smallest_conflict(parsed, [c for c in parsed if c.text in core], infeasible)
    mode = "loops allowed" if loops else "loops off"
    return conflict_error("route map", [c.label for c in needed], f" ({mode})")
