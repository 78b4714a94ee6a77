"""Caribbean Stud Poker paytables (58 Pa. Code Ch. 639a; seed § 639c.1), as data.

Pure Python. The PA text of the payout odds (§ 639a.13 and its neighbours) is
not reproduced in docs/rules/caribbean_stud.md, so both tables here are the
common-practice tables that file gives, with its sources; odds are exact
``Odds`` ("x to 1" on the Bet; "x for 1" on the progressive, whose $1 stake is
collected at "no more bets"), the progressive's top lines a ``MeterShare``.
Money is in integer cents. The Must-Hit-By Mystery bonus configurations of
§ 639c.1(c)(4) are worded alike in the thirteen poker games and live once, in
games/meters.py (``MUST_HIT_BY_CONFIGURATIONS``).
"""

from games.cards import poker
from games.meters import house_funded
from games.payouts import MeterShare, Odds
from games.poker.paytables import (  # noqa: F401 (the family's, shared)
    FIVE_CARD_LINE_NAMES,
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    PROJECT_DEFAULT_METER,
    ROYAL_FLUSH,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    five_card_lines,
    lookup,
    named_paytable,
)

TWO_PAIR = "two_pair"
ONE_PAIR_OR_LESS = "one_pair_or_less"  # the Bet table's last line: every other hand

LINE_NAMES = {
    **FIVE_CARD_LINE_NAMES,
    TWO_PAIR: "Two pair",
    ONE_PAIR_OR_LESS: "One pair or less",
}


def bet_lines(value):
    """A five-card hand's lines (games.cards.best_five values), the most
    particular first, down to the line every hand makes: a royal flush is
    ["royal_flush", "straight_flush", "one_pair_or_less"], two pair
    ["two_pair", "one_pair_or_less"], a pair of 2s ["one_pair_or_less"]. A
    table pays the first line it lists (``lookup``)."""
    lines = five_card_lines(value)
    if poker.category(value) == poker.TWO_PAIR:
        lines.append(TWO_PAIR)
    lines.append(ONE_PAIR_OR_LESS)
    return lines


# --- Ante (rule 8): even money against a dealer who does not qualify or whom
# the player beats; a push on an exact tie.
EVEN = Odds(1)
# Rule 6: fold, or a Bet wager of exactly 2 times the Ante.
BET_MULTIPLE = 2

# --- The Bet wager (rule 8): paid from this table on the player's hand when the
# dealer qualifies and the player's hand is higher; pushes when the dealer does
# not qualify. The rules file's one table [common practice: table-games-online,
# Argosy, play-card-games; not PA text], named by its odds from the top line down.
BET_PAYTABLES = {
    "100-50-20-7-5-4-3-2-1": {
        ROYAL_FLUSH: Odds(100),
        STRAIGHT_FLUSH: Odds(50),
        FOUR_OF_A_KIND: Odds(20),
        FULL_HOUSE: Odds(7),
        FLUSH: Odds(5),
        STRAIGHT: Odds(4),
        THREE_OF_A_KIND: Odds(3),
        TWO_PAIR: Odds(2),
        ONE_PAIR_OR_LESS: Odds(1),
    },
}
BET_NAMES = tuple(BET_PAYTABLES)
DEFAULT_BET_PAYTABLE = "100-50-20-7-5-4-3-2-1"
BET_SOURCE = "common practice (table-games-online, Argosy, play-card-games), not PA text"

# --- Progressive payout wager (§ 639a.7(d)(2); rules 3, 4, 9): a fixed $1, only
# with an Ante, on the player's own five cards, whatever the dealer holds and
# whether or not the dealer qualifies; forfeited with a fold (rule 6). A flush
# or better (§ 639a.1 "Progressive Payout Hand" allows tables paying lower; the
# rules file's table starts at a flush) [common practice: Argosy,
# play-card-games; not PA text]. "% of meter" lines are paid by the meter
# system; the fixed lines are "for 1" (the $1 was collected at "no more
# bets"): $500, $100, $50. Only the highest line pays.
PROGRESSIVE_WAGER_CENTS = 100
PROGRESSIVE_PAYTABLES = {
    "100%-10%-500-100-50": {
        ROYAL_FLUSH: MeterShare(100),
        STRAIGHT_FLUSH: MeterShare(10),
        FOUR_OF_A_KIND: Odds(500, for_one=True),
        FULL_HOUSE: Odds(100, for_one=True),
        FLUSH: Odds(50, for_one=True),
    },
}
PROGRESSIVE_NAMES = tuple(PROGRESSIVE_PAYTABLES)
DEFAULT_PROGRESSIVE_PAYTABLE = "100%-10%-500-100-50"
PROGRESSIVE_SOURCE = "common practice (Argosy, play-card-games), not PA text"

# --- Envy Bonus (§ 639a.1 definition): a fixed sum to a player with a progressive
# wager for each OTHER player at the table holding a straight flush or better.
# The sources publish no amounts, so the sums are the table's Rules Submission
# (rules file Defaults: off); these are the lines they pay.
ENVY_LINES = (ROYAL_FLUSH, STRAIGHT_FLUSH)

# --- Must-Hit-By Mystery bonus (§ 639c.1): qualifying wagers "a Caribbean Stud
# Poker wager and a progressive payout wager" ((c)(1)). Configurations A-D
# ((c)(4)): games/meters.py; default A in the $1 row
# (docs/rules/README.md Defaults).
DEFAULT_MYSTERY_CONFIGURATION = "A"


def bet_paytable(name):
    return named_paytable(BET_PAYTABLES, name, "Caribbean Stud's Bet")


def progressive_paytable(name):
    return named_paytable(PROGRESSIVE_PAYTABLES, name, "Caribbean Stud's progressive")


# The $1 progressive payout wager's meter (§ 639a.7(d)(2)): its own, docs/rules/caribbean_stud.md
# Defaults ("seed $10,000, primary 15%, no reserve", a project choice for play money, not PA text).
PROGRESSIVE_METER_KIND = "caribbean_stud"
PROGRESSIVE_SEED_CENTS = 1_000_000
PROGRESSIVE_PRIMARY_BP = 1500
PROGRESSIVE_METER = house_funded(
    PROGRESSIVE_METER_KIND,
    "Caribbean Stud progressive",
    (PROGRESSIVE_WAGER_CENTS // 100,),
    PROGRESSIVE_SEED_CENTS,
    PROGRESSIVE_PRIMARY_BP,
    PROJECT_DEFAULT_METER,
)
METER_KINDS = (PROGRESSIVE_METER,)
