"""Six-Card Fortune Pai Gow Poker paytables (58 Pa. Code Ch. 670a; seed
§ 670c.1), as data. Pure Python; odds are exact ``Odds``, meter lines a
``MeterShare``; money in integer cents.

The rules file publishes the main wager and the Double Down (1 to 1, no
commission) and no table for the Fortune bonus, Envy or Insurance; the
progressive payout wager takes "the Five-Card table on the best five of the
six cards" at $1 (rules/README.md, the progressive payout wager at every
Must-Hit-By game). The Fortune and Envy tables below are project defaults,
not PA text, marked so on the layout and in the lab; Insurance is not offered.
"""

from games.pai_gow.paytables import (
    FIVE_ACES,
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    ROYAL_FLUSH,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
)
from games.payouts import MeterShare, Odds

# --- Six-Card Fortune Pai Gow Poker wager (§ 670a.7(d)) and Double Down
# (§ 670a.7(e)(1)): rules file, Paytables: "Main and Double Down: 1 to 1, no
# commission" (rule 11).
WIN = Odds(1)
DOUBLE_DOWN = Odds(1)
# Defaults: "Double Down up to 1x the main wager, settled with the main wager".
DOUBLE_DOWN_MAX_MULTIPLE = 1

# --- Fortune bonus (§ 670a.7(e)): the best five of the six cards, three of a
# kind or better (rule 13). PROJECT DEFAULT, not PA text: the sources publish
# no six-card table, so Pai Gow Poker's Fortune lines (pai_gow_poker.md § 9)
# that five cards can make, at odds for six cards (a line is about a tenth as
# likely as with seven); the lab's exact row gives its edge (8.2%, near the
# seven-card table's). All "to 1".
FORTUNE = {
    FIVE_ACES: Odds(2000),
    ROYAL_FLUSH: Odds(1000),
    STRAIGHT_FLUSH: Odds(150),
    FOUR_OF_A_KIND: Odds(50),
    FULL_HOUSE: Odds(20),
    FLUSH: Odds(10),
    STRAIGHT: Odds(6),
    THREE_OF_A_KIND: Odds(5),
}
FORTUNE_SOURCE = "project default, not PA text"

# --- Envy bonus (§ 670a.10(a): the Envy lammer beside each Qualifying Fortune
# Bonus wager): a fixed amount for each OTHER player (never the dealer) whose
# six cards make a full house or better (rule 14); several per round.
# PROJECT DEFAULT amounts, not PA text. Qualifying wager $5 (Defaults).
ENVY_CENTS = {
    FIVE_ACES: 100_000,
    ROYAL_FLUSH: 50_000,
    STRAIGHT_FLUSH: 10_000,
    FOUR_OF_A_KIND: 2_500,
    FULL_HOUSE: 500,
}
ENVY_MIN_FORTUNE_WAGER_CENTS = 500
ENVY_SOURCE = FORTUNE_SOURCE


def envy_cents(other_players_lines, fortune_wager_cents):
    """One player's Envy bonus: ``ENVY_CENTS`` summed over the other players'
    lines (the caller leaves out the dealer and the player), or 0 under a $5
    Fortune wager."""
    if fortune_wager_cents < ENVY_MIN_FORTUNE_WAGER_CENTS:
        return 0
    return sum(ENVY_CENTS.get(line, 0) for line in other_players_lines if line is not None)


# --- Progressive payout wager (§ 670a.7(e)(4)): rules/README.md, "the
# Five-Card table on the best five of the six cards" at $1. The Five-Card
# table is four_card_poker.md's (top rows common practice, Live! Philadelphia;
# lower rows PA Mississippi Stud Paytable A, § 655a.12(c)(1)). Five aces is not
# a line of it: four aces and the joker as an ace pay as four of a kind. The
# fixed lines are "for 1". Below three of a kind the wager loses.
PROGRESSIVE = {
    ROYAL_FLUSH: MeterShare(100),
    STRAIGHT_FLUSH: MeterShare(10),
    FOUR_OF_A_KIND: Odds(300, for_one=True),
    FULL_HOUSE: Odds(50, for_one=True),
    FLUSH: Odds(40, for_one=True),
    STRAIGHT: Odds(30, for_one=True),
    THREE_OF_A_KIND: Odds(9, for_one=True),
}
PROGRESSIVE_LINE_OF = {FIVE_ACES: FOUR_OF_A_KIND}  # the line a hand the table lacks is paid as
PROGRESSIVE_SOURCE = "the Five-Card table (rules/README.md), on the best five of six"
PROGRESSIVE_WAGER_CENTS = 100
# Its meter: casino/progressives/paytables.py SIX_CARD_FORTUNE (own kind: the
# five-card meter is $5 and linked with other games whose lines hit far less often).
PROGRESSIVE_METER_KIND = "six_card_fortune"


# The table's progressive paytable by six-card line (the round looks lines up in it).
PROGRESSIVE_BY_LINE = {
    **PROGRESSIVE,
    **{line: PROGRESSIVE[paid] for line, paid in PROGRESSIVE_LINE_OF.items()},
}


def progressive_payout(line):
    """The progressive's payout for a six-card line, or None (it loses)."""
    if line is None:
        return None
    return PROGRESSIVE.get(PROGRESSIVE_LINE_OF.get(line, line))


# --- Must-Hit-By Mystery bonus: § 670c.1. Qualifying wagers ((c)(1)): "a
# Six-Card Fortune Pai Gow Poker wager and a progressive payout wager".
# Configurations: casino/progressives/paytables.py MUST_HIT_BY_CONFIGURATIONS
# (§ 670c.1(c)(4)); default A in the $1 row (rules/README.md Defaults).
DEFAULT_MYSTERY_CONFIGURATION = "A"
