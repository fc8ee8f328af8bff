"""Ctrl-C and SIGTERM at several moments of real runs: every process of the run ends, no
temporary file or folder is left, nothing is published after the run exits, the exit code is
130 or 143 and stderr holds one line.

A moment is a stage the run is seen to reach (a temporary kit folder exists, worker
processes run, a kit is published) or a delay; the waits for a stage and for the end are
generous, and nothing here measures how fast anything happens. "group" sends the signal to
the run's whole process group, as a terminal's Ctrl-C and `kill -TERM -PGID` do; "parent"
to the quarry process only, as `timeout` and `kill PID` do.
"""

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.faults.conftest import (
    ROOT,
    Run,
    assert_stopped,
    assert_whole_kits,
    hidden,
    snapshot,
)

pytestmark = pytest.mark.faults

INT, TERM = signal.SIGINT, signal.SIGTERM
KIT_ALL = ["kit", "all", "--paper", "a4"]


def temporary_kits(out: Path) -> list[str]:
    """Return the temporary kit folders in `out` (.NAME.random)."""
    if not out.exists():
        return []
    return [p.name for p in out.iterdir() if p.name.startswith(".") and p.is_dir()]


def published(out: Path) -> list[str]:
    return sorted(p.name for p in out.iterdir() if p.is_dir() and not p.name.startswith("."))


def check_stopped(run: Run, out: Path, signum: int) -> None:
    """End of every test: the run exited as `signum` should end it, no process of it is
    left, nothing was published after it exited, nothing temporary is left, and every kit
    it published is whole."""
    code, at_exit = run.finish(out)
    assert_stopped(run, code, signum)
    assert snapshot(out) == at_exit, "something was published after the run exited"
    assert hidden(out) == []
    if out.exists():
        assert_whole_kits(out)


# --- kit all, one game after another ------------------------------------------------------


@pytest.mark.parametrize(
    ("signum", "group"),
    [(INT, True), (TERM, False), (TERM, True)],
    ids=["ctrl-c", "sigterm-parent", "sigterm-group"],
)
def test_kit_all_stopped_while_the_first_kit_is_written(tmp_path, signum, group):
    out = tmp_path / "out"
    run = Run(tmp_path, *KIT_ALL, "--out", out)
    run.wait_for("a temporary kit folder", lambda: temporary_kits(out))
    run.send(signum, group)
    check_stopped(run, out, signum)


def test_kit_all_stopped_after_the_first_kit_is_published_keeps_it(tmp_path):
    out = tmp_path / "out"
    run = Run(tmp_path, *KIT_ALL, "--out", out)
    run.wait_for("a kit published", lambda: out.exists() and published(out))
    run.send(INT, group=False)
    check_stopped(run, out, INT)
    assert published(out), "the kit published before the signal is kept"


def test_kit_all_stopped_after_a_delay(tmp_path):
    out = tmp_path / "out"
    run = Run(tmp_path, *KIT_ALL, "--out", out)
    run.wait_for("3 seconds", lambda deadline=time.monotonic() + 3: time.monotonic() > deadline)
    run.send(TERM, group=False)
    check_stopped(run, out, TERM)


# --- kit all --jobs 2: two worker processes, each writing a kit ---------------------------


@pytest.mark.parametrize(
    ("signum", "group"),
    [(TERM, False), (INT, True), (TERM, True), (INT, False)],
    ids=["sigterm-parent", "ctrl-c", "sigterm-group", "sigint-parent"],
)
def test_kit_all_in_two_workers_stopped_while_both_write(tmp_path, signum, group):
    out = tmp_path / "out"
    run = Run(tmp_path, *KIT_ALL, "--jobs", "2", "--out", out)
    run.wait_for("two temporary kit folders", lambda: len(temporary_kits(out)) >= 2)
    run.send(signum, group)
    check_stopped(run, out, signum)


def test_kit_all_in_two_workers_stopped_after_a_kit_is_published(tmp_path):
    out = tmp_path / "out"
    run = Run(tmp_path, *KIT_ALL, "--jobs", "2", "--out", out)
    run.wait_for("a kit published", lambda: out.exists() and published(out))
    run.send(TERM, group=False)
    check_stopped(run, out, TERM)


def test_workers_whose_parent_is_killed_exit_without_publishing(tmp_path):
    # SIGKILL: the parent runs no handler. Its workers see it gone, remove what they were
    # writing and exit; none publishes.
    out = tmp_path / "out"
    run = Run(tmp_path, *KIT_ALL, "--jobs", "2", "--out", out)
    run.wait_for("two temporary kit folders", lambda: len(temporary_kits(out)) >= 2)
    before = published(out)
    run.send(signal.SIGKILL, group=False)
    code, _ = run.finish(out)
    assert code == -signal.SIGKILL
    assert published(out) == before
    assert hidden(out) == []


# --- generate: a designer's games in worker processes, then its folder --------------------

GENERATE = ["generate", "routes", "--candidates", "4", "--games", "3000", "--jobs", "2"]


@pytest.mark.parametrize(
    ("signum", "group"), [(INT, True), (TERM, False)], ids=["ctrl-c", "sigterm-parent"]
)
def test_generate_stopped_while_its_workers_play(tmp_path, signum, group):
    out = tmp_path / "out"
    run = Run(tmp_path, *GENERATE, "--out", out)
    run.wait_for("two worker processes", lambda: len(run.note_children()) >= 2)
    run.send(signum, group)
    check_stopped(run, out, signum)
    assert not out.exists() or published(out) == []


def test_generate_stopped_after_a_delay(tmp_path):
    out = tmp_path / "out"
    run = Run(tmp_path, *GENERATE, "--out", out)
    run.wait_for("2 seconds", lambda deadline=time.monotonic() + 2: time.monotonic() > deadline)
    run.send(INT, group=True)
    check_stopped(run, out, INT)


# --- simulate --jobs 2 ----------------------------------------------------------------------

SIMULATE = ["simulate", "hunt", "--games", "1000000", "--jobs", "2"]


@pytest.mark.parametrize(
    ("signum", "group"),
    [(INT, True), (TERM, False), (TERM, True)],
    ids=["ctrl-c", "sigterm-parent", "sigterm-group"],
)
def test_simulate_in_two_workers_stopped_while_they_play(tmp_path, signum, group):
    chart = tmp_path / "charts" / "hunt.svg"
    run = Run(tmp_path, *SIMULATE, "--plot", chart)
    run.wait_for("two worker processes", lambda: len(run.note_children()) >= 2)
    run.send(signum, group)
    check_stopped(run, chart.parent, signum)
    assert not chart.exists()


def test_simulate_on_a_dask_cluster_stopped_by_ctrl_c(tmp_path):
    # The LocalCluster's processes ignore Ctrl-C: quarry cancels the futures and closes the
    # cluster, and no Dask process prints anything.
    # 300,000 games: at a million, Dask warns on stderr that the graph of seeds is large.
    args = ["simulate", "hunt", "--games", "300000", "--jobs", "2", "--executor", "dask"]
    run = Run(tmp_path, *args)
    run.wait_for("two Dask workers", lambda: len(run.note_children()) >= 3)
    run.wait_for("2 seconds", lambda deadline=time.monotonic() + 2: time.monotonic() > deadline)
    run.send(INT, group=True)
    check_stopped(run, tmp_path / "nothing", INT)


# --- CP-SAT ---------------------------------------------------------------------------------

LONG_SOLVE = """
import sys
from ortools.sat.python import cp_model
from generator.solve.cpsat import solver
from generator.stopping import Interrupted, handling_signals

model = cp_model.CpModel()
xs = [model.new_int_var(0, 50, f"x{i}") for i in range(60)]
model.add_all_different(xs[:50])
for i in range(58):
    model.add(xs[i] + xs[i + 1] + xs[i + 2] != 77)
model.maximize(sum((i % 7 + 1) * x for i, x in enumerate(xs)))
with handling_signals():
    try:
        s = solver(600)
        print("solving", flush=True)
        status = s.solve(model)
        print("the solve returned", s.status_name(status), flush=True)
    except Interrupted as stop:
        sys.exit(stop.exit_code)
"""


def test_ctrl_c_during_a_cp_sat_solve_stops_the_run():
    # CP-SAT catches SIGINT by default (catch_sigint_signal): it would end the search, let
    # the run go on as if the time limit had passed, and leave the default handler behind.
    process = subprocess.Popen(
        [sys.executable, "-c", LONG_SOLVE],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout.readline().strip() == "solving"
    time.sleep(0.5)  # into the solve (a signal before it is handled the same way)
    process.send_signal(INT)
    out, err = process.communicate(timeout=300)
    assert process.returncode == 130, (out, err)
    assert out == "" and err == ""
