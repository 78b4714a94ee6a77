"""Exact returns of Crazy 4 Poker's wagers, or parts of wagers, that depend on
the player's own five cards only, by enumerating all 2,598,960 five-card
hands through the game's own evaluators (the counts are Four Card Poker's,
games/four_card_poker/edge.py):

- Queens Up (rule 10), whole;
- the Super Bonus's paying lines (rule 9: straight or better, paid whatever
  the dealer holds, to a player who did not fold; the stated strategy plays
  every such hand 3×); below a straight the wager pushes or loses on the
  dealer's hand, which the simulation of Ante + Play settles;
- the Five-Card progressive's fixed lines and Envy (same product as Four Card
  Poker's).

Pure Python; registers no lab row (the binding does).
"""

from games.crazy_4_poker import paytables
from games.four_card_poker import edge as four_card_edge

HANDS = four_card_edge.HANDS
fixed_return = four_card_edge.fixed_return
five_card_progressive_fixed_return = four_card_edge.five_card_progressive_fixed_return
five_card_envy_per_other_player = four_card_edge.five_card_envy_per_other_player


def queens_up_probabilities():
    return four_card_edge.four_card_line_probabilities(paytables.QUEENS_UP)


def queens_up_return():
    """Exact expected net of a unit Queens Up wager (a hand that folds loses
    it, Defaults; whoever bets Queens Up holding queens or better plays: the
    stated strategy plays K-Q-8-4 and up)."""
    return fixed_return(queens_up_probabilities(), paytables.QUEENS_UP)[0]


def super_bonus_paying_probabilities():
    """{line: probability} of the Super Bonus lines, straight or better."""
    return four_card_edge.four_card_line_probabilities(paytables.SUPER_BONUS)


def super_bonus_paying_return():
    """The Super Bonus's winnings from straight-or-better hands per unit
    wagered (the stake stays: rule 9), without the push-or-lose part below a
    straight."""
    table = paytables.SUPER_BONUS
    return sum(table[line].winnings(1) * p for line, p in super_bonus_paying_probabilities().items())
