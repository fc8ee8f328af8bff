"""The Most Dangerous Game's kit: the board, the mini boards, the tokens, the two decks,
the player aids and rules, a sample puzzle book, the guide page.

What each printed thing looks like is said elsewhere: the island in figures.py, the mini
board and the tokens in minis.py, the cards in faces.py, the player aids and rules in
reference.py, the puzzle book in puzzles/book.py. This module is the only island code that
writes PDFs (with generator.render): build_kit for `quarry kit island`, write_board_pages for
a generated board's design folder.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from xml.etree import ElementTree

from generator.games.island.board import Island, default_island, read_island
from generator.games.island.figures import island_svg, overview_svg
from generator.games.island.minis import (
    PANEL_W,
    TAB_H,
    WARDEN,
    mini_board_part,
    mini_board_svg,
    mini_cell,
    standee_footprint,
    tokens_part,
    tokens_svg,
)
from generator.games.island.rules import MAX_PLAYERS
from generator.games.island.track import score_pad_part, score_pad_svg, track_part, track_svg
from generator.kit import KitRequest, KitWriter, card_steps, card_svgs, record_deck
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
from generator.render.tiling import TILE_ASSEMBLY

TITLE = "The Most Dangerous Game"
# The board's squares at true size: a folded standee (minis.standee_footprint, 12 x 12 mm)
# stands in one with 1.5 mm free on every side (engine/table.py), and the camp's 2 x 2
# squares hold four standees, one in each.
BOARD_CELL_MM = 15.0
SVG_NS = "{http://www.w3.org/2000/svg}"
BIG_PAPER = {"letter": "tabloid", "tabloid": "tabloid"}  # the one-page board; else A3
PAGE_SIZES = (9.0, 8.75, 8.5, 8.25, 8.0, 7.5, 7.0)  # body sizes tried for one-page parts


def board_svg(island: Island) -> str:
    """Return the board at true size: BOARD_CELL_MM squares with their names, the
    coordinates round the edge and the legend under the grid."""
    return island_svg(island, BOARD_CELL_MM, coordinates=True, legend=True, square_names=True)


def big_paper(book: LayoutBook, paper: Paper) -> Paper:
    """Return the paper the whole board is printed on in one piece: Tabloid for Letter,
    A3 for anything else."""
    return book.paper(BIG_PAPER.get(paper.name, "a3"))


OVERVIEW_HEADER = Header(
    "The island at a glance",
    "The whole board on one page, smaller than true size: to check the tiles as you glue "
    "them, and to plan a route at a glance.",
)


def overview_part(blocks, island: Island, paper: Paper) -> Part:
    """Return the one-page overview: the board drawn at the size it prints to fill one page
    of `paper` (figures.overview_svg: its type at 6 pt or more, the squares' names where
    they fit)."""
    room_w, room_h = column_size(paper, OVERVIEW_HEADER)
    svg = overview_svg(island, room_w, room_h - 1.0)
    return Part(OVERVIEW_HEADER, [blocks.figure(svg)], "board overview")


def write_overview(
    writer: KitWriter, paper: Paper, island: Island, seed: int | None, shows: list[str] = ()
) -> str:
    """Write board-overview-<paper>.pdf (the whole board on one page, scaled) into
    `writer`'s kit; return its name."""
    overview = f"board-overview-{paper.name}.pdf"
    footer = Footer(TITLE, "board overview", seed)
    parts = fit_parts(paper, lambda b: [overview_part(b, island, paper)], footer, (9.0,), 1)
    writer.add(
        overview,
        "board-overview",
        pages=write_document(writer.path(overview), paper, parts, footer, TypeScale()),
        shows=shows,
    )
    return overview


def write_board_pages(
    writer: KitWriter,
    paper: Paper,
    island: Island,
    seed: int | None,
    book: LayoutBook | None = None,
    *,
    svg_name: str = "svg/board.svg",
    listed: bool = True,
) -> list[str]:
    """Write `island`'s board into `writer`'s kit for `paper`: the true-size SVG
    (`svg_name`, once per kit), board-<paper>-tiled.pdf (tiles with glue strips, marks
    and a tile map), board-overview-<paper>.pdf (one page, scaled) and board-<big>.pdf
    (whole, at true size, on A3 or Tabloid when it fits, else a page of its own size).
    With `listed`, and when the kit has a guide, the PDFs are listed on it. Returns the
    names of the files written."""
    from generator.render.tiling import write_board_page, write_tiled_board

    book = book or LayoutBook()
    svg = board_svg(island)
    written = []
    if not any(record["path"] == svg_name for record in writer.files):
        writer.write_text(svg_name, svg, "board")
        written.append(svg_name)
    footer = Footer(TITLE, "board", seed)
    tiled = f"board-{paper.name}-tiled.pdf"
    pages = write_tiled_board(writer.path(tiled), svg, paper, book.tiling("default"), footer)
    writer.add(tiled, "board-tiles", pages=pages, shows=[svg_name])
    overview = write_overview(writer, paper, island, seed, shows=[svg_name])
    big = big_paper(book, paper)
    whole = f"board-{big.name}.pdf"
    if not any(record["path"] == whole for record in writer.files):
        writer.add(
            whole,
            "board-page",
            pages=write_board_page(writer.path(whole), svg, big, footer),
            shows=[svg_name],
        )
        written.append(whole)
    written += [tiled, overview]
    if listed and writer.guide is not None:
        writer.to_print(
            paper,
            tiled,
            f"The board at true size ({island.size} x {island.size} squares of "
            f"{BOARD_CELL_MM:g} mm), in tiles to glue",
            note="The tile map in each footer shows where it goes",
        )
        writer.to_print(paper, overview, "The whole island on one page, smaller")
    return written


def write_pieces(writer: KitWriter, paper: Paper, island: Island, seed: int, ink: str) -> dict:
    """Write minis-<paper>.pdf (the mini board, one page: print one per Hunted) and
    tokens-<paper>.pdf (the seven standees) into `writer`'s kit; return their page counts
    by stem."""
    return _write_one_pagers(
        writer,
        paper,
        seed,
        (
            ("minis", "mini-board", lambda b: [mini_board_part(b, island, paper)]),
            ("tokens", "tokens", lambda b: [tokens_part(b, ink)]),
        ),
    )


def _write_one_pagers(writer: KitWriter, paper: Paper, seed: int, pages_to_write) -> dict:
    """Write each (stem, kind, parts) of `pages_to_write` as <stem>-<paper>.pdf, one page
    showing svg/<kind>.svg; return their page counts by stem."""
    written = {}
    for stem, kind, make in pages_to_write:
        name = f"{stem}-{paper.name}.pdf"
        footer = Footer(TITLE, kind.replace("-", " "), seed)
        parts = fit_parts(paper, make, footer, PAGE_SIZES, 1)
        pages = write_document(writer.path(name), paper, parts, footer, TypeScale())
        writer.add(name, kind, pages=pages, shows=[f"svg/{kind}.svg"])
        written[stem] = pages
    return written


# --- the kit --------------------------------------------------------------------------------

SAMPLE_BOOK = (("easy", 2), ("medium", 2), ("hard", 2))
TABLE_AID_WIDTH_MM = 170.0  # the track and the score pad: this wide on A4 and Letter


def kit_island(request: KitRequest) -> Island:
    """Return the island a kit shows: the design's (request.design, an island file) or the
    default island."""
    if request.design is None:
        return default_island()
    return read_island(request.design)


def build_kit(request: KitRequest, island: Island | None = None) -> None:
    """Write the kit of `island` (given, else request.design's, else the default island)
    into request.writer, for request.players (None: the largest table, 7), for each of
    request.papers:

    - board-<paper>-tiled.pdf, board-overview-<paper>.pdf and board-<a3|tabloid>.pdf: the
      board (write_board_pages), and svg/board.svg at true size (BOARD_CELL_MM squares);
    - minis-<paper>.pdf: the mini board (one copy for each Hunted), tokens-<paper>.pdf:
      seven standees;
    - track-<paper>.pdf: the cycle-and-day track of the island's day, score-pad-<paper>.pdf
      (track.py);
    - cards-<paper>.pdf: both decks with their backs, imposed as request.backs, sheet and
      back_offset say (faces.card_set);
    - reference-<paper>.pdf (the player aid: a half sheet, the Hunter's side backed by the
      Hunted's, two to a sheet; enough sheets for an aid each) and rules-<paper>.pdf
      (reference.py);
    - puzzles-<paper>.pdf and puzzles.json: a sample book of SAMPLE_BOOK puzzles
      (puzzles/book.py);
    - svg/: the board, the mini board, the tokens, the track, the score pad and every
      distinct card face and back.

    Every piece is recorded with writer.provide, counted from what was drawn, and the
    table's needs (table.py) with writer.set_table. With request.ink low the tokens and the
    card backs are light (the board is tints)."""
    from generator.games.island.faces import card_set
    from generator.games.island.puzzles import make_puzzles
    from generator.games.island.reference import aids_to_print
    from generator.games.island.rulebook import rulebook
    from generator.games.island.table import needs
    from generator.render.document.rulebook import write_rulebook

    writer, seed = request.writer, request.seed
    island = island or kit_island(request)
    players = request.players or MAX_PLAYERS
    steps = list(ASSEMBLY)
    steps[-1:-1] = card_steps(request.back_mode, request.sheet_layout().bleed > 0)  # dice last
    about = GUIDE_ABOUT
    if request.design is not None:
        about += (
            f" This kit prints a designed island: {island.size} x {island.size} squares, "
            f"a day of {island.day} cycle{'' if island.day == 1 else 's'} "
            f"({request.design.name})."
        )
    writer.describe(TITLE, about, steps)
    first = request.papers[0]
    writer.write_text("svg/mini-board.svg", mini_board_svg(island, mini_cell(island, first)),
                      "mini-board")  # fmt: skip
    tokens = tokens_svg(ink=request.ink)
    writer.write_text("svg/tokens.svg", tokens, "tokens")
    track = track_svg(island, TABLE_AID_WIDTH_MM)
    writer.write_text("svg/track.svg", track, "track")
    writer.write_text("svg/score-pad.svg", score_pad_svg(TABLE_AID_WIDTH_MM), "score-pad")
    cards = card_set(request)
    for slug, kind, svg in cards.svgs:
        writer.write_text(f"svg/{slug}.svg", svg, kind)
    puzzles = [p for level, count in SAMPLE_BOOK for p in make_puzzles(count, level, seed)]
    plain = [puzzle.to_json() for puzzle in puzzles]
    text = json.dumps(plain, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    writer.write_text("puzzles.json", text, "puzzles")
    copies = Copies(minis=players - 1, reference=aids_to_print(players))
    # the rulebook's example is a game on the default island: not in a designed island's kit
    printed_rules = rulebook(players) if island == default_island() else None
    for index, paper in enumerate(request.papers):
        board = write_board_pages(writer, paper, island, seed, request.book)
        pages = write_pieces(writer, paper, island, seed, request.ink)
        pages["board"] = sum(1 for name in board if name.endswith("-tiled.pdf"))
        pages |= _write_table_aids(writer, paper, island, seed)
        _write_cards(request, paper, cards)
        pages["reference"] = _write_reference(writer, paper, seed)
        _write_puzzle_book(writer, paper, puzzles, seed)
        if printed_rules is not None:
            rulebook_pdf = f"rulebook-{paper.name}.pdf"
            count = write_rulebook(writer.path(rulebook_pdf), paper, printed_rules, seed)
            writer.add(rulebook_pdf, "rulebook", pages=count)
        _list_for_guide(request, paper, copies, printed_rules is not None)
        if index == 0:  # every paper prints the same pieces: count them once
            _provide(writer, cards, tokens, track, pages, copies)
    writer.set_table(needs(players, request.design))


RULEBOOK_WHAT = "The rulebook: what is in the kit, setting up, the rules and a worked example"


@dataclass(frozen=True)
class Copies:
    """How many copies of a page the guide asks for: the mini board (one for each Hunted)
    and the sheet of player aids (AIDS_PER_SHEET to a sheet, an aid for each player)."""

    minis: int
    reference: int


def _provide(
    writer: KitWriter, cards, tokens: str, track: str, pages: dict, copies: Copies
) -> None:
    """Record what the kit printed for the table check, counted from the drawings and the
    pages written (`pages`: the page count of each PDF stem) times the copies the guide asks
    for (table.py names the pieces)."""
    from generator.games.island.reference import AIDS_PER_SHEET
    from generator.games.island.table import board_name, track_name

    # The board's size as drawn: its coordinates name each column and row twice.
    board = ElementTree.fromstring(writer.path("svg/board.svg").read_text(encoding="utf-8"))
    labels = [
        text
        for group in board.iter(f"{SVG_NS}g")
        if group.get("class") == "coordinates"
        for text in group.iter(f"{SVG_NS}text")
    ]
    writer.provide(board_name(len(labels) // 4), pages["board"])
    writer.provide("mini board", pages["minis"] * copies.minis)
    standees = [  # each standee's words in order (a name may take two lines)
        " ".join("".join(text.itertext()) for text in group.iter(f"{SVG_NS}text"))
        for group in ElementTree.fromstring(tokens).iter(f"{SVG_NS}g")
        if group.get("class") == "standee"
    ]
    footprint = standee_footprint()
    wardens = sum(1 for words in standees if WARDEN.name in words)
    writer.provide("Warden standee", wardens, footprint_mm=footprint)
    writer.provide("castaway standee", len(standees) - wardens, footprint_mm=footprint)
    writer.provide("Hunter card", len(cards.hunter))
    writer.provide("Hunted card", len(cards.hunted))
    # A sheet of aids: each half an aid, the Hunter's side on the front, the Hunted's behind.
    writer.provide("player aid", pages["reference"] // 2 * AIDS_PER_SHEET * copies.reference)
    writer.provide(track_name(track.count('class="cycle"')), pages["track"])
    writer.provide("score pad", pages["score-pad"])


def _write_table_aids(writer: KitWriter, paper: Paper, island: Island, seed: int) -> dict:
    """Write track-<paper>.pdf (the cycle-and-day track) and score-pad-<paper>.pdf; return
    their page counts by stem."""
    return _write_one_pagers(
        writer,
        paper,
        seed,
        (
            ("track", "track", lambda b: [track_part(b, island, TABLE_AID_WIDTH_MM)]),
            ("score-pad", "score-pad", lambda b: [score_pad_part(b, TABLE_AID_WIDTH_MM)]),
        ),
    )


def _write_cards(request: KitRequest, paper: Paper, cards) -> None:
    """Write cards-<paper>.pdf: every card of both decks (a faces.CardSet), imposed as the
    request says."""
    from generator.render.imposition import impose
    from generator.render.sheets import write_card_sheets

    imposition = impose(
        paper, request.book.card(cards.card_format), request.sheet_layout(), request.back_mode
    )
    name = f"cards-{paper.name}.pdf"
    footer = Footer(TITLE, "hunter and hunted cards", request.seed)
    pages = write_card_sheets(request.writer.path(name), cards.faces, imposition, footer)
    request.writer.add(
        name, "card-sheets", pages=pages, shows=card_svgs(request.writer, cards.faces)
    )
    record_deck(request.writer, "cards", cards.faces)


def _write_reference(writer: KitWriter, paper: Paper, seed: int) -> int:
    """Write reference-<paper>.pdf (a sheet of player aids) and rules-<paper>.pdf; return
    the reference's page count."""
    from generator.games.island.reference import write_reference, write_rules

    counts = {}
    for stem, kind, write in (
        ("reference", "reference-card", write_reference),
        ("rules", "rules", write_rules),
    ):
        name = f"{stem}-{paper.name}.pdf"
        counts[stem] = write(writer.path(name), paper, seed)
        writer.add(name, kind, pages=counts[stem])
    return counts["reference"]


def _write_puzzle_book(writer: KitWriter, paper: Paper, puzzles: list, seed: int) -> None:
    """Write puzzles-<paper>.pdf, the sample book of `puzzles`."""
    from generator.games.island.puzzles.book import write_book

    name = f"puzzles-{paper.name}.pdf"
    writer.add(name, "puzzle-book", pages=write_book(writer.path(name), paper, puzzles, seed))


GUIDE_ABOUT = (
    "Four to seven players: one Hunter against the Hunted on an island grid. The Hunted "
    "move in secret on their mini boards; the Hunter moves in the open and looks around."
)
ASSEMBLY = (
    f"The board: {TILE_ASSEMBLY} The board's one-page PDF holds it whole at true size, "
    "for a copy shop (on A3 or Tabloid when it fits, else on a page of its own size).",
    "Mini boards: one for each Hunted, in a clear sheet protector, with a dry-erase marker.",
    "Tokens: print on card, cut out, fold on the dashed lines and glue the two sides "
    "together (the page shows how).",
    "Player aids: cut each sheet across on its dashed line, two aids a sheet.",
    "Track and score pad: print on paper; a coin on the track marks the cycle. You also "
    "need a six-sided die (d6) and an eight-sided die (d8).",
)


def _list_for_guide(
    request: KitRequest, paper: Paper, copies: Copies, rulebook: bool = False
) -> None:
    """List the kit's PDFs on `paper` after the board's (which write_board_pages lists) for
    its guide page and print-all file, with the copies the table needs (the rulebook first,
    when the kit has one)."""
    writer, name = request.writer, paper.name
    if rulebook:
        writer.to_print(paper, f"rulebook-{name}.pdf", RULEBOOK_WHAT)
    duplex = request.back_mode == "duplex"
    writer.to_print(paper, f"minis-{name}.pdf", "The mini board", copies.minis,
                    note="One for each Hunted")  # fmt: skip
    writer.to_print(
        paper,
        f"tokens-{name}.pdf",
        f"Seven character tokens, {PANEL_W:g} x {2 * TAB_H:g} mm standing",
        note=f"On card; each stands in a {BOARD_CELL_MM:g} mm square",
    )
    writer.to_print(paper, f"track-{name}.pdf", "The cycle-and-day track",
                    note="A coin marks the cycle")  # fmt: skip
    writer.to_print(paper, f"score-pad-{name}.pdf", "The score pad", note="Three games a page")
    writer.to_print(paper, f"cards-{name}.pdf", "The Hunter and Hunted decks", 1, duplex)
    writer.to_print(
        paper,
        f"reference-{name}.pdf",
        "Player aids, two to a sheet: the Hunter's side, then the Hunted's",
        copies.reference,
        duplex,
        "One aid for each player: cut each sheet on its line"
        + ("; the Hunted's side backs the Hunter's, turn it over when you are caught"
           if duplex else "; glue a Hunter's half back to back with a Hunted's"),
    )  # fmt: skip
    writer.to_print(paper, f"rules-{name}.pdf", "The rules in full")
    writer.to_print(paper, f"puzzles-{name}.pdf", "A sample book of puzzles to play alone")
