"""The lab's simulated row of DJ Wild Stud Poker: the Ante, Blind and Play
under the lab's threshold strategy (games/dj_wild_stud/strategy.py), per unit
of the Ante, seeded, each round settled by the game's own rule-9 function
(``rules.ante_blind_play_net``, which the table's settler reads too) on the
wild-card evaluator of games/cards/wild.py.

Pure Python (no Django, no I/O). One player against the dealer, a fresh
53-card deck every round (rule 1): ten cards drawn (``deals``), the player's
five, then the dealer's five (rule 6; the layout card settles nothing).

Published for the same rules (Blind 1000-50-10-9-4-3-2-1, no qualifier):
"about 3.5% of an Ante" (Stephen How, discountgambling.net, "DJ Wild
Poker", 2015; issue 15's figure).
"""

import random

from games.cards import wild
from games.dj_wild_stud import paytables, rules, strategy
from games.lab.rows import SIMULATION, RunningStats, line, paytable_specs, simulated_row, what_if
from games.lab.simulation import chunks, fresh_deck_deals

GAME = "dj_wild_stud"
ANTE_BLIND_PLAY = "ante_blind_play"
DEFAULT_ROUNDS = 2_000_000
PUBLISHED_EDGE_OF_ANTE = 0.035  # "about 3.5% of an Ante" (issue 15)
PUBLISHED_TOLERANCE = 0.005  # "about": the published figure to half a point


def specs():
    return paytable_specs(
        GAME,
        ANTE_BLIND_PLAY,
        paytables.BLIND_NAMES,
        "Ante, Blind and Play, Blind paytable {name}, the lab's threshold strategy",
        method=SIMULATION,
        variant=strategy.THRESHOLD_STRATEGY,
        default_rounds=DEFAULT_ROUNDS,
    )


def deals(rng, count):
    """``count`` fresh-deck deals of ten of the 53 cards: the player's five,
    then the dealer's five (rule 6)."""
    return fresh_deck_deals(rng, count, 53, 10)


def play_rounds(rng, count, blind_table, thresholds):
    """(nets, plays made): ``count`` seeded rounds under ``thresholds`` (one
    per number of wild cards held, ``strategy.thresholds``), each one's net per unit of
    the Ante (a fold -2, rule 7; else ``rules.ante_blind_play_net``), and how
    many made the Play. A fold's dealer hand is not evaluated: it settles nothing."""
    value_of = wild.value_indices
    settle = rules.ante_blind_play_net
    wilds = wild.WILD_INDICES
    nets, made = [], 0
    for a, b, c, d, e, f, g, h, i, j in deals(rng, count):
        mine = value_of(a, b, c, d, e)
        held = (a in wilds) + (b in wilds) + (c in wilds) + (d in wilds) + (e in wilds)
        if mine >= thresholds[held]:
            made += 1
            nets.append(float(settle(mine, value_of(f, g, h, i, j), blind_table)))
        else:
            nets.append(float(strategy.FOLD_NET))
    return nets, made


def run(spec, *, payouts=None, rounds=None, seed=0, progress=None):
    """The EdgeRow of the Ante, Blind and Play from ``rounds`` seeded deals."""
    if spec.wager != ANTE_BLIND_PLAY:
        raise ValueError(f"{spec.key}: DJ Wild Stud simulates the Ante, Blind and Play only")
    total = rounds or spec.default_rounds
    table = what_if(paytables.blind_paytable(spec.paytable), payouts)
    thresholds = strategy.thresholds(table)
    rng = random.Random(seed)
    stats = RunningStats(total)
    made = 0
    for size in chunks(total, progress, stats=stats):
        nets, chunk_made = play_rounds(rng, size, table, thresholds)
        stats.add_nets(nets)
        made += chunk_made
    wagered = 2 * total + paytables.PLAY_MULTIPLE * made
    edge_of_total = -stats.mean * total / wagered
    assumptions = [
        "One player against the dealer, a fresh 53-card deck every round, the four deuces and the joker "
        "wild (rules 1-3); no dealer qualifier (rule 8); Ante, Blind and Play by rule 9's table.",
        f"Strategy, the lab's own (games/dj_wild_stud/strategy.py): {strategy.describe(table)}.",
        "Per unit of the Ante (the Blind is a second unit, the Play two more); RTP = 1 + the mean net per "
        f"Ante unit. The element of risk (house edge of the average total wagered) is {edge_of_total:.3%}. "
        f"Published for the same rules: about {PUBLISHED_EDGE_OF_ANTE:.1%} of the Ante.",
        paytables.BLIND_SOURCE + ".",
    ]
    lines = [
        line("fold", "Fold", "Ante and Blind lost", 1 - made / total),
        line("play", "Play 2×", "Ante and Play 1 to 1, the Blind by its paytable", made / total),
    ]
    details = {"element_of_risk": edge_of_total, "average_wager": wagered / total, "play_rate": made / total}
    return simulated_row(spec, stats, lines=lines, assumptions=assumptions, details=details)
