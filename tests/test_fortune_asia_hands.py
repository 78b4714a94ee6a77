"""Fortune Asia Poker's hands, pure: the High, Medium and Low rankings, the
order test and the comparison with the dealer (docs/rules/fortune_asia_poker.md rules 2,
6, 7, 9)."""

from collections import Counter
from itertools import combinations

import pytest

from games.cards.cards import cards
from games.fortune_asia.hands import (
    COPY,
    FLUSH,
    FOUR_OF_A_KIND,
    HIGH_CARD,
    LOSE,
    PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    TWO_PAIR,
    WIN,
    category,
    compare,
    describe,
    hand_results,
    high_name,
    high_value,
    high_value_indices,
    is_foul,
    low_value,
    medium_value,
    setting_error,
)


def setting(high, medium, low):
    return tuple(cards(hand) for hand in (high, medium, low))


# Rule 7: each category's lowest hand above the next category's highest.
CATEGORY_LADDER = [
    (FOUR_OF_A_KIND, "2S 2H 2D 2C", "AS AH AD AC"),
    (STRAIGHT_FLUSH, "AS 2S 3S 4S", "AS KS QS JS"),
    (FLUSH, "6H 4H 3H 2H", "AH KH QH 9H"),
    (STRAIGHT, "AS 2H 3D 4C", "AS KH QD JC"),
    (THREE_OF_A_KIND, "2S 2H 2D 3C", "AS AH AD KC"),
    (TWO_PAIR, "3S 3H 2D 2C", "AS AH KD KC"),
    (PAIR, "2S 2H 3D 4C", "AS AH KD QC"),
    (HIGH_CARD, "6S 4H 3D 2C", "AS KH QD 10C"),
]


@pytest.mark.parametrize("index", range(len(CATEGORY_LADDER) - 1))
def test_each_high_category_beats_the_next(index):
    kind, lowest, _ = CATEGORY_LADDER[index]
    lower_kind, _, highest_below = CATEGORY_LADDER[index + 1]
    assert category(high_value(cards(lowest))) == kind
    assert category(high_value(cards(highest_below))) == lower_kind
    assert high_value(cards(lowest)) > high_value(cards(highest_below))


def test_no_full_house_and_suits_never_rank():
    assert category(high_value(cards("KS KH KD 5C"))) == THREE_OF_A_KIND
    assert high_value(cards("KS QS 9S 5S")) == high_value(cards("KH QH 9H 5H"))
    assert high_value(cards("KS KH 9D 5C")) == high_value(cards("KD KC 9S 5H"))


def test_straights_ace_high_or_lowest_and_no_wraparound():
    assert high_value(cards("AS KH QD JC")) > high_value(cards("KS QH JD 10C"))
    assert high_value(cards("5S 4H 3D 2C")) > high_value(cards("AS 2H 3D 4C"))
    assert category(high_value(cards("QS KH AD 2C"))) == HIGH_CARD
    assert high_name(high_value(cards("AS 2H 3D 4C"))) == "Straight, A-2-3-4"
    assert high_name(high_value(cards("AS KS QS JS"))) == "Straight flush, A-K-Q-J"


def test_ties_compare_ranks_then_kickers():
    assert high_value(cards("9S 9H AD 3C")) > high_value(cards("9D 9C KS QH"))
    assert high_value(cards("9S 9H 4D 4C")) > high_value(cards("9D 9C 3S 3H"))
    assert high_value(cards("KS QH 9D 3C")) > high_value(cards("KD QC 9S 2H"))
    assert high_value(cards("KS KH KD 3C")) > high_value(cards("QS QH QD AC"))


def test_every_four_card_hand_of_52_by_category():
    counts = Counter(category(high_value_indices(*four)) for four in combinations(range(52), 4))
    # Closed forms: 11 runs (A-2-3-4 … A-K-Q-J) in 4 suits; C(13,4) rank sets.
    assert counts == {
        FOUR_OF_A_KIND: 13,
        STRAIGHT_FLUSH: 44,
        FLUSH: 4 * 715 - 44,
        STRAIGHT: 11 * 256 - 44,
        THREE_OF_A_KIND: 13 * 4 * 12 * 4,
        TWO_PAIR: 78 * 36,
        PAIR: 13 * 6 * 66 * 16,
        HIGH_CARD: (715 - 11) * (256 - 4),
    }


@pytest.mark.parametrize(
    "hand, name",
    [
        ("AS AH AD JK", "Four aces"),  # rule 2: otherwise an ace
        ("KS QS JS JK", "Straight flush, A-K-Q-J"),
        ("2H 3H 4H JK", "Straight flush, 5-4-3-2"),  # the highest straight flush it can fill
        ("KD 9D 5D JK", "Flush, A-K-9-5"),
        ("QS JH 9D JK", "Straight, Q-J-10-9"),  # fills an inside straight
        ("KS KH KD JK", "Three kings"),  # never pairs another rank
        ("KS KH 5D JK", "Pair of kings"),
        ("AS 9H 5D JK", "Pair of aces"),
        ("KS 9H 5D JK", "A-K-9-5 high"),
    ],
)
def test_the_joker_in_the_high_hand(hand, name):
    assert high_name(high_value(cards(hand))) == name


def test_joker_kickers_are_an_ace():
    assert high_value(cards("KS KH 5D JK")) == high_value(cards("KD KC 5S AH"))
    assert high_value(cards("KS KH KD JK")) == high_value(cards("KC KS KH AD"))


def test_medium_and_low_rankings_joker_an_ace():
    assert medium_value(cards("2S 2H")) > medium_value(cards("AS KH"))
    assert medium_value(cards("3S 3H")) > medium_value(cards("2S 2H"))
    assert medium_value(cards("AS KH")) > medium_value(cards("AD QH"))
    assert medium_value(cards("AS 3H")) > medium_value(cards("KD QH"))
    assert medium_value(cards("JK KH")) == medium_value(cards("AS KD"))
    assert medium_value(cards("JK AH")) == medium_value(cards("AS AD"))
    assert low_value(cards("AS")) > low_value(cards("KS")) > low_value(cards("2S"))
    assert low_value(cards("JK")) == low_value(cards("AD"))
    assert describe(setting("8S 8H 5D 2C", "AD 9S", "JK")) == ("Pair of 8s", "A-9 high", "Ace")


@pytest.mark.parametrize(
    "high, medium, low",
    [
        ("8S 8H 5D 2C", "AD 9S", "QC"),  # one pair over no pair
        ("8S 8H 5D 2C", "8D 8C", "AS"),  # pairs of equal rank; a Medium pair over any Low
        ("KS 7H 3D 2C", "KD 7C", "4S"),  # equal top two cards
        ("9S 9H 4D 4C", "AS AH", "KD"),  # two pair over any Medium
        ("5S 4H 3D 2C", "KS KH", "AD"),  # a straight over a pair
        ("KS JH 3D 2C", "QD 5C", "QS"),  # the Medium's top card equal to the Low
        ("JK 9H 5D 2C", "AS 8D", "QC"),  # the joker is an ace in a no-pair High (A-9 over A-8)
    ],
)
def test_the_order_test_accepts(high, medium, low):
    assert setting_error(setting(high, medium, low)) is None


@pytest.mark.parametrize(
    "high, medium, low, message",
    [
        (
            "8S 8H 5D 2C",
            "9D 9C",
            "AS",
            "Your Medium hand (Pair of 9s) outranks your High hand (Pair of 8s): "
            "the High hand must be at least as strong as the Medium hand.",
        ),
        (
            "KS 7H 3D 2C",
            "4D 4C",
            "AS",
            "Your Medium hand (Pair of 4s) outranks your High hand (K-7-3-2 high): "
            "the High hand must be at least as strong as the Medium hand.",
        ),
        (
            "KS 5H 3D 2C",
            "KD 7C",
            "4S",
            "Your Medium hand (K-7 high) outranks your High hand (K-5-3-2 high): "
            "the High hand must be at least as strong as the Medium hand.",
        ),
        (
            "9S 9H 5D 2C",
            "KD 8C",
            "JK",
            "Your Low card (Ace) outranks your Medium hand (K-8 high): "
            "the Medium hand needs a pair or a card at least as high as the Low card.",
        ),
    ],
)
def test_the_order_test_refuses_a_broken_order(high, medium, low, message):
    assert setting_error(setting(high, medium, low)) == message
    assert is_foul(setting(high, medium, low))


@pytest.mark.parametrize(
    "hands, message",
    [
        (("8S 8H 5D", "AD 9S 2C", "QC"), "Your High hand takes 4 cards; it has 3."),
        (("8S 8H 5D 2C", "AD", "QC 9S"), "Your Medium hand takes 2 cards; it has 1."),
        (("8S 8H 5D 2C", "AD 9S", "QC 3S"), "Your Low hand takes 1 card; it has 2."),
        (("8S 8H 5D 2C", "AD 9S", "8S"), "A card is in two of your hands."),
        (("8S 8H 5D 2C", "AD 9S", ["ZZ"]), "Your Low hand holds something that is not a card."),
        (("8S 8H 5D 2C", "AD 9S"), "Set your cards into three hands: High, Medium and Low."),
    ],
)
def test_wrong_counts_and_cards_are_refused(hands, message):
    parsed = tuple(cards(hand) if isinstance(hand, str) else hand for hand in hands)
    assert setting_error(parsed) == message


def test_a_setting_must_use_the_cards_dealt():
    seven = cards("8S 8H AD QC 9S 5H 2D")
    assert setting_error(setting("8S 8H 5H 2D", "AD 9S", "QC"), seven) is None
    assert (
        setting_error(setting("8S 8H 5H 2D", "AD 9S", "KC"), seven)
        == "Set the seven cards you were dealt, each in one hand."
    )


DEALER = setting("9S 9H 5D 2C", "AD 8S", "QC")


@pytest.mark.parametrize(
    "player, results, outcome",
    [
        (("KS KH 6D 3C", "AH 9S", "KC"), (WIN, WIN, WIN), WIN),
        (("KS KH 6D 3C", "AH 9S", "4C"), (WIN, WIN, LOSE), WIN),  # two of three
        (("KS KH 6D 3C", "AH 8D", "4C"), (WIN, COPY, LOSE), LOSE),  # win-lose-copy loses
        (("KS KH 6D 3C", "AH 8D", "KC"), (WIN, COPY, WIN), WIN),
        (("9D 9C 5S 2H", "AH 8D", "QD"), (COPY, COPY, COPY), LOSE),  # copies go to the dealer
        (("9D 9C 5S 2H", "AH 10C", "KD"), (COPY, WIN, WIN), WIN),
        (("7D 7C 5S 2H", "AH 8D", "KD"), (LOSE, COPY, WIN), LOSE),
    ],
)
def test_two_of_three_to_win_copies_to_the_dealer(player, results, outcome):
    player = setting(*player)
    assert hand_results(player, DEALER) == results
    assert compare(player, DEALER) == outcome


def test_a_fouled_player_loses_and_a_fouled_dealer_is_refused():
    fouled = setting("8S 8H 5D 2C", "KD KC", "AS")  # would win all three, but the order is broken
    assert compare(fouled, DEALER) == LOSE
    with pytest.raises(ValueError, match="The dealer's setting is fouled"):
        compare(DEALER, fouled)
    with pytest.raises(ValueError, match="The player's setting is fouled"):
        hand_results(fouled, DEALER)
