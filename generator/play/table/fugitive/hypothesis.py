"""The hypothesis game Quarry keeps at the table: a whole game whose hidden parts (the
Fugitive's cards and Hideouts, the order of the piles and of the event piles) fit every
answer so far, so that the Marshal's bot and the rules engine run as on screen.

Two ways to keep it fitting an answer:
- **Reorder what nobody has seen** (`put_on_top`, `event_on_top`): the cards not
  yet drawn from a pile are unknown to both players, so any order of them fits the past as
  well as another. The card (or kind of card: a Hideout, a Placeholder, one event) that an
  answer says came off a pile is brought to its top. An event of a piled variant that this
  pile does not hold in the hypothesis is exchanged with one of its undrawn events (from
  another pile, or, in the random variant, from the events left out of play), which keeps
  every pile's count of events as the variant deals it.
- **Draw the hidden game again** (`redraw`): when an answer rules out the Fugitive's
  Hideouts or hand in the hypothesis but not every completion (the deduction said one fits),
  the values, Sprint cards and his draws are drawn again from those that fit (the resampler's
  stages, interop/resample/fugitive.py), keeping every event and Placeholder where it lies,
  seeded from the session seed, at most TRIES tries.
"""

from __future__ import annotations

import dataclasses
import random

from generator.engine.game import IllegalAction
from generator.errors import QuarryError
from generator.games.fugitive.cards import PLACEHOLDERS
from generator.games.fugitive.marshal_facts import HistoryFacts, Inconsistent
from generator.games.fugitive.rules import MARSHAL, Deal, Hide, format_action, parse_action
from generator.play.table import Contradiction
from generator.play.table.fugitive.facts import deduction, facts_in_words, known_problem, table_of

TRIES = 40  # hidden games drawn before Quarry gives up finding one that fits
HIDEOUT, PLACEHOLDER = "hideout", "placeholder"  # kinds of card a draw can take, beside an event


def is_kind(card: int, kind) -> bool:
    """Whether `card` is of `kind` (HIDEOUT, PLACEHOLDER, or one card's id: an event's, or
    a Hideout's number)."""
    if kind == HIDEOUT:
        return card <= 42
    if kind == PLACEHOLDER:
        return card in PLACEHOLDERS
    return card == kind


class Hypothesis:
    """The mixin that keeps `session` (its state and actions) fitting what was said."""

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

    def play_fitting(self, told, action) -> None:
        """Play `action`, drawing the hidden game again first when the hypothesis would not
        give the Marshal the view `told` with it."""
        trial = self.session.state.clone()
        try:
            trial.apply(action)
            ok = self.fits(trial, told)
        except IllegalAction:
            ok = False
        if not ok:
            action = self.redraw(told, action)
        self.session.play(action)

    # --- reordering what nobody has seen --------------------------------------------------
    def _deal(self) -> Deal:
        return parse_action(self.session.actions[0])

    def _undrawn_from(self, order, left: int) -> range:
        return range(len(order) - left, len(order))

    def with_deal(self, deal: Deal) -> None:
        """Replay the hypothesis with `deal` (a reorder of undrawn cards: the past is the
        same) and keep it."""
        session = self.session
        texts = [format_action(deal), *session.actions[1:]]
        state = session.entry.state_from_header(session.header)
        for text in texts:
            state.apply(state.parse_action(text))
        session.state, session.actions = state, texts
        session.save()

    def can_come(self, pile: int, kind) -> bool:
        """Whether the next card of `pile` can be of `kind` in some hypothesis."""
        left = self.session.state.piles[pile]
        if any(is_kind(card, kind) for card in left):
            return True
        return kind not in (HIDEOUT, PLACEHOLDER) and any(card > 42 for card in left)

    def put_on_top(self, pile: int, kind) -> None:
        """Bring a card of `kind` to the top of `pile` (the caller checked can_come; a
        Hideout named by its number must be undrawn there)."""
        deal = self._deal()
        piles = [list(p) for p in deal.piles]
        order = piles[pile]
        undrawn = self._undrawn_from(order, len(self.session.state.piles[pile]))
        top = undrawn.start
        if is_kind(order[top], kind):
            return
        here = [i for i in undrawn if is_kind(order[i], kind)]
        if here:
            there = here[0] if len(here) == 1 else self.rng.choice(here)
            order[top], order[there] = order[there], order[top]
        else:  # an event this pile does not hold: swap it in for one of its undrawn events
            there = self.rng.choice([i for i in undrawn if order[i] > 42])
            order[top], order[there] = order[there], order[top]
            displaced = order[top]
            for other, left in zip(piles, self.session.state.piles, strict=True):
                spots = [i for i in self._undrawn_from(other, len(left)) if other[i] == kind]
                if spots:
                    other[spots[0]] = displaced
                    break
            order[top] = kind  # else it was out of play (random variant), and now the other is
        self.with_deal(dataclasses.replace(deal, piles=tuple(map(tuple, piles))))

    def event_on_top(self, index: int, card: int) -> None:
        """Bring event `card` to the top of event pile `index` (the caller checked it is
        among the cards left there)."""
        deal = self._deal()
        events = [list(p) for p in deal.events]
        order = events[index]
        undrawn = self._undrawn_from(order, len(self.session.state.event_piles[index]))
        top, there = undrawn.start, order.index(card)
        order[top], order[there] = order[there], order[top]
        self.with_deal(dataclasses.replace(deal, events=tuple(map(tuple, events))))

    # --- drawing the hidden game again ----------------------------------------------------
    def redraw(self, told, last, swap: tuple[int, int] | None = None):
        """Draw the hidden parts again so that the game, with `last` played (an action, or a
        function of the state giving it), gives the Marshal the view `told`. `swap`: (pile,
        card) the Marshal's draw `last` takes (the pile's top is a Hideout). QuarryError
        after TRIES draws that do not fit (the deduction said one does). Return the action
        `last` gives there."""
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
            table=table_of(told, facts),
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
