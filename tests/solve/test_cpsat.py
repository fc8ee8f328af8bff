"""Every CP-SAT solve is bounded by deterministic work, the same on any machine, and the
wall clock is only a safety net that fails loudly (generator/solve/cpsat.py)."""

import time

import pytest
from ortools.sat.python import cp_model

from generator.solve import cpsat
from generator.solve.cpsat import WALL_FLOOR, WALL_PER_WORK, SolverTooSlow, solve, solver
from tests.render.test_charts import run_quarry


def test_a_solver_is_bounded_by_work_with_the_clock_as_a_net_far_behind():
    small, large, own = solver(1.0), solver(10.0), solver(2.0, wall=3.0)
    assert small.parameters.max_deterministic_time == 1.0
    assert small.parameters.max_time_in_seconds == WALL_FLOOR
    assert large.parameters.max_time_in_seconds == WALL_PER_WORK * 10.0
    assert own.parameters.max_time_in_seconds == 3.0
    assert large.parameters.num_workers == 1


def _golomb(marks: int = 11) -> tuple[cp_model.CpModel, list[cp_model.IntVar]]:
    """The shortest Golomb ruler of `marks` marks: far too hard to prove in the bounds used
    here, so where the search stops is where its work ran out."""
    model = cp_model.CpModel()
    xs = [model.new_int_var(0, marks * marks, f"x{i}") for i in range(marks)]
    model.add(xs[0] == 0)
    for left, right in zip(xs, xs[1:], strict=False):
        model.add(left < right)
    gaps = []
    for i in range(marks):
        for j in range(i + 1, marks):
            gap = model.new_int_var(1, marks * marks, f"d{i}_{j}")
            model.add(gap == xs[j] - xs[i])
            gaps.append(gap)
    model.add_all_different(gaps)
    model.minimize(xs[-1])
    return model, xs


def test_the_same_bound_of_work_gives_the_same_answer_whatever_the_clock_allows():
    answers = []
    for wall in (60.0, 600.0):
        model, marks = _golomb()
        s = solver(0.05, seed=3, wall=wall)
        assert s.solve(model) == cp_model.FEASIBLE  # stopped by its work, not solved
        answers.append([s.value(mark) for mark in marks])
    assert answers[0] == answers[1]
    model, marks = _golomb()
    assert solve(model, marks, 0.05, seed=3).values == {
        mark.name: v for mark, v in zip(marks, answers[0], strict=True)
    }


def test_a_solve_the_wall_clock_net_cuts_short_raises_and_returns_nothing():
    model = cp_model.CpModel()
    xs = [model.new_int_var(0, 9, f"x{i}") for i in range(6)]  # a million solutions

    class Slow(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self):
            time.sleep(0.05)  # the machine is slow: work barely moves, the clock does

    s = solver(100.0, wall=0.3)
    s.parameters.enumerate_all_solutions = True
    with pytest.raises(SolverTooSlow, match="safety net"):
        s.solve(model, Slow())
    assert xs


def test_a_search_that_stops_at_its_first_solution_is_not_taken_for_the_clock():
    model, _ = _golomb()
    s = solver(60.0)
    s.parameters.stop_after_first_solution = True
    assert s.solve(model) == cp_model.FEASIBLE  # short of its work, and no error
    assert s.deterministic_time < 60.0


def test_a_run_the_safety_net_stops_exits_1_with_one_line_and_writes_nothing(
    monkeypatch, capsys, tmp_path
):
    monkeypatch.setattr(cpsat, "WALL_FLOOR", 0.0)  # a machine too slow for any solve
    monkeypatch.setattr(cpsat, "WALL_PER_WORK", 0.0)
    code, _, err = run_quarry(monkeypatch, capsys, "generate", "routes", "--out", tmp_path)
    assert code == 1
    assert err.count("\n") == 1 and "safety net" in err
    assert list(tmp_path.iterdir()) == []
