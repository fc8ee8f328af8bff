"""The island: a square grid of zones, water, camp, elevations, hiding places and boats.

Squares are numbered row by row from the north-west corner (index = row * size + column)
and named by column letters and row number (`A1` is the north-west corner, `AB30` column 28,
row 30). Sets of squares are Python ints used as bitboards: bit i is square i. `Geometry`
holds the masks and the step functions movement, vision and the trackers share.

The text format (docs/formats.md) is `format_island` / `parse_island`; they round-trip.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from generator.engine.bitboards import mask_of
from generator.errors import QuarryError
from generator.render.units import letters as column_name

ZONES = ("Jungle", "Meadow", "Jungle 2", "Mountains", "Lagoon", "Cliff")
JUNGLE, MEADOW, JUNGLE_2, MOUNTAINS, LAGOON, CLIFF = range(6)
ZONE_CHARS = "JMKHLC"  # a zone's land; the lower-case letter is water in that zone
SEA = -1
SEA_CHAR = "~"
BOAT_SIDES = ("west", "north", "east", "south")
MIN_SIZE, MAX_SIZE, DEFAULT_SIZE = 16, 40, 24
DEFAULT_DAY = 4
MAX_DAY = 12
FORMAT_VERSION = 1
DEFAULT_PATH = Path(__file__).parent / "data" / "default.island"


def square_name(square: int, size: int) -> str:
    """Return the name of square index `square` on a `size` board, e.g. F12."""
    row, column = divmod(square, size)
    return f"{column_name(column)}{row + 1}"


def square_kind(island: Island, square: int) -> str:
    """Return what a square is, the special kinds first: sea, boat, hiding, elevation,
    water, camp, else zone-N (its zone's number)."""
    if island.zones[square] == SEA:
        return "sea"
    if square in island.boats:
        return "boat"
    if square in island.hiding:
        return "hiding"
    if square in island.elevation:
        return "elevation"
    if square in island.water:
        return "water"
    if square in island.camp:
        return "camp"
    return f"zone-{island.zones[square]}"


def parse_square(text: str, size: int) -> int:
    """Return the index of the square named `text` (ValueError if it is not on the board)."""
    text = text.strip()
    if not text.isascii():  # "²" is a digit to isdigit(), and "ß".upper() is "SS"
        raise ValueError(f"{text!r} is not a square name (letters then a number, like F12)")
    text = text.upper()
    letters = text.rstrip("0123456789")
    digits = text[len(letters) :]
    if not letters.isalpha() or not letters.isascii() or not digits.isdigit():
        raise ValueError(f"{text!r} is not a square name (letters then a number, like F12)")
    column = 0
    for letter in letters:
        column = column * 26 + ord(letter) - ord("A") + 1
    column -= 1
    row = int(digits) - 1
    if not (0 <= column < size and 0 <= row < size):
        raise ValueError(f"{text} is off a {size} x {size} board")
    return row * size + column


@dataclass(frozen=True)
class Island:
    """A board: zone per square (SEA = -1), inland water, the camp (4 squares), elevations,
    hiding places, the boats (west, north, east, south) and the length of a day in cycles."""

    size: int
    zones: tuple[int, ...]
    water: frozenset[int]
    camp: tuple[int, ...]
    elevation: frozenset[int]
    hiding: frozenset[int]
    boats: tuple[int, int, int, int]
    day: int = DEFAULT_DAY
    geometry: Geometry = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "geometry", Geometry(self))

    def name(self, square: int) -> str:
        """Return the name of `square` on this board."""
        return self.geometry.names[square]

    def parse(self, text: str) -> int:
        """Return the square named `text` (ValueError if it is not on this board)."""
        square = self.geometry.squares.get(text)
        return parse_square(text, self.size) if square is None else square

    def is_land(self, square: int) -> bool:
        """Return True for a square of the island that is not water."""
        return self.zones[square] != SEA and square not in self.water

    def neighbours(self, square: int) -> list[int]:
        """Return the squares one orthogonal step away that are not sea."""
        row, column = divmod(square, self.size)
        out = []
        for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
            r, c = row + dr, column + dc
            if 0 <= r < self.size and 0 <= c < self.size and self.zones[r * self.size + c] != SEA:
                out.append(r * self.size + c)
        return out

    def boat_links(self, square: int) -> list[int]:
        """Return the boats a boat square links to (its two neighbours in the ring)."""
        if square not in self.boats:
            return []
        i = self.boats.index(square)
        return [self.boats[(i - 1) % 4], self.boats[(i + 1) % 4]]

    def zone_of(self, square: int) -> int:
        """Return the zone index of `square` (SEA for the sea)."""
        return self.zones[square]


class Geometry:
    """Bitboard masks of one island and the step functions on them."""

    def __init__(self, island: Island) -> None:
        n = island.size
        self.size = n
        self.cells = n * n
        self.names = tuple(square_name(i, n) for i in range(n * n))
        self.squares = {name: i for i, name in enumerate(self.names)}
        self.passable = mask_of(i for i, z in enumerate(island.zones) if z != SEA)
        self.water = mask_of(island.water)
        self.land = self.passable & ~self.water
        self.hiding = mask_of(island.hiding)
        self.elevation = mask_of(island.elevation)
        self.camp = mask_of(island.camp)
        self.zone_masks = tuple(
            mask_of(i for i, z in enumerate(island.zones) if z == k) for k in range(len(ZONES))
        )
        row = (1 << n) - 1
        self._not_first_column = 0
        self._not_last_column = 0
        for r in range(n):
            self._not_first_column |= (row & ~1) << (r * n)
            self._not_last_column |= (row >> 1) << (r * n)
        self.boats = mask_of(island.boats)
        self.boat_hops = tuple((1 << b, mask_of(island.boat_links(b))) for b in island.boats)
        self._within: dict[tuple[int, int, str], int] = {}
        self._texts: dict = {}
        self._sight: dict[tuple[int, int, str], int] = {}
        self.memo: dict[tuple, object] = {}  # what the rules make once per island

    def squares_of_texts(self, verb: str) -> dict[str, int]:
        """Return {"<verb> <square name>": square} for every square, made once."""
        made = self._texts.get(("squares", verb))
        if made is None:
            made = self._texts[("squares", verb)] = {t: i for i, t in enumerate(self.texts(verb))}
        return made

    def texts(self, verb: str) -> tuple[str, ...]:
        """Return the action texts "<verb> <square name>" of every square, made once."""
        made = self._texts.get(verb)
        if made is None:
            made = self._texts[verb] = tuple(f"{verb} {name}" for name in self.names)
        return made

    def step(self, mask: int) -> int:
        """Return the squares one orthogonal step from any square of `mask` (not sea)."""
        east = (mask << 1) & self._not_first_column
        west = (mask >> 1) & self._not_last_column
        return (east | west | (mask << self.size) | (mask >> self.size)) & self.passable

    def boat_step(self, mask: int) -> int:
        """Return the boats one crossing from the boats in `mask`."""
        out = 0
        if not mask & self.boats:
            return out
        for bit, links in self.boat_hops:
            if mask & bit:
                out |= links
        return out

    def reach(self, start: int, steps: int, exact: bool = True, boat: bool = True) -> int:
        """Return the squares a token on any square of `start` can end on after `steps`
        steps (exactly, or up to `steps` when exact is False), crossing by boat at most once
        when `boat` is True."""
        if boat:
            on_foot, crossed = self.reach_split(start, 0, steps, exact)
        else:  # as if it had crossed already: it walks on, and never sails
            on_foot, crossed = self.reach_split(0, start, steps, exact)
        return on_foot | crossed

    def reach_split(self, free: int, used: int, steps: int, exact: bool = True) -> tuple[int, int]:
        """Return (on foot, crossed): the squares a token can end on after `steps` steps
        (exactly, or up to `steps` when exact is False), from `free` (the squares where it
        may still cross by boat in this turn) or from `used` (where it has crossed already).
        `on foot` holds the ends of walks that never crossed; `crossed` those of walks that
        crossed once, in this move or before it (a square may be in both)."""
        n, passable = self.size, self.passable
        not_first, not_last, boats = self._not_first_column, self._not_last_column, self.boats
        fresh, crossed = free, used
        seen_fresh, seen_crossed = (0, 0) if exact else (free, used)
        for _ in range(steps):
            hop = self.boat_step(fresh) if fresh & boats else 0
            if crossed:
                crossed = (
                    ((crossed << 1) & not_first)
                    | ((crossed >> 1) & not_last)
                    | (crossed << n)
                    | (crossed >> n)
                ) & passable
            crossed |= hop
            fresh = (
                ((fresh << 1) & not_first) | ((fresh >> 1) & not_last) | (fresh << n) | (fresh >> n)
            ) & passable
            if not exact:
                seen_fresh |= fresh
                seen_crossed |= crossed
        return (fresh, crossed) if exact else (seen_fresh, seen_crossed)

    def within(self, square: int, radius: int, metric: str = "steps") -> int:
        """Return the squares (sea included) at most `radius` from `square` in `metric`:
        "steps" (|dx| + |dy|) or "square" (max(|dx|, |dy|))."""
        key = (square, radius, metric)
        cached = self._within.get(key)
        if cached is not None:
            return cached
        n = self.size
        row, column = divmod(square, n)
        mask = 0
        for r in range(max(0, row - radius), min(n, row + radius + 1)):
            span = radius - abs(r - row) if metric == "steps" else radius
            lo, hi = max(0, column - span), min(n - 1, column + span)
            mask |= ((1 << (hi - lo + 1)) - 1) << (r * n + lo)
        self._within[key] = mask
        return mask

    def sight(self, square: int, radius: int, metric: str = "steps") -> int:
        """Return the squares on which a Hunter on `square` with range `radius` sees a
        Hunted: within `radius`, but hiding places only within 2."""
        key = (square, radius, metric)
        cached = self._sight.get(key)
        if cached is None:
            near = self.within(square, min(radius, 2), metric)
            cached = (self.within(square, radius, metric) & ~self.hiding) | (near & self.hiding)
            self._sight[key] = cached
        return cached


def distance(a: int, b: int, size: int, metric: str = "steps") -> int:
    """Return the distance between squares a and b in `metric` ("steps" or "square")."""
    ra, ca = divmod(a, size)
    rb, cb = divmod(b, size)
    dr, dc = abs(ra - rb), abs(ca - cb)
    return dr + dc if metric == "steps" else max(dr, dc)


# --- the text format --------------------------------------------------------------------------


def format_island(island: Island) -> str:
    """Return the text of `island` in the board file format (parse_island reads it back)."""
    name = island.name
    lines = [
        f"island {FORMAT_VERSION}",
        f"size {island.size}",
        f"day {island.day}",
        "boats "
        + " ".join(
            f"{s[0].upper()}:{name(b)}" for s, b in zip(BOAT_SIDES, island.boats, strict=True)
        ),
        "camp " + " ".join(name(s) for s in island.camp),
        "elevation " + " ".join(name(s) for s in sorted(island.elevation)),
        "hiding " + " ".join(name(s) for s in sorted(island.hiding)),
        "grid",
    ]
    n = island.size
    for r in range(n):
        row = []
        for c in range(n):
            square = r * n + c
            zone = island.zones[square]
            if zone == SEA:
                row.append(SEA_CHAR)
            else:
                char = ZONE_CHARS[zone]
                row.append(char.lower() if square in island.water else char)
        lines.append("".join(row))
    return "\n".join(lines) + "\n"


def parse_island(text: str, where: str = "board") -> Island:
    """Return the island written in `text`; QuarryError naming `where` and the line if the
    text is not a board file or describes an impossible board (see check_island)."""
    fields: dict[str, tuple[int, str]] = {}
    grid: list[tuple[int, str]] = []
    in_grid = False
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].rstrip()
        if not line.strip():
            continue
        if in_grid:
            grid.append((number, line.strip()))
            continue
        key, _, value = line.strip().partition(" ")
        if key == "grid":
            in_grid = True
            continue
        if key not in ("island", "size", "day", "boats", "camp", "elevation", "hiding"):
            raise QuarryError(f"{where}:{number}: unknown line {key!r}; see docs/formats.md")
        if key in fields:
            raise QuarryError(f"{where}:{number}: {key} is given twice")
        fields[key] = (number, value.strip())
    for key in ("island", "size", "boats", "camp", "grid"):
        if key != "grid" and key not in fields:
            raise QuarryError(f"{where}: the board has no {key!r} line; see docs/formats.md")
    if not in_grid:
        raise QuarryError(f"{where}: the board has no 'grid' line; see docs/formats.md")
    line, version = fields["island"]
    if version != str(FORMAT_VERSION):
        raise QuarryError(f"{where}:{line}: island format {version!r}; this Quarry reads 1")
    size = _number(fields["size"], where, MIN_SIZE, MAX_SIZE, "size")
    day = _number(fields.get("day", (0, str(DEFAULT_DAY))), where, 1, MAX_DAY, "day")
    if len(grid) != size:
        raise QuarryError(f"{where}: the grid has {len(grid)} rows, not {size}")
    zones: list[int] = []
    water: set[int] = set()
    for number, row in grid:
        if len(row) != size:
            raise QuarryError(f"{where}:{number}: a grid row of {len(row)} squares, not {size}")
        for char in row:
            if char == SEA_CHAR:
                zones.append(SEA)
            elif char.upper() in ZONE_CHARS:
                if char.islower():
                    water.add(len(zones))
                zones.append(ZONE_CHARS.index(char.upper()))
            else:
                raise QuarryError(
                    f"{where}:{number}: {char!r} is not a square; use {SEA_CHAR} or {ZONE_CHARS} "
                    "(lower case for water)"
                )

    def squares(key: str) -> list[int]:
        line, value = fields.get(key, (0, ""))
        try:
            return [parse_square(item, size) for item in value.split()]
        except ValueError as error:
            raise QuarryError(f"{where}:{line}: {error}") from None

    line, value = fields["boats"]
    boats = {}
    for item in value.split():
        side, _, name = item.partition(":")
        sides = {s[0].upper(): s for s in BOAT_SIDES}
        if side.upper() not in sides or side.upper() in boats:
            raise QuarryError(f"{where}:{line}: boats are written W:square N:.. E:.. S:..")
        try:
            boats[side.upper()] = parse_square(name, size)
        except ValueError as error:
            raise QuarryError(f"{where}:{line}: {error}") from None
    if len(boats) != 4:
        raise QuarryError(f"{where}:{line}: four boats are needed, W N E and S")
    island = Island(
        size=size,
        zones=tuple(zones),
        water=frozenset(water),
        camp=tuple(squares("camp")),
        elevation=frozenset(squares("elevation")),
        hiding=frozenset(squares("hiding")),
        boats=tuple(boats[s] for s in "WNES"),
        day=day,
    )
    problems = check_island(island)
    if problems:
        raise QuarryError(f"{where}: {problems[0]}")
    return island


def _number(field_: tuple[int, str], where: str, lo: int, hi: int, what: str) -> int:
    line, value = field_
    if not (value.isascii() and value.isdigit()) or not lo <= int(value) <= hi:
        raise QuarryError(f"{where}:{line}: {what} must be a whole number from {lo} to {hi}")
    return int(value)


def check_island(island: Island) -> list[str]:
    """Return what is wrong with `island` as a board to play on ([] when nothing): the
    land in one piece, each zone in one piece, the camp a 2 x 2 block of Meadow land,
    elevations on Mountains or Cliff land, hiding places on land, four distinct boats on
    shore land, water only inside the island and some in the Lagoon."""
    problems = []
    n, name = island.size, island.name
    passable = [i for i, z in enumerate(island.zones) if z != SEA]
    if not passable:
        return ["the island has no land"]
    if len(_component(island, passable[0], lambda s: True)) != len(passable):
        problems.append("the island is not in one piece")
    for zone in range(len(ZONES)):
        members = [i for i in passable if island.zones[i] == zone]
        if not members:
            problems.append(f"the {ZONES[zone]} has no squares")
            continue
        same = len(_component(island, members[0], lambda s, z=zone: island.zones[s] == z))
        if same != len(members):
            problems.append(f"the {ZONES[zone]} is not in one piece")
    camp = sorted(island.camp)
    if len(camp) != 4 or len(set(camp)) != 4:
        problems.append("the camp must be four squares")
    else:
        top = camp[0]
        if camp != [top, top + 1, top + n, top + n + 1] or top % n == n - 1:
            problems.append("the camp must be a 2 x 2 block")
        for s in camp:
            if island.zones[s] != MEADOW or s in island.water:
                problems.append(f"camp square {name(s)} is not Meadow land")
    for s in sorted(island.elevation):
        if island.zones[s] not in (MOUNTAINS, CLIFF) or s in island.water:
            problems.append(f"elevation {name(s)} is not Mountains or Cliff land")
    for s in sorted(island.hiding):
        if not island.is_land(s):
            problems.append(f"hiding place {name(s)} is not on land")
    if len(set(island.boats)) != 4:
        problems.append("the four boats must be on four squares")
    for side, s in zip(BOAT_SIDES, island.boats, strict=True):
        if not island.is_land(s):
            problems.append(f"the {side} boat {name(s)} is not on land")
        elif len(island.neighbours(s)) == 4:
            problems.append(f"the {side} boat {name(s)} is not on the shore")
    if not any(island.zones[s] == LAGOON for s in island.water):
        problems.append("the Lagoon holds no water")
    return problems


def _component(island: Island, start: int, keep) -> set[int]:
    seen, todo = {start}, [start]
    while todo:
        for nxt in island.neighbours(todo.pop()):
            if nxt not in seen and keep(nxt):
                seen.add(nxt)
                todo.append(nxt)
    return seen


def read_island(path: Path) -> Island:
    """Return the island in the board file at `path` (QuarryError if unreadable or wrong)."""
    from generator.userfiles import read_text, shown

    return parse_island(read_text(path, "an island board file"), shown(path))


_DEFAULT: list[Island] = []


def default_island() -> Island:
    """Return the default island (data/default.island, made by `quarry generate island`)."""
    if not _DEFAULT:
        _DEFAULT.append(parse_island(DEFAULT_PATH.read_text(encoding="utf-8"), "default island"))
    return _DEFAULT[0]


def island_text_or_default(island: Island) -> str:
    """Return "default" for the default island, else the board's text (for record headers)."""
    return "default" if island == default_island() else format_island(island)
