"""Six-Card Fortune Pai Gow Poker paytables (58 Pa. Code Ch. 670a; seed
§ 670c.1), as data. Pure Python; odds are exact ``Odds``, meter lines a
``MeterShare``; money in integer cents.

The rules file publishes the main wager and the Double Down (1 to 1, no
commission) and no table for the Fortune bonus, Envy or Insurance; the $1
progressive payout wager takes the rules file's own six-card table (which
docs/rules/README.md's progressive at every Must-Hit-By game points to). The
Fortune, Envy and progressive tables below are project defaults, not PA
text, marked so on the layout and in the lab; Insurance is not offered.
"""

from games.meters import house_funded
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
from games.poker.paytables import FIVE_CARD_SEED_CENTS, POKER_PROGRESSIVE_PRIMARY_BP, PROJECT_DEFAULT_METER

# --- Six-Card Fortune Pai Gow Poker wager (§ 670a.7(d)): 1 to 1, no
# commission (rule 11).
WIN = Odds(1)
# --- Double Down (§ 670a.7(e)(1)): the sources give neither its amount nor its
# settlement, and settled like the main wager it gives the player the edge
# (the rules file's Paytables), so it is off by default. PROJECT DEFAULT where
# a table offers it: exactly 1x the main wager, 1 to 1 when both hands win,
# lost on a push as on a loss (the rules file's Defaults).
DOUBLE_DOWN = Odds(1)
DOUBLE_DOWN_MULTIPLE = 1

# --- Fortune bonus (§ 670a.7(e)): the best five of the six cards, three of a
# kind or better (rule 13). PROJECT DEFAULT, not PA text: the sources publish
# no six-card table, so Pai Gow Poker's Fortune lines (docs/rules/pai_gow.md § 9)
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


# --- Progressive payout wager (§ 670a.7(e)(4)): $1, the best five of the six
# cards (rule 15), highest line only. PROJECT DEFAULT, not PA text
# (docs/rules/six_card_fortune_pai_gow.md, Paytables: the six-card progressive table; no
# six-card table is published). It is its own table because six cards with the
# joker make the Five-Card table's hands far more often than five of 52 (a
# straight 1 in 33, three of a kind 1 in 27): five aces, the rarest hand, takes
# the whole meter, a royal flush (the joker may fill it) 10%; the fixed lines
# are "for 1"; below a straight the wager loses.
PROGRESSIVE = {
    FIVE_ACES: MeterShare(100),
    ROYAL_FLUSH: MeterShare(10),
    STRAIGHT_FLUSH: Odds(100, for_one=True),
    FOUR_OF_A_KIND: Odds(40, for_one=True),
    FULL_HOUSE: Odds(10, for_one=True),
    FLUSH: Odds(5, for_one=True),
    STRAIGHT: Odds(3, for_one=True),
}
PROGRESSIVE_SOURCE = "project default six-card table, not PA text"
PROGRESSIVE_WAGER_CENTS = 100
# Its meter is its own kind, not the Five-Card one: that meter takes $5 wagers and is linked
# across Let It Ride, Four Card Poker, Crazy 4 Poker and the others, whose lines are the
# player's five cards of 52; six cards with the joker make a royal flush about thirty times
# as often (1 in 20,281 against 1 in 649,740) and the paytables differ, so one pool would have
# one game's players fund the other's jackpots. The five-card meter's seed and rate scaled to
# the $1 wager, a $2,000 seed (project default, not PA text; the rules file's figures for its
# six-card table are at this seed).
PROGRESSIVE_METER_KIND = "six_card_fortune"
PROGRESSIVE_METER = house_funded(
    PROGRESSIVE_METER_KIND,
    "Six-Card Fortune Pai Gow progressive",
    (PROGRESSIVE_WAGER_CENTS // 100,),
    FIVE_CARD_SEED_CENTS // 5,
    POKER_PROGRESSIVE_PRIMARY_BP,
    PROJECT_DEFAULT_METER,
)
METER_KINDS = (PROGRESSIVE_METER,)


def progressive_payout(line):
    """The progressive's payout for a six-card line, or None (it loses)."""
    return None if line is None else PROGRESSIVE.get(line)


# --- Must-Hit-By Mystery bonus: § 670c.1. Qualifying wagers ((c)(1)): "a
# Six-Card Fortune Pai Gow Poker wager and a progressive payout wager".
# Configurations: games/meters.py MUST_HIT_BY_CONFIGURATIONS
# (§ 670c.1(c)(4)); default A in the $1 row (docs/rules/README.md Defaults).
DEFAULT_MYSTERY_CONFIGURATION = "A"
