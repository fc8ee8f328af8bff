"""Where simulate() plays its games: local worker processes, or a Dask distributed cluster.

An executor is chosen once, by whoever runs the command, and reaches every simulate() call
made inside it, however deep in a game's design or balance code, without an argument
threaded through the games:

    with executor_for("dask", scheduler="tcp://10.0.0.5:8786", jobs=2):
        generate_island(...)  # each simulate() inside sends its games to the cluster

The choice is held in a context variable (`use_executor`, `current_executor`). With none
chosen, simulate() plays locally: in order, or in `jobs` worker processes. Every executor
gets the same per-game seeds from simulate() and returns one result per game in game order,
so the results never depend on the executor, the number of workers or the batching.

The Dask executor (generator/engine/cluster.py) is imported only when chosen: Dask is the
optional extra "cluster", and its absence is one line telling how to install it.
"""

import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Protocol

from generator.errors import QuarryError

EXECUTORS = ("local", "dask")
INSTALL_HINT = "pip install 'quarry-kit[cluster]'"


class Executor(Protocol):
    """Plays games from their seeds somewhere and brings the results back in game order."""

    def play(
        self,
        play_one: Callable[[int], dict],
        seeds: Sequence[int],
        advance: Callable[[int], None],
    ) -> list[dict]:
        """Return [play_one(s) for s in seeds], calling advance(n) as n more games finish."""
        ...


def play_batch(play_one: Callable[[int], dict], seeds: Sequence[int]) -> list[dict]:
    """Return [play_one(s) for s in seeds]: one task's work, wherever it runs.

    One batch at a time per process: the games keep module-level caches and buffers (the
    C search's among them) that two threads would corrupt, and a Dask worker with several
    threads would run two batches at once. Pure-Python games gain nothing from threads."""
    with _ONE_BATCH_AT_A_TIME:
        return [play_one(seed) for seed in seeds]


_ONE_BATCH_AT_A_TIME = threading.Lock()


_current: ContextVar[Executor | None] = ContextVar("quarry_executor", default=None)


def current_executor() -> Executor | None:
    """Return the executor chosen by the innermost `use_executor`, or None (play locally)."""
    return _current.get()


@contextmanager
def use_executor(executor: Executor | None) -> Iterator[Executor | None]:
    """Make every simulate() in the block play its games on `executor` (None: locally);
    yields the executor."""
    token = _current.set(executor)
    try:
        yield executor
    finally:
        _current.reset(token)


def check_executor_options(name: str, scheduler: str | None) -> None:
    """Refuse an unknown executor, or --scheduler without --executor dask (QuarryError);
    returns None."""
    if name not in EXECUTORS:
        raise QuarryError(f"--executor must be local or dask, not {name!r}")
    if scheduler is not None and name != "dask":
        raise QuarryError("--scheduler needs --executor dask")


@contextmanager
def executor_for(name: str, scheduler: str | None = None, jobs: int = 1) -> Iterator[None]:
    """Run the block with the executor the command line asked for: "local" (worker
    processes, `jobs` of them) or "dask" (the cluster at `scheduler`, or a LocalCluster of
    `jobs` worker processes started on first use and stopped at the end). Yields None;
    raises QuarryError for bad options, a missing Dask or a scheduler that does not answer."""
    check_executor_options(name, scheduler)
    if name == "local":
        with use_executor(None):
            yield
        return
    try:
        from generator.engine.cluster import dask_executor
    except ImportError:
        raise QuarryError(
            f"--executor dask needs Dask distributed, which is not installed: {INSTALL_HINT}"
        ) from None
    with dask_executor(scheduler, jobs) as executor, use_executor(executor):
        yield
