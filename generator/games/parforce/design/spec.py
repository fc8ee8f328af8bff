"""The hunting-board designer's knobs: defaults, the constraint language and the limits.

A designer constraint is written `NAME OP VALUE` (case and spaces ignored):

  pond OP K            the pond has K squares (OP is >=, <= or =; 1 to the grid's squares)
  thickets OP K        K thickets (0 to the grid's squares)
  lap OP K             the stag's shortest lap from c back to c takes K forward knight moves
                       (K 3 to 60)
  exits >= K           c has at least K forward knight moves onto land (1 to 4)
  gap >= K             no pursuer starts within K - 1 king steps of c (K 2 to 6; gap>=2 is
                       the default: no pursuer next to c)
  symmetry = WORD      mirror, rotate or none (see layout.py)
  direction = WORD     clockwise (cw) or counter-clockwise (ccw); the seed chooses otherwise

`parse_constraints` returns them parsed (QuarryError on unknown text or a value out of
range); `Spec.from_constraints` turns them into the bounds the layout model and the balance
loop use. `check_limits` checks the command's numbers before any work.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from generator.errors import QuarryError
from generator.games.parforce.board import DIRECTIONS, MAX_SIZE, MIN_SIZE

MAX_GAMES = 100_000
SYMMETRIES = ("none", "mirror", "rotate")
_DIRECTION_WORDS = {
    "clockwise": "clockwise",
    "cw": "clockwise",
    "counter-clockwise": "counter-clockwise",
    "counterclockwise": "counter-clockwise",
    "ccw": "counter-clockwise",
}
# name -> (operators accepted, lowest K, highest K); None = the grid's squares
_NUMBERS: dict[str, tuple[tuple[str, ...], int, int | None]] = {
    "pond": ((">=", "<=", "="), 1, None),
    "thickets": ((">=", "<=", "="), 0, None),
    "lap": ((">=", "<=", "="), 3, 60),
    "exits": ((">=",), 1, 4),
    "gap": ((">=",), 2, 6),
}
ACCEPTED = (
    "pond>=K|<=K|=K, thickets>=K|<=K|=K, lap>=K|<=K|=K (3-60), exits>=K (1-4), "
    "gap>=K (2-6), symmetry=mirror|rotate|none, direction=clockwise|counter-clockwise"
)
_PATTERN = re.compile(r"^([a-z]+)(>=|<=|==|=)([a-z0-9-]+)$")


@dataclass(frozen=True)
class DesignConstraint:
    """One parsed designer constraint: `name op value` (value a number or a word)."""

    name: str
    op: str
    value: int | str

    @property
    def text(self) -> str:
        """Return the constraint written canonically (e.g. 'pond>=9', 'symmetry=mirror')."""
        return f"{self.name}{self.op}{self.value}"


def parse_constraint(text: str, size: int) -> DesignConstraint:
    """Return the constraint written as `text` for a `size` board; QuarryError if it is not
    in the language or its value is out of range."""
    compact = re.sub(r"\s+", "", str(text)).lower()
    match = _PATTERN.match(compact)
    known = set(_NUMBERS) | {"symmetry", "direction"}
    if not match or match.group(1) not in known:
        raise QuarryError(f"unknown constraint {text!r}; accepted: {ACCEPTED}")
    name, op, value = match.group(1), match.group(2), match.group(3)
    op = "=" if op == "==" else op
    if name in ("symmetry", "direction"):
        words = SYMMETRIES if name == "symmetry" else tuple(_DIRECTION_WORDS)
        if op != "=" or value not in words:
            shown = "mirror, rotate or none" if name == "symmetry" else " or ".join(DIRECTIONS)
            raise QuarryError(f"constraint {text!r}: write {name}= {shown}")
        return DesignConstraint(name, "=", _DIRECTION_WORDS.get(value, value))
    ops, low, high = _NUMBERS[name]
    if op not in ops:
        raise QuarryError(f"constraint {text!r}: {name} takes {' or '.join(ops)}, not {op}")
    if not re.fullmatch("[0-9]+", value):  # ASCII digits only
        raise QuarryError(f"constraint {text!r}: {name} needs a whole number")
    high = size * size if high is None else high
    if not low <= int(value) <= high:
        raise QuarryError(f"constraint {text!r}: K must be {low} to {high}")
    return DesignConstraint(name, op, int(value))


def parse_constraints(texts: Sequence[str], size: int) -> list[DesignConstraint]:
    """Return the constraints written in `texts`, parsed, duplicates dropped, order kept;
    QuarryError when symmetry or direction is given two different values."""
    parsed: dict[str, DesignConstraint] = {}
    for text in texts:
        constraint = parse_constraint(text, size)
        parsed.setdefault(constraint.text, constraint)
    for word in ("symmetry", "direction"):
        values = sorted({str(c.value) for c in parsed.values() if c.name == word})
        if len(values) > 1:
            raise QuarryError(f"{word} is given twice: {' and '.join(values)}; choose one")
    return list(parsed.values())


def check_limits(size: int, target: float, games: int) -> None:
    """Raise QuarryError (one line) if the size, the target or the game count is out of
    range: size 7-13, target strictly between 0 and 1, games 1 to 100,000."""
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise QuarryError(f"--size must be {MIN_SIZE} to {MAX_SIZE}, got {size}")
    if not 0.0 < target < 1.0:
        raise QuarryError(f"--target must lie between 0 and 1 (the stag's win rate), got {target}")
    if not 1 <= games <= MAX_GAMES:
        raise QuarryError(f"--games must be from 1 to {MAX_GAMES:,}, got {games}")


@dataclass(frozen=True)
class Spec:
    """The bounds a board is laid out within; every pair is (at least, at most), `lap`'s
    upper side None when free. `symmetry` is none, mirror or rotate; `direction` None when
    the seed chooses. `pond` and `thickets` are the ranges the balance loop picks from."""

    size: int
    pond: tuple[int, int]
    thickets: tuple[int, int]
    lap: tuple[int, int | None]
    exits: int
    gap: int
    symmetry: str
    direction: str | None

    @classmethod
    def default(cls, size: int) -> Spec:
        """Return the default bounds for a `size` board: a pond of 6 % to 16 % of the grid
        (5 to 13 squares on 9 x 9, at least the centre's block), 0 to size // 3 thickets,
        any lap, 2 exits from c, no pursuer next to c, no symmetry, the seed's direction."""
        cells = size * size
        core = 1 if size % 2 else 4
        pond = (max(core, round(cells * 0.06)), max(core + 2, round(cells * 0.16)))
        return cls(size, pond, (0, size // 3), (3, None), 2, 2, "none", None)

    @classmethod
    def from_constraints(cls, size: int, constraints: Sequence[DesignConstraint]) -> Spec:
        """Return the default bounds with each constraint's bound in place of the default's.

        A side the designer leaves alone keeps its default unless that contradicts the
        designer's side; then it is opened wide (a pond of 30 keeps no default ceiling)."""
        spec = cls.default(size)
        cells = size * size
        wide = {"pond": (1, cells), "thickets": (0, cells), "lap": (3, None)}
        given: dict[str, list[int | None]] = {}
        changes: dict[str, object] = {}
        for c in constraints:
            if c.name in ("symmetry", "direction"):
                changes[c.name] = c.value
                continue
            if c.name in ("exits", "gap"):
                changes[c.name] = max(int(c.value), getattr(spec, c.name))
                continue
            sides = given.setdefault(c.name, [None, None])
            if c.op in (">=", "="):
                sides[0] = c.value if sides[0] is None else max(sides[0], c.value)
            if c.op in ("<=", "="):
                sides[1] = c.value if sides[1] is None else min(sides[1], c.value)
        for key, (low, high) in given.items():
            default_low, default_high = getattr(spec, key)
            new_low = default_low if low is None else low
            new_high = default_high if high is None else high
            if new_high is not None and new_low > new_high:
                new_low = wide[key][0] if low is None else new_low
                new_high = wide[key][1] if high is None else new_high
            changes[key] = (new_low, new_high)
        return replace(spec, **changes)


def loose_spec(size: int, constraints: Sequence[DesignConstraint]) -> Spec:
    """Return the default bounds with every quantity a constraint names opened wide (the
    model then carries those constraints by name, to find the ones in conflict)."""
    spec = Spec.default(size)
    cells = size * size
    wide = {
        "pond": {"pond": (1, cells)},
        "thickets": {"thickets": (0, cells)},
        "lap": {"lap": (3, None)},
        "exits": {"exits": 1},
        "gap": {"gap": 2},
        "symmetry": {"symmetry": "none"},
        "direction": {"direction": None},
    }
    for c in constraints:
        spec = replace(spec, **wide[c.name])
    direction = next((c.value for c in constraints if c.name == "direction"), None)
    return replace(spec, direction=direction)
