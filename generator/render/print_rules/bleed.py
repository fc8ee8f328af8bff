"""The bleed rule: what prints just outside a card's cut carries only that card's own ground.

A cut is never exact and a duplex back never lands exactly behind its front, so the
millimetre outside each trimmed edge ends up on the card now and then. There the card must
show its own ground, continued outwards, or bare paper; a sliver of the next card's frame
or text reads as a printing fault.

The cuts are read from the page itself: the crop marks are short straight strokes drawn on
the page (not inside a card's form) outside the grid, and every trim line has one at each
end. A page with crop marks is a sheet of fronts; a page whose footer ends in "backs" and
has none is the backs of the page before it, turned over the long edge, so its cuts are the
fronts' mirrored. Between two cards that meet edge to edge there is no outside to check;
where a gutter (a bleed or a gap) parts them, each card owns the half nearer to it.

The ring checked is the whole bleed, REACH_MM wide; each of its pixels must be paper white,
within COLOUR_TOLERANCE of the card's own edge at the same place along the edge (read
INSET_MM inside the trim), or that colour faded towards white (the anti-aliased pixel where
the bleed ends). The corners are left out, where a rounded frame meets its bleed.
"""

import warnings
from dataclasses import dataclass

import numpy as np
import pypdfium2

from generator.render.print_rules.inks import Box, Ink

REACH_MM = 3.0  # a full bleed: how far past its cut a card may print
INSET_MM = 0.3  # where the card's own edge colour is read, inside its trim
COLOUR_TOLERANCE = 48  # per channel, of 255: anti-aliasing and a gradient's step
WHITE = 240  # every channel above: bare paper
SHARE = 0.02  # more than this share of a side's ring off-colour breaks the rule
DPI = 200
# A crop mark: a stroke on the page this thin and this long (sheets draw 4 mm, or less
# where the paper's margin is nearer: at least MIN_MARK, render/imposition.py).
MARK_THIN_MM = 0.5
MARK_LENGTH_MM = (0.9, 4.6)
FOLD_LENGTH_MM = 100.0  # a stroke down the page this long is a fold-and-glue sheet's fold
MIN_CARD_MM = 15.0  # a gap between trim lines narrower than this is a gutter, not a card


@dataclass(frozen=True)
class Cuts:
    """A sheet's trim lines: x of every vertical cut, y of every horizontal one (page mm
    from the bottom-left), sorted."""

    xs: tuple[float, ...]
    ys: tuple[float, ...]

    def mirrored(self, width: float) -> "Cuts":
        """The same cuts seen from the back of the sheet, turned over its long edge."""
        return Cuts(tuple(sorted(round(width - x, 3) for x in self.xs)), self.ys)

    def cards(self) -> list[Box]:
        """Every trimmed card: each pair of neighbouring cuts far enough apart, both ways."""
        columns = _spans(self.xs)
        rows = _spans(self.ys)
        return [(x0, y0, x1, y1) for x0, x1 in columns for y0, y1 in rows]


def _spans(cuts: tuple[float, ...]) -> list[tuple[float, float]]:
    return [(a, b) for a, b in zip(cuts, cuts[1:], strict=False) if b - a >= MIN_CARD_MM]


def crop_cuts(found: list[Ink]) -> Cuts | None:
    """Return the cuts the crop marks among a page's inks show, or None when the page has
    no grid of crop marks (two cuts or more each way, every mark outside the grid)."""
    vertical, horizontal, folds = [], [], []
    for ink in found:
        if ink.kind != "path" or ink.level:
            continue
        left, bottom, right, top = ink.box
        w, h = right - left, top - bottom
        low, high = MARK_LENGTH_MM
        if w <= MARK_THIN_MM and h >= FOLD_LENGTH_MM:
            folds.append((left + right) / 2)
        elif w <= MARK_THIN_MM and low <= h <= high:
            vertical.append(((left + right) / 2, bottom, top))
        elif h <= MARK_THIN_MM and low <= w <= high:
            horizontal.append(((bottom + top) / 2, left, right))
    xs = sorted({round(x, 2) for x, _, _ in vertical})
    ys = sorted({round(y, 2) for y, _, _ in horizontal})
    if len(xs) < 2 or len(ys) < 2:
        return None
    if any(_within(a, b, ys) for _, a, b in vertical) or any(
        _within(a, b, xs) for _, a, b in horizontal
    ):
        return None  # short strokes among the cards: a drawing, not crop marks
    # a fold line parts the fronts from the backs: the bleed on either side stops short of it
    xs = sorted(set(xs) | {round(x, 2) for x in folds})
    return Cuts(tuple(xs), tuple(ys))


def _within(start: float, end: float, cuts: list[float]) -> bool:
    """Whether a stroke from `start` to `end` reaches in between the outermost `cuts`."""
    return end > cuts[0] + 0.01 and start < cuts[-1] - 0.01


@dataclass(frozen=True)
class BleedFault:
    """A card whose ring outside one of its edges shows other ink."""

    card: Box  # its trim, page mm
    side: str  # "left", "right", "bottom" or "top"
    share: float  # of that side's ring, off its own colour


def bleed_faults(
    page: pypdfium2.PdfPage, cuts: Cuts, clear_mm: float, height_mm: float, width_mm: float
) -> list[BleedFault]:
    """Return the cards on `page`, cut along `cuts`, whose ring shows foreign ink; nothing is
    read within `clear_mm` of the paper's edge (nothing prints there)."""
    pixels = page.render(scale=DPI / 72, rev_byteorder=True).to_numpy()[:, :, :3]
    pixels = pixels.astype(np.int16)
    per_mm = DPI / 25.4
    cards = cuts.cards()
    faults = []
    for card in cards:
        if _blank(pixels, card, per_mm, height_mm):
            continue  # an empty slot on a sheet's last page
        for side in ("left", "right", "bottom", "top"):
            reach = _reach(card, side, cuts, cards, clear_mm, width_mm, height_mm)
            if reach < 1 / per_mm:
                continue
            share = _off_share(pixels, card, side, reach, per_mm, height_mm)
            if share > SHARE:
                faults.append(BleedFault(card, side, round(share, 3)))
    return faults


def _reach(card: Box, side: str, cuts: Cuts, cards: list[Box], clear, width, height) -> float:
    """How far outside `side` of `card` the ring runs: REACH_MM, less where the paper's clear
    edge comes nearer, half a gutter, or nothing where another card meets it."""
    left, bottom, right, top = card
    lines = cuts.xs if side in ("left", "right") else cuts.ys
    edge = {"left": left, "right": right, "bottom": bottom, "top": top}[side]
    outward = -1 if side in ("left", "bottom") else 1
    beyond = [v for v in lines if (v - edge) * outward > 1e-6]
    room = REACH_MM
    if beyond:
        nearest = min(beyond, key=lambda v: abs(v - edge))
        touching = any(_meets(card, other, side) for other in cards if other != card)
        if touching:
            return 0.0
        room = min(room, abs(nearest - edge) / 2)
    limit = {"left": left - clear, "right": width - clear - right}
    limit |= {"bottom": bottom - clear, "top": height - clear - top}
    return max(0.0, min(room, limit[side]))


def _meets(card: Box, other: Box, side: str) -> bool:
    """Whether `other` starts right where `card`'s `side` ends (cards edge to edge)."""
    left, bottom, right, top = card
    o_left, o_bottom, o_right, o_top = other
    overlap_x = min(right, o_right) - max(left, o_left) > 1
    overlap_y = min(top, o_top) - max(bottom, o_bottom) > 1
    return {
        "left": overlap_y and abs(o_right - left) < 0.01,
        "right": overlap_y and abs(o_left - right) < 0.01,
        "bottom": overlap_x and abs(o_top - bottom) < 0.01,
        "top": overlap_x and abs(o_bottom - top) < 0.01,
    }[side]


def _blank(pixels, card: Box, per_mm: float, height) -> bool:
    """Whether nothing prints inside the card's trim."""
    left, bottom, right, top = card
    rows = slice(int((height - top) * per_mm), int((height - bottom) * per_mm))
    inside = pixels[rows, int(left * per_mm) : int(right * per_mm)]
    return bool((inside.min(axis=-1) > WHITE).all())


def _off_share(pixels, card: Box, side: str, reach: float, per_mm: float, height) -> float:
    """The share of the ring's pixels on `side` that are neither white nor the card's edge
    colour beside them."""
    left, bottom, right, top = card
    trim = REACH_MM + INSET_MM  # leave out the corners

    def px(x_mm: float) -> int:  # the pixel column of x mm from the left
        return int(round(x_mm * per_mm))

    def row(y_mm: float) -> int:  # the pixel row of y mm from the bottom
        return int(round((height - y_mm) * per_mm))

    if side in ("left", "right"):
        rows = slice(row(top - trim), row(bottom + trim))
        if side == "left":
            ring = pixels[rows, px(left - reach) : px(left)]
            own = pixels[rows, px(left + INSET_MM)][:, None, :]
        else:
            ring = pixels[rows, px(right) : px(right + reach)]
            own = pixels[rows, px(right - INSET_MM)][:, None, :]
    else:
        columns = slice(px(left + trim), px(right - trim))
        if side == "top":
            ring = pixels[row(top + reach) : row(top), columns]
            own = pixels[row(top - INSET_MM), columns][None, :, :]
        else:
            ring = pixels[row(bottom) : row(bottom - reach), columns]
            own = pixels[row(bottom + INSET_MM), columns][None, :, :]
    if ring.size == 0:
        return 0.0
    white = ring.min(axis=-1) > WHITE
    same = np.abs(ring - own).max(axis=-1) <= COLOUR_TOLERANCE
    return float(np.mean(~(white | same | _faded(ring, own))))


def _faded(ring, own):
    """Where a pixel is the card's own colour part-way to paper white: the anti-aliased
    last pixel where the card's bleed ends."""
    room = 255 - own
    toward = np.where(room > 20, (ring - own) / np.maximum(room, 1), np.nan)
    with warnings.catch_warnings():  # a white edge has no room to fade: all NaN, no fade
        warnings.simplefilter("ignore", RuntimeWarning)
        low, high = np.nanmin(toward, axis=-1), np.nanmax(toward, axis=-1)
    return (low >= -0.2) & (high <= 1.2) & ((high - low) <= 0.25)
