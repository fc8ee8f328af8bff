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
import sys
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from generator.engine.executors import current_executor
from generator.engine.stats import mean_metric, rate_metric

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
    dask`) the games go to that executor instead and `jobs` is not used. A Rich progress bar is shown on stderr only when
    `progress` is True and stderr is a terminal."""
    seeds = game_seeds(seed, games)
    workers = (os.cpu_count() or 1) if jobs <= 0 else jobs
    executor = current_executor()
    with _Progress(len(seeds), bool(progress) and sys.stderr.isatty()) as bar:
        if executor is not None:  # chosen by the command (--executor dask): jobs unused here
            return executor.play(play_one, seeds, bar.advance)
        if workers <= 1 or len(seeds) <= 1:
            results = []
            for game_seed in seeds:
                results.append(play_one(game_seed))
                bar.advance(1)
            return results
        size = max(1, min(MAX_CHUNK, math.ceil(len(seeds) / (workers * CHUNKS_PER_WORKER))))
        chunks = [seeds[i : i + size] for i in range(0, len(seeds), size)]
        with ProcessPoolExecutor(max_workers=min(workers, len(chunks))) as pool:
            futures = [pool.submit(_play_chunk, play_one, chunk) for chunk in chunks]
            results = []
            for future in futures:  # in game order; the bar may lag a finished later chunk
                results += future.result()
                bar.advance(len(results) - bar.done)
            return results


def _play_chunk(play_one: PlayOne, seeds: Sequence[int]) -> list[dict]:
    return [play_one(game_seed) for game_seed in seeds]


class _Progress:
    """A Rich progress bar on stderr, or nothing at all when `show` is False."""

    def __init__(self, total: int, show: bool) -> None:
        self.total, self.show = total, show
        self.done = 0
        self._progress = None
        self._task = None

    def __enter__(self) -> "_Progress":
        if self.show:
            from rich.console import Console
            from rich.progress import Progress

            self._progress = Progress(console=Console(stderr=True), transient=True)
            self._progress.start()
            self._task = self._progress.add_task("playing", total=self.total)
        return self

    def advance(self, count: int) -> None:
        self.done += count
        if self._progress is not None:
            self._progress.advance(self._task, count)

    def __exit__(self, *exc) -> None:
        if self._progress is not None:
            self._progress.stop()


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
