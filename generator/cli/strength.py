"""The verb that measures our bots: strength (against OpenSpiel's searches, docs/strength.md)."""

from typing import Annotated

import typer

from generator.cli.app import SeedOption, app, complete_game, registered_game
from generator.errors import QuarryError

MAX_PAIRINGS = 10_000
SEATED = ("cutthroat", "island")  # the games whose OpenSpiel table takes --players


@app.command()
def strength(
    game: Annotated[
        str,
        typer.Argument(
            help="The game: hunt, fugitive, island, parforce or cutthroat.",
            autocompletion=complete_game,
        ),
    ],
    opponent: Annotated[
        str,
        typer.Option(help="ismcts:SIMS (mcts:SIMS for parforce, which hides nothing) or random."),
    ] = "ismcts:100",
    games: Annotated[
        int, typer.Option(help="How many pairings (1-10,000): two games each, seats swapped.")
    ] = 20,
    seed: SeedOption = 1,
    jobs: Annotated[int, typer.Option(min=1, max=64, help="Worker processes.")] = 1,
    players: Annotated[
        int | None, typer.Option(help="cutthroat: 6-13 (default 8); island: 4-7 (default 5).")
    ] = None,
    bot: Annotated[
        list[str] | None,
        typer.Option(help="ROLE=NAME: another of our bots in a role (repeat), e.g. dragon=random."),
    ] = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
) -> None:
    """Measure our strongest bots against OpenSpiel's IS-MCTS (or MCTS, or random play) in
    pairings of two games with the seats swapped; report the share of pairings won with its
    95% interval, each role's mean return on both sides, and the CPU time of a move.

    Example: quarry strength hunt --opponent ismcts:1000 --games 50 --jobs 2
    """
    import json

    from generator.interop.strength.opponents import parse_opponent

    entry = registered_game(game, "simulate")
    chosen = parse_opponent(opponent, game)
    if not 1 <= games <= MAX_PAIRINGS:
        raise QuarryError(f"--games must be from 1 to {MAX_PAIRINGS:,}, got {games}")
    if players is not None:
        if game not in SEATED:
            raise QuarryError(f"--players is not an option for {game}: it has two sides")
        low, high = entry.players
        if not low <= players <= high:
            raise QuarryError(f"--players for {game} must be from {low} to {high}, got {players}")
    bots = chosen_bots(game, bot or [])
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        raise QuarryError(
            "quarry strength needs OpenSpiel: pip install -e '.[openspiel]'"
        ) from None
    from generator.interop.strength import measure

    report = measure(
        game, chosen, games, seed, players, jobs=jobs, progress=not json_output, bots=bots
    )
    if json_output:
        typer.echo(json.dumps(report, indent=2, sort_keys=True))
        return
    for line in report_lines(entry.title, report):
        typer.echo(line)


def chosen_bots(game: str, texts: list[str]) -> dict[str, str]:
    """Return {role: bot} from the --bot texts; QuarryError for a role or bot not of `game`."""
    from generator.interop.strength.seats import bot_choices

    choices, bots = bot_choices(game), {}
    for text in texts:
        role, _, name = text.partition("=")
        if role not in choices:
            raise QuarryError(f"--bot {text!r}: {game}'s roles are {', '.join(choices)}")
        if name not in choices[role]:
            raise QuarryError(f"--bot {text!r}: the {role} is one of {', '.join(choices[role])}")
        bots[role] = name
    return bots


def report_lines(title: str, report: dict) -> list[str]:
    """Return the report as text lines."""
    ours = ", ".join(f"{role}={bot}" for role, bot in report["ours"].items())
    theirs = report["opponent"]
    score = report["score"]
    lines = [
        f"{title}: our bots ({ours}) against {theirs}, {report['pairings']} pairings, "
        f"seed {report['seed']}",
        f"  score {score['value']:.3f} (95% interval {score['ci95'][0]:.3f} to "
        f"{score['ci95'][1]:.3f}): {report['wins']} won, {report['ties']} tied, "
        f"{report['losses']} lost",
    ]
    for role, sides in report["roles"].items():
        parts = []
        for side, name in (("ours", "ours"), ("theirs", theirs)):
            if side in sides:
                metric = sides[side]
                lo, hi = metric["ci95"]
                parts.append(f"{name} {metric['value']:.3f} ({lo:.3f} to {hi:.3f})")
        lines.append(f"  {role:9} mean return: " + ", ".join(parts))
    seconds = report["seconds_per_move"]
    ratio = seconds["theirs"] / seconds["ours"] if seconds["ours"] else float("inf")
    lines.append(
        f"  CPU a move (median): ours {seconds['ours'] * 1000:.2f} ms, {theirs} "
        f"{seconds['theirs'] * 1000:.2f} ms ({ratio:,.{0 if ratio >= 10 else 1}f}x)"
    )
    if report["unfinished_games"]:
        lines.append(f"  {report['unfinished_games']} games stopped at the length bound (ties)")
    lines.append("  (how to read this: docs/strength.md)")
    return lines
