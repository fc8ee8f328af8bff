"""Games on a Dask cluster against local worker processes: 20,000 Fugitive games and one
island generation, each on the local executor (--jobs 2) and on a LocalCluster of two
single-threaded worker processes (`--executor dask --jobs 2`).

Prints the wall time of each, the tasks Dask ran, and Dask's overhead per task: the time
the two workers had while simulate() waited on them (2 x that wall time) less the time they
spent computing (Dask's task stream), over the tasks, and that as a share of a task's mean
compute time (the goal is under 10%). It includes the idle end of each simulate() call,
when one worker finishes its last task before the other.
The cluster's start-up (a few seconds, once per command) is timed apart. A last table plays
4,000 Fugitive games with batches of fixed sizes to show why a task holds at least
MIN_BATCH games. Every Dask result is compared with the local one; nothing is asserted.
"""

import json
import time

from distributed import get_task_stream

from generator.engine import cluster as dask_cluster
from generator.engine.cluster import DaskExecutor, start_local_cluster
from generator.engine.executors import use_executor
from generator.engine.simulate import simulate
from generator.games.fugitive.bots import play_one_fugitive
from generator.games.island.design.balance import generate_island

WORKERS = 2
FUGITIVE_GAMES = 20_000
BATCH_SIZES = (1, 10, 50, 100, 500)


def on_cluster(executor: DaskExecutor, work):
    """Return (result, seconds, tasks, overhead per task in s, overhead share) of `work()`
    run with its games on `executor`. Only the time inside simulate() counts towards the
    overhead (a design's CP-SAT solves and reports leave the workers idle, as they leave
    local worker processes unused)."""
    tasks_before, inside, play = executor.tasks, [0.0], executor.play

    def timed_play(*args):
        start = time.perf_counter()
        try:
            return play(*args)
        finally:
            inside[0] += time.perf_counter() - start

    executor.play = timed_play
    try:
        with get_task_stream(executor.client) as stream, use_executor(executor):
            result, wall = timed(work)
    finally:
        del executor.play
    computing = sum(
        part["stop"] - part["start"]
        for task in stream.data
        for part in task["startstops"]
        if part["action"] == "compute"
    )
    tasks = executor.tasks - tasks_before
    overhead = max(0.0, WORKERS * inside[0] - computing) / max(1, tasks)
    return result, wall, tasks, overhead, overhead / (computing / max(1, tasks))


def timed(work):
    """Return (result, seconds) of `work()`."""
    start = time.perf_counter()
    result = work()
    return result, time.perf_counter() - start


def line(name: str, local: float, dask: tuple, same: bool) -> str:
    _, wall, tasks, overhead, share = dask
    return (
        f"  {name:28} local {local:7.1f} s   dask {wall:7.1f} s   {tasks:4d} tasks   "
        f"overhead {overhead * 1000:6.1f} ms a task ({share:5.1%})   "
        f"{'identical' if same else 'DIFFERENT'}"
    )


def main() -> None:
    print(f"Dask: a LocalCluster of {WORKERS} worker processes against --jobs {WORKERS}")
    start = time.perf_counter()
    client = start_local_cluster(WORKERS)
    print(f"  cluster start-up {time.perf_counter() - start:.1f} s")
    executor = DaskExecutor(lambda: client)
    try:
        play = play_one_fugitive
        local, local_s = timed(lambda: simulate(play, FUGITIVE_GAMES, 1, jobs=WORKERS))
        dask = on_cluster(executor, lambda: simulate(play, FUGITIVE_GAMES, 1, jobs=WORKERS))
        print(line(f"{FUGITIVE_GAMES:,} Fugitive games", local_s, dask, dask[0] == local))

        def island():
            return generate_island([], 1, 24, 4, 0.5, 2000, jobs=WORKERS).to_json()

        local, local_s = timed(island)
        dask = on_cluster(executor, island)
        same = json.dumps(dask[0], sort_keys=True) == json.dumps(local, sort_keys=True)
        print(line("generate island (defaults)", local_s, dask, same))

        print("  4,000 Fugitive games by games per task:")
        saved = dask_cluster.MIN_BATCH, dask_cluster.MAX_BATCH
        for size in BATCH_SIZES:
            dask_cluster.MIN_BATCH = dask_cluster.MAX_BATCH = size
            _, wall, tasks, overhead, share = on_cluster(
                executor, lambda: simulate(play, 4000, 2, jobs=WORKERS)
            )
            print(
                f"    {size:4d} games a task: {wall:6.1f} s, {tasks:5d} tasks, "
                f"overhead {overhead * 1000:6.1f} ms a task ({share:5.1%})"
            )
        dask_cluster.MIN_BATCH, dask_cluster.MAX_BATCH = saved
    finally:
        executor.close()


if __name__ == "__main__":
    main()
