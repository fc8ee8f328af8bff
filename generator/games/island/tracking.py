"""The exact tracker: what the table knows about one Hunted's square, from public facts.

A Hunted's history is a list of times: time 0 is his start (mark 1), and every movement phase
(`move`) or card move on foot (`extra`) adds one. A fact says his square at some time was in a
set of squares (a bitboard of board.Geometry). `Track` keeps, for every time T, the forward set:
the squares some path consistent with every fact about times 0..T can end on at time T. The set
at the current time is exactly what the table may know about his square now.

Filtering on squares alone is exact: a move's limit of one boat crossing applies within that
move, so where he may go next depends only on where he is, never on how he got there. A fact
about the past narrows the set at its time and the sets after it are worked forward again,
stopping as soon as a set comes out unchanged.

Movement is symmetric (steps and boat links go both ways, and a path read backwards is a path
of the same length with as many crossings), so the squares from which a move reaches a set
are the squares that move reaches from it: `on_paths_at` uses that for the smoothed sets.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.games.island.board import Geometry


@dataclass(frozen=True)
class Move:
    """One time step of a Hunted: up to or exactly `steps` steps, with a boat crossing or not."""

    steps: int
    exact: bool = True
    boat: bool = True


class Track:
    """The squares one Hunted may be on at each of his times, from the public facts."""

    def __init__(self, geometry: Geometry, start: int) -> None:
        self.geometry = geometry
        self.moves: list[Move] = []
        self.facts: list[int] = [start]
        self.forward: list[int] = [start]

    def now(self) -> int:
        """Return the current time index (0 at the start, one more per move)."""
        return len(self.moves)

    def move(self, steps: int, exact: bool = True, boat: bool = True) -> None:
        """Record a movement phase of exactly (or up to) `steps` steps, at most one boat
        crossing (none if `boat` is False); time advances by one."""
        self._advance(Move(steps, exact, boat))

    def extra(self, steps: int) -> None:
        """Record a card move on foot: up to `steps` steps, no boat; time advances by one."""
        self._advance(Move(steps, exact=False, boat=False))

    def _advance(self, move: Move) -> None:
        self.moves.append(move)
        self.facts.append(-1)
        self.forward.append(self._reach(self.forward[-1], move))

    def _reach(self, mask: int, move: Move) -> int:
        return self.geometry.reach(mask, move.steps, move.exact, move.boat)

    def fact(self, mask: int) -> None:
        """Record that his current square is in `mask`."""
        self.facts[-1] &= mask
        self.forward[-1] &= mask

    def fact_at(self, time: int, mask: int) -> None:
        """Record that his square at `time` (0 .. now) was in `mask`; the sets from `time`
        on are worked forward again. ValueError for a time he has not reached."""
        if not 0 <= time <= self.now():
            raise ValueError(f"time {time} is not between 0 and {self.now()}")
        self.facts[time] &= mask
        narrowed = self.forward[time] & mask
        if narrowed == self.forward[time]:
            return
        self.forward[time] = narrowed
        for t in range(time + 1, len(self.forward)):
            fresh = self._reach(self.forward[t - 1], self.moves[t - 1]) & self.facts[t]
            if fresh == self.forward[t]:
                return
            self.forward[t] = fresh

    def possible(self) -> int:
        """Return the squares he may be on now (0 if the facts contradict each other)."""
        return self.forward[-1]

    def possible_at(self, time: int) -> int:
        """Return the forward-filtered set at `time`: the squares a path consistent with
        the facts about times 0..`time` can end on then."""
        return self.forward[time]

    def on_paths_at(self) -> list[int]:
        """Return, for every time 0..now, the squares on some path consistent with every
        fact (the past ones and the later ones): the smoothed sets."""
        out = list(self.forward)
        for t in range(len(out) - 2, -1, -1):
            out[t] &= self._reach(out[t + 1], self.moves[t])
        return out

    def consistent(self) -> bool:
        """Return True while some path fits every fact."""
        return self.forward[-1] != 0

    def copy(self) -> Track:
        """Return an independent copy (to try a fact without recording it)."""
        other = Track.__new__(Track)
        other.geometry = self.geometry
        other.moves = list(self.moves)
        other.facts = list(self.facts)
        other.forward = list(self.forward)
        return other
