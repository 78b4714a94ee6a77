"""Spanish 21 rules, pure: stacked shoes deal each scenario on purpose and
every test checks the exact chips moved."""

import pytest

from games.blackjack import round as bj
from games.engine import IllegalAction
from games.spanish21 import rules
from tests.blackjack_table import ANN, BOB, METER_PAYS_CENTS, Table, random_rounds

CONFIG = rules.Config()


def finished(table):
    assert table.state.phase == bj.RESULT, table.log
    assert table.escrow() == 0, "every stake left the round's escrow"


# -- the main game ---------------------------------------------------------------


def test_higher_total_wins_even_money_and_a_bust_loses():
    # Ann: K 9 = 19, Bob: 8 6 = 14 hits K = bust; dealer 9 + 8 = 17 stands.
    table = Table(rules, "KS 8H 9D 9C 6D 8C KH")
    table.bet(ANN, 1, 10)
    table.bet(BOB, 2, 10)
    table.deal()
    assert table.state.turn == [1, 0]
    table.do(bj.STAND, ANN, 1)
    table.do(bj.HIT, BOB, 2)
    finished(table)
    assert table.net(ANN) == 10 and table.net(BOB) == -10


def test_blackjack_is_paid_three_to_two_at_once():
    table = Table(rules, "AS 9H KD 9C 8D")
    table.bet(ANN, 1, 10)
    table.deal()
    assert table.net(ANN) == 15  # before the dealer plays
    finished(table)


@pytest.mark.parametrize(
    "shoe, hits, winnings",
    [
        ("6S 9H 7S 9C 8S", 1, 30),  # 6-7-8 of spades, § 635a.12(b)(2): 3 to 1
        ("6H 9H 7H 9C 8H", 1, 20),  # 6-7-8 suited, 2 to 1
        ("6H 9H 7D 9C 8C", 1, 15),  # 6-7-8 mixed, (b)(1): 3 to 2
        ("2H 9H 3D 9C 2C 4S QS", 3, 15),  # 5-card 21, (b)(5): 3 to 2
        ("7S 9H 7S 9C 7S", 1, 30),  # 7-7-7 of spades, (b)(4): 3 to 1
        ("7H 9H 7H 9C 7H", 1, 20),  # 7-7-7 suited, (b)(4): 2 to 1
        ("7H 9H 7D 9C 7C", 1, 15),  # 7-7-7 mixed, (b)(3): 3 to 2
        ("2H 9H 3D 9C 2C 2S 3S 9D", 4, 20),  # 6-card 21, (b)(6): 2 to 1
        ("2H 9H 3D 9C 2C 2S 3S 2D 7D", 5, 30),  # 7-card 21, (b)(7): 3 to 1
    ],
)
def test_bonus_21s_pay_their_odds(shoe, hits, winnings):
    # Dealer 9 9 = 18 stands; the player's 21 always wins.
    table = Table(rules, shoe)
    table.bet(ANN, 1, 10)
    table.deal()
    for _ in range(hits):
        table.do(bj.HIT, ANN, 1)
    finished(table)
    assert table.net(ANN) == winnings, table.log


def test_a_doubled_21_is_paid_even_money_only():
    # 5 + 6 = 11, double for 10, draw K = 21: no bonus odds on a doubled hand (§ 635a.12(b)).
    table = Table(rules, "5S 9H 6D 9C KH")
    table.bet(ANN, 1, 10)
    table.deal()
    table.do(bj.DOUBLE, ANN, 1)
    finished(table)
    assert table.net(ANN) == 20


def test_super_bonus_and_envy():
    # Ann 7S 7S, hits 7S against a dealer 7 up: 7-7-7 of spades, § 635a.12(b)(4) 3 to 1, plus
    # the Super Bonus, $1,000 for a $5 to $25 wager (§ 635a.12(c)(1)); Bob, K 8, gets $50.
    table = Table(rules, "7S KH 7D 7S 8C QD 7S")
    table.bet(ANN, 1, 10)
    table.bet(BOB, 2, 10)
    table.deal()
    table.do(bj.HIT, ANN, 1)
    table.do(bj.STAND, BOB, 2)
    finished(table)
    assert table.net(ANN) == 30 + 1000
    assert table.net(BOB) == 50 + 10  # the envy bonus, and his 18 beats the dealer's 17
    assert any("Super Bonus" in line for line in table.log)


def test_dealer_blackjack_insurance_pays_two_to_one_and_a_player_blackjack_still_wins():
    # Dealer A up, K in the hole. Ann 9 9 insures 5; Bob has a blackjack.
    table = Table(rules, "9S AH AD 9C KD KS")
    table.bet(ANN, 1, 10)
    table.bet(BOB, 2, 10)
    table.deal()
    assert table.state.phase == bj.INSURANCE
    table.do(bj.INSURE, ANN, 1)  # the last answer: insurance closes at once
    finished(table)
    assert table.net(ANN) == -10 + 10  # main lost, insurance 5 won 10
    assert table.net(BOB) == 15


def test_insurance_waits_for_every_answer_and_no_longer():
    # Dealer A up, 7 in the hole; Ann and Bob, 9 9 and K 6, may both insure.
    table = Table(rules, "9S KH AD 9C 6D 7S")
    table.bet(ANN, 1, 10)
    table.bet(BOB, 2, 10)
    table.deal()
    table.do(bj.NO_INSURANCE, ANN, 1)
    assert table.state.phase == bj.INSURANCE  # Bob has not answered
    table.do(bj.INSURE, BOB, 2)
    assert table.state.phase == bj.PLAYING  # no clock to wait out
    assert table.state.spot(2)["insurance"] == 500  # half the 10, in cents
    assert any("declines insurance" in line for line in table.log)


def test_no_insurance_is_offered_when_nobody_may_take_it():
    # Dealer A up; Ann's A K is a blackjack, paid at once: nobody to ask, no clock.
    table = Table(rules, "AS AD KC 7S")
    table.bet(ANN, 1, 10)
    table.deal()
    assert table.state.phase != bj.INSURANCE
    assert not any("Insurance is open" in line for line in table.log)


def test_surrender_returns_half():
    table = Table(rules, "KS 9H 6D 9C 8D")
    table.bet(ANN, 1, 10)
    table.deal()
    table.do(bj.SURRENDER, ANN, 1)
    finished(table)
    assert table.net(ANN) == -5


def test_rescue_after_a_double_returns_the_double_and_forfeits_the_original():
    table = Table(rules, "5S 9H 4D 9C 2H")
    table.bet(ANN, 1, 10)
    table.deal()
    table.do(bj.DOUBLE, ANN, 1)  # 11 -> 13
    assert bj.RESCUE in rules.legal_actions(table.state, 1)
    table.do(bj.RESCUE, ANN, 1)
    finished(table)
    assert table.net(ANN) == -10


def test_split_plays_two_hands():
    # 8 8 split: 8+K = 18 stands, 8+3 = 11 hits 9 = 20; dealer 9 + 8 = 17.
    table = Table(rules, "8S 9H 8D 8C KH 3C 9D")
    table.bet(ANN, 1, 10)
    table.deal()
    table.do(bj.SPLIT, ANN, 1)
    assert [len(hand["cards"]) for hand in table.state.spot(1)["hands"]] == [2, 2]
    table.do(bj.STAND, ANN, 1)
    table.do(bj.HIT, ANN, 1)
    table.do(bj.STAND, ANN, 1)
    finished(table)
    assert table.net(ANN) == 20


def test_the_action_clock_stands_the_hand():
    table = Table(rules, "KS 9H 6D 9C 8D")
    table.bet(ANN, 1, 10)
    table.deal()
    table.do(bj.ACTION_TIMEOUT)
    finished(table)
    assert table.net(ANN) == -10  # 16 stood against 17


# -- Match the Dealer ------------------------------------------------------------


def test_match_the_dealer_fixed_odds_one_suited_match_six_decks():
    table = Table(rules, "9H 9H 9C 8D")  # Ann 9H 9C against the 9H up: one suited + one non-suited
    table.bet(ANN, 1, 10)
    table.bet(ANN, 1, 5, spot=rules.MATCH_THE_DEALER)
    table.deal()
    assert table.net(ANN) == -10 + 5 * 13  # main staked; suited + non-suited 13 to 1
    table.do(bj.STAND, ANN, 1)
    finished(table)


def test_match_the_dealer_progressive_is_locked_collected_and_paid():
    # Ann 9H 9H against the 9H up: two suited matches, (a)(2): 10% of the meter.
    table = Table(rules, "9H 9H 9H 8D")
    table.bet(ANN, 1, 10)
    table.bet(ANN, 1, 1, spot=rules.PROGRESSIVE)
    table.deal()
    (wager,) = table.locks[0]
    assert (wager.kind, wager.seat, wager.player, wager.amount) == ("match_the_dealer", 1, ANN, 100)
    (award,) = table.awards
    assert (award.seat, award.percent) == (1, 10)
    assert table.net(ANN) == -10 - 1 + 1234.56


# -- bad input -----------------------------------------------------------------------


def test_bad_actions_are_refused_with_a_message():
    table = Table(rules, "KS 8H 9D 9C 6D 8C KH")
    with pytest.raises(IllegalAction, match="main wager first"):
        table.bet(ANN, 1, 5, spot=rules.MATCH_THE_DEALER)
    table.bet(ANN, 1, 10)
    with pytest.raises(IllegalAction, match="exactly 1"):
        table.bet(ANN, 1, 5, spot=rules.PROGRESSIVE)
    with pytest.raises(IllegalAction, match="minimum main wager"):
        table.bet(BOB, 2, 1)
    table.bet(BOB, 2, 10)
    table.deal()
    with pytest.raises(IllegalAction, match="No more bets"):
        table.bet(BOB, 2, 10)
    with pytest.raises(IllegalAction, match="seat 1's turn"):
        table.do(bj.HIT, BOB, 2)
    with pytest.raises(IllegalAction, match="cannot split"):
        table.do(bj.SPLIT, ANN, 1)
    with pytest.raises(IllegalAction, match="cannot rescue"):
        table.do(bj.RESCUE, ANN, 1)
    table.do(bj.STAND, ANN, 1)
    table.do(bj.HIT, BOB, 2)  # bust ends Bob's hand and the round
    with pytest.raises(IllegalAction, match="No hand is being played"):
        table.do(bj.STAND, ANN, 1)
    finished(table)


def test_no_surrender_after_a_hit():
    table = Table(rules, "2S 9H 3D 9C 2H 8D")
    table.bet(ANN, 1, 10)
    table.deal()
    table.do(bj.HIT, ANN, 1)
    with pytest.raises(IllegalAction, match="cannot surrender"):
        table.do(bj.SURRENDER, ANN, 1)


# -- many random rounds ---------------------------------------------------------------


def test_random_rounds_keep_the_money_straight():
    balances = random_rounds(rules, rounds=2000, seed=2026, side_areas=[rules.MATCH_THE_DEALER])
    assert sum(balances.values()) < 0  # the house edge shows over 2,000 rounds of random play


# Every Match the Dealer progressive combination (§ 635c.1(a)) at both deck counts,
# with paytable 1's fixed odds (§ 635c.1(i)): (player's two cards, upcard, expected).
COMBINATIONS = [
    ("AS AS", "AS", ("meter", 100)),  # (a)(1) two suited, ace of spades up
    ("QH QH", "QH", ("meter", 10)),  # (a)(2) two suited, all others
    ("QH QD", "QH", ("odds", 8)),  # (a)(3) one suited and one non-suited
    ("QH 5D", "QH", ("odds", 5)),  # (a)(4) one suited
    ("QD QC", "QH", ("odds", 6)),  # (a)(5) two non-suited
    ("QD 5C", "QH", ("odds", 3)),  # (a)(6) one non-suited
    ("5D 5C", "QH", None),  # no match: the wager loses
]


@pytest.mark.parametrize("decks", [6, 8])
@pytest.mark.parametrize("two, upcard, expected", COMBINATIONS)
def test_every_match_the_dealer_progressive_combination(decks, two, upcard, expected):
    first, second = two.split()
    # Ann gets two, the dealer shows the upcard; a 9 in the hole keeps the dealer from a peek blackjack.
    table = Table(rules, f"{first} {upcard} {second} 9C 9D 9H", config=rules.Config(decks=decks))
    table.bet(ANN, 1, 10)
    table.bet(ANN, 1, 1, spot=rules.PROGRESSIVE)
    table.deal()
    progressive = table.net(ANN) + 10  # the main wager is still in play
    if expected is None:
        assert progressive == -1 and table.awards == []
    elif expected[0] == "meter":
        assert [award.percent for award in table.awards] == [expected[1]]
        assert progressive == -1 + METER_PAYS_CENTS / 100
    else:
        assert table.awards == [] and progressive == expected[1]  # "to 1": the stake back and the odds


def test_split_aces_are_two_hands_and_an_ace_with_a_king_is_21_not_blackjack():
    # A A split: A+K = 21 (pays 1 to 1, § 635a.12(a) blackjack only on unsplit hands), A+5 = 16 hits 4 = 20.
    table = Table(rules, "AS 9H AD 8C KH 5C 4D")
    table.bet(ANN, 1, 10)
    table.deal()
    table.do(bj.SPLIT, ANN, 1)
    hands = table.state.spot(1)["hands"]
    assert [hand["status"] for hand in hands] == [bj.TWENTY_ONE, bj.OPEN]
    assert table.state.turn == [1, 1]
    table.do(bj.HIT, ANN, 1)
    table.do(bj.STAND, ANN, 1)
    finished(table)
    assert table.net(ANN) == 10 + 10  # both beat the dealer's 17
