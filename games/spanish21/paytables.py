"""Spanish 21 paytables (58 Pa. Code Ch. 635a; seed § 635c.1), as data.

Pure Python (docs/architecture.md, "The one rule of dependencies"). Odds are exact
(``Odds``: "x to y" or "x for 1"), never floats; progressive lines are a
``MeterShare`` of the Match the Dealer meter, which the meter system pays
(casino/progressives). The keys are the line keys of
games/blackjack/side_wagers.py, whose classifiers pick the line a hand makes.
Money is in integer cents. The game's Rules Submission (table configuration)
picks the deck count and the Match the Dealer progressive paytable by the
numbers the regulation gives them.
"""

from fractions import Fraction

from games.blackjack.side_wagers import (
    FIVE_CARD_21,
    MATCH_THE_DEALER_COMBINATION_NAMES,
    ONE_SUITED,
    ONE_UNSUITED,
    SEVEN_CARD_21,
    SEVEN_SEVEN_SEVEN_MIXED,
    SEVEN_SEVEN_SEVEN_PREMIUM,
    SEVEN_SEVEN_SEVEN_SUITED,
    SIX_CARD_21,
    SIX_SEVEN_EIGHT_MIXED,
    SIX_SEVEN_EIGHT_PREMIUM,
    SIX_SEVEN_EIGHT_SUITED,
    SPADES,
    SUITED_AND_UNSUITED,
    TWO_SUITED,
    TWO_UNSUITED,
    bonus_21_names,
)
from games.meters import MeterKind, MeterRules
from games.payouts import MeterShare, Odds

DECKS = (6, 8)  # seed § 635c.1(b): 6 or 8 decks on a table with the progressive
DEFAULT_DECKS = 6  # docs/rules/spanish21.md Defaults

# --- Main wager: PA § 635a.12(a) -------------------------------------------
WIN = Odds(1)  # 1 to 1, also every winning hand with a Double Down wager (§ 635a.12(b))
BLACKJACK = Odds(3, 2)
# docs/rules/spanish21.md rules 14, 17, 20 (common practice; PA §§ 635a.8, 635a.10 not reproduced)
INSURANCE = Odds(2)
SURRENDER_LOSS = Fraction(1, 2)  # late surrender forfeits half the main wager

# --- Bonus 21s: PA § 635a.12(b); one line per hand, none on a doubled hand ---
PREMIUM_SUIT = SPADES  # (b)(2), (b)(4): "of spades ... 3 to 1"
BONUS_21 = {
    SIX_SEVEN_EIGHT_MIXED: Odds(3, 2),  # (b)(1)
    SIX_SEVEN_EIGHT_SUITED: Odds(2),  # (b)(2)
    SIX_SEVEN_EIGHT_PREMIUM: Odds(3),  # (b)(2) spades
    SEVEN_SEVEN_SEVEN_MIXED: Odds(3, 2),  # (b)(3)
    SEVEN_SEVEN_SEVEN_SUITED: Odds(2),  # (b)(4)
    SEVEN_SEVEN_SEVEN_PREMIUM: Odds(3),  # (b)(4) spades
    FIVE_CARD_21: Odds(3, 2),  # (b)(5)
    SIX_CARD_21: Odds(2),  # (b)(6)
    SEVEN_CARD_21: Odds(3),  # (b)(7) seven or more cards
}
BONUS_21_NAMES = bonus_21_names(PREMIUM_SUIT)

# --- Super Bonus: PA § 635a.12(c), paid on top of the (b)(4) odds ------------
# (original wager from, below (None: no upper bound), fixed payout), in cents.
# $5 to under $25: $1,000 (§ 635a.12(c)(1)); $25 or more: $5,000 (docs/rules/spanish21.md:
# common practice, PA text of (c)(2) not reproduced); under $5: nothing.
SUPER_BONUS = (
    (500, 2_500, 100_000),
    (2_500, None, 500_000),
)
# Envy Bonus: to every other player with a main wager that round (docs/rules/spanish21.md,
# common practice).
ENVY_BONUS_CENTS = 5_000


def super_bonus_cents(original_wager_cents):
    """The Super Bonus for an original (main) wager, in cents; 0 below $5."""
    for low, high, amount in SUPER_BONUS:
        if original_wager_cents >= low and (high is None or original_wager_cents < high):
            return amount
    return 0


# --- Match the Dealer, fixed odds: docs/rules/spanish21.md table (common practice: WoO; ---
# not PA text). Lines picked by side_wagers.match_the_dealer_fixed.
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
        ONE_SUITED: Odds(9),
        SUITED_AND_UNSUITED: Odds(13),
        TWO_SUITED: Odds(18),
    },
    8: {
        ONE_UNSUITED: Odds(3),
        TWO_UNSUITED: Odds(6),
        ONE_SUITED: Odds(12),
        SUITED_AND_UNSUITED: Odds(15),
        TWO_SUITED: Odds(24),
    },
}


# --- Match the Dealer progressive: seed § 635c.1(i) ---------------------------
# Every paytable: (a)(1) two suited aces of spades = 100% of the meter, (a)(2)
# two suited, all others = 10% of the meter; the fixed lines (a)(3)-(a)(6) are
# "to 1" (stake returned). Lines picked by
# side_wagers.match_the_dealer_combination.
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
    6: {  # § 635c.1(i), Six Decks, Paytables 1-10
        1: _progressive(8, 5, 6, 3),
        2: _progressive(11, 9, 4, 2),
        3: _progressive(75, 4, 25, 2),
        4: _progressive(50, 4, 15, 3),
        5: _progressive(11, 8, 6, 3),
        6: _progressive(12, 9, 6, 3),
        7: _progressive(10, 6, 8, 4),
        8: _progressive(13, 10, 6, 3),
        9: _progressive(75, 5, 15, 3),
        10: _progressive(11, 7, 8, 4),
    },
    8: {  # § 635c.1(i), Eight Decks, Paytables 1-10
        1: _progressive(8, 5, 6, 3),
        2: _progressive(11, 9, 4, 2),
        3: _progressive(12, 10, 4, 2),
        4: _progressive(10, 7, 6, 3),
        5: _progressive(50, 4, 15, 3),
        6: _progressive(100, 4, 20, 2),
        7: _progressive(9, 5, 8, 4),
        8: _progressive(12, 9, 6, 3),
        9: _progressive(10, 6, 8, 4),
        10: _progressive(13, 10, 6, 3),
    },
}
DEFAULT_MATCH_THE_DEALER_PROGRESSIVE_PAYTABLE = 1  # docs/rules/spanish21.md Defaults: first listed


def match_the_dealer_progressive(decks, paytable):
    """One § 635c.1(i) paytable, or ValueError naming what the regulation lists."""
    if decks not in MATCH_THE_DEALER_PROGRESSIVE:
        raise ValueError(f"the Match the Dealer progressive is played with 6 or 8 decks, not {decks!r}")
    tables = MATCH_THE_DEALER_PROGRESSIVE[decks]
    if paytable not in tables:
        raise ValueError(f"§ 635c.1(i) lists Paytables 1-10 for {decks} decks, not {paytable!r}")
    return tables[paytable]


# --- The Match the Dealer progressive's meter (§ 635c.1(e), (j)) ------------------
# (e): the progressive wager is $1 or $5, each its own meter; (j): seed 1,000 × the wager,
# 15% of each wager to the meter and 6% to the secondary pool.
MATCH_THE_DEALER_KIND = "match_the_dealer"
MATCH_THE_DEALER_NAME = "Match the Dealer progressive"
MATCH_THE_DEALER_WAGERS = (1, 5)
MATCH_THE_DEALER_SEED_MULTIPLE = 1000
MATCH_THE_DEALER_PRIMARY_BP = 1500
MATCH_THE_DEALER_SECONDARY_BP = 600


def match_the_dealer(wager_dollars, kind=MATCH_THE_DEALER_KIND, name=MATCH_THE_DEALER_NAME):
    """The meter of a Match the Dealer wager of ``wager_dollars``: Spanish 21's or,
    with its kind and name, Down Under Blackjack's (§ 685c.1(j): the same figures)."""
    seed = wager_dollars * MATCH_THE_DEALER_SEED_MULTIPLE * 100
    return MeterRules(
        kind=kind,
        paytable="",
        wager_cents=wager_dollars * 100,
        exact_wager=True,
        seed_cents=seed,
        # The seed states the initial seed only; the project reseeds the same
        # amount from the secondary (reserve) pool first (docs/rules/progressives.md).
        reseed_cents=seed,
        reseed_from_reserve=True,
        primary_bp=MATCH_THE_DEALER_PRIMARY_BP,
        reserve_bp=MATCH_THE_DEALER_SECONDARY_BP,
        name=f"{name} (${wager_dollars})",
        section="§ 635c.1(j), § 685c.1(j)",
    )


MATCH_THE_DEALER_METER = MeterKind(
    MATCH_THE_DEALER_KIND,
    MATCH_THE_DEALER_NAME,
    # No paytable label: the meter is the wager's, whatever label it is given.
    {(None, dollars): match_the_dealer(dollars) for dollars in MATCH_THE_DEALER_WAGERS},
)
METER_KINDS = (MATCH_THE_DEALER_METER,)
