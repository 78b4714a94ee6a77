"""Rounds per second of Four Card Poker's lab simulation (Ante and Play
under the computed strategy, games/four_card_poker/simulate.py) against the
plain loop in the same run: the same seeded deals played through the
table's round (``rules.apply``: bet, no more bets, the deal, the decision,
the showdown, JSON copies at every step), both settling alike.

    python bench/four_card_poker.py [--rounds 100000] [--seed 641]

Target: the simulation at least 20,000 rounds a second (issue 14); exit
status 1 when it is missed.
"""

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.cards.poker import CARDS  # noqa: E402
from games.engine import LOSE, RETURN, STAKE, WIN, Action  # noqa: E402
from games.four_card_poker import rules, simulate, strategy  # noqa: E402
from games.poker import round as pr  # noqa: E402

TARGET = 20_000
SIGN = {STAKE: -1, RETURN: 1, WIN: 1, LOSE: 0}


def plain(rounds, seed):
    """The same deals as ``simulate.play_rounds`` through the table's round."""
    rng, other = random.Random(seed), random.Random(0)  # the deals' draws; the rest of each deck
    config = rules.Config(aces_up=0, five_card_progressive=0, mystery=0)
    nets = []
    for drawn in simulate.deals(rng, rounds):
        multiple = strategy.play_multiple(drawn[:5], drawn[10])
        state = rules.stack(rules.new_state(), config, " ".join(str(CARDS[i]) for i in drawn), other)
        moves = []
        decide = (
            Action("play", 1, {"multiple": multiple}, seat=1) if multiple else Action("fold", 1, {}, seat=1)
        )
        for action in (
            Action("bet", 1, {"spot": "ante", "amount": 500}, seat=1),
            Action(pr.CLOSE_BETTING),
            Action(pr.DEAL),
            decide,
        ):
            outcome = rules.apply(state, action, config, other)
            state, moves = outcome.state, moves + outcome.moves
        nets.append(sum(SIGN[m.kind] * m.amount for m in moves) / 500)
    return nets


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=641)
    args = parser.parse_args(argv)
    table = rules.Config().ante_bonus_table
    simulate.play_rounds(
        random.Random(0), 20_000, table
    )  # warm up: the evaluators fill their tables on first use

    started = time.perf_counter()
    nets, _, _ = simulate.play_rounds(random.Random(args.seed), args.rounds, table)
    fast = args.rounds / (time.perf_counter() - started)

    baseline_rounds = max(1, args.rounds // 50)
    started = time.perf_counter()
    slow_nets = plain(baseline_rounds, args.seed)
    slow = baseline_rounds / (time.perf_counter() - started)
    same, _, _ = simulate.play_rounds(random.Random(args.seed), baseline_rounds, table)
    agree = [float(net) for net in same] == slow_nets

    print(f"simulate.play_rounds: {fast:,.0f} rounds/s ({args.rounds:,} rounds)")
    print(
        f"through rules.apply:  {slow:,.0f} rounds/s ({baseline_rounds:,} rounds), the simulation {fast / slow:,.0f}x faster"
    )
    print(f"same nets on the same deals: {agree}")
    print(f"target {TARGET:,} rounds/s: {'met' if fast >= TARGET else 'MISSED'}")
    return 0 if fast >= TARGET and agree else 1


if __name__ == "__main__":
    sys.exit(main())
