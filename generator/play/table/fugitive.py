"""Fugitive at the table with Quarry as the Marshal: the person is the Fugitive with the
real cards (the three shuffled piles, his hand, his face-down Hideouts); Quarry never sees
them.

**Choice** (the Marshal's cards). Quarry's Marshal draws real cards too, and the person
reads each card she draws to Quarry: the person sees the Marshal's hand, as in the solo
rules of card games. Nothing is lost by it: the Marshal's cards play no part in a guess,
they only keep those numbers away from the Fugitive, and he learns nothing from them that
the rules would hide and that he could use to hide better than by the rules' own reach.

Quarry as the Fugitive at the table is not offered (its hand would have to be read to the
person): `hides` is True only for the Fugitive's seat, and `play` refuses the Marshal's
seat in one line. Only the plain deck (variant "none") is played for now; `play` refuses the
others in one line.

What Quarry asks: which pile he draws from; what he lays (`hide N`: a face-down Hideout
with N Sprint cards under it, `escape N`: the 42 face up with N Sprint cards, whose numbers
it then asks, or `pass`); the card the Marshal draws from the pile her bot picks; whether the
numbers she guesses are all face-down Hideouts and, when they are, the Sprint cards under
each, and (when more than one place in the row fits) which cards of the row he turned up.

What the Marshal learns is what the rules make public: the pile of each of his draws, each
Hideout he lays with its count of Sprint cards (the 42 face up with its Sprint cards), each
pass, the cards the Marshal draws, and the answer to each guess with the Sprint cards of the
Hideouts it turns up. Each answer is a fact; the facts are the Marshal's view of the game
(rules.MarshalView), built here as the engine would build it. An answer is possible when
some hidden completion (his cards, Hideouts and pile orders) fits every fact: the exact
deduction (deduction.py, method B) finds none when the view is impossible, and
`known_problem` checks what that search takes as given (cards in view once each, and the
reach between two face-up neighbours). Quarry keeps a hypothesis game whose hidden parts fit
every fact; when an answer rules it out but not every completion, it draws the hidden parts
again from the completions that fit (the resampler's stages, interop/resample/fugitive.py,
seeded from the session seed, at most TRIES tries). An impossible answer is shown with what
the earlier answers say of every face-down Hideout (the values each can still have) and of
the cards involved.
"""

from __future__ import annotations

import dataclasses
import random
from itertools import combinations

from generator.engine.game import CHANCE, IllegalAction
from generator.errors import QuarryError
from generator.games.fugitive.cards import ESCAPE, PILES, pile_of
from generator.games.fugitive.deduction import Deduction, search_values
from generator.games.fugitive.marshal_facts import (
    REACH,
    HistoryFacts,
    Inconsistent,
    read_table,
)
from generator.games.fugitive.rules import (
    FUGITIVE,
    MARSHAL,
    Draw,
    Guess,
    Hide,
    Pass,
    format_action,
    parse_action,
)
from generator.play.table import Contradiction, Table, yes_no

TRIES = 40  # hidden games drawn before Quarry gives up finding one that fits
NUMBERS = frozenset(range(1, ESCAPE))


def hides(session) -> bool:
    """The person keeps secrets from Quarry only as the Fugitive (seat 0)."""
    return min(session.people) == FUGITIVE


# --- the Marshal's view, as the engine would build it ------------------------------------------
def with_entry(view, entry: dict, **changes):
    """Return `view` with `entry` added to its history and `changes` (fields) made."""
    return dataclasses.replace(view, history=(*view.history, entry), **changes)


def hidden_positions(view) -> list[int]:
    return [i for i, (number, _, _) in enumerate(view.row) if number is None]


def deduction(view) -> Deduction | None:
    """Return the exact deduction of `view`, None when no completion fits it."""
    if known_problem(view):
        return None
    try:
        found = search_values(read_table(view))
    except Inconsistent:
        return None
    return found if found.total > 0 else None


def known_problem(view) -> str | None:
    """Return what is wrong with the cards in view (each card once; a face-up Hideout within
    reach of a face-up one before it; a face-up card placed only when drawn), or None."""
    seen: dict[int, str] = {card: "in the Marshal's hand" for card in view.hand}
    for number, _, sprint in view.row[1:]:
        if number is None:
            continue
        for card in (number, *sprint):
            if card in seen or card == 0:
                return f"the {card} is {seen.get(card, 'the start of the row')}"
            seen[card] = f"in the row ({'Hideout' if card == number else 'a Sprint card'})"
    sprint_value = view.config.sprint
    for (a, _, _), (b, _, cards) in zip(view.row, view.row[1:], strict=False):
        if a is not None and b is not None:
            reach = a + REACH + sum(sprint_value[c] for c in cards)
            if not a < b <= reach:
                return f"the {b} cannot follow the {a} with those Sprint cards"
    if not hidden_positions(view):  # the search checks the piles only with a Hideout face down
        facts = HistoryFacts().update(view.history)
        used = [0, 0, 0]
        for (number, _, sprint), (time, _) in zip(view.row[1:], facts.hides, strict=False):
            for card in (number, *sprint):
                pile = pile_of(card)
                if pile >= 0:
                    used[pile] += 1
                    drawn = sum(1 for t in facts.draws[pile] if t < time)
                    if used[pile] > drawn:
                        return f"the Fugitive had drawn {drawn} cards of pile {pile + 1} then"
    return None


def turns_of(view) -> list[int]:
    """Return the turn on which each Hideout of the row after the 0 was laid."""
    turn, turns = 0, []
    for entry in view.history:
        if entry["what"] == "deal":
            turn = 1
        elif entry["what"] == "hide":
            turns.append(turn)
        elif entry["what"] == "guess":
            turn += 1
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
    if view.hand:
        lines.append(f"the Marshal holds {', '.join(map(str, view.hand))}")
    return lines


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


# --- the hypothesis ------------------------------------------------------------------------------
class _MarshalAtTable:
    def __init__(self, session, table: Table) -> None:
        self.session, self.table = session, table
        self.rng = random.Random(session.seed * 7919 + 17)

    @property
    def view(self):
        return self.session.state.observation(MARSHAL)

    def check(self, told, answer: str) -> None:
        """Raise Contradiction unless some completion fits the view `told`."""
        problem = known_problem(told)
        if problem is None and deduction(told) is not None:
            return
        facts = facts_in_words(self.view)
        if problem:
            facts.append(f"and then {problem}")
        raise Contradiction(answer, facts)

    def fits(self, state, told) -> bool:
        """Whether `state` gives the Marshal the view `told` (the engine may add a manhunt's
        entry after the 42)."""
        seen = state.observation(MARSHAL)
        extra = seen.history[len(told.history) :]
        return (
            seen.row == told.row
            and seen.hand == told.hand
            and seen.history[: len(told.history)] == told.history
            and all(entry["what"] == "manhunt" for entry in extra)
        )

    def redraw(self, told, last, swap: tuple[int, int] | None = None):
        """Draw the hidden parts again so that the game, with `last` played (an action, or a
        function of the state giving it), gives the Marshal the view `told`. `swap`: (pile,
        card) the Marshal's draw `last` takes. QuarryError after TRIES draws that do not fit
        (the deduction said one does). Return the action `last` gives there."""
        from generator.interop.resample.fugitive import _for_marshal, _position

        session = self.session
        options = tuple(sorted(dict(session.header.get("options", {})).items()))
        actions = tuple(session.state.parse_action(a) for a in session.actions)
        base = _position(options, actions, MARSHAL)
        deal, drawers = base.deal, base.drawers
        if swap is not None:
            pile, card = swap
            order = list(deal.piles[pile])
            at, there = len(drawers[pile]), order.index(card)
            order[at], order[there] = order[there], order[at]
            piles = list(deal.piles)
            piles[pile] = tuple(order)
            deal = dataclasses.replace(deal, piles=tuple(piles))
            drawers = tuple((*d, MARSHAL) if i == pile else d for i, d in enumerate(drawers))
        facts = HistoryFacts()
        position = dataclasses.replace(
            base,
            deal=deal,
            drawers=drawers,
            view=told,
            facts=facts,
            table=read_table(told, facts),
            searches={},
        )
        position.fugitive_draws = tuple(map(tuple, facts.draws))
        rng = random.Random(self.rng.getrandbits(64))
        for _ in range(TRIES):
            try:
                new_deal, new_hides = _for_marshal(position, rng.random)
            except (ValueError, Inconsistent):
                continue
            state = session.entry.state_from_header(session.header)
            texts = []
            placed = 0
            try:
                for action in [new_deal, *actions[1:]]:
                    if isinstance(action, Hide):
                        placed += 1
                        action = self._hide_at(told, placed, new_hides)
                    texts.append(format_action(action))
                    state.apply(action)
                action = last(state, told, new_hides) if callable(last) else last
                trial = state.clone()
                trial.apply(action)
            except (IllegalAction, KeyError):
                continue
            if not self.fits(trial, told):
                continue
            session.state, session.actions = state, texts
            session.save()
            return action
        raise QuarryError(
            f"Quarry found no hidden game that fits in {TRIES} tries, though one exists; "
            "the game stops here (the record keeps it)"
        )

    @staticmethod
    def _hide_at(told, position: int, hides: dict) -> Hide:
        number, _, sprint = told.row[position]
        return Hide(number, sprint) if number is not None else hides[position]

    # --- the game ---------------------------------------------------------------------------
    def play(self) -> None:
        session, table = self.session, self.table
        if session.to_move() == CHANCE and not session.actions:
            table.say(
                "Lay the 0 face up to start the row. Shuffle the Hideouts 4-14 (pile 1), "
                "15-28 (pile 2) and 29-41 (pile 3), each on its own, face down. Take the 1, "
                "2, 3 and 42, then the top three cards of pile 1 and the top two of pile 2: "
                "Quarry never sees your cards.",
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
            else:  # pragma: no cover - the plain deck has no chance steps after the deal
                raise QuarryError("the table game plays the plain deck for now")

    def fugitive_draws(self) -> None:
        sizes = self.view.pile_sizes
        open_piles = [str(p + 1) for p in range(3) if sizes[p]]

        def read(text: str) -> Draw:
            word = text.strip()
            if word not in ("1", "2", "3"):
                raise QuarryError(f"{text!r} is not a pile")
            if word not in open_piles:
                raise QuarryError(f"pile {word} is empty")
            return Draw(int(word) - 1)

        turn = self.session.state.turn
        action = self.table.ask(
            f"Turn {turn}: which pile do you draw from?",
            read,
            open_piles,
            " or ".join(open_piles),
        )
        self.session.play(action)  # the card is the person's; the hypothesis holds some card

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
        if options:
            self.session.play(self.rng.choice(keeps_42 or options))
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
        action = Hide(ESCAPE, cards)
        trial = self.session.state.clone()
        try:
            trial.apply(action)
            ok = self.fits(trial, told)
        except IllegalAction:
            ok = False
        if not ok:
            self.redraw(told, action)
        self.session.play(action)
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

        def read(text: str) -> int:
            try:
                card = int(text.strip())
            except ValueError:
                raise QuarryError(f"{text!r} is not a card number") from None
            if not low <= card <= high:
                raise QuarryError(f"pile {pile + 1} holds the cards {low}-{high}")
            if card in view.hand:
                raise QuarryError(f"the Marshal already holds the {card}")
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
            f"a number {low}-{high}",
        )
        state = self.session.state
        if state.piles[pile][0] != card:
            if card in state.piles[pile]:  # lower in the same pile: unseen by anyone
                self._move_up(pile, card)
            else:
                entry = {"what": "draw", "player": "marshal", "pile": pile + 1}
                told = with_entry(view, entry, hand=tuple(sorted((*view.hand, card))))
                self.redraw(told, action, swap=(pile, card))
        self.session.play(action)

    def _move_up(self, pile: int, card: int) -> None:
        session = self.session
        state = session.state
        deal = parse_action(session.actions[0])
        order = list(deal.piles[pile])
        drawn = len(order) - len(state.piles[pile])
        at, there = drawn, order.index(card)
        order[at], order[there] = order[there], order[at]
        piles = list(deal.piles)
        piles[pile] = tuple(order)
        texts = [format_action(dataclasses.replace(deal, piles=tuple(piles))), *session.actions[1:]]
        new = session.entry.state_from_header(session.header)
        for text in texts:
            new.apply(new.parse_action(text))
        session.state, session.actions = new, texts
        session.save()

    def marshal_guesses(self, action: Guess) -> None:
        numbers = action.numbers
        view = self.view
        manhunt = self.session.state.steps[0].kind == "manhunt"
        said = " and ".join(map(str, numbers))
        head = "Manhunt: the" if manhunt else "The"
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
            self.settle(told, action)
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
        self.settle(told, action)
        left = len(self.session.state.face_down())
        self.table.say(f"Found: {said}. {left} face-down Hideout{'s' if left != 1 else ''} left.")

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
                table = read_table(told)
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

    def settle(self, told, action: Guess) -> None:
        """Play the guess, drawing the hidden game again when it would not give `told`."""
        trial = self.session.state.clone()
        trial.apply(action)
        if not self.fits(trial, told):
            self.redraw(told, action)
        self.session.play(action)


def refusal(session) -> str | None:
    """Return why this game cannot be played at the table (None when it can): checked
    before anything is written."""
    if min(session.people) != FUGITIVE or MARSHAL in session.people:
        return (
            "Fugitive at the table is played with you as the Fugitive: Quarry's Fugitive "
            "would need its hand read to you; play the Marshal on screen"
        )
    variant = session.state.config.variant
    if variant != "none":
        return f"the table game plays the plain deck for now (variant none, not {variant!r})"
    return None


def play(session, table: Table) -> None:
    """Play Fugitive at the table, Quarry as the Marshal."""
    reason = refusal(session)
    if reason is not None:
        raise QuarryError(reason)
    _MarshalAtTable(session, table).play()
