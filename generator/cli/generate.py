"""`quarry generate ...`: design boards, route maps, decks and variants with CP-SAT."""

from dataclasses import dataclass
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
    say,
)

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
    executor: ExecutorOption = "local",
    scheduler: SchedulerOption = None,
    out: OutOption = Path("output"),
    paper: PaperOption = "a4",
    seed: SeedOption = 1,
    quiet: QuietOption = False,
    plot: PlotOption = None,
) -> None:
    """Generate Dragon route maps meeting your constraints, ranked by the Dragon's score
    against the exact Knight; print them and draw the best one on a map sheet.

    Example: quarry generate routes --constraint town-reachable --constraint lair-return<=2
    """
    from generator.games.hunt.design.balance import generate_routes, report_text
    from generator.games.hunt.print import build_routes_kit

    def design():
        return generate_routes(constraint or [], seed, loops, candidates, games, jobs=jobs)

    run = DesignRun(out, paper, seed, quiet, executor, scheduler, jobs, plot)
    run.write("hunt", "hunt-routes", design, build_routes_kit, report_text)


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
    executor: ExecutorOption = "local",
    scheduler: SchedulerOption = None,
    out: OutOption = Path("output"),
    paper: PaperOption = "a4",
    seed: SeedOption = 1,
    quiet: QuietOption = False,
    plot: PlotOption = None,
) -> None:
    """Design Fugitive decks (Sprint values, events) meeting your constraints with CP-SAT, rank
    them by how close the Fugitive's win rate comes to the target, beside the published deck.

    Example: quarry generate deck --constraint half-three --constraint pile3-twos<=5 --seed 4
    """
    from generator.games.fugitive.design.balance import generate_decks, report_text
    from generator.games.fugitive.print import build_deck_kit

    def design():
        return generate_decks(constraint or [], seed, target, candidates, games, jobs=jobs)

    run = DesignRun(out, paper, seed, quiet, executor, scheduler, jobs, plot)
    run.write("fugitive", "fugitive-deck", design, build_deck_kit, report_text)


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
    executor: ExecutorOption = "local",
    scheduler: SchedulerOption = None,
    out: OutOption = Path("output"),
    paper: PaperOption = "a4",
    seed: SeedOption = 1,
    quiet: QuietOption = False,
    plot: PlotOption = None,
) -> None:
    """Lay out an island with CP-SAT, tune its day and hiding places by simulation until
    the Hunted's survival meets the target, and measure it beside the default island.

    Example: quarry generate island --seed 4 --constraint hiding>=8 --jobs 2
    """
    from generator.games.island.design.balance import generate_island, report_text
    from generator.games.island.design.folder import build_design_kit

    def design():
        return generate_island(constraint or [], seed, size, players, target, games, jobs=jobs)

    run = DesignRun(out, paper, seed, quiet, executor, scheduler, jobs, plot)
    run.write("island", "island-design", design, build_design_kit, report_text)


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
    executor: ExecutorOption = "local",
    scheduler: SchedulerOption = None,
    out: OutOption = Path("output"),
    paper: PaperOption = "a4",
    seed: SeedOption = 1,
    quiet: QuietOption = False,
    plot: PlotOption = None,
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

    run = DesignRun(out, paper, seed, quiet, executor, scheduler, jobs, plot)
    run.write("parforce", "parforce-design", design, build_design_kit, report_text)


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
    executor: ExecutorOption = "local",
    scheduler: SchedulerOption = None,
    out: OutOption = Path("output"),
    paper: PaperOption = "a4",
    seed: SeedOption = 1,
    quiet: QuietOption = False,
    plot: PlotOption = None,
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

    run = DesignRun(out, paper, seed, quiet, executor, scheduler, jobs, plot)
    run.write("cutthroat", "cutthroat-variant", design, build_design_kit, report_text)


@dataclass(frozen=True)
class DesignRun:
    """The options every `generate` verb shares: where its folder goes (out, paper, seed),
    whether it reports (quiet), where its games run (executor, scheduler, jobs) and the
    chart file it may also write (plot)."""

    out: Path
    paper: str
    seed: int
    quiet: bool
    executor: str
    scheduler: str | None
    jobs: int
    plot: Path | None

    def write(self, game: str, name: str, design, build, report_text) -> None:
        """Check the paper, the executor, the plot file and OUT; run `design()` (which checks
        its own options before any work) with its games on the chosen executor; write its
        report into OUT/NAME with `build(request, report)` and the chart of every candidate
        as candidates.svg (the folder's gallery shows it), and into `plot` too when given;
        then print `report_text(report)` and where the folder is."""
        from generator.engine.executors import check_executor_options, executor_for
        from generator.kit import KitRequest, KitWriter
        from generator.output import check_writable
        from generator.render.charts import check_plot_path, report_chart_svg, write_report_chart
        from generator.render.layouts import LayoutBook

        check_executor_options(self.executor, self.scheduler)
        check_plot_path(self.plot)
        check_writable(self.out)  # a folder it cannot write is refused before the design
        book = LayoutBook()
        sheet_paper = book.paper(self.paper)
        where = executor_for(self.executor, self.scheduler, self.jobs)
        with where, progress.bar(f"designing {name}", "games"):
            report = design()
        meta = {"kind": "design", "game": game, "paper": sheet_paper.name, "seed": self.seed}
        with KitWriter(self.out, name, meta) as writer:
            build(KitRequest(writer, book, sheet_paper, self.seed), report)
            chart = report_chart_svg(game, report.to_json())
            writer.write_text("candidates.svg", chart, "candidates-chart")
        if self.plot is not None:
            write_report_chart(game, report.to_json(), self.plot)
        lines = [report_text(report), bots_line(report.to_json()), f"wrote {writer.final_path}"]
        say(self.quiet, lines)
        from generator.games import registry

        if "kit-design" in registry()[game].capabilities:
            say(self.quiet, [f"its kit: quarry kit {game} --design {writer.final_path}"])


BOT_KEYS = (
    "knight",
    "dragon",
    "fugitive",
    "marshal",
    "hunter",
    "hunted",
    "stag",
    "pursuers",
    "bot",
)


def bots_line(report: dict) -> str:
    """Return the line that names the bots whose games a design's figures come from (as
    the report's summaries name them) and points to their measured strength."""
    found: dict[str, str] = {}

    def walk(value) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                if key in BOT_KEYS and isinstance(inner, str):
                    found.setdefault(key, inner)
                else:
                    walk(inner)
        elif isinstance(value, list):
            for inner in value:
                walk(inner)

    walk(report)
    names = ", ".join(f"{key}={name}" for key, name in found.items()) or "as named above"
    return f"bots: {names}; their strength against OpenSpiel's IS-MCTS: docs/strength.md"
