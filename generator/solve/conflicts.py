"""Naming designer constraints in conflict the same way in every designer.

Every designer refuses constraints that cannot hold together with one line,
`conflict_error`: "no <thing> meets these constraints together: A, B; drop or loosen one
of them", the constraints named as the designer wrote them and a default the designer did
not write marked "(default)". Two ways lead there:

- Bounds a spec folds into one range (the island's hiding places, a board's pond) never
  reach the model as separate constraints, so they are checked where they are folded:
  `bounds_conflict` finds the greatest lower bound and the least upper bound that cross.
- Everything else goes to CP-SAT: cpsat.explain_infeasible gives a set of named
  constraints sufficient for infeasibility, and `smallest_conflict` shrinks it by deletion
  so that every one named is needed.
"""

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from generator.errors import QuarryError

T = TypeVar("T")


@dataclass(frozen=True)
class Bound:
    """A constraint's bound on one number: at least `low`, at most `high` (None: that side
    is free), and the constraint's name as a message shows it."""

    name: str
    low: int | None = None
    high: int | None = None


def bounds_conflict(bounds: Iterable[Bound]) -> list[str]:
    """Return the names of bounds on one number that cannot hold together: the one with the
    greatest lower bound and the one with the least upper bound, in the order given (one
    name when a single bound is empty by itself); [] when they can all hold.

    Bounds on one number cannot hold together exactly when the greatest lower bound passes
    the least upper bound, so two of them always make the conflict: no larger set need be
    named. On ties the first given is named."""
    bounds = list(bounds)
    lows = [b for b in bounds if b.low is not None]
    highs = [b for b in bounds if b.high is not None]
    if not lows or not highs:
        return []
    low = max(lows, key=lambda b: b.low)  # max and min keep the first of equals
    high = min(highs, key=lambda b: b.high)
    if low.low <= high.high:
        return []
    if low is high:
        return [low.name]
    return [b.name for b in bounds if b is low or b is high]


def smallest_conflict(
    names: Sequence[T], core: Iterable[T], infeasible: Callable[[list[T]], bool]
) -> list[T]:
    """Return the members of `core` in the order of `names`, less every one without which
    the rest stay infeasible (deletion, in that order): each one left is needed.

    `infeasible(chosen)` says whether `chosen` (never empty) cannot hold together."""
    kept = set(core)
    needed = [n for n in names if n in kept]
    for name in list(needed):
        trial = [n for n in needed if n != name]
        if trial and infeasible(trial):
            needed = trial
    return needed


def conflict_error(subject: str, names: Sequence[str], note: str = "") -> QuarryError:
    """Return the one-line error for constraints that no `subject` (e.g. "route map",
    "16 x 16 island") meets together, `names` as the message shows them and `note` (a
    parenthesis, with its leading space, or "") saying what else stays in force."""
    return QuarryError(
        f"no {subject} meets these constraints together{note}: {', '.join(names)}; "
        "drop or loosen one of them"
    )
