"""Executors: games on a Dask cluster give byte for byte what local worker processes give,
and the command line refuses a bad executor or scheduler with one line."""

import json
import subprocess
import sys

import pytest
from distributed import get_task_stream

from generator.engine import cluster as dask_cluster
from generator.engine.cluster import MIN_BATCH, DaskExecutor, batch_size, start_local_cluster
from generator.engine.executors import current_executor, executor_for, use_executor
from generator.errors import QuarryError
from generator.games.cutthroat.design.balance import generate_variant
from generator.games.fugitive.bots import simulate_fugitive


@pytest.fixture(scope="module")
def two_workers():
    """A LocalCluster of two single-threaded workers (threads of this process: it starts in
    a fraction of a second) on TCP, as a remote one would be, shared by the tests of this
    module; yields its Client."""
    executor = DaskExecutor(lambda: start_local_cluster(2, processes=False))
    yield executor.client
    executor.close()


def as_json(data) -> str:
    return json.dumps(data, indent=2, sort_keys=True)


def test_a_two_worker_cluster_gives_the_same_simulate_summary_as_local_processes(two_workers):
    local = simulate_fugitive(300, 7, jobs=2)
    executor = DaskExecutor(lambda: two_workers)
    with get_task_stream(two_workers) as stream, use_executor(executor):
        on_cluster = simulate_fugitive(300, 7, jobs=2)
    assert as_json(on_cluster) == as_json(local)
    assert executor.tasks == 300 // MIN_BATCH  # batches of seeds, not one task a game
    assert len({task["worker"] for task in stream.data}) == 2


def test_a_generate_run_on_the_cluster_gives_the_same_report_as_local(two_workers):
    def design():
        return generate_variant([], 3, players=6, candidates=2, games=60).to_json()

    local = design()
    executor = DaskExecutor(lambda: two_workers)
    with use_executor(executor):
        on_cluster = design()
    assert as_json(on_cluster) == as_json(local)
    assert executor.tasks >= 3  # the simulate() calls deep in the design reached the cluster


def test_the_executor_holds_only_inside_its_block(two_workers):
    executor = DaskExecutor(lambda: two_workers)
    assert current_executor() is None
    with use_executor(executor):
        assert current_executor() is executor
        with executor_for("local"):
            assert current_executor() is None
        assert current_executor() is executor
    assert current_executor() is None


def test_a_batch_holds_enough_games_and_the_batches_cover_every_game():
    assert batch_size(1_000_000, 2) == 500  # at most MAX_BATCH
    assert batch_size(16_000, 4) == 250  # sixteen tasks a worker
    assert batch_size(1000, 2) == MIN_BATCH  # never tiny tasks
    assert batch_size(150, 2) == 75  # but every worker gets a share
    assert batch_size(1, 64) == 1


def test_real_worker_processes_give_the_same_json_as_the_local_executor(quarry):
    args = ("simulate", "hunt", "--games", "150", "--seed", "5", "--json", "--jobs", "2")
    local = quarry(*args, "--executor", "local")
    dask = quarry(*args, "--executor", "dask")
    assert dask.returncode == 0 and dask.stderr == ""
    assert dask.stdout == local.stdout
    assert json.loads(dask.stdout)["games"] == 150


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("simulate", "hunt", "--executor", "ray"), "--executor must be local or dask"),
        (
            ("simulate", "hunt", "--scheduler", "tcp://127.0.0.1:8786"),
            "--scheduler needs --executor dask",
        ),
        (
            ("simulate", "hunt", "--executor", "dask", "--scheduler", "nonsense"),
            "is not a Dask scheduler address (missing port",
        ),
        (
            ("generate", "variant", "--executor", "dask", "--scheduler", "http://h:1"),
            "is not a Dask scheduler address (unknown address scheme",
        ),
        (
            ("generate", "island", "--scheduler", "tcp://10.0.0.5:8786"),
            "--scheduler needs --executor dask",
        ),
    ],
    ids=["unknown-executor", "scheduler-alone", "no-port", "http", "generate-scheduler-alone"],
)
def test_bad_executor_options_get_one_line_and_exit_2(quarry, tmp_path, args, message):
    done = quarry(*args, "--out", tmp_path) if args[0] == "generate" else quarry(*args)
    assert done.returncode == 2
    assert done.stderr.startswith("quarry: error: ") and message in done.stderr
    assert done.stderr.count("\n") == 1 and done.stdout == ""
    assert list(tmp_path.iterdir()) == []


def test_a_scheduler_that_does_not_answer_is_refused_quickly(monkeypatch):
    monkeypatch.setattr(dask_cluster, "CONNECT_TIMEOUT", 0.5)
    refused = pytest.raises(QuarryError, match="no Dask scheduler answered within 0.5 s")
    with refused, executor_for("dask", "tcp://127.0.0.1:1", 2):
        pytest.fail("the block ran without a scheduler")


def test_a_scheduler_without_workers_is_refused(monkeypatch):
    monkeypatch.setattr(dask_cluster, "CONNECT_TIMEOUT", 0.5)
    empty = DaskExecutor(lambda: start_local_cluster(0, processes=False))
    try:
        refused = pytest.raises(QuarryError, match="the scheduler has no workers")
        with refused, executor_for("dask", empty.client.scheduler.address, 2):
            pytest.fail("the block ran without workers")
    finally:
        empty.close()


def test_a_worker_with_another_quarry_version_is_refused(two_workers, monkeypatch):
    monkeypatch.setattr(dask_cluster, "__version__", "0.0.0-other")
    address = two_workers.scheduler.address
    refused = pytest.raises(QuarryError, match=r"runs \S+, not Quarry 0.0.0-other")
    with refused, executor_for("dask", address, 2):
        pytest.fail("the block ran on mismatched workers")


def test_without_dask_installed_the_dask_executor_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "generator.engine.cluster", None)  # import fails
    refused = pytest.raises(QuarryError, match=r"pip install 'quarry-kit\[cluster\]'")
    with refused, executor_for("dask", None, 2):
        pytest.fail("the block ran without Dask")


def test_the_local_executor_never_imports_dask(root):
    code = (
        "import sys; from generator.cli import main; sys.argv = ['quarry', 'simulate', 'hunt',"
        " '--games', '3', '--json']\ntry: main()\nexcept SystemExit: pass\n"
        "print('distributed' in sys.modules, 'dask' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip().splitlines()[-1] == "False False"
