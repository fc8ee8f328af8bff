"""The Knight's and the Dragon's log sheets: a table of turns 1-17 (aide turns marked,
overtime shaded), the notes under it, and each role's extras (a mini map for the Knight's
deductions or what the Dragon announces; the tallies and the score box)."""

from collections.abc import Callable

from svgwrite.container import Group

from generator.games.hunt.art import COS18, _mini_map, _mini_map_size
from generator.games.hunt.drawing import (
    FAINT,
    GREY,
    MARGIN,
    OVERTIME,
    SHADE,
    _bottom,
    _box,
    _finish,
    _header,
    _line,
    _page,
    _para,
    _rect,
    _text,
)
from generator.games.hunt.rules import AIDE_TURNS, ENCOUNTERS_TO_VANQUISH, ESCAPE_BONUS, LAST_TURN
from generator.render.layouts import Paper

MAX_TURN = LAST_TURN + ENCOUNTERS_TO_VANQUISH - 1  # 17: overtime ends by the third encounter


def _turn_label(turn: int) -> str:
    return f"{turn}*" if turn in AIDE_TURNS else str(turn)


def _hint(parent, text: str, x, y, w, h) -> None:
    _text(parent, text, x, y, w, h, 7, align="center", valign="middle", fill=FAINT)


def _cell(parent, kind: str, turn: int, x, y, w, h) -> None:
    """Fill one log cell: shading where nothing can be written, faint choices to circle."""
    aide_turn = turn in AIDE_TURNS
    if kind == "turn":
        _text(
            parent,
            _turn_label(turn),
            x,
            y,
            w,
            h,
            10,
            bold=aide_turn,
            align="center",
            valign="middle",
        )
    elif kind in ("aide", "seen") and not aide_turn:
        if turn <= LAST_TURN:  # overtime rows are shaded whole already
            _rect(parent, x, y, w, h, fill=SHADE, stroke="none")
    elif kind == "aide":
        _hint(parent, "no   T   M   W", x, y, w, h)
    elif kind == "town" and turn == 1:
        _text(parent, "yes (start)", x, y, w, h, 7.5, align="center", valign="middle", fill=GREY)
    elif kind in ("town", "encounter"):
        _hint(parent, "yes   no", x, y, w, h)
    elif kind == "move":
        _hint(parent, "walk   fly", x, y, w, h)
    elif kind == "start" and turn == 1:
        _text(parent, "Town", x, y, w, h, 8, align="center", valign="middle", fill=GREY)
    elif kind == "search" and aide_turn:
        _line(
            parent,
            x + w / 2,
            y + 1.2,
            x + w / 2,
            y + h - 1.2,
            stroke=FAINT,
            width=0.25,
            stroke_dasharray="0.8,0.8",
        )


def _log_table(dwg, x: float, y: float, width: float, row_h: float, columns) -> float:
    """Draw the 17-turn table; return the y below it."""
    total = sum(share for _, share, _ in columns)
    widths = [width * share / total for _, share, _ in columns]
    header_h = 13.0
    xs = [x]
    for w in widths:
        xs.append(xs[-1] + w)
    _rect(dwg, x, y, width, header_h, fill=SHADE, stroke="none")
    for index, (label, _, _) in enumerate(columns):
        _text(
            dwg,
            label,
            xs[index] + 1,
            y + 0.8,
            widths[index] - 2,
            header_h - 1.6,
            8.5,
            min_size=6.5,
            bold=True,
            align="center",
            valign="middle",
        )
    rows = Group(class_="turns")
    for turn in range(1, MAX_TURN + 1):
        ry = y + header_h + (turn - 1) * row_h
        row = Group(class_="turn", id=f"turn-{turn}")
        if turn > LAST_TURN:
            _rect(row, x, ry, width, row_h, fill=OVERTIME, stroke="none")
        for index, (_, _, kind) in enumerate(columns):
            _cell(row, kind, turn, xs[index], ry, widths[index], row_h)
        rows.add(row)
    dwg.add(rows)
    bottom = y + header_h + MAX_TURN * row_h
    for turn in range(MAX_TURN + 1):
        ry = y + header_h + turn * row_h
        heavy = turn in (0, LAST_TURN)
        _line(dwg, x, ry, x + width, ry, width=0.45 if heavy else 0.25)
    for vx in xs:
        _line(dwg, vx, y, vx, bottom, width=0.3)
    _rect(dwg, x, y, width, bottom - y, width=0.5)
    return bottom


def _log_notes(dwg, x: float, y: float, width: float) -> float:
    """The notes under a log table: aide turns and the shaded overtime rows."""
    text = (
        "* Turns 3, 9 and 15: the Knight may call one aide he has not used — "
        "Tracker (T), Militia (M) or Wizard (W). Leave the grey cells empty."
    )
    y = _para(dwg, text, x, y, width, 8, fill=GREY) + 1.0
    _rect(dwg, x, y + 0.4, 6, 3.2, fill=OVERTIME, width=0.25)
    note = (
        "Turns 16 and 17: play each only if the Knight encountered the Dragon on the turn "
        "before (after turn 15 a miss ends the hunt)."
    )
    return _para(dwg, note, x + 8, y, width - 8, 8, fill=GREY)


def _score_box(dwg, x: float, y: float, w: float) -> float:
    """The Dragon's score tally; returns the y below it."""
    _text(dwg, "The Dragon's score this round", x, y, w, 5, 9.5, bold=True)
    y += 6
    lines = (
        "Turns he started in Town  (+1 each)",
        "Aides the Knight called  (+1 each)",
        f"Not vanquished  (+{ESCAPE_BONUS})",
        "Total",
    )
    for index, label in enumerate(lines):
        bold = index == len(lines) - 1
        _text(dwg, label, x, y, w - 16, 6, 8.5, bold=bold, valign="middle")
        _rect(dwg, x + w - 14, y + 0.5, 14, 5, fill="#ffffff", width=0.45 if bold else 0.3)
        y += 6.5
    return y


def _log_page(paper: Paper, title: str, subtitle: str, columns, extras: Callable) -> str:
    dwg = _page(paper)
    top = _header(dwg, paper, title, subtitle, "Name: ____________   Round 1 / 2")
    width = paper.width - 2 * MARGIN
    extras_h = 54.0
    notes_h = 14.0
    table_space = _bottom(paper) - top - extras_h - notes_h - 4
    row_h = min(10.0, (table_space - 13.0) / MAX_TURN)
    y = _log_table(dwg, MARGIN, top, width, row_h, columns)
    y = _log_notes(dwg, MARGIN, y + 2, width)
    extras(dwg, MARGIN, _bottom(paper) - extras_h, width, extras_h)
    return _finish(dwg)


KNIGHT_COLUMNS = (
    ("Turn", 0.75, "turn"),
    ("Use aide?", 1.3, "aide"),
    ("Dragon seen at (Tracker, Militia)", 1.55, "seen"),
    ("Dragon in Town?", 1.15, "town"),
    ("Walk or Fly", 1.15, "move"),
    ("Knight searches (Militia: two)", 2.0, "search"),
    ("Encounter?", 1.15, "encounter"),
)

DRAGON_COLUMNS = (
    ("Turn", 0.7, "turn"),
    ("Aide used", 1.25, "aide"),
    ("Dragon location (Tracker)", 1.35, "start"),
    ("In Town?", 1.05, "town"),
    ("Walk or Fly", 1.05, "move"),
    ("New location (secret)", 1.35, "place"),
    ("Knight location (Militia: two)", 1.6, "search"),
    ("Encounter?", 1.05, "encounter"),
)


def _tallies(dwg, x: float, y: float, width: float) -> float:
    """Checkboxes for the aides called and the encounters in a row; returns the y below."""
    _text(dwg, "Aides called (each once)", x, y, width, 5, 9.5, bold=True)
    for index, aide in enumerate(("Tracker", "Militia", "Wizard")):
        bx = x + index * width / 3
        _box(dwg, bx, y + 6.3)
        _text(dwg, aide, bx + 4.5, y + 5.5, width / 3 - 5, 5, 8.5, valign="middle")
    _text(dwg, "Encounters in a row", x, y + 12, width * 0.55, 5, 8.5, valign="middle")
    for index in range(ENCOUNTERS_TO_VANQUISH):
        _box(dwg, x + width * 0.58 + index * 5.5, y + 12.9)
    return y + 19


def _knight_extras(dwg, x: float, y: float, width: float, height: float) -> None:
    map_w = width * 0.55
    _rect(dwg, x, y, map_w, height, stroke=GREY, width=0.3, rx=2, ry=2)
    _text(
        dwg,
        "Deductions: draw the arrows you are sure of",
        x + 3,
        y + 2,
        map_w - 6,
        5,
        8.5,
        bold=True,
    )
    r, stretch = 6.0, 0.45
    radius = min(36.0, (map_w - 2 * r - 8) / (2 * COS18))
    _, mh = _mini_map_size(radius, r, stretch)
    _mini_map(dwg, x + map_w / 2, y + 8 + (height - 8 - mh) / 2, radius, r, stretch=stretch)
    rx = x + map_w + 6
    rw = width - map_w - 6
    _score_box(dwg, rx, _tallies(dwg, rx, y + 1, rw) + 1.5, rw)


DRAGON_SAYS = (
    "Each turn: say whether you are in Town; say Walk or Fly and move in secret along that "
    "arrow; after the search, say whether the Knight found you.",
    "Tracker: before moving, say where you are. Militia: if one of the two searches finds "
    "you, say which. Wizard: show every arrow joining the two places named, in either "
    "direction, without saying Walk or Fly.",
)


def _dragon_extras(dwg, x: float, y: float, width: float, height: float) -> None:
    left_w = width * 0.55
    _rect(dwg, x, y, left_w, height, stroke=GREY, width=0.3, rx=2, ry=2)
    _text(dwg, "What you announce", x + 3, y + 2, left_w - 6, 5, 9.5, bold=True)
    cursor = y + 8
    for note in DRAGON_SAYS:
        cursor = _para(dwg, note, x + 3, cursor, left_w - 6, 8.5) + 1.8
    rx = x + left_w + 6
    rw = width - left_w - 6
    _score_box(dwg, rx, _tallies(dwg, rx, y + 1, rw) + 1.5, rw)


def knight_log_svg(paper: Paper) -> str:
    """Return the Knight's log sheet: turns 1-17 (3*, 9*, 15* aide turns, 16-17 shaded) with
    columns aide / Dragon seen / Town? / Walk or Fly / searches / encounter, a mini map for
    deductions, the aides and encounters tally and the score box."""
    subtitle = (
        "Write down everything the Dragon announces; use the little map to work out his routes."
    )
    return _log_page(paper, "The Knight's log", subtitle, KNIGHT_COLUMNS, _knight_extras)


def dragon_log_svg(paper: Paper) -> str:
    """Return the Dragon's log sheet: turns 1-17 with columns aide used / location (what the
    Tracker learns) / Town? / Walk or Fly / new location / Knight's search / encounter."""
    subtitle = "Keep this sheet hidden: it holds where you really are, turn by turn."
    return _log_page(paper, "The Dragon's log", subtitle, DRAGON_COLUMNS, _dragon_extras)
