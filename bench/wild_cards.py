"""Hands per second of the wild-card evaluator (games/cards/wild.py) against
the naive evaluator (games/cards/wild_naive.py: each wild card tried as every
card) in the same run, on the same seeded random hands of the 53-card deck,
both valuing every hand alike; then the lab's path: all C(53,5) = 2,869,685
hands enumerated by ``wild.category_counts`` (the lab's exact rows read it),
with the plain loop calling ``wild.value_indices`` on each hand for comparison.

    python bench/wild_cards.py [--hands 20000] [--seed 687] [--full-naive]

``--full-naive`` also values every one of the 2,869,685 hands with the naive
evaluator (10 minutes or more: about 100 million readings of wild cards) and checks its category counts, natural and wild
apart from three of a kind up, against ``category_counts``: the whole check
that tests/test_wild_cards.py makes class by class in make test.

Target (issue 15): at least 1,000,000 hands a second on the lab's path; exit
status 1 when it is missed or the two evaluators disagree.
"""

import argparse
import os
import random
import sys
import time
from itertools import combinations

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.cards import wild  # noqa: E402
from games.cards.wild_naive import naive_hand  # noqa: E402

TARGET = 1_000_000


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=687)
    parser.add_argument(
        "--full-naive", action="store_true", help="every hand through the naive evaluator too"
    )
    args = parser.parse_args()
    rng = random.Random(args.seed)
    hands = [rng.sample(range(53), 5) for _ in range(args.hands)]

    start = time.perf_counter()
    naive = [naive_hand(hand) for hand in hands]
    naive_seconds = time.perf_counter() - start
    value_of = wild.value_indices
    start = time.perf_counter()
    fast = [value_of(*hand) for hand in hands]
    fast_seconds = time.perf_counter() - start
    disagree = sum(1 for a, b in zip(naive, fast, strict=True) if a != b)

    start = time.perf_counter()
    count = sum(wild.category_counts().values())
    lab_seconds = time.perf_counter() - start
    lab_rate = count / lab_seconds
    start = time.perf_counter()
    for hand in combinations(range(53), 5):
        value_of(*hand)
    loop_seconds = time.perf_counter() - start
    print(
        f"random hands: naive {len(hands) / naive_seconds:,.0f}/s, fast {len(hands) / fast_seconds:,.0f}/s "
        f"(x{naive_seconds / fast_seconds:,.0f}); {disagree} disagree"
    )
    print(
        f"lab path: {count:,} hands in {lab_seconds:.2f} s = {lab_rate:,.0f} hands/s "
        f"(target {TARGET:,}); the plain loop {count / loop_seconds:,.0f} hands/s; load {os.getloadavg()[0]:.1f}"
    )
    full_ok = True
    if args.full_naive:
        full_ok = full_naive_check()
    return 0 if not disagree and lab_rate >= TARGET and full_ok else 1


def full_naive_check():
    """Every hand through the naive evaluator, counted as ``category_counts`` counts."""
    start = time.perf_counter()
    counts = {}
    for hand in combinations(range(53), 5):
        kind = naive_hand(hand) >> 20
        natural = wild.trips_reading(hand)[1] if kind >= wild.THREE_OF_A_KIND else not wild.wilds_in(hand)
        counts[(kind, natural)] = counts.get((kind, natural), 0) + 1
    seconds = time.perf_counter() - start
    same = counts == wild.category_counts()
    print(f"naive, every hand: {sum(counts.values()):,} hands in {seconds:,.0f} s; the same counts: {same}")
    return same


if __name__ == "__main__":
    sys.exit(main())
