"""Solo puzzles for Parforcejagd: "Enclose the stag in N rounds" (docs/puzzles-parforce.md).

A puzzle is a position on the puzzle board (PUZZLE_BOARD: the default pond, with four pens
of thickets in the corners), the pursuers to move from H1. The pursuers who take no part
stand in the pens, where they have no way out (a lone piece in a two-square pen may only
step across it). The reader must find the pursuers' moves that enclose the stag within N
rounds (N = 1, 2 or 3) whatever the stag does in between.

Proof. `forced_win(state, rounds)` is an exhaustive AND-OR search over single moves with the
engine's own rules (rules.ParforceState): a pursuer's move is an OR node, a stag's move an
AND node, and a position at the start of a pursuers' round is remembered with its result.
Two exact cuts keep it small. In the last round, the squares the stag could move to that
are still free must be fillable by the pieces still to move (a matching between holes and
pieces); and a move that neither lands on nor leaves a square that can still matter (a
square the stag could move to, or one on a line a later piece could move along) leads to
the same end as any other such move, so one of them stands for all.

Uniqueness. Every legal first round (one move a piece, in order) is tried. A piece matters
when some of its moves lose the forced win; the puzzle is accepted only when the winning
first rounds agree on the move of every piece that matters and let every other piece move
as it likes. A second, plain search in the tests checks both claims.

Grading (TRIES): easy puzzles take one round; medium ones two; hard ones two with at least
eight tempting first moves to reject (the other moves of the pieces that matter), or three.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from generator.games import PuzzleSeries
from generator.games.parforce.board import HuntingBoard, parse_board
from generator.games.parforce.rules import (
    LAND,
    PASS,
    PIECES,
    STAG,
    ParforceState,
)

PUZZLE_BOARD_TEXT = """parforce 1
size 11
direction clockwise
% the puzzle board: a 3 x 3 pond, four pens of thickets in the corners
grid
. # . . . c . . . # .
. # . . . . . . . # .
# # b . . . . . b # #
. . . . . . . . . . .
. . . . ~ ~ ~ . . . .
. . . . ~ ~ ~ . . . .
. . . . ~ ~ ~ . . . .
. . . . . . . . . . .
# # b . a . a . b # #
. # . . a . a . . # .
. # . . . k . . . # .
"""
PENS = ("a1", "a2", "k1", "k2", "a11", "a10", "k11", "k10")  # filled in this order
# The tries of each difficulty, in turn: (rounds N, fewest and most first moves a solver
# must reject). Hard puzzles take two rounds with many tempting first moves, or three.
TRIES = {
    "easy": ((1, 2, 99),),
    "medium": ((2, 3, 7),),
    "hard": ((2, 8, 99), (2, 8, 99), (2, 8, 99), (3, 3, 99)),
}
ACTIVE = {"easy": (3, 4), "medium": (3, 4), "hard": (3, 3)}  # pursuers out of the pens
REACH = {"easy": 3, "medium": 4, "hard": 4}  # king steps from the stag to an active piece
MAX_ATTEMPTS = 1500
NODE_BUDGET = 12_000  # a position whose proof needs more is not used
THREE_ROUND_BUDGET = 40_000


class OverBudget(Exception):
    """The search met its node budget before it could decide."""


_BOARD: list[HuntingBoard] = []


def puzzle_board() -> HuntingBoard:
    """Return the puzzle board (made once)."""
    if not _BOARD:
        _BOARD.append(parse_board(PUZZLE_BOARD_TEXT, "puzzle board"))
    return _BOARD[0]


@dataclass
class Puzzle:
    """One puzzle: id, difficulty, rounds N, where each piece stands ({piece: square}),
    the solution's first round (each mattering piece's move, in order), the pieces free to
    move as they like, and how many first moves a solver must reject."""

    id: str
    difficulty: str
    rounds: int
    squares: dict[str, str]
    solution: list[str]
    free: list[str]
    rejects: int
    line: list[str] = field(default_factory=list)  # a whole winning line, for the book

    def state(self) -> ParforceState:
        """Return the puzzle's position, the pursuers to move from H1."""
        return position(self.squares)

    def to_json(self) -> dict:
        """Return the puzzle as plain values (from_json reads it back)."""
        return {
            "id": self.id,
            "difficulty": self.difficulty,
            "rounds": self.rounds,
            "squares": dict(self.squares),
            "solution": list(self.solution),
            "free": list(self.free),
            "rejects": self.rejects,
            "line": list(self.line),
        }

    @classmethod
    def from_json(cls, data: dict) -> Puzzle:
        """Return the puzzle that to_json wrote."""
        return cls(**data)


def position(squares: dict[str, str]) -> ParforceState:
    """Return a game on the puzzle board with the pieces on `squares`, H1 to move."""
    state = ParforceState(puzzle_board())
    state.arrange(squares, turn="H1", mode=LAND)
    return state


# --- the search ------------------------------------------------------------------------------


class Search:
    """An exhaustive AND-OR search for a forced enclosure, with a node budget."""

    def __init__(self, budget: int = NODE_BUDGET) -> None:
        self.budget = budget
        self.nodes = 0
        self.memo: dict[tuple, bool] = {}

    def forced_win(self, state: ParforceState, rounds: int) -> bool:
        """Return True when the pursuers, to move at the start of a round, can enclose the
        stag within `rounds` rounds whatever it does (OverBudget past the budget)."""
        if state.over:
            return state.winner == "pursuers"
        if rounds <= 0:
            return False
        key = (tuple(state.pos), state.mode, state.turn, rounds)
        if key not in self.memo:
            self.memo[key] = self._round(state, rounds)
        return self.memo[key]

    def _round(self, state: ParforceState, rounds: int) -> bool:
        """Search from `state` (which it may change: callers hand over a copy). A move with
        no alternative (a pass, or a pen's one step) is made in place."""
        while True:
            self.nodes += 1
            if self.nodes > self.budget:
                raise OverBudget
            if state.over:
                return state.winner == "pursuers"
            if state.turn == STAG:
                if rounds <= 1 or state.round >= state.rules.max_rounds:
                    return False
                for move in state.stag_moves():
                    after = state.clone()
                    after.apply(move)
                    if not self.forced_win(after, rounds - 1):
                        return False
                return True
            if rounds == 1 and not _fillable(state):
                return False
            moves = candidate_moves(state, last_round=rounds == 1)
            if len(moves) == 1:
                state.apply(moves[0])
                continue
            for move in moves:
                after = state.clone()
                after.apply(move)
                if self._round(after, rounds):
                    return True
            return False


def _line_squares(state: ParforceState, piece: int) -> set[int]:
    """Return every square piece `piece` could move to or over from where it stands, on
    the empty board (its table lines, or king steps)."""
    tables, square = state.tables, state.pos[piece]
    if piece == PIECES.index("K") or tables.pond >> square & 1:
        return set(tables.king[square])
    lines = tables.hound_lines if PIECES[piece][0] == "H" else tables.rider_lines
    return {s for line in lines[square] for s in line}


def _targets(state: ParforceState) -> set[int]:
    """Return the squares the stag needs filled before it is enclosed, whoever holds c:
    its forward knight squares on land (or its squares swimming or crossing). With c held
    it has more (the crossing's knight squares in the pond), so this set is never too big."""
    if state.mode != LAND:
        return set(state.stag_targets())
    return set(state.tables.knight_forward[state.pos[STAG]])


def _fillable(state: ParforceState) -> bool:
    """Return False when the stag's free target squares cannot all be filled by the pieces
    still to move this round (each fills one square it may reach): then no enclosure comes
    this round. Pond squares cannot be filled while the stag is on land."""
    free = [s for s in _targets(state) if not state.occupied >> s & 1]
    if state.mode == LAND and any(state.tables.pond >> s & 1 for s in free):
        return False
    pieces = range(state.turn, len(PIECES))
    reach = {p: _line_squares(state, p) for p in pieces}
    match: dict[int, int] = {}  # piece -> hole

    def augment(hole: int, seen: set[int]) -> bool:
        for piece in pieces:
            if hole in reach[piece] and piece not in seen:
                seen.add(piece)
                if piece not in match or augment(match[piece], seen):
                    match[piece] = hole
                    return True
        return False

    return all(augment(hole, set()) for hole in free)


def candidate_moves(state: ParforceState, last_round: bool) -> list[int]:
    """Return the moves of the piece to move that the search must try: all of them, or in
    the last round one move for all the moves that touch no square that can still matter."""
    moves = state.legal_actions()
    if not last_round or moves == [PASS]:
        return moves
    piece = state.turn
    matter = _targets(state) | {state.board.stag}  # standing on c opens the crossing
    for later in range(piece + 1, len(PIECES)):
        matter |= _line_squares(state, later)
    keep = [m for m in moves if m in matter]
    rest = [m for m in moves if m not in matter]
    return keep + rest[:1]


# --- the first round -------------------------------------------------------------------------


def first_rounds(state: ParforceState) -> list[tuple[list[int], ParforceState]]:
    """Return every legal first round from `state` (pursuers to move from H1): the moves
    in order (PASS for a piece without one) with the position after them (or where the
    game ended)."""
    out: list[tuple[list[int], ParforceState]] = []

    def walk(current: ParforceState, moves: list[int]) -> None:
        if current.over or current.turn == STAG:
            out.append((moves, current))
            return
        for move in current.legal_actions():
            after = current.clone()
            after.apply(move)
            walk(after, [*moves, move])

    walk(state, [])
    return out


@dataclass(frozen=True)
class Verdict:
    """What the first rounds of a position show: the winning rounds, the pieces that
    matter with their one move, the free pieces, and the moves a solver must reject."""

    winning: list[list[int]]
    forced: dict[int, int]  # piece -> its one winning move
    free: list[int]
    rejects: int
    unique: bool


def judge(state: ParforceState, rounds: int, search) -> Verdict:
    """Return the Verdict of `state` for a forced enclosure within `rounds` rounds."""
    tried = first_rounds(state)
    winning = []
    for moves, after in tried:
        if after.over:
            if after.winner == "pursuers":
                winning.append(moves)
        elif search.forced_win(after, rounds):
            winning.append(moves)
    # Every winning round must end at the same move (the pieces after it never move);
    # the pieces up to it are judged on every move they could make in some legal round.
    lengths = {len(w) for w in winning}
    last = min(lengths, default=0)
    options: dict[int, set[int]] = {}
    for moves, _ in tried:
        for index, move in enumerate(moves[:last]):
            options.setdefault(index + 1, set()).add(move)
    forced, free, rejects, unique = {}, [], 0, len(lengths) == 1
    for piece in sorted(options):
        chosen = {w[piece - 1] for w in winning}
        if len(options[piece]) == 1:
            continue  # no choice (a pass, or one move): it neither matters nor is free
        if len(chosen) == 1:
            forced[piece] = next(iter(chosen))
            rejects += len(options[piece]) - 1
        elif chosen == options[piece]:
            free.append(piece)
        else:
            unique = False  # some of its moves win and some lose, and more than one wins
    if unique and free:  # free pieces must be free whatever the others do
        expected = 1
        for piece in free:
            expected *= len(options[piece])
        unique = len(winning) == expected
    return Verdict(winning, forced, free, rejects, unique)


# --- making puzzles ---------------------------------------------------------------------------


def _random_squares(rng: random.Random, active: int, reach: int) -> dict[str, str]:
    """Return a random position: the stag on open land out of reach of the pond, with two
    or more forward land squares; `active` pursuers out of the pens within `reach` king
    steps of it; the others in the pens."""
    board = puzzle_board()
    tables, size = board.tables, board.size
    pens = {board.parse(name) for name in PENS}
    near_pond = set()
    for square in board.pond:
        near_pond |= set(tables.knight_any[square]) | set(tables.king[square])
    open_land = [s for s in range(board.cells) if tables.land >> s & 1 and s not in pens]
    stag_squares = [
        s
        for s in open_land
        if s not in near_pond
        and s != board.stag
        and sum(1 for t in tables.knight_forward[s] if tables.land >> t & 1) >= 2
    ]
    stag = rng.choice(stag_squares)

    def steps(square: int) -> int:
        return max(abs(square // size - stag // size), abs(square % size - stag % size))

    around = [s for s in open_land if s != stag and steps(s) <= reach]
    pursuers = list(PIECES[1:])
    out = rng.sample(pursuers, active)
    squares = {"S": board.name(stag)}
    for piece, square in zip(out, rng.sample(around, active), strict=True):
        squares[piece] = board.name(square)
    penned = [p for p in pursuers if p not in out]
    for piece, name in zip(penned, PENS, strict=False):
        squares[piece] = name
    return squares


def attempt_position(difficulty: str, seed: int, attempt: int) -> tuple[dict, tuple] | None:
    """Return the position an attempt tries ({piece: square}) with its try (rounds N, the
    fewest and most rejects), or None when the position is no start for a puzzle."""
    rng = random.Random(f"parforce-{difficulty}-{seed}-{attempt}")
    tried = TRIES[difficulty][attempt % len(TRIES[difficulty])]
    active = rng.randint(*ACTIVE[difficulty])
    squares = _random_squares(rng, active, REACH[difficulty])
    state = position(squares)
    if state.over or len(state.stag_moves()) < 2 or not stag_origins(state):
        return None
    return squares, tried


def _attempt(difficulty: str, seed: int, attempt: int) -> Puzzle | None:
    start = attempt_position(difficulty, seed, attempt)
    if start is None:
        return None
    squares, (rounds, least, most) = start
    state = position(squares)
    if not _may_give_a_puzzle(state, rounds, least, most):
        return None
    search = Search(NODE_BUDGET if rounds < 3 else THREE_ROUND_BUDGET)
    try:
        if rounds > 1 and search.forced_win(state.clone(), rounds - 1):
            return None  # it can be done faster
        verdict = judge(state, rounds, search)
    except OverBudget:
        return None
    if not verdict.unique or not verdict.forced or not least <= verdict.rejects <= most:
        return None
    first = verdict.winning[0]
    solution = [move_text(piece, move) for piece, move in sorted(verdict.forced.items())]
    return Puzzle(
        id=puzzle_id(difficulty, seed),
        difficulty=difficulty,
        rounds=rounds,
        squares=squares,
        solution=solution,
        free=[PIECES[p] for p in verdict.free],
        rejects=verdict.rejects,
        line=winning_line(state, first, rounds),
    )


def _may_give_a_puzzle(state: ParforceState, rounds: int, least: int, most: int) -> bool:
    """Return False when `state` gives no puzzle of `rounds` rounds whatever the node budget:
    it is won in fewer rounds, or its first round is not unique, or its rejects are out of
    range, by the fast proof search (puzzles/proof.py). True when it may give one (or the
    fast search met its safety bound): the plain, budgeted Search then decides as before.
    One-round tries go straight to the plain search: it is as quick there."""
    from generator.games.parforce.puzzles.proof import ProofSearch, ProofTooLong

    if rounds == 1:
        return True
    proof = ProofSearch()
    try:
        if proof.forced_win(state, rounds - 1):
            return False
        if not proof.forced_win(state, rounds):
            return False  # no first round wins (one question, with the table's help)
        verdict = judge(state, rounds, proof)
    except ProofTooLong:
        return True
    return verdict.unique and bool(verdict.forced) and least <= verdict.rejects <= most


def move_text(piece: int, move: int) -> str:
    """Return a pursuer's move in notation: "H2 e7", or "H2 pass" when it has none."""
    return f"{PIECES[piece]} {'pass' if move == PASS else puzzle_board().name(move)}"


def stag_origins(state: ParforceState) -> list[int]:
    """Return the squares the stag could have come from by its last move: free land
    squares from which its square is a forward knight move. The pursuers are to move from
    hound 1, so nothing has moved since the stag did: its old square must be empty now."""
    tables, square = state.tables, state.pos[STAG]
    free_land = tables.land & ~state.occupied
    return [
        s
        for s in range(state.board.cells)
        if free_land >> s & 1 and square in tables.knight_forward[s]
    ]


def winning_line(state: ParforceState, first: Sequence[int], rounds: int) -> list[str]:
    """Return a whole winning line in notation: the first round `first`, then at each
    stag move the reply that holds out longest, and the pursuers' moves that still win."""
    current, line, search = state.clone(), [], Search(budget=10 * NODE_BUDGET)
    for move in first:
        line.append(current.format_action(move))
        current.apply(move)
    left = rounds  # the pursuers' rounds still available, this one included
    while not current.over:
        if current.turn == STAG:
            left -= 1
            moves = current.stag_moves()
            move = moves[0]
            for candidate in moves:
                after = current.clone()
                after.apply(candidate)
                if not search.forced_win(after, left - 1):
                    move = candidate  # the pursuers need every round left against it
        else:
            move = current.legal_actions()[0]
            for candidate in current.legal_actions():
                after = current.clone()
                after.apply(candidate)
                if search._round(after, left):
                    move = candidate
                    break
        line.append(current.format_action(move))
        current.apply(move)
    return line


SERIES = PuzzleSeries("parforce", lambda d, s, a: _attempt(d, s, a), MAX_ATTEMPTS, "positions")


def puzzle_id(difficulty: str, seed: int) -> str:
    """Return the id that reproduces a puzzle: parforce-<difficulty>-<seed>."""
    return SERIES.puzzle_id(difficulty, seed)


def parse_id(text: str) -> tuple[str, int]:
    """Return (difficulty, seed) of a puzzle id; QuarryError if it is not one."""
    return SERIES.parse_id(text)


def generate_puzzle(difficulty: str, seed: int | None = None) -> Puzzle:
    """Return the puzzle of this difficulty and seed, graded exactly `difficulty` and
    certified by CP-SAT (or the one an id such as "parforce-hard-7" names); QuarryError when
    none of MAX_ATTEMPTS positions gives one."""
    return SERIES.generate(difficulty, seed)


def make_puzzles(count: int, difficulty: str, seed: int, loops: bool = False) -> list[Puzzle]:
    """Return `count` puzzles of one difficulty, puzzle i with seed `seed * 1000 + i`;
    QuarryError for a count outside 1-200, a bad difficulty or seed, or `loops`."""
    return SERIES.make(count, difficulty, seed, loops)
