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
balance loop use, refusing bounds on one quantity that cannot hold together (they are
folded into one range there and never reach the model one by one); `Spec.explaining`
gives the wide bounds and the defaults in force, by name, for naming a conflict the
model finds.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from generator.errors import QuarryError
from generator.games.island.board import DEFAULT_DAY, MAX_DAY, MAX_SIZE, MIN_SIZE
from generator.solve.conflicts import Bound, bounds_conflict, conflict_error

MIN_PLAYERS, MAX_PLAYERS = 4, 7
SUMMIT_ELEVATIONS = (1, 4)  # elevation squares per summit zone: at least, at most
LAND_SHARE = (55, 70)  # the default island: % of the grid, at least, at most

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
    """One parsed designer constraint `name op value`, and the text it was written as (not
    compared: two spellings of one constraint are the same constraint). A default in force
    is one too, written e.g. 'hiding-spread>=3 (default)'; the default island's size is in
    squares, named `land-squares`."""

    name: str
    op: str
    value: int
    written: str = field(default="", compare=False)

    @property
    def text(self) -> str:
        """Return the constraint written canonically (e.g. 'camp-distance>=6')."""
        return f"{self.name}{self.op}{self.value}"

    @property
    def label(self) -> str:
        """Return the constraint as messages name it: as it was written."""
        return self.written or self.text

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
    return DesignConstraint(name, op, number, str(text).strip())


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
    def from_constraints(cls, size: int, constraints: Sequence[DesignConstraint]) -> Spec:
        """Return the default bounds with each constraint's bound in place of the default's.

        A side the designer leaves alone keeps its default unless that contradicts the
        other side, then it is opened wide. Of several hiding-spread (or camp-distance)
        constraints the largest holds. Raises QuarryError naming two constraints whose
        bounds on one quantity cannot hold together (`hiding>=8` and `hiding<=2`), or one
        that cannot hold by itself (`land=70` on 16 x 16: 179.2 squares)."""
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
        given: dict[str, list[Bound]] = {}
        spreads: dict[str, int] = {}
        for c in constraints:
            if c.name in ("hiding-spread", "camp-distance"):
                key = c.name.replace("-", "_")
                spreads[key] = max(spreads.get(key, c.value), c.value)
                continue
            key = "zone" if c.name.startswith("zone-") else c.name
            low, high = _designer_bounds(c, size)
            bound = (
                _LandBound(c.label, low, high, c.value, cells)
                if key == "land"
                else Bound(c.label, low, high)
            )
            given.setdefault(key, []).append(bound)
        changes: dict[str, object] = dict(spreads)
        for key, bounds in given.items():
            clash = bounds_conflict(bounds)
            if clash:
                raise conflict_error(f"{size} x {size} island", clash, _rounding(clash, bounds))
            lows = [b.low for b in bounds if b.low is not None]
            highs = [b.high for b in bounds if b.high is not None]
            default_low, default_high = getattr(spec, key)
            new_low = max(lows) if lows else default_low
            new_high = min(highs) if highs else default_high
            if new_low > new_high:
                new_low = new_low if lows else wide[key][0]
                new_high = new_high if highs else wide[key][1]
            changes[key] = (new_low, new_high)
        spec = replace(spec, **changes)
        return replace(
            spec,
            hiding_default=min(max(spec.hiding_default, spec.hiding[0]), spec.hiding[1]),
            day_default=min(max(spec.day_default, spec.day[0]), spec.day[1]),
        )

    @classmethod
    def explaining(
        cls, size: int, constraints: Sequence[DesignConstraint]
    ) -> tuple[Spec, list[DesignConstraint]]:
        """Return the bounds a conflict is explained within and the defaults in force.

        The bounds are all open wide; the model then carries by name the designer's
        constraints and the defaults in force: each side of `from_constraints` that no
        constraint sets and that is not wide, written e.g. 'hiding-spread>=3 (default)'.
        The hiding places' default is the count the layout asks for (`hiding_default`);
        the day is the balance loop's, not the layout's, and has none here."""
        strict = cls.from_constraints(size, constraints)
        cells = size * size
        loose = replace(
            strict,
            zone=(1, cells),
            land=(0, cells),
            water=(1, cells),
            hiding=(0, 40),
            hiding_spread=1,
            camp_distance=1,
            elevation=SUMMIT_ELEVATIONS,
        )
        sides = set()
        for c in constraints:
            if c.name in ("zone-min", "hiding-spread", "camp-distance"):
                sides.add((c.name, ">="))
            elif c.name == "zone-max":
                sides.add((c.name, "<="))
            else:
                sides.update((c.name, op) for op in (">=", "<=") if c.op in (op, "="))
        defaults: list[DesignConstraint] = []

        def default(name: str, op: str, value: int, shown: str, free: int, side: str = "") -> None:
            if ((side or name), op) not in sides and value != free:
                defaults.append(DesignConstraint(name, op, value, f"{shown} (default)"))

        default("zone-min", ">=", strict.zone[0], f"zone-min={strict.zone[0]}", 1)
        default("zone-max", "<=", strict.zone[1], f"zone-max={strict.zone[1]}", cells)
        # the default island's size is a share of the grid rounded to squares: in squares
        land_low, land_high = LAND_SHARE
        default("land-squares", ">=", strict.land[0], f"land>={land_low}", 0, "land")
        default("land-squares", "<=", strict.land[1], f"land<={land_high}", cells, "land")
        default("water", ">=", strict.water[0], f"water>={strict.water[0]}", 1)
        default("water", "<=", strict.water[1], f"water<={strict.water[1]}", cells)
        count = strict.hiding_default
        default("hiding", ">=", count, f"hiding>={count}", 0)
        spread, camp = strict.hiding_spread, strict.camp_distance
        default("hiding-spread", ">=", spread, f"hiding-spread>={spread}", 1)
        default("camp-distance", ">=", camp, f"camp-distance>={camp}", 1)
        low, high = strict.elevation
        default("elevation", ">=", low, f"elevation>={low}", SUMMIT_ELEVATIONS[0])
        default("elevation", "<=", high, f"elevation<={high}", SUMMIT_ELEVATIONS[1])
        return loose, defaults


def _rounding(clash: Sequence[str], bounds: Sequence[Bound]) -> str:
    """Return the note for land bounds that cross only once rounded to whole squares
    (`land=70` on 16 x 16: 179.2 squares), else ""."""
    named = [b for b in bounds if b.name in clash]
    if not all(isinstance(b, _LandBound) for b in named):
        return ""
    lows = [b.percent for b in named if b.low is not None]
    highs = [b.percent for b in named if b.high is not None]
    if max(lows) != min(highs):
        return ""
    share, cells = max(lows), named[0].cells
    return f" ({share} % of the {cells} squares is {share * cells / 100:g}, not a whole number)"


@dataclass(frozen=True)
class _LandBound(Bound):
    """A land constraint's bound in squares, with the percentage it was written in."""

    percent: int = 0
    cells: int = 0


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
