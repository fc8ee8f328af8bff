"""Parforcejagd's tokens: the ten pieces as fold-over tokens, and the pot's coins.

A piece token is a strip cut out along its solid outline and folded on its dashed line, the
icon on both faces (the back half is drawn upside down so that it stands upright once
folded). The coins are discs of 1, 3 and 6 tokens, enough for five players' bets and the
pond fees. Each function returns SVG text or a document Part; print.py writes the PDFs.
"""

from __future__ import annotations

import svgwrite
from svgwrite.container import Group

from generator.games.parforce.figures import INK, KINDS, draw_icon, piece_kind
from generator.games.parforce.rules import BET, PIECES
from generator.render.document import Blocks, Header, Part
from generator.render.svg import new_document
from generator.render.text import text_group
from generator.render.units import fmt

TOKEN_MM = 22.0  # a piece token's side (each face)
PER_ROW = 5
GAP_MM = 3.0
COIN_MM = 15.0
COINS = ((1, 24), (3, 16), (6, 8))  # (value, how many): 120 tokens, five bets of 24
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


def coins_svg(width: float) -> str:
    """Return the pot's coins (COINS) in rows across `width` mm, each a disc to cut out
    with its value."""
    per_row = int((width + 1.0) // (COIN_MM + 1.0))
    values = [value for value, count in COINS for _ in range(count)]
    rows = -(-len(values) // per_row)
    dwg = new_document(per_row * (COIN_MM + 1.0), rows * (COIN_MM + 1.0))
    for index, value in enumerate(values):
        row, column = divmod(index, per_row)
        cx = column * (COIN_MM + 1.0) + COIN_MM / 2 + 0.5
        cy = row * (COIN_MM + 1.0) + COIN_MM / 2 + 0.5
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


TOKENS_HEADER = Header(
    "Pieces and pot tokens",
    "The stag, the four hounds, the dog handler and the four riders, and the coins of the pot.",
)
MAKING = (
    "Print this page on card, or glue it to thin card before cutting.",
    "Cut each piece out along its solid outline, fold it on the dashed line and glue the two "
    "halves back to back: the piece shows on both sides.",
    f"Cut out the coins. A player's bet is worth {BET} tokens; the coins are worth 1, 3 and 6.",
)


def tokens_part(blocks: Blocks, width: float) -> Part:
    """Return the tokens page: the ten pieces, how to make them, and the coins."""
    total = sum(value * count for value, count in COINS)
    story = [
        blocks.figure(pieces_svg()),
        blocks.gap(3),
        blocks.section("Making them", MAKING),
        blocks.para(f"The pot: {sum(c for _, c in COINS)} coins, {total} tokens in all.", "note"),
        blocks.gap(1),
        blocks.figure(coins_svg(width)),
    ]
    return Part(TOKENS_HEADER, story, "tokens")
