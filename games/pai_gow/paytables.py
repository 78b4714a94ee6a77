"""Pai Gow Poker paytables (58 Pa. Code Ch. 645a; seed §§ 645c.1-645c.3), as data.

Pure Python (docs/architecture.md, "The one rule of dependencies"). Odds are exact
``Odds`` ("x to y", "x for 1"; docs/rules/README.md, Conventions), never floats;
progressive lines are a ``MeterShare`` of the progressive payout wager's
meter, which the meter system pays (casino/progressives). Money is in integer
cents. Each table is named as the regulation names it, with its section; the
tables the regulation does not reproduce (Fortune, Envy, the progressive
payout wager) are marked as common practice or project default, as in
docs/rules/pai_gow.md.

The dice lines are the keys of games/pai_gow/dice.py, whose functions pick
the line a roll makes; ``dice_odds`` joins the two. The Must-Hit-By Mystery
bonus configurations of § 645c.3(c)(4) are worded alike in the thirteen
poker games and live once, in games/meters.py
(``MUST_HIT_BY_CONFIGURATIONS``).
"""

from collections.abc import Iterable
from fractions import Fraction

from games.cards.cards import Card
from games.meters import house_funded
from games.pai_gow import dice
from games.pai_gow.dice import (
    BEAT_BY_2_OR_3,
    BEAT_BY_4,
    DOUBLE_MATCH,
    ONE_DIE_BEATS_BY_1_OR_MORE,
    SERIES,
    SUM_3,
    SUM_8,
    SUM_9,
    SUM_16,
    SUM_17,
    THREE_MATCH,
    TIE_OR_BY_1,
    TRIPLE_MATCH,
    TWO_MATCH,
)
from games.payouts import MeterShare, Odds

# ---------------------------------------------------------------------------
# Pai Gow Poker wager (§ 645a.7(d)) and the two variations
# ---------------------------------------------------------------------------

STANDARD = "standard"  # § 645a: a winning wager pays 1 to 1 less the commission
COMMISSION_FREE = "commission_free"  # § 645c.1: no vigorish, Tiger 9 pushes
VARIATIONS = (COMMISSION_FREE, STANDARD)
DEFAULT_VARIATION = COMMISSION_FREE  # docs/rules/pai_gow.md Defaults: "the seed's variation"

WIN = Odds(1)  # both hands win (docs/rules/pai_gow.md rule 21)
# Standard game: 5% of the winnings (docs/rules/pai_gow.md rule 21, common
# practice), in whole cents rounded down (Defaults, "player-friendly
# rounding"). § 645c.1(a), (h): the commission-free game collects none.
COMMISSION = Fraction(5, 100)


def commission_cents(winnings_cents: object, variation: str = STANDARD) -> int:
    """The commission on a main wager's winnings: 5% rounded down to the cent
    in the standard game, nothing in the commission-free game."""
    if isinstance(winnings_cents, bool) or not isinstance(winnings_cents, int) or winnings_cents < 0:
        raise ValueError(f"winnings are a whole, non-negative number of cents, got {winnings_cents!r}")
    if variation == COMMISSION_FREE:
        return 0
    if variation != STANDARD:
        raise ValueError(f"unknown Pai Gow Poker variation {variation!r}")
    return int(winnings_cents * COMMISSION)  # floor: the amount is non-negative


def main_win_cents(wager_cents: int, variation: str = STANDARD) -> int:
    """What a winning Pai Gow Poker wager is paid on top of the returned
    stake: 1 to 1, less the commission where one is collected."""
    winnings = WIN.winnings_cents(wager_cents)
    return winnings - commission_cents(winnings, variation)


# --- Tiger 9: § 645c.1 --------------------------------------------------------
# (g) "The certificate holder shall pay out winning Tiger 9 wagers at odds of 30 to 1."
TIGER_9 = Odds(30)
# (e)(1): when the dealer has a Tiger 9 "the player's Pai Gow Poker wager shall
# push and be returned to the player" - every player's, without examining the
# hand (a fouled hand too: docs/rules/pai_gow.md Defaults); (e)(2): otherwise the
# Pai Gow Poker wager is settled as usual and the Tiger 9 wager loses.
PUSH = "push"
MAIN_WAGER_ON_DEALER_TIGER_9 = PUSH
_TIGER_9_LOW_RANKS = frozenset("2345678")


def is_tiger_9(dealer_low_hand: Iterable[Card]) -> bool:
    """(c)(2), (h): "The dealer's two-card low hand which contains a 9-high":
    a 9 and a lower card, no pair (docs/rules/pai_gow.md rule 26). The joker in a
    two-card hand is an ace (rule 3), so joker + 9 is ace-high, not a Tiger 9.
    Takes the two ``Card`` values of the dealer's low hand as set."""
    items = tuple(dealer_low_hand)
    if len(items) != 2:
        raise ValueError(f"a low hand has two cards, got {len(items)}")
    if any(item.is_joker for item in items):
        return False
    ranks = sorted(item.rank for item in items)
    return "9" in ranks and any(rank in _TIGER_9_LOW_RANKS for rank in ranks)


# ---------------------------------------------------------------------------
# Dice wagers: § 645c.2(g); which roll makes which line: games/pai_gow/dice.py
# (§ 645c.2(e)). All "to" odds.
# ---------------------------------------------------------------------------

SUM = "sum"
MATCH = "match"
BEAT_IT = "beat_it"
DICE_WAGERS = (SUM, MATCH, BEAT_IT)
DICE_WAGER_NAMES = {SUM: "Sum", MATCH: "Match", BEAT_IT: "Beat It"}

# § 645c.2(g)(1): Sum Paytables A-D.
SUM_PAYTABLES = {
    "A": {SUM_17: Odds(25), SUM_16: Odds(6), SUM_8: Odds(3)},
    "B": {SUM_3: Odds(25), SUM_8: Odds(4), SUM_9: Odds(2)},
    "C": {THREE_MATCH: Odds(3), TWO_MATCH: Odds(1)},
    "D": {SERIES: Odds(15, 2)},
}
# The regulation's row labels (the "Sum of Dice" column for A and B).
SUM_LINE_NAMES = {
    SUM_17: "17",
    SUM_16: "16",
    SUM_8: "8",
    SUM_3: "3",
    SUM_9: "9",
    THREE_MATCH: "A three match",
    TWO_MATCH: "A two match",
    SERIES: "A series of three",
}

# § 645c.2(g)(2): one Match paytable; no line for a single die.
MATCH_PAYTABLE = {TRIPLE_MATCH: Odds(100), DOUBLE_MATCH: Odds(6)}
MATCH_LINE_NAMES = {TRIPLE_MATCH: "Triple Match", DOUBLE_MATCH: "Double Match"}

# § 645c.2(g)(3): Beat It Paytables A-C. A and B read "Red Die Beats Sum of
# Blue Dice by:"; C reads any one die against the other two.
BEAT_IT_PAYTABLES = {
    "A": {BEAT_BY_4: Odds(50), BEAT_BY_2_OR_3: Odds(10), TIE_OR_BY_1: Odds(1)},
    "B": {BEAT_BY_4: Odds(60), BEAT_BY_2_OR_3: Odds(10), TIE_OR_BY_1: Odds(1)},
    "C": {ONE_DIE_BEATS_BY_1_OR_MORE: Odds(5, 2)},
}
BEAT_IT_LINE_NAMES = {
    BEAT_BY_4: "4 points",
    BEAT_BY_2_OR_3: "2 or 3 points",
    TIE_OR_BY_1: "Tie or 1 point",
    ONE_DIE_BEATS_BY_1_OR_MORE: "A die beats sum of other two by one or more points",
}

# docs/rules/pai_gow.md Defaults: "Sum A, Match, Beat It A; off unless enabled" (first listed).
DEFAULT_SUM_PAYTABLE = "A"
DEFAULT_BEAT_IT_PAYTABLE = "A"


def sum_paytable(paytable: str | None) -> dict[str, Odds]:
    """One § 645c.2(g)(1) paytable, or ValueError naming those listed."""
    if paytable not in SUM_PAYTABLES:
        raise ValueError(f"§ 645c.2(g)(1) lists Sum Paytables A-D, not {paytable!r}")
    return SUM_PAYTABLES[paytable]


def beat_it_paytable(paytable: str | None) -> dict[str, Odds]:
    """One § 645c.2(g)(3) paytable, or ValueError naming those listed."""
    if paytable not in BEAT_IT_PAYTABLES:
        raise ValueError(f"§ 645c.2(g)(3) lists Beat It Paytables A-C, not {paytable!r}")
    return BEAT_IT_PAYTABLES[paytable]


def dice_odds(
    wager: str, the_roll: dice.Roll, *, paytable: str | None = None, face: object = None
) -> tuple[str, Odds] | None:
    """(line, Odds) for a winning dice wager on ``the_roll``, or None (it loses).

    ``wager`` is SUM (with ``paytable`` "A".."D"), MATCH (with the ``face``
    1-6 it is on; a face the dice lack is a ``dice.BadMatchFace``) or BEAT_IT
    (with ``paytable`` "A".."C").
    """
    if wager == SUM:
        table = sum_paytable(paytable)
        line = dice.sum_line(the_roll, paytable)
    elif wager == MATCH:
        table = MATCH_PAYTABLE
        line = dice.match_line(the_roll, face)
    elif wager == BEAT_IT:
        table = beat_it_paytable(paytable)
        line = dice.beat_it_line(the_roll, paytable)
    else:
        raise ValueError(f"unknown dice wager {wager!r}; the dice wagers are {', '.join(DICE_WAGERS)}")
    return None if line is None else (line, table[line])


# ---------------------------------------------------------------------------
# Seven-card lines of the Fortune bonus (§ 645a.7(e)(1)), Envy bonus
# (§ 645a.13) and progressive payout (§ 645a.7(e)(4)) wagers, highest first.
# The best hand of all seven cards, whatever the setting; only its highest
# line pays (docs/rules/pai_gow.md rules 33-35).
# ---------------------------------------------------------------------------

SEVEN_CARD_STRAIGHT_FLUSH = "seven_card_straight_flush"  # no joker
ROYAL_FLUSH_ROYAL_MATCH = "royal_flush_royal_match"  # royal + suited K-Q beside it (joker not in the K-Q)
SEVEN_CARD_STRAIGHT_FLUSH_JOKER = "seven_card_straight_flush_joker"
FIVE_ACES = "five_aces"
ROYAL_FLUSH = "royal_flush"
STRAIGHT_FLUSH = "straight_flush"
FOUR_OF_A_KIND = "four_of_a_kind"
FULL_HOUSE = "full_house"
FLUSH = "flush"
THREE_OF_A_KIND = "three_of_a_kind"
STRAIGHT = "straight"
SEVEN_CARD_LINES = (
    SEVEN_CARD_STRAIGHT_FLUSH,
    ROYAL_FLUSH_ROYAL_MATCH,
    SEVEN_CARD_STRAIGHT_FLUSH_JOKER,
    FIVE_ACES,
    ROYAL_FLUSH,
    STRAIGHT_FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    FLUSH,
    THREE_OF_A_KIND,
    STRAIGHT,
)
SEVEN_CARD_LINE_NAMES = {
    SEVEN_CARD_STRAIGHT_FLUSH: "7-card straight flush, no joker",
    ROYAL_FLUSH_ROYAL_MATCH: "Royal flush + royal match",
    SEVEN_CARD_STRAIGHT_FLUSH_JOKER: "7-card straight flush with joker",
    FIVE_ACES: "Five aces",
    ROYAL_FLUSH: "Royal flush",
    STRAIGHT_FLUSH: "Straight flush",
    FOUR_OF_A_KIND: "Four of a kind",
    FULL_HOUSE: "Full house",
    FLUSH: "Flush",
    THREE_OF_A_KIND: "Three of a kind",
    STRAIGHT: "Straight",
}

# --- Fortune bonus: common-practice paytable, NOT PA text (docs/rules/pai_gow.md
# § 9: Renton, Emerald Queen, Napa Valley; Grochowski's variant pays 5,000 on
# the top line). All "to 1". Three of a kind pays more than the higher-ranked
# straight, as published. Below a straight the wager loses.
FORTUNE = {
    SEVEN_CARD_STRAIGHT_FLUSH: Odds(8000),
    ROYAL_FLUSH_ROYAL_MATCH: Odds(2000),
    SEVEN_CARD_STRAIGHT_FLUSH_JOKER: Odds(1000),
    FIVE_ACES: Odds(400),
    ROYAL_FLUSH: Odds(150),
    STRAIGHT_FLUSH: Odds(50),
    FOUR_OF_A_KIND: Odds(25),
    FULL_HOUSE: Odds(5),
    FLUSH: Odds(4),
    THREE_OF_A_KIND: Odds(3),
    STRAIGHT: Odds(2),
}
FORTUNE_SOURCE = "common practice, not PA text"  # docs/rules/pai_gow.md § 9

# --- Envy bonus: common-practice amounts, NOT PA text (docs/rules/pai_gow.md rule
# 34 and § 9 table). A fixed amount in cents to a player with a Fortune wager
# of at least $5 (rule 11) for each OTHER player whose seven cards make the
# line; never for the dealer's hand; whatever happens to the holder's own hand.
ENVY_CENTS = {
    SEVEN_CARD_STRAIGHT_FLUSH: 500_000,
    ROYAL_FLUSH_ROYAL_MATCH: 100_000,
    SEVEN_CARD_STRAIGHT_FLUSH_JOKER: 50_000,
    FIVE_ACES: 25_000,
    ROYAL_FLUSH: 5_000,
    STRAIGHT_FLUSH: 2_000,
    FOUR_OF_A_KIND: 500,
}
ENVY_MIN_FORTUNE_WAGER_CENTS = 500  # rule 11: "a Fortune bonus wager of at least $5"
ENVY_SOURCE = FORTUNE_SOURCE


def envy_cents(other_players_lines: Iterable[str | None], fortune_wager_cents: int) -> int:
    """The Envy bonus of one player: the sum over the *other* players' lines
    (the dealer's excluded by the caller) of ``ENVY_CENTS``, or 0 when the
    player's Fortune wager is under $5."""
    if fortune_wager_cents < ENVY_MIN_FORTUNE_WAGER_CENTS:
        return 0
    return sum(ENVY_CENTS.get(line, 0) for line in other_players_lines if line is not None)


# --- Progressive payout wager (§ 645a.7(e)(4)): PROJECT DEFAULT, not PA text
# (docs/rules/pai_gow.md § 9 rule 35; docs/rules/README.md Conventions: the progressive
# payout wager every Must-Hit-By game needs). Shared by the other pai gow
# games. "% of meter" lines are paid by the meter system; the fixed lines are
# "for 1" (stake included). Below a full house the wager loses.
PROGRESSIVE: dict[str, Odds | MeterShare] = {
    SEVEN_CARD_STRAIGHT_FLUSH: MeterShare(100),
    ROYAL_FLUSH_ROYAL_MATCH: MeterShare(10),
    SEVEN_CARD_STRAIGHT_FLUSH_JOKER: MeterShare(10),
    FIVE_ACES: Odds(500, for_one=True),
    ROYAL_FLUSH: Odds(100, for_one=True),
    STRAIGHT_FLUSH: Odds(50, for_one=True),
    FOUR_OF_A_KIND: Odds(25, for_one=True),
    FULL_HOUSE: Odds(5, for_one=True),
}
PROGRESSIVE_SOURCE = "project default, not PA text"  # docs/rules/pai_gow.md § 9
# A fixed $1 wager (§ 9). Its meter, linked across the pai gow games that pay
# this table: neither the seed nor a published table gives one, so the project
# default of § 9 (not PA text): seed and reseed $5,000 funded by the house, 20%
# of each wager to the meter, no reserve.
PROGRESSIVE_WAGER_CENTS = 100
PROGRESSIVE_METER_KIND = "progressive_payout"
PROGRESSIVE_METER = house_funded(
    PROGRESSIVE_METER_KIND,
    "Pai gow progressive payout wager",
    (PROGRESSIVE_WAGER_CENTS // 100,),
    500_000,
    2000,
    "project default, not PA text",
    meter_name="Pai gow progressive payout",
)
METER_KINDS = (PROGRESSIVE_METER,)

# --- Must-Hit-By Mystery bonus: § 645c.3. Qualifying: "a Pai Gow Poker wager
# and a progressive payout wager" ((c)(1)). Configurations A-D ((c)(4)):
# games/meters.py MUST_HIT_BY_CONFIGURATIONS; default A in the
# row of the table's progressive wager (docs/rules/README.md Defaults).
DEFAULT_MYSTERY_CONFIGURATION = "A"
