"""Down Under Blackjack rules, pure (docs/rules/down_under_blackjack.md; seed § 685c.1):
stacked shoes deal each scenario on purpose and every test checks the exact
chips moved. Dealing order (rule 8): a card to each spot from seat 1, the
upcard, a second card to each spot, the hole card; then hits, then the
dealer's draws."""

import pytest

from games.blackjack import round as bj
from games.down_under_blackjack import paytables, rules
from games.engine import IllegalAction
from tests.blackjack_table import ANN, BOB, METER_PAYS_CENTS, Table, random_rounds


def finished(table):
    assert table.state.phase == bj.RESULT, table.log
    assert table.escrow() == 0, "every stake left the round's escrow"


def dealt(shoe, *bets, config=None):
    """A table dealt from ``shoe`` with ``bets``: (player, seat, chips, area)."""
    table = Table(rules, shoe, config=config)
    for player, seat, amount, *area in bets or [(ANN, 1, 10)]:
        table.bet(player, seat, amount, spot=area[0] if area else bj.MAIN)
    table.deal()
    return table


# -- cards, table and the main game (rules 1, 8, 14, 18, 20) -----------------------------------


def test_fifty_two_card_decks_higher_total_wins_and_a_bust_loses():
    # Rule 1: the 10s are in the deck. Ann T 9 = 19, Bob 8 6 = 14 hits T = bust; dealer 9 8 = 17.
    table = dealt("TS 8H 9D 9C 6D 8C TH", (ANN, 1, 10), (BOB, 2, 10))
    assert rules.Config().deck().count(rules.Config().deck()[8]) == 1 and len(rules.Config().deck()) == 52
    table.do(bj.STAND, ANN, 1)
    table.do(bj.HIT, BOB, 2)
    finished(table)
    assert table.net(ANN) == 10 and table.net(BOB) == -10


def test_a_player_blackjack_is_paid_three_to_two_at_once():
    # Rule 14: A K against a 6 up (hole 5: no dealer blackjack possible).
    table = dealt("AS 6H KD 5C QC")
    assert table.net(ANN) == 15
    finished(table)  # nobody stands: the dealer does not draw
    assert table.state.dealer == ["6H", "5C"]


def test_a_table_may_pay_a_blackjack_six_to_five():
    # Rule 14 and Defaults: 6 to 5 is the Rules Submission's other choice.
    table = dealt("AS 6H KD 5C QC", config=rules.Config(blackjack_6_to_5=1))
    assert table.net(ANN) == 12
    finished(table)


def test_a_player_21_is_compared_not_always_a_winner():
    # Rule 20: 5 6 hits T = 21; the dealer's 11 draws Q = 21: equal totals push.
    table = dealt("5S 6H 6D 5C TH QC")
    table.do(bj.HIT, ANN, 1)
    finished(table)
    assert table.net(ANN) == 0 and table.state.dealer == ["6H", "5C", "QC"]


def test_dealer_twenty_three_or_more_loses_to_every_standing_hand():
    # Rule 20: dealer 6 7 draws T = 23; Ann's 19 wins.
    table = dealt("TS 6H 9D 7C TC")
    table.do(bj.STAND, ANN, 1)
    finished(table)
    assert table.net(ANN) == 10


def test_the_dealer_hits_soft_17():
    # Rule 17: A 6 is soft 17, the dealer hits: 5 makes a hard 12, 5 again 17; Ann's 18 wins.
    table = dealt("TS AH 8D 6C 5S 5D")
    table.do(bj.STAND, ANN, 1)
    finished(table)
    assert table.state.dealer == ["AH", "6C", "5S", "5D"] and table.net(ANN) == 10


def test_a_table_may_have_the_dealer_stand_on_soft_17():
    # The Rules Submission's other choice: A 6 stands; Ann's 18 wins.
    table = dealt("TS AH 8D 6C 5S", config=rules.Config(hits_soft_17=0))
    table.do(bj.STAND, ANN, 1)
    finished(table)
    assert table.state.dealer == ["AH", "6C"] and table.net(ANN) == 10


@pytest.mark.parametrize(
    "fields, wrong",
    [({"hits_soft_17": 2}, "hits_soft_17"), ({"blackjack_6_to_5": 2}, "blackjack_6_to_5")],
)
def test_the_rules_submission_refuses_a_choice_it_does_not_offer(fields, wrong):
    assert set(rules.Config(**fields).errors()) == {wrong}
    assert rules.Config().errors() == {}


# -- the reader and the golden rule (rules 11-13, 16) ----------------------------------------


@pytest.mark.parametrize(
    "hole, reading, colour",
    [("2C", "small", "blue"), ("5C", "small", "blue"), ("6C", "medium", "red"), ("9C", "medium", "red"),
     ("TC", "large", "yellow"), ("KC", "large", "yellow"), ("AC", "large", "yellow")],
)  # fmt: skip
def test_the_reader_shows_the_hole_card_class_to_all_before_any_decision(hole, reading, colour):
    # Rule 11: a 7 up is Medium, so the hole card stays down whatever it is.
    table = dealt(f"9S 7H 8D {hole}")
    assert table.state.phase == bj.PLAYING and table.state.turn == [1, 0]
    assert table.state.reader == reading and not table.state.hole_shown
    assert f"The reader lights {colour}: the hole card is {reading.capitalize()}." in table.log
    assert not any(hole[0] in line and "turns" in line for line in table.log)


def test_golden_rule_two_large_cards_turn_the_hole_card_before_play():
    # Rule 12: K up, Q in the hole: turned face up; Ann plays against the dealer's 20.
    table = dealt("9S KH 8D QC 3D")
    assert table.state.hole_shown and table.state.phase == bj.PLAYING
    assert "Two Large cards: the dealer turns over Q♣: 20." in table.log
    table.do(bj.HIT, ANN, 1)  # 17 + 3 = 20
    table.do(bj.STAND, ANN, 1)
    finished(table)
    assert table.net(ANN) == 0 and table.state.dealer == ["KH", "QC"]
    assert sum("turns over" in line for line in table.log) == 1


def test_golden_rule_exposes_two_aces_and_the_dealer_then_draws():
    # A A is two Large cards (soft 12): turned over; the dealer draws 6 = soft 18, Ann's 17 loses.
    table = dealt("9S AH 8D AC 6D")
    assert table.state.hole_shown and table.state.phase == bj.PLAYING
    table.do(bj.STAND, ANN, 1)
    finished(table)
    assert table.net(ANN) == -10


def test_a_large_hole_card_under_a_medium_upcard_stays_down():
    table = dealt("9S 9H 8D KC")
    assert table.state.reader == "large" and not table.state.hole_shown
    table.do(bj.STAND, ANN, 1)
    finished(table)
    assert table.net(ANN) == -10  # 17 against 19


def test_an_exposed_dealer_blackjack_ends_the_round_at_once():
    # Rule 13: A up, K in the hole. Ann's blackjack pushes; Bob's 20 loses; no decision is asked.
    # Ann's Match the Dealer (5) and progressive ($1) were settled first, against the A up
    # (her A♠: one non-suited match): 4 to 1 and § 685c.1(i) 6-deck paytable 1's 2 to 1.
    table = dealt(
        "AS KD AH KS QD KC",
        (ANN, 1, 10), (ANN, 1, 5, rules.MATCH_THE_DEALER), (ANN, 1, 1, rules.PROGRESSIVE), (BOB, 2, 10),
    )  # fmt: skip
    finished(table)
    assert table.state.turn is None and table.state.hole_shown
    assert table.net(ANN) == 0 + 5 * 4 + 1 * 2 and table.net(BOB) == -10
    assert "Seat 1: blackjack pushes the dealer's blackjack." in table.log


def test_no_insurance_is_offered_or_taken():
    # Rule 16: an ace up goes straight to play (the reader shows Small); insurance is refused.
    table = dealt("9S AH 8D 5C 2C")
    assert table.state.phase == bj.PLAYING
    with pytest.raises(IllegalAction, match="no insurance"):
        rules.parse_action(bj.INSURE, {})
    with pytest.raises(IllegalAction, match="Insurance is offered only"):
        table.do(bj.INSURE, ANN, 1)
    table.do(bj.STAND, ANN, 1)
    finished(table)
    assert table.net(ANN) == -10  # 17 against A 5 2 = soft 18


# -- player decisions (rule 15) ----------------------------------------------------------------


def test_double_on_the_first_two_cards_only_for_the_wager():
    table = dealt("5S 6H 4D 6C 2H")
    assert bj.DOUBLE in rules.legal_actions(table.state, 1)
    with pytest.raises(IllegalAction, match="exactly the hand's wager"):
        table.do(bj.DOUBLE, ANN, 1, amount=500)
    table.do(bj.HIT, ANN, 1)  # 9 + 2 = 11
    assert bj.DOUBLE not in rules.legal_actions(table.state, 1)
    with pytest.raises(IllegalAction, match="cannot double"):
        table.do(bj.DOUBLE, ANN, 1)


def test_double_after_a_split_one_card():
    # 4 4 split: 4 7 and 4 7; hand 1 doubles, draws T = 21; hand 2 doubles, draws 9 = 20;
    # the dealer's 12 draws 8 = 20: hand 1 wins 20, hand 2 pushes.
    table = dealt("4S 6H 4D 6C 7H 7C TS 9S 8D")
    table.do(bj.SPLIT, ANN, 1)
    table.do(bj.DOUBLE, ANN, 1)
    table.do(bj.DOUBLE, ANN, 1)
    finished(table)
    assert table.net(ANN) == 20


def test_split_aces_get_one_card_each():
    # A A split: A K = 21 and A 5 stand at once; the dealer's 12 draws T = 22:
    # the 21 wins (rule 19(a)), the soft 16 pushes.
    table = dealt("AS 6H AD 6C KH 5C TC")
    table.do(bj.SPLIT, ANN, 1)
    finished(table)
    statuses = [hand["status"] for hand in table.state.spot(1)["hands"]]
    assert statuses == [bj.TWENTY_ONE, bj.STOOD] and table.net(ANN) == 10


def test_aces_split_once():
    # Rule 15: A A split draws a third ace (A A) and a 5; each stands on its one card, the
    # pair of aces is not split again. The dealer's 12 draws T = 22: both push (split hands).
    table = dealt("AS 6H AD 6C AH 5C TC")
    table.do(bj.SPLIT, ANN, 1)
    finished(table)
    assert [hand["cards"] for hand in table.state.spot(1)["hands"]] == [["AS", "AH"], ["AD", "5C"]]
    assert table.net(ANN) == 0


def test_splits_stop_at_four_hands():
    # 8 8 split (8 8, 8 8), the first resplit (8 2, 8 3): three hands; the third, 8 8, splits
    # again (8 8, 8 4): four hands, and the fourth 8 8 may not split.
    table = dealt("8S 6H 8D 6C 8H 8C 2S 3S 8C 4S TC")
    table.do(bj.SPLIT, ANN, 1)
    table.do(bj.SPLIT, ANN, 1)
    assert len(table.state.spot(1)["hands"]) == 3
    table.do(bj.STAND, ANN, 1)
    table.do(bj.STAND, ANN, 1)
    assert table.state.turn == [1, 2] and bj.SPLIT in rules.legal_actions(table.state, 1)
    table.do(bj.SPLIT, ANN, 1)
    assert len(table.state.spot(1)["hands"]) == rules.MAX_HANDS == 4
    table.do(bj.STAND, ANN, 1)
    assert table.state.turn == [1, 3] and bj.SPLIT not in rules.legal_actions(table.state, 1)
    with pytest.raises(IllegalAction, match="cannot split"):
        table.do(bj.SPLIT, ANN, 1)
    table.do(bj.STAND, ANN, 1)
    finished(table)  # dealer 12 draws T = 22: 10, 11, 16 and 12 all push
    assert table.net(ANN) == 0


def test_there_is_no_surrender():
    # Rule 15: no surrender, on the first two cards or after a hit; nor may a table offer it
    # (with the reader's class it gives the player the edge: Paytables).
    assert not any("surrender" in name for name in rules.Config.__dataclass_fields__)
    table = dealt("TS 6H 6D TC")
    assert bj.SURRENDER not in rules.legal_actions(table.state, 1)
    with pytest.raises(IllegalAction, match="no surrender"):
        rules.parse_action(bj.SURRENDER, {})
    with pytest.raises(IllegalAction, match="cannot surrender"):
        table.do(bj.SURRENDER, ANN, 1)


def test_no_rescue_and_no_surrender_after_a_hit():
    table = dealt("2S 9H 3D 9C 2H 8D")
    table.do(bj.HIT, ANN, 1)
    for kind in (bj.SURRENDER, bj.RESCUE):
        with pytest.raises(IllegalAction, match=f"cannot {kind}"):
            table.do(kind, ANN, 1)


# -- the dealer's 22 (rule 19) ------------------------------------------------------------------


@pytest.mark.parametrize(
    "shoe, actions, net, why",
    [
        ("9S 6H 9D 6C TC", [bj.STAND], 0, "18 pushes the dealer's 22"),
        ("KS 6H QD 6C TC", [bj.STAND], 10, "(b) K Q, two Large cards, wins 1 to 1"),
        ("AS 6H AD 6C TC", [bj.STAND], 10, "(b) A A unsplit, two Large cards, wins"),
        ("TS 6H 9D 6C TC", [bj.STAND], 0, "T 9: a 9 is not Large, pushes"),
        ("5S 6H 6D 6C TH TC", [bj.HIT], 10, "(a) a three-card 21 wins"),
        ("5S 6H 6D 6C TH TC", [bj.DOUBLE], 20, "(a) a doubled 21 wins its doubled wager"),
        ("5S 6H 5D 6C 8H TC", [bj.DOUBLE], 0, "a doubled 18 pushes"),
        ("TS 6H TD 6C KH QH TC", [bj.SPLIT, bj.STAND, bj.STAND], 0, "split T K and T Q: not original, push"),
        ("TS 6H TD 6C AH QH TC", [bj.SPLIT, bj.STAND], 10, "(a) split T A = 21 wins, T Q pushes"),
    ],
)
def test_dealer_22_pushes_every_standing_hand_but_its_two_exceptions(shoe, actions, net, why):
    table = dealt(shoe)
    for kind in actions:
        table.do(kind, ANN, 1)
    finished(table)
    assert total_of(table.state.dealer) == 22
    assert table.net(ANN) == net, why


def test_a_bust_loses_even_against_the_dealers_22():
    # Ann T 6 hits 8 = bust; Bob's 18 stands; the dealer's 12 draws T = 22: Bob pushes, Ann loses.
    table = dealt("TS 9D 6H 6D 9C 6C 8H TC", (ANN, 1, 10), (BOB, 2, 10))
    table.do(bj.HIT, ANN, 1)
    table.do(bj.STAND, BOB, 2)
    finished(table)
    assert total_of(table.state.dealer) == 22
    assert table.net(ANN) == -10 and table.net(BOB) == 0


def total_of(dealer):
    from games.blackjack.hands import total
    from games.cards.cards import cards

    return total(cards(dealer))[0]


# -- Match the Dealer and its progressive (rules 4-7, 9-10; § 685c.1) ------------------------


@pytest.mark.parametrize("decks", [6, 8])
@pytest.mark.parametrize(
    "two, upcard, line",
    [
        ("9D 5C", "9H", "one_unsuited"),
        ("9D 9C", "9H", "two_unsuited"),
        ("9H 5C", "9H", "one_suited"),
        ("9H 9C", "9H", "suited_and_unsuited"),
        ("9H 9H", "9H", "two_suited"),
        ("AS AS", "AS", "two_suited"),  # the ace of spades is the progressive's only
        ("8D 5C", "9H", None),
    ],
)
def test_every_fixed_match_the_dealer_line(decks, two, upcard, line):
    first, second = two.split()
    config = rules.Config(decks=decks)
    table = dealt(
        f"{first} {upcard} {second} 2C", (ANN, 1, 10), (ANN, 1, 5, rules.MATCH_THE_DEALER), config=config
    )
    side = table.net(ANN) + 10  # the main wager is still in play
    expected = -5 if line is None else 5 * paytables.MATCH_THE_DEALER[decks][line].left
    assert side == expected


def test_fixed_match_the_dealer_pays_the_per_card_rates():
    # WoO's per-card rates, non-suited/suited, added per card (docs/rules/down_under_blackjack.md).
    for decks, (non_suited, suited) in paytables.MATCH_THE_DEALER_RATES.items():
        table = {line: odds.left for line, odds in paytables.MATCH_THE_DEALER[decks].items()}
        assert table == {
            "one_unsuited": non_suited,
            "two_unsuited": 2 * non_suited,
            "one_suited": suited,
            "suited_and_unsuited": suited + non_suited,
            "two_suited": 2 * suited,
        }


COMBINATIONS = [
    ("AS AS", "AS", "a1"),  # (a)(1) two suited, ace of spades up
    ("QH QH", "QH", "a2"),  # (a)(2) two suited, all others
    ("QH QD", "QH", "a3"),  # (a)(3) one suited and one non-suited
    ("QH 5D", "QH", "a4"),  # (a)(4) one suited
    ("QD QC", "QH", "a5"),  # (a)(5) two non-suited
    ("QD 5C", "QH", "a6"),  # (a)(6) one non-suited
    ("5D 5C", "QH", None),  # (g)(1) no match: the wager loses
]


@pytest.mark.parametrize("decks", [6, 8])
@pytest.mark.parametrize("paytable", range(1, 11))
@pytest.mark.parametrize("two, upcard, combination", COMBINATIONS)
def test_every_match_the_dealer_progressive_line(decks, paytable, two, upcard, combination):
    first, second = two.split()
    config = rules.Config(decks=decks, progressive_paytable=paytable)
    # A 9 in the hole: Medium, so the golden rule turns nothing and the round goes on.
    table = dealt(
        f"{first} {upcard} {second} 9C", (ANN, 1, 10), (ANN, 1, 1, rules.PROGRESSIVE), config=config
    )
    progressive = table.net(ANN) + 10
    line = (
        None if combination is None else paytables.MATCH_THE_DEALER_PROGRESSIVE[decks][paytable][combination]
    )
    if line is None:
        assert progressive == -1 and table.awards == []
    elif combination in ("a1", "a2"):
        assert [award.percent for award in table.awards] == [{"a1": 100, "a2": 10}[combination]]
        assert progressive == -1 + METER_PAYS_CENTS / 100
    else:
        assert table.awards == [] and progressive == line.left  # "to 1": the stake back and the odds


def test_the_progressive_paytables_are_the_seeds_and_not_spanish_21s():
    # Spot checks of § 685c.1(i) against the rules file; the (a)(3)-(a)(6) columns.
    def fixed(decks, number):
        return tuple(
            paytables.MATCH_THE_DEALER_PROGRESSIVE[decks][number][key].left
            for key in ("a3", "a4", "a5", "a6")
        )

    assert fixed(6, 1) == (12, 10, 4, 2) and fixed(6, 8) == (100, 5, 20, 3) and fixed(6, 10) == (13, 9, 8, 4)
    assert fixed(8, 1) == (9, 6, 6, 3) and fixed(8, 9) == (100, 5, 20, 3) and fixed(8, 10) == (15, 12, 6, 3)
    assert (
        len(paytables.MATCH_THE_DEALER_PROGRESSIVE[6]) == len(paytables.MATCH_THE_DEALER_PROGRESSIVE[8]) == 10
    )


def test_the_progressive_is_locked_collected_and_settled_before_the_reader():
    # § 685c.1(f)-(g), rule 9: Ann Q♥ Q♥ against the Q♥ up, two suited matches: (a)(2) 10% of the
    # meter, settled before the reader is used; the K in the hole is then turned (golden rule).
    table = dealt("QH QH QH KC", (ANN, 1, 10), (ANN, 1, 1, rules.PROGRESSIVE))
    (wager,) = table.locks[0]
    assert (wager.kind, wager.seat, wager.player, wager.amount) == ("down_under_match", 1, ANN, 100)
    (award,) = table.awards
    assert (award.kind, award.seat, award.percent) == ("down_under_match", 1, 10)
    progressive = next(i for i, line in enumerate(table.log) if "progressive, 10% of the meter" in line)
    reader = next(i for i, line in enumerate(table.log) if line.startswith("The reader lights"))
    assert progressive < reader
    assert table.net(ANN) == -10 - 1 + METER_PAYS_CENTS / 100
    with pytest.raises(IllegalAction, match="No more bets"):
        table.bet(ANN, 1, 1, spot=rules.PROGRESSIVE)  # § 685c.1(d)(2): the lock-out


def test_the_five_dollar_progressive():
    config = rules.Config(progressive=5)
    table = dealt("QD QH 5C 9C", (ANN, 1, 10), (ANN, 1, 5, rules.PROGRESSIVE), config=config)
    assert table.locks[0][0].amount == 500 and table.net(ANN) + 10 == 5 * 2  # (a)(6), paytable 1: 2 to 1


# -- bad input and the Rules Submission ----------------------------------------------------------


def test_bad_wagers_are_refused_with_a_message():
    table = Table(rules, "TS 8H 9D 9C 6D 8C TH")
    with pytest.raises(IllegalAction, match="main wager first"):
        table.bet(ANN, 1, 5, spot=rules.MATCH_THE_DEALER)
    with pytest.raises(IllegalAction, match="main wager first"):
        table.bet(ANN, 1, 1, spot=rules.PROGRESSIVE)
    table.bet(ANN, 1, 10)
    with pytest.raises(IllegalAction, match="exactly 1"):
        table.bet(ANN, 1, 5, spot=rules.PROGRESSIVE)
    with pytest.raises(IllegalAction, match="maximum on this wager"):
        table.bet(ANN, 1, 101, spot=rules.MATCH_THE_DEALER)
    with pytest.raises(IllegalAction, match="minimum main wager"):
        table.bet(BOB, 2, 1)
    table.bet(BOB, 2, 10)
    table.deal()
    with pytest.raises(IllegalAction, match="No more bets"):
        table.bet(BOB, 2, 10)
    with pytest.raises(IllegalAction, match="seat 1's turn"):
        table.do(bj.HIT, BOB, 2)


def test_the_rules_submission_is_validated():
    assert rules.Config().errors() == {}
    assert set(rules.Config(progressive=2, progressive_paytable=11, match_the_dealer=2).errors()) == {
        "progressive", "progressive_paytable", "match_the_dealer",
    }  # fmt: skip
    assert "§ 685c.1(b)" in rules.Config(decks=5).errors()["decks"]
    assert not rules.Config(progressive=0).offers(rules.PROGRESSIVE)


def test_a_stacked_shoe_takes_tens_and_refuses_too_many_copies():
    state = rules.stack(rules.new_state(), rules.Config(), "TS TS ? AS")
    assert state.shoe["cards"].split()[:2] == ["TS", "TS"]
    with pytest.raises(IllegalAction, match="holds only 6"):
        rules.stack(rules.new_state(), rules.Config(), " ".join(["AS"] * 7))
    assert "T J Q K" in rules.STACK_HELP and "Spanish" not in rules.STACK_HELP


# -- many random rounds ----------------------------------------------------------------------------


def test_random_rounds_keep_the_money_straight():
    balances = random_rounds(
        rules, rounds=2000, seed=2026, side_areas=[rules.MATCH_THE_DEALER, rules.PROGRESSIVE]
    )
    assert sum(balances.values()) < 0  # the house edge shows over 2,000 rounds of random play
