"""Exact returns of Four Card Poker's wagers that depend on the player's own
five cards only: Aces Up (every paytable; rule 11), the fixed lines of the
Five-Card progressive and its Envy (rule 12), each by enumerating all
2,598,960 five-card hands through the game's own evaluators
(games/cards/four_card.py, games/cards/best_five.py).

Pure Python (no Django, no I/O). The probabilities are Fractions keyed by the
paytable's own lines, the shape ``games.lab.rows.paytable_row`` takes; this
module registers no lab row (the binding does). Crazy 4 Poker's Queens Up,
Super Bonus and Five-Card progressive use the same counts
(games/crazy_4_poker/edge.py).

Each enumeration takes a few seconds and is done once a process
(``functools.cache``).
"""

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb

from games.cards import best_five, four_card
from games.four_card_poker import paytables
from games.payouts import MeterShare

HANDS = comb(52, 5)  # 2,598,960: every five-card hand is equally likely (one deck, rule 1)


@cache
def best_four_counts():
    """{best four-card value: number of five-card hands making it}, over all
    2,598,960 hands."""
    value_of = four_card.value_of_five
    return Counter(value_of(hand) for hand in combinations(range(52), 5))


@cache
def five_card_counts():
    """{five-card value: number of hands}, over all 2,598,960 hands (the
    Five-Card progressive reads the five cards as a poker hand, rule 3)."""
    value_of = best_five.best_five_value_indices
    return Counter(value_of(hand) for hand in combinations(range(52), 5))


def _line_probabilities(counts, lines_of, table):
    found = Counter()
    for value, count in counts.items():
        paid = paytables.lookup(table, lines_of(value))
        if paid is not None:
            found[paid[0]] += count
    return {line: Fraction(count, HANDS) for line, count in found.items()}


def four_card_line_probabilities(table):
    """{line: probability} of a table paid on the best four of the player's
    five cards (Aces Up, Ante Bonus, Queens Up, Super Bonus's paying lines);
    a hand making none of its lines is absent (it loses, or the dealer
    decides)."""
    return _line_probabilities(best_four_counts(), paytables.four_card_lines, table)


def five_card_line_probabilities(table=paytables.FIVE_CARD_PROGRESSIVE):
    """{line: probability} of a table paid on the player's five cards (the
    Five-Card progressive, Envy)."""
    return _line_probabilities(five_card_counts(), paytables.five_card_lines, table)


def aces_up_probabilities(name=paytables.DEFAULT_ACES_UP_PAYTABLE):
    return four_card_line_probabilities(paytables.aces_up_paytable(name))


def fixed_return(probabilities, table):
    """(expected net per unit wagered, {meter percent: probability}) of a
    paytable: Odds lines net their winnings, MeterShare lines are the meter's
    (their fixed part nets -1, as ``games.lab.rows.paytable_row``), and a
    hand making no line loses the wager. RTP = 1 + net."""
    net = Fraction(0)
    meter = {}
    for line, probability in probabilities.items():
        payout = table[line]
        if isinstance(payout, MeterShare):
            meter[payout.percent] = meter.get(payout.percent, 0) + probability
            net -= probability
        else:
            net += payout.winnings(1) * probability
    return net - (1 - sum(probabilities.values())), meter


def aces_up_return(name=paytables.DEFAULT_ACES_UP_PAYTABLE):
    """Exact expected net of a unit Aces Up wager on the paytable ``name``."""
    table = paytables.aces_up_paytable(name)
    return fixed_return(four_card_line_probabilities(table), table)[0]


def five_card_progressive_fixed_return():
    """(expected net of the fixed lines per unit of the $5 wager, {meter
    percent: probability}): the royal flush's 100% and the straight flush's
    10% of the meter are the meter part, paid by casino/progressives."""
    table = paytables.FIVE_CARD_PROGRESSIVE
    return fixed_return(five_card_line_probabilities(table), table)


def five_card_envy_per_other_player():
    """Expected Envy per unit of the $5 Five-Card wager for each other player
    at the table with five cards dealt: any one other hand is a uniform five
    of the deck whatever the holder's own, so each other player adds the same
    (the dealer's hand never counts)."""
    envy = paytables.FIVE_CARD_ENVY_CENTS
    probabilities = five_card_line_probabilities(envy)
    return sum(probabilities[line] * Fraction(envy[line], paytables.FIVE_CARD_WAGER_CENTS) for line in envy)


def ante_bonus_return(name=paytables.DEFAULT_ANTE_BONUS_PAYTABLE):
    """Expected Ante Bonus per unit of Ante (rule 10), exact for any strategy
    that plays every hand of three of a kind or better (both of strategy.py
    do: 3×); not a wager of its own, so no loss term."""
    table = paytables.ante_bonus_paytable(name)
    return sum(table[line].winnings(1) * p for line, p in four_card_line_probabilities(table).items())
