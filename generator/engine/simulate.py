"""Play many games with bots, over worker processes, with seeds that never depend on --jobs.

`simulate(play_one, games, seed)` derives one seed per game from the master seed (numpy's
SeedSequence: the i-th game's seed is the same whatever the number of games or workers),
plays them in order or in worker processes, and returns one result per game in game order.
`play_one(game_seed) -> dict` must be a picklable top-level function (bind options with
functools.partial). `summarise` turns the per-game dicts into metrics with 95% intervals.

Where the games run is the executor's business (generator/engine/executors.py): with none
chosen, locally as above; inside `executor_for("dask", ...)`, as tasks on a Dask cluster,
with the same seeds and the same results in the same order.
"""

import math
import os
from collections.abc import Callable, Iterable, Sequence
from contextlib import nullcontext
from functools import partial

import numpy as np

from generator.engine.executors import current_executor
from generator.engine.stats import mean_metric, rate_metric
from generator.progress import advance, bar
from generator.stopping import worker_pool

PlayOne = Callable[[int], dict]
CHUNKS_PER_WORKER = 8
MAX_CHUNK = 500


def game_seeds(seed: int, games: int) -> list[int]:
    """Return the `games` per-game seeds (64-bit ints) derived from the master `seed`; the
    i-th seed does not depend on `games`."""
    if seed < 0:
        raise ValueError(f"the seed must be a non-negative integer, not {seed}")
    if games <= 0:
        return []
    return [int(s) for s in np.random.SeedSequence(seed).generate_state(games, np.uint64)]


def simulate(
    play_one: PlayOne,
    games: int,
    seed: int,
    jobs: int = 1,
    progress: bool | None = None,
) -> list[dict]:
    """Return the results of `games` games, `play_one(game_seed)` each, in game order.

    jobs > 1 plays them in that many worker processes (jobs <= 0: one per CPU); the results
    are the same for every `jobs`. Inside an executor's block (executors.py: `--executor
    dask`) the games go to that executor instead and `jobs` is not used. `progress` shows a
    bar of the games on a terminal (generator/progress.py); either way the games move any
    open bar that counts games."""
    seeds = game_seeds(seed, games)
    workers = (os.cpu_count() or 1) if jobs <= 0 else jobs
    executor = current_executor()
    moved = partial(advance, "games")  # this bar, or an outer one counting games (a design's)
    with bar("playing", "games", total=len(seeds)) if progress else nullcontext():
        if executor is not None:  # chosen by the command (--executor dask): jobs unused here
            return executor.play(play_one, seeds, moved)
        if workers <= 1 or len(seeds) <= 1:
            results = []
            for game_seed in seeds:
                results.append(play_one(game_seed))
                moved(1)
            return results
        size = max(1, min(MAX_CHUNK, math.ceil(len(seeds) / (workers * CHUNKS_PER_WORKER))))
        chunks = [seeds[i : i + size] for i in range(0, len(seeds), size)]
        # Workers that stop with the run: Ctrl-C or SIGTERM here leaves none behind.
        with worker_pool(min(workers, len(chunks))) as pool:
            futures = [pool.submit(_play_chunk, play_one, chunk) for chunk in chunks]
            results = []
            for future in futures:  # in game order; the bar may lag a finished later chunk
                chunk = future.result()
                results += chunk
                moved(len(chunk))
            return results


def _play_chunk(play_one: PlayOne, seeds: Sequence[int]) -> list[dict]:
    return [play_one(game_seed) for game_seed in seeds]


def summarise(
    results: Sequence[dict], rates: Iterable[str] = (), means: Iterable[str] = ()
) -> dict:
    """Return {name: {"value": x, "ci95": [lo, hi]}}: for each key in `rates` the share of
    results where it is true (Wilson interval), for each key in `means` its mean (normal
    interval)."""
    metrics = {}
    for key in rates:
        metrics[key] = rate_metric(sum(1 for r in results if r[key]), len(results))
    for key in means:
        metrics[key] = mean_metric([float(r[key]) for r in results])
    return metrics
