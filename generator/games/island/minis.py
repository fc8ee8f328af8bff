"""The island's small printed parts: the mini board a Hunted writes his path on, and the
seven character tokens (fold-over standees), with the pages that hold them.

A mini board is the island drawn small (figures.island_svg) with its coordinates and
legend, one to a page, so that it fits a clear sheet protector. The tokens are seven
characters of our own: the Warden, whose token the Hunter takes, and six castaways for
the Hunted. A captured Hunted keeps his castaway and hunts with it.

Each function returns SVG text or document Parts; print.py writes the PDFs.
"""

from __future__ import annotations

from dataclasses import dataclass

import svgwrite
from svgwrite.container import Group

from generator.games.island.board import Island
from generator.games.island.figures import add_label, cell_to_fit, island_svg
from generator.render.document import Blocks, Header, Part, column_size
from generator.render.layouts import Paper
from generator.render.svg import document_text, new_document
from generator.render.units import fmt

INK = "#1f1f1f"
MAX_MINI_CELL = 8.0  # mm: the mini board's squares never grow past this


# --- the mini board -------------------------------------------------------------------------

MINI_HEADER = Header(
    "Mini board",
    "Your secret path: only you see this sheet.",
    fields="Player: ________________",
)
MINI_STEPS = (
    "Slide the page into a clear sheet protector and write on it with a dry-erase marker "
    "(or use a pencil and rub out).",
    "Before the first cycle: write 1 on the land square where you start (never water).",
    "At the end of each of your turns: write the next number on the square where you stand.",
    "A trap you lay: a T in its square, crossed out once it has caught someone.",
    "From cycle 3 on you reveal the number two below the cycle's: 1 in cycle 3, 2 in "
    "cycle 4, and so on.",
)
MINI_NOTE_MM = 34.0  # room kept under the board for the steps


def mini_cell(island: Island, paper: Paper) -> float:
    """Return the square size (mm) of the mini board on `paper`: the largest, up to
    MAX_MINI_CELL, at which the island, its coordinates and legend fit one page's column
    above the steps."""
    width, height = column_size(paper, MINI_HEADER)
    cell = cell_to_fit(island.size, width, height - MINI_NOTE_MM, coordinates=True, legend=True)
    return min(cell, MAX_MINI_CELL)


def mini_board_svg(island: Island, cell_mm: float) -> str:
    """Return the mini board's drawing: the island with `cell_mm` squares, coordinates and
    legend, no square names (the numbers a player writes go there)."""
    return island_svg(island, cell_mm, coordinates=True, legend=True)


def mini_board_part(blocks: Blocks, island: Island, paper: Paper) -> Part:
    """Return the mini board's page: the island small with coordinates and legend, and how
    a Hunted keeps his path on it."""
    svg = mini_board_svg(island, mini_cell(island, paper))
    story = [blocks.figure(svg), blocks.gap(3), *blocks.items(MINI_STEPS)]
    return Part(MINI_HEADER, story, "mini board")


# --- the tokens -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Character:
    """A player's token: name, what he was before the island, colour, and headgear
    ("brim", "cap", "bun" or "none") that tells the silhouettes apart."""

    name: str
    calling: str
    colour: str
    hat: str


WARDEN = Character("The Warden", "master of the island", "#2d3b30", "brim")
CASTAWAYS = (
    Character("Nell Harrow", "deckhand", "#2e6a8e", "cap"),
    Character("Doc Ambrose", "ship's surgeon", "#6d3f86", "none"),
    Character("Tomas Reyes", "stoker", "#a8501a", "cap"),
    Character("Ida Finch", "radio operator", "#b0304a", "bun"),
    Character("Jonah Pike", "stowaway", "#1f7a74", "brim"),
    Character("Mara Quill", "passenger", "#a27812", "bun"),
)
CHARACTERS = (WARDEN, *CASTAWAYS)

# A side is drawn on a 20 x 30 mm plan and printed at STANDEE_SCALE: 12 x 18 mm. Folded, a
# standee stands on its two feet, one forward and one back: a footprint of PANEL_W x
# 2 * TAB_H, 12 x 12 mm, which stands in a board square (print.BOARD_CELL_MM, 15 mm) with
# 1.5 mm free on every side (engine/table.py).
DRAWN_W, DRAWN_H = 20.0, 30.0
STANDEE_SCALE = 0.6
PANEL_W, PANEL_H, TAB_H = DRAWN_W * STANDEE_SCALE, DRAWN_H * STANDEE_SCALE, 6.0
STANDEE_GAP = 5.5


def standee_size() -> tuple[float, float]:
    """Return (width, height) mm of one unfolded standee: foot, two sides, foot."""
    return PANEL_W, 2 * PANEL_H + 2 * TAB_H


def standee_footprint() -> tuple[float, float]:
    """Return (width, depth) mm a folded standee covers on the table: a side's width, and
    its two feet folded out, one forward and one back."""
    return PANEL_W, 2 * TAB_H


PALE = "#f3eee2"


# Printed sizes (pt) of the words on a standee; a side is drawn STANDEE_SCALE of its plan,
# so on the plan they are set 1 / STANDEE_SCALE larger. The calling is not on the standee:
# at 6 pt it does not fit 12 mm; the page's table gives it beside the name.
NAME_PT, NAME_MIN_PT = 6.75, 6.0
FOOT_PT = 6.0


def _panel(parent, character: Character, x: float, y: float, ink: str = "normal") -> None:
    """One side of a standee, upright, its top-left corner at (x, y): the character's
    colour, a silhouette in a pale disc and the name below; with `ink` low, white
    with a coloured frame and coloured words instead of a solid colour. Drawn on the
    DRAWN_W x DRAWN_H plan, scaled to PANEL_W x PANEL_H."""
    scaled = Group(transform=f"translate({fmt(x)} {fmt(y)}) scale({fmt(STANDEE_SCALE)})")
    _side(scaled, character, ink)
    parent.add(scaled)


def _side(parent, character: Character, ink: str) -> None:
    """One side of a standee on the DRAWN_W x DRAWN_H plan, its top-left corner at 0, 0."""
    x, y = 0.0, 0.0
    w, h = DRAWN_W, DRAWN_H
    low = ink == "low"
    words = character.colour if low else "#ffffff"
    parent.add(
        svgwrite.shapes.Rect(
            insert=(x, y), size=(w, h), fill="#ffffff" if low else character.colour, class_="side",
            stroke=character.colour if low else "none", stroke_width=1.2 if low else 0,
        )
    )  # fmt: skip
    cx, cy = x + w / 2, y + 10.0
    parent.add(svgwrite.shapes.Circle((cx, cy), 8.2, fill="#f3eee2"))
    body = (
        f"M{fmt(cx - 6.2)},{fmt(cy + 7.4)} C{fmt(cx - 6.2)},{fmt(cy + 1.8)} "
        f"{fmt(cx - 3.2)},{fmt(cy + 1.2)} {fmt(cx)},{fmt(cy + 1.2)} "
        f"C{fmt(cx + 3.2)},{fmt(cy + 1.2)} {fmt(cx + 6.2)},{fmt(cy + 1.8)} "
        f"{fmt(cx + 6.2)},{fmt(cy + 7.4)} Z"
    )
    parent.add(svgwrite.path.Path(d=body, fill=character.colour))
    parent.add(svgwrite.shapes.Circle((cx, cy - 2.4), 2.9, fill=character.colour))
    _hat(parent, character, cx, cy - 2.4)
    add_label(parent, character.name, x + 0.6, y + 18.8, w - 1.2, h - 19.4,
              NAME_PT / STANDEE_SCALE, min_size=NAME_MIN_PT / STANDEE_SCALE, bold=True,
              align="center", valign="middle", fill=words)  # fmt: skip


def _hat(parent, character: Character, cx: float, cy: float) -> None:
    """The character's headgear on a head centred at (cx, cy)."""
    colour = character.colour
    if character.hat == "brim":
        parent.add(svgwrite.shapes.Rect(insert=(cx - 5.0, cy - 1.9), size=(10.0, 1.1), fill=colour,
                                        rx=0.5))  # fmt: skip
        parent.add(svgwrite.shapes.Rect(insert=(cx - 2.6, cy - 5.2), size=(5.2, 3.8), fill=colour,
                                        rx=0.8))  # fmt: skip
        parent.add(svgwrite.shapes.Rect(insert=(cx - 2.6, cy - 2.6), size=(5.2, 0.7),
                                        fill="#f3eee2"))  # fmt: skip
    elif character.hat == "cap":
        d = (
            f"M{fmt(cx - 3.1)},{fmt(cy - 0.8)} A3.1,3.1 0 0 1 {fmt(cx + 3.1)},{fmt(cy - 0.8)} "
            f"L{fmt(cx + 5.4)},{fmt(cy - 0.4)} L{fmt(cx + 5.4)},{fmt(cy + 0.3)} "
            f"L{fmt(cx - 3.1)},{fmt(cy - 0.2)} Z"
        )
        parent.add(svgwrite.path.Path(d=d, fill=colour, stroke="#f3eee2", stroke_width=0.3))
    elif character.hat == "bun":
        parent.add(svgwrite.shapes.Circle((cx + 2.6, cy - 2.6), 1.6, fill=colour))


def standee_svg(character: Character, ink: str = "normal") -> str:
    """Return one unfolded standee: a foot, the character upside down, the fold, the
    character upright, a foot; cut along the solid outline, fold on the dashed lines.
    With `ink` low, the sides are white with coloured frames."""
    width, height = standee_size()
    dwg = new_document(width, height)
    _standee(dwg, character, 0.0, 0.0, ink)
    return document_text(dwg)


def _standee(parent, character: Character, x: float, y: float, ink: str = "normal") -> None:
    """A standee with its top-left corner at (x, y)."""
    width, height = standee_size()
    group = Group(class_="standee")
    top_panel, bottom_panel = y + TAB_H, y + TAB_H + PANEL_H
    flipped = Group(transform=f"rotate(180 {fmt(x + width / 2)} {fmt(top_panel + PANEL_H / 2)})")
    _panel(flipped, character, x, top_panel, ink)
    group.add(flipped)
    _panel(group, character, x, bottom_panel, ink)
    for tab_y, upside_down in ((y, True), (bottom_panel + PANEL_H, False)):
        group.add(svgwrite.shapes.Rect(insert=(x, tab_y), size=(width, TAB_H), fill="#f1ece0"))
        tab = Group(
            transform=f"rotate(180 {fmt(x + width / 2)} {fmt(tab_y + TAB_H / 2)})"
        ) if upside_down else group  # fmt: skip
        add_label(tab, "foot", x + 1, tab_y + 1, width - 2, TAB_H - 2, FOOT_PT,
               min_size=FOOT_PT, align="center", valign="middle", fill="#6b6b6b")  # fmt: skip
        if upside_down:
            group.add(tab)
    dash = "1.2,0.9"
    for fold_y in (top_panel, bottom_panel, bottom_panel + PANEL_H):
        group.add(
            svgwrite.shapes.Line(
                (x, fold_y),
                (x + width, fold_y),
                stroke=INK,
                stroke_width=0.25,
                stroke_dasharray=dash,
                class_="fold",
            )  # fmt: skip
        )
    group.add(
        svgwrite.shapes.Rect(
            insert=(x, y),
            size=(width, height),
            fill="none",
            stroke=INK,
            stroke_width=0.3,
            class_="cut",
        )  # fmt: skip
    )
    parent.add(group)


def tokens_svg(characters=CHARACTERS, ink: str = "normal") -> str:
    """Return the seven standees side by side, as one drawing to place on a page (with
    `ink` low, in their light version)."""
    width, height = standee_size()
    count = len(characters)
    total = count * width + (count - 1) * STANDEE_GAP
    dwg = new_document(total + 0.4, height + 0.4)
    for index, character in enumerate(characters):
        _standee(dwg, character, 0.2 + index * (width + STANDEE_GAP), 0.2, ink)
    return document_text(dwg)


TOKEN_HEADER = Header(
    "Character tokens",
    "Seven fold-over standees: the Warden for the Hunter, six castaways for the Hunted.",
)
TOKEN_STEPS = (
    "Print this page on card, or glue it to thin card before cutting.",
    "Cut each standee out along its solid outline.",
    "Fold along the dashed line in the middle so the two pictures face out, back to back, "
    "and glue them together.",
    "Fold the two feet out, one forward and one back: the token stands on its own. Glued "
    "under a coin it stands better still.",
)
TOKEN_USE = (
    "Before the roll for the Hunter, every player takes a castaway. Whoever becomes the "
    "Hunter takes the Warden instead and leaves his castaway in the box.",
    "A Hunted's token goes on the board only when he must show a square: when he is seen, "
    "at his trail reveal, or when a card says so. A captured Hunted keeps his castaway and "
    "hunts with it from the camp.",
)


def tokens_part(blocks: Blocks, ink: str = "normal") -> Part:
    """Return the tokens page: the seven standees (light ones with `ink` low), how to
    make them, who they are."""
    rows = [["Token", "Who"]] + [[c.name, c.calling.capitalize()] for c in CHARACTERS]
    story = [
        blocks.figure(tokens_svg(ink=ink)),
        blocks.gap(4),
        blocks.section("Making them", TOKEN_STEPS),
        blocks.section("Using them", TOKEN_USE),
        blocks.keep(blocks.table(rows, (0.35, 0.65))),
    ]
    return Part(TOKEN_HEADER, story, "character tokens")
