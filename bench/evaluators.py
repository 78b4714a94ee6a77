"""Hands valued per second by the poker evaluators of games/cards/, each
against a plain-Python baseline in the same run.

    make bench-evaluators      (python bench/evaluators.py)

Random hands from the 52-card deck (``--seed``, ``--hands``) are drawn as card
indices before any timing. Each line is the best of ``--repeat`` passes over
the same hands, one process, no I/O:

- three cards: ``three_card.value_indices`` (Three Card Poker, one list
  look-up) against the plain evaluator (sorted ranks, a set of suits, the
  straight tested by arithmetic);
- best four of six (Four Card Poker's dealer): ``four_card.value_of_six``
  and the generic ``best_four_value_indices`` against the plain way: each of
  the 15 fours valued with ``collections.Counter``, the highest kept;
- best five of seven (hold 'em, five-of-six/seven progressives):
  ``best_five.value_of_seven`` and ``best_five_value_indices`` against the
  plain way (the 21 fives, ``Counter``), and against the 21 fives each valued
  by the table-driven ``poker.eval5_indices`` (what enumerating costs with a
  fast five-card evaluator; its A-2-3-4-5 is pai gow's, so it is timed, not
  compared).

Every fast evaluator is first checked against its plain baseline on the
baseline's hands (exit status 2 on a disagreement). Targets, as ratios to the
plain baseline so that a busy machine does not fail them: three-card 3×,
four of six 10×, five of seven 20×; exit status 1 when one is missed.
"""

import argparse
import os
import random
import sys
import time
from collections import Counter
from itertools import combinations

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.cards import best_five, four_card, three_card  # noqa: E402
from games.cards.poker import eval5_indices  # noqa: E402

TARGETS = {"three": 3, "four of six": 10, "five of seven": 20}


# --- the plain baselines ------------------------------------------------------


def plain_three(hand):
    """A three-card value laid out as three_card.py's, the straightforward way."""
    ranks = sorted((card >> 2 for card in hand), reverse=True)
    flush = len({card & 3 for card in hand}) == 1
    top = None
    if len(set(ranks)) == 3:
        if ranks[0] - ranks[2] == 2:
            top = ranks[0]
        elif ranks == [12, 1, 0]:
            top = 1
    if top is not None:
        kind, order = (three_card.STRAIGHT_FLUSH if flush else three_card.STRAIGHT), [top]
    elif ranks[0] == ranks[2]:
        kind, order = three_card.THREE_OF_A_KIND, [ranks[0]]
    elif flush:
        kind, order = three_card.FLUSH, ranks
    elif ranks[0] == ranks[1] or ranks[1] == ranks[2]:
        pair = ranks[1]
        kind, order = three_card.PAIR, [pair, ranks[2] if ranks[0] == pair else ranks[0]]
    else:
        kind, order = three_card.HIGH_CARD, ranks
    value = kind << 12
    for place, rank in enumerate(order):
        value |= rank << (8 - 4 * place)
    return value


def _shape(hand):
    ranks = sorted((card >> 2 for card in hand), reverse=True)
    counts = Counter(ranks)
    order = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    return ranks, len({card & 3 for card in hand}) == 1, counts, order, sorted(counts.values(), reverse=True)


def _pack(kind, order, shift):
    value = kind << shift
    for place, rank in enumerate(order):
        value |= rank << (shift - 4 - 4 * place)
    return value


def plain_four(hand):
    ranks, flush, counts, order, shape = _shape(hand)
    top = None
    if len(counts) == 4:
        if ranks[0] - ranks[3] == 3:
            top = ranks[0]
        elif ranks == [12, 2, 1, 0]:
            top = 2
    if shape == [4]:
        kind = four_card.FOUR_OF_A_KIND
    elif top is not None and flush:
        kind, order = four_card.STRAIGHT_FLUSH, [top]
    elif shape == [3, 1]:
        kind = four_card.THREE_OF_A_KIND
    elif flush:
        kind = four_card.FLUSH
    elif top is not None:
        kind, order = four_card.STRAIGHT, [top]
    else:
        kind = {(2, 2): four_card.TWO_PAIR, (2, 1, 1): four_card.PAIR}.get(tuple(shape), four_card.HIGH_CARD)
    return _pack(kind, order, 16)


def plain_five(hand):
    ranks, flush, counts, order, shape = _shape(hand)
    top = None
    if len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            top = 13 if ranks[0] == 12 else ranks[0]
        elif ranks == [12, 3, 2, 1, 0]:
            top = 3
    if top is not None:
        return _pack(best_five.STRAIGHT_FLUSH if flush else best_five.STRAIGHT, [top], 20)
    if shape == [4, 1]:
        return _pack(best_five.FOUR_OF_A_KIND, order, 20)
    if shape == [3, 2]:
        return _pack(best_five.FULL_HOUSE, order, 20)
    if flush:
        return _pack(best_five.FLUSH, order, 20)
    kinds = {
        (3, 1, 1): best_five.THREE_OF_A_KIND,
        (2, 2, 1): best_five.TWO_PAIR,
        (2, 1, 1, 1): best_five.PAIR,
    }
    return _pack(kinds.get(tuple(shape), best_five.HIGH_CARD), order, 20)


def plain_best_four(hand):
    return max(plain_four(four) for four in combinations(hand, 4))


def plain_best_five(hand):
    return max(plain_five(five) for five in combinations(hand, 5))


def enumerated_eval5(hand):
    return max(eval5_indices(*five) for five in combinations(hand, 5))


def three_of(hand, _value=three_card.value_indices):
    return _value(*hand)


# --- timing ----------------------------------------------------------------------


def rate(function, hands, repeat):
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        for hand in hands:
            function(hand)
        best = min(best, time.perf_counter() - started)
    return len(hands) / best


def check(fast, plain, hands, label):
    for hand in hands:
        if fast(hand) != plain(hand):
            sys.exit(f"{label}: {fast.__name__} and {plain.__name__} disagree on {hand}")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--hands", type=int, default=200_000, help="random hands timed a size (default 200000)"
    )
    parser.add_argument(
        "--plain-hands", type=int, default=10_000, help="hands for the plain baselines (10000)"
    )
    parser.add_argument("--repeat", type=int, default=3, help="passes; the best counts (3)")
    parser.add_argument("--seed", type=int, default=14)
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    deck = list(range(52))
    hands = {size: [rng.sample(deck, size) for _ in range(args.hands)] for size in (3, 6, 7)}
    plain = {size: hands[size][: args.plain_hands] for size in hands}
    # Fill the lazily built multiset tables before timing, as a warm table has them.
    for hand in hands[6]:
        four_card.value_of_six(hand)
    for hand in hands[7]:
        best_five.value_of_seven(hand)

    check(three_of, plain_three, plain[3], "three cards")
    check(four_card.value_of_six, plain_best_four, plain[6], "four of six")
    check(four_card.best_four_value_indices, plain_best_four, plain[6], "four of six")
    check(best_five.value_of_seven, plain_best_five, plain[7], "five of seven")
    check(best_five.best_five_value_indices, plain_best_five, plain[7], "five of seven")

    groups = [
        (
            "three",
            [
                ("three_card.value_indices", rate(three_of, hands[3], args.repeat)),
                ("plain: sorted ranks, set of suits", rate(plain_three, plain[3], args.repeat)),
            ],
        ),
        (
            "four of six",
            [
                ("four_card.value_of_six", rate(four_card.value_of_six, hands[6], args.repeat)),
                (
                    "four_card.best_four_value_indices",
                    rate(four_card.best_four_value_indices, hands[6], args.repeat),
                ),
                ("plain: 15 fours, Counter", rate(plain_best_four, plain[6], args.repeat)),
            ],
        ),
        (
            "five of seven",
            [
                ("best_five.value_of_seven", rate(best_five.value_of_seven, hands[7], args.repeat)),
                (
                    "best_five.best_five_value_indices",
                    rate(best_five.best_five_value_indices, hands[7], args.repeat),
                ),
                ("21 fives, poker.eval5_indices", rate(enumerated_eval5, plain[7], args.repeat)),
                ("plain: 21 fives, Counter", rate(plain_best_five, plain[7], args.repeat)),
            ],
        ),
    ]
    print(
        f"{args.hands:,} random hands a size from the 52-card deck, seed {args.seed}, best of {args.repeat}"
    )
    print(f"{'':38} {'hands/s':>12} {'µs/hand':>9} {'× plain':>8}")
    missed = []
    for group, rows in groups:
        baseline = rows[-1][1]
        print(f"{group}:")
        for name, value in rows:
            print(f"  {name:36} {value:12,.0f} {1e6 / value:9.2f} {value / baseline:8.1f}")
        if rows[0][1] / baseline < TARGETS[group]:
            missed.append(
                f"{group}: {rows[0][1] / baseline:.1f}× the plain baseline, target {TARGETS[group]}×"
            )
    for line in missed:
        print("MISSED", line)
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
