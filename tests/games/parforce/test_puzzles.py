""" "Enclose the stag" puzzles: each one's forced enclosure, that it takes all N rounds, and
its unique first round, checked again by a plain search written here (plain minimax over
the engine's legal moves: no memory, no cuts, nothing shared with puzzles.Search)."""

import json

import pytest

from generator.errors import QuarryError
from generator.games.parforce.puzzles import (
    PENS,
    Puzzle,
    generate_puzzle,
    make_puzzles,
    position,
    puzzle_board,
)
from generator.games.parforce.puzzles.book import rejects_text, worked_solution
from generator.games.parforce.rules import PASS, PIECES, STAG


def plain_win(state, rounds):
    """Return True when the pursuers enclose the stag within `rounds` rounds (this one
    included) whatever it does: every stag move tried, any pursuer move enough."""
    if state.is_terminal():
        return state.winner == "pursuers"
    if state.turn == STAG:
        if rounds <= 1:
            return False
        for move in state.legal_actions():
            after = state.clone()
            after.apply(move)
            if not plain_win(after, rounds - 1):
                return False
        return True
    for move in state.legal_actions():
        after = state.clone()
        after.apply(move)
        if plain_win(after, rounds):
            return True
    return False


def all_first_rounds(state, moves=()):
    """Yield (moves by piece index, the position after the pursuers' first round)."""
    if state.is_terminal() or state.turn == STAG:
        yield dict(moves), state
        return
    for move in state.legal_actions():
        after = state.clone()
        piece = after.turn
        after.apply(move)
        yield from all_first_rounds(after, (*moves, (piece, move)))


def square_of(move):
    """Return the square a solution's move goes to (PASS for "pass")."""
    name = move.split()[1]
    return PASS if name == "pass" else puzzle_board().parse(name)


def rejects_by_definition(puzzle):
    """Return docs/puzzles-parforce.md's count of rejected first moves, by its words: for
    each piece that matters, every move or pass it makes in some legal first round, counted
    once, less its answer."""
    made = {}
    for moves, _ in all_first_rounds(puzzle.state()):
        for piece, move in moves.items():
            made.setdefault(piece, set()).add(move)
    return sum(len(made[PIECES.index(m.split()[0])]) - 1 for m in puzzle.solution)


def forward(board, start, end):
    """Return True when the move start -> end runs forward round the pond, worked out here
    from the pond's squares: the tangent at `start` of a circle about the pond's centre
    (rounded to half squares) in the hunt's direction, dotted with the move."""
    xs = [s % board.size for s in board.pond]
    ys = [s // board.size for s in board.pond]
    cx, cy = round(2 * sum(xs) / len(xs)), round(2 * sum(ys) / len(ys))
    dx, dy = 2 * (start % board.size) - cx, 2 * (start // board.size) - cy
    tx, ty = (dy, -dx) if board.clockwise else (-dy, dx)
    mx, my = end % board.size - start % board.size, end // board.size - start // board.size
    return mx * tx + my * ty > 0


def origins(puzzle):
    """Return the squares (names) the stag could have left by its last move: a knight move
    away, on the board, neither pond nor thicket nor taken by a piece now, and the move from
    there to the stag's square forward."""
    board = puzzle_board()
    taken = {board.parse(name) for name in puzzle.squares.values()}
    stag = board.parse(puzzle.squares["S"])
    column, row = stag % board.size, stag // board.size
    out = []
    for dx, dy in ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)):
        c, r = column - dx, row - dy
        if not (0 <= c < board.size and 0 <= r < board.size):
            continue
        start = r * board.size + c
        if start in board.pond or start in board.thickets or start in taken:
            continue
        if forward(board, start, stag):
            out.append(board.name(start))
    return out


def active(puzzle):
    return [p for p, square in puzzle.squares.items() if p != "S" and square not in PENS]


@pytest.fixture(scope="module")
def small_set():
    """Easy puzzles and the medium ones with three pieces out of the pens (small enough for
    the plain search)."""
    easy = [generate_puzzle("easy", seed) for seed in range(4)]
    medium = [generate_puzzle("medium", seed) for seed in (0, 2)]
    assert all(len(active(p)) <= 3 for p in medium)
    return easy + medium


def test_the_small_set_holds_one_and_two_round_puzzles(small_set):
    assert {p.rounds for p in small_set} == {1, 2}


def test_each_puzzle_has_a_forced_enclosure_in_exactly_its_rounds(small_set):
    for puzzle in small_set:
        assert plain_win(puzzle.state(), puzzle.rounds), puzzle.id
        if puzzle.rounds > 1:
            assert not plain_win(puzzle.state(), puzzle.rounds - 1), puzzle.id
        assert not puzzle.state().is_terminal()


def test_each_puzzle_has_one_first_round_for_the_pieces_that_matter(small_set):
    for puzzle in small_set:
        rounds = list(all_first_rounds(puzzle.state()))
        won = [moves for moves, after in rounds if plain_win(after, puzzle.rounds)]
        assert won, puzzle.id
        assert len({max(moves) for moves in won}) == 1, puzzle.id  # all end at one move
        last = max(won[0])
        options, winners = {}, {}
        for moves, _ in rounds:
            for piece, move in moves.items():
                if piece <= last:
                    options.setdefault(piece, set()).add(move)
        for moves in won:
            for piece, move in moves.items():
                winners.setdefault(piece, set()).add(move)
        solution = {PIECES.index(m.split()[0]): square_of(m) for m in puzzle.solution}
        for piece, choices in options.items():
            won = winners.get(piece, set())
            if piece in solution:
                assert won == {solution[piece]} and len(choices) > 1, (puzzle.id, piece)
            elif PIECES[piece] in puzzle.free:
                assert won == choices, (puzzle.id, piece)
            else:
                assert len(choices) == 1, (puzzle.id, piece)  # a pass or a forced step
        rejects = sum(len(options[p]) - 1 for p in solution)
        assert rejects == puzzle.rejects, puzzle.id


def test_the_winning_line_replays_to_an_enclosure_within_the_rounds(small_set):
    for puzzle in small_set:
        state = puzzle.state()
        for text in puzzle.line:
            state.apply(state.parse_action(text))
        assert state.winner == "pursuers" and state.round <= puzzle.rounds, puzzle.id
        first = [t for t in puzzle.line[: len(PIECES) - 1] if t in puzzle.solution]
        assert first == puzzle.solution, puzzle.id


def test_penned_pieces_cannot_leave_their_pens(small_set):
    board = puzzle_board()
    pens = {board.parse(name) for name in PENS}
    for puzzle in small_set:
        state = puzzle.state()
        for piece, square in puzzle.squares.items():
            if square in PENS:
                state.arrange({}, turn=piece)
                assert set(state.legal_actions()) - {-1} <= pens, (puzzle.id, piece)


def test_puzzles_are_reproducible_from_their_seed_and_id_and_survive_json():
    one = make_puzzles(2, "easy", 3)
    assert [p.to_json() for p in one] == [p.to_json() for p in make_puzzles(2, "easy", 3)]
    assert generate_puzzle(one[0].id).to_json() == one[0].to_json()
    again = Puzzle.from_json(json.loads(json.dumps(one[1].to_json())))
    assert again == one[1]


def test_a_hard_puzzle_asks_for_three_rounds_or_many_rejections():
    puzzle = generate_puzzle("hard", 3)
    assert puzzle.rounds == 3 or (puzzle.rounds == 2 and puzzle.rejects >= 8)


@pytest.mark.parametrize(
    "args, message",
    [
        ((0, "easy", 1), "--count must be between 1 and 200"),
        ((2, "fiendish", 1), "--difficulty must be one of easy, medium, hard"),
        ((2, "easy", -1), "--seed must be a whole number"),
    ],
)
def test_bad_options_are_refused_before_any_work(args, message):
    with pytest.raises(QuarryError, match=message):
        make_puzzles(*args)


def test_position_puts_every_piece_where_the_puzzle_says():
    puzzle = generate_puzzle("easy", 1)
    state = position(puzzle.squares)
    board = puzzle_board()
    assert {PIECES[i]: board.name(s) for i, s in enumerate(state.pos)} == puzzle.squares


def test_a_forced_pass_in_the_answer_is_written_pass():
    puzzle = generate_puzzle("medium", 11001)  # from `quarry puzzle parforce --seed 11`
    assert "R2 pass" in puzzle.solution
    assert "rider 2 passes" in worked_solution(puzzle)[0]
    state = puzzle.state()
    for text in puzzle.line[: len(PIECES) - 1]:
        state.apply(state.parse_action(text))  # the line replays, the pass included
    assert "R2 pass" in puzzle.line


@pytest.fixture(scope="module")
def many():
    """Puzzles of every level: forty easy ones, four medium and one hard (the sweep over
    seeds 1-40 at every level, bench/sweep_parforce_puzzles.py, checks many more)."""
    seeds = {"easy": range(40), "medium": range(4), "hard": (3,)}
    return [generate_puzzle(level, seed) for level, run in seeds.items() for seed in run]


def test_every_puzzle_position_is_one_the_stag_could_have_reached(many):
    for puzzle in many:
        assert origins(puzzle), (puzzle.id, puzzle.squares)


def test_the_rejected_first_moves_are_counted_as_the_page_says(small_set):
    for puzzle in small_set:
        count = rejects_by_definition(puzzle)
        assert count == puzzle.rejects == Puzzle.from_json(puzzle.to_json()).rejects, puzzle.id
        assert rejects_text(count) in worked_solution(puzzle), puzzle.id
