"""The four-card poker ranking of Four Card Poker and Crazy 4 Poker, and the
best four of four, five or six standard 52-card cards. Pure and table-driven.

Both rules files rank four-card hands alike (docs/rules/four_card_poker.md rule 2,
docs/rules/crazy_4_poker.md rule 2, after PA § 684a.6), high to low: four of a kind,
straight flush, three of a kind, flush, straight, two pair, pair, high card;
ace high, or low only in A-2-3-4 (the lowest straight); no wraparound; suits
never rank. Unlike five-card poker, four of a kind beats a straight flush and
three of a kind beats a flush and a straight. What the two games do
differently is not the ranking: Four Card Poker's dealer keeps the best four
of six (rule 8), Crazy 4 Poker's the best four of five with a king-high
qualifier (rule 7), and Crazy 4's Super Bonus pays four aces apart
(``is_four_aces``).

A value is an ``int``: ``category << 16`` plus up to four 4-bit tie-breaking
ranks (rank index 0 = 2 … 12 = ace; a straight's key is its top rank, 2 for
A-2-3-4): ``>`` / ``==`` compare hands, an equal value is a tie.

Speed: a card is its ``poker.CARD_INDEX`` (``rank * 4 + suit``). A hand costs
one sum of a per-card key (its rank multiset and suit counts together) and one
or two table look-ups: the best four ignoring suits comes from the rank
multiset (a dict filled on first use, at most 18,395 multisets of 4–6 ranks);
when four or more cards share a suit (with at most six cards, only one suit
can), the best four of that suit comes from a 13-bit mask table and the higher
of the two is the hand. Any four suited cards are also four of those ranks, so
the higher of the two is the best four.
"""

from collections.abc import Iterable, Sequence
from itertools import combinations

from games.cards.cards import RANK_PLURALS, RANK_SHORT, Card
from games.cards.poker import CARDS
from games.cards.tables import (
    CARD_KEY,
    RANKS_OF_KEY,
    SUITED_BIT,
    filled_on_first_use,
    natural_indices,
    straight_key,
    suited_tables,
)

# Four-card categories, low to high (docs/rules/four_card_poker.md rule 2).
HIGH_CARD = 0
PAIR = 1
TWO_PAIR = 2
STRAIGHT = 3
FLUSH = 4
THREE_OF_A_KIND = 5
STRAIGHT_FLUSH = 6
FOUR_OF_A_KIND = 7

CATEGORY_NAMES = {
    HIGH_CARD: "High card",
    PAIR: "Pair",
    TWO_PAIR: "Two pair",
    STRAIGHT: "Straight",
    FLUSH: "Flush",
    THREE_OF_A_KIND: "Three of a kind",
    STRAIGHT_FLUSH: "Straight flush",
    FOUR_OF_A_KIND: "Four of a kind",
}

ACE, KING, QUEEN = 12, 11, 10

# Four-rank runs by mask, highest first: A-K-Q-J (key 12) … 5-4-3-2 (key 3),
# then A-2-3-4 (key 2), the lowest.
_STRAIGHTS = tuple([(0b1111 << (top - 3), top) for top in range(12, 2, -1)] + [((1 << ACE) | 0b111, 2)])


def _value(kind: int, ranks: Iterable[int] = ()) -> int:
    value = kind << 16
    for place, rank in enumerate(ranks):
        value |= rank << (12 - 4 * place)
    return value


def category(value: int) -> int:
    """The category of a four-card value (HIGH_CARD … FOUR_OF_A_KIND)."""
    return value >> 16


def top_rank(value: int) -> int:
    """The first tie-breaking rank: the quads', trips', higher pair's or
    pair's rank, a straight's top (2 for A-2-3-4), the highest card."""
    return (value >> 12) & 15


# Thresholds the paytables and the qualifier compare with.
PAIR_OF_ACES = _value(PAIR, (ACE,))  # the lowest pair of aces (Aces Up)
PAIR_OF_QUEENS = _value(PAIR, (QUEEN,))  # the lowest pair of queens (Queens Up)
KING_HIGH = _value(HIGH_CARD, (KING,))  # the lowest king high (Crazy 4 qualifier)
FOUR_ACES = _value(FOUR_OF_A_KIND, (ACE,))


def is_four_aces(value: int) -> bool:
    return value == FOUR_ACES


def _suited_value(mask: int) -> int:
    """Best four of four to six cards of one suit (their 13-bit rank mask)."""
    key = straight_key(mask, _STRAIGHTS)
    if key is not None:
        return _value(STRAIGHT_FLUSH, (key,))
    return _value(FLUSH, [rank for rank in range(12, -1, -1) if mask >> rank & 1][:4])


def _unsuited_value(key: int) -> int:
    """Best four of four to six cards, suits ignored, from their rank multiset
    ``key`` (3 bits a rank: its count)."""
    counts = [(key >> (3 * rank)) & 7 for rank in range(13)]
    desc = [rank for rank in range(12, -1, -1) if counts[rank]]
    quads = [rank for rank in desc if counts[rank] == 4]
    if quads:
        return _value(FOUR_OF_A_KIND, (quads[0],))
    trips = [rank for rank in desc if counts[rank] == 3]
    if trips:
        return _value(THREE_OF_A_KIND, (trips[0], max(rank for rank in desc if rank != trips[0])))
    straight = straight_key(sum(1 << rank for rank in desc), _STRAIGHTS)
    if straight is not None:
        return _value(STRAIGHT, (straight,))
    pairs = [rank for rank in desc if counts[rank] == 2]
    if len(pairs) > 1:
        return _value(TWO_PAIR, pairs[:2])
    if pairs:
        return _value(PAIR, [pairs[0], *[rank for rank in desc if rank != pairs[0]][:2]])
    return _value(HIGH_CARD, desc[:4])


# Rank multiset key -> value (games/cards/tables.py), the suited tables of four or more of a suit.
_UNSUITED, _unsuited_miss = filled_on_first_use(_unsuited_value)
_FLUSH_SHIFT, _SUITED = suited_tables(4, _suited_value)


def best_four_value_indices(
    cards: Sequence[int],  # read twice: a sequence, not an iterator
    _k: tuple[int, ...] = CARD_KEY,
    _sb: tuple[int, ...] = SUITED_BIT,
    _fs: tuple[int, ...] = _FLUSH_SHIFT,
    _su: tuple[int, ...] = _SUITED,
    _un: dict[int, int] = _UNSUITED,
) -> int:
    """Value of the best four of 4–6 distinct natural card indices (no checks:
    the fast path; ``value_of_five`` and ``value_of_six`` are faster still)."""
    key = sum(map(_k.__getitem__, cards))
    try:
        value = _un[key & RANKS_OF_KEY]
    except KeyError:
        value = _unsuited_miss(key & RANKS_OF_KEY)
    shift = _fs[key >> 39]
    if shift >= 0:
        suited = _su[(sum(map(_sb.__getitem__, cards)) >> shift) & 0x1FFF]
        if suited > value:
            return suited
    return value


def value_of_five(
    cards: Sequence[int],
    _k: tuple[int, ...] = CARD_KEY,
    _sb: tuple[int, ...] = SUITED_BIT,
    _fs: tuple[int, ...] = _FLUSH_SHIFT,
    _su: tuple[int, ...] = _SUITED,
    _un: dict[int, int] = _UNSUITED,
) -> int:
    """``best_four_value_indices`` of exactly five card indices, unrolled."""
    a, b, c, d, e = cards
    key = _k[a] + _k[b] + _k[c] + _k[d] + _k[e]
    try:
        value = _un[key & 0x7FFFFFFFFF]
    except KeyError:
        value = _unsuited_miss(key & 0x7FFFFFFFFF)
    shift = _fs[key >> 39]
    if shift >= 0:
        suited = _su[((_sb[a] | _sb[b] | _sb[c] | _sb[d] | _sb[e]) >> shift) & 0x1FFF]
        if suited > value:
            return suited
    return value


def value_of_six(
    cards: Sequence[int],
    _k: tuple[int, ...] = CARD_KEY,
    _sb: tuple[int, ...] = SUITED_BIT,
    _fs: tuple[int, ...] = _FLUSH_SHIFT,
    _su: tuple[int, ...] = _SUITED,
    _un: dict[int, int] = _UNSUITED,
) -> int:
    """``best_four_value_indices`` of exactly six card indices, unrolled."""
    a, b, c, d, e, f = cards
    key = _k[a] + _k[b] + _k[c] + _k[d] + _k[e] + _k[f]
    try:
        value = _un[key & 0x7FFFFFFFFF]
    except KeyError:
        value = _unsuited_miss(key & 0x7FFFFFFFFF)
    shift = _fs[key >> 39]
    if shift >= 0:
        suited = _su[((_sb[a] | _sb[b] | _sb[c] | _sb[d] | _sb[e] | _sb[f]) >> shift) & 0x1FFF]
        if suited > value:
            return suited
    return value


def best_four_indices(cards: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """(value, the four card indices making it) of 4–6 distinct natural card
    indices; the four keep the order they have in ``cards``."""
    value = best_four_value_indices(cards)
    for four in combinations(cards, 4):
        if best_four_value_indices(four) == value:
            return value, four
    raise AssertionError("no four cards make the best hand")  # unreachable


def best_four(hand: str | Iterable[Card | str]) -> tuple[int, list[Card]]:
    """(value, four Cards) of the best four of 4–6 cards (Cards, their texts or
    one text "AS KD ..."); ValueError for an unknown or repeated card, a joker,
    or a wrong count."""
    value, four = best_four_indices(natural_indices(hand, "four", 4))
    return value, [CARDS[index] for index in four]


def best_four_value(hand: str | Iterable[Card | str]) -> int:
    """Value of the best four of 4–6 cards (Cards or their text)."""
    return best_four_value_indices(natural_indices(hand, "four", 4))


def _straight_words(key: int) -> str:
    return "A-2-3-4" if key == 2 else f"{RANK_SHORT[key]} high"


def hand_name(value: int) -> str:
    """The four-card hand for people: "Four aces", "Straight flush, K high",
    "Three of a kind, 7s", "Pair of queens", "A-J-9-4 high"."""
    kind = value >> 16
    ranks = [(value >> shift) & 15 for shift in (12, 8, 4, 0)]
    if kind == FOUR_OF_A_KIND:
        return "Four aces" if ranks[0] == ACE else f"Four of a kind, {RANK_PLURALS[ranks[0]]}"
    if kind == STRAIGHT_FLUSH:
        return f"Straight flush, {_straight_words(ranks[0])}"
    if kind == THREE_OF_A_KIND:
        return f"Three of a kind, {RANK_PLURALS[ranks[0]]}"
    if kind == FLUSH:
        return "Flush, " + "-".join(RANK_SHORT[rank] for rank in ranks)
    if kind == STRAIGHT:
        return f"Straight, {_straight_words(ranks[0])}"
    if kind == TWO_PAIR:
        return f"Two pair, {RANK_PLURALS[ranks[0]]} and {RANK_PLURALS[ranks[1]]}"
    if kind == PAIR:
        return f"Pair of {RANK_PLURALS[ranks[0]]}"
    return "-".join(RANK_SHORT[rank] for rank in ranks) + " high"
