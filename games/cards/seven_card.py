"""The best five of exactly seven cards of the 52-card deck (hold 'em: two
hole cards and the board), fast: one hand at a time in plain Python, or
arrays of hands at once with numpy for the lab's simulations. Pure (no
Django, no I/O).

Values: the same ints as ``games.cards.best_five.value_of_seven`` gives, so
``best_five.category`` and ``best_five.hand_name`` apply: ``category << 20``
plus up to five 4-bit tie-breaking ranks (rank index 0 = 2 ... 12 = ace; a
straight's key is its top card, 13 for A-K-Q-J-10 and 3 for A-2-3-4-5, the
lowest straight, as hold 'em ranks it). A higher value is a better hand, an
equal value a tie; suits never rank. Cards are ``poker.CARD_INDEX`` ints
(``rank * 4 + suit``), seven distinct ones (not checked on the fast path).

How: a card's key holds its suit's weight (``_SUIT_WEIGHTS``, 8 bits) and
its rank's (``RANK_WEIGHTS``) above it, so one sum of seven keys gives both
sums. The rank weights make the sum of any seven ranks, none more than four
times, different for every rank multiset (the greedy sequence for that
property; ``_build_rank_table`` checks it), so the rank sum indexes a flat
list of values: one look-up. The suit sum says in one list look-up whether
five or more cards share a suit, and which; then, and only then, the 13-bit
rank mask of that suit is looked up instead: with seven cards, five of one
suit leave no room for a full house or four of a kind, so the flush or
straight flush is the hand. The numpy path does the same on whole columns
of hands.

Why 8 bits of suit, not 3 bits a suit: the key then stays below 2**30 for
all but the hands of three aces or so, a one-digit int in CPython, whose
sums take the interpreter's fast path; with 12 bits every key had two
digits, and the one-hand path made about 0.88 of the hands a second it
makes now (measured side by side). A rank table made compact by row
displacement (63,000-89,000 slots instead of 7.8 million) was tried again
with these keys: the two extra look-ups still cost more (0.70-0.78 of the
hands a second) than the cache misses of the flat list they save.

Cost (measured on the 2-core development VM, shared): the import about
40 ms (the suited tables: 8,192 rank masks); the rank table, an array of
7,825,760 C ints (31 MB, 49,205 of them filled), on the first hand valued,
about 0.7 s of CPU; the numpy path reads the same array (no copy), its
other tables taking about 0.3 s with numpy's import on the first batch.
"""

from array import array
from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations_with_replacement, product
from typing import Any

from games.cards.poker import (
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    HIGH_CARD,
    PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    TWO_PAIR,
)

__all__ = ["RANK_WEIGHTS", "value_of_seven", "value_of_seven_batch", "value_of_ranks_batch"]

# Seven ranks from 2 to ace, none more than four times, sum to a different
# total for every multiset with these weights (the greedy sequence: each the
# smallest keeping all sums of up to seven distinct; largest total 7,825,759).
RANK_WEIGHTS = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
# The smallest suit weights whose sum over seven cards tells whether five or
# more share a suit, and which (found by search; the largest sum is 224, 8 bits).
_SUIT_WEIGHTS = (0, 1, 25, 32)
_CARDS = range(52)

# Each card's key: its suit's weight in the low 8 bits, its rank's above, so
# that one sum of seven keys holds both sums (the rank sum takes 23 bits).
_RANK_SHIFT = 8
_SUIT_SUMS = (1 << _RANK_SHIFT) - 1
_CARD_KEY = [_SUIT_WEIGHTS[card & 3] | (RANK_WEIGHTS[card >> 2] << _RANK_SHIFT) for card in _CARDS]
# The card's bit in a mask of 13 bits a suit, the first suit's above the
# lowest 13, so that a suit's ranks are one shift (13 to 52, never 0: the
# shift itself says "a flush") and mask away.
_SUITED_BIT = [1 << (13 * ((card & 3) + 1) + (card >> 2)) for card in _CARDS]

# Straights by the rank mask they need, best first: A-K-Q-J-10 (key 13),
# K-high (11) ... 6-high (4), A-2-3-4-5 (3).
_STRAIGHTS = tuple((0b11111 << (top - 4), 13 if top == 12 else top) for top in range(12, 3, -1)) + (
    ((1 << 12) | 0b1111, 3),
)


def _value(kind: int, ranks: Iterable[int]) -> int:
    value = kind << 20
    for place, rank in enumerate(ranks):
        value |= rank << (16 - 4 * place)
    return value


def _straight(mask: int) -> int | None:
    for run, key in _STRAIGHTS:
        if mask & run == run:
            return key
    return None


def _suited_value(mask: int) -> int:
    """The best five of five to seven cards of one suit, by their rank mask."""
    key = _straight(mask)
    if key is not None:
        return _value(STRAIGHT_FLUSH, (key,))
    return _value(FLUSH, [rank for rank in range(12, -1, -1) if mask >> rank & 1][:5])


def _unsuited_value(ranks: Sequence[int]) -> int:
    """The best five of seven cards no five of which share a suit, by their
    ranks from the highest down (index 0 = 2 ... 12 = ace)."""
    present = list(dict.fromkeys(ranks))
    count = {rank: ranks.count(rank) for rank in present}
    quads = [rank for rank in present if count[rank] == 4]
    trips = [rank for rank in present if count[rank] == 3]
    pairs = [rank for rank in present if count[rank] == 2]
    if quads:
        return _value(FOUR_OF_A_KIND, [quads[0], next(rank for rank in present if rank != quads[0])])
    if trips and (len(trips) > 1 or pairs):
        # Two trips: the lower one is the full house's pair.
        return _value(FULL_HOUSE, [trips[0], max(trips[1:] + pairs)])
    key = _straight(sum(1 << rank for rank in present))
    if key is not None:
        return _value(STRAIGHT, (key,))
    if trips:
        return _value(THREE_OF_A_KIND, [trips[0], *[rank for rank in present if rank != trips[0]][:2]])
    if len(pairs) >= 2:
        # Three pairs: the third pair's rank may be the kicker.
        high, low = pairs[:2]
        return _value(TWO_PAIR, [high, low, next(rank for rank in present if rank not in (high, low))])
    if pairs:
        return _value(PAIR, [pairs[0], *[rank for rank in present if rank != pairs[0]][:3]])
    return _value(HIGH_CARD, present[:5])


def _build_suited_tables() -> tuple[list[int], list[int]]:
    # Suit sum of seven cards -> the shift of the suit holding five or more, 0: none.
    flush_shift = [0] * (1 << _RANK_SHIFT)
    sums: dict[int, int] = {}
    for counts in product(range(8), repeat=4):
        if sum(counts) == 7:
            total = sum(count * weight for count, weight in zip(counts, _SUIT_WEIGHTS, strict=True))
            flush = next((13 * (suit + 1) for suit in range(4) if counts[suit] >= 5), 0)
            if sums.setdefault(total, flush) != flush:
                raise AssertionError("_SUIT_WEIGHTS give a flush and another hand one sum")
            flush_shift[total] = flush
    suited = [0] * (1 << 13)
    for mask in range(1 << 13):
        if mask.bit_count() >= 5:
            suited[mask] = _suited_value(mask)
    return flush_shift, suited


_FLUSH_SHIFT, _SUITED = _build_suited_tables()


def rank_multisets() -> Iterator[tuple[int, ...]]:
    """Yield the ranks of each seven-card hand, none more than four times, as
    a tuple from the highest down: each multiset once (49,205)."""
    for ranks in combinations_with_replacement(range(12, -1, -1), 7):
        # Sorted, so five of a rank would be five in a row.
        if ranks[0] != ranks[4] and ranks[1] != ranks[5] and ranks[2] != ranks[6]:
            yield ranks


def _build_rank_table() -> dict[int, int]:
    """{rank sum: value} of every seven-card rank multiset."""
    values: dict[int, int] = {}
    distinct: dict[int, int] = {}  # one int object a value, so that the flat list stays small
    weights = RANK_WEIGHTS
    for ranks in rank_multisets():
        a, b, c, d, e, f, g = ranks
        key = weights[a] + weights[b] + weights[c] + weights[d] + weights[e] + weights[f] + weights[g]
        if key in values:
            raise AssertionError("RANK_WEIGHTS give two rank multisets one sum")
        value = _unsuited_value(ranks)
        values[key] = distinct.setdefault(value, value)
    return values


# Rank sum -> value, empty until the first hand (IndexError fills it), and
# the same as a dict. An array of C ints, not a list: half the memory (31 MB,
# not 63 MB of pointers), and its look-ups, fewer of them cache misses, made
# 1.09-1.21 times the list's hands a second (measured side by side), though
# each makes its int anew. The numpy path reads the same memory.
_BY_RANKS = array("i")
_RANK_VALUES: dict[int, int] = {}


def _fill_rank_list() -> None:
    if not _RANK_VALUES:
        _RANK_VALUES.update(_build_rank_table())
    if not _BY_RANKS:
        table = array("i", bytes(4 * (max(_RANK_VALUES) + 1)))
        for key, value in _RANK_VALUES.items():
            table[key] = value
        _BY_RANKS.extend(table)  # in one call: no thread reads a half-filled table


def value_of_seven(
    cards: Sequence[int],
    _ck: list[int] = _CARD_KEY,
    _sb: list[int] = _SUITED_BIT,
    _fs: list[int] = _FLUSH_SHIFT,
    _su: list[int] = _SUITED,
    _br: "array[int]" = _BY_RANKS,
) -> int:
    """The value of the best five of seven distinct card indices."""
    a, b, c, d, e, f, g = cards
    # 0xFF and 8 are _SUIT_SUMS and _RANK_SHIFT: constants cost less than globals.
    key = _ck[a] + _ck[b] + _ck[c] + _ck[d] + _ck[e] + _ck[f] + _ck[g]
    shift = _fs[key & 0xFF]
    if shift:
        return _su[((_sb[a] | _sb[b] | _sb[c] | _sb[d] | _sb[e] | _sb[f] | _sb[g]) >> shift) & 0x1FFF]
    try:
        return _br[key >> 8]
    except IndexError:
        _fill_rank_list()
        return _br[key >> 8]


# --- numpy batches ---------------------------------------------------------------

# numpy's arrays and the module itself, by name: typed Any, as the batches
# below are (strict numpy dtypes through a dict of tables do not pay).
_NUMPY_TABLES: dict[str, Any] = {}


def _numpy_tables() -> dict[str, Any]:
    # numpy is imported here, not at the top, so that the games importing
    # this module for one hand at a time do not pay for it.
    import numpy as np

    if not _NUMPY_TABLES:
        _fill_rank_list()
        # The one-hand path's array itself, not a copy: 31 MB a process for both paths.
        by_ranks = np.frombuffer(_BY_RANKS, dtype=np.int32)
        card_key = np.array(_CARD_KEY, dtype=np.int64)
        _NUMPY_TABLES.update(
            np=np,
            card_key=card_key,
            pair_key=(card_key[:, None] + card_key[None, :]).ravel(),
            # The shift less 13 (-13: no flush), with each card's bit 13 lower: 52 bits fit an int64.
            flush_shift=np.array(_FLUSH_SHIFT, dtype=np.int8) - 13,
            suited_bit=np.array([bit >> 13 for bit in _SUITED_BIT], dtype=np.int64),
            suited=np.array(_SUITED, dtype=np.int32),
            by_ranks=by_ranks,
        )
    return _NUMPY_TABLES


def value_of_seven_batch(hands: Any) -> Any:
    """The values of many hands at once: ``hands`` an (n, 7) array (or nested
    sequence) of card indices, each row seven distinct cards; returns an
    int32 numpy array of n values, each ``value_of_seven`` of its row.
    ValueError for another shape or anything but card indices 0-51."""
    tables = _numpy_tables()
    np = tables["np"]
    hands = np.asarray(hands)
    if not np.issubdtype(hands.dtype, np.integer) and hands.size:
        raise ValueError("Cards are card indices, integers 0-51.")
    if hands.ndim != 2 or hands.shape[1] != 7:
        raise ValueError(f"Hands of seven cards are an (n, 7) array; got shape {hands.shape}.")
    if hands.size and (hands.min() < 0 or hands.max() > 51):
        raise ValueError("A card index is 0-51.")
    # One row of cards per place, contiguous, so each gather reads in order.
    columns = np.ascontiguousarray(hands.T)
    # Three pairs of cards and the seventh: a pair's key is one look-up in a
    # 52 x 52 table, four gathers a hand instead of seven.
    pair_key = tables["pair_key"]
    pair = np.multiply(columns[0], 52, dtype=np.intp)
    pair += columns[1]
    keys = pair_key[pair]
    for first in (2, 4):
        np.multiply(columns[first], 52, out=pair, dtype=np.intp)
        pair += columns[first + 1]
        keys += pair_key[pair]
    keys += tables["card_key"][columns[6]]
    values = tables["by_ranks"][keys >> _RANK_SHIFT]
    shifts = tables["flush_shift"][keys & _SUIT_SUMS]
    (flushes,) = np.nonzero(shifts >= 0)
    if flushes.size:
        suited_bit = tables["suited_bit"]
        flush_columns = columns[:, flushes]
        masks = suited_bit[flush_columns[0]]
        for column in flush_columns[1:]:
            masks |= suited_bit[column]
        masks >>= shifts[flushes].astype(np.int64)
        values[flushes] = tables["suited"][masks & 0x1FFF]
    return values


def value_of_ranks_batch(rank_sums: Any) -> Any:
    """The values of many seven-card hands no five of which share a suit, by
    their ranks alone: ``rank_sums`` an integer numpy array of sums of
    ``RANK_WEIGHTS`` over each hand's seven ranks (none more than four times);
    returns an int32 array of the same shape. For counting many hands by their
    ranks at once (a board with each pair of ranks the other cards can hold)."""
    tables = _numpy_tables()
    return tables["by_ranks"][rank_sums]
