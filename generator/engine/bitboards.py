"""Sets of small numbers (squares, cards) as Python ints: bit i is member i.

The games keep positions, hypotheses and hands as such bitboards because the set
operations are single machine-level operations on ints; these helpers read them back.
"""

from collections.abc import Iterable

DENSE = 64  # above this many members, reading the binary digits beats peeling bits off


def bits(mask: int) -> list[int]:
    """Return the members of `mask` in increasing order."""
    if mask.bit_count() > DENSE:
        digits = bin(mask)[:1:-1]  # bit 0 first
        return [i for i, digit in enumerate(digits) if digit == "1"]
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def lowest(mask: int) -> int:
    """Return the smallest member of a non-empty `mask`."""
    return (mask & -mask).bit_length() - 1


def mask_of(members: Iterable[int]) -> int:
    """Return the bitboard holding `members`."""
    mask = 0
    for member in members:
        mask |= 1 << member
    return mask
