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

First, where the time of `--executor dask` goes, as a command spends it (issue 25 measured
1.46 times the wall time of --jobs 2 for 5,000 Fugitive games): in each of SPLIT_ROUNDS
rounds, 5,000 Fugitive games with --jobs 2 (a process pool started and stopped), then the
same on a LocalCluster started for them and closed after, split into the cluster's start,
the wait for the first task to start computing (scheduling, shipping the batch, a cold
worker importing the game), the tasks' compute (first, median), the time the workers stood
idle while simulate() waited (Dask's overhead between tasks and the idle end) and the
cluster's close; medians of the rounds, by the clock.
"""

import json
import statistics
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
SPLIT_GAMES = 5_000
SPLIT_ROUNDS = 3
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


def split_round(reference: list[dict]) -> dict[str, float]:
    """Return one round's times (s): --jobs 2, and --executor dask split into its parts."""
    times = {}
    start = time.perf_counter()
    local = simulate(play_one_fugitive, SPLIT_GAMES, 1, jobs=WORKERS)
    times["--jobs 2, all of it"] = time.perf_counter() - start
    start = time.perf_counter()
    client = start_local_cluster(WORKERS)
    times["dask: start the LocalCluster"] = time.perf_counter() - start
    executor = DaskExecutor(lambda: client)
    try:
        with get_task_stream(client) as stream, use_executor(executor):
            sent = time.time()  # the task stream's clock
            played = simulate(play_one_fugitive, SPLIT_GAMES, 1, jobs=WORKERS)
            done = time.time()
    finally:
        closing = time.perf_counter()
        executor.close()
        times["dask: close the cluster"] = time.perf_counter() - closing
    if played != local or local != reference:
        raise SystemExit("the Dask results differ from --jobs 2's")
    computes = sorted(
        (part["start"], part["stop"])
        for task in stream.data
        for part in task["startstops"]
        if part["action"] == "compute"
    )
    spans = [stop - start for start, stop in computes]
    times["dask: the games, all of them"] = done - sent
    times["dask:   until the first task computes"] = computes[0][0] - sent
    times["dask:   the first task's compute"] = spans[0]
    times["dask:   a task's compute (median)"] = statistics.median(spans)
    times["dask:   workers idle while waited on (each)"] = (
        WORKERS * (done - sent) - sum(spans)
    ) / WORKERS
    times["dask: all of it"] = (
        times["dask: start the LocalCluster"]
        + times["dask: the games, all of them"]
        + times["dask: close the cluster"]
    )
    times["tasks"] = len(spans)
    return times


def where_the_time_goes() -> None:
    """Print the medians of SPLIT_ROUNDS rounds of split_round."""
    reference = simulate(play_one_fugitive, SPLIT_GAMES, 1)
    rounds = [split_round(reference) for _ in range(SPLIT_ROUNDS)]
    print(
        f"  {SPLIT_GAMES:,} Fugitive games as a command plays them, by the clock "
        f"(median of {SPLIT_ROUNDS} rounds; results identical):"
    )
    for name in rounds[0]:
        value = statistics.median(r[name] for r in rounds)
        print(f"    {name:46} {value:7.2f}" + ("" if name == "tasks" else " s"))
    ratio = statistics.median(r["dask: all of it"] / r["--jobs 2, all of it"] for r in rounds)
    print(f"    dask against --jobs 2: {ratio:.2f} times the wall time (issue 25 measured 1.46)")


def main() -> None:
    print(f"Dask: a LocalCluster of {WORKERS} worker processes against --jobs {WORKERS}")
    where_the_time_goes()
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
