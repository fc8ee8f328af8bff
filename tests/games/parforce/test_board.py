"""The hunting board: names, the board file, its checks, and forward on every square."""

import random

import pytest

from generator.engine.game import IllegalAction
from generator.errors import QuarryError
from generator.games.parforce.board import (
    DIAGONAL,
    KNIGHT,
    MAX_SIZE,
    MIN_SIZE,
    ORTHOGONAL,
    HuntingBoard,
    default_board,
    format_board,
    has_stag_lap,
    parse_board,
    parse_square,
    square_name,
)
from generator.games.parforce.design.spec import parse_constraints
from generator.games.parforce.rules import ParforceState


def centred_board(size, clockwise=True, rng=None):
    """Return a board of `size` with a pond round the centre and start squares on its edge
    ring (shuffled by `rng` when given)."""
    low, high = (size - 1) // 2 - 1, size // 2 + 1
    pond = frozenset(r * size + c for r in range(low, high + 1) for c in range(low, high + 1))
    edge = [s for s in range(size * size) if s // size in (0, size - 1) or s % size == 0]
    edge = [s for s in edge if s % size != (size - 1) // 2 or s // size == 0]
    if rng:
        rng.shuffle(edge)
    stag = (size - 1) * size + (size - 1) // 2  # the middle of the north edge
    others = [s for s in edge if s not in (stag, (size - 1) // 2)][:9]
    return HuntingBoard(
        size, pond, clockwise, stag, tuple(others[:4]), tuple(others[4:8]), others[8]
    )


def dot(u, v):
    return u[0] * v[0] + u[1] * v[1]


def test_squares_are_named_like_chess_squares_from_the_south_west():
    assert square_name(0, 9) == "a1" and square_name(80, 9) == "i9"
    assert parse_square("E5", 9) == 40
    with pytest.raises(ValueError):
        parse_square("j1", 9)


# Characters Unicode counts as digits or numbers that are not the ASCII digits 0-9: a
# superscript, Arabic-Indic, fullwidth, a Roman numeral, a fraction, bold maths, circled.
FOREIGN_DIGITS = ("\u00b2", "\u0663", "\uff13", "\u216b", "\u00bd", "\U0001d7d7", "\u2468")


@pytest.mark.parametrize("char", FOREIGN_DIGITS)
def test_square_names_and_board_sizes_take_ascii_digits_only(char):
    with pytest.raises(ValueError, match="not a square name"):
        parse_square(f"e{char}", 9)
    with pytest.raises(ValueError, match="not a square name"):
        parse_square(f"e1{char}", 13)
    text = format_board(default_board())
    with pytest.raises(QuarryError, match="board:2: size must be a number"):
        parse_board(text.replace("size 9", f"size {char}"))
    with pytest.raises(QuarryError, match="board:2: size must be a number"):
        parse_board(text.replace("size 9", f"size 1{char}"))
    with pytest.raises(IllegalAction, match="is not a move"):
        ParforceState().parse_action(f"S g{char}")
    with pytest.raises(QuarryError, match="needs a whole number|unknown constraint"):
        parse_constraints([f"pond>={char}"], 9)


@pytest.mark.parametrize("size", range(MIN_SIZE, MAX_SIZE + 1))
@pytest.mark.parametrize("clockwise", [True, False])
def test_forward_and_backward_are_defined_on_every_square_of_every_board_size(size, clockwise):
    board = centred_board(size, clockwise)
    for square in range(size * size):
        tangent = board.tangent(square)
        ahead, back = board.line_step(square), board.line_step(square, forward=False)
        assert ahead in ORTHOGONAL and back in ORTHOGONAL and ahead != back
        if tangent == (0, 0):
            assert square in board.pond  # only the pond's centre has no angle
            continue
        assert dot(ahead, tangent) > 0 and dot(back, tangent) < 0
        assert {1, -1} <= {board.sense(square, *v) for v in KNIGHT}
        forward_diagonals = [v for v in DIAGONAL if board.sense(square, *v) > 0]
        assert 1 <= len(forward_diagonals) <= 2


def test_on_a_diagonal_through_the_centre_the_hounds_line_turns_the_corner():
    board = default_board()
    assert board.line_step(board.parse("h8")) == (0, -1)  # north-east: on round, south
    assert board.line_step(board.parse("h8"), forward=False) == (-1, 0)  # came from the west
    assert board.line_step(board.parse("e8")) == (1, 0)  # north of the pond: east
    assert board.line_step(board.parse("h5")) == (0, -1)  # east of the pond: south


def test_counter_clockwise_turns_forward_round():
    board = default_board()
    other = parse_board(format_board(board).replace("clockwise", "counter-clockwise"))
    for square in range(board.cells):
        if board.tangent(square) != (0, 0):
            assert other.tangent(square) == tuple(-t for t in board.tangent(square))


def test_the_default_board_reads_back_from_its_text_and_has_a_stag_lap():
    board = default_board()
    assert board.size == 9 and parse_board(format_board(board)) == board
    assert has_stag_lap(board)
    assert board.name(board.opposite()) == "e1"


@pytest.mark.parametrize("seed", range(8))
def test_boards_of_every_size_read_back_from_their_text(seed):
    rng = random.Random(seed)
    board = centred_board(rng.randint(MIN_SIZE, MAX_SIZE), rng.random() < 0.5, rng)
    assert parse_board(format_board(board)) == board


def test_a_thicket_stops_lines_and_nobody_lands_on_it():
    text = format_board(default_board()).splitlines()
    row = list(text[4 + 2].split())  # row 7
    row[6] = "#"  # g7
    text[4 + 2] = " ".join(row)
    board = parse_board("\n".join(text))
    g7 = board.parse("g7")
    assert g7 in board.thickets
    assert g7 not in board.tables.knight_forward[board.parse("e8")]
    assert board.tables.hound_lines[board.parse("e7")][0] == (board.parse("f7"),)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.replace("size 9", "size 9\nwind north"), "board:3: unknown line 'wind'"),
        (lambda t: t.replace("size 9", "size 15"), "board:2: size must be"),
        (lambda t: t.replace("direction clockwise", "direction left"), "board:3: direction"),
        (lambda t: t.replace(". . . . c", ". . . . x"), "board:5: 'x' is not a square"),
        (lambda t: t.replace(". . . . c . . . .", ". . . . c . . ."), "board:5: a grid row of 8"),
        (lambda t: t.replace(" k ", " . "), "the grid has 0 'k', not 1"),
        (lambda t: t.replace("parforce 1", "parforce 2"), "board:1: parforce board format"),
    ],
)
def test_a_bad_board_file_says_what_and_where(change, message):
    with pytest.raises(QuarryError, match=message):
        parse_board(change(format_board(default_board())))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda b: {"pond": b.pond | {b.parse("a1")}}, "one connected group"),
        (lambda b: {"pond": b.pond - {b.parse("e5")}}, "cover its centre"),
        (lambda b: {"handler": b.parse("e2")}, "must be on the edge"),
        (lambda b: {"hounds": (*b.hounds[:3], b.parse("h8"))}, "coincide"),
        (lambda b: {"thickets": frozenset({b.parse("e1")})}, "is not land"),
    ],
)
def test_an_unplayable_board_is_refused_with_its_reason(change, message):
    board = default_board()
    fields = {
        "size": board.size,
        "pond": board.pond,
        "clockwise": board.clockwise,
        "stag": board.stag,
        "hounds": board.hounds,
        "riders": board.riders,
        "handler": board.handler,
        "thickets": board.thickets,
    }
    with pytest.raises(QuarryError, match=message):
        HuntingBoard(**{**fields, **change(board)})
