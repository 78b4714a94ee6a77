"""Crazy 4 Poker's paytables, stated strategy and exact side-wager returns
(games/crazy_4_poker/). Pure: no database, no Redis.

The expected figures are worked from the published best-four-of-five hand
counts (tests/test_four_card.py): four aces 48, other quads 576, straight
flushes 2,072, trips 58,656, flushes 114,616, straights 101,808, two pair
123,552, pairs of queens or better 242,916.
"""

from fractions import Fraction

from games.cards import four_card
from games.cards.poker import CARD_INDEX
from games.crazy_4_poker import edge, paytables, strategy
from games.four_card_poker.paytables import FOUR_ACES, FOUR_OF_A_KIND, QUEENS_OR_BETTER, STRAIGHT
from games.payouts import Odds

HANDS = 2_598_960
FOUR_ACE_HANDS, QUADS, SF, TRIPS, FLUSHES, STRAIGHTS, TWO_PAIRS, QUEENS_UP = (
    48,
    576,
    2_072,
    58_656,
    114_616,
    101_808,
    123_552,
    242_916,
)

value = four_card.best_four_value


def test_queens_up_exact():
    quads = FOUR_ACE_HANDS + QUADS  # four aces are a four of a kind on Queens Up
    winnings = quads * 50 + SF * 40 + TRIPS * 8 + FLUSHES * 4 + STRAIGHTS * 3 + TWO_PAIRS * 2 + QUEENS_UP
    losers = HANDS - (quads + SF + TRIPS + FLUSHES + STRAIGHTS + TWO_PAIRS + QUEENS_UP)
    assert edge.queens_up_return() == Fraction(winnings - losers, HANDS)
    assert edge.queens_up_probabilities()[QUEENS_OR_BETTER] == Fraction(QUEENS_UP, HANDS)


def test_super_bonus_paying_lines_exact():
    probabilities = edge.super_bonus_paying_probabilities()
    assert probabilities[FOUR_ACES] == Fraction(FOUR_ACE_HANDS, HANDS)
    assert probabilities[FOUR_OF_A_KIND] == Fraction(QUADS, HANDS)
    assert probabilities[STRAIGHT] == Fraction(STRAIGHTS, HANDS)
    paid = FOUR_ACE_HANDS * 200 + QUADS * 30 + SF * 15 + TRIPS * 2 + Fraction(3, 2) * FLUSHES + STRAIGHTS
    assert edge.super_bonus_paying_return() == paid / HANDS


def test_five_card_progressive_is_four_card_pokers():
    assert paytables.FIVE_CARD_PROGRESSIVE["royal_flush"].percent == 100
    assert edge.five_card_envy_per_other_player() == Fraction(4 * 1_000 + 36 * 300, HANDS)


def test_paytables_are_the_rules_files():
    assert [str(odds) for odds in paytables.SUPER_BONUS.values()] == [
        "200 to 1",
        "30 to 1",
        "15 to 1",
        "2 to 1",
        "3 to 2",
        "1 to 1",
    ]
    assert [str(odds) for odds in paytables.QUEENS_UP.values()] == [
        "50 to 1",
        "40 to 1",
        "8 to 1",
        "4 to 1",
        "3 to 1",
        "2 to 1",
        "1 to 1",
    ]


def test_ante_play_and_super_bonus_settlement():
    showdown = paytables.showdown
    queen_high = value("QS JH 9D 7C 2S")
    king_high = value("KS 7H 5D 3C 2S")
    pair = value("5S 5H 9D 7C 2S")
    assert showdown(pair, queen_high) == paytables.DEALER_DOES_NOT_QUALIFY
    assert paytables.ANTE_PLAY[paytables.DEALER_DOES_NOT_QUALIFY] == (paytables.PUSH, Odds(1))
    assert showdown(pair, king_high) == paytables.PLAYER_HIGHER
    assert showdown(king_high, value("KD 7C 5H 3S 2D")) == paytables.TIE
    assert paytables.ANTE_PLAY[paytables.TIE] == (paytables.PUSH, paytables.PUSH)
    assert showdown(king_high, pair) == paytables.DEALER_HIGHER
    # Super Bonus (rule 9): straight or better paid whatever the dealer holds;
    # below it, lost only to a qualifying dealer hand that beats the player.
    straight = value("9S TH JD QC 2S")
    assert paytables.super_bonus(straight, value("AS AH AD AC 2S")) == (STRAIGHT, Odds(1))
    assert paytables.super_bonus(value("AS AH AD AC 2S"), pair) == (FOUR_ACES, Odds(200))
    assert paytables.super_bonus(king_high, pair) == paytables.LOSE
    assert paytables.super_bonus(pair, king_high) == paytables.PUSH
    assert paytables.super_bonus(pair, value("QS JH 9D 7C 3S")) == paytables.PUSH
    assert paytables.super_bonus(pair, value("5D 5C 9H 7S 2D")) == paytables.PUSH  # tie


def test_play_multiples_and_the_stated_strategy():
    assert paytables.play_multiples(value("AS AH 9D 7C 2S")) == (1, 3)
    assert paytables.play_multiples(value("KS KH 9D 7C 2S")) == (1,)
    assert four_card.hand_name(strategy.KING_QUEEN_8_4) == "K-Q-8-4 high"
    play = strategy.play_multiple
    cards = lambda text: [CARD_INDEX[item] for item in text.split()]  # noqa: E731
    assert play(cards("AS AH 9D 7C 2S")) == 3
    assert play(cards("9S TH JD QC 2S")) == 3  # a straight is above a pair of aces
    assert play(cards("KS KH 9D 7C 2S")) == 1
    assert play(cards("KS QH 8D 4C 2S")) == 1
    assert play(cards("KS QH 8D 3C 2S")) == strategy.FOLD
    assert play(cards("QS JH 9D 7C 2S")) == strategy.FOLD
