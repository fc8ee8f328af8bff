"""Fugitive at the table with Quarry as the Marshal: the person is the Fugitive with the
real cards (the three shuffled piles, his hand, his face-down Hideouts, and the events or
Placeholders of the variant in play); Quarry never sees them. The package: `facts` (what
the answers say, and whether some hidden game fits them), `hypothesis` (the hidden game
Quarry keeps fitting them), `events` (what a drawn event or Placeholder brings out), and here
the turn.

**Choice** (the Marshal's cards). Quarry's Marshal draws real cards too, and the person
reads each card she draws to Quarry: the person sees the Marshal's hand, as in the solo
rules of card games. Nothing is lost by it: the Marshal's cards play no part in a guess,
they only keep those numbers away from the Fugitive, and he learns nothing from them that
the rules would hide and that he could use to hide better than by the rules' own reach.

Quarry as the Fugitive at the table is not offered (its hand would have to be read to the
person): `hides` is True only for the Fugitive's seat, and `play` refuses the Marshal's
seat in one line.

What Quarry asks: which pile he draws from, and, when that pile can still hold an event or
a Placeholder, what came off it; what he lays (`hide N`: a face-down Hideout with N Sprint
cards under it, `escape N`: the 42 face up with N Sprint cards, whose numbers it then asks,
or `pass`); the card the Marshal draws from the pile her bot picks; whether the numbers she
guesses are all face-down Hideouts and, when they are, the Sprint cards under each, and
(when more than one place in the row fits) which cards of the row he turned up; and what an
event makes public (events.py).

What the Marshal learns is what the rules make public: the pile of each of his draws, each
Hideout he lays with its count of Sprint cards (the 42 face up with its Sprint cards), each
pass, the cards the Marshal draws, each event and what it tells, and the answer to each
guess with the Sprint cards of the Hideouts it turns up. Each answer is a fact; the facts
are the Marshal's view of the game (rules.MarshalView), built here as the engine would
build it. An answer is possible when some hidden completion (his cards, Hideouts and pile
orders) fits every fact: the exact deduction (deduction.py, method B) finds none when the
view is impossible, and `known_problem` checks what that search takes as given (cards in
view once each, and the reach between two face-up neighbours). An impossible answer is
shown with what the earlier answers say of every face-down Hideout (the values each can
still have) and of the cards involved.
"""

from __future__ import annotations

import dataclasses
import random
from itertools import combinations

from generator.engine.game import CHANCE
from generator.errors import QuarryError
from generator.games.fugitive.cards import ESCAPE, EVENT_BY_KEY, PILES
from generator.games.fugitive.deduction import search_values
from generator.games.fugitive.marshal_facts import Inconsistent
from generator.games.fugitive.rules import FUGITIVE, MARSHAL, Draw, Guess, Hide, Pass
from generator.play.table import Contradiction, Table, yes_no
from generator.play.table.fugitive.events import Events, setup_lines
from generator.play.table.fugitive.facts import (
    _numbers,
    _or,
    deduction,
    facts_in_words,
    hidden_positions,
    known_problem,
    table_of,
    with_entry,
)
from generator.play.table.fugitive.hypothesis import HIDEOUT, Hypothesis

__all__ = ["deduction", "facts_in_words", "hides", "known_problem", "play", "refusal"]
NUMBERS = frozenset(range(1, ESCAPE))


def hides(session) -> bool:
    """The person keeps secrets from Quarry only as the Fugitive (seat 0)."""
    return min(session.people) == FUGITIVE


class _MarshalAtTable(Hypothesis, Events):
    def __init__(self, session, table: Table) -> None:
        self.session, self.table = session, table
        self.rng = random.Random(session.seed * 7919 + 17)

    # --- the game ---------------------------------------------------------------------------
    def play(self) -> None:
        session, table = self.session, self.table
        if session.to_move() == CHANCE and not session.actions:
            table.say(
                "Lay the 0 face up to start the row. Shuffle the Hideouts 4-14 (pile 1), "
                "15-28 (pile 2) and 29-41 (pile 3), each on its own, face down. Take the 1, "
                "2, 3 and 42, then the top three cards of pile 1 and the top two of pile 2: "
                "Quarry never sees your cards.",
                *setup_lines(session.state.config),
                "Quarry plays the Marshal: read her each card she draws.",
            )
            session.play(session.chance_action())  # a hypothesis deal, drawn again as needed
        while not session.over():
            step = session.state.steps[0]
            if step.player == FUGITIVE:
                if step.kind == "draw":
                    self.fugitive_draws()
                else:
                    self.fugitive_lays(step.first)
            elif step.player == MARSHAL:
                self.marshal_moves()
            else:  # chance after the deal: a random discard an event called for
                self.discard()

    def fugitive_draws(self) -> None:
        sizes = self.view.pile_sizes
        open_piles = [str(p + 1) for p in range(3) if sizes[p]]

        def read(text: str) -> int:
            word = text.strip()
            if word not in ("1", "2", "3"):
                raise QuarryError(f"{text!r} is not a pile")
            if word not in open_piles:
                raise QuarryError(f"pile {word} is empty")
            return int(word) - 1

        turn = self.session.state.turn
        pile = self.table.ask(
            f"Turn {turn}: which pile do you draw from?",
            read,
            open_piles,
            " or ".join(open_piles),
        )
        # the card is the person's; the hypothesis holds some card of the kind said
        self.draw(pile, self.ask_kind(pile), FUGITIVE)

    def fugitive_lays(self, first: bool) -> None:
        session = self.session
        turn = session.state.turn
        if first:
            question = f"Turn {turn}: lay your first Hideout: hide N (N Sprint cards under it)"
            choices, accepted = ["hide 0", "hide 1", "hide 2"], "hide N, or escape N"
        elif turn == 1:
            question = "A second Hideout (hide N), or pass"
            choices, accepted = ["hide 0", "hide 1", "pass"], "hide N, escape N or pass"
        else:
            question = f"Turn {turn}: what do you lay? hide N, escape N (the 42) or pass"
            choices, accepted = (
                ["hide 0", "hide 1", "pass", "escape 0"],
                ("hide N, escape N or pass"),
            )

        def read(text: str):
            words = text.strip().lower().split()
            if words == ["pass"]:
                if first:
                    raise QuarryError("on the first turn a Hideout must be laid")
                return ("pass", 0)
            if len(words) == 2 and words[0] in ("hide", "escape") and words[1].isdigit():
                count = int(words[1])
                told = self.laid_view(count, None if words[0] == "hide" else ())
                if words[0] == "hide":
                    self.check(told, f"a Hideout with {count} Sprint cards")
                elif count == 0:
                    self.check(self.laid_view(0, ()), "the 42 with no Sprint card")
                return (words[0], count)
            raise QuarryError(f"cannot read {text!r}")

        while True:
            kind, count = self.table.ask(question, read, choices, accepted)
            if kind == "pass":
                session.play(Pass())
            elif kind == "hide":
                self.lay(self.laid_view(count, None), count)
            elif not self.escape(count):
                continue
            return

    def laid_view(self, count: int, sprint: tuple[int, ...] | None):
        """Return the Marshal's view once a Hideout with `count` Sprint cards is laid (the
        42 face up with `sprint` when that is not None)."""
        view = self.view
        number = None if sprint is None else ESCAPE
        entry = {"what": "hide", "sprints": count, "escape": number == ESCAPE}
        return with_entry(view, entry, row=(*view.row, (number, count, sprint)))

    def lay(self, told, count: int) -> None:
        """Lay a Hideout with `count` Sprint cards in the hypothesis: one of its own when it
        has one (any legal one gives the Marshal the view `told`), else one of a game drawn
        again."""
        state = self.session.state
        options = [
            a
            for a in state.legal_actions()
            if isinstance(a, Hide) and len(a.sprint) == count and a.hideout != ESCAPE
        ]
        keeps_42 = [a for a in options if ESCAPE not in a.sprint]
        if keeps_42:
            self.session.play(self.rng.choice(keeps_42))
            return
        position = len(told.row) - 1
        self.session.play(self.redraw(told, lambda s, t, hides: hides[position]))

    def escape(self, count: int) -> bool:
        """Lay the 42 with `count` Sprint cards, asking for them; False when the person takes
        the escape back (no such cards fit)."""

        def read(text: str) -> tuple[int, ...] | None:
            if text.strip().lower() == "back":
                return None
            cards = _numbers(text)
            if len(cards) != count:
                raise QuarryError(f"name {count} card{'s' if count != 1 else ''}")
            if ESCAPE in cards:
                raise QuarryError("the 42 is the Hideout, not a Sprint card")
            told = self.laid_view(count, cards)
            self.check(told, f"the 42 with the Sprint cards {_or(cards)}")
            return cards

        cards: tuple[int, ...] | None = ()
        if count:
            cards = self.table.ask(
                "Which Sprint cards lie under the 42?",
                read,
                ["back"],
                f"{count} card numbers (or back, to lay something else)",
            )
            if cards is None:
                return False
        told = self.laid_view(count, cards)
        self.play_fitting(told, Hide(ESCAPE, cards))
        if self.session.state.manhunt:
            self.table.say("The 42 is laid and no Hideout above 29 is found: a manhunt.")
        return True

    def marshal_moves(self) -> None:
        session = self.session
        action = session.bot_action()
        if isinstance(action, Draw):
            self.marshal_draws(action)
        else:
            self.marshal_guesses(action)

    def marshal_draws(self, action: Draw) -> None:
        pile = action.pile
        low, high = PILES[pile]
        view = self.view
        extras = self.extras(pile) > 0

        def read(text: str):
            try:
                card = int(text.strip())
            except ValueError:
                kind = self.read_kind(pile, text) if extras else HIDEOUT
                if kind != HIDEOUT:
                    return kind
                raise QuarryError(f"{text!r} is not a card number") from None
            if not low <= card <= high:
                raise QuarryError(f"pile {pile + 1} holds the Hideouts {low}-{high}")
            if card in view.hand:
                raise QuarryError(f"the Marshal already holds the {card}")
            self.read_kind(pile, "hideout")  # the pile still holds a Hideout
            entry = {"what": "draw", "player": "marshal", "pile": pile + 1}
            told = with_entry(
                view,
                entry,
                hand=tuple(sorted((*view.hand, card))),
            )
            self.check(told, f"the Marshal drew the {card}")
            return card

        card = self.table.ask(
            f"The Marshal draws from pile {pile + 1}: which card is it?",
            read,
            [],
            f"a number {low}-{high}" + (", an event's name or placeholder" if extras else ""),
        )
        if not isinstance(card, int) or card > ESCAPE:  # an event or a Placeholder
            self.draw(pile, card, MARSHAL)
            return
        self.put_on_top(pile, HIDEOUT)
        state = self.session.state
        if state.piles[pile][0] != card:
            if card in state.piles[pile]:  # lower in the same pile: unseen by anyone
                self.put_on_top(pile, card)
            else:
                entry = {"what": "draw", "player": "marshal", "pile": pile + 1}
                told = with_entry(view, entry, hand=tuple(sorted((*view.hand, card))))
                self.redraw(told, action, swap=(pile, card))
        self.session.play(action)

    def marshal_guesses(self, action: Guess) -> None:
        numbers = action.numbers
        view = self.view
        step = self.session.state.steps[0]
        manhunt = step.kind == "manhunt"
        said = " and ".join(map(str, numbers))
        head = "Manhunt: the" if manhunt else ("An extra guess: the" if step.free else "The")
        if len(numbers) == 1:
            question = f"{head} Marshal guesses {said}: is {said} one of your face-down Hideouts?"
        else:
            question = f"{head} Marshal guesses {said}: are {said} all face-down Hideouts of yours?"

        def read(text: str) -> bool:
            yes = yes_no(text)
            if yes:
                if not self.slots_for(view, numbers, {}):
                    raise Contradiction(f"{said} face down", facts_in_words(view))
            else:
                entry = {"what": "guess", "numbers": list(numbers), "right": False, "revealed": []}
                self.check(
                    with_entry(view, entry),
                    f"no, {said} {'is not' if len(numbers) == 1 else 'are not all'} face down",
                )
            return yes

        yes = self.table.ask(question, read, ["yes", "no"], "yes or no")
        if not yes:
            told = with_entry(
                view, {"what": "guess", "numbers": list(numbers), "right": False, "revealed": []}
            )
            self.play_fitting(told, action)
            self.table.say(
                f"A miss: {said} is none of your face-down Hideouts."
                if len(numbers) == 1
                else f"A miss: not all of {said} are face-down Hideouts."
            )
            return
        cards: dict[int, tuple[int, ...]] = {}
        for number in numbers:

            def read_cards(text: str, number=number) -> tuple[int, ...]:
                under = _numbers(text)
                if ESCAPE in under:
                    raise QuarryError(
                        "at the table the 42 is only your escape, never a Sprint card"
                    )
                if not self.slots_for(view, numbers, {**cards, number: under}):
                    raise Contradiction(
                        f"the {number} with Sprint cards {_or(under) if under else 'none'}",
                        facts_in_words(view),
                    )
                return under

            cards[number] = self.table.ask(
                f"Turn the {number} face up: which Sprint cards lie under it? (numbers, or none)",
                read_cards,
                ["none"],
                "the Sprint cards' numbers, or none",
            )
        slots = self.slots_for(view, numbers, cards)
        if len(slots) > 1:
            slots = [self.which(numbers, slots)]
        told = self.revealed_view(view, numbers, cards, slots[0])
        event = self.discovered(told, manhunt)
        self.play_fitting(told if event is None else with_entry(told, event), action)
        left = len(self.session.state.face_down())
        self.table.say(f"Found: {said}. {left} face-down Hideout{'s' if left != 1 else ''} left.")
        if event is not None:
            self.tell(EVENT_BY_KEY[event["event"]].card, FUGITIVE)

    def discovered(self, told, manhunt: bool) -> dict | None:
        """In the discovery variant, a right guess that leaves a Hideout face down (not in a
        manhunt) draws the top event of the event pile for the Fugitive: ask which, and
        return its history entry (None when there is none)."""
        state = self.session.state
        if (
            state.config.variant != "discovery"
            or manhunt
            or not hidden_positions(told)
            or not (state.event_piles and state.event_piles[0])
        ):
            return None
        card = self.ask_event(0, "the event pile")
        return self.event_entry(card, FUGITIVE, told)

    def which(self, numbers, options: list[tuple[int, ...]]) -> tuple[int, ...]:
        """Ask where the turned-up Hideouts lie in the row when more than one place fits
        (the Marshal sees which cards were turned up)."""
        names = [" and ".join(str(p) for p in places) for places in options]
        said = " and ".join(map(str, numbers))

        def read(text: str) -> tuple[int, ...]:
            for name, places in zip(names, options, strict=True):
                if text.strip() == name:
                    return places
            raise QuarryError(f"{text!r} is not one of {', '.join(names)}")

        return self.table.ask(
            f"Which cards of the row did you turn up for {said}, counting the 0 as card 0: "
            f"{' or '.join(names)}?",
            read,
            names,
            " or ".join(names),
        )

    def revealed_view(self, view, numbers, cards, places):
        row = list(view.row)
        for number, place in zip(numbers, places, strict=True):
            row[place] = (number, row[place][1], cards[number])
        entry = {
            "what": "guess",
            "numbers": list(numbers),
            "right": True,
            "revealed": [[n, *cards[n]] for n in numbers],
        }
        return with_entry(view, entry, row=tuple(row))

    def slots_for(self, view, numbers, cards) -> list[tuple[int, ...]]:
        """Return every choice of face-down places for `numbers` (left to right) that fits:
        those with Sprint cards in `cards` turned up, the others pinned face down."""
        hidden = hidden_positions(view)
        found = []
        for places in combinations(hidden, len(numbers)):
            if any(
                n in cards and len(cards[n]) != view.row[p][1]
                for n, p in zip(numbers, places, strict=True)
            ):
                continue
            row = list(view.row)
            for n, p in zip(numbers, places, strict=True):
                if n in cards:
                    row[p] = (n, row[p][1], cards[n])
            told = dataclasses.replace(view, row=tuple(row))
            if known_problem(told):
                continue
            try:
                table = table_of(told)
            except Inconsistent:
                continue
            excluded = list(table.excluded)
            index = {slot_index: i for i, slot_index in enumerate(table.hidden)}
            for n, p in zip(numbers, places, strict=True):
                if n not in cards:
                    excluded[index[p - 1]] = NUMBERS - {n}
            try:
                result = search_values(dataclasses.replace(table, excluded=tuple(excluded)))
            except Inconsistent:
                continue
            if result.total > 0:
                found.append(places)
        return found


def refusal(session) -> str | None:
    """Return why this game cannot be played at the table (None when it can): checked
    before anything is written."""
    if min(session.people) != FUGITIVE or MARSHAL in session.people:
        return (
            "Fugitive at the table is played with you as the Fugitive: Quarry's Fugitive "
            "would need its hand read to you; play the Marshal on screen"
        )
    return None


def play(session, table: Table) -> None:
    """Play Fugitive at the table, Quarry as the Marshal."""
    reason = refusal(session)
    if reason is not None:
        raise QuarryError(reason)
    _MarshalAtTable(session, table).play()
