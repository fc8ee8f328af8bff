"""The puzzle solvers' shortcuts give what the plain runs give: a board carried over a new
clue (run_levels_after) ends where a run from scratch ends, and level 3 ends in the same
place whether it writes its words (trials restart after each strike) or not (sweeps)."""

import numpy as np
import pytest

from generator.games.fugitive import puzzles as P
from generator.games.fugitive.puzzles.solvers import (
    Contradiction,
    cases_solve,
    run_levels,
    run_levels_after,
)

SEEDS = range(40)


def hidden_table(seed: int):
    """Return (game, clues): a played game with a run of up to 4 Hideouts face down."""
    rng = np.random.default_rng([seed, 99])
    game = P._play(rng, 7)
    placed = len(game.numbers) - 1
    down = set(range(max(1, placed - 3), placed + 1))
    clues = P._Clues({p for p in range(1, placed + 1) if p not in down}, set(), {})
    return game, clues


def new_clues(game, clues) -> list:
    """Return true clues to add: cards he never held (for her hand), wrong guesses."""
    cards = [c for c in range(4, 42) if c not in game.his][:6]
    out = [P._with(clues, "hand", c) for c in cards]
    for turn in range(2, game.turns + 1):
        placed_then = set(game.numbers[1 : P._row_at(game, turn) + 1])
        wrong = next(v for v in range(30, 4, -1) if v not in placed_then)
        out.append(P._with(clues, "guess", (turn, wrong)))
    return out


def outcome(run):
    """Return (candidates, forced Sprint cards) of a run, or the word contradiction."""
    try:
        board = run()
    except Contradiction:
        return "contradiction"
    return board.cand, board.forced


@pytest.mark.parametrize("level", [1, 2])
def test_a_board_carried_over_a_new_clue_ends_where_a_fresh_run_ends(level):
    compared = narrowed = 0
    for seed in SEEDS:
        game, clues = hidden_table(seed)
        board = run_levels(P._read(game, clues), level)
        for trial in new_clues(game, clues):
            facts = P._read(game, trial)
            fresh = outcome(lambda facts=facts: run_levels(facts, level))
            carried = outcome(lambda facts=facts, board=board: run_levels_after(board, facts))
            assert carried == fresh, (seed, trial)
            compared += 1
            narrowed += fresh != "contradiction" and fresh[0] != board.cand
    assert compared > 200 and narrowed > 20  # the clues did change many boards


def test_level_3_ends_in_the_same_place_with_or_without_words():
    struck = 0
    for seed in SEEDS:
        game, clues = hidden_table(seed)
        for trial in [clues, *new_clues(game, clues)[:4]]:
            facts = P._read(game, trial)
            level2 = run_levels(facts, 2)
            with_words = run_levels(facts, 3, steps=[])
            without = run_levels(facts, 3)
            assert without.cand == with_words.cand, (seed, trial)
            assert cases_solve(level2) == with_words.solved()
            struck += without.cand != level2.cand
    assert struck > 5  # case analysis did strike candidates on some tables
