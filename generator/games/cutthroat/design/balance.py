"""The variant loop: CP-SAT proposes variants, the bots measure them, fairness and
decisiveness rank them, beside the published rules measured the same way.

`generate_variant(constraints, seed, players, target, candidates, games, bot, jobs)`:

1. Check the limits and the constraints (QuarryError before any work).
2. Spread: about three fifths of `candidates` variants spread over the ranges
   (solving.spread), each played `games` times with `bot` in every seat (seed: the same
   deals for every variant, common random numbers).
3. Near: the rest, the variants nearest the leader of step 2 (solving.near), measured the
   same way.
4. The published rules are measured with the same seed and games (reused when a candidate
   is the published game), and every candidate is ranked (`rank`).

Fairness is the largest gap between a turn position's share of the win and 1/N, with an
interval (`Measure.gap`); decisiveness is the share of games won by one player alone. A
variant is in the band when the interval of its gap reaches down to `target` or below
(the games cannot show it unfair); in-band variants come first, most decisive first, then
the rest, smallest gap first. The first seat is not a variable: identities are dealt at
random, so the seat that starts only relabels the turn positions (docs/design-cutthroat.md).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field

from generator.games.cutthroat.design.solving import near, settle, spread
from generator.games.cutthroat.design.spec import (
    NAMES,
    check_limits,
    parse_constraints,
)
from generator.games.cutthroat.rules import PUBLISHED, Rules

DEFAULT_GAMES = 1000
DEFAULT_CANDIDATES = 8
SPREAD_SHARE = 0.6  # of the candidates spread over the ranges; the rest near the leader

Interval = tuple[float, float, float]  # value, 95 % low, 95 % high


def _interval(metric: dict) -> Interval:
    low, high = metric["ci95"]
    return float(metric["value"]), float(low), float(high)


@dataclass(frozen=True)
class Measure:
    """One variant played: its rules, how it was found (1, 2, ... in order; 0 = the
    published rules) and by which step (spread, near, published), the games, and each
    turn position's share of the win, the shared-win rate and the turns, with intervals."""

    rules: Rules
    found: int
    step: str
    games: int
    seats: tuple[Interval, ...]
    shared: Interval
    turns: Interval

    @classmethod
    def of(cls, rules: Rules, found: int, step: str, summary: dict) -> Measure:
        """Return the Measure of a simulate_cutthroat summary of `rules`."""
        metrics = summary["metrics"]
        seats = tuple(_interval(metrics[f"seat_{p}_win"]) for p in range(summary["players"]))
        return cls(
            rules,
            found,
            step,
            int(summary["games"]),
            seats,
            _interval(metrics["shared_win_rate"]),
            _interval(metrics["turns"]),
        )

    @property
    def gap(self) -> Interval:
        """Return the largest gap between a position's share of the win and 1/N: its value,
        the least it can be (each share anywhere in its interval: the largest distance from
        1/N to an interval, 0 for one holding 1/N) and the most (the farthest end of any)."""
        fair = 1 / len(self.seats)
        value = max(abs(v - fair) for v, _, _ in self.seats)
        least = max(max(lo - fair, fair - hi, 0.0) for _, lo, hi in self.seats)
        most = max(max(abs(lo - fair), abs(hi - fair)) for _, lo, hi in self.seats)
        return value, least, most

    @property
    def decisive(self) -> Interval:
        """Return the share of games one player won alone (1 - shared_win_rate)."""
        value, low, high = self.shared
        return 1 - value, 1 - high, 1 - low

    def band(self, target: float) -> str:
        """Return "inside" (the gap's whole interval is within `target`), "unclear" (it
        reaches the band) or "outside"."""
        _, least, most = self.gap
        if most <= target:
            return "inside"
        return "unclear" if least <= target else "outside"

    def to_json(self, target: float) -> dict:
        """Return the measure as JSON (intervals as {"value", "ci95"})."""

        def metric(interval: Interval) -> dict:
            return {"value": interval[0], "ci95": [interval[1], interval[2]]}

        return {
            "rules": asdict(self.rules),
            "changes": self.rules.changes(),
            "found": self.found,
            "step": self.step,
            "games": self.games,
            "seat_win": [metric(s) for s in self.seats],
            "largest_gap": metric(self.gap),
            "decisive": metric(self.decisive),
            "shared_win_rate": metric(self.shared),
            "turns": metric(self.turns),
            "band": self.band(target),
        }


def rank(measures: Sequence[Measure], target: float) -> list[Measure]:
    """Return `measures` best first: those whose gap interval reaches the band (band
    inside or unclear), most decisive first; then the others, smallest gap first. Ties go
    to the smaller gap, then the earlier found."""

    def key(m: Measure) -> tuple:
        out = m.band(target) == "outside"
        first = m.gap[0] if out else -m.decisive[0]
        second = -m.decisive[0] if out else m.gap[0]
        return (out, first, second, m.found)

    return sorted(measures, key=key)


def resolution(games: int, players: int) -> float:
    """Return the half-width of the 95 % interval of a fair position's share of the win
    after `games` games won by one player each: about the smallest gap they can show."""
    fair = 1 / players
    return 1.96 * math.sqrt(fair * (1 - fair) / games)


@dataclass
class VariantReport:
    """What `generate_variant` made and measured: the candidates ranked best first, and
    the published rules measured the same way (with the constraints they break)."""

    constraints: list[str]
    defaults: list[str]  # the default range sides that held (spec.default_bounds)
    seed: int
    players: int
    target: float
    games: int
    bot: str
    requested: int
    ranked: list[Measure]
    published: Measure
    published_breaks: list[str]
    seconds: dict = field(default_factory=dict)

    @property
    def best(self) -> Measure:
        """Return the chosen variant: the first ranked."""
        return self.ranked[0]

    def to_json(self) -> dict:
        """Return the report as JSON (no timings: they vary from run to run)."""
        return {
            "game": "cutthroat",
            "constraints": list(self.constraints),
            "defaults_kept": list(self.defaults),
            "seed": self.seed,
            "players": self.players,
            "first": 0,
            "target": self.target,
            "games": self.games,
            "bot": self.bot,
            "requested": self.requested,
            "resolution": resolution(self.games, self.players),
            "chosen": self.best.to_json(self.target),
            "ranked": [m.to_json(self.target) for m in self.ranked],
            "published": self.published.to_json(self.target),
            "published_breaks": list(self.published_breaks),
        }


Simulator = Callable[[Rules, int, int], dict]


def generate_variant(
    constraints: Sequence[str],
    seed: int,
    players: int = 8,
    target: float = 0.02,
    candidates: int = DEFAULT_CANDIDATES,
    games: int = DEFAULT_GAMES,
    bot: str = "simple",
    jobs: int = 1,
    simulator: Simulator | None = None,
) -> VariantReport:
    """Return the report of up to `candidates` variants meeting `constraints` for `players`
    players, each played `games` times by `bot`, ranked by fairness within `target` and
    decisiveness (module docstring), beside the published rules. `simulator(rules, games,
    seed)` replaces simulate_cutthroat (for tests). QuarryError for bad limits or
    constraints (before any work) or constraints in conflict."""
    from generator.games.cutthroat.bots import BOTS

    check_limits(players, target, candidates, games, BOTS, bot)
    parsed = parse_constraints(constraints, players)
    if simulator is None:
        from generator.games.cutthroat.bots import simulate_cutthroat

        def simulator(rules: Rules, games: int, seed: int) -> dict:
            return simulate_cutthroat(players, games, seed, jobs, bot, False, 0, rules)

    def measure(rules: Rules, found: int, step: str) -> Measure:
        return Measure.of(rules, found, step, simulator(rules, games, seed))

    clock = time.perf_counter()
    settled = settle(parsed)
    first = spread(settled, max(1, round(candidates * SPREAD_SHARE)), seed)
    seconds = {"solve": time.perf_counter() - clock}
    clock = time.perf_counter()
    measured = [measure(r, i, "spread") for i, r in enumerate(first, start=1)]
    seconds["simulate"] = time.perf_counter() - clock
    if len(measured) < candidates:
        clock = time.perf_counter()
        leader = rank(measured, target)[0].rules
        more = near(settled, leader, candidates - len(measured), seed, first)
        seconds["solve"] += time.perf_counter() - clock
        clock = time.perf_counter()
        start = len(measured) + 1
        measured += [measure(r, i, "near") for i, r in enumerate(more, start=start)]
        seconds["simulate"] += time.perf_counter() - clock
    clock = time.perf_counter()
    same = next((m for m in measured if m.rules == PUBLISHED), None)
    if same is None:
        published = measure(PUBLISHED, 0, "published")
    else:  # the same rules, seed and games: the same games
        published = Measure(PUBLISHED, 0, "published", same.games, same.seats, same.shared,
                            same.turns)  # fmt: skip
    seconds["published"] = time.perf_counter() - clock
    return VariantReport(
        constraints=[c.text for c in parsed],
        defaults=[c.text for c in settled[len(parsed) :]],
        seed=seed,
        players=players,
        target=target,
        games=games,
        bot=bot,
        requested=candidates,
        ranked=rank(measured, target),
        published=published,
        published_breaks=[c.text for c in parsed if not c.holds(PUBLISHED)],
        seconds=seconds,
    )


def rules_text(rules: Rules) -> str:
    """Return the numbers of `rules` as 'markers 8, extend 3, double 4, sudden_at 3'."""
    return ", ".join(f"{name} {getattr(rules, name)}" for name in NAMES)


def rule_options(rules: Rules, players: int) -> str:
    """Return the command that plays `rules` in simulations."""
    options = " ".join(f"--rule {name}={getattr(rules, name)}" for name in NAMES)
    return f"quarry simulate cutthroat --players {players} {options}"


def _cell(interval: Interval) -> str:
    value, low, high = interval
    return f"{value:.3f} [{low:.3f}, {high:.3f}]"


def report_text(report: VariantReport) -> str:
    """Return the report for a terminal: the candidates ranked, the published rules
    beside, and the chosen variant's numbers."""
    players, target = report.players, report.target
    constraints = ", ".join(report.constraints) or "none"
    lines = [
        f"CutThroat! variant for {players} players, seed {report.seed}, {report.bot} bots, "
        f"constraints: {constraints}",
        f"fairness band: every turn position's share of the win within {target:.3f} of "
        f"1/{players} = {1 / players:.3f}; {report.games} games per variant show gaps of "
        f"about {resolution(report.games, players):.3f} or more",
        "ranked: variants whose gap interval reaches the band, most decisive first; "
        "then the rest, smallest gap first",
        "",
        f"{'':10} {'m/e/d/s':9} {'largest gap [95%]':24} {'decisive [95%]':24} {'turns':>6}  band",
    ]
    if len(report.ranked) < report.requested:
        lines.insert(3, f"(only {len(report.ranked)} of {report.requested} variants exist)")
    rows = [(f"#{i}", m) for i, m in enumerate(report.ranked, start=1)]
    for label, m in [*rows, ("published", report.published)]:
        short = "/".join(str(getattr(m.rules, n)) for n in NAMES)
        lines.append(
            f"{label:10} {short:9} {_cell(m.gap):24} {_cell(m.decisive):24} "
            f"{m.turns[0]:6.1f}  {m.band(target)}"
        )
    if report.published_breaks:
        lines.append(f"(the published rules break: {', '.join(report.published_breaks)})")
    best = report.best
    lines += [
        "",
        f"chosen: {rules_text(best.rules)}"
        + (" (the published rules)" if best.rules == PUBLISHED else ""),
        f"  play it: {rule_options(best.rules, players)}",
        "  the first seat is no variable: identities are dealt at random, so who starts "
        "only relabels the turn positions",
    ]
    return "\n".join(lines)
