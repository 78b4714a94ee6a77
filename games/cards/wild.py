"""Five-card poker hands with fully wild cards: DJ Wild Stud Poker's 53-card
deck, the four deuces and the joker wild (docs/rules/dj_wild_stud.md rules 1-3). Pure
and table-driven.

Rule 2: a wild card takes any rank and any suit, including a duplicate of a
card already held (five of a kind). Rule 3, high to low: five wilds, royal
flush, five of a kind, straight flush, four of a kind, full house, flush,
straight, three of a kind, two pair, pair, high card; each hand at its best
interpretation; suits never break ties; a natural and a wild hand of equal
rank are equal (the rules file's Defaults: a push). Ace high, or low only in
A-2-3-4-5 (the lowest straight); no wraparound.

A value is an ``int``: ``category << 20`` plus up to five 4-bit tie-breaking
ranks (rank index 0 = 2 … 12 = ace; a straight's key is its top rank, 13 for
A-K-Q-J-10, 3 for A-2-3-4-5), the encoding of games/cards/best_five.py, so
``best_five.hand_name`` names every category up to a straight flush. A
duplicate that a wild card makes counts in the tie-break like any card (two
wilds with 9-7-4 suited are a flush A-A-9-7-4, above A-K-9-7-4).

Trips (rule 10) reads the hand apart: ``trips_reading`` says whether the
hand's category is made without a wild card (a deuce not needed as a wild
counts as a 2; a hand holding the joker always uses it as a wild).

Speed: a card is its ``poker.CARD_INDEX`` (``rank * 4 + suit``; the deuces are
0-3, the joker 52). A hand costs one AND of five suit masks (a wild card has
all four suits) and one sum of five per-card keys looked up in one table:
when every card can share a suit, a list indexed by the natural ranks' 13-bit
mask plus the wild count (bits 13-15); otherwise a dict of the natural rank
multiset (3 bits a rank) plus the wild count (bits 39-41). Both tables hold
the best interpretation of every canonical form, found once at import by
reading the wild cards three ways (``_best``).
"""

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb

from games.cards import best_five
from games.cards.cards import RANK_PLURALS, Card
from games.cards.poker import (
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    HIGH_CARD,
    JOKER_INDEX,
    PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    TWO_PAIR,
    category,
    indices,
)

__all__ = [
    "CATEGORY_NAMES",
    "FIVE_OF_A_KIND",
    "FIVE_WILDS",
    "ROYAL_FLUSH",
    "WILD_INDICES",
    "category",
    "category_counts",
    "describe",
    "evaluate",
    "hand_name",
    "trips_reading",
    "value_counts",
    "value_counts_by_wilds",
    "value_indices",
    "wilds_in",
]

# Rule 3's categories above a straight flush (the lower ones are poker.py's).
FIVE_OF_A_KIND = 9
ROYAL_FLUSH = 10
FIVE_WILDS = 11

CATEGORY_NAMES = {
    HIGH_CARD: "High card",
    PAIR: "Pair",
    TWO_PAIR: "Two pair",
    THREE_OF_A_KIND: "Three of a kind",
    STRAIGHT: "Straight",
    FLUSH: "Flush",
    FULL_HOUSE: "Full house",
    FOUR_OF_A_KIND: "Four of a kind",
    STRAIGHT_FLUSH: "Straight flush",
    FIVE_OF_A_KIND: "Five of a kind",
    ROYAL_FLUSH: "Royal flush",
    FIVE_WILDS: "Five wilds",
}

ACE = 12
# Rule 2: the four deuces and the joker.
WILD_INDICES = frozenset((0, 1, 2, 3, JOKER_INDEX))
_NATURAL_RANKS = range(1, 13)  # a natural card is a 3 … an ace


# -- the best interpretation, by trying the wild cards as every rank ---------------------


def _value(kind: int, ranks: Iterable[int] = ()) -> int:
    value = kind << 20
    for place, rank in enumerate(ranks):
        value |= rank << (16 - 4 * place)
    return value


_STRAIGHT_KEY = {frozenset(range(top - 4, top + 1)): (13 if top == ACE else top) for top in range(4, 13)}
_STRAIGHT_KEY[frozenset((ACE, 0, 1, 2, 3))] = 3  # A-2-3-4-5, five high


def _ranked(ranks: Sequence[int], suited: bool) -> int:
    """The value of five concrete ranks (repeats allowed, a wild card's
    duplicate), all of one suit when ``suited``: rule 3's ranking."""
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = tuple(count for _, count in groups)
    order = [rank for rank, _ in groups]
    straight = _STRAIGHT_KEY.get(frozenset(ranks)) if len(counts) == 5 else None
    if shape == (5,):
        return _value(FIVE_OF_A_KIND, order)
    if suited and straight is not None:
        return _value(ROYAL_FLUSH) if straight == 13 else _value(STRAIGHT_FLUSH, (straight,))
    if shape == (4, 1):
        return _value(FOUR_OF_A_KIND, order)
    if shape == (3, 2):
        return _value(FULL_HOUSE, order)
    if suited:
        return _value(FLUSH, sorted(ranks, reverse=True))
    if straight is not None:
        return _value(STRAIGHT, (straight,))
    if shape == (3, 1, 1):
        return _value(THREE_OF_A_KIND, order)
    if shape == (2, 2, 1):
        return _value(TWO_PAIR, order)
    if shape == (2, 1, 1, 1):
        return _value(PAIR, order)
    return _value(HIGH_CARD, order)


def _best(naturals: Sequence[int], wilds: int, suited: bool) -> int:
    """Best value of natural ranks ``naturals`` and ``wilds`` wild cards, the
    naturals all of one suit when ``suited`` (then the wilds may join it).
    Three readings cover every best interpretation: the wild cards join the
    largest group (the highest rank among equals), which makes the best five,
    four or three of a kind, full house or pair; they fill a straight (or a
    straight flush) where the naturals fit in one; suited, they are aces (the
    highest flush, duplicates allowed). The lab's test checks this against
    trying the wild cards as every card."""
    if wilds == 5:
        return _value(FIVE_WILDS)
    counts = Counter(naturals)
    top = max(counts, key=lambda rank: (counts[rank], rank))
    best = _ranked((*naturals, *(top,) * wilds), False)
    if suited:
        best = max(best, _ranked((*naturals, *(ACE,) * wilds), True))
    if len(counts) == len(naturals):
        for window, key in _STRAIGHT_KEY.items():
            if window.issuperset(naturals):
                if not suited:
                    best = max(best, _value(STRAIGHT, (key,)))
                else:
                    best = max(best, _value(ROYAL_FLUSH) if key == 13 else _value(STRAIGHT_FLUSH, (key,)))
    return best


_COUNT_SHIFT = 39  # a multiset key's wild count (3 bits)
_MASK_SHIFT = 13  # a suited key's wild count (3 bits)


def _build_tables() -> tuple[dict[int, int], list[int]]:
    unsuited: dict[int, int] = {}
    suited = [0] * (6 << _MASK_SHIFT)
    for wilds in range(6):
        for naturals in combinations_with_replacement(_NATURAL_RANKS, 5 - wilds):
            if naturals and max(Counter(naturals).values()) > 4:
                continue
            key = sum(1 << (3 * rank) for rank in naturals) + (wilds << _COUNT_SHIFT)
            unsuited[key] = _best(naturals, wilds, False)
        for naturals in combinations(_NATURAL_RANKS, 5 - wilds):
            suited[sum(1 << rank for rank in naturals) + (wilds << _MASK_SHIFT)] = _best(
                naturals, wilds, True
            )
    return unsuited, suited


_UNSUITED, _SUITED = _build_tables()

# Per card index: its multiset key, its suited key and its suit bits (a wild card has all four).
_COUNT_KEY = tuple(
    (1 << _COUNT_SHIFT) if index in WILD_INDICES else 1 << (3 * (index >> 2)) for index in range(53)
)
_MASK_KEY = tuple((1 << _MASK_SHIFT) if index in WILD_INDICES else 1 << (index >> 2) for index in range(53))
_SUIT_BITS = tuple(0b1111 if index in WILD_INDICES else 1 << (index & 3) for index in range(53))


def value_indices(
    a: int,
    b: int,
    c: int,
    d: int,
    e: int,
    _ck: tuple[int, ...] = _COUNT_KEY,
    _mk: tuple[int, ...] = _MASK_KEY,
    _sb: tuple[int, ...] = _SUIT_BITS,
    _un: dict[int, int] = _UNSUITED,
    _su: list[int] = _SUITED,
) -> int:
    """The value of five distinct card indices of the 53-card deck (no checks:
    the fast path)."""
    if _sb[a] & _sb[b] & _sb[c] & _sb[d] & _sb[e]:
        return _su[_mk[a] + _mk[b] + _mk[c] + _mk[d] + _mk[e]]
    return _un[_ck[a] + _ck[b] + _ck[c] + _ck[d] + _ck[e]]


def _five_indices(hand: str | Iterable[Card | str]) -> list[int]:
    if isinstance(hand, str):
        hand = hand.replace(",", " ").split()
    return indices(hand, 5)


def evaluate(hand: str | Iterable[Card | str]) -> int:
    """The value of five cards of the 53-card deck (Cards, their texts or one
    text "2S JK AH KH QH"); ValueError for an unknown or repeated card or a
    count other than five."""
    a, b, c, d, e = _five_indices(hand)  # five, or ValueError
    return value_indices(a, b, c, d, e)


# -- Trips: natural or with wild cards (rule 10) --------------------------------------------


def trips_reading(hand_indices: Sequence[int]) -> tuple[int, bool]:
    """(category, natural) of five card indices for the Trips wager: the
    hand's category at its best interpretation (rule 3), and whether the hand
    makes that category with no wild card at all, each deuce counting as a 2
    (rule 10: a deuce not needed as a wild counts at its natural rank). The
    joker has no natural rank: a hand holding it is never natural."""
    # Five indices (mypy cannot see a sequence's length; unpacking them here
    # would cost the exact count's inner loop).
    kind = value_indices(*hand_indices) >> 20  # type: ignore[arg-type]
    if JOKER_INDEX in hand_indices:
        return kind, False
    natural = best_five.best_five_value_indices(hand_indices)
    natural_kind = natural >> 20
    if natural == best_five.ROYAL_FLUSH_VALUE:
        natural_kind = ROYAL_FLUSH
    return kind, natural_kind == kind


def wilds_in(hand_indices: Iterable[int]) -> int:
    return sum(1 for index in hand_indices if index in WILD_INDICES)


# -- the lab's path: every hand of the deck ------------------------------------------------


def category_counts() -> dict[tuple[int, bool], int]:
    """{(category, natural): hands} over all C(53,5) = 2,869,685 five-card
    hands of the 53-card deck, ``natural`` as ``trips_reading`` reads it from
    three of a kind up (the lines the Trips and progressive paytables pay);
    below three of a kind, whether the hand holds no wild card. The lab's
    exact rows read it. The loops
    carry the suit masks and key sums from card to card, so a hand costs two
    additions, an AND and one look-up (bench/wild_cards.py times it)."""
    return dict(_category_counts())


@cache
def _category_counts() -> dict[tuple[int, bool], int]:
    tally = [0] * 24  # category * 2 + natural
    ck, mk, sb, un, su = _COUNT_KEY, _MASK_KEY, _SUIT_BITS, _UNSUITED, _SUITED
    # A hand holding a deuce (and no joker) can be natural at its best category only as a
    # straight, a flush or a straight flush, the deuce in place as a 2 (A-2-3-4-5, 2-3-4-5-6,
    # a flush with a 2): at three of a kind, a full house, four or five of a kind the deuces
    # as wild cards always make a higher category than as 2s. tests/test_wild_cards.py checks it.
    low, high = STRAIGHT << 20, (STRAIGHT_FLUSH + 1) << 20
    for a in range(49):
        # The deuces are indices 0-3 and the joker 52: a hand holds a wild card when
        # its lowest card is a deuce or its highest the joker.
        natural_a = a >= 4
        for b in range(a + 1, 50):
            s2, c2, m2 = sb[a] & sb[b], ck[a] + ck[b], mk[a] + mk[b]
            for c in range(b + 1, 51):
                s3, c3, m3 = s2 & sb[c], c2 + ck[c], m2 + mk[c]
                for d in range(c + 1, 52):
                    s4, c4, m4 = s3 & sb[d], c3 + ck[d], m3 + mk[d]
                    for e in range(d + 1, 53):
                        value = su[m4 + mk[e]] if s4 & sb[e] else un[c4 + ck[e]]
                        natural = natural_a and e != 52
                        if low <= value < high and not natural and e != 52:
                            natural = trips_reading((a, b, c, d, e))[1]
                        tally[(value >> 20) * 2 + natural] += 1
    return {(index // 2, bool(index % 2)): count for index, count in enumerate(tally) if count}


def value_counts() -> dict[int, int]:
    """{value: hands} over all C(53,5) hands of the 53-card deck (read-only,
    cached); tests/test_wild_cards.py checks it against ``category_counts``."""
    return _value_counts()


@cache
def _value_counts() -> dict[int, int]:
    counts: dict[int, int] = {}
    for by_value in value_counts_by_wilds().values():
        for value, count in by_value.items():
            counts[value] = counts.get(value, 0) + count
    return counts


@cache
def value_counts_by_wilds() -> dict[int, dict[int, int]]:
    """{wild cards in the hand: {value: hands}} over all C(53,5) hands, from
    the evaluator's own tables: each canonical form counted with its number of
    hands (which of the five wild cards, and the suits of the naturals: all
    one suit on the suited table, the rest on the multiset table). Read-only
    (cached)."""
    counts: dict[int, dict[int, int]] = {wilds: {} for wilds in range(6)}
    for key, value in _UNSUITED.items():
        wilds = key >> _COUNT_SHIFT
        ranks = [(key >> (3 * rank)) & 7 for rank in _NATURAL_RANKS]
        ways = 1
        for count in ranks:
            ways *= comb(4, count)
        if max(ranks, default=0) <= 1:
            ways -= 4 if wilds < 5 else 1  # all of one suit: the suited table's
        if ways:
            counts[wilds][value] = counts[wilds].get(value, 0) + ways * comb(5, wilds)
    for key, value in enumerate(_SUITED):
        wilds, mask = key >> _MASK_SHIFT, key & ((1 << _MASK_SHIFT) - 1)
        if value and mask.bit_count() + wilds == 5:
            counts[wilds][value] = counts[wilds].get(value, 0) + (4 if wilds < 5 else 1) * comb(5, wilds)
    return counts


# -- names -------------------------------------------------------------------------------


def hand_name(value: int) -> str:
    """The hand for people: "Five wilds", "Royal flush", "Five of a kind,
    kings", "Straight flush, 9 high", "Pair of aces"."""
    kind = value >> 20
    if kind == FIVE_WILDS:
        return "Five wilds"
    if kind == ROYAL_FLUSH:
        return "Royal flush"
    if kind == FIVE_OF_A_KIND:
        return f"Five of a kind, {RANK_PLURALS[value >> 16 & 15]}"
    return best_five.hand_name(value)


def describe(hand: str | Iterable[Card | str]) -> str:
    return hand_name(evaluate(hand))
