"""Fugitive (the plain deck): a game drawn from what one player knows.

What each side cannot see (rules.py's observers):
- the Marshal: the values and Sprint cards of the face-down Hideouts, the Fugitive's hand,
  and the order of the piles (which card each of the Fugitive's draws took, and what is
  left). She knows the cards she drew herself, every revealed Hideout and its Sprint cards;
- the Fugitive: which card each of the Marshal's draws took, and the order of what is left.
  In the plain game nothing the Marshal holds changes what happens at the table, so every
  such order fits what he knows and each is equally likely.

A Marshal's draw comes in three stages:
1. The face-down Hideouts' values follow the deduction's weights exactly (deduction.py: the
   number of completions through each value). They are fixed one at a time, left to right:
   each is drawn by its weights given the values fixed before, then pinned in the table
   (every other number excluded) and the table searched again. (The search counts
   completions over the Sprint kinds it keeps: in a group of cards where a kind has more
   unknown cards than the face-down Hideouts can use, it leaves out the group's kinds of
   lower Sprint value. The sets of values stay exact, the counts are of fewer completions
   than a full count; its weights are what is followed here.)
2. Given the values, the Sprint cards, left to right: each Hideout's set uniformly among the
   sets of unknown cards that reach its value, could have been drawn before it was placed
   and leave the Hideouts after it possible (a search with their values pinned). Sets are
   drawn uniformly from the cards of the piles he still had room in and the others turned
   down, which keeps each accepted set uniform; after TRIES blind sets turned down (few sets
   fit: 45 of 2,042,975 nine-card sets at one position met in play), the set is drawn from
   the mixes of card kinds (pile, Sprint value) that fit instead, each in proportion to its
   number of sets, then its cards uniformly within each kind; cards of a kind are alike to
   every check, so this is the same uniform draw and it never fails where a set fits.
   (Uniform Hideout by Hideout, not over all
   the sets of every Hideout at once: counting those is what the C search is for.)
3. The piles, uniformly among the orders that fit: each card the Fugitive placed from a
   pile goes to one of his draws from that pile made before it was placed (tightest first,
   each uniform among the draws still free: their number does not depend on the earlier
   choices), and the pile's other unknown cards are shuffled over his other draws and the
   cards not drawn yet. His hand is what he drew and did not place.

The new history is the drawn Deal, the same steps, and each Hide of a face-down Hideout
naming the drawn cards. It is not replayed here: who moves never depends on what is hidden,
so each step keeps its player, and the caller replays it (the tests check that every step of
such replays looks the same to the player). Other variants raise NotImplementedError in
`resample`; the table game (play/table/fugitive) draws a Marshal's hidden game with events
through `_for_marshal`, which keeps every event and Placeholder where it lies in the piles
and counts each card a Dragnet made him discard as used when it was discarded.
"""

from __future__ import annotations

import bisect
import dataclasses
from functools import lru_cache
from math import comb

from generator.games.fugitive.cards import START_DRAWS, pile_of
from generator.games.fugitive.deduction import Deduction, search_values
from generator.games.fugitive.marshal_facts import (
    REACH,
    HistoryFacts,
    Inconsistent,
    Table,
    read_table,
)
from generator.games.fugitive.rules import (
    FUGITIVE,
    MARSHAL,
    Draw,
    Hide,
    MarshalView,
    format_action,
)
from generator.interop.resample import Step, replay

NUMBERS = frozenset(range(1, 42))  # what a face-down Hideout can be
TRIES = 1000  # blind sets of Sprint cards tried for one Hideout before counting the kinds
KEPT = 4096  # searches kept per position before the store is emptied


# --- what a position holds, worked out once for every draw from it ---------------------------
@dataclasses.dataclass
class _Position:
    """The real game after some actions: its deal, who drew each drawn card of each pile
    (top first, the Fugitive's setup draws included); for the Marshal also her view, the
    facts read from its history, her table of facts, the history index of each of the
    Fugitive's draws by pile, and the searches made so far with values pinned."""

    deal: object
    drawers: tuple[tuple[int, ...], ...]
    view: MarshalView | None = None
    facts: HistoryFacts | None = None
    table: Table | None = None
    fugitive_draws: tuple[tuple[int, ...], ...] = ()
    searches: dict = dataclasses.field(default_factory=dict)


@lru_cache(maxsize=16)
def _position(options: tuple, actions: tuple, player: int) -> _Position:
    state, history = replay("fugitive", dict(options), actions)
    drawers = [[FUGITIVE] * count for count in START_DRAWS]
    for step in history[1:]:
        if isinstance(step.action, Draw):
            drawers[step.action.pile].append(step.player)
    position = _Position(actions[0], tuple(map(tuple, drawers)))
    if player == MARSHAL:
        position.view, position.facts = state.observation(MARSHAL), HistoryFacts()
        position.table = read_table(position.view, position.facts)
        position.fugitive_draws = tuple(map(tuple, position.facts.draws))
    return position


# --- draws -------------------------------------------------------------------------------------
def _index(weights, draw) -> int:
    """Return an index drawn in proportion to `weights` (ints, not all 0)."""
    point = draw() * sum(weights)
    for index, weight in enumerate(weights):
        point -= weight
        if point < 0 and weight:
            return index
    return max(i for i, w in enumerate(weights) if w)


def _shuffled(items, draw) -> list:
    """Return `items` in a uniformly drawn order."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = min(int(draw() * (i + 1)), i)
        out[i], out[j] = out[j], out[i]
    return out


def _subset(items: list, size: int, draw) -> tuple | None:
    """Return `size` of `items`, sorted, uniformly among such sets (None if too few)."""
    if size > len(items):
        return None
    pool = list(items)
    for i in range(size):
        j = i + min(int(draw() * (len(pool) - i)), len(pool) - i - 1)
        pool[i], pool[j] = pool[j], pool[i]
    return tuple(sorted(pool[:size]))


# --- stage 1: the values ----------------------------------------------------------------------
def _search(position: _Position, pins: tuple[int, ...]) -> Deduction:
    """Return the deduction with the first len(pins) face-down Hideouts pinned to `pins`."""
    found = position.searches.get(pins)
    if found is None:
        table = position.table
        excluded = list(table.excluded)
        for i, value in enumerate(pins):
            excluded[i] = NUMBERS - {value}
        if len(position.searches) >= KEPT:
            position.searches.clear()
        found = search_values(dataclasses.replace(table, excluded=tuple(excluded)))
        position.searches[pins] = found
    return found


def _values(position: _Position, draw) -> tuple[int, ...]:
    """Return a value for each face-down Hideout, drawn as the completions fall."""
    pins: tuple[int, ...] = ()
    for i in range(len(position.table.hidden)):
        weights = _search(position, pins).weights[i]
        values = sorted(weights)
        pins += (values[_index([weights[v] for v in values], draw)],)
    return pins


def _known_uses(position: _Position) -> dict[int, tuple[int, ...]]:
    """Return the cards the Marshal has seen the Fugitive use, by the history index of
    their use: each face-up Hideout with its Sprint cards, each card a Dragnet made him
    discard (both had to be drawn before)."""
    uses = {s.time: (s.value, *s.sprint_cards) for s in position.table.slots if s.value is not None}
    uses.update({time: (card,) for time, card in position.facts.dragnet})
    return uses


# --- stage 2: the Sprint cards ----------------------------------------------------------------
def _drawn_in_time(placed: dict[int, tuple[int, ...]], draws) -> bool:
    """Return whether every pile card in `placed` (history index of its Hide -> its cards)
    can have been drawn before it was placed: for each pile, the cards placed by each time
    are at most the Fugitive's draws from it before then (Hall's condition, as in
    marshal_facts.py)."""
    for pile, times in enumerate(draws):
        uses = sorted(t for t, cards in placed.items() for c in cards if pile_of(c) == pile)
        if any(count > bisect.bisect_left(times, t) for count, t in enumerate(uses, 1)):
            return False
    return True


def _rest_possible(position: _Position, row: list, values: tuple[int, ...], i: int) -> bool:
    """Return whether the face-down Hideouts after the i-th (their values pinned) can still
    be given Sprint cards when the row before them is as `row` has it (search_values)."""
    view = dataclasses.replace(position.view, row=tuple(row))
    try:
        table = read_table(view, position.facts)
        if table.hidden:
            excluded = tuple(NUMBERS - {v} for v in values[i + 1 :])
            search_values(dataclasses.replace(table, excluded=excluded))
    except Inconsistent:
        return False
    return True


def _mixes(sizes: list[int], total: int, start: int = 0):
    """Yield (counts, ways): every way to take `total` cards from groups of `sizes` (counts
    per group from `start` on) and the number of card sets with those counts."""
    if start == len(sizes):
        if total == 0:
            yield (), 1
        return
    for k in range(min(sizes[start], total) + 1):
        for rest, ways in _mixes(sizes, total - k, start + 1):
            yield (k, *rest), comb(sizes[start], k) * ways


def _take(groups: list[list[int]], mix: tuple[int, ...]) -> tuple[int, ...]:
    """Return the first mix[j] cards of each group j (one set of the mix)."""
    return tuple(c for k, g in zip(mix, groups, strict=True) for c in g[:k])


def _fits(position: _Position, placed: dict, row: list, values: tuple, i: int, chosen: tuple):
    """Return (placed, row) with `chosen` as the Sprint cards of the i-th face-down Hideout, or
    None if they cannot have been drawn in time or leave the Hideouts after it impossible."""
    slot = position.table.slots[position.table.hidden[i]]
    trial = {**placed, slot.time: (values[i], *chosen)}
    after = row[: slot.position] + [(values[i], len(chosen), chosen)] + row[slot.position + 1 :]
    if _drawn_in_time(trial, position.fugitive_draws) and (
        not chosen or _rest_possible(position, after, values, i)
    ):
        return trial, after
    return None


def _sprint_cards(position: _Position, values: tuple[int, ...], draw) -> list[tuple[int, ...]]:
    """Return the Sprint cards of each face-down Hideout, given their values: left to right,
    each set uniformly among those that reach its value, could have been drawn in time and
    leave the Hideouts after it possible (sets drawn uniformly, the others turned down)."""
    table, draws = position.table, position.fugitive_draws
    slots, sprint = table.slots, table.sprint
    row = list(position.view.row)
    free = set(table.unknown) - set(values)
    placed = _known_uses(position)
    placed.update({slots[s].time: (v,) for s, v in zip(table.hidden, values, strict=True)})
    out = []
    for i, (slot_index, value) in enumerate(zip(table.hidden, values, strict=True)):
        slot = slots[slot_index]
        need = value - (row[slot.position - 1][0] or 0) - REACH - slot.bonus
        # leave out the cards of a pile the Fugitive had drawn no more of by then
        room = [
            bisect.bisect_left(draws[p], slot.time)
            - sum(pile_of(c) == p for t, cards in placed.items() if t <= slot.time for c in cards)
            for p in range(3)
        ]
        cards = sorted(c for c in free if pile_of(c) < 0 or room[pile_of(c)] > 0)
        found = None
        for _ in range(TRIES):  # most positions: a blind set fits within a few tries
            chosen = _subset(cards, slot.sprints, draw)
            if chosen is None or sum(sprint[c] for c in chosen) < need:
                continue
            found = _fits(position, placed, row, values, i, chosen)
            if found is not None:
                break
        else:  # few sets fit: draw one from the mixes of kinds that do (same distribution)
            kinds: dict[tuple[int, int], list[int]] = {}
            for c in cards:  # cards of one kind are alike to every check below
                kinds.setdefault((pile_of(c), sprint[c]), []).append(c)
            groups = list(kinds.values())
            mixes = [
                (mix, weight)
                for mix, weight in _mixes([len(g) for g in groups], slot.sprints)
                if sum(k * sprint[g[0]] for k, g in zip(mix, groups, strict=True)) >= need
                and _drawn_in_time({**placed, slot.time: (value, *_take(groups, mix))}, draws)
            ]
            while found is None:
                if not mixes:
                    raise ValueError(f"no Sprint cards found for the Hideout at {slot.position}")
                pick = _index([weight for _, weight in mixes], draw)
                chosen = tuple(
                    sorted(
                        c
                        for k, g in zip(mixes[pick][0], groups, strict=True)
                        for c in _subset(g, k, draw)
                    )
                )
                found = _fits(position, placed, row, values, i, chosen)
                mixes.pop(pick)  # alike cards: if this set does not fit, none of its mix does
        trial, after = found
        placed, row = trial, after
        free -= set(chosen)
        out.append(chosen)
    return out


# --- stage 3: the piles -------------------------------------------------------------------------
def _marshal_piles(position: _Position, placed: dict[int, tuple[int, ...]], draw) -> tuple:
    """Return the piles' order (top first) given the cards of every Hideout (`placed`:
    history index of its Hide -> its cards), uniformly among those that fit."""
    piles = []
    for pile, (order, drawers) in enumerate(
        zip(position.deal.piles, position.drawers, strict=True)
    ):
        draws = position.fugitive_draws[pile]
        # his card draws (an event or Placeholder he drew stays where it lies)
        mine = [i for i, who in enumerate(drawers) if who == FUGITIVE and order[i] <= 42]
        theirs = {order[i] for i, who in enumerate(drawers) if who != FUGITIVE}
        used = sorted(
            (bisect.bisect_left(draws, time), card)
            for time, cards in placed.items()
            for card in cards
            if pile_of(card) == pile
        )
        new = list(order)
        open_draws = list(range(len(mine)))  # the Fugitive's draws not yet given a card
        for bound, card in used:  # tightest first
            fitting = bisect.bisect_left(open_draws, bound)
            if fitting == 0:
                raise ValueError(f"card {card} was placed before it could be drawn")
            new[mine[open_draws.pop(min(int(draw() * fitting), fitting - 1))]] = card
        spent = theirs | {card for _, card in used}
        rest = iter(_shuffled([c for c in order if c not in spent and c <= 42], draw))
        undrawn = [i for i in range(len(drawers), len(order)) if order[i] <= 42]
        for i in [mine[j] for j in open_draws] + undrawn:
            new[i] = next(rest)
        piles.append(tuple(new))
    return tuple(piles)


def _for_marshal(position: _Position, draw) -> tuple[object, dict[int, Hide]]:
    """Return (the drawn Deal, the new Hide of each face-down Hideout by row position)."""
    table = position.table
    values = _values(position, draw)
    sprints = _sprint_cards(position, values, draw)
    hides, placed = {}, _known_uses(position)
    for slot_index, value, cards in zip(table.hidden, values, sprints, strict=True):
        slot = table.slots[slot_index]
        hides[slot.position] = Hide(value, cards)
        placed[slot.time] = (value, *cards)
    piles = _marshal_piles(position, placed, draw)
    return dataclasses.replace(position.deal, piles=piles), hides


def _for_fugitive(position: _Position, draw):
    """Return the Deal with every card the Fugitive did not draw in a uniformly drawn order."""
    piles = []
    for order, drawers in zip(position.deal.piles, position.drawers, strict=True):
        mine = {i for i, who in enumerate(drawers) if who == FUGITIVE}
        rest = iter(_shuffled([c for i, c in enumerate(order) if i not in mine], draw))
        piles.append(tuple(order[i] if i in mine else next(rest) for i in range(len(order))))
    return dataclasses.replace(position.deal, piles=tuple(piles))


def resample(options: dict, history: list[Step], player: int, draw) -> list[Step] | None:
    if not history or player not in (FUGITIVE, MARSHAL):
        return None  # before the deal nothing is hidden
    if options.get("variant", "none") != "none":
        raise NotImplementedError("Fugitive resamples only the plain game (variant 'none')")
    actions = tuple(step.action for step in history)
    position = _position(tuple(sorted(options.items())), actions, player)
    hides: dict[int, Hide] = {}
    if player == MARSHAL:
        deal, hides = _for_marshal(position, draw)
    else:
        deal = _for_fugitive(position, draw)
    steps = [Step(history[0].player, deal, format_action(deal))]
    placed = 0
    for step in history[1:]:
        if isinstance(step.action, Hide):
            placed += 1
            hide = hides.get(placed)
            if hide is not None:
                step = Step(step.player, hide, format_action(hide))
        steps.append(step)
    return steps
