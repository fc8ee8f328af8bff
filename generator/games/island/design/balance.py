"""The balance loop: lay out an island, then tune its day and hiding places by simulation
until the Hunted's survival meets the target, measured beside the default island.

`generate_island(constraints, seed, size, players, target, games, jobs)`:

1. Check the limits and the constraints (QuarryError before any work), lay out the island
   with CP-SAT (`solving.lay_out`).
2. Probe: simulate `probe_games` games of a candidate (a day length and a hiding count)
   and read `hunted_survival`, the mean share of Hunted who escape.
   - Day walk: from the default day, step the day one cycle at a time towards the target
     (a longer day lowers survival) until the survival crosses the target or the day range
     ends.
   - Hiding search: on the day from which the hiding places can best reach the target
     (more hiding places raise the survival, about 0.02 each), probe the hiding count
     that a straight line through the probes so far says meets the target, up to three
     times.
   Each hiding count is a new CP-SAT solve of the hiding places alone, the rest fixed.
3. Confirm: simulate the probe nearest the target with `games` games; if the target is
   outside its 95 % interval, correct the hiding count from that precise figure (the slope
   of the day's probes) and confirm the corrected island too, keeping the nearer one.
4. Measure the default island (data/default.island) with the same seed and game count.

Simulation seeds: probes use `seed` + 1, the confirmation and the default island `seed`,
so both final figures are measured on the same games' dice.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from generator.errors import QuarryError
from generator.games.island.board import Island, default_island, format_island
from generator.games.island.design.games import default_games
from generator.games.island.design.solving import lay_out, with_hiding
from generator.games.island.design.spec import Spec, check_limits, parse_constraints

MAX_GAMES = 100_000
PROBE_GAMES = 200
MAX_DAY_STEPS = 6
MAX_HIDING_STEPS = 3
# The search's first guess of what one more hiding place adds to the Hunted's survival
# (bench/bench_island_balance.py measures about 0.02 at a day of 2, 4 players, fewer as
# places are added); it then uses the slope it measures, kept within half and twice this
# guess (probes are noisy).
HIDING_SLOPE = 0.025
CLOSE_ENOUGH = 0.01
MAX_CONFIRMATIONS = 2
METRIC = "hunted_survival"


@dataclass(frozen=True)
class Probe:
    """One candidate simulated: its day, hiding count, game count and measured survival."""

    day: int
    hiding: int
    games: int
    survival: float
    ci95: tuple[float, float]

    def miss(self, target: float) -> float:
        """Return how far the survival lies from `target`."""
        return abs(self.survival - target)

    def to_json(self) -> dict:
        """Return the probe as JSON."""
        return {
            "day": self.day,
            "hiding": self.hiding,
            "games": self.games,
            "hunted_survival": {"value": self.survival, "ci95": list(self.ci95)},
        }


@dataclass
class IslandReport:
    """What `generate_island` made and measured."""

    constraints: list[str]
    seed: int
    size: int
    players: int
    target: float
    games: int
    island: Island
    chosen: dict  # simulate_island summary of the island
    default: dict  # simulate_island summary of the default island
    probes: list[Probe] = field(default_factory=list)
    confirmed: list[Probe] = field(default_factory=list)
    seconds: dict = field(default_factory=dict)

    @property
    def survival(self) -> dict:
        """Return the chosen island's hunted_survival metric ({"value", "ci95"})."""
        return self.chosen["metrics"][METRIC]

    @property
    def met(self) -> bool:
        """Return True if the target lies in the chosen island's 95 % interval."""
        lo, hi = self.survival["ci95"]
        return lo <= self.target <= hi

    def to_json(self) -> dict:
        """Return the report as JSON (sorted by the writer; no timings: they vary)."""
        return {
            "game": "island",
            "constraints": list(self.constraints),
            "seed": self.seed,
            "size": self.size,
            "players": self.players,
            "target": self.target,
            "games": self.games,
            "met": self.met,
            "island": format_island(self.island),
            "day": self.island.day,
            "hiding": len(self.island.hiding),
            "chosen": self.chosen,
            "default": self.default,
            "probes": [p.to_json() for p in self.probes],
            "confirmed": [p.to_json() for p in self.confirmed],
        }


def generate_island(
    constraints: Sequence[str],
    seed: int,
    size: int = 24,
    players: int = 4,
    target: float = 0.5,
    games: int = 2000,
    jobs: int = 1,
    probe_games: int = PROBE_GAMES,
) -> IslandReport:
    """Return the report of an island laid out from `seed` under `constraints` and tuned
    until the Hunted's survival with `players` players meets `target` (see the module's
    docstring), measured with `games` games beside the default island.

    QuarryError for bad limits or constraints (before any work) or constraints in conflict.
    """
    check_limits(size, players, target)
    if not 1 <= games <= MAX_GAMES:
        raise QuarryError(f"--games must be from 1 to {MAX_GAMES:,}, got {games}")
    if not 1 <= probe_games <= MAX_GAMES:
        raise QuarryError(f"probe games must be from 1 to {MAX_GAMES:,}, got {probe_games}")
    parsed = parse_constraints(constraints, size)
    spec = Spec.from_constraints(size, parsed)
    # The default island's games start now, in the background where there are workers for
    # them (design/games.py): they need nothing the loop finds.
    with default_games(default_island(), players, games, seed, jobs) as measure_default:
        clock = time.perf_counter()
        base = lay_out(spec, seed, constraints=parsed)
        seconds = {"layout": time.perf_counter() - clock}

        clock = time.perf_counter()
        search = _Search(base, spec, seed, players, target, probe_games, jobs)
        ranked = search.run()
        seconds["probes"] = time.perf_counter() - clock

        clock = time.perf_counter()
        best_island, best, confirmed = _confirm(search, ranked[0], players, games, seed, jobs)
        seconds["confirm"] = time.perf_counter() - clock
        clock = time.perf_counter()
        default = measure_default()
        seconds["default"] = time.perf_counter() - clock
    return IslandReport(
        constraints=[c.text for c in parsed],
        seed=seed,
        size=size,
        players=players,
        target=target,
        games=games,
        island=best_island,
        chosen=best,
        default=default,
        probes=search.probes,
        confirmed=confirmed,
        seconds=seconds,
    )


def _confirm(search: _Search, candidate: Probe, players: int, games: int, seed: int, jobs: int):
    """Return (island, summary, confirmed probes): `candidate` simulated with `games` games,
    and if the target lies outside its interval the search's correction too, at most
    MAX_CONFIRMATIONS; the island nearer the target is kept."""
    target, best_island, best, confirmed = search.target, None, None, []
    while candidate is not None and len(confirmed) < MAX_CONFIRMATIONS:
        island = search.island(candidate.day, candidate.hiding)
        summary = _simulate(island, players, games, seed, jobs)
        metric = summary["metrics"][METRIC]
        value, ci95 = metric["value"], tuple(metric["ci95"])
        measured = Probe(candidate.day, candidate.hiding, games, value, ci95)
        confirmed.append(measured)
        if best is None or _miss(summary, target) < _miss(best, target):
            best_island, best = island, summary
        if _inside(summary, target):
            break
        candidate = search.correction(measured, {(p.day, p.hiding) for p in confirmed})
    return best_island, best, confirmed


def _simulate(island: Island, players: int, games: int, seed: int, jobs: int) -> dict:
    """Return simulate_island's summary of `games` games on `island`."""
    from generator.games.island.bots import simulate_island

    return simulate_island(island, players, games, seed, jobs)


def _miss(summary: dict, target: float) -> float:
    return abs(summary["metrics"][METRIC]["value"] - target)


def _inside(summary: dict, target: float) -> bool:
    lo, hi = summary["metrics"][METRIC]["ci95"]
    return lo <= target <= hi


class _Search:
    """The day walk and the hiding walk over one laid-out island; remembers every probe."""

    def __init__(self, base, spec, seed, players, target, games, jobs) -> None:
        self.base, self.spec, self.seed = base, spec, seed
        self.players, self.target, self.games, self.jobs = players, target, games, jobs
        self.probes: list[Probe] = []
        self._islands: dict[int, Island | None] = {len(base.hiding): base}
        self._measured: dict[tuple[int, int], Probe] = {}

    def island(self, day: int, hiding: int) -> Island | None:
        """Return the base island with `hiding` hiding places and a day of `day` cycles
        (None if the terrain has no room for that many hiding places)."""
        if hiding not in self._islands:
            self._islands[hiding] = with_hiding(self.base, self.spec, self.seed, hiding)
        island = self._islands[hiding]
        return None if island is None else replace(island, day=day)

    def probe(self, day: int, hiding: int) -> Probe | None:
        """Return the probe of (day, hiding), simulated once (None if it cannot be laid)."""
        if (day, hiding) in self._measured:
            return self._measured[day, hiding]
        island = self.island(day, hiding)
        if island is None:
            return None
        summary = _simulate(island, self.players, self.games, self.seed + 1, self.jobs)
        metric = summary["metrics"][METRIC]
        probe = Probe(day, hiding, self.games, metric["value"], tuple(metric["ci95"]))
        self._measured[day, hiding] = probe
        self.probes.append(probe)
        return probe

    def walk(self, start: Probe, values: Sequence[int], make) -> Probe:
        """Probe make(value) along `values` until the survival crosses the target; return
        the probe nearest the target seen on the way (start included)."""
        best, side = start, start.survival > self.target
        for value in values:
            probe = make(value)
            if probe is None:
                break
            if probe.miss(self.target) < best.miss(self.target):
                best = probe
            if (probe.survival > self.target) != side:
                break
        return best

    def run(self) -> list[Probe]:
        """Return the probes, nearest the target first (ties: the earlier probe)."""
        spec, target = self.spec, self.target
        hiding = len(self.base.hiding)
        start = self.probe(spec.day_default, hiding)
        # survival falls as the day grows: walk up if it is too high, down if too low
        step = 1 if start.survival > target else -1
        days = range(start.day + step, spec.day[1] + 1 if step > 0 else spec.day[0] - 1, step)
        self.walk(start, list(days)[:MAX_DAY_STEPS], lambda d: self.probe(d, hiding))
        self.tune_hiding(min(self.probes, key=self.predicted_miss))
        order = sorted(range(len(self.probes)), key=lambda i: (self.probes[i].miss(target), i))
        return [self.probes[i] for i in order]

    def correction(self, measured: Probe, done: set) -> Probe | None:
        """Return the candidate to confirm after `measured` missed the target: on its day,
        the hiding count the slope of that day's probes says meets the target, measured
        from `measured` (precise); else the nearest probe not yet in `done`; None if none."""
        same_day = sorted(
            {p.hiding: p for p in self.probes if p.day == measured.day}.values(),
            key=lambda p: p.hiding,
        )
        slope = HIDING_SLOPE
        if len(same_day) >= 2 and same_day[-1].hiding != same_day[0].hiding:
            rise = same_day[-1].survival - same_day[0].survival
            slope = rise / (same_day[-1].hiding - same_day[0].hiding)
            slope = min(max(slope, HIDING_SLOPE / 2), HIDING_SLOPE * 2)
        low, high = self.spec.hiding
        count = round(measured.hiding + (self.target - measured.survival) / slope)
        count = min(max(count, low), high)
        if (measured.day, count) not in done and self.island(measured.day, count) is not None:
            return Probe(
                measured.day, count, 0, self.target, (self.target, self.target)
            )  # unplayed
        ranked = sorted(self.probes, key=lambda p: p.miss(self.target))
        return next((p for p in ranked if (p.day, p.hiding) not in done), None)

    def predicted_miss(self, probe: Probe) -> float:
        """Return how far from the target the hiding search may end on probe's day: the
        survival HIDING_SLOPE predicts for the hiding count nearest the target that the
        spec allows (a day too far for the hiding places to mend comes out far)."""
        low, high = self.spec.hiding
        count = round(probe.hiding + (self.target - probe.survival) / HIDING_SLOPE)
        count = min(max(count, low), high)
        predicted = probe.survival + (count - probe.hiding) * HIDING_SLOPE
        return abs(predicted - self.target) + abs(count - probe.hiding) * 1e-6

    def tune_hiding(self, best: Probe) -> None:
        """On best's day, probe the hiding count a straight line through the probes so far
        says meets the target (slope HIDING_SLOPE until two counts are measured), at most
        MAX_HIDING_STEPS times, stopping when a probe is within CLOSE_ENOUGH."""
        low, high = self.spec.hiding
        slope = HIDING_SLOPE
        for _ in range(MAX_HIDING_STEPS):
            if best.miss(self.target) <= CLOSE_ENOUGH:
                return
            count = round(best.hiding + (self.target - best.survival) / slope)
            count = min(max(count, low), high)
            if (best.day, count) in self._measured:
                return
            probe = self.probe(best.day, count)
            if probe is None:
                return
            if probe.hiding != best.hiding:
                measured = (probe.survival - best.survival) / (probe.hiding - best.hiding)
                slope = min(max(measured, HIDING_SLOPE / 2), HIDING_SLOPE * 2)
            if probe.miss(self.target) < best.miss(self.target):
                best = probe


def report_text(report: IslandReport) -> str:
    """Return the report for a terminal: the island's figures and its survival beside the
    default island's, with the probes tried."""
    constraints = ", ".join(report.constraints) or "none"

    def survival(summary: dict) -> str:
        metric = summary["metrics"][METRIC]
        lo, hi = metric["ci95"]
        return f"{metric['value']:.3f} [{lo:.3f}, {hi:.3f}]"

    island = report.island
    lines = [
        f"island {report.size} x {report.size}, seed {report.seed}, constraints: {constraints}",
        f"target Hunted survival {report.target:.3f} with {report.players} players "
        f"({report.games} games each)",
        f"  this island (day {island.day}, {len(island.hiding)} hiding places): "
        f"{survival(report.chosen)}" + ("  target met" if report.met else "  target NOT met"),
        f"  default island (day {default_island().day}, "
        f"{len(default_island().hiding)} hiding places): {survival(report.default)}",
        "  probes (day, hiding: survival): "
        + "; ".join(f"{p.day}, {p.hiding}: {p.survival:.3f}" for p in report.probes),
        "  confirmed: "
        + "; ".join(f"{p.day}, {p.hiding}: {p.survival:.3f}" for p in report.confirmed),
    ]
    return "\n".join(lines)
