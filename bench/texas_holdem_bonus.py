"""Rounds per second of Texas Hold 'Em Bonus's lab simulation (the Ante and
street wagers, games/texas_holdem_bonus/simulate.py: numpy deals, both
seven-card hands by ``seven_card.value_of_seven_batch``) under the stated
strategy and under the lab's own class table, against the baseline of the
same deals settled one at a time by the game's pure code
(``simulate.round_net``: ``rules.hand_value`` and ``rules.main_result``),
whose nets must be the same.

    python bench/texas_holdem_bonus.py [--rounds 400000] [--seed 647]

Target: the simulation at least 20,000 rounds a second (issue 16); exit
status 1 when it is missed or a deal settles differently.
"""

import argparse
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.cards import poker  # noqa: E402
from games.cards.poker import CARDS  # noqa: E402
from games.texas_holdem_bonus import simulate, strategy  # noqa: E402

TARGET = 20_000
BASELINE_ROUNDS = 20_000


def rate(rounds, run):
    started = time.perf_counter()
    run()
    return rounds / (time.perf_counter() - started)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=400_000)
    parser.add_argument("--seed", type=int, default=647)
    args = parser.parse_args(argv)
    folds = simulate.fold_table(strategy.STATED_FOLDS)
    chunks = list(simulate.deals(np.random.default_rng(args.seed), args.rounds))
    simulate.settle(chunks[0][:10], folds, poker.STRAIGHT)  # the evaluator's tables, once a process
    streets = simulate.learn_streets(np.random.default_rng(args.seed + 1), 400_000)

    stated = rate(args.rounds, lambda: [simulate.settle(cards, folds, poker.STRAIGHT) for cards in chunks])
    classes = rate(
        args.rounds, lambda: [simulate.settle(cards, folds, poker.STRAIGHT, streets) for cards in chunks]
    )
    sample = np.concatenate(chunks)[:BASELINE_ROUNDS]
    nets = simulate.settle(sample, folds, poker.STRAIGHT)[0].tolist()
    found = []

    def baseline():
        for row in sample.tolist():
            hole, dealer, board = ([CARDS[c] for c in row[a:b]] for a, b in ((0, 2), (2, 4), (4, 9)))
            found.append(simulate.round_net(hole, dealer, board)[0])

    one_at_a_time = rate(BASELINE_ROUNDS, baseline)
    same = found == nets
    print(f"numpy, stated strategy:   {stated:>10,.0f} rounds/s")
    print(f"numpy, the lab's classes: {classes:>10,.0f} rounds/s")
    print(
        f"one at a time (baseline): {one_at_a_time:>10,.0f} rounds/s ({stated / one_at_a_time:.0f}x slower)"
    )
    print(f"the {BASELINE_ROUNDS:,} baseline deals settle alike: {same}")
    return 0 if same and min(stated, classes) >= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
