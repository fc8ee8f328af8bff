"""Solving CP-SAT models the same way everywhere: a bound of deterministic work on every
solve, the status checked before any value is read, uniqueness by a blocking clause,
readable infeasibility.

Every solve stops on deterministic work (CP-SAT's deterministic time, `work` here: the same
count on any machine, about a second of search on a typical one), never on the clock alone,
so a result that reaches a file does not depend on how fast or busy the machine is; one
worker keeps the search itself the same. The wall clock is only a safety net, WALL_PER_WORK
times as long (at least WALL_FLOOR s): a solve it cuts short raises SolverTooSlow rather
than return what it had."""

from collections.abc import Sequence
from dataclasses import dataclass

from ortools.sat.python import cp_model

from generator.errors import QuarryError
from generator.stopping import solving


@dataclass(frozen=True)
class Solution:
    """Values of the primary variables of one solution, by variable name."""

    values: dict[str, int]


WALL_PER_WORK = 20.0  # wall seconds the safety net allows for each unit of work
WALL_FLOOR = 60.0  # s: the safety net is never shorter


class SolverTooSlow(QuarryError):
    """A solve cut short by the wall-clock safety net before its bound of work: on this
    machine, at this load, the search could not do in time what its result needs. Not the
    user's mistake: exit code 1, one line, nothing written."""

    exit_code = 1


class StoppableSolver(cp_model.CpSolver):
    """A CpSolver that Ctrl-C and SIGTERM stop (generator/stopping.py): its search is
    stopped at once and Interrupted is raised when solve() returns, before a status is read.

    CP-SAT's own SIGINT handling is off (catch_sigint_signal): it would take Ctrl-C for
    itself, and put back the default handler, not ours, when the solve ends."""

    def __init__(self) -> None:
        super().__init__()
        self.parameters.catch_sigint_signal = False

    def solve(self, model: cp_model.CpModel, solution_callback=None) -> cp_model.CpSolverStatus:
        """Return the status of solving `model` (see CpSolver.solve). SolverTooSlow if the
        wall-clock safety net stopped it before an answer its work bound would give."""
        with solving(self):
            status = super().solve(model, solution_callback)
        work, wall = self.parameters.max_deterministic_time, self.parameters.max_time_in_seconds
        # Stopped before the search ended, short of the work bound, with the clock at the
        # net (CP-SAT's wall_time leaves out a little of the time its limit counts).
        stopped = status in (cp_model.FEASIBLE, cp_model.UNKNOWN)
        if stopped and self.deterministic_time < work * 0.99 and self.wall_time >= wall * 0.75:
            raise SolverTooSlow(
                f"the solver's wall-clock safety net ({wall:g} s) stopped it before its bound "
                f"of {work:g} units of work: this machine is too slow or too busy for this "
                "solve now; run it again when the machine is less loaded"
            )
        return status


def solver(
    work: float, seed: int = 0, workers: int = 1, wall: float | None = None
) -> cp_model.CpSolver:
    """Return a CpSolver (a StoppableSolver) bounded by `work` units of deterministic time,
    with a random seed and a worker count, and a wall-clock safety net of `wall` s (None:
    WALL_PER_WORK times `work`, at least WALL_FLOOR): every CP-SAT solve in Quarry gets
    its solver here."""
    s = StoppableSolver()
    s.parameters.max_deterministic_time = work
    s.parameters.max_time_in_seconds = (
        max(WALL_FLOOR, WALL_PER_WORK * work) if wall is None else wall
    )
    s.parameters.random_seed = seed % (2**31)
    s.parameters.num_workers = workers
    return s


def solve(
    model: cp_model.CpModel, primary: Sequence[cp_model.IntVar], work: float, seed: int = 0
) -> Solution | None:
    """Return a solution's primary values, None if the model is infeasible.

    Raises QuarryError when the bound of `work` passes with no answer either way (on every
    machine alike), SolverTooSlow when the wall-clock safety net does.
    """
    s = solver(work, seed)
    status = s.solve(model)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return Solution({v.name: int(s.value(v)) for v in primary})
    if status == cp_model.INFEASIBLE:
        return None
    raise QuarryError(f"the solver found no answer within {work:g} units of work; allow more")


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
    work: float,
    seed: int = 0,
) -> list[Solution]:
    """Return up to `limit` solutions differing in their primary variables (blocking clauses).

    The model is changed (blocking clauses are added): pass a copy if it is needed again.
    """
    found: list[Solution] = []
    while len(found) < limit:
        solution = solve(model, primary, work, seed)
        if solution is None:
            break
        found.append(solution)
        block(model, primary, solution)
    return found


def certify_unique(
    model: cp_model.CpModel, primary: Sequence[cp_model.IntVar], work: float, seed: int = 0
) -> Solution | None:
    """Return the one solution of `model` if it is unique in its primary variables, else None.

    Unique means: a first solve finds a solution, and a second solve with a clause that
    some primary variable differs is INFEASIBLE.
    """
    solutions = count_solutions(model, primary, 2, work, seed)
    return solutions[0] if len(solutions) == 1 else None


def explain_infeasible(
    model: cp_model.CpModel, constraints: dict[str, cp_model.Constraint], work: float
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
    s = solver(work)
    status = s.solve(model)
    if status != cp_model.INFEASIBLE:
        return []
    return sorted(literals[i] for i in s.sufficient_assumptions_for_infeasibility())
