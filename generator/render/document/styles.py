"""The type and colours of every flowing page: one scale, set in Bitstream Vera.

A page says "a heading", "a paragraph", "a step"; the sizes come from a TypeScale, so a
page that must fit (a one-page reference) can be set again one size smaller.
"""

from dataclasses import dataclass
from functools import cached_property

from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle

from generator.render.fonts import ensure_fonts

INK = "#1f1f1f"
GREY = "#5c5c5c"
FAINT = "#a0a0a0"
RULE = "#c8c8c8"
SHADE = "#ebe8e1"

LEADING = 1.2  # line height as a share of the type size, as the SVG components use
ALIGNS = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT}


def colour(value: str):
    """Return a reportlab colour for a "#rrggbb" string."""
    return HexColor(value)


@dataclass(frozen=True)
class TypeScale:
    """The sizes (points) of one document: body text, and what is derived from it."""

    body: float = 9.0
    title: float = 20.0

    @property
    def heading(self) -> float:
        return self.body + 1.5

    @property
    def small(self) -> float:
        return max(self.body - 1.5, 6.0)

    @cached_property
    def styles(self) -> dict[str, ParagraphStyle]:
        """Return the paragraph styles by name: body, heading, small, note, title,
        subtitle, fields, cell, cell-head, cell-small."""
        ensure_fonts()
        body = ParagraphStyle(
            "body",
            fontName="Vera",
            fontSize=self.body,
            leading=self.body * LEADING,
            textColor=colour(INK),
            spaceAfter=self.body * 0.25,
        )

        def derive(name: str, **changes) -> ParagraphStyle:
            return ParagraphStyle(name, parent=body, **changes)

        small = self.small
        return {
            "body": body,
            "heading": derive(
                "heading",
                fontName="Vera-Bold",
                fontSize=self.heading,
                leading=self.heading * LEADING,
                spaceBefore=0,
                spaceAfter=self.body * 0.35,
            ),
            "small": derive("small", fontSize=small, leading=small * LEADING),
            "note": derive("note", fontSize=small, leading=small * LEADING, textColor=colour(GREY)),
            "title": derive(
                "title",
                fontName="Vera-Bold",
                fontSize=self.title,
                leading=self.title * 1.1,
                spaceAfter=0,
            ),
            "subtitle": derive("subtitle", textColor=colour(GREY), spaceAfter=0),
            "fields": derive("fields", alignment=TA_RIGHT, spaceAfter=0),
            "cell": derive("cell", spaceAfter=0),
            "cell-head": derive("cell-head", fontName="Vera-Bold", spaceAfter=0),
            "cell-small": derive(
                "cell-small", fontSize=small, leading=small * LEADING, spaceAfter=0
            ),
        }

    def style(self, name: str, **changes) -> ParagraphStyle:
        """Return the style `name`, or a copy of it with `changes` (alignment by name too)."""
        base = self.styles[name]
        if not changes:
            return base
        if "align" in changes:
            changes["alignment"] = ALIGNS[changes.pop("align")]
        if "color" in changes:
            changes["textColor"] = colour(changes.pop("color"))
        return ParagraphStyle(f"{name}-custom", parent=base, **changes)
