"""Rounds per second of Crazy 4 Poker's lab simulation (Ante, Play and Super
Bonus under the stated strategy, games/crazy_4_poker/simulate.py) against two
baselines in the same run: the same loop drawing each round's ten cards with
``random.sample`` (as it first did), and the same deals played through the
table's round (``rules.apply``: bet, no more bets, the deal, the decision,
the showdown), whose chips are checked to net what the simulation nets.

    python bench/crazy_4_poker.py [--rounds 200000] [--seed 657]

Target: the simulation at least 20,000 rounds a second (issue 14); exit
status 1 when it is missed or a deal settles differently.
"""

import argparse
import os
import random
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.cards import four_card  # noqa: E402
from games.cards.poker import CARDS  # noqa: E402
from games.crazy_4_poker import paytables, rules, simulate, strategy  # noqa: E402
from games.engine import LOSE, RETURN, STAKE, WIN, Action  # noqa: E402
from games.lab.rows import RunningStats  # noqa: E402
from games.poker import round as pr  # noqa: E402

TARGET = 20_000
SIGN = {STAKE: -1, RETURN: 1, WIN: 1, LOSE: 0}


def sampled(rounds, seed):
    """The simulation's settlement on ``random.sample`` draws (the baseline)."""
    rng, deck = random.Random(seed), tuple(range(52))
    draws = (rng.sample(deck, 10) for _ in range(rounds))
    simulate.play(draws, paytables.SUPER_BONUS, RunningStats(rounds), rounds)


def through_rules(deals):
    """Each deal played through ``rules.apply``; (nets per Ante, agree with round_net)."""
    config = rules.Config(queens_up=0, five_card_progressive=0, mystery=0)
    other, agree = random.Random(0), True
    for cards in deals:
        state = rules.stack(rules.new_state(), config, " ".join(str(CARDS[i]) for i in cards), other)
        player, dealer = four_card.value_of_five(cards[:5]), four_card.value_of_five(cards[5:])
        multiple = strategy.play_multiple_of_value(player)
        decide = Action("play", 1, {"multiple": multiple}, seat=1) if multiple else Action("fold", 1, seat=1)
        moves = []
        for action in (
            Action("bet", 1, {"spot": "ante", "amount": 500}, seat=1),
            Action(pr.CLOSE_BETTING),
            Action(pr.DEAL),
            decide,
        ):
            outcome = rules.apply(state, action, config, other)
            state, moves = outcome.state, moves + outcome.moves
        net = sum(SIGN[m.kind] * m.amount for m in moves) / 500
        agree = agree and net == simulate.round_net(player, dealer)[0]
    return agree


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=657)
    args = parser.parse_args(argv)
    spec = simulate.specs()[0]
    simulate.run(spec, rounds=20_000, seed=0)  # warm up: the evaluators fill their tables on first use

    started, cpu = time.perf_counter(), time.process_time()
    simulate.run(spec, rounds=args.rounds, seed=args.seed)
    fast, fast_cpu = (
        args.rounds / (time.perf_counter() - started),
        args.rounds / (time.process_time() - cpu),
    )

    started = time.perf_counter()
    sampled(args.rounds // 4, args.seed)
    plain = args.rounds // 4 / (time.perf_counter() - started)

    few = max(1, args.rounds // 100)
    deals = list(simulate.deals(np.random.default_rng(args.seed), few))
    started = time.perf_counter()
    agree = through_rules(deals)
    slow = few / (time.perf_counter() - started)

    print(f"load average {os.getloadavg()[0]:.1f}")
    print(
        f"simulate.run (numpy shuffles): {fast:,.0f} rounds/s wall, {fast_cpu:,.0f} of CPU ({args.rounds:,})"
    )
    print(
        f"random.sample draws:           {plain:,.0f} rounds/s ({args.rounds // 4:,}), {fast / plain:.1f}x slower"
    )
    print(f"through rules.apply:           {slow:,.0f} rounds/s ({few:,}), {fast / slow:,.0f}x slower")
    print(f"same nets on the same deals: {agree}")
    print(f"target {TARGET:,} rounds/s: {'met' if fast >= TARGET else 'MISSED'}")
    return 0 if fast >= TARGET and agree else 1


if __name__ == "__main__":
    sys.exit(main())
