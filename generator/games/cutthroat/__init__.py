"""CutThroat!: a party game of hidden identities and life markers for 6-13 players, played
with a standard deck (seeds/002)."""

from __future__ import annotations

from generator.games import Game, Lazy, whole_number_rules
from generator.games.cutthroat import rules


def _record_fields(state: rules.CutthroatState) -> dict:
    """Return the fields a CutThroat! record derives from its actions: its result."""
    return {"result": rules.record_result(state)}


def _simulate(games: int, seed: int, jobs: int, options: dict, progress: bool) -> dict:
    from generator.errors import QuarryError
    from generator.games.cutthroat.bots import simulate_cutthroat

    players = options.get("players") or 8
    if not rules.MIN_PLAYERS <= players <= rules.MAX_PLAYERS:
        low, high = rules.MIN_PLAYERS, rules.MAX_PLAYERS
        raise QuarryError(f"--players must be {low} to {high}, got {players}")
    chosen = whole_number_rules(options.get("rule"), (*rules.RULE_OPTIONS, "first"))
    first = chosen.pop("first", 0)
    try:
        variant = rules.Rules(**chosen)
        return simulate_cutthroat(
            players, games, seed, jobs, options.get("bot") or "simple", progress, first, variant
        )
    except ValueError as error:
        raise QuarryError(str(error)) from None


GAME = Game(
    name="cutthroat",
    title="CutThroat!",
    players=(rules.MIN_PLAYERS, rules.MAX_PLAYERS),
    # "kit-players": `quarry kit cutthroat --players N` makes the cards of N characters;
    # "kit-design": `quarry kit cutthroat --design FOLDER` prints a designed variant's numbers
    capabilities=frozenset(
        {"rules", "bots", "design", "puzzles", "print", "kit-players", "kit-design"}
    ),
    build_kit=Lazy("generator.games.cutthroat.print", "build_kit"),
    make_puzzles=Lazy("generator.games.cutthroat.puzzles", "make_puzzles"),
    write_puzzle_book=Lazy("generator.games.cutthroat.puzzles.book", "write_puzzle_book"),
    state_from_header=rules.state_from_header,
    turn_of=rules.turn_of,
    result_text=rules.result_text,
    record_options=rules.OPTIONS,
    record_fields=_record_fields,
    simulate=_simulate,
    simulate_options=("players", "bot", "rule"),
    table=Lazy("generator.games.cutthroat.table", "needs"),
    balance=Lazy("generator.games.cutthroat.table", "balance"),
    design_file="variant.json",  # design/variant.py FILE_NAME
    design_verb="variant",
)
