"""The Dragon's map sheet, blank (to draw the nine arrows on) or drawn (a ready-made route
map): the map drawing as large as the page allows, then the legend, the map rules and the
table of arrows in words. The drawing is a figure (figures.map_figure); the rest is set by
the document layer."""

from reportlab.platypus import Flowable, Table, TableStyle

from generator.games.hunt.art import NAMES
from generator.games.hunt.drawing import FLY_INK
from generator.games.hunt.figures import legend_figure, map_figure
from generator.games.hunt.maps import LAIR, NO_ARROW, RouteMap
from generator.render.document import GREY, SHADE, Blocks, Figure, Header, Part
from generator.render.document.styles import colour
from generator.render.units import pt_to_mm

MAP_RULES = (
    "Town, Hills, Woods and Sea each send out two arrows: one Walk, one Fly.",
    "The Lair sends out a single Fly arrow. No Walk arrow may enter the Lair.",
    "Nine arrows in all. They stay as drawn for the whole round.",
    "A loop (an arrow back to its own place) only if both players agreed to loops.",
    "Draw a Walk arrow as one line, a Fly arrow as two lines side by side (as the legend "
    "shows), or use two pens.",
)
FIELDS = "Dragon: ____________   Round 1 / 2"
SIZES = (9.5, 9.0, 8.5, 8.0)  # body sizes tried, largest first
GAP = 4.0  # mm between the drawing and what is under it


class MapDrawing(Flowable):
    """The map drawing, made at layout time to fill the column's width and the height left
    above `below` (the flowable that follows it on the page); svg_text holds the drawing
    as last laid out (an SVG component, true size in mm)."""

    def __init__(self, route_map: RouteMap | None, below: Flowable) -> None:
        super().__init__()
        self.route_map, self.below = route_map, below
        self.figure: Figure | None = None
        self.svg_text = ""

    def wrap(self, avail_width, avail_height):
        _, below = self.below.wrap(avail_width, avail_height)
        height = pt_to_mm(avail_height - below) - GAP
        self.svg_text = map_figure(pt_to_mm(avail_width), height, self.route_map)
        self.figure = Figure(self.svg_text)
        self.width, self.height = self.figure.wrap(avail_width, avail_height)
        return self.width, self.height

    def drawOn(self, canvas, x, y, _sW=0):  # noqa: N802 (reportlab's name)
        self.figure.drawOn(canvas, x, y, _sW)


def _arrows_table(blocks: Blocks, route_map: RouteMap | None) -> Table:
    """Return the table of arrows in words: a row a place, Walk to and Fly to."""
    fly = {"color": FLY_INK}
    rows = [
        [
            blocks.cell("From", "cell-head", align="center"),
            blocks.cell("Walk to", "cell-head", align="center"),
            blocks.cell("Fly to", "cell-head", align="center", **fly),
        ]
    ]
    for place, name in enumerate(NAMES):
        walk: object = ""
        fly_to: object = ""
        if place == LAIR:
            walk = blocks.cell("no Walk", "cell-small", align="center", color=GREY)
        if route_map is not None:
            if route_map.walk[place] != NO_ARROW:
                walk = blocks.cell(NAMES[route_map.walk[place]], align="center")
            if route_map.fly[place] != NO_ARROW:
                fly_to = blocks.cell(NAMES[route_map.fly[place]], align="center", **fly)
        rows.append([name, walk, fly_to])
    row_mm = pt_to_mm(blocks.scale.body) * 2.4
    extra = [("BACKGROUND", (1, 1 + LAIR), (1, 1 + LAIR), colour(SHADE))]
    return blocks.table(rows, (0.3, 0.35, 0.35), row_height=row_mm, extra=extra)


def _footer_block(blocks: Blocks, route_map: RouteMap | None) -> Table:
    """Return the block under the drawing: legend and rules left, the arrows right."""
    left = [
        Figure(legend_figure(18.0), align="left"),
        blocks.gap(2),
        blocks.para("Map rules", "cell-head"),
        blocks.bullets(MAP_RULES, "small"),
    ]
    right = [blocks.para("Your arrows, in words", "cell-head"), _arrows_table(blocks, route_map)]
    table = Table([[left, right]], colWidths=["56%", "44%"], hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), "Vera"),
                ("LINEABOVE", (0, 0), (-1, 0), 0.4, colour(GREY)),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (0, 0), 0),
                ("RIGHTPADDING", (0, 0), (0, 0), 8),
                ("RIGHTPADDING", (1, 0), (1, 0), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 6),
            ]
        )
    )
    return table


def map_sheet_part(
    blocks: Blocks, route_map: RouteMap | None = None, loops: bool | None = None
) -> Part:
    """Return the Dragon's map sheet as a Part: blank when `route_map` is None (five
    landmarks to draw nine arrows between), else with its arrows drawn and written in the
    table; `loops` (when known) is said under the header."""
    if route_map is None:
        title = "The Dragon's map"
        subtitle = "Draw your nine arrows in secret. Keep this sheet out of the Knight's sight."
    else:
        title = "The Dragon's map (drawn)"
        subtitle = "A ready-made route map: the Dragon keeps it hidden and follows it all round."
    story: list[Flowable] = []
    if loops is not None:
        note = "Loops allowed this round." if loops else "No loops this round."
        story.append(blocks.para(note, "cell-head", align="right"))
    below = _footer_block(blocks, route_map)
    story += [MapDrawing(route_map, below), blocks.gap(GAP - 0.5), below]
    return Part(Header(title, subtitle, FIELDS), story, "map" if route_map is None else "route map")
