"""Wavy lines: a solid line that snakes along a path, for a link that is neither cut nor
fold (dashes on a printed page mean those, render/print_rules). The island's sea lanes
between its boats are drawn with it.

Lengths are whatever unit the points are in (millimetres in our SVG components)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from generator.render.units import fmt

Point = tuple[float, float]
SAMPLES_PER_WAVE = 8  # points a wavelength, every other one a curve passes through


def quadratic(start: Point, control: Point, end: Point, steps: int = 12) -> list[Point]:
    """Return `steps` + 1 points along the quadratic Bezier from `start` to `end`."""
    points = []
    for i in range(steps + 1):
        t = i / steps
        a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        points.append(
            (
                a * start[0] + b * control[0] + c * end[0],
                a * start[1] + b * control[1] + c * end[1],
            )
        )
    return points


def wave_points(points: Sequence[Point], wavelength: float, amplitude: float) -> list[Point]:
    """Return points along a wave `amplitude` either side of the polyline `points`.

    The wave holds a whole number of waves (at least one; the wavelength stretched or shrunk
    to fit), so it starts and ends on the polyline and pieces drawn end to end meet, and it
    is the same wave whichever way the polyline is walked: two lines that share a stretch
    share its wave. [] for a polyline of no length."""
    along = _unique(points)
    lengths = [0.0]
    for (x0, y0), (x1, y1) in zip(along, along[1:], strict=False):
        lengths.append(lengths[-1] + math.hypot(x1 - x0, y1 - y0))
    total = lengths[-1]
    if total <= 0:
        return []
    waves = max(1, round(total / wavelength))
    count = waves * SAMPLES_PER_WAVE  # even: wave_data takes the points in pairs
    out = []
    segment = 0
    for i in range(count + 1):
        s = total * i / count
        while segment < len(along) - 2 and lengths[segment + 1] < s:
            segment += 1
        (x0, y0), (x1, y1) = along[segment], along[segment + 1]
        span = lengths[segment + 1] - lengths[segment]
        t = (s - lengths[segment]) / span
        nx, ny = -(y1 - y0) / span, (x1 - x0) / span  # the left-hand normal
        offset = amplitude * math.sin(2 * math.pi * waves * i / count)
        out.append((x0 + (x1 - x0) * t + nx * offset, y0 + (y1 - y0) * t + ny * offset))
    return out


def wave_data(waves: Sequence[Sequence[Point]]) -> str:
    """Return SVG path data for waves of wave_points drawn end to end (each starting where
    the one before ended), as quadratic curves through their points: a curve in the PDF,
    not a row of straight pieces. Waves with no points are left out."""
    drawn = [wave for wave in waves if wave]
    if not drawn:
        return ""
    (x, y) = drawn[0][0]
    d = f"M{fmt(x)},{fmt(y)}"
    for wave in drawn:
        for i in range(1, len(wave) - 1, 2):
            (ax, ay), (bx, by), (cx, cy) = wave[i - 1], wave[i], wave[i + 1]
            # the control point that makes the curve pass through wave[i] half way along
            kx, ky = 2 * bx - (ax + cx) / 2, 2 * by - (ay + cy) / 2
            d += f" Q{fmt(kx)},{fmt(ky)} {fmt(cx)},{fmt(cy)}"
    return d


def _unique(points: Sequence[Point]) -> list[Point]:
    """The points with each repeat of the one before left out."""
    kept = [points[0]]
    for point in points[1:]:
        if math.dist(point, kept[-1]) > 1e-9:
            kept.append(point)
    return kept


__all__ = ["quadratic", "wave_data", "wave_points"]
