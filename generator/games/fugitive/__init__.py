"""Fugitive: the Fugitive against the Marshal with numbered Hideout cards (seeds/003)."""

from __future__ import annotations

from generator.games import Game, Lazy
from generator.games.fugitive import rules


def _record_fields(state: rules.FugitiveState) -> dict:
    """Return the fields a Fugitive record derives from its actions: its result."""
    return {"result": rules.record_result(state)}


def _simulate(games: int, seed: int, jobs: int, options: dict, progress: bool) -> dict:
    from generator.errors import QuarryError
    from generator.games.fugitive.bots import FUGITIVES, MARSHALS, deck_for, simulate_fugitive
    from generator.games.fugitive.cards import VARIANTS, load_config

    fugitive = options.get("fugitive") or "planning"
    marshal = options.get("marshal") or "deducing"
    if fugitive not in FUGITIVES or marshal not in MARSHALS:
        raise QuarryError(
            f"--fugitive must be one of {', '.join(FUGITIVES)}; "
            f"--marshal one of {', '.join(MARSHALS)}"
        )
    config = load_config(options["deck"]) if options.get("deck") is not None else None
    variant = options.get("variant")
    if variant is not None and variant not in VARIANTS:
        raise QuarryError(f"--variant must be one of {', '.join(VARIANTS)}, got {variant!r}")
    try:
        deck = deck_for(config, variant)
    except ValueError as error:
        raise QuarryError(str(error)) from None
    return simulate_fugitive(games, seed, jobs, fugitive, marshal, None, deck, progress)


GAME = Game(
    name="fugitive",
    title="Fugitive",
    players=(2, 2),
    capabilities=frozenset(
        {"rules", "bots", "design", "puzzles", "print", "kit-design", "kit-players"}
    ),
    build_kit=Lazy("generator.games.fugitive.print", "build_kit"),
    state_from_header=rules.state_from_header,
    turn_of=lambda state: state.turn,
    result_text=rules.result_text,
    record_options=rules.OPTIONS,
    record_fields=_record_fields,
    make_puzzles=Lazy("generator.games.fugitive.puzzles", "make_puzzles"),
    write_puzzle_book=Lazy("generator.games.fugitive.print", "build_puzzle_kit"),
    simulate=_simulate,
    simulate_options=("fugitive", "marshal", "variant", "deck"),
    table=Lazy("generator.games.fugitive.table", "needs"),
    balance=Lazy("generator.games.fugitive.table", "balance"),
    design_file="deck.json",
    design_verb="deck",
)
