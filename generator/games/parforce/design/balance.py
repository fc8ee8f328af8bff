"""The balance loop: lay out several hunting boards, measure the stag's win rate on each with
the bots, keep the one nearest the target, measured beside the default board.

`generate_hunting_board(constraints, seed, size, target, games, jobs)`:

1. Check the limits and the constraints (QuarryError before any work).
2. Candidates: `CANDIDATES` boards, each a CP-SAT layout with its own pond size (spread
   evenly over the spec's range, the smallest first), its own number of thickets (the
   spec's range, in turn) and its own seeded weights (so the pursuers start elsewhere).
   A count the constraints cannot take (a rotated pond of even size on an odd board) is
   tried one larger, then left to the spec's range.
3. Probe: simulate `probe_games` games on each candidate (seed + 1) and read the
   `stag_win_rate` of `simulate_parforce`.
4. Refine, until a probe comes within CLOSE_ENOUGH of the target or 16 are probed:
   when two probed pond sizes more than one apart bracket the target, lay out the size
   interpolated between them; otherwise lay out the nearest probe's pond and thickets again
   with another objective variant (the pursuers start elsewhere). Probe each.
5. Confirm: simulate the probe nearest the target with `games` games (seed); while the
   target lies outside its 95 % interval, confirm the next nearest, up to three; keep the
   nearest. Probes of 120 games are rough (the win rate jumps from board to board), so when
   none of the three holds the target a second stage refines up to 24 probes in all, the
   confirmed ones set aside, and confirms up to three more.
6. Measure the default board (board.default_board()) with the same seed and game count, so
   both final figures are measured on the same dice.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from generator.errors import QuarryError
from generator.games.parforce.board import HuntingBoard, default_board, format_board
from generator.games.parforce.design.solving import lay_out, shortest_lap
from generator.games.parforce.design.spec import (
    MAX_GAMES,
    Spec,
    check_limits,
    parse_constraints,
)

METRIC = "stag_win_rate"
CANDIDATES = 5
PROBE_GAMES = 120
STAGE_PROBES = (16, 24)  # probes in all after the first stage, after the second
CLOSE_ENOUGH = 0.03
MAX_CONFIRMATIONS = 3
DEFAULT_GAMES = 2000
NEAREST_SHOWN = 5  # probes listed in the report's text


@dataclass(frozen=True)
class Probe:
    """One candidate simulated: its layout variant, pond size, thickets, the stag's shortest
    lap, the game count and the measured win rate with its 95 % interval."""

    variant: int
    pond: int
    thickets: int
    lap: int
    games: int
    rate: float
    ci95: tuple[float, float]

    def miss(self, target: float) -> float:
        """Return how far the win rate lies from `target`."""
        return abs(self.rate - target)

    def to_json(self) -> dict:
        """Return the probe as JSON."""
        return {
            "variant": self.variant,
            "pond": self.pond,
            "thickets": self.thickets,
            "lap": self.lap,
            "games": self.games,
            METRIC: {"value": self.rate, "ci95": list(self.ci95)},
        }


@dataclass
class Report:
    """What `generate_hunting_board` made and measured."""

    constraints: list[str]
    seed: int
    size: int
    target: float
    games: int
    board: HuntingBoard
    chosen: dict  # simulate_parforce summary of the board
    default: dict  # simulate_parforce summary of the default board
    probes: list[Probe] = field(default_factory=list)
    confirmed: list[Probe] = field(default_factory=list)
    seconds: dict = field(default_factory=dict)

    @property
    def rate(self) -> dict:
        """Return the chosen board's stag_win_rate metric ({"value", "ci95"})."""
        return self.chosen["metrics"][METRIC]

    @property
    def met(self) -> bool:
        """Return True if the target lies in the chosen board's 95 % interval."""
        low, high = self.rate["ci95"]
        return low <= self.target <= high

    def to_json(self) -> dict:
        """Return the report as JSON (no timings: they vary from run to run)."""
        return {
            "game": "parforce",
            "constraints": list(self.constraints),
            "seed": self.seed,
            "size": self.size,
            "target": self.target,
            "games": self.games,
            "met": self.met,
            "board": format_board(self.board),
            "pond": len(self.board.pond),
            "thickets": len(self.board.thickets),
            "lap": len(shortest_lap(self.board) or ()),
            "chosen": self.chosen,
            "default": self.default,
            "probes": [p.to_json() for p in self.probes],
            "confirmed": [p.to_json() for p in self.confirmed],
        }


def generate_hunting_board(
    constraints: Sequence[str],
    seed: int,
    size: int = 9,
    target: float = 0.5,
    games: int = DEFAULT_GAMES,
    jobs: int = 1,
    probe_games: int = PROBE_GAMES,
) -> Report:
    """Return the report of the board laid out from `seed` under `constraints` whose stag
    win rate comes nearest `target` (see the module's docstring), measured with `games`
    games beside the default board.

    QuarryError for bad limits or constraints (before any work) or constraints in conflict."""
    check_limits(size, target, games)
    if not 1 <= probe_games <= MAX_GAMES:
        raise QuarryError(f"probe games must be from 1 to {MAX_GAMES:,}, got {probe_games}")
    probe_games = min(probe_games, games)
    parsed = parse_constraints(constraints, size)
    spec = Spec.from_constraints(size, parsed)
    clock = time.perf_counter()
    search = _Search(spec, seed, parsed, target, probe_games, jobs)
    search.lay_out_candidates()
    seconds = {"layout": time.perf_counter() - clock}
    seconds["probes"] = seconds["confirm"] = 0.0
    best_board, best, confirmed = None, None, []
    for limit in STAGE_PROBES:
        clock = time.perf_counter()
        search.probe_all()
        done = {p.variant for p in confirmed}
        search.refine(limit, done)
        seconds["probes"] += time.perf_counter() - clock
        clock = time.perf_counter()
        fresh = [p for p in search.probes if p.variant not in done]
        for probe in sorted(fresh, key=lambda p: p.miss(target))[:MAX_CONFIRMATIONS]:
            board = search.boards[probe.variant]
            summary = _simulate(board, games, seed, jobs)
            confirmed.append(_probe(probe.variant, board, games, summary))
            if best is None or _miss(summary, target) < _miss(best, target):
                best_board, best = board, summary
            if _inside(summary, target):
                break
        seconds["confirm"] += time.perf_counter() - clock
        if _inside(best, target):
            break
    clock = time.perf_counter()
    default = _simulate(default_board(), games, seed, jobs)
    seconds["default"] = time.perf_counter() - clock
    return Report(
        constraints=[c.text for c in parsed],
        seed=seed,
        size=size,
        target=target,
        games=games,
        board=best_board,
        chosen=best,
        default=default,
        probes=search.probes,
        confirmed=confirmed,
        seconds=seconds,
    )


def _simulate(board: HuntingBoard, games: int, seed: int, jobs: int) -> dict:
    """Return simulate_parforce's summary of `games` games on `board` (default bots)."""
    from generator.games.parforce.bots import simulate_parforce

    return simulate_parforce(board, games, seed, jobs, {}, False)


def _rate(summary: dict) -> tuple[float, tuple[float, float]]:
    """Return the stag's win rate and its 95 % interval from a simulation summary."""
    metric = summary["metrics"][METRIC]
    return float(metric["value"]), (float(metric["ci95"][0]), float(metric["ci95"][1]))


def _probe(variant: int, board: HuntingBoard, games: int, summary: dict) -> Probe:
    """Return the Probe of `board` measured by `summary`."""
    rate, ci95 = _rate(summary)
    lap = len(shortest_lap(board) or ())
    return Probe(variant, len(board.pond), len(board.thickets), lap, games, rate, ci95)


def _miss(summary: dict, target: float) -> float:
    return abs(_rate(summary)[0] - target)


def _inside(summary: dict, target: float) -> bool:
    low, high = _rate(summary)[1]
    return low <= target <= high


def spread(low: int, high: int, count: int) -> list[int]:
    """Return `count` whole numbers spread evenly from `low` to `high` (repeats dropped)."""
    if count <= 1 or high <= low:
        return [low]
    values = [round(low + (high - low) * i / (count - 1)) for i in range(count)]
    return list(dict.fromkeys(values))


class _Search:
    """The candidates of one design and their probes; remembers every board by variant."""

    def __init__(self, spec: Spec, seed: int, parsed, target: float, games: int, jobs: int):
        self.spec, self.seed, self.parsed = spec, seed, parsed
        self.target, self.games, self.jobs = target, games, jobs
        self.boards: dict[int, HuntingBoard] = {}
        self.probes: list[Probe] = []
        self._next_variant = 0

    def add(self, pond: int | None, thickets: int | None) -> HuntingBoard | None:
        """Lay out one more candidate with `pond` squares of pond and `thickets` thickets
        (falling back to the spec's ranges when those counts cannot be met); return it, or
        None when it repeats a board already laid out."""
        variant = self._next_variant
        self._next_variant += 1
        board = lay_out(self.spec, self.seed, variant, pond, thickets, self.parsed)
        if board is None and pond is not None and pond < self.spec.pond[1]:
            board = lay_out(self.spec, self.seed, variant, pond + 1, thickets, self.parsed)
        if board is None:
            try:
                board = lay_out(self.spec, self.seed, variant, None, None, self.parsed)
            except QuarryError:
                if not self.boards:
                    raise
                return None  # a hard lap bound this variant missed; others have met it
        if board in self.boards.values():
            return None
        self.boards[variant] = board
        return board

    def lay_out_candidates(self) -> None:
        """Lay out the first CANDIDATES boards (pond sizes spread, thickets in turn)."""
        ponds = spread(*self.spec.pond, CANDIDATES)
        thickets = spread(*self.spec.thickets, CANDIDATES)
        for index in range(CANDIDATES):
            pond = ponds[index % len(ponds)]
            self.add(pond, thickets[(index * 2) % len(thickets)])

    def probe(self, variant: int) -> Probe:
        """Return the probe of candidate `variant` (simulated once, with seed + 1)."""
        board = self.boards[variant]
        summary = _simulate(board, self.games, self.seed + 1, self.jobs)
        probe = _probe(variant, board, self.games, summary)
        self.probes.append(probe)
        return probe

    def probe_all(self) -> None:
        """Probe every candidate not yet probed."""
        done = {p.variant for p in self.probes}
        for variant in sorted(self.boards):
            if variant not in done:
                self.probe(variant)

    def refine(self, limit: int, confirmed: set[int]) -> None:
        """Lay out and probe more candidates until one not yet `confirmed` (variants) probes
        within CLOSE_ENOUGH of the target or `limit` are probed in all: while the probes
        straddle the target between two pond sizes more than one apart, the size
        interpolated between the nearest probe on each side; otherwise the nearest fresh
        probe's pond and thickets with the pursuers elsewhere (a new objective variant)."""
        tries = 0
        while len(self.probes) < limit and tries < 2 * limit:
            tries += 1
            fresh = [p for p in self.probes if p.variant not in confirmed] or self.probes
            best = min(fresh, key=lambda p: p.miss(self.target))
            if best.miss(self.target) <= CLOSE_ENOUGH:
                return
            pond, thickets = self.interpolated() or (best.pond, best.thickets)
            if self.add(pond, thickets) is not None:
                self.probe_all()

    def interpolated(self) -> tuple[int, int] | None:
        """Return (pond, thickets) between the nearest probes below and above the target
        when their ponds differ by 2 or more and that size is not yet laid out; else None."""
        below = [p for p in self.probes if p.rate < self.target]
        above = [p for p in self.probes if p.rate >= self.target]
        if not below or not above:
            return None
        low = min(below, key=lambda p: p.miss(self.target))
        high = min(above, key=lambda p: p.miss(self.target))
        if abs(low.pond - high.pond) < 2:
            return None
        share = (self.target - low.rate) / (high.rate - low.rate)
        pond = round(low.pond + share * (high.pond - low.pond))
        pond = min(max(pond, min(low.pond, high.pond) + 1), max(low.pond, high.pond) - 1)
        if any(len(board.pond) == pond for board in self.boards.values()):
            return None
        return pond, round((low.thickets + high.thickets) / 2)


def report_text(report: Report) -> str:
    """Return the report for a terminal: the board's figures and the stag's win rate beside
    the default board's, with the candidates tried."""
    constraints = ", ".join(report.constraints) or "none"

    def rate(summary: dict) -> str:
        mean, (low, high) = _rate(summary)
        return f"{mean:.3f} [{low:.3f}, {high:.3f}]"

    board, default = report.board, default_board()
    lap = len(shortest_lap(board) or ())
    direction = "clockwise" if board.clockwise else "counter-clockwise"
    lines = [
        f"hunting board {report.size} x {report.size}, seed {report.seed}, "
        f"constraints: {constraints}",
        f"target stag win rate {report.target:.3f} ({report.games} games each)",
        f"  this board (pond {len(board.pond)}, {len(board.thickets)} thickets, lap {lap}, "
        f"{direction}): {rate(report.chosen)}"
        + ("  target met" if report.met else "  target NOT met"),
        f"  default board (pond {len(default.pond)}, lap {len(shortest_lap(default) or ())}): "
        f"{rate(report.default)}",
        f"  {len(report.probes)} candidates probed ({report.probes[0].games} games each); "
        "the nearest (pond, thickets, lap: win rate): "
        + "; ".join(
            f"{p.pond}, {p.thickets}, {p.lap}: {p.rate:.3f}"
            for p in sorted(report.probes, key=lambda p: p.miss(report.target))[:NEAREST_SHOWN]
        ),
        "  confirmed: "
        + "; ".join(f"{p.pond}, {p.thickets}, {p.lap}: {p.rate:.3f}" for p in report.confirmed),
    ]
    return "\n".join(lines)
