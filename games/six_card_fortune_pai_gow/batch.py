"""Six-card hands in numpy batches, for the lab: the six high-hand values of
each hand (each card in turn as the low card), the house way's choice among
them and the best five of six, with the very values and rule of the table's
code (``games.cards.poker.eval5_indices``, ``house_way.house_way_indices``,
``lines.line_of_value``). tests/test_six_card_fortune_pai_gow_lab.py checks
the batch against the per-hand code on seeded deals.

How a five-card value is looked up without a Python call per hand: a flush
(every card of one suit, the joker of any) by its 14-bit rank mask (bit 13
the joker) in a table of all 16,384 masks; any other hand by its rank multiset (the joker rank 13), written as one sum
of 5**rank over its cards and found by binary search among the sorted sums of
every multiset there is (fewer than C(18, 5) = 8,568), in a table filled by
``eval5_indices`` on one unsuited hand of each.
"""

from itertools import combinations_with_replacement

import numpy as np

from games.cards.poker import JOKER_INDEX, RANK_AS_ACE, eval5_indices

JOKER_RANK = 13
_FIVES_OF_SIX = np.array([[k for k in range(6) if k != low] for low in range(6)])  # low card = position


_WEIGHT = np.array([5**rank for rank in range(14)], dtype=np.int64)


def _build_tables():
    keys, values = [], []
    for ranks in combinations_with_replacement(range(14), 5):
        if ranks.count(JOKER_RANK) > 1 or max(ranks.count(rank) for rank in range(13)) > 4:
            continue
        hand, seen = [], {}
        for rank in ranks:
            if rank == JOKER_RANK:
                hand.append(JOKER_INDEX)
                continue
            suit = seen.get(rank, len(hand)) % 4  # a rank's copies in different suits, never five of one suit
            seen[rank] = suit + 1
            hand.append(rank * 4 + suit)
        while len(set(index & 3 for index in hand if index != JOKER_INDEX)) == 1:  # never a flush
            hand[0] = (hand[0] & ~3) | ((hand[0] + 1) & 3)
        keys.append(sum(5**rank for rank in ranks))
        values.append(eval5_indices(*hand))
    flush = np.zeros(1 << 14, dtype=np.int64)
    for mask in range(1 << 14):
        naturals = mask & 0x1FFF
        count = naturals.bit_count() + (mask >> 13)
        if count == 5:
            suited = [rank * 4 for rank in range(13) if naturals >> rank & 1]
            flush[mask] = eval5_indices(*suited, *([JOKER_INDEX] if mask >> 13 else []))
    order = np.argsort(keys)
    return np.array(keys, dtype=np.int64)[order], np.array(values, dtype=np.int64)[order], flush


_KEYS, _UNSUITED, _FLUSH = _build_tables()
_RANK = np.array([index >> 2 for index in range(52)] + [JOKER_RANK], dtype=np.int64)
_SUIT_BITS = np.array([1 << (index & 3) for index in range(52)] + [0b1111], dtype=np.int64)
_FLUSH_BIT = np.array([1 << (index >> 2) for index in range(52)] + [1 << 13], dtype=np.int64)
_LOW_RANK = np.array(RANK_AS_ACE, dtype=np.int64)  # the joker an ace


def eval5(hands):
    """Five-card values of an (n, 5) array of card indices."""
    suits = np.bitwise_and.reduce(_SUIT_BITS[hands], axis=-1)
    values = _UNSUITED[np.searchsorted(_KEYS, _WEIGHT[_RANK[hands]].sum(axis=-1))]
    flushes = suits != 0
    if flushes.any():
        masks = np.bitwise_or.reduce(_FLUSH_BIT[hands[flushes]], axis=-1)
        values[flushes] = _FLUSH[masks]
    return values


def high_values(sixes):
    """(n, 6): the high hand's value with card k as the low card."""
    fives = sixes[:, _FIVES_OF_SIX]  # (n, 6, 5)
    return eval5(fives.reshape(-1, 5)).reshape(-1, 6)


# house_way.py step 2, by five-card category (its TIER_OF_CATEGORY).
_TIERS = np.array([0, 1, 2, 3, 4, 4, 5, 6, 7, 8], dtype=np.int64)
_PAIR_OR_BETTER = 1 << 20


def house_way(sixes, values=None):
    """(high values, low card indices, tiers) of the house way's setting of
    each row of an (n, 6) array, as ``house_way.house_way_indices`` sets it."""
    values = high_values(sixes) if values is None else values
    low_ranks = _LOW_RANK[sixes]
    legal = (values >= _PAIR_OR_BETTER) | (((values >> 16) & 15) >= low_ranks)  # rule 9
    keys = np.where(legal, (_TIERS[values >> 20] << 30) | (low_ranks << 25) | values, -1)
    choice = np.argmax(keys, axis=1)  # the first of equal keys, as the per-hand loop keeps it
    rows = np.arange(len(sixes))
    return values[rows, choice], sixes[rows, choice], keys[rows, choice] >> 30


def main_results(player_high, player_low, dealer_high, dealer_low):
    """+1 (both win), 0 (push) or -1 per round (rules 11, 12), player and
    dealer both set; lows are card indices."""
    high = player_high > dealer_high
    low = (player_low == JOKER_INDEX) | (_LOW_RANK[player_low] > _LOW_RANK[dealer_low])
    return high.astype(np.int8) + low.astype(np.int8) - 1
