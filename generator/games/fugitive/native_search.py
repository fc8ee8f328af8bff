"""The layered search (deduction.py, method B) run by its C port, layered_search.c.

`native_values(table)` returns the same Deduction as `search_values_python(table)`, about ten
times faster, or None when the compiled library is missing or the table is beyond what the C
port handles (then the caller runs the Python search). hatch_build.py compiles the library
when the package is installed; `available()` says whether it loaded.

The table goes to C as one array of 64-bit ints (the "spec"):
  m, unknown cards as bits, number of pile limits, number of series facts,
  the kind of each card 0-42 (deduction._kind_table),
  per face-down Hideout: cards (1 + Sprint cards), bonus reach, the revealed value before it
    (-1 when that one is face down), the revealed value after it (-1: none) and that one's
    reach, excluded numbers as bits, parity (-1: unknown), whether the next face-down Hideout
    is the next in the row (1/0),
  per pile limit: pile, n, cap; per series fact: its numbers as bits, its Hideouts as bits.
The answer comes back per face-down Hideout as a count, then (value, low 64 bits, high 64
bits) of each possible value's weight.
"""

import ctypes
import hashlib
from array import array
from pathlib import Path

from generator.games.fugitive.cards import ESCAPE

LIBRARY = Path(__file__).with_name("_layered_search.so")
SOURCE = Path(__file__).with_name("layered_search.c")
MAX_LAYERS = 42
OK, NO_SPRINT, NO_FIT, UNSUPPORTED = range(4)
FAILURES = {
    NO_SPRINT: "no Sprint cards fit a face-down Hideout",
    NO_FIT: "no assignment of the face-down Hideouts fits the facts",
}


def load(library_path: Path = LIBRARY, source_path: Path = SOURCE):
    """Return (the C function, "") or (None, why not) when the library is missing or was
    built from another version of the C source (reinstall Quarry to rebuild it)."""
    try:
        library = ctypes.CDLL(str(library_path))
    except OSError as error:
        return None, f"not built ({error})"
    digest = getattr(library, "layered_search_digest", None)
    if digest is not None:
        digest.restype = ctypes.c_char_p
    built_from = "" if digest is None else digest().decode()
    source = source_path.read_bytes() if source_path.exists() else None  # a wheel may omit it
    if source is not None and built_from != hashlib.sha256(source).hexdigest()[:16]:
        return None, f"{library_path.name} was built from an older {source_path.name}"
    function = library.layered_search
    function.argtypes = (ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int)
    function.restype = ctypes.c_int
    return function, ""


_layered_search, problem = load()


def available() -> bool:
    """Return whether the compiled search loaded (if not, `problem` says why)."""
    return _layered_search is not None


def _well_formed(table) -> bool:
    """Return whether the C search can take `table` as it is: read_table's tables always
    can; a hand-made one with limits or series facts out of range goes to the Python search,
    which has its own checks."""
    m = len(table.hidden)
    if not 0 < m <= MAX_LAYERS:
        return False
    if any(not (0 <= pile <= 2 and 1 <= n <= m and cap >= 0) for pile, n, cap in table.limits):
        return False
    return all(
        numbers and relevant and 0 <= min(relevant) <= max(relevant) < m
        for numbers, relevant in table.not_all
    )


def encode(table, kind_of: tuple[int, ...]) -> array:
    """Return the spec (see the module docstring) of a Table with at least one face-down
    Hideout; `kind_of` is deduction._kind_table(table.sprint)."""
    slots, hidden, sprint = table.slots, table.hidden, table.sprint
    unknown = 0
    for card in table.unknown:
        unknown |= 1 << card
    series = []
    for numbers, relevant in table.not_all:
        if max(numbers) >= ESCAPE:
            continue  # a face-down Hideout is never 42: such a fact always holds
        series.append((sum(1 << n for n in numbers), sum(1 << i for i in set(relevant))))
    spec = [len(hidden), unknown, len(table.limits), len(series), *kind_of]
    last = len(slots) - 1
    for i, slot_index in enumerate(hidden):
        slot = slots[slot_index]
        prev = 0 if slot_index == 0 else slots[slot_index - 1].value
        after_value = after_reach = -1
        if slot_index < last:
            after = slots[slot_index + 1]
            if after.value is not None:
                after_value = after.value
                after_reach = after.reach(sprint)
        excluded = 0
        for v in table.excluded[i]:
            if v < ESCAPE:
                excluded |= 1 << v
        parity = table.parity[i]
        spec += (
            1 + slot.sprints,
            slot.bonus,
            -1 if prev is None else prev,
            after_value,
            after_reach,
            excluded,
            -1 if parity is None else parity,
            i + 1 < len(hidden) and hidden[i + 1] == slot_index + 1,
        )
    for limit in table.limits:
        spec += limit
    for pair in series:
        spec += pair
    return array("q", spec)


def native_weights(table, kind_of: tuple[int, ...], inconsistent: type[Exception]):
    """Return per face-down Hideout {value: weight}, as search_values_python, or None when
    the C search is missing or does not handle this table. Raises `inconsistent` with the
    Python search's message when no assignment fits."""
    if _layered_search is None or not _well_formed(table):
        return None
    spec = encode(table, kind_of)
    # an answer buffer per call: ctypes lets other threads run during the call
    size = len(table.hidden) * (1 + 3 * (ESCAPE - 1))
    out = array("Q", bytes(8 * size))
    status = _layered_search(spec.buffer_info()[0], out.buffer_info()[0], size)
    if status != OK:
        if status in FAILURES:
            raise inconsistent(FAILURES[status])
        return None
    weights, at = [], 0
    for _ in table.hidden:
        count = out[at]
        values = out[at + 1 : at + 1 + 3 * count]
        at += 1 + 3 * count
        weights.append(
            {values[j]: values[j + 1] | values[j + 2] << 64 for j in range(0, 3 * count, 3)}
        )
    return weights
