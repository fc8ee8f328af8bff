"""Laying out an island with CP-SAT: land, six contiguous zones, water, camp, summits with
their elevation squares, hiding places and the four boats.

The model (`build_layout_model`), on a `size` x `size` grid whose outer ring is sea:

- `zone_<z>_<sq>`: square `sq` belongs to zone z (at most one zone; none = sea).
- Contiguity by monotone paths to a root: each zone has a root square (chosen from the
  seed, see `Sketch`); every other square of the zone has an orthogonal neighbour in the
  zone one step nearer the root (|dx| + |dy|), so stepping nearer always reaches the root.
  The land as a whole is one piece the same way, rooted at the square nearest the middle.
  (Parent pointers with depth variables, tried first, left CP-SAT without a first
  solution for 30 s on a 16 x 16 grid; this form is one clause per square.)
- Water (`water_<sq>`): only on squares whose four neighbours are island (water never
  touches the sea), at least one square in the Lagoon, the total within the spec's band.
- The camp: one 2 x 2 block (`camp_<top-left>`) of Meadow squares that are not water.
- Summits: a square's *depth* in its zone is its distance in steps (|dx| + |dy|) to the
  nearest square outside the zone (sea or another zone). A summit of the Mountains or of
  the Cliff is a square of greatest depth in that zone; elevation squares stand only on
  summits (not on water), `spec.elevation` of them in each of the two zones. Depth is
  modelled by `deep_<z>_<k>_<sq>` = every square within k - 1 steps of `sq` is in zone z,
  with no square deeper than `max_depth(size)` (the model forbids deeper zones).
- Hiding places: on land (not water, camp, boats or elevations), no two closer than
  `hiding_spread` steps, none closer than `camp_distance` steps to a camp square.
- Boats: the west boat on a land square whose west neighbour is sea, in the western third of
  the grid and the middle third of the rows; north, east and south alike. The land is one
  piece, so every boat can be walked to.

Variety: the objective rewards squares near a random coastline (the island's shape), each
zone near its seeded root (a Voronoi-like split with wavy borders), water near the Lagoon's
root, and random weights for the camp, boats and hiding places, all drawn from the seed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
from ortools.sat.python import cp_model

from generator.games.island.board import (
    CLIFF,
    LAGOON,
    MEADOW,
    MOUNTAINS,
    SEA,
    ZONES,
    Island,
)
from generator.games.island.design.spec import DesignConstraint, Spec

SUMMIT_ZONES = (MOUNTAINS, CLIFF)
SIDES = ("west", "north", "east", "south")
_STEP = {"west": (0, -1), "north": (-1, 0), "east": (0, 1), "south": (1, 0)}


def max_depth(size: int) -> int:
    """Return the deepest a square may lie inside a summit zone on a `size` board."""
    return max(6, size // 4)


@dataclass(frozen=True)
class Sketch:
    """The seeded shape the objective leans towards: coastline radius per angle, the root
    square of each zone, and random weights for camp, boats and hiding places."""

    size: int
    centre: tuple[float, float]
    coast: tuple[tuple[float, float, float], ...]  # (amplitude, frequency, phase)
    radius: float
    roots: tuple[int, ...]  # one square per zone, in ZONES order
    middle: int  # the square nearest the centre: the island's root
    noise: np.ndarray = field(repr=False, compare=False)  # 0-99 per square: camp, boats...
    waves: np.ndarray = field(repr=False, compare=False)  # smooth -1..1 per square: zones

    @classmethod
    def draw(cls, size: int, seed: int, land_share: float = 0.62) -> Sketch:
        """Return the sketch drawn from `seed` for a `size` board."""
        rng = np.random.default_rng([seed, size, 0x15A1])
        centre = (size / 2 - 0.5 + rng.uniform(-0.7, 0.7), size / 2 - 0.5 + rng.uniform(-0.7, 0.7))
        coast = tuple(
            (float(rng.uniform(0.03, 0.10)), float(k), float(rng.uniform(0, 2 * math.pi)))
            for k in (2, 3, 4, 5)
        )
        radius = math.sqrt(land_share * size * size / math.pi)
        # Zones on a ring at random angles around the centre, in a shuffled order; the
        # Meadow goes a little nearer the middle so that the camp sits inland.
        order = rng.permutation(len(ZONES))
        start = rng.uniform(0, 2 * math.pi)
        roots = [0] * len(ZONES)
        for slot, zone in enumerate(order):
            angle = start + slot * 2 * math.pi / len(ZONES) + rng.uniform(-0.25, 0.25)
            reach = radius * (0.35 if zone == MEADOW else 0.55)
            row = round(centre[0] + reach * math.sin(angle))
            column = round(centre[1] + reach * math.cos(angle))
            roots[zone] = row * size + column
        noise = rng.integers(0, 100, size=(3, size * size))
        waves = _smooth_fields(rng, size, 1 + len(ZONES))
        middle = round(centre[0]) * size + round(centre[1])
        return cls(size, centre, coast, radius, tuple(roots), middle, noise, waves)

    def coast_radius(self, row: float, column: float) -> float:
        """Return the distance from the centre to the sketched coast in the direction of
        (row, column)."""
        angle = math.atan2(row - self.centre[0], column - self.centre[1])
        wave = sum(a * math.cos(k * angle + p) for a, k, p in self.coast)
        return self.radius * (1 + wave)

    def inland(self, square: int) -> float:
        """Return how far inside the sketched coast `square` lies (negative: outside)."""
        row, column = divmod(square, self.size)
        r = math.hypot(row - self.centre[0], column - self.centre[1])
        return self.coast_radius(row, column) - r


def _smooth_fields(rng: np.random.Generator, size: int, count: int) -> np.ndarray:
    """Return `count` smooth random fields over the squares, each within -1..1: sums of
    three plane waves 5 to 12 squares long in random directions."""
    rows, columns = np.divmod(np.arange(size * size), size)
    fields = np.zeros((count, size * size))
    for index in range(count):
        for _ in range(3):
            length = rng.uniform(5, 12)
            angle = rng.uniform(0, 2 * math.pi)
            phase = rng.uniform(0, 2 * math.pi)
            k = 2 * math.pi / length
            fields[index] += np.sin(
                k * (rows * math.sin(angle) + columns * math.cos(angle)) + phase
            )
    return fields / 3


@dataclass
class LayoutModel:
    """A CP-SAT layout model and its variables, by square index."""

    model: cp_model.CpModel
    size: int
    zone: dict[tuple[int, int], cp_model.IntVar]  # (zone, square) -> bool
    water: dict[int, cp_model.IntVar]
    camp: dict[int, cp_model.IntVar]  # top-left square -> bool
    elevation: dict[tuple[int, int], cp_model.IntVar]  # (summit zone, square) -> bool
    hiding: dict[int, cp_model.IntVar]
    boats: dict[tuple[str, int], cp_model.IntVar]  # (side, square) -> bool
    named: dict[str, cp_model.Constraint]

    @property
    def primary(self) -> list[cp_model.IntVar]:
        """Return every variable an island is read from."""
        return [
            *self.zone.values(),
            *self.water.values(),
            *self.camp.values(),
            *self.elevation.values(),
            *self.hiding.values(),
            *self.boats.values(),
        ]

    def island(self, values: dict[str, int], day: int) -> Island:
        """Return the island the solution `values` (by variable name) describes."""
        n = self.size
        zones = [SEA] * (n * n)
        for (z, sq), var in self.zone.items():
            if values[var.name]:
                zones[sq] = z
        top = next(sq for sq, var in self.camp.items() if values[var.name])
        boats = {side: sq for (side, sq), var in self.boats.items() if values[var.name]}
        return Island(
            size=n,
            zones=tuple(zones),
            water=frozenset(sq for sq, var in self.water.items() if values[var.name]),
            camp=(top, top + 1, top + n, top + n + 1),
            elevation=frozenset(sq for (_, sq), var in self.elevation.items() if values[var.name]),
            hiding=frozenset(sq for sq, var in self.hiding.items() if values[var.name]),
            boats=tuple(boats[side] for side in SIDES),
            day=day,
        )

    def fix_zones(self, island: Island) -> None:
        """Require the zones (and so the land) of `island`."""
        for (z, sq), var in self.zone.items():
            self.model.add(var == int(island.zones[sq] == z))

    def fix_terrain(self, island: Island) -> None:
        """Require the zones, water, camp, elevations and boats of `island` (everything
        but the hiding places)."""
        m = self.model
        for (z, sq), var in self.zone.items():
            m.add(var == int(island.zones[sq] == z))
        for sq, var in self.water.items():
            m.add(var == int(sq in island.water))
        for sq, var in self.camp.items():
            m.add(var == int(sq == min(island.camp)))
        for (z, sq), var in self.elevation.items():
            m.add(var == int(sq in island.elevation and island.zones[sq] == z))
        for (side, sq), var in self.boats.items():
            m.add(var == int(island.boats[SIDES.index(side)] == sq))


def build_layout_model(
    spec: Spec,
    sketch: Sketch,
    hiding: int | None,
    named: tuple[DesignConstraint, ...] = (),
    summits: bool = True,
) -> LayoutModel:
    """Return the layout model of `spec` leaning towards `sketch`, with exactly `hiding`
    hiding places (None: the spec's range), and each constraint of `named` also added as a
    named constraint, by its label (for explain_infeasible). Without `summits` the model has no
    elevation squares and no depth rule (the first, quicker phase of `solving.lay_out`)."""
    n = spec.size
    m = cp_model.CpModel()
    inner = [r * n + c for r in range(1, n - 1) for c in range(1, n - 1)]
    inner_set = set(inner)

    def around(sq: int) -> list[int]:
        r, c = divmod(sq, n)
        return [(r + dr) * n + c + dc for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1))]

    zone = {(z, sq): m.new_bool_var(f"zone_{z}_{sq}") for z in range(len(ZONES)) for sq in inner}
    land = {sq: m.new_bool_var(f"land_{sq}") for sq in inner}
    for sq in inner:
        m.add(sum(zone[z, sq] for z in range(len(ZONES))) == land[sq])
    zero = m.new_constant(0)

    def is_land(sq: int):
        return land[sq] if sq in inner_set else zero

    def in_zone(z: int, sq: int):
        return zone[z, sq] if sq in inner_set else zero

    # one piece each: every square of a zone has a neighbour in the zone one step nearer
    # its root; every island square has an island neighbour one step nearer the centre
    for z, root in enumerate(sketch.roots):
        m.add(zone[z, root] == 1)
        _star(m, {sq: zone[z, sq] for sq in inner}, root, n)
    _star(m, land, sketch.middle, n)
    m.add(land[sketch.middle] == 1)
    # no pond of sea: a square whose four neighbours are island is island too
    for sq in inner:
        if all(nb in inner_set for nb in around(sq)):
            m.add_bool_or([land[sq], *(land[nb].Not() for nb in around(sq))])

    # sizes
    zone_sizes = [sum(zone[z, sq] for sq in inner) for z in range(len(ZONES))]
    for size_ in zone_sizes:
        m.add(size_ >= spec.zone[0])
        m.add(size_ <= spec.zone[1])
    island_size = sum(land.values())
    m.add(island_size >= spec.land[0])
    m.add(island_size <= spec.land[1])

    # water: inside the island only
    water = {}
    for sq in inner:
        var = m.new_bool_var(f"water_{sq}")
        water[sq] = var
        for nb in around(sq):
            if nb not in inner_set:
                m.add(var == 0)
                break
            m.add(land[nb] == 1).only_enforce_if(var)
        m.add(var <= land[sq])
    total_water = sum(water.values())
    m.add(total_water >= spec.water[0])
    m.add(total_water <= spec.water[1])
    lagoon_water = []
    for sq in inner:
        both = m.new_bool_var(f"lagoon_water_{sq}")
        m.add_implication(both, water[sq])
        m.add_implication(both, zone[LAGOON, sq])
        lagoon_water.append(both)
    m.add(sum(lagoon_water) >= 1)

    def dry_land(sq: int):
        return land[sq] - water[sq]

    # the camp
    camp = {}
    for sq in inner:
        block = [sq, sq + 1, sq + n, sq + n + 1]
        if all(b in inner_set for b in block):
            var = m.new_bool_var(f"camp_{sq}")
            camp[sq] = var
            for b in block:
                m.add_implication(var, zone[MEADOW, b])
                m.add_implication(var, water[b].Not())
    m.add_exactly_one(camp.values())

    # summits and their elevations
    elevation = {}
    for z in SUMMIT_ZONES if summits else ():
        depth = _depths(m, z, inner, inner_set, in_zone, n, max_depth(n))
        deepest = m.new_int_var(1, max_depth(n), f"deepest_{z}")
        m.add_max_equality(deepest, list(depth.values()))
        for sq in inner:
            var = m.new_bool_var(f"elevation_{z}_{sq}")
            elevation[z, sq] = var
            m.add_implication(var, zone[z, sq])
            m.add_implication(var, water[sq].Not())
            m.add(depth[sq] >= deepest).only_enforce_if(var)
        count = sum(elevation[z, sq] for sq in inner)
        m.add(count >= spec.elevation[0])
        m.add(count <= spec.elevation[1])

    # boats
    boats = {}
    third = n / 3
    for side in SIDES:
        dr, dc = _STEP[side]
        options = []
        for sq in inner:
            r, c = divmod(sq, n)
            across = c if side in ("north", "south") else r
            along = {"west": c, "north": r, "east": n - 1 - c, "south": n - 1 - r}[side]
            if not (third <= across < 2 * third and along < third):
                continue
            var = m.new_bool_var(f"boat_{side}_{sq}")
            boats[side, sq] = var
            options.append(var)
            m.add(dry_land(sq) == 1).only_enforce_if(var)
            m.add(is_land((r + dr) * n + c + dc) == 0).only_enforce_if(var)
        m.add_exactly_one(options)

    # hiding places
    hide = {}
    for sq in inner:
        var = m.new_bool_var(f"hiding_{sq}")
        hide[sq] = var
        m.add(var <= dry_land(sq))
        for z in SUMMIT_ZONES if summits else ():
            m.add(var + elevation[z, sq] <= 1)
        for side in SIDES:
            if (side, sq) in boats:
                m.add(var + boats[side, sq] <= 1)
    count = sum(hide.values())
    low, high = (hiding, hiding) if hiding is not None else spec.hiding
    m.add(count >= low)
    m.add(count <= high)
    for a in inner:
        for b in _ball(a, spec.hiding_spread - 1, n):
            if b > a and b in inner_set:
                m.add(hide[a] + hide[b] <= 1)
    for top, var in camp.items():
        near = set()
        for sq in (top, top + 1, top + n, top + n + 1):
            near.update(_ball(sq, spec.camp_distance - 1, n))
        m.add(sum(hide[sq] for sq in near if sq in inner_set) == 0).only_enforce_if(var)

    layout = LayoutModel(m, n, zone, water, camp, elevation, hide, boats, {})
    for constraint in named:
        _add_named(layout, constraint, zone_sizes, island_size, total_water, count)
    _objective(layout, sketch, inner)
    _hint(layout, sketch, inner)
    return layout


def _star(m: cp_model.CpModel, member: dict[int, cp_model.IntVar], root: int, n: int) -> None:
    """Require every member square but `root` to have a member neighbour one step nearer
    `root` (|dx| + |dy|): the members then join the root by paths that only approach it."""
    r0, c0 = divmod(root, n)
    for sq, var in member.items():
        if sq == root:
            continue
        r, c = divmod(sq, n)
        nearer = []
        if r != r0:
            nearer.append(sq - n if r > r0 else sq + n)
        if c != c0:
            nearer.append(sq - 1 if c > c0 else sq + 1)
        options = [member[x] for x in nearer if x in member]
        m.add_bool_or([var.Not(), *options])


def _ball(square: int, radius: int, n: int) -> list[int]:
    """Return the squares within `radius` steps of `square` on the grid (none if < 0)."""
    r, c = divmod(square, n)
    out = []
    for dr in range(-radius, radius + 1):
        span = radius - abs(dr)
        for dc in range(-span, span + 1):
            if 0 <= r + dr < n and 0 <= c + dc < n:
                out.append((r + dr) * n + c + dc)
    return out


def _depths(m, z, inner, inner_set, in_zone, n, cap) -> dict[int, cp_model.LinearExpr]:
    """Return each square's depth in zone z (0 outside it), forbidding depths above `cap`:
    deep_k = deep_(k-1) and every square exactly k - 1 steps away is in the zone."""
    depth = {}
    for sq in inner:
        r, c = divmod(sq, n)
        layers = [in_zone(z, sq)]
        for k in range(1, cap + 1):
            ring = {
                (r + dr, c + dc) for dr in range(-k, k + 1) for dc in (k - abs(dr), abs(dr) - k)
            }
            squares = [rr * n + cc for rr, cc in ring if 0 <= rr < n and 0 <= cc < n]
            if len(squares) < len(ring) or any(x not in inner_set for x in squares):
                deeper = m.new_constant(0)
            else:
                deeper = m.new_bool_var(f"deep_{z}_{k + 1}_{sq}")
                members = [in_zone(z, x) for x in squares]
                m.add_implication(deeper, layers[-1])
                for member in members:
                    m.add_implication(deeper, member)
                m.add_bool_or([layers[-1].Not(), *(x.Not() for x in members), deeper])
            if k == cap:
                m.add(deeper == 0)
            else:
                layers.append(deeper)
        depth[sq] = sum(layers)
    return depth


def _add_named(layout: LayoutModel, c: DesignConstraint, zones, island, water, hiding) -> None:
    """Add designer constraint `c` (or a default in force) as one named constraint, a
    literal enforcing its parts, named by its label."""
    m = layout.model
    holds = m.new_bool_var(f"holds_{c.text}")
    n = layout.size
    if c.name in ("zone-min", "zone-max"):
        for expr in zones:
            _bound(m, expr, ">=" if c.name == "zone-min" else "<=", c.value, holds)
    elif c.name == "land":
        low = -(-c.value * n * n // 100)
        high = c.value * n * n // 100
        if c.op in (">=", "="):
            m.add(island >= low).only_enforce_if(holds)
        if c.op in ("<=", "="):
            m.add(island <= high).only_enforce_if(holds)
    elif c.name == "land-squares":  # the default island's size, in squares
        _bound(m, island, c.op, c.value, holds)
    elif c.name == "water":
        _bound(m, water, c.op, c.value, holds)
    elif c.name == "hiding":
        _bound(m, hiding, c.op, c.value, holds)
    elif c.name == "elevation":
        for z in SUMMIT_ZONES:
            count = sum(v for (zz, _), v in layout.elevation.items() if zz == z)
            _bound(m, count, c.op, c.value, holds)
    elif c.name == "hiding-spread":
        for a, var in layout.hiding.items():
            for b in _ball(a, c.value - 1, n):
                if b > a and b in layout.hiding:
                    m.add(var + layout.hiding[b] <= 1).only_enforce_if(holds)
    elif c.name == "camp-distance":
        for top, var in layout.camp.items():
            near = set()
            for sq in (top, top + 1, top + n, top + n + 1):
                near.update(_ball(sq, c.value - 1, n))
            spots = [layout.hiding[sq] for sq in near if sq in layout.hiding]
            m.add(sum(spots) == 0).only_enforce_if([var, holds])
    # day is the balance loop's, not the layout's: nothing to add
    layout.named[c.label] = m.add_bool_and([holds])


def _bound(m, expr, op: str, value: int, holds) -> None:
    if op in (">=", "="):
        m.add(expr >= value).only_enforce_if(holds)
    if op in ("<=", "="):
        m.add(expr <= value).only_enforce_if(holds)


def _zone_weight(sketch: Sketch, square: int, zone: int, gaps: list[int]) -> int:
    """Return what the objective pays for `square` in `zone` (gaps: steps to each root)."""
    return (
        round(20 * sketch.inland(square))
        - 6 * (gaps[zone] - min(gaps))
        + round(8 * sketch.waves[0, square])
        + round(9 * sketch.waves[1 + zone, square])
    )


def _gaps(sketch: Sketch, square: int) -> list[int]:
    """Return the steps from `square` to each zone's root."""
    n = sketch.size
    r, c = divmod(square, n)
    return [abs(r - root // n) + abs(c - root % n) for root in sketch.roots]


def _hint(layout: LayoutModel, sketch: Sketch, inner: list[int]) -> None:
    """Hint the zones the objective alone would pick square by square (island where a zone
    pays, that zone): a start near the optimum, which CP-SAT repairs where it breaks a rule."""
    for sq in inner:
        gaps = _gaps(sketch, sq)
        weights = [_zone_weight(sketch, sq, z, gaps) for z in range(len(ZONES))]
        best = max(range(len(ZONES)), key=lambda z: weights[z])
        for z in range(len(ZONES)):
            layout.model.add_hint(layout.zone[z, sq], int(z == best and weights[z] > 0))


def _objective(layout: LayoutModel, sketch: Sketch, inner: list[int]) -> None:
    """Maximise closeness to the sketch: island inside its coast, each zone near its root,
    water near the Lagoon's root, random preferences for camp, boats and hiding places."""
    terms = []
    for sq in inner:
        gaps = _gaps(sketch, sq)
        for z in range(len(ZONES)):
            # land inside the coast pays, outside costs; a zone far from its root costs
            terms.append(_zone_weight(sketch, sq, z, gaps) * layout.zone[z, sq])
        terms.append((8 - 3 * gaps[LAGOON]) * layout.water[sq])
        terms.append(int(sketch.noise[0, sq]) // 10 * layout.hiding[sq])
    for top, var in layout.camp.items():
        terms.append(int(sketch.noise[1, top]) // 10 * var)
    for (_, sq), var in layout.boats.items():
        terms.append(int(sketch.noise[2, sq]) // 10 * var)
    for var in layout.elevation.values():
        terms.append(5 * var)
    layout.model.maximize(sum(terms))
