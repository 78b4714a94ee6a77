"""Seconds of Let It Ride's exact base-wager row under the optimal pull-backs
(games/let_it_ride/edge.py: the 1,755 suit classes of the three cards, the
16,432 four-card points keyed by their suit masks, the fifth cards by rank)
against the plain enumeration in the same run: for a few three-card hands,
every first and second community card dealt and valued through the same
``rules.hand_value``, then scaled to the 22,100 hands; each plain hand's
decisions (Bet 1, and Bet 2 at each of its 49 four-card points) must be the
lab's.

    python bench/let_it_ride.py [--hands 20] [--seed 643]

Target: the whole exact row in under 60 seconds; exit status 1 when it is
missed or a decision differs.
"""

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.cards.cards import cards  # noqa: E402
from games.cards.poker import CARDS  # noqa: E402
from games.let_it_ride import edge, paytables, rules  # noqa: E402
from games.three_card_poker.edge import suit_classes  # noqa: E402

TARGET_SECONDS = 60
TABLE = paytables.base_paytable(paytables.DEFAULT_BASE_PAYTABLE)


def plain(hand):
    """(ride Bet 1?, {fourth card: ride Bet 2?}) of one three-card hand, every deal valued."""
    deck = [item for item in range(52) if item not in hand]
    fours = {}
    for fourth in deck:
        total = 0
        for fifth in deck:
            if fifth != fourth:
                value = rules.hand_value(cards(" ".join(str(CARDS[c]) for c in (*hand, fourth, fifth))))
                total += paytables.base_multiple(value, TABLE)
        fours[fourth] = total
    return sum(fours.values()) > 0, {fourth: total > 0 for fourth, total in fours.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--seed", type=int, default=643)
    args = parser.parse_args()
    items = tuple(TABLE.items())

    started = time.perf_counter()
    outcomes, details, _average = edge.optimal(items)
    lab_seconds = time.perf_counter() - started
    edge_pct = -float(sum(net * p for net, p in outcomes.items())) * 100
    points, classes = edge.four_card_points(items)
    sums = edge.riding_sums(points)
    first = {edge.suit_key(hand): sum(sums[key] for _, key in fourths) > 0 for hand, _s, fourths in classes}

    rng = random.Random(args.seed)
    hands = [tuple(sorted(rng.sample(range(52), 3))) for _ in range(args.hands)]
    started = time.perf_counter()
    differ = 0
    for hand in hands:
        ride_one, fours = plain(hand)
        differ += ride_one != first[edge.suit_key(hand)]
        differ += sum(ride != (sums[edge.suit_key((*hand, fourth))] > 0) for fourth, ride in fours.items())
    per_hand = (time.perf_counter() - started) / len(hands)
    plain_seconds = per_hand * 22_100
    print(
        f"lab's exact row: {lab_seconds:.1f} s for every deal (house edge {edge_pct:.4f}% of one base wager)"
    )
    print(
        f"  {len(suit_classes()):,} three-card classes, {details['decision_points']['four_card_classes']:,} four-card points"
    )
    print(
        f"plain enumeration: {per_hand:.2f} s a three-card hand, {plain_seconds / 60:.0f} minutes for all "
        f"22,100 ({plain_seconds / lab_seconds:.0f}x slower); {differ} decisions differ over {len(hands)} hands"
    )
    print(f"load average {os.getloadavg()[0]:.1f}")
    if differ or lab_seconds > TARGET_SECONDS:
        sys.exit(1)


if __name__ == "__main__":
    main()
