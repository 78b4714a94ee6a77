"""Figures the benches compute from what they measured."""

import math


def percentile(values, p):
    """Nearest-rank percentile of a sorted list."""
    if not values:
        return math.nan
    return values[max(0, math.ceil(p / 100 * len(values)) - 1)]
