"""Ranking the designed route maps by how well the Dragon scores, and the report.

`generate_routes(constraints, seed, loops)` asks CP-SAT for up to `candidates` distinct legal
maps that meet every designer constraint, plays each one (as the Dragon) against the exact
Knight bot, and ranks them by the Dragon's mean score, best first. The designer of a route
map is working for the Dragon: a higher Dragon score is a better map.
"""

from collections.abc import Callable
from dataclasses import dataclass

from generator.errors import QuarryError
from generator.games.hunt.design.solving import KINDS, design_maps
from generator.games.hunt.design.spec import MAX_GAMES, parse_constraints
from generator.games.hunt.maps import LOCATIONS, NO_ARROW, RouteMap


@dataclass(frozen=True)
class RankedMap:
    """A candidate map, the Dragon's score on it ({"value": mean, "ci95": [lo, hi], ...}),
    and the order in which CP-SAT found it (1 = first)."""

    route_map: RouteMap
    score: dict
    found: int

    def to_json(self) -> dict:
        return {"map": self.route_map.to_json(), "score": self.score, "found": self.found}


@dataclass(frozen=True)
class RouteReport:
    """Candidates ranked best first (highest mean Dragon score against the exact Knight)."""

    constraints: tuple[str, ...]
    seed: int
    loops: bool
    games: int
    requested: int
    ranked: tuple[RankedMap, ...]

    @property
    def best(self) -> RankedMap:
        """Return the best map for the Dragon."""
        return self.ranked[0]

    def to_json(self) -> dict:
        return {
            "constraints": list(self.constraints),
            "seed": self.seed,
            "loops": self.loops,
            "games": self.games,
            "requested": self.requested,
            "ranked": [r.to_json() for r in self.ranked],
        }


Scorer = Callable[[RouteMap, int, int, bool], dict]


def generate_routes(
    constraints: list[str],
    seed: int,
    loops: bool,
    candidates: int = 8,
    games: int = 200,
    scorer: Scorer | None = None,
    jobs: int = 1,
) -> RouteReport:
    """Design up to `candidates` maps meeting `constraints` and rank them by the Dragon's mean
    score against the exact Knight over `games` games each (the same seed for every map, so
    the maps are compared on common random numbers). The Dragon plays each map with the
    cunning bot's moves; the Knight's belief starts from every legal map (he is not told the
    constraints). `scorer` replaces bots.dragon_score_against_knight(route_map, games, seed,
    loops) (for tests); `jobs` worker processes play the games of each map."""
    if not 1 <= games <= MAX_GAMES:
        raise QuarryError(f"games must be 1 to {MAX_GAMES}, not {games}")
    parsed = parse_constraints(constraints, loops)
    maps = design_maps(constraints, seed, loops, candidates)  # named as written
    if scorer is None:
        from generator.games.hunt.bots import dragon_score_against_knight

        def scorer(route_map, games, seed, loops):
            return dragon_score_against_knight(route_map, games, seed, loops, jobs=jobs)

    scored = [
        RankedMap(route_map, dict(scorer(route_map, games, seed, loops)), found)
        for found, route_map in enumerate(maps, start=1)
    ]
    scored.sort(key=lambda r: (-float(r.score["value"]), r.found))
    return RouteReport(
        constraints=tuple(c.text for c in parsed),
        seed=seed,
        loops=loops,
        games=games,
        requested=candidates,
        ranked=tuple(scored),
    )


def arrow_lines(route_map: RouteMap) -> list[str]:
    """Return the nine arrows as 'town  -walk-> hills', Walk then Fly for each location."""
    width = max(len(name) for name in LOCATIONS)
    lines = []
    for source in range(5):
        for kind in KINDS:
            target = route_map.walk[source] if kind == "walk" else route_map.fly[source]
            if target != NO_ARROW:
                arrow = f"-{kind}->".ljust(7)
                lines.append(f"{LOCATIONS[source]:<{width}} {arrow} {LOCATIONS[target]}")
    return lines


def report_text(report: RouteReport) -> str:
    """Return the ranked candidates as text for a terminal, best first."""
    constraints = ", ".join(report.constraints) or "none"
    loops = "allowed" if report.loops else "off"
    out = [
        f"Hunt route maps: seed {report.seed}, loops {loops}, constraints: {constraints}",
        f"{len(report.ranked)} map(s) ranked by the Dragon's mean score over {report.games} "
        "games each against the exact Knight",
        "(higher is better for the Dragon; ± is half the 95% interval)",
    ]
    if len(report.ranked) < report.requested:
        out.append(f"(only {len(report.ranked)} of {report.requested} requested maps exist)")
    for rank, entry in enumerate(report.ranked, start=1):
        value = float(entry.score["value"])
        low, high = (float(x) for x in entry.score["ci95"])
        half = (high - low) / 2
        tag = "  <- best" if rank == 1 else ""
        out += [
            "",
            f"#{rank}  Dragon {value:.2f} ± {half:.2f}  (95% interval {low:.2f} to {high:.2f})"
            f"  CP-SAT candidate {entry.found}{tag}",
        ]
        lines = arrow_lines(entry.route_map)
        walks = [line for line in lines if "-walk->" in line]
        flies = [line for line in lines if "-fly->" in line]
        column = max(len(line) for line in walks)
        for row in range(len(flies)):
            left = walks[row] if row < len(walks) else ""
            out.append(f"    {left:<{column}}   {flies[row]}".rstrip())
    return "\n".join(out) + "\n"
