"""Let It Ride Poker paytables (58 Pa. Code Ch. 643a; seed § 643c.1), as data.

Pure Python. The PA text of the payout odds (§ 643a.13) is not reproduced in
docs/rules/let_it_ride.md, so every table here is the common-practice table that
file gives, with its source; odds are exact ``Odds`` ("x to 1"; "x for 1" on
the progressives, whose stakes are collected at "no more bets"), the
progressives' top lines a ``MeterShare``. Money is in integer cents.

The two progressive tables are the ones other games already hold, line for
line: the rules file's Three-Card progressive is Three Card Poker's $1 table
(both from 3cardpoker.com: spade mini-royal 100% of the meter, mini-royal
$500, straight flush $100, three of a kind $50, Envy $100 / $25), and its
Five-Card progressive is "the $5 linked five-card table of
docs/rules/four_card_poker.md", so both are imported, not copied, and their meters are
the same kinds (``three_card``, ``five_card``). The Must-Hit-By Mystery bonus
configurations of § 643c.1(c)(4) live once, in games/meters.py.
"""

from games.cards import poker
from games.four_card_poker.paytables import (
    FIVE_CARD_ENVY_CENTS,
    FIVE_CARD_PROGRESSIVE,
    FIVE_CARD_SOURCE,
    FIVE_CARD_WAGER_CENTS,
)
from games.payouts import MeterShare, Odds
from games.poker.paytables import (
    FIVE_CARD_LINE_NAMES,
    FIVE_CARD_METER,
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    ROYAL_FLUSH,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_CARD_METER,
    THREE_OF_A_KIND,
    five_card_lines,
    lookup,
    named_paytable,
)
from games.three_card_poker.paytables import (
    MINI_ROYAL,
    PAIR,
    SPADES,
    THREE_CARD_ENVY_CENTS,
    THREE_CARD_PROGRESSIVE,
    THREE_CARD_SOURCE,
    THREE_CARD_WAGER_CENTS,
    three_card_lines,
)

# Re-exported: the two progressive tables and the line helpers are the family's.
__all__ = [
    "FIVE_CARD_ENVY_CENTS",
    "FIVE_CARD_PROGRESSIVE",
    "FIVE_CARD_SOURCE",
    "FIVE_CARD_WAGER_CENTS",
    "MeterShare",
    "THREE_CARD_ENVY_CENTS",
    "THREE_CARD_PROGRESSIVE",
    "THREE_CARD_SOURCE",
    "THREE_CARD_WAGER_CENTS",
    "five_card_lines",
    "lookup",
    "three_card_lines",
]

TWO_PAIR = "two_pair"
TENS_OR_BETTER = "tens_or_better"  # the base table's last line: a pair of 10s, jacks, queens, kings or aces
TENS = 8  # the rank index of the 10 (games.cards.cards.RANKS = "23456789TJQKA")

LINE_NAMES = {
    **FIVE_CARD_LINE_NAMES,
    TWO_PAIR: "Two pair",
    TENS_OR_BETTER: "Pair of 10s or better",
    MINI_ROYAL: "Mini-royal",
    MINI_ROYAL + SPADES: "Mini-royal in spades",
    PAIR: "Pair",
}


def base_lines(value):
    """A five-card hand's lines for the base wagers (games.cards.best_five
    values), the most particular first: a royal flush is ["royal_flush",
    "straight_flush"], two pair ["two_pair"], a pair of jacks
    ["tens_or_better"], a pair of 9s []. A table pays the first line it lists."""
    lines = five_card_lines(value)
    kind = poker.category(value)
    if kind == poker.TWO_PAIR:
        lines.append(TWO_PAIR)
    elif kind == poker.PAIR and value >> 16 & 15 >= TENS:
        lines.append(TENS_OR_BETTER)
    return lines


# --- The base wagers (rule 11): every wager still in action is paid at the same odds
# on a pair of 10s or better, otherwise all of them lose; no dealer, no push
# [common practice: Live! Pittsburgh; not PA text]. Named by its odds from the top.
BASE_PAYTABLES = {
    "1000-200-50-11-8-5-3-2-1": {
        ROYAL_FLUSH: Odds(1000),
        STRAIGHT_FLUSH: Odds(200),
        FOUR_OF_A_KIND: Odds(50),
        FULL_HOUSE: Odds(11),
        FLUSH: Odds(8),
        STRAIGHT: Odds(5),
        THREE_OF_A_KIND: Odds(3),
        TWO_PAIR: Odds(2),
        TENS_OR_BETTER: Odds(1),
    },
}
BASE_NAMES = tuple(BASE_PAYTABLES)
DEFAULT_BASE_PAYTABLE = "1000-200-50-11-8-5-3-2-1"
BASE_SOURCE = "common practice (Live! Pittsburgh), not PA text"

# Rule 14: the aggregate payout on the base wagers is $50,000 per player per round,
# not applied to the Three Card Bonus or the progressives [common practice: Live!
# Pittsburgh, Seneca Niagara].
AGGREGATE_CAP_CENTS = 5_000_000

# --- Three Card Bonus (rule 12): on the player's three dealt cards, in action when
# base wagers are pulled back [common practice: Live! Pittsburgh; not PA text].
THREE_CARD_BONUS_PAYTABLES = {
    "40-30-6-3-1": {
        STRAIGHT_FLUSH: Odds(40),
        THREE_OF_A_KIND: Odds(30),
        STRAIGHT: Odds(6),
        FLUSH: Odds(3),
        PAIR: Odds(1),
    },
}
THREE_CARD_BONUS_NAMES = tuple(THREE_CARD_BONUS_PAYTABLES)
DEFAULT_THREE_CARD_BONUS_PAYTABLE = "40-30-6-3-1"
THREE_CARD_BONUS_SOURCE = "common practice (Live! Pittsburgh), not PA text"

# --- Must-Hit-By Mystery bonus (§ 643c.1): qualifying wagers "a Let It Ride Poker
# wager and a Three-Card progressive payout wager or Five-Card progressive payout
# wager" ((c)(1)); one bonus meter fed by either (docs/rules/README.md Defaults).
# Configurations A-D ((c)(4)): games/meters.py; default A in the
# row of the smaller progressive wager, $1 (docs/rules/README.md Defaults).
DEFAULT_MYSTERY_CONFIGURATION = "A"


def base_paytable(name):
    return named_paytable(BASE_PAYTABLES, name, "Let It Ride's base")


def three_card_bonus_paytable(name):
    return named_paytable(THREE_CARD_BONUS_PAYTABLES, name, "Let It Ride's Three Card Bonus")


def base_multiple(value, table):
    """The odds' multiple a unit base wager wins on the hand ``value``, or -1 (it loses)."""
    won = lookup(table, base_lines(value))
    if not won:
        return -1
    multiple = won[1].winnings(1)
    return int(multiple) if multiple.denominator == 1 else multiple  # whole odds stay ints: fast sums


# The meters this game's tables link (games/meters.py): the poker family's, shared.
METER_KINDS = (THREE_CARD_METER, FIVE_CARD_METER)
