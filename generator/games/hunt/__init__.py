"""The Hunt: Dragon against Knight over five locations (seeds/001)."""

from __future__ import annotations

from generator.games import Game, Lazy
from generator.games.hunt import records


def _simulate(games: int, seed: int, jobs: int, options: dict, progress: bool) -> dict:
    from generator.errors import QuarryError
    from generator.games.hunt.bots import DRAGONS, KNIGHTS, simulate_hunt

    knight, dragon = options.get("knight") or "exact", options.get("dragon") or "random"
    if knight not in KNIGHTS or dragon not in DRAGONS:
        raise QuarryError(
            f"--knight must be one of {', '.join(KNIGHTS)}; --dragon one of {', '.join(DRAGONS)}"
        )
    loops, match = bool(options.get("loops")), bool(options.get("match"))
    return simulate_hunt(games, seed, jobs, knight, dragon, loops, progress, match)


GAME = Game(
    name="hunt",
    title="The Hunt",
    players=(2, 2),
    capabilities=frozenset(
        {"rules", "bots", "design", "puzzles", "print", "kit-design", "kit-players"}
    ),
    build_kit=Lazy("generator.games.hunt.print", "build_kit"),
    state_from_header=records.state_from_header,
    turn_of=records.turn_of,
    result_text=records.result_line,
    record_options=records.OPTIONS,
    record_fields=records.record_fields,
    make_puzzles=Lazy("generator.games.hunt.puzzles", "generate_puzzles"),
    write_puzzle_book=Lazy("generator.games.hunt.print", "build_puzzle_kit"),
    simulate=_simulate,
    simulate_options=("knight", "dragon", "loops", "match"),
    table=Lazy("generator.games.hunt.table", "needs"),
    balance=Lazy("generator.games.hunt.table", "balance"),
    design_file="map.json",
    design_verb="routes",
)
