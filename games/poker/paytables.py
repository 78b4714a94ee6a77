"""Paytable lines the poker games share, pure: the lines of a five-card
hand (the Five-Card progressives of Three Card Poker, Four Card Poker and
Crazy 4 Poker, Three Card Poker's Six Card Bonus) and their names, the
look-up every paytable of the family is read with, and the look-up of a
paytable by its name.

A paytable is a dict {line: payout}; a hand's lines are listed the most
particular first, and a table pays the first it lists (``lookup``).
"""

from games.cards import poker
from games.meters import house_funded

ROYAL_FLUSH = "royal_flush"
STRAIGHT_FLUSH = "straight_flush"
FOUR_OF_A_KIND = "four_of_a_kind"
FULL_HOUSE = "full_house"
FLUSH = "flush"
STRAIGHT = "straight"
THREE_OF_A_KIND = "three_of_a_kind"
SPADES = "_in_spades"  # Three Card Poker's Five-Card table pays a royal flush in spades more

_FIVE_CARD_LINES = {
    poker.STRAIGHT_FLUSH: STRAIGHT_FLUSH,
    poker.FOUR_OF_A_KIND: FOUR_OF_A_KIND,
    poker.FULL_HOUSE: FULL_HOUSE,
    poker.FLUSH: FLUSH,
    poker.STRAIGHT: STRAIGHT,
    poker.THREE_OF_A_KIND: THREE_OF_A_KIND,
}
# The five-card lines as the rules files' tables name them, highest first.
FIVE_CARD_LINE_NAMES = {
    ROYAL_FLUSH: "Royal flush",
    STRAIGHT_FLUSH: "Straight flush",
    FOUR_OF_A_KIND: "Four of a kind",
    FULL_HOUSE: "Full house",
    FLUSH: "Flush",
    STRAIGHT: "Straight",
    THREE_OF_A_KIND: "Three of a kind",
}
_ACE_HIGH_STRAIGHT = 13  # poker.py's (and best_five.py's) straight key of A-K-Q-J-10


def five_card_lines(value, suit=None):
    """A five-card hand's lines (games.cards.poker / games.cards.best_five
    values), the most particular first: a royal flush is ["royal_flush",
    "straight_flush"], in spades (``suit`` "S", the flush's suit) with
    "royal_flush_in_spades" before them; below three of a kind []."""
    line = _FIVE_CARD_LINES.get(poker.category(value))
    if line is None:
        return []
    if line == STRAIGHT_FLUSH and value >> 16 & 15 == _ACE_HIGH_STRAIGHT:
        return [ROYAL_FLUSH + SPADES] * (suit == "S") + [ROYAL_FLUSH, line]
    return [line]


def lookup(table, lines):
    """(line, payout) of the first of ``lines`` that ``table`` pays, or None."""
    for line in lines:
        if line in table:
            return line, table[line]
    return None


def named_paytable(tables, name, what):
    """``tables[name]``, or a ValueError naming the tables there are:
    "Caribbean Stud's Bet paytables are 100-50-20-7-5-4-3-2-1, not 'X'"
    (``what`` is "Caribbean Stud's Bet")."""
    if name not in tables:
        raise ValueError(f"{what} paytables are {', '.join(tables)}, not {name!r}")
    return tables[name]


# --- The Three-Card and Five-Card progressive payout wagers' meters (Three Card
# Poker § 649a.7(d)(4), (d)(6); Let It Ride, Four Card Poker, Crazy 4 Poker and
# the five-card progressives linked with them): the rules files give the
# paytables' top lines as "100% of meter" but no meter, so a project default,
# not PA text: a fixed wager ($1 on the three-card meter, $5 on the five-card
# one, as docs/rules/README.md's table of progressive payout wagers), seed and reseed
# funded by the house, 20% of each wager to the meter, no reserve.
THREE_CARD_KIND = "three_card"
FIVE_CARD_KIND = "five_card"
THREE_CARD_SEED_CENTS = 100_000
FIVE_CARD_SEED_CENTS = 1_000_000
POKER_PROGRESSIVE_PRIMARY_BP = 2000
# docs/rules/three_card_poker.md, docs/rules/four_card_poker.md, docs/rules/caribbean_stud.md, docs/rules/dj_wild_stud.md
PROJECT_DEFAULT_METER = "project default meter, not PA text"
THREE_CARD_METER = house_funded(
    THREE_CARD_KIND,
    "Three-Card progressive",
    (1,),
    THREE_CARD_SEED_CENTS,
    POKER_PROGRESSIVE_PRIMARY_BP,
    PROJECT_DEFAULT_METER,
)
FIVE_CARD_METER = house_funded(
    FIVE_CARD_KIND,
    "Five-Card progressive",
    (5,),
    FIVE_CARD_SEED_CENTS,
    POKER_PROGRESSIVE_PRIMARY_BP,
    PROJECT_DEFAULT_METER,
)
