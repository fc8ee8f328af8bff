"""Fugitive's cards: 43 Hideouts (0-42) with Sprint values, our 10 Events, 6 Placeholders,
and deck configurations (which Sprint value each Hideout has, which event variant is in play,
which events are in play and how many go into each draw pile).

Cards are ints: Hideouts 0-42, Events 101-110, Placeholders 201-206.
"""

from dataclasses import dataclass
from pathlib import Path

from generator.engine.notation import ascii_number
from generator.errors import QuarryError

HIDEOUTS = range(43)
ESCAPE = 42
PILES = ((4, 14), (15, 28), (29, 41))  # inclusive number ranges of piles 1, 2, 3
START_HAND = (1, 2, 3, 42)
START_DRAWS = (3, 2, 0)  # cards the Fugitive draws from piles 1, 2, 3 at setup
PLACEHOLDERS = tuple(range(201, 207))
VARIANTS = ("none", "random", "discovery", "helpful-fugitive", "helpful-marshal", "catchup")


@dataclass(frozen=True)
class Event:
    """One of our event cards: its card id, name, icon (fugitive, marshal or none), text."""

    card: int
    key: str
    name: str
    icon: str
    text: str


EVENTS = (
    Event(
        101,
        "safe-house",
        "Safe House",
        "fugitive",
        "The Fugitive draws 2 cards, each from the pile of his choice.",
    ),
    Event(
        102,
        "false-lead",
        "False Lead",
        "fugitive",
        "The Marshal discards a random card from her hand, face up. It is out of play.",
    ),
    Event(
        103,
        "fast-horse",
        "Fast Horse",
        "fugitive",
        "The Fugitive's next Hideout may be up to 2 further than his Sprint allows.",
    ),
    Event(
        104, "lie-low", "Lie Low", "fugitive", "The Marshal's next guess must be a single number."
    ),
    Event(
        105,
        "informant",
        "Informant",
        "marshal",
        "The Fugitive tells whether his newest face-down Hideout is odd or even.",
    ),
    Event(
        106,
        "roadblock",
        "Roadblock",
        "marshal",
        "The Marshal draws 2 cards, each from the pile of her choice.",
    ),
    Event(
        107,
        "search-party",
        "Search Party",
        "marshal",
        "The Marshal guesses one number at once, as an extra single guess.",
    ),
    Event(
        108,
        "dragnet",
        "Dragnet",
        "marshal",
        "The Fugitive discards a random card from his hand (never the 42), face up.",
    ),
    Event(
        109,
        "windfall",
        "Windfall",
        "none",
        "Whoever drew this draws 2 more cards, each from the pile of their choice.",
    ),
    Event(
        110,
        "second-wind",
        "Second Wind",
        "none",
        "Drawn by the Fugitive: his next Hideout may reach 2 further. "
        "Drawn by the Marshal: she makes an extra single guess at once.",
    ),
)
EVENT_BY_CARD = {event.card: event for event in EVENTS}


def pile_of(card: int) -> int:
    """Return the pile (0, 1, 2) a Hideout number belongs to, or -1 for 0-3 and 42 (and
    for any other card: events, placeholders)."""
    return _PILE_OF[card] if 0 <= card < len(_PILE_OF) else -1


# pile_of by table: the puzzle solvers ask it hundreds of thousands of times a puzzle
_PILE_OF = tuple(
    next((index for index, (low, high) in enumerate(PILES) if low <= card <= high), -1)
    for card in range(PILES[-1][1] + 1)
)


def card_name(card: int) -> str:
    """Return how a card is written in notation: "17", "E105", "P203"."""
    if card in EVENT_BY_CARD:
        return f"E{card}"
    if card in PLACEHOLDERS:
        return f"P{card}"
    return str(card)


def parse_card(text: str) -> int:
    """Return the card written as `text` (ValueError if it is none)."""
    text = text.strip().upper()
    try:
        value = ascii_number(text[1:]) if text[:1] in ("E", "P") else ascii_number(text)
    except ValueError:
        raise ValueError(f"no card {text!r}") from None
    valid = (
        value in EVENT_BY_CARD
        if text[:1] == "E"
        else (value in PLACEHOLDERS if text[:1] == "P" else 0 <= value <= 42)
    )
    if not valid:
        raise ValueError(f"no card {text!r}")
    return value


EVENT_KEYS = tuple(event.key for event in EVENTS)
EVENT_BY_KEY = {event.key: event for event in EVENTS}
ICONS = ("fugitive", "marshal", "none")
# The variants whose events are shuffled into the draw piles, and every variant with events.
PILED_VARIANTS = ("random", "helpful-fugitive", "helpful-marshal")
EVENT_VARIANTS = ("random", "discovery", "helpful-fugitive", "helpful-marshal", "catchup")
RANDOM_PER_PILE = 2  # the random variant's rule: 2 events into each pile
_CONFIG_KEYS = ("sprint", "variant", "events", "events_per_pile")


def helped_icon(variant: str) -> str | None:
    """Return the icon whose events a helpful variant uses ("fugitive", "marshal"), or None."""
    return variant.split("-", 1)[1] if variant.startswith("helpful-") else None


def even_spread(count: int) -> tuple[int, int, int]:
    """Return `count` events spread evenly over the three piles, the lower piles taking the
    extra ones (4 -> 2, 1, 1): how the engine deals a helpful variant by default."""
    return tuple((count - pile + 2) // 3 for pile in range(3))


@dataclass(frozen=True)
class DeckConfig:
    """A deck configuration: the Sprint values of the 43 Hideouts, the event variant, the
    events in play (keys, kept in card order) and, for the variants that shuffle events into
    the draw piles, how many go into piles 1, 2 and 3 (None: as the rule text says, see
    `pile_counts`)."""

    sprint: tuple[int, ...]
    variant: str = "none"
    events: tuple[str, ...] = EVENT_KEYS
    events_per_pile: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        order = {key: index for index, key in enumerate(EVENT_KEYS)}
        keys = tuple(self.events)
        object.__setattr__(
            self, "events", tuple(sorted(set(keys), key=lambda k: (order.get(k, 99), k)))
        )
        if self.events_per_pile is not None:
            object.__setattr__(self, "events_per_pile", tuple(self.events_per_pile))

    def event_cards(self, icon: str | None = None) -> list[int]:
        """Return the card ids of the events in play (with `icon`, if given), in card order."""
        return [
            EVENT_BY_KEY[key].card
            for key in self.events
            if key in EVENT_BY_KEY and (icon is None or EVENT_BY_KEY[key].icon == icon)
        ]

    def pile_counts(self) -> tuple[int, int, int] | None:
        """Return how many events go into piles 1, 2 and 3: `events_per_pile` if given, else
        the rule text's (random: 2 each; helpful: its icon's events in play spread evenly,
        the lower piles taking the extra ones); None for the variants that put no events
        into the piles."""
        if self.variant not in PILED_VARIANTS:
            return None
        if self.events_per_pile is not None:
            return tuple(self.events_per_pile)
        icon = helped_icon(self.variant)
        if icon is None:
            return (RANDOM_PER_PILE,) * 3
        return even_spread(len(self.event_cards(icon)))

    def problem(self) -> str | None:
        """Return why this configuration is unusable, or None."""
        if len(self.sprint) != 43:
            return "sprint must give a value for each of the 43 Hideouts 0-42"
        if any(not 0 <= value <= 5 for value in self.sprint):
            return "sprint values must be from 0 to 5"
        if self.variant not in VARIANTS:
            return f"variant must be one of {', '.join(VARIANTS)}"
        unknown = [key for key in self.events if key not in EVENT_BY_KEY]
        if unknown:
            return f"events: no event {unknown[0]!r}; the events are {', '.join(EVENT_KEYS)}"
        return self._event_problem()

    def _event_problem(self) -> str | None:
        variant, in_play = self.variant, len(self.events)
        per_pile = self.events_per_pile
        if per_pile is not None:
            if variant not in PILED_VARIANTS:
                return (
                    f"events_per_pile is only for the variants that shuffle events into the "
                    f"piles ({', '.join(PILED_VARIANTS)}), not {variant!r}"
                )
            if len(per_pile) != 3 or any(
                isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in per_pile
            ):
                return "events_per_pile must be three whole numbers 0 or more (piles 1, 2, 3)"
        if variant in ("discovery", "catchup") and not in_play:
            return f"the {variant!r} variant needs at least one event in play"
        icon = helped_icon(variant)
        if icon is not None:
            helped = len(self.event_cards(icon))
            if not helped:
                return f"the {variant!r} variant needs at least one {icon} event in play"
            if per_pile is not None and sum(per_pile) != helped:
                return (
                    f"the {variant!r} variant shuffles its {helped} {icon} event(s) in play "
                    f"into the piles, but events_per_pile adds up to {sum(per_pile)}"
                )
        if variant == "random":
            wanted = sum(self.pile_counts())
            if wanted > in_play:
                given = "events_per_pile asks" if per_pile is not None else "its rule asks"
                return (
                    f"the 'random' variant shuffles {wanted} events into the piles "
                    f"({given} for {', '.join(map(str, self.pile_counts()))}) but only "
                    f"{in_play} are in play"
                )
            if wanted == 0:
                return "the 'random' variant needs at least one event in the piles"
        return None

    def to_json(self) -> dict:
        """Return {"sprint": {"0": v, ...}, "variant": ..., "events": [keys in play]}, plus
        "events_per_pile": [n1, n2, n3] when it is given."""
        data = {
            "sprint": {str(c): v for c, v in enumerate(self.sprint)},
            "variant": self.variant,
            "events": list(self.events),
        }
        if self.events_per_pile is not None:
            data["events_per_pile"] = list(self.events_per_pile)
        return data

    @classmethod
    def from_json(cls, data: object) -> "DeckConfig":
        """Return the configuration in `data` (ValueError with the reason if malformed).
        Left-out keys take their defaults: the published Sprint values, variant "none",
        all 10 events in play, events per pile as the variant's rule says."""
        if not isinstance(data, dict) or not isinstance(data.get("sprint"), dict):
            raise ValueError('a deck configuration is {"sprint": {"0": 2, ...}, "variant": ...}')
        extra = sorted(str(key) for key in data if key not in _CONFIG_KEYS)
        if extra:
            raise ValueError(
                f"unknown key {extra[0]!r}; a deck configuration has {', '.join(_CONFIG_KEYS)}"
            )
        values = dict(published().to_json()["sprint"])
        for key, value in data["sprint"].items():
            if key not in values or isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"sprint[{key!r}] must be a card 0-42 with a whole number")
            values[key] = value
        events = data.get("events", EVENT_KEYS)
        if not isinstance(events, (list, tuple)) or not all(isinstance(k, str) for k in events):
            raise ValueError(f"events must be a list of event keys ({', '.join(EVENT_KEYS)})")
        twice = sorted({key for key in events if list(events).count(key) > 1})
        if twice:
            raise ValueError(f"events: {twice[0]!r} is listed twice")
        per_pile = data.get("events_per_pile")
        if per_pile is not None and not isinstance(per_pile, list):
            raise ValueError(
                "events_per_pile must be three whole numbers 0 or more (piles 1, 2, 3)"
            )
        config = cls(
            tuple(values[str(c)] for c in HIDEOUTS),
            str(data.get("variant", "none")),
            tuple(events),
            None if per_pile is None else tuple(per_pile),
        )
        reason = config.problem()
        if reason:
            raise ValueError(reason)
        return config


def published(variant: str = "none") -> DeckConfig:
    """Return the published deck: even Hideouts Sprint +2, odd ones +1; all 10 events in play
    and events per pile as the variant's rule says."""
    return DeckConfig(tuple(2 if c % 2 == 0 else 1 for c in HIDEOUTS), variant)


def load_config(path: Path) -> DeckConfig:
    """Return the deck configuration in a JSON file (QuarryError if it is unusable)."""
    from generator.userfiles import read_json, shown

    data = read_json(path, "a deck configuration (JSON)")
    try:
        return DeckConfig.from_json(data)
    except ValueError as error:
        raise QuarryError(str(error), where=shown(path)) from None
