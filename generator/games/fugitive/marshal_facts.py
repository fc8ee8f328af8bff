"""What the Marshal knows at the table: her view (a MarshalView) read into facts (Table).

`read_table(view)` returns the Table; deduction.py finds from it every value each face-down
Hideout can still have. A Marshal who keeps a HistoryFacts for the game has each table read
from the history entries added since her last guess.

The facts, all exact (nothing is relaxed):

- The row: strictly increasing numbers from the 0; a Hideout at most 3 + (Sprint values of
  its k Sprint cards) + bonus above the one before it; bonus = 2 for each Fast Horse (any
  drawer) and Second Wind drawn by the Fugitive since the previous Hideout (as rules.py).
  Revealed Hideouts and their Sprint cards are known; a face-down one shows only k.
- The cards: every Hideout and Sprint card is a distinct card whose place the Marshal does
  not know: not 0, not in her hand, not revealed, not discarded face up. A face-down Hideout
  is 1-41 (the 42 is played face up); a Sprint card may be any such card, the 42 included
  (rules.py allows it, though a Fugitive who does so can never escape).
- Pile origins: the Fugitive's cards are 1, 2, 3, 42 and the Hideouts he drew (3 from pile
  1 and 2 from pile 2 at setup, then every draw of his that was not an event or a
  placeholder: a draw followed at once by an event drew that event). A card is used when it
  is placed (Hideout or Sprint) or discarded face up (Dragnet); it must have been drawn
  before. So for each pile p and each time T at which cards are used, the pile-p cards used
  by time T number at most his pile-p draws before T. That prefix condition is necessary and
  sufficient for the draws to be matched to the cards (Hall's condition on nested sets),
  and cards in his hand now are unconstrained. In Table it reads: among the cards of the
  first n face-down Hideouts (Hideout and Sprint cards), at most `cap` are from pile p.
- Guesses: a wrong guess of numbers A at time t means not all of A were face down at t. A
  number that was then face down but is revealed now counts as present; a number the Marshal
  knows is elsewhere voids the fact. What is left is "not all of R are among the values of
  the face-down Hideouts placed before t": for one number, it is excluded from each.
- The Informant: the parity of the then newest face-down Hideout, by its row position.

What is not used: the Fugitive's hand size and the pile sizes (both follow from the facts
above), and anything about how a Fugitive tends to play (the sets are of values possible
under the rules, not likely ones).
"""

import bisect
from dataclasses import dataclass
from typing import NamedTuple

from generator.games.fugitive.cards import ESCAPE, START_DRAWS, pile_of

REACH = 3  # rules.NORMAL_REACH (not imported: rules imports nothing from here, keep it so)
BONUS_EVENTS = ("fast-horse",)  # any drawer; "second-wind" only when the Fugitive drew it


class Slot(NamedTuple):
    """One Hideout of the row after the 0: its row position, the history index of its
    "hide" entry, its number and Sprint cards when revealed (else None), how many Sprint
    cards lie under it, and the bonus reach it was placed with. (A NamedTuple: tables are
    read at every guess, and these are built quickly.)"""

    position: int
    time: int
    value: int | None
    sprint_cards: tuple[int, ...] | None
    sprints: int
    bonus: int

    def reach(self, sprint) -> int:
        """Return how far above the Hideout before it this revealed one could be placed."""
        return REACH + self.bonus + sum(sprint[c] for c in self.sprint_cards)


@dataclass(frozen=True)
class Table:
    """The facts of a MarshalView (see the module docstring).

    sprint: the Sprint value of each card 0-42. slots: the row after the 0, in order.
    hidden: indices into `slots` of the face-down Hideouts, left to right; the per-hidden
    tuples below are in that order. unknown: the cards 1-42 whose place the Marshal does not
    know. excluded: numbers each face-down Hideout cannot be (wrong single guesses). parity:
    0 (even), 1 (odd) or None. not_all: (numbers R, hidden indices): not every number of R
    is the value of one of those Hideouts. limits: (pile 0-2, n, cap): at most cap cards of
    that pile among the Hideout and Sprint cards of the first n face-down Hideouts."""

    sprint: tuple[int, ...]
    slots: tuple[Slot, ...]
    hidden: tuple[int, ...]
    unknown: frozenset[int]
    excluded: tuple[frozenset[int], ...]
    parity: tuple[int | None, ...]
    not_all: tuple[tuple[frozenset[int], tuple[int, ...]], ...]
    limits: tuple[tuple[int, int, int], ...]


class Inconsistent(ValueError):
    """The view contradicts the rules (no assignment of the hidden cards fits it)."""


# --- reading a view --------------------------------------------------------------------------
_PILE_OF = tuple(pile_of(card) for card in range(ESCAPE + 1))


def _is_bonus(entry: dict) -> bool:
    key = entry.get("event")
    return key in BONUS_EVENTS or (key == "second-wind" and entry.get("drawer") == "fugitive")


class HistoryFacts:
    """What the history tells, read once per entry: a Marshal who keeps one for a game has
    each new guess's table read from the entries added since the last (the history only
    grows; a history that is not a continuation of the one read is read from the start).

    draws: history index of each Fugitive card draw, by pile. hides: (history index, bonus)
    of each "hide". reveal_time: number -> index of the right guess that revealed it.
    wrong: (index, numbers) of each wrong guess. informants: (row position, parity).
    dragnet: (index, card) of each card the Fugitive discarded face up."""

    def __init__(self) -> None:
        self.read = 0
        self.last_entry: dict | None = None
        self.drawn_pile = -1  # the pile of a card draw in the entry just read, else -1
        self.draws: list[list[int]] = [[], [], []]
        self.hides: list[tuple[int, int]] = []
        self.reveal_time: dict[int, int] = {}
        self.wrong: list[tuple[int, tuple[int, ...]]] = []
        self.informants: list[tuple[int, int]] = []
        self.dragnet: list[tuple[int, int]] = []
        self.bonus = 0

    def update(self, history) -> "HistoryFacts":
        """Read the entries of `history` not read yet; return self."""
        if self.read and (
            len(history) < self.read or history[self.read - 1] is not self.last_entry
        ):
            self.__init__()
        draws = self.draws
        for t in range(self.read, len(history)):
            entry = history[t]
            what = entry["what"]
            drawn_pile, self.drawn_pile = self.drawn_pile, -1
            if what == "draw":
                if entry["player"] == "fugitive" and not entry.get("placeholder"):
                    self.drawn_pile = entry["pile"] - 1
                    draws[self.drawn_pile].append(t)
            elif what == "event":
                if drawn_pile >= 0:  # that draw drew this event, not a card
                    draws[drawn_pile].pop()
                if _is_bonus(entry):
                    self.bonus += 2
                if "parity" in entry:
                    self.informants.append(
                        (entry["position"], 0 if entry["parity"] == "even" else 1)
                    )
            elif what == "hide":
                self.hides.append((t, self.bonus))
                self.bonus = 0
            elif what == "guess":
                if entry["right"]:
                    for n in entry["numbers"]:
                        self.reveal_time[n] = t
                else:
                    self.wrong.append((t, tuple(entry["numbers"])))
            elif what == "discard" and entry["player"] == "fugitive":
                self.dragnet.append((t, entry["card"]))
            elif what == "deal":
                for pile, count in enumerate(START_DRAWS):
                    draws[pile] += [t] * count
        if history:
            self.read, self.last_entry = len(history), history[-1]
        return self


def read_table(view, facts: HistoryFacts | None = None) -> Table:
    """Return the Table of facts in a MarshalView (only public information and her hand).
    `facts`: the HistoryFacts of this game so far, to read only the new entries."""
    facts = (facts or HistoryFacts()).update(view.history)
    draws, hides, dragnet = facts.draws, facts.hides, facts.dragnet
    reveal_time = dict(facts.reveal_time)
    wrong, informants = facts.wrong, facts.informants
    row = view.row
    if len(row) != len(hides) + 1:
        raise Inconsistent(f"the row has {len(row) - 1} Hideouts but {len(hides)} were placed")
    slots = []
    for position, ((number, count, sprint_cards), (time, slot_bonus)) in enumerate(
        zip(row[1:], hides, strict=True), start=1
    ):
        slots.append(Slot(position, time, number, sprint_cards, count, slot_bonus))
        if number == ESCAPE:
            reveal_time[ESCAPE] = time
    known = set(view.hand) | {c for c in view.discarded if 0 <= c <= ESCAPE} | {0}
    for slot in slots:
        if slot.value is not None:
            known.add(slot.value)
            known.update(slot.sprint_cards)
    unknown = frozenset(range(1, ESCAPE + 1)) - known
    hidden = tuple(i for i, s in enumerate(slots) if s.value is None)
    index_of = {slot_index: i for i, slot_index in enumerate(hidden)}
    value_slot = {s.value: s for s in slots if s.value is not None}

    excluded: list[set[int]] = [set() for _ in hidden]
    not_all = []
    for t, numbers in wrong:
        relevant = tuple(index_of[i] for i in hidden if slots[i].time < t)
        rest, void = [], False
        for n in numbers:
            slot = value_slot.get(n)
            if slot is not None:
                void |= not (slot.time < t and reveal_time.get(n, t + 1) > t)
            elif n not in unknown:
                void = True
            else:
                rest.append(n)
        if void or len(rest) > len(relevant):
            continue
        if not rest:
            raise Inconsistent(f"the wrong guess {list(numbers)} named only face-down Hideouts")
        if len(rest) == 1:
            for i in relevant:
                excluded[i].add(rest[0])
        else:
            not_all.append((frozenset(rest), relevant))

    parity: list[int | None] = [None] * len(hidden)
    for position, odd in informants:
        i = index_of.get(position - 1)
        if i is not None:
            if parity[i] is not None and parity[i] != odd:
                raise Inconsistent(f"two parities for the Hideout at position {position}")
            parity[i] = odd

    limits = _pile_limits(slots, hidden, draws, dragnet)
    return Table(
        sprint=tuple(view.config.sprint),
        slots=tuple(slots),
        hidden=hidden,
        unknown=unknown,
        excluded=tuple(frozenset(e) for e in excluded),
        parity=tuple(parity),
        not_all=tuple(not_all),
        limits=limits,
    )


def _pile_limits(slots, hidden, draws, dragnet) -> tuple[tuple[int, int, int], ...]:
    """Return (pile, n, cap) for every time cards were used (see the module docstring),
    the tightest cap for each (pile, n), leaving out those that are always met."""
    if not hidden:
        return ()
    spent_at: list[list[int]] = [[], [], []]  # times known used cards were used, by pile
    hidden_times = [slots[i].time for i in hidden]
    checkpoints = set(hidden_times)
    for time, card in dragnet:
        checkpoints.add(time)
        if 0 <= card <= ESCAPE and _PILE_OF[card] >= 0:
            spent_at[_PILE_OF[card]].append(time)
    for slot in slots:
        if slot.value is not None:
            time = slot.time
            checkpoints.add(time)
            for card in (slot.value, *slot.sprint_cards):
                if _PILE_OF[card] >= 0:
                    spent_at[_PILE_OF[card]].append(time)
    for times in spent_at:
        times.sort()
    most_by_n = [0]  # cards of the first n face-down Hideouts
    for i in hidden:
        most_by_n.append(most_by_n[-1] + 1 + slots[i].sprints)
    first = hidden_times[0]
    best: dict[tuple[int, int], int] = {}
    for time in sorted(checkpoints):
        if time < first:
            continue
        n = bisect.bisect_right(hidden_times, time)
        most = most_by_n[n]
        for pile in (0, 1, 2):
            cap = bisect.bisect_left(draws[pile], time) - bisect.bisect_right(spent_at[pile], time)
            if cap < 0:
                raise Inconsistent(f"more pile-{pile + 1} cards used than drawn by {time}")
            if cap < most and cap < best.get((pile, n), most):
                best[(pile, n)] = cap
    return tuple((pile, n, cap) for (pile, n), cap in sorted(best.items()))
