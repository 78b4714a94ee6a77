"""Player's Edge 21 rules (seed § 635c.2), pure: stacked shoes, exact chips."""

import pytest

from games.blackjack import round as bj
from games.engine import IllegalAction
from games.players_edge21 import rules
from tests.blackjack_table import ANN, BOB, METER_PAYS_CENTS, Table, random_rounds


def finished(table):
    assert table.state.phase == bj.RESULT, table.log
    assert table.escrow() == 0


def test_double_double_and_a_third_double_make_eight_times_the_wager():
    # 2 3 = 5, doubles to 7, 9, 11 (§ 635c.2(f)(1)-(3)); the dealer's 18 wins 8 × 10.
    table = Table(rules, "2S 9H 3D 9C 2H 2C 2D")
    table.bet(ANN, 1, 10)
    table.deal()
    table.do(bj.DOUBLE, ANN, 1)
    assert set(rules.legal_actions(table.state, 1)) == {bj.STAND, bj.DOUBLE, bj.RESCUE}
    with pytest.raises(IllegalAction, match="whole wager: 20"):
        table.do(bj.DOUBLE, ANN, 1, amount=500)
    table.do(bj.DOUBLE, ANN, 1)
    table.do(bj.DOUBLE, ANN, 1)
    assert rules.legal_actions(table.state, 1) == [bj.STAND]  # no rescue after the third double
    with pytest.raises(IllegalAction, match="cannot rescue"):
        table.do(bj.RESCUE, ANN, 1)
    table.do(bj.STAND, ANN, 1)
    finished(table)
    assert table.net(ANN) == -80


@pytest.mark.parametrize("doubles, net", [(1, -10), (2, -20)])
def test_rescue_returns_half_the_total_wager(doubles, net):
    # § 635c.2(f)(6): after the first double or the first redouble.
    table = Table(rules, "2S 9H 3D 9C 2H 2C")
    table.bet(ANN, 1, 10)
    table.deal()
    for _ in range(doubles):
        table.do(bj.DOUBLE, ANN, 1)
    table.do(bj.RESCUE, ANN, 1)
    finished(table)
    assert table.net(ANN) == net


def test_insurance_pays_five_to_one_against_a_suited_blackjack():
    table = Table(rules, "9S AH 9C KH")
    table.bet(ANN, 1, 10)
    table.deal()
    table.do(bj.INSURE, ANN, 1)  # the last answer: insurance closes at once
    finished(table)
    assert table.net(ANN) == -10 + 25  # § 635c.2(b)(1)


@pytest.mark.parametrize("shoe, net", [("6D 9H 7D 9C 8D", 30), ("6S 9H 7S 9C 8S", 20)])
def test_diamonds_not_spades_pay_three_to_one(shoe, net):
    table = Table(rules, shoe)  # § 635c.2(g)(2)
    table.bet(ANN, 1, 10)
    table.deal()
    table.do(bj.HIT, ANN, 1)
    finished(table)
    assert table.net(ANN) == net


def test_seven_seven_seven_seven_pays_the_others_fifty_or_a_hundred():
    # Ann 7D 7D hits 7D against a 7 up; Bob, with a seven in his first two cards, gets $100.
    table = Table(rules, "7D KH 7C 7D 7S QD 7D")
    table.bet(ANN, 1, 10)
    table.bet(BOB, 2, 10)
    table.deal()
    table.do(bj.HIT, ANN, 1)
    table.do(bj.STAND, BOB, 2)  # 17 against the dealer's 17: a push
    finished(table)
    assert table.net(ANN) == 30 + 1000
    assert table.net(BOB) == 100  # § 635c.2(g)(3)(i)(B)


def test_match_up_settles_after_the_deal_and_match_down_at_the_hole_card():
    table = Table(rules, "9S 9H 5C 9C")  # 9S 5C against 9H up and 9C in the hole
    table.bet(ANN, 1, 10)
    table.bet(ANN, 1, 5, spot=rules.MATCH_UP)
    table.bet(ANN, 1, 5, spot=rules.MATCH_DOWN)
    table.deal()
    assert table.net(ANN) == -10 + 20 - 5  # Match-Up paid (one non-suited, A: 4 to 1), Match-Down open
    table.do(bj.STAND, ANN, 1)
    finished(table)
    assert table.net(ANN) == -10 + 20 + 20


def test_monster_match_fixed_line_at_the_hole_card():
    table = Table(rules, "9S KH 5C 9S")  # a suited pair of 9s with the hole card: 3 for 1 (A)
    table.bet(ANN, 1, 10)
    table.bet(ANN, 1, 1, spot=rules.MONSTER_MATCH)
    table.deal()
    assert [w.amount for w in table.locks[0]] == [100]
    assert table.net(ANN) == -10 - 1  # collected at no more bets, nothing paid before the hole card
    table.do(bj.STAND, ANN, 1)
    finished(table)
    assert table.net(ANN) == -10 - 1 + 3


def test_monster_match_meter_line():
    table = Table(rules, "9S 9S 9C 9C")  # four 9s in one colour: 10% of the meter (A)
    table.bet(ANN, 1, 10)
    table.bet(ANN, 1, 1, spot=rules.MONSTER_MATCH)
    table.deal()
    assert table.awards == []
    table.do(bj.STAND, ANN, 1)
    finished(table)
    (award,) = table.awards
    assert (award.kind, award.seat, award.percent) == ("monster_match", 1, 10)
    assert table.net(ANN) == -1 + METER_PAYS_CENTS / 100  # the main 18 pushes


def test_configuration_is_validated():
    assert rules.Config(decks=8, match_paytable=3).errors() == {
        "match_paytable": "§ 635c.2(g)(4) lists Paytables A, B, C for 5 or 6 decks and A, B for 8."
    }
    assert "decks" in rules.Config(decks=7).errors()
    assert rules.Config().errors() == {}


def test_random_rounds_keep_the_money_straight():
    areas = [rules.MATCH_UP, rules.MATCH_DOWN, rules.MONSTER_MATCH]
    balances = random_rounds(rules, rounds=2000, seed=635, side_areas=areas)
    assert len(balances) == 3


def test_a_rules_submission_without_the_peek_is_refused():
    # It would give the player the edge (tests/test_house_edge_guard.py).
    assert "player has the edge" in rules.Config(peek=0).errors()["peek"]
    assert not rules.Config().errors()


def test_without_the_peek_a_late_dealer_blackjack_takes_only_the_original_wager():
    # The settlement § 635c.2(f)(4) prescribes, should a table ever deal without the peek. No peek: Ann 5 6 doubles (K: 21, wins anyway), Bob 5 4 doubles to 11 and
    # stands; the dealer's K A blackjack then takes only Bob's original 10 (§ 635c.2(f)(4)).
    config = rules.Config(peek=0)
    table = Table(rules, "5S 5H KD 6D 4C AC KH 2S", config=config)
    table.bet(ANN, 1, 10)
    table.bet(BOB, 2, 10)
    table.deal()
    assert table.state.phase == bj.PLAYING
    table.do(bj.DOUBLE, ANN, 1)
    table.do(bj.DOUBLE, BOB, 2)
    table.do(bj.STAND, BOB, 2)
    finished(table)
    assert table.net(ANN) == 20  # a player 21 wins whatever the dealer holds (§ 635c.2(g)(1)(iii))
    assert table.net(BOB) == -10


def test_insurance_pays_two_to_one_against_an_unsuited_blackjack():
    table = Table(rules, "9S AH 9C KS")
    table.bet(ANN, 1, 10)
    table.deal()
    table.do(bj.INSURE, ANN, 1)  # the last answer: insurance closes at once
    finished(table)
    assert table.net(ANN) == -10 + 10


# Match-Up against the upcard, paytable A for 6 decks (§ 635c.2(g)(4)): (two cards, upcard, odds or None).
MATCH_LINES = [
    ("QH QH", "QH", 18),  # two suited
    ("QH QD", "QH", 13),  # suited and unsuited
    ("QH 5D", "QH", 9),  # one suited
    ("QD QC", "QH", 8),  # two unsuited
    ("QD 5C", "QH", 4),  # one unsuited
    ("5D 6C", "QH", None),
]


@pytest.mark.parametrize("two, dealer_card, odds", MATCH_LINES)
@pytest.mark.parametrize("wager", [rules.MATCH_UP, rules.MATCH_DOWN])
def test_every_match_up_and_match_down_line(wager, two, dealer_card, odds):
    first, second = two.split()
    # Match-Up looks at the upcard, Match-Down at the hole card; the other dealer card is a 9.
    up, hole = (dealer_card, "9S") if wager == rules.MATCH_UP else ("9S", dealer_card)
    table = Table(rules, f"{first} {up} {second} {hole} 9D 9H")
    table.bet(ANN, 1, 10)
    table.bet(ANN, 1, 5, spot=wager)
    table.deal()
    while table.state.phase == bj.PLAYING:
        table.do(bj.STAND, ANN, 1)
    side = [line for line in table.state.results["1"]["lines"] if line.startswith(("Match-Up", "Match-Down"))]
    assert len(side) == 1
    moved = sum(m.amount for m in table.moves if m.kind == "win" and wager in m.memo)
    assert moved == (5 * odds * 100 if odds else 0), side


# Monster Match events with the dealer's two cards, paytable A (§ 635c.2(h)).
MONSTER_EVENTS = [
    ("9S 9S", "9S 9S", ("meter", 100)),  # four of a kind, same suit
    ("9S 9C", "9S 9C", ("meter", 10)),  # four of a kind, same colour
    ("9S 9H", "9D 9C", ("for", 200)),  # four of a kind
    ("9S 9C", "9S 5D", ("for", 20)),  # three of a kind, same colour
    ("9S 9H", "9C 5D", ("for", 12)),  # three of a kind
    ("9S 5H", "9S 6D", ("for", 3)),  # suited pair
    ("9S 5H", "9C 6D", None),
]


@pytest.mark.parametrize("two, dealer_two, expected", MONSTER_EVENTS)
def test_every_monster_match_event(two, dealer_two, expected):
    a1, a2 = two.split()
    up, hole = dealer_two.split()
    table = Table(rules, f"{a1} {up} {a2} {hole} 2D 2H 2C 2S")
    table.bet(ANN, 1, 10)
    table.bet(ANN, 1, 1, spot=rules.MONSTER_MATCH)
    table.deal()
    while table.state.phase in (bj.PLAYING, bj.INSURANCE):
        table.do(bj.STAND if table.state.phase == bj.PLAYING else bj.CLOSE_INSURANCE, ANN, 1)
    paid = sum(m.amount for m in table.moves if m.kind == "win" and "monster_match" in m.memo)
    if expected is None:
        assert paid == 0 and table.awards == []
    elif expected[0] == "meter":
        assert [award.percent for award in table.awards] == [expected[1]]
    else:
        assert paid == expected[1] * 100 and table.awards == []  # "for 1": the whole return on $1
