"""Legal actions by index: a step with very many actions (The Hunt's route maps, Fugitive's
placements) hands them out as a sequence that decodes an action from its index on demand,
so nothing lists them all.

The sequence is a snapshot: it holds what it needs of the position, not the state, so it
stays what it was after the state moves on, as a list would. It keeps the order a list of
the same actions would have, so `rng.choice(actions)` and `actions[i]` pick the same action
for the same seed; `action in actions` asks the rules directly instead of searching.
"""

from collections.abc import Callable, Hashable, Iterator, Sequence


class IndexedActions(Sequence):
    """`length` actions, the i-th made by `at(i)`; `allows(action)` says whether an action is
    one of them (without a search)."""

    __slots__ = ("_length", "_at", "_allows")

    def __init__(
        self,
        length: int,
        at: Callable[[int], Hashable],
        allows: Callable[[Hashable], bool],
    ) -> None:
        self._length = length
        self._at = at
        self._allows = allows

    def __len__(self) -> int:
        return self._length

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self._at(i) for i in range(self._length)[index]]
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError(f"action index out of range (there are {self._length})")
        return self._at(index)

    def __contains__(self, action: object) -> bool:
        return bool(self._allows(action))

    def __iter__(self) -> Iterator[Hashable]:
        at = self._at
        for index in range(self._length):
            yield at(index)

    def __eq__(self, other: object) -> bool:
        """Equal to any sequence (a list, a tuple) holding the same actions in the same order."""
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(other) == self._length and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]  # equal to lists, so not hashable

    def __repr__(self) -> str:
        shown = ", ".join(repr(self._at(i)) for i in range(min(self._length, 3)))
        more = ", ..." if self._length > 3 else ""
        return f"IndexedActions({self._length}: [{shown}{more}])"
