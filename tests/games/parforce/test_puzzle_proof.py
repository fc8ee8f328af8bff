"""The fast proof search (puzzles/proof.py) against the plain, budgeted Search: the same
answers on the positions the generator tries and on hand-built ones, its table answering
only the questions its entries settle, and its two-round cut never cutting away a win."""

import pytest

from generator.games.parforce.puzzles import (
    TRIES,
    Search,
    _may_give_a_puzzle,
    attempt_position,
    generate_puzzle,
    judge,
    position,
)
from generator.games.parforce.puzzles import proof as proof_module
from generator.games.parforce.puzzles.proof import ProofSearch, ProofTooLong, Reach
from generator.games.parforce.rules import STAG


def tried_positions(difficulty, seeds, attempts, tries=False):
    """Return (squares, rounds) of the positions the generator tries (with `tries`, the
    whole try: rounds, fewest and most rejects)."""
    out = []
    for seed in seeds:
        for attempt in range(attempts):
            start = attempt_position(difficulty, seed, attempt)
            if start is not None:
                out.append((start[0], start[1] if tries else start[1][0]))
    return out


@pytest.fixture(scope="module")
def positions():
    return tried_positions("hard", range(3), 10) + tried_positions("medium", range(2), 6)


def test_the_set_holds_two_and_three_round_tries(positions):
    assert {rounds for _, rounds in positions} == {2, 3}
    assert len(positions) >= 30


def test_the_proof_search_answers_as_the_plain_search(positions):
    wins = 0
    for squares, rounds in positions:
        for n in range(1, min(rounds, 2) + 1):
            plain = Search(budget=10**7).forced_win(position(squares), n)
            assert ProofSearch().forced_win(position(squares), n) == plain, (squares, n)
            wins += plain
    assert wins  # the set holds wins as well as losses


def test_the_first_rounds_are_judged_the_same(positions):
    judged = 0
    for squares, rounds in positions:
        if rounds != 2:
            continue
        state = position(squares)
        plain = judge(state, rounds, Search(budget=10**7))
        assert judge(state, rounds, ProofSearch()) == plain, squares
        judged += bool(plain.winning)
    assert judged  # some of them have winning first rounds


def test_the_two_round_cut_never_fires_where_the_plain_search_wins(positions):
    fired = 0
    for squares, _ in positions:
        state = position(squares)
        if Reach(state.tables).stag_escapes(state):
            fired += 1
            assert not Search(budget=10**7).forced_win(state, 2), squares
    assert fired  # the cut is used on this set


# A position the pursuers win in two rounds and not in one (medium puzzle 0's).
TWO_ROUNDS = {"S": "b4", "H1": "a1", "H2": "c3", "H3": "a2", "H4": "b8"}
TWO_ROUNDS |= {"K": "k1", "R1": "k2", "R2": "e8", "R3": "a11", "R4": "a10"}


def test_the_hand_built_position_takes_two_rounds():
    state = position(TWO_ROUNDS)
    assert not Search(budget=10**7).forced_win(state, 1)
    assert Search(budget=10**7).forced_win(state, 2)


def test_the_table_keeps_a_result_only_for_the_rounds_it_holds_for():
    proof = ProofSearch()
    assert proof.forced_win(position(TWO_ROUNDS), 2)  # a win in two is stored...
    assert not proof.forced_win(position(TWO_ROUNDS), 1)  # ...and is no win in one
    assert proof.forced_win(position(TWO_ROUNDS), 3)  # a win in two is one in three
    other = ProofSearch()
    assert not other.forced_win(position(TWO_ROUNDS), 1)  # a loss in one is stored...
    assert other.forced_win(position(TWO_ROUNDS), 2)  # ...and says nothing of two


def test_with_and_without_the_table_the_answers_agree():
    """One search answers many questions from its table; a fresh search for each question
    answers from nothing. They agree position by position."""
    shared = ProofSearch()
    for squares, _ in tried_positions("hard", range(3, 5), 8):
        for n in (2, 1):
            state = position(squares)
            assert shared.forced_win(state, n) == ProofSearch().forced_win(state, n)
            assert state.turn != STAG and not state.over  # the state was not changed


def test_a_three_round_puzzle_is_proved_as_the_plain_search_does():
    puzzle = next(p for p in (generate_puzzle("hard", seed) for seed in range(9)) if p.rounds == 3)
    for n in (2, 3):
        plain = Search(budget=10**7).forced_win(puzzle.state(), n)
        assert ProofSearch().forced_win(puzzle.state(), n) == plain == (n == 3)


def test_a_position_turned_away_gives_no_puzzle_to_the_plain_search():
    """The fast check may only turn away what the plain search (with no budget) rejects:
    a win in fewer rounds, a first round that is not unique, or rejects out of range."""
    turned_away = 0
    for difficulty in TRIES:
        for squares, (rounds, least, most) in tried_positions(difficulty, range(2), 8, True):
            state = position(squares)
            if _may_give_a_puzzle(state, rounds, least, most):
                continue
            turned_away += 1
            plain = Search(budget=10**7)
            if rounds > 1 and plain.forced_win(state, rounds - 1):
                continue
            verdict = judge(state, rounds, plain)
            fits = least <= verdict.rejects <= most
            assert not (verdict.unique and verdict.forced and fits), squares
    assert turned_away >= 20


def test_past_its_safety_bound_the_fast_check_leaves_the_choice_to_the_plain_search(
    monkeypatch,
):
    with pytest.raises(ProofTooLong):
        ProofSearch(budget=3).forced_win(position(TWO_ROUNDS), 2)
    fast = generate_puzzle("medium", 0)
    monkeypatch.setattr(proof_module, "PROOF_BUDGET", 3)
    assert _may_give_a_puzzle(position(TWO_ROUNDS), 2, 3, 7)
    assert generate_puzzle("medium", 0) == fast  # the plain search alone chooses the same
