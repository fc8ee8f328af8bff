"""The two decks of The Most Dangerous Game, our own design (the text names the decks only).

Each kind has a slug (its name in the notation), a name and text for the card, a count, and
when it is played: "action" (in its owner's action phase), "instant" (in the window its
text names) or "trap" (an action that leaves a trap on the board). Effects live in rules.py;
docs/rules/island-cards.md lists the same cards for readers.
"""

from dataclasses import dataclass

HUNTER, HUNTED = "hunter", "hunted"


@dataclass(frozen=True)
class CardKind:
    """One kind of card: slug, printed name, timing, count in its deck and printed text."""

    slug: str
    name: str
    deck: str
    timing: str
    count: int
    text: str


HUNTED_CARDS = (
    CardKind("sprint", "Sprint", HUNTED, "action", 4, "Move up to 2 more steps."),
    CardKind(
        "camouflage",
        "Camouflage",
        HUNTED,
        "instant",
        3,
        "When a Hunter would see you: he does not. Keep your token off the board.",
    ),
    CardKind(
        "dodge",
        "Dodge",
        HUNTED,
        "instant",
        3,
        "When a Hunter attacks you, before the dice: add 2 to your roll.",
    ),
    CardKind(
        "snare",
        "Snare",
        HUNTED,
        "trap",
        3,
        "Mark your square on your mini board. A Hunter caught by it does not move "
        "in his next movement phase.",
    ),
    CardKind(
        "deadfall",
        "Deadfall",
        HUNTED,
        "trap",
        2,
        "Mark your square on your mini board. A Hunter caught by it goes back to the Hunter Camp.",
    ),
    CardKind(
        "false-trail",
        "False Trail",
        HUNTED,
        "action",
        2,
        "At your next trail reveal, show any square up to 3 steps from the true one.",
    ),
    CardKind(
        "run-for-cover",
        "Run for Cover",
        HUNTED,
        "instant",
        2,
        "Just after a Hunter sees you: move up to 2 steps at once.",
    ),
    CardKind(
        "distraction",
        "Distraction",
        HUNTED,
        "action",
        2,
        "Move any one Hunter's token up to 2 steps, to a square of your choice.",
    ),
    CardKind("second-wind", "Second Wind", HUNTED, "action", 2, "Draw 2 Hunted cards."),
    CardKind(
        "lie-low",
        "Lie Low",
        HUNTED,
        "action",
        3,
        "Until your next turn you can be seen only from 2 steps, as on a hiding place.",
    ),
)

HUNTER_CARDS = (
    CardKind("forced-march", "Forced March", HUNTER, "action", 4, "Move up to 3 more steps."),
    CardKind(
        "spyglass",
        "Spyglass",
        HUNTER,
        "action",
        3,
        "Look again now with a range of 8 steps (10 from an elevation).",
    ),
    CardKind(
        "rifle",
        "Rifle",
        HUNTER,
        "instant",
        3,
        "When you attack, before the dice: add 2 to your roll.",
    ),
    CardKind(
        "bloodhound",
        "Bloodhound",
        HUNTER,
        "action",
        3,
        "Choose a Hunted who has had a turn: he shows the square where his last turn began.",
    ),
    CardKind(
        "beaters",
        "Beaters",
        HUNTER,
        "action",
        2,
        "Name a zone: every Hunted in it says so (not where).",
    ),
    CardKind(
        "bear-trap",
        "Bear Trap",
        HUNTER,
        "trap",
        3,
        "Place it openly up to 3 steps from you. A Hunted caught by it shows his square.",
    ),
    CardKind(
        "trail-sign",
        "Trail Sign",
        HUNTER,
        "action",
        2,
        "Choose a Hunted: he tells you the zone he is in.",
    ),
    CardKind("camp-stores", "Camp Stores", HUNTER, "action", 2, "Draw 2 Hunter cards."),
    CardKind(
        "sure-footing",
        "Sure Footing",
        HUNTER,
        "instant",
        2,
        "After your movement roll: roll the d8 again and use either roll.",
    ),
    CardKind(
        "net",
        "Net",
        HUNTER,
        "instant",
        2,
        "When you attack: the Hunted may play no card in this fight.",
    ),
    CardKind(
        "horn",
        "Horn",
        HUNTER,
        "action",
        2,
        "Every Hunted says whether he is within 10 steps of you.",
    ),
)

KINDS = {card.slug: card for card in HUNTED_CARDS + HUNTER_CARDS}
DECKS = {HUNTED: HUNTED_CARDS, HUNTER: HUNTER_CARDS}


def deck_counts(deck: str) -> dict[str, int]:
    """Return {slug: count} of a full deck (HUNTER or HUNTED)."""
    return {card.slug: card.count for card in DECKS[deck]}
