"""Fugitive's printable components: the cards as SVG faces, and the kit that imposes them on
PDF sheets beside the pages (rules reference, notepad, puzzle book) that flow.

Cards (poker size, from the Jinja2 templates in templates/fugitive/):

- hideout_svg: a Hideout, its number big and in two corners, its pile as a coloured band,
  its Sprint value as footprints (never as a digit);
- event_svg, placeholder_svg: the variant cards; role_svg: the Fugitive's and the Marshal's
  turn summaries;
- deck_back_svg: ONE back for every card that goes into the draw piles (Hideouts, Events,
  Placeholders). Backs that showed the pile would tell the Marshal the range of every
  face-down Hideout and Sprint card, and of every card in the Fugitive's hand; and Events
  and Placeholders are shuffled into the piles in the variants, so they must not stand
  out either. The pile shows on the front instead, for sorting face up at setup.
- role_back_svg: the role cards' own back.

Pages that flow are said in their own modules and set by the document layer
(generator/render/document/): the rules reference (reference.py), the Marshal's notepad
(notepad.py) and the puzzle book (puzzles/book.py, puzzles/solutions.py), with the drawings
they hold (figures.py).

build_kit and build_puzzle_kit, at the end, are the only code here that writes PDFs (with
generator.render).
"""

import json
from collections import Counter
from dataclasses import dataclass
from functools import cache, partial

from generator.games.fugitive.cards import (
    ESCAPE,
    EVENTS,
    HIDEOUTS,
    PILES,
    PLACEHOLDERS,
    DeckConfig,
    Event,
    helped_icon,
    pile_of,
    published,
)
from generator.games.fugitive.table import HIDEOUT, NOTEPAD, PLACEHOLDER, REFERENCE, ROLE
from generator.kit import KitRequest, card_steps, card_svgs, record_deck
from generator.render.layouts import CardFormat, LayoutBook, Paper
from generator.render.sheets import CardFace
from generator.render.templates import render_card
from generator.render.text import TextOverflow, fit_sections, needs_underline

TITLE = "Fugitive"
CARD_FORMAT = "poker"

# Colours: one per pile (the band on a Hideout's front), one per role (also the colour of
# an Event's icon), one for Events, one for Placeholders.
START_COLOUR = "#4f5663"
PILE_COLOURS = ("#2e6a8e", "#a8701a", "#9b3b2f")
FUGITIVE_COLOUR = "#2f6b4f"
MARSHAL_COLOUR = "#27406b"
NEUTRAL_COLOUR = "#6b6b6b"
EVENT_COLOUR = "#5b3f7a"
PLACEHOLDER_COLOUR = "#4a4a4a"
ICON_COLOURS = {"fugitive": FUGITIVE_COLOUR, "marshal": MARSHAL_COLOUR, "none": NEUTRAL_COLOUR}
HELPS = {
    "fugitive": "HELPS THE FUGITIVE",
    "marshal": "HELPS THE MARSHAL",
    "none": "EITHER SIDE: HELPS WHOEVER DRAWS IT",
}


# --- cards ----------------------------------------------------------------------------------


@cache
def _poker() -> CardFormat:
    return LayoutBook().card(CARD_FORMAT)


def _render(
    template: str, fields: dict, bleed: float, card: CardFormat | None, ink: str = "normal"
) -> str:
    """Render templates/fugitive/<template> (with `ink`, normal or low, for the templates
    that have a light version) and check it is an SVG of the card's size."""
    return render_card(f"fugitive/{template}", card or _poker(), bleed, fields, ink)


def pile_colour(number: int) -> str:
    """Return the colour of the pile Hideout `number` belongs to (0-3 and 42: the start)."""
    pile = pile_of(number)
    return START_COLOUR if pile < 0 else PILE_COLOURS[pile]


def pile_label(number: int) -> str:
    """Return the band text of Hideout `number`: its pile, or what it does at the start."""
    if number == 0:
        return "START · FIRST HIDEOUT"
    if number == ESCAPE:
        return "START · ESCAPE"
    pile = pile_of(number)
    if pile < 0:
        return "START · FUGITIVE'S HAND"
    low, high = PILES[pile]
    return f"PILE {low}–{high}"


HIDEOUT_NUMBERS = frozenset(str(number) for number in HIDEOUTS)


def hideout_svg(
    number: int,
    config: DeckConfig | None = None,
    *,
    bleed: float = 0.0,
    card: CardFormat | None = None,
) -> str:
    """Return the front of Hideout `number` with as many footprints as its Sprint value in
    `config` (the published deck by default). Footprints are <g class="footprint"> (the
    big set) and <g class="footprint-mini"> (the set in each corner index). A number that
    reads as another Hideout turned round (6 and 9, in Quarry's type) is underlined, big
    and in both corners."""
    if number not in HIDEOUTS:
        raise ValueError(f"no Hideout {number}")
    config = config or published()
    fields = {
        "number": number,
        "underline": needs_underline(str(number), HIDEOUT_NUMBERS),
        "sprint": config.sprint[number],
        "colour": pile_colour(number),
        "label": pile_label(number),
    }
    return _render("hideout.svg.j2", fields, bleed, card)


def event_svg(event: Event, *, bleed: float = 0.0, card: CardFormat | None = None) -> str:
    """Return the front of `event`: its name, icon (footprints, binoculars or none), whom it
    helps, and its text fitted to the card."""
    fields = {
        "name": event.name,
        "text": event.text,
        "icon": event.icon,
        "helps": HELPS[event.icon],
        "colour": EVENT_COLOUR,
        "icon_colour": ICON_COLOURS[event.icon],
    }
    return _render("event.svg.j2", fields, bleed, card)


PLACEHOLDER_LEAD = "Catch-up variant. When you draw this card, count the face-down Hideouts:"
PLACEHOLDER_ROWS = (
    ("1", "fugitive", "the Fugitive's Events"),
    ("2", "none", "the neutral Events"),
    ("3+", "marshal", "the Marshal's Events"),
)
PLACEHOLDER_NOTE = (
    "Resolve that Event, then draw another card in place of this one. "
    "Leave Placeholders out of every other game."
)


def placeholder_svg(*, bleed: float = 0.0, card: CardFormat | None = None) -> str:
    """Return the front of a Placeholder: which Event pile to draw from, by how many
    Hideouts are face down (all six Placeholders are alike)."""
    rows = [
        {"count": count, "icon": icon, "pile": pile, "colour": ICON_COLOURS[icon]}
        for count, icon, pile in PLACEHOLDER_ROWS
    ]
    fields = {
        "colour": PLACEHOLDER_COLOUR,
        "lead": PLACEHOLDER_LEAD,
        "rows": rows,
        "note": PLACEHOLDER_NOTE,
    }
    return _render("placeholder.svg.j2", fields, bleed, card)


@dataclass(frozen=True)
class Role:
    """A role card's words: title, goal, and (heading, text) sections of the turn summary."""

    key: str
    title: str
    goal: str
    sections: tuple[tuple[str, str], ...]


ROLES = (
    Role(
        "fugitive",
        "FUGITIVE",
        "Lay a trail of Hideouts up to card 42 and get away.",
        (
            ("Your first turn", "Place 1 or 2 new Hideouts. You draw nothing."),
            ("Every later turn", "Draw 1 card from any pile. Then place 1 new Hideout, or pass."),
            (
                "Placing a Hideout",
                "Lay it face down at the right end of the row. Its number must be higher "
                "than the last Hideout's, by 3 at most.",
            ),
            (
                "Sprinting",
                "Tuck cards face down under the new Hideout to reach further: each adds its "
                "footprints to the 3. The Marshal may count them but not read them. "
                "Spare Sprint cards are allowed, to bluff.",
            ),
            (
                "Escape",
                "Play the 42 (it needs reach too) to win. If no face-up Hideout is above 29, "
                "the Marshal first gets a manhunt.",
            ),
        ),
    ),
    Role(
        "marshal",
        "MARSHAL",
        "Turn up every Hideout before the Fugitive slips away.",
        (
            ("Your first turn", "Draw 2 cards, from one pile or from two. Then guess."),
            ("Every later turn", "Draw 1 card from any pile. Then guess."),
            (
                "Guessing",
                "Say a number from 1 to 41. If a face-down Hideout carries it, that card is "
                "turned up, with the Sprint cards under it.",
            ),
            (
                "Several numbers",
                "Name them together: if every one is face down in the row, all are turned "
                "up; a single miss turns up none.",
            ),
            (
                "Manhunt",
                "The 42 comes out while no face-up Hideout is above 29: guess one number at "
                "a time. Turn up the last one and you win; one miss and he is gone.",
            ),
            ("Notepad", "Cards in your hand are never Hideouts: cross them off."),
        ),
    ),
)
ROLE_BY_KEY = {role.key: role for role in ROLES}
ROLE_TOP, ROLE_BOTTOM = 18.5, 4.0  # where the sections start, the margin they end above


def _role_layout(role: Role, width: float, height: float) -> dict:
    """Return the largest text size (down to 6 pt) at which the sections fill `height`,
    with each section's text height at that size."""
    layout = fit_sections(role.sections, width, height, 7.25, 6.0, gap=1.3)
    if layout is None:
        raise TextOverflow(role.title, width, height, 6.0)
    return layout


def role_svg(key: str, *, bleed: float = 0.0, card: CardFormat | None = None) -> str:
    """Return the role card of "fugitive" or "marshal": goal, first turn, later turns and
    the options, in the largest type that fits."""
    role = ROLE_BY_KEY[key]
    card_format = card or _poker()
    layout = _role_layout(role, card_format.width - 10, card_format.height - ROLE_TOP - ROLE_BOTTOM)
    fields = {
        "title": role.title,
        "goal": role.goal,
        "icon": role.key,
        "colour": ICON_COLOURS[role.key],
        **layout,
    }
    return _render("role.svg.j2", fields, bleed, card)


def deck_back_svg(
    *, bleed: float = 0.0, card: CardFormat | None = None, ink: str = "normal"
) -> str:
    """Return the one back shared by Hideouts, Events and Placeholders (see the module
    docstring for why it shows no pile); with `ink` low, its light version (outlines on
    white instead of a dark fill)."""
    return _render("back.svg.j2", {}, bleed, card, ink)


def role_back_svg(
    *, bleed: float = 0.0, card: CardFormat | None = None, ink: str = "normal"
) -> str:
    """Return the back of the two role cards; with `ink` low, on white instead of a tint."""
    fields = {"fugitive_colour": FUGITIVE_COLOUR, "marshal_colour": MARSHAL_COLOUR}
    return _render("role-back.svg.j2", fields, bleed, card, ink)


@dataclass(frozen=True)
class CardSet:
    """Every distinct card as (slug, manifest kind, SVG), and the faces to impose."""

    svgs: list[tuple[str, str, str]]
    deck: list[CardFace]  # the 43 Hideouts, then the 2 role cards: 5 sheets of 9
    variants: list[CardFace]  # the 10 Events, then the 6 Placeholders


def card_set(
    config: DeckConfig | None = None,
    *,
    bleed: float = 0.0,
    card: CardFormat | None = None,
    in_play_only: bool = False,
    ink: str = "normal",
) -> CardSet:
    """Return all of Fugitive's cards drawn with `bleed`, Sprint values from `config`; with
    `in_play_only`, only the events `config`'s variant can deal (those in play; for a helpful
    variant, those of its icon), and the Placeholders only for catch-up; with `ink` low,
    the light backs."""
    back = deck_back_svg(bleed=bleed, card=card, ink=ink)
    roles_back = role_back_svg(bleed=bleed, card=card, ink=ink)
    svgs = [("back-deck", "card-back", back), ("back-role", "card-back", roles_back)]
    deck, variants = [], []
    for number in HIDEOUTS:
        front = hideout_svg(number, config, bleed=bleed, card=card)
        svgs.append((f"hideout-{number:02d}", "card-front", front))
        deck.append(CardFace(front, back, f"Hideout {number}"))
    for role in ROLES:
        front = role_svg(role.key, bleed=bleed, card=card)
        svgs.append((f"role-{role.key}", "card-front", front))
        deck.append(CardFace(front, roles_back, f"{role.title.title()} role card"))
    config = config or published()
    used = set(config.event_cards(helped_icon(config.variant))) if config.variant != "none" else ()
    for event in EVENTS:
        if in_play_only and event.card not in used:
            continue
        front = event_svg(event, bleed=bleed, card=card)
        svgs.append((f"event-{event.key}", "card-front", front))
        variants.append(CardFace(front, back, event.name))
    if not in_play_only or config.variant == "catchup":
        placeholder = placeholder_svg(bleed=bleed, card=card)
        svgs.append(("placeholder", "card-front", placeholder))
        variants += [CardFace(placeholder, back, "Placeholder") for _ in PLACEHOLDERS]
    return CardSet(svgs, deck, variants)


# --- the kit --------------------------------------------------------------------------------


REFERENCE_COPIES = 2  # rules-<paper>.pdf: one a player
NOTEPAD_COPIES = 2  # notepad-<paper>.pdf: one a game, and one to spare
DECK_FILE = "deck.json"  # the designed deck `generate deck` writes: the kit's --design file


def build_kit(request: KitRequest) -> None:
    """Write Fugitive's kit into request.writer, for each of request.papers:

    - cards-<paper>.pdf: the 43 Hideouts and the 2 role cards, imposed with the request's
      sheet layout and back offsets, with their backs as request.backs says (duplex: each
      sheet of fronts followed by its backs for a long-edge flip; fold: fronts and backs
      side by side; none: fronts only), and light backs when request.ink is low;
    - events-<paper>.pdf: the 10 Events and 6 Placeholders, the same way;
    - notepad-<paper>.pdf: the Marshal's notepad (print one per game);
    - rules-<paper>.pdf: the rules reference on one page;
    - puzzles-<paper>.pdf: a sample puzzle book (SAMPLE_BOOK, from the request's seed), and
      puzzles.json with its puzzles;
    - svg/: every distinct card and back once (the pages flow, so they have no SVG).

    With request.design (a deck configuration, deck.json) the Hideouts carry its Sprint
    values and events-<paper>.pdf holds only the cards its variant deals (none at all for
    the variant none). What the kit printed is counted from the cards imposed and the
    pages written, times the copies the guide asks for, and held against table.needs.
    """
    from generator.games.fugitive.cards import load_config
    from generator.games.fugitive.notepad import write_notepad
    from generator.games.fugitive.reference import write_reference
    from generator.games.fugitive.rulebook import rulebook
    from generator.games.fugitive.table import needs
    from generator.render.document.rulebook import write_rulebook
    from generator.render.imposition import impose
    from generator.render.pdf import Footer
    from generator.render.sheets import write_card_sheets

    writer, seed = request.writer, request.seed
    designed = request.design is not None
    config = load_config(request.design) if designed else published()
    card, sheet = request.book.card(CARD_FORMAT), request.sheet_layout()
    steps = card_steps(request.back_mode, sheet.bleed > 0)
    if designed:
        writer.describe(f"{TITLE}, a designed deck", _design_about(config), steps)
    else:
        writer.describe(TITLE, GUIDE_ABOUT, steps)
    writer.set_table(needs(request.players or 2, request.design))
    cards = card_set(config, bleed=sheet.bleed, card=card, ink=request.ink, in_play_only=designed)
    for slug, kind, svg in cards.svgs:
        writer.write_text(f"svg/{slug}.svg", svg, kind)
    puzzles = sample_puzzles(seed)
    writer.write_text("puzzles.json", json_text(puzzles), "puzzles")
    printed_rules = None if designed else rulebook()
    sheets = [("cards", cards.deck, "hideout and role cards")]
    if cards.variants:
        placeholders = any(face.name == "Placeholder" for face in cards.variants)
        what = "event and placeholder cards" if placeholders else "event cards"
        sheets.append(("events", cards.variants, what))
    pages_printed: list[Counter] = []
    for paper in request.papers:
        imposition = impose(paper, card, sheet, request.back_mode)
        faces_printed: list[CardFace] = []
        for stem, faces, component in sheets:
            pdf = f"{stem}-{paper.name}.pdf"
            footer = Footer(TITLE, component, seed)
            pages = write_card_sheets(writer.path(pdf), faces, imposition, footer)
            writer.add(pdf, "card-sheets", pages=pages, shows=card_svgs(writer, faces))
            record_deck(writer, stem, faces)
            faces_printed += faces
        pages = Counter()
        reference = partial(write_reference, config=config if designed else None)
        for stem, kind, write, copies in (
            ("notepad", "notepad", write_notepad, NOTEPAD_COPIES),
            ("rules", "reference-card", reference, REFERENCE_COPIES),
        ):
            pdf = f"{stem}-{paper.name}.pdf"
            count = write(writer.path(pdf), paper, seed)
            writer.add(pdf, kind, pages=count)
            pages[stem] = count * copies
        pages_printed.append(pages)
        write_puzzle_book(writer, paper, puzzles, seed)
        if not designed:  # the rulebook's example is a game of the published deck
            rules = f"rulebook-{paper.name}.pdf"
            pages = write_rulebook(writer.path(rules), paper, printed_rules, seed)
            writer.add(rules, "rulebook", pages=pages)
        _list_for_guide(writer, paper, request.back_mode, cards.variants, designed and config)
    _provide_cards(writer, faces_printed)
    writer.provide(NOTEPAD, min(pages["notepad"] for pages in pages_printed))
    writer.provide(REFERENCE, min(pages["rules"] for pages in pages_printed))


def _provide_cards(writer, faces: list[CardFace]) -> None:
    """Record the cards of one paper's sheets for the table check, read from each face as
    drawn: a Hideout by its label and its Sprint value by the footprints on its front."""
    from generator.games.fugitive.table import event_piece, sprint_piece

    count: Counter = Counter()
    for face in faces:
        if face.name.startswith("Hideout "):
            count[HIDEOUT] += 1
            count[sprint_piece(face.front.count('class="footprint"'))] += 1
        elif face.name.endswith(" role card"):
            count[ROLE] += 1
        elif face.name == "Placeholder":
            count[PLACEHOLDER] += 1
        else:
            count[event_piece(face.name)] += 1
    for name, number in count.items():
        writer.provide(name, number)


def _design_about(config) -> str:
    """Return the guide's words about a designed deck: its Sprint values and variant."""
    values = ", ".join(
        f"{config.sprint.count(value)} at +{value}" for value in sorted(set(config.sprint))
    )
    about = f"A designed deck: its Hideouts' Sprint values ({values})"
    if config.variant == "none":
        return about + "; played without events."
    return about + f", played with the {config.variant} variant and its events in play."


GUIDE_ABOUT = (
    "Two players: the Fugitive lays a trail of hidden Hideouts toward card 42, the Marshal "
    "names numbers to turn them up first."
)


def _list_for_guide(
    writer, paper: Paper, back_mode: str, variants: list[CardFace], design=None
) -> None:
    """List the kit's PDFs on `paper` for its guide page and print-all file (`design`: the
    designed deck's configuration, whose variant the events are for)."""
    two_sided = back_mode == "duplex"
    name = paper.name
    if not design:
        writer.to_print(
            paper,
            f"rulebook-{name}.pdf",
            "The rulebook: what is in the kit, setting up, the rules and a worked example",
        )
    writer.to_print(paper, f"cards-{name}.pdf", "43 Hideouts and the 2 role cards", 1, two_sided)
    if variants:
        events = sum(face.name != "Placeholder" for face in variants)
        placeholders = len(variants) - events
        what = f"{events} Events" + (f" and {placeholders} Placeholders" if placeholders else "")
        note = (
            f"For the {design.variant} variant this deck plays"
            if design
            else "Only for the variants with events"
        )
        writer.to_print(paper, f"events-{name}.pdf", what, 1, two_sided, note)
    writer.to_print(
        paper, f"rules-{name}.pdf", "The rules on one page", REFERENCE_COPIES, note="One a player"
    )
    writer.to_print(
        paper,
        f"notepad-{name}.pdf",
        "The Marshal's notepad",
        NOTEPAD_COPIES,
        note="One a game; print more",
    )
    writer.to_print(
        paper,
        f"puzzles-{name}.pdf",
        "A sample book of puzzles to play alone",
        note="Its puzzles use the published Sprint values, not this deck's" if design else "",
    )


REPORT_SIZES = (8.5, 8.0, 7.5, 7.0)  # report-<paper>.pdf: body sizes tried, largest first
REPORT_ROWS_PER_PAGE = 12  # decks a page (with an event variant, a line of events each)


def build_deck_kit(request: KitRequest, report) -> None:
    """Write a designed deck (design.balance.DeckReport) into request.writer, the design
    folder: deck.json (the best deck: the design file `quarry kit fugitive --design` prints,
    and `quarry simulate fugitive --deck` plays), report.json (every candidate ranked, and
    the published deck), report.txt (what the terminal shows) and report-<paper>.pdf (the
    same table on paper). The cards to play with are the kit's, not the folder's."""
    from generator.games.fugitive.design.balance import report_text

    writer, paper = request.writer, request.paper
    best = report.best.config
    writer.write_text(DECK_FILE, json_text(best.to_json()), "deck-configuration")
    writer.write_text("report.json", json_text(report.to_json()), "design-report")
    writer.write_text("report.txt", report_text(report), "design-report")
    writer.describe(
        f"{TITLE}, designed decks",
        "The decks the designer found within your constraints, ranked by how near the "
        "Fugitive's win rate comes to the target, beside the published deck; deck.json is "
        "the best.",
        [
            "To play the best deck, print its kit: quarry kit fugitive --design with this "
            "folder. Its Hideouts carry the designed footprints, and only the events its "
            "variant deals are printed.",
            "deck.json plays this deck in simulations: quarry simulate fugitive --deck "
            "deck.json; report.json ranks every candidate the designer tried.",
        ],
        back_options=False,
    )
    pdf = f"report-{paper.name}.pdf"
    writer.add(pdf, "design-report", pages=write_deck_report(writer.path(pdf), paper, report))
    writer.to_print(paper, pdf, "The ranked decks beside the published one")


def write_deck_report(target, paper: Paper, report) -> int:
    """Write the report page(s) of a deck design to the PDF `target`: every candidate in
    rank order and the published deck, with their Fugitive win rates, Sprint values by pile
    and events; return the page count."""
    from generator.games.fugitive.design.balance import events_text, pile_strings
    from generator.render.document import SHADE, Header, Part, fit_document
    from generator.render.document.styles import colour
    from generator.render.pdf import Footer

    constraints = ", ".join(report.constraints) or "none"
    header = Header(
        f"{TITLE}: designed decks",
        f"seed {report.seed} · target {report.target:.2f} · variant {report.variant} · "
        f"{report.games:,} games a deck · constraints: {constraints}",
    )

    def row(label: str, entry) -> list[str]:
        value = float(entry.score["value"])
        low, high = (float(x) for x in entry.score["ci95"])
        piles = pile_strings(entry.config)
        events = events_text(entry.config).removeprefix("events: ")
        return [label, f"{value:.3f}", f"{low:.3f} to {high:.3f}", f"{entry.distance:.3f}",
                piles["start"], piles["pile1"], piles["pile2"], piles["pile3"], events]  # fmt: skip

    def parts(blocks) -> list[Part]:
        head = ["", "win rate", "95 % interval", "from target", "start 0-3/42",
                "pile 1 (4-14)", "pile 2 (15-28)", "pile 3 (29-41)", "events"]  # fmt: skip
        rows = [head]
        for rank, entry in enumerate(report.ranked, start=1):
            rows.append(row(f"#{rank}" + (" best" if rank == 1 else ""), entry))
        rows.append(row("published", report.published))
        last = len(rows) - 1
        extra = [("BACKGROUND", (0, last), (-1, last), colour(SHADE))]
        widths = (0.09, 0.07, 0.1, 0.07, 0.07, 0.11, 0.13, 0.14, 0.22)
        story = [
            blocks.para(
                "Each deck was played by the Planning Fugitive against the Deducing Marshal "
                "on the same game seeds, and ranked by how near the Fugitive's win rate comes "
                "to the target (the win rate with its 95 % interval). The Sprint values are "
                "written as digits, one a Hideout in number order (the cards show them as "
                "footprints)."
            ),
            blocks.gap(2),
            blocks.table(rows, widths, style="cell-small", extra=extra),
        ]
        if report.published_breaks:
            breaks = ", ".join(report.published_breaks)
            story.append(blocks.para(f"The published deck breaks: {breaks}.", "note"))
        return [Part(header, story, "deck report")]

    footer = Footer(TITLE, "deck report", report.seed)
    pages = -(-(len(report.ranked) + 1) // REPORT_ROWS_PER_PAGE)
    return fit_document(target, paper, parts, footer, REPORT_SIZES, pages)


# --- puzzle books ---------------------------------------------------------------------------

# The kit's sample book: a few puzzles of each difficulty, all from the kit's seed. Hard
# puzzles take a second or more each to make and certify, so the sample holds one.
SAMPLE_BOOK = (("easy", 2), ("medium", 1), ("hard", 1))


def sample_puzzles(seed: int) -> list[dict]:
    """Return the kit's sample puzzles (SAMPLE_BOOK, each difficulty made by
    generate_puzzles from `seed`) as Puzzle.to_json() dicts, easiest first."""
    from generator.games.fugitive.puzzles import generate_puzzles

    return [
        puzzle.to_json()
        for difficulty, count in SAMPLE_BOOK
        for puzzle in generate_puzzles(count, difficulty, seed)
    ]


def json_text(data) -> str:
    """Return `data` as the kit writes JSON (puzzles.json, deck.json, report.json): sorted
    keys, two-space indents, a final newline."""
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def write_puzzle_book(writer, paper: Paper, puzzles: list[dict], seed: int) -> None:
    """Write puzzles-<paper>.pdf (the book of puzzles.book.BOOK) into `writer`'s kit."""
    from generator.games.fugitive.puzzles.book import write_book

    name = f"puzzles-{paper.name}.pdf"
    writer.add(name, "puzzle-book", pages=write_book(writer.path(name), paper, puzzles, seed))


def build_puzzle_kit(request: KitRequest, puzzles: list) -> None:
    """Write a puzzle book kit into request.writer: puzzles.json (every puzzle's to_json())
    and puzzles-<paper>.pdf for the request's paper."""
    plain = [puzzle.to_json() if hasattr(puzzle, "to_json") else puzzle for puzzle in puzzles]
    request.writer.write_text("puzzles.json", json_text(plain), "puzzles")
    write_puzzle_book(request.writer, request.paper, plain, request.seed)
