"""What every game's action notation shares: numbers are written in ASCII digits.

Python's int(), str.isdigit() and the regex \\d all read digits from any script (a
superscript ², an Arabic-Indic ٣, a fullwidth ３), and int() also takes signs, spaces and
underscores. A record is a plain-text file people type and compare, so a number in it is
one or more of the ten ASCII digits and nothing else.
"""

import re

_NUMBER = re.compile(r"[0-9]+", re.ASCII)


def is_ascii_number(text: str) -> bool:
    """Return True when `text` is a whole number written in the digits 0-9 alone."""
    return _NUMBER.fullmatch(text) is not None


def ascii_number(text: str) -> int:
    """Return the whole number written as `text` in ASCII digits (ValueError for anything
    else: another script's digits, a sign, a space, an underscore, an empty string)."""
    if not is_ascii_number(text):
        raise ValueError(f"{text!r} is not a number written in the digits 0-9")
    return int(text)
