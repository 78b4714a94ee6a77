"""Four Card Poker paytables (58 Pa. Code Ch. 641a; seed § 641c.1), as data.

Pure Python. The PA text of §§ 641a.3–641a.13 (payout odds) is not reproduced
in the rules file, so every table here is the common-practice table
docs/rules/four_card_poker.md gives, with its source; odds are exact ``Odds``
("x to 1"; "x for 1" on the Five-Card progressive, whose stake is collected at
"no more bets"), the progressive's top lines a ``MeterShare``. Money is in
integer cents. The Must-Hit-By Mystery bonus configurations of § 641c.1(c)(4)
are worded alike in the thirteen poker games and live once, in
games/meters.py (``MUST_HIT_BY_CONFIGURATIONS``).

The four-card lines (``four_card_lines``) serve Crazy 4 Poker too, whose
rules file ranks four-card hands alike; so does the linked Five-Card
progressive table (docs/rules/crazy_4_poker.md: "the five-card table of
docs/rules/four_card_poker.md").
"""

from games.cards import four_card
from games.payouts import MeterShare, Odds
from games.poker.paytables import (  # noqa: F401 (the family's, shared)
    FIVE_CARD_METER,
    five_card_lines,
    lookup,
    named_paytable,
)

# --- Four-card lines, named as the rules files' tables name them -------------
FOUR_ACES = "four_aces"  # Crazy 4 Poker's Super Bonus only
FOUR_OF_A_KIND = "four_of_a_kind"
STRAIGHT_FLUSH = "straight_flush"
THREE_OF_A_KIND = "three_of_a_kind"
FLUSH = "flush"
STRAIGHT = "straight"
TWO_PAIR = "two_pair"
PAIR_OF_ACES = "pair_of_aces"  # Aces Up's lowest line
QUEENS_OR_BETTER = "queens_or_better"  # Queens Up's lowest line (docs/rules/crazy_4_poker.md)

# --- Five-card lines of the Five-Card progressive (the player's five cards) --
ROYAL_FLUSH = "royal_flush"
FULL_HOUSE = "full_house"

LINE_NAMES = {
    FOUR_ACES: "Four aces",
    FOUR_OF_A_KIND: "Four of a kind",
    STRAIGHT_FLUSH: "Straight flush",
    THREE_OF_A_KIND: "Three of a kind",
    FLUSH: "Flush",
    STRAIGHT: "Straight",
    TWO_PAIR: "Two pair",
    PAIR_OF_ACES: "Pair of aces",
    QUEENS_OR_BETTER: "Pair of queens or better",
    ROYAL_FLUSH: "Royal flush",
    FULL_HOUSE: "Full house",
}

_CATEGORY_LINES = {
    four_card.FOUR_OF_A_KIND: FOUR_OF_A_KIND,
    four_card.STRAIGHT_FLUSH: STRAIGHT_FLUSH,
    four_card.THREE_OF_A_KIND: THREE_OF_A_KIND,
    four_card.FLUSH: FLUSH,
    four_card.STRAIGHT: STRAIGHT,
    four_card.TWO_PAIR: TWO_PAIR,
}


def four_card_lines(value):
    """A best four-card hand's lines (games.cards.four_card values), the most
    particular first: four aces are ["four_aces", "four_of_a_kind"], a pair of
    aces ["pair_of_aces", "queens_or_better"], a pair of kings
    ["queens_or_better"], a pair of jacks []. A paytable pays the first line
    it lists (``lookup``)."""
    kind = four_card.category(value)
    if kind == four_card.PAIR:
        if value >= four_card.PAIR_OF_ACES:
            return [PAIR_OF_ACES, QUEENS_OR_BETTER]
        return [QUEENS_OR_BETTER] if value >= four_card.PAIR_OF_QUEENS else []
    line = _CATEGORY_LINES.get(kind)
    if line is None:
        return []
    return [FOUR_ACES, line] if four_card.is_four_aces(value) else [line]


# --- Ante and Play (rule 9): even money; the player wins ties. -----------------
EVEN = Odds(1)
PLAYER_WINS_TIES = True  # rule 9 [common practice: Live! Philadelphia, Live! Louisiana]
# Rule 7: fold, or a Play wager of 1, 2 or 3 times the Ante (Defaults: "1×, 2× or 3× Ante only").
PLAY_MULTIPLES = (1, 2, 3)
# Rule 8: "The dealer does not need to qualify."
DEALER_QUALIFIES = None

# --- Ante Bonus (rule 10): on the Ante, to a player who made the Play wager and
# holds three of a kind or better, even if the dealer wins. Both tables of the
# rules file; the first (Live! Philadelphia, the PA casino's) is the default.
ANTE_BONUS_PAYTABLES = {
    # [common practice: Live! Philadelphia, Danske Spil]
    "25-20-2": {FOUR_OF_A_KIND: Odds(25), STRAIGHT_FLUSH: Odds(20), THREE_OF_A_KIND: Odds(2)},
    # "Alternative seen: 30 / 15 / 2" (rules file; gamblers007's second table).
    "30-15-2": {FOUR_OF_A_KIND: Odds(30), STRAIGHT_FLUSH: Odds(15), THREE_OF_A_KIND: Odds(2)},
}
ANTE_BONUS_NAMES = tuple(ANTE_BONUS_PAYTABLES)
DEFAULT_ANTE_BONUS_PAYTABLE = "25-20-2"

# --- Aces Up (rule 11): on the player's best four cards, pair of aces or better,
# whatever the dealer holds; may be the only wager (Defaults); still settled
# after a fold (Defaults). The rules file's one table [common practice: Live!
# Philadelphia]; named by its odds from the top line down.
ACES_UP_PAYTABLES = {
    "50-40-8-6-4-2-1": {
        FOUR_OF_A_KIND: Odds(50),
        STRAIGHT_FLUSH: Odds(40),
        THREE_OF_A_KIND: Odds(8),
        FLUSH: Odds(6),
        STRAIGHT: Odds(4),
        TWO_PAIR: Odds(2),
        PAIR_OF_ACES: Odds(1),
    },
}
ACES_UP_NAMES = tuple(ACES_UP_PAYTABLES)
DEFAULT_ACES_UP_PAYTABLE = "50-40-8-6-4-2-1"
ACES_UP_SOURCE = "common practice (Live! Philadelphia), not PA text"

# --- Five-Card progressive payout wager (§ 641a.7(d)(5); rules 4, 5, 12): the
# player's five cards as a poker hand (§ 641a.6(d)), three of a kind or better,
# $5, linked with Let It Ride, Mississippi Stud and Ultimate Texas Hold 'Em as
# at Live! Philadelphia. Top rows and Envy [common practice: Live!
# Philadelphia]; lower rows equal PA Mississippi Stud Paytable A [PA §
# 655a.12(c)(1)]. "% of meter" lines are paid by the meter system; the fixed
# lines are "for 1" (the stake was collected at "no more bets"). Only the
# highest line pays. Still settled after a fold (Defaults).
FIVE_CARD_WAGER_CENTS = 500
FIVE_CARD_PROGRESSIVE = {
    ROYAL_FLUSH: MeterShare(100),
    STRAIGHT_FLUSH: MeterShare(10),
    FOUR_OF_A_KIND: Odds(300, for_one=True),
    FULL_HOUSE: Odds(50, for_one=True),
    FLUSH: Odds(40, for_one=True),
    STRAIGHT: Odds(30, for_one=True),
    THREE_OF_A_KIND: Odds(9, for_one=True),
}
# Five-Card Envy (§ 641a.1 definition: another player's straight flush or
# better): a fixed amount to a player with the Five-Card progressive wager for
# each OTHER player's hand making the line, never the dealer's, never one's own.
FIVE_CARD_ENVY_CENTS = {ROYAL_FLUSH: 500_000, STRAIGHT_FLUSH: 150_000}
FIVE_CARD_SOURCE = "top rows and Envy common practice (Live! Philadelphia); lower rows PA § 655a.12(c)(1)"

# --- Four-Card progressive payout wager (§ 641a.7(d)(4)): "no published
# paytable in the sources; the wager is off by default" (rules file), so no
# table is offered here.
FOUR_CARD_PROGRESSIVE = None

# --- Must-Hit-By Mystery bonus (§ 641c.1): qualifying wagers "a Four Card Poker
# wager and a Four-Card progressive payout wager or a Five-Card progressive
# payout wager" ((c)(1)); only the Five-Card one is offered here. Configurations
# A-C ((c)(4)): games/meters.py; default A in the row of the
# table's progressive wager (docs/rules/README.md Defaults).
DEFAULT_MYSTERY_CONFIGURATION = "A"


def ante_bonus_paytable(name):
    return named_paytable(ANTE_BONUS_PAYTABLES, name, "Four Card Poker's Ante Bonus")


def aces_up_paytable(name):
    return named_paytable(ACES_UP_PAYTABLES, name, "Four Card Poker's Aces Up")


# The meters this game's tables link (games/meters.py): the poker family's, shared.
METER_KINDS = (FIVE_CARD_METER,)
