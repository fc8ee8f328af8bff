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
range, or a word given two values); `Spec.from_constraints` turns them into the bounds the
layout model and the balance loop use, refusing bounds on one number that cannot hold
together and a pond and thickets that leave no room for the pieces (they are folded into
one range there and never reach the model one by one); `Spec.explaining` gives the wide
bounds and the defaults in force, by name, for naming a conflict the model finds.
`check_limits` checks the command's numbers before any work.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations

from generator.errors import QuarryError
from generator.games.parforce.board import DIRECTIONS, MAX_SIZE, MIN_SIZE, PIECE_STARTS
from generator.solve.conflicts import Bound, bounds_conflict, conflict_error

MAX_GAMES = 100_000
DEFAULT = " (default)"  # how a message marks a default in force the designer did not write
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
    """One parsed designer constraint: `name op value` (value a number or a word), and the
    text it was written as (not compared: two spellings of one constraint are the same
    constraint). A default in force is one too, written e.g. 'pond>=5 (default)'."""

    name: str
    op: str
    value: int | str
    written: str = field(default="", compare=False)

    @property
    def text(self) -> str:
        """Return the constraint written canonically (e.g. 'pond>=9', 'symmetry=mirror')."""
        return f"{self.name}{self.op}{self.value}"

    @property
    def label(self) -> str:
        """Return the constraint as messages name it: as it was written."""
        return self.written or self.text


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
        return DesignConstraint(name, "=", _DIRECTION_WORDS.get(value, value), str(text).strip())
    ops, low, high = _NUMBERS[name]
    if op not in ops:
        raise QuarryError(f"constraint {text!r}: {name} takes {' or '.join(ops)}, not {op}")
    if not re.fullmatch("[0-9]+", value):  # ASCII digits only
        raise QuarryError(f"constraint {text!r}: {name} needs a whole number")
    high = size * size if high is None else high
    if not low <= int(value) <= high:
        raise QuarryError(f"constraint {text!r}: K must be {low} to {high}")
    return DesignConstraint(name, op, int(value), str(text).strip())


def parse_constraints(texts: Sequence[str], size: int) -> list[DesignConstraint]:
    """Return the constraints written in `texts`, parsed, duplicates dropped, order kept;
    QuarryError naming the two when symmetry or direction is given two different values."""
    parsed: dict[str, DesignConstraint] = {}
    for text in texts:
        constraint = parse_constraint(text, size)
        parsed.setdefault(constraint.text, constraint)
    for word in ("symmetry", "direction"):
        given = [c for c in parsed.values() if c.name == word]
        if len(given) > 1:
            raise conflict_error(_subject(size), [c.label for c in given[:2]])
    return list(parsed.values())


def _subject(size: int) -> str:
    return f"{size} x {size} board"


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
        designer's side; then it is opened wide (a pond of 30 keeps no default ceiling). Of
        several exits (or gap) constraints the largest holds. Raises QuarryError naming the
        constraints when bounds on one number cannot hold together (`pond>=20` and
        `pond<=5`), or when the pond, the thickets and the lap leave no room for the pieces
        (with a default in force named as such, e.g. 'pond>=5 (default)')."""
        spec = cls.default(size)
        cells = size * size
        wide = {"pond": (1, cells), "thickets": (0, cells), "lap": (3, None)}
        given: dict[str, list[Bound]] = {}
        changes: dict[str, object] = {}
        for c in constraints:
            if c.name in ("symmetry", "direction"):
                changes[c.name] = c.value
                continue
            if c.name in ("exits", "gap"):
                changes[c.name] = max(int(c.value), changes.get(c.name, getattr(spec, c.name)))
                continue
            low = c.value if c.op in (">=", "=") else None
            high = c.value if c.op in ("<=", "=") else None
            given.setdefault(c.name, []).append(Bound(c.label, low, high))
        lows: dict[str, tuple[str, int]] = {}  # quantity -> (who sets its low side, value)
        for key, bounds in given.items():
            clash = bounds_conflict(bounds)
            if clash:
                raise conflict_error(_subject(size), clash)
            floors = [b for b in bounds if b.low is not None]
            ceilings = [b.high for b in bounds if b.high is not None]
            default_low, default_high = getattr(spec, key)
            new_low = max(b.low for b in floors) if floors else default_low
            new_high = min(ceilings) if ceilings else default_high
            if new_high is not None and new_low > new_high:
                new_low = new_low if floors else wide[key][0]
                new_high = new_high if ceilings else wide[key][1]
            changes[key] = (new_low, new_high)
            if floors:
                lows[key] = (max(floors, key=lambda b: b.low).name, new_low)
        spec = replace(spec, **changes)
        if "pond" not in lows and spec.pond[0] > wide["pond"][0]:
            lows["pond"] = (f"pond>={spec.pond[0]}{DEFAULT}", spec.pond[0])
        _check_room(spec, lows)
        return spec

    @classmethod
    def explaining(
        cls, size: int, constraints: Sequence[DesignConstraint]
    ) -> tuple[Spec, list[DesignConstraint]]:
        """Return the bounds a conflict is explained within and the defaults in force.

        The bounds are all open wide (the direction stays the designer's: it decides which
        moves are forward); the model then carries by name the designer's constraints and
        the defaults in force: each bound of `from_constraints` that no constraint sets and
        that is not wide, written e.g. 'pond>=5 (default)'."""
        strict = cls.from_constraints(size, constraints)
        cells = size * size
        wide = {"pond": (1, cells), "thickets": (0, cells)}
        loose = replace(strict, lap=(3, None), exits=1, gap=2, symmetry="none", **wide)
        sides = set()
        for c in constraints:
            sides.update((c.name, op) for op in (">=", "<=") if c.op in (op, "="))
        defaults: list[DesignConstraint] = []
        for key, ends in wide.items():
            for side, op in enumerate((">=", "<=")):
                value = getattr(strict, key)[side]
                if (key, op) not in sides and value != ends[side]:
                    defaults.append(DesignConstraint(key, op, value, f"{key}{op}{value}{DEFAULT}"))
        written = [int(c.value) for c in constraints if c.name == "exits"]
        if strict.exits > max(written, default=loose.exits):
            label = f"exits>={strict.exits}{DEFAULT}"
            defaults.append(DesignConstraint("exits", ">=", strict.exits, label))
        return loose, defaults


# The ten pieces stand on ten squares of land, and the stag's lap has two more next to c
# (a knight's move from it, so no pursuer starts there): land the pond and thickets leave.
ROOM = 2 * PIECE_STARTS + 4


def _check_room(spec: Spec, lows: dict[str, tuple[str, int]]) -> None:
    """Raise QuarryError when the smallest pond, thickets and lap `spec` allows need more
    squares than the board has, naming the fewest of the bounds setting them (`lows`:
    quantity -> (its name in messages, the value)) that need too many by themselves (the
    others at their least: the pond's centre block, no thicket, the shortest lap)."""
    cells = spec.size * spec.size
    floors = {"pond": 1 if spec.size % 2 else 4, "thickets": 0, "lap": 3}

    def need(values: dict[str, int]) -> int:
        return values["pond"] + values["thickets"] + max(ROOM, values["lap"])

    keys = [k for k in ("pond", "thickets", "lap") if k in lows]
    for count in range(1, len(keys) + 1):
        for chosen in combinations(keys, count):
            values = {**floors, **{k: lows[k][1] for k in chosen}}
            if need(values) > cells:
                land = max(ROOM, values["lap"])
                note = f" (the pieces and the stag's lap need {land} of the {cells} squares)"
                names = sorted((lows[k][0] for k in chosen), key=lambda n: n.endswith(DEFAULT))
                raise conflict_error(_subject(spec.size), names, note)
