"""Parforcejagd's tokens: the ten pieces as fold-over tokens, and the pot's coins.

A piece token is a strip cut out along its solid outline and folded on its dashed line, the
icon on both faces (the back half is drawn upside down so that it stands upright once
folded). The coins are discs of 1, 3 and 6 tokens, each value on rows of its own: a purse
for every player's bet (PURSE) and the fees of one forced pond entry (table.py), so a kit
for more players prints more of them. Each function returns SVG text or a document Part;
print.py writes the PDFs and counts what they hold (`coin_counts`).
"""

from __future__ import annotations

import re

import svgwrite
from svgwrite.container import Group

from generator.games.parforce.figures import INK, KINDS, draw_icon, piece_kind
from generator.games.parforce.rules import BET, PIECES, POND_FEE
from generator.games.parforce.table import FEE_RESERVE, MOST_BLOCKERS
from generator.render.document import Blocks, Header, Part
from generator.render.svg import new_document
from generator.render.text import text_group
from generator.render.units import fmt

TOKEN_MM = 22.0  # a piece token's side (each face)
PER_ROW = 5
GAP_MM = 3.0
COIN_MM = 15.0
COIN_GAP_MM = 1.0
# one player's bet in coins, (value, how many): six 1s, two 3s and two 6s make 24 and
# change for a share of the pot or a fee of 3
PURSE = ((1, 6), (3, 2), (6, 2))
assert sum(value * count for value, count in PURSE) == BET
assert FEE_RESERVE % POND_FEE == 0
COIN_COLOURS = {1: "#d9b44a", 3: "#b9c3c9", 6: "#c98b52"}


def _face(parent, piece: str, x: float, y: float) -> None:
    """One face of a piece token: its icon with the piece's name under it."""
    colour = KINDS[piece_kind(piece)][0]
    parent.add(svgwrite.shapes.Rect((x, y), (TOKEN_MM, TOKEN_MM), fill="#ffffff"))
    draw_icon(parent, piece, x + TOKEN_MM / 2, y + TOKEN_MM * 0.44, TOKEN_MM * 0.7)
    name = KINDS[piece_kind(piece)][1] + (f" {piece[1:]}" if piece[1:] else "")
    label, _ = text_group(name, x + 1, y + TOKEN_MM * 0.8, TOKEN_MM - 2, TOKEN_MM * 0.18,
                          size=6.5, bold=True, align="center", valign="middle",
                          fill=colour)  # fmt: skip
    parent.add(label)


def _strip(parent, piece: str, x: float, y: float) -> None:
    """A fold-over token: the back (upside down) above the fold, the front below."""
    group = Group(class_=f"token token-{piece}")
    back = Group(transform=f"rotate(180 {fmt(x + TOKEN_MM / 2)} {fmt(y + TOKEN_MM / 2)})")
    _face(back, piece, x, y)
    group.add(back)
    _face(group, piece, x, y + TOKEN_MM)
    group.add(
        svgwrite.shapes.Line(
            (x, y + TOKEN_MM),
            (x + TOKEN_MM, y + TOKEN_MM),
            stroke=INK,
            stroke_width=0.25,
            stroke_dasharray="1.2,0.9",
            class_="fold",
        )  # fmt: skip
    )
    group.add(
        svgwrite.shapes.Rect(
            (x, y),
            (TOKEN_MM, 2 * TOKEN_MM),
            fill="none",
            stroke=INK,
            stroke_width=0.3,
            class_="cut",
        )  # fmt: skip
    )
    parent.add(group)


def pieces_svg() -> str:
    """Return the ten fold-over piece tokens, PER_ROW to a row."""
    rows = -(-len(PIECES) // PER_ROW)
    width = PER_ROW * TOKEN_MM + (PER_ROW - 1) * GAP_MM + 0.4
    height = rows * 2 * TOKEN_MM + (rows - 1) * GAP_MM + 0.4
    dwg = new_document(width, height)
    for index, piece in enumerate(PIECES):
        row, column = divmod(index, PER_ROW)
        _strip(dwg, piece, 0.2 + column * (TOKEN_MM + GAP_MM),
               0.2 + row * (2 * TOKEN_MM + GAP_MM))  # fmt: skip
    return dwg.tostring()


def coins_for(players: int) -> tuple[tuple[int, int], ...]:
    """Return the coins a table of `players` gets, (value, how many), smallest first: a
    PURSE for each player and the fees of one forced pond entry in coins of POND_FEE."""
    counts = {value: count * players for value, count in PURSE}
    counts[POND_FEE] = counts.get(POND_FEE, 0) + FEE_RESERVE // POND_FEE
    return tuple(sorted(counts.items()))


def coins_svg(coins: tuple[tuple[int, int], ...], width: float) -> str:
    """Return `coins` ((value, how many)) as discs to cut out, each with its value, in rows
    across `width` mm; each value starts a row of its own."""
    pitch = COIN_MM + COIN_GAP_MM
    per_row = int((width + COIN_GAP_MM) // pitch)
    places, row = [], 0
    for value, count in coins:
        for index in range(count):
            places.append((value, row + index // per_row, index % per_row))
        row += -(-count // per_row)
    dwg = new_document(per_row * pitch, row * pitch)
    for value, row, column in places:
        cx = column * pitch + COIN_MM / 2 + COIN_GAP_MM / 2
        cy = row * pitch + COIN_MM / 2 + COIN_GAP_MM / 2
        group = Group(class_=f"coin coin-{value}")
        group.add(svgwrite.shapes.Circle((cx, cy), COIN_MM / 2, fill=COIN_COLOURS[value],
                                         stroke=INK, stroke_width=0.3))  # fmt: skip
        group.add(svgwrite.shapes.Circle((cx, cy), COIN_MM / 2 - 1.2, fill="none",
                                         stroke="#ffffff", stroke_width=0.3))  # fmt: skip
        label, _ = text_group(str(value), cx - 5, cy - 5, 10, 10, size=16, bold=True,
                              align="center", valign="middle", fill=INK)  # fmt: skip
        group.add(label)
        dwg.add(group)
    return dwg.tostring()


_COIN = re.compile(r'class="coin coin-([0-9]+)"')


def coin_counts(svg: str) -> dict[int, int]:
    """Return how many coins of each value the drawing `svg` holds, read from the drawing."""
    counts: dict[int, int] = {}
    for match in _COIN.finditer(svg):
        counts[int(match[1])] = counts.get(int(match[1]), 0) + 1
    return dict(sorted(counts.items()))


def piece_counts(svg: str) -> dict[str, int]:
    """Return how many piece tokens of each kind (stag, hound, handler, rider) the drawing
    `svg` holds, read from the drawing."""
    counts: dict[str, int] = {}
    for match in re.finditer(r'class="token token-([A-Z][0-9]?)"', svg):
        kind = piece_kind(match[1])
        counts[kind] = counts.get(kind, 0) + 1
    return counts


TOKENS_HEADER = Header(
    "The pieces",
    "The stag, the four hounds, the dog handler and the four riders, each a token to stand "
    "in a square of the board.",
)
MAKING = (
    "Print this page on card, or glue it to thin card before cutting.",
    "Cut each piece out along its solid outline, fold it on the dashed line and glue the two "
    "halves back to back: the piece shows on both sides.",
)
COINS_HEADER = Header(
    "The pot's coins",
    f"Every player bets {BET} tokens; a stag forced into the pond pays {POND_FEE} tokens to "
    "each piece in its way. Print on card and cut out the discs.",
)


def tokens_part(blocks: Blocks, token_mm: float, square_mm: float) -> Part:
    """Return the pieces page: the ten tokens (`token_mm` a side, for the board's
    `square_mm` squares) and how to make them."""
    story = [
        blocks.figure(pieces_svg()),
        blocks.gap(3),
        blocks.section("Making them", MAKING),
        blocks.para(
            f"Each token is {token_mm:g} mm wide and stands in a {square_mm:g} mm square of "
            f"the board with {(square_mm - token_mm) / 2:g} mm free on each side.",
            "note",
        ),
    ]
    return Part(TOKENS_HEADER, story, "tokens")


def coins_part(blocks: Blocks, players: int, coins_svg_text: str) -> Part:
    """Return the coins page for a table of `players`: what the coins are for, and the
    drawing `coins_svg_text` (coins_svg of coins_for(players))."""
    counts = coin_counts(coins_svg_text)
    total = sum(value * count for value, count in counts.items())
    purse = ", ".join(f"{count} x {value}" for value, count in PURSE)
    story = [
        blocks.para(
            f"For {players} players: {sum(counts.values())} coins worth {total} tokens. "
            f"Give each player a bet of {BET} ({purse}); the {FEE_RESERVE // POND_FEE} "
            f"coins of {POND_FEE} left over are the stag's player's pond fees (at most "
            f"{MOST_BLOCKERS} pieces block one entry).",
            "note",
        ),
        blocks.gap(2),
        blocks.figure(coins_svg_text),
    ]
    return Part(COINS_HEADER, story, "coins")
