"""Face Up Pai Gow's hot paths, each beside its baseline in the same run:

- the lab's main-wager simulation (games/face_up_pai_gow/simulate.py): the
  direct per-hand path (the table's own house way and solver on every hand,
  ``direct_results``) against the tabled tally (``tally``), cold (a fresh
  process: its table of rank multisets empty, numpy not imported yet) and
  warm;
- the table's "Best against this dealer" hint (``solver.best_against``: the
  21 settings scored against the dealer's set hands), per call.

    .venv/bin/python bench/face_up_pai_gow.py [--rounds 300000]

CPU time (``time.process_time``) and wall time; exits 1 if the cold tally
(so the warm one too) is under 50,000 rounds a second of CPU or the two paths
disagree on the checked deals.
"""

import argparse
import os
import random
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from games.cards.poker import CARDS  # noqa: E402
from games.face_up_pai_gow import simulate, solver  # noqa: E402
from games.pai_gow.house_way import house_way_indices  # noqa: E402

TARGET = 50_000


def timed(function, *args):
    cpu, wall = time.process_time(), time.perf_counter()
    result = function(*args)
    return result, time.process_time() - cpu, time.perf_counter() - wall


def direct(rounds, seed):
    rng = random.Random(seed)
    for _ in range(rounds):
        cards = simulate.deal(rng, 14)
        simulate.direct_results(cards[:7], cards[7:])


def check(deals, seed):
    rng = random.Random(seed)
    for _ in range(deals):
        cards = simulate.deal(rng, 14)
        if simulate.round_results(cards[:7], cards[7:]) != simulate.direct_results(cards[:7], cards[7:]):
            return False
    return True


def hints(calls, seed):
    rng = random.Random(seed)
    times = []
    for _ in range(calls):
        cards = simulate.deal(rng, 14)
        back, front = house_way_indices(cards[7:])
        dealer = (tuple(CARDS[c] for c in back), tuple(CARDS[c] for c in front))
        player = [CARDS[c] for c in cards[:7]]
        started = time.perf_counter()
        solver.best_against(player, dealer)
        times.append(time.perf_counter() - started)
    return times


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=300_000)
    parser.add_argument("--direct-rounds", type=int, default=20_000)
    args = parser.parse_args(argv)
    print("| Path | Rounds | Rounds/s (CPU) | Rounds/s (wall) |\n|---|---:|---:|---:|")
    _, cpu, wall = timed(direct, args.direct_rounds, 1)
    print(
        f"| per hand (the table's code) | {args.direct_rounds:,} | {args.direct_rounds / cpu:,.0f} | {args.direct_rounds / wall:,.0f} |"
    )
    rates = []
    for label, seed in (("tabled, cold", 2), ("tabled, warm", 3)):
        _, cpu, wall = timed(simulate.tally, random.Random(seed), args.rounds)
        rates.append(args.rounds / cpu)
        print(f"| {label} | {args.rounds:,} | {rates[-1]:,.0f} | {args.rounds / wall:,.0f} |")
    print(f"\nRank multisets tabled: {len(simulate._TABLE):,}")
    times = hints(2_000, 4)
    print(
        f"Hint (solver.best_against), 2,000 deals: median {statistics.median(times) * 1e6:,.0f} µs, "
        f"95th percentile {sorted(times)[int(len(times) * 0.95)] * 1e6:,.0f} µs (wall)"
    )
    agree = check(5_000, 5)
    print(f"Tabled and direct paths agree on 5,000 deals: {agree}")
    return 0 if agree and min(rates) >= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
