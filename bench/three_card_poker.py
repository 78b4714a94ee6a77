"""The exact Three Card Poker Ante/Play row (Q-6-4 strategy) of the lab: how
long it takes from nothing, against two baselines in the same run.

    python bench/three_card_poker.py

- the lab's way (games/three_card_poker/edge.py): the 1,755 suit classes of
  the player's hand, each against the dealer's 18,424 hands counted by
  inclusion–exclusion and bisection, never dealt; timed cold (the classes and
  the sorted value lists built inside the timing);
- without suit symmetry: the same counting for all 22,100 player hands
  (both countings timed warm, best of three, against each other);
- brute force: every dealer hand of the 49 cards left valued with
  ``three_card.value_indices`` for ``--sample`` player hands, extrapolated to
  all 22,100 × 18,424 pairs (what the row would cost dealt out).

All three give the same figures (the first two are checked equal exactly,
the brute force on its sample). Target: the lab's row in under 60 seconds on
this machine (issue 14); exit status 1 when it is missed.
"""

import argparse
import os
import random
import sys
import time
from collections import Counter
from fractions import Fraction
from itertools import combinations

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.cards import three_card  # noqa: E402
from games.three_card_poker import edge, paytables  # noqa: E402

TARGET_SECONDS = 60


def cold_row():
    for cached in (edge.ante_play_outcomes, edge.suit_classes, edge.dealer_tables):
        cached.cache_clear()
    started = time.perf_counter()
    outcomes, play = edge.ante_play_outcomes(tuple(paytables.ANTE_BONUS.items()))
    return time.perf_counter() - started, outcomes, play


def counting(hands, repeat=3):
    """Best of ``repeat`` passes of the counting alone (the sorted value lists built already)."""
    edge.dealer_tables()
    best = None
    for _ in range(repeat):
        started = time.perf_counter()
        outcomes, play = edge.ante_play_counts(paytables.ANTE_BONUS, hands)
        seconds = time.perf_counter() - started
        best = seconds if best is None else min(best, seconds)
    return best, outcomes, play


def brute_force(sample, seed):
    """(seconds for all pairs, extrapolated; the sample's mean net per Ante) by dealing every dealer hand."""
    rng = random.Random(seed)
    players = rng.sample(list(combinations(range(52), 3)), sample)
    value_of = three_card.value_indices
    started = time.perf_counter()
    total, pairs = Fraction(0), 0
    for hand in players:
        mine = value_of(*hand)
        if mine < edge.Q64:
            total += -edge.DEALER_HANDS
            pairs += edge.DEALER_HANDS
            continue
        won = paytables.lookup(paytables.ANTE_BONUS, paytables.three_card_lines(mine, None))
        extra = won[1].winnings(1) if won else 0
        rest = [card for card in range(52) if card not in hand]
        nets = Counter()
        for dealer in combinations(rest, 3):
            theirs = value_of(*dealer)
            if theirs < three_card.QUEEN_HIGH:
                nets[1] += 1
            elif mine > theirs:
                nets[2] += 1
            elif mine == theirs:
                nets[0] += 1
            else:
                nets[-2] += 1
        total += sum((net + extra) * count for net, count in nets.items())
        pairs += edge.DEALER_HANDS
    seconds = time.perf_counter() - started
    return seconds * three_card.HANDS / sample, total / pairs


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sample", type=int, default=200, help="player hands dealt out by brute force")
    parser.add_argument("--seed", type=int, default=649)
    args = parser.parse_args()

    seconds, outcomes, play = cold_row()
    mean = float(sum(net * p for net, p in outcomes.items()))
    print(
        f"lab row (suit classes, cold): {seconds:6.2f} s   house edge {-mean:.4%} of the Ante, "
        f"{-mean / (1 + float(play)):.4%} of the total wagered, plays {float(play):.2%}"
    )
    classes_seconds, _, _ = counting(edge.suit_classes())
    print(f"  of which counting, 1,755 classes: {classes_seconds:6.3f} s")
    plain_seconds, plain_outcomes, plain_play = counting([(hand, 1) for hand in combinations(range(52), 3)])
    assert (plain_outcomes, plain_play) == (outcomes, play), "the suit classes change the figures"
    print(f"  counting all 22,100 hands instead: {plain_seconds:6.3f} s   same figures")
    brute_seconds, sample_mean = brute_force(args.sample, args.seed)
    print(
        f"brute force (extrapolated):   {brute_seconds:7.1f} s   from {args.sample} hands dealt out "
        f"(sample mean {float(sample_mean):+.4f} per Ante)"
    )
    print(f"speed-up over brute force: {brute_seconds / seconds:,.0f}×")
    if seconds > TARGET_SECONDS:
        print(f"MISSED: the row took {seconds:.1f} s, the target is {TARGET_SECONDS} s")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
