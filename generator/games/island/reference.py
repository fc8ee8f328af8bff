"""The island's pages that flow: the player aid (a half sheet with the Hunter's side on the
front and the Hunted's on the back, two aids to a sheet) and the rules in full, with an
example turn and the card list.

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
from generator.render.document import (
    Blocks,
    Header,
    Part,
    TypeScale,
    fit_parts,
    half_sheet,
    write_document,
    write_half_sheets,
)
from generator.render.layouts import Paper
from generator.render.pdf import Footer
from generator.render.svg import new_document
from generator.render.text import text_group

TITLE = "The Most Dangerous Game"
REFERENCE_COMPONENT = "player aids"
RULES_COMPONENT = "rules"
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


# --- the player aid: a half sheet, the Hunter's side and the Hunted's -----------------------

# The aid is what a player needs at hand: his turn, moving, seeing and the fight's odds. The
# decks are listed in the rules (cards_part); the aid names only what the other side's deck
# can spring on you. Each side fills one half sheet (A5 on A4, half-Letter on Letter) in
# the largest of AID_SIZES that fits; a sheet holds two aids, one above the other.
AID_SIZES = (9.0, 8.75, 8.5, 8.25, 8.0, 7.75, 7.5, 7.25, 7.0)
AID_HEADER_SCALE = TypeScale(body=8.0, title=15.0)  # the header of each side
AIDS_PER_SHEET = 2
SECTION_GAP = 1.5  # mm under each section: a card is set closer than a page of rules
SIDES = (HUNTER, HUNTED)  # the front of the aid, then its back
NARROW_FIGHTS = {"No card": "None", "Rifle and Dodge": "Both"}  # FIGHTS in a narrow cell


def seeing(side: str) -> tuple[str, ...]:
    """Return the aid's words on sight for `side`: who sees how far, how steps count and
    when everyone looks again."""
    hunter, hidden = ("You see", "a Hunted is") if side == HUNTER else ("A Hunter sees", "you are")
    return (
        f"{hunter} {rules.RANGE} steps around, {rules.ELEVATED_RANGE} from a yellow elevation "
        f"square; {hidden} seen only from {rules.NEAR_RANGE} steps or closer on a black hiding "
        "place or under Lie Low.",
        "Steps apart: columns plus rows, straight over anything.",
        "Everyone looks again after any token moves.",
    )


MOVING = (
    "Steps go up, down, left or right (not diagonally); you may turn back. Walk water, never "
    "the sea. A red boat sails you to the next one round the ring (never across): one step, "
    "once a turn."
)
DRAW = "Under 3 cards, draw up to 4; else draw 1."

HUNTER_SIDE = (
    (
        "What you want",
        (
            f"Catch the Hunted: {rules.CAPTURE_POINTS} points each. After three days "
            f"({3 * DAY} cycles on our board) the rest escape.",
        ),
    ),
    (
        "Your turn",
        (
            ("1. Draw.", DRAW),
            ("2. Move.", "Roll the d8; move exactly that many steps, in the open."),
            ("3. Action.", "Play any cards you like."),
            ("4. Combat.", "Attack the Hunted you see, or a Hunter."),
            ("Then", "discard down to 3 cards."),
        ),
    ),
    ("Moving", (MOVING,)),
    ("Seeing", seeing(HUNTER)),
    (
        "Fighting",
        (
            "In your combat, attack each Hunted you see, once each; and in his, a Hunted "
            "who ends his turn in your sight.",
            "Your d8 against his d6, cards added: the higher wins, a tie is his.",
            "ODDS",
            "A Net stops all his cards, Dodge too.",
        ),
    ),
    (
        "Captures and betrayal",
        (
            (
                "A capture:",
                f"you score {rules.CAPTURE_POINTS}. He hunts from a camp square from his next "
                "turn with 3 Hunter cards, keeping his points; his traps stay (and catch "
                "him too).",
            ),
            (
                "Betrayal:",
                "attack a Hunter in sight, once each. Both roll the d8, a Rifle adds to "
                "yours; the lower goes back to the camp, a tie does nothing. Nobody scores.",
            ),
        ),
    ),
    (
        "Trail and traps",
        (
            "From cycle 3 each Hunted starts his turn by showing where he stood two marks "
            "earlier: old news.",
            "Ending a move on a hidden trap's square or beside it springs it: Snare costs "
            "your next move, Deadfall sends you back to the camp.",
            "THEIRS",
        ),
    ),
)

HUNTED_SIDE = (
    (
        "What you want",
        (
            f"Stay free three days ({3 * DAY} cycles on our board): {rules.ESCAPE_POINTS} "
            f"points; {rules.LAST_SURVIVOR_POINTS} more to the last one free when all the "
            "others are caught. You never start a fight.",
            "Caught? Turn this aid over: you hunt from your next turn.",
        ),
    ),
    (
        "Your start",
        (
            "Before cycle 1, in turn order, pick a land square no Hunted before you took "
            "(they show you theirs), write 1 on it and show it to those after you.",
        ),
    ),
    (
        "Your turn",
        (
            ("1. Reveal.", "From cycle 3, set your token on your mark two below the cycle."),
            ("2. Draw.", DRAW),
            ("3. Move.", "Roll the d6; move exactly that many steps, in secret."),
            ("4. Action.", "Play any cards you like."),
            ("5. Combat.", "A Hunter who sees you may attack."),
            ("Then", "discard down to 3 cards; write your next number."),
        ),
    ),
    (
        "Your mini board",
        (
            "1 at your start; at the end of each of your turns, the next number on your "
            "square; T on a trap, crossed out once it springs. Never rub out.",
        ),
    ),
    ("Moving", (MOVING,)),
    (
        "Being seen",
        (
            *seeing(HUNTED)[:-1],
            f"{seeing(HUNTED)[-1]} Seen: put your token on your square; unseen, say nothing.",
        ),
    ),
    (
        "Fighting back",
        (
            "The Hunter's d8 against your d6, cards added: the higher wins, a tie is yours. "
            "Against a Net you play no card.",
            "ODDS",
        ),
    ),
    (
        "Traps",
        (
            "Lay one on your square; write T. It springs on a Hunter who ends a move on it or "
            "beside it, on you too once you are caught.",
            "THEIRS",
        ),
    ),
)


def odds_grid(side: str) -> list[list[str]]:
    """Return the odds table of `side` (odds_rows) turned on its side for the aid, with
    ties to the Hunted (the house option's odds are in the rules): a row of the cards
    played, then a row of the chances."""
    return [list(column) for column in zip(*odds_rows(side), strict=True)][:2]


def _aid_items(blocks: Blocks, side: str, items) -> list:
    out = []
    for item in items:
        if item == "ODDS":
            grid = odds_grid(side)
            grid[0] = [NARROW_FIGHTS.get(label, label) for label in grid[0]]
            out += [blocks.table(grid, (0.32, 0.17, 0.17, 0.17, 0.17)), blocks.gap(1)]
        elif item == "THEIRS":
            out.append(their_cards(side))
        else:
            out.append(item)
    return out


def their_cards(side: str) -> str:
    """Return what the other side's deck can spring on `side`: its instants and traps."""
    other = HUNTED if side == HUNTER else HUNTER
    instants, traps = _kinds(other, "instant"), _kinds(other, "trap")
    trap_word = "trap" if len(traps) == 1 else "traps"
    return (
        f"The {other.title()} deck's instants: {_names(instants)}; its {trap_word}: "
        f"{_names(traps)}."
    )


AID_HEADERS = {HUNTER: Header("You are the Hunter"), HUNTED: Header("You are Hunted")}


def aid_part(blocks: Blocks, side: str) -> Part:
    """Return one side of the player aid, the Hunter's or the Hunted's, as a two-column
    Part: each section a shaded heading with its items, never split between columns."""
    sections = HUNTER_SIDE if side == HUNTER else HUNTED_SIDE
    story = [
        blocks.keep(blocks.heading(heading), *blocks.items(_aid_items(blocks, side, items)),
                    blocks.gap(SECTION_GAP))
        for heading, items in sections
    ]  # fmt: skip
    return Part(AID_HEADERS[side], story, f"{side} aid", columns=2, divider=True)


def aid_parts(paper: Paper, seed: int | None) -> list[Part]:
    """Return the aid's two sides, the Hunter's then the Hunted's, each on one half sheet
    of `paper`, both in the largest of AID_SIZES at which each fits its half. DoesNotFit if
    one cannot."""
    footer = Footer(TITLE, REFERENCE_COMPONENT, seed)
    return fit_parts(half_sheet(paper), lambda blocks: [aid_part(blocks, side) for side in SIDES],
                     footer, AID_SIZES, len(SIDES), AID_HEADER_SCALE)  # fmt: skip


def aids_to_print(players: int) -> int:
    """Return how many copies of the aid sheet a table of `players` prints: an aid for
    each player, AIDS_PER_SHEET to a sheet."""
    return -(-players // AIDS_PER_SHEET)


def write_reference(target: Path, paper: Paper, seed: int | None) -> int:
    """Write the player aids to the PDF `target`: one sheet of `paper`, two-sided, holding
    two aids (one above the other, a cut line between): the Hunter's side on the front page,
    the Hunted's on the back, each behind its front. Returns its page count (2)."""
    footer = Footer(TITLE, REFERENCE_COMPONENT, seed)
    sheets = [(side,) * AIDS_PER_SHEET for side in range(len(SIDES))]  # half page `side`
    return write_half_sheets(target, paper, aid_parts(paper, seed), footer, AID_HEADER_SCALE,
                             sheets)  # fmt: skip


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
    "to 3 and the line of her turn's steps exist only on her mini board; the ring on mark "
    "2 is her token, shown by the reveal. The arrow is the Warden's next move."
)
WARDEN_COLOUR = "#8c2f1f"
MARA_COLOUR = "#2f6b4f"
SIGHT_TINT = "#f3dcd4"


def example_figure() -> str:
    """Return the example turn's drawing as SVG: the grid, the Warden's sight (squares
    within RANGE steps, class "sight"), Mara's marks with the reveal ring on mark 2, her
    path ending on the trap, and the Warden's two steps as an arrow."""
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
    # solid lines: dashes on a printed page mean cut or fold (render/print_rules)
    dwg.add(dwg.polyline(path, fill="none", stroke=MARA_COLOUR, stroke_width=0.4,
                         class_="path"))  # fmt: skip
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
    arrow.add(dwg.circle((x1, y1), cell * 0.36, fill="none", stroke_width=0.2))
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
