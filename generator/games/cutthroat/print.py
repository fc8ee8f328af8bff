"""CutThroat!'s kit: the character cards, the player aid cards, the life track sheet, the
standard-deck page, the rules, a sample puzzle book, the guide page.

What each printed thing looks like is said elsewhere: the character cards in cards.py,
the player aid in aid.py, the life tracks in tracks.py, the rules and the standard-deck
page in reference.py, the puzzle book in puzzles/book.py. This module is the only CutThroat!
code that writes kit PDFs.

`quarry kit cutthroat --players N` (request.players) makes the cards, aids and tracks of
N characters; without it, of all 13, for any table. `quarry kit cutthroat --design FOLDER`
(request.design: a variant.json from `quarry generate variant`, design/variant.py) prints
that variant's numbers on every aid, life card, track and rules page; without it, the
published game's. The kit records what it printed, counted from what it drew, against what
the table needs (table.py).
"""

from __future__ import annotations

import json

from generator.games.cutthroat.aid import aid_svg
from generator.games.cutthroat.cards import TITLE, CardSet, card_set, characters
from generator.games.cutthroat.rules import PUBLISHED, Rules
from generator.games.cutthroat.tracks import (
    TRACKS_HEADER,
    track_figures,
    track_reach,
    tracks_part,
)
from generator.kit import KitRequest, card_steps, record_deck
from generator.render.document import TypeScale, column_size, fit_parts, write_document
from generator.render.layouts import Paper
from generator.render.pdf import Footer
from generator.render.sheets import CardFace

TRACK_SIZES = (9.0, 8.5, 8.0)
TRACK_PAGES = 2  # 13 strips of two rows do not fit one page
AID_SVGS = ("svg/aid-turn.svg", "svg/aid-wounds.svg")
SAMPLE_BOOK = (("easy", 2), ("medium", 2), ("hard", 1))


def aid_faces(
    request: KitRequest, copies: int, rules: Rules = PUBLISHED
) -> tuple[list[tuple[str, str, str]], list]:
    """Return the player aid's two sides (with the numbers of `rules`) as (slug, kind, SVG)
    and `copies` aid cards to impose: the turn on the front, wounds and death on the back;
    with backs "none" (fronts only) each side is a card of its own, so nothing is lost."""
    card = request.book.card("poker")
    bleed = request.sheet_layout().bleed
    turn, wounds = (aid_svg(key, bleed=bleed, card=card, rules=rules) for key in ("turn", "wounds"))
    svgs = [("aid-turn", "player-aid", turn), ("aid-wounds", "player-aid", wounds)]
    if request.back_mode == "fronts":
        faces = [CardFace(side, None, "player aid") for _ in range(copies)
                 for side in (turn, wounds)]  # fmt: skip
    else:
        faces = [CardFace(turn, wounds, "player aid") for _ in range(copies)]
    return svgs, faces


def build_kit(request: KitRequest) -> None:
    """Write CutThroat!'s kit into request.writer for request.players characters (all 13
    when None), with the numbers of the variant request.design (the published game's when
    None), for each of request.papers:

    - cards-<paper>.pdf: each character's identity, enemy, life and heart card with the
      shared back, imposed as request.backs, sheet and back_offset say (cards.card_set);
    - aid-<paper>.pdf: a player aid card for each player (aid.py), imposed the same way;
    - tracks-<paper>.pdf: the life track strips (tracks.py), up to TRACK_PAGES pages;
    - deck-<paper>.pdf: which card of a standard deck is which, one page;
    - rules-<paper>.pdf: the rules, one page (reference.py);
    - puzzles-<paper>.pdf: a sample book of SAMPLE_BOOK "Who is the Queen?" puzzles from
      the request's seed (puzzles/book.py), also in puzzles.json;
    - svg/: every distinct card face, the back, the aid's two sides and the tracks.

    The manifest's "table" holds what a table of that size needs (table.needs) beside what
    was drawn: the cards of each suit, the aids, the strips and how far the shortest
    reaches.
    """
    from generator.games.cutthroat.design.variant import design_rules
    from generator.games.cutthroat.puzzles import make_puzzles
    from generator.games.cutthroat.puzzles.book import write_book
    from generator.games.cutthroat.reference import write_deck, write_rules
    from generator.games.cutthroat.rulebook import rulebook
    from generator.games.cutthroat.table import needs
    from generator.render.document.rulebook import write_rulebook

    writer, seed, players = request.writer, request.seed, request.players
    rules = design_rules(request.design)
    ranks = characters(players)
    steps = [*card_steps(request.back_mode, request.sheet_layout().bleed > 0), *assembly(rules)]
    writer.describe(TITLE, guide_about(players, rules), steps)
    writer.set_table(needs(len(ranks), request.design))
    cards = card_set(request, players, rules)
    aid_svgs, aids = aid_faces(request, len(ranks), rules)
    for slug, kind, svg in [*cards.svgs, *aid_svgs]:
        writer.write_text(f"svg/{slug}.svg", svg, kind)
    width = column_size(request.papers[0], TRACKS_HEADER)[0]
    figures = track_figures(players, width, rules)
    track_svgs = []
    for number, (_, svg) in enumerate(figures, start=1):
        track_svgs.append(f"svg/tracks-{number}.svg")
        writer.write_text(track_svgs[-1], svg, "life-tracks")
    _provide(request, cards, aids, figures)
    puzzles = [p for level, count in SAMPLE_BOOK for p in make_puzzles(count, level, seed)]
    text = json.dumps([p.to_json() for p in puzzles], indent=2, sort_keys=True) + "\n"
    writer.write_text("puzzles.json", text, "puzzles")
    # the rulebook's example is a game of the published numbers: not a designed variant's
    printed_rules = rulebook(len(ranks)) if request.design is None else None
    for paper in request.papers:
        _write_cards(request, paper, cards, aids)
        name = f"tracks-{paper.name}.pdf"
        footer = Footer(TITLE, "life tracks", seed)
        width = column_size(paper, TRACKS_HEADER)[0]

        def track_parts(blocks, width=width):
            svgs = [svg for _, svg in track_figures(players, width, rules)]
            return [tracks_part(blocks, svgs, rules, players)]

        parts = fit_parts(paper, track_parts, footer, TRACK_SIZES, TRACK_PAGES)
        writer.add(name, "life-tracks", pages=write_document(writer.path(name), paper, parts,
                                                             footer, TypeScale()),
                   shows=track_svgs)  # fmt: skip
        deck = f"deck-{paper.name}.pdf"
        writer.add(deck, "deck-mapping",
                   pages=write_deck(writer.path(deck), paper, seed, players, rules))  # fmt: skip
        rules_pdf = f"rules-{paper.name}.pdf"
        writer.add(rules_pdf, "rules",
                   pages=write_rules(writer.path(rules_pdf), paper, seed, rules))  # fmt: skip
        book = f"puzzles-{paper.name}.pdf"
        writer.add(book, "puzzle-book",
                   pages=write_book(writer.path(book), paper, puzzles, seed))  # fmt: skip
        if printed_rules is not None:
            rulebook_pdf = f"rulebook-{paper.name}.pdf"
            pages = write_rulebook(writer.path(rulebook_pdf), paper, printed_rules, seed)
            writer.add(rulebook_pdf, "rulebook", pages=pages)
        _list_for_guide(request, paper, cards)


def _provide(request: KitRequest, cards: CardSet, aids: list, figures: list) -> None:
    """Record for the table check what the kit drew: the character cards of each suit (by
    their names), the aid cards (a front each), the track strips and how far the shortest
    strip reaches, read from the drawn SVGs."""
    writer = request.writer
    for suit in ("identity", "enemy", "life", "heart"):
        writer.provide(f"{suit} card", sum(1 for f in cards.faces if f.name.endswith(f" {suit}")))
    writer.provide("player aid", sum(1 for face in aids if "YOUR TURN" in face.front))
    strips = [part for _, svg in figures for part in svg.split('class="track track-')[1:]]
    writer.provide("life track", len(strips))
    if strips:
        tens = min(strip.count('class="cell cell-tens"') for strip in strips)
        writer.provide("life track reach", track_reach(tens))


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


def guide_about(players: int | None, rules: Rules = PUBLISHED) -> str:
    """Return the guide's line about the game, for `players` players or any table, naming
    a designed variant's numbers."""
    table = (
        f"this kit is for {players} players"
        if players
        else "this kit is for any table of 6 to 13: with N players, use the characters Ace "
        "to the N-th"
    )
    about = (
        "A party game of hidden identities: each player secretly is one character and "
        f"secretly hunts another, and the last character alive wins ({table})."
    )
    if rules != PUBLISHED:
        about += (
            f" Printed for a designed variant: {rules.markers} markers a life card, extended "
            f"plays of {rules.extend}, double ones of {rules.double}, sudden death at "
            f"{rules.sudden_at}."
        )
    return about


def assembly(rules: Rules = PUBLISHED) -> tuple[str, ...]:
    """Return the guide's steps after the cards' own, with the markers of `rules`."""
    return (
        "Character cards: sort them into four piles by their band (identity, enemy, life, "
        "heart). Shuffle the identities and deal one face down to each player; the same "
        "with the enemies.",
        "Or use a standard deck instead: the deck page says which card is which.",
        f"Life markers: {rules.markers} a character (coins, beads, buttons), or the life "
        "track strips with two paper clips each: cut them out along the solid lines.",
    )


def _list_for_guide(request: KitRequest, paper: Paper, cards: CardSet) -> None:
    """List the kit's PDFs on `paper` for its guide page and print-all file."""
    writer, name = request.writer, paper.name
    duplex = request.back_mode == "duplex"
    count = len(cards.ranks)
    if request.design is None:
        writer.to_print(
            paper,
            f"rulebook-{name}.pdf",
            "The rulebook: what is in the kit, setting up, the rules and a worked example",
        )
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
