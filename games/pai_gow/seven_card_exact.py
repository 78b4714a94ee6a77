"""Exact counts of the seven-card lines from a full house up (the lines of the
progressive payout table, docs/rules/pai_gow.md § 9) over every seven cards of the
53-card deck, C(53, 7) = 154,143,080 hands, for the lab. Pure (no Django, no
I/O).

The line of a hand is ``seven_cards.line_of_indices``'s, the table's own
classifier, and two ways count them, which bench/seven_card_exact.py runs
side by side (the same counts; the quick way about 1.5 s of CPU, the long way
about 12 s on the development VM):

- ``line_counts``, the quick way, which the lab uses: a hand that cannot
  hold a straight flush makes the line its ranks make (five aces, four of a
  kind, a full house: all above a flush or a straight), so every hand is
  counted by its rank multiset, weighed by the ways to choose its suits; the
  few hands that may hold a straight flush (five natural cards of one suit in
  a five-rank window, or four with the joker: 52,741 of them, with one suit
  standing for the four) are listed and named one by one instead;
- ``line_counts_by_suit_classes``, the long way: one representative a class
  under the 24 suit permutations (``games.cards.suit_classes``: 6,009,159
  classes of seven natural cards, 962,988 of six and the joker), seven
  naturals valued by ``games.cards.seven_card``'s numpy batch (a best five
  below a full house makes no line; a full house or four of a kind is that
  line; a straight flush goes to ``line_of_indices``), six and the joker by
  their rank counts (no suit holding four naturals: the joker is an ace,
  § 1, rule 3) or ``line_of_indices``.
"""

from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from itertools import chain, combinations, combinations_with_replacement
from math import comb, prod
from types import ModuleType
from typing import Any

from games.cards import poker, seven_card
from games.cards.suit_classes import class_count, suit_classes
from games.pai_gow.paytables import FIVE_ACES, FLUSH, FOUR_OF_A_KIND, FULL_HOUSE, STRAIGHT, THREE_OF_A_KIND
from games.pai_gow.seven_cards import LINES_BY_RANK, line_of_indices

HANDS = comb(53, 7)
# The lines this module counts: a full house and up, highest first.
FULL_HOUSE_AND_UP = LINES_BY_RANK[: LINES_BY_RANK.index(FULL_HOUSE) + 1]
_LINE_NUMBER: dict[str | None, int] = {key: number for number, key in enumerate(FULL_HOUSE_AND_UP)}
NO_LINE = -1  # below a full house
SUITS = 4
# A numpy array: numpy is imported on first use (``_np``), so not named in the types.
Array = Any


def _np() -> ModuleType:
    import numpy  # imported on first use: the table never needs it

    return numpy


def classify_batch(hands: Array) -> Array:
    """The number of each hand's line in ``FULL_HOUSE_AND_UP`` (``NO_LINE``
    below a full house): ``hands`` an (n, 7) integer array of distinct card
    indices, the joker 52 at most once a row."""
    np = _np()
    hands = np.asarray(hands, dtype=np.int64)
    result = np.full(len(hands), NO_LINE, dtype=np.int64)
    joker = (hands == poker.JOKER_INDEX).any(axis=1)
    natural = np.flatnonzero(~joker)
    if natural.size:
        result[natural] = _classify_naturals(hands[natural])
    with_joker = np.flatnonzero(joker)
    if with_joker.size:
        result[with_joker] = _classify_with_joker(np.sort(hands[with_joker], axis=1)[:, :6])
    return result


def _by_line_of_indices(rows: Array) -> list[int]:
    return [_LINE_NUMBER.get(line_of_indices(row), NO_LINE) for row in rows.tolist()]


def _classify_naturals(hands: Array) -> Array:
    np = _np()
    category = seven_card.value_of_seven_batch(hands) >> 20
    result = np.full(len(hands), NO_LINE, dtype=np.int64)
    result[category == poker.FULL_HOUSE] = _LINE_NUMBER[FULL_HOUSE]
    result[category == poker.FOUR_OF_A_KIND] = _LINE_NUMBER[FOUR_OF_A_KIND]
    flushes = np.flatnonzero(category == poker.STRAIGHT_FLUSH)
    if flushes.size:
        result[flushes] = _by_line_of_indices(hands[flushes])
    return result


def _classify_with_joker(naturals: Array) -> Array:
    """Lines of six natural cards (an (n, 6) array) and the joker."""
    np = _np()
    rank_counts = np.zeros((len(naturals), 13), dtype=np.int64)
    suit_counts = np.zeros((len(naturals), 4), dtype=np.int64)
    rows = np.arange(len(naturals))
    for column in naturals.T:
        rank_counts[rows, column >> 2] += 1
        suit_counts[rows, column & 3] += 1
    rank_counts[:, poker.ACE] += 1  # no flush to fill: the joker is an ace (§ 1, rule 3)
    ordered = -np.sort(-rank_counts, axis=1)
    first, second = ordered[:, 0], ordered[:, 1]
    result = np.full(len(naturals), NO_LINE, dtype=np.int64)
    result[(first == 3) & (second >= 2)] = _LINE_NUMBER[FULL_HOUSE]
    result[first == 4] = _LINE_NUMBER[FOUR_OF_A_KIND]
    result[rank_counts[:, poker.ACE] == 5] = _LINE_NUMBER[FIVE_ACES]
    flushable = np.flatnonzero(suit_counts.max(axis=1) >= 4)
    if flushable.size:
        with_joker = np.concatenate(
            [naturals[flushable], np.full((flushable.size, 1), poker.JOKER_INDEX)], axis=1
        )
        result[flushable] = _by_line_of_indices(with_joker)
    return result


def _class_arrays(size: int, chunk: int) -> Iterator[tuple[Array, Array]]:
    """(hands, weights) numpy arrays of ``suit_classes(size)``, ``chunk`` classes at a time."""
    np = _np()
    classes = suit_classes(size)
    left = class_count(size)
    while left:
        take = min(chunk, left)
        weights = np.empty(take, dtype=np.int64)

        def cards(weights: Array = weights, take: int = take) -> Iterator[tuple[int, ...]]:
            for place in range(take):
                hand, weight = next(classes)
                weights[place] = weight
                yield hand

        flat = np.fromiter(chain.from_iterable(cards()), dtype=np.int64, count=take * size)
        yield flat.reshape(take, size), weights
        left -= take


@cache
def line_counts_by_suit_classes(chunk: int = 500_000) -> dict[str, int]:
    """``line_counts`` the long way, for bench/seven_card_exact.py: every
    class of seven naturals and of six naturals with the joker classified in
    numpy batches (about 10 s of CPU)."""
    np = _np()
    totals = np.zeros(len(FULL_HOUSE_AND_UP), dtype=np.int64)
    counted = 0
    for size in (7, 6):
        for hands, weights in _class_arrays(size, chunk):
            if size == 6:
                hands = np.concatenate([hands, np.full((len(hands), 1), poker.JOKER_INDEX)], axis=1)
            lines = classify_batch(hands)
            made = lines != NO_LINE
            totals += np.bincount(lines[made], weights=weights[made], minlength=len(totals)).astype(np.int64)
            counted += int(weights.sum())
    if counted != HANDS:
        raise AssertionError(f"the classes weigh {counted:,} hands, not C(53, 7) = {HANDS:,}")
    return {key: int(count) for key, count in zip(FULL_HOUSE_AND_UP, totals, strict=True)}


# --- The quick way: rank multisets, and the suited hands one by one ------------------


def _rank_line(counts: Iterable[int], joker: bool) -> str | None:
    """The line of a hand without a straight flush from its rank counts (the
    joker an ace, § 1 rule 3): five aces, four of a kind, a full house, or
    None. A flush or a straight ranks below a full house."""
    counts = list(counts)
    if joker:
        counts[poker.ACE] += 1
        if counts[poker.ACE] == 5:
            return FIVE_ACES
    ordered = sorted(counts, reverse=True)
    if ordered[0] >= 4:
        return FOUR_OF_A_KIND
    if ordered[0] == 3 and ordered[1] >= 2:
        return FULL_HOUSE
    return None


# Five-rank windows for a straight flush (A-2-3-4-5 ... 10-J-Q-K-A) as rank masks.
_FIVE_WINDOWS = tuple([(1 << poker.ACE) | 0b1111] + [0b11111 << low for low in range(9)])


def _may_straight_flush(mask: int, joker: bool) -> bool:
    """Whether one suit's ranks (``mask``), with the joker or not, hold a straight flush."""
    need = 4 if joker else 5
    return any((mask & window).bit_count() >= need for window in _FIVE_WINDOWS)


def _suited_hands(naturals: int, joker: bool) -> Iterator[list[int]]:
    """The hands of ``naturals`` natural cards (and the joker) that may make a
    straight flush, with suit 0 the one holding it (at most one suit can:
    five of seven, or four of six with the joker): the suit's ranks, then the
    other cards from the 39 of the other suits."""
    others = [c for c in range(52) if c & 3]
    need = 4 if joker else 5
    for size in range(need, naturals + 1):
        for ranks in combinations(range(13), size):
            mask = sum(1 << rank for rank in ranks)
            if not _may_straight_flush(mask, joker):
                continue
            suited = [rank * 4 for rank in ranks]
            for rest in combinations(others, naturals - size):
                yield suited + list(rest)


@cache
def line_counts() -> dict[str, int]:
    """{line: how many of the C(53, 7) seven-card hands make it} for the lines
    from a full house up, exactly, in about a second: every hand is counted by
    its rank multiset (the ways its suits can be chosen, prod C(4, count)) and
    takes the line its ranks make (``_rank_line``), except the hands that may
    hold a straight flush, which are listed one by one (their suit is one of
    four alike, so suit 0 stands for all four) and named by the table's own
    ``seven_cards.line_of_indices``, in place of their rank line."""
    totals = dict.fromkeys(FULL_HOUSE_AND_UP, 0)
    counted = 0
    for naturals, joker in ((7, False), (6, True)):
        for ranks in combinations_with_replacement(range(13), naturals):
            counts = [0] * 13
            for rank in ranks:
                counts[rank] += 1
            if max(counts) > 4:
                continue
            ways = prod(comb(4, count) for count in counts if count)
            counted += ways
            line = _rank_line(counts, joker)
            if line is not None:
                totals[line] += ways
        for hand in _suited_hands(naturals, joker):
            counts = [0] * 13
            for c in hand:
                counts[c >> 2] += 1
            before = _rank_line(counts, joker)
            after = line_of_indices(hand + [poker.JOKER_INDEX] if joker else hand)
            for line, change in ((before, -SUITS), (after, SUITS)):
                if line in totals:
                    totals[line] += change
    if counted != HANDS:
        raise AssertionError(f"the rank multisets weigh {counted:,} hands, not C(53, 7) = {HANDS:,}")
    return totals


# --- Every line, down to a straight (the Fortune bonus's table) ----------------------------

_RANK_ORDER = {line: number for number, line in enumerate(LINES_BY_RANK)}
_STRAIGHT_WINDOWS = _FIVE_WINDOWS  # the same ten five-rank windows make a straight


def _full_rank_line(counts: Sequence[int], joker: bool) -> str | None:
    """The line of a hand that makes no flush, from its rank counts: five aces,
    four of a kind or a full house (``_rank_line``), else a straight (the joker
    may fill one gap, § 1 rule 3), else three of a kind (the joker an ace),
    else None."""
    line = _rank_line(counts, joker)
    if line is not None:
        return line
    mask = sum(1 << rank for rank, count in enumerate(counts) if count)
    need = 4 if joker else 5
    if any((mask & window).bit_count() >= need for window in _STRAIGHT_WINDOWS):
        return STRAIGHT
    aces = counts[poker.ACE] + (1 if joker else 0)
    if max(max(counts), aces) >= 3:
        return THREE_OF_A_KIND
    return None


def _best(*lines: str | None) -> str | None:
    found = [line for line in lines if line is not None]
    return min(found, key=_RANK_ORDER.__getitem__) if found else None


def _flush_ways(counts: Iterable[int], need: int) -> int:
    """The suitings of a rank multiset (each rank's cards in distinct suits)
    that put ``need`` or more cards in one suit: four times those that put
    them in suit 0 (no two suits can both hold them: 5 + 5 > 7, 4 + 4 > 6)."""
    spades = {0: 1}  # cards in suit 0 -> suitings of the ranks so far
    for count in counts:
        if not count:
            continue
        step: dict[int, int] = {}
        for held, ways in spades.items():
            step[held] = step.get(held, 0) + ways * comb(3, count)  # suit 0 not among them
            step[held + 1] = step.get(held + 1, 0) + ways * comb(3, count - 1)
        spades = step
    return 4 * sum(ways for held, ways in spades.items() if held >= need)


@cache
def all_line_counts() -> dict[str, int]:
    """{line: how many of the C(53, 7) hands make it} for every line of
    ``LINES_BY_RANK`` (the Fortune bonus's, down to a straight), exactly, as
    ``line_counts`` does it: each rank multiset weighs its suitings, those
    that make a flush (``_flush_ways``) taking the better of a flush and the
    rank line, the others the rank line (``_full_rank_line``); the hands that
    may hold a straight flush are then named one by one by the table's own
    ``seven_cards.line_of_indices`` in place of that (each stands for its
    four suits). ``line_counts``'s lines come out the same."""
    totals = dict.fromkeys(LINES_BY_RANK, 0)
    for naturals, joker in ((7, False), (6, True)):
        need = 4 if joker else 5
        for ranks in combinations_with_replacement(range(13), naturals):
            counts = [0] * 13
            for rank in ranks:
                counts[rank] += 1
            if max(counts) > 4:
                continue
            ways = prod(comb(4, count) for count in counts if count)
            flushes = _flush_ways(counts, need)
            line = _full_rank_line(counts, joker)
            for part, made in ((flushes, _best(FLUSH, line)), (ways - flushes, line)):
                if made is not None and part:
                    totals[made] += part
        for hand in _suited_hands(naturals, joker):
            counts = [0] * 13
            for c in hand:
                counts[c >> 2] += 1
            before = _best(FLUSH, _full_rank_line(counts, joker))  # suit 0 holds the flush
            after = line_of_indices(hand + [poker.JOKER_INDEX] if joker else hand)
            for line, change in ((before, -SUITS), (after, SUITS)):
                if line is not None:
                    totals[line] += change
    return totals
