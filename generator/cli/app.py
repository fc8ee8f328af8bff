"""The Typer app and what its verbs share: the common options, reporting, finding a game."""

from pathlib import Path
from typing import Annotated

import typer

from generator import __version__
from generator.errors import QuarryError

app = typer.Typer(
    name="quarry",
    help="Quarry: a print-and-play workshop for hunt games.\n\n"
    "\b\nExamples:\n"
    "  quarry kit all --paper letter          every game's kit, ready to print\n"
    "  quarry simulate island --games 2000    balance from bot games, with intervals\n"
    "  quarry generate routes --seed 4        a CP-SAT design, measured and ranked\n"
    "  quarry puzzle hunt --count 10          solo puzzles with a certified answer\n"
    "  quarry replay hunt examples/hunt-record.json\n\n"
    "Each verb's --help has examples of its own. Progress bars show on a terminal only, "
    "never when the output is piped; NO_COLOR in the environment turns colour off.",
    no_args_is_help=True,
    add_completion=True,  # --install-completion / --show-completion for bash, zsh, fish
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _print_version(asked: bool) -> None:
    if asked:
        typer.echo(f"quarry {__version__}")
        raise typer.Exit()


@app.callback()
def _top(
    version: Annotated[
        bool,
        typer.Option(
            "--version", is_eager=True, callback=_print_version, help="Print the version and stop."
        ),
    ] = False,
) -> None:
    """Options of `quarry` itself, before the verb."""


def complete_game(incomplete: str) -> list[str]:
    """Return the game names that start with `incomplete` (shell completion)."""
    from generator.games import game_names

    return [name for name in game_names() if name.startswith(incomplete)]


def complete_kit(incomplete: str) -> list[str]:
    """Return the games (and "all") that start with `incomplete` (shell completion)."""
    return [name for name in [*complete_game(""), "all"] if name.startswith(incomplete)]


@app.command()
def version() -> None:
    """Print Quarry's version.

    Example: quarry version
    """
    typer.echo(f"quarry {__version__}")


OutOption = Annotated[
    Path, typer.Option("--out", help="Folder the kit folder is written into.", show_default=True)
]
PaperOption = Annotated[str, typer.Option("--paper", help="Paper size: a4, letter, a3 or tabloid.")]
LayoutPaperOption = Annotated[
    str, typer.Option("--paper", help="Paper size: a4, letter (or a3, tabloid, or a --layout's).")
]
SeedOption = Annotated[
    int,
    typer.Option("--seed", min=0, max=2**32 - 1, help="Seed: the same seed gives the same files."),
]
QuietOption = Annotated[bool, typer.Option("--quiet", "-q", help="Print nothing on success.")]
JobsOption = Annotated[
    int,
    typer.Option(
        min=1, max=64, help="Worker processes (with --executor dask: the LocalCluster's workers)."
    ),
]
ExecutorOption = Annotated[
    str,
    typer.Option(
        "--executor",
        help="Where the games run: local (worker processes) or dask (a Dask cluster; "
        "docs/scaling.md). The results are the same.",
        autocompletion=lambda: ["local", "dask"],
    ),
]
SchedulerOption = Annotated[
    str | None,
    typer.Option(
        "--scheduler",
        help="With --executor dask: the scheduler's address, e.g. tcp://10.0.0.5:8786 "
        "(default: a LocalCluster on this machine).",
    ),
]
LayoutOption = Annotated[
    list[Path] | None,
    typer.Option("--layout", help="Extra layout TOML file(s), loaded after the built-in ones."),
]
PlotOption = Annotated[
    Path | None,
    typer.Option("--plot", help="Also draw a chart of the results into this file (.svg or .png)."),
]


def say(quiet: bool, lines: list[str]) -> None:
    """Print `lines` on stdout, one a line, unless --quiet."""
    if not quiet:
        for line in lines:
            typer.echo(line)


def registered_game(name: str, capability: str):
    """Return the registered game `name` that has `capability`, or fail with the choices.
    Only that game's package is imported, unless the name is wrong."""
    from generator.games import game, registry

    entry = game(name)
    if entry is None or getattr(entry, capability, None) is None:
        known = [n for n, g in registry().items() if getattr(g, capability, None) is not None]
        raise QuarryError(f"unknown game {name!r} here; known: {', '.join(known) or 'none yet'}")
    return entry
