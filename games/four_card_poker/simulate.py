"""The lab's simulated row of Four Card Poker: Ante and Play with the Ante
Bonus under a stated Play strategy (games/four_card_poker/strategy.py), per
unit of the Ante, seeded and settled by the game's own rules
(``rules.ante_play_net``, the function the table's settler reads, on the
evaluators of games/cards/four_card.py).

Pure Python (no Django, no I/O). One player against the dealer, a fresh
52-card deck every round (rule 1): eleven cards drawn, the player's five
first, then the dealer's six with the last face up (rule 6).

Published for the same rules (Wizard of Odds, optimal strategy, Ante Bonus
25-20-2): house edge 2.78% of the Ante, 1.30% of the total wagered.
"""

import random

from games.cards import four_card
from games.four_card_poker import paytables, rules, strategy
from games.lab.rows import SIMULATION, RowSpec, RunningStats, line, simulated_row, what_if

GAME = "four_card_poker"
ANTE_PLAY = "ante_play"
DEFAULT_ROUNDS = 400_000
PUBLISHED_EDGE_OF_ANTE = 0.0278  # Wizard of Odds, optimal strategy, Ante Bonus 25-20-2
PUBLISHED_EDGE_OF_TOTAL = 0.0130


def specs():
    return [
        RowSpec(
            game=GAME,
            wager=ANTE_PLAY,
            paytable=name,
            decks=1,
            method=SIMULATION,
            title=f"Ante and Play with the Ante Bonus {name}, computed strategy",
            variant=strategy.COMPUTED,
            default_rounds=DEFAULT_ROUNDS,
        )
        for name in paytables.ANTE_BONUS_NAMES
    ]


def play_rounds(rng, count, ante_bonus, play=strategy.play_multiple, how=strategy.COMPUTED):
    """(nets, {multiple: rounds}, wagered): ``count`` seeded rounds, the net of
    each per unit of Ante, how often each Play multiple was made, and the
    total wagered (Ante plus Play) in units of Ante."""
    value_of_five, value_of_six = four_card.value_of_five, four_card.value_of_six
    settle = rules.ante_play_net
    deck = list(range(52))
    sample = rng.sample
    nets, made, wagered = [], {0: 0, 1: 0, 2: 0, 3: 0}, 0
    for _ in range(count):
        cards = sample(deck, 11)
        player, dealer = cards[:5], cards[5:]
        multiple = play(player, dealer[5], how)
        made[multiple] += 1
        wagered += 1 + multiple
        nets.append(settle(value_of_five(player), value_of_six(dealer), multiple, ante_bonus))
    return nets, made, wagered


def run(spec, *, payouts=None, rounds=None, seed=0, progress=None):
    """The EdgeRow of ``spec`` from ``rounds`` seeded deals."""
    if spec.wager != ANTE_PLAY:
        raise ValueError(f"{spec.key}: Four Card Poker simulates the Ante and Play only")
    total = rounds or spec.default_rounds
    table = what_if(paytables.ante_bonus_paytable(spec.paytable), payouts)
    rng = random.Random(seed)
    stats = RunningStats(total)
    chunk = max(1, total // 100)
    made, wagered = {0: 0, 1: 0, 2: 0, 3: 0}, 0
    done = 0
    while done < total:
        size = min(chunk, total - done)
        nets, chunk_made, chunk_wagered = play_rounds(rng, size, table, how=spec.variant or strategy.COMPUTED)
        stats.add_many(
            size,
            float(sum(nets)),
            float(sum(net * net for net in nets)),
            sum(1 for net in nets if net > 0),
        )
        for multiple, count in chunk_made.items():
            made[multiple] += count
        wagered += chunk_wagered
        done += size
        if progress:
            progress(done, total)
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
