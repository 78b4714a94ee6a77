"""Simulated lab rows of this game, played through its own rules (stub: filled in by the lab's simulation work)."""


def specs():
    return []


def run(spec, *, payouts=None, rounds=None, seed=0, progress=None):
    raise NotImplementedError(spec.key)
