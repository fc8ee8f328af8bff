"""The island's pages that flow: a reference card for each side (the Hunter's and the
Hunted's, one page each) and the rules in full, with an example turn and the card list.

The words are ours, written for players at the table from the rules as we play them
(docs/rules/island.md, which explains our choices; these pages only teach). The numbers
come from rules.py and cards.py, so the pages follow the engine. This module says what goes
on the pages; the document layer (generator/render/document/) sets them in the largest type
that fits.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from generator.games.island import rules
from generator.games.island.board import default_island
from generator.games.island.cards import DECKS, HUNTED, HUNTER, CardKind
from generator.games.island.faces import TYPE_LABELS
from generator.render.document import Blocks, Header, Part, TypeScale, fit_parts, write_document
from generator.render.layouts import Paper
from generator.render.pdf import Footer
from generator.render.svg import new_document
from generator.render.text import text_group

TITLE = "The Most Dangerous Game"
REFERENCE_COMPONENT = "reference cards"
RULES_COMPONENT = "rules"
REFERENCE_SIZES = (11.0, 10.5, 10.0, 9.5, 9.0, 8.75, 8.5, 8.25, 8.0, 7.5, 7.0)
RULES_SIZES = (9.5, 9.25, 9.0, 8.75, 8.5, 8.25, 8.0)
RULES_MAX_PAGES = 3  # two of rules, one of cards
DAY = default_island().day  # cycles in a day on the kit's board (each board states its own)


# --- numbers the pages quote ----------------------------------------------------------------


def hunter_wins(hunter_bonus: int = 0, hunted_bonus: int = 0, ties_to_hunter: bool = False):
    """Return the chance (a Fraction) that the Hunter's d8 plus `hunter_bonus` beats the
    Hunted's d6 plus `hunted_bonus`; ties count for the Hunter with `ties_to_hunter`."""
    wins = 0
    for hunter in range(1, rules.HUNTER_DIE + 1):
        for hunted in range(1, rules.HUNTED_DIE + 1):
            ours, theirs = hunter + hunter_bonus, hunted + hunted_bonus
            wins += ours > theirs or (ties_to_hunter and ours == theirs)
    return Fraction(wins, rules.HUNTER_DIE * rules.HUNTED_DIE)


def percent(chance: Fraction) -> str:
    """Return `chance` as a whole percentage, "56 %"."""
    return f"{round(100 * chance)} %"


# The fights in the odds tables: (what is played, Hunter's bonus, Hunted's bonus).
FIGHTS = (
    ("No card", 0, 0),
    ("Rifle", 2, 0),
    ("Dodge", 0, 2),
    ("Rifle and Dodge", 2, 2),
)


def odds_rows(side: str) -> list[list[str]]:
    """Return the odds table for `side` (HUNTER: his chance to capture; HUNTED: his chance
    to get away), as rows with a header: the cards played, then the chance with ties going
    to the Hunted (the usual rule) and to the Hunter (the house option)."""
    if side == HUNTER:
        rows = [["Cards played", "You capture", "Ties to Hunter"]]
    else:
        rows = [["Cards played", "You get away", "Ties to Hunter"]]
    for label, hunter_bonus, hunted_bonus in FIGHTS:
        usual = hunter_wins(hunter_bonus, hunted_bonus)
        option = hunter_wins(hunter_bonus, hunted_bonus, ties_to_hunter=True)
        if side == HUNTED:
            usual, option = 1 - usual, 1 - option
        rows.append([label, percent(usual), percent(option)])
    return rows


def deck_rows(deck: str, with_text: bool) -> list[list[str]]:
    """Return the card list of `deck` with a header: name, type, copies, and with
    `with_text` what the card does (its printed words)."""
    rows = [["Card", "Type", "Copies"] + (["What it does"] if with_text else [])]
    for kind in DECKS[deck]:
        row = [kind.name, TYPE_LABELS[kind.timing].title(), str(kind.count)]
        rows.append(row + ([kind.text] if with_text else []))
    return rows


def deck_size(deck: str) -> int:
    """Return how many cards `deck` holds."""
    return sum(kind.count for kind in DECKS[deck])


def _kinds(deck: str, timing: str) -> list[CardKind]:
    return [kind for kind in DECKS[deck] if kind.timing == timing]


def _names(kinds) -> str:
    names = [kind.name for kind in kinds]
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]


# --- the reference cards --------------------------------------------------------------------

SEEING = (
    f"A Hunter sees {rules.RANGE} steps around him, {rules.ELEVATED_RANGE} from a yellow "
    "elevation square.",
    f"A Hunted on a black hiding place, or under Lie Low, is seen only from "
    f"{rules.NEAR_RANGE} steps or closer.",
    "Count steps as columns apart plus rows apart, straight over water, trees and rock.",
    "Everyone looks again after any token moves.",
)

HUNTER_SECTIONS = (
    (
        "What you want",
        (
            f"Catch the Hunted: each capture scores {rules.CAPTURE_POINTS} points.",
            "After three days every Hunted still free escapes. A day is written on the "
            f"board ({DAY} cycles on ours), so the hunt lasts {3 * DAY} cycles.",
        ),
    ),
    (
        "Your turn",
        (
            ("1. Draw.", "Holding fewer than 3 cards, draw up to 4; otherwise draw 1."),
            ("2. Move.", "Roll the d8 and move exactly that many steps, in the open."),
            ("3. Action.", "Play as many cards from your hand as you like."),
            ("4. Combat.", "Attack the Hunted you can see, or another Hunter (betrayal)."),
            ("Then", "discard down to 3 cards."),
        ),
    ),
    (
        "Moving",
        (
            "A step goes to a square beside yours: up, down, left or right, never "
            "diagonally. You may turn and come back over a square.",
            "Water is walked like land; nobody walks into the sea.",
            "A red boat takes you to the next boat round the ring (not the one across "
            "the island) for one step, once in a turn, whether the step is your roll's or "
            "a card's.",
        ),
    ),
    ("Seeing", SEEING),
    (
        "Fighting",
        (
            "In your combat phase, attack each Hunted you see, one at a time, once each.",
            "When a Hunted ends his turn in your sight, you may also attack him then.",
            "You roll the d8, he rolls the d6, cards add to the rolls. Higher wins; a "
            "tie lets him slip away.",
            "ODDS",
            "A Net stops every card of the Hunted in that fight, Dodge included.",
        ),
    ),
    (
        "A capture",
        (
            f"You score {rules.CAPTURE_POINTS}. The Hunted joins the hunt: he throws away "
            "his cards, draws 3 Hunter cards, sets his token on a camp square and hunts "
            "from his next turn. His traps stay, and catch him too; he keeps his points.",
        ),
    ),
    (
        "Betrayal",
        (
            "In your combat phase you may attack a Hunter within your sight (each once). "
            "Both roll the d8, a Rifle adding to yours; the lower total goes back to the "
            "camp, a tie changes nothing. Nobody scores.",
        ),
    ),
    (
        "Their trail and their traps",
        (
            "From cycle 3 each Hunted starts his turn by setting his token where he stood "
            "two marks earlier: his start in cycle 3, the end of his cycle 1 turn in "
            "cycle 4, and so on. That square is old news.",
            "Hunted traps are hidden. Ending a move on a trap's square or on one of the "
            "four beside it springs it: Snare costs you your next move, Deadfall sends "
            "you back to the camp.",
        ),
    ),
    ("Your deck", ("DECK", "THEIRS")),
)

HUNTED_SECTIONS = (
    (
        "What you want",
        (
            f"Stay free for three days ({3 * DAY} cycles with our board's day of {DAY}): "
            f"escaping scores {rules.ESCAPE_POINTS} points.",
            f"The last survivor, the only Hunted left when the others are all caught, "
            f"scores {rules.LAST_SURVIVOR_POINTS} more.",
            "You never start a fight.",
        ),
    ),
    (
        "Before the first cycle",
        (
            "In turn order, pick a land square (not water) that no Hunted before you "
            "took: they show you their mini boards, away from the Hunter. Write 1 on it on "
            "your mini board and show it to the Hunted still to pick. Your token stays off "
            "the board.",
        ),
    ),
    (
        "Your turn",
        (
            (
                "1. Reveal.",
                "From cycle 3: set your token on your mark two below the cycle's number "
                "(mark 1 in cycle 3, mark 2 in cycle 4). Take it back when you move.",
            ),
            ("2. Draw.", "Holding fewer than 3 cards, draw up to 4; otherwise draw 1."),
            ("3. Move.", "Roll the d6 and move exactly that many steps, in secret."),
            ("4. Action.", "Play as many cards from your hand as you like."),
            ("5. Combat.", "A Hunter who sees you now may attack you."),
            ("Then", "discard down to 3 cards and write your next number."),
        ),
    ),
    (
        "Your mini board",
        (
            "1 where you start.",
            "At the end of each of your turns, the next number (2, 3, 4 ...) on the square "
            "you stand on. A card that moves you in someone else's turn writes nothing.",
            "T on the square of each trap you lay; cross it out once it has sprung.",
            "Never rub out old numbers: your trail reveals read them.",
        ),
    ),
    (
        "Moving",
        (
            "Steps go up, down, left or right, never diagonally; you may turn and come "
            "back. Water is fine, the sea is not. A red boat carries you to the next boat "
            "round the ring for one step, once in a turn, your roll and your cards' steps "
            "together.",
        ),
    ),
    ("Being seen", (*SEEING, "Seen: put your token on your square. Out of sight: say nothing.")),
    (
        "Fighting back",
        (
            "The Hunter rolls the d8, you the d6, cards add to the rolls. Higher wins; a "
            "tie is yours.",
            "ODDS",
            "If the Hunter plays a Net, you may play no card in that fight.",
            "Caught: you become a Hunter with his powers and 3 Hunter cards, from a camp "
            "square, and keep your points.",
        ),
    ),
    (
        "Traps",
        (
            "Lay one on your own square and write it on your mini board. It springs when "
            "a Hunter ends a move there or on one of the four squares beside it, and stays "
            "until then, even after you are caught (when it would catch you too).",
        ),
    ),
    ("Your deck", ("DECK", "THEIRS")),
)


def _odds_table(blocks: Blocks, side: str):
    return blocks.table(odds_rows(side), (0.42, 0.29, 0.29), style="cell-small")


def _deck_table(blocks: Blocks, deck: str):
    return blocks.table(deck_rows(deck, with_text=False), (0.5, 0.27, 0.23), style="cell-small")


def _section_items(blocks: Blocks, side: str, items) -> list:
    out = []
    for item in items:
        if item == "ODDS":
            out.append(_odds_table(blocks, side))
            out.append(blocks.gap(1))
        elif item == "DECK":
            out.append(_deck_table(blocks, side))
            out.append(blocks.gap(1))
            out.append(
                blocks.para(
                    f"{deck_size(side)} cards. Instants are played at the moment their text "
                    "names, even in another player's turn.",
                    "note",
                )
            )
        elif item == "THEIRS":
            out.append(blocks.para(their_cards(side), "note"))
        else:
            out.append(item)
    return out


def their_cards(side: str) -> str:
    """Return what the other side's deck can spring on `side`: its instants and traps."""
    other = HUNTED if side == HUNTER else HUNTER
    instants, traps = _kinds(other, "instant"), _kinds(other, "trap")
    return (
        f"The {other.title()} deck holds {_counted(instants, 'instant')} "
        f"({_names(instants)}) and {_counted(traps, 'trap')} ({_names(traps)})."
    )


def _counted(kinds: list, word: str) -> str:
    """Return "a trap" for one kind, "traps" for more."""
    return f"a {word}" if len(kinds) == 1 else f"{word}s"


REFERENCE_HEADERS = {
    HUNTER: Header(
        "The Hunter's reference card",
        f"{TITLE}. You move in the open, look around you and attack; the d8 is yours.",
    ),
    HUNTED: Header(
        "The Hunted's reference card",
        f"{TITLE}. You move in secret on your mini board and hide; the d6 is yours.",
    ),
}


def reference_part(blocks: Blocks, side: str) -> Part:
    """Return the reference card of `side` (HUNTER or HUNTED) as a two-column Part: each
    section a shaded heading with its items, never split between columns."""
    sections = HUNTER_SECTIONS if side == HUNTER else HUNTED_SECTIONS
    story = [
        blocks.section(heading, _section_items(blocks, side, items)) for heading, items in sections
    ]
    return Part(REFERENCE_HEADERS[side], story, f"{side} reference", columns=2, divider=True)


def reference_parts(paper: Paper, seed: int | None) -> list[Part]:
    """Return the two reference cards, the Hunter's then the Hunted's, each fitted to one
    page of `paper` in the largest type that allows it. DoesNotFit if one cannot."""
    footer = Footer(TITLE, REFERENCE_COMPONENT, seed)
    return [
        part
        for side in (HUNTER, HUNTED)
        for part in fit_parts(
            paper, lambda blocks, side=side: [reference_part(blocks, side)], footer,
            REFERENCE_SIZES, 1,
        )
    ]  # fmt: skip


def write_reference(target: Path, paper: Paper, seed: int | None) -> int:
    """Write the two reference cards (one page each: the Hunter's, then the Hunted's) to
    the PDF `target`; return its page count (2)."""
    footer = Footer(TITLE, REFERENCE_COMPONENT, seed)
    return write_document(target, paper, reference_parts(paper, seed), footer, TypeScale())


# --- the rules ------------------------------------------------------------------------------

RULES_HEADER = Header(
    f"{TITLE}: the rules",
    "Hide and seek on an island, for 4 to 7 players: one Hunter, the rest his quarry.",
)

RULES_SECTIONS = (
    (
        "The game in brief",
        (
            "One player hunts; the others are the Hunted. The Hunter walks the island in "
            "the open and sees what is near him. The Hunted walk it in secret, each "
            "writing his path on a mini board of his own, and are seen only when the "
            "Hunter comes close. A Hunted who is caught becomes a Hunter too.",
            "The Hunters score for captures, the Hunted for staying free for three days. "
            "The most points wins.",
        ),
    ),
    (
        "In the box",
        (
            "The board: the island on a square grid, columns lettered from the west, rows "
            "numbered from the north (F12 is column F, row 12).",
            "One mini board per Hunted, with a dry-erase marker or a pencil.",
            "Seven tokens: the Warden for the first Hunter and six castaways.",
            f"The Hunter deck ({deck_size(HUNTER)} cards) and the Hunted deck "
            f"({deck_size(HUNTED)} cards), with different backs.",
            "A six-sided die (d6) and an eight-sided die (d8).",
        ),
    ),
    (
        "The island",
        (
            "The land is split into six zones: the Jungle, the Meadow, Jungle 2, the "
            "Mountains, the Lagoon and the Cliff. The sea all round is out of bounds.",
            ("Water", "(blue) is crossed like any other land square."),
            ("The Hunter Camp", "is the 2 x 2 block with the fire, in the Meadow."),
            (
                "Elevation",
                f"(yellow) lets a Hunter see {rules.ELEVATED_RANGE} steps instead of "
                f"{rules.RANGE}. It does nothing for the Hunted.",
            ),
            (
                "Hiding places",
                f"(black) hide a Hunted from anyone more than {rules.NEAR_RANGE} steps "
                "away. They do nothing for a Hunter.",
            ),
            (
                "Boats",
                "(red): four, on the west, north, east and south shores. From one you may "
                "sail to either boat next to it round the ring (west to north or south, "
                "never west to east). Sailing is one step, for a roll or a card's steps "
                "alike, and no token sails twice in a turn, whoever's turn it is.",
            ),
            (
                "A day",
                f"is a number of cycles printed on the board ({DAY} on ours): the game "
                "lasts three days.",
            ),
        ),
    ),
    (
        "Steps",
        (
            "A move is made of steps, each to a square beside yours: up, down, left or "
            "right. You may change direction and pass a square twice.",
            "For sight, traps and cards, the distance between two squares is the columns "
            "between them plus the rows, counted straight across whatever lies between. "
            "A boat does not shorten it.",
        ),
    ),
    (
        "Setting up",
        (
            (
                "1.",
                "Everyone rolls the d6. The highest roll hunts; players tied for it roll "
                "again. The others are the Hunted.",
            ),
            (
                "2.",
                f"Shuffle the two decks apart. Deal {rules.START_CARDS} Hunter cards to the "
                f"Hunter and {rules.START_CARDS} Hunted cards to each Hunted, face down.",
            ),
            ("3.", "The Hunter puts the Warden on a camp square of his choice."),
            (
                "4.",
                "Going round from the Hunter's left, each Hunted picks a land square that "
                "is not water and writes 1 there on his mini board, keeping it from the "
                "Hunter. No two Hunted start on one square: each shows his 1 to the Hunted "
                "still to pick, who choose other squares. His token stays beside the board.",
            ),
        ),
    ),
    (
        "Cycles and turns",
        (
            "Play goes clockwise, starting with the Hunter. A cycle is one turn for every "
            "player, from the first Hunter round to him again; count the cycles from 1.",
            "A turn has five phases, in this order.",
            (
                "Reveal.",
                "Hunted only, from cycle 3: the Hunted sets his token on the square of "
                "his mark two below the cycle's number: mark 1, his start, in cycle 3; "
                "mark 2 in cycle 4; and so on. It shows where he was, not where he is, and "
                "comes off the board when he moves.",
            ),
            (
                "Draw.",
                f"With fewer than {rules.HAND_LIMIT} cards in hand, draw until you hold "
                f"{rules.DRAW_TO}; otherwise draw one. An empty deck is made again from "
                "its discards, shuffled.",
            ),
            (
                "Move.",
                f"The Hunter rolls the d{rules.HUNTER_DIE}, a Hunted the "
                f"d{rules.HUNTED_DIE}, and moves exactly that many steps. The Hunter "
                "moves his token for all to see; a Hunted traces his path on his mini "
                "board in silence.",
            ),
            ("Action.", "Play as many cards as you like, one after another."),
            ("Combat.", "The Hunters may attack (see Fighting)."),
            f"To end the turn, discard down to {rules.HAND_LIMIT} cards. A Hunted then "
            "writes his next number (2, then 3 ...) on the square where he stands: those "
            "numbers are his marks.",
        ),
    ),
    (
        "Seeing",
        (
            "Whenever any token moves, by a roll, a card or a trip back to the camp, the "
            "Hunters look around them.",
            f"A Hunter sees every Hunted within {rules.RANGE} steps, or within "
            f"{rules.ELEVATED_RANGE} when he stands on an elevation square. A Hunted on "
            f"a hiding place, or under Lie Low, is seen only within {rules.NEAR_RANGE}.",
            "A Hunted who is seen puts his token on his square at once. One who is not "
            "seen keeps quiet, and everyone may read that silence: he is out of every "
            "Hunter's sight.",
        ),
    ),
    (
        "Fighting",
        (
            "A Hunted never attacks. A Hunter may attack a Hunted he sees at two moments:",
            "in his own combat phase: every Hunted he sees, one at a time, each once;",
            "in a Hunted's combat phase, if that Hunted ends his turn in his sight: each "
            "Hunter who sees him, once, starting with the first Hunter.",
            f"The Hunter rolls the d{rules.HUNTER_DIE} and the Hunted the "
            f"d{rules.HUNTED_DIE}; Rifle and Dodge add to them. The higher total wins, and "
            f"a tie goes to the Hunted. Without cards a Hunter wins "
            f"{percent(hunter_wins())} of his fights.",
            (
                "Capture.",
                f"A beaten Hunted is caught and the Hunter scores {rules.CAPTURE_POINTS}. "
                "The caught player changes sides at once: he discards his Hunted cards, "
                "draws 3 Hunter cards, puts his token on a camp square and, from his next "
                "turn, plays as a Hunter to the end (the d8, the range, the attacks). His "
                "traps stay until a Hunter springs them, and he is a Hunter too; his points "
                "stay his.",
            ),
            (
                "Betrayal.",
                "With two Hunters or more, a Hunter may use his combat phase to attack "
                "another Hunter within his sight, once each. Both roll the d8, and the "
                "attacker may add a Rifle. The lower total goes back to a camp square of his "
                "choice; on a tie nothing happens. Nobody scores for it.",
            ),
        ),
    ),
    (
        "Cards",
        (
            "Cards are played in your action phase, except Instants: each is played at "
            "the moment its text names, in your turn or someone else's. If you let that "
            "moment pass, say nothing. Played cards go to their deck's discard pile.",
            f"Traps ({_names(_kinds(HUNTED, 'trap'))} for the Hunted, "
            f"{_names(_kinds(HUNTER, 'trap'))} for the Hunter) are laid on a square and the "
            "card is discarded; the trap waits until it catches someone, even after the "
            "Hunted who laid it is caught. A Hunted's trap is written on his mini board, "
            "where only he can see it; a Hunter's is put on the board for all to see.",
            "A trap springs on a token of the other side that ends a move on its square "
            "or on one of the four squares beside it.",
        ),
    ),
    (
        "The end",
        (
            "The game ends when no Hunted is left free, or after three days: at the end "
            f"of cycle {3 * DAY} on our board (three times its day), every Hunted still "
            "on the island escapes.",
            (
                "Points.",
                f"{rules.CAPTURE_POINTS} to a Hunter for each capture he makes; "
                f"{rules.ESCAPE_POINTS} to each Hunted who escapes. If only one Hunted "
                "escapes and all the others were caught, he is the last survivor and "
                f"scores {rules.LAST_SURVIVOR_POINTS} more. The most points wins; equal "
                "points share the win.",
            ),
        ),
    ),
    (
        "What is open and what is secret",
        (
            "Open to all: the Hunters' tokens, every roll, every card played and whom or "
            "where it names (but not the square of a Hunted's trap), who is seen and who "
            "stays silent, trail reveals, traps that spring, the scores and how many "
            "cards each player holds.",
            "Secret: each Hunted's path, his hand and his traps, and the starts shown to him. "
            "The Hunter's hand is secret too.",
        ),
    ),
    (
        "House options",
        (
            "Agree on these before the game if you like.",
            (
                "Square sight:",
                "a Hunter sees a square area (the larger of the column and "
                "row gaps counts) instead of a diamond.",
            ),  # fmt: skip
            ("Up to:", "a player may stop before using his whole roll."),
            ("Ties:", "a tie in a fight goes to the Hunter, or both roll again."),
        ),
    ),
)

# The example turn happens on a stretch of island drawn as a plain grid (EXAMPLE_COLUMNS x
# EXAMPLE_ROWS squares, (column, row) from the top left), so that it never depends on the
# board's layout. Its numbers are computed from these squares, the figure drawn from them.
EXAMPLE_COLUMNS, EXAMPLE_ROWS = 20, 13
WARDEN, WARDEN_AFTER = (6, 6), (8, 6)  # where the Warden stands, and after his 2 steps
MARA_MARKS = ((18, 2), (17, 5), (15, 8))  # marks 1, 2 and 3: the start, cycles 1 and 2
MARA_STEPS = ((14, 8), (13, 8), (12, 8), (12, 7))  # her 4 steps in cycle 4
EXAMPLE_CELL = 4.2  # mm


def steps_between(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Return the distance in steps between two squares: columns apart plus rows apart."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def example_items() -> tuple:
    """Return the example turn's items (plain text and (lead, text) pairs): Mara's turn in
    cycle 4 and the Warden's reply, with the distances taken from the figure's squares."""
    here, end = MARA_MARKS[-1], MARA_STEPS[-1]
    roll = len(MARA_STEPS)
    gone = steps_between(end, WARDEN)
    after = steps_between(end, WARDEN_AFTER)
    moved = steps_between(WARDEN, WARDEN_AFTER)
    return (
        "Cycle 4. Mara is Hunted; her mini board shows 1 where she started, 2 and 3 where "
        "her first two turns ended. The Warden, the only Hunter, stands "
        f"{steps_between(here, WARDEN)} steps from her: out of his sight of {rules.RANGE}.",
        (
            "Reveal.",
            "It is cycle 4, so Mara shows mark 2: she sets her token on that square, "
            f"{steps_between(MARA_MARKS[1], here)} steps from where she really is.",
        ),
        (
            "Draw.",
            "She holds Sprint, Snare and Dodge: three cards, so she draws one, a Camouflage.",
        ),  # fmt: skip
        (
            "Move.",
            f"She rolls a {roll}, takes her token off the board and walks {roll} steps, "
            f"tracing them on her mini board. She stops {gone} steps from the Warden, out "
            "of his sight, so she says nothing.",
        ),
        (
            "Action.",
            "She lays the Snare on her square and writes T there. Sprint would take her 2 "
            "steps further, but she keeps it for later.",
        ),
        (
            "Combat.",
            "Nobody sees her, so nobody may attack. She keeps 3 cards (Sprint, Dodge, "
            f"Camouflage), the most allowed, and writes {len(MARA_MARKS) + 1} on her square.",
        ),
        (
            "The Warden's turn.",
            f"He rolls a {moved} and walks to {after} steps from her: inside his "
            f"{rules.RANGE}. Mara plays Camouflage and stays unseen. Had he stopped on her "
            "square or beside it, the Snare would have cost him his next move.",
        ),
    )


EXAMPLE_CAPTION = (
    "The shaded diamond is what the Warden (W) sees from where he stands. Mara's marks 1 "
    "to 3 and the dashed steps of her turn exist only on her mini board; the ring on mark "
    "2 is her token, shown by the reveal. The arrow is the Warden's next move."
)
WARDEN_COLOUR = "#8c2f1f"
MARA_COLOUR = "#2f6b4f"
SIGHT_TINT = "#f3dcd4"


def example_figure() -> str:
    """Return the example turn's drawing as SVG: the grid, the Warden's sight (squares
    within RANGE steps, class "sight"), Mara's marks with the reveal ring on mark 2, her
    dashed path ending on the trap, and the Warden's two steps as an arrow."""
    cell = EXAMPLE_CELL
    width, height = EXAMPLE_COLUMNS * cell, EXAMPLE_ROWS * cell
    dwg = new_document(width + 0.6, height + 0.6, (-0.3, -0.3))

    def centre(square):
        return (square[0] + 0.5) * cell, (square[1] + 0.5) * cell

    def label(parent, text, square, colour, size=7.0):
        x, y = square[0] * cell, square[1] * cell
        group, _ = text_group(text, x, y, cell, cell, size, bold=True, align="center",
                              valign="middle", fill=colour)  # fmt: skip
        parent.add(group)

    dwg.add(dwg.rect((0, 0), (width, height), fill="#ffffff"))
    sight = dwg.g(class_="sight", fill=SIGHT_TINT)
    for column in range(EXAMPLE_COLUMNS):
        for row in range(EXAMPLE_ROWS):
            if steps_between((column, row), WARDEN) <= rules.RANGE:
                sight.add(dwg.rect((column * cell, row * cell), (cell, cell)))
    dwg.add(sight)
    grid = dwg.g(stroke="#9aa3a0", stroke_width=0.15)
    for column in range(EXAMPLE_COLUMNS + 1):
        grid.add(dwg.line((column * cell, 0), (column * cell, height)))
    for row in range(EXAMPLE_ROWS + 1):
        grid.add(dwg.line((0, row * cell), (width, row * cell)))
    dwg.add(grid)
    dwg.add(dwg.rect((0, 0), (width, height), fill="none", stroke="#1f1f1f", stroke_width=0.4))
    path = [centre(square) for square in (MARA_MARKS[-1], *MARA_STEPS)]
    dwg.add(dwg.polyline(path, fill="none", stroke=MARA_COLOUR, stroke_width=0.5,
                         stroke_dasharray="1.2 0.8", class_="path"))  # fmt: skip
    marks = dwg.g(class_="marks")
    for number, square in enumerate((*MARA_MARKS, MARA_STEPS[-1]), 1):
        disc = dwg.g(class_="mark")
        disc.add(dwg.circle(centre(square), cell * 0.46, fill="#ffffff", stroke=MARA_COLOUR,
                            stroke_width=0.3))  # fmt: skip
        label(disc, str(number), square, MARA_COLOUR)
        marks.add(disc)
    dwg.add(marks)
    dwg.add(dwg.circle(centre(MARA_MARKS[1]), cell * 0.62, fill="none", stroke=MARA_COLOUR,
                       stroke_width=0.6, class_="reveal"))  # fmt: skip
    trap = dwg.g(class_="trap")
    label(trap, "T", (MARA_STEPS[-1][0] + 0.62, MARA_STEPS[-1][1] - 0.55), MARA_COLOUR, 8.0)
    dwg.add(trap)
    (x0, y0), (x1, y1) = centre(WARDEN), centre(WARDEN_AFTER)
    arrow = dwg.g(class_="warden-move", stroke=WARDEN_COLOUR, fill=WARDEN_COLOUR)
    arrow.add(dwg.line((x0 + cell * 0.45, y0), (x1 - cell * 0.55, y1), stroke_width=0.5))
    arrow.add(dwg.path(d=f"M{x1 - cell * 0.3} {y1} l-1.4 -0.9 v1.8 Z", stroke="none"))
    arrow.add(dwg.circle((x1, y1), cell * 0.36, fill="none", stroke_width=0.3,
                         stroke_dasharray="0.8 0.6"))  # fmt: skip
    dwg.add(arrow)
    warden = dwg.g(class_="warden")
    warden.add(dwg.circle((x0, y0), cell * 0.42, fill=WARDEN_COLOUR))
    label(warden, "W", WARDEN, "#ffffff")
    dwg.add(warden)
    return dwg.tostring()


CARDS_HEADER = Header(
    f"{TITLE}: the cards",
    "Every card of both decks. Each card also names its deck, its type and how many copies "
    "its deck holds.",
)
CARDS_NOTE = (
    "Actions are played in your action phase. Instants are played at the moment their "
    "words name, even in another player's turn. Traps are laid in your action phase and "
    "stay on the island until they catch someone."
)


def cards_part(blocks: Blocks) -> Part:
    """Return the card list: one full-width table per deck (card, type, copies, what it
    does), the Hunter deck first."""
    story = [blocks.para(CARDS_NOTE), blocks.gap(2)]
    for deck in (HUNTER, HUNTED):
        title = f"The {deck.title()} deck: {deck_size(deck)} cards"
        table = blocks.table(deck_rows(deck, with_text=True), (0.2, 0.1, 0.09, 0.61))
        story += [blocks.keep(blocks.heading(title), table), blocks.gap(4)]
    return Part(CARDS_HEADER, story, RULES_COMPONENT)


def rules_part(blocks: Blocks) -> Part:
    """Return the rules as a two-column Part: the sections (each kept in one column) and
    the example turn with its figure."""
    story = [blocks.section(heading, items) for heading, items in RULES_SECTIONS]
    figure = [blocks.figure(example_figure()), blocks.gap(1), blocks.para(EXAMPLE_CAPTION,
              "note")]  # fmt: skip
    story += blocks.section(EXAMPLE_HEADING, [*figure, *example_items()], keep=False)
    return Part(RULES_HEADER, story, RULES_COMPONENT, columns=2, divider=True)


EXAMPLE_HEADING = "An example of a turn"


def rules_parts(paper: Paper, seed: int | None) -> list[Part]:
    """Return the rules pages for `paper`: the rules (rules_part) then the card list
    (cards_part, its own page), in the largest type (RULES_SIZES) that keeps them within
    RULES_MAX_PAGES pages. DoesNotFit if even the smallest cannot."""
    footer = Footer(TITLE, RULES_COMPONENT, seed)
    return fit_parts(paper, lambda blocks: [rules_part(blocks), cards_part(blocks)], footer,
                     RULES_SIZES, RULES_MAX_PAGES)  # fmt: skip


def write_rules(target: Path, paper: Paper, seed: int | None) -> int:
    """Write the rules and the card list to the PDF `target` on `paper`; return its page
    count."""
    footer = Footer(TITLE, RULES_COMPONENT, seed)
    return write_document(target, paper, rules_parts(paper, seed), footer, TypeScale())


# --- the card list for readers (docs/rules/island-cards.md) ---------------------------------

CARDS_DOC_INTRO = (
    "# The Most Dangerous Game: the cards",
    "",
    "The seed text names a Hunter deck and a Hunted deck but prints no card, so both decks",
    "are our own design. This page lists them as `cards.py` defines them and as the kit",
    "prints them (`generator/games/island/faces.py`); the effects are applied by `rules.py`,",
    "and the rules they belong to are in [island.md](island.md). The slug is the card's name",
    "in the game notation ([formats.md](../formats.md)).",
    "",
    "- **Action**: played in its owner's action phase.",
    "- **Instant**: played at the one moment its text names, in any player's turn.",
    "- **Trap**: played in the action phase to lay a trap; the card is discarded and the",
    "  trap stays until it catches someone.",
    "",
    "This file is generated: after changing `cards.py`, write it again with",
    "`.venv/bin/python -m generator.games.island.reference > docs/rules/island-cards.md`",
    "(a test compares the two).",
)


def cards_markdown() -> str:
    """Return docs/rules/island-cards.md: an introduction, then each deck as a table
    (card, slug, type, copies, text) with its total."""
    lines = list(CARDS_DOC_INTRO)
    for deck in (HUNTER, HUNTED):
        lines += [
            "",
            f"## The {deck.title()} deck ({deck_size(deck)} cards, {len(DECKS[deck])} kinds)",
            "",
            "| Card | Slug | Type | Copies | Text |",
            "|---|---|---|---|---|",
        ]
        for kind in DECKS[deck]:
            timing = TYPE_LABELS[kind.timing].title()
            lines.append(f"| {kind.name} | `{kind.slug}` | {timing} | {kind.count} | {kind.text} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(cards_markdown(), end="")
