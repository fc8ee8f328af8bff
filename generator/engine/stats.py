"""Statistics for balance: Wilson intervals for rates, normal intervals for means."""

import math
from collections.abc import Sequence

Z95 = 1.959963984540054


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """Return the Wilson score interval (95% by default) for successes / trials."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    # The interval always holds p; rounding can put a bound a hair past it (0 of 6 gave a
    # lower bound of 3e-17), so keep p inside.
    return (min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half)))


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, tuple[float, float]]:
    """Return the mean of `values` and its normal-approximation 95% interval, kept within
    the smallest and largest value seen (a mean can lie nowhere else: a count of aides used
    never gets an interval below 0)."""
    n = len(values)
    if n == 0:
        return (0.0, (0.0, 0.0))
    mean = sum(values) / n
    if n == 1:
        return (mean, (mean, mean))
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(variance / n)
    return (mean, (max(mean - half, min(values)), min(mean + half, max(values))))


def rate_metric(successes: int, trials: int) -> dict:
    """Return {"value": rate, "ci95": [lo, hi]} for a rate."""
    lo, hi = wilson(successes, trials)
    return {"value": successes / trials if trials else 0.0, "ci95": [lo, hi]}


def mean_metric(values: Sequence[float]) -> dict:
    """Return {"value": mean, "ci95": [lo, hi]} for a mean."""
    mean, (lo, hi) = mean_interval(values)
    return {"value": mean, "ci95": [lo, hi]}
