"""Three Card Poker paytables (58 Pa. Code Ch. 649a; seed § 649c.1), as data.

Pure Python. The PA text of §§ 649a.1–649a.13 (payout odds and both
progressive paytables) is not reproduced in the rules file, so every table
here is the common-practice table docs/rules/three_card_poker.md names, with its
source; odds are exact ``Odds`` ("x to 1"; "x for 1" on the progressives,
whose stake is collected at "no more bets"), progressive top lines a
``MeterShare``. Money is in integer cents. The Must-Hit-By Mystery bonus
configurations of § 649c.1(c)(4) are worded alike in the thirteen poker games
and live once, in games/meters.py.
"""

from games.cards import three_card
from games.payouts import MeterShare, Odds
from games.poker.paytables import FIVE_CARD_METER, THREE_CARD_METER, five_card_lines, lookup  # noqa: F401 (the family's, shared)

# Lines, named as the rules file's tables name them.
MINI_ROYAL = "mini_royal"
STRAIGHT_FLUSH = "straight_flush"
THREE_OF_A_KIND = "three_of_a_kind"
STRAIGHT = "straight"
FLUSH = "flush"
PAIR = "pair"
ROYAL_FLUSH = "royal_flush"
FOUR_OF_A_KIND = "four_of_a_kind"
FULL_HOUSE = "full_house"
SPADES = "_in_spades"

LINE_NAMES = {
    MINI_ROYAL: "Mini-royal",
    MINI_ROYAL + SPADES: "Mini-royal in spades",
    STRAIGHT_FLUSH: "Straight flush",
    THREE_OF_A_KIND: "Three of a kind",
    STRAIGHT: "Straight",
    FLUSH: "Flush",
    PAIR: "Pair",
    ROYAL_FLUSH: "Royal flush",
    ROYAL_FLUSH + SPADES: "Royal flush in spades",
    FOUR_OF_A_KIND: "Four of a kind",
    FULL_HOUSE: "Full house",
}

# Ante and Play (docs/rules/three_card_poker.md rule 8): even money.
EVEN = Odds(1)

# --- Ante Bonus (rule 9): paid on the Ante for a straight or better to a player
# who made the Play wager, whatever the dealer holds [common practice: Valley Forge].
ANTE_BONUS = {STRAIGHT_FLUSH: Odds(5), THREE_OF_A_KIND: Odds(4), STRAIGHT: Odds(1)}

# --- Pair Plus (rule 10): pair or better, regardless of the dealer. Every
# table is selectable (Config.pair_plus_paytable 1-3); the first is the default.
PAIR_PLUS_PAYTABLES = {
    # Pearl River and table-games-online; the project default (rules file, Defaults).
    "40-30-6-4-1": {STRAIGHT_FLUSH: Odds(40), THREE_OF_A_KIND: Odds(30), STRAIGHT: Odds(6), FLUSH: Odds(4), PAIR: Odds(1)},
    # Valley Forge (PA): the flush pays 3 to 1.
    "40-30-6-3-1": {STRAIGHT_FLUSH: Odds(40), THREE_OF_A_KIND: Odds(30), STRAIGHT: Odds(6), FLUSH: Odds(3), PAIR: Odds(1)},
    # The third table issue 14 names with its published house edge (5.57%): the straight pays 5 to 1.
    "40-30-5-4-1": {STRAIGHT_FLUSH: Odds(40), THREE_OF_A_KIND: Odds(30), STRAIGHT: Odds(5), FLUSH: Odds(4), PAIR: Odds(1)},
}  # fmt: skip
PAIR_PLUS_NAMES = tuple(PAIR_PLUS_PAYTABLES)

# --- Six Card Bonus (rule 11): the best five of the player's three cards and the
# dealer's three [common practice: table-games-online].
SIX_CARD_BONUS = {
    ROYAL_FLUSH: Odds(1000),
    STRAIGHT_FLUSH: Odds(200),
    FOUR_OF_A_KIND: Odds(50),
    FULL_HOUSE: Odds(25),
    FLUSH: Odds(20),
    STRAIGHT: Odds(10),
    THREE_OF_A_KIND: Odds(5),
}

# --- Three-Card progressive, $1 (rule 12) [common practice: 3cardpoker.com]. Its
# "$500" lines are the total paid on the $1 wager, collected at "no more bets":
# "500 for 1". Only the highest line pays (docs/rules/progressives.md rule 12).
THREE_CARD_WAGER_CENTS = 100
THREE_CARD_PROGRESSIVE = {
    MINI_ROYAL + SPADES: MeterShare(100),
    MINI_ROYAL: Odds(500, for_one=True),
    STRAIGHT_FLUSH: Odds(100, for_one=True),
    THREE_OF_A_KIND: Odds(50, for_one=True),
}
# Envy, to a player with the Three-Card progressive wager, for each OTHER
# player's mini-royal (never the dealer's, never one's own) [3cardpoker.com].
THREE_CARD_ENVY_CENTS = {MINI_ROYAL + SPADES: 10_000, MINI_ROYAL: 2_500}
THREE_CARD_SOURCE = "common practice (3cardpoker.com), not PA text"

# --- Five-Card progressive (rule 13): the best five of the player's three and the
# dealer's three. Only the top rows are published [common practice: Gila River].
# The lower rows are a PROJECT DEFAULT chosen for six cards: the lower rows of the
# linked five-card table (docs/rules/four_card_poker.md, 300/50/40/30/9 for 1) are priced for
# five cards and would return 1.88 times the wager on the best five of six (the lab
# computes it), so they are scaled down here. Off by default, as the rules file says.
FIVE_CARD_WAGER_CENTS = 500
FIVE_CARD_PROGRESSIVE = {
    ROYAL_FLUSH + SPADES: MeterShare(100),
    ROYAL_FLUSH: MeterShare(25),
    STRAIGHT_FLUSH: MeterShare(10),
    FOUR_OF_A_KIND: Odds(100, for_one=True),
    FULL_HOUSE: Odds(20, for_one=True),
    FLUSH: Odds(15, for_one=True),
    STRAIGHT: Odds(5, for_one=True),
}
FIVE_CARD_SOURCE = "top rows common practice (Gila River), lower rows project default"

_THREE_CARD_LINES = {
    three_card.STRAIGHT_FLUSH: STRAIGHT_FLUSH,
    three_card.THREE_OF_A_KIND: THREE_OF_A_KIND,
    three_card.STRAIGHT: STRAIGHT,
    three_card.FLUSH: FLUSH,
    three_card.PAIR: PAIR,
}


def three_card_lines(value, suit):
    """A three-card hand's lines, the most particular first: a spade
    mini-royal is ["mini_royal_in_spades", "mini_royal", "straight_flush"];
    a high card []. A paytable pays the first line it lists."""
    line = _THREE_CARD_LINES.get(three_card.category(value))
    if line is None:
        return []
    if three_card.is_mini_royal(value):
        return [MINI_ROYAL + SPADES] * (suit == "S") + [MINI_ROYAL, line]
    return [line]


# The meters this game's tables link (games/meters.py): the poker family's, shared.
METER_KINDS = (THREE_CARD_METER, FIVE_CARD_METER)
