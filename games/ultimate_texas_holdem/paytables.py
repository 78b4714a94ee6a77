"""Ultimate Texas Hold 'Em paytables (58 Pa. Code § 653a.12, § 653b.3; seed
§ 653c.1), as data, named as docs/rules/ultimate_texas_holdem.md names them.

Pure Python. The Ante and the Play pay 1 to 1 (§ 653a.12(a)); the Blind pays
from its table only when the player beats the dealer (§ 653a.12(b)); Trips
pays on the player's final hand whatever the dealer holds (§ 653a.12(c));
the Bad Beat wager pays from the temporary Paytable C of § 653b.3 (the
permanent Paytables A and B of § 653a.12(g) are not reproduced in the rules
file, so they are not offered); the $5 progressive payout wager pays on the
two hole cards and the flop from the linked five-card table
(games/four_card_poker/paytables.py, the Live! Philadelphia link), its $5
collected at "no more bets" ("for 1"), its top lines a ``MeterShare``.
Money is in integer cents. The Must-Hit-By Mystery configurations of
§ 653c.1(c)(4) live once, in games/meters.py.
"""

from games.cards import poker
from games.four_card_poker.paytables import (
    FIVE_CARD_ENVY_CENTS,
    FIVE_CARD_PROGRESSIVE,
    FIVE_CARD_SOURCE,
    FIVE_CARD_WAGER_CENTS,
)
from games.payouts import MeterShare, Odds  # noqa: F401 (MeterShare: the progressive's top lines)
from games.poker.paytables import (  # noqa: F401 (the family's, shared)
    FIVE_CARD_LINE_NAMES,
    FIVE_CARD_METER,
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    ROYAL_FLUSH,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    five_card_lines,
    lookup,
    named_paytable,
)

LINE_NAMES = FIVE_CARD_LINE_NAMES

EVEN = Odds(1)  # the Ante and the Play, § 653a.12(a)

# --- Blind, § 653a.12(b) (rule 10): paid from the table only when the player's
# hand beats the dealer's; a winning hand below the table's lowest line pushes.
BLIND_PAYTABLES = {
    "A": {
        ROYAL_FLUSH: Odds(500),
        STRAIGHT_FLUSH: Odds(50),
        FOUR_OF_A_KIND: Odds(10),
        FULL_HOUSE: Odds(3),
        FLUSH: Odds(3, 2),
        STRAIGHT: Odds(1),
    },
    "B": {  # as A, a straight pushes
        ROYAL_FLUSH: Odds(500),
        STRAIGHT_FLUSH: Odds(50),
        FOUR_OF_A_KIND: Odds(10),
        FULL_HOUSE: Odds(3),
        FLUSH: Odds(3, 2),
    },
}
BLIND_NAMES = tuple(BLIND_PAYTABLES)
BLIND_SOURCE = "PA § 653a.12(b), Blind paytables A and B as the rules file lists them"

# --- Trips, § 653a.12(c) (rule 11): the player's final hand, three of a kind or
# better, whatever the dealer holds, in action after a fold.
TRIPS_PAYTABLES = {
    "A": {
        ROYAL_FLUSH: Odds(50),
        STRAIGHT_FLUSH: Odds(40),
        FOUR_OF_A_KIND: Odds(30),
        FULL_HOUSE: Odds(9),
        FLUSH: Odds(7),
        STRAIGHT: Odds(4),
        THREE_OF_A_KIND: Odds(3),
    },
    "B": {
        ROYAL_FLUSH: Odds(50),
        STRAIGHT_FLUSH: Odds(40),
        FOUR_OF_A_KIND: Odds(30),
        FULL_HOUSE: Odds(8),
        FLUSH: Odds(6),
        STRAIGHT: Odds(5),
        THREE_OF_A_KIND: Odds(3),
    },
    "C": {
        ROYAL_FLUSH: Odds(50),
        STRAIGHT_FLUSH: Odds(40),
        FOUR_OF_A_KIND: Odds(30),
        FULL_HOUSE: Odds(8),
        FLUSH: Odds(7),
        STRAIGHT: Odds(4),
        THREE_OF_A_KIND: Odds(3),
    },
    "D": {
        ROYAL_FLUSH: Odds(50),
        STRAIGHT_FLUSH: Odds(40),
        FOUR_OF_A_KIND: Odds(20),
        FULL_HOUSE: Odds(7),
        FLUSH: Odds(6),
        STRAIGHT: Odds(5),
        THREE_OF_A_KIND: Odds(3),
    },
}
TRIPS_NAMES = tuple(TRIPS_PAYTABLES)
TRIPS_SOURCE = "PA § 653a.12(c), Trips paytables A-D as the rules file lists them"

# --- Bad Beat bonus wager, additional Paytable C (temporary), § 653b.3 (rule 13):
# the player's hand three of a kind or better losing to the dealer's. A royal
# flush never loses, so the straight flush is the top line.
BAD_BEAT_PAYTABLES = {
    "C": {
        STRAIGHT_FLUSH: Odds(2_500),
        FOUR_OF_A_KIND: Odds(500),
        FULL_HOUSE: Odds(50),
        FLUSH: Odds(30),
        STRAIGHT: Odds(20),
        THREE_OF_A_KIND: Odds(9),
    },
}
BAD_BEAT_NAMES = tuple(BAD_BEAT_PAYTABLES)
BAD_BEAT_SOURCE = "PA § 653b.3, additional Paytable C (Paytables A and B of § 653a.12(g) not reproduced)"

# --- Progressive payout wager (§ 653a.7(d)(3); rule 12): $5, the two hole cards and
# the flop as a five-card hand, on the link of the other five-card progressives.
PROGRESSIVE_WAGER_CENTS = FIVE_CARD_WAGER_CENTS
PROGRESSIVE_PAYTABLES = {"A": FIVE_CARD_PROGRESSIVE}
PROGRESSIVE_NAMES = tuple(PROGRESSIVE_PAYTABLES)
PROGRESSIVE_SOURCE = FIVE_CARD_SOURCE

# --- Envy Bonus (§ 653a.1): a fixed sum to each progressive player for each OTHER
# player's straight flush or better on the hole cards and the flop; the link's amounts.
ENVY_DEFAULT_CHIPS = {line: cents // 100 for line, cents in FIVE_CARD_ENVY_CENTS.items()}
ENVY_SOURCE = "amounts: Live! Philadelphia's linked five-card progressive"

# --- Play wager (rules 6-8): 3× or 4× the Ante pre-flop, 2× on the flop, 1× on the river.
PREFLOP_MULTIPLES = (3, 4)
FLOP_MULTIPLES = (2,)
RIVER_MULTIPLES = (1,)


def hand_lines(value):
    """A final hand's lines (games.cards.best_five values), the most particular
    first: a royal flush is ["royal_flush", "straight_flush"]; below three of a
    kind []."""
    return five_card_lines(value)


def dealer_qualifies(value):
    """Rule 9: the dealer qualifies with a pair or better (the board may make it)."""
    return poker.category(value) >= poker.PAIR


def blind_paytable(name):
    return named_paytable(BLIND_PAYTABLES, name, "Ultimate Texas Hold 'Em's Blind")


def trips_paytable(name):
    return named_paytable(TRIPS_PAYTABLES, name, "Ultimate Texas Hold 'Em's Trips")


def bad_beat_paytable(name):
    return named_paytable(BAD_BEAT_PAYTABLES, name, "Ultimate Texas Hold 'Em's Bad Beat")


def progressive_paytable(name):
    return named_paytable(PROGRESSIVE_PAYTABLES, name, "Ultimate Texas Hold 'Em's progressive")


# The meters this game's tables link (games/meters.py): the poker family's, shared.
METER_KINDS = (FIVE_CARD_METER,)
