"""Crazy 4 Poker paytables (58 Pa. Code Ch. 657a; seed § 657c.1), as data.

Pure Python. The PA text of the payout odds (§§ 657a.9–657a.13) is not
reproduced in the rules file, so every table here is the common-practice
table docs/rules/crazy_4_poker.md gives, with its source; odds are exact ``Odds``.
Money is in integer cents. The four-card lines and the linked Five-Card
progressive are Four Card Poker's (docs/rules/crazy_4_poker.md rule 2 ranks alike; "the
five-card table of docs/rules/four_card_poker.md"). The Must-Hit-By Mystery bonus
configurations of § 657c.1(c)(4) live once, in games/meters.py.
"""

from games.cards import four_card
from games.four_card_poker.paytables import (
    FIVE_CARD_ENVY_CENTS,
    FIVE_CARD_PROGRESSIVE,
    FIVE_CARD_SOURCE,
    FIVE_CARD_WAGER_CENTS,
    FLUSH,
    FOUR_ACES,
    FOUR_OF_A_KIND,
    LINE_NAMES,
    QUEENS_OR_BETTER,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    TWO_PAIR,
    five_card_lines,
    four_card_lines,
    lookup,
)
from games.payouts import Odds
from games.poker.paytables import FIVE_CARD_METER

# Re-exported: the Five-Card progressive and the line helpers are Four Card Poker's.
__all__ = [
    "FIVE_CARD_ENVY_CENTS",
    "FIVE_CARD_PROGRESSIVE",
    "FIVE_CARD_SOURCE",
    "FIVE_CARD_WAGER_CENTS",
    "LINE_NAMES",
    "five_card_lines",
    "four_card_lines",
    "lookup",
]

# --- Play (rule 6): equal to the Ante, or with a pair of aces or better 1× or
# 3× the Ante (Defaults: "triple down" wording).
PLAY_MULTIPLES = (1,)
PLAY_MULTIPLES_WITH_ACES = (1, 3)


def play_multiples(value):
    """The Play wager's multiples of the Ante open to a best four-card hand."""
    return PLAY_MULTIPLES_WITH_ACES if value >= four_card.PAIR_OF_ACES else PLAY_MULTIPLES


# --- The dealer's qualifier (rule 7): king high or better.
DEALER_QUALIFIER = four_card.KING_HIGH

# --- Ante and Play (rule 8) [common practice: Grosvenor, Emerald Queen]:
# (Ante, Play) by the situation; EVEN pays 1 to 1.
EVEN = Odds(1)
PUSH = "push"
LOSE = "lose"
DEALER_DOES_NOT_QUALIFY = "dealer_does_not_qualify"
PLAYER_HIGHER = "player_higher"
TIE = "tie"
DEALER_HIGHER = "dealer_higher"
ANTE_PLAY = {
    DEALER_DOES_NOT_QUALIFY: (PUSH, EVEN),
    PLAYER_HIGHER: (EVEN, EVEN),
    TIE: (PUSH, PUSH),
    DEALER_HIGHER: (LOSE, LOSE),
}


def showdown(player_value, dealer_value):
    """The rule 8 situation of a player who made the Play wager."""
    if dealer_value < DEALER_QUALIFIER:
        return DEALER_DOES_NOT_QUALIFY
    if player_value > dealer_value:
        return PLAYER_HIGHER
    return TIE if player_value == dealer_value else DEALER_HIGHER


# --- Super Bonus (rules 3, 9): equal to the Ante and required with it; for a
# player who did not fold, a straight or better is paid whatever the dealer
# holds (the wager stays even when Ante and Play lose); below a straight it
# pushes unless a qualifying dealer hand beats the player's (then it loses).
# [common practice: Grosvenor, Lucky Lady, UK Casino Table Games]
SUPER_BONUS = {
    FOUR_ACES: Odds(200),
    FOUR_OF_A_KIND: Odds(30),
    STRAIGHT_FLUSH: Odds(15),
    THREE_OF_A_KIND: Odds(2),
    FLUSH: Odds(3, 2),
    STRAIGHT: Odds(1),
}
SUPER_BONUS_SOURCE = "common practice (Grosvenor), not PA text"


def super_bonus(player_value, dealer_value):
    """(line, Odds) a paying Super Bonus; PUSH or LOSE below a straight
    (rule 9), for a player who made the Play wager (a fold loses it, rule 6)."""
    paid = lookup(SUPER_BONUS, four_card_lines(player_value))
    if paid is not None:
        return paid
    return LOSE if showdown(player_value, dealer_value) == DEALER_HIGHER else PUSH


# --- Queens Up (rule 10): on the player's best four cards, pair of queens or
# better, regardless of the dealer; lost with a folded hand (Defaults).
# Four aces are a four of a kind here (Grosvenor lists no four-aces line).
QUEENS_UP = {
    FOUR_OF_A_KIND: Odds(50),
    STRAIGHT_FLUSH: Odds(40),
    THREE_OF_A_KIND: Odds(8),
    FLUSH: Odds(4),
    STRAIGHT: Odds(3),
    TWO_PAIR: Odds(2),
    QUEENS_OR_BETTER: Odds(1),
}
QUEENS_UP_SOURCE = SUPER_BONUS_SOURCE

# --- Four-Card progressive payout wager (§ 657a.7(d)(3)): no published
# paytable (rules file), off by default: none offered.
FOUR_CARD_PROGRESSIVE = None

# --- Must-Hit-By Mystery bonus (§ 657c.1): qualifying wagers "a Crazy 4 Poker
# wager and a Four-Card progressive payout or Five-Card progressive payout
# wager" ((c)(1)); default configuration A in the row of the table's
# progressive wager (docs/rules/README.md Defaults).
DEFAULT_MYSTERY_CONFIGURATION = "A"
# The Five-Card progressive's meter kind (games/poker/paytables.py FIVE_CARD_METER):
# linked with Four Card Poker's, the same five-card product.
FIVE_CARD_KIND = "five_card"

# The meters this game's tables link (games/meters.py): the poker family's, shared.
METER_KINDS = (FIVE_CARD_METER,)
