"""The text of what a player may know: our observation() objects written out in full, the
same on every run and every machine. OpenSpiel's information-state and observation strings
and PettingZoo's observations are both made from it, so neither framework is needed here."""

import dataclasses
from functools import lru_cache


def observation_text(view) -> str:
    """Return `view` (what our observation() gives) as a deterministic text: dataclasses,
    slotted objects, dicts (sorted), sequences and plain values, written out in full."""
    return _text(view)


_SKIPPED = ("island", "rules")  # constant for a game (the board, the options): not news


_PLAIN = (str, int, float, bool, type(None))


@lru_cache(maxsize=1 << 16)
def _tuple_text(value: tuple) -> str:
    """Return the text of a tuple, remembered: a log's entries are written once, not at
    every step of a game."""
    return "[" + ", ".join(_text(v) for v in value) + "]"


def _text(value) -> str:
    if isinstance(value, _PLAIN):
        return repr(value)
    if isinstance(value, tuple):
        try:
            return _tuple_text(value)
        except TypeError:  # holds something unhashable
            return "[" + ", ".join(_text(v) for v in value) + "]"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        parts = (f"{f.name}={_text(getattr(value, f.name))}" for f in dataclasses.fields(value))
        return f"{type(value).__name__}({', '.join(parts)})"
    if isinstance(value, dict):
        items = sorted(value.items(), key=lambda kv: repr(kv[0]))
        return "{" + ", ".join(f"{_text(k)}: {_text(v)}" for k, v in items) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_text(v) for v in value) + "]"
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(sorted(_text(v) for v in value)) + "}"
    slots = getattr(type(value), "__slots__", None)
    if slots and not isinstance(value, (str, int, float, bool)):
        parts = (f"{n}={_text(getattr(value, n))}" for n in slots if n not in _SKIPPED)
        return f"{type(value).__name__}({', '.join(parts)})"
    text = repr(value)
    if " at 0x" in text:
        raise TypeError(f"no deterministic text for {type(value).__name__}")
    return text
