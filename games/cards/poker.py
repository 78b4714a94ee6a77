"""Poker hand values for pai gow poker's five-card (high) and two-card (low)
hands, with the semi-wild joker. Pure and table-driven.

Rankings follow docs/rules/pai_gow.md § 2, rules 4–5, the joker § 1, rule 3:

- five-card hand, high to low: five aces (A-A-A-A + joker), straight flush
  (royal > A-2-3-4-5 > K-high … 6-high), four of a kind, full house, flush,
  straight (A-K-Q-J-10 > A-2-3-4-5 > K-high … 6-high), three of a kind, two
  pair, one pair, high card; no wraparound (Q-K-A-2-3 is no straight);
- in the five-card hand the joker completes a straight, flush or straight
  flush, otherwise it is an ace, never pairing another rank (K-K-joker is
  K-K-A); filling a flush it takes the highest rank of that suit not in the
  hand, filling a straight the rank giving the highest straight;
- two-card hand: a pair beats no pair, pairs by rank, no pair by the higher
  then the lower card; the joker is always an ace there.

A value is an ``int``: ``>`` / ``==`` compare hands of the same size, an equal
value is a copy (§ 6, rule 20). Five-card values are ``category << 20`` plus
up to five 4-bit tie-breaking ranks (rank index 0 = 2 … 12 = ace); two-card
values are ``pair << 8 | high << 4 | low``. Five-card and two-card values are
not comparable with each other: ``is_foul`` in ``games.pai_gow.house_way``
applies § 2, rule 6 instead.

Speed: a card is an int (``rank * 4 + suit``, the joker 52, see
``CARD_INDEX``); each five-card hand costs five list look-ups and either one
dict look-up of its rank multiset (precomputed for all 7,995 multisets, joker
included) or, when all five cards share a suit (the joker shares any), one list
look-up of its rank mask. Everything is built once at import (~60 ms).
"""

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations, combinations_with_replacement

from games.cards.cards import RANK_PLURALS, RANK_SHORT, RANK_WORDS, RANKS, SUITS, Card, card, joker_deck

# Five-card categories, low to high (§ 2, rule 4). A royal flush is the
# highest straight flush (its name says "Royal flush").
HIGH_CARD = 0
PAIR = 1
TWO_PAIR = 2
THREE_OF_A_KIND = 3
STRAIGHT = 4
FLUSH = 5
FULL_HOUSE = 6
FOUR_OF_A_KIND = 7
STRAIGHT_FLUSH = 8
FIVE_ACES = 9

CATEGORY_NAMES = {
    HIGH_CARD: "High card",
    PAIR: "One pair",
    TWO_PAIR: "Two pair",
    THREE_OF_A_KIND: "Three of a kind",
    STRAIGHT: "Straight",
    FLUSH: "Flush",
    FULL_HOUSE: "Full house",
    FOUR_OF_A_KIND: "Four of a kind",
    STRAIGHT_FLUSH: "Straight flush",
    FIVE_ACES: "Five aces",
}

ACE = 12  # rank index of the ace (RANKS = "23456789TJQKA")
JOKER_INDEX = 52

# Cards as ints: CARDS[i] is the Card, CARD_INDEX maps a Card (or its text,
# "AS", "JK") to i. Naturals are rank * 4 + suit, the joker 52.
CARDS = tuple(Card(rank, suit) for rank in RANKS for suit in SUITS) + (Card("J", "K"),)
CARD_INDEX: dict[Card | str, int] = {item: index for index, item in enumerate(CARDS)}
CARD_INDEX.update({str(item): index for index, item in enumerate(CARDS)})
assert len(CARDS) == len(joker_deck()) == 53

# Rank of each card index for counting; the joker counts as an ace (§ 5, pre-processing).
RANK_AS_ACE = tuple(index >> 2 for index in range(52)) + (ACE,)

# Straight keys by five-rank mask: A-K-Q-J-10 13, A-2-3-4-5 12 (second
# highest, § 2, rule 4 and the Defaults table), then K-high 11 … 6-high 4.
STRAIGHT_KEYS = {0b11111 << (top - 4): (13 if top == ACE else top) for top in range(4, 13)}
STRAIGHT_KEYS[(1 << ACE) | 0b1111] = 12


def _value(category: int, *ranks: int) -> int:
    value = category << 20
    for place, rank in enumerate(ranks):
        value |= rank << (16 - 4 * place)
    return value


def _natural_value(ranks: Sequence[int]) -> int:
    """Value of five natural ranks that are not a flush (ranks may repeat; five
    aces only arise with the joker as the fifth ace)."""
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = tuple(count for _, count in groups)
    order = [rank for rank, _ in groups]
    if shape == (5,):
        return _value(FIVE_ACES)
    if shape == (4, 1):
        return _value(FOUR_OF_A_KIND, *order)
    if shape == (3, 2):
        return _value(FULL_HOUSE, *order)
    if shape == (3, 1, 1):
        return _value(THREE_OF_A_KIND, *order)
    if shape == (2, 2, 1):
        return _value(TWO_PAIR, *order)
    if shape == (2, 1, 1, 1):
        return _value(PAIR, *order)
    mask = sum(1 << rank for rank in ranks)
    if mask in STRAIGHT_KEYS:
        return _value(STRAIGHT, STRAIGHT_KEYS[mask])
    return _value(HIGH_CARD, *order)


def _joker_value(ranks: Sequence[int]) -> int:
    """Four natural ranks + the joker, not a flush: the joker is an ace unless it
    completes a straight, and then the highest straight (§ 1, rule 3)."""
    best = _natural_value([*ranks, ACE])
    mask = sum(1 << rank for rank in ranks)
    if len(set(ranks)) == 4:
        for rank in range(13):
            key = STRAIGHT_KEYS.get(mask | (1 << rank))
            if key is not None and not mask & (1 << rank):
                best = max(best, _value(STRAIGHT, key))
    return best


def _flush_value(mask: int) -> int:
    """Five suited cards (bit 13 set: four suited cards + the joker)."""
    if mask & (1 << 13):
        mask &= (1 << 13) - 1
        missing = [rank for rank in range(13) if not mask & (1 << rank)]
        keys = [STRAIGHT_KEYS[mask | (1 << rank)] for rank in missing if mask | (1 << rank) in STRAIGHT_KEYS]
        if keys:
            return _value(STRAIGHT_FLUSH, max(keys))
        # The joker takes the highest rank of the suit not in the hand (§ 1, rule 3).
        mask |= 1 << max(missing)
    if mask in STRAIGHT_KEYS:
        return _value(STRAIGHT_FLUSH, STRAIGHT_KEYS[mask])
    return _value(FLUSH, *sorted((rank for rank in range(13) if mask & (1 << rank)), reverse=True))


def _build_tables() -> tuple[dict[int, int], list[int]]:
    nonflush: dict[int, int] = {}
    ranks: tuple[int, ...]  # five ranks, then four (with the joker)
    for ranks in combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) <= 4:
            nonflush[sum(1 << (3 * rank) for rank in ranks)] = _natural_value(ranks)
    for ranks in combinations_with_replacement(range(13), 4):
        nonflush[sum(1 << (3 * rank) for rank in ranks) + (1 << 39)] = _joker_value(ranks)
    flush = [0] * (1 << 14)
    for ranks in combinations(range(13), 5):
        mask = sum(1 << rank for rank in ranks)
        flush[mask] = _flush_value(mask)
    for ranks in combinations(range(13), 4):
        mask = sum(1 << rank for rank in ranks) | (1 << 13)
        flush[mask] = _flush_value(mask)
    return nonflush, flush


_NONFLUSH, _FLUSH = _build_tables()
# Per card index: its rank-count key (3 bits a rank, the joker in bits 39+),
# its suit bit (the joker has all four) and its flush mask bit (joker: bit 13).
_COUNT_KEY = tuple(1 << (3 * (index >> 2)) for index in range(52)) + (1 << 39,)
_SUIT_BIT = tuple(1 << (index & 3) for index in range(52)) + (0b1111,)
_FLUSH_BIT = tuple(1 << (index >> 2) for index in range(52)) + (1 << 13,)


def eval5_indices(
    a: int,
    b: int,
    c: int,
    d: int,
    e: int,
    _ck: tuple[int, ...] = _COUNT_KEY,
    _sb: tuple[int, ...] = _SUIT_BIT,
    _fb: tuple[int, ...] = _FLUSH_BIT,
    _nf: dict[int, int] = _NONFLUSH,
    _fl: list[int] = _FLUSH,
) -> int:
    """Value of five distinct card indices (no checks: the fast path)."""
    if _sb[a] & _sb[b] & _sb[c] & _sb[d] & _sb[e]:
        return _fl[_fb[a] | _fb[b] | _fb[c] | _fb[d] | _fb[e]]
    return _nf[_ck[a] + _ck[b] + _ck[c] + _ck[d] + _ck[e]]


def _build_two() -> tuple[int, ...]:
    table = [0] * (53 * 53)
    for a in range(53):
        for b in range(53):
            high, low = sorted((RANK_AS_ACE[a], RANK_AS_ACE[b]), reverse=True)
            table[a * 53 + b] = ((high == low) << 8) | (high << 4) | low
    return tuple(table)


# Two-card values by a * 53 + b; the joker is an ace (§ 1, rule 3; § 2, rule 5).
TWO_CARD = _build_two()


def eval2_indices(a: int, b: int) -> int:
    """Value of two distinct card indices (no checks)."""
    return TWO_CARD[a * 53 + b]


def indices(hand: Iterable[Card | str], size: int | None = None) -> list[int]:
    """Card indices of ``hand`` (Cards or their text); ValueError for an unknown
    or repeated card, or a count other than ``size``."""
    try:
        result = [CARD_INDEX[item] for item in hand]
    except (KeyError, TypeError):
        raise ValueError(f"Not a hand of cards from the 53-card deck: {hand!r}") from None
    if size is not None and len(result) != size:
        raise ValueError(f"A hand of {size} cards is needed; got {len(result)}.")
    if len(set(result)) != len(result):
        raise ValueError(f"A card appears twice in {' '.join(str(CARDS[i]) for i in result)}.")
    return result


def evaluate5(hand: Iterable[Card | str]) -> int:
    """Value of a five-card high hand (§ 2, rule 4; joker § 1, rule 3)."""
    a, b, c, d, e = indices(hand, 5)
    return eval5_indices(a, b, c, d, e)


def evaluate2(hand: Iterable[Card | str]) -> int:
    """Value of a two-card low hand (§ 2, rule 5; the joker is an ace)."""
    a, b = indices(hand, 2)
    return eval2_indices(a, b)


def category(value5: int) -> int:
    """The category of a five-card value (HIGH_CARD … FIVE_ACES)."""
    return value5 >> 20


def is_pair2(value2: int) -> bool:
    return value2 >> 8 == 1


def _straight_words(key: int) -> str:
    if key == 12:
        return "A-2-3-4-5"
    return f"{RANK_WORDS[ACE if key == 13 else key]} high"


def name5(value: int) -> str:
    """The five-card hand for people: "Two pair, kings and 9s", "Flush, A-J-9-5-3"."""
    kind = value >> 20
    first, second, third, fourth, fifth = ((value >> shift) & 15 for shift in (16, 12, 8, 4, 0))
    if kind == FIVE_ACES:
        return "Five aces"
    if kind == STRAIGHT_FLUSH:
        return "Royal flush" if first == 13 else f"Straight flush, {_straight_words(first)}"
    if kind == FOUR_OF_A_KIND:
        return f"Four of a kind, {RANK_PLURALS[first]}"
    if kind == FULL_HOUSE:
        return f"Full house, {RANK_PLURALS[first]} over {RANK_PLURALS[second]}"
    if kind == FLUSH:
        return "Flush, " + "-".join(RANK_SHORT[rank] for rank in (first, second, third, fourth, fifth))
    if kind == STRAIGHT:
        return f"Straight, {_straight_words(first)}"
    if kind == THREE_OF_A_KIND:
        return f"Three of a kind, {RANK_PLURALS[first]}"
    if kind == TWO_PAIR:
        return f"Two pair, {RANK_PLURALS[first]} and {RANK_PLURALS[second]}"
    if kind == PAIR:
        return f"Pair of {RANK_PLURALS[first]}"
    return "-".join(RANK_SHORT[rank] for rank in (first, second, third, fourth, fifth)) + " high"


def name2(value: int) -> str:
    """The two-card hand for people: "Pair of aces", "A-Q high", "9-4 high"."""
    high, low = (value >> 4) & 15, value & 15
    if value >> 8:
        return f"Pair of {RANK_PLURALS[high]}"
    return f"{RANK_SHORT[high]}-{RANK_SHORT[low]} high"


def name_partial(items: Iterable[Card | str]) -> str:
    """Two to four cards (a hand still being dealt) for people, by their
    pairs or high cards: "Pair of 7s", "Two pair, kings and 4s", "Three of a
    kind, 9s", "A-9-4 high"."""
    counts = Counter(RANKS.index(card(item).rank) for item in items)
    ranked = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    top = ranked[0]
    if counts[top] == 4:
        return f"Four of a kind, {RANK_PLURALS[top]}"
    if counts[top] == 3:
        return f"Three of a kind, {RANK_PLURALS[top]}"
    if counts[top] == 2 and len(ranked) > 1 and counts[ranked[1]] == 2:
        return f"Two pair, {RANK_PLURALS[top]} and {RANK_PLURALS[ranked[1]]}"
    if counts[top] == 2:
        return f"Pair of {RANK_PLURALS[top]}"
    return "-".join(RANK_SHORT[rank] for rank in ranked) + " high"


def describe5(hand: Iterable[Card | str]) -> str:
    return name5(evaluate5(hand))


def describe2(hand: Iterable[Card | str]) -> str:
    return name2(evaluate2(hand))
