"""Crazy 4 Poker's Play decision: fold, Play 1×, or 3× the Ante with a pair of
aces or better (rule 6). Pure Python.

The stated strategy, as Wizard of Odds and Smart Gaming ("How to Play Crazy 4
Poker") publish it: Play 3× with a pair of aces or better; Play 1× with
K-Q-8-4 through a pair of kings; fold anything below K-Q-8-4. The player's
best four cards decide; the dealer's cards are all face down (rule 5), so
nothing else is known. Published element of risk under it: 1.09% (issue 14).

Cards are ``poker.CARD_INDEX`` ints (``rank * 4 + suit``).
"""

from games.cards import four_card

FOLD = 0
STATED = "stated"
STRATEGY_NAME = "3× with a pair of aces or better, 1× with K-Q-8-4 to a pair of kings, fold below K-Q-8-4"

# The lowest hand played 1×: K-Q-8-4 high (rank indices 11, 10, 6, 2).
KING_QUEEN_8_4 = four_card.KING_HIGH | (10 << 8) | (6 << 4) | 2


def play_multiple_of_value(value):
    """0 (fold), 1 or 3 for the player's best four-card value."""
    if value >= four_card.PAIR_OF_ACES:
        return 3
    return 1 if value >= KING_QUEEN_8_4 else FOLD


def play_multiple(player):
    """0 (fold), 1 or 3 for the player's five card indices."""
    return play_multiple_of_value(four_card.value_of_five(player))
