"""The wild-card evaluator of DJ Wild Stud Poker (games/cards/wild.py) against
a naive one written here from docs/rules/dj_wild_stud.md rules 2-3 alone: each wild card
tried as every card (any rank, any suit, duplicates included).

All C(53,5) = 2,869,685 hands are enumerated through the fast evaluator and
their category counts compared with counts the naive evaluator derives class
by class: a hand's value depends only on its wild count, its natural ranks
and whether its natural cards share one suit, so each such class is valued
once by the naive evaluator, on one representative, and counted with its
number of hands (suit permutations and the choice of wild cards). Every
class's full value (tie-break ranks included) must match too.
"""

import random
from collections import Counter
from itertools import combinations_with_replacement
from math import comb, prod

import pytest

from games.cards import wild
from games.cards.poker import CARD_INDEX, CARDS, JOKER_INDEX
from games.cards.wild_naive import encode, naive_hand, naive_value


def hand_classes():
    """(wild count, natural (rank, suit) cards of one representative, number
    of hands in the class) for every class of the 53-card deck."""
    for wilds in range(6):
        choose_wilds = comb(5, wilds)
        for ranks in combinations_with_replacement(range(1, 13), 5 - wilds):
            counts = Counter(ranks)
            if counts and max(counts.values()) > 4:
                continue
            suit_ways = prod(comb(4, count) for count in counts.values())
            if len(counts) == len(ranks):
                suited = 4 if ranks else 1
                yield wilds, [(rank, "S") for rank in ranks], choose_wilds * suited
                unsuited = suit_ways - suited
                if unsuited:
                    cards = [(rank, "H" if place == 0 else "S") for place, rank in enumerate(ranks)]
                    yield wilds, cards, choose_wilds * unsuited
            else:
                seen = Counter()
                cards = []
                for rank in ranks:
                    cards.append((rank, "SHDC"[seen[rank]]))
                    seen[rank] += 1
                yield wilds, cards, choose_wilds * suit_ways


WILDS = [CARD_INDEX["2S"], CARD_INDEX["2H"], CARD_INDEX["2D"], CARD_INDEX["2C"], JOKER_INDEX]


def fast_of(wilds, naturals):
    hand = [CARD_INDEX["23456789TJQKA"[rank] + suit] for rank, suit in naturals] + WILDS[:wilds]
    return wild.value_indices(*hand)


@pytest.fixture(scope="module")
def classes():
    """[(wilds, naturals, hands in the class, the naive reading)]."""
    return [
        (wilds, naturals, count, naive_value(naturals, wilds)) for wilds, naturals, count in hand_classes()
    ]


def test_every_class_is_valued_as_the_naive_evaluator_values_it(classes):
    assert sum(count for _, _, count, _ in classes) == comb(53, 5)
    for wilds, naturals, _, naive in classes:
        assert fast_of(wilds, naturals) == encode(naive), (wilds, naturals)


def test_all_2869685_hands_fall_in_the_categories_the_naive_evaluator_counts(classes):
    expected = Counter()
    for _, _, count, naive in classes:
        expected[naive[0]] += count
    found = Counter()
    for (kind, _), count in wild.category_counts().items():  # the lab's path over every hand
        found[kind] += count
    assert sum(found.values()) == 2_869_685
    assert found == expected
    # Rule 3's rarest hands, counted by hand: one five wilds; five of a kind, a rank's 1-4
    # naturals with 4-1 wilds, less the 10 to ace alone with four wilds (a royal flush).
    assert found[wild.FIVE_WILDS] == 1
    five_of_a_kind = 12 * sum(comb(4, n) * comb(5, 5 - n) for n in range(1, 5)) - 5 * 4 * comb(5, 4)
    assert found[wild.FIVE_OF_A_KIND] == five_of_a_kind == 1_400


def test_random_hands_and_the_natural_reading_the_lab_counts():
    """Seeded random hands: the fast value is the naive one; a hand holding a
    deuce is natural (``trips_reading``) only as a straight, flush or straight
    flush, the shortcut ``category_counts`` takes."""
    rng = random.Random(687)
    for _ in range(3_000):
        hand = sorted(rng.sample(range(53), 5))
        assert wild.value_indices(*hand) == naive_hand(hand), hand
        kind, natural = wild.trips_reading(hand)
        if hand[0] < 4 and natural:
            assert kind in (wild.STRAIGHT, wild.FLUSH, wild.STRAIGHT_FLUSH), hand
        if hand[0] >= 4 and hand[-1] != JOKER_INDEX:
            assert natural


def test_the_value_counts_from_the_tables_agree_with_the_enumeration():
    by_category = Counter()
    for value, count in wild.value_counts().items():
        by_category[value >> 20] += count
    enumerated = Counter()
    for (kind, _), count in wild.category_counts().items():
        enumerated[kind] += count
    assert by_category == enumerated
    by_wilds = wild.value_counts_by_wilds()
    assert [sum(hands.values()) for hands in by_wilds.values()] == [
        comb(5, wilds) * comb(48, 5 - wilds) for wilds in range(6)
    ]


def test_the_natural_and_wild_counts_of_the_lab():
    counts = wild.category_counts()
    # No wild card: the 1,712,304 hands of the 48 naturals, all natural.
    assert sum(count for (_, natural), count in counts.items() if natural) > comb(48, 5)
    assert counts[(wild.ROYAL_FLUSH, True)] == 4
    assert counts[(wild.FIVE_WILDS, False)] == 1
    assert (wild.FIVE_OF_A_KIND, True) not in counts


@pytest.mark.parametrize(
    "hand, name",
    [
        ("2S 2H 2D 2C JK", "Five wilds"),
        ("AS KS QS JS TS", "Royal flush"),
        ("2S KH QH JH TH", "Royal flush"),
        ("AS AH AD 2C JK", "Five of a kind, aces"),
        ("3S 4S 5S 6S 2D", "Straight flush, 7 high"),
        ("AS QD 8C 3H 2S", "Pair of aces"),  # rule 3's example
        ("9S 7S 4S 2D JK", "Flush, A-A-9-7-4"),  # duplicates allowed (rule 2)
        ("AS 3D 4C 5H 2S", "Straight, 5 high"),
        ("KS KD 7C 7H 2S", "Full house, kings over 7s"),
        ("KS QD 9C 7H 4S", "K-Q-9-7-4 high"),
    ],
)
def test_names_of_hands_at_their_best(hand, name):
    assert wild.describe(hand) == name


def test_rule_3_order_and_ties():
    order = ["2S 2H 2D 2C JK", "AS KS QS JS TS", "AS AH AD 2C JK", "9S 8S 7S 6S 5S", "KS KD KC 2S 7H"]
    values = [wild.evaluate(hand) for hand in order]
    assert values == sorted(values, reverse=True)
    # A natural and a wild hand of equal rank are equal (the rules file's Defaults: a push).
    assert wild.evaluate("AS KS QS JS TS") == wild.evaluate("2D KH QH JH TH")
    assert wild.evaluate("KS KD 9C 9H 4S") == wild.evaluate("KH KC 9S 9D 4C")


@pytest.mark.parametrize(
    "hand, category, natural",
    [
        ("AS KS QS JS TS", wild.ROYAL_FLUSH, True),
        ("2S KH QH JH TH", wild.ROYAL_FLUSH, False),
        ("2S 3S 4S 5S 6S", wild.STRAIGHT_FLUSH, True),  # the deuce needed as no wild: a natural 2
        ("2S 2H 2D 9C 7H", wild.FOUR_OF_A_KIND, False),  # three 2s are trips, but 9s four of a kind
        ("AS 2D 3C 4H 5S", wild.STRAIGHT, True),
        ("9S 9D 9C 2H 4S", wild.FOUR_OF_A_KIND, False),
        ("9S 9D 9C KH 4S", wild.THREE_OF_A_KIND, True),
        ("9S 9D 9C KH JK", wild.FOUR_OF_A_KIND, False),
    ],
)
def test_trips_reading_natural_or_wild(hand, category, natural):
    assert wild.trips_reading([CARD_INDEX[item] for item in hand.split()]) == (category, natural)


def test_bad_hands_are_refused():
    for hand in ("AS KS", "AS AS KS QS JS", "AS KS QS JS XX"):
        with pytest.raises(ValueError):
            wild.evaluate(hand)
    assert len(CARDS) == 53
