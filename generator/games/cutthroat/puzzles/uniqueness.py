"""The certificate of a "Who is the Queen?" answer: a CP-SAT model of every deal (who is
who, and who holds which enemy card) under which the record keeps the rules of behaviour,
solved twice with a blocking clause on the identity variables only. Enemies are a hidden
second layer that may stay open."""

from __future__ import annotations

from ortools.sat.python import cp_model

from generator.games.cutthroat.puzzles.form import Turn
from generator.solve.cpsat import certify_unique

CPSAT_WORK = 10.0


def build_model(players: int, turns: list[Turn]) -> tuple[cp_model.CpModel, list]:
    """Return the model and its primary variables: is_<seat>_<character> (the seat is
    that character), one per cell of the players x characters grid. The enemy variables
    (enemy_<seat>_<card>) are auxiliary."""
    model = cp_model.CpModel()
    seats, cards = range(players), range(players)
    who = [[model.new_bool_var(f"is_{s}_{c}") for c in cards] for s in seats]
    foe = [[model.new_bool_var(f"enemy_{s}_{c}") for c in cards] for s in seats]
    for grid in (who, foe):
        for s in seats:
            model.add_exactly_one(grid[s])
        for c in cards:
            model.add_exactly_one(grid[s][c] for s in seats)
    for turn in turns:
        s = turn.seat
        if turn.is_play:
            for c in set(turn.take):
                model.add(who[s][c] == 0)  # own-card
            model.add(foe[s][turn.put] == 0)  # enemy-put
            model.add_bool_or([*(foe[s][c] for c in set(turn.take)), who[s][turn.put]])
        else:
            target, character = turn.guess
            model.add(who[s][character] == 0)  # own-guess
            model.add(who[target][character] == 0)  # the wrong answer
    return model, [var for row in who for var in row]


def certified_answer(players: int, turns: list[Turn], seed: int = 0) -> list[int] | None:
    """Return each seat's character if the record allows exactly one identity assignment
    (CP-SAT, a blocking clause on the identity variables), else None."""
    model, primary = build_model(players, turns)
    solution = certify_unique(model, primary, CPSAT_WORK, seed)
    if solution is None:
        return None
    return [
        next(c for c in range(players) if solution.values[f"is_{s}_{c}"]) for s in range(players)
    ]
