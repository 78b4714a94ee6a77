"""Rounds a second of Fortune Asia Poker's main-wager simulation: the lab's
numpy batch with its tabled house way (games/fortune_asia/simulate.py)
against the table's per-hand code on the same kind of deal, in the same run;
and the two exact counts of the progressive's seven-card lines
(games/pai_gow/seven_card_exact.py), which must agree.

    .venv/bin/python bench/fortune_asia_poker.py [--rounds 1000000] [--per-hand 50000]

- ``per hand``: ``random.sample`` of fourteen cards, ``house_way_indices``
  for both sides, their values and the two-of-three count: what a table does
  a round;
- ``batch, first run``: ``simulate.run`` in a fresh process state (the
  settings table empty), then ``batch, warm``: a second run of as many
  rounds on the filled table, another seed;
- ``exact, quick`` and ``exact, suit classes``: ``line_counts`` and
  ``line_counts_by_suit_classes``, uncached.

CPU and wall time each. Target: the first batch run at least 50,000 rounds
a second (CPU); exit status 1 when it is missed or the counts differ.
"""

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.fortune_asia import simulate  # noqa: E402
from games.fortune_asia.hands import setting_values  # noqa: E402
from games.fortune_asia.house_way import house_way_indices  # noqa: E402
from games.pai_gow import seven_card_exact  # noqa: E402

TARGET = 50_000


def timed(work):
    cpu, wall = time.process_time(), time.perf_counter()
    result = work()
    return result, time.process_time() - cpu, time.perf_counter() - wall


def per_hand(rounds, seed):
    rng = random.Random(seed)
    won = 0
    for _ in range(rounds):
        cards = rng.sample(range(53), 14)
        mine = setting_values(house_way_indices(cards[:7])[1:])
        theirs = setting_values(house_way_indices(cards[7:])[1:])
        won += sum(a > b for a, b in zip(mine, theirs, strict=True)) >= 2
    return won / rounds


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=1_000_000)
    parser.add_argument("--per-hand", type=int, default=50_000)
    args = parser.parse_args(argv)
    spec = simulate.specs()[0]
    setting = simulate.SettingValues()
    rows = []
    _, cpu, wall = timed(lambda: per_hand(args.per_hand, 1))
    rows.append(("per hand", args.per_hand, cpu, wall))
    first, cpu, wall = timed(lambda: simulate.run(spec, rounds=args.rounds, seed=1, setting=setting))
    rows.append(("batch, first run", args.rounds, cpu, wall))
    first_rate = args.rounds / cpu
    _, cpu, wall = timed(lambda: simulate.run(spec, rounds=args.rounds, seed=2, setting=setting))
    rows.append(("batch, warm", args.rounds, cpu, wall))
    for name, rounds, cpu, wall in rows:
        print(f"{name:18} {rounds:>10,} rounds  {rounds / cpu:>10,.0f}/s CPU  {rounds / wall:>10,.0f}/s wall")
    print(f"first run: RTP {first.rtp_fixed:.4%}, 99% band {first.ci99[0]:.4%}-{first.ci99[1]:.4%}")
    quick, cpu_quick, wall_quick = timed(seven_card_exact.line_counts.__wrapped__)
    slow, cpu_slow, wall_slow = timed(lambda: seven_card_exact.line_counts_by_suit_classes.__wrapped__())
    print(f"exact, quick        {cpu_quick:.1f} s CPU, {wall_quick:.1f} s wall")
    print(f"exact, suit classes {cpu_slow:.1f} s CPU, {wall_slow:.1f} s wall")
    print("counts agree" if quick == slow else f"COUNTS DIFFER: {quick} against {slow}")
    return 0 if first_rate >= TARGET and quick == slow else 1


if __name__ == "__main__":
    sys.exit(main())
