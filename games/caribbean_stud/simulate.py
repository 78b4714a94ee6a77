"""The lab's simulated row of Caribbean Stud Poker: the Ante and the Bet
under the basic strategy (games/caribbean_stud/strategy.py), per unit of the
Ante, seeded, each round settled by the game's own rule-8 function
(``rules.ante_bet_net``, which the table's settler reads too) on the
evaluator of games/cards/best_five.py.

Pure Python (no Django, no I/O). One player against the dealer, a fresh
52-card deck every round (rule 1): ten cards drawn (``deals``), the player's
five first, then the dealer's four hole cards and the face-up card (rule 5).

Published for the same rules (Bet 100-50-20-7-5-4-3-2-1, A-K qualifier):
house edge 5.224% of the Ante under the optimal strategy, element of risk
2.555% (the edge over the average total wagered); 5.225% of the Ante under the
rules of thumb strategy.py follows (issue 15's figures; Grochowski gives
about 5.23% and 2.56% for it).
"""

import random

from games.cards import best_five
from games.caribbean_stud import paytables, rules, strategy
from games.lab.rows import SIMULATION, RunningStats, line, paytable_specs, simulated_row, what_if
from games.lab.simulation import chunks, fresh_deck_deals

GAME = "caribbean_stud"
ANTE_BET = "ante_bet"
DEFAULT_ROUNDS = 2_000_000
PUBLISHED_EDGE_OF_ANTE = 0.05224  # optimal strategy (issue 15)
PUBLISHED_EDGE_OF_ANTE_BASIC = 0.05225  # the rules of thumb (issue 15)
PUBLISHED_ELEMENT_OF_RISK = 0.02555  # optimal strategy (issue 15; Grochowski: about 2.56% for the basic)


def specs():
    return paytable_specs(
        GAME,
        ANTE_BET,
        paytables.BET_NAMES,
        "Ante and Bet, Bet paytable {name}, basic strategy",
        method=SIMULATION,
        variant=strategy.BASIC,
        default_rounds=DEFAULT_ROUNDS,
    )


def deals(rng, count):
    """``count`` fresh-deck deals of ten cards: the player's five, then the
    dealer's four hole cards and the face-up card last (rule 5)."""
    return fresh_deck_deals(rng, count, 52, 10)


def play_rounds(rng, count, bet_table, decide=strategy.decide):
    """(nets, bets made): ``count`` seeded rounds, each one's net per unit of
    the Ante (a fold -1, rule 6; else ``rules.ante_bet_net``), and how many
    made the Bet. A fold's dealer hand is not evaluated: it settles nothing."""
    value_of = best_five.best_five_value_indices
    settle = rules.ante_bet_net
    nets, made = [], 0
    for cards in deals(rng, count):
        player = cards[:5]
        mine = value_of(player)
        if decide(mine, player, cards[9]):
            made += 1
            nets.append(float(settle(mine, value_of(cards[5:]), bet_table)))
        else:
            nets.append(-1.0)
    return nets, made


def run(spec, *, payouts=None, rounds=None, seed=0, progress=None):
    """The EdgeRow of the Ante and Bet from ``rounds`` seeded deals."""
    if spec.wager != ANTE_BET:
        raise ValueError(f"{spec.key}: Caribbean Stud simulates the Ante and Bet only")
    total = rounds or spec.default_rounds
    table = what_if(paytables.bet_paytable(spec.paytable), payouts)
    rng = random.Random(seed)
    stats = RunningStats(total)
    made = 0
    for size in chunks(total, progress, stats=stats):
        nets, chunk_made = play_rounds(rng, size, table)
        stats.add_nets(nets)
        made += chunk_made
    wagered = total + paytables.BET_MULTIPLE * made
    edge_of_total = -stats.mean * total / wagered
    assumptions = [
        "One player against the dealer, a fresh 52-card deck every round (rule 1); the dealer qualifies with "
        "ace-king or better (rule 7); Ante and Bet by rule 8's table.",
        f"Strategy: {strategy.STRATEGY_NAMES[strategy.BASIC]}.",
        f"Per unit of the Ante; the element of risk (house edge of the average total wagered, Ante + Bet) is "
        f"{edge_of_total:.3%}. Published for the same rules: {PUBLISHED_EDGE_OF_ANTE:.3%} of the Ante "
        f"(element of risk {PUBLISHED_ELEMENT_OF_RISK:.3%}) under the optimal strategy, "
        f"{PUBLISHED_EDGE_OF_ANTE_BASIC:.3%} under these rules of thumb.",
        paytables.BET_SOURCE + ".",
    ]
    lines = [
        line("fold", "Fold", "Ante lost", 1 - made / total),
        line("bet", "Bet 2×", "by the Bet paytable", made / total),
    ]
    details = {"element_of_risk": edge_of_total, "average_wager": wagered / total, "bet_rate": made / total}
    return simulated_row(spec, stats, lines=lines, assumptions=assumptions, details=details)
