"""CutThroat!'s pages that flow: the rules for players, and the page that maps the game
onto a standard deck of cards.

The words are ours, written for the table from the rules as we play them
(docs/rules/cutthroat.md explains each choice; these pages teach). The numbers (markers,
extended plays, the sudden-death count) come from the published Rules and the suits from
cards.SUITS, so the pages cannot drift from the engine or the cards.
"""

from __future__ import annotations

from pathlib import Path

from generator.games.cutthroat.cards import NAMES, SUITS, TITLE
from generator.games.cutthroat.rules import MAX_PLAYERS, MIN_PLAYERS, PUBLISHED, RANKS, Rules
from generator.render.document import Blocks, Header, Part, TypeScale, fit_parts, write_document
from generator.render.layouts import Paper
from generator.render.pdf import Footer

RULES_COMPONENT = "rules"
DECK_COMPONENT = "standard deck"
RULES_SIZES = (10.0, 9.5, 9.0, 8.75, 8.5, 8.25, 8.0, 7.75, 7.5)
RULES_MAX_PAGES = 1
DECK_SIZES = (10.0, 9.5, 9.0, 8.5, 8.0)
MARK = "#f3d9a8"  # the table row of the kit's player count


def role_words(rules: Rules = PUBLISHED) -> dict[str, str]:
    """Return what each suit's cards are at the start, with the markers of `rules`."""
    return {
        "identity": "who you are: one is dealt face down to each player.",
        "enemy": "the character you want dead: one is dealt face down to each player. It "
        "may be your own.",
        "life": f"face up in the middle of the table, each with {rules.markers} life markers.",
        "heart": "beside its life card, until a mortal wound puts it in someone's hand.",
    }


# --- the rules -----------------------------------------------------------------------------

RULES_HEADER = Header(
    f"{TITLE}: the rules",
    f"A party game of hidden identities for {MIN_PLAYERS} to {MAX_PLAYERS} players. Each "
    "of you secretly is one character and secretly wants another dead; everyone takes life "
    "from everyone in the open. The last character standing wins.",
)


def variant_line(rules: Rules) -> str:
    """Return the line naming a designed variant's numbers beside the published ones."""
    parts = (
        f"{rules.markers} markers on each life card (published: {PUBLISHED.markers})",
        f"extended plays take {rules.extend} ({PUBLISHED.extend})",
        f"double extended plays take {rules.double} ({PUBLISHED.double})",
        f"sudden death with {rules.sudden_at} characters alive ({PUBLISHED.sudden_at})",
    )
    return "These rules are a designed variant's: " + "; ".join(parts) + "."


def rules_sections(rules: Rules = PUBLISHED) -> tuple[tuple[str, tuple], ...]:
    """Return the rules as (heading, items) sections with the numbers of `rules` (a
    variant's first section names them); an item is a bullet or a (lead, text) pair."""
    words = role_words(rules)
    suits = tuple((f"{s.role.title()} cards ({s.deck_suit}):", words[s.key]) for s in SUITS)
    markers = rules.markers
    extend, double = rules.plays()["extend"], rules.plays()["double"]
    variant = (("This variant", (variant_line(rules),)),) if rules != PUBLISHED else ()
    return variant + (
        ("What you need", (
            "The character cards of this kit, or a standard deck (see the deck page).",
            f"{markers} life markers for each character: coins, beads, buttons. Or the life "
            "track sheet and two paper clips for each character.",
            "A player aid card for each player.",
        )),
        ("The characters", (
            "With N players, the characters are the ranks Ace to the N-th: Ace, 2, 3 and so "
            "on to 10, then Jack, Queen, King. Each character has four cards:",
            *suits,
        )),
        ("Setting up", (
            "Shuffle the identity cards and deal one to each player, face down; then do the "
            "same with the enemy cards. Look at your two and keep them hidden.",
            f"Lay out the life cards face up with {markers} markers on each, and each heart "
            "card beside its life card.",
            "Choose who starts; the turn then passes to the left.",
        )),
        ("Your turn", (
            "First comes anything owed to you (hearts you hold, your enemy's bonus, below). "
            "Then you either Play or Guess.",
            ("Play.", "Take two markers off the life cards in play, from one card or two. "
             "Discard one and put the other back on any life card in play, even the one it "
             "came from."),
            ("Guess.", "Point at another player still in the game whose identity is hidden "
             "and name a living character not yet shown. They must answer truthfully. If "
             "you are wrong, your turn ends. If you are right, their identity card is shown "
             "to all, and you may make an extended play in which at least two of the "
             "markers you take come from that character, as long as its card has them (in "
             "any order)."),
            "A character shown face up can never be guessed again.",
        )),
        ("Extended plays", (
            f"Take {extend[0]} markers from life cards in play, discard one and put "
            f"{extend[1]} back wherever you like.",
            f"A double extended play: take {double[0]}, discard one, put {double[1]} back.",
            "Every play, of any size, leaves exactly one marker fewer in the game.",
            "Every extended play may be declined, but only before its first marker is taken.",
            "Fewer markers left than a play takes: take them all and put back one fewer.",
        )),
        ("The free pass", (
            "As soon as only two living characters (or fewer) still have their identity "
            "hidden, however the others were shown (right guesses or deaths), they are "
            "turned face up. From then on, nobody guesses.",
        )),
        ("Mortal wounds and hearts", (
            "If your play takes the last marker off a life card, that character is mortally "
            "wounded: take its heart card and keep it in front of you.",
            "At the start of your next turn, look at that life card. If somebody has put "
            "markers back on it, return the heart card beside it, and your turn is over.",
            "If it is still empty, the character dies, and you may make an extended play. If "
            "the dead character is your own enemy, it is a double extended play instead.",
        )),
        ("Your enemy", (
            "When your turn begins with your enemy's life card in play but empty, you may "
            "make an extended play before your Play. In a turn you do this, you cannot "
            "Guess. With your own character as your enemy, this can save your life.",
        )),
        ("Death", (
            "A dead character's player leaves the game and shows both hidden cards. That "
            "character's life card, its markers and its heart card leave the table. Any heart "
            "cards the player was holding go back beside their life cards.",
        )),
        ("Sudden death", (
            f"When only {rules.sudden_at} characters are left alive, every heart card "
            "leaves play, even those in hands. From then on a character dies when a play "
            "leaves its life card empty (at once, if its card is already empty).",
        )),
        ("Winning", (
            "The last character alive wins, and so does the player who is it.",
            "If a single play kills every character still standing, their players share "
            "the win.",
        )),
        ("Table rulings", (
            "Several hearts in hand: judge them one at a time, Ace first. Each death earns "
            "its own extended play; if any heart went back, your turn ends after them.",
            "A heart already in someone's hand stays there if its card is refilled and "
            "emptied again before that player's turn.",
            "If nobody has died for a very long time (players keep guessing wrong), agree "
            "to stop: everyone still alive shares the game.",
        )),
        ("Hints", (
            "Every marker you move tells the table something. Hurt your enemy a little and "
            "others a little too; help yourself only when nobody is watching your card.",
            "Keep track of who refills which cards: that is how identities give themselves "
            "away.",
        )),
    )  # fmt: skip


def rules_part(blocks: Blocks, rules: Rules = PUBLISHED) -> Part:
    """Return the rules with the numbers of `rules` as a two-column Part."""
    story = [blocks.section(heading, items) for heading, items in rules_sections(rules)]
    return Part(RULES_HEADER, story, RULES_COMPONENT, columns=2, divider=True)


def write_rules(target: Path, paper: Paper, seed: int | None, rules: Rules = PUBLISHED) -> int:
    """Write the rules with the numbers of `rules` to the PDF `target` on `paper`; return
    its page count."""
    footer = Footer(TITLE, RULES_COMPONENT, seed)
    parts = fit_parts(paper, lambda b: [rules_part(b, rules)], footer, RULES_SIZES, RULES_MAX_PAGES)
    return write_document(target, paper, parts, footer, TypeScale())


# --- the standard deck -----------------------------------------------------------------------

DECK_HEADER = Header(
    f"{TITLE} with a standard deck",
    "No need to print the character cards: one ordinary deck of 52 plays the whole game. "
    "Here is which card is which.",
)


def keep_line(players: int) -> str:
    """Return the ranks kept for `players` players: "Ace to 8", "Ace to Queen"."""
    return f"Ace to {NAMES[RANKS[players - 1]].title() if players > 10 else RANKS[players - 1]}"


def deck_part(blocks: Blocks, players: int | None = None, rules: Rules = PUBLISHED) -> Part:
    """Return the standard-deck page: which suit plays which role, and which ranks to keep
    (and how many markers, with the markers of `rules`) for each table size, the row for
    `players` marked."""
    words = role_words(rules)
    roles = [["Suit", "Plays", "At the start"]] + [
        [
            s.deck_suit.title(),
            f"{s.role.title()} cards",
            words[s.key][0].upper() + words[s.key][1:],
        ]
        for s in SUITS
    ]
    sizes = [["Players", "Keep in each suit", "Cards in play", "Markers"]]
    marked = None
    for count in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        if count == players:
            marked = len(sizes)
        label = f"{count} (this kit)" if count == players else str(count)
        sizes.append([label, keep_line(count), str(4 * count), str(rules.markers * count)])
    extra = [("BACKGROUND", (0, marked), (-1, marked), MARK)] if marked is not None else []
    which = (
        f"This kit was made for {players} players: the marked row."
        if players is not None
        else "Find your number of players in the first column."
    )
    story = [
        blocks.section("The four suits", [blocks.table(roles, [0.16, 0.2, 0.64])]),
        blocks.section("The cards to keep", [
            blocks.para(which),
            blocks.table(sizes, [0.16, 0.34, 0.25, 0.25], extra=extra),
        ]),
        blocks.section("Good to know", (
            "Each rank is one character, in all four suits: the Queen of diamonds is the "
            "Queen's identity, the Queen of clubs her life card.",
            "The jokers and the ranks you do not keep stay in the box.",
            "Deal the diamonds and the spades from two separate piles. Shuffle each well: "
            "nobody may see which identity or enemy goes where.",
            "Without markers, use the life track sheet: two paper clips on each track, tens "
            "and ones, moved as markers leave and return.",
        )),
    ]  # fmt: skip
    return Part(DECK_HEADER, story, DECK_COMPONENT)


def write_deck(
    target: Path,
    paper: Paper,
    seed: int | None,
    players: int | None = None,
    rules: Rules = PUBLISHED,
) -> int:
    """Write the standard-deck page (one page) to the PDF `target`; return its page count."""
    footer = Footer(TITLE, DECK_COMPONENT, seed)
    parts = fit_parts(paper, lambda b: [deck_part(b, players, rules)], footer, DECK_SIZES, 1)
    return write_document(target, paper, parts, footer, TypeScale())
