"""The certificate of a "Where is the quarry?" answer: CP-SAT (certify_answer) proves it the
only square the Hunted can be on now; in the tests, a search over every walk checks it too.
"""

from __future__ import annotations

from generator.engine.bitboards import bits
from generator.games.island.puzzles.form import Puzzle, moves_and_facts

CPSAT_WORK = 10.0


def certify_answer(puzzle: Puzzle, work: float = CPSAT_WORK) -> str | None:
    """Return the puzzle's answer if CP-SAT proves it the only square the Hunted can be on
    now: one variable per (time, square) of his path and one per time saying whether his
    turn has sailed by then (one boat crossing a turn, his roll and Sprint together), each
    fact a constraint, a move's end next to where some walk of its length leads; a first
    solve finds a path, and a second that forbids its last square is INFEASIBLE. None if
    that fails."""
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
    sailed = [model.new_bool_var(f"sailed_{t}") for t in range(len(facts))]
    model.add(sailed[0] == 0)
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
        if not move.fresh:  # the same turn: a crossing already made stays made
            model.add_implication(sailed[t - 1], sailed[t])
        for s, var in at[t].items():
            # movement is symmetric: the walks from s, read backwards, are those leading to
            # s, on foot all the way or with one crossing
            foot, crossed = geo.reach_split(1 << s, 0, move.steps, move.exact)
            walked_from = [at[t - 1][p] for p in bits(foot)]
            sailed_from = [at[t - 1][p] for p in bits(crossed)]
            model.add_bool_or(walked_from).only_enforce_if([var, sailed[t].Not()])
            if move.fresh:
                model.add_bool_or(sailed_from).only_enforce_if([var, sailed[t]])
            else:
                model.add_bool_or(walked_from).only_enforce_if([var, sailed[t], sailed[t - 1]])
                model.add_bool_or(sailed_from).only_enforce_if(
                    [var, sailed[t], sailed[t - 1].Not()]
                )
    solution = certify_unique(model, [place[-1]], work)
    if solution is None:
        return None
    return island.name(solution.values[place[-1].name])
