"""Every hand of n cards from one 52-card deck, once per class under the 24
permutations of the suits, with the number of hands in its class.

Suits never rank in these games, so a count over all C(52, n) hands equals
the count over these representatives, each weighed by its class size: 6,009,159
representatives stand for the 133,784,560 seven-card hands, 962,988 for the
20,358,520 six-card ones.

Pure Python (no Django, no I/O). Card index = rank * 4 + suit (cards.py).

How the classes are written down rather than searched for: a hand is the tuple
of its four per-suit rank sets. Sort the suits by how many cards they hold
(the *shape*, e.g. 3-2-1-1 for seven cards): the hands of one shape in one
suit order are a product of rank-set choices, and the other suit orders of
that shape are their images under a permutation (``orders`` of them). Suits
holding equally many cards can still be swapped among themselves, so their
rank sets are taken as a multiset (combinations with replacement), each
multiset standing for as many orderings as its distinct arrangements.
"""

from collections import Counter
from collections.abc import Hashable, Iterator, Sequence
from itertools import combinations, combinations_with_replacement, product
from math import comb, factorial, prod

RANKS = 13
SUITS = 4


def shapes(size: int) -> list[tuple[int, ...]]:
    """The ways to share ``size`` cards among the four suits, largest first
    (suits holding no card included as zeros)."""

    def shares(left: int, parts: int, most: int) -> Iterator[tuple[int, ...]]:
        if parts == 0:
            if left == 0:
                yield ()
            return
        for share in range(min(left, most), -1, -1):
            for rest in shares(left - share, parts - 1, share):
                yield (share, *rest)

    return list(shares(size, SUITS, RANKS))


def _arrangements(items: Sequence[Hashable]) -> int:
    """In how many orders the multiset ``items`` can be laid out."""
    return factorial(len(items)) // prod(factorial(count) for count in Counter(items).values())


def _suit_group(share: int, suits: int, first_suit: int) -> list[tuple[tuple[int, ...], int]]:
    """[(cards, orderings)] for ``suits`` suits holding ``share`` cards each,
    the suits numbered from ``first_suit``: a multiset of rank sets each."""
    rank_sets = list(combinations(range(RANKS), share))
    group: list[tuple[tuple[int, ...], int]] = []
    for chosen in combinations_with_replacement(rank_sets, suits):
        cards = tuple(
            rank * SUITS + first_suit + place for place, ranks in enumerate(chosen) for rank in ranks
        )
        group.append((cards, _arrangements(chosen)))
    return group


def suit_classes(size: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Yield (hand, hands it stands for): the hand a tuple of card indices
    (not sorted), the weights summing to C(52, size)."""
    for shape in shapes(size):
        orders = _arrangements(shape)  # the suit orders of this shape
        groups: list[list[tuple[tuple[int, ...], int]]] = []
        first_suit = 0
        for share, suits in sorted(Counter(part for part in shape if part).items(), reverse=True):
            groups.append(_suit_group(share, suits, first_suit))
            first_suit += suits
        for parts in product(*groups):
            hand: tuple[int, ...] = ()
            weight = orders
            for cards, orderings in parts:
                hand += cards
                weight *= orderings
            yield hand, weight


def class_count(size: int) -> int:
    """How many representatives ``suit_classes(size)`` yields, worked out
    from the shapes (for tests and progress reports)."""
    total = 0
    for shape in shapes(size):
        total += prod(
            comb(comb(RANKS, share) + suits - 1, suits)
            for share, suits in Counter(part for part in shape if part).items()
        )
    return total
