"""Four Card Poker's paytables, strategy and exact side-wager returns
(games/four_card_poker/). Pure: no database, no Redis.

Published figure: Virgin Casino NJ publishes "Return to Player (Aces Up):
96.63%" for its Aces Up table (pair of aces 1, two pair 2, three of a kind 7,
straight flush 30, four of a kind 50 to 1; the straight and flush lines its
page leaves out are 5 and 6 to 1, the only whole odds giving 96.63%); the
enumeration reproduces it. The other expected figures are worked from the
published hand counts (tests/test_four_card.py; five-card counts: Wikipedia,
"Poker probability").
"""

from fractions import Fraction

import pytest

from games.cards import best_five, four_card
from games.cards.poker import CARD_INDEX
from games.four_card_poker import edge, paytables, strategy
from games.four_card_poker.paytables import (
    FLUSH,
    FOUR_ACES,
    FOUR_OF_A_KIND,
    PAIR_OF_ACES,
    QUEENS_OR_BETTER,
    ROYAL_FLUSH,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    TWO_PAIR,
)
from games.payouts import MeterShare, Odds

HANDS = 2_598_960
# Best four of five (tests/test_four_card.py) and pairs of aces as the best four.
QUADS, FOUR_SF, TRIPS, FOUR_FLUSH, FOUR_STRAIGHT, TWO_PAIRS, ACES = (
    624,
    2_072,
    58_656,
    114_616,
    101_808,
    123_552,
    81_096,
)


def cards(text):
    return [CARD_INDEX[item] for item in text.split()]


def test_four_card_lines():
    value = four_card.best_four_value
    assert paytables.four_card_lines(value("AS AH AD AC 2S")) == [FOUR_ACES, FOUR_OF_A_KIND]
    assert paytables.four_card_lines(value("KS KH KD KC 2S")) == [FOUR_OF_A_KIND]
    assert paytables.four_card_lines(value("9S TS JS QS 2H")) == [STRAIGHT_FLUSH]
    assert paytables.four_card_lines(value("AS AH 7D 4C 2S")) == [PAIR_OF_ACES, QUEENS_OR_BETTER]
    assert paytables.four_card_lines(value("QS QH 7D 4C 2S")) == [QUEENS_OR_BETTER]
    assert paytables.four_card_lines(value("JS JH 7D 4C 2S")) == []
    assert paytables.four_card_lines(value("AS KH 7D 4C 2S")) == []
    table = paytables.aces_up_paytable("50-40-8-6-4-2-1")
    assert paytables.lookup(table, paytables.four_card_lines(value("AS AH AD AC 2S"))) == (
        FOUR_OF_A_KIND,
        Odds(50),
    )
    assert paytables.lookup(table, paytables.four_card_lines(value("AS AH 7D 4C 2S"))) == (
        PAIR_OF_ACES,
        Odds(1),
    )
    assert paytables.lookup(table, paytables.four_card_lines(value("KS KH 7D 4C 2S"))) is None


def test_five_card_lines():
    value = best_five.best_five_value
    assert paytables.five_card_lines(value("AS KS QS JS TS")) == [ROYAL_FLUSH, STRAIGHT_FLUSH]
    assert paytables.five_card_lines(value("AS 2S 3S 4S 5S")) == [STRAIGHT_FLUSH]
    assert paytables.five_card_lines(value("AS AD 3S 3D 3C")) == [paytables.FULL_HOUSE]
    assert paytables.five_card_lines(value("AS AD 3S 4D 5C")) == []
    table = paytables.FIVE_CARD_PROGRESSIVE
    assert paytables.lookup(table, paytables.five_card_lines(value("AS KS QS JS TS"))) == (
        ROYAL_FLUSH,
        MeterShare(100),
    )
    assert paytables.lookup(paytables.FIVE_CARD_ENVY_CENTS, [STRAIGHT_FLUSH]) == (STRAIGHT_FLUSH, 150_000)


def test_paytables_are_the_rules_files():
    assert paytables.ANTE_BONUS_NAMES == ("25-20-2", "30-15-2")
    assert paytables.ante_bonus_paytable("30-15-2") == {
        FOUR_OF_A_KIND: Odds(30),
        STRAIGHT_FLUSH: Odds(15),
        THREE_OF_A_KIND: Odds(2),
    }
    assert [str(odds) for odds in paytables.aces_up_paytable("50-40-8-6-4-2-1").values()] == [
        "50 to 1",
        "40 to 1",
        "8 to 1",
        "6 to 1",
        "4 to 1",
        "2 to 1",
        "1 to 1",
    ]
    assert [str(payout) for payout in paytables.FIVE_CARD_PROGRESSIVE.values()] == [
        "100% of the meter",
        "10% of the meter",
        "300 for 1",
        "50 for 1",
        "40 for 1",
        "30 for 1",
        "9 for 1",
    ]
    assert paytables.FIVE_CARD_WAGER_CENTS == 500
    assert paytables.FIVE_CARD_ENVY_CENTS == {ROYAL_FLUSH: 500_000, STRAIGHT_FLUSH: 150_000}
    with pytest.raises(ValueError, match="25-20-2, 30-15-2"):
        paytables.ante_bonus_paytable("40-20-2")
    with pytest.raises(ValueError, match="Aces Up"):
        paytables.aces_up_paytable("nope")


def test_aces_up_exact():
    winnings = (
        QUADS * 50 + FOUR_SF * 40 + TRIPS * 8 + FOUR_FLUSH * 6 + FOUR_STRAIGHT * 4 + TWO_PAIRS * 2 + ACES
    )
    losers = HANDS - (QUADS + FOUR_SF + TRIPS + FOUR_FLUSH + FOUR_STRAIGHT + TWO_PAIRS + ACES)
    assert edge.aces_up_return("50-40-8-6-4-2-1") == Fraction(winnings - losers, HANDS)
    assert f"{-float(edge.aces_up_return()):.2%}" == "4.24%"
    assert edge.aces_up_probabilities()[PAIR_OF_ACES] == Fraction(ACES, HANDS)


def test_aces_up_matches_a_published_return():
    """Virgin Casino NJ's Aces Up: RTP 96.63% (see the module docstring)."""
    virgin = {
        FOUR_OF_A_KIND: Odds(50),
        STRAIGHT_FLUSH: Odds(30),
        THREE_OF_A_KIND: Odds(7),
        FLUSH: Odds(6),
        STRAIGHT: Odds(5),
        TWO_PAIR: Odds(2),
        PAIR_OF_ACES: Odds(1),
    }
    net, meter = edge.fixed_return(edge.four_card_line_probabilities(virgin), virgin)
    assert meter == {}
    assert f"{1 + float(net):.2%}" == "96.63%"


def test_ante_bonus_exact():
    assert edge.ante_bonus_return("25-20-2") == Fraction(QUADS * 25 + FOUR_SF * 20 + TRIPS * 2, HANDS)
    assert edge.ante_bonus_return("30-15-2") == Fraction(QUADS * 30 + FOUR_SF * 15 + TRIPS * 2, HANDS)


def test_five_card_progressive_fixed_part_and_envy():
    # Five-card counts (Wikipedia): royal 4, other straight flushes 36, quads 624,
    # full houses 3,744, flushes 5,108, straights 10,200, trips 54,912.
    fixed = 624 * 299 + 3_744 * 49 + 5_108 * 39 + 10_200 * 29 + 54_912 * 8
    losers = HANDS - (624 + 3_744 + 5_108 + 10_200 + 54_912)  # the meter lines' fixed part nets -1 too
    net, meter = edge.five_card_progressive_fixed_return()
    assert net == Fraction(fixed - losers, HANDS)
    assert meter == {100: Fraction(4, HANDS), 10: Fraction(36, HANDS)}
    # $5,000 and $1,500 on a $5 wager: 1,000 and 300 units per other player's hand.
    assert edge.five_card_envy_per_other_player() == Fraction(4 * 1_000 + 36 * 300, HANDS)


@pytest.mark.parametrize(
    "player, up, basic, expert",
    [
        ("AS AH 7D 4C 2S", "KD", 3, 3),
        ("KS KH 7D 4C 2S", "AD", 3, 1),  # kings against an ace, no ace held
        ("KS KH AC 4C 2S", "AD", 3, 3),  # ... holding an ace
        ("QS QH 7D 4C 2S", "KD", 3, 1),
        ("QS QH KC 4C 2S", "KD", 3, 3),  # holding a king against the king up
        ("JS JH 7D 4C 2S", "TD", 3, 3),
        ("JS JH 7D 4C 2S", "AD", 3, 1),
        ("TS TH 7D 4C 2S", "TD", 3, 1),  # 10s against a 10, no jack or better
        ("TS TH QD 4C 2S", "TD", 3, 3),
        ("TS TH 7D 4C 2S", "9D", 3, 3),
        ("9S 9H 7D 4C 3S", "2D", 1, 3),
        ("9S 9H 7D 4C 3S", "3D", 1, 1),
        ("5S 5H 7D 4C 2S", "KD", 1, 1),
        ("2S 2H 7D 4C 3S", "2D", 0, 1),  # deuces against a deuce
        ("2S 2H 7D 4C 3S", "3D", 0, 0),
        ("AS KH QD 9C 7S", "2D", 0, 0),  # high card folds
        ("9S 9H 5D 5C 2S", "AD", 3, 3),  # two pair and up: 3x
        ("3S 4S 5S 9S 2H", "AD", 3, 3),  # a flush
    ],
)
def test_strategies(player, up, basic, expert):
    hand, upcard = cards(player), CARD_INDEX[up]
    assert strategy.play_multiple(hand, upcard, strategy.BASIC) == basic
    assert strategy.play_multiple(hand, upcard, strategy.EXPERT) == expert


@pytest.mark.parametrize(
    "player, up, multiple",
    [
        ("AS AH 7D 4C 2S", "KD", 3),  # a pair of aces
        ("9S 9H KD KC 2S", "AD", 3),  # two pair
        ("7S 7H 7D 4C 2S", "AD", 3),  # trips (and the Ante Bonus)
        ("AS QH 8D 6C 3S", "KD", 0),  # ace high against a king
        ("2S 2H 7D 4C 3S", "KD", 0),  # deuces against a king
        ("4S 4H 9D 8C 3S", "AD", 1),  # a low pair against an ace
    ],
)
def test_computed_strategy_on_clear_hands(player, up, multiple):
    """Hands far from the thresholds, where any sound strategy agrees."""
    assert strategy.play_multiple(cards(player), CARD_INDEX[up]) == multiple
    assert strategy.play_multiple(cards(player), CARD_INDEX[up], strategy.COMPUTED) == multiple


def test_unknown_strategy_is_refused():
    with pytest.raises(ValueError, match="computed, expert, basic"):
        strategy.play_multiple(cards("AS AH 7D 4C 2S"), CARD_INDEX["KD"], "optimal")
