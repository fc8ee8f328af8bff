"""The rules reference card: the whole game on one page, in two columns, with an example
route map under the last section. It says what goes on the card; the document layer sets
it (the largest type that fits one page)."""

from generator.games.hunt.figures import legend_figure, mini_map_figure
from generator.games.hunt.maps import NO_ARROW, RouteMap
from generator.games.hunt.rules import ESCAPE_BONUS
from generator.render.document import Blocks, Header, Part

# A section is (heading, items); an item is a string, or (lead, text) with a bold lead-in.
REFERENCE = (
    (
        "In short",
        [
            "Two players, two rounds. Each round one player is the Dragon and the other the "
            "Knight; then the roles swap. The Dragon collects points, the Knight tries to keep "
            "his total low. Whoever scores more as the Dragon wins the game.",
        ],
    ),
    (
        "Before a round: the secret map",
        [
            "Five places: Town, Hills, Woods, Sea and the Lair.",
            "From each of Town, Hills, Woods and Sea the Dragon draws a Walk arrow and a Fly "
            "arrow, each to some other place. From the Lair he draws one Fly arrow only, and "
            "no Walk arrow may point into the Lair: 9 arrows in total.",
            "Loops (an arrow back to the place it leaves) are off unless both players agree "
            "to them before the round starts.",
            "The map stays hidden and unchanged until the round is over.",
        ],
    ),
    (
        "A turn, step by step",
        [
            ("1. Aide?", "On turns 3, 9 and 15 only, the Knight may call one aide not yet used."),
            (
                "2. Town?",
                "The Dragon tells whether he is in Town right now. He begins the hunt there, "
                "so turn 1 always counts.",
            ),
            (
                "3. Move.",
                "The Dragon says Walk or Fly, follows that arrow and notes his new place in "
                "secret. From the Lair he can only fly.",
            ),
            (
                "4. Search.",
                "The Knight names one place; the Dragon says whether he is there. If he is, "
                "that is an encounter.",
            ),
            ("5. Think.", "The Knight updates his log and his guesses about the map."),
        ],
    ),
    (
        "Three aides, once each",
        [
            ("Tracker:", "the Dragon tells where he stands, before this turn's move."),
            (
                "Militia:",
                "the Knight searches two different places this turn. If either finds the "
                "Dragon, he must say which one.",
            ),
            (
                "Wizard:",
                "the Knight picks two places; the Dragon shows every arrow joining them, "
                "whichever way it points, but not whether it is Walk or Fly.",
            ),
        ],
    ),
    (
        "When the hunt stops",
        [
            "Three encounters on three turns in a row vanquish the Dragon at once.",
            "Otherwise the hunt ends after turn 15, with one exception: an encounter on turn "
            "15 starts overtime. Turn 16, then 17, is played only while the turn before was "
            "an encounter. A miss ends the hunt; turn 17 is the last one possible.",
        ],
    ),
    (
        "The Dragon's points",
        [
            ("+1", "for every turn he starts in Town."),
            ("+1", "for every aide the Knight calls."),
            (f"+{ESCAPE_BONUS}", "if he is not vanquished."),
            "Note the total, swap roles, draw a fresh map and play the second round. The "
            "higher Dragon score wins.",
        ],
    ),
    (
        "Knight's hints",
        [
            "A 'yes' to Town tells you where the last move ended.",
            "The same place and the same word always lead to the same place.",
            "Print a map sheet and both logs for each round.",
        ],
    ),
)

EXAMPLE_MAP = RouteMap(walk=(1, 3, 0, 2, NO_ARROW), fly=(4, 2, 3, 0, 1))


TITLE = "The Hunt: quick reference"
SUBTITLE = "A Dragon hides, a Knight hunts him. 2 players."
SIZES = (10.5, 10.0, 9.5, 9.0, 8.5, 8.0)  # body sizes tried, largest first


def reference_part(blocks: Blocks) -> Part:
    """Return the reference card as a Part: the sections in two columns, then the example
    map (a figure with its legend), all in `blocks`' type."""
    story = [blocks.section(heading, items) for heading, items in REFERENCE]
    story.append(
        blocks.keep(
            blocks.heading("An example map"),
            blocks.figure(legend_figure(), width=48),
            blocks.gap(1),
            blocks.figure(mini_map_figure(EXAMPLE_MAP, radius=30.0, r=6.0, stretch=0.6)),
        )
    )
    return Part(Header(TITLE, SUBTITLE), story, "reference", columns=2, divider=True)
