"""Parforcejagd's pages that flow: the reference card (the moves, each with a small
diagram, the order of play, the pond and the ends) and the rules for players.

The words are ours, written for the table from the rules as we play them
(docs/rules/parforce.md explains the choices; these pages teach). Every diagram is a
position set up on the kit's board (the default board, or a designed one: `examples_for`
then finds each example's squares on it) with the engine, and the squares it marks are the
engine's own legal moves, so the pages cannot drift from the rules.
"""

from __future__ import annotations

from pathlib import Path

from generator.games.parforce.board import HuntingBoard, default_board
from generator.games.parforce.figures import board_svg
from generator.games.parforce.rules import (
    BET,
    CROSS,
    DEFAULT_ROUNDS,
    LAND,
    PIECES,
    POND_FEE,
    ParforceState,
)
from generator.render.document import Blocks, Header, Part, TypeScale, fit_parts, write_document
from generator.render.layouts import Paper
from generator.render.pdf import Footer

TITLE = "Parforcejagd"
REFERENCE_COMPONENT = "reference card"
RULES_COMPONENT = "rules"
REFERENCE_SIZES = (9.5, 9.0, 8.5, 8.0, 7.5, 7.0)
RULES_SIZES = (10.0, 9.5, 9.0, 8.75, 8.5, 8.25, 8.0, 7.75, 7.5)
RULES_MAX_PAGES = 1
DIAGRAM_CELL = 6.0  # mm: the reference card's small boards
RULES_CELL = 7.5  # mm: the rules' start position, where the start letters read beside the pieces


# --- the diagrams --------------------------------------------------------------------------


def example(
    squares: dict[str, str], turn: str, mode: str = LAND, board: HuntingBoard | None = None
) -> tuple[str, list[int]]:
    """Return a diagram of `board` (the default board) with the pieces of `squares` drawn,
    `turn` to move, and that piece's legal moves marked (its SVG, the squares). The pieces
    not named stand, undrawn, where they cannot touch the moving piece's lines."""
    board = board or default_board()
    tables = board.tables
    state = ParforceState(board)
    placed = {PIECES.index(p): board.parse(s) for p, s in squares.items()}
    mover = placed[PIECES.index(turn)]
    near = set(tables.knight_any[mover]) | set(tables.king[mover])
    for lines in (tables.hound_lines[mover], tables.rider_lines[mover]):
        near |= {s for line in lines for s in line}
    taken = set(placed.values())
    spare = [s for s in range(board.cells) if board.is_land(s) and s not in near | taken]
    spare += [s for s in range(board.cells) if board.is_land(s) and s in near - taken]
    spare_squares = iter(spare)  # a small board may have to seat some within reach
    for piece in range(len(PIECES)):
        state.pos[piece] = placed[piece] if piece in placed else next(spare_squares)
    state.arrange({}, turn, mode)
    moves = [m for m in state.legal_actions() if m >= 0]
    svg = board_svg(board, DIAGRAM_CELL, pieces=squares, highlight=moves, starts=False,
                    coordinates=False)  # fmt: skip
    return svg, moves


EXAMPLES = (
    (
        "The stag",
        {"S": "c8"},
        "S",
        LAND,
        "One knight move that runs forward round the pond, onto free land.",
    ),
    (
        "A hound",
        {"H1": "g3", "R2": "f3", "H2": "g6"},
        "H1",
        LAND,
        "One to three squares along its line, forward or back with the hunt; over riders "
        "and the handler, never over the stag or a hound.",
    ),
    (
        "A rider",
        {"R1": "c2", "H3": "a4"},
        "R1",
        LAND,
        "Any distance along a diagonal that runs forward; hounds, the stag and the handler "
        "stop it.",
    ),
    (
        "The handler",
        {"K": "e1", "H4": "f2"},
        "K",
        LAND,
        "One step in any direction, backward too, onto free land.",
    ),
    (
        "Into the pond",
        {"S": "e8", "R1": "g9", "H1": "g7"},
        "S",
        LAND,
        f"Only with no land move, by a forward knight move: the stag pays {POND_FEE} tokens "
        "to each piece in its way and swims; pursuers may follow.",
    ),
    (
        "The crossing",
        {"S": "d3", "H1": "e9"},
        "S",
        CROSS,
        "With c held, the stag may jump into the pond and cross by knight moves in any "
        "direction to the square opposite c; nobody follows it into the water.",
    ),
)


def examples_for(board: HuntingBoard) -> tuple:
    """Return EXAMPLES for `board`: the default board's own, else the same six examples
    set on `board`: each piece on a start square of its own kind (the first from which it
    has a move), the stag forced into the pond from the
    first land square (row by row from a1) whose forward knight squares hold pond and at
    most four land squares (pursuers stand on those), and the crossing from the first land
    square with a knight move into the pond while a hound holds c. An example the board
    cannot show is left out."""
    if board == default_board():
        return EXAMPLES
    tables, name = board.tables, board.name
    captions = {title: (turn, mode, caption) for title, _, turn, mode, caption in EXAMPLES}

    def moving(piece: str, starts) -> dict[str, str]:
        # the first start square (by index) from which the piece has a move to show
        for square in starts:
            if example({piece: name(square)}, piece, LAND, board)[1]:
                return {piece: name(square)}
        return {piece: name(starts[0])}

    chosen = {
        "The stag": {"S": name(board.stag)},
        "A hound": moving("H1", board.hounds),
        "A rider": moving("R1", board.riders),
        "The handler": {"K": name(board.handler)},
    }
    land = [s for s in range(board.cells) if board.is_land(s) and s != board.stag]
    blockers = ("R1", "H1", "R2", "H2")
    for square in land:
        ahead = tables.knight_forward[square]
        dry = [s for s in ahead if board.is_land(s)]
        wet = [s for s in ahead if s in board.pond]
        if wet and 1 <= len(dry) <= len(blockers) and board.stag not in dry:
            chosen["Into the pond"] = {"S": name(square)} | {
                piece: name(s) for piece, s in zip(blockers, dry, strict=False)
            }
            break
    for square in land:
        if any(s in board.pond for s in tables.knight_any[square]):
            chosen["The crossing"] = {"S": name(square), "H1": name(board.stag)}
            break
    return tuple(
        (title, chosen[title], *captions[title][:2], captions[title][2])
        for title, *_ in EXAMPLES
        if title in chosen
    )


# --- the reference card --------------------------------------------------------------------

REFERENCE_HEADER = Header(
    f"{TITLE}: the moves at a glance",
    "Each small board shows one piece and, marked, every square it may move to. The blue "
    "arrows show the hunt's way round the pond: forward is that way.",
)
ORDER = (
    "Each round: the stag, then hounds 1, 2, 3, 4, then the handler, then riders 1, 2, 3, 4.",
    "Nobody ends a move on another piece, in a thicket or off the board. A pursuer that "
    "cannot move passes; every other piece must move.",
)
POND = (
    "While the stag swims it moves one step in any direction; pursuers may step into the "
    "water beside it and swim one step at a time too. Back on land, everyone moves as usual.",
    "Crossing is different: with c held the stag may jump into the pond like a knight, in "
    "any direction, and goes on jumping; no pursuer may enter the pond, one already in it "
    "may only step out. A stag forced in while c is held crosses and pays the fees.",
)
TOKENS = (
    f"Everyone bets {BET} tokens. Pond fees go from the stag's player to the players of the "
    "pieces that blocked it.",
)
ENDS = (
    "The stag wins the pot when it lands on c again (its start), or, crossing, on the "
    "square opposite c.",
    "The pursuers win when the stag cannot move: the pieces on the squares it could have "
    "moved to share the pot.",
    f"After {DEFAULT_ROUNDS} rounds with no winner the bets go back (fees stay paid).",
)


def reference_part(blocks: Blocks, board: HuntingBoard | None = None) -> Part:
    """Return the reference card of `board` (the default board): the six diagrams three by
    three with their captions, then the order of play and the ends."""
    board = board or default_board()
    cells, rows = [], []
    shown = examples_for(board)
    for index, (title, squares, turn, mode, caption) in enumerate(shown):
        svg, _ = example(squares, turn, mode, board)
        cells.append([blocks.figure(svg), blocks.lead(f"{title}.", caption, "note")])
        if len(cells) < 3 and index == len(shown) - 1:
            cells += [""] * (3 - len(cells))
        if len(cells) == 3:
            spaced = [cells[0], "", cells[1], "", cells[2]]
            rows.append(blocks.beside(spaced, ["31%", "3.5%", "31%", "3.5%", "31%"]))
            rows.append(blocks.gap(2))
            cells = []
    story = [*rows, blocks.section("Order of play", ORDER), blocks.section("The pond", POND),
             blocks.section("The end", ENDS), blocks.section("Tokens", TOKENS)]  # fmt: skip
    return Part(REFERENCE_HEADER, story, REFERENCE_COMPONENT)


def write_reference(
    target: Path, paper: Paper, seed: int | None, board: HuntingBoard | None = None
) -> int:
    """Write the reference card of `board` (the default board; one page) to the PDF
    `target`; return its page count."""
    footer = Footer(TITLE, REFERENCE_COMPONENT, seed)
    parts = fit_parts(paper, lambda b: [reference_part(b, board)], footer, REFERENCE_SIZES, 1)
    return write_document(target, paper, parts, footer, TypeScale())


# --- the rules -----------------------------------------------------------------------------

RULES_HEADER = Header(
    f"{TITLE}: the rules",
    "A stag runs laps round a pond; four hounds, four riders and their dog handler try to "
    "pen it in. For 2 to 10 players; nothing is hidden and no dice are rolled.",
)
RULES_SECTIONS = (
    (
        "What you need",
        (
            "The board, the ten piece tokens and the pot tokens from this kit.",
            "One player takes the stag. The others share the nine pursuers: deal them round "
            "in the order of play (hound 1 to the first pursuer player, hound 2 to the next, "
            "and so on). With ten players each has one piece.",
            f"Everyone puts {BET} tokens in the pot (the pot must split by 6 and by 8; any "
            "multiple of 24 a player will do).",
        ),
    ),
    (
        "Setting up",
        (
            "The stag starts on c, the hounds on the four a squares (hound 1 on the one "
            "furthest south-west, then along each row), the riders likewise on the b "
            "squares, the handler on k.",
            "Forward means the way the arrows in the pond point. Every square has a forward "
            "and a backward direction round the pond.",
        ),
    ),
    (
        "Moving",
        (
            "The stag: one knight move (two squares one way, one square across) that takes "
            "it forward round the pond, onto a free land square.",
            "Hounds: one, two or three squares in a straight line, forward or back along the "
            "hunt. They run over riders and the handler but never over the stag or another "
            "hound, and stop at the pond, a thicket or the edge.",
            "Riders: any distance along a diagonal that leads forward. A hound, the stag or "
            "the handler in the way stops them; they may ride over another rider.",
            "The handler: one step to any free land square around him, backward too.",
            "Nobody may end a move on an occupied square, in a thicket or in the pond "
            "(unless swimming, below). A pursuer with no move passes.",
        ),
    ),
    (
        "The pond",
        (
            "The stag may go into the pond only when it has no forward move on land. It then "
            "makes a forward knight move onto a free pond square (no other way in; with "
            f"none, it is penned) and pays {POND_FEE} tokens to each piece standing on a "
            "square it could otherwise have run to. With c held that jump starts a crossing "
            "(below) instead of a swim.",
            "In the pond the stag swims one step at a time in any direction. Any pursuer may "
            "follow by stepping into the pond beside it; while in the water a pursuer also "
            "swims one step at a time. Back on land, everyone moves as usual again.",
        ),
    ),
    (
        "Winning",
        (
            "The stag wins the whole pot when it comes back to c.",
            "If a pursuer stands on c, the stag may instead cross the pond: it jumps into the "
            "water with a knight move in any direction (free while it still has a move on "
            "land; forced in, it pays the fees as above), then makes knight moves in any "
            "direction, over water and land, and wins when it reaches the square opposite "
            "c. No pursuer may enter the pond during a crossing.",
            "The pursuers win as soon as the stag cannot move, whether on land or in the "
            "pond. The pieces on the squares it could have moved to share the pot equally, "
            "and their players take those shares; what does not divide stays for next time.",
            f"If nobody has won after {DEFAULT_ROUNDS} rounds, everyone takes back their bet.",
        ),
    ),
    (
        "Tips",
        (
            "Pursuers: get ahead of the stag rather than behind it, and close the squares it "
            "will need two moves from now. A stag with a forward knight move into free water "
            "cannot be penned, so pen it in where its forward jumps all land on land.",
            "Stag: count your knight moves home, and keep two ways forward open.",
        ),
    ),
)


def rules_part(blocks: Blocks, board: HuntingBoard | None = None) -> Part:
    """Return the rules as a two-column Part, with the start position of `board` (the
    default board) drawn."""
    designed = board is not None and board != default_board()
    board = board or default_board()
    pieces = dict(zip(PIECES, board.starts(), strict=True))
    figure = blocks.figure(board_svg(board, RULES_CELL * 9 / max(9, board.size), pieces=pieces))
    whose = "This kit's designed" if designed else "The default"
    caption = blocks.para(
        f"{whose} board at the start. Letters mark the start squares: c the stag, a the hounds, b "
        "the riders, k the handler.",
        "note",
    )
    story = [blocks.keep(figure, blocks.gap(1), caption), blocks.gap(3)]
    story += [blocks.section(heading, items) for heading, items in RULES_SECTIONS]
    return Part(RULES_HEADER, story, RULES_COMPONENT, columns=2, divider=True)


def write_rules(
    target: Path, paper: Paper, seed: int | None, board: HuntingBoard | None = None
) -> int:
    """Write the rules (the start position of `board`, the default board) to the PDF
    `target` on `paper`; return its page count."""
    footer = Footer(TITLE, RULES_COMPONENT, seed)
    parts = fit_parts(paper, lambda b: [rules_part(b, board)], footer, RULES_SIZES,
                      RULES_MAX_PAGES)  # fmt: skip
    return write_document(target, paper, parts, footer, TypeScale())
