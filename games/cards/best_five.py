"""The best five-card poker hand of 5, 6 or 7 cards of the standard 52-card
deck (no joker), for the games that pay on it: Three Card Poker's Six Card
Bonus (five of six), the Five-Card progressives (the five cards themselves),
Texas Hold 'Em's dealer and player (five of seven). Pure and table-driven.

Standard poker ranking, high to low: straight flush (royal flush the highest),
four of a kind, full house, flush, straight, three of a kind, two pair, one
pair, high card; ace high, or low only in A-2-3-4-5, the lowest straight; no
wraparound; suits never rank.

Values are the five-card values of ``games.cards.poker`` (``category << 20``
plus up to five 4-bit tie-breaking ranks, the same category constants,
``category()`` and ``name5()`` apply) with one difference: pai gow ranks
A-2-3-4-5 second highest (its key 12), standard poker lowest, so here its
straight key is 3 (five high). Every other hand has the value
``poker.eval5_indices`` gives it; an equal value is a tie.

Speed: a card is its ``poker.CARD_INDEX`` (``rank * 4 + suit``). A hand costs
one sum of a per-card key (its rank multiset and suit counts together) and two
table look-ups: the suit counts say whether five or more share a suit; if so
the ranks of that suit are looked up in a 13-bit mask table (with at most
seven cards, five of one suit leave no room for a full house or four of a
kind), otherwise the rank multiset is looked up in a dict filled on first use
(at most 73,775 multisets of 5–7 ranks). No five-of-seven enumeration is done
for the value; ``value_of_seven`` and ``value_of_six`` unroll the sum.
"""

from collections.abc import Iterable, Sequence
from itertools import combinations

from games.cards.cards import Card
from games.cards.poker import (
    CARDS,
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    HIGH_CARD,
    PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    TWO_PAIR,
    category,
    name5,
)
from games.cards.tables import (
    CARD_KEY,
    SUITED_BIT,
    filled_on_first_use,
    natural_indices,
    straight_key,
    suited_tables,
)

__all__ = [
    "best_five",
    "best_five_indices",
    "best_five_value",
    "best_five_value_indices",
    "category",
    "value_of_seven",
    "value_of_six",
    "hand_name",
    "ROYAL_FLUSH_VALUE",
]

# Straight keys by rank mask: the top rank's index (ace 13 as in poker.py),
# A-2-3-4-5 five high (3), the lowest.
_STRAIGHTS = tuple(
    [(0b11111 << (top - 4), 13 if top == 12 else top) for top in range(12, 3, -1)] + [((1 << 12) | 0b1111, 3)]
)


def _value(kind: int, ranks: Iterable[int]) -> int:
    value = kind << 20
    for place, rank in enumerate(ranks):
        value |= rank << (16 - 4 * place)
    return value


ROYAL_FLUSH_VALUE = _value(STRAIGHT_FLUSH, (13,))


def _suited_value(mask: int) -> int:
    """Best five of five to seven cards of one suit (their 13-bit rank mask)."""
    key = straight_key(mask, _STRAIGHTS)
    if key is not None:
        return _value(STRAIGHT_FLUSH, (key,))
    return _value(FLUSH, [rank for rank in range(12, -1, -1) if mask >> rank & 1][:5])


def _unsuited_value(key: int) -> int:
    """Best five of five to seven cards, no five of one suit, from their rank
    multiset ``key`` (3 bits a rank: its count)."""
    counts = [(key >> (3 * rank)) & 7 for rank in range(13)]
    desc = [rank for rank in range(12, -1, -1) if counts[rank]]
    quads = [rank for rank in desc if counts[rank] == 4]
    trips = [rank for rank in desc if counts[rank] == 3]
    pairs = [rank for rank in desc if counts[rank] == 2]
    if quads:
        return _value(FOUR_OF_A_KIND, [quads[0], max(rank for rank in desc if rank != quads[0])])
    if trips and (len(trips) > 1 or pairs):
        return _value(FULL_HOUSE, [trips[0], max(trips[1:] + pairs)])
    straight = straight_key(sum(1 << rank for rank in desc), _STRAIGHTS)
    if straight is not None:
        return _value(STRAIGHT, (straight,))
    if trips:
        return _value(THREE_OF_A_KIND, [trips[0], *[rank for rank in desc if rank != trips[0]][:2]])
    if len(pairs) > 1:
        high, low = pairs[:2]
        return _value(TWO_PAIR, [high, low, max(rank for rank in desc if rank not in (high, low))])
    if pairs:
        return _value(PAIR, [pairs[0], *[rank for rank in desc if rank != pairs[0]][:3]])
    return _value(HIGH_CARD, desc[:5])


# Rank multiset key -> value (games/cards/tables.py), the suited tables of five or more of a suit.
_UNSUITED, _unsuited_miss = filled_on_first_use(_unsuited_value)
_FLUSH_SHIFT, _SUITED = suited_tables(5, _suited_value)


def best_five_value_indices(
    cards: Sequence[int],  # read twice: a sequence, not an iterator
    _k: tuple[int, ...] = CARD_KEY,
    _sb: tuple[int, ...] = SUITED_BIT,
    _fs: tuple[int, ...] = _FLUSH_SHIFT,
    _su: tuple[int, ...] = _SUITED,
    _un: dict[int, int] = _UNSUITED,
) -> int:
    """Value of the best five of 5–7 distinct natural card indices (no checks:
    the fast path; ``value_of_seven`` and ``value_of_six`` are faster still)."""
    key = sum(map(_k.__getitem__, cards))
    shift = _fs[key >> 39]
    if shift >= 0:
        return _su[(sum(map(_sb.__getitem__, cards)) >> shift) & 0x1FFF]
    try:
        return _un[key & 0x7FFFFFFFFF]
    except KeyError:
        return _unsuited_miss(key & 0x7FFFFFFFFF)


def value_of_seven(
    cards: Sequence[int],
    _k: tuple[int, ...] = CARD_KEY,
    _sb: tuple[int, ...] = SUITED_BIT,
    _fs: tuple[int, ...] = _FLUSH_SHIFT,
    _su: tuple[int, ...] = _SUITED,
    _un: dict[int, int] = _UNSUITED,
) -> int:
    """``best_five_value_indices`` of exactly seven card indices, unrolled."""
    a, b, c, d, e, f, g = cards
    key = _k[a] + _k[b] + _k[c] + _k[d] + _k[e] + _k[f] + _k[g]
    shift = _fs[key >> 39]
    if shift >= 0:
        return _su[((_sb[a] | _sb[b] | _sb[c] | _sb[d] | _sb[e] | _sb[f] | _sb[g]) >> shift) & 0x1FFF]
    try:
        return _un[key & 0x7FFFFFFFFF]
    except KeyError:
        return _unsuited_miss(key & 0x7FFFFFFFFF)


def value_of_six(
    cards: Sequence[int],
    _k: tuple[int, ...] = CARD_KEY,
    _sb: tuple[int, ...] = SUITED_BIT,
    _fs: tuple[int, ...] = _FLUSH_SHIFT,
    _su: tuple[int, ...] = _SUITED,
    _un: dict[int, int] = _UNSUITED,
) -> int:
    """``best_five_value_indices`` of exactly six card indices, unrolled."""
    a, b, c, d, e, f = cards
    key = _k[a] + _k[b] + _k[c] + _k[d] + _k[e] + _k[f]
    shift = _fs[key >> 39]
    if shift >= 0:
        return _su[((_sb[a] | _sb[b] | _sb[c] | _sb[d] | _sb[e] | _sb[f]) >> shift) & 0x1FFF]
    try:
        return _un[key & 0x7FFFFFFFFF]
    except KeyError:
        return _unsuited_miss(key & 0x7FFFFFFFFF)


def best_five_indices(cards: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """(value, the five card indices making it) of 5–7 distinct natural card
    indices; the five keep the order they have in ``cards``."""
    value = best_five_value_indices(cards)
    if len(cards) == 5:
        return value, tuple(cards)
    for five in combinations(cards, 5):
        if best_five_value_indices(five) == value:
            return value, five
    raise AssertionError("no five cards make the best hand")  # unreachable


def best_five(hand: str | Iterable[Card | str]) -> tuple[int, list[Card]]:
    """(value, five Cards) of the best five of 5–7 cards (Cards, their texts or
    one text "AS KD ...");
    ValueError for an unknown or repeated card, a joker, or a wrong count."""
    value, five = best_five_indices(natural_indices(hand, "five", 5))
    return value, [CARDS[index] for index in five]


def best_five_value(hand: str | Iterable[Card | str]) -> int:
    """Value of the best five of 5–7 cards (Cards or their text)."""
    return best_five_value_indices(natural_indices(hand, "five", 5))


def hand_name(value: int) -> str:
    """The hand for people: "Royal flush", "Straight, 5 high", "Pair of aces"."""
    return name5(value)
