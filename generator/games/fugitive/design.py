"""Designing Fugitive decks with CP-SAT: Sprint values under designer constraints, ranked by
how close the Fugitive's win rate comes to a target.

`generate_decks(constraints, seed)` asks CP-SAT for up to `candidates` distinct Sprint
assignments (one value per Hideout 0-42) that meet every designer constraint, plays each
one (the Planning Fugitive against the Deducing Marshal, `bots.fugitive_win_rate`) and
the published deck on the same game seeds, and ranks the candidates by the distance of
the Fugitive's win rate from `target` (0.5 by default), closest first.

Words used below: the *scope* of a count is a group of Hideouts: `pile1` (4-14), `pile2`
(15-28), `pile3` (29-41) as in cards.PILES, `start` (0-3 and 42, never shuffled into a
pile), or, with no scope written, all 43 Hideouts 0-42. A *run* is a stretch of
consecutive Hideout numbers (inside the scope) with equal Sprint values.

The constraint language (case and spaces are ignored; OP is >=, <= or =; K is a whole
number):

  [SCOPE-]ones OP K      K cards of the scope have Sprint +1; likewise zeros, twos,
                         threes, fours, fives for 0, +2, +3, +4, +5; K 0 to the scope's
                         size (pile1 11, pile2 14, pile3 13, start 5, all 43)
  [SCOPE-]total OP K     the scope's Sprint values add up to K; K 0 to 5 x its size
  [SCOPE-]max-run OP K   the longest run in the scope is K cards; K 1 to its size
  half-three             "two Sprint cards total +3 half the time": of all pairs of two
                         different cards among 4-41 (703 pairs), the share whose values
                         add up to 3 is within 1 percentage point of 1/2
  half-three<=T          the same within T percentage points (0 to 50, up to two
                         decimals, e.g. half-three<=0.1 asks for the closest possible)
  values=A..B            every Sprint value is from A to B (0 <= A <= B <= 5); without
                         it every value is 1 or 2, as printed on the published cards
  published-start        Hideouts 0-3 and 42 keep their published values (2, 1, 2, 1, 2)
  variant=NAME           the event variant the decks are played with (cards.VARIANTS;
                         default none); not a CP-SAT constraint

Events are dealt as the variant's rules say (rules.deal_for: `random` puts 2 random events
into each pile, `helpful-*` spreads its icon's 4 events over the piles, 2-1-1 in a random
order). Event counts per pile are not designed here: a DeckConfig holds only the Sprint
values and the variant, and rules._deal_problem accepts only the variant's own deals, so a
designed placement could be neither played nor replayed without changing the rules.

Unknown text or a number out of range raises QuarryError before any solving; a set of
constraints no deck meets raises QuarryError naming a smallest conflicting set.

The model (`build_deck_model`): one integer variable per Hideout (sprint_<c>, 0..5, the
primary variables) channelled to booleans is_<c>_<v> (exactly one per card). Counts are
sums of those booleans; runs use booleans same_<c> (card c and c+1 have equal values,
exact both ways); half-three uses per-value counts n_<v> over 4-41 and integer products
n_0*n_3 and n_1*n_2 (add_multiplication_equality): the pairs adding up to 3 number
S = n_0*n_3 + n_1*n_2 exactly, and |S/703 - 1/2| <= T/100 is the integer inequality
|2S - 703| * 10000 <= 2 * (100 T) * 703. Each designer constraint is a literal
holds_<text> and a named constraint bool_and([holds_<text>]) that explain_infeasible can
switch off. Variety: each candidate maximises fresh random weights (drawn from the seed) on
the is_<c>_<v> booleans with every earlier candidate blocked by a clause on them.
"""

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
from ortools.sat.python import cp_model

from generator.errors import QuarryError
from generator.games.fugitive.cards import ESCAPE, HIDEOUTS, PILES, VARIANTS, DeckConfig, published
from generator.solve.cpsat import explain_infeasible, solve

MAX_CANDIDATES = 50
MAX_GAMES = 100_000
SOLVE_SECONDS = 10.0
MAX_VALUE = 5  # DeckConfig allows Sprint values 0-5
DEFAULT_VALUES = (1, 2)
HALF_THREE_DEFAULT = 100  # hundredths of a percentage point: 1 point
PAIR_CARDS = tuple(range(PILES[0][0], PILES[-1][1] + 1))  # 4-41, the cards drawn from piles
PAIRS = len(PAIR_CARDS) * (len(PAIR_CARDS) - 1) // 2  # 703

SCOPES: dict[str, tuple[int, ...]] = {
    "all": tuple(HIDEOUTS),
    "pile1": tuple(range(PILES[0][0], PILES[0][1] + 1)),
    "pile2": tuple(range(PILES[1][0], PILES[1][1] + 1)),
    "pile3": tuple(range(PILES[2][0], PILES[2][1] + 1)),
    "start": (0, 1, 2, 3, ESCAPE),
}
COUNT_NAMES = ("zeros", "ones", "twos", "threes", "fours", "fives")  # index = Sprint value
MEASURES = (*COUNT_NAMES, "total", "max-run")
ACCEPTED = (
    "[SCOPE-]ones|twos|zeros|threes|fours|fives|total|max-run >=K|<=K|=K "
    "(SCOPE pile1, pile2, pile3, start, or none for all cards 0-42), "
    "half-three, half-three<=T (T 0-50 percentage points), values=A..B (0 <= A <= B <= 5), "
    f"published-start, variant=NAME ({', '.join(VARIANTS)})"
)
_NUMERIC = re.compile(r"^(?:(pile[123]|start)-)?([a-z][a-z-]*[a-z])(>=|<=|==|=)(-?\d+)$")
_HALF = re.compile(r"^half-three(?:<=(\d+)(?:\.(\d{1,2}))?%?)?$")
_VALUES = re.compile(r"^values=(\d+)\.\.(\d+)$")
_VARIANT = re.compile(r"^variant=(.+)$")


@dataclass(frozen=True)
class DeckConstraint:
    """One parsed designer constraint.

    kind: "count" (value = the Sprint value counted), "total", "max-run", "half-three"
    (bound = tolerance in hundredths of a percentage point), "values" (value..bound),
    "published-start" or "variant" (name)."""

    kind: str
    scope: str = "all"
    op: str | None = None
    bound: int | None = None
    value: int | None = None
    name: str | None = None

    @property
    def text(self) -> str:
        """Return the constraint as written canonically (e.g. 'pile1-twos>=3')."""
        prefix = "" if self.scope == "all" else f"{self.scope}-"
        if self.kind == "count":
            return f"{prefix}{COUNT_NAMES[self.value]}{self.op}{self.bound}"
        if self.kind in ("total", "max-run"):
            return f"{prefix}{self.kind}{self.op}{self.bound}"
        if self.kind == "half-three":
            if self.bound == HALF_THREE_DEFAULT:
                return "half-three"
            whole, cents = divmod(self.bound, 100)
            decimals = f".{cents:02d}".rstrip("0") if cents else ""
            return f"half-three<={whole}{decimals}"
        if self.kind == "values":
            return f"values={self.value}..{self.bound}"
        if self.kind == "variant":
            return f"variant={self.name}"
        return self.kind


def parse_constraint(text: str) -> DeckConstraint:
    """Return the constraint written as `text`; QuarryError if it is not in the language or
    a number in it is out of range."""
    compact = re.sub(r"\s+", "", str(text)).lower()
    if compact == "published-start":
        return DeckConstraint("published-start")
    if match := _HALF.match(compact):
        whole, cents = match.group(1), match.group(2)
        if whole is None:
            return DeckConstraint("half-three", bound=HALF_THREE_DEFAULT)
        hundredths = int(whole) * 100 + int((cents or "0").ljust(2, "0"))
        if hundredths > 5000:
            raise QuarryError(f"constraint {text!r}: T must be 0 to 50 percentage points")
        return DeckConstraint("half-three", bound=hundredths)
    if match := _VALUES.match(compact):
        low, high = int(match.group(1)), int(match.group(2))
        if not 0 <= low <= high <= MAX_VALUE:
            raise QuarryError(f"constraint {text!r}: values=A..B needs 0 <= A <= B <= {MAX_VALUE}")
        return DeckConstraint("values", value=low, bound=high)
    if match := _VARIANT.match(compact):
        if match.group(1) not in VARIANTS:
            raise QuarryError(
                f"constraint {text!r}: the variant must be one of {', '.join(VARIANTS)}"
            )
        return DeckConstraint("variant", name=match.group(1))
    match = _NUMERIC.match(compact)
    if not match or match.group(2) not in MEASURES:
        raise QuarryError(f"unknown constraint {text!r}; accepted: {ACCEPTED}")
    scope, measure, op, number = (
        match.group(1) or "all",
        match.group(2),
        match.group(3),
        match.group(4),
    )
    op = "=" if op == "==" else op
    size = len(SCOPES[scope])
    number = int(number)
    where = "all cards 0-42" if scope == "all" else f"{scope} ({_scope_cards(scope)})"
    if measure == "total":
        low, high = 0, MAX_VALUE * size
    elif measure == "max-run":
        low, high = 1, size
    else:
        low, high = 0, size
    if not low <= number <= high:
        raise QuarryError(f"constraint {text!r}: K must be {low} to {high} for {where}")
    if measure in COUNT_NAMES:
        return DeckConstraint("count", scope, op, number, COUNT_NAMES.index(measure))
    return DeckConstraint(measure, scope, op, number)


def _scope_cards(scope: str) -> str:
    cards = SCOPES[scope]
    if scope == "start":
        return "0-3 and 42"
    return f"{cards[0]}-{cards[-1]}"


def parse_constraints(texts: Sequence[str]) -> list[DeckConstraint]:
    """Return the constraints written in `texts`, parsed, duplicates dropped, order kept.
    QuarryError if two different variants are asked for."""
    parsed: dict[str, DeckConstraint] = {}
    for text in texts:
        constraint = parse_constraint(text)
        parsed.setdefault(constraint.text, constraint)
    variants = [c.text for c in parsed.values() if c.kind == "variant"]
    if len(variants) > 1:
        raise QuarryError(f"only one variant at a time, not {' and '.join(variants)}")
    return list(parsed.values())


def variant_of(constraints: Sequence[DeckConstraint]) -> str:
    """Return the variant asked for by `constraints` ("none" if none is)."""
    return next((c.name for c in constraints if c.kind == "variant"), "none")


# --- measuring a deck in plain Python (the report's figures) -------------------------------
def three_pairs(sprint: Sequence[int]) -> int:
    """Return how many pairs of two different cards among 4-41 have values adding up to 3."""
    counts = [sum(1 for c in PAIR_CARDS if sprint[c] == v) for v in range(MAX_VALUE + 1)]
    return sum(counts[v] * counts[3 - v] for v in range(2))


def longest_run(sprint: Sequence[int], scope: str = "all") -> int:
    """Return the longest run of equal values among consecutive numbers in `scope`."""
    cards = SCOPES[scope]
    best = run = 1
    for before, card in zip(cards, cards[1:], strict=False):
        run = run + 1 if card == before + 1 and sprint[card] == sprint[before] else 1
        best = max(best, run)
    return best


def meets(config: DeckConfig, constraint: DeckConstraint) -> bool:
    """Return whether `config` meets `constraint` (measured directly, not by the model)."""
    sprint = config.sprint
    cards = SCOPES[constraint.scope]
    kind = constraint.kind
    if kind == "variant":
        return config.variant == constraint.name
    if kind == "published-start":
        return all(sprint[c] == published().sprint[c] for c in SCOPES["start"])
    if kind == "values":
        return all(constraint.value <= v <= constraint.bound for v in sprint)
    if kind == "half-three":
        return abs(2 * three_pairs(sprint) - PAIRS) * 10000 <= 2 * constraint.bound * PAIRS
    if kind == "count":
        measured = sum(1 for c in cards if sprint[c] == constraint.value)
    elif kind == "total":
        measured = sum(sprint[c] for c in cards)
    else:
        measured = longest_run(sprint, constraint.scope)
    return {">=": measured >= constraint.bound, "<=": measured <= constraint.bound}.get(
        constraint.op, measured == constraint.bound
    )


# --- the model -------------------------------------------------------------------------------
@dataclass
class DeckModel:
    """A CP-SAT model of the Sprint assignments, plus the named designer constraints."""

    model: cp_model.CpModel
    sprint: list[cp_model.IntVar]  # sprint_<card>, the primary variables
    flags: dict[tuple[int, int], cp_model.IntVar]  # (card, value) -> is_<card>_<value>
    named: dict[str, cp_model.Constraint] = field(default_factory=dict)
    _same: dict[int, cp_model.IntVar] = field(default_factory=dict)

    @property
    def primary(self) -> list[cp_model.IntVar]:
        """Return the 43 Sprint variables sprint_0 ... sprint_42."""
        return list(self.sprint)

    def config(self, values: dict[str, int], variant: str = "none") -> DeckConfig:
        """Return the deck whose Sprint variables take `values` (by variable name)."""
        return DeckConfig(tuple(values[var.name] for var in self.sprint), variant)

    def fix(self, config: DeckConfig, cards: Sequence[int]) -> None:
        """Require the Sprint values of `cards` to be as in `config`."""
        for card in cards:
            self.model.add(self.sprint[card] == config.sprint[card])

    def count(self, cards: Sequence[int], value: int):
        """Return the linear expression: how many of `cards` have Sprint `value`."""
        return sum(self.flags[c, value] for c in cards)

    def same(self, card: int) -> cp_model.IntVar:
        """Return a boolean: card and card + 1 have equal Sprint values (exact both ways)."""
        if card not in self._same:
            var = self.model.new_bool_var(f"same_{card}")
            self.model.add(self.sprint[card] == self.sprint[card + 1]).only_enforce_if(var)
            self.model.add(self.sprint[card] != self.sprint[card + 1]).only_enforce_if(~var)
            self._same[card] = var
        return self._same[card]


def build_deck_model(
    constraints: Sequence[DeckConstraint] = (), default_values: bool | None = None
) -> DeckModel:
    """Return the model of every Sprint assignment meeting `constraints`.

    Values are 0..5 in the variables; a hard (unnamed) constraint keeps them 1..2 if
    `default_values` (None: when `constraints` has no values=A..B). Each designer
    constraint is in `named` by its text."""
    model = cp_model.CpModel()
    sprint, flags = [], {}
    for card in HIDEOUTS:
        var = model.new_int_var(0, MAX_VALUE, f"sprint_{card}")
        row = []
        for value in range(MAX_VALUE + 1):
            flag = model.new_bool_var(f"is_{card}_{value}")
            flags[card, value] = flag
            row.append(flag)
        model.add_exactly_one(row)
        model.add(var == sum(v * f for v, f in enumerate(row)))
        sprint.append(var)
    dm = DeckModel(model, sprint, flags)
    if default_values is None:
        default_values = not any(c.kind == "values" for c in constraints)
    if default_values:
        low, high = DEFAULT_VALUES
        for var in sprint:
            model.add_linear_constraint(var, low, high)
    for constraint in constraints:
        _add_constraint(dm, constraint)
    return dm


def _add_constraint(dm: DeckModel, constraint: DeckConstraint) -> None:
    if constraint.kind == "variant":
        return  # chooses how the decks are played, not which decks exist
    model = dm.model
    holds = model.new_bool_var(f"holds_{constraint.text}")
    cards = SCOPES[constraint.scope]
    kind = constraint.kind
    if kind == "count":
        _bound(model, dm.count(cards, constraint.value), constraint, holds)
    elif kind == "total":
        _bound(model, sum(dm.sprint[c] for c in cards), constraint, holds)
    elif kind == "max-run":
        _max_run(dm, cards, constraint, holds)
    elif kind == "half-three":
        _half_three(dm, constraint.bound, holds)
    elif kind == "values":
        for var in dm.sprint:
            model.add_linear_constraint(var, constraint.value, constraint.bound).only_enforce_if(
                holds
            )
    elif kind == "published-start":
        start = published().sprint
        for card in SCOPES["start"]:
            model.add(dm.sprint[card] == start[card]).only_enforce_if(holds)
    else:  # pragma: no cover - parse_constraint admits only the kinds above
        raise AssertionError(kind)
    dm.named[constraint.text] = model.add_bool_and([holds])


def _bound(model: cp_model.CpModel, expr, constraint: DeckConstraint, holds) -> None:
    if constraint.op in (">=", "="):
        model.add(expr >= constraint.bound).only_enforce_if(holds)
    if constraint.op in ("<=", "="):
        model.add(expr <= constraint.bound).only_enforce_if(holds)


def _segments(cards: Sequence[int]) -> list[list[int]]:
    """Return the stretches of consecutive numbers in `cards` (sorted)."""
    segments: list[list[int]] = []
    for card in sorted(cards):
        if segments and card == segments[-1][-1] + 1:
            segments[-1].append(card)
        else:
            segments.append([card])
    return segments


def _max_run(dm: DeckModel, cards: Sequence[int], constraint: DeckConstraint, holds) -> None:
    """Longest run <= K: no K + 1 consecutive cards all equal. Longest run >= K: some K
    consecutive cards all equal (a window literal implies its K - 1 `same` booleans)."""
    model, k = dm.model, constraint.bound
    segments = _segments(cards)
    if constraint.op in ("<=", "="):
        for segment in segments:
            for start in range(len(segment) - k):
                window = [dm.same(c) for c in segment[start : start + k]]
                model.add_bool_or([~s for s in window]).only_enforce_if(holds)
    if constraint.op in (">=", "=") and k > 1:
        runs = []
        for segment in segments:
            for start in range(len(segment) - k + 1):
                run = model.new_bool_var(f"run_{constraint.text}_{segment[start]}")
                for c in segment[start : start + k - 1]:
                    model.add_implication(run, dm.same(c))
                runs.append(run)
        if runs:
            model.add_bool_or(runs).only_enforce_if(holds)
        else:
            model.add(holds == 0)  # no stretch of the scope is K cards long


def _half_three(dm: DeckModel, hundredths: int, holds) -> None:
    """S = n_0*n_3 + n_1*n_2 pairs among 4-41 add up to 3; require
    |2S - PAIRS| * 10000 <= 2 * hundredths * PAIRS (share within T points of 1/2)."""
    model, size = dm.model, len(PAIR_CARDS)
    counts = []
    for value in range(4):
        n = model.new_int_var(0, size, f"n_{value}")
        model.add(n == dm.count(PAIR_CARDS, value))
        counts.append(n)
    products = []
    for low in range(2):
        product = model.new_int_var(0, size * size // 4, f"n{low}_times_n{3 - low}")
        model.add_multiplication_equality(product, [counts[low], counts[3 - low]])
        products.append(product)
    slack = 2 * hundredths * PAIRS // 10000  # the largest |2S - PAIRS| allowed
    deviation = 2 * sum(products) - PAIRS
    model.add(deviation <= slack).only_enforce_if(holds)
    model.add(deviation >= -slack).only_enforce_if(holds)


# --- finding decks ---------------------------------------------------------------------------
def design_decks(
    constraints: Sequence[str],
    seed: int,
    candidates: int = 8,
    seconds: float = SOLVE_SECONDS,
) -> list[DeckConfig]:
    """Return up to `candidates` distinct decks (Sprint values; the variant asked for) meeting
    `constraints`, in the order CP-SAT found them (fewer if fewer exist). QuarryError if the
    text is not understood or no deck meets the constraints (naming the conflicting ones)."""
    if not 1 <= candidates <= MAX_CANDIDATES:
        raise QuarryError(f"candidates must be 1 to {MAX_CANDIDATES}, not {candidates}")
    parsed = parse_constraints(constraints)
    variant = variant_of(parsed)
    dm = build_deck_model(parsed)
    rng = np.random.default_rng([seed, 0x6465636B])
    order = sorted(dm.flags)
    found: list[DeckConfig] = []
    for index in range(candidates):
        weights = rng.integers(0, 1000, size=len(order))
        dm.model.maximize(
            sum(int(w) * dm.flags[key] for w, key in zip(weights, order, strict=True))
        )
        solution = solve(dm.model, dm.primary, seconds, seed + index)
        if solution is None:
            if not found:
                raise _infeasible(parsed, seconds)
            break
        found.append(dm.config(solution.values, variant))
        dm.model.add_bool_or([~dm.flags[c, v] for c, v in enumerate(found[-1].sprint)])
    return found


def _infeasible(parsed: list[DeckConstraint], seconds: float) -> QuarryError:
    """Return the error for constraints no deck meets, naming a smallest conflicting set."""
    # The base domain stays as the full set has it (1..2 unless some values=A..B is given),
    # so that dropping a constraint never tightens the model.
    default_values = not any(c.kind == "values" for c in parsed)
    dm = build_deck_model(parsed, default_values)
    core = explain_infeasible(dm.model, dm.named, seconds) or list(dm.named)
    # Shrink the solver's core by deletion so that every name listed is needed.
    by_text = {c.text: c for c in parsed}
    needed = [c.text for c in parsed if c.text in core]
    for text in list(needed):
        trial = [by_text[t] for t in needed if t != text]
        if trial and solve(build_deck_model(trial, default_values).model, [], seconds) is None:
            needed = [t for t in needed if t != text]
    values = " (Sprint values 1 or 2 unless values=A..B is given)" if default_values else ""
    return QuarryError(
        f"no deck meets these constraints together{values}: "
        f"{', '.join(needed)}; drop or loosen one of them"
    )


# --- ranking ---------------------------------------------------------------------------------
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
    Fugitive against the Deducing Marshal (bots.fugitive_win_rate(config, games, seed,
    jobs)); `scorer(config, games, seed)` replaces it (for tests). Every check of the
    options and the constraint text is done before any solving or playing."""
    if not 1 <= games <= MAX_GAMES:
        raise QuarryError(f"games must be 1 to {MAX_GAMES}, not {games}")
    if not 0.0 <= target <= 1.0:
        raise QuarryError(f"target must be a win rate from 0 to 1, not {target}")
    if not 1 <= candidates <= MAX_CANDIDATES:
        raise QuarryError(f"candidates must be 1 to {MAX_CANDIDATES}, not {candidates}")
    parsed = parse_constraints(constraints)
    variant = variant_of(parsed)
    decks = design_decks([c.text for c in parsed], seed, candidates)
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


def report_text(report: DeckReport) -> str:
    """Return the ranked candidates and the published deck as a table for a terminal."""
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
    published_sprint = report.published.config.sprint
    for rank, entry in enumerate(report.ranked, start=1):
        label = f"cand {entry.found}"
        if entry.config.sprint == published_sprint:
            label += "=pub"
        out.append(_row(f"#{rank}", label, entry))
    out.append(_row("", "published", report.published))
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


def _row(rank: str, label: str, entry: RankedDeck) -> str:
    value = float(entry.score["value"])
    low, high = (float(x) for x in entry.score["ci95"])
    piles = pile_strings(entry.config)
    share = three_pairs(entry.config.sprint) / PAIRS
    return (
        f"{rank:<4} {label:<12} {value:.3f} ± {(high - low) / 2:.3f}   "
        f"{low:.3f}-{high:.3f}   {entry.distance:6.3f}  "
        f"{piles['start']:<6} {piles['pile1']:<11} {piles['pile2']:<14} {piles['pile3']:<13} "
        f"{share:8.1%}"
    )
