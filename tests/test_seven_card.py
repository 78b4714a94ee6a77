"""The seven-card evaluator (games/cards/seven_card.py): one hand at a time
and in numpy batches.

Ordering is held to an independent slow evaluator written here (the highest
of the 21 fives, each a tuple of its category and its ranks by count, the
way people rank poker hands) on a fixed-seed sample and on crafted edge
cases; values to ``best_five.value_of_seven`` (the same encoding, tested in
test_best_five.py) on a larger sample; the batch path to the per-hand path;
and the category counts over all 133,784,560 seven-card hands, through their
6,009,159 suit classes, to the published distribution.
"""

import random
from collections import Counter
from itertools import chain, combinations

import numpy as np
import pytest

from games.cards import best_five, poker
from games.cards import seven_card as sc
from games.cards.cards import cards
from games.cards.poker import CARD_INDEX
from games.cards.suit_classes import class_count, suit_classes
from tests.test_best_five import SEVEN_CARD_COUNTS

# --- the slow evaluator -----------------------------------------------------------

STRAIGHT_FLUSH, QUADS, FULL_HOUSE, FLUSH, STRAIGHT, TRIPS, TWO_PAIR, PAIR, HIGH = range(9, 0, -1)


def slow_five(five):
    """A comparable tuple for five cards: (category, ranks that break ties)."""
    ranks = sorted((card >> 2 for card in five), reverse=True)
    suited = len({card & 3 for card in five}) == 1
    groups = sorted(Counter(ranks).items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = [count for _, count in groups]
    order = tuple(rank for rank, _ in groups)
    if shape == [1] * 5 and (ranks[0] - ranks[4] == 4 or ranks == [12, 3, 2, 1, 0]):
        top = 3 if ranks[0] - ranks[4] != 4 else ranks[0]  # the wheel is five high
        return (STRAIGHT_FLUSH if suited else STRAIGHT, top)
    if suited:
        return (FLUSH, *order)
    kind = {(4, 1): QUADS, (3, 2): FULL_HOUSE, (3, 1, 1): TRIPS, (2, 2, 1): TWO_PAIR, (2, 1, 1, 1): PAIR}
    return (kind.get(tuple(shape), HIGH), *order)


def slow_seven(hand):
    return max(slow_five(five) for five in combinations(hand, 5))


def assert_same_order(hands, values):
    """Values order the hands exactly as the slow evaluator does: sorted by
    it, they rise where it rises and stay equal where it ties."""
    ranked = sorted(zip((slow_seven(hand) for hand in hands), values, hands, strict=True))
    for (slow_a, value_a, hand_a), (slow_b, value_b, hand_b) in zip(ranked, ranked[1:], strict=False):
        words = [[str(poker.CARDS[card]) for card in hand] for hand in (hand_a, hand_b)]
        if slow_a == slow_b:
            assert value_a == value_b, words
        else:
            assert value_a < value_b, words


def indices(text):
    return [CARD_INDEX[item] for item in cards(text)]


# --- ordering ----------------------------------------------------------------------


def test_sampled_hands_rank_as_the_slow_evaluator_does():
    rng = random.Random(20261216)
    hands = [rng.sample(range(52), 7) for _ in range(12_000)]
    assert_same_order(hands, [sc.value_of_seven(hand) for hand in hands])


def test_rare_hands_rank_as_the_slow_evaluator_does():
    """Seven cards from few ranks or mostly one suit: the quads, full houses,
    flushes and straight flushes a uniform sample seldom holds."""
    rng = random.Random(16)
    hands = []
    while len(hands) < 6_000:
        ranks = rng.sample(range(13), rng.randint(2, 7))
        pool = [rank * 4 + suit for rank in ranks for suit in range(4)]
        if rng.random() < 0.5:
            suit = rng.randrange(4)
            pool = list(dict.fromkeys([rank * 4 + suit for rank in range(13)] + pool))
        if len(pool) >= 7:
            hands.append(rng.sample(pool, 7))
    assert_same_order(hands, [sc.value_of_seven(hand) for hand in hands])


EDGE_CASES = [  # (seven cards, the hand's name), lowest first
    ("KH QD 9C 7S 5H 3D 2C", "K-Q-9-7-5 high"),
    ("9H 9D 5C 5S 3H 3D AC", "Two pair, 9s and 5s"),  # three pairs, the ace kicks
    ("9H 9D 5C 5S 3H 3D 2C", "Two pair, 9s and 5s"),  # three pairs, the third pair's 3 kicks
    ("AH 2D 3C 4S 5H 9D 9C", "Straight, 5 high"),  # the wheel, over a pair
    ("2D 3C 4S 5H 6H KD KC", "Straight, 6 high"),
    ("AS KD QC JH TS 2D 2C", "Straight, ace high"),
    ("2H 7H 9H JH KH 3S 4D", "Flush, K-J-9-7-2"),
    ("2H 7H 9H JH KH TS QD", "Flush, K-J-9-7-2"),  # 9-T-J-Q-K in other suits: the flush wins
    ("KH KD KC 7S 7H 7D 2C", "Full house, kings over 7s"),  # two trips
    ("KH KD KC 7S 7H 2D 2C", "Full house, kings over 7s"),
    ("AH AD AC AS KH KD KC", "Four of a kind, aces"),  # quads with a full house: the king kicks
    ("AH 2H 3H 4H 5H 6D 7C", "Straight flush, 5 high"),  # the steel wheel
    ("2H 3H 4H 5H 6H AS AD", "Straight flush, 6 high"),
    ("AS KS QS JS TS 9S 8S", "Royal flush"),
]


def test_crafted_edge_cases_rank_and_name():
    hands = [indices(text) for text, _ in EDGE_CASES]
    values = [sc.value_of_seven(hand) for hand in hands]
    assert [best_five.hand_name(value) for value in values] == [name for _, name in EDGE_CASES]
    assert_same_order(hands, values)
    # Ties and the kickers that break them.
    assert values[1] > values[2]  # three pairs: ace kicker over the third pair's 3
    assert values[2] == sc.value_of_seven(indices("9H 9D 5C 5S 2H 2D 3C"))  # the 3 kicks either way
    assert values[6] == values[7]  # same flush; the straight elsewhere changes nothing
    assert values[8] == values[9]  # the lower trips only play as the pair
    assert sc.value_of_seven(indices("AH AD AC AS KH KD 2C")) == values[10]
    assert sc.value_of_seven(indices("AH AD AC AS QH QD QC")) < values[10]
    assert values[11] > sc.value_of_seven(indices("AH AD AC AS KH QD JC"))  # steel wheel over quads
    assert values[3] < values[4]  # the wheel is the lowest straight


# --- the same values as best_five, the batch as the single ------------------------


def test_values_are_best_fives_and_the_batch_path_the_single():
    rng = np.random.default_rng(20261216)
    hands = np.argsort(rng.random((100_000, 52)), axis=1)[:, :7].astype(np.uint8)
    singles = [sc.value_of_seven(hand) for hand in hands.tolist()]
    assert singles == [best_five.value_of_seven(hand) for hand in hands.tolist()]
    assert sc.value_of_seven_batch(hands).tolist() == singles
    assert sc.value_of_seven_batch(hands.astype(np.int64)).tolist() == singles
    crafted = [indices(text) for text, _ in EDGE_CASES]
    assert sc.value_of_seven_batch(crafted).tolist() == [sc.value_of_seven(hand) for hand in crafted]
    assert sc.value_of_seven_batch(np.empty((0, 7), dtype=np.uint8)).tolist() == []


@pytest.mark.parametrize(
    "hands, message",
    [
        ([[0, 1, 2, 3, 4, 5]], r"\(n, 7\)"),
        ([0, 1, 2, 3, 4, 5, 6], r"\(n, 7\)"),
        ([[0, 1, 2, 3, 4, 5, 52]], "0-51"),
        ([[-1, 1, 2, 3, 4, 5, 6]], "0-51"),
        ([[0.0, 1, 2, 3, 4, 5, 6]], "integers"),
    ],
)
def test_batch_refuses_what_is_not_hands_of_seven(hands, message):
    with pytest.raises(ValueError, match=message):
        sc.value_of_seven_batch(hands)


def test_rank_weights_tell_every_multiset_apart():
    sums = [sum(sc.RANK_WEIGHTS[rank] for rank in ranks) for ranks in sc.rank_multisets()]
    assert len(sums) == len(set(sums)) == 49_205


# --- every hand --------------------------------------------------------------------


def test_every_seven_card_hand_by_category_both_paths():
    """The batch path over every suit class, its category counts weighed by
    class size; the per-hand path on every 7th class."""
    weights = []

    def hands_noting_weights():
        for hand, weight in suit_classes(7):
            weights.append(weight)
            yield hand

    total = class_count(7)
    flat = np.fromiter(chain.from_iterable(hands_noting_weights()), dtype=np.uint8, count=7 * total)
    hands = flat.reshape(total, 7)
    values = sc.value_of_seven_batch(hands)
    counts = np.bincount(values >> 20, weights=weights, minlength=9).astype(np.int64)
    assert dict(enumerate(counts.tolist())) == SEVEN_CARD_COUNTS
    assert sum(weights) == 133_784_560
    value_of_seven = sc.value_of_seven
    assert [value_of_seven(hand) for hand in hands[::7].tolist()] == values[::7].tolist()
