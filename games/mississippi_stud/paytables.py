"""Mississippi Stud paytables (58 Pa. Code § 655a.12; seed § 655c.1), as data.

Pure Python. One paytable pays the Ante and the three street wagers alike
(§ 655a.12(a), its one option), with a pair of 6s through 10s a push; the
progressive payout wager pays from § 655a.12(c)(1)'s paytable A ("for 1":
its $5 is collected at "no more bets"), its top lines a ``MeterShare``.
Paytables B-D of (c)(1) pay from two or three meters (mega, major, minor)
of their own; the meter model links one meter kind per progressive area, so
they are not offered (docs/rules/mississippi_stud.md Defaults: A). Money is in
integer cents. The Must-Hit-By Mystery configurations of § 655c.1(c)(4) are
worded alike in the thirteen poker games and live once, in
games/meters.py (``MUST_HIT_BY_CONFIGURATIONS``).
"""

from games.cards import poker
from games.payouts import MeterShare, Odds
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

TWO_PAIR = "two_pair"
JACKS_OR_BETTER = "jacks_or_better"  # a pair of jacks, queens, kings or aces
SIXES_THROUGH_TENS = "sixes_through_tens"  # a pair of 6s through 10s: the push

LINE_NAMES = {
    **FIVE_CARD_LINE_NAMES,
    TWO_PAIR: "Two pair",
    JACKS_OR_BETTER: "Pair of jacks or better",
    SIXES_THROUGH_TENS: "Pair of 6s through 10s",
}

_JACK, _SIX, _TEN = 9, 4, 8  # rank indices (2 = 0 … ace = 12)


def base_lines(value):
    """A five-card hand's lines (games.cards.best_five values), the most
    particular first: a royal flush is ["royal_flush", "straight_flush"], a
    pair of queens ["jacks_or_better"], a pair of 8s ["sixes_through_tens"],
    a pair of 5s or no pair []. A table pays the first line it lists."""
    kind = poker.category(value)
    if kind == poker.TWO_PAIR:
        return [TWO_PAIR]
    if kind == poker.PAIR:
        pair = value >> 16 & 15
        if pair >= _JACK:
            return [JACKS_OR_BETTER]
        return [SIXES_THROUGH_TENS] if _SIX <= pair <= _TEN else []
    return five_card_lines(value)


# --- Ante and street wagers, § 655a.12(a) (rule 10): every wager in action at
# the same odds; a pair of 6s through 10s pushes all four; anything lower loses.
# Named by its odds from the top line down.
BASE_PAYTABLES = {
    "500-100-40-10-6-4-3-2-1": {
        ROYAL_FLUSH: Odds(500),
        STRAIGHT_FLUSH: Odds(100),
        FOUR_OF_A_KIND: Odds(40),
        FULL_HOUSE: Odds(10),
        FLUSH: Odds(6),
        STRAIGHT: Odds(4),
        THREE_OF_A_KIND: Odds(3),
        TWO_PAIR: Odds(2),
        JACKS_OR_BETTER: Odds(1),
    },
}
BASE_NAMES = tuple(BASE_PAYTABLES)
DEFAULT_BASE_PAYTABLE = "500-100-40-10-6-4-3-2-1"
PUSH_LINES = (SIXES_THROUGH_TENS,)  # § 655a.12(a): "Pair of 6s through 10s: push"
BASE_SOURCE = "PA § 655a.12(a)"

# Rules 6-8: each street wager is 1, 2 or 3 times the Ante.
STREET_MULTIPLES = (1, 2, 3)

# § 655a.12(b) (rule 11): one hand's aggregate payout is at most $50,000 or the most
# one patron could win in a round betting the table minimum, whichever is greater.
AGGREGATE_LIMIT_CENTS = 5_000_000

# --- Progressive payout wager, § 655a.12(c)(1) (rules 3, 4, 12): $5 (rules file
# Defaults, linked with the other five-card progressives), on the player's two
# cards and the three community cards; "for 1" includes the wager; only the
# single highest line pays. Settled after a fold too (Defaults: all three
# community cards are revealed).
PROGRESSIVE_WAGER_CENTS = 500
PROGRESSIVE_PAYTABLES = {
    "A": {
        ROYAL_FLUSH: MeterShare(100),
        STRAIGHT_FLUSH: MeterShare(10),
        FOUR_OF_A_KIND: Odds(300, for_one=True),
        FULL_HOUSE: Odds(50, for_one=True),
        FLUSH: Odds(40, for_one=True),
        STRAIGHT: Odds(30, for_one=True),
        THREE_OF_A_KIND: Odds(9, for_one=True),
    },
}
PROGRESSIVE_NAMES = tuple(PROGRESSIVE_PAYTABLES)
DEFAULT_PROGRESSIVE_PAYTABLE = "A"
PROGRESSIVE_SOURCE = "PA § 655a.12(c)(1), paytable A"

# --- Envy Bonus (§ 655a.1; rule 13): a fixed sum to each progressive player for
# each OTHER player's royal flush or straight flush; rules file Defaults: Live!
# Philadelphia's posted link, RF $5,000, SF $1,500, several per round.
ENVY_DEFAULT_CHIPS = {ROYAL_FLUSH: 5_000, STRAIGHT_FLUSH: 1_500}
ENVY_LINES = (ROYAL_FLUSH, STRAIGHT_FLUSH)
ENVY_SOURCE = "amounts: Live! Philadelphia (rules file Defaults)"

# --- Must-Hit-By Mystery bonus (§ 655c.1): qualifying wagers "a Mississippi Stud
# wager and a progressive payout wager" ((c)(1)). Configurations A-D ((c)(4)):
# games/meters.py; default A in the $5 row (docs/rules/README.md).
DEFAULT_MYSTERY_CONFIGURATION = "A"


def base_paytable(name):
    return named_paytable(BASE_PAYTABLES, name, "Mississippi Stud's")


def progressive_paytable(name):
    return named_paytable(PROGRESSIVE_PAYTABLES, name, "Mississippi Stud's progressive")


# The meters this game's tables link (games/meters.py): the poker family's, shared.
METER_KINDS = (FIVE_CARD_METER,)
