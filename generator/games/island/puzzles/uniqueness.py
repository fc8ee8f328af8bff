"""The certificate of a "Where is the quarry?" answer: CP-SAT (certify_answer) proves it the
only square the Hunted can be on now; in the tests, a search over every walk checks it too.
"""

from __future__ import annotations

from generator.engine.bitboards import bits
from generator.games.island.puzzles.form import Puzzle, moves_and_facts

CPSAT_SECONDS = 10.0


def certify_answer(puzzle: Puzzle, seconds: float = CPSAT_SECONDS) -> str | None:
    """Return the puzzle's answer if CP-SAT proves it the only square the Hunted can be on
    now: one variable per (time, square) of his path, each fact a constraint, a move's end
    next to where some walk of its length leads; a first solve finds a path, and a second
    that forbids its last square is INFEASIBLE. None if that fails."""
    # imported here: loading the puzzles for the book must not load OR-Tools
    from ortools.sat.python import cp_model

    from generator.solve.cpsat import certify_unique

    island = puzzle.land()
    geo = island.geometry
    moves, facts = moves_and_facts(puzzle)
    model = cp_model.CpModel()
    squares = bits(geo.passable)
    at = [
        {s: model.new_bool_var(f"at_{t}_{island.name(s)}") for s in squares}
        for t in range(len(facts))
    ]
    place = []
    for t, row in enumerate(at):
        model.add_exactly_one(row.values())
        for s, var in row.items():
            if not facts[t] >> s & 1:
                model.add(var == 0)
        var = model.new_int_var_from_domain(cp_model.Domain.from_values(squares), f"place_{t}")
        model.add(var == sum(s * v for s, v in row.items()))
        place.append(var)
    for t, move in enumerate(moves, 1):
        for s, var in at[t].items():
            # movement is symmetric: the squares a move from s reaches are those leading to s
            before = geo.reach(1 << s, move.steps, move.exact, move.boat)
            model.add_bool_or([at[t - 1][p] for p in bits(before)]).only_enforce_if(var)
    solution = certify_unique(model, [place[-1]], seconds)
    if solution is None:
        return None
    return island.name(solution.values[place[-1].name])
