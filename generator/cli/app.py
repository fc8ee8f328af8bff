"""The Typer app and what its verbs share: the common options, reporting, finding a game."""

from pathlib import Path
from typing import Annotated

import typer

from generator import __version__
from generator.errors import QuarryError

app = typer.Typer(
    name="quarry",
    help="Quarry: a print-and-play workshop for hunt games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


@app.command()
def version() -> None:
    """Print Quarry's version.

    Example: quarry version
    """
    typer.echo(f"quarry {__version__}")


OutOption = Annotated[
    Path, typer.Option("--out", help="Folder the kit folder is written into.", show_default=True)
]
PaperOption = Annotated[
    str, typer.Option("--paper", help="Paper size: a4, letter (or a3, tabloid, or a --layout's).")
]
SeedOption = Annotated[
    int,
    typer.Option("--seed", min=0, max=2**32 - 1, help="Seed: the same seed gives the same files."),
]
QuietOption = Annotated[bool, typer.Option("--quiet", "-q", help="Print nothing on success.")]
JobsOption = Annotated[int, typer.Option(min=1, max=64, help="Worker processes.")]
LayoutOption = Annotated[
    list[Path] | None,
    typer.Option("--layout", help="Extra layout TOML file(s), loaded after the built-in ones."),
]


def _report(quiet: bool, lines: list[str]) -> None:
    if not quiet:
        for line in lines:
            typer.echo(line)


def _game(name: str, capability: str):
    """Return the registered game `name` that has `capability`, or fail with the choices."""
    from generator.games import registry

    games = {n: g for n, g in registry().items() if getattr(g, capability, None) is not None}
    if name not in games:
        raise QuarryError(f"unknown game {name!r} here; known: {', '.join(games) or 'none yet'}")
    return games[name]
