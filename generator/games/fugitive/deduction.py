"""What the Marshal can deduce about the Fugitive's face-down Hideouts, from her view only.

marshal_facts.py reads a MarshalView into Table: the facts a person at the table knows (its
docstring lists them; all are exact, nothing is relaxed). Two independent methods then
find, for each face-down Hideout, every value it can still have: `search_values(table)`
(method B, an exact layered search, fast; it also counts completions, which the Marshal
uses as weights) and `cpsat_values(table)` (method A, one CP-SAT model with a variable per
card, a value fixed out at a time). Tests check that they agree exactly and that the true
values are always in the sets. `deduce(view)` is B on the view. Method B exists twice: in
Python (`search_values_python`) and as its C port (layered_search.c, native_search.py),
which `search_values` runs when it is built and handles the table.
"""

import bisect
from collections import defaultdict
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement

from generator.games.fugitive.cards import ESCAPE, PILES, START_HAND, pile_of
from generator.games.fugitive.marshal_facts import (
    REACH,
    HistoryFacts,
    Inconsistent,
    Table,
    read_table,
)
from generator.games.fugitive.native_search import native_weights

MAX_HIDEOUT = ESCAPE - 1  # a face-down Hideout is 1-41


# --- the deduction's answer ------------------------------------------------------------------
@dataclass(frozen=True)
class Deduction:
    """For each face-down Hideout (left to right; `positions` are their row positions), the
    values it can still have and, per value, the number of completions through it: ways to
    give every face-down Hideout a value and a multiset of Sprint card kinds (pile group,
    Sprint value) that fit every fact. `total` is the number of completions."""

    positions: tuple[int, ...]
    possible: tuple[frozenset[int], ...]
    weights: tuple[dict[int, int], ...]
    total: int

    def certain(self) -> dict[int, int]:
        """Return {row position: value} of the face-down Hideouts with one possible value."""
        return {
            p: next(iter(values))
            for p, values in zip(self.positions, self.possible, strict=True)
            if len(values) == 1
        }

    def number_weights(self) -> dict[int, int]:
        """Return, per number, the completions in which it is a face-down Hideout."""
        totals: dict[int, int] = defaultdict(int)
        for weights in self.weights:
            for value, weight in weights.items():
                totals[value] += weight
        return dict(totals)


def deduce(view, facts: HistoryFacts | None = None) -> Deduction:
    """Return the Marshal's exact deduction (method B) for a MarshalView (`facts`: as for
    read_table)."""
    return search_values(read_table(view, facts))


# --- method B: an exact layered search -------------------------------------------------------
# A completion is built left to right, one face-down Hideout per layer. Sprint cards of the
# same kind (group, Sprint value) are interchangeable for every fact (the groups are the
# start cards 1, 2, 3, 42 and the three piles), so a layer chooses a value and a multiset of
# kinds, and the state counts the cards used so far per kind and per pile: at most the
# unknown cards of each kind (the value's own card included), at most each pile limit.
#
# Only counts that can reach their cap are kept: a kind with more unknown cards than the
# face-down Hideouts can use (all their cards, or the pile's limit) needs no count, nor a
# pile without limits. Multisets of Sprint kinds with the same kept counts form one class;
# a class can serve a layer when its highest Sprint total covers the gap, and stands for
# every multiset of it whose total does (their number multiplies the completions). The kept
# counts are packed in one int, FIELD bits per count with a guard bit on top: CAP - counts
# keeps every guard bit set exactly when no count is over its cap.
FIELD = 7
GROUPS = 4  # 0: start cards, 1-3: piles 1-3
VALUES = 6  # Sprint values 0-5
KINDS = GROUPS * VALUES
GUARD = 1 << (FIELD - 1)
UNLIMITED = GUARD - 1
START = frozenset(START_HAND)
_ODD = sum(1 << n for n in range(1, ESCAPE, 2))


def _group(card: int) -> int:
    return 0 if card in START else pile_of(card) + 1


def _kind(card: int, sprint: tuple[int, ...]) -> int:
    return _group(card) * VALUES + sprint[card]


@lru_cache(maxsize=4096)
def _sprint_classes(count: int, kinds: tuple[tuple[int, int], ...]):
    """Return the classes of multisets of `count` Sprint cards, for `kinds` given as (Sprint
    value, packed unit of one card: 0 when nothing of it is counted): a tuple of (highest
    total, packed counts, number of multisets with total >= need for need = 0, 1, ...),
    highest total first."""
    totals: dict[int, list[int]] = defaultdict(list)
    for combo in combinations_with_replacement(range(len(kinds)), count):
        packed = sum(kinds[i][1] for i in combo)
        totals[packed].append(sum(kinds[i][0] for i in combo))
    classes = []
    for packed, sums in totals.items():
        top = max(sums)
        at_least = tuple(sum(1 for s in sums if s >= need) for need in range(top + 1))
        classes.append((top, packed, at_least))
    classes.sort(key=lambda c: (-c[0], c[1]))
    return tuple(classes)


@lru_cache(maxsize=4096)
def _classes_within(count: int, kinds: tuple[tuple[int, int], ...], bound: int, guards: int):
    """Return the classes of _sprint_classes(count, kinds) whose packed counts stay within
    the packed caps `bound` (every guard bit of bound - counts still set)."""
    return tuple(c for c in _sprint_classes(count, kinds) if (bound - c[1]) & guards == guards)


def _merge_classes(classes, with_value: int, caps: int, slack: int, guards: int) -> list:
    """Return the classes of a layer that fit `caps` once a Hideout's own card (packed
    counts `with_value`) is added, merged by the counts they leave in the next state (a count
    no later layer can push over its cap is cleared): (highest total, kept counts, ways by
    need), highest total first. Merging adds the ways of every class whose total covers the
    need, so each need counts the same multisets as before."""
    ones = GUARD - 1
    merged: dict[int, list[int]] = {}
    for _top, packed, at_least in classes:
        counts = with_value + packed
        if (caps - counts) & guards != guards:
            continue
        kept = counts & ~((((slack - counts) & guards) >> (FIELD - 1)) * ones)
        ways = merged.get(kept)
        if ways is None:
            merged[kept] = list(at_least)
            continue
        if len(ways) < len(at_least):
            ways.extend([0] * (len(at_least) - len(ways)))
        for need, count in enumerate(at_least):
            ways[need] += count
    fits = [(len(ways) - 1, kept, ways) for kept, ways in merged.items()]
    fits.sort(key=lambda fit: -fit[0])
    return fits


class _Layout:
    """The packed counts of one table: which kinds and piles are counted, where, their caps
    per layer, and the classes of Sprint cards each layer may use."""

    def __init__(self, table: Table, unknown: int) -> None:
        """`unknown`: the table's unknown cards as bits of an int."""
        m = len(table.hidden)
        self.avail = [(unknown & kind).bit_count() for kind in _kind_masks(table.sprint)]
        sizes = [1 + table.slots[i].sprints for i in table.hidden]
        cards = sum(sizes)
        pile_caps = [[UNLIMITED] * len(PILES) for _ in range(m)]
        for pile, n, cap in table.limits:
            pile_caps[n - 1][pile] = min(pile_caps[n - 1][pile], cap)
        limited = [p for p in range(len(PILES)) if any(c[p] < UNLIMITED for c in pile_caps)]
        # the most cards of each group the face-down Hideouts can use: those of the first n
        # within the pile's limit for n, all cards of the others
        most = [cards] + [
            min([cards] + [caps[p] + sum(sizes[n + 1 :]) for n, caps in enumerate(pile_caps)])
            for p in range(len(PILES))
        ]
        field = 0
        self.pile_field = {}
        for pile in limited:
            self.pile_field[pile] = field
            field += 1
        self.kind_field = {}
        for kind in range(KINDS):
            if 0 < self.avail[kind] < most[kind // VALUES]:
                self.kind_field[kind] = field
                field += 1
        units = [0] * KINDS
        for kind, f in self.kind_field.items():
            units[kind] += 1 << (f * FIELD)
        for pile, f in self.pile_field.items():
            for kind in range((pile + 1) * VALUES, (pile + 2) * VALUES):
                units[kind] += 1 << (f * FIELD)
        self.units = units
        self.guards = guards = sum(GUARD << (f * FIELD) for f in range(field))
        kind_caps = sum((self.avail[k] | GUARD) << (f * FIELD) for k, f in self.kind_field.items())
        self.caps = [
            kind_caps + sum((caps[p] | GUARD) << (f * FIELD) for p, f in self.pile_field.items())
            for caps in pile_caps
        ]
        # After layer i a count no later layer can push over its cap is cleared (states that
        # differ only in such counts have the same futures): a kind's count when the unknown
        # cards of the kind cover it plus every card still to place, a pile's count when for
        # each later layer j it stays within cap(j) plus every card placed in layers i+1..j.
        self.slack = []
        for i in range(m):
            later = sum(sizes[i + 1 :])
            slack = 0
            for kind, f in self.kind_field.items():
                slack |= max(0, self.avail[kind] - later) << (f * FIELD)
            for pile, f in self.pile_field.items():
                room, placed = UNLIMITED, 0
                for j in range(i + 1, m):
                    placed += sizes[j]
                    room = min(room, pile_caps[j][pile] - placed)
                slack |= max(0, min(room, UNLIMITED)) << (f * FIELD)
            self.slack.append(slack | guards)
        # The Sprint kinds worth considering. In a group with an uncounted kind (more unknown
        # cards than the face-down Hideouts can use), a Sprint card of a kind worth less can be
        # swapped for an unused card of that kind (same group, so the same pile counts, and a
        # higher total): it is left out, and the sets of values stay exact. Then per layer,
        # kinds of piles whose limits allow no card there are left out, and classes over the
        # layer's caps (the tightest limit of every prefix that includes the layer).
        kinds = []
        for group in range(GROUPS):
            present = [k for k in range(group * VALUES, (group + 1) * VALUES) if self.avail[k]]
            floor = max((k % VALUES for k in present if k not in self.kind_field), default=0)
            kinds += [k for k in present if k % VALUES >= floor]
        rooms = [pile_caps[-1]]  # per layer, the tightest limit of the prefixes holding it
        for caps in reversed(pile_caps[:-1]):
            rooms.append([min(a, b) for a, b in zip(caps, rooms[-1], strict=True)])
        rooms.reverse()
        self.classes = []
        for i, room in enumerate(rooms):
            usable = tuple(
                (k % VALUES, self.units[k])
                for k in kinds
                if k < VALUES or room[k // VALUES - 1] > 0
            )
            bound = kind_caps + sum(
                (room[p] | GUARD) << (f * FIELD) for p, f in self.pile_field.items()
            )
            self.classes.append(_classes_within(sizes[i] - 1, usable, bound, guards))


@lru_cache(maxsize=64)
def _kind_masks(sprint: tuple[int, ...]) -> tuple[int, ...]:
    """Return, for each kind, the cards 1-42 of that kind as bits of an int."""
    masks = [0] * KINDS
    for card in range(1, ESCAPE + 1):
        masks[_kind(card, sprint)] |= 1 << card
    return tuple(masks)


@lru_cache(maxsize=64)
def _kind_table(sprint: tuple[int, ...]) -> tuple[int, ...]:
    """Return the kind of each card 0-42 for these Sprint values."""
    return tuple(_kind(card, sprint) for card in range(ESCAPE + 1))


def search_values(table: Table) -> Deduction:
    """Return the Deduction of `table` by the exact layered search (method B): its C port
    (native_search.py) when it is built and handles the table, else the Python search."""
    hidden = table.hidden
    if not hidden:
        return Deduction((), (), (), 1)
    weights = native_weights(table, _kind_table(table.sprint), Inconsistent)
    if weights is None:
        return search_values_python(table)
    return _answer(table, weights)


def _answer(table: Table, weights: list[dict[int, int]]) -> Deduction:
    """Return the Deduction of the weights per face-down Hideout (either search's)."""
    return Deduction(
        positions=tuple(table.slots[i].position for i in table.hidden),
        possible=tuple(frozenset(w) for w in weights),
        weights=tuple(weights),
        total=sum(weights[0].values()),
    )


def search_values_python(table: Table) -> Deduction:
    """Return the Deduction of `table` by the exact layered search (method B) in Python."""
    sprint, slots, hidden = table.sprint, table.slots, table.hidden
    m = len(hidden)
    if m == 0:
        return Deduction((), (), (), 1)
    unknown = 0
    for card in table.unknown:
        unknown |= 1 << card
    layout = _Layout(table, unknown)
    guards = layout.guards
    # the series facts: a bit per (fact, number); checked (and cleared) after the last layer
    # that can hold one of the fact's numbers
    series_bits = [defaultdict(int) for _ in range(m)]
    series_checks: list[list[int]] = [[] for _ in range(m)]
    bit = 0
    for numbers, relevant in table.not_all:
        mask = 0
        for number in sorted(numbers):
            for i in relevant:
                series_bits[i][number] |= 1 << bit
            mask |= 1 << bit
            bit += 1
        series_checks[max(relevant)].append(mask)

    # Each layer's candidates: unknown cards within what the row allows (above the lowest
    # value the Hideout before can have, within the widest reach of its highest), not ruled
    # out by a wrong guess or a parity. Walked as bits of one int.
    unknown &= ~(1 << ESCAPE)  # the 42 is never face down
    kind_of, units = _kind_table(sprint), layout.units
    layers = []
    prev_low = prev_high = 0
    for i, slot_index in enumerate(hidden):
        slot = slots[slot_index]
        fixed_prev = 0 if slot_index == 0 else slots[slot_index - 1].value  # None: hidden
        if fixed_prev is not None:
            prev_low = prev_high = fixed_prev
        classes = layout.classes[i]
        if not classes:
            raise Inconsistent("no Sprint cards fit a face-down Hideout")
        low, high = prev_low + 1, min(MAX_HIDEOUT, prev_high + REACH + slot.bonus + classes[0][0])
        if slot_index + 1 < len(slots) and slots[slot_index + 1].value is not None:
            after = slots[slot_index + 1]
            reach = after.reach(sprint)
            low, high = max(low, after.value - reach), min(high, after.value - 1)
        mask = unknown & ((1 << (high + 1)) - (1 << low)) if high >= low else 0
        for v in table.excluded[i]:
            mask &= ~(1 << v)
        if table.parity[i] is not None:
            mask &= _ODD if table.parity[i] else ~_ODD
        bits = series_bits[i]
        candidates = []
        while mask:
            lowest = mask & -mask
            v = lowest.bit_length() - 1
            candidates.append((v, units[kind_of[v]], bits.get(v, 0)))
            mask ^= lowest
        if not candidates:
            raise Inconsistent("no assignment of the face-down Hideouts fits the facts")
        prev_low, prev_high = candidates[0][0], candidates[-1][0]
        layers.append(
            (fixed_prev, slot.bonus, candidates, classes, layout.caps[i], layout.slack[i])
        )

    start = (layers[0][0], 0, 0)
    frontier: dict[tuple[int, int, int], int] = {start: 1}
    forwards, steps = [], []  # per layer: ways to reach each state; (state, value, next, ways)
    for i, (_, bonus, candidates, classes, caps, slack) in enumerate(layers):
        if i + 1 < m:
            adjacent = hidden[i + 1] == hidden[i] + 1
            following = None if adjacent else layers[i + 1][0]
        else:
            following = -1  # after the last layer every state merges
        best = classes[0][0]
        checks = series_checks[i]
        numbers = [v for v, _, _ in candidates]
        # The classes that fit the caps, with the counts each leaves in the next state, for
        # each packed count before the Sprint cards (states often share it): (highest total,
        # kept counts, ways by need), highest total first.
        fitting: dict[int, list] = {}
        nxt: dict[tuple[int, int, int], int] = defaultdict(int)
        edges = []
        forwards.append(frontier)
        for state, count in frontier.items():
            prev, used, seen = state
            base = prev + REACH + bonus
            for index in range(bisect.bisect_right(numbers, prev), len(numbers)):
                v, unit, bits = candidates[index]
                need = v - base
                if need > best:
                    break
                with_value = used + unit
                fits = fitting.get(with_value)
                if fits is None:
                    fits = fitting[with_value] = _merge_classes(
                        classes, with_value, caps, slack, guards
                    )
                marks = seen | bits
                if checks:
                    if any(marks & mask == mask for mask in checks):
                        continue
                    for mask in checks:
                        marks &= ~mask
                new_prev = v if following is None else following
                if need < 0:
                    need = 0
                for top, kept, at_least in fits:
                    if top < need:
                        break
                    key = (new_prev, kept, marks)
                    ways = at_least[need]
                    nxt[key] += count * ways
                    edges.append((state, v, key, ways))
        steps.append(edges)
        frontier = nxt
        if not frontier:
            raise Inconsistent("no assignment of the face-down Hideouts fits the facts")

    backward: dict = dict.fromkeys(frontier, 1)
    weights: list[dict[int, int]] = [{} for _ in range(m)]
    for i in range(m - 1, -1, -1):
        layer_weights: dict[int, int] = defaultdict(int)
        before: dict = defaultdict(int)
        forward = forwards[i]
        for state, v, key, ways in steps[i]:
            after = backward.get(key)
            if after:
                before[state] += ways * after
                layer_weights[v] += forward[state] * ways * after
        weights[i] = dict(sorted(layer_weights.items()))
        backward = before
    return _answer(table, weights)


# --- method A: CP-SAT ------------------------------------------------------------------------
def build_model(table: Table):
    """Return (model, hideout variables, value literals) of the CP-SAT model of `table`.

    Variables, one per card and face-down Hideout i (only cards of `unknown`):
    is_{i}_{v} (Hideout i is card v, v 1-41) and under_{i}_{c} (card c is a Sprint card of
    Hideout i); hideout_{i} = sum v * is_{i}_{v}. Constraints: each Hideout one value; k Sprint
    cards each; every card used at most once; the row order and reach, slot by slot (revealed
    slots are constants); the exclusions and parities; the pile limits; each series fact."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    sprint = table.sprint
    values = [v for v in sorted(table.unknown) if v <= MAX_HIDEOUT]
    cards = sorted(table.unknown)
    is_value: list[dict[int, object]] = []
    under: list[dict[int, object]] = []
    hideouts = []
    for i, slot_index in enumerate(table.hidden):
        slot = table.slots[slot_index]
        is_value.append({v: model.new_bool_var(f"is_{i}_{v}") for v in values})
        under.append({c: model.new_bool_var(f"under_{i}_{c}") for c in cards})
        hideout = model.new_int_var(1, MAX_HIDEOUT, f"hideout_{i}")
        model.add_exactly_one(is_value[i].values())
        model.add(hideout == sum(v * lit for v, lit in is_value[i].items()))
        model.add(sum(under[i].values()) == slot.sprints)
        for v in table.excluded[i]:
            if v in is_value[i]:
                model.add(is_value[i][v] == 0)
        if table.parity[i] is not None:
            half = model.new_int_var(0, MAX_HIDEOUT, f"half_{i}")
            model.add(hideout == 2 * half + table.parity[i])
        hideouts.append(hideout)
    for c in cards:
        uses = [u[c] for u in under] + [x[c] for x in is_value if c in x]
        model.add_at_most_one(uses)
    index_of = {slot_index: i for i, slot_index in enumerate(table.hidden)}
    previous = 0
    for slot_index, slot in enumerate(table.slots):
        i = index_of.get(slot_index)
        if i is None:
            current = slot.value
            reach = slot.reach(sprint)
        else:
            current = hideouts[i]
            reach = REACH + slot.bonus + sum(sprint[c] * lit for c, lit in under[i].items())
        if i is not None or not isinstance(previous, int):  # two known numbers: nothing to add
            model.add(current >= previous + 1)
            model.add(current <= previous + reach)
        previous = current
    for pile, n, cap in table.limits:
        low, high = PILES[pile]
        model.add(
            sum(
                lit
                for i in range(n)
                for group in (is_value[i], under[i])
                for card, lit in group.items()
                if low <= card <= high
            )
            <= cap
        )
    for numbers, relevant in table.not_all:
        model.add(
            sum(is_value[i][v] for v in numbers for i in relevant if v in is_value[i])
            <= len(numbers) - 1
        )
    return model, hideouts, is_value


def cpsat_values(table: Table, seconds: float = 30.0) -> tuple[frozenset[int], ...]:
    """Return, per face-down Hideout, its possible values by CP-SAT (method A): solve, record
    every Hideout's value, then for each Hideout solve again with all its values found so far
    forbidden, until that is infeasible."""
    from generator.solve.cpsat import solve

    if not table.hidden:
        return ()
    model, hideouts, is_value = build_model(table)
    found: list[set[int]] = [set() for _ in hideouts]
    for i in range(len(hideouts)):
        while True:
            trial = model.clone()
            for v in found[i]:
                trial.add(trial.get_bool_var_from_proto_index(is_value[i][v].index) == 0)
            solution = solve(trial, hideouts, seconds)
            if solution is None:
                break
            for j, var in enumerate(hideouts):
                found[j].add(solution.values[var.name])
    if not found[0]:
        raise Inconsistent("no assignment of the face-down Hideouts fits the facts")
    return tuple(frozenset(f) for f in found)
