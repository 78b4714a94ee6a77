"""Where a table's randomness comes from.

Public tables draw from the operating system's CSPRNG (``secrets.SystemRandom``);
only a designer's test table may carry a seed, and then its generator state is
kept with the table's snapshot so the same seed gives the same sequence of
results every time, across restarts (DESIGN.md, "Randomness").
"""

import random
import secrets


def system_rng():
    return secrets.SystemRandom()


def seeded_rng(seed, saved_state=None):
    """A reproducible generator for a test table, resumed from ``saved_state``
    (as returned by ``dump_state``) when there is one."""
    rng = random.Random(seed)
    if saved_state is not None:
        version, internal, gauss = saved_state
        rng.setstate((version, tuple(internal), gauss))
    return rng


def dump_state(rng):
    """JSON-friendly state of a seeded generator; None for the CSPRNG."""
    if isinstance(rng, random.SystemRandom):
        return None
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]
