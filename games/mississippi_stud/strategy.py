"""Mississippi Stud's optimal strategy, by backward induction over its three
streets (rules 6-8), exactly, and the decision it takes at the table.

Pure Python with numpy (no Django, no I/O). Every five-card hand of the
player's two cards and the three community cards is valued once through the
game's own evaluator and paytable (``rules.hand_value``, ``rules.base_payout``:
one evaluation per rank multiset and flushness, the only things a hand's
value reads), as a multiple ``m`` of each wager in action (-1 lose, 0 push,
k for k to 1). Then, with ``W`` the units (Antes) already wagered:

- 5th Street (four cards seen): fold is -W; a bet of b is E[m] (W + b) over
  the 48 unseen cards;
- 4th Street (three seen): fold is -W, a bet of b the mean over the 49 unseen
  cards of the 5th Street value at W + b;
- 3rd Street (two seen): the same over the 50 unseen cards, from W = 1.

Each street's values are summed from the next one's by adding each k-card set
into its (k-1)-card subsets (numpy ``bincount`` over colex indices), so the
whole tree (1,326 starts × 50 × 49 × 48 orders) costs five passes over the
2,598,960 hands. Sums stay whole numbers (the paytable's odds scaled to a
common denominator), so every comparison, tie included, is exact and the
results are Fractions. A tie between two choices (a 5th Street with E[m] = 0
exactly, where 1× and 3× both return 0) takes the larger wager: it changes no
return, only the average wager, and the published average (3.59 Antes)
counts it so (the smaller wager would give 3.48).

Other players' cards are unseen (the lab's usual assumption): the strategy
reads only the player's own cards and the community cards turned up.
"""

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import chain, combinations
from math import comb, lcm

import numpy as np

from games.cards.poker import CARDS
from games.mississippi_stud import paytables, rules

FOLD = 0
MULTIPLES = (1, 2, 3)  # rules 6-8: each street wager is 1, 2 or 3 times the Ante
OPTIONS = (FOLD, *MULTIPLES)
OPTIMAL = "optimal"
STRATEGY_NAMES = {
    OPTIMAL: (
        "optimal strategy by backward induction over 3rd, 4th and 5th Street (each decision the most "
        "expected return from the cards seen; other players' cards unseen; ties take the larger wager)"
    ),
}

_BINOMIAL = np.array([[comb(n, k) for k in range(6)] for n in range(53)], dtype=np.int64)


def _colex(cards):
    """The colex index of each row of sorted card indices (an (n, k) array)."""
    index = np.zeros(len(cards), dtype=np.int64)
    for position in range(cards.shape[1]):
        index += _BINOMIAL[cards[:, position], position + 1]
    return index


def _subsets(k):
    """Every k-card set of the 52-card deck, sorted rows, in colex order."""
    rows = np.fromiter(chain.from_iterable(combinations(range(52), k)), dtype=np.int8, count=comb(52, k) * k)
    rows = rows.reshape(-1, k)
    order = np.argsort(_colex(rows), kind="stable")
    return rows[order]


def _drops(rows):
    """For each row of k sorted cards, the colex index of its k subsets of k - 1."""
    k = rows.shape[1]
    return [_colex(np.delete(rows, position, axis=1)) for position in range(k)]


@dataclass(frozen=True)
class Solution:
    """The optimal strategy and its figures, per unit of Ante over all deals.

    ``third[i]``: the choice (0 fold, 1-3 the multiple) for the two-card start
    of colex index i; ``fourth[i, w]`` for three cards seen with 2 + w units
    wagered; ``fifth[i, w]`` for four seen with 3 + w units."""

    third: np.ndarray
    fourth: np.ndarray
    fifth: np.ndarray
    mean: Fraction  # E[net] per unit of Ante
    second_moment: Fraction  # E[net²]
    hit_probability: Fraction  # P(net > 0)
    push_probability: Fraction  # P(net = 0)
    average_wager: Fraction  # E[Ante + street wagers], in Antes

    @property
    def house_edge(self):
        return -self.mean

    @property
    def element_of_risk(self):
        return self.house_edge / self.average_wager


@cache
def hand_classes():
    """Every five-card set in colex order, grouped by what a hand's value reads
    (its rank multiset and whether it is a flush): (hands, the class of each,
    one card text list per class, the number of hands in each class)."""
    hands = _subsets(5)
    ranks, suits = hands >> 2, hands & 3
    key = np.zeros(len(hands), dtype=np.int64)
    for position in range(5):
        key += np.int64(1) << (3 * ranks[:, position].astype(np.int64))
    flush = (suits == suits[:, :1]).all(axis=1)
    _, first, inverse, counts = np.unique(
        key * 2 + flush, return_index=True, return_inverse=True, return_counts=True
    )
    samples = tuple(tuple(str(CARDS[c]) for c in hands[position]) for position in first)
    return hands, inverse, samples, counts


def class_values():
    """The hand value (games.cards.best_five, through ``rules.hand_value``) of each class."""
    return [rules.hand_value(sample) for sample in hand_classes()[2]]


def multipliers(table):
    """(m for each five-card set in colex order as whole numbers, their scale):
    m / scale is what each wager in action nets on that hand (rule 10)."""
    hands, inverse, _, _ = hand_classes()
    nets = []
    for value in class_values():
        won = rules.base_payout(value, table)
        nets.append(Fraction(-1) if won is None else Fraction(0) if won[1] is None else won[1].winnings(1))
    scale = lcm(*(net.denominator for net in nets))
    m = np.array([int(net * scale) for net in nets], dtype=np.int64)[inverse]
    return hands, m, scale


def _choose(options):
    """The option of highest value per row (ties: the larger wager) and its sums.
    ``options``: [(value, wager, square, wins, pushes)] arrays, one tuple per choice,
    the smallest wager first."""
    values = np.stack([item[0] for item in options])
    # argmax takes the first of equal values: read from the largest wager down.
    best = len(options) - 1 - values[::-1].argmax(axis=0)
    picked = [np.choose(best, [item[part] for item in options]) for part in range(5)]
    return best, picked


def solve(table):
    hands, m, scale = multipliers(table)
    # 5th Street: sums over the 48 unseen cards of each four-card set.
    drops = _drops(hands)
    count4 = comb(52, 4)
    s1 = sum(np.bincount(d, weights=m, minlength=count4) for d in drops).astype(np.int64)
    s2 = sum(np.bincount(d, weights=m * m, minlength=count4) for d in drops).astype(np.int64)
    wins = sum(np.bincount(d, weights=m > 0, minlength=count4) for d in drops).astype(np.int64)
    pushes = sum(np.bincount(d, weights=m == 0, minlength=count4) for d in drops).astype(np.int64)
    del drops, m
    n5 = 48
    fifth, level5 = [], []  # per W = 3..7: the choice, and [value, wager, square, wins, pushes] sums
    for units in range(3, 8):
        fold = (
            np.full(count4, -units * scale * n5),
            np.full(count4, units * n5),
            np.full(count4, units * units * scale * scale * n5),
            np.zeros(count4, dtype=np.int64),
            np.zeros(count4, dtype=np.int64),
        )
        options = [fold] + [
            (s1 * (units + b), np.full(count4, (units + b) * n5), s2 * (units + b) ** 2, wins, pushes)
            for b in MULTIPLES
        ]
        best, picked = _choose(options)
        fifth.append(best)
        level5.append(picked)
    # 4th Street: each three-card set sums its 49 four-card supersets' 5th Street sums.
    rows4 = _subsets(4)
    drops4 = _drops(rows4)
    del rows4
    count3 = comb(52, 3)
    summed4 = [
        [
            sum(np.bincount(d, weights=part, minlength=count3) for d in drops4).astype(np.int64)
            for part in sums
        ]
        for sums in level5
    ]
    n4 = 49 * n5
    fourth, level4 = [], []
    for units in range(2, 5):
        fold = (
            np.full(count3, -units * scale * n4),
            np.full(count3, units * n4),
            np.full(count3, units * units * scale * scale * n4),
            np.zeros(count3, dtype=np.int64),
            np.zeros(count3, dtype=np.int64),
        )
        best, picked = _choose([fold] + [tuple(summed4[units + b - 3]) for b in MULTIPLES])
        fourth.append(best)
        level4.append(picked)
    # 3rd Street: each two-card start sums its 50 three-card supersets' 4th Street sums.
    drops3 = _drops(_subsets(3))
    count2 = comb(52, 2)
    summed3 = [
        [
            sum(np.bincount(d, weights=part, minlength=count2) for d in drops3).astype(np.int64)
            for part in sums
        ]
        for sums in level4
    ]
    n3 = 50 * n4
    fold = (
        np.full(count2, -scale * n3),
        np.full(count2, n3),
        np.full(count2, scale * scale * n3),
        np.zeros(count2, dtype=np.int64),
        np.zeros(count2, dtype=np.int64),
    )
    third, (value, wager, square, hit, push) = _choose(
        [fold] + [tuple(summed3[1 + b - 2]) for b in MULTIPLES]
    )
    deals = count2 * n3
    return Solution(
        third=third.astype(np.int8),
        fourth=np.stack(fourth, axis=1).astype(np.int8),
        fifth=np.stack(fifth, axis=1).astype(np.int8),
        mean=Fraction(int(value.sum()), deals * scale),
        second_moment=Fraction(int(square.sum()), deals * scale * scale),
        hit_probability=Fraction(int(hit.sum()), deals),
        push_probability=Fraction(int(push.sum()), deals),
        average_wager=Fraction(int(wager.sum()), deals),
    )


@cache
def _solved(items):
    return solve(dict(items))


def solved(table):
    """``solve(table)``, once a process for each paytable."""
    return _solved(tuple(table.items()))


def optimal():
    """The optimal strategy for the table's paytable (§ 655a.12(a))."""
    return solved(paytables.base_paytable(paytables.DEFAULT_BASE_PAYTABLE))


def decide(seen, units, solution=None):
    """The optimal choice (0 fold, or the multiple 1-3 of the Ante) with
    ``seen`` (the player's two cards and the community cards turned up, as card
    indices: 2, 3 or 4 of them) and ``units`` Antes wagered so far."""
    solution = solution or optimal()
    rows = np.array([sorted(seen)], dtype=np.int64)
    index = int(_colex(rows)[0])
    if len(seen) == 2:
        return int(solution.third[index])
    if len(seen) == 3:
        return int(solution.fourth[index, units - 2])
    return int(solution.fifth[index, units - 3])
