"""The Fugitive deck designer's loop: design, play, rank, and the report.

`generate_decks(constraints, seed)` has CP-SAT design up to `candidates` decks meeting the
designer constraints (solving.design_decks), plays each one (the Planning Fugitive against
the Deducing Marshal, `bots.fugitive_win_rate`) and the published deck on the same game
seeds, and ranks the candidates by the distance of the Fugitive's win rate from `target`
(0.5 by default), closest first, in a DeckReport; `report_text` is the table the terminal
shows. docs/design-fugitive.md is the guide.
"""

from collections.abc import Callable
from dataclasses import dataclass

from generator.errors import QuarryError
from generator.games.fugitive.cards import EVENT_KEYS, EVENT_VARIANTS, DeckConfig, published
from generator.games.fugitive.design.solving import design_decks
from generator.games.fugitive.design.spec import (
    ICON_WORDS,
    MAX_CANDIDATES,
    MAX_EVENTS,
    MAX_GAMES,
    PAIRS,
    SCOPES,
    icon_count,
    meets,
    parse_constraints,
    three_pairs,
    variant_of,
)


# --- ranking ---------------------------------------------------------------------------------
def event_summary(config: DeckConfig) -> dict:
    """Return the events of a deck as the report shows them: {"events": keys in play} for a
    variant with events, plus {"events_per_pile": [n1, n2, n3]} (the rule's counts when
    the deck leaves them out) for a variant that shuffles events into the piles; {} for
    the variant none."""
    if config.variant not in EVENT_VARIANTS:
        return {}
    summary: dict = {"events": list(config.events)}
    counts = config.pile_counts()
    if counts is not None:
        summary["events_per_pile"] = list(counts)
    return summary


@dataclass(frozen=True)
class RankedDeck:
    """A deck, the Fugitive's win rate with it ({"value": rate, "ci95": [lo, hi], ...}), its
    distance from the target, and the order in which CP-SAT found it (1 = first; 0 = the
    published deck)."""

    config: DeckConfig
    score: dict
    distance: float
    found: int

    def to_json(self) -> dict:
        return {
            "deck": self.config.to_json(),
            "piles": pile_strings(self.config),
            "score": self.score,
            "distance": self.distance,
            "found": self.found,
            "three_pair_share": three_pairs(self.config.sprint) / PAIRS,
            **event_summary(self.config),
        }


@dataclass(frozen=True)
class DeckReport:
    """Candidates ranked closest to the target first, and the published deck measured on the
    same game seeds (with the constraints it breaks)."""

    constraints: tuple[str, ...]
    seed: int
    target: float
    games: int
    variant: str
    requested: int
    ranked: tuple[RankedDeck, ...]
    published: RankedDeck
    published_breaks: tuple[str, ...]

    @property
    def best(self) -> RankedDeck:
        """Return the candidate whose Fugitive win rate is closest to the target."""
        return self.ranked[0]

    def to_json(self) -> dict:
        return {
            "constraints": list(self.constraints),
            "seed": self.seed,
            "target": self.target,
            "games": self.games,
            "variant": self.variant,
            "requested": self.requested,
            "ranked": [r.to_json() for r in self.ranked],
            "best": self.best.to_json(),
            "published": self.published.to_json(),
            "published_breaks": list(self.published_breaks),
        }


Scorer = Callable[[DeckConfig, int, int], dict]


def generate_decks(
    constraints: list[str],
    seed: int,
    target: float = 0.5,
    candidates: int = 8,
    games: int = 300,
    jobs: int = 1,
    scorer: Scorer | None = None,
) -> DeckReport:
    """Design up to `candidates` decks meeting `constraints`, play each one and the published
    deck `games` times on the same game seeds (common random numbers), and return them
    ranked by |Fugitive win rate - target|, closest first. The games are the Planning
    Fugitive against the Deducing Marshal (bots.fugitive_win_rate(config, games, seed, jobs));
    `scorer(config, games, seed)` replaces it (for tests). Every check of the options and
    the constraint text is done before any solving or playing."""
    if not 1 <= games <= MAX_GAMES:
        raise QuarryError(f"games must be 1 to {MAX_GAMES}, not {games}")
    if not 0.0 <= target <= 1.0:
        raise QuarryError(f"target must be a win rate from 0 to 1, not {target}")
    if not 1 <= candidates <= MAX_CANDIDATES:
        raise QuarryError(f"candidates must be 1 to {MAX_CANDIDATES}, not {candidates}")
    parsed = parse_constraints(constraints)
    variant = variant_of(parsed)
    decks = design_decks(constraints, seed, candidates)  # named as written
    if scorer is None:
        from generator.games.fugitive.bots import fugitive_win_rate

        def scorer(config, games, seed):
            return fugitive_win_rate(config, games, seed, jobs=jobs)

    def measured(config: DeckConfig, found: int) -> RankedDeck:
        score = dict(scorer(config, games, seed))
        return RankedDeck(config, score, abs(float(score["value"]) - target), found)

    ranked = sorted(
        (measured(config, found) for found, config in enumerate(decks, start=1)),
        key=lambda r: (r.distance, r.found),
    )
    base = published(variant)
    return DeckReport(
        constraints=tuple(c.text for c in parsed),
        seed=seed,
        target=target,
        games=games,
        variant=variant,
        requested=candidates,
        ranked=tuple(ranked),
        published=measured(base, 0),
        published_breaks=tuple(c.text for c in parsed if not meets(base, c)),
    )


# --- the report ------------------------------------------------------------------------------
def pile_strings(config: DeckConfig) -> dict[str, str]:
    """Return the Sprint values as digit strings: {"start": values of 0-3 then '/' and 42,
    "pile1": 4-14, "pile2": 15-28, "pile3": 29-41}."""
    sprint = config.sprint
    digits = {scope: "".join(str(sprint[c]) for c in SCOPES[scope]) for scope in SCOPES}
    start = digits["start"]
    return {
        "start": f"{start[:4]}/{start[4]}",
        "pile1": digits["pile1"],
        "pile2": digits["pile2"],
        "pile3": digits["pile3"],
    }


def events_text(config: DeckConfig) -> str:
    """Return one line on a deck's events: how many are in play by icon, which (or which
    are set aside), and how many go into each pile; "" for the variant none."""
    summary = event_summary(config)
    if not summary:
        return ""
    keys = summary["events"]
    icons = ", ".join(f"{icon_count(config, word)} {word}" for word in ICON_WORDS)
    if len(keys) == MAX_EVENTS:
        which = "all 10 in play"
    elif len(keys) > MAX_EVENTS // 2:
        aside = [k for k in EVENT_KEYS if k not in keys]
        which = f"{len(keys)} in play ({icons}), all but {', '.join(aside)}"
    else:
        which = f"{len(keys)} in play ({icons}): {', '.join(keys) or 'none'}"
    if "events_per_pile" not in summary:
        return f"events: {which}"
    counts = "/".join(map(str, summary["events_per_pile"]))
    rule = " (the rule's)" if config.events_per_pile is None else ""
    return f"events: {which}; into piles 1/2/3: {counts}{rule}"


def report_text(report: DeckReport) -> str:
    """Return the ranked candidates and the published deck as a table for a terminal (with
    an event variant, a line under each deck gives its events)."""
    constraints = ", ".join(report.constraints) or "none"
    out = [
        f"Fugitive decks: seed {report.seed}, target Fugitive win rate {report.target:.2f}, "
        f"variant {report.variant}, constraints: {constraints}",
        f"{len(report.ranked)} deck(s) ranked by |win rate - target|, each played {report.games} "
        "games (the same game seeds for every deck), Planning Fugitive vs Deducing Marshal",
        "Sprint values by Hideout number: start = 0-3/42, pile 1 = 4-14, pile 2 = 15-28, "
        "pile 3 = 29-41; ± is half the 95% interval; +3 pairs = share of pairs of cards "
        "4-41 adding up to 3",
    ]
    if len(report.ranked) < report.requested:
        out.append(f"(only {len(report.ranked)} of {report.requested} requested decks exist)")
    header = (
        f"{'':4} {'deck':<12} {'Fugitive wins':<15} {'95% interval':<13} {'|w-t|':>6}  "
        f"{'start':<6} {'pile 1':<11} {'pile 2':<14} {'pile 3':<13} {'+3 pairs':>8}"
    )
    out += ["", header, "-" * len(header)]
    published_config = report.published.config
    for rank, entry in enumerate(report.ranked, start=1):
        label = f"cand {entry.found}"
        if entry.config == published_config:
            label += "=pub"
        out += _rows(f"#{rank}", label, entry)
    out += _rows("", "published", report.published)
    if report.published_breaks:
        out.append(f"(the published deck breaks: {', '.join(report.published_breaks)})")
    best = report.best
    low, high = (float(x) for x in best.score["ci95"])
    plow, phigh = (float(x) for x in report.published.score["ci95"])
    out += [
        "",
        f"best: candidate {best.found}, Fugitive wins {float(best.score['value']):.3f} "
        f"(95% interval {low:.3f} to {high:.3f}); published deck "
        f"{float(report.published.score['value']):.3f} ({plow:.3f} to {phigh:.3f})",
    ]
    return "\n".join(out) + "\n"


def _rows(rank: str, label: str, entry: RankedDeck) -> list[str]:
    value = float(entry.score["value"])
    low, high = (float(x) for x in entry.score["ci95"])
    piles = pile_strings(entry.config)
    share = three_pairs(entry.config.sprint) / PAIRS
    rows = [
        f"{rank:<4} {label:<12} {value:.3f} ± {(high - low) / 2:.3f}   "
        f"{low:.3f}-{high:.3f}   {entry.distance:6.3f}  "
        f"{piles['start']:<6} {piles['pile1']:<11} {piles['pile2']:<14} {piles['pile3']:<13} "
        f"{share:8.1%}"
    ]
    events = events_text(entry.config)
    if events:
        rows.append(f"{'':4} {'':12} {events}")
    return rows
