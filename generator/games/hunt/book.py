"""The puzzle book: an instructions page, two puzzles a page (the Knight's log with a working
grid, the question, a mini map to draw on and space for the answer), then the solutions
(book_solutions.py)."""

from collections.abc import Sequence

from svgwrite.container import Group

from generator.games.hunt.art import (
    COS18,
    MINI_LABEL_H,
    NAMES,
    SIN54,
    _legend_sample,
    _mini_map,
    _mini_map_size,
    _place_name,
)
from generator.games.hunt.book_solutions import _solution_pages
from generator.games.hunt.drawing import (
    FAINT,
    FLY_INK,
    GREY,
    INK,
    MARGIN,
    OVERTIME,
    SHADE,
    _bottom,
    _box,
    _finish,
    _header,
    _line,
    _page,
    _paper,
    _para,
    _rect,
    _section,
    _text,
)
from generator.games.hunt.logsheets import _turn_label
from generator.games.hunt.maps import LAIR, NO_ARROW, RouteMap
from generator.games.hunt.rules import AIDE_TURNS, LAST_TURN
from generator.render.layouts import Paper

INITIALS = tuple(name[0] for name in NAMES)  # T H W S L: all different
LOG_COLUMNS = (
    ("Turn", 0.75),
    ("Aide", 1.1),
    ("Town?", 0.95),
    ("Move", 0.85),
    ("Search", 1.6),
    ("Found?", 1.05),
    ("Learned", 1.5),
)
GRID_CELL = 5.2  # the working grid: one narrow column per place, crossed out by the solver


def _initial(value) -> str:
    return _place_name(value)[:1]


def _yes_no(value) -> str:
    return "?" if value is None else ("yes" if value else "no")


def _learned(record: dict) -> str:
    """Return what the log says an aide revealed on this turn, in short."""
    aide = record.get("aide") or "none"
    revealed = record.get("revealed")
    if aide == "tracker" and revealed is not None:
        return f"was in {_place_name(revealed)}"
    if aide == "militia" and revealed is not None:
        return f"found in {_place_name(revealed)}"
    if aide == "wizard":
        arrows = record.get("wizard") or []
        pair = record.get("wizard_between") or record.get("wizard_pair")
        asked = f"{_initial(pair[0])}–{_initial(pair[1])}: " if pair else ""
        if not arrows:
            return asked + "no arrows"
        return asked + ", ".join(f"{_initial(a)}>{_initial(b)}" for a, b in arrows)
    return ""


def _log_row(record: dict) -> list[str]:
    aide = record.get("aide") or "none"
    search = record.get("search") or []
    if isinstance(search, str):
        search = [search]
    move = record.get("move")
    return [
        _turn_label(int(record["turn"])),
        "—" if aide == "none" else aide.capitalize(),
        _yes_no(record.get("town")),
        "?" if move is None else str(move).capitalize(),
        " + ".join(_place_name(s) for s in search) or "?",
        _yes_no(record.get("encounter")),
        _learned(record),
    ]


def _puzzle_log(parent, log: list[dict], x: float, y: float, width: float, height: float):
    """Draw a puzzle's log table and, at its right, the working grid (one column per place,
    for crossing out where the Dragon cannot be after each turn); return the y below."""
    grid_w = 5 * GRID_CELL
    log_w = width - grid_w
    total = sum(share for _, share in LOG_COLUMNS)
    widths = [log_w * share / total for _, share in LOG_COLUMNS] + [GRID_CELL] * 5
    labels = [label for label, _ in LOG_COLUMNS] + list(INITIALS)
    header_h = 6.5
    row_h = min(6.8, (height - header_h) / max(1, len(log)))
    _rect(parent, x, y, log_w, header_h, fill=SHADE, stroke="none")
    cx = x
    for index, (label, w) in enumerate(zip(labels, widths, strict=True)):
        grid = index >= len(LOG_COLUMNS)
        _text(
            parent,
            label,
            cx + 0.5,
            y,
            w - 1,
            header_h,
            8,
            bold=True,
            align="center",
            valign="middle",
            fill=GREY if grid else INK,
        )
        cx += w
    for index, record in enumerate(log):
        ry = y + header_h + index * row_h
        if int(record["turn"]) > LAST_TURN:
            _rect(parent, x, ry, width, row_h, fill=OVERTIME, stroke="none")
        cx = x
        for column, (value, w) in enumerate(zip(_log_row(record), widths, strict=False)):
            if value:
                bold = column == 0 and int(record["turn"]) in AIDE_TURNS
                _text(
                    parent,
                    value,
                    cx + 0.6,
                    ry,
                    w - 1.2,
                    row_h,
                    8,
                    min_size=5.5,
                    bold=bold,
                    align="center",
                    valign="middle",
                )
            cx += w
        _line(parent, x, ry, x + width, ry, width=0.2)
    bottom = y + header_h + len(log) * row_h
    cx = x
    for index, w in enumerate(widths):
        _line(parent, cx, y, cx, bottom, width=0.45 if index == len(LOG_COLUMNS) else 0.2)
        cx += w
    _rect(parent, x, y, width, bottom - y, width=0.45)
    return bottom


def _question_text(puzzle: dict) -> str:
    if puzzle.get("prompt"):
        return str(puzzle["prompt"])
    if puzzle["question"] == "where":
        return f"Where is the Dragon at the end of turn {len(puzzle['log'])}?"
    return (
        "Where do the arrows the Dragon used lead? For each place he left by Walk or by Fly, "
        "name the place that arrow reaches."
    )


def _puzzle_tag(puzzle: dict) -> str:
    loops = "loops allowed" if puzzle.get("loops") else "no loops"
    return f"{puzzle.get('difficulty', '?')} · {loops} · {puzzle.get('id', '')}"


def _answer_space(parent, puzzle: dict, x: float, y: float, width: float, height: float) -> None:
    """Boxes to tick (where) or the whole From / Walk / Fly table (arrows): listing only the
    arrows asked would give away where the Dragon has been."""
    _text(parent, "Your answer", x, y, width, 5, 9, bold=True)
    y += 6
    if puzzle["question"] == "where":
        per_row = 3
        for place in range(5):
            row, col = divmod(place, per_row)
            bx = x + col * width / per_row
            by = y + row * 6.5
            _box(parent, bx, by + 0.4)
            _text(parent, NAMES[place], bx + 4.5, by, width / per_row - 5, 4, 8.5, valign="middle")
        return
    row_h = min(5.5, (height - 6) / 6)
    widths = (width * 0.3, width * 0.35, width * 0.35)
    cx = x
    for index, label in enumerate(("From", "Walk to", "Fly to")):
        cw = widths[index]
        _rect(parent, cx, y, cw, row_h, fill=SHADE, width=0.25)
        _text(
            parent,
            label,
            cx,
            y,
            cw,
            row_h,
            8,
            bold=True,
            align="center",
            valign="middle",
            fill=FLY_INK if index == 2 else INK,
        )
        for place in range(5):
            ry = y + (place + 1) * row_h
            blocked = index == 1 and place == LAIR
            _rect(parent, cx, ry, cw, row_h, fill=SHADE if blocked else "#ffffff", width=0.25)
            if index == 0:
                _text(parent, NAMES[place], cx + 1, ry, cw - 1.5, row_h, 8, valign="middle")
        cx += cw


def _puzzle_half(parent, puzzle: dict, number: int, x, y, width, height) -> None:
    """One puzzle in a box (x, y, width, height): header, log with its working grid, the
    question, a small map to draw on and the space for the answer."""
    _rect(parent, x, y, width, height, stroke=GREY, width=0.3, rx=2, ry=2)
    x, y, width, height = x + 3, y + 2.5, width - 6, height - 5
    _text(parent, f"Puzzle {number}", x, y, 40, 7, 13, bold=True, valign="middle")
    _text(
        parent,
        _puzzle_tag(puzzle),
        x + 40,
        y,
        width - 40,
        7,
        8,
        align="right",
        valign="middle",
        fill=GREY,
    )
    top = y + 9
    side = 56.0
    table_w = width - side - 5
    below = _puzzle_log(parent, puzzle["log"], x, top, table_w, y + height - top)
    if y + height - below >= 20:  # ruled lines for notes under a short log
        _text(parent, "Notes", x, below + 3, 30, 5, 8.5, bold=True, fill=GREY)
        line_y = below + 15
        while line_y <= y + height - 4:
            _line(parent, x, line_y, x + table_w, line_y, stroke=FAINT, width=0.2)
            line_y += 8
    sx = x + table_w + 5
    cursor = _para(parent, _question_text(puzzle), sx, top, side, 9, bold=True) + 3
    answer_h = 17.0 if puzzle["question"] == "where" else 6 + 5.5 * 6
    answer_top = y + height - answer_h
    space = answer_top - cursor - 4
    r = 5.5
    radius = (side - 2 * r - 2) / (2 * COS18)
    stretch = min(1.0, (space - 2 * r - MINI_LABEL_H) / (radius * (1 + SIN54)))
    if stretch > 0.45:
        _, mh = _mini_map_size(radius, r, stretch)
        _mini_map(parent, sx + side / 2, cursor + (space - mh) / 2, radius, r, stretch=stretch)
    _answer_space(parent, puzzle, sx, answer_top, side, answer_h)


INSTRUCTIONS = (
    (
        "The idea",
        [
            "Each puzzle is a hunt that has already been played. You see the Knight's log: "
            "what the Dragon announced on every turn and what each search turned up. Behind it "
            "lies the Dragon's secret map, drawn under the usual rules, and exactly one answer "
            "fits everything in the log. Find it with pencil and paper.",
        ],
    ),
    (
        "The map rules",
        [
            "Town, Hills, Woods and Sea each have one Walk and one Fly arrow; the Lair has a "
            "single Fly arrow, and no Walk arrow leads into it. A loop (an arrow back to its "
            "own place) can only exist in a puzzle marked 'loops allowed'.",
            "The Dragon starts the hunt in Town and follows the arrow he names every turn.",
        ],
    ),
    (
        "Reading a log",
        [
            ("Turn:", "3*, 9* and 15* are the turns on which an aide may be called."),
            ("Town?:", "was the Dragon in Town at the start of the turn, before he moved."),
            ("Move:", "the arrow he followed, Walk or Fly."),
            (
                "Search, Found?:",
                "where the Knight looked after the move (two places with the Militia) and "
                "whether the Dragon was there. A ? means the log does not say.",
            ),
            (
                "Learned:",
                "what an aide gave away. Tracker: where the Dragon was at the start of the "
                "turn. Militia: which searched place held him. Wizard: the two places asked "
                "about (H–S), then every arrow joining them, either way, without Walk or Fly; "
                "H>S is an arrow from Hills to Sea.",
            ),
            (
                "T H W S L:",
                "your working grid, one column per place (Town, Hills, Woods, Sea, Lair). "
                "Cross out where the Dragon cannot be after that turn's move.",
            ),
        ],
    ),
    (
        "Hints",
        [
            "A 'yes' under Town? tells you where the previous move ended.",
            "The same place and the same word always lead to the same place: once you know "
            "an arrow, use it every time it comes up.",
            "A miss rules out the searched place for that turn; a find pins the Dragon down.",
            "Difficulty: easy puzzles follow the facts and the known arrows; medium ones keep "
            "track of what each arrow could still be; hard ones need a 'suppose he were "
            "there...' to reach a contradiction.",
            "Solutions are at the back, with the reasoning spelled out.",
        ],
    ),
)


def _instructions_page(paper: Paper, title: str, count: int, seed: int | None) -> str:
    dwg = _page(paper)
    seed_text = f" · seed {seed}" if seed is not None else ""
    top = _header(dwg, paper, title, f"{count} deduction puzzles for one player{seed_text}")
    width = paper.width - 2 * MARGIN
    y = top
    for heading, items in INSTRUCTIONS:
        y = _section(dwg, heading, items, MARGIN, y, width, 10)
    bottom = _bottom(paper)
    if y > bottom:
        raise ValueError(f"puzzle instructions run {y - bottom:.1f} mm over")
    r, radius, stretch = 6.5, 40.0, 0.55
    _, mh = _mini_map_size(radius, r, stretch)
    if bottom - y >= mh + 14:
        y = (
            _section(
                dwg,
                "The five places, with an example of each kind of arrow",
                [],
                MARGIN,
                y,
                width,
                10,
            )
            - 4
        )
        example = RouteMap(
            walk=(1, NO_ARROW, NO_ARROW, NO_ARROW, NO_ARROW),
            fly=(NO_ARROW, NO_ARROW, NO_ARROW, NO_ARROW, 0),
        )
        _mini_map(dwg, paper.width / 2, y + (bottom - y - mh) / 2, radius, r, example, stretch)
        _text(dwg, "Walk", MARGIN, y + 2, 12, 6, 9, bold=True, valign="middle")
        _legend_sample(dwg, MARGIN + 12, y + 5, 16, "walk")
        _text(dwg, "Fly", MARGIN, y + 9, 12, 6, 9, bold=True, valign="middle", fill=FLY_INK)
        _legend_sample(dwg, MARGIN + 12, y + 12, 16, "fly")
        note = "Here Walk from Town leads to the Hills (T>H) and Fly from the Lair to Town (L>T)."
        _para(dwg, note, paper.width - MARGIN - 48, y + 2, 48, 8.5, fill=GREY)
    return _finish(dwg)


def puzzle_book(
    puzzles: Sequence[dict],
    paper: Paper | str = "a4",
    title: str = "The Hunt: puzzles",
    seed: int | None = None,
) -> list[tuple[str, str]]:
    """Return the puzzle book's pages as (component name, SVG): an instructions page, two
    puzzles a page (log, question, a mini map to work on, space for the answer), then the
    solutions with every puzzle's reasoning steps (key "reasoning") where it has them."""
    if isinstance(paper, str):
        paper = _paper(paper)
    puzzles = [p.to_json() if hasattr(p, "to_json") else p for p in puzzles]
    if not puzzles:
        raise ValueError("a puzzle book needs at least one puzzle")
    for index, puzzle in enumerate(puzzles, 1):
        missing = {"question", "log", "answer"} - set(puzzle)
        if missing:
            raise ValueError(f"puzzle {index} lacks {', '.join(sorted(missing))}")
        if puzzle["question"] not in ("where", "arrows"):
            raise ValueError(f"puzzle {index}: unknown question {puzzle['question']!r}")
    pages = [("puzzle instructions", _instructions_page(paper, title, len(puzzles), seed))]
    width = paper.width - 2 * MARGIN
    half = (_bottom(paper) - MARGIN - 4) / 2
    for first in range(0, len(puzzles), 2):
        dwg = _page(paper)
        for slot, puzzle in enumerate(puzzles[first : first + 2]):
            number = first + slot + 1
            group = Group(class_="puzzle", id=f"puzzle-{number}")
            _puzzle_half(group, puzzle, number, MARGIN, MARGIN + slot * (half + 4), width, half)
            dwg.add(group)
        numbers = "-".join(str(n) for n in range(first + 1, min(first + 2, len(puzzles)) + 1))
        pages.append((f"puzzles {numbers}", _finish(dwg)))
    pages += [("solutions", page) for page in _solution_pages(paper, puzzles)]
    return pages
