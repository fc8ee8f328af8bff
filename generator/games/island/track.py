"""The island's table aids: the cycle-and-day track and the score pad.

The track counts the game's cycles, a row for each of the three days and a box for each
cycle of the island's day (the `day` of its board file, 1 to 12): each box gives the cycle's
number and the mark every Hunted reveals in it, the one two below the cycle (from cycle 3
on, rules.TRAIL_LAG); the last box is where the Hunted still free escape. A coin moved one
box at the start of each cycle keeps the count.

The score pad has a block for each game: a row for each player, the points of the rules
(a capture 2, an escape 2, the last survivor 4 more) and the total.

Each function returns SVG text or document Parts; print.py writes the PDFs.
"""

from __future__ import annotations

import svgwrite

from generator.games.island.board import Island
from generator.games.island.figures import add_label
from generator.games.island.rules import MAX_PLAYERS, TRAIL_LAG
from generator.render.document import Blocks, Header, Part
from generator.render.svg import document_text, new_document

INK = "#1f1f1f"
DAYS = 3  # the Hunted escape after three whole days
DAY_LABEL_MM = 16.0  # the column of day names left of the boxes
MAX_BOX_MM = 24.0  # a box is never wider than this
BOX_H_MM = 22.0
ROW_GAP_MM = 3.0
DAY_TINTS = ("#fbf3dc", "#eef4e4", "#e6eef6")  # the three days, light enough for low ink


def track_size(island: Island, width_mm: float) -> tuple[float, float]:
    """Return (box width, drawing height) mm of the track of `island` drawn `width_mm` wide
    at most: the boxes share the width after the day names, up to MAX_BOX_MM each."""
    box = min(MAX_BOX_MM, (width_mm - DAY_LABEL_MM - 0.6) / island.day)
    return box, DAYS * BOX_H_MM + (DAYS - 1) * ROW_GAP_MM + 0.6


def reveal_text(cycle: int) -> str:
    """Return what the Hunted reveal in `cycle`: the mark TRAIL_LAG below it, or nothing."""
    mark = cycle - TRAIL_LAG
    return f"reveal mark {mark}" if mark >= 1 else "no reveal"


def track_svg(island: Island, width_mm: float) -> str:
    """Return the cycle-and-day track of `island` at most `width_mm` wide: a row for each
    day, a box for each of its cycles (class "cycle", numbered through the game), each
    with the mark the Hunted reveal in it; the last box also says the Hunted escape."""
    box, height = track_size(island, width_mm)
    width = DAY_LABEL_MM + island.day * box + 0.6
    dwg = new_document(width, height)
    last = DAYS * island.day
    for day in range(DAYS):
        y = 0.3 + day * (BOX_H_MM + ROW_GAP_MM)
        add_label(dwg, f"Day {day + 1}", 0.3, y, DAY_LABEL_MM - 1.5, BOX_H_MM, 9.0,
                  min_size=7.0, bold=True, valign="middle", fill=INK)  # fmt: skip
        for index in range(island.day):
            cycle = day * island.day + index + 1
            x = DAY_LABEL_MM + 0.3 + index * box
            group = dwg.g(class_="cycle")
            group.add(
                svgwrite.shapes.Rect(
                    insert=(x, y), size=(box, BOX_H_MM), fill=DAY_TINTS[day],
                    stroke=INK, stroke_width=0.3,
                )
            )  # fmt: skip
            add_label(group, str(cycle), x + 0.8, y + 1.0, box - 1.6, 8.0, 16.0, min_size=9.0,
                      bold=True, align="center", valign="middle", fill=INK)  # fmt: skip
            words = reveal_text(cycle)
            if cycle == last:
                words += "; then the Hunted still free escape"
            add_label(group, words, x + 0.8, y + 9.5, box - 1.6, BOX_H_MM - 10.5, 7.0,
                      min_size=4.5, align="center", valign="top", fill=INK)  # fmt: skip
            dwg.add(group)
    return document_text(dwg)


TRACK_HEADER = Header(
    "Cycles and days",
    "Where the game stands: a box for each cycle, a row for each day.",
)


def track_steps(island: Island) -> tuple[str, ...]:
    """Return how the table uses the track of `island`."""
    return (
        "Put a coin on box 1 before the first turn. When the first Hunter begins his turn, "
        "move it one box on: that is the new cycle (a captured player's turn never moves it).",
        f"A day lasts {island.day} cycle{'s' if island.day != 1 else ''} on this island, so "
        f"the game lasts at most {DAYS * island.day} cycles.",
        "Each box names the mark every Hunted reveals in his reveal phase that cycle: the "
        "number two below the cycle's. In cycles 1 and 2 nobody reveals.",
        f"At the end of cycle {DAYS * island.day} every Hunted still free escapes and the "
        "game ends; it ends sooner if no Hunted is left.",
    )


def track_part(blocks: Blocks, island: Island, width_mm: float) -> Part:
    """Return the track's page: the track of `island` `width_mm` wide at most, and how to
    use it."""
    story = [
        blocks.figure(track_svg(island, width_mm)),
        blocks.gap(4),
        *blocks.items(track_steps(island)),
    ]
    return Part(TRACK_HEADER, story, "cycle track")


# --- the score pad ----------------------------------------------------------------------------

SCORE_COLUMNS = (
    ("Player", 0.30),
    ("Captures x 2", 0.18),
    ("Escaped: 2", 0.16),
    ("Last survivor: 4", 0.18),
    ("Total", 0.18),
)
SCORE_ROW_MM = 7.5
GAMES_PER_PAD = 3


def score_block_height(players: int = MAX_PLAYERS) -> float:
    """Return the height (mm) of one game's block on the pad."""
    return 8.0 + (players + 1) * SCORE_ROW_MM


def score_pad_svg(width_mm: float, games: int = GAMES_PER_PAD, players: int = MAX_PLAYERS) -> str:
    """Return the score pad `width_mm` wide: `games` blocks (class "game"), each a heading
    row and a row for each of `players`."""
    block = score_block_height(players)
    gap = 5.0
    height = games * block + (games - 1) * gap + 0.6
    dwg = new_document(width_mm, height)
    inner = width_mm - 0.6
    for game in range(games):
        top = 0.3 + game * (block + gap)
        group = dwg.g(class_="game")
        add_label(group, f"Game {game + 1}     Date: ______________", 0.3, top, inner, 7.0, 9.0,
                  min_size=7.0, bold=True, valign="middle", fill=INK)  # fmt: skip
        y0 = top + 8.0
        x = 0.3
        for title, share in SCORE_COLUMNS:
            w = inner * share
            group.add(
                svgwrite.shapes.Rect(
                    insert=(x, y0), size=(w, SCORE_ROW_MM), fill="#efefef",
                    stroke=INK, stroke_width=0.3,
                )
            )  # fmt: skip
            add_label(group, title, x + 0.8, y0, w - 1.6, SCORE_ROW_MM, 7.5, min_size=5.5,
                      bold=True, align="center", valign="middle", fill=INK)  # fmt: skip
            for row in range(players):
                group.add(
                    svgwrite.shapes.Rect(
                        insert=(x, y0 + (row + 1) * SCORE_ROW_MM), size=(w, SCORE_ROW_MM),
                        fill="#ffffff", stroke=INK, stroke_width=0.3, class_="score-row",
                    )
                )  # fmt: skip
            x += w
        dwg.add(group)
    return document_text(dwg)


SCORE_HEADER = Header(
    "Score pad",
    "The points of each game, a row for each player.",
)
SCORE_STEPS = (
    "A Hunter scores 2 for each Hunted he captures, as long as he hunts; a captured player "
    "keeps the points he had and scores for his own captures from then on.",
    "A Hunted still free at the end of the last cycle escapes and scores 2. If he is the "
    "only Hunted left (all the others were captured), he is the last survivor: 4 more.",
    "The most points wins; players level on the most share the win.",
)


def score_pad_part(blocks: Blocks, width_mm: float) -> Part:
    """Return the score pad's page: three games' blocks `width_mm` wide, and the points."""
    story = [blocks.figure(score_pad_svg(width_mm)), blocks.gap(4), *blocks.items(SCORE_STEPS)]
    return Part(SCORE_HEADER, story, "score pad")
