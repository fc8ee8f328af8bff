"""The document layer: pages that flow (books, rules, references, logs, the kit guide),
set by reportlab's platypus. A game says what goes on its pages with Blocks and Parts;
this package sets the type, the columns, the header and the footer."""

from generator.render.document.blocks import Blocks, Item, WholeParagraph, plain
from generator.render.document.flowables import (
    Continued,
    Figure,
    Room,
    ShadedHeading,
    TickBox,
)
from generator.render.document.halves import half_sheet, write_half_sheets
from generator.render.document.pages import (
    DoesNotFit,
    Header,
    Part,
    column_size,
    fit_document,
    fit_parts,
    write_document,
)
from generator.render.document.puzzle_book import PuzzleBook
from generator.render.document.styles import FAINT, GREY, INK, SHADE, TypeScale

__all__ = [
    "FAINT",
    "GREY",
    "INK",
    "SHADE",
    "Blocks",
    "Continued",
    "DoesNotFit",
    "Figure",
    "Header",
    "Item",
    "Part",
    "PuzzleBook",
    "Room",
    "ShadedHeading",
    "TickBox",
    "TypeScale",
    "WholeParagraph",
    "column_size",
    "fit_document",
    "fit_parts",
    "half_sheet",
    "plain",
    "write_document",
    "write_half_sheets",
]
