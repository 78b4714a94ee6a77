"""The four-card ranking of Four Card Poker and Crazy 4 Poker
(games/cards/four_card.py), by full enumeration.

Four-card hands, all 270,725: the counts Wizard of Odds derives for 4-card
poker hands (Four Card Poker, "4-card poker hands"; the derivation is in
FOUR_CARD_COUNTS). Best four of five, all 2,598,960 five-card hands: the
figures of Wizard of Odds' Aces Up return table, which also reproduce the
Aces Up RTP Virgin Casino NJ publishes (96.63% for its 50-30-7-6-5-2-1 table;
tests/test_four_card_poker_edge.py). Best four of six, all 20,358,520 hands
through their 962,988 suit classes (games/cards/suit_classes.py; suits never
rank, which test_suit_classes.py checks of the evaluator): each class's
category against a plain rule-by-rule reference, the counts weighed by the
class sizes. Fixed-seed samples hold whole values (kickers included) to a
plain reference: the highest of the fifteen fours, each valued the
straightforward way.
"""

import random
from collections import Counter
from itertools import combinations
from math import comb

import pytest

from games.cards import four_card as fc
from games.cards import poker
from games.cards.suit_classes import suit_classes

# Derivations: quads 13; straight flushes 4 suits x 11 runs (A-2-3-4 ... A-K-Q-J);
# trips 13 x C(4,3) x 48; flushes 4 x C(13,4) - 44; straights 11 x (4^4 - 4);
# two pair C(13,2) x C(4,2)^2; pair 13 x 6 x C(12,2) x 4^2; high card
# (C(13,4) - 11) x (4^4 - 4).
FOUR_CARD_COUNTS = {
    fc.FOUR_OF_A_KIND: 13,
    fc.STRAIGHT_FLUSH: 4 * 11,
    fc.THREE_OF_A_KIND: 13 * 4 * 48,
    fc.FLUSH: 4 * comb(13, 4) - 44,
    fc.STRAIGHT: 11 * (4**4 - 4),
    fc.TWO_PAIR: comb(13, 2) * 36,
    fc.PAIR: 13 * 6 * comb(12, 2) * 16,
    fc.HIGH_CARD: (comb(13, 4) - 11) * (4**4 - 4),
}

# Best four of five (Wizard of Odds, Four Card Poker, Aces Up return table).
BEST_FOUR_OF_FIVE_COUNTS = {
    fc.FOUR_OF_A_KIND: 624,
    fc.STRAIGHT_FLUSH: 2_072,
    fc.THREE_OF_A_KIND: 58_656,
    fc.FLUSH: 114_616,
    fc.STRAIGHT: 101_808,
    fc.TWO_PAIR: 123_552,
    fc.PAIR: 1_047_552,
    fc.HIGH_CARD: 1_150_080,
}

# Best four of six, as test_best_four_of_every_six_card_hand counts them
# through the evaluator and the reference alike.
BEST_FOUR_OF_SIX_COUNTS = {
    fc.FOUR_OF_A_KIND: 14_664,
    fc.STRAIGHT_FLUSH: 47_752,
    fc.THREE_OF_A_KIND: 897_616,
    fc.FLUSH: 2_245_352,
    fc.STRAIGHT: 1_744_080,
    fc.TWO_PAIR: 2_342_736,
    fc.PAIR: 8_194_320,
    fc.HIGH_CARD: 4_872_000,
}


def test_every_four_card_hand():
    counts = Counter(fc.best_four_value_indices(hand) >> 16 for hand in combinations(range(52), 4))
    assert dict(counts) == FOUR_CARD_COUNTS
    assert sum(FOUR_CARD_COUNTS.values()) == 270_725 == comb(52, 4)
    assert FOUR_CARD_COUNTS == {
        7: 13,
        6: 44,
        5: 2_496,
        4: 2_816,
        3: 2_772,
        2: 2_808,
        1: 82_368,
        0: 177_408,
    }


def test_best_four_of_every_five_card_hand():
    """Every five-card hand; its five-card four of a kind, full house or
    three of a kind keeps those (nothing a fifth card adds ranks above them
    in four-card poker)."""
    counts = Counter()
    aces = queens_up = four_aces = 0
    kept = {poker.FOUR_OF_A_KIND: fc.FOUR_OF_A_KIND, poker.FULL_HOUSE: fc.THREE_OF_A_KIND}
    kept[poker.THREE_OF_A_KIND] = fc.THREE_OF_A_KIND
    for hand in combinations(range(52), 5):
        value = fc.value_of_five(hand)
        kind = value >> 16
        counts[kind] += 1
        if kind == fc.PAIR:
            aces += value >= fc.PAIR_OF_ACES
            queens_up += value >= fc.PAIR_OF_QUEENS
        elif kind >= fc.THREE_OF_A_KIND:
            four_aces += fc.is_four_aces(value)
            five = poker.eval5_indices(*hand) >> 20
            assert kept.get(five, kind) == kind
    assert dict(counts) == BEST_FOUR_OF_FIVE_COUNTS
    assert sum(counts.values()) == comb(52, 5)
    assert four_aces == 48  # four aces and any fifth card
    # Pairs as the best four (no two pair, straight or flush): aces, and
    # queens, kings or aces (the lowest Aces Up and Queens Up lines).
    assert aces == 81_096
    assert queens_up == 242_916


# --- a plain reference -------------------------------------------------------


def reference_four(four):
    ranks = sorted((index >> 2 for index in four), reverse=True)
    flush = len({index & 3 for index in four}) == 1
    counts = Counter(ranks)
    order = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    top = None
    if len(counts) == 4:
        if ranks[0] - ranks[3] == 3:
            top = ranks[0]
        elif ranks == [12, 2, 1, 0]:
            top = 2
    if shape == [4]:
        kind = fc.FOUR_OF_A_KIND
    elif top is not None and flush:
        kind, order = fc.STRAIGHT_FLUSH, [top]
    elif shape == [3, 1]:
        kind = fc.THREE_OF_A_KIND
    elif flush:
        kind = fc.FLUSH
    elif top is not None:
        kind, order = fc.STRAIGHT, [top]
    elif shape == [2, 2]:
        kind = fc.TWO_PAIR
    elif shape == [2, 1, 1]:
        kind = fc.PAIR
    else:
        kind = fc.HIGH_CARD
    value = kind << 16
    for place, rank in enumerate(order):
        value |= rank << (12 - 4 * place)
    return value


def reference_best(hand):
    return max(reference_four(four) for four in combinations(hand, 4))


def run_of_four(mask):
    """Whether the rank mask (bit r: rank r, 12 the ace) holds four ranks in a row, the ace also low."""
    mask = (mask << 1) | (mask >> 12 & 1)
    return (mask & mask >> 1 & mask >> 2 & mask >> 3) != 0


def reference_category(hand):
    """The best four's category of four or more cards, rule by rule (rule 2)."""
    counts = [0] * 13
    suits = [0, 0, 0, 0]
    for index in hand:
        counts[index >> 2] += 1
        suits[index & 3] |= 1 << (index >> 2)
    if 4 in counts:
        return fc.FOUR_OF_A_KIND
    if any(run_of_four(mask) for mask in suits):
        return fc.STRAIGHT_FLUSH
    if 3 in counts:
        return fc.THREE_OF_A_KIND
    if any(mask.bit_count() >= 4 for mask in suits):
        return fc.FLUSH
    if run_of_four(suits[0] | suits[1] | suits[2] | suits[3]):
        return fc.STRAIGHT
    paired = 13 - counts.count(0) - counts.count(1)
    return {0: fc.HIGH_CARD, 1: fc.PAIR}.get(paired, fc.TWO_PAIR)


def test_best_four_of_every_six_card_hand():
    """The dealer's hand at Four Card Poker and Crazy 4's six-card cases."""
    counts = Counter()
    for hand, weight in suit_classes(6):
        kind = fc.value_of_six(hand) >> 16
        assert kind == reference_category(hand), [str(poker.CARDS[i]) for i in hand]
        counts[kind] += weight
    assert sum(counts.values()) == 20_358_520
    # Quads: 13 x C(48, 2); the rest as the reference counts them.
    assert counts[fc.FOUR_OF_A_KIND] == 13 * comb(48, 2)
    assert dict(counts) == BEST_FOUR_OF_SIX_COUNTS


def test_four_card_values_against_the_reference():
    for hand in combinations(range(0, 52, 3), 4):
        assert fc.best_four_value_indices(hand) == reference_four(hand)


@pytest.mark.parametrize("size, hands", [(5, 20_000), (6, 10_000)])
def test_sampled_hands_against_the_reference(size, hands):
    rng = random.Random(4_000 + size)
    deck = list(range(52))
    unrolled = {5: fc.value_of_five, 6: fc.value_of_six}[size]
    for _ in range(hands):
        hand = rng.sample(deck, size)
        value = fc.best_four_value_indices(hand)
        assert value == reference_best(hand), [str(poker.CARDS[i]) for i in hand]
        assert unrolled(hand) == value


def test_sampled_rich_six_card_hands_against_the_reference():
    """Six cards from few ranks or mostly one suit: trips against flushes,
    straight flushes against quads, two trips."""
    rng = random.Random(6)
    for _ in range(10_000):
        if rng.random() < 0.5:
            pool = [rank * 4 + suit for rank in rng.sample(range(13), rng.randint(2, 4)) for suit in range(4)]
        else:
            suit = rng.randrange(4)
            pool = list(dict.fromkeys([rank * 4 + suit for rank in range(13)] + rng.sample(range(52), 6)))
        hand = rng.sample(pool, 6)
        assert fc.value_of_six(hand) == reference_best(hand), [str(poker.CARDS[i]) for i in hand]


def test_ranking_and_names():
    value = fc.best_four_value
    # Four of a kind beats a straight flush; trips beat a flush and a straight.
    assert value("2S 2H 2D 2C 9H") > value("AS KS QS JS 9H")
    assert value("3S 3H 3D 8C 9H") > value("AS KS QS 9S 2H") > value("AS KH QD JC 2H")
    # A-2-3-4 is the lowest straight; no wraparound.
    assert value("AS 2H 3D 4C 9H") < value("2S 3H 4D 5C 9H")
    assert fc.category(value("KS AH 2D 3C 9H")) == fc.HIGH_CARD
    # The dealer's best four of six.
    assert fc.hand_name(value("AS AH AD AC KS QS")) == "Four aces"
    assert fc.hand_name(value("KS QS JS TS 9S 2D")) == "Straight flush, K high"
    assert fc.hand_name(value("AS 2S 3S 4S 9D 9C")) == "Straight flush, A-2-3-4"
    assert fc.hand_name(value("7S 7H 7D 7C 9H")) == "Four of a kind, 7s"
    assert fc.hand_name(value("7S 7H 7D KC 9H QH")) == "Three of a kind, 7s"
    assert fc.hand_name(value("AS JS 9S 4S 2S")) == "Flush, A-J-9-4"
    assert fc.hand_name(value("9S TH JD QC 2H")) == "Straight, Q high"
    assert fc.hand_name(value("9S 9H 5D 5C 2H 2D")) == "Two pair, 9s and 5s"
    assert fc.hand_name(value("QS QH 5D 4C 2H")) == "Pair of queens"
    assert fc.hand_name(value("AS JH 9D 4C 2H")) == "A-J-9-4 high"
    # Kickers decide within a category; equal values tie.
    assert value("QS QH 5D 4C 2H") < value("QS QH 6D 4C 2H")
    assert value("QS QH 6D 4C 2H") == value("QC QD 6H 4S 3H")
    # The thresholds the paytables and the Crazy 4 qualifier use.
    assert value("AS AH 5D 4C 2H") >= fc.PAIR_OF_ACES > value("KS KH QD JC 2H")
    assert value("QS QH 5D 4C 2H") >= fc.PAIR_OF_QUEENS > value("JS JH AD KC 2H")
    assert value("KS 7H 5D 4C 2H") >= fc.KING_HIGH > value("QS JH 9D 8C 2H")
    four, cards = fc.best_four("7S 7H 7D KC 9H QH")
    assert sorted(str(card) for card in cards) == ["7D", "7H", "7S", "KC"]


@pytest.mark.parametrize(
    "hand, message",
    [
        ("AS KS QS", "4, 5 or 6"),
        ("AS KS QS JS TS 9S 8S", "4, 5 or 6"),
        ("AS KS QS JK", "joker"),
        ("AS KS QS AS", "twice"),
    ],
)
def test_bad_hands_are_refused(hand, message):
    with pytest.raises(ValueError, match=message):
        fc.best_four(hand)
