"""Parforcejagd's hunting boards: a square grid round a pond, with the hunt's direction.

Squares are numbered row by row from the south-west corner (index = row * size + column) and
named like chess squares: a column letter from the west and a row number from the south
(`a1` is the south-west corner, `i9` the north-east corner of a 9 x 9 board).

A board holds the pond (connected squares round its centre), the direction of the hunt
(clockwise or counter-clockwise seen from above, north at the top), the stag's start c, the
hounds' four a squares, the riders' four b squares, the handler's square k on the edge and
optional thickets (squares nobody enters or passes).

Forward (docs/rules/parforce.md, "Forward and backward"). The pond's centre is the mean of
its squares, rounded to the nearest half square. For a square at offset d = (dx, dy) from
that centre (east and north positive) the hunt's tangent is t = (dy, -dx) when the hunt runs
clockwise and t = (-dy, dx) when it runs counter-clockwise: the way a point on a circle round
the centre moves. A move by the vector v is *forward* when v . t > 0 (its angle round the
centre grows in the hunt's direction) and *backward* when v . t < 0; a move with v . t = 0 is
neither. A square's forward step (the hounds' line) is the orthogonal step with the largest
v . t; where two steps tie (squares on a diagonal through the centre) the one that comes
nearer the centre wins, so that the line turns the corner of the square ring. The backward
step is chosen the same way with -t. The centre itself (a pond square, only on a board whose
pond centre falls on a square) has no angle: its forward step is east (clockwise) or west.

The text format (`format_board` / `parse_board`, they round-trip)::

    parforce 1
    size 9
    direction clockwise
    grid
    . . . . c . . . .     <- row 9 (north) first, column a first
    ...

with `.` land, `~` pond, `#` thicket, `c` the stag's start, `a` a hound's start, `b` a
rider's start and `k` the handler's start (all on land). Hounds are numbered H1-H4 and riders
R1-R4 in the order of their squares' indices (south-west first, row by row).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from generator.engine.bitboards import mask_of
from generator.errors import QuarryError

MIN_SIZE, MAX_SIZE, DEFAULT_SIZE = 7, 13, 9
FORMAT_VERSION = 1
PIECE_STARTS = 4  # hounds and riders each
DIRECTIONS = ("clockwise", "counter-clockwise")
LAND, POND, THICKET = ".", "~", "#"
START_CHARS = "cabk"
DEFAULT_PATH = Path(__file__).parent / "data" / "default.board"
KNIGHT = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
KING = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
ORTHOGONAL = ((1, 0), (0, 1), (-1, 0), (0, -1))
DIAGONAL = ((1, 1), (-1, 1), (-1, -1), (1, -1))
HOUND_REACH = 3
SQUARE_NAME = re.compile(r"[a-z]([1-9][0-9]?)")  # ASCII only: [0-9], never \d


def square_name(square: int, size: int) -> str:
    """Return the name of square index `square` on a `size` board, e.g. e5."""
    row, column = divmod(square, size)
    return f"{chr(ord('a') + column)}{row + 1}"


def parse_square(text: str, size: int) -> int:
    """Return the index of the square named `text` (ValueError if it is not on the board).
    A name is an ASCII letter and a number in ASCII digits: no other script's digits."""
    text = text.strip()
    match = SQUARE_NAME.fullmatch(text.lower()) if text.isascii() else None
    if match is None:
        raise ValueError(
            f"{text!r} is not a square name (a letter then a number in digits 0-9, like e5)"
        )
    column, row = ord(text[0].lower()) - ord("a"), int(match[1]) - 1
    if not (0 <= column < size and 0 <= row < size):
        raise ValueError(f"{text} is off a {size} x {size} board")
    return row * size + column


@dataclass(frozen=True)
class HuntingBoard:
    """A board: its size, pond, direction, start squares (c, a, b, k) and thickets.

    Building one checks it (QuarryError listing the first problem, see `board_problems`) and
    precomputes the move tables the rules use (`tables`)."""

    size: int
    pond: frozenset[int]
    clockwise: bool
    stag: int
    hounds: tuple[int, ...]
    riders: tuple[int, ...]
    handler: int
    thickets: frozenset[int] = frozenset()
    tables: Tables = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "hounds", tuple(sorted(self.hounds)))
        object.__setattr__(self, "riders", tuple(sorted(self.riders)))
        problems = board_problems(self)
        if problems:
            raise QuarryError(problems[0])
        object.__setattr__(self, "tables", Tables(self))

    @property
    def cells(self) -> int:
        """Return the number of squares."""
        return self.size * self.size

    def name(self, square: int) -> str:
        """Return the name of `square` on this board."""
        return square_name(square, self.size)

    def parse(self, text: str) -> int:
        """Return the square named `text` (ValueError if it is not on this board)."""
        return parse_square(text, self.size)

    def is_land(self, square: int) -> bool:
        """Return True for a square that is neither pond nor thicket."""
        return square not in self.pond and square not in self.thickets

    def centre2(self) -> tuple[int, int]:
        """Return the pond's centre in doubled coordinates (x2, y2): square (x, y) is (2x, 2y)."""
        xs = [s % self.size for s in self.pond]
        ys = [s // self.size for s in self.pond]
        return round(2 * sum(xs) / len(xs)), round(2 * sum(ys) / len(ys))

    def offset2(self, square: int) -> tuple[int, int]:
        """Return the doubled offset (dx, dy) of `square` from the pond's centre."""
        cx, cy = self.centre2()
        row, column = divmod(square, self.size)
        return 2 * column - cx, 2 * row - cy

    def tangent(self, square: int) -> tuple[int, int]:
        """Return the hunt's (doubled) tangent at `square`: where forward points."""
        dx, dy = self.offset2(square)
        return (dy, -dx) if self.clockwise else (-dy, dx)

    def sense(self, square: int, dx: int, dy: int) -> int:
        """Return +1 when the move (dx, dy) from `square` is forward, -1 backward, 0 neither."""
        tx, ty = self.tangent(square)
        dot = dx * tx + dy * ty
        return (dot > 0) - (dot < 0)

    def line_step(self, square: int, forward: bool = True) -> tuple[int, int]:
        """Return the orthogonal step (dx, dy) that is `square`'s forward (or backward) step:
        the largest v . t, a tie going to the step nearer the centre (module docstring)."""
        tx, ty = self.tangent(square)
        if not forward:
            tx, ty = -tx, -ty
        if tx == ty == 0:  # the centre of the pond
            east = (1, 0) if self.clockwise == forward else (-1, 0)
            return east
        dx, dy = self.offset2(square)
        return max(ORTHOGONAL, key=lambda v: (v[0] * tx + v[1] * ty, -(v[0] * dx + v[1] * dy)))

    def opposite(self) -> int:
        """Return the square opposite c through the pond's centre (the crossing stag's goal)."""
        cx, cy = self.centre2()
        row, column = divmod(self.stag, self.size)
        return (cy - row) * self.size + (cx - column)

    def starts(self) -> tuple[int, ...]:
        """Return the ten start squares in the order of the pieces (stag, H1-4, k, R1-4)."""
        return (self.stag, *self.hounds, self.handler, *self.riders)

    def on_board(self, column: int, row: int) -> bool:
        """Return True when (column, row) is a square of this board."""
        return 0 <= column < self.size and 0 <= row < self.size


def _connected(squares: frozenset[int], size: int) -> bool:
    """Return True when `squares` is one orthogonally connected group (and not empty)."""
    if not squares:
        return False
    todo, seen = [min(squares)], {min(squares)}
    while todo:
        row, column = divmod(todo.pop(), size)
        for dx, dy in ORTHOGONAL:
            r, c = row + dy, column + dx
            near = r * size + c
            if 0 <= r < size and 0 <= c < size and near in squares and near not in seen:
                seen.add(near)
                todo.append(near)
    return len(seen) == len(squares)


def board_problems(board: HuntingBoard) -> list[str]:
    """Return what is wrong with `board` (one sentence each; empty when it is playable)."""
    n = board.size
    if not MIN_SIZE <= n <= MAX_SIZE:
        return [f"a board is {MIN_SIZE} to {MAX_SIZE} squares wide, not {n}"]
    out = []
    cells = range(n * n)
    if any(s not in cells for s in board.pond | board.thickets | set(board.starts())):
        return ["a square lies off the board"]
    if board.pond & board.thickets:
        out.append("a square is both pond and thicket")
    if not _connected(board.pond, n):
        return out + ["the pond must be one connected group of squares"]
    cx, cy = board.centre2()
    for square in cells:
        dx, dy = board.offset2(square)
        if abs(dx) <= 1 and abs(dy) <= 1 and square not in board.pond:
            out.append(f"the pond must cover its centre, and {board.name(square)} is not pond")
    if len(board.hounds) != PIECE_STARTS or len(board.riders) != PIECE_STARTS:
        out.append("a board has four a squares (hounds) and four b squares (riders)")
    starts = board.starts()
    if len(set(starts)) != len(starts):
        out.append("two start squares coincide")
    for square in starts:
        if not board.is_land(square):
            out.append(f"the start square {board.name(square)} is not land")
    row, column = divmod(board.handler, n)
    if 0 < row < n - 1 and 0 < column < n - 1:
        out.append(f"the handler's square k ({board.name(board.handler)}) must be on the edge")
    ox, oy = cx - board.stag % n, cy - board.stag // n
    if not board.on_board(ox, oy) or not board.is_land(oy * n + ox):
        out.append("the square opposite c through the pond's centre must be land on the board")
    return out


def _hopper(board: HuntingBoard, column: int, row: int):
    """Return hop(dx, dy): the square that jump from (column, row) lands on, or None when it
    leaves the board or lands in a thicket."""
    n = board.size

    def hop(dx: int, dy: int) -> int | None:
        c, r = column + dx, row + dy
        if not board.on_board(c, r) or r * n + c in board.thickets:
            return None
        return r * n + c

    return hop


def _liner(board: HuntingBoard, column: int, row: int):
    """Return line(dx, dy, reach): the land squares a straight line from (column, row) passes,
    nearest first, up to `reach` and stopping at the edge, the pond or a thicket."""
    n = board.size

    def line(dx: int, dy: int, reach: int) -> tuple[int, ...]:
        out = []
        for k in range(1, reach + 1):
            c, r = column + k * dx, row + k * dy
            if not board.on_board(c, r) or not board.is_land(r * n + c):
                break
            out.append(r * n + c)
        return tuple(out)

    return line


class Tables:
    """The move tables of one board, made once: for each square, the squares a piece may
    reach ignoring the other pieces, in the order a line is walked."""

    def __init__(self, board: HuntingBoard) -> None:
        n = board.size
        self.size = n
        self.pond = mask_of(board.pond)
        self.thickets = mask_of(board.thickets)
        self.land = ((1 << n * n) - 1) & ~self.pond & ~self.thickets
        self.names = tuple(square_name(s, n) for s in range(n * n))
        self.squares = {name: s for s, name in enumerate(self.names)}
        self.knight_forward: list[tuple[int, ...]] = []  # forward, onto land or pond
        self.knight_any: list[tuple[int, ...]] = []  # every direction, onto land or pond
        self.king: list[tuple[int, ...]] = []  # every direction, onto land or pond
        self.hound_lines: list[tuple[tuple[int, ...], ...]] = []  # forward line, backward line
        self.rider_lines: list[tuple[tuple[int, ...], ...]] = []  # the forward diagonals
        for square in range(n * n):
            row, column = divmod(square, n)

            hop = _hopper(board, column, row)
            line = _liner(board, column, row)
            knights = [(hop(dx, dy), board.sense(square, dx, dy)) for dx, dy in KNIGHT]
            self.knight_any.append(tuple(s for s, _ in knights if s is not None))
            self.knight_forward.append(tuple(s for s, f in knights if s is not None and f > 0))
            self.king.append(tuple(s for s in (hop(dx, dy) for dx, dy in KING) if s is not None))
            self.hound_lines.append(
                tuple(line(*board.line_step(square, way), HOUND_REACH) for way in (True, False))
            )
            self.rider_lines.append(
                tuple(line(dx, dy, n) for dx, dy in DIAGONAL if board.sense(square, dx, dy) > 0)
            )


def format_board(board: HuntingBoard) -> str:
    """Return the text of `board` in the board file format (parse_board reads it back)."""
    marks = {board.stag: "c", board.handler: "k"}
    marks.update(dict.fromkeys(board.hounds, "a"))
    marks.update(dict.fromkeys(board.riders, "b"))
    n = board.size
    lines = [
        f"parforce {FORMAT_VERSION}",
        f"size {n}",
        f"direction {DIRECTIONS[0] if board.clockwise else DIRECTIONS[1]}",
        "grid",
    ]
    for row in range(n - 1, -1, -1):
        chars = []
        for square in range(row * n, row * n + n):
            if square in board.pond:
                chars.append(POND)
            elif square in board.thickets:
                chars.append(THICKET)
            else:
                chars.append(marks.get(square, LAND))
        lines.append(" ".join(chars))
    return "\n".join(lines) + "\n"


def parse_board(text: str, where: str = "board") -> HuntingBoard:
    """Return the board written in `text`; QuarryError naming `where` and the line when the
    text is not a board file, or naming `where` when the board it describes is unplayable."""
    fields: dict[str, tuple[int, str]] = {}
    grid: list[tuple[int, list[str]]] = []
    in_grid = False
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("%", 1)[0].strip()  # '#' is a thicket, so comments start with '%'
        if not line:
            continue
        if in_grid:
            grid.append((number, line.split()))
            continue
        key, _, value = line.partition(" ")
        if key == "grid":
            in_grid = True
            continue
        if key not in ("parforce", "size", "direction"):
            raise QuarryError(
                f"{where}:{number}: unknown line {key!r}; a board file has "
                "parforce, size, direction and grid lines"
            )
        if key in fields:
            raise QuarryError(f"{where}:{number}: {key} is given twice")
        fields[key] = (number, value.strip())
    for key in ("parforce", "size", "direction"):
        if key not in fields:
            raise QuarryError(f"{where}: the board has no {key!r} line")
    if not in_grid:
        raise QuarryError(f"{where}: the board has no 'grid' line")
    line, version = fields["parforce"]
    if version != str(FORMAT_VERSION):
        raise QuarryError(f"{where}:{line}: parforce board format {version!r}; this Quarry reads 1")
    line, value = fields["size"]
    if not re.fullmatch("[0-9]+", value) or not MIN_SIZE <= int(value) <= MAX_SIZE:
        raise QuarryError(f"{where}:{line}: size must be a number from {MIN_SIZE} to {MAX_SIZE}")
    n = int(value)
    line, value = fields["direction"]
    if value not in DIRECTIONS:
        raise QuarryError(f"{where}:{line}: direction must be clockwise or counter-clockwise")
    if len(grid) != n:
        raise QuarryError(f"{where}: the grid has {len(grid)} rows, not {n}")
    pond, thickets, marks = set(), set(), {char: [] for char in START_CHARS}
    for i, (number, chars) in enumerate(grid):
        if len(chars) != n:
            raise QuarryError(f"{where}:{number}: a grid row of {len(chars)} squares, not {n}")
        row = n - 1 - i
        for column, char in enumerate(chars):
            square = row * n + column
            if char == POND:
                pond.add(square)
            elif char == THICKET:
                thickets.add(square)
            elif char in marks:
                marks[char].append(square)
            elif char != LAND:
                raise QuarryError(
                    f"{where}:{number}: {char!r} is not a square; use . ~ # or a start "
                    "letter c, a, b, k"
                )
    for char, want in (("c", 1), ("a", PIECE_STARTS), ("b", PIECE_STARTS), ("k", 1)):
        if len(marks[char]) != want:
            raise QuarryError(f"{where}: the grid has {len(marks[char])} {char!r}, not {want}")
    try:
        return HuntingBoard(
            size=n,
            pond=frozenset(pond),
            clockwise=fields["direction"][1] == DIRECTIONS[0],
            stag=marks["c"][0],
            hounds=tuple(marks["a"]),
            riders=tuple(marks["b"]),
            handler=marks["k"][0],
            thickets=frozenset(thickets),
        )
    except QuarryError as error:
        raise QuarryError(str(error), where=where) from None


def read_board(path: Path) -> HuntingBoard:
    """Return the board in the file at `path` (QuarryError if it is missing or not a board)."""
    from generator.userfiles import read_text, shown

    return parse_board(read_text(path, "a parforce board file"), shown(path))


_DEFAULT: list[HuntingBoard] = []


def default_board() -> HuntingBoard:
    """Return the default 9 x 9 board (data/default.board), read once."""
    if not _DEFAULT:
        _DEFAULT.append(parse_board(DEFAULT_PATH.read_text(encoding="utf-8"), DEFAULT_PATH.name))
    return _DEFAULT[0]


def has_stag_lap(board: HuntingBoard) -> bool:
    """Return True when the stag, alone on the board, can leave c with forward knight moves
    over land and come back to c (a complete lap round the pond)."""
    tables, seen, todo = board.tables, set(), [board.stag]
    while todo:
        for square in tables.knight_forward[todo.pop()]:
            if square == board.stag:
                return True
            if tables.land >> square & 1 and square not in seen:
                seen.add(square)
                todo.append(square)
    return False
