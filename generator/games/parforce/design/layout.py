"""Laying out a hunting board with CP-SAT: the pond, the thickets and the ten start squares.

The pond's centre is the board's centre (the model keeps the pond's mean within half a
square of it, so board.py's rounded centre is exactly the board's), so whether a move is
forward is known before solving: the tangent at a square is its offset from the board's
centre turned a quarter turn in the hunt's direction (docs/rules/parforce.md). On that the
model (`build_layout_model`) puts, on a `size` x `size` grid:

- `pond_<sq>`, `thicket_<sq>`, `c_<sq>`, `a_<sq>`, `b_<sq>`, `k_<sq>`: what stands on each
  square; at most one of them per square, a square with none is plain land.
- The pond covers the centre's block (the squares within half a square of the centre) and
  is one piece by monotone paths: every other pond square has an orthogonal pond neighbour
  one step nearer that block. Its size lies in the spec's range.
- One c, four a, four b, one k (on the edge); thickets within the spec's range.
- The stag's lap: `lap_<sq>` marks the squares of one cycle of forward knight moves
  (AddCircuit over the forward knight arcs, a self-loop for every square off the cycle);
  c lies on it and every square of it is land. So the stag can run a complete lap.
- The square opposite c through the centre is land.
- Not attacked: no pursuer starts a knight's move or a king's step from c, nor within
  `gap` - 1 king steps; c has at least `exits` forward knight moves onto land.
- Symmetry: `mirror` makes the pond, the thickets, the a squares and the b squares their own
  mirror image in a line through the centre (the north-south or east-west line, or a
  diagonal) on which c and k both lie; `rotate` makes the pond, the thickets, the a squares
  and the b squares their own image under a half turn about the centre (c and k are single
  and exempt; c's image is its opposite square, land anyway).

The objective, drawn from the seed (`Weights`), makes the pond round with a ragged rim,
scatters the thickets, puts c and the riders towards the edge and the handler and the hounds
near a kennel point on the edge. The modelled lap is one lap of the stag, not always its
*shortest*: `solving` measures the shortest after each solve and forbids one too short.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from ortools.sat.python import cp_model

from generator.games.parforce.board import KING, KNIGHT, ORTHOGONAL, PIECE_STARTS, HuntingBoard
from generator.games.parforce.design.spec import DesignConstraint, Spec


def offset2(size: int, square: int) -> tuple[int, int]:
    """Return the doubled offset (dx, dy) of `square` from the board's centre (east, north)."""
    row, column = divmod(square, size)
    return 2 * column - (size - 1), 2 * row - (size - 1)


def is_forward(size: int, clockwise: bool, square: int, dx: int, dy: int) -> bool:
    """Return True when the move (dx, dy) from `square` is forward round the board's centre."""
    ox, oy = offset2(size, square)
    tx, ty = (oy, -ox) if clockwise else (-oy, ox)
    return dx * tx + dy * ty > 0


def steps_to_core(size: int, square: int) -> int:
    """Return the orthogonal steps from `square` to the centre's block (0 inside it)."""
    ox, oy = offset2(size, square)
    return abs(ox) // 2 + abs(oy) // 2


def opposite(size: int, square: int) -> int:
    """Return the square opposite `square` through the board's centre."""
    return size * size - 1 - square


def jumps(size: int, square: int, vectors) -> list[tuple[int, int, int]]:
    """Return (target, dx, dy) for each vector of `vectors` from `square` that stays on the
    board."""
    row, column = divmod(square, size)
    out = []
    for dx, dy in vectors:
        c, r = column + dx, row + dy
        if 0 <= c < size and 0 <= r < size:
            out.append((r * size + c, dx, dy))
    return out


def on_edge(size: int, square: int) -> bool:
    """Return True for a square of the outer ring."""
    row, column = divmod(square, size)
    return row in (0, size - 1) or column in (0, size - 1)


def mirrors(size: int) -> dict[str, list[int]]:
    """Return the four mirror lines through the centre as maps square -> image."""
    n = size
    out: dict[str, list[int]] = {}
    for name, image in (
        ("north-south", lambda c, r: (n - 1 - c, r)),
        ("east-west", lambda c, r: (c, n - 1 - r)),
        ("diagonal", lambda c, r: (r, c)),
        ("antidiagonal", lambda c, r: (n - 1 - r, n - 1 - c)),
    ):
        out[name] = [image(s % n, s // n)[1] * n + image(s % n, s // n)[0] for s in range(n * n)]
    return out


@dataclass(frozen=True)
class Weights:
    """The seeded preferences of the objective: a whole-number weight per square for each
    thing placed (higher is preferred)."""

    pond: tuple[int, ...]
    thicket: tuple[int, ...]
    stag: tuple[int, ...]
    hound: tuple[int, ...]
    rider: tuple[int, ...]
    handler: tuple[int, ...]

    @classmethod
    def draw(cls, size: int, seed: int, variant: int = 0) -> Weights:
        """Return the weights drawn from (`seed`, `variant`) for a `size` board: the pond
        near the centre with noise, thickets anywhere, c and the riders towards the edge,
        the handler and the hounds near a kennel point on the edge."""
        rng = np.random.default_rng([seed, size, variant, 0x9A7F])
        n, cells = size, size * size
        half = (n - 1) / 2
        ring = [min(s % n, s // n, n - 1 - s % n, n - 1 - s // n) for s in range(cells)]
        dist = [math.hypot(s % n - half, s // n - half) for s in range(cells)]
        noise = rng.integers(0, 100, size=(6, cells))
        edge = [s for s in range(cells) if ring[s] == 0]
        kennel = int(edge[rng.integers(0, len(edge))])
        kx, ky = kennel % n, kennel // n

        def near_kennel(s: int) -> float:
            return math.hypot(s % n - kx, s // n - ky)

        return cls(
            pond=tuple(int(-40 * d + noise[0][s] * 0.5) for s, d in enumerate(dist)),
            thicket=tuple(int(noise[1][s]) for s in range(cells)),
            stag=tuple(int(noise[2][s] - 25 * ring[s]) for s in range(cells)),
            hound=tuple(int(noise[3][s] * 0.4 - 15 * near_kennel(s)) for s in range(cells)),
            rider=tuple(int(noise[4][s] - 12 * ring[s]) for s in range(cells)),
            handler=tuple(int(noise[5][s] * 0.4 - 15 * near_kennel(s)) for s in range(cells)),
        )


@dataclass
class LayoutModel:
    """A CP-SAT layout model and its variables, by square index."""

    model: cp_model.CpModel
    size: int
    clockwise: bool
    pond: list[cp_model.IntVar]
    thicket: list[cp_model.IntVar]
    stag: list[cp_model.IntVar]
    hound: list[cp_model.IntVar]
    rider: list[cp_model.IntVar]
    handler: list[cp_model.IntVar]
    lap: list[cp_model.IntVar]
    named: dict[str, cp_model.Constraint]

    @property
    def primary(self) -> list[cp_model.IntVar]:
        """Return every variable a board is read from."""
        return [
            *self.pond,
            *self.thicket,
            *self.stag,
            *self.hound,
            *self.rider,
            *self.handler,
        ]

    def board(self, values: dict[str, int]) -> HuntingBoard:
        """Return the board the solution `values` (by variable name) describes (building it
        runs board.py's own checks: QuarryError if the model let something through)."""

        def chosen(variables: list[cp_model.IntVar]) -> list[int]:
            return [s for s, var in enumerate(variables) if values[var.name]]

        return HuntingBoard(
            size=self.size,
            pond=frozenset(chosen(self.pond)),
            clockwise=self.clockwise,
            stag=chosen(self.stag)[0],
            hounds=tuple(chosen(self.hound)),
            riders=tuple(chosen(self.rider)),
            handler=chosen(self.handler)[0],
            thickets=frozenset(chosen(self.thicket)),
        )

    def land(self, square: int):
        """Return the expression that is 1 when `square` is land (neither pond nor thicket)."""
        return 1 - self.pond[square] - self.thicket[square]

    def forbid_lap(self, cycle: list[int]) -> None:
        """Forbid the lap `cycle` (its squares, c first): one of them stops being land, or c
        stands on none of them (from any of them the cycle is a lap as short)."""
        total = sum(self.stag[s] + self.land(s) for s in cycle)
        self.model.add(total <= len(cycle))


def build_layout_model(
    spec: Spec,
    weights: Weights,
    clockwise: bool,
    pond_count: int | None = None,
    thicket_count: int | None = None,
    named: tuple[DesignConstraint, ...] = (),
) -> LayoutModel:
    """Return the layout model for `spec` (see the module's docstring), the hunt running
    `clockwise` or not, with exactly `pond_count` pond squares and `thicket_count`
    thickets when given (else the spec's ranges), and each constraint of `named` also added
    under its own literal (`named` by its text, for explain_infeasible)."""
    n, cells = spec.size, spec.size * spec.size
    m = cp_model.CpModel()

    def bools(prefix: str) -> list[cp_model.IntVar]:
        return [m.new_bool_var(f"{prefix}_{s}") for s in range(cells)]

    layout = LayoutModel(
        m,
        n,
        clockwise,
        bools("pond"),
        bools("thicket"),
        bools("c"),
        bools("a"),
        bools("b"),
        bools("k"),
        bools("lap"),
        {},
    )
    pond, thicket, stag, hound = layout.pond, layout.thicket, layout.stag, layout.hound
    rider, handler = layout.rider, layout.handler
    for s in range(cells):
        m.add(pond[s] + thicket[s] + stag[s] + hound[s] + rider[s] + handler[s] <= 1)
        if not on_edge(n, s):
            m.add(handler[s] == 0)
    m.add(sum(stag) == 1)
    m.add(sum(handler) == 1)
    m.add(sum(hound) == PIECE_STARTS)
    m.add(sum(rider) == PIECE_STARTS)
    _add_pond(layout)
    _add_lap(layout)
    pond_size, thickets = sum(pond), sum(thicket)
    if pond_count is not None:
        m.add(pond_size == pond_count)
    if thicket_count is not None:
        m.add(thickets == thicket_count)
    m.add(pond_size >= spec.pond[0])
    m.add(pond_size <= spec.pond[1])
    m.add(thickets >= spec.thickets[0])
    m.add(thickets <= spec.thickets[1])
    # the modelled lap is one lap; the shortest is no longer, and a board whose shortest
    # lap is K or more has a lap of K or more: both bounds hold on the modelled one
    m.add(sum(layout.lap) >= spec.lap[0])
    if spec.lap[1] is not None:
        m.add(sum(layout.lap) <= spec.lap[1])
    for s in range(cells):  # the square opposite c is land
        o = opposite(n, s)
        m.add(stag[s] + pond[o] + thicket[o] <= 1)
    _add_start_rules(layout, spec.exits, spec.gap, None)
    _add_symmetry(layout, spec.symmetry, None)
    for constraint in named:
        _add_named(layout, constraint)
    pairs = (
        (weights.pond, pond),
        (weights.thicket, thicket),
        (weights.stag, stag),
        (weights.hound, hound),
        (weights.rider, rider),
        (weights.handler, handler),
    )
    m.maximize(sum(w * v for table, vs in pairs for w, v in zip(table, vs, strict=True)))
    return layout


def _add_pond(layout: LayoutModel) -> None:
    """The pond covers the centre's block, is one piece (monotone paths to the block) and its
    mean lies within half a square of the centre on both axes."""
    m, n, pond = layout.model, layout.size, layout.pond
    for s in range(n * n):
        depth = steps_to_core(n, s)
        if depth == 0:
            m.add(pond[s] == 1)
            continue
        nearer = [t for t, _, _ in jumps(n, s, ORTHOGONAL) if steps_to_core(n, t) < depth]
        m.add_bool_or([pond[t] for t in nearer]).only_enforce_if(pond[s])
    count = sum(pond)
    for axis in (0, 1):
        moment = sum(offset2(n, s)[axis] * pond[s] for s in range(n * n))
        m.add(2 * moment <= count - 1)
        m.add(-2 * moment <= count - 1)


def _add_lap(layout: LayoutModel) -> None:
    """A cycle of forward knight moves over land squares through c (AddCircuit)."""
    m, n = layout.model, layout.size
    arcs = []
    for s in range(n * n):
        arcs.append((s, s, ~layout.lap[s]))
        m.add(layout.lap[s] + layout.pond[s] + layout.thicket[s] <= 1)
        m.add_implication(layout.stag[s], layout.lap[s])
        for t, dx, dy in jumps(n, s, KNIGHT):
            if is_forward(n, layout.clockwise, s, dx, dy):
                arc = m.new_bool_var(f"arc_{s}_{t}")
                arcs.append((s, t, arc))
                m.add_implication(arc, layout.lap[s])
                m.add_implication(arc, layout.lap[t])
    m.add_circuit(arcs)


def _pursuers(layout: LayoutModel, square: int):
    """Return the expression counting the pursuers starting on `square`."""
    return layout.hound[square] + layout.rider[square] + layout.handler[square]


def _add_start_rules(layout: LayoutModel, exits: int, gap: int, holds) -> None:
    """No pursuer a knight's move, a king's step or fewer than `gap` king steps from c;
    at least `exits` forward knight moves from c onto land. Under literal `holds` if given."""
    m, n = layout.model, layout.size
    enforce = [] if holds is None else [holds]
    reach = max(gap - 1, 1)
    near = [(dx, dy) for dx in range(-reach, reach + 1) for dy in range(-reach, reach + 1)]
    near = [v for v in near if v != (0, 0)]
    for s in range(n * n):
        attacked = {t for t, _, _ in jumps(n, s, (*KNIGHT, *KING, *near))}
        for t in sorted(attacked):
            m.add(layout.stag[s] + _pursuers(layout, t) <= 1).only_enforce_if(enforce)
        ahead = [
            t for t, dx, dy in jumps(n, s, KNIGHT) if is_forward(n, layout.clockwise, s, dx, dy)
        ]
        free = sum(layout.land(t) for t in ahead) if ahead else 0
        m.add(free >= exits * layout.stag[s]).only_enforce_if(enforce)


def _add_symmetry(layout: LayoutModel, symmetry: str, holds) -> None:
    """Make the pond, thickets, a and b squares symmetric (mirror or rotate; none: nothing),
    under literal `holds` if given."""
    m, n = layout.model, layout.size
    enforce = [] if holds is None else [holds]
    sets = (layout.pond, layout.thicket, layout.hound, layout.rider)
    if symmetry == "rotate":
        for s in range(n * n):
            for variables in sets:
                m.add(variables[s] == variables[opposite(n, s)]).only_enforce_if(enforce)
        # implied, but CP-SAT finds parity slowly: only the centre (pond) is its own image
        for variables, odd in ((layout.pond, n % 2), (layout.thicket, 0)):
            pairs = m.new_int_var(0, n * n // 2, f"rotate_pairs_{variables[0].name}")
            m.add(sum(variables) == 2 * pairs + odd).only_enforce_if(enforce)
        return
    if symmetry != "mirror":
        return
    lines = mirrors(n)
    chosen = {name: m.new_bool_var(f"mirror_{name}") for name in lines}
    m.add(sum(chosen.values()) == 1).only_enforce_if(enforce)
    for name, image in lines.items():
        for s in range(n * n):
            for variables in sets:
                m.add(variables[s] == variables[image[s]]).only_enforce_if([chosen[name], *enforce])
            if image[s] != s:
                m.add(layout.stag[s] + layout.handler[s] == 0).only_enforce_if(
                    [chosen[name], *enforce]
                )


def _add_named(layout: LayoutModel, c: DesignConstraint) -> None:
    """Add designer constraint `c` (or a default in force) under one literal and record it
    as named[c.label]."""
    m = layout.model
    holds = m.new_bool_var(f"holds_{c.text}")
    if c.name in ("pond", "thickets", "lap"):
        variables = {"pond": layout.pond, "thickets": layout.thicket, "lap": layout.lap}[c.name]
        total = sum(variables)
        if c.op in (">=", "="):
            m.add(total >= c.value).only_enforce_if(holds)
        if c.op in ("<=", "="):
            m.add(total <= c.value).only_enforce_if(holds)
    elif c.name == "exits":
        _add_start_rules(layout, int(c.value), 2, holds)
    elif c.name == "gap":
        _add_start_rules(layout, 1, int(c.value), holds)
    elif c.name == "symmetry":
        _add_symmetry(layout, str(c.value), holds)
    layout.named[c.label] = m.add_bool_and([holds])
