"""Rounds per second of DJ Wild Stud Poker's lab simulation (Ante, Blind and
Play under the lab's strategy, games/dj_wild_stud/simulate.py) against the
plain loop in the same run: the same seeded deals played through the table's
round (``rules.apply``: bet, no more bets, the deal, the decision, the
showdown, JSON copies at every step), both settling alike.

    python bench/dj_wild_stud.py [--rounds 100000] [--seed 687]

Target: the simulation at least 20,000 rounds a second (as Caribbean Stud's);
exit status 1 when it is missed or the two disagree.
"""

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.cards.poker import CARDS  # noqa: E402
from games.dj_wild_stud import rules, simulate, strategy  # noqa: E402
from games.engine import LOSE, RETURN, STAKE, WIN, Action  # noqa: E402
from games.poker import round as pr  # noqa: E402

TARGET = 20_000
SIGN = {STAKE: -1, RETURN: 1, WIN: 1, LOSE: 0}


def plain(rounds, seed, table):
    """The same deals as ``simulate.play_rounds`` through the table's round."""
    rng, other = random.Random(seed), random.Random(0)  # the deals' draws; the rest of each deck
    config = rules.Config(progressive=0, mystery=0)
    nets = []
    for drawn in simulate.deals(rng, rounds):
        plays = strategy.decide(drawn[:5], table)
        state = rules.stack(rules.new_state(), config, " ".join(str(CARDS[i]) for i in drawn), other)
        moves = []
        for action in (
            Action("bet", 1, {"spot": "ante", "amount": 500}, seat=1),
            Action(pr.CLOSE_BETTING),
            Action(pr.DEAL),
            Action(rules.PLAY if plays else rules.FOLD, 1, {}, seat=1),
        ):
            outcome = rules.apply(state, action, config, other)
            state, moves = outcome.state, moves + outcome.moves
        nets.append(sum(SIGN[m.kind] * m.amount for m in moves) / 500)
    return nets


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=687)
    args = parser.parse_args(argv)
    table = rules.Config().blind_table
    thresholds = strategy.thresholds(table)  # computed once, as the lab's run does

    started = time.perf_counter()
    simulate.play_rounds(random.Random(args.seed), args.rounds, table, thresholds)
    fast = args.rounds / (time.perf_counter() - started)

    baseline_rounds = max(1, args.rounds // 50)
    started = time.perf_counter()
    slow_nets = plain(baseline_rounds, args.seed, table)
    slow = baseline_rounds / (time.perf_counter() - started)
    same, _ = simulate.play_rounds(random.Random(args.seed), baseline_rounds, table, thresholds)
    agree = same == slow_nets

    print(f"simulate.play_rounds: {fast:,.0f} rounds/s ({args.rounds:,} rounds)")
    print(
        f"through rules.apply:  {slow:,.0f} rounds/s ({baseline_rounds:,} rounds), "
        f"the simulation {fast / slow:,.0f}x faster"
    )
    print(f"same nets on the same deals: {agree}; load {os.getloadavg()[0]:.1f}")
    print(f"target {TARGET:,} rounds/s: {'met' if fast >= TARGET else 'MISSED'}")
    return 0 if fast >= TARGET and agree else 1


if __name__ == "__main__":
    sys.exit(main())
