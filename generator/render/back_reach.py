"""Duplex backs that reach past the card grid, so that a drifting printer shows no white.

A duplex printer can put the back of a sheet a millimetre or two off its front. When the
backs are dark to their edges, a card cut from such a sheet would show a white sliver on its
back. So each back's artwork is continued past its edges as its own mirror image: BACK_REACH
mm past the grid's outer edges (never into the margin or the footer band), half the gap
between neighbouring backs, nothing where backs touch. Positions are mm from the page's
bottom-left corner, as in imposition.py.
"""

from dataclasses import dataclass

from generator.render.imposition import MARK_CLEAR, Imposition

# 2.5 mm covers the 1-2 mm a home duplex printer drifts, and fits inside the 5 mm margin on
# every built-in sheet.
BACK_REACH = 2.5


@dataclass(frozen=True)
class ReachStrip:
    """A strip past the edge of a back: `slot`'s back mirrored across that edge into it.

    `placement` is (x, y, clip, across_x, across_y), the arguments of place_reflected.
    """

    slot: int
    placement: tuple


def back_reach(imp: Imposition, slots: list[int]) -> list[ReachStrip]:
    """Return the strips that continue each back's artwork past its cell on a duplex backs
    page, so that a sheet printed up to BACK_REACH mm off on its back shows no white inside
    a card: BACK_REACH mm past the grid's outer edges (less the sheet's own bleed, and never
    into the margin or the footer band), half the gap between neighbouring backs, nothing
    where backs touch."""
    reach = BACK_REACH - imp.sheet.bleed
    if reach <= 0 or not slots:
        return []
    cells = {slot: imp.back_cell(slot) for slot in slots}
    swapped = _swap(cells.values())
    gap = imp.sheet.gap
    low_x, low_y, high_x, high_y = _drawable(imp)
    strips = []
    for slot, (x, y, w, h) in cells.items():
        left = _reach(cells.values(), x, y, -1, reach, gap, x - low_x)
        right = _reach(cells.values(), x + w, y, 1, reach, gap, high_x - x - w)
        below = _reach(swapped, y, x, -1, reach, gap, y - low_y)
        above = _reach(swapped, y + h, x, 1, reach, gap, high_y - y - h)
        for across_x, strip_x, strip_w in (
            (None, x, w),
            (x, x - left, left),
            (x + w, x + w, right),
        ):
            for across_y, strip_y, strip_h in (
                (None, y, h),
                (y, y - below, below),
                (y + h, y + h, above),
            ):
                if (across_x, across_y) == (None, None) or strip_w <= 0 or strip_h <= 0:
                    continue
                clip = (strip_x, strip_y, strip_w, strip_h)
                strips.append(ReachStrip(slot, (x, y, clip, across_x, across_y)))
    return strips


def _swap(cells):
    """The cells with x and y (and width and height) exchanged, to measure up and down."""
    return [(y, x, h, w) for x, y, w, h in cells]


def _reach(cells, edge, start, direction, reach, gap, room) -> float:
    """How far a back reaches past its `edge` (an x; its row starts at y = `start`) going
    `direction` (-1 or 1): half the gap to a neighbour there, else `reach` within the
    `room` to the drawable area's edge."""
    for x, y, w, _ in cells:
        facing = x if direction > 0 else x + w
        if abs(y - start) < 1e-6 and abs(facing - (edge + direction * gap)) < 1e-6:
            return min(reach, gap / 2)
    return max(0.0, min(reach, room))


def _drawable(imp: Imposition) -> tuple[float, float, float, float]:
    """The area artwork may cover (x0, y0, x1, y1): the page inside its margin, less the
    footer band."""
    edge = imp.sheet.margin + MARK_CLEAR
    low_x, low_y = edge, edge
    band_x, band_y, band_w, band_h = imp.footer_band()
    if imp.footer_side() == "bottom":
        low_y = band_y + band_h + MARK_CLEAR
    else:
        low_x = band_x + band_w + MARK_CLEAR
    return (low_x, low_y, imp.page.width - edge, imp.page.height - edge)
