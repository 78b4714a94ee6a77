"""games/cards/suit_classes.py: the hands of n cards once per class under the
24 permutations of the suits, each weighed by its class size; the full
enumerations of tests/test_best_five.py and tests/test_four_card.py stand on it."""

import random
from collections import Counter
from itertools import combinations, permutations
from math import comb

import pytest

from games.cards import best_five as bf
from games.cards import four_card as fc
from games.cards.suit_classes import class_count, shapes, suit_classes

SUIT_PERMUTATIONS = list(permutations(range(4)))


def canonical(hand):
    """The smallest image of ``hand`` under the suit permutations: one name per class."""
    return min(
        tuple(sorted((index & ~3) | order[index & 3] for index in hand)) for order in SUIT_PERMUTATIONS
    )


@pytest.mark.parametrize("size", [1, 2, 3])
def test_one_representative_per_class_weighed_by_its_size(size):
    """Against the classes found the plain way: every hand put in its class."""
    sizes = Counter(canonical(hand) for hand in combinations(range(52), size))
    found = {}
    for hand, weight in suit_classes(size):
        assert len(set(hand)) == size
        name = canonical(hand)
        assert name not in found, f"two representatives of {name}"
        found[name] = weight
    assert found == dict(sizes)


@pytest.mark.parametrize("size", range(1, 8))
def test_the_weights_sum_to_every_hand(size):
    """The number of classes is the known count of suit-isomorphic hands
    (1,755 three-card, 134,459 five-card, 6,009,159 seven-card)."""
    known = {1: 13, 2: 169, 3: 1_755, 4: 16_432, 5: 134_459, 6: 962_988, 7: 6_009_159}
    assert class_count(size) == known[size]
    if size <= 5:  # six and seven: the enumerations of test_best_five.py and test_four_card.py sum them
        count = total = 0
        for _hand, weight in suit_classes(size):
            count += 1
            total += weight
        assert (count, total) == (known[size], comb(52, size))


def test_shapes():
    assert shapes(7)[:3] == [(7, 0, 0, 0), (6, 1, 0, 0), (5, 2, 0, 0)]
    assert len(shapes(7)) == 11 and len(shapes(6)) == 9
    assert all(sum(shape) == 7 and list(shape) == sorted(shape, reverse=True) for shape in shapes(7))


def test_the_evaluators_ignore_the_suits_names():
    """What the weighing relies on: renaming the suits never changes a value."""
    rng = random.Random(24)
    deck = list(range(52))
    for _ in range(3_000):
        order = rng.choice(SUIT_PERMUTATIONS)
        for size, value in ((5, fc.best_four_value_indices), (6, fc.value_of_six), (7, bf.value_of_seven)):
            hand = rng.sample(deck, size)
            renamed = [(index & ~3) | order[index & 3] for index in hand]
            assert value(renamed) == value(hand)
        hand = rng.sample(deck, 6)
        assert bf.value_of_six([(index & ~3) | order[index & 3] for index in hand]) == bf.value_of_six(hand)
