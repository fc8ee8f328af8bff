"""The island designer's knobs: defaults, the constraint language and the checked limits.

A designer constraint is written `NAME OP K` (case and spaces ignored; OP is >=, <= or =;
K a whole number). Every bound a constraint sets replaces the default for that quantity:

  zone-min OP K        (only =) every zone has at least K squares (land and water)
  zone-max OP K        (only =) every zone has at most K squares
  land OP K            the island (land and water) covers K % of the grid; K 40 to 80
  water OP K           the island has K water squares in all (the Lagoon holds at least 1)
  hiding OP K          K hiding places
  hiding-spread >= K   no two hiding places closer than K steps (|dx| + |dy|)
  camp-distance >= K   no hiding place closer than K steps to a camp square
  elevation OP K       the Mountains and the Cliff each have K elevation squares (1 to 4)
  day OP K             a day lasts K cycles (1 to 12)

`parse_constraints` returns the parsed constraints (QuarryError on unknown text or a number
out of range); `Spec.from_constraints` turns them into the bounds the layout model and the
balance loop use.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from generator.errors import QuarryError
from generator.games.island.board import DEFAULT_DAY, MAX_DAY, MAX_SIZE, MIN_SIZE

MIN_PLAYERS, MAX_PLAYERS = 4, 7
SUMMIT_ELEVATIONS = (1, 4)  # elevation squares per summit zone: at least, at most

# name -> (operators accepted, lowest K, highest K); None = depends on the board size
_NAMES: dict[str, tuple[tuple[str, ...], int, int | None]] = {
    "zone-min": (("=",), 1, None),
    "zone-max": (("=",), 1, None),
    "land": ((">=", "<=", "="), 40, 80),
    "water": ((">=", "<=", "="), 1, None),
    "hiding": ((">=", "<=", "="), 0, 40),
    "hiding-spread": ((">=",), 1, 20),
    "camp-distance": ((">=",), 1, 20),
    "elevation": ((">=", "<=", "="), 1, 4),
    "day": ((">=", "<=", "="), 1, MAX_DAY),
}
ACCEPTED = (
    "zone-min=K, zone-max=K, land>=K|<=K|=K (% of the grid, 40-80), water>=K|<=K|=K, "
    "hiding>=K|<=K|=K (0-40), hiding-spread>=K, camp-distance>=K (1-20), "
    "elevation>=K|<=K|=K (1-4), day>=K|<=K|=K (1-12)"
)
_PATTERN = re.compile(r"^([a-z][a-z-]*[a-z])(>=|<=|==|=)(-?\d+)$", re.ASCII)


@dataclass(frozen=True)
class DesignConstraint:
    """One parsed designer constraint `name op value`."""

    name: str
    op: str
    value: int

    @property
    def text(self) -> str:
        """Return the constraint written canonically (e.g. 'camp-distance>=6')."""
        return f"{self.name}{self.op}{self.value}"

    def bounds(self, low: int, high: int) -> tuple[int, int]:
        """Return (low, high) narrowed by this constraint."""
        if self.op == ">=":
            return (max(low, self.value), high)
        if self.op == "<=":
            return (low, min(high, self.value))
        return (self.value, self.value)


def parse_constraint(text: str, size: int) -> DesignConstraint:
    """Return the constraint written as `text` for a `size` board; QuarryError if it is not
    in the language or its number is out of range."""
    compact = re.sub(r"\s+", "", str(text)).lower()
    match = _PATTERN.match(compact)
    if not match or match.group(1) not in _NAMES:
        raise QuarryError(f"unknown constraint {text!r}; accepted: {ACCEPTED}")
    name, op, number = match.group(1), match.group(2), int(match.group(3))
    op = "=" if op == "==" else op
    ops, low, high = _NAMES[name]
    if op not in ops:
        raise QuarryError(f"constraint {text!r}: {name} takes {' or '.join(ops)}, not {op}")
    high = size * size if high is None else high
    if not low <= number <= high:
        raise QuarryError(f"constraint {text!r}: K must be {low} to {high}")
    return DesignConstraint(name, op, number)


def parse_constraints(texts: Sequence[str], size: int) -> list[DesignConstraint]:
    """Return the constraints written in `texts`, parsed, duplicates dropped, order kept."""
    parsed: dict[str, DesignConstraint] = {}
    for text in texts:
        constraint = parse_constraint(text, size)
        parsed.setdefault(constraint.text, constraint)
    return list(parsed.values())


def check_limits(size: int, players: int, target: float) -> None:
    """Raise QuarryError if the size, the player count or the target is out of range."""
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise QuarryError(f"--size must be {MIN_SIZE} to {MAX_SIZE}, got {size}")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise QuarryError(f"--players must be {MIN_PLAYERS} to {MAX_PLAYERS}, got {players}")
    if not 0.0 <= target <= 1.0:
        raise QuarryError(f"--target must be from 0 to 1 (the Hunted's survival), got {target}")


@dataclass(frozen=True)
class Spec:
    """The bounds an island is laid out within; every pair is (at least, at most). The
    hiding and day ranges are what the balance loop may choose from; `hiding_default` and
    `day_default` are the values it starts from (and the default island has)."""

    size: int
    zone: tuple[int, int]
    land: tuple[int, int]  # squares of island (land and water)
    water: tuple[int, int]
    hiding: tuple[int, int]
    hiding_spread: int
    camp_distance: int
    elevation: tuple[int, int]
    day: tuple[int, int]
    hiding_default: int
    day_default: int = DEFAULT_DAY

    @classmethod
    def default(cls, size: int) -> Spec:
        """Return the default bounds for a `size` x `size` island (scaled from 24 x 24:
        55-70 % island, zones of 1/6 of it give or take 45 %, water 2-4 % of the grid, one
        hiding place per 64 squares of grid (the balance loop may go 6 below or 8 above),
        day 1 to 12 cycles)."""
        cells = size * size
        mean_zone = cells * 0.62 / 6
        hiding = max(4, round(cells / 64))
        return cls(
            size=size,
            zone=(round(mean_zone * 0.55), round(mean_zone * 1.45)),
            land=(round(cells * 0.55), round(cells * 0.70)),
            water=(max(4, round(cells * 0.02)), max(6, round(cells * 0.04))),
            hiding=(max(2, hiding - 6), hiding + 8),
            hiding_spread=max(3, size // 6),
            camp_distance=max(4, size // 4),
            elevation=(1, 2),
            day=(1, MAX_DAY),
            hiding_default=hiding,
        )

    @classmethod
    def from_constraints(
        cls, size: int, constraints: Sequence[DesignConstraint], loose: bool = False
    ) -> Spec:
        """Return the default bounds with each constraint's bound in place of the default's.

        A side the designer leaves alone keeps its default unless that contradicts the
        other side, then it is opened wide. With `loose`, every quantity a constraint names
        is opened wide (the model then carries the constraints by name, to explain a
        conflict)."""
        spec = cls.default(size)
        cells = size * size
        wide = {
            "zone": (1, cells),
            "land": (0, cells),
            "water": (1, cells),
            "hiding": (0, 40),
            "elevation": SUMMIT_ELEVATIONS,
            "day": (1, MAX_DAY),
        }
        given: dict[str, list[int | None]] = {}
        for c in constraints:
            if c.name in ("hiding-spread", "camp-distance"):
                if not loose:
                    spec = replace(spec, **{c.name.replace("-", "_"): c.value})
                continue
            key = "zone" if c.name.startswith("zone-") else c.name
            sides = given.setdefault(key, [None, None])
            low, high = _designer_bounds(c, size)
            if low is not None:
                sides[0] = low if sides[0] is None else max(sides[0], low)
            if high is not None:
                sides[1] = high if sides[1] is None else min(sides[1], high)
        changes: dict[str, object] = {}
        for key, (low, high) in given.items():
            if loose:
                changes[key] = wide[key]
                continue
            default_low, default_high = getattr(spec, key)
            new_low = default_low if low is None else low
            new_high = default_high if high is None else high
            if new_low > new_high:
                new_low = wide[key][0] if low is None else new_low
                new_high = wide[key][1] if high is None else new_high
            changes[key] = (new_low, new_high)
        spec = replace(spec, **changes)
        return replace(
            spec,
            hiding_default=min(max(spec.hiding_default, spec.hiding[0]), spec.hiding[1]),
            day_default=min(max(spec.day_default, spec.day[0]), spec.day[1]),
        )


def _designer_bounds(c: DesignConstraint, size: int) -> tuple[int | None, int | None]:
    """Return the (low, high) a constraint sets on its quantity (None: that side is free);
    land's percentage becomes squares."""
    if c.name == "zone-min":
        return (c.value, None)
    if c.name == "zone-max":
        return (None, c.value)
    value = c.value
    low, high = (value if c.op in (">=", "=") else None), (value if c.op in ("<=", "=") else None)
    if c.name == "land":
        cells = size * size
        low = None if low is None else -(-low * cells // 100)
        high = None if high is None else high * cells // 100
    return (low, high)
