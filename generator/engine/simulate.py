"""Play many games with bots, over worker processes, with seeds that never depend on --jobs.

`simulate(play_one, games, seed)` derives one seed per game from the master seed (numpy's
SeedSequence, worked out here without numpy by `derived_seeds`: the i-th game's seed is the
same whatever the number of games or workers),
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
    return derived_seeds(seed, games)


MASK32 = 0xFFFFFFFF
POOL = 4  # SeedSequence's pool of 32-bit words


def _hashes(start: int, multiplier: int, count: int) -> list[int]:
    """Return start, start * multiplier, ... (count + 1 numbers, mod 2**32)."""
    out = [start]
    for _ in range(count):
        out.append(out[-1] * multiplier & MASK32)
    return out


_MIX_HASHES = _hashes(0x43B0D7E5, 0x931E8875, 64)
_OUT_HASHES = _hashes(0x8B51F9DD, 0x58F38DED, 2)


def derived_seeds(seed: int, count: int) -> list[int]:
    """Return numpy's `SeedSequence(seed).generate_state(count, np.uint64)` as ints, the
    same numbers worked out in pure Python (`seed` >= 0): simulate and the bots that seed
    their games this way need no numpy, and a few seeds cost no more than numpy's."""
    global _OUT_HASHES
    words = [seed & MASK32]  # the seed as little-endian 32-bit words, at least POOL of them
    rest = seed >> 32
    while rest:
        words.append(rest & MASK32)
        rest >>= 32
    words += [0] * (POOL - len(words))
    mix_hashes = _MIX_HASHES  # the hash constant before and after each mix, in turn
    if POOL * (POOL + len(words)) >= len(mix_hashes):  # a seed of more than 1,500 bits
        mix_hashes = _hashes(0x43B0D7E5, 0x931E8875, POOL * (POOL + len(words)))
    step = 0

    def hashmix(value: int) -> int:
        nonlocal step
        value = (value ^ mix_hashes[step]) * mix_hashes[step + 1] & MASK32
        step += 1
        return value ^ value >> 16

    def mix(into: int, value: int) -> int:
        value = (0xCA01F9DD * into - 0x4973F715 * hashmix(value)) & MASK32
        return value ^ value >> 16

    pool = [hashmix(word) for word in words[:POOL]]
    for source in range(POOL):
        for target in range(POOL):
            if source != target:
                pool[target] = mix(pool[target], pool[source])
    for word in words[POOL:]:
        for target in range(POOL):
            pool[target] = mix(pool[target], word)
    if len(_OUT_HASHES) <= 2 * count:
        _OUT_HASHES = _hashes(0x8B51F9DD, 0x58F38DED, 2 * count)
    out_hashes, seeds = _OUT_HASHES, []
    for i in range(0, 2 * count, 2):  # two 32-bit words a seed, the low one first
        low = (pool[i % POOL] ^ out_hashes[i]) * out_hashes[i + 1] & MASK32
        high = (pool[(i + 1) % POOL] ^ out_hashes[i + 1]) * out_hashes[i + 2] & MASK32
        seeds.append((low ^ low >> 16) | (high ^ high >> 16) << 32)
    return seeds


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
