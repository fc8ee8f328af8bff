"""The Fugitive's placements (a Hideout and the Sprint cards under it) counted and found by
index without listing them: a hand of 12 cards holds thousands of Sprint sets.

The order is the rules' order of listing: each Hideout of the hand from low to high (above
the last one placed), and under it the sets of its other cards, fewest first, each size in
the order of itertools.combinations over the sorted hand, keeping only the sets that reach.

Counting uses the generating function of the Sprint values, prod(1 + x**value) over the
cards, held as one integer: the coefficient of x**s (how many sets of the cards sum to s)
is a digit in base 2**(n + 1), wide enough that no digit carries. Taking one card out is an
exact division by 1 + x**value; the sets that fall short are the digits below x**need, and
their sum is that number modulo 2**(n + 1) - 1 (a digit sum, as casting out nines).
"""

from bisect import bisect_right
from functools import cache
from math import comb


class Placements:
    """Every legal placement from `hand` (sorted card numbers) when a Hideout must be above
    `last` and at most `base` plus the Sprint values (`values`, by card) of the cards under
    it. Holds only numbers: it is a snapshot of the position."""

    __slots__ = ("hand", "values", "last", "base", "hideouts", "starts", "length")

    def __init__(self, hand: tuple[int, ...], values: tuple[int, ...], last: int, base: int):
        self.hand, self.values, self.last, self.base = hand, values, last, base
        self.hideouts: list[int] = []
        self.starts: list[int] = []  # the index of each Hideout's first placement
        total = 0
        for hideout, count in _counts(hand, values, last, base):
            if count:
                self.hideouts.append(hideout)
                self.starts.append(total)
                total += count
        self.length = total

    def at(self, index: int) -> tuple[int, tuple[int, ...]]:
        """Return (hideout, sprint cards) of the placement at `index` (0 <= index < length)."""
        block = bisect_right(self.starts, index) - 1
        hideout = self.hideouts[block]
        others = tuple(c for c in self.hand if c != hideout)
        spare = tuple(self.values[c] for c in others)
        sprint = _nth_set(spare, hideout - self.base, index - self.starts[block])
        return hideout, tuple(others[i] for i in sprint)

    def allows(self, hideout: int, sprint: tuple[int, ...]) -> bool:
        """Return whether placing `hideout` over `sprint` is one of these placements."""
        cards = (hideout, *sprint)
        hand = self.hand
        if len(set(cards)) != len(cards) or not all(c in hand for c in cards):
            return False
        return self.last < hideout <= self.base + sum(self.values[c] for c in sprint)


def _counts(hand, values, last, base):
    """Yield (hideout, how many Sprint sets of the other cards reach it) for each Hideout of
    `hand` above `last`."""
    n = len(hand)
    width = n + 1  # bits a digit: a digit counts at most 2**n sets
    poly = 1
    for card in hand:
        poly += poly << (width * values[card])
    every = 1 << (n - 1) if n else 0  # the sets of the other cards
    for hideout in hand:
        if hideout <= last:
            continue
        need = hideout - base
        if need <= 0:
            yield hideout, every
            continue
        rest = poly // (1 + (1 << (width * values[hideout])))  # without the hideout's card
        short = (rest & ((1 << (width * need)) - 1)) % ((1 << width) - 1)
        yield hideout, every - short


def _nth_set(values: tuple[int, ...], need: int, index: int) -> tuple[int, ...]:
    """Return the positions of the `index`-th set of `values` whose sum is at least `need`,
    fewest first, each size in combinations' order."""
    tail = [0] * (len(values) + 1)  # tail[i]: the sum of values[i:]
    for i in range(len(values) - 1, -1, -1):
        tail[i] = tail[i + 1] + values[i]

    @cache
    def count(start: int, size: int, need: int) -> int:
        """How many sets of `size` of values[start:] sum to at least `need`."""
        left = len(values) - start
        if need <= 0:
            return comb(left, size)
        if size == 0 or size > left or tail[start] < need:
            return 0
        return count(start + 1, size - 1, need - values[start]) + count(start + 1, size, need)

    size = 0
    while index >= (here := count(0, size, need)):
        index -= here
        size += 1
    chosen, start = [], 0
    while size:
        with_it = count(start + 1, size - 1, need - values[start])
        if index < with_it:
            chosen.append(start)
            need -= values[start]
            size -= 1
        else:
            index -= with_it
        start += 1
    return tuple(chosen)
