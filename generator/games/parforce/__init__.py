"""Parforcejagd: a stag against four hounds, four riders and a dog handler round a pond,
2-10 players, nothing hidden (seeds/004)."""

from __future__ import annotations

from generator.games import Game, Lazy, whole_number_rules
from generator.games.parforce import rules


def _record_fields(state: rules.ParforceState) -> dict:
    """Return the fields a parforce record derives from its actions: its result."""
    return {"result": rules.record_result(state)}


RULE_OPTIONS = ("pot", "max_rounds")  # --rule NAME=N: whole numbers, checked by rules.Rules


def _simulate(games: int, seed: int, jobs: int, options: dict, progress: bool) -> dict:
    from generator.errors import QuarryError
    from generator.games.parforce.board import default_board, read_board
    from generator.games.parforce.bots import simulate_parforce

    chosen = {"stag": options.get("stag"), "pursuers": options.get("pursuers")}
    chosen.update(whole_number_rules(options.get("rule"), RULE_OPTIONS))
    try:
        rules.Rules(**{k: chosen[k] for k in RULE_OPTIONS if k in chosen})
    except ValueError as error:
        raise QuarryError(f"--rule: {error}") from None
    board = read_board(options["board"]) if options.get("board") else default_board()
    try:
        return simulate_parforce(board, games, seed, jobs, chosen, progress)
    except ValueError as error:
        raise QuarryError(str(error)) from None


GAME = Game(
    name="parforce",
    title="Parforcejagd",
    players=(rules.MIN_PLAYERS, rules.MAX_PLAYERS),
    capabilities=frozenset(
        {"rules", "bots", "design", "puzzles", "print", "kit-design", "kit-players"}
    ),
    build_kit=Lazy("generator.games.parforce.print", "build_kit"),
    make_puzzles=Lazy("generator.games.parforce.puzzles", "make_puzzles"),
    write_puzzle_book=Lazy("generator.games.parforce.puzzles.book", "write_puzzle_book"),
    state_from_header=rules.state_from_header,
    turn_of=rules.turn_of,
    result_text=rules.result_text,
    record_options=rules.OPTIONS,
    record_fields=_record_fields,
    simulate=_simulate,
    simulate_options=("board", "stag", "pursuers", "rule"),
    table=Lazy("generator.games.parforce.table", "needs"),
    balance=Lazy("generator.games.parforce.table", "balance"),
    design_file="hunting.board",
    design_verb="hunting-board",
)
