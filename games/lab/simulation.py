"""What the lab's simulated rows share: rounds played a chunk at a time with
the progress reported after each, and the fresh-deck deals of the games that
draw a few cards of one deck a round.

Pure Python (no Django, no I/O). Same seed, same deals, same figures.
"""

import random
from collections.abc import Callable, Iterator

from games.lab.rows import RunningStats

# progress(done, total) or, given the running trace, progress(done, total, trace)
Progress = Callable[..., object]


def chunks(
    total: int, progress: Progress | None = None, chunk: int | None = None, stats: RunningStats | None = None
) -> Iterator[int]:
    """The sizes of ``total`` rounds played ``chunk`` at a time (a hundredth
    of them when not given); ``progress(done, total)`` is called once the
    caller has played each chunk, with the running trace of ``stats`` as a
    third argument when given (the lab page draws it while the run goes on)."""
    most = chunk or max(1, total // 100)
    done = 0
    while done < total:
        size = min(most, total - done)
        yield size
        done += size
        if progress and stats is not None:
            progress(done, total, stats.trace)
        elif progress:
            progress(done, total)


def fresh_deck_deals(rng: random.Random, count: int, deck_size: int, dealt: int) -> Iterator[list[int]]:
    """``count`` deals of the first ``dealt`` cards of a fresh ``deck_size``-card
    deck (card indices 0 to deck_size - 1), each uniform: a partial
    Fisher-Yates shuffle of those places (of whatever order the deck is in),
    on ``rng.random`` (faster than ``rng.sample``)."""
    deck = list(range(deck_size))
    rand = rng.random
    places = [(i, deck_size - i) for i in range(dealt)]
    for _ in range(count):
        for i, left in places:
            j = i + int(rand() * left)
            deck[i], deck[j] = deck[j], deck[i]
        yield deck[:dealt]
