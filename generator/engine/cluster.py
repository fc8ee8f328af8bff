"""The Dask executor: simulate()'s games as tasks on a Dask distributed cluster.

Dask does the scheduling, the transport and the workers (we write none of it). Quarry sends
batches of per-game seeds, one task a batch, each task `play_batch(play_one, seeds)`, and
gathers the results in game order, so a cluster of any size gives what a local run gives.

A task costs Dask about 5 ms (scheduling, pickling, a round trip; bench/bench_dask.py), so a
batch holds at least MIN_BATCH games: 100 ms or more even for the fastest games (The Hunt's,
about 1 ms each), under 5% overhead. Above that, about TASKS_PER_WORKER tasks per worker
thread, so that the last tasks leave little idle time at the end (a few long tasks cost more
in waiting than many short ones in overhead), and never fewer tasks than workers.

Only generator/engine/executors.py imports this module, and only when `--executor dask` is
asked for: it needs the optional extra "cluster" (dask[distributed]).
"""

import logging
import math
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from multiprocessing import forkserver

import dask
from distributed import Client, LocalCluster
from distributed.comm import get_address_host_port
from distributed.utils import get_mp_context

from generator import __version__
from generator.engine.executors import play_batch
from generator.errors import QuarryError

CONNECT_TIMEOUT = 5  # seconds to reach a scheduler, and for it to have a worker
MIN_BATCH = 100
MAX_BATCH = 500
TASKS_PER_WORKER = 16


def batch_size(games: int, workers: int) -> int:
    """Return how many games go in one task for `games` games on `workers` worker threads."""
    workers = max(1, workers)
    size = min(MAX_BATCH, max(MIN_BATCH, math.ceil(games / (workers * TASKS_PER_WORKER))))
    return max(1, min(size, math.ceil(games / workers)))  # every worker gets some


class DaskExecutor:
    """Plays games on the cluster of a Dask `Client` (made on first use by `connect`)."""

    def __init__(self, connect: Callable[[], Client]) -> None:
        self._connect = connect
        self._client: Client | None = None
        self.tasks = 0  # tasks sent so far (for the bench)

    @property
    def client(self) -> Client:
        """Return the Client, connecting (or starting the LocalCluster) the first time."""
        if self._client is None:
            self._client = self._connect()
        return self._client

    def workers(self) -> int:
        """Return the number of worker threads the cluster has now."""
        return sum(self.client.nthreads().values())

    def play(
        self,
        play_one: Callable[[int], dict],
        seeds: Sequence[int],
        advance: Callable[[int], None],
    ) -> list[dict]:
        """Return [play_one(s) for s in seeds] played as tasks of a batch of seeds each, in
        game order; advance(n) is called as each batch comes back, in order."""
        if not seeds:
            return []
        size = batch_size(len(seeds), self.workers())
        batches = [list(seeds[i : i + size]) for i in range(0, len(seeds), size)]
        futures = self.client.map(play_batch, [play_one] * len(batches), batches, pure=False)
        self.tasks += len(futures)
        results: list[dict] = []
        try:
            for future in futures:
                batch = future.result()
                results += batch
                advance(len(batch))
        finally:
            self.client.cancel([f for f in futures if not f.done()])
        return results

    def close(self) -> None:
        """Close the Client (and the LocalCluster it started, if any); returns None."""
        if self._client is not None:
            cluster = self._client.cluster
            self._client.close()
            if cluster is not None:
                cluster.close()
            self._client = None


@contextmanager
def dask_executor(scheduler: str | None, jobs: int) -> Iterator[DaskExecutor]:
    """Yield a DaskExecutor on the scheduler at `scheduler` (connected now, so that a wrong
    address fails before any work), or on a LocalCluster of `jobs` single-threaded worker
    processes started when the first games are sent; close it at the end."""
    if scheduler is None:
        executor = DaskExecutor(lambda: start_local_cluster(jobs))
    else:
        client = _connect(scheduler)
        executor = DaskExecutor(lambda: client)
        executor.client  # noqa: B018 (connect now: a bad address fails before the work)
    try:
        yield executor
    finally:
        executor.close()


def start_local_cluster(workers: int, processes: bool = True) -> Client:
    """Return a Client of a new LocalCluster on this machine: `workers` single-threaded
    workers (processes, or threads of this process), no dashboard, quiet logs.

    Worker processes ignore SIGINT: Ctrl-C on a terminal reaches the whole process group,
    and only the quarry process acts on it (stopping.Interrupted: the futures are cancelled
    and the cluster closed), where a worker taking it would print its own traceback. Dask
    starts them from a forkserver that this process starts while it ignores SIGINT for a
    moment: a disposition to ignore survives exec, and the forkserver hands it to every
    worker it forks, from its first instruction. A worker Dask restarts later ignores it
    once started (dask_setup)."""
    if processes:
        _start_forkserver_ignoring_sigint()
        with dask.config.set({"distributed.worker.multiprocessing-method": "forkserver"}):
            return _local_client(workers, processes)
    return _local_client(workers, processes)


def _start_forkserver_ignoring_sigint() -> None:
    """Start multiprocessing's forkserver (with Dask's preloads) while this process ignores
    SIGINT, if it is not running yet; returns None."""
    with dask.config.set({"distributed.worker.multiprocessing-method": "forkserver"}):
        get_mp_context()  # sets Dask's forkserver preloads, once
    if threading.current_thread() is not threading.main_thread():
        forkserver.ensure_running()  # handlers can only be set in the main thread
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        forkserver.ensure_running()
    finally:
        signal.signal(signal.SIGINT, previous)


def _local_client(workers: int, processes: bool) -> Client:
    cluster = LocalCluster(
        n_workers=workers,
        threads_per_worker=1,  # the games are pure Python: one process per core
        processes=processes,
        protocol="tcp",  # as a remote cluster's (threads would otherwise use inproc://)
        dashboard_address=None,
        # no dashboard, and the scheduler's small HTTP server on any free local port (not
        # 8787, which another cluster may hold: Dask would warn on stderr)
        scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
        silence_logs=logging.ERROR,
        preload=[__name__],  # each worker runs dask_setup when it starts
    )
    return Client(cluster, set_as_default=False)


def dask_setup(worker) -> None:
    """Make a LocalCluster's worker process ignore SIGINT (run by Dask as the worker
    starts; `worker` unused). Ctrl-C on a terminal reaches the whole process group: only
    the quarry process acts on it (stopping.Interrupted: the futures are cancelled and the
    cluster closed), where a worker taking it would print its own traceback. A worker
    running as a thread of this process is left alone."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def _connect(address: str) -> Client:
    """Return a Client of the scheduler at `address` that has a worker running this version
    of Quarry, or raise QuarryError saying what is wrong."""
    _check_address(address)
    try:
        client = Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError):
        raise QuarryError(
            f"--scheduler {address}: no Dask scheduler answered within {CONNECT_TIMEOUT} s "
            "(start one with `dask scheduler`; see docs/scaling.md)"
        ) from None
    try:
        client.wait_for_workers(1, timeout=CONNECT_TIMEOUT)
        versions = client.run(_quarry_version, on_error="return")
    except (OSError, TimeoutError):
        client.close()
        raise QuarryError(
            f"--scheduler {address}: the scheduler has no workers (start some with "
            f"`dask worker {address}`; see docs/scaling.md)"
        ) from None
    wrong = {w: v for w, v in versions.items() if v != __version__}
    if wrong:
        worker, version = sorted(wrong.items())[0]
        client.close()
        found = version if isinstance(version, str) else f"no Quarry ({version!r})"
        raise QuarryError(
            f"--scheduler {address}: worker {worker} runs {found}, not Quarry {__version__}; "
            "install the same version on every worker (docs/scaling.md)"
        )
    return client


def _check_address(address: str) -> None:
    """Refuse (QuarryError) an address Dask cannot read, before a Client is made: a Client
    that fails on one leaves a thread behind that prints a traceback at exit."""
    try:
        host, port = get_address_host_port(address)
    except ValueError as error:
        problem = str(error)
    else:
        problem = None if host and 0 < port < 65536 else "no host, or a port out of range"
    if problem:
        raise QuarryError(
            f"--scheduler {address!r} is not a Dask scheduler address ({problem}); "
            "expected e.g. tcp://10.0.0.5:8786"
        )


def _quarry_version() -> str:
    """Return the Quarry version a worker runs (called on each worker by client.run)."""
    from generator import __version__ as version

    return version
