"""The Fugitive deck designer's CP-SAT model and the candidates drawn from it: Sprint values,
the events in play and the events per pile under designer constraints.

`design_decks(constraints, seed)` asks CP-SAT for up to `candidates` distinct deck
configurations (one Sprint value per Hideout 0-42; with an event variant, also which events
are in play and how many go into each pile) that meet every designer constraint, in the
order it finds them; balance.generate_decks plays and ranks them. When no deck meets the
constraints, the error names a smallest conflicting set (`_infeasible`).

The model (`build_deck_model`): one integer variable per Hideout (sprint_<c>, 0..5, the
primary variables) channelled to booleans is_<c>_<v> (exactly one per card). Counts are
sums of those booleans; runs use booleans same_<c> (card c and c+1 have equal values,
exact both ways); half-three uses per-value counts n_<v> over 4-41 and integer products
n_0*n_3 and n_1*n_2 (add_multiplication_equality): the pairs adding up to 3 number
S = n_0*n_3 + n_1*n_2 exactly, and |S/703 - 1/2| <= T/100 is the integer inequality
|2S - 703| * 10000 <= 2 * (100 T) * 703. With an event variant, booleans in_<key> say
which events are in play (primary), and, when the piles are free, integers events_pile<p>
(0..10, primary) channelled to booleans pile<p>_is_<k>; events-balance is an
add_abs_equality, pile-spread the difference of add_max_equality and add_min_equality.
Each designer constraint is a literal holds_<text> and a named constraint
bool_and([holds_<text>]) that explain_infeasible can switch off; what the variant and the
defaults require is hard (unnamed), decided once from the whole constraint set
(`DeckBase`) so that dropping a constraint while explaining never tightens the model.
Variety: each candidate maximises fresh random weights (drawn from the seed) on the
is_<c>_<v>, in_<key> and pile<p>_is_<k> booleans, with every earlier candidate blocked by
a clause on them, so candidates differ in Sprint values or in their event choices.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from ortools.sat.python import cp_model

from generator.errors import QuarryError
from generator.games.fugitive.cards import (
    EVENT_BY_KEY,
    EVENT_KEYS,
    EVENT_VARIANTS,
    HIDEOUTS,
    PILED_VARIANTS,
    RANDOM_PER_PILE,
    DeckConfig,
    helped_icon,
    published,
)
from generator.games.fugitive.design.spec import (
    DEFAULT_VALUES,
    ICON_WORDS,
    IN_PLAY_KINDS,
    MAX_CANDIDATES,
    MAX_EVENTS,
    MAX_VALUE,
    PAIR_CARDS,
    PAIRS,
    PILE_KINDS,
    SCOPES,
    DeckBase,
    DeckConstraint,
    parse_constraints,
)
from generator.solve.conflicts import conflict_error, smallest_conflict
from generator.solve.cpsat import explain_infeasible, solve

SOLVE_WORK = 10.0


# --- the model -------------------------------------------------------------------------------
@dataclass
class DeckModel:
    """A CP-SAT model of the deck configurations, plus the named designer constraints."""

    model: cp_model.CpModel
    sprint: list[cp_model.IntVar]  # sprint_<card>, the primary variables
    flags: dict[tuple[int, int], cp_model.IntVar]  # (card, value) -> is_<card>_<value>
    base: DeckBase = field(default_factory=DeckBase)
    in_play: dict[str, cp_model.IntVar] = field(default_factory=dict)  # key -> in_<key>
    piles: list[cp_model.IntVar] = field(default_factory=list)  # events_pile1..3 when free
    pile_flags: dict[tuple[int, int], cp_model.IntVar] = field(default_factory=dict)
    named: dict[str, cp_model.Constraint] = field(default_factory=dict)
    _same: dict[int, cp_model.IntVar] = field(default_factory=dict)

    @property
    def primary(self) -> list[cp_model.IntVar]:
        """Return the Sprint variables sprint_0 ... sprint_42, then in_<key> for the events
        and events_pile1..3 when the model has them."""
        return [*self.sprint, *self.in_play.values(), *self.piles]

    @property
    def choices(self) -> list[cp_model.IntVar]:
        """Return the booleans that tell two decks apart (weighted for variety, blocked)."""
        return [*self.flags.values(), *self.in_play.values(), *self.pile_flags.values()]

    def config(self, values: dict[str, int], variant: str | None = None) -> DeckConfig:
        """Return the deck whose primary variables take `values` (by variable name)."""
        variant = self.base.variant if variant is None else variant
        sprint = tuple(values[var.name] for var in self.sprint)
        if not self.in_play:
            return DeckConfig(sprint, variant)
        events = tuple(key for key, var in self.in_play.items() if values[var.name])
        per_pile = tuple(values[var.name] for var in self.piles) if self.piles else None
        return DeckConfig(sprint, variant, events, per_pile)

    def fix(self, config: DeckConfig, cards: Sequence[int]) -> None:
        """Require the Sprint values of `cards` to be as in `config`."""
        for card in cards:
            self.model.add(self.sprint[card] == config.sprint[card])

    def count(self, cards: Sequence[int], value: int):
        """Return the linear expression: how many of `cards` have Sprint `value`."""
        return sum(self.flags[c, value] for c in cards)

    def events_of(self, icon: str | None = None):
        """Return the linear expression: how many events in play (with `icon`, if given)."""
        return sum(
            var
            for key, var in self.in_play.items()
            if icon is None or EVENT_BY_KEY[key].icon == icon
        )

    def same(self, card: int) -> cp_model.IntVar:
        """Return a boolean: card and card + 1 have equal Sprint values (exact both ways)."""
        if card not in self._same:
            var = self.model.new_bool_var(f"same_{card}")
            self.model.add(self.sprint[card] == self.sprint[card + 1]).only_enforce_if(var)
            self.model.add(self.sprint[card] != self.sprint[card + 1]).only_enforce_if(~var)
            self._same[card] = var
        return self._same[card]

    def blocking_literals(self, config: DeckConfig) -> list:
        """Return literals of which one must hold in any deck other than `config`."""
        literals = [~self.flags[c, v] for c, v in enumerate(config.sprint)]
        for key, var in self.in_play.items():
            literals.append(~var if key in config.events else var)
        if self.piles:
            literals += [~self.pile_flags[p, n] for p, n in enumerate(config.events_per_pile)]
        return literals


def build_deck_model(
    constraints: Sequence[DeckConstraint] = (), base: DeckBase | None = None
) -> DeckModel:
    """Return the model of every deck configuration meeting `constraints`.

    Sprint values are 0..5 in the variables; the hard (unnamed) constraints of `base`
    (default: DeckBase.of(constraints)) keep them 1..2 and fix the events in play and the
    piles as the rule text says unless the constraints free them. Each designer
    constraint is in `named` by its text."""
    base = base or DeckBase.of(constraints)
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
    dm = DeckModel(model, sprint, flags, base)
    if base.default_values:
        low, high = DEFAULT_VALUES
        for var in sprint:
            model.add_linear_constraint(var, low, high)
    if base.variant in EVENT_VARIANTS:
        _add_events(dm)
    for constraint in constraints:
        _add_constraint(dm, constraint)
    return dm


def _add_events(dm: DeckModel) -> None:
    """The event variables and what the variant needs of them (DeckConfig.problem)."""
    model, base = dm.model, dm.base
    for key in EVENT_KEYS:
        dm.in_play[key] = model.new_bool_var(f"in_{key}")
        if not base.free_events:
            model.add(dm.in_play[key] == 1)
    icon = helped_icon(base.variant)
    model.add(dm.events_of(icon) >= 1)
    if base.variant not in PILED_VARIANTS:
        return
    if not base.free_piles:
        if icon is None:  # random: the rule's 2 events into each pile
            model.add(dm.events_of() >= 3 * RANDOM_PER_PILE)
        return
    for pile in range(3):
        var = model.new_int_var(0, MAX_EVENTS, f"events_pile{pile + 1}")
        row = [model.new_bool_var(f"pile{pile + 1}_is_{n}") for n in range(MAX_EVENTS + 1)]
        model.add_exactly_one(row)
        model.add(var == sum(n * f for n, f in enumerate(row)))
        dm.pile_flags.update({(pile, n): f for n, f in enumerate(row)})
        dm.piles.append(var)
    if icon is None:
        model.add(sum(dm.piles) >= 1)
        model.add(sum(dm.piles) <= dm.events_of())
    else:
        model.add(sum(dm.piles) == dm.events_of(icon))


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
    elif kind in (*IN_PLAY_KINDS, *PILE_KINDS):
        _add_event_constraint(dm, constraint, holds)
    else:  # pragma: no cover - parse_constraint admits only the kinds above
        raise AssertionError(kind)
    dm.named[constraint.text] = model.add_bool_and([holds])


def _add_event_constraint(dm: DeckModel, constraint: DeckConstraint, holds) -> None:
    model, kind = dm.model, constraint.kind
    if kind == "event":
        model.add(dm.in_play[constraint.name] == constraint.value).only_enforce_if(holds)
    elif kind == "events":
        _bound(model, dm.events_of(), constraint, holds)
    elif kind == "icon-events":
        _bound(model, dm.events_of(ICON_WORDS[constraint.name]), constraint, holds)
    elif kind == "events-balance":
        balance = model.new_int_var(0, MAX_EVENTS, f"value_{constraint.text}")
        model.add_abs_equality(balance, dm.events_of("fugitive") - dm.events_of("marshal"))
        _bound(model, balance, constraint, holds)
    elif kind == "pile-events":
        scope = constraint.scope
        expr = sum(dm.piles) if scope == "all" else dm.piles[int(scope[-1]) - 1]
        _bound(model, expr, constraint, holds)
    else:  # pile-spread
        most = model.new_int_var(0, MAX_EVENTS, f"most_{constraint.text}")
        fewest = model.new_int_var(0, MAX_EVENTS, f"fewest_{constraint.text}")
        model.add_max_equality(most, dm.piles)
        model.add_min_equality(fewest, dm.piles)
        _bound(model, most - fewest, constraint, holds)


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
    work: float = SOLVE_WORK,
) -> list[DeckConfig]:
    """Return up to `candidates` distinct decks (Sprint values, the variant asked for, and
    with an event variant the events in play and per pile) meeting `constraints`, in the
    order CP-SAT found them (fewer if fewer exist). QuarryError if the text is not
    understood or no deck meets the constraints (naming the conflicting ones)."""
    if not 1 <= candidates <= MAX_CANDIDATES:
        raise QuarryError(f"candidates must be 1 to {MAX_CANDIDATES}, not {candidates}")
    parsed = parse_constraints(constraints)
    dm = build_deck_model(parsed)
    rng = np.random.default_rng([seed, 0x6465636B])
    choices = dm.choices
    signed = np.array([var.name.startswith("in_") for var in choices], dtype=np.int64)
    found: list[DeckConfig] = []
    for index in range(candidates):
        # Signed weights on the events in play (a random subset), positive ones on the
        # exactly-one booleans of Sprint values and pile counts (a random value each).
        weights = rng.integers(0, 1000, size=len(choices)) - signed * 500
        dm.model.maximize(sum(int(w) * var for w, var in zip(weights, choices, strict=True)))
        solution = solve(dm.model, dm.primary, work, seed + index)
        if solution is None:
            if not found:
                raise _infeasible(parsed, work)
            break
        found.append(dm.config(solution.values))
        dm.model.add_bool_or(dm.blocking_literals(found[-1]))
    return found


def _infeasible(parsed: list[DeckConstraint], work: float) -> QuarryError:
    """Return the error for constraints no deck meets, naming a smallest conflicting set (as
    the designer wrote them) and what the variant and the defaults keep in force."""
    # The base (value domain, events and piles left to the rules) stays as the full set has
    # it, so that dropping a constraint never tightens the model.
    base = DeckBase.of(parsed)
    dm = build_deck_model(parsed, base)
    core = explain_infeasible(dm.model, dm.named, work) or list(dm.named)

    def infeasible(chosen: list[DeckConstraint]) -> bool:
        return solve(build_deck_model(chosen, base).model, [], work) is None

    needed = smallest_conflict(parsed, [c for c in parsed if c.text in core], infeasible)
    return conflict_error("deck", [c.label for c in needed], base.notes())
