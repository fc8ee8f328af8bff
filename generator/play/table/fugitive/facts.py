"""What the answers at the table say, read from the Marshal's view (rules.MarshalView) as
the engine would build it: whether some hidden completion fits it (the exact deduction,
deduction.py, and the checks that search takes as given), and the facts in words that a
refused answer is shown with."""

from __future__ import annotations

import dataclasses

from generator.errors import QuarryError
from generator.games.fugitive.cards import ESCAPE, EVENT_BY_CARD, pile_of
from generator.games.fugitive.deduction import Deduction, search_values
from generator.games.fugitive.marshal_facts import (
    REACH,
    HistoryFacts,
    Inconsistent,
    read_table,
)


def with_entry(view, *entries: dict, **changes):
    """Return `view` with `entries` added to its history and `changes` (fields) made."""
    return dataclasses.replace(view, history=(*view.history, *entries), **changes)


def hidden_positions(view) -> list[int]:
    return [i for i, (number, _, _) in enumerate(view.row) if number is None]


def table_of(view, facts: HistoryFacts | None = None):
    """Return the facts of `view` (marshal_facts.Table) as the table game reads them: the 42
    is only ever his escape, never a Sprint card (the **Choice** in docs/play.md), so it is
    no card that can lie under a face-down Hideout. Inconsistent when the view is."""
    table = read_table(view, facts)
    return dataclasses.replace(table, unknown=table.unknown - {ESCAPE})


def deduction(view) -> Deduction | None:
    """Return the exact deduction of `view`, None when no completion fits it."""
    if known_problem(view):
        return None
    try:
        found = search_values(table_of(view))
    except Inconsistent:
        return None
    return found if found.total > 0 else None


def known_problem(view) -> str | None:
    """Return what is wrong with the cards in view (each card once; a face-up Hideout within
    reach of a face-up one before it; a face-up card placed or discarded only when drawn),
    or None."""
    seen: dict[int, str] = {card: "in the Marshal's hand" for card in view.hand}
    for card in view.discarded:
        if 0 < card <= ESCAPE:
            if card in seen:
                return f"the {card} is {seen[card]}"
            seen[card] = "discarded face up"
    for number, _, sprint in view.row[1:]:
        if number is None:
            continue
        for card in (number, *sprint):
            if card in seen or card == 0:
                return f"the {card} is {seen.get(card, 'the start of the row')}"
            seen[card] = f"in the row ({'Hideout' if card == number else 'a Sprint card'})"
    sprint_value = view.config.sprint
    facts = HistoryFacts().update(view.history)
    bonuses = [bonus for _, bonus in facts.hides]  # a Fast Horse's or Second Wind's reach
    for (a, _, _), (b, _, cards), bonus in zip(view.row, view.row[1:], bonuses, strict=False):
        if a is not None and b is not None:
            reach = a + REACH + bonus + sum(sprint_value[c] for c in cards)
            if not a < b <= reach:
                return f"the {b} cannot follow the {a} with those Sprint cards"
    if not hidden_positions(view):  # the search checks the piles only with a Hideout face down
        uses = [(time, card) for time, card in facts.dragnet]
        for (number, _, sprint), (time, _) in zip(view.row[1:], facts.hides, strict=False):
            uses += [(time, card) for card in (number, *sprint)]
        used = [0, 0, 0]
        for time, card in sorted(uses):
            pile = pile_of(card)
            if pile >= 0:
                used[pile] += 1
                drawn = sum(1 for t in facts.draws[pile] if t < time)
                if used[pile] > drawn:
                    return f"the Fugitive had drawn {drawn} cards of pile {pile + 1} then"
    return None


def turns_of(view) -> list[int]:
    """Return the turn on which each Hideout of the row after the 0 was laid: turn 1 holds
    the first two placements (a Hideout, then a Hideout or a pass), each later turn one."""
    turns, placed = [], 0
    for entry in view.history:
        if entry["what"] in ("hide", "pass"):
            if entry["what"] == "hide":
                turns.append(max(1, placed))
            placed += 1
    return turns


def facts_in_words(view, found: Deduction | None = None) -> list[str]:
    """Return what the answers so far say of the face-down Hideouts and the cards in view."""
    lines = []
    found = found or deduction(view)
    turns = turns_of(view)
    possible = dict(zip(found.positions, found.possible, strict=True)) if found else {}
    for position, (number, count, sprint) in enumerate(view.row):
        if position == 0:
            continue
        before = view.row[position - 1][0]
        after = f"after the {before}" if before is not None else "after a face-down Hideout"
        cards = f"{count} Sprint card{'s' if count != 1 else ''}" if count else "no Sprint card"
        turn = f"turn {turns[position - 1]}" if position - 1 < len(turns) else "now"
        if number is None:
            values = sorted(possible.get(position, ()))
            lines.append(f"{turn}: the Hideout {after} had {cards}, so it is {_or(values)}")
        else:
            under = " and ".join(map(str, sprint)) or "none"
            lines.append(f"{turn}: the {number} lies face up (Sprint cards: {under})")
    for entry in view.history:
        if entry["what"] == "event" and "parity" in entry:
            lines.append(
                f"an Informant told that the Hideout at card {entry['position']} of the row "
                f"is {entry['parity']}"
            )
        elif entry["what"] == "discard":
            lines.append(f"the {entry['player'].title()} discarded the {entry['card']} face up")
    if view.hand:
        lines.append(f"the Marshal holds {', '.join(map(str, view.hand))}")
    return lines


def events_seen(view) -> list[str]:
    """Return the names of the events turned up so far, in order."""
    return [EVENT_BY_CARD[c].name for c in view.discarded if c in EVENT_BY_CARD]


def _or(values) -> str:
    if not values:
        return "nothing"
    words = [str(v) for v in values]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _numbers(text: str) -> tuple[int, ...]:
    words = text.replace(",", " ").split()
    if [w.lower() for w in words] in (["none"], ["no"]):
        return ()
    try:
        numbers = tuple(sorted(int(w) for w in words))
    except ValueError:
        raise QuarryError(f"{text!r} is not numbers") from None
    if len(set(numbers)) != len(numbers) or any(not 1 <= n <= ESCAPE for n in numbers):
        raise QuarryError("different card numbers from 1 to 42")
    return numbers
