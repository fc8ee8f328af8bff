"""The verbs that write kits: kit (a game's kit), cards (a custom deck), tile (a board)."""

from pathlib import Path
from typing import Annotated

import typer

from generator import progress
from generator.cli.app import (
    LayoutOption,
    LayoutPaperOption,
    OutOption,
    QuietOption,
    SeedOption,
    app,
    complete_kit,
    say,
)

BacksOption = Annotated[
    str,
    typer.Option(
        help="Card sheets: duplex (backs on the next page, mirrored for a long-edge flip), "
        "fold (fronts and backs side by side, fold and glue) or none (fronts only)."
    ),
]
BackOffsetXOption = Annotated[
    float, typer.Option(help="Shift back pages right by this many mm (duplex drift).")
]
BackOffsetYOption = Annotated[
    float, typer.Option(help="Shift back pages up by this many mm (duplex drift).")
]
KitJobsOption = Annotated[
    int,
    typer.Option("--jobs", min=1, max=64, help="Kits written at once, each in its own process."),
]
KitPaperOption = Annotated[
    str, typer.Option("--paper", help="a4, letter, or both (every file on each paper).")
]


@app.command()
def kit(
    game: Annotated[
        str | None, typer.Argument(help="A game name, or 'all'.", autocompletion=complete_kit)
    ] = None,
    out: OutOption = Path("output"),
    paper: KitPaperOption = "both",
    seed: SeedOption = 1,
    quiet: QuietOption = False,
    jobs: KitJobsOption = 1,
    backs: BacksOption = "duplex",
    sheet: Annotated[
        str, typer.Option(help="Card sheet layout: default, bleed (3 mm), spaced.")
    ] = "default",
    back_offset_x: BackOffsetXOption = 0.0,
    back_offset_y: BackOffsetYOption = 0.0,
    ink: Annotated[
        str, typer.Option(help="normal, or low: light card backs, for home printers.")
    ] = "normal",
    players: Annotated[
        int | None,
        typer.Option(help="Print for this many players (coins, tracks, aids, copies)."),
    ] = None,
    design: Annotated[
        Path | None,
        typer.Option(
            help="A design folder from quarry generate (or its file): the kit of that design."
        ),
    ] = None,
    board: Annotated[
        Path | None, typer.Option(help="island or parforce: the board file of a design.")
    ] = None,
    route_map: Annotated[
        Path | None, typer.Option("--map", help="hunt: the route map file of a design.")
    ] = None,
    deck: Annotated[Path | None, typer.Option(help="fugitive: the deck file of a design.")] = None,
    variant: Annotated[
        Path | None, typer.Option(help="cutthroat: the variant file of a design.")
    ] = None,
    png: Annotated[
        bool,
        typer.Option(
            "--png", help="Also write KIT/png/: each card and board at 300 dpi, 3 mm bleed."
        ),
    ] = False,
    gallery: Annotated[
        bool,
        typer.Option(
            "--gallery/--no-gallery",
            help="Write index.html (previews, balance chart); --no-gallery: only what prints.",
        ),
    ] = True,
) -> None:
    """Write a game's printable kit into OUT/GAME; with no GAME, list the games.

    \b
    Example: quarry kit all --paper letter --backs fold --ink low --jobs 2
    Example: quarry kit cutthroat --players 8
    Example: quarry kit island --design output/island-design --players 5
    Example: quarry kit fugitive --png
    """
    from generator.games import registry
    from generator.kit import PrintOptions, write_game_kits

    games = registry()
    if game is None:
        if not games:
            typer.echo("No game kits yet. Custom decks: quarry cards DECK.toml")
        for entry in games.values():
            low, high = entry.players
            count = f"{low}" if low == high else f"{low}-{high}"
            typer.echo(f"{entry.name:10} {entry.title} ({count} players)")
        return
    options = PrintOptions(paper, backs, sheet, (back_offset_x, back_offset_y), ink, gallery)
    chosen = design_option(
        game,
        {"--design": design, "--board": board, "--map": route_map, "--deck": deck}
        | {"--variant": variant},
    )
    with progress.bar(f"kit {game}", "kits"):
        written = write_game_kits(game, out, seed, options, jobs, players, chosen)
    if not written:
        say(quiet, ["No game kits are registered yet; nothing written."])
    say(quiet, [f"wrote {path}" for path in written])
    if game == "all" and written:
        say(quiet, [f"wrote {out / 'index.html'}: every kit's gallery, to open in a browser"])
    if png:
        from generator.export.png import export_pngs

        say(quiet, [f"wrote {folder}: {summary}" for folder, summary in export_pngs(written)])


# The design file options of `kit`, and the games each is for (--design: any game's).
DESIGN_FILE_OPTIONS = {
    "--board": ("island", "parforce"),
    "--map": ("hunt",),
    "--deck": ("fugitive",),
    "--variant": ("cutthroat",),
}


def design_option(game: str, given: dict[str, Path | None]) -> Path | None:
    """Return the one design path given to `kit` (--design, or the game's own file option);
    QuarryError for two of them, or a file option given to another game."""
    from generator.errors import QuarryError

    named = {option: path for option, path in given.items() if path is not None}
    if len(named) > 1:
        raise QuarryError(f"give one of {' and '.join(named)}, not both: they name one design")
    for option, path in named.items():
        games = DESIGN_FILE_OPTIONS.get(option)
        if games is not None and game not in games:
            raise QuarryError(f"{option} is for the kit of {' or '.join(games)}, not {game!r}")
        return path
    return None


@app.command()
def cards(
    deck: Annotated[Path, typer.Argument(help="The deck file (TOML); see docs/decks.md.")],
    out: OutOption = Path("output"),
    paper: LayoutPaperOption = "a4",
    seed: SeedOption = 1,
    quiet: QuietOption = False,
    layout: LayoutOption = None,
    sheet: Annotated[
        str | None, typer.Option(help="Sheet layout: default, bleed, spaced (or a --layout's).")
    ] = None,
    backs: BacksOption = "duplex",
    back_offset_x: BackOffsetXOption = 0.0,
    back_offset_y: BackOffsetYOption = 0.0,
) -> None:
    """Render a custom deck: a PDF of card sheets and one SVG per distinct card.

    Example: quarry cards examples/custom-deck.toml --paper letter --backs fold
    """
    from generator.kit import write_deck_kit

    with progress.bar(f"cards {deck.name}", "files"):
        target, summary = write_deck_kit(
            deck, out, paper, seed, layout or [], sheet, backs, (back_offset_x, back_offset_y)
        )
    say(quiet, [f"wrote {target}: {summary}"])


@app.command()
def tile(
    board: Annotated[Path, typer.Argument(help="An SVG board with its size in mm, cm or in.")],
    out: OutOption = Path("output"),
    paper: LayoutPaperOption = "a4",
    seed: SeedOption = 1,
    quiet: QuietOption = False,
    layout: LayoutOption = None,
) -> None:
    """Tile a large board across pages (glue overlap, marks, tile map) and as one big page.

    Example: quarry tile examples/sample-board.svg --paper letter
    """
    from generator.kit import write_board_kit

    with progress.bar(f"tiling {board.name}", "files"):
        target, summary = write_board_kit(board, out, paper, seed, layout or [])
    say(quiet, [f"wrote {target}: {summary}"])
