"""Seconds of Mississippi Stud's exact optimal-strategy row (the backward
induction over the three streets, games/mississippi_stud/strategy.py, numpy
bincounts over every card subset) against the plain induction in the same run:
for a few two-card starts, every 3rd, 4th and 5th card enumerated in Python
through the same ``rules.hand_value``, then scaled to the 1,326 starts; the
plain induction's 3rd Street choice must be the numpy one's for each start.

    python bench/mississippi_stud.py [--starts 3] [--seed 655]

Target: the whole numpy induction in under 60 seconds; exit status 1 when
it is missed or a choice differs.
"""

import argparse
import os
import random
import sys
import time
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.cards.poker import CARDS  # noqa: E402
from games.mississippi_stud import paytables, rules, strategy  # noqa: E402

TARGET_SECONDS = 60
TABLE = paytables.base_paytable(paytables.DEFAULT_BASE_PAYTABLE)


def net(cards, known={}):  # noqa: B006 (a cache of the five-card nets, on purpose)
    key = frozenset(cards)
    if key not in known:
        won = rules.base_payout(rules.hand_value([str(CARDS[c]) for c in cards]), TABLE)
        known[key] = Fraction(-1) if won is None else Fraction(0) if won[1] is None else won[1].winnings(1)
    return known[key]


def best(values):
    top = max(values.values())
    return max(b for b, value in values.items() if value == top)


def plain_choice(start):
    deck = [card for card in range(52) if card not in start]
    means = {}
    for third in deck:
        for card in deck:
            if card != third:
                last = [c for c in deck if c not in (third, card)]
                means[third, card] = sum(net((*start, third, card, other)) for other in last) / 48
    values = {0: Fraction(-1)}
    for b in strategy.MULTIPLES:
        units, total = 1 + b, Fraction(0)
        for third in deck:
            options = [Fraction(-units)]
            for c in strategy.MULTIPLES:
                after = units + c
                options.append(
                    sum(
                        max([-after] + [means[third, card] * (after + d) for d in strategy.MULTIPLES])
                        for card in deck
                        if card != third
                    )
                    / 49
                )
            total += max(options)
        values[b] = total / 50
    return best(values)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--starts", type=int, default=3)
    parser.add_argument("--seed", type=int, default=655)
    args = parser.parse_args()
    began = time.perf_counter()
    solved = strategy.solve(TABLE)
    numpy_seconds = time.perf_counter() - began
    rng = random.Random(args.seed)
    began = time.perf_counter()
    differ = 0
    for _ in range(args.starts):
        start = tuple(sorted(rng.sample(range(52), 2)))
        if plain_choice(start) != strategy.decide(start, 1, solved):
            differ += 1
    plain_seconds = (time.perf_counter() - began) / args.starts * 1_326
    print(f"load average {os.getloadavg()[0]:.1f}")
    print(f"numpy induction, every start: {numpy_seconds:.1f} s; house edge {float(solved.house_edge):.4%}")
    print(f"plain induction: {plain_seconds / 1_326:.1f} s a start, {plain_seconds / 60:.0f} min for 1,326")
    print(f"ratio {plain_seconds / numpy_seconds:.0f}x; choices differing: {differ} of {args.starts}")
    return 1 if differ or numpy_seconds > TARGET_SECONDS else 0


if __name__ == "__main__":
    sys.exit(main())
