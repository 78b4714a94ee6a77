"""Caribbean Stud Poker's figures: the progressive's fixed part exactly, by
enumerating all 2,598,960 five-card hands of the player through the game's
own evaluator (games/cards/best_five.py); the Ante and Bet under the basic
strategy (strategy.py) simulated, seeded, each round settled by the game's own
rule-8 function (``rules.ante_bet_net``, which the table's settler reads too).

Pure Python (no Django, no I/O). The lab's rows (``specs``/``compute``, the
shape games/lab/__init__.py states), ready for the game's registration.

Published for the same rules (Bet 100-50-20-7-5-4-3-2-1, A-K qualifier):
house edge 5.224% of the Ante under the optimal strategy, element of risk
2.555% (the edge over the average total wagered); 5.225% of the Ante under the
rules of thumb strategy.py follows (issue 15's figures; Grochowski gives
about 5.23% and 2.56% for it).
"""

import random
from functools import cache

from games.cards import best_five
from games.caribbean_stud import paytables, rules, strategy
from games.four_card_poker.edge import five_card_line_probabilities
from games.lab.rows import (
    EXACT,
    SIMULATION,
    RowSpec,
    RunningStats,
    line,
    paytable_row,
    simulated_row,
    what_if,
)

GAME = "caribbean_stud"
MYSTERY = True  # § 639c.1: the Must-Hit-By Mystery bonus is offered with the progressive
ANTE_BET = "ante_bet"
PROGRESSIVE = "progressive"
DEFAULT_ROUNDS = 2_000_000
PUBLISHED_EDGE_OF_ANTE = 0.05224  # optimal strategy (issue 15)
PUBLISHED_EDGE_OF_ANTE_BASIC = 0.05225  # the rules of thumb (issue 15)
PUBLISHED_ELEMENT_OF_RISK = 0.02555  # optimal strategy (issue 15; Grochowski: about 2.56% for the basic)

# -- the progressive, exact ---------------------------------------------------------------


@cache
def progressive_probabilities(name=paytables.DEFAULT_PROGRESSIVE_PAYTABLE):
    """{line: probability} of the progressive table ``name`` on the player's
    five cards (rule 9), every five-card hand equally likely (one deck, rule 1);
    the counts are Four Card Poker's enumeration of the same 2,598,960 hands."""
    return five_card_line_probabilities(paytables.progressive_paytable(name))


def progressive_row(spec, table):
    return paytable_row(
        spec,
        five_card_line_probabilities(table),
        table,
        paytables.LINE_NAMES,
        assumptions=[
            "One 52-card deck; each of the 2,598,960 five-card hands of the player equally likely (rules 1, 9).",
            "The player's five cards as a poker hand, whatever the dealer holds or whether the dealer "
            "qualifies; fixed lines 'for 1', the $1 collected at no more bets; only the highest line pays.",
            "Forfeited with a fold (rule 6): exact for any strategy that makes the Bet with a flush or "
            "better (the basic strategy bets every pair and better).",
            paytables.PROGRESSIVE_SOURCE + ".",
        ],
    )


# -- the Ante and the Bet, simulated ------------------------------------------------------


def deals(rng, count):
    """``count`` fresh-deck deals of ten cards (the player's five, then the
    dealer's four hole cards and the face-up card last, rule 5), each uniform
    over the 52: a partial Fisher-Yates shuffle of the first ten places, on
    ``rng.random``."""
    deck = list(range(52))
    rand = rng.random
    places = [(i, 52 - i) for i in range(10)]
    for _ in range(count):
        for i, left in places:
            j = i + int(rand() * left)
            deck[i], deck[j] = deck[j], deck[i]
        yield deck[:10]


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
    chunk = max(1, total // 100)
    made = done = 0
    while done < total:
        size = min(chunk, total - done)
        nets, chunk_made = play_rounds(rng, size, table)
        stats.add_many(size, sum(nets), sum(net * net for net in nets), sum(1 for net in nets if net > 0))
        made += chunk_made
        done += size
        if progress:
            progress(done, total)
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


# -- the lab's rows -------------------------------------------------------------------------


def specs():
    return [
        *[
            RowSpec(
                game=GAME,
                wager=ANTE_BET,
                paytable=name,
                decks=1,
                method=SIMULATION,
                title=f"Ante and Bet, Bet paytable {name}, basic strategy",
                variant=strategy.BASIC,
                default_rounds=DEFAULT_ROUNDS,
            )
            for name in paytables.BET_NAMES
        ],
        *[
            RowSpec(
                game=GAME,
                wager=PROGRESSIVE,
                paytable=name,
                decks=1,
                method=EXACT,
                title=f"Progressive ($1), paytable {name}",
                meter=(rules.PROGRESSIVE_KIND, "", 1),
            )
            for name in paytables.PROGRESSIVE_NAMES
        ],
    ]


def paytable_lines(spec):
    """The lines a designer may change on the simulated row: the Bet paytable's."""
    if spec.wager != ANTE_BET:
        return []
    table = paytables.bet_paytable(spec.paytable)
    return [
        line(key, f"Bet, {paytables.LINE_NAMES[key].lower()}", payout, None) for key, payout in table.items()
    ]


def compute(spec, *, payouts=None, rounds=None, seed=0, progress=None):
    if spec.wager == ANTE_BET:
        return run(spec, payouts=payouts, rounds=rounds, seed=seed, progress=progress)
    if spec.wager == PROGRESSIVE:
        return progressive_row(
            spec, what_if(paytables.progressive_paytable(spec.paytable), payouts, meter=True)
        )
    raise ValueError(f"Caribbean Stud has no row for the wager {spec.wager!r}")
