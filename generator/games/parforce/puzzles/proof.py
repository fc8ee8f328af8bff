"""The fast proof search: the same AND-OR tree as `Search` (the same moves, the same two
last-round cuts), searched with the memory and move ordering of a game-tree solver, so it
answers the same question in far fewer positions (docs/puzzles-parforce.md, "Speed").

- A transposition table on every position, keyed by the pieces' squares, the stag's way of
  moving, the piece to move and, where the round limit is in reach, the round. A forced
  enclosure within k rounds is one within k + 1 too, so the table keeps, per position, the
  fewest rounds known to win and the most known to lose, and answers any question those
  settle.
- Killer moves: at each piece (and at the stag) for each number of rounds left, the move
  that last decided a node is tried first.
- The cheapest proof first: a pursuers' move that fills one of the stag's squares is tried
  before the others, and with two or more rounds left a node is first asked whether one
  round is enough (a cheap question, the last-round cuts apply).
- The cheapest refutation first: in the second-last round a position is lost at once when
  the stag has a square no pursuer can take this round from which the last round cannot
  fill its squares (Reach.stag_escapes). It only ever concludes a loss the rules force,
  so it cuts away no win that Search finds; most positions the generator tries are lost,
  and this is where three-round tries spent their time.

It has no node budget of its own beyond a safety bound: the puzzle generator uses it to
turn away the positions that give no puzzle, and decides the others with `Search` exactly
as before, so the same seed gives the same puzzle.
"""

from __future__ import annotations

from generator.games.parforce import puzzles as _puzzles
from generator.games.parforce.rules import HANDLER, HOUNDS, LAND, PIECES, STAG, ParforceState

PROOF_BUDGET = 400_000  # positions; past it the caller falls back to the plain Search


class ProofTooLong(Exception):
    """The proof search met its safety bound."""


class ProofSearch:
    """Forced enclosures by an AND-OR search with a transposition table and killer moves;
    its answers are `Search`'s (tests/games/parforce/test_puzzle_proof.py checks them)."""

    def __init__(self, budget: int | None = None) -> None:
        self.budget = PROOF_BUDGET if budget is None else budget
        self.nodes = 0
        self.wins: dict[tuple, int] = {}  # position -> fewest rounds known to win
        self.losses: dict[tuple, int] = {}  # position -> most rounds known to lose
        self.killers: dict[tuple[int, int], int] = {}  # (piece, rounds) -> move
        self.reach: Reach | None = None

    def forced_win(self, state: ParforceState, rounds: int) -> bool:
        """Return Search.forced_win(state, rounds): True when the pursuers can enclose the
        stag within `rounds` rounds whatever it does. `state` is not changed."""
        if state.over:
            return state.winner == "pursuers"
        if rounds <= 0:
            return False
        if self.reach is None or self.reach.tables is not state.tables:
            self.reach = Reach(state.tables)
        return self._node(state, rounds)

    def _key(self, state: ParforceState, rounds: int) -> tuple:
        limit = state.rules.max_rounds
        round_ = state.round if state.round + rounds >= limit else 0
        return (tuple(state.pos), state.mode, state.turn, round_)

    def _node(self, state: ParforceState, rounds: int) -> bool:
        key = self._key(state, rounds)
        won = self.wins.get(key)
        if won is not None and won <= rounds:
            return True
        lost = self.losses.get(key)
        if lost is not None and lost >= rounds:
            return False
        if rounds > 1 and state.turn != STAG and self._node(state, 1):
            return True  # one round is enough: the cheapest proof
        result = self._expand(state, rounds)
        if result:
            self.wins[key] = min(rounds, self.wins.get(key, rounds))
        else:
            self.losses[key] = max(rounds, self.losses.get(key, rounds))
        return result

    def _expand(self, state: ParforceState, rounds: int) -> bool:
        self.nodes += 1
        if self.nodes > self.budget:
            raise ProofTooLong
        if state.turn == STAG:
            if rounds <= 1 or state.round >= state.rules.max_rounds:
                return False
            moves = self._ordered(state.stag_moves(), (STAG, rounds))
            for move in moves:
                if not self._after(state, move, rounds - 1):
                    self.killers[STAG, rounds] = move
                    return False
            return True
        if rounds == 1 and not _puzzles._fillable(state):
            return False
        if rounds == 2 and self.reach.stag_escapes(state):
            return False
        moves = _puzzles.candidate_moves(state, last_round=rounds == 1)
        for move in self._ordered(_filling_first(state, moves), (state.turn, rounds)):
            if self._after(state, move, rounds):
                self.killers[state.turn, rounds] = move
                return True
        return False

    def _after(self, state: ParforceState, move: int, rounds: int) -> bool:
        """Return whether the pursuers win within `rounds` rounds after `move`."""
        after = state.clone()
        after.apply(move)
        return after.winner == "pursuers" if after.over else self._node(after, rounds)

    def _ordered(self, moves: list[int], slot: tuple[int, int]) -> list[int]:
        """Return `moves` with the killer of `slot` first, when it is one of them."""
        killer = self.killers.get(slot)
        if killer is None or killer == moves[0] or killer not in moves:
            return moves
        return [killer, *(m for m in moves if m != killer)]


def _filling_first(state: ParforceState, moves: list[int]) -> list[int]:
    """Return `moves` with the moves onto the stag's squares first (they may enclose it)."""
    targets = _puzzles._targets(state)
    filling = [m for m in moves if m in targets]
    if not filling or len(filling) == len(moves):
        return moves
    return filling + [m for m in moves if m not in targets]


class Reach:
    """Where each pursuer could stand within one and two of its moves, as bit masks over
    the board's squares, ignoring the other pieces (a relaxation: never too small)."""

    def __init__(self, tables) -> None:
        self.tables = tables
        self.one: dict[tuple[int, int], int] = {}  # (piece, square) -> squares
        self.two: dict[tuple[int, int], int] = {}

    def step(self, piece: int, square: int) -> int:
        """Return the squares `piece` could move to from `square` on the empty board."""
        key = (_kind(piece), square)
        if key not in self.one:
            tables = self.tables
            if key[0] == HANDLER or tables.pond >> square & 1:
                squares = tables.king[square]
            else:
                lines = tables.hound_lines if key[0] == 1 else tables.rider_lines
                squares = [s for line in lines[square] for s in line]
            mask = 0
            for s in squares:
                mask |= 1 << s
            self.one[key] = mask
        return self.one[key]

    def within_two(self, piece: int, square: int) -> int:
        """Return the squares `piece` could stand on after two moves (or passes) from
        `square`: the square itself, its steps, and their steps."""
        key = (_kind(piece), square)
        if key not in self.two:
            first = self.step(piece, square)
            mask = 1 << square | first
            rest = first
            while rest:
                low = rest & -rest
                mask |= self.step(piece, low.bit_length() - 1)
                rest ^= low
            self.two[key] = mask
        return self.two[key]

    def stag_escapes(self, state: ParforceState) -> bool:
        """Return True when the pursuers, to move in the second-last round, cannot enclose
        the stag by the end of the next round whatever they do: the stag has a forward
        square on land that no piece still to move this round can take, so it is never
        enclosed this round and may go there; and from there its forward squares cannot
        all be filled in the last round (each by its own piece, reached within the moves
        left to it), or one of them is in the pond. Only a loss is ever concluded, and only
        where the game's rules say so, so no win that Search finds is cut away."""
        tables = self.tables
        if state.mode != LAND or any(tables.pond >> s & 1 for s in state.pos):
            return False
        pos, turn = state.pos, state.turn
        free_land = tables.land & ~state.occupied
        blocked = 0
        for piece in range(turn, len(PIECES)):
            blocked |= self.step(piece, pos[piece])
        fills = [
            self.within_two(p, pos[p]) if p >= turn else 1 << pos[p] | self.step(p, pos[p])
            for p in range(1, len(PIECES))
        ]
        for escape in tables.knight_forward[pos[STAG]]:
            if not free_land >> escape & 1 or blocked >> escape & 1:
                continue
            if escape == state.board.stag:
                return True  # home: the stag wins there
            holes = tables.knight_forward[escape]
            if any(tables.pond >> s & 1 for s in holes) or not _matched(holes, fills):
                return True
        return False


def _kind(piece: int) -> int:
    """Return how a pursuer moves: 1 a hound, HANDLER the handler, 2 a rider."""
    return 1 if piece in HOUNDS else HANDLER if piece == HANDLER else 2


def _matched(holes: tuple[int, ...], fills: list[int]) -> bool:
    """Return True when each hole can be given its own piece whose mask holds it."""
    match: dict[int, int] = {}  # piece -> hole

    def augment(hole: int, seen: set[int]) -> bool:
        for piece, mask in enumerate(fills):
            if mask >> hole & 1 and piece not in seen:
                seen.add(piece)
                if piece not in match or augment(match[piece], seen):
                    match[piece] = hole
                    return True
        return False

    return all(augment(hole, set()) for hole in holes)
