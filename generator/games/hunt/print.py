"""The Hunt's printable components, set by the document layer (generator.render.document).

- the Dragon's map sheet, blank or drawn (mapsheet.py: the drawing is a figure);
- the Knight's and the Dragon's logs, turns 1-17 (logsheets.py);
- the rules reference card, one page in two columns (reference.py);
- the puzzle book: instructions, puzzles, worked solutions (puzzles/book.py, puzzles/solutions.py).

Each module says what goes on its pages; figures.py frames art.py's drawings as SVG
components. This module writes the kit's PDFs: every page is a Part, fitted to one page
where it must be, with the footer the layer draws.
"""

import json
from collections import Counter
from pathlib import Path

from generator.games.hunt.figures import map_figure
from generator.games.hunt.logsheets import SIZES as LOG_SIZES
from generator.games.hunt.logsheets import dragon_log_part, knight_log_part
from generator.games.hunt.maps import RouteMap
from generator.games.hunt.mapsheet import SIZES as MAP_SIZES
from generator.games.hunt.mapsheet import map_sheet_part
from generator.games.hunt.puzzles.book import write_book
from generator.games.hunt.reference import SIZES as REFERENCE_SIZES
from generator.games.hunt.reference import reference_part
from generator.kit import KitRequest
from generator.render.document import Part, TypeScale, fit_parts, write_document
from generator.render.layouts import Paper
from generator.render.pdf import Footer

TITLE = "The Hunt"
MAP_FIGURE_MM = (180.0, 175.0)  # svg/map-figure.svg: the blank map drawing at this size


def sheet_parts(paper: Paper, seed: int) -> list[Part]:
    """Return the game's sheets for `paper`, each fitted to one page (the largest type that
    fits): the blank map sheet, the Knight's log, the Dragon's log, the reference card."""
    footer = Footer(TITLE, "sheets", seed)
    parts: list[Part] = []
    for make, sizes in (
        (map_sheet_part, MAP_SIZES),
        (knight_log_part, LOG_SIZES),
        (dragon_log_part, LOG_SIZES),
        (reference_part, REFERENCE_SIZES),
    ):
        parts += fit_parts(paper, lambda blocks, make=make: [make(blocks)], footer, sizes, 1)
    return parts


def write_sheets(target: Path, paper: Paper, seed: int) -> int:
    """Write the game's sheets (see sheet_parts) on `paper` to the PDF `target`; return its
    page count (one a sheet)."""
    return len(write_sheet_parts(target, paper, seed))


def write_sheet_parts(target: Path, paper: Paper, seed: int) -> list[str]:
    """Write the game's sheets (see sheet_parts) on `paper` to the PDF `target`; return the
    component of each page written, in order (one page a sheet)."""
    footer = Footer(TITLE, "sheets", seed)
    parts = sheet_parts(paper, seed)
    pages = write_document(target, paper, parts, footer, TypeScale())
    assert pages == len(parts), "each sheet is one page"
    return [part.component for part in parts]


def route_map_parts(
    paper: Paper, route_map: RouteMap, seed: int, loops: bool | None, component: str
) -> list[Part]:
    """Return the map sheet with `route_map` drawn (and its arrows in the table) on `paper`,
    fitted to one page; `component` names it in the footer."""
    footer = Footer(TITLE, component, seed)
    return fit_parts(
        paper, lambda blocks: [map_sheet_part(blocks, route_map, loops)], footer, MAP_SIZES, 1
    )


def write_route_map(
    target: Path,
    route_map: RouteMap,
    paper: Paper,
    seed: int,
    loops: bool | None = None,
    component: str = "best route map",
) -> int:
    """Write the map sheet with `route_map` drawn (and its arrows in the table) to the PDF
    `target`, one page; return its page count."""
    footer = Footer(TITLE, component, seed)
    parts = route_map_parts(paper, route_map, seed, loops, component)
    return write_document(target, paper, parts, footer, TypeScale())


SAMPLE_BOOK = (("easy", 2), ("medium", 2), ("hard", 2))


def sample_puzzles(seed: int) -> list[dict] | None:
    """Return the kit's sample book (two easy, two medium, two hard puzzles, no loops) as
    dicts with their question text ("prompt") and worked solution ("reasoning"), or None
    when generator.games.hunt.puzzles is not there."""
    try:
        from generator.games.hunt import puzzles as hunt_puzzles
    except ImportError:
        return None
    book = []
    for difficulty, count in SAMPLE_BOOK:
        book += hunt_puzzles.book_entries(hunt_puzzles.generate_puzzles(count, difficulty, seed))
    return book


SHEET_COPIES = 2  # hunt-<paper>.pdf: one copy for each hunt of the match
MAP_FILE = "map.json"  # the designed map `generate routes` writes: the kit's --design file


def build_kit(request: KitRequest) -> None:
    """Write The Hunt's kit into request.writer, for each of request.papers:
    rulebook-<paper>.pdf (rulebook.py: cover, setup, rules, a worked example replayed from
    a record), hunt-<paper>.pdf (map, both logs, reference card) and svg/map-figure.svg; with the
    puzzle generator there, also puzzles-<paper>.pdf (a sample book) and puzzles.json (its
    puzzles). With request.design (a route map file, map.json), also map-<paper>.pdf: the
    Dragon's map sheet with the designed map drawn and written in, and svg/route-map.svg,
    that drawing; one hunt of the match is played on it (table.py says why not both).
    The Hunt prints no cards: request.backs, sheet and back_offset change nothing, and its
    pages are line art with light tints whatever request.ink says. What the kit printed is
    counted from the pages it laid out, times the copies the guide asks for, and held
    against table.needs."""
    from generator.games.hunt.maps import load_map_design
    from generator.games.hunt.rulebook import rulebook
    from generator.games.hunt.table import PIECE_OF_COMPONENT, needs
    from generator.render.document.rulebook import write_rulebook

    writer, seed = request.writer, request.seed
    design = load_map_design(request.design) if request.design is not None else None
    if design is None:
        writer.describe(TITLE, GUIDE_ABOUT, GUIDE_STEPS)
    else:
        loops = "loops allowed" if design.loops else "no loops"
        writer.describe(
            f"{TITLE}, a designed route map",
            f"{GUIDE_ABOUT} One hunt is played on the designed map ({loops}).",
            [DESIGN_STEP, *GUIDE_STEPS],
        )
    writer.set_table(needs(request.players or 2, request.design))
    puzzles = sample_puzzles(seed)
    if puzzles:
        keys = ("id", "difficulty", "loops", "question", "log", "answer")
        plain = [{key: puzzle[key] for key in keys} for puzzle in puzzles]
        text = json.dumps(plain, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
        writer.write_text("puzzles.json", text, "puzzles")
    writer.write_text("svg/map-figure.svg", map_figure(*MAP_FIGURE_MM), "map-figure")
    if design is not None:
        svg = map_figure(*MAP_FIGURE_MM, design.route_map)
        writer.write_text("svg/route-map.svg", svg, "map-figure")
    printed_rules = rulebook()
    printed: list[Counter] = []  # each paper's sheets, counted from the pages laid out
    for paper in request.papers:
        rules = f"rulebook-{paper.name}.pdf"
        writer.add(
            rules, "rulebook", pages=write_rulebook(writer.path(rules), paper, printed_rules, seed)
        )
        pdf = f"hunt-{paper.name}.pdf"
        components = write_sheet_parts(writer.path(pdf), paper, seed)
        writer.add(pdf, "game-sheets", pages=len(components), shows=["svg/map-figure.svg"])
        sheets = Counter({c: n * SHEET_COPIES for c, n in Counter(components).items()})
        if design is not None:
            drawn = f"map-{paper.name}.pdf"
            parts = route_map_parts(paper, design.route_map, seed, design.loops, "route map")
            footer = Footer(TITLE, "route map", seed)
            pages = write_document(writer.path(drawn), paper, parts, footer, TypeScale())
            writer.add(drawn, "map-sheet", pages=pages, shows=["svg/route-map.svg"])
            sheets.update(part.component for part in parts)  # one copy
        printed.append(sheets)
        if puzzles:
            book = f"puzzles-{paper.name}.pdf"
            count = write_book(writer.path(book), paper, puzzles, seed)
            writer.add(book, "puzzle-book", pages=count)
        _list_for_guide(writer, paper, bool(puzzles), design is not None)
    # Every paper prints the whole table: the kit gives what the thinnest paper gives.
    for component in sorted({c for sheets in printed for c in sheets}):
        count = min(sheets[component] for sheets in printed)
        writer.provide(PIECE_OF_COMPONENT[component], count)


GUIDE_ABOUT = (
    "Two players, a match of two hunts: the Dragon moves by a secret map of arrows, the "
    "Knight hunts him; then the roles swap and the better Dragon wins."
)
GUIDE_STEPS = [
    "Each hunt needs one map and both logs: the player who is the Dragon draws the arrows "
    "on the map in secret, then each player keeps a log in pencil.",
    "The reference card sits between the players; the second copy is for the other player.",
    "The puzzle book is for one player: its solutions, with the reasoning, are at the back.",
]
DESIGN_STEP = (
    "The designed map is for one hunt's Dragon only: print it out of the other player's "
    "sight. In the other hunt that player is the Dragon and draws a map of his own on a "
    "blank map sheet (he has hunted the designed one)."
)


def _list_for_guide(writer, paper: Paper, puzzles: bool, designed: bool = False) -> None:
    """List the kit's PDFs on `paper` for its guide page and print-all file."""
    writer.to_print(
        paper,
        f"rulebook-{paper.name}.pdf",
        "The rulebook: what is in the kit, setting up, the rules and a worked example",
    )
    if designed:
        writer.to_print(
            paper,
            f"map-{paper.name}.pdf",
            "The designed route map, drawn on the Dragon's map sheet",
            note="For the Dragon who plays it; keep it hidden",
        )
    writer.to_print(
        paper,
        f"hunt-{paper.name}.pdf",
        "The Dragon's map, the Knight's log, the Dragon's log and the reference card",
        SHEET_COPIES,
        note="One copy for each hunt of the match",
    )
    if puzzles:
        writer.to_print(paper, f"puzzles-{paper.name}.pdf", "A sample book of puzzles")


def build_puzzle_kit(request: KitRequest, puzzles: list) -> None:
    """Write a puzzle book kit: puzzles.json and puzzles-<paper>.pdf for the request's paper,
    every solution with its worked reasoning."""
    from generator.games.hunt.puzzles import book_entries

    plain = [puzzle.to_json() for puzzle in puzzles]
    text = json.dumps(plain, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    request.writer.write_text("puzzles.json", text, "puzzles")
    book = f"puzzles-{request.paper.name}.pdf"
    count = write_book(
        request.writer.path(book), request.paper, book_entries(puzzles), request.seed
    )
    request.writer.add(book, "puzzle-book", pages=count)


REPORT_SIZES = (9.0, 8.5, 8.0, 7.5)  # report-<paper>.pdf: body sizes tried, largest first
REPORT_MAP = {"radius": 19.0, "r": 4.5, "stretch": 0.55}  # a solution map's size (test_art)
REPORT_ROWS_PER_PAGE = 6  # candidates a page, each with its small map


def build_routes_kit(request: KitRequest, report) -> None:
    """Write the route generator's result, the design folder: map.json (the best map and
    whether loops are allowed: the design file `quarry kit hunt --design` prints), routes.json
    (every ranked candidate with its score interval), report.txt (what the terminal shows)
    and report-<paper>.pdf (the candidates ranked, each with its small map). The map sheet
    to play on is the kit's, not the folder's."""
    from generator.games.hunt.design.balance import report_text
    from generator.games.hunt.maps import MapDesign

    writer, paper = request.writer, request.paper
    text = json.dumps(report.to_json(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    writer.write_text("routes.json", text, "route-maps")
    design = MapDesign(report.best.route_map, report.loops).to_json()
    text = json.dumps(design, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    writer.write_text(MAP_FILE, text, "route-map")
    writer.write_text("report.txt", report_text(report), "design-report")
    writer.describe(
        f"{TITLE}, designed route maps",
        "The route maps the generator found within your constraints, ranked by the "
        "Dragon's mean score against the exact Knight; map.json is the best.",
        [
            "To play the best map, print its kit: quarry kit hunt --design with this "
            "folder. It draws the map on the Dragon's map sheet for one hunt of the match.",
            "routes.json ranks every candidate with its measured score interval; the "
            "report page shows each one's arrows.",
        ],
        back_options=False,
    )
    pdf = f"report-{paper.name}.pdf"
    writer.add(pdf, "design-report", pages=write_routes_report(writer.path(pdf), paper, report))
    writer.to_print(paper, pdf, "The ranked route maps, each with its arrows")


def write_routes_report(target: Path, paper: Paper, report) -> int:
    """Write the report page(s) of a route design to the PDF `target`: the candidates in
    rank order, each with its Dragon score, its interval and its small map; return the page
    count."""
    from generator.games.hunt.figures import mini_map_figure
    from generator.render.document import Header, Part, fit_document

    constraints = ", ".join(report.constraints) or "none"
    loops = "loops allowed" if report.loops else "no loops"
    header = Header(
        f"{TITLE}: designed route maps",
        f"seed {report.seed} · {loops} · {report.games:,} games a map against the exact "
        f"Knight · constraints: {constraints}",
    )

    def parts(blocks) -> list[Part]:
        rows: list[list] = [["", "Dragon's mean score", "95 % interval", "found", "the map"]]
        for rank, entry in enumerate(report.ranked, start=1):
            value = float(entry.score["value"])
            low, high = (float(x) for x in entry.score["ci95"])
            drawing = blocks.figure(mini_map_figure(entry.route_map, **REPORT_MAP))
            rows.append(
                [f"#{rank}" + (" best" if rank == 1 else ""), f"{value:.2f}",
                 f"{low:.2f} to {high:.2f}", f"candidate {entry.found}", drawing]
            )  # fmt: skip
        story = [
            blocks.para(
                "Each map was played as the Dragon, with the cunning bot's moves, against "
                "the exact Knight, on the same game seeds for every map: a higher score is "
                "better for the Dragon. Maps whose intervals overlap are not told apart by "
                "this many games. Solid black arrows Walk, hollow red arrows Fly."
            ),
            blocks.gap(2),
            blocks.table(rows, (0.1, 0.18, 0.2, 0.14, 0.38), align="center"),
        ]
        if len(report.ranked) < report.requested:
            story.append(
                blocks.para(
                    f"Only {len(report.ranked)} of the {report.requested} maps asked for "
                    "meet the constraints.",
                    "note",
                )
            )
        return [Part(header, story, "route report")]

    footer = Footer(TITLE, "route report", report.seed)
    pages = -(-len(report.ranked) // REPORT_ROWS_PER_PAGE)
    return fit_document(target, paper, parts, footer, REPORT_SIZES, pages)
