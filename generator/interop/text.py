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
    return _sequence(value)


def _text(value) -> str:
    kind = type(value)
    writer = _WRITERS.get(kind)
    if writer is None:
        writer = _WRITERS[kind] = _writer_for(value)
    return writer(value)


def _tuple(value: tuple) -> str:
    try:
        return _tuple_text(value)
    except TypeError:  # holds something unhashable
        return _sequence(value)


def _sequence(value) -> str:
    return "[" + ", ".join([_text(v) for v in value]) + "]"


def _dict(value: dict) -> str:
    items = sorted(value.items(), key=lambda kv: repr(kv[0]))
    return "{" + ", ".join([f"{_text(k)}: {_text(v)}" for k, v in items]) + "}"


def _set(value) -> str:
    return "{" + ", ".join(sorted(_text(v) for v in value)) + "}"


def _with_names(kind: type, names: tuple[str, ...]):
    """Return the writer of an object of `kind` by the attributes `names`."""
    head = f"{kind.__name__}("

    def write(value) -> str:
        return head + ", ".join([f"{n}={_text(getattr(value, n))}" for n in names]) + ")"

    return write


def _plain_repr(value) -> str:
    text = repr(value)
    if " at 0x" in text:
        raise TypeError(f"no deterministic text for {type(value).__name__}")
    return text


def _writer_for(value):
    """Return how to write values of `value`'s type (the same for every value of it)."""
    kind = type(value)
    if isinstance(value, _PLAIN):
        return repr
    if isinstance(value, tuple):
        return _tuple
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _with_names(kind, tuple(f.name for f in dataclasses.fields(value)))
    if isinstance(value, dict):
        return _dict
    if isinstance(value, list):
        return _sequence
    if isinstance(value, (set, frozenset)):
        return _set
    slots = getattr(kind, "__slots__", None)
    if slots:
        return _with_names(kind, tuple(n for n in slots if n not in _SKIPPED))
    return _plain_repr


_WRITERS: dict[type, object] = {}  # a value's type -> how to write it, found once a type
