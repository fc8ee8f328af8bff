"""Parforcejagd's kit: the board (tiled, on one page, and smaller as an overview), the
piece tokens, the pot's coins for the table's size, the reference card, the rules, a sample
puzzle book, the guide page.

The board is the default one, or the designed board of request.design (a hunting.board
file): the board pages, the overview, the reference card's diagrams and the rules' start
position all show it. Squares are table.square_mm(size) at every size, so a piece token
stands in one with room to pick it up; the coins are coins_for(request.players, or
MAX_PLAYERS). What the kit printed is counted from the drawings and recorded with
writer.provide() against table.needs (engine/table.py).

What each printed thing looks like is said elsewhere: the board and the icons in
figures.py, the tokens in tokens.py, the reference card and rules in reference.py, the
puzzle book in puzzles/book.py. This module is the only parforce code that writes kit PDFs.
"""

from __future__ import annotations

import json

from generator.games.parforce import table
from generator.games.parforce.board import HuntingBoard, default_board, read_board
from generator.games.parforce.figures import board_layout, board_svg, start_pieces
from generator.games.parforce.rules import MAX_PLAYERS
from generator.games.parforce.tokens import (
    TOKEN_MM,
    coin_counts,
    coins_for,
    coins_part,
    coins_svg,
    piece_counts,
    pieces_svg,
    tokens_part,
)
from generator.kit import KitRequest, KitWriter
from generator.render.document import (
    Header,
    Part,
    TypeScale,
    column_size,
    fit_parts,
    write_document,
)
from generator.render.layouts import LayoutBook, Paper
from generator.render.pdf import Footer
from generator.render.svg import svg_size_mm
from generator.render.tiling import TILE_ASSEMBLY

TITLE = "Parforcejagd"
BIG_PAPER = {"letter": "tabloid", "tabloid": "tabloid"}  # the one-page board; else A3
# no hard puzzle in the sample: one can take 20 s to find (seed 1), too long for a kit to
# play tonight; `quarry puzzle parforce --difficulty hard` makes them
SAMPLE_BOOK = (("easy", 2), ("medium", 3))


def big_paper(book: LayoutBook, paper: Paper) -> Paper:
    """Return the paper the whole board is printed on in one piece: Tabloid for Letter,
    A3 for anything else."""
    return book.paper(BIG_PAPER.get(paper.name, "a3"))


OVERVIEW_HEADER = Header(
    "The hunting board at a glance",
    "The whole board on one page, smaller than true size, with the pieces on their start "
    "squares: to set up from, and to check the tiles as you glue them.",
)


def overview_part(blocks, board: HuntingBoard, paper: Paper) -> Part:
    """Return the one-page overview: the board with the pieces at the start, scaled to fit
    one page of `paper` (never up)."""
    svg = board_svg(board, table.square_mm(board.size), pieces=start_pieces(board), finished=True)
    width, height = svg_size_mm(svg)
    room_w, room_h = column_size(paper, OVERVIEW_HEADER)
    scale = min(1.0, room_w / width, (room_h - 1.0) / height)
    return Part(OVERVIEW_HEADER, [blocks.figure(svg, width * scale)], "board overview")


def true_size_svg(board: HuntingBoard) -> str:
    """Return `board` as the kit prints it at true size (svg/board.svg): squares of
    table.square_mm(size), in which a piece token stands with room to spare; finished with
    its title, the order of play, the start squares' legend and the compass."""
    return board_svg(board, table.square_mm(board.size), finished=True)


BOARD_SVG = ("svg/board.svg",)
# round the whole board on one page: a 9 x 9 board of 26 mm squares (260 mm with its
# coordinates) fits Tabloid's 279.4 mm; a larger one gets a page of its own size
WHOLE_MARGIN_MM = 8.0


def write_board_pages(
    writer: KitWriter, paper: Paper, board: HuntingBoard, seed: int | None, book: LayoutBook
) -> None:
    """Write the board into `writer`'s kit for `paper`: svg/board.svg (true size, once),
    board-<paper>-tiled.pdf (tiles with glue strips and a tile map), board-overview-<paper>.pdf
    (one page, scaled) and board-<a3|tabloid>.pdf (whole, at true size; for a board too
    big for that paper, board-whole-<side>mm.pdf on a page of its own size); list them."""
    from generator.render.tiling import write_board_page, write_tiled_board

    cell = table.square_mm(board.size)
    svg = true_size_svg(board)
    if not any(record["path"] == "svg/board.svg" for record in writer.files):
        writer.write_text("svg/board.svg", svg, "board")
    footer = Footer(TITLE, "board", seed)
    tiled = f"board-{paper.name}-tiled.pdf"
    pages = write_tiled_board(writer.path(tiled), svg, paper, book.tiling("default"), footer)
    writer.add(tiled, "board-tiles", pages=pages, shows=BOARD_SVG)
    overview = f"board-overview-{paper.name}.pdf"
    overview_footer = Footer(TITLE, "board overview", seed)
    parts = fit_parts(paper, lambda b: [overview_part(b, board, paper)], overview_footer,
                      (9.0,), 1)  # fmt: skip
    writer.add(overview, "board-overview", pages=write_document(
        writer.path(overview), paper, parts, overview_footer, TypeScale()),
        shows=BOARD_SVG)  # fmt: skip
    big = big_paper(book, paper)
    side = board_layout(board.size, cell).width + 2 * WHOLE_MARGIN_MM
    fits = side <= min(big.width, big.height)
    whole = f"board-{big.name}.pdf" if fits else f"board-whole-{side:.0f}mm.pdf"
    if not any(record["path"] == whole for record in writer.files):
        writer.add(whole, "board-page", pages=write_board_page(writer.path(whole), svg, big,
                                                                footer, WHOLE_MARGIN_MM),
                   shows=BOARD_SVG)  # fmt: skip
    if writer.guide is not None:
        writer.to_print(
            paper,
            tiled,
            f"The board at true size ({board.size} x {board.size} squares of "
            f"{cell:g} mm), in tiles to glue",
            note=f"Or print {whole} at a copy shop",
        )
        writer.to_print(paper, overview, "The board on one page, with the start position")


def build_kit(request: KitRequest, board: HuntingBoard | None = None) -> None:
    """Write the kit of `board` (given, else request.design's, else the default board) for
    a table of request.players (None: MAX_PLAYERS) into request.writer, for each of
    request.papers: the board pages (write_board_pages), tokens-<paper>.pdf (the ten
    pieces, then the table's coins), reference-<paper>.pdf, rules-<paper>.pdf and
    puzzles-<paper>.pdf (a sample book of SAMPLE_BOOK puzzles on the puzzle board, also in
    puzzles.json), with svg/board.svg, svg/pieces.svg and svg/coins.svg; record what it
    printed against the table's needs."""
    from generator.games.parforce.puzzles import make_puzzles
    from generator.games.parforce.puzzles.book import write_book
    from generator.games.parforce.reference import write_reference, write_rules
    from generator.games.parforce.rulebook import rulebook
    from generator.render.document.rulebook import write_rulebook

    writer, seed = request.writer, request.seed
    if board is None:
        board = read_board(request.design) if request.design is not None else default_board()
    players = request.players if request.players is not None else MAX_PLAYERS
    cell = table.square_mm(board.size)
    about = GUIDE_ABOUT
    if request.design is not None:
        about += (
            f" This kit is of a designed {board.size} x {board.size} board "
            f"({request.design.name}): its board, overview, reference card and rules show it."
        )
    writer.describe(TITLE, about, ASSEMBLY)
    writer.set_table(table.needs(players, request.design))
    pieces = pieces_svg()
    writer.write_text("svg/pieces.svg", pieces, "tokens")
    coins = coins_for(players)
    coin_width = min(column_size(p, COINS_HEADER_PROBE)[0] for p in request.papers)
    coin_drawing = coins_svg(coins, coin_width)
    writer.write_text("svg/coins.svg", coin_drawing, "tokens")
    _provide(writer, pieces, coin_drawing)
    puzzles = [p for level, count in SAMPLE_BOOK for p in make_puzzles(count, level, seed)]
    text = json.dumps([p.to_json() for p in puzzles], indent=2, sort_keys=True) + "\n"
    writer.write_text("puzzles.json", text, "puzzles")
    # the rulebook's example is a game on the default board: not in a designed board's kit
    printed_rules = (
        rulebook(players) if request.design is None and board == default_board() else None
    )
    for paper in request.papers:
        write_board_pages(writer, paper, board, seed, request.book)
        name = f"tokens-{paper.name}.pdf"
        footer = Footer(TITLE, "tokens", seed)
        parts = fit_parts(
            paper,
            lambda b: [tokens_part(b, TOKEN_MM, cell), coins_part(b, players, coin_drawing)],
            footer,
            (9.0, 8.5, 8.0),
            2,
        )
        writer.add(name, "tokens", pages=write_document(writer.path(name), paper, parts,
                                                        footer, TypeScale()),
                   shows=["svg/pieces.svg", "svg/coins.svg"])  # fmt: skip
        for stem, kind, write in (
            ("reference", "reference-card", write_reference),
            ("rules", "rules", write_rules),
        ):
            target = f"{stem}-{paper.name}.pdf"
            writer.add(target, kind, pages=write(writer.path(target), paper, seed, board))
        book_name = f"puzzles-{paper.name}.pdf"
        writer.add(book_name, "puzzle-book",
                   pages=write_book(writer.path(book_name), paper, puzzles, seed))  # fmt: skip
        if printed_rules is not None:
            rulebook_pdf = f"rulebook-{paper.name}.pdf"
            pages = write_rulebook(writer.path(rulebook_pdf), paper, printed_rules, seed)
            writer.add(rulebook_pdf, "rulebook", pages=pages)
        _list_for_guide(writer, paper, printed_rules is not None)


COINS_HEADER_PROBE = Header("The pot's coins", "y")
RULEBOOK_WHAT = "The rulebook: what is in the kit, setting up, the rules and a worked example"


def _provide(writer: KitWriter, pieces: str, coins: str) -> None:
    """Record what the kit prints, counted from the drawings: the board, the piece tokens
    in svg/pieces.svg (each TOKEN_MM square on the table), the coins in svg/coins.svg and
    the reference cards the guide asks for."""
    writer.provide(table.BOARD, 1)
    names = {"stag": "stag", "hound": "hound", "handler": "dog handler", "rider": "rider"}
    for kind, count in piece_counts(pieces).items():
        writer.provide(names[kind], count, footprint_mm=(TOKEN_MM, TOKEN_MM))
    for value, count in coin_counts(coins).items():
        writer.provide(table.COINS, count, worth=value)
    writer.provide(table.REFERENCE, REFERENCE_COPIES)


REFERENCE_COPIES = 2  # the copies of the reference card the guide asks for


GUIDE_ABOUT = (
    "Two to ten players: one plays the stag, the others share four hounds, four riders and "
    "the dog handler, and try to pen the stag in before it runs its lap round the pond."
)
ASSEMBLY = (
    f"The board: {TILE_ASSEMBLY} The one-page PDF holds the board whole, for a copy "
    "shop: A3 or Tabloid up to 9 x 9 squares, a page of the board's own size above.",
    "Pieces: print on card, cut out along the solid lines, fold on the dashed line and glue "
    "back to back. Cut out the coins: a bet for every player and the pond fees.",
    "Nothing else is needed: no dice, no cards.",
)


def _list_for_guide(writer: KitWriter, paper: Paper, rulebook: bool = False) -> None:
    """List the kit's PDFs on `paper` after the board's for its guide and print-all file
    (the rulebook's first, when the kit has one)."""
    name = paper.name
    if rulebook:
        writer.to_print(paper, f"rulebook-{name}.pdf", RULEBOOK_WHAT)
    writer.to_print(paper, f"tokens-{name}.pdf", "The ten pieces, and the coins for the "
                    "table's bets and pond fees", note="On card")  # fmt: skip
    writer.to_print(paper, f"reference-{name}.pdf", "The moves at a glance", REFERENCE_COPIES,
                    note="One for each side of the table")  # fmt: skip
    writer.to_print(paper, f"rules-{name}.pdf", "The rules")
    writer.to_print(paper, f"puzzles-{name}.pdf", "A sample book of puzzles to play alone")
