"""The Most Dangerous Game: one Hunter against 3-6 Hunted on a grid island (seeds/000)."""

from __future__ import annotations

from generator.games import Game, Lazy
from generator.games.island import rules


def _record_fields(state: rules.IslandState) -> dict:
    """Return the fields an island record derives from its actions: its result."""
    return {"result": rules.record_result(state)}


def _simulate(games: int, seed: int, jobs: int, options: dict, progress: bool) -> dict:
    from generator.errors import QuarryError
    from generator.games import check_rule_once
    from generator.games.island.board import default_island, read_island
    from generator.games.island.bots import simulate_island

    players = options.get("players") or 5
    if not rules.MIN_PLAYERS <= players <= rules.MAX_PLAYERS:
        low, high = rules.MIN_PLAYERS, rules.MAX_PLAYERS
        raise QuarryError(f"--players must be {low} to {high} for island, got {players}")
    island = read_island(options["board"]) if options.get("board") else default_island()
    chosen = {"hunter": options.get("hunter"), "hunted": options.get("hunted")}
    given: dict[str, str] = {}
    for text in options.get("rule") or []:
        key, _, value = text.partition("=")
        if key not in rules.OPTION_VALUES or value not in rules.OPTION_VALUES[key]:
            known = "; ".join(f"{k}={'|'.join(v)}" for k, v in rules.OPTION_VALUES.items())
            raise QuarryError(f"--rule {text!r} is not a rule option; use {known}")
        given[key] = check_rule_once(given, key, value)
    chosen.update(given)
    try:
        return simulate_island(island, players, games, seed, jobs, chosen, progress)
    except ValueError as error:
        raise QuarryError(str(error)) from None


GAME = Game(
    name="island",
    title="The Most Dangerous Game",
    players=(rules.MIN_PLAYERS, rules.MAX_PLAYERS),
    capabilities=frozenset(
        {"rules", "bots", "design", "puzzles", "print", "kit-design", "kit-players"}
    ),
    build_kit=Lazy("generator.games.island.print", "build_kit"),
    make_puzzles=Lazy("generator.games.island.puzzles", "make_puzzles"),
    write_puzzle_book=Lazy("generator.games.island.puzzles.book", "write_puzzle_book"),
    state_from_header=rules.state_from_header,
    turn_of=rules.turn_of,
    result_text=rules.result_text,
    record_options=rules.OPTIONS,
    record_fields=_record_fields,
    simulate=_simulate,
    simulate_options=("players", "board", "hunter", "hunted", "rule"),
    table=Lazy("generator.games.island.table", "needs"),
    balance=Lazy("generator.games.island.table", "balance"),
    design_file="island.island",
    design_verb="island",
)
