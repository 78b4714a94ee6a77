"""Six-Card Fortune Pai Gow's house way, pure (docs/rules/six_card_fortune_pai_gow.md,
"Dealer house way", the project default). The dealer sets by it (rule 10),
and so does a player who asks for it or whose clock runs out.

1. The six settings: each card in turn as the low card; the illegal ones
   (rule 9) are dropped. One is always legal: the lowest card as the low.
2. Each legal setting is ranked by the tier of its high hand: five aces >
   straight flush > four of a kind > full house > flush or straight (one
   tier) > three of a kind > two pair > one pair > high card.
3. The best tier is kept; among those the highest low card (the joker an
   ace); if still tied, the higher high hand.

The way sets by ranks, so two settings with the same high value and low rank
are alike; the first in card order is kept (the joker, index 52, comes last,
so a natural ace and the joker as candidate lows tie on rank and the higher
high hand decides, which keeps the joker where it can fill a straight).
"""

from games.cards.poker import (
    FIVE_ACES,
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    HIGH_CARD,
    PAIR,
    RANK_AS_ACE,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    TWO_PAIR,
    eval5_indices,
    indices,
)
from games.six_card_fortune_pai_gow.hands import cards_of, is_foul_values

# Step 2: the tier of each five-card category (games.cards.poker's numbering).
TIER_OF_CATEGORY = {
    FIVE_ACES: 8,
    STRAIGHT_FLUSH: 7,
    FOUR_OF_A_KIND: 6,
    FULL_HOUSE: 5,
    FLUSH: 4,  # flush or straight: one shared tier
    STRAIGHT: 4,
    THREE_OF_A_KIND: 3,
    TWO_PAIR: 2,
    PAIR: 1,
    HIGH_CARD: 0,
}
TIER_NAMES = {
    8: "five aces",
    7: "straight flush",
    6: "four of a kind",
    5: "full house",
    4: "flush or straight",
    3: "three of a kind",
    2: "two pair",
    1: "one pair",
    0: "high card",
}
_TIER = tuple(TIER_OF_CATEGORY[category] for category in range(10))


def house_way_indices(six, _eval=eval5_indices, _rank=RANK_AS_ACE, _tier=_TIER, _foul=is_foul_values):
    """(high five indices, low index, tier) of six distinct card indices."""
    best_key = -1
    best = None
    for place in range(6):
        low = six[place]
        high = six[:place] + six[place + 1 :]
        value = _eval(*high)
        if _foul(value, low):
            continue  # step 1
        key = (_tier[value >> 20] << 30) | (_rank[low] << 25) | value  # steps 2-3
        if key > best_key:
            best_key, best = key, (tuple(high), low)
    return best[0], best[1], best_key >> 30


def set_house_way(six):
    """(high five Cards, [low Card]) of six cards (Cards or their text)."""
    high, low, _ = house_way_indices(tuple(indices(six, 6)))
    return cards_of(high), cards_of((low,))


def tier_of(six):
    """The name of the tier the house way's high hand is in (for tests and the log)."""
    return TIER_NAMES[house_way_indices(tuple(indices(six, 6)))[2]]
