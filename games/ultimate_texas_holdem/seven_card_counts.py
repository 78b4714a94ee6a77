"""How many of the C(52, 7) = 133,784,560 seven-card hands make each best-five
value, exactly, by rank multisets rather than by hands. Pure Python.

Suits never rank, so a hand without five cards of one suit is worth what its
ranks are worth; with five or more of one suit (at most one suit, of seven
cards) it is the flush (or straight flush) of that suit's ranks: five suited
cards leave no room for a full house or four of a kind. For each of the
49,205 rank multisets (games/cards/seven_card.rank_multisets), the suit
assignments: prod C(4, m_r) in all, of which those putting a set S of five or
more of its distinct ranks in one suit number 4 × prod_{r in S} C(3, m_r - 1)
× prod_{r not in S} C(3, m_r) (each rank's other copies in the other three
suits). Values through seven_card.value_of_seven (the ranks dealt in no
flush) and best_five (the suited ranks), the evaluators the game settles with.
"""

from collections import Counter
from functools import cache
from itertools import combinations
from math import comb, prod

from games.cards import best_five, seven_card

HANDS = comb(52, 7)


def _no_flush_hand(ranks):
    """Card indices of ``ranks`` (highest first) with no five of one suit: the
    copies of a rank are consecutive, so dealing suits in turn gives them four
    different suits and each suit at most two cards."""
    return [rank * 4 + place % 4 for place, rank in enumerate(ranks)]


@cache
def value_counts():
    """{best-five value: number of seven-card hands}, summing to C(52, 7)."""
    counts = Counter()
    for ranks in seven_card.rank_multisets():
        copies = Counter(ranks)
        flushes = 0
        distinct = sorted(copies)
        if len(distinct) >= 5:
            for size in range(5, len(distinct) + 1):
                for suited in combinations(distinct, size):
                    ways = 4 * prod(
                        comb(3, copies[rank] - 1) if rank in suited else comb(3, copies[rank])
                        for rank in distinct
                    )
                    if ways:
                        counts[best_five.best_five_value_indices([rank * 4 for rank in suited])] += ways
                        flushes += ways
        total = prod(comb(4, count) for count in copies.values())
        if total > flushes:
            counts[seven_card.value_of_seven(_no_flush_hand(ranks))] += total - flushes
    if sum(counts.values()) != HANDS:
        raise AssertionError("the seven-card counts do not add up to C(52, 7)")
    return counts
