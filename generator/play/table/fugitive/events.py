"""The events at the table: what Quarry asks when a drawn card is not a Hideout, and what it
says of each event, for every variant (cards.VARIANTS).

The public facts an event brings are asked where the rules bring them:
- a draw from a pile that can still hold an event or a Placeholder: what came off it (a
  Hideout, whose number the Fugitive keeps; an event, by name; a Placeholder). The Marshal's
  own draws are read to Quarry as before, an event or Placeholder by its name;
- a Placeholder (catch-up): the face-down Hideouts in the row pick the event pile, and the
  person turns up its top event and names it;
- a right guess in the discovery variant: the person turns up the top event of the event
  pile and names it;
- an Informant: whether the newest face-down Hideout is odd or even;
- a Dragnet: the card the Fugitive discards at random (he shuffles his hand without the 42
  face down and turns one up). A False Lead's card comes out of the Marshal's hand, which
  Quarry knows: it picks one at random itself and says which.

An answer the variant cannot give (an event not in play, or not in this variant's piles) is
refused in one line; one that the cards drawn so far rule out (an event already turned up,
a pile whose events are all drawn, a parity or a discard no hidden game fits) is shown with
those facts.
"""

from __future__ import annotations

from generator.errors import QuarryError
from generator.games.fugitive.cards import (
    EVENT_BY_CARD,
    ICONS,
    PILED_VARIANTS,
    PLACEHOLDERS,
    helped_icon,
)
from generator.games.fugitive.rules import FUGITIVE, MARSHAL, ROLES, Discard, Draw
from generator.play.table import Contradiction
from generator.play.table.fugitive.facts import events_seen, hidden_positions, with_entry
from generator.play.table.fugitive.hypothesis import HIDEOUT, PLACEHOLDER

PILE_NAMES = {"fugitive": "footprints", "marshal": "binoculars", "none": "neutral"}


def event_named(text: str) -> int | None:
    """Return the event card a person's words name (its name, key or card id), or None."""
    word = text.strip().lower().replace("_", " ").replace("-", " ")
    for event in EVENT_BY_CARD.values():
        names = (event.name.lower(), event.key.replace("-", " "), f"e{event.card}")
        if word in names or word == str(event.card):
            return event.card
    return None


def _placeholder_id(word: str) -> bool:
    """Whether `word` is a Placeholder's card id as the kit prints it (P201-P206)."""
    return word[:1] == "p" and word[1:].isdigit() and int(word[1:]) in PLACEHOLDERS


def _names(cards) -> str:
    return ", ".join(EVENT_BY_CARD[c].name for c in cards) or "none"


def setup_lines(config) -> list[str]:
    """Return what the person does at setup for the variant, after the starting hand."""
    variant = config.variant
    counts = config.pile_counts()
    if variant in PILED_VARIANTS:
        icon = helped_icon(variant)
        cards = config.event_cards(icon)
        spread = ", ".join(f"{n} into pile {p + 1}" for p, n in enumerate(counts) if n)
        if variant == "random":
            which = f"take {sum(counts)} of the events {_names(cards)} at random, unseen"
        else:
            which = f"take the {PILE_NAMES[icon]} events {_names(cards)}"
        return [
            f"Now {which}, and shuffle them face down into what is left of the piles: {spread}."
        ]
    if variant == "discovery":
        return [
            f"Now shuffle the events {_names(config.event_cards())} into one face-down event pile."
        ]
    if variant == "catchup":
        piles = "; ".join(
            f"{PILE_NAMES[icon]}: {_names(config.event_cards(icon))}" for icon in ICONS
        )
        return [
            "Now shuffle two Placeholders into what is left of each pile, and make three "
            f"face-down event piles, each shuffled: {piles}."
        ]
    return []


class Events:
    """The mixin that asks and tells the events (with Hypothesis and the game loop)."""

    def extras(self, pile: int) -> int:
        """Return how many events or Placeholders `pile` still holds (public: the variant's
        count less those drawn; the hypothesis keeps that count)."""
        return sum(card > 42 for card in self.session.state.piles[pile])

    def read_kind(self, pile: int, text: str):
        """Return the kind of card a person says came off `pile` (HIDEOUT, PLACEHOLDER or an
        event's card id), refusing what the variant or the cards so far rule out."""
        config = self.session.state.config
        word = text.strip().lower()
        if word in ("hideout", "h", "a hideout"):
            kind = HIDEOUT
        elif word in ("placeholder", "p", "a placeholder") or _placeholder_id(word):
            if config.variant != "catchup":
                raise QuarryError("only the catch-up variant has Placeholders")
            kind = PLACEHOLDER
        else:
            kind = event_named(text)
            if kind is None and word.isdigit():
                raise QuarryError("keep your card's number to yourself: say hideout")
            if kind is None:
                raise QuarryError(f"{text!r} is neither a Hideout nor an event")
            if config.variant not in PILED_VARIANTS:
                raise QuarryError(f"the {config.variant!r} variant puts no events into the piles")
            eligible = config.event_cards(helped_icon(config.variant))
            if kind not in eligible:
                raise QuarryError(f"the {EVENT_BY_CARD[kind].name} is not in this deck's piles")
            if kind in self.view.discarded:
                seen = ", ".join(events_seen(self.view))
                raise Contradiction(
                    f"the {EVENT_BY_CARD[kind].name}",
                    [f"it was turned up before (the events so far: {seen})"],
                )
        if not self.can_come(pile, kind):
            what = "a Hideout" if kind == HIDEOUT else "an event or Placeholder"
            held = self.extras(pile)
            raise Contradiction(
                f"{what} from pile {pile + 1}",
                [
                    f"pile {pile + 1} holds {len(self.session.state.piles[pile])} cards, {held} of "
                    f"them events or Placeholders (the variant dealt them; the rest are drawn)"
                ],
            )
        return kind

    def ask_kind(self, pile: int):
        """Ask what the Fugitive's draw from `pile` took; a pile that can hold nothing but
        Hideouts is not asked about."""
        if not self.extras(pile):
            return HIDEOUT
        choices = (
            ["hideout", "placeholder"]
            if self.session.state.config.variant == "catchup"
            else [
                "hideout",
                *(EVENT_BY_CARD[c].name for c in self.session.state.config.event_cards()),
            ]
        )
        return self.table.ask(
            f"What came off pile {pile + 1}: a hideout (keep its number to yourself), "
            "an event (its name) or a placeholder?",
            lambda text: self.read_kind(pile, text),
            choices,
            "hideout, an event's name, or placeholder",
        )

    def draw(self, pile: int, kind, drawer: int) -> None:
        """Play a draw of `drawer` from `pile` that took a card of `kind` (a Hideout of the
        Fugitive's, an event, a Placeholder), asking what the card brings out."""
        view = self.view
        self.put_on_top(pile, kind)
        entry = {"what": "draw", "player": ROLES[drawer], "pile": pile + 1}
        if kind == PLACEHOLDER:
            entry["placeholder"] = True
        told = with_entry(view, entry)
        event = None if kind in (HIDEOUT, PLACEHOLDER) else kind
        if kind == PLACEHOLDER:
            down = len(hidden_positions(view))
            index = 0 if down <= 1 else (2 if down == 2 else 1)
            self.table.say(
                "A Placeholder: it calls up the top event of the "
                f"{PILE_NAMES[ICONS[index]]} pile ({down} face-down Hideouts)."
            )
            if self.session.state.event_piles[index]:
                event = self.ask_event(index, f"the {PILE_NAMES[ICONS[index]]} pile")
            else:
                self.table.say("That event pile is empty: no event.")
        if event is not None:
            told = with_entry(told, self.event_entry(event, drawer, told))
        self.play_fitting(told, Draw(pile))
        if event is not None:
            self.tell(event, drawer, replaced=True)
        elif kind == PLACEHOLDER:
            who = "you draw" if drawer == FUGITIVE else "she draws"
            self.table.say(f"The Placeholder leaves play; {who} another card in its place.")

    def ask_event(self, index: int, where: str) -> int:
        """Ask which event the person turned up from event pile `index`; bring it to the top
        of that pile in the hypothesis."""
        left = self.session.state.event_piles[index]

        def read(text: str) -> int:
            card = event_named(text)
            if card is None:
                raise QuarryError(f"{text!r} is not an event")
            if card not in left:
                raise Contradiction(
                    f"the {EVENT_BY_CARD[card].name} from {where}",
                    [f"{where} holds {_names(sorted(left))} now"],
                )
            return card

        card = self.table.ask(
            f"Turn up the top card of {where}: which event is it?",
            read,
            [EVENT_BY_CARD[c].name for c in sorted(left)],
            "an event's name",
        )
        self.event_on_top(index, card)
        return card

    def event_entry(self, card: int, drawer: int, told) -> dict:
        """Return the history entry of event `card` drawn by `drawer` with the view `told`
        before it; an Informant asks the parity of the newest face-down Hideout."""
        event = EVENT_BY_CARD[card]
        entry = {"what": "event", "event": event.key, "drawer": ROLES[drawer]}
        down = hidden_positions(told)
        if event.key != "informant" or not down:
            return entry
        position = down[-1]

        def read(text: str) -> dict:
            word = text.strip().lower()
            if word not in ("odd", "even"):
                raise QuarryError(f"{text!r} is neither odd nor even")
            full = {**entry, "parity": word, "position": position}
            self.check(with_entry(told, full), f"the Hideout at card {position} is {word}")
            return full

        return self.table.ask(
            f"Informant: is your newest face-down Hideout (card {position} of the row, the 0 "
            "being card 0) odd or even?",
            read,
            ["odd", "even"],
            "odd or even",
        )

    def tell(self, card: int, drawer: int, replaced: bool = False) -> None:
        """Say event `card` in its own words (`replaced`: it came off a pile, and its drawer
        then draws another card in its place)."""
        event = EVENT_BY_CARD[card]
        who = "You draw" if drawer == FUGITIVE else "The Marshal draws"
        then = ""
        if replaced:
            then = " Then " + ("you draw" if drawer == FUGITIVE else "she draws")
            then += " another card in its place."
        self.table.say(f"{who} {event.name}: {event.text}{then}")

    def discard(self) -> None:
        """A random discard an event called for: the Fugitive's (Dragnet) is asked, the
        Marshal's (False Lead) picked by Quarry from her hand, which it knows."""
        session = self.session
        if session.state.steps[0].victim == MARSHAL:
            action = session.chance_action()
            session.play(action)
            self.table.say(
                f"The Marshal discards the {action.card}, picked at random by Quarry: "
                "lay it face up, out of play."
            )
            return
        view = self.view

        def read(text: str):
            try:
                card = int(text.strip())
            except ValueError:
                raise QuarryError(f"{text!r} is not a card number") from None
            if not 1 <= card <= 41:
                raise QuarryError("a card from 1 to 41 (the 42 is never discarded)")
            entry = {"what": "discard", "player": "fugitive", "card": card}
            told = with_entry(view, entry, discarded=(*view.discarded, card))
            self.check(told, f"the {card} came out of your hand")
            return card, told

        card, told = self.table.ask(
            "Dragnet: shuffle your hand without the 42 face down and turn one card up at random: "
            "which card is it? (it leaves play)",
            read,
            [],
            "a card number 1-41",
        )
        self.play_fitting(told, Discard(card))
