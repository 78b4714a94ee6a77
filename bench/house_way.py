"""Hands set per second by the Pai Gow Poker house way, against plain-Python
references in the same run.

    make bench-house-way      (python bench/house_way.py)

Random seven-card hands from the 53-card deck (``--seed``, ``--hands``) are
drawn before any timing. Each line is the best of ``--repeat`` passes over the
same hands, one process, no I/O:

- ``sorted()`` of the seven cards: the floor, what touching each hand costs;
- ``set_house_way``: the project's house way (pai_gow_poker.md § 5), Cards in,
  Cards out: what a table calls;
- ``house_way_indices``: the same on card indices (the lab's fast path);
- ``best_setting``: all 21 settings scored (the lab helper);
- the naive reference: every one of the 21 settings scored with a readable
  evaluator (``collections.Counter`` of ranks, the joker tried as every card
  it may stand for), keeping the highest (high, low), which is never fouled:
  what setting a hand costs when each of its settings is evaluated the
  straightforward way (on ``--naive-hands`` hands: it is slow).

Then ``--deals`` seeded two-hand deals (player and dealer from one deck) give
the main wager's result, commission-free with a dealer Tiger 9 pushing
(pai_gow_poker.md §§ 6–7), for a player setting by the house way and by
``best_setting``: a sanity line for the lab, not a target.

Target: ``set_house_way`` at least 50,000 hands a second; exit status 1 when
it is missed.
"""

import argparse
import os
import random
import sys
import time
from collections import Counter
from itertools import combinations

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.cards.cards import RANKS, Card, joker_deck, standard_deck  # noqa: E402
from games.cards.poker import TWO_CARD, eval5_indices, indices  # noqa: E402
from games.pai_gow.house_way import (  # noqa: E402
    LOSE,
    WIN,
    best_setting,
    compare_values,
    house_way_indices,
    set_house_way,
)
from games.pai_gow.paytables import is_tiger_9  # noqa: E402

TARGET = 50_000


# --- the naive reference -----------------------------------------------------

NATURALS = standard_deck()


def naive_rank(card):
    return RANKS.index(card.rank)


def naive_natural(hand):
    """(category, tie-breaks) of five natural cards, the plain way."""
    values = sorted((naive_rank(card) for card in hand), reverse=True)
    counts = Counter(values)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = [count for _, count in groups]
    order = [rank for rank, _ in groups]
    flush = len({card.suit for card in hand}) == 1
    straight = None
    if len(counts) == 5:
        if values[0] - values[4] == 4:
            straight = 13 if values[0] == 12 else values[0]
        elif values == [12, 3, 2, 1, 0]:
            straight = 12
    if shape == [5]:
        return (9,)
    if straight is not None and flush:
        return (8, straight)
    if shape == [4, 1]:
        return (7, *order)
    if shape == [3, 2]:
        return (6, *order)
    if flush:
        return (5, *values)
    if straight is not None:
        return (4, straight)
    return ({(3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}.get(tuple(shape), 0), *order)


def naive_eval5(hand):
    jokers = [card for card in hand if card.is_joker]
    if not jokers:
        return naive_natural(hand)
    rest = [card for card in hand if not card.is_joker]
    best = naive_natural([*rest, Card("A", "X")])  # the joker as a suitless ace
    for stand_in in NATURALS:
        if stand_in not in rest:
            value = naive_natural([*rest, stand_in])
            if value[0] in (4, 5, 8) and value > best:
                best = value
    return best


def naive_eval2(hand):
    values = sorted((12 if card.is_joker else naive_rank(card) for card in hand), reverse=True)
    return (values[0] == values[1], *values)


def naive_setter(seven):
    best = None
    for front in combinations(range(7), 2):
        low = [seven[i] for i in front]
        high = [seven[i] for i in range(7) if i not in front]
        key = (naive_eval5(high), naive_eval2(low))
        if best is None or key > best[0]:
            best = (key, high, low)
    return best[1], best[2]


# --- timing ----------------------------------------------------------------------


def rate(function, hands, repeat):
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        for hand in hands:
            function(hand)
        best = min(best, time.perf_counter() - started)
    return len(hands) / best


def deals(count, seed):
    """Player-vs-dealer main wager results by house way and by best_setting."""
    rng = random.Random(seed)
    deck = joker_deck()
    totals = {"house way": Counter(), "best_setting": Counter()}
    for _ in range(count):
        dealt = rng.sample(deck, 14)
        player, dealer = dealt[:7], dealt[7:]
        dealer_high, dealer_low = set_house_way(dealer)
        tiger = is_tiger_9(dealer_low)
        a, b = indices(dealer_low)
        dealer_values = (eval5_indices(*indices(dealer_high)), TWO_CARD[53 * a + b])
        for name, setter in (("house way", set_house_way), ("best_setting", best_setting)):
            high, low = setter(player)
            if tiger:
                totals[name]["push"] += 1
                continue
            a, b = indices(low)
            totals[name][
                compare_values(eval5_indices(*indices(high)), TWO_CARD[53 * a + b], *dealer_values)
            ] += 1
    return totals


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=100_000, help="random hands timed (default 100000)")
    parser.add_argument("--naive-hands", type=int, default=3_000, help="hands for the naive reference (3000)")
    parser.add_argument("--repeat", type=int, default=3, help="passes; the best counts (3)")
    parser.add_argument("--deals", type=int, default=50_000, help="player-vs-dealer deals (50000; 0: none)")
    parser.add_argument("--seed", type=int, default=645)
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    deck = joker_deck()
    hands = [rng.sample(deck, 7) for _ in range(args.hands)]
    index_hands = [indices(hand) for hand in hands]
    best_setting(hands[0])  # builds its reference once (~0.3 s), outside the timing

    rows = [
        ("sorted() of the 7 cards (floor)", rate(sorted, hands, args.repeat)),
        ("set_house_way (Cards)", rate(set_house_way, hands, args.repeat)),
        ("house_way_indices (ints)", rate(house_way_indices, index_hands, args.repeat)),
        ("best_setting (21 settings scored)", rate(best_setting, hands, args.repeat)),
        ("naive: 21 settings, Counter evaluator", rate(naive_setter, hands[: args.naive_hands], 1)),
    ]
    print(
        f"{args.hands:,} random 7-card hands from the 53-card deck, seed {args.seed}, best of {args.repeat}"
    )
    print(f"{'':40} {'hands/s':>12} {'µs/hand':>9}")
    for name, value in rows:
        print(f"{name:40} {value:12,.0f} {1e6 / value:9.2f}")
    house_way_rate = rows[1][1]
    print(f"set_house_way vs the naive reference: {house_way_rate / rows[4][1]:.0f}x")

    if args.deals:
        totals = deals(args.deals, args.seed + 1)
        print(f"\n{args.deals:,} deals, player vs the dealer's house way (commission-free, Tiger 9 pushes):")
        for name, counts in totals.items():
            edge = (counts[WIN] - counts[LOSE]) / args.deals
            print(
                f"  player by {name:13} win {counts[WIN] / args.deals:6.2%}  push {counts['push'] / args.deals:6.2%}"
                f"  lose {counts[LOSE] / args.deals:6.2%}  result per unit {edge:+.4f}"
            )

    met = house_way_rate >= TARGET
    print(
        f"\nTarget set_house_way >= {TARGET:,} hands/s: {'met' if met else 'MISSED'} ({house_way_rate:,.0f})"
    )
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
