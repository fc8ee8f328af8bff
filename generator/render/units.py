"""Lengths with units. Quarry measures everything in millimetres internally."""

import re

from generator.errors import QuarryError

MM_PER_UNIT = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72.0}
PT_PER_MM = 72.0 / 25.4

_LENGTH = re.compile(r"^\s*(-?(?:\d+(?:\.\d*)?|\.\d+))\s*(mm|cm|in|pt)\s*$", re.ASCII)
ACCEPTED = '"63mm", "6.3cm", "2.5in" or "12pt"'


def parse_length(value: object, *, where: str | None = None) -> float:
    """Return `value` in millimetres. Accepts a string with a unit, or the number 0."""
    if isinstance(value, bool):
        raise QuarryError(f"expected a length such as {ACCEPTED}, got {value!r}", where=where)
    if isinstance(value, int | float) and value == 0:
        return 0.0
    if isinstance(value, str):
        match = _LENGTH.match(value)
        if match:
            return float(match.group(1)) * MM_PER_UNIT[match.group(2)]
    raise QuarryError(f"expected a length such as {ACCEPTED}, got {value!r}", where=where)


def mm_to_pt(mm: float) -> float:
    """Return `mm` millimetres in PDF points."""
    return mm * PT_PER_MM


def pt_to_mm(pt: float) -> float:
    """Return `pt` PDF points in millimetres."""
    return pt / PT_PER_MM


def fmt(value: float) -> str:
    """Return a compact, stable decimal for SVG attributes (no float noise, no '-0')."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def letters(index: int) -> str:
    """Return the letters that name a row or column counted from 0, as spreadsheets do:
    0 -> "A", 25 -> "Z", 26 -> "AA"."""
    out = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        out = chr(ord("A") + rest) + out
    return out
