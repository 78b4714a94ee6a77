"""Seven-card hands valued per second: games/cards/seven_card.py, one hand
at a time and in numpy batches, against today's best_five.value_of_seven and
the fastest evaluators on PyPI, eval7 and phevaluator, in the same run.

    make bench-seven-card      (python bench/seven_card.py)

eval7 and phevaluator are bench-only (bench/requirements.txt, which the make
target installs; the games never import them). Without them the PyPI rows
are left out and the figures of issue 16 are the comparison.

Random hands from the 52-card deck (``--seed``) are drawn before any timing,
and each evaluator gets them as it takes them: card indices for ours and
phevaluator's ``evaluate_cards(*cards)`` (same rank order, rank * 4 + suit;
the suits are named in another order, which changes no hand's rank), lists
of ``eval7.Card`` for ``eval7.evaluate``, one (n, 7) uint8 array for the
batch. The per-hand loops call each evaluator directly. ``--repeat`` passes
take turns evaluator by evaluator, so that a load coming and going touches
all alike; each line is the median pass, in CPU time (``time.process_time``:
what this process got of a shared machine) and in wall time.

Before timing, the values of ours are checked to order ``--check-hands``
hands exactly as eval7 and phevaluator do (exit status 2 if not). Targets
(exit status 1 when one is missed): the batch, and the one-hand path, each
at least as fast as the fastest PyPI evaluator's one-hand call, in CPU time.
"""

import argparse
import os
import statistics
import sys
import time
from importlib.metadata import version

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.cards import best_five, seven_card  # noqa: E402
from games.cards.poker import CARDS  # noqa: E402

try:
    import eval7
except ImportError:  # the bench-only requirements are not installed
    eval7 = None
try:
    from phevaluator import evaluate_cards
except ImportError:
    evaluate_cards = None

ISSUE_FIGURES = "issue 16: eval7 about 2.0 M hands/s, phevaluator about 1.1 M/s on this machine"


def random_hands(count, seed, size=7):
    """(count, size) uint8 card indices, distinct cards a row."""
    rng = np.random.default_rng(seed)
    hands = np.empty((count, size), dtype=np.uint8)
    for start in range(0, count, 100_000):
        stop = min(count, start + 100_000)
        hands[start:stop] = np.argsort(rng.random((stop - start, 52)), axis=1)[:, :size]
    return hands


def eval7_cards(hands):
    # eval7 names a card "As", "Td": our rank letter and the suit in lower case.
    deck = [eval7.Card(str(CARDS[index])[0] + str(CARDS[index])[1].lower()) for index in range(52)]
    return [[deck[card] for card in hand] for hand in hands]


# --- the timed loops: each calls its evaluator directly ------------------------


def loop_seven_card(hands):
    value_of_seven = seven_card.value_of_seven
    for hand in hands:
        value_of_seven(hand)


def loop_best_five(hands):
    value_of_seven = best_five.value_of_seven
    for hand in hands:
        value_of_seven(hand)


def loop_eval7(hands):
    evaluate = eval7.evaluate
    for hand in hands:
        evaluate(hand)


def loop_phevaluator(hands):
    evaluate = evaluate_cards
    for hand in hands:
        evaluate(*hand)


def timed(function, argument):
    started_cpu, started_wall = time.process_time(), time.perf_counter()
    function(argument)
    return time.process_time() - started_cpu, time.perf_counter() - started_wall


# --- the same order -----------------------------------------------------------------


def check_same_order(ours, theirs, label):
    """Exit 2 unless ``ours`` and ``theirs`` order the hands alike (``theirs``
    higher-better): one of ours to one of theirs, rising together."""
    ours = np.asarray(ours, dtype=np.int64)
    theirs = np.asarray(theirs, dtype=np.int64)
    order = np.lexsort((theirs, ours))
    ours, theirs = ours[order], theirs[order]
    ours_step, theirs_step = np.diff(ours), np.diff(theirs)
    if np.any((ours_step == 0) != (theirs_step == 0)) or np.any(theirs_step < 0):
        sys.exit(f"seven_card and {label} order the hands differently")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=200_000, help="hands a per-hand pass (200000)")
    parser.add_argument("--batch-hands", type=int, default=2_000_000, help="hands a batch (2000000)")
    parser.add_argument("--check-hands", type=int, default=1_000_000, help="hands checked (1000000)")
    parser.add_argument("--repeat", type=int, default=7, help="passes; the median counts (7)")
    parser.add_argument("--seed", type=int, default=16)
    args = parser.parse_args(argv)

    started = time.perf_counter()
    seven_card.value_of_seven((0, 1, 2, 3, 4, 5, 6))
    print(f"seven_card's rank table built on the first hand in {time.perf_counter() - started:.2f} s")
    started = time.perf_counter()
    seven_card.value_of_seven_batch(np.zeros((0, 7), dtype=np.uint8))
    print(f"its numpy tables built on the first batch in {time.perf_counter() - started:.2f} s")

    check = random_hands(args.check_hands, args.seed + 1)
    ours = seven_card.value_of_seven_batch(check)
    checked = []
    if eval7 is not None:
        check_same_order(ours, [eval7.evaluate(hand) for hand in eval7_cards(check.tolist())], "eval7")
        checked.append("eval7")
    if evaluate_cards is not None:
        # phevaluator ranks 1 (a royal flush) to 7462: lower is better.
        check_same_order(ours, [-evaluate_cards(*hand) for hand in check.tolist()], "phevaluator")
        checked.append("phevaluator")
    del check, ours
    if checked:
        print(f"{args.check_hands:,} random hands ordered alike by seven_card and {' and '.join(checked)}")

    hands = random_hands(args.hands, args.seed)
    as_lists = hands.tolist()
    batch = random_hands(args.batch_hands, args.seed + 2)
    rows = [  # (name, timed loop, its argument, hands it values)
        ("seven_card.value_of_seven_batch", seven_card.value_of_seven_batch, batch, len(batch)),
        ("seven_card.value_of_seven", loop_seven_card, as_lists, len(as_lists)),
        ("best_five.value_of_seven (today)", loop_best_five, as_lists, len(as_lists)),
    ]
    if eval7 is not None:
        row = f"eval7 {version('eval7')}: evaluate"
        rows.append((row, loop_eval7, eval7_cards(as_lists), len(as_lists)))
    if evaluate_cards is not None:
        row = f"phevaluator {version('phevaluator')}: evaluate_cards"
        rows.append((row, loop_phevaluator, as_lists, len(as_lists)))
    times = {name: [] for name, _, _, _ in rows}
    for _ in range(args.repeat):
        for name, function, argument, _count in rows:
            times[name].append(timed(function, argument))
    rates = {}
    for name, _function, _argument, count in rows:
        rates[name] = (
            count / statistics.median(cpu for cpu, _ in times[name]),
            count / statistics.median(wall for _, wall in times[name]),
        )

    pypi = [name for name in rates if name.startswith(("eval7", "phevaluator"))]
    fastest = max(pypi, key=lambda name: rates[name][0]) if pypi else None
    today = "best_five.value_of_seven (today)"
    print(
        f"median of {args.repeat} passes: {args.hands:,} random seven-card hands a pass "
        f"({args.batch_hands:,} for the batch), seed {args.seed}"
    )
    against = f"× {fastest.split(':')[0]}" if fastest else ""
    print(f"{'':42} {'M/s CPU':>9} {'M/s wall':>9} {against:>10} {'× today':>8}")
    for name, (cpu, wall) in rates.items():
        ratio = f"{cpu / rates[fastest][0]:10.2f}" if fastest else ""
        print(f"  {name:40} {cpu / 1e6:9.3f} {wall / 1e6:9.3f} {ratio} {cpu / rates[today][0]:8.2f}")
    if not fastest:
        print("eval7 and phevaluator not installed (pip install -r bench/requirements.txt):", ISSUE_FIGURES)
        return 0
    missed = 0
    for name, what in (
        ("seven_card.value_of_seven_batch", "the batch"),
        ("seven_card.value_of_seven", "one hand"),
    ):
        ratio = rates[name][0] / rates[fastest][0]
        if ratio < 1:
            print(f"MISSED {what}: {ratio:.2f}× {fastest}, target 1×")
            missed = 1
    return missed


if __name__ == "__main__":
    sys.exit(main())
