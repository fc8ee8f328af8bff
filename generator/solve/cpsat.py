"""Solving CP-SAT models the same way everywhere: a time limit on every solve, the status
checked before any value is read, uniqueness by a blocking clause, readable infeasibility."""

from collections.abc import Sequence
from dataclasses import dataclass

from ortools.sat.python import cp_model

from generator.errors import QuarryError
from generator.stopping import solving


@dataclass(frozen=True)
class Solution:
    """Values of the primary variables of one solution, by variable name."""

    values: dict[str, int]


class StoppableSolver(cp_model.CpSolver):
    """A CpSolver that Ctrl-C and SIGTERM stop (generator/stopping.py): its search is
    stopped at once and Interrupted is raised when solve() returns, before a status is read.

    CP-SAT's own SIGINT handling is off (catch_sigint_signal): it would take Ctrl-C for
    itself, and put back the default handler, not ours, when the solve ends."""

    def __init__(self) -> None:
        super().__init__()
        self.parameters.catch_sigint_signal = False

    def solve(self, model: cp_model.CpModel, solution_callback=None) -> cp_model.CpSolverStatus:
        """Return the status of solving `model` (see CpSolver.solve)."""
        with solving(self):
            return super().solve(model, solution_callback)


def solver(seconds: float, seed: int = 0, workers: int = 1) -> cp_model.CpSolver:
    """Return a CpSolver (a StoppableSolver) with a time limit, a random seed and a worker
    count: every CP-SAT solve in Quarry gets its solver here."""
    s = StoppableSolver()
    s.parameters.max_time_in_seconds = seconds
    s.parameters.random_seed = seed % (2**31)
    s.parameters.num_workers = workers
    return s


def solve(
    model: cp_model.CpModel, primary: Sequence[cp_model.IntVar], seconds: float, seed: int = 0
) -> Solution | None:
    """Return a solution's primary values, None if the model is infeasible.

    Raises QuarryError when the time limit passes with no answer either way.
    """
    s = solver(seconds, seed)
    status = s.solve(model)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return Solution({v.name: int(s.value(v)) for v in primary})
    if status == cp_model.INFEASIBLE:
        return None
    raise QuarryError(f"the solver found no answer within {seconds:g} s; allow more time")


def block(model: cp_model.CpModel, primary: Sequence[cp_model.IntVar], solution: Solution):
    """Add a clause: at least one primary variable differs from `solution`."""
    differs = []
    for var in primary:
        flag = model.new_bool_var(f"differs_{var.name}")
        model.add(var != solution.values[var.name]).only_enforce_if(flag)
        model.add(var == solution.values[var.name]).only_enforce_if(~flag)
        differs.append(flag)
    model.add_bool_or(differs)


def count_solutions(
    model: cp_model.CpModel,
    primary: Sequence[cp_model.IntVar],
    limit: int,
    seconds: float,
    seed: int = 0,
) -> list[Solution]:
    """Return up to `limit` solutions differing in their primary variables (blocking clauses).

    The model is changed (blocking clauses are added): pass a copy if it is needed again.
    """
    found: list[Solution] = []
    while len(found) < limit:
        solution = solve(model, primary, seconds, seed)
        if solution is None:
            break
        found.append(solution)
        block(model, primary, solution)
    return found


def certify_unique(
    model: cp_model.CpModel, primary: Sequence[cp_model.IntVar], seconds: float, seed: int = 0
) -> Solution | None:
    """Return the one solution of `model` if it is unique in its primary variables, else None.

    Unique means: a first solve finds a solution, and a second solve with a clause that
    some primary variable differs is INFEASIBLE.
    """
    solutions = count_solutions(model, primary, 2, seconds, seed)
    return solutions[0] if len(solutions) == 1 else None


def explain_infeasible(
    model: cp_model.CpModel, constraints: dict[str, cp_model.Constraint], seconds: float
) -> list[str]:
    """Return the names of designer constraints that together make `model` infeasible.

    Each named constraint is made conditional on an assumption literal; the solver reports
    a set of assumptions sufficient for infeasibility. Returns [] if the model is feasible.
    """
    literals = {}
    for name, constraint in constraints.items():
        literal = model.new_bool_var(f"assume_{name}")
        constraint.only_enforce_if(literal)
        literals[literal.index] = name
    model.add_assumptions([model.get_bool_var_from_proto_index(i) for i in literals])
    s = solver(seconds)
    status = s.solve(model)
    if status != cp_model.INFEASIBLE:
        return []
    return sorted(literals[i] for i in s.sufficient_assumptions_for_infeasibility())
