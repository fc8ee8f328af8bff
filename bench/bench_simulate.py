"""`quarry simulate` against the bare game loop: for every game and pairing of bots, games a
second of the function the simulate command calls (the game's registered `simulate`, in this
process, one job, no bar: seeds, the options read, the board read, the games, the metrics)
beside the bench's bare loop with the same bots (bench_<game>.py: `play_game` or
`play_one_<game>` over the same per-game seeds, nothing else), and the ratio of their CPU
times. Then the command itself with each game's default bots in a fresh process (start-up
included) beside the bare loop for as many games. Then start-up: `quarry simulate hunt --games
10` (its exact Knight needs numpy) and `quarry simulate parforce --games 10` (no numpy) in a
fresh process beside a bare `python -c "import typer"` and bench_startup.py's bare typer
command (the floor of any typer command with parameters: typer builds a pydantic TypeAdapter
for each).

Timed by this process's CPU time (time.process_time; a fresh process by the CPU time of its
children, and by the clock beside it), so that other load on the machine does not count.
The two sides of a row alternate, REPEATS rounds each, after one game of each to warm the
caches; the medians are printed. Goals (issue 25): simulate within 1.25 times the bare
loop's CPU for every game and pairing; the fresh ten-game simulate within 1.5 times the
import of typer. Nothing is asserted.
"""

import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from bench_startup import BARE_COMMAND

from generator.engine.simulate import game_seeds
from generator.games import game

ROOT = Path(__file__).resolve().parent.parent
REPEATS = 3
STARTS = 7
SEED = 7
GOAL = 1.25
START_GOAL = 1.5


def hunt_loop(options: dict) -> Callable[[int], object]:
    from generator.games.hunt.bots import play_one_hunt

    knight, dragon = options["knight"], options["dragon"]
    return lambda seed: play_one_hunt(seed, knight, dragon)


def fugitive_loop(options: dict) -> Callable[[int], object]:
    from generator.games.fugitive.bots import play_one_fugitive

    fugitive, marshal = options["fugitive"], options["marshal"]
    return lambda seed: play_one_fugitive(seed, fugitive, marshal)


def island_loop(options: dict) -> Callable[[int], object]:
    from generator.games.island.board import default_island
    from generator.games.island.bots import play_game

    island, hunter, hunted = default_island(), options["hunter"], options["hunted"]
    return lambda seed: play_game(island, 5, seed, hunter, hunted)


def parforce_loop(options: dict) -> Callable[[int], object]:
    from generator.games.parforce.board import default_board
    from generator.games.parforce.bots import play_game

    board, stag, pursuers = default_board(), options["stag"], options["pursuers"]
    return lambda seed: play_game(board, seed, stag, pursuers)


def cutthroat_loop(options: dict) -> Callable[[int], object]:
    from generator.games.cutthroat.bots import play_game

    bot = options["bot"]
    return lambda seed: play_game(8, seed, bot)


LOOPS = {
    "hunt": hunt_loop,
    "fugitive": fugitive_loop,
    "island": island_loop,
    "parforce": parforce_loop,
    "cutthroat": cutthroat_loop,
}

# game: (the simulate options a row sets, then each row's values for them and its games a
# round): every pairing of bots
PAIRINGS = {
    "hunt": (
        ("knight", "dragon"),
        [("exact", "random", 300), ("exact", "cunning", 300), ("random", "random", 300),
         ("random", "cunning", 300)],
    ),
    "fugitive": (
        ("fugitive", "marshal"),
        [("planning", "deducing", 150), ("planning", "random", 150),
         ("random", "deducing", 150), ("random", "random", 150)],
    ),
    "island": (
        ("hunter", "hunted"),
        [("tracking", "cautious", 30), ("tracking", "random", 30),
         ("reckoning", "cautious", 30), ("reckoning", "random", 30),
         ("random", "cautious", 40), ("random", "random", 40)],
    ),
    "parforce": (
        ("stag", "pursuers"),
        [("random", "random", 300), ("random", "greedy", 300), ("random", "search", 60),
         ("greedy", "random", 300), ("greedy", "greedy", 300), ("greedy", "search", 60),
         ("search", "random", 100), ("search", "greedy", 100), ("search", "search", 30)],
    ),
    "cutthroat": (("bot",), [("random", 200), ("simple", 200), ("deducing", 50)]),
}  # fmt: skip
# (game, the simulate options that differ from None, games a round)
ROWS = [
    (name, dict(zip(keys, values[:-1], strict=True)), values[-1])
    for name, (keys, rows) in PAIRINGS.items()
    for values in rows
]


def cpu_seconds(work: Callable[[], object]) -> float:
    """Return the CPU seconds of this process that `work()` takes."""
    start = time.process_time()
    work()
    return time.process_time() - start


def row(name: str, options: dict, games: int) -> tuple[float, float]:
    """Return the medians (games/s by CPU) of the simulate path and of the bare loop."""
    entry = game(name)
    bare_one = LOOPS[name](options)
    seeds = game_seeds(SEED, games)
    bare = partial(play_all, bare_one, seeds)

    def simulated() -> None:
        entry.simulate(games, SEED, 1, options, False)

    entry.simulate(1, SEED, 1, options, False)  # warm: tables, caches, imports
    bare_one(seeds[0])
    ours, theirs = [], []
    for _ in range(REPEATS):
        ours.append(games / cpu_seconds(simulated))
        theirs.append(games / cpu_seconds(bare))
    return statistics.median(ours), statistics.median(theirs)


def child_run(command: list[str]) -> tuple[float, float]:
    """Return (CPU seconds, wall seconds) of one fresh process running `command`."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True)
    wall = time.perf_counter() - wall
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        raise SystemExit(f"{' '.join(command[:4])} failed: {done.stderr.decode()[-300:]}")
    return after.ru_utime + after.ru_stime - cpu.ru_utime - cpu.ru_stime, wall


# the command with its default bots in a fresh process: (game, its default bots, games)
COMMANDS = (
    ("hunt", {"knight": "exact", "dragon": "random"}, 1000),
    ("fugitive", {"fugitive": "planning", "marshal": "deducing"}, 1000),
    ("island", {"hunter": "tracking", "hunted": "cautious"}, 100),
    ("parforce", {"stag": "greedy", "pursuers": "greedy"}, 1000),
    ("cutthroat", {"bot": "simple"}, 1000),
)


def play_all(play_one: Callable[[int], object], seeds: list[int]) -> None:
    for seed in seeds:
        play_one(seed)


def commands() -> None:
    """Print the command in a fresh process (start-up included) beside the bare loop."""
    print(
        f"  the command in a fresh process, start-up included, beside the bare loop in this "
        f"one (CPU, median of {REPEATS}):"
    )
    for name, options, games in COMMANDS:
        command = [sys.executable, "-m", "generator", "simulate", name, "--games", str(games)]
        command += ["--seed", str(SEED), "--json"]
        bare_one = LOOPS[name](options)
        seeds = game_seeds(SEED, games)
        bare_one(seeds[0])
        fresh, bare = [], []
        for _ in range(REPEATS):
            fresh.append(child_run(command)[0])
            bare.append(cpu_seconds(partial(play_all, bare_one, seeds)))
        fresh_s, bare_s = statistics.median(fresh), statistics.median(bare)
        print(
            f"    quarry simulate {name:9} --games {games:4}: {fresh_s:5.2f} s against "
            f"{bare_s:5.2f} s, CPU ratio {fresh_s / bare_s:4.2f} (goal <= {GOAL})"
        )


def start_up() -> None:
    """Print the fresh ten-game simulate beside a bare `import typer`, medians of STARTS."""
    quarry = (sys.executable, "-m", "generator", "simulate")
    runs = {
        "python -c 'import typer'": [sys.executable, "-c", "import typer"],
        "a bare typer command (bench_startup.py)": [
            *(sys.executable, "-c", BARE_COMMAND, "replay", "hunt", "r.json")
        ],
        "quarry simulate hunt --games 10": [*quarry, "hunt", "--games", "10"],
        "quarry simulate parforce --games 10": [*quarry, "parforce", "--games", "10"],
    }
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in runs}
    for _ in range(STARTS):
        for name, command in runs.items():
            times[name].append(child_run(command))
    cpu = {name: statistics.median(t[0] for t in runs) for name, runs in times.items()}
    wall = {name: statistics.median(t[1] for t in runs) for name, runs in times.items()}
    base = "python -c 'import typer'"
    print(f"  start-up, a fresh process (median of {STARTS} interleaved runs):")
    for name in runs:
        print(
            f"    {name:40} {cpu[name] * 1000:5.0f} ms CPU ({wall[name] * 1000:5.0f} ms by the "
            f"clock)  {cpu[name] / cpu[base]:4.2f}x import typer by CPU, "
            f"{wall[name] / wall[base]:4.2f}x by the clock (goal <= {START_GOAL})"
        )


def main() -> None:
    print(
        f"simulate: the simulate command's function against the bench's bare loop, games/s "
        f"by CPU (median of {REPEATS}), one core"
    )
    for name, options, games in ROWS:
        ours, theirs = row(name, options, games)
        bots = " vs ".join(options.values())
        ratio = theirs / ours  # CPU of simulate over the bare loop's, game for game
        print(
            f"  {name:9} {bots:22} simulate {ours:6.0f}  bare loop {theirs:6.0f}  "
            f"CPU ratio {ratio:4.2f} (goal <= {GOAL}){'' if ratio <= GOAL else '  MISSED'}"
        )
    commands()
    start_up()


if __name__ == "__main__":
    main()
