"""Fugitive's cards: 43 Hideouts (0-42) with Sprint values, our 10 Events, 6 Placeholders,
and deck configurations (which Sprint value each Hideout has, which event variant is in play).

Cards are ints: Hideouts 0-42, Events 101-110, Placeholders 201-206.
"""

import json
from dataclasses import dataclass
from pathlib import Path

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
    """Return the pile (0, 1, 2) a Hideout number belongs to, or -1 for 0-3 and 42."""
    for index, (low, high) in enumerate(PILES):
        if low <= card <= high:
            return index
    return -1


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
    value = int(text[1:]) if text[:1] in ("E", "P") else int(text)
    valid = (
        value in EVENT_BY_CARD
        if text[:1] == "E"
        else (value in PLACEHOLDERS if text[:1] == "P" else 0 <= value <= 42)
    )
    if not valid:
        raise ValueError(f"no card {text!r}")
    return value


@dataclass(frozen=True)
class DeckConfig:
    """Sprint values of the 43 Hideouts and the event variant in play."""

    sprint: tuple[int, ...]
    variant: str = "none"

    def problem(self) -> str | None:
        """Return why this configuration is unusable, or None."""
        if len(self.sprint) != 43:
            return "sprint must give a value for each of the 43 Hideouts 0-42"
        if any(not 0 <= value <= 5 for value in self.sprint):
            return "sprint values must be from 0 to 5"
        if self.variant not in VARIANTS:
            return f"variant must be one of {', '.join(VARIANTS)}"
        return None

    def to_json(self) -> dict:
        """Return {"sprint": {"0": v, ...}, "variant": ...}."""
        return {"sprint": {str(c): v for c, v in enumerate(self.sprint)}, "variant": self.variant}

    @classmethod
    def from_json(cls, data: object) -> "DeckConfig":
        """Return the configuration in `data` (ValueError with the reason if malformed)."""
        if not isinstance(data, dict) or not isinstance(data.get("sprint"), dict):
            raise ValueError('a deck configuration is {"sprint": {"0": 2, ...}, "variant": ...}')
        values = dict(published().to_json()["sprint"])
        for key, value in data["sprint"].items():
            if key not in values or isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"sprint[{key!r}] must be a card 0-42 with a whole number")
            values[key] = value
        config = cls(tuple(values[str(c)] for c in HIDEOUTS), str(data.get("variant", "none")))
        reason = config.problem()
        if reason:
            raise ValueError(reason)
        return config


def published(variant: str = "none") -> DeckConfig:
    """Return the published deck: even Hideouts Sprint +2, odd ones +1."""
    return DeckConfig(tuple(2 if c % 2 == 0 else 1 for c in HIDEOUTS), variant)


def load_config(path: Path) -> DeckConfig:
    """Return the deck configuration in a JSON file (QuarryError if it is unusable)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        return DeckConfig.from_json(data)
    except FileNotFoundError:
        raise QuarryError("file not found", where=str(path)) from None
    except json.JSONDecodeError as error:
        raise QuarryError(
            f"invalid JSON at line {error.lineno}: {error.msg}", where=str(path)
        ) from None
    except ValueError as error:
        raise QuarryError(str(error), where=str(path)) from None
