"""Rounds per second of Ultimate Texas Hold 'Em's lab simulation (the Ante,
Blind and Play under the lab's strategy, games/ultimate_texas_holdem/simulate.py
on value_of_seven_batch) against the plain loop in the same run: the same
seeded deals and the same decisions played through the table's round
(``rules.apply``: bet, no more bets, the deal, each street's decision, the
showdown, JSON copies at every step, a hand valued at a time), both settling
alike deal by deal.

    python bench/ultimate_texas_holdem.py [--rounds 200000] [--seed 653]

Target: the simulation at least 20,000 rounds a second of CPU time (wall
time is printed too: on the shared 2-core VM it follows the load); exit
status 1 when it is missed or the two disagree on any deal.
"""

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import numpy as np  # noqa: E402

from games.cards.poker import CARDS  # noqa: E402
from games.engine import LOSE, RETURN, STAKE, WIN, Action  # noqa: E402
from games.poker import round as pr  # noqa: E402
from games.ultimate_texas_holdem import paytables, rules, simulate, strategy  # noqa: E402

TARGET = 20_000
SIGN = {STAKE: -1, RETURN: 1, WIN: 1, LOSE: 0}
# The decisions of a Play multiple the strategy chose (0: check, check, fold).
STEPS = {
    4: [(rules.PLAY, "4")],
    2: [(rules.CHECK, None), (rules.PLAY, "2")],
    1: [(rules.CHECK, None), (rules.CHECK, None), (rules.PLAY, "1")],
    0: [(rules.CHECK, None), (rules.CHECK, None), (rules.FOLD, None)],
}


def plain(decks, made):
    """The nets of the deals ``decks`` with the Play multiples ``made``, through the table's round."""
    config = rules.Config(trips=0, bad_beat=0, progressive=0, mystery=0)
    other = random.Random(0)
    nets = []
    for deck, multiple in zip(decks, made, strict=True):
        text = " ".join(str(CARDS[int(index)]) for index in deck[:9])
        state = rules.stack(rules.new_state(), config, text, other)
        moves = []
        actions = [
            Action("bet", 1, {"spot": "ante", "amount": 500}, seat=1),
            Action(pr.CLOSE_BETTING),
            Action(pr.DEAL),
        ]
        for kind, times in STEPS[int(multiple)]:
            actions.append(Action(kind, 1, {"multiple": int(times)} if times else {}, seat=1))
        for action in actions:
            outcome = rules.apply(state, action, config, other)
            state, moves = outcome.state, moves + outcome.moves
        nets.append(sum(SIGN[m.kind] * m.amount for m in moves) / 500)
    return nets


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=653)
    args = parser.parse_args(argv)
    spec = simulate.specs()[0]
    started = time.perf_counter()
    strategy.preflop_raises("A")  # the lab's pre-flop computation, once a process
    preflop = time.perf_counter() - started

    started, cpu = time.perf_counter(), time.process_time()
    row = simulate.run(spec, rounds=args.rounds, seed=args.seed)
    wall = args.rounds / (time.perf_counter() - started)
    fast = args.rounds / (time.process_time() - cpu)

    raises, _ = strategy.preflop_raises("A")
    blind = strategy.wins_by_line(paytables.blind_paytable("A"))
    decks = strategy.shuffled_decks(np.random.default_rng(args.seed), max(1, args.rounds // 100))
    nets, made, _, _ = strategy.play(decks, raises, blind)
    cpu = time.process_time()
    slow_nets = plain(decks, made)
    slow = len(decks) / (time.process_time() - cpu)
    agree = nets.tolist() == slow_nets

    print(f"the lab's pre-flop raises: {preflop:,.1f} s of wall")
    print(
        f"simulate.run: {fast:,.0f} rounds/s of CPU, {wall:,.0f} of wall ({args.rounds:,} rounds, RTP {row.rtp:.4%})"
    )
    print(
        f"through rules.apply: {slow:,.0f} rounds/s of CPU ({len(decks):,} rounds), the simulation {fast / slow:,.0f}x faster"
    )
    print(f"same nets on the same deals: {agree}; load {os.getloadavg()[0]:.1f}")
    print(f"target {TARGET:,} rounds/s: {'met' if fast >= TARGET else 'MISSED'}")
    return 0 if fast >= TARGET and agree else 1


if __name__ == "__main__":
    sys.exit(main())
