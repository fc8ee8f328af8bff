"""The verbs that play: replay (check a record), puzzle (make puzzles), simulate (bots)."""

from pathlib import Path
from typing import Annotated

import typer

from generator import progress
from generator.cli.app import (
    ExecutorOption,
    JobsOption,
    OutOption,
    PaperOption,
    PlotOption,
    QuietOption,
    SchedulerOption,
    SeedOption,
    app,
    complete_game,
    registered_game,
    say,
)
from generator.errors import QuarryError


@app.command()
def replay(
    game: Annotated[
        str,
        typer.Argument(help="The game the record is of, e.g. hunt.", autocompletion=complete_game),
    ],
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

    say(quiet, [replay_file(registered_game(game, "state_from_header"), record, partial)])


@app.command()
def puzzle(
    game: Annotated[str, typer.Argument(help="The game, e.g. hunt.", autocompletion=complete_game)],
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

    entry = registered_game(game, "make_puzzles")
    with progress.bar(f"{difficulty} {game} puzzles", "puzzles", total=count):
        target, summary = write_puzzle_kit(entry, out, paper, seed, count, difficulty, loops)
    say(quiet, [f"wrote {target}: {summary}"])


MAX_SIMULATED_GAMES = 1_000_000
STRENGTH_TABLE = "docs/strength.md"  # how strong the bots behind the figures are


@app.command()
def simulate(
    game: Annotated[
        str,
        typer.Argument(
            help="The game: hunt, fugitive, island, parforce or cutthroat.",
            autocompletion=complete_game,
        ),
    ],
    games: Annotated[int, typer.Option(help="How many games (1-1,000,000).")] = 1000,
    seed: SeedOption = 1,
    jobs: JobsOption = 1,
    executor: ExecutorOption = "local",
    scheduler: SchedulerOption = None,
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
        str | None, typer.Option(help="island: Hunter bot, tracking, reckoning or random.")
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
        str | None,
        typer.Option(help="parforce: the stag's bot, random, greedy, search or proving."),
    ] = None,
    pursuers: Annotated[
        str | None,
        typer.Option(help="parforce: the pursuers' bot, random, greedy, search or proving."),
    ] = None,
    bot: Annotated[
        str | None,
        typer.Option(help="cutthroat: the bot in every seat, deducing, simple or random."),
    ] = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    plot: PlotOption = None,
) -> None:
    """Play many games with bots and report balance metrics with 95% intervals.

    Example: quarry simulate hunt --games 5000 --jobs 2 --dragon cunning --json
    """
    import json

    from generator.engine.executors import check_executor_options, executor_for
    from generator.render.charts import check_plot_path

    entry = registered_game(game, "simulate")
    check_plot_path(plot)
    check_executor_options(executor, scheduler)
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
    with executor_for(executor, scheduler, jobs):
        summary = entry.simulate(games, seed, jobs, options, not json_output)
    if plot is not None:
        from generator.render.charts import write_summary_chart

        write_summary_chart(summary, plot, entry.title)
    if json_output:
        summary = {**summary, "strength": STRENGTH_TABLE}
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
    typer.echo(f"the bots named above, against OpenSpiel's IS-MCTS: {STRENGTH_TABLE}")


@app.command(name="play")
def play_game(
    game: Annotated[
        str,
        typer.Argument(
            help="The game: hunt, fugitive, island, parforce or cutthroat.",
            autocompletion=complete_game,
        ),
    ],
    seat: Annotated[
        str | None,
        typer.Option(
            help="Your seat: a role (dragon, knight; fugitive, marshal; stag, pursuers) or a "
            "seat number (island, cutthroat). Default: the first seat."
        ),
    ] = None,
    bots: Annotated[
        list[str] | None,
        typer.Option(
            "--bots",
            help="The bots of the other seats: NAME, or ROLE=NAME (repeat), e.g. knight=random. "
            "Default: our strongest (docs/strength.md).",
        ),
    ] = None,
    players: Annotated[
        int | None, typer.Option(help="island: players, 4-7 (default 5); cutthroat: 6-13 (8).")
    ] = None,
    board: Annotated[
        Path | None, typer.Option(help="island, parforce: a board file of a design.")
    ] = None,
    deck: Annotated[Path | None, typer.Option(help="fugitive: a deck file of a design.")] = None,
    variant: Annotated[
        str | None,
        typer.Option(help="fugitive: the events variant; cutthroat: a variant file of a design."),
    ] = None,
    design: Annotated[
        Path | None, typer.Option(help="A design folder from quarry generate (or its file).")
    ] = None,
    seed: SeedOption = 1,
    record: Annotated[
        Path | None,
        typer.Option(help="Keep the game's record in this file, written after every move."),
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option(
            help="Go on with the game in this record (from --record); it is kept "
            "there unless --record names another file."
        ),
    ] = None,
    explain: Annotated[
        bool,
        typer.Option("--explain", help="After the game, show what each bot believed at its moves."),
    ] = False,
    table: Annotated[
        bool,
        typer.Option(
            "--table",
            help="Play with the printed kit on the table: Quarry asks what its seats would "
            "learn there and says its own moves (a resumed game keeps its mode).",
        ),
    ] = False,
) -> None:
    """Play a game against our bots in the terminal: Quarry deals, shows what your seat
    knows, lists your moves in the game's notation and plays the other seats.

    \b
    Example: quarry play hunt --seat knight --record my-hunt.json
    Example: quarry play fugitive --seat marshal --explain
    Example: quarry play hunt --seat dragon --table --record tonight.json
    Example: quarry play hunt --resume tonight.json
    """
    from generator.output import check_writable
    from generator.play.screen import play_on_screen
    from generator.play.setup import chosen_bots, game_options, new_session, resumed_session
    from generator.play.table import play_at_table, table_module

    registered_game(game, "state_from_header")
    if table:
        table_module(game)  # refused before anything is written when it cannot be played so
    if record is not None:
        check_writable(record.parent if str(record.parent) else Path("."))
    if resume is not None:
        given = {
            "--seat": seat,
            "--bots": bots,
            "--players": players,
            "--board": board,
            "--deck": deck,
            "--variant": variant,
            "--design": design,
            "--table": table or None,
        }
        named = [option for option, value in given.items() if value is not None]
        if named:
            raise QuarryError(f"{named[0]} is set by the record when you --resume a game")
        session = resumed_session(game, resume, record or resume)
    else:
        options = game_options(game, players, board, deck, variant, design)
        session = new_session(
            game, options, seed, seat, chosen_bots(game, bots or []), record, table
        )
    if session.table:
        refusal = getattr(table_module(game), "refusal", None)
        reason = refusal(session) if refusal is not None else None
        if reason is not None:
            raise QuarryError(reason)
    session.save()
    playing = play_at_table if session.table else play_on_screen
    finished = playing(session, explain, typer.echo)
    if not finished:
        raise typer.Exit(0)
