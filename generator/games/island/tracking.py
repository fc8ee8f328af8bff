"""The exact tracker: what the table knows about one Hunted's square, from public facts.

A Hunted's history is a list of times: time 0 is his start (mark 1), and every movement phase
(`move`) or card move (`extra`: Sprint, Run for Cover) adds one. A fact says his square at
some time was in a set of squares (a bitboard of board.Geometry). `Track` keeps, for every
time T, the forward set: the squares some path consistent with every fact about times 0..T
can end on at time T. The set at the current time is exactly what the table may know about
his square now.

A token crosses by boat at most once in a turn, however many moves the turn holds (his roll,
then a Sprint, a Run for Cover). So where he may go next depends on his square and on whether
he has crossed in this turn already: every time keeps two sets, `free` (squares reached
without crossing in the current turn) and `used` (squares reached with the turn's crossing
spent). A move that begins a turn (`fresh`) joins them again. Filtering on these pairs is
exact, and nothing else of the past matters. A fact about the past narrows the pair at its
time and the pairs after it are worked forward again, stopping as soon as one comes out
unchanged.

Movement is symmetric (steps and boat links go both ways, and a walk read backwards is a
walk of the same length with as many crossings), so the squares from which a move reaches
a set are the squares that move reaches from it: `on_paths_at` uses that for the smoothed
sets.

The tracker follows one Hunted. What ties the Hunted together, that no two start on the same
square, is applied by the Hunters' bots (bots.Tracker) through `distinct_starts`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from generator.engine.bitboards import bits
from generator.games.island.board import Geometry


@dataclass(frozen=True)
class Move:
    """One time step of a Hunted: up to or exactly `steps` steps, beginning a turn (`fresh`:
    his movement phase) or within the turn of his move before (a card move that shares the
    turn's one boat crossing)."""

    steps: int
    exact: bool = True
    fresh: bool = True


class Track:
    """The squares one Hunted may be on at each of his times, from the public facts."""

    def __init__(self, geometry: Geometry, start: int) -> None:
        self.geometry = geometry
        self.moves: list[Move] = []
        self.facts: list[int] = [start]
        self.free: list[int] = [start]
        self.used: list[int] = [0]
        self.changes = 0  # counts every change to the sets
        # the smoothed pairs last worked out, when, and the earliest time whose forward
        # pair a fact about the past has changed since (the pairs before it still hold)
        self._smoothed: tuple[list[int], list[int]] = ([], [])
        self._smoothed_at = -1
        self._changed_from = 0

    def now(self) -> int:
        """Return the current time index (0 at the start, one more per move)."""
        return len(self.moves)

    def move(self, steps: int, exact: bool = True) -> None:
        """Record a movement phase of exactly (or up to) `steps` steps; it begins a turn, so
        one boat crossing is open to it. Time advances by one."""
        self._advance(Move(steps, exact, fresh=True))

    def extra(self, steps: int, same_turn: bool = True) -> None:
        """Record a card move of up to `steps` steps, in the same turn as his move before
        (`same_turn`: the crossing only if that move did not take it) or in a later turn.
        Time advances by one."""
        self._advance(Move(steps, exact=False, fresh=not same_turn))

    def _advance(self, move: Move) -> None:
        self.changes += 1
        self.moves.append(move)
        self.facts.append(-1)
        free, used = self._reach(self.free[-1], self.used[-1], move)
        self.free.append(free)
        self.used.append(used)

    def _reach(self, free: int, used: int, move: Move) -> tuple[int, int]:
        if move.fresh:
            free, used = free | used, 0
        return self.geometry.reach_split(free, used, move.steps, move.exact)

    def fact(self, mask: int) -> None:
        """Record that his current square is in `mask`."""
        self.facts[-1] &= mask
        free, used = self.free[-1] & mask, self.used[-1] & mask
        if free != self.free[-1] or used != self.used[-1]:
            self.changes += 1
            self.free[-1], self.used[-1] = free, used

    def fact_at(self, time: int, mask: int) -> None:
        """Record that his square at `time` (0 .. now) was in `mask`; the sets from `time`
        on are worked forward again. ValueError for a time he has not reached."""
        if not 0 <= time <= self.now():
            raise ValueError(f"time {time} is not between 0 and {self.now()}")
        self.facts[time] &= mask
        free, used = self.free[time] & mask, self.used[time] & mask
        if free == self.free[time] and used == self.used[time]:
            return
        self.changes += 1
        self._changed_from = min(self._changed_from, time)
        self.free[time], self.used[time] = free, used
        for t in range(time + 1, len(self.free)):
            free, used = self._reach(free, used, self.moves[t - 1])
            free &= self.facts[t]
            used &= self.facts[t]
            if free == self.free[t] and used == self.used[t]:
                return
            self.free[t], self.used[t] = free, used

    def possible(self) -> int:
        """Return the squares he may be on now (0 if the facts contradict each other)."""
        return self.free[-1] | self.used[-1]

    def possible_at(self, time: int) -> int:
        """Return the forward-filtered set at `time`: the squares a path consistent with
        the facts about times 0..`time` can end on then."""
        return self.free[time] | self.used[time]

    def on_paths_at(self) -> list[int]:
        """Return, for every time 0..now, the squares on some path consistent with every
        fact (the past ones and the later ones): the smoothed sets."""
        free, used = self._smooth()
        return [f | u for f, u in zip(free, used, strict=True)]

    def starts(self) -> int:
        """Return the squares he may have started on, every fact considered (the smoothed
        set at time 0)."""
        free, used = self._smooth()
        return free[0] | used[0]

    def _smooth(self) -> tuple[list[int], list[int]]:
        """Return the smoothed (free, used) pairs of every time, worked backwards from now.
        The pass stops where it meets the pairs worked out last time, when nothing before
        that time has changed since: the earlier pairs follow from it alone."""
        if self._smoothed_at == self.changes:
            return self._smoothed
        geo = self.geometry
        old_free, old_used = self._smoothed
        free, used = list(self.free), list(self.used)
        for t in range(len(free) - 2, -1, -1):
            move = self.moves[t]
            # walks read backwards: (on foot, with one crossing) from the later sets
            steps, exact = move.steps, move.exact
            back_free = geo.reach(free[t + 1], steps, exact, boat=False) if free[t + 1] else 0
            back_used_foot = back_used_cross = 0
            if used[t + 1]:
                back_used_foot, back_used_cross = geo.reach_split(used[t + 1], 0, steps, exact)
            before = back_free | back_used_cross
            free[t] &= before
            # the turn begins: whether he had crossed before is no matter
            used[t] &= before if move.fresh else back_used_foot
            unchanged_before = t < self._changed_from and t < len(old_free)
            if unchanged_before and free[t] == old_free[t] and used[t] == old_used[t]:
                free[:t], used[:t] = old_free[:t], old_used[:t]
                break
        self._smoothed = (free, used)
        self._smoothed_at, self._changed_from = self.changes, len(free)
        return self._smoothed

    def draw(self, rng) -> list[int]:
        """Return one path (a square for every time 0..now) that fits every fact, drawn
        forward through the smoothed pairs with `rng`; ValueError when no path fits.

        A step's crossing is the engine's: a square some walk on foot reaches was reached
        without crossing (rules._walk_to). The free state allows all the crossed one does,
        so a square in the smoothed crossed set that a walk on foot reaches is in the free
        set too, and every square drawn keeps a way on to the end."""
        if not self.consistent():
            raise ValueError("no path fits the facts")
        free, used = self._smooth()
        geo = self.geometry
        square = rng.choice(bits(free[0] | used[0]))
        crossed = not free[0] >> square & 1
        path = [square]
        for t, move in enumerate(self.moves):
            if move.fresh:
                crossed = False
            start = 1 << square
            on_foot, sailed = geo.reach_split(0 if crossed else start, start if crossed else 0,
                                              move.steps, move.exact)  # fmt: skip
            # a square reached on foot is free, as the engine counts it; the others crossed
            square = rng.choice(bits((on_foot & free[t + 1]) | (sailed & ~on_foot & used[t + 1])))
            crossed = not on_foot >> square & 1
            path.append(square)
        return path

    def consistent(self) -> bool:
        """Return True while some path fits every fact."""
        return self.possible() != 0

    def copy(self) -> Track:
        """Return an independent copy (to try a fact without recording it)."""
        other = Track.__new__(Track)
        other.geometry = self.geometry
        other.moves = list(self.moves)
        other.facts = list(self.facts)
        other.free = list(self.free)
        other.used = list(self.used)
        other.changes = self.changes
        other._smoothed, other._smoothed_at = self._smoothed, self._smoothed_at
        other._changed_from = self._changed_from
        return other


def distinct_starts(starts: Mapping[int, int]) -> dict[int, int]:
    """Return, for each Hunted x, the squares of his start set (`starts`: every Hunted's
    possible starting squares, each from his own facts) where x cannot have started, since
    the other Hunted could not then all start on squares of their own; Hunted with no such
    square are left out.

    A Hunted whose set holds more squares than there are other Hunted always keeps one
    free, whatever the others take, so only the smaller sets are matched."""
    others = len(starts) - 1
    small = {y: mask for y, mask in starts.items() if mask.bit_count() <= others}
    ruled_out: dict[int, int] = {}
    for x, mine in starts.items():
        rivals = [mask for y, mask in small.items() if y != x]
        near = 0
        for mask in rivals:
            near |= mask
        blocked = 0
        for square in bits(mine & near):
            if not _all_matched([mask & ~(1 << square) for mask in rivals]):
                blocked |= 1 << square
        if blocked:
            ruled_out[x] = blocked
    return ruled_out


def _all_matched(sets: list[int]) -> bool:
    """Return True if each set can be given a square of its own (a bipartite matching by
    augmenting paths; the sets are few and small)."""
    owner: dict[int, int] = {}  # square -> the set holding it

    def place(i: int, tried: set[int]) -> bool:
        for square in bits(sets[i]):
            if square in tried:
                continue
            tried.add(square)
            if square not in owner or place(owner[square], tried):
                owner[square] = i
                return True
        return False

    return all(place(i, set()) for i in range(len(sets)))
