"""DJ Wild Stud Poker paytables (58 Pa. Code Ch. 687a; seed § 687c.1), as data.

Pure Python. The PA text of the payout odds (§§ 687a.10-687a.13) is not
reproduced in docs/rules/dj_wild_stud.md, so the Blind table is the common-practice
table that file gives; Trips has no published table (its lines are the
table's Rules Submission, off by default); the progressive bonus wager's table
is the project default of docs/rules/dj_wild_stud.md ("Progressive bonus wager"),
which docs/rules/README.md's progressive at every Must-Hit-By game points to. Odds are exact ``Odds``; the progressive's $5 is collected
at "no more bets", so its fixed lines are "for 1", its top lines a
``MeterShare``. Money is in integer cents. The Must-Hit-By Mystery bonus
configurations of § 687c.1(c)(4) live once, in games/meters.py.
"""

from games.cards import wild
from games.meters import house_funded
from games.payouts import MeterShare, Odds
from games.poker.paytables import (
    FIVE_CARD_LINE_NAMES,
    FIVE_CARD_SEED_CENTS,
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    POKER_PROGRESSIVE_PRIMARY_BP,
    PROJECT_DEFAULT_METER,
    ROYAL_FLUSH,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    lookup,  # noqa: F401 (the family's, shared)
    named_paytable,
)

# The poker family's lines and the two that wild cards add.
FIVE_WILDS = "five_wilds"
FIVE_OF_A_KIND = "five_of_a_kind"

# Rule 3's categories from three of a kind up, by games/cards/wild.py category.
CATEGORY_LINES = {
    wild.FIVE_WILDS: FIVE_WILDS,
    wild.ROYAL_FLUSH: ROYAL_FLUSH,
    wild.FIVE_OF_A_KIND: FIVE_OF_A_KIND,
    wild.STRAIGHT_FLUSH: STRAIGHT_FLUSH,
    wild.FOUR_OF_A_KIND: FOUR_OF_A_KIND,
    wild.FULL_HOUSE: FULL_HOUSE,
    wild.FLUSH: FLUSH,
    wild.STRAIGHT: STRAIGHT,
    wild.THREE_OF_A_KIND: THREE_OF_A_KIND,
}
LINE_NAMES = {FIVE_WILDS: "Five wilds", FIVE_OF_A_KIND: "Five of a kind", **FIVE_CARD_LINE_NAMES}

# Rule 10: Trips pays natural hands more than hands using wild cards; five wilds and five
# of a kind use wild cards by their nature.
NATURAL = "_natural"
WITH_WILDS = "_wild"
TRIPS_LINES = (
    FIVE_WILDS,
    ROYAL_FLUSH + NATURAL,
    ROYAL_FLUSH + WITH_WILDS,
    FIVE_OF_A_KIND,
    *(
        line + column
        for line in CATEGORY_LINES.values()
        if line not in (FIVE_WILDS, ROYAL_FLUSH, FIVE_OF_A_KIND)
        for column in (NATURAL, WITH_WILDS)
    ),
)
for _line in CATEGORY_LINES.values():
    LINE_NAMES[_line + NATURAL] = f"{LINE_NAMES[_line]}, natural"
    LINE_NAMES[_line + WITH_WILDS] = f"{LINE_NAMES[_line]} with wild cards"
NATURAL_ROYAL_FLUSH = ROYAL_FLUSH + NATURAL
WILD_ROYAL_FLUSH = ROYAL_FLUSH + WITH_WILDS


def hand_line(value):
    """The Blind's line of a hand value (games/cards/wild.py), or None below three of a kind."""
    return CATEGORY_LINES.get(wild.category(value))


def trips_line(kind, natural):
    """The Trips line of ``wild.trips_reading``'s (category, natural), or None."""
    line = CATEGORY_LINES.get(kind)
    if line is None or line in (FIVE_WILDS, FIVE_OF_A_KIND):
        return line
    return line + (NATURAL if natural else WITH_WILDS)


def progressive_lines(kind, natural):
    """The progressive's lines of (category, natural), the most particular
    first: a natural royal flush ["royal_flush_natural", "royal_flush"], one
    with wild cards ["royal_flush_wild", "royal_flush"]; below three of a kind []
    (a paytable pays none of the lines it lacks)."""
    line = CATEGORY_LINES.get(kind)
    if line is None:
        return []
    if line == ROYAL_FLUSH:
        return [NATURAL_ROYAL_FLUSH if natural else WILD_ROYAL_FLUSH, line]
    return [line]


# --- Ante and Play (rule 9): 1 to 1 when the player's hand is higher; Play exactly 2x the
# Ante (rule 7).
EVEN = Odds(1)
PLAY_MULTIPLE = 2

# --- The Blind (rule 9): paid from this table when the player's hand is higher with a
# straight or better; pushes when higher below a straight and on a tie; loses when the
# dealer's hand is higher. The rules file's one table [common practice: Red Dragon, Online
# Pokies Pro, A Responsible Gambler; not PA text], named by its odds from the top line down.
BLIND_PAYTABLES = {
    "1000-50-10-9-4-3-2-1": {
        FIVE_WILDS: Odds(1000),
        ROYAL_FLUSH: Odds(50),
        FIVE_OF_A_KIND: Odds(10),
        STRAIGHT_FLUSH: Odds(9),
        FOUR_OF_A_KIND: Odds(4),
        FULL_HOUSE: Odds(3),
        FLUSH: Odds(2),
        STRAIGHT: Odds(1),
    },
}
BLIND_NAMES = tuple(BLIND_PAYTABLES)
DEFAULT_BLIND_PAYTABLE = "1000-50-10-9-4-3-2-1"
BLIND_SOURCE = "common practice (Red Dragon, Online Pokies Pro, A Responsible Gambler), not PA text"

# --- Trips (rule 10): no complete table is published in the sources (rules file,
# Paytables), so the rules file's Defaults keep it off; a table offers it once its Rules
# Submission sets the lines (x to 1, natural and with wild cards apart, TRIPS_LINES).
TRIPS_SOURCE = "no published paytable (rules file): the lines are the table's Rules Submission"

# --- Progressive bonus wager (§ 687a.7(d)(2); rules 4, 5, 11): $5, on the player's five
# cards with the deuces and the joker wild, independent of the dealer and of a fold; only
# the highest line pays. PROJECT DEFAULT, not PA text (docs/rules/dj_wild_stud.md, "Progressive
# bonus wager"; docs/rules/README.md, the DJ Wild Stud row): no DJ Wild progressive paytable is
# published, and the Five-Card table's lower rows pay far too much with five wild cards
# (four of a kind comes 1 in 55.5, three of a kind 1 in 6.3), so this table stops at four
# of a kind: a natural royal flush 100% of the meter, five wilds 10%, then "for 1".
PROGRESSIVE_WAGER_CENTS = 500
PROGRESSIVE_PAYTABLES = {
    "100%-10%-100-50-30-10": {
        NATURAL_ROYAL_FLUSH: MeterShare(100),
        FIVE_WILDS: MeterShare(10),
        WILD_ROYAL_FLUSH: Odds(100, for_one=True),
        FIVE_OF_A_KIND: Odds(50, for_one=True),
        STRAIGHT_FLUSH: Odds(30, for_one=True),
        FOUR_OF_A_KIND: Odds(10, for_one=True),
    },
}
PROGRESSIVE_NAMES = tuple(PROGRESSIVE_PAYTABLES)
DEFAULT_PROGRESSIVE_PAYTABLE = "100%-10%-100-50-30-10"
PROGRESSIVE_SOURCE = "project default (docs/rules/dj_wild_stud.md), not PA text"

# --- Must-Hit-By Mystery bonus (§ 687c.1): qualifying wagers "a DJ Wild Stud Poker wager
# and a progressive bonus wager" ((c)(1)); configuration A in the $5 row by default
# (docs/rules/README.md Defaults).
DEFAULT_MYSTERY_CONFIGURATION = "A"


def blind_paytable(name):
    return named_paytable(BLIND_PAYTABLES, name, "DJ Wild Stud's Blind")


def progressive_paytable(name):
    return named_paytable(PROGRESSIVE_PAYTABLES, name, "DJ Wild Stud's progressive")


# The $5 progressive bonus wager's meter (§ 687a.7(d)(2)): its own (the project-default paytable
# of docs/rules/dj_wild_stud.md is its own), at the five-card meter's seed and rate (the rules files
# give none for it; project default, not PA text).
PROGRESSIVE_METER_KIND = "dj_wild_stud"
PROGRESSIVE_METER = house_funded(
    PROGRESSIVE_METER_KIND,
    "DJ Wild Stud progressive",
    (5,),
    FIVE_CARD_SEED_CENTS,
    POKER_PROGRESSIVE_PRIMARY_BP,
    PROJECT_DEFAULT_METER,
)
METER_KINDS = (PROGRESSIVE_METER,)
