"""Rounds a second of Six-Card Fortune Pai Gow's main-wager simulation: the
lab's numpy batch (games/six_card_fortune_pai_gow/simulate.py) against the
table's per-hand code on the same kind of deal, in the same run, and the
exact enumeration of all C(53, 6) hands.

    .venv/bin/python bench/six_card_pai_gow.py [--rounds 1000000]

Each line is the best of ``--repeat`` passes, CPU and wall time:

- ``per hand``: ``random.sample`` of twelve cards, ``house_way_indices`` for
  both sides and ``settlement.main_result``: what a table does a round;
- ``batch``: ``simulate.deal`` and ``simulate.play`` on 100,000-round chunks;
- ``enumeration``: ``edge.line_counts`` (uncached), every six-card hand.

Target: the batch at least 50,000 rounds a second (CPU); exit status 1 when
it is missed.
"""

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import numpy as np  # noqa: E402

from games.six_card_fortune_pai_gow import edge, simulate  # noqa: E402
from games.six_card_fortune_pai_gow.house_way import house_way_indices  # noqa: E402
from games.six_card_fortune_pai_gow.settlement import main_result  # noqa: E402

TARGET = 50_000


def timed(work):
    cpu, wall = time.process_time(), time.perf_counter()
    work()
    return time.process_time() - cpu, time.perf_counter() - wall


def per_hand(rounds, seed):
    rng = random.Random(seed)
    deck = range(53)
    for _ in range(rounds):
        cards = rng.sample(deck, 12)
        player = house_way_indices(tuple(cards[:6]))[:2]
        dealer = house_way_indices(tuple(cards[6:]))[:2]
        main_result(player, dealer)


def batched(rounds, seed):
    rng = np.random.default_rng(seed)
    done = 0
    while done < rounds:
        size = min(simulate.CHUNK, rounds - done)
        simulate.play(simulate.deal(rng, size))
        done += size


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=1_000_000)
    parser.add_argument("--per-hand-rounds", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=670)
    args = parser.parse_args(argv)
    rows = []
    for name, rounds, work in (
        ("per hand (the table's code)", args.per_hand_rounds, per_hand),
        ("batch (the lab's path)", args.rounds, batched),
    ):
        best = min(
            (timed(lambda w=work, n=rounds: w(n, args.seed)) for _ in range(args.repeat)), key=lambda t: t[0]
        )
        rows.append((name, rounds / best[0], rounds / best[1]))
    cpu, wall = timed(lambda: edge.line_counts.__wrapped__())
    print("| Path | Rounds/s (CPU) | Rounds/s (wall) |\n|---|---:|---:|")
    for name, by_cpu, by_wall in rows:
        print(f"| {name} | {by_cpu:,.0f} | {by_wall:,.0f} |")
    print(f"\nEnumeration of the C(53, 6) = {edge.HANDS:,} hands: {cpu:.1f} s CPU, {wall:.1f} s wall.")
    return 0 if rows[1][1] >= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
