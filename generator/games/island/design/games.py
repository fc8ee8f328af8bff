"""The default island's games, played in the background while the balance loop runs.

The default island is measured with the seed and the game count the command was given,
whatever the loop finds, so its games need not wait for the loop. With --jobs 2 or more
(and no other executor chosen) they start at once, in small chunks, in jobs - 1 more worker
processes, and keep the cores busy that CP-SAT leaves idle while it lays out the island and
its hiding places in this process (on one core), and those idle between the loop's runs of
games. When the loop is done, the chunks not yet started are played by `jobs` workers. The
games, their seeds and their order are simulate_island's, so the summary is the same to the
byte (tests/games/island/test_design.py).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

from generator.engine.executors import current_executor, play_batch
from generator.engine.simulate import game_seeds
from generator.games.island.board import Island
from generator.games.island.bots import island_games, simulate_island
from generator.progress import advance
from generator.stopping import worker_pool

CHUNK = 20  # games a task: short enough that the last ones left in the background end soon


class BackgroundGames:
    """simulate_island's games on one island, started in a worker pool of their own; the
    summary is read once the rest of the work is done (`summary()`)."""

    def __init__(self, pool, island: Island, players: int, games: int, seed: int, jobs: int):
        self.play, self.summarise = island_games(island, players)
        self.seed, self.jobs = seed, jobs
        seeds = game_seeds(seed, games)
        self.chunks = [seeds[i : i + CHUNK] for i in range(0, len(seeds), CHUNK)]
        self.futures = [pool.submit(play_batch, self.play, chunk) for chunk in self.chunks]

    def summary(self) -> dict:
        """Return simulate_island's summary of the games: the chunks still waiting are
        taken back and played by `jobs` workers, the others read where they ran."""
        waiting = [i for i, future in enumerate(self.futures) if future.cancel()]
        results: list[dict] = []
        with worker_pool(min(self.jobs, len(waiting)) or 1) as pool:
            taken = {i: pool.submit(play_batch, self.play, self.chunks[i]) for i in waiting}
            for i, future in enumerate(self.futures):
                chunk = taken.get(i, future).result()
                results += chunk
                advance("games", len(chunk))
        return self.summarise(results, self.seed)


@contextmanager
def default_games(island: Island, players: int, games: int, seed: int, jobs: int) -> Iterator:
    """Yield a function that returns simulate_island(island, players, games, seed, jobs):
    with jobs > 1 and no executor chosen, its games are started in the background when
    the block opens; otherwise they are played when the function is called."""
    workers = (os.cpu_count() or 1) if jobs <= 0 else jobs  # as simulate() counts them
    if workers <= 1 or current_executor() is not None:
        yield lambda: simulate_island(island, players, games, seed, jobs)
        return
    with worker_pool(workers - 1) as pool:  # the cores CP-SAT leaves idle in this process
        yield BackgroundGames(pool, island, players, games, seed, workers).summary
