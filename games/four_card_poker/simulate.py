"""The lab's simulated row of Four Card Poker: Ante and Play with the Ante
Bonus under a stated Play strategy (games/four_card_poker/strategy.py), per
unit of the Ante, seeded and settled by the game's own rules
(``rules.ante_play_net``, the function the table's settler reads, on the
evaluators of games/cards/four_card.py).

Pure Python (no Django, no I/O). One player against the dealer, a fresh
52-card deck every round (rule 1): eleven cards drawn (``deals``), the
player's five first, then the dealer's six with the last face up (rule 6).

Published for the same rules (Wizard of Odds, optimal strategy, Ante Bonus
25-20-2): house edge 2.78% of the Ante, 1.30% of the total wagered.
"""

import random

from games.cards import four_card
from games.four_card_poker import paytables, rules, strategy
from games.lab.rows import SIMULATION, RunningStats, line, paytable_specs, simulated_row, what_if
from games.lab.simulation import chunks, fresh_deck_deals

GAME = "four_card_poker"
ANTE_PLAY = "ante_play"
DEFAULT_ROUNDS = 400_000
PUBLISHED_EDGE_OF_ANTE = 0.0278  # Wizard of Odds, optimal strategy, Ante Bonus 25-20-2
PUBLISHED_EDGE_OF_TOTAL = 0.0130


def specs():
    return paytable_specs(
        GAME,
        ANTE_PLAY,
        paytables.ANTE_BONUS_NAMES,
        "Ante and Play with the Ante Bonus {name}, computed strategy",
        method=SIMULATION,
        variant=strategy.COMPUTED,
        default_rounds=DEFAULT_ROUNDS,
    )


def decider(how=strategy.COMPUTED):
    """(best-four value, the player's five, the dealer's up card) -> 0, 1 or 3:
    ``strategy.play_multiple`` without evaluating the hand a second time."""
    if how == strategy.COMPUTED:
        return strategy.computed
    if how == strategy.BASIC:
        return lambda value, player, up: strategy.basic(value)
    if how == strategy.EXPERT:
        return lambda value, player, up: strategy.expert(value, [card >> 2 for card in player], up >> 2)
    raise ValueError(f"Four Card Poker's strategies are {', '.join(strategy.STRATEGIES)}, not {how!r}")


def deals(rng, count):
    """``count`` fresh-deck deals of eleven cards: the player's five, then the
    dealer's six, the last face up."""
    return fresh_deck_deals(rng, count, 52, 11)


def play_rounds(rng, count, ante_bonus, how=strategy.COMPUTED):
    """(nets, {multiple: rounds}, wagered): ``count`` seeded rounds, the net of
    each per unit of Ante, how often each Play multiple was made, and the
    total wagered (Ante plus Play) in units of Ante. A fold's dealer hand is
    not evaluated: it settles nothing (rule 7)."""
    value_of_five, value_of_six = four_card.value_of_five, four_card.value_of_six
    settle, decide = rules.ante_play_net, decider(how)
    nets, made, wagered = [], {0: 0, 1: 0, 2: 0, 3: 0}, 0
    for cards in deals(rng, count):
        player = cards[:5]
        mine = value_of_five(player)
        multiple = decide(mine, player, cards[10])
        made[multiple] += 1
        wagered += 1 + multiple
        nets.append(settle(mine, value_of_six(cards[5:]) if multiple else 0, multiple, ante_bonus))
    return nets, made, wagered


def run(spec, *, payouts=None, rounds=None, seed=0, progress=None):
    """The EdgeRow of ``spec`` from ``rounds`` seeded deals."""
    if spec.wager != ANTE_PLAY:
        raise ValueError(f"{spec.key}: Four Card Poker simulates the Ante and Play only")
    total = rounds or spec.default_rounds
    table = what_if(paytables.ante_bonus_paytable(spec.paytable), payouts)
    rng = random.Random(seed)
    stats = RunningStats(total)
    made, wagered = {0: 0, 1: 0, 2: 0, 3: 0}, 0
    for size in chunks(total, progress, stats=stats):
        nets, chunk_made, chunk_wagered = play_rounds(rng, size, table, spec.variant or strategy.COMPUTED)
        stats.add_nets(nets)
        for multiple, count in chunk_made.items():
            made[multiple] += count
        wagered += chunk_wagered
    edge_of_total = -stats.mean * total / wagered
    assumptions = [
        "One player against the dealer, a fresh 52-card deck every round (rule 1); the player's best four of "
        "five against the dealer's best four of six, no qualifier, the player wins ties (rules 8-9).",
        f"Play strategy: {strategy.STRATEGY_NAMES[spec.variant or strategy.COMPUTED]}.",
        f"Ante Bonus {spec.paytable} on three of a kind or better to a player who plays, whatever the dealer "
        "holds (rule 10); a fold loses the Ante.",
        f"Per unit of the Ante; the house edge of the total wagered (Ante + Play) is {edge_of_total:.2%}. "
        f"Published for optimal play with 25-20-2: {PUBLISHED_EDGE_OF_ANTE:.2%} of the Ante, "
        f"{PUBLISHED_EDGE_OF_TOTAL:.2%} of the total wagered (Wizard of Odds).",
    ]
    lines = [
        line("fold", "Fold", "Ante lost", made[0] / total),
        line("play_1", "Play 1×", "1 to 1, ties win", made[1] / total),
        line("play_3", "Play 3×", "1 to 1, ties win", made[3] / total),
    ]
    details = {"edge_of_total_wagered": edge_of_total, "average_wager": wagered / total}
    return simulated_row(spec, stats, lines=lines, assumptions=assumptions, details=details)
