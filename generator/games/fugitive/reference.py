"""The rules reference: the whole game on one page, in two columns, in our own words, with
a row in play drawn under "The row, as the Marshal sees it". This module says what goes on
the page; the document layer sets it, in the largest type (9 pt down to 7 pt) that fits.
"""

from pathlib import Path

from generator.games.fugitive.figures import reference_row
from generator.render.document import Blocks, Header, Part, fit_document
from generator.render.layouts import Paper
from generator.render.pdf import Footer

TITLE = "Fugitive: rules reference"
SUBTITLE = (
    "Two players. The Fugitive lays a trail of face-down Hideouts toward card 42; "
    "the Marshal names numbers to turn them up before he gets there."
)
COMPONENT = "rules reference"
ROW_FIGURE = "<the row>"
ROW_CAPTION = (
    "Card 0, then the Hideouts from left to right. Sprint cards stick out below the "
    "Hideout they helped: the Marshal can count them. A found Hideout lies face up with "
    "its Sprint cards."
)


# The rules in our own words. Each section: heading, then items; an item is a paragraph,
# or (lead, text) set with a bold lead-in.
REFERENCE: tuple[tuple[str, tuple], ...] = (
    (
        "What you play with",
        (
            "43 Hideout cards numbered 0 to 42. The footprints on a card are its Sprint "
            "value, 1 or 2.",
            "For the variants: 10 Events and 6 Placeholders. Every deck card shares one back, "
            "so nothing shows face down; the coloured band on the front tells which pile a "
            "Hideout belongs to.",
            "Two role cards and the Marshal's notepad.",
        ),
    ),
    (
        "Setting up",
        (
            "Lay card 0 face up: it is the Fugitive's first Hideout and starts the row.",
            "Sort the rest by number into three piles, 4–14, 15–28 and 29–41, each one "
            "shuffled and laid face down beside the row.",
            "The Fugitive's hand: 1, 2, 3 and 42, plus 3 cards from the 4–14 pile and 2 from "
            "the 15–28 pile (none from 29–41). The Marshal starts empty-handed.",
        ),
    ),
    (
        "Taking turns",
        (
            "The Fugitive begins; after that the players alternate.",
            ("Fugitive, first turn:", "place 1 or 2 new Hideouts."),
            ("Fugitive, later turns:", "draw 1 card from any pile, then place 1 Hideout or pass."),
            ("Marshal, first turn:", "draw 2 cards (one pile or two), then guess."),
            ("Marshal, later turns:", "draw 1 card from any pile, then guess."),
        ),
    ),
    (
        "Placing a Hideout",
        (
            "The new card goes face down at the right end of the row. Its number must be "
            "above the Hideout before it, by 3 at most: that is the reach.",
            "Sprint cards stretch the reach. Slide them face down under the new Hideout, "
            "where the Marshal can count them but not read them; each adds its footprints to "
            "the reach. More than needed is allowed, as a bluff.",
            "Say the last Hideout is 8: 9, 10 and 11 are in reach; 13 needs Sprint cards "
            "with at least 2 footprints between them.",
            "Passing keeps cards in hand for later but gives the Marshal time. The Fugitive "
            "may look at his own face-down cards whenever he likes.",
        ),
    ),
    (
        "Guessing",
        (
            "The Marshal names a number from 1 to 41. If a face-down Hideout carries it, "
            "that card is turned face up together with its Sprint cards. She never has to "
            "point at a card, and never guesses Sprint cards.",
            "She may name several numbers at once: if every one is a face-down Hideout, all "
            "of them are turned up; if even one is wrong, nothing is turned up.",
        ),
    ),
    (
        "How it ends",
        (
            ("The Marshal wins", "as soon as no Hideout in the row is face down."),
            (
                "The Fugitive wins",
                "by placing the 42, which needs reach like any Hideout.",
            ),
            (
                "Manhunt:",
                "if the 42 is placed while the highest face-up Hideout is 29 or lower, the "
                "Marshal gets a last chance. She names one number at a time; each hit is "
                "turned up and she goes on. Turn up them all and she wins; the first miss "
                "and the Fugitive is away.",
            ),
        ),
    ),
    ("The row, as the Marshal sees it", (ROW_FIGURE,)),
    (
        "Variants with Events",
        (
            "Leave the Events out of a first game. Icons: footprints help the Fugitive, "
            "binoculars help the Marshal, the two-way arrow helps whoever draws the card.",
            "An Event drawn from a pile is resolved at once, and the drawer takes another "
            "card in its place.",
            (
                "Random:",
                "after setup, shuffle 2 random Events into each pile; the others stay out.",
            ),
            (
                "Discovery:",
                "the Events form a pile of their own. After each guess that turns up "
                "Hideouts, the Fugitive draws the top Event and resolves it.",
            ),
            (
                "Helpful:",
                "take only the Events with one player's icon and spread them evenly over "
                "the three piles.",
            ),
            (
                "Catch-up:",
                "sort the Events by icon into three face-down piles and shuffle 2 "
                "Placeholders into each draw pile. A Placeholder sends the drawer to an "
                "Event pile by the number of face-down Hideouts: 1, the Fugitive's; "
                "2, the neutral one; 3 or more, the Marshal's. Then draw again.",
            ),
        ),
    ),
)
REFERENCE_SIZES = (9.0, 8.75, 8.5, 8.25, 8.0, 7.75, 7.5, 7.25, 7.0)


def designed_deck_items(config) -> tuple[str, str]:
    """Return the first two items of "What you play with" for the designed deck `config`
    (cards.DeckConfig): its Sprint values, and the events its variant deals."""
    from generator.games.fugitive.cards import PLACEHOLDERS, helped_icon

    values = sorted(set(config.sprint))
    if len(values) == 1:
        spread = f"{values[0]} on every card"
    elif values == list(range(values[0], values[-1] + 1)) and len(values) > 3:
        spread = f"{values[0]} to {values[-1]}"
    else:
        spread = ", ".join(map(str, values[:-1])) + f" or {values[-1]}"
    hideouts = (
        "43 Hideout cards numbered 0 to 42. The footprints on a card are its Sprint value: "
        f"in this designed deck {spread}."
    )
    if config.variant == "none":
        return hideouts, "This deck is played without Events. Every deck card shares one back."
    events = len(config.event_cards(helped_icon(config.variant)))
    cards = f"{events} Event" + ("s" if events != 1 else "")
    if config.variant == "catchup":
        cards += f" and {len(PLACEHOLDERS)} Placeholders"
    piles = config.pile_counts()
    into = f", {'/'.join(map(str, piles))} of them into piles 1/2/3" if piles else ""
    name = config.variant.replace("-", " ").replace("catchup", "catch-up")
    return hideouts, (
        f"This deck plays the {name} variant: {cards}{into}. Every deck card shares one "
        "back, so nothing shows face down."
    )


def reference_part(blocks: Blocks, config=None) -> Part:
    """Return the rules reference as a two-column Part: each section a shaded heading with
    its items, never split across the columns; the row figure with its caption. With
    `config` (a designed deck), "What you play with" says its Sprint values and events."""
    sections = REFERENCE
    if config is not None:
        heading, items = REFERENCE[0]
        sections = ((heading, (*designed_deck_items(config), *items[2:])), *REFERENCE[1:])
    story = []
    for heading, items in sections:
        flowables = []
        for item in items:
            if item == ROW_FIGURE:
                flowables += [
                    blocks.figure(reference_row()),
                    blocks.gap(1),
                    blocks.para(ROW_CAPTION, "note"),
                ]
            else:
                flowables.append(item)
        story.append(blocks.section(heading, flowables))
    return Part(Header(TITLE, SUBTITLE), story, COMPONENT, columns=2)


def write_reference(target: Path, paper: Paper, seed: int | None, config=None) -> int:
    """Write the rules reference on one page of `paper` to the PDF `target` (saying the
    designed deck `config`'s Sprint values and events, when given); return its page count
    (1). DoesNotFit if even 7 pt needs a second page."""
    footer = Footer("Fugitive", COMPONENT, seed)
    return fit_document(
        target, paper, lambda blocks: [reference_part(blocks, config)], footer, REFERENCE_SIZES, 1
    )
