"""The Hunt's figures: self-contained SVG components (true size in millimetres) that the
printed pages place with the document layer. The drawing itself is art.py's; this module
only frames it: the map drawing, small maps, the Walk/Fly legend."""

from generator.games.hunt.art import (
    draw_map,
    legend_sample,
    mini_map,
    mini_map_size,
    sheet_layout,
)
from generator.games.hunt.drawing import FLY_INK, draw_text
from generator.games.hunt.maps import RouteMap
from generator.render.svg import document_text, new_document


def map_figure(width: float, height: float, route_map: RouteMap | None = None) -> str:
    """Return the map sheet's drawing, `width` x `height` mm: the five landmarks on a
    pentagon as large as fits, with `route_map`'s nine arrows when given (each a
    <g class="arrow ...">), for the Dragon to draw on when not."""
    dwg = new_document(width, height)
    draw_map(dwg, sheet_layout(width, height), route_map)
    return document_text(dwg)


def mini_map_figure(
    route_map: RouteMap | None = None, radius: float = 30.0, r: float = 6.0, stretch=0.6
) -> str:
    """Return a small map: the five badges (names under them) on a pentagon of `radius`
    mm, squashed to `stretch` of its height, with `route_map`'s arrows when given."""
    width, height = mini_map_size(radius, r, stretch)
    pad = r * 0.9  # arrows bend outwards past the badges
    dwg = new_document(width + 2 * pad, height + 2 * pad)
    mini_map(dwg, width / 2 + pad, pad, radius, r, route_map, stretch)
    return document_text(dwg)


def legend_figure(length: float = 16.0) -> str:
    """Return the legend: "Walk" and a solid arrow, "Fly" and a hollow red one, in a row."""
    word = 11.0
    width = 2 * (word + length) + 8
    dwg = new_document(width, 6)
    draw_text(dwg, "Walk", 0, 0, word, 6, 9, bold=True, valign="middle")
    legend_sample(dwg, word, 3, length, "walk")
    x = word + length + 8
    draw_text(dwg, "Fly", x, 0, word, 6, 9, bold=True, valign="middle", fill=FLY_INK)
    legend_sample(dwg, x + word - 3, 3, length, "fly")
    return document_text(dwg)


__all__ = ["legend_figure", "map_figure", "mini_map_figure"]
