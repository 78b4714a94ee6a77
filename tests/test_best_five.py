"""The best five of 5, 6 or 7 cards (games/cards/best_five.py), by full enumeration.

Five cards: all 2,598,960 hands, their category counts against the published
distribution (Wikipedia, "Poker probability", frequency of 5-card poker
hands), and every value equal to poker.py's except the A-2-3-4-5 straights
that pai gow ranks second highest. Six and seven cards: every hand, through
its suit class (games/cards/suit_classes.py: 962,988 classes stand for the
20,358,520 six-card hands, 6,009,159 for the 133,784,560 seven-card ones;
suits never rank, which test_suit_classes.py checks of the evaluator). The
seven-card category counts are held to the published distribution (same
Wikipedia article); each six-card hand's category to a plain rule-by-rule
reference, and their counts to the six-card distribution. Fixed-seed samples
hold whole values (kickers included) to a plain reference: the highest of
the 6 or 21 fives, each valued the straightforward way.
"""

import random
from collections import Counter
from itertools import combinations

import pytest

from games.cards import best_five as bf
from games.cards import poker
from games.cards.cards import cards
from games.cards.suit_classes import suit_classes

FIVE_CARD_COUNTS = {  # Wikipedia, "Poker probability", 5-card hands
    poker.STRAIGHT_FLUSH: 40,  # royal flush 4 included
    poker.FOUR_OF_A_KIND: 624,
    poker.FULL_HOUSE: 3_744,
    poker.FLUSH: 5_108,
    poker.STRAIGHT: 10_200,
    poker.THREE_OF_A_KIND: 54_912,
    poker.TWO_PAIR: 123_552,
    poker.PAIR: 1_098_240,
    poker.HIGH_CARD: 1_302_540,
}

SEVEN_CARD_COUNTS = {  # Wikipedia, "Poker probability", 7-card hands (best five)
    poker.STRAIGHT_FLUSH: 41_584,
    poker.FOUR_OF_A_KIND: 224_848,
    poker.FULL_HOUSE: 3_473_184,
    poker.FLUSH: 4_047_644,
    poker.STRAIGHT: 6_180_020,
    poker.THREE_OF_A_KIND: 6_461_620,
    poker.TWO_PAIR: 31_433_400,
    poker.PAIR: 58_627_800,
    poker.HIGH_CARD: 23_294_460,
}


def test_every_five_card_hand():
    counts = Counter()
    value_of = bf.best_five_value_indices
    royal = wheels = 0
    for hand in combinations(range(52), 5):
        value = value_of(hand)
        counts[value >> 20] += 1
        if value == bf.ROYAL_FLUSH_VALUE:
            royal += 1
        if (value >> 20) in (poker.STRAIGHT, poker.STRAIGHT_FLUSH) and (value >> 16) & 15 == 3:
            wheels += 1
            assert poker.eval5_indices(*hand) == value - (3 << 16) + (12 << 16)
        else:
            assert poker.eval5_indices(*hand) == value
    assert dict(counts) == FIVE_CARD_COUNTS
    assert sum(counts.values()) == 2_598_960
    assert royal == 4
    assert wheels == 4**5  # A-2-3-4-5 in any suits, suited ones included


# --- a plain reference -------------------------------------------------------


# The six-card distribution (best five of six): the commonly published
# six-card frequencies (royal flush 188 among the straight flushes), which
# reference_category below also counts when run over every class (90 s, so
# make test runs it over every 40th class).
SIX_CARD_COUNTS = {
    poker.STRAIGHT_FLUSH: 1_844,
    poker.FOUR_OF_A_KIND: 14_664,
    poker.FULL_HOUSE: 165_984,
    poker.FLUSH: 205_792,
    poker.STRAIGHT: 361_620,
    poker.THREE_OF_A_KIND: 732_160,
    poker.TWO_PAIR: 2_532_816,
    poker.PAIR: 9_730_740,
    poker.HIGH_CARD: 6_612_900,
}


def reference_five(five):
    """The value of five card indices, the straightforward way."""
    ranks = sorted((index >> 2 for index in five), reverse=True)
    flush = len({index & 3 for index in five}) == 1
    counts = Counter(ranks)
    order = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    top = None
    if len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            top = 13 if ranks[0] == 12 else ranks[0]
        elif ranks == [12, 3, 2, 1, 0]:
            top = 3
    if top is not None:
        kind, order = (poker.STRAIGHT_FLUSH if flush else poker.STRAIGHT), [top]
    elif shape == [4, 1]:
        kind = poker.FOUR_OF_A_KIND
    elif shape == [3, 2]:
        kind = poker.FULL_HOUSE
    elif flush:
        kind = poker.FLUSH
    elif shape == [3, 1, 1]:
        kind = poker.THREE_OF_A_KIND
    elif shape == [2, 2, 1]:
        kind = poker.TWO_PAIR
    elif shape == [2, 1, 1, 1]:
        kind = poker.PAIR
    else:
        kind = poker.HIGH_CARD
    value = kind << 20
    for place, rank in enumerate(order):
        value |= rank << (16 - 4 * place)
    return value


def reference_best(hand):
    return max(reference_five(five) for five in combinations(hand, 5))


def straight_in(mask, length=5):
    """Whether the rank mask (bit r: rank r, 12 the ace) holds ``length`` ranks in a row, the ace also low."""
    mask = (mask << 1) | (mask >> 12 & 1)
    run = mask
    for step in range(1, length):
        run &= mask >> step
    return run != 0


def reference_category(hand):
    """The best five's category of five or more cards, rule by rule."""
    counts = [0] * 13
    suits = [0, 0, 0, 0]
    for index in hand:
        counts[index >> 2] += 1
        suits[index & 3] |= 1 << (index >> 2)
    flushes = [mask for mask in suits if mask.bit_count() >= 5]
    ranks = suits[0] | suits[1] | suits[2] | suits[3]
    paired = 13 - counts.count(0) - counts.count(1)
    if any(straight_in(mask) for mask in flushes):
        return poker.STRAIGHT_FLUSH
    if 4 in counts:
        return poker.FOUR_OF_A_KIND
    if 3 in counts and paired >= 2:
        return poker.FULL_HOUSE
    if flushes:
        return poker.FLUSH
    if straight_in(ranks):
        return poker.STRAIGHT
    if 3 in counts:
        return poker.THREE_OF_A_KIND
    return {0: poker.HIGH_CARD, 1: poker.PAIR}.get(paired, poker.TWO_PAIR)


def test_every_six_card_hand():
    counts = dict.fromkeys(SIX_CARD_COUNTS, 0)
    value_of_six = bf.value_of_six
    for number, (hand, weight) in enumerate(suit_classes(6)):
        kind = value_of_six(hand) >> 20
        counts[kind] += weight
        if number % 40 == 0:
            assert kind == reference_category(hand), [str(poker.CARDS[i]) for i in hand]
    assert counts == SIX_CARD_COUNTS
    assert sum(counts.values()) == 20_358_520


def test_every_seven_card_hand():
    counts = dict.fromkeys(SEVEN_CARD_COUNTS, 0)
    value_of_seven = bf.value_of_seven
    for hand, weight in suit_classes(7):
        counts[value_of_seven(hand) >> 20] += weight
    assert counts == SEVEN_CARD_COUNTS
    assert sum(counts.values()) == 133_784_560


@pytest.mark.parametrize("size, hands", [(6, 10_000), (7, 8_000)])
def test_sampled_hands_against_the_reference(size, hands):
    rng = random.Random(20261201 + size)
    deck = list(range(52))
    unrolled = {6: bf.value_of_six, 7: bf.value_of_seven}[size]
    for _ in range(hands):
        hand = rng.sample(deck, size)
        value = bf.best_five_value_indices(hand)
        assert value == reference_best(hand), [str(poker.CARDS[i]) for i in hand]
        assert unrolled(hand) == value


def test_sampled_rare_hands_against_the_reference():
    """Hands rich in flushes, straights and full houses: seven cards from a few
    ranks or mostly one suit, where the tables' edge cases are."""
    rng = random.Random(7)
    for _ in range(20_000):
        ranks = rng.sample(range(13), rng.randint(2, 7))
        pool = [rank * 4 + suit for rank in ranks for suit in range(4)]
        if len(pool) >= 7 and rng.random() < 0.5:
            suit = rng.randrange(4)
            pool = [rank * 4 + suit for rank in range(13)] + rng.sample(pool, 3)
            pool = list(dict.fromkeys(pool))
        if len(pool) < 5:
            continue
        hand = rng.sample(pool, min(len(pool), rng.randint(5, 7)))
        value = bf.best_five_value_indices(hand)
        assert value == reference_best(hand), [str(poker.CARDS[i]) for i in hand]
        if len(hand) > 5:
            assert {6: bf.value_of_six, 7: bf.value_of_seven}[len(hand)](hand) == value


def test_best_five_names_its_five_cards():
    value, five = bf.best_five("AS KS QS JS TS 2D 2C")
    assert value == bf.ROYAL_FLUSH_VALUE and bf.hand_name(value) == "Royal flush"
    assert [str(item) for item in five] == ["AS", "KS", "QS", "JS", "TS"]
    value, five = bf.best_five(cards("AH 2D 3C 4S 5H 9D 9C"))
    assert bf.category(value) == poker.STRAIGHT and bf.hand_name(value) == "Straight, 5 high"
    assert sorted(str(item) for item in five) == ["2D", "3C", "4S", "5H", "AH"]
    # The wheel is the lowest straight, below 6 high.
    assert bf.best_five_value("AH 2D 3C 4S 5H") < bf.best_five_value("2D 3C 4S 5H 6H")
    value, five = bf.best_five("KH KD KC 7S 7H 7D 2C")
    assert bf.hand_name(value) == "Full house, kings over 7s" and len(five) == 5
    assert bf.hand_name(bf.best_five_value("9H 9D 5C 5S 3H 3D AC")) == "Two pair, 9s and 5s"
    assert bf.best_five_value("9H 9D 5C 5S 3H 3D AC") > bf.best_five_value("9H 9D 5C 5S 3H 3D KC")


@pytest.mark.parametrize(
    "hand, message",
    [
        ("AS KS QS JS", "5, 6 or 7"),
        ("AS KS QS JS TS 9S 8S 7S", "5, 6 or 7"),
        ("AS KS QS JS JK", "joker"),
        ("AS KS QS JS AS", "twice"),
        ("AS KS QS JS XX", "Not a hand"),
    ],
)
def test_bad_hands_are_refused(hand, message):
    with pytest.raises(ValueError, match=message):
        bf.best_five(hand.split())


@pytest.mark.parametrize(
    "hand, name",
    [
        ("AS KD", "A-K high"),
        ("7H 7D", "Pair of 7s"),
        ("9C 4D AH", "A-9-4 high"),
        ("KS 4D KH 4C", "Two pair, kings and 4s"),
        ("TS TD 2H TC", "Three of a kind, 10s"),
        ("QS QD QH QC", "Four of a kind, queens"),
        ("JS 3D JH", "Pair of jacks"),
    ],
)
def test_a_hand_still_being_dealt_is_named_by_its_pairs_or_high_cards(hand, name):
    # The two to four cards of Mississippi Stud, Let It Ride and the hold 'em games' hole cards.
    assert poker.name_partial(hand.split()) == name
