"""The `quarry` command line. Each verb is thin: read options, call the library, report."""

import sys
from pathlib import Path
from typing import Annotated

import typer

try:  # typer >= 0.22 carries its own copy of click; older releases depend on click itself
    from typer._click import exceptions as click_exceptions
except ImportError:  # pragma: no cover - depends on the installed typer
    from click import exceptions as click_exceptions

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


@app.command()
def version() -> None:
    """Print Quarry's version.

    Example: quarry version
    """
    typer.echo(f"quarry {__version__}")


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
KitPaperOption = Annotated[
    str, typer.Option("--paper", help="a4, letter, or both (every file on each paper).")
]


@app.command()
def kit(
    game: Annotated[str | None, typer.Argument(help="A game name, or 'all'.")] = None,
    out: OutOption = Path("output"),
    paper: KitPaperOption = "both",
    seed: SeedOption = 1,
    quiet: QuietOption = False,
    jobs: JobsOption = 1,
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
        typer.Option(help="cutthroat only: cards for this many players (6-13); default all 13."),
    ] = None,
) -> None:
    """Write a game's printable kit into OUT/GAME; with no GAME, list the games.

    Example: quarry kit all --paper letter --backs fold --ink low --jobs 2
    Example: quarry kit cutthroat --players 8
    """
    from generator.games import registry
    from generator.kit import PrintOptions, write_game_kits

    games = registry()
    if game is None:
        if not games:
            typer.echo("No game kits yet. Custom decks: quarry cards DECK.toml")
        for entry in games.values():
            low, high = entry.players
            typer.echo(f"{entry.name:10} {entry.title} ({low}-{high} players)")
        return
    options = PrintOptions(paper, backs, sheet, (back_offset_x, back_offset_y), ink)
    written = write_game_kits(game, out, seed, options, jobs, players)
    if not written:
        _report(quiet, ["No game kits are registered yet; nothing written."])
    _report(quiet, [f"wrote {path}" for path in written])


@app.command()
def cards(
    deck: Annotated[Path, typer.Argument(help="The deck file (TOML); see docs/decks.md.")],
    out: OutOption = Path("output"),
    paper: PaperOption = "a4",
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

    target, summary = write_deck_kit(
        deck, out, paper, seed, layout or [], sheet, backs, (back_offset_x, back_offset_y)
    )
    _report(quiet, [f"wrote {target}: {summary}"])


@app.command()
def tile(
    board: Annotated[Path, typer.Argument(help="An SVG board with its size in mm, cm or in.")],
    out: OutOption = Path("output"),
    paper: PaperOption = "a4",
    seed: SeedOption = 1,
    quiet: QuietOption = False,
    layout: LayoutOption = None,
) -> None:
    """Tile a large board across pages (glue overlap, marks, tile map) and as one big page.

    Example: quarry tile examples/sample-board.svg --paper letter
    """
    from generator.kit import write_board_kit

    target, summary = write_board_kit(board, out, paper, seed, layout or [])
    _report(quiet, [f"wrote {target}: {summary}"])


@app.command()
def replay(
    game: Annotated[str, typer.Argument(help="The game the record is of, e.g. hunt.")],
    record: Annotated[Path, typer.Argument(help="A game record (JSON); see docs/formats.md.")],
    partial: Annotated[
        bool, typer.Option("--partial", help="Accept a record that stops before the end.")
    ] = False,
    quiet: QuietOption = False,
) -> None:
    """Replay a game record, checking every step, its stored result and log; stop at the
    first illegal step, and refuse an unfinished record unless --partial (exit 2).

    Example: quarry replay hunt examples/hunt-match-record.json
    """
    from generator.engine.records import replay_file

    _report(quiet, [replay_file(_game(game, "state_from_header"), record, partial)])


@app.command()
def puzzle(
    game: Annotated[str, typer.Argument(help="The game, e.g. hunt.")],
    count: Annotated[int, typer.Option(help="How many puzzles (1-200).")] = 6,
    difficulty: Annotated[str, typer.Option(help="easy, medium or hard.")] = "medium",
    loops: Annotated[bool, typer.Option("--loops", help="Route maps may have loops.")] = False,
    out: OutOption = Path("output"),
    paper: PaperOption = "a4",
    seed: SeedOption = 1,
    quiet: QuietOption = False,
) -> None:
    """Make solo deduction puzzles, each with one certified answer: a book PDF and puzzles.json.

    Example: quarry puzzle hunt --count 10 --difficulty hard --seed 3
    """
    from generator.kit import write_puzzle_kit

    entry = _game(game, "make_puzzles")
    target, summary = write_puzzle_kit(entry, out, paper, seed, count, difficulty, loops)
    _report(quiet, [f"wrote {target}: {summary}"])


generate_app = typer.Typer(
    help="Design boards, route maps and decks with CP-SAT.\n\n"
    "Example: quarry generate routes --constraint town-reachable --seed 4",
    no_args_is_help=True,
)
app.add_typer(generate_app, name="generate")


@generate_app.command("routes")
def generate_routes(
    constraint: Annotated[
        list[str] | None,
        typer.Option(help="A designer constraint, e.g. town-reachable, lair-return<=2 (repeat)."),
    ] = None,
    loops: Annotated[bool, typer.Option("--loops", help="Allow loops on the maps.")] = False,
    candidates: Annotated[int, typer.Option(help="How many maps to rank (1-50).")] = 8,
    games: Annotated[int, typer.Option(help="Simulated hunts per map.")] = 200,
    jobs: JobsOption = 1,
    out: OutOption = Path("output"),
    paper: PaperOption = "a4",
    seed: SeedOption = 1,
    quiet: QuietOption = False,
) -> None:
    """Generate Dragon route maps meeting your constraints, ranked by the Dragon's score
    against the exact Knight; print them and draw the best one on a map sheet.

    Example: quarry generate routes --constraint town-reachable --constraint lair-return<=2
    """
    from generator.games.hunt.design import generate_routes, report_text
    from generator.games.hunt.print import build_routes_kit

    def design():
        return generate_routes(constraint or [], seed, loops, candidates, games, jobs=jobs)

    written = _write_design("hunt", "hunt-routes", out, paper, seed, design, build_routes_kit)
    _report(quiet, [report_text(written[1]), f"wrote {written[0]}"])


@generate_app.command("deck")
def generate_deck(
    constraint: Annotated[
        list[str] | None,
        typer.Option(help="A designer constraint, e.g. half-three, pile1-twos>=5 (repeat)."),
    ] = None,
    target: Annotated[float, typer.Option(help="The Fugitive win rate to aim for (0 to 1).")] = 0.5,
    candidates: Annotated[int, typer.Option(help="How many decks to rank (1-50).")] = 8,
    games: Annotated[int, typer.Option(help="Simulated games per deck (1-100,000).")] = 300,
    jobs: JobsOption = 1,
    out: OutOption = Path("output"),
    paper: PaperOption = "a4",
    seed: SeedOption = 1,
    quiet: QuietOption = False,
) -> None:
    """Design Fugitive decks (Sprint values, events) meeting your constraints with CP-SAT, rank
    them by how close the Fugitive's win rate comes to the target, beside the published deck.

    Example: quarry generate deck --constraint half-three --constraint pile3-twos<=5 --seed 4
    """
    from generator.games.fugitive.design import generate_decks, report_text
    from generator.games.fugitive.print import build_deck_kit

    def design():
        return generate_decks(constraint or [], seed, target, candidates, games, jobs=jobs)

    written = _write_design("fugitive", "fugitive-deck", out, paper, seed, design, build_deck_kit)
    _report(quiet, [report_text(written[1]), f"wrote {written[0]}"])


@generate_app.command("island")
def generate_island(
    constraint: Annotated[
        list[str] | None,
        typer.Option(help="A designer constraint, e.g. zone-min=40, hiding=8, day=4 (repeat)."),
    ] = None,
    size: Annotated[int, typer.Option(help="Squares along a side (16-40).")] = 24,
    players: Annotated[int, typer.Option(help="Players in the simulated games (4-7).")] = 4,
    target: Annotated[float, typer.Option(help="The Hunted's survival to aim for (0 to 1).")] = 0.5,
    games: Annotated[int, typer.Option(help="Games to measure the island (1-100,000).")] = 2000,
    jobs: JobsOption = 1,
    out: OutOption = Path("output"),
    paper: PaperOption = "a4",
    seed: SeedOption = 1,
    quiet: QuietOption = False,
) -> None:
    """Lay out an island with CP-SAT, tune its day and hiding places by simulation until
    the Hunted's survival meets the target, and measure it beside the default island.

    Example: quarry generate island --seed 4 --constraint hiding>=8 --jobs 2
    """
    from generator.games.island.design.balance import generate_island, report_text
    from generator.games.island.design.folder import build_design_kit

    def design():
        return generate_island(constraint or [], seed, size, players, target, games, jobs=jobs)

    written = _write_design("island", "island-design", out, paper, seed, design, build_design_kit)
    _report(quiet, [report_text(written[1]), f"wrote {written[0]}"])


@generate_app.command("hunting-board")
def generate_hunting_board(
    constraint: Annotated[
        list[str] | None,
        typer.Option(help="A designer constraint, e.g. pond=9, thickets<=4 (repeat)."),
    ] = None,
    size: Annotated[int, typer.Option(help="Squares along a side (7-13).")] = 9,
    target: Annotated[float, typer.Option(help="The stag's win rate to aim for (0 to 1).")] = 0.5,
    games: Annotated[int, typer.Option(help="Games to measure the board (1-100,000).")] = 2000,
    jobs: JobsOption = 1,
    out: OutOption = Path("output"),
    paper: PaperOption = "a4",
    seed: SeedOption = 1,
    quiet: QuietOption = False,
) -> None:
    """Lay out a Parforcejagd hunting board with CP-SAT (pond, start squares, thickets),
    keep the candidate whose stag win rate comes nearest the target by simulation, and
    measure it beside the default board.

    Example: quarry generate hunting-board --seed 3 --size 11 --constraint symmetry=mirror
    """
    from generator.games.parforce.design.balance import generate_hunting_board, report_text
    from generator.games.parforce.design.folder import build_design_kit

    def design():
        return generate_hunting_board(constraint or [], seed, size, target, games, jobs=jobs)

    name = "parforce-design"
    written = _write_design("parforce", name, out, paper, seed, design, build_design_kit)
    _report(quiet, [report_text(written[1]), f"wrote {written[0]}"])


@generate_app.command("variant")
def generate_variant(
    players: Annotated[int, typer.Option(help="Players in the simulated games (6-13).")] = 8,
    constraint: Annotated[
        list[str] | None,
        typer.Option(help="A designer constraint, e.g. markers>=6, double>=extend+1 (repeat)."),
    ] = None,
    target: Annotated[
        float, typer.Option(help="The fairness band: each seat's win share within 1/N +- this.")
    ] = 0.02,
    candidates: Annotated[int, typer.Option(help="How many variants to measure (1-50).")] = 8,
    games: Annotated[int, typer.Option(help="Games per variant (1-100,000).")] = 1000,
    bot: Annotated[str, typer.Option(help="The bot in every seat (see quarry simulate).")] = (
        "simple"
    ),
    jobs: JobsOption = 1,
    out: OutOption = Path("output"),
    paper: PaperOption = "a4",
    seed: SeedOption = 1,
    quiet: QuietOption = False,
) -> None:
    """Choose CutThroat!'s numbers (markers, extended plays, sudden death) with CP-SAT within
    your constraints, measure each candidate by simulation, and rank them by fairness
    between the seats and by games won outright, beside the published rules.

    Example: quarry generate variant --players 8 --constraint "markers*n<=80" --jobs 2
    """
    from generator.games.cutthroat.design.balance import generate_variant, report_text
    from generator.games.cutthroat.design.folder import build_design_kit

    def design():
        return generate_variant(
            constraint or [], seed, players, target, candidates, games, bot, jobs
        )

    name = "cutthroat-variant"
    written = _write_design("cutthroat", name, out, paper, seed, design, build_design_kit)
    _report(quiet, [report_text(written[1]), f"wrote {written[0]}"])


def _write_design(game: str, name: str, out: Path, paper: str, seed: int, design, build):
    """Check the paper, run `design()` (which checks its own options before any work), and
    write its report into OUT/NAME with `build(request, report)`; return (folder, report)."""
    from generator.kit import KitRequest, KitWriter
    from generator.render.layouts import LayoutBook

    book = LayoutBook()
    sheet_paper = book.paper(paper)
    report = design()
    meta = {"kind": "design", "game": game, "paper": sheet_paper.name, "seed": seed}
    with KitWriter(out, name, meta) as writer:
        build(KitRequest(writer, book, sheet_paper, seed), report)
    return writer.final_path, report


MAX_SIMULATED_GAMES = 1_000_000


@app.command()
def simulate(
    game: Annotated[
        str, typer.Argument(help="The game: hunt, fugitive, island, parforce or cutthroat.")
    ],
    games: Annotated[int, typer.Option(help="How many games (1-1,000,000).")] = 1000,
    seed: SeedOption = 1,
    jobs: JobsOption = 1,
    knight: Annotated[str | None, typer.Option(help="hunt: Knight bot, exact or random.")] = None,
    dragon: Annotated[str | None, typer.Option(help="hunt: Dragon bot, random or cunning.")] = None,
    loops: Annotated[bool, typer.Option("--loops", help="hunt: route maps may loop.")] = False,
    match: Annotated[
        bool,
        typer.Option("--match", help="hunt: play whole matches (two hunts, roles swapped)."),
    ] = False,
    fugitive: Annotated[
        str | None, typer.Option(help="fugitive: Fugitive bot, planning or random.")
    ] = None,
    marshal: Annotated[
        str | None, typer.Option(help="fugitive: Marshal bot, deducing or random.")
    ] = None,
    variant: Annotated[
        str | None,
        typer.Option(help="fugitive: events variant (none, random, discovery, ...)."),
    ] = None,
    deck: Annotated[
        Path | None, typer.Option(help="fugitive: a deck configuration JSON file.")
    ] = None,
    players: Annotated[
        int | None, typer.Option(help="island: players, 4-7 (default 5); cutthroat: 6-13 (8).")
    ] = None,
    board: Annotated[
        Path | None,
        typer.Option(help="island, parforce: a board file (default: the game's default board)."),
    ] = None,
    hunter: Annotated[
        str | None, typer.Option(help="island: Hunter bot, tracking or random.")
    ] = None,
    hunted: Annotated[
        str | None, typer.Option(help="island: Hunted bot, cautious or random.")
    ] = None,
    rule: Annotated[
        list[str] | None,
        typer.Option(
            help="island, parforce, cutthroat: a rule option, e.g. vision=square, max_rounds=30 "
            "or markers=6 (repeat)."
        ),
    ] = None,
    stag: Annotated[
        str | None, typer.Option(help="parforce: the stag's bot, random, greedy or search.")
    ] = None,
    pursuers: Annotated[
        str | None, typer.Option(help="parforce: the pursuers' bot, random, greedy or search.")
    ] = None,
    bot: Annotated[
        str | None,
        typer.Option(help="cutthroat: the bot in every seat, deducing, simple or random."),
    ] = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
) -> None:
    """Play many games with bots and report balance metrics with 95% intervals.

    Example: quarry simulate hunt --games 5000 --jobs 2 --dragon cunning --json
    """
    import json

    entry = _game(game, "simulate")
    if not 1 <= games <= MAX_SIMULATED_GAMES:
        raise QuarryError(f"--games must be from 1 to 1,000,000, got {games}")
    given = {
        "knight": knight,
        "dragon": dragon,
        "loops": loops or None,
        "match": match or None,
        "fugitive": fugitive,
        "marshal": marshal,
        "variant": variant,
        "deck": deck,
        "players": players,
        "board": board,
        "hunter": hunter,
        "hunted": hunted,
        "rule": rule or None,
        "stag": stag,
        "pursuers": pursuers,
        "bot": bot,
    }
    foreign = [name for name, value in given.items() if value is not None]
    foreign = [name for name in foreign if name not in entry.simulate_options]
    if foreign:
        own = ", ".join(f"--{name}" for name in entry.simulate_options)
        raise QuarryError(f"--{foreign[0]} is not an option for {game}; its options: {own}")
    options = {name: given[name] for name in entry.simulate_options}
    summary = entry.simulate(games, seed, jobs, options, not json_output)
    if json_output:
        typer.echo(json.dumps(summary, indent=2, sort_keys=True))
        return
    settings = [
        " ".join(f"{k}={v}" for k, v in value.items()) if isinstance(value, dict)
        else f"{key}={value}"
        for key, value in summary.items()
        if key not in ("game", "games", "seed", "metrics", "match")
    ]  # fmt: skip
    played = "matches" if summary.get("match") else "games"
    typer.echo(f"{games} {played} of {entry.title}, {', '.join(settings)}, seed {seed}")
    for name, metric in sorted(summary["metrics"].items()):
        lo, hi = metric["ci95"]
        typer.echo(f"  {name:18} {metric['value']:8.3f}   95% interval {lo:.3f} to {hi:.3f}")


def _game(name: str, capability: str):
    """Return the registered game `name` that has `capability`, or fail with the choices."""
    from generator.games import registry

    games = {n: g for n, g in registry().items() if getattr(g, capability, None) is not None}
    if name not in games:
        raise QuarryError(f"unknown game {name!r} here; known: {', '.join(games) or 'none yet'}")
    return games[name]


def _fail(message: str) -> None:
    sys.stderr.write(f"quarry: error: {message}\n")
    sys.exit(2)


def main() -> None:
    """Run the CLI: user mistakes print one line on stderr and exit 2; --help exits 0."""
    command = typer.main.get_command(app)
    args = sys.argv[1:] or ["--help"]  # a bare `quarry` shows the help, as asked for
    try:
        code = command.main(args=args, prog_name="quarry", standalone_mode=False)
    except QuarryError as error:
        _fail(str(error))
    except click_exceptions.UsageError as error:
        where = f"{error.ctx.command_path}: " if error.ctx else ""
        _fail(f"{where}{error.format_message()}")
    except typer.Abort:
        sys.stderr.write("quarry: aborted\n")
        sys.exit(1)
    except click_exceptions.ClickException as error:
        _fail(error.format_message())
    sys.exit(code if isinstance(code, int) else 0)


if __name__ == "__main__":
    main()
