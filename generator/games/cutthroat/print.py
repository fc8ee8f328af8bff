"""CutThroat!'s kit: the character cards, the player aid cards, the life track sheet, the
standard-deck page, the rules, a sample puzzle book, the guide page.

What each printed thing looks like is said elsewhere: the character cards in cards.py,
the player aid in aid.py, the life tracks in tracks.py, the rules and the standard-deck
page in reference.py, the puzzle book in puzzles/book.py. This module is the only CutThroat!
code that writes kit PDFs.

`quarry kit cutthroat --players N` (request.players) makes the cards, aids and tracks of
N characters; without it, of all 13, for any table.
"""

from __future__ import annotations

import json

from generator.games.cutthroat.aid import aid_svg
from generator.games.cutthroat.cards import TITLE, CardSet, card_set, characters
from generator.games.cutthroat.tracks import TRACKS_HEADER, tracks_part, tracks_svg
from generator.kit import KitRequest, card_steps, record_deck
from generator.render.document import TypeScale, column_size, fit_parts, write_document
from generator.render.layouts import Paper
from generator.render.pdf import Footer
from generator.render.sheets import CardFace

TRACK_SIZES = (9.0, 8.5, 8.0)
AID_SVGS = ("svg/aid-turn.svg", "svg/aid-wounds.svg")
SAMPLE_BOOK = (("easy", 2), ("medium", 2), ("hard", 1))


def aid_faces(request: KitRequest, copies: int) -> tuple[list[tuple[str, str, str]], list]:
    """Return the player aid's two sides as (slug, kind, SVG) and `copies` aid cards to
    impose: the turn on the front, wounds and death on the back; with backs "none" (fronts
    only) each side is a card of its own, so nothing is lost."""
    card = request.book.card("poker")
    bleed = request.sheet_layout().bleed
    turn, wounds = (aid_svg(key, bleed=bleed, card=card) for key in ("turn", "wounds"))
    svgs = [("aid-turn", "player-aid", turn), ("aid-wounds", "player-aid", wounds)]
    if request.back_mode == "fronts":
        faces = [CardFace(side, None, "player aid") for _ in range(copies)
                 for side in (turn, wounds)]  # fmt: skip
    else:
        faces = [CardFace(turn, wounds, "player aid") for _ in range(copies)]
    return svgs, faces


def build_kit(request: KitRequest) -> None:
    """Write CutThroat!'s kit into request.writer for request.players characters (all 13
    when None), for each of request.papers:

    - cards-<paper>.pdf: each character's identity, enemy, life and heart card with the
      shared back, imposed as request.backs, sheet and back_offset say (cards.card_set);
    - aid-<paper>.pdf: a player aid card for each player (aid.py), imposed the same way;
    - tracks-<paper>.pdf: the life track strips (tracks.py), one page;
    - deck-<paper>.pdf: which card of a standard deck is which, one page;
    - rules-<paper>.pdf: the rules, one page (reference.py);
    - puzzles-<paper>.pdf: a sample book of SAMPLE_BOOK "Who is the Queen?" puzzles from
      the request's seed (puzzles/book.py), also in puzzles.json;
    - svg/: every distinct card face, the back, the aid's two sides and the tracks.
    """
    from generator.games.cutthroat.puzzles import make_puzzles
    from generator.games.cutthroat.puzzles.book import write_book
    from generator.games.cutthroat.reference import write_deck, write_rules

    writer, seed, players = request.writer, request.seed, request.players
    ranks = characters(players)
    steps = [*card_steps(request.back_mode, request.sheet_layout().bleed > 0), *ASSEMBLY]
    writer.describe(TITLE, guide_about(players), steps)
    cards = card_set(request, players)
    aid_svgs, aids = aid_faces(request, len(ranks))
    for slug, kind, svg in [*cards.svgs, *aid_svgs]:
        writer.write_text(f"svg/{slug}.svg", svg, kind)
    width = column_size(request.papers[0], TRACKS_HEADER)[0]
    writer.write_text("svg/tracks.svg", tracks_svg(ranks, width), "life-tracks")
    puzzles = [p for level, count in SAMPLE_BOOK for p in make_puzzles(count, level, seed)]
    text = json.dumps([p.to_json() for p in puzzles], indent=2, sort_keys=True) + "\n"
    writer.write_text("puzzles.json", text, "puzzles")
    for paper in request.papers:
        _write_cards(request, paper, cards, aids)
        name = f"tracks-{paper.name}.pdf"
        footer = Footer(TITLE, "life tracks", seed)
        width = column_size(paper, TRACKS_HEADER)[0]
        parts = fit_parts(paper, lambda b, w=width: [tracks_part(b, w, players)], footer,
                          TRACK_SIZES, 1)  # fmt: skip
        writer.add(name, "life-tracks", pages=write_document(writer.path(name), paper, parts,
                                                             footer, TypeScale()),
                   shows=["svg/tracks.svg"])  # fmt: skip
        deck = f"deck-{paper.name}.pdf"
        writer.add(deck, "deck-mapping", pages=write_deck(writer.path(deck), paper, seed, players))
        rules = f"rules-{paper.name}.pdf"
        writer.add(rules, "rules", pages=write_rules(writer.path(rules), paper, seed))
        book = f"puzzles-{paper.name}.pdf"
        writer.add(book, "puzzle-book",
                   pages=write_book(writer.path(book), paper, puzzles, seed))  # fmt: skip
        _list_for_guide(request, paper, cards)


def _write_cards(request: KitRequest, paper: Paper, cards: CardSet, aids: list) -> None:
    """Write cards-<paper>.pdf (the character cards of `cards`) and aid-<paper>.pdf (the
    aid cards `aids`), imposed as the request says."""
    from generator.render.imposition import impose
    from generator.render.sheets import write_card_sheets

    imposition = impose(
        paper, request.book.card(cards.card_format), request.sheet_layout(), request.back_mode
    )
    card_svgs = [f"svg/{slug}.svg" for slug, _, _ in cards.svgs]
    for stem, faces, component, kind, shows in (
        ("cards", cards.faces, "character cards", "card-sheets", card_svgs),
        ("aid", aids, "player aid", "player-aid", AID_SVGS),
    ):
        name = f"{stem}-{paper.name}.pdf"
        footer = Footer(TITLE, component, request.seed)
        pages = write_card_sheets(request.writer.path(name), faces, imposition, footer)
        request.writer.add(name, kind, pages=pages, shows=shows)
        record_deck(request.writer, stem, faces)


def guide_about(players: int | None) -> str:
    """Return the guide's line about the game, for `players` players or any table."""
    table = (
        f"this kit is for {players} players"
        if players
        else "this kit is for any table of 6 to 13: with N players, use the characters Ace "
        "to the N-th"
    )
    return (
        "A party game of hidden identities: each player secretly is one character and "
        f"secretly hunts another, and the last character alive wins ({table})."
    )


ASSEMBLY = (
    "Character cards: sort them into four piles by their band (identity, enemy, life, "
    "heart). Shuffle the identities and deal one face down to each player; the same with "
    "the enemies.",
    "Or use a standard deck instead: the deck page says which card is which.",
    "Life markers: 8 a character (coins, beads, buttons), or the life track strips with a "
    "paper clip each: cut them out along the solid lines.",
)


def _list_for_guide(request: KitRequest, paper: Paper, cards: CardSet) -> None:
    """List the kit's PDFs on `paper` for its guide page and print-all file."""
    writer, name = request.writer, paper.name
    duplex = request.back_mode == "duplex"
    count = len(cards.ranks)
    writer.to_print(paper, f"cards-{name}.pdf",
                    f"The character cards: {count} characters, 4 cards each", 1, duplex,
                    f"Or a standard deck: see deck-{name}.pdf")  # fmt: skip
    writer.to_print(paper, f"aid-{name}.pdf", f"{count} player aid cards", 1, duplex,
                    "One for each player: the turn, and on the back wounds and death")  # fmt: skip
    writer.to_print(paper, f"tracks-{name}.pdf", "The life tracks", 1,
                    note="Only for a table without markers")  # fmt: skip
    writer.to_print(paper, f"deck-{name}.pdf", "Playing with a standard deck")
    writer.to_print(paper, f"rules-{name}.pdf", "The rules on one page", 2,
                    note="One for each side of the table")  # fmt: skip
    writer.to_print(paper, f"puzzles-{name}.pdf", "A sample book of puzzles to play alone")
