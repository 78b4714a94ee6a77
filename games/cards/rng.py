"""Where a table's randomness comes from.

Public tables draw from the operating system's CSPRNG (``secrets.SystemRandom``);
only a designer's test table may carry a seed, and then its generator state is
kept with the table's snapshot so the same seed gives the same sequence of
results every time, across restarts (docs/architecture.md, "Randomness").

Every round is recorded for replays and disputes (docs/protocol.md, "Round
records and replay"): the runtime wraps the table's generator in a
``RecordingRandom`` for each transition, and a replay feeds the rules the
recorded values back through a ``PlaybackRandom``. Both sit under
``random.Random``'s own methods: ``shuffle``, ``choice``, ``randrange``,
``randint``, ``sample``... all reduce to ``getrandbits(k)`` (and the float
methods to ``random()``), so recording those two calls is recording every
result, and the rules get exactly what the wrapped generator gives.
"""

import random
import secrets
from collections.abc import Iterable
from typing import Any


def system_rng() -> secrets.SystemRandom:
    return secrets.SystemRandom()


def seeded_rng(seed: Any, saved_state: Any = None) -> random.Random:
    """A reproducible generator for a test table, resumed from ``saved_state``
    (as returned by ``dump_state``) when there is one."""
    rng = random.Random(seed)
    if saved_state is not None:
        version, internal, gauss = saved_state
        rng.setstate((version, tuple(internal), gauss))
    return rng


def dump_state(rng: random.Random) -> list[Any] | None:
    """JSON-friendly state of a seeded generator; None for the CSPRNG."""
    if isinstance(rng, RecordingRandom):
        rng = rng.inner
    if isinstance(rng, random.SystemRandom):
        return None
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


class PlaybackError(Exception):
    """The rules asked a playback generator for something that was not recorded."""


class RecordingRandom(random.Random):
    """Delegates to ``inner`` and keeps what it returned, in order, in ``draws``:
    ``[k, value]`` for ``getrandbits(k)``, a float for ``random()``.

    Defining ``getrandbits`` makes ``random.Random`` derive its integer methods
    from it (``__init_subclass__``), exactly as it does for ``random.Random``
    and ``SystemRandom`` themselves, so a seeded table's sequences are the
    same with or without the recorder."""

    def __init__(self, inner: random.Random) -> None:
        self.inner = inner
        self.draws: list[Any] = []
        super().__init__()

    def seed(self, *args: Any, **kwargs: Any) -> None:
        # random.Random.__init__ seeds; the state that matters is the inner one.
        return None

    def random(self) -> float:
        value = self.inner.random()
        self.draws.append(value)
        return value

    def getrandbits(self, k: int) -> int:
        value = self.inner.getrandbits(k)
        self.draws.append([k, value])
        return value

    def getstate(self) -> Any:
        return self.inner.getstate()

    def setstate(self, state: Any) -> None:
        self.inner.setstate(state)


class PlaybackRandom(random.Random):
    """Gives back recorded ``draws`` (as ``RecordingRandom`` kept them) in
    order, refusing any call that differs from the record."""

    def __init__(self, draws: Iterable[Any]) -> None:
        self.draws = list(draws)
        self.used = 0
        super().__init__()

    def seed(self, *args: Any, **kwargs: Any) -> None:
        return None

    def random(self) -> float:
        value = self._next("random()")
        if not isinstance(value, float):
            raise PlaybackError(
                f"draw {self.used}: the rules asked for random(), the record has {_call(value)}"
            )
        return value

    def getrandbits(self, k: int) -> int:
        value = self._next(f"getrandbits({k})")
        if not (isinstance(value, list) and len(value) == 2 and value[0] == k):
            raise PlaybackError(
                f"draw {self.used}: the rules asked for getrandbits({k}), the record has {_call(value)}"
            )
        bits = value[1]
        if not isinstance(bits, int) or not 0 <= bits < 2**k:
            raise PlaybackError(f"draw {self.used}: {bits!r} is not a {k}-bit value")
        return bits

    def remaining(self) -> int:
        return len(self.draws) - self.used

    def _next(self, call: str) -> Any:
        if self.used >= len(self.draws):
            raise PlaybackError(
                f"draw {self.used + 1}: the rules asked for {call}, the record has only {len(self.draws)} draws"
            )
        value = self.draws[self.used]
        self.used += 1
        return value

    def getstate(self) -> Any:
        raise NotImplementedError("a playback generator has no state to keep")

    # Refused the same way (typed as Random.setstate's override only loosely).
    setstate = getstate  # type: ignore[assignment]


def redraw(rng: random.Random, draws: Iterable[Any]) -> int | None:
    """Ask ``rng`` for the same calls as ``draws`` records; returns the index
    of the first value it does not reproduce, or None when it reproduces all."""
    for index, recorded in enumerate(draws):
        value: object
        if isinstance(recorded, list):
            value = [recorded[0], rng.getrandbits(recorded[0])]
        else:
            value = rng.random()
        if value != recorded:
            return index
    return None


def _call(value: object) -> str:
    if isinstance(value, float):
        return "random()"
    if isinstance(value, list) and value:
        return f"getrandbits({value[0]})"
    return repr(value)
