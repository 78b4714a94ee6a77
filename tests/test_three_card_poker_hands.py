"""The three-card ranking (docs/rules/three_card_poker.md rule 2), checked by full
enumeration of the 22,100 hands and against a plain rank-and-suit reading."""

from collections import Counter
from itertools import combinations

import pytest

from games.cards import three_card
from games.cards.cards import RANKS, standard_deck
from games.cards.three_card import (
    FLUSH,
    HIGH_CARD,
    PAIR,
    QUEEN_HIGH,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    category,
    describe,
    evaluate,
    is_mini_royal,
    qualifies,
)


def test_every_hand_is_counted_once_in_its_category():
    counts = Counter(category(value) for value in three_card.all_values())
    assert sum(counts.values()) == 22_100
    assert counts == {
        STRAIGHT_FLUSH: 48,
        THREE_OF_A_KIND: 52,
        STRAIGHT: 720,
        FLUSH: 1_096,
        PAIR: 3_744,
        HIGH_CARD: 16_440,
    }


def test_mini_royals_are_the_four_suited_a_k_q():
    royals = [hand for hand in combinations(standard_deck(), 3) if is_mini_royal(evaluate(hand))]
    assert len(royals) == 4
    assert all(sorted(item.rank for item in hand) == ["A", "K", "Q"] for hand in royals)
    assert len({hand[0].suit for hand in royals}) == 4


def _plain(hand):
    """A slow, obvious reading of rule 2 to hold the table to: (category, tie-break ranks)."""
    ranks = sorted((RANKS.index(item.rank) for item in hand), reverse=True)
    suited = len({item.suit for item in hand}) == 1
    counts = Counter(ranks)
    if len(counts) == 1:
        return (THREE_OF_A_KIND, ranks[0])
    if len(counts) == 2:
        pair = next(rank for rank, count in counts.items() if count == 2)
        return (PAIR, pair, next(rank for rank in ranks if rank != pair))
    if ranks == [12, 1, 0]:
        top = 1
    elif ranks[0] - ranks[2] == 2:
        top = ranks[0]
    else:
        top = None
    if top is not None:
        return (STRAIGHT_FLUSH if suited else STRAIGHT, top)
    return (FLUSH if suited else HIGH_CARD, *ranks)


def test_the_order_of_all_hands_matches_the_plain_reading():
    hands = list(combinations(standard_deck(), 3))
    by_value = sorted(hands, key=evaluate)
    by_plain = sorted(hands, key=_plain)
    assert [_plain(hand) for hand in by_value] == [_plain(hand) for hand in by_plain]
    # Equal values are exactly equal plain readings: ties are ties, nothing more.
    assert len({evaluate(hand) for hand in hands}) == len({_plain(hand) for hand in hands})


@pytest.mark.parametrize(
    "higher, lower",
    [
        ("AS KS QS", "KH QH JH"),  # mini-royal tops the straight flushes
        ("3D 2D AD", "2S 2H 2D"),  # the lowest straight flush beats three of a kind
        ("2S 2H 2D", "AS KH QD"),  # three of a kind beats the top straight
        ("3C 2D AH", "AS JS 9S"),  # straight beats flush (rule 2)
        ("5S 3S 2S", "AS AH KD"),  # flush beats pair
        ("2S 2H 3D", "AS KH JD"),  # pair beats high card
        ("AS KH QD", "3C 2D AH"),  # A-2-3 is the lowest straight
        ("4C 3D 2H", "3C 2D AH"),
        ("KS KH 5D", "KD KC 4H"),  # a pair's kicker
        ("QS 3H 2D", "JS TH 8D"),
    ],
)
def test_rankings(higher, lower):
    assert evaluate(higher) > evaluate(lower)


def test_suits_never_rank():
    assert evaluate("AS KH 7D") == evaluate("AC KD 7H")
    assert evaluate("9H 8H 7H") == evaluate("9S 8S 7S")


def test_queen_high_qualifies_and_jack_high_does_not():
    assert evaluate("QH 3D 2C") == QUEEN_HIGH and qualifies(evaluate("QH 3D 2C"))
    assert not qualifies(evaluate("JH TD 8C"))
    assert qualifies(evaluate("2S 2H 3D"))
    qualifying = sum(qualifies(value) for value in three_card.all_values())
    # Every pair or better (5,660 hands) and the queen-, king- and ace-high
    # non-straight non-flush hands.
    assert qualifying == 22_100 - sum(
        1
        for hand in combinations(standard_deck(), 3)
        if _plain(hand)[0] == HIGH_CARD and _plain(hand)[1] < RANKS.index("Q")
    )


@pytest.mark.parametrize(
    "hand, name",
    [
        ("AS KS QS", "Mini-royal"),
        ("9H 8H 7H", "Straight flush, 9-8-7"),
        ("3D 2D AD", "Straight flush, A-2-3"),
        ("7S 7H 7D", "Three 7s"),
        ("AS 2D 3C", "Straight, A-2-3"),
        ("QS JD TC", "Straight, Q-J-10"),
        ("AS JS 9S", "Flush, A-J-9"),
        ("KD KS 2C", "Pair of kings"),
        ("QH 6D 4C", "Q-6-4 high"),
    ],
)
def test_names(hand, name):
    assert describe(hand) == name


@pytest.mark.parametrize(
    "hand, problem",
    [
        ("AS KS", "three-card hand"),
        ("AS AS KD", "twice"),
        ("AS KS JK", "52-card deck"),
        ("AS KS ZZ", "52-card"),
    ],
)
def test_bad_hands_are_refused(hand, problem):
    with pytest.raises(ValueError, match=problem):
        evaluate(hand)
