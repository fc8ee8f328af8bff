"""Start-up: how long `quarry --help`, `quarry replay` and a ten-game `quarry simulate` take as a
user runs them (a fresh process each, by the clock), beside two baselines measured in the same
run: a bare `python -c "import typer"`, and a bare typer program whose one command takes the
same kinds of parameters as `quarry replay` (a str, a Path, a flag).

The second baseline is the floor of any typer command with parameters (typer 0.29 coerced
every parameter through a pydantic TypeAdapter built as the command ran, about 100 ms more
on every command: pyproject.toml keeps typer below 0.29). Goal (issue 25): at most 1.5 times
`import typer`; the ratio to the typer floor is printed beside it. Runs are interleaved,
medians of ROUNDS. Nothing is asserted.

Every command runs once before the rounds, with Python's bytecode caches written (the runs
drop PYTHONDONTWRITEBYTECODE): a user's second command finds them, as typer's own do from its
install. Without them each start compiles every module of ours it imports.

Set QUARRY_BEFORE to another checkout (e.g. `git worktree add /tmp/before a611551`) to time
its quarry commands in the same rounds, printed as "before".
"""

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ROUNDS = 9
GOAL = 1.5

BARE_COMMAND = """
from pathlib import Path
import typer
app = typer.Typer()
@app.command()
def replay(game: str, record: Path, partial: bool = False):
    print(game, record.name, partial)
@app.command()
def version():
    pass
app()
"""

QUARRY = [sys.executable, "-m", "generator"]
RUNS = {
    "import typer": [sys.executable, "-c", "import typer"],
    "a bare typer command": [sys.executable, "-c", BARE_COMMAND, "replay", "hunt", "r.json"],
    "quarry --help": [*QUARRY, "--help"],
    "quarry replay hunt": [*QUARRY, "replay", "hunt", "examples/hunt-record.json"],
    "quarry replay fugitive": [*QUARRY, "replay", "fugitive", "examples/fugitive-record.json"],
    "quarry replay island": [*QUARRY, "replay", "island", "examples/island-record.json"],
    "quarry simulate hunt --games 10": [*QUARRY, "simulate", "hunt", "--games", "10"],
    "quarry simulate parforce --games 10": [*QUARRY, "simulate", "parforce", "--games", "10"],
}


def seconds(command: list[str], source: Path = ROOT) -> float:
    """Return the wall-clock seconds of one run of `command` in the checkout `source`."""
    env = dict(os.environ, PYTHONPATH=str(source))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    start = time.perf_counter()
    done = subprocess.run(
        command, cwd=source, env=env, capture_output=True, stdin=subprocess.DEVNULL
    )
    if done.returncode:
        raise SystemExit(f"{' '.join(command[:4])} failed: {done.stderr.decode()[-300:]}")
    return time.perf_counter() - start


def main() -> None:
    before = os.environ.get("QUARRY_BEFORE")
    times: dict[str, list[float]] = {}
    for command in RUNS.values():  # write the bytecode caches
        seconds(command)
        if before:
            seconds(command, Path(before))
    for _ in range(ROUNDS):
        for name, command in RUNS.items():
            times.setdefault(name, []).append(seconds(command))
            if before and name.startswith("quarry"):
                times.setdefault(f"{name} (before)", []).append(seconds(command, Path(before)))
    median = {name: statistics.median(runs) for name, runs in times.items()}
    typer_import, floor = median["import typer"], median["a bare typer command"]
    print(f"start-up, fresh processes by the clock (median of {ROUNDS} interleaved rounds)")
    for name, value in median.items():
        line = f"  {name:46} {value * 1000:5.0f} ms"
        if name.startswith("quarry"):
            line += f"  {value / typer_import:4.2f}x import typer (goal <= {GOAL})"
            line += f", {value / floor:4.2f}x a bare typer command"
        print(line)


if __name__ == "__main__":
    main()
