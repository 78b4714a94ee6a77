"""Down Under Blackjack paytables (58 Pa. Code Ch. 685a; seed § 685c.1), as data.

Pure Python (docs/architecture.md, "The one rule of dependencies"). Odds are exact
(``Odds``), never floats; the progressive's 100% and 10% lines are a
``MeterShare`` of the game's own Match the Dealer meter, which the meter
system pays (casino/progressives). The keys are the line keys of
games/blackjack/side_wagers.py, whose classifiers pick the line a hand
makes. The Rules Submission picks the deck count and the progressive
paytable by the numbers the regulation gives them.
"""

from games.blackjack.side_wagers import (
    MATCH_THE_DEALER_COMBINATION_NAMES,
    ONE_SUITED,
    ONE_UNSUITED,
    SUITED_AND_UNSUITED,
    TWO_SUITED,
    TWO_UNSUITED,
)
from games.meters import MeterKind
from games.payouts import MeterShare, Odds
from games.spanish21.paytables import MATCH_THE_DEALER_WAGERS, match_the_dealer

DECKS = (6, 8)  # seed § 685c.1(b): 6 or 8 decks on a table with the progressive
DEFAULT_DECKS = 6  # docs/rules/down_under_blackjack.md Defaults

# --- Main wager: docs/rules/down_under_blackjack.md Paytables (common practice) ---------
WIN = Odds(1)  # 1 to 1, also against the dealer's 22 in the rule 19 exceptions
# Rule 14 and Defaults: 3 to 2, or 6 to 5 where the table chooses it (the WoO
# game page: as management chooses); a blackjack pushes the dealer's (rule 13).
BLACKJACK = Odds(3, 2)
BLACKJACK_6_TO_5 = Odds(6, 5)
DEALER_PUSH_TOTAL = 22  # rule 19: the dealer's 22 pushes every standing hand but its exceptions
HITS_SOFT_17 = 1  # rule 17 and Defaults: the dealer hits soft 17 (standing on it stays selectable)
MAX_HANDS = 4  # rule 15 and Defaults: split and resplit to four hands; aces split once, one card each
# No surrender (rule 15, Defaults): the reader's class is worth about 1.2% to a
# surrendering player, enough to give the player the edge (Paytables).

# --- The reader (PA § 685a.1): the hole card's class and the light it shows ---
SMALL, MEDIUM, LARGE = "small", "medium", "large"
READER_CLASSES = {  # rank -> class: Small 2-5, Medium 6-9, Large 10, J, Q, K, A
    **dict.fromkeys("2345", SMALL),
    **dict.fromkeys("6789", MEDIUM),
    **dict.fromkeys("TJQKA", LARGE),
}
READER_LIGHTS = {SMALL: ("Small", "blue"), MEDIUM: ("Medium", "red"), LARGE: ("Large", "yellow")}

# --- Match the Dealer, fixed odds: docs/rules/down_under_blackjack.md table (common -------
# practice: WoO's per-card rates for 52-card decks, non-suited/suited 4/11 at
# 6 decks and 3/14 at 8, added per card; not PA text).
MATCH_THE_DEALER_RATES = {6: (4, 11), 8: (3, 14)}  # decks -> (non-suited, suited), per card
MATCH_THE_DEALER_NAMES = {
    ONE_UNSUITED: "One non-suited match",
    TWO_UNSUITED: "Two non-suited matches",
    ONE_SUITED: "One suited match",
    SUITED_AND_UNSUITED: "Suited + non-suited match",
    TWO_SUITED: "Two suited matches",
}
MATCH_THE_DEALER = {
    6: {
        ONE_UNSUITED: Odds(4),
        TWO_UNSUITED: Odds(8),
        ONE_SUITED: Odds(11),
        SUITED_AND_UNSUITED: Odds(15),
        TWO_SUITED: Odds(22),
    },
    8: {
        ONE_UNSUITED: Odds(3),
        TWO_UNSUITED: Odds(6),
        ONE_SUITED: Odds(14),
        SUITED_AND_UNSUITED: Odds(17),
        TWO_SUITED: Odds(28),
    },
}


# --- Match the Dealer progressive: seed § 685c.1(i) ---------------------------
# Every paytable: (a)(1) two suited aces of spades = 100% of the meter, (a)(2)
# two suited, all others = 10% of the meter; the fixed lines (a)(3)-(a)(6) are
# "to 1" (stake returned). These are not the § 635c.1(i) tables of Spanish 21.
MATCH_THE_DEALER_PROGRESSIVE_NAMES = MATCH_THE_DEALER_COMBINATION_NAMES


def _progressive(a3, a4, a5, a6):
    return {
        "a1": MeterShare(100),
        "a2": MeterShare(10),
        "a3": Odds(a3),
        "a4": Odds(a4),
        "a5": Odds(a5),
        "a6": Odds(a6),
    }


# decks -> paytable number -> line. Columns: (a)(3) one non-suited and one
# suited, (a)(4) one suited, (a)(5) two non-suited, (a)(6) one non-suited.
MATCH_THE_DEALER_PROGRESSIVE = {
    6: {  # § 685c.1(i), Six Decks, Paytables 1-10
        1: _progressive(12, 10, 4, 2),
        2: _progressive(10, 7, 6, 3),
        3: _progressive(8, 4, 8, 4),
        4: _progressive(75, 4, 15, 3),
        5: _progressive(12, 9, 6, 3),
        6: _progressive(13, 10, 6, 3),
        7: _progressive(11, 7, 8, 4),
        8: _progressive(100, 5, 20, 3),
        9: _progressive(15, 12, 6, 3),
        10: _progressive(13, 9, 8, 4),
    },
    8: {  # § 685c.1(i), Eight Decks, Paytables 1-10
        1: _progressive(9, 6, 6, 3),
        2: _progressive(12, 10, 4, 2),
        3: _progressive(8, 4, 8, 4),
        4: _progressive(75, 4, 15, 3),
        5: _progressive(12, 9, 6, 3),
        6: _progressive(10, 6, 8, 4),
        7: _progressive(13, 10, 6, 3),
        8: _progressive(14, 11, 6, 3),
        9: _progressive(100, 5, 20, 3),
        10: _progressive(15, 12, 6, 3),
    },
}
DEFAULT_MATCH_THE_DEALER_PROGRESSIVE_PAYTABLE = 1  # docs/rules/down_under_blackjack.md Defaults: first listed


def match_the_dealer_progressive(decks, paytable):
    """One § 685c.1(i) paytable, or ValueError naming what the regulation lists."""
    if decks not in MATCH_THE_DEALER_PROGRESSIVE:
        raise ValueError(f"the Match the Dealer progressive is played with 6 or 8 decks, not {decks!r}")
    tables = MATCH_THE_DEALER_PROGRESSIVE[decks]
    if paytable not in tables:
        raise ValueError(f"§ 685c.1(i) lists Paytables 1-10 for {decks} decks, not {paytable!r}")
    return tables[paytable]


# --- The Match the Dealer progressive's meter (§ 685c.1(e), (j)): its own kind, not
# Spanish 21's. The seed and rates are the same (§ 685c.1(j) = § 635c.1(j)), but the
# meter lines hit at other odds (52-card decks, not 48) and the fixed lines differ
# (§ 685c.1(i)), so one pool for both would have one game's players fund the other's
# jackpot; a link joins tables of games that share the paytable (docs/rules/README.md).
DOWN_UNDER_MATCH = "down_under_match"
DOWN_UNDER_MATCH_NAME = "Down Under Match the Dealer progressive"
DOWN_UNDER_MATCH_METER = MeterKind(
    DOWN_UNDER_MATCH,
    DOWN_UNDER_MATCH_NAME,
    {
        (None, dollars): match_the_dealer(dollars, DOWN_UNDER_MATCH, DOWN_UNDER_MATCH_NAME)
        for dollars in MATCH_THE_DEALER_WAGERS
    },
)
METER_KINDS = (DOWN_UNDER_MATCH_METER,)
