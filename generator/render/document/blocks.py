"""What a game puts on a flowing page, said once: headings, paragraphs, bullets, lead-ins,
sections, tables, figures, room to write. Blocks(scale) hands out reportlab flowables set in
that TypeScale; the text is plain (escaped here), never markup from a game.
"""

from collections.abc import Iterable, Sequence
from xml.sax.saxutils import escape

from reportlab.platypus import (
    Flowable,
    KeepTogether,
    ListFlowable,
    ListItem,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from generator.render.document.flowables import Continued, Figure, Room, ShadedHeading
from generator.render.document.styles import INK, SHADE, TypeScale, colour
from generator.render.units import mm_to_pt

# An item of a section: plain text (a bullet), or (lead, text): a bold lead-in, then text.
Item = str | tuple[str, str] | Flowable
WHOLE_MAX = 60.0  # mm: the tallest paragraph WholeParagraph keeps whole


def plain(text: object) -> str:
    """Return `text` escaped for a reportlab Paragraph (it carries no markup of its own)."""
    return escape(str(text))


class WholeParagraph(Paragraph):
    """A paragraph that moves to the next column whole rather than split (a short step or
    item); one taller than WHOLE_MAX mm splits as usual, so it can never be stuck."""

    def split(self, avail_width, avail_height):
        if getattr(self, "height", 0) <= mm_to_pt(WHOLE_MAX):
            return []
        return super().split(avail_width, avail_height)


class Blocks:
    """Flowables for a page in one type scale (see TypeScale)."""

    def __init__(self, scale: TypeScale | None = None) -> None:
        self.scale = scale or TypeScale()

    def para(self, text: str, style: str = "body", **changes) -> Paragraph:
        """Return a paragraph of plain text in style `style` (see TypeScale.styles)."""
        return Paragraph(plain(text), self.scale.style(style, **changes))

    def lead(self, lead: str, text: str, style: str = "body") -> Paragraph:
        """Return a paragraph opening with a bold `lead`, the text running on after it."""
        return Paragraph(f"<b>{plain(lead)}</b> {plain(text)}", self.scale.style(style))

    def heading(self, text: str) -> ShadedHeading:
        """Return a shaded heading that stays with what follows it."""
        return ShadedHeading(plain(text), self.scale.style("heading"))

    def bullets(self, items: Iterable[str], style: str = "body") -> ListFlowable:
        """Return plain items as a bulleted list."""
        return ListFlowable(
            [ListItem(self.para(item, style)) for item in items],
            bulletType="bullet",
            start="•",
            bulletFontName="Vera",
            bulletFontSize=self.scale.body,
            leftIndent=mm_to_pt(3.2),
            bulletOffsetY=0,
        )

    def items(self, items: Iterable[Item]) -> list[Flowable]:
        """Return section items: a string is a bullet, (lead, text) a lead-in paragraph,
        a flowable stays as it is."""
        out: list[Flowable] = []
        run: list[str] = []
        for item in items:
            if isinstance(item, str):
                run.append(item)
                continue
            if run:
                out.append(self.bullets(run))
                run = []
            out.append(self.lead(*item) if isinstance(item, tuple) else item)
        if run:
            out.append(self.bullets(run))
        return out

    def section(
        self, heading: str, items: Iterable[Item], keep: bool = True
    ) -> Flowable | list[Flowable]:
        """Return a shaded heading with its items as one flowable kept in one column; with
        keep=False, as a list of flowables that may split (the heading still never ends a
        column alone)."""
        body = [self.heading(heading), *self.items(items), self.gap(2.5)]
        return KeepTogether(body) if keep else body

    def runs(self, runs: Iterable[tuple[str, str]], style: str = "cell", **changes) -> Paragraph:
        """Return one paragraph of plain `runs`, each (text, "#rrggbb" colour), set one after
        another with a space between (a cell whose words differ in colour)."""
        text = " ".join(f'<font color="{colour}">{plain(words)}</font>' for words, colour in runs)
        return Paragraph(text, self.scale.style(style, **changes))

    def steps(
        self, steps: Iterable[tuple[int, str]], indent: float = 5.0, style: str = "body"
    ) -> list[Paragraph]:
        """Return worked steps as paragraphs: (depth, text), depth 0 numbered 1., 2., ...
        and deeper steps (inside a supposition, say) marked with a dash, `indent` mm further
        in for each level. Each step stays whole in its column, and a step that opens
        deeper ones ("Suppose ...:") stays with the first of them."""
        steps = list(steps)
        out, number = [], 0
        label_w = mm_to_pt(indent + 1.0)
        size = self.scale.styles[style].fontSize
        for depth, text in steps:
            if depth == 0:
                number += 1
            label = f"{number}." if depth == 0 else "–"
            step_style = self.scale.style(
                style,
                leftIndent=label_w + depth * mm_to_pt(indent),
                bulletIndent=depth * mm_to_pt(indent),
                spaceAfter=size * 0.2,
                bulletFontName="Vera",
                bulletFontSize=size,  # reportlab's default is 10 pt, whatever the text's
            )
            out.append(WholeParagraph(plain(text), step_style, bulletText=label))
        for step, (depth, _), (deeper, _) in zip(out, steps, steps[1:], strict=False):
            step.keepWithNext = deeper > depth
        return out

    def continued(self, flowable: Flowable, text: str) -> Continued:
        """Return `flowable` (kept whole) marked so that, when it lands at the top of a
        column, a grey `text` ("Puzzle 2, continued") stands above it."""
        return Continued(flowable, self.para(text, "note", fontName="Vera-Bold"))

    def keep_ends(
        self, head: Sequence[Flowable], body: Sequence[Flowable], first: int = 2, last: int = 2
    ) -> list[Flowable]:
        """Return `head` and `body` as a story in which no item of `body` stands alone at
        the foot or the top of a column: the head stays with the first `first` items, and
        the last `last` items stay together (each group grows by any item an item of it
        keeps with, such as a supposition's first step)."""
        body = list(body)
        # an item that keeps with its next one pulls that one into its group too
        while first < len(body) and body[first - 1].getKeepWithNext():
            first += 1
        tail = len(body) - last
        while tail > first and body[tail - 1].getKeepWithNext():
            tail -= 1
        if tail <= first:
            return [KeepTogether([*head, *body])]
        return [KeepTogether([*head, *body[:first]]), *body[first:tail], KeepTogether(body[tail:])]

    def gap(self, height: float) -> Spacer:
        """Return `height` mm of space."""
        return Spacer(1, mm_to_pt(height))

    def figure(self, svg_text: str, width: float | None = None) -> Figure:
        """Return an SVG component as a figure (true size, or `width` mm, or the column's)."""
        return Figure(svg_text, width)

    def room(self, minimum: float, maximum: float | None = None, **kw) -> Room:
        """Return room to write (see Room)."""
        return Room(minimum, maximum, **kw)

    def keep(self, *flowables: Flowable) -> KeepTogether:
        """Return the flowables kept together in one column or page."""
        return KeepTogether(list(flowables))

    def beside(
        self, cells: Sequence[object], widths: Sequence[object], valign: str = "TOP"
    ) -> Table:
        """Return `cells` (flowables, or lists of them) side by side in one unruled row
        without padding, column `widths` in points or as "40%" strings (None shares the
        rest); `valign` is TOP, MIDDLE or BOTTOM."""
        table = Table([list(cells)], colWidths=list(widths), hAlign="LEFT")
        table.setStyle(
            TableStyle(
                [
                    ("VALIGN", (0, 0), (-1, -1), valign),
                    ("FONTNAME", (0, 0), (-1, -1), "Vera"),
                    ("LEFTPADDING", (0, 0), (-1, -1), 0),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                    ("TOPPADDING", (0, 0), (-1, -1), 0),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
                ]
            )
        )
        return table

    def cell(self, text: object, style: str = "cell", **changes) -> Paragraph:
        """Return one table cell's text (plain), in a cell style."""
        return Paragraph(plain(text), self.scale.style(style, **changes))

    def table(
        self,
        rows: Sequence[Sequence[object]],
        widths: Sequence[float],
        *,
        header_rows: int = 1,
        row_height: float | None = None,
        align: str = "left",
        style: str = "cell",
        grid: str | None = INK,
        extra: Iterable[tuple] = (),
    ) -> Table:
        """Return a ruled table: `rows` of cells (text, a flowable or a list of them),
        column `widths` in shares of the column (summing to 1) or in mm (summing to more
        than 1).

        The first `header_rows` are bold on a shaded band and repeat on a new page. The
        `grid` rules every cell in that colour; with None, `extra` draws what lines there
        are. `extra` adds reportlab TableStyle commands (for spans and the like).
        """
        total = sum(widths)
        as_mm = total > 1.0 + 1e-9
        cells = [
            [
                value
                if isinstance(value, Flowable | list)
                else self.cell(value, "cell-head" if index < header_rows else style, align=align)
                for value in row
            ]
            for index, row in enumerate(rows)
        ]
        commands = [
            *([("GRID", (0, 0), (-1, -1), 0.4, colour(grid))] if grid else []),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("FONTNAME", (0, 0), (-1, -1), "Vera"),  # reportlab sets Helvetica on every cell
            ("LEFTPADDING", (0, 0), (-1, -1), 3),
            ("RIGHTPADDING", (0, 0), (-1, -1), 3),
            ("TOPPADDING", (0, 0), (-1, -1), 1.5),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
        ]
        if header_rows:
            commands.append(("BACKGROUND", (0, 0), (-1, header_rows - 1), colour(SHADE)))
        commands += list(extra)
        table = Table(
            cells,
            colWidths=[mm_to_pt(w) if as_mm else f"{100 * w / total:.4f}%" for w in widths],
            rowHeights=mm_to_pt(row_height) if row_height else None,
            repeatRows=header_rows,
            hAlign="LEFT",
        )
        table.setStyle(TableStyle(commands))
        return table
