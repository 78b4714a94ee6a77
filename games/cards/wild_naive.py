"""The naive wild-card evaluator: DJ Wild Stud Poker's rules 2-3
(docs/rules/dj_wild_stud.md) read word for word, each wild card tried as every card.
Slow on purpose: the baseline that tests/test_wild_cards.py checks
games/cards/wild.py against, hand class by hand class, and that
bench/wild_cards.py times it against. Pure Python; shares no code with
games/cards/wild.py.

Cards are (rank, suit) pairs, rank 0 = 2 … 12 = ace; a value is encoded as
games/cards/wild.py encodes it (``encode``).
"""

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations_with_replacement

NAIVE_ORDER = [
    "high card",
    "pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
    "five of a kind",
    "royal flush",
    "five wilds",
]


# A reading: (category index in NAIVE_ORDER, tie-break ranks).
Reading = tuple[int, list[int]]


def naive_concrete(cards: Sequence[tuple[int, str]]) -> Reading:
    """(category index, tie-break ranks) of five concrete (rank, suit) cards,
    repeats allowed; ranks 0 = 2 … 12 = ace."""
    ranks = [rank for rank, _ in cards]
    counts = Counter(ranks)
    by_group = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    flush = len({suit for _, suit in cards}) == 1
    straight_top: int | None = None
    if len(counts) == 5:
        high, low = max(ranks), min(ranks)
        if high - low == 4:
            straight_top = 13 if high == 12 else high
        elif sorted(ranks) == [0, 1, 2, 3, 12]:
            straight_top = 3
    shape = sorted(counts.values(), reverse=True)
    if shape == [5]:
        return NAIVE_ORDER.index("five of a kind"), by_group
    if flush and straight_top == 13:
        return NAIVE_ORDER.index("royal flush"), []
    if flush and straight_top is not None:
        return NAIVE_ORDER.index("straight flush"), [straight_top]
    if shape == [4, 1]:
        return NAIVE_ORDER.index("four of a kind"), by_group
    if shape == [3, 2]:
        return NAIVE_ORDER.index("full house"), by_group
    if flush:
        return NAIVE_ORDER.index("flush"), sorted(ranks, reverse=True)
    if straight_top is not None:
        return NAIVE_ORDER.index("straight"), [straight_top]
    name = {(3, 1, 1): "three of a kind", (2, 2, 1): "two pair", (2, 1, 1, 1): "pair"}.get(
        tuple(shape), "high card"
    )
    return NAIVE_ORDER.index(name), by_group


def naive_value(naturals: Sequence[tuple[int, str]], wilds: int) -> Reading:
    """The best reading of natural (rank, suit) cards and ``wilds`` wild cards,
    each wild tried as every rank in every suit that can matter: all wilds of
    one suit (a flush needs every card in one suit, and otherwise suits do not
    matter), the naturals' own suit when they share one and one other."""
    if wilds == 5:
        return NAIVE_ORDER.index("five wilds"), []
    best: Reading | None = None
    shared = {suit for _, suit in naturals}
    other = next((suit for suit in "SHDC" if suit not in shared), "S")
    suits = (shared if len(shared) == 1 else set()) | {other}
    for suit in suits:
        for extra in combinations_with_replacement(range(13), wilds):
            reading = naive_concrete([*naturals, *((rank, suit) for rank in extra)])
            if best is None or reading > best:
                best = reading
    assert best is not None  # suits holds at least ``other``
    return best


def encode(reading: Reading) -> int:
    kind, ranks = reading
    value = kind << 20
    for place, rank in enumerate(ranks):
        value |= rank << (16 - 4 * place)
    return value


def naive_hand(hand_indices: Iterable[int]) -> int:
    """``naive_value`` of five games.cards.poker card indices (deuces 0-3, the joker 52)."""
    naturals = [(index >> 2, "SHDC"[index & 3]) for index in hand_indices if index >= 4 and index != 52]
    return encode(naive_value(naturals, 5 - len(naturals)))
