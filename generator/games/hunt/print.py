"""The Hunt's printable components: SVG pages at true size in millimetres.

Every component returns SVG documents (strings) one page in size, for A4 or US Letter
portrait; the bottom FOOTER_BAND mm stay empty for the PDF footer. Components:

- map_sheet_svg: the Dragon's blank map (five landmarks, legend, the map rules, a table);
- route_map_svg: the same sheet with one RouteMap's nine arrows drawn in;
- knight_log_svg / dragon_log_svg: the turn-by-turn logs (turns 1-17, aide turns marked);
- reference_card_svg: the rules on one page, in two columns;
- puzzle_book: instructions, two puzzles a page, solutions with their reasoning.

This module is the public face: the map sheet is drawn here, the other components beside it
(logsheets.py, reference.py, book.py with book_solutions.py), all from the building blocks
of drawing.py (text, lines, page headers) and art.py (landmarks, arrows, mini maps).

write_pages and build_kit, at the end, are the only code here that writes PDFs (with
generator.render.pdf): every page is one SVG placed at 100% with the footer under it.
"""

import json
from pathlib import Path

import svgwrite
from svgwrite.container import Group

from generator.games.hunt.art import (
    COS18,
    NAMES,
    SIN54,
    _draw_arrows,
    _landmark,
    _legend_sample,
    _pentagon_height,
    _positions,
)
from generator.games.hunt.book import puzzle_book
from generator.games.hunt.drawing import (
    FLY_INK,
    FOOTER_BAND,
    FOOTER_PT,
    GREY,
    INK,
    MARGIN,
    SHADE,
    _bottom,
    _finish,
    _header,
    _line,
    _page,
    _paper,
    _para,
    _rect,
    _text,
)
from generator.games.hunt.drawing import OVERTIME as OVERTIME  # the overtime rows' fill
from generator.games.hunt.logsheets import dragon_log_svg, knight_log_svg
from generator.games.hunt.maps import LAIR, NO_ARROW, RouteMap
from generator.games.hunt.reference import reference_card_svg
from generator.kit import KitRequest
from generator.render.layouts import Paper

TITLE = "The Hunt"


# --- the Dragon's map sheet -----------------------------------------------------------------

MAP_RULES = (
    "Town, Hills, Woods and Sea each send out two arrows: one Walk, one Fly.",
    "The Lair sends out a single Fly arrow. No Walk arrow may enter the Lair.",
    "Nine arrows in all. They stay as drawn for the whole round.",
    "A loop (an arrow back to its own place) only if both players agreed to loops.",
)


def _map_page(paper: Paper, route_map: RouteMap | None, loops: bool | None) -> str:
    dwg = _page(paper)
    width = paper.width - 2 * MARGIN
    if route_map is None:
        subtitle = "Draw your nine arrows in secret. Keep this sheet out of the Knight's sight."
        title = "The Dragon's map"
    else:
        subtitle = "A ready-made route map: the Dragon keeps it hidden and follows it all round."
        title = "The Dragon's map (drawn)"
    top = _header(dwg, paper, title, subtitle, "Dragon: ____________   Round 1 / 2")
    if loops is not None:
        note = "Loops allowed this round." if loops else "No loops this round."
        _text(dwg, note, MARGIN, top - 2.5, width, 5, 9, bold=True, align="right")
    block = 56.0
    bottom = _bottom(paper)
    map_top, map_bottom = top + 4, bottom - block - 4
    r = 19.0
    pad = 13.0  # outward bends and loops
    radius = min((width - 2 * pad - 2 * r) / (2 * COS18), 68.0)
    tall = (map_bottom - map_top - 2 * pad - 2 * r) / (1 + SIN54)
    stretch = max(0.8, min(1.3, tall / radius))
    used = _pentagon_height(radius, r, stretch)
    cy = map_top + (map_bottom - map_top - used) / 2 + r + radius * stretch
    cx = paper.width / 2
    points = _positions(cx, cy, radius, stretch)
    if route_map is not None:
        arrows = Group(id="arrows")
        _draw_arrows(arrows, route_map, points, (cx, cy), r, scale=1.0)
        dwg.add(arrows)
    for place, (x, y) in enumerate(points):
        _landmark(dwg, place, x, y, r, 12)
    _map_footer(dwg, MARGIN, bottom - block, width, block, route_map)
    return _finish(dwg)


def _map_footer(dwg, x: float, y: float, width: float, height: float, route_map) -> None:
    """Legend and rules on the left, the table of arrows on the right."""
    _line(dwg, x, y, x + width, y, width=0.3, stroke=GREY)
    left_w = width * 0.56
    _text(dwg, "Walk", x, y + 3, 12, 6, 10, bold=True, valign="middle")
    _legend_sample(dwg, x + 13, y + 6, 18, "walk")
    _text(dwg, "Fly", x + 38, y + 3, 9, 6, 10, bold=True, valign="middle", fill=FLY_INK)
    _legend_sample(dwg, x + 48, y + 6, 18, "fly")
    cursor = y + 12
    _text(dwg, "Map rules", x, cursor, left_w, 5, 10, bold=True)
    cursor += 5.5
    for rule in MAP_RULES:
        dwg.add(svgwrite.shapes.Circle((x + 1.3, cursor + 1.6), 0.6, fill=INK))
        cursor = _para(dwg, rule, x + 4, cursor, left_w - 6, 8.5) + 1.2
    # the table: one row per location, Walk to / Fly to
    tx = x + left_w + 4
    tw = width - left_w - 4
    _text(dwg, "Your arrows, in words", tx, y + 3, tw, 5, 10, bold=True)
    columns = (("From", 0.3), ("Walk to", 0.35), ("Fly to", 0.35))
    row_h = (height - 10.5) / 6
    top = y + 9
    cx = tx
    for index, (label, share) in enumerate(columns):
        cw = tw * share
        _rect(dwg, cx, top, cw, row_h, fill=SHADE, width=0.3)
        colour = FLY_INK if index == 2 else INK
        _text(
            dwg,
            label,
            cx,
            top,
            cw,
            row_h,
            9,
            bold=True,
            align="center",
            valign="middle",
            fill=colour,
        )
        for place in range(5):
            ry = top + (place + 1) * row_h
            blocked = index == 1 and place == LAIR
            _rect(dwg, cx, ry, cw, row_h, fill=SHADE if blocked else "#ffffff", width=0.3)
            if index == 0:
                _text(dwg, NAMES[place], cx + 2, ry, cw - 3, row_h, 9, valign="middle")
            elif blocked:
                _text(
                    dwg, "no Walk", cx, ry, cw, row_h, 8, align="center", valign="middle", fill=GREY
                )
            elif route_map is not None:
                target = (route_map.walk if index == 1 else route_map.fly)[place]
                if target != NO_ARROW:
                    _text(
                        dwg,
                        NAMES[target],
                        cx,
                        ry,
                        cw,
                        row_h,
                        9,
                        align="center",
                        valign="middle",
                        fill=colour,
                    )
        cx += cw


def map_sheet_svg(paper: Paper) -> str:
    """Return the Dragon's blank map sheet for `paper`: five landmarks with room for nine
    arrows, the Walk/Fly legend, the map rules and a table to write the arrows in words."""
    return _map_page(paper, None, None)


def route_map_svg(
    route_map: RouteMap, paper: Paper | None = None, loops: bool | None = None
) -> str:
    """Return the map sheet (A4 unless `paper` is given) with `route_map`'s nine arrows drawn:
    Walk solid, Fly dashed, loops as small circles; each arrow is a <g class="arrow ...">."""
    return _map_page(paper or _paper("a4"), route_map, loops)


# --- the kit --------------------------------------------------------------------------------


def components(paper: Paper) -> list[tuple[str, str, str]]:
    """Return the game's printable pages for `paper` as (slug, manifest kind, SVG)."""
    return [
        ("map", "map-sheet", map_sheet_svg(paper)),
        ("knight-log", "log-sheet", knight_log_svg(paper)),
        ("dragon-log", "log-sheet", dragon_log_svg(paper)),
        ("reference", "reference-card", reference_card_svg(paper)),
    ]


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
        for puzzle in hunt_puzzles.generate_puzzles(count, difficulty, seed, False):
            data = puzzle.to_json()
            data["prompt"] = hunt_puzzles.question_text(puzzle)
            data["reasoning"] = hunt_puzzles.worked_solution(puzzle)
            book.append(data)
    return book


def write_pages(target: Path, pages: list[tuple[str, str]], seed: int, subject: str) -> int:
    """Write full-page SVGs to one PDF, each with its footer; return the page count."""
    from generator.render.pdf import Footer, PdfDocument
    from generator.render.svg import svg_size_mm

    doc = PdfDocument(target, title=TITLE, subject=subject)
    for number, (component, svg) in enumerate(pages, 1):
        width, height = svg_size_mm(svg)
        doc.begin_page(width, height)
        doc.place(svg, 0, 0)
        footer = Footer(TITLE, component, seed).text(number, len(pages))
        doc.footer(width, FOOTER_BAND, FOOTER_PT, footer)
        doc.end_page()
    doc.save()
    return doc.pages


def kit_papers(request: KitRequest) -> list[Paper]:
    """Return the papers the kit is written on: those of `quarry kit --paper`, in order."""
    return list(request.papers)


def build_kit(request: KitRequest) -> None:
    """Write The Hunt's kit into request.writer, for each of request.papers:
    hunt-<paper>.pdf (map, both logs, reference card) and svg/<slug>-<paper>.svg; with the
    puzzle generator there, also puzzles-<paper>.pdf (a sample book) and puzzles.json (its
    puzzles). The Hunt prints no cards: request.backs, sheet and back_offset change nothing,
    and its pages are line art with light tints whatever request.ink says."""
    writer, seed = request.writer, request.seed
    papers = kit_papers(request)
    puzzles = sample_puzzles(seed)
    if puzzles:
        keys = ("id", "difficulty", "loops", "question", "log", "answer")
        plain = [{key: puzzle[key] for key in keys} for puzzle in puzzles]
        text = json.dumps(plain, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
        writer.write_text("puzzles.json", text, "puzzles")
    for paper in papers:
        pages = components(paper)
        for slug, kind, svg in pages:
            writer.write_text(f"svg/{slug}-{paper.name}.svg", svg, kind)
        pdf = f"hunt-{paper.name}.pdf"
        titled = [(slug.replace("-", " "), svg) for slug, _, svg in pages]
        writer.add(pdf, "game-sheets", pages=write_pages(writer.path(pdf), titled, seed, "sheets"))
        if puzzles:
            book = f"puzzles-{paper.name}.pdf"
            count = write_pages(
                writer.path(book), puzzle_book(puzzles, paper, seed=seed), seed, "puzzles"
            )
            writer.add(book, "puzzle-book", pages=count)


def build_puzzle_kit(request: KitRequest, puzzles: list) -> None:
    """Write a puzzle book kit: puzzles.json and puzzles-<paper>.pdf for the request's paper."""
    plain = [puzzle.to_json() for puzzle in puzzles]
    text = json.dumps(plain, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    request.writer.write_text("puzzles.json", text, "puzzles")
    book = f"puzzles-{request.paper.name}.pdf"
    pages = puzzle_book(plain, request.paper, seed=request.seed)
    count = write_pages(request.writer.path(book), pages, request.seed, "puzzles")
    request.writer.add(book, "puzzle-book", pages=count)


def build_routes_kit(request: KitRequest, report) -> None:
    """Write the route generator's result: the best map drawn on the map sheet (PDF and SVG)
    and routes.json with every ranked candidate and its score interval."""
    text = json.dumps(report.to_json(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    request.writer.write_text("routes.json", text, "route-maps")
    svg = route_map_svg(report.best.route_map, request.paper, report.loops)
    request.writer.write_text(f"svg/best-map-{request.paper.name}.svg", svg, "map-sheet")
    pdf = f"best-map-{request.paper.name}.pdf"
    pages = write_pages(request.writer.path(pdf), [("best route map", svg)], request.seed, "map")
    request.writer.add(pdf, "map-sheet", pages=pages)
