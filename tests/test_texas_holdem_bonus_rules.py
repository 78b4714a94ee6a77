"""Texas Hold 'Em Bonus Poker on the poker engine, pure (docs/rules/texas_holdem_bonus.md,
seed § 647c.1): every numbered rule and every paytable line by a stacked deck,
with the exact chips moved (the Bonus wager's A-A with the dealer's A-A, a
royal flush on the hole cards and the flop for the progressive, Envy); the
refusals of a Turn wager after folding, a River wager before the turn and a
second Flop wager; the street clocks; the Mystery bonus's qualification as
§ 647c.1(c)(1) words it; the stated strategy; the Rules Submission's
validation; thousands of seeded rounds with every chip settled."""

import random

import pytest

from games.engine import LOSE, REFUND, RETURN, STAKE, Action, IllegalAction
from games.poker import round as pr
from games.texas_holdem_bonus import paytables, rules, strategy
from games.texas_holdem_bonus.rules import Config
from tests import poker_rules

CHIP = 100


class Round(poker_rules.Round):
    rules = rules
    seed = 647


def deck(*hands, dealer, board):
    """The stack text: each hand's two cards, the dealer's two, then a burn
    before the flop (three), the turn and the river."""
    flop, turn, river = board.split()[:3], board.split()[3], board.split()[4]
    return " ".join([*hands, dealer, "?", *flop, "?", turn, "?", river])


def one_hand(hole, dealer, board, bets, decisions=("flop", "turn", "river"), config=None, **options):
    """One player's round; ``decisions`` the action taken pre-flop, on the flop and on the turn."""
    game = Round(config, **options)
    game.stack(deck(hole, dealer=dealer, board=board))
    for area, chips in bets.items():
        game.bet(1, 1, area, chips)
    game.deal()
    for decision in decisions:
        if game.state.phase != pr.DECIDING:
            break
        game.act(decision, 1, 1)
    assert game.state.phase == pr.RESULT
    assert game.escrow() == 0
    return game


# -- rule 1: one 52-card deck, best five of seven, the board may play ---------------------


def test_one_fresh_52_card_deck_every_round():
    game = Round()
    decks = []
    for _ in range(2):
        game.bet(1, 1, "ante", 5)
        game.deal()
        dealt = game.state.spot(1)["cards"] + game.state.dealer["cards"]
        decks.append(dealt + game.state.deck)
        assert sorted(decks[-1]) == sorted(str(c) for c in rules.GAME.deck()) and len(set(decks[-1])) == 52
        game.act("fold", 1, 1)
        game.act(pr.NEXT_ROUND)
    assert decks[0] != decks[1]


def test_the_board_may_play_and_suits_never_rank():
    # A royal flush on the board: both hands play it, a tie: every wager pushes.
    game = one_hand("2C 3D", "4H 7C", "AS KS QS JS TS", {"ante": 10})
    assert game.net(1) == 0
    assert game.lines() == [
        "Ante, tie: ±0",
        "Flop wager, tie: ±0",
        "Turn wager, tie: ±0",
        "River wager, tie: ±0",
    ]
    assert rules.hand_value("AS KS QS JS TS 2C 3D".split()) == rules.hand_value(
        "AH KH QH JH TH 2S 3S".split()
    )


# -- rules 2 and 3: the wagers, and the lock at no more bets -------------------------------


def test_the_bonus_and_the_progressive_need_an_ante_and_the_progressive_is_five_chips():
    game = Round()
    with pytest.raises(IllegalAction, match="Place the Ante wager first"):
        game.bet(1, 1, "bonus", 5)
    with pytest.raises(IllegalAction, match="Place the Ante wager first"):
        game.bet(1, 1, "progressive", 5)
    game.bet(1, 1, "ante", 5)
    with pytest.raises(IllegalAction, match="exactly 5 chips"):
        game.bet(1, 1, "progressive", 1)
    with pytest.raises(IllegalAction, match="Bonus wager is 5 to 100 chips"):
        game.bet(1, 1, "bonus", 101)
    game.bet(1, 1, "bonus", 5)
    game.bet(1, 1, "progressive", 5)
    assert game.state.spot(1)["bets"] == {"ante": 500, "bonus": 500, "progressive": 500}


def test_the_ante_limits_and_the_street_wagers_are_no_chip_wagers():
    game = Round()
    with pytest.raises(IllegalAction, match="5 to 500 chips"):
        game.bet(1, 1, "ante", 501)
    for street in rules.STREET_WAGERS:
        with pytest.raises(IllegalAction, match=f"no betting area '{street}'"):
            game.bet(1, 1, street, 10)


def test_no_bonus_nor_progressive_when_the_table_does_not_offer_them():
    game = Round(Config(bonus=0, progressive=0, mystery=0))
    game.bet(1, 1, "ante", 5)
    with pytest.raises(IllegalAction, match="does not offer the Bonus"):
        game.bet(1, 1, "bonus", 5)
    with pytest.raises(IllegalAction, match="does not offer the Progressive"):
        game.bet(1, 1, "progressive", 5)


def test_progressive_wagers_lock_at_no_more_bets_with_the_mystery_contribution():
    game = Round()
    game.bet(1, 1, "ante", 5)
    game.bet(1, 1, "progressive", 5)
    game.bet(2, 2, "ante", 5)
    game.act(pr.CLOSE_BETTING)
    # § 647c.1(c)(1)-(2): the Ante and the progressive qualify; a share of the wager feeds the meter.
    assert [(w.kind, w.seat, w.amount) for w in game.locks[0]] == [
        (rules.PROGRESSIVE_KIND, 1, 500),
        (pr.MUST_HIT_BY, 1, 500),
    ]
    assert [m for m in game.moves if m.memo == "seat 1 progressive collected"][0].amount == 500
    with pytest.raises(IllegalAction, match="the Progressive is locked for this round"):
        game.bet(2, 2, "progressive", 5)
    with pytest.raises(IllegalAction, match="No more bets"):
        game.bet(2, 2, "bonus", 5)


def test_no_mystery_contribution_when_the_table_does_not_offer_the_bonus():
    game = Round(Config(mystery=0))
    game.bet(1, 1, "ante", 5)
    game.bet(1, 1, "progressive", 5)
    game.act(pr.CLOSE_BETTING)
    assert [w.kind for w in game.locks[0]] == [rules.PROGRESSIVE_KIND]


def test_the_mystery_bonus_is_paid_at_the_end_of_the_round_even_after_a_fold():
    game = one_hand(
        "2C 7D", "AH AD", "KS 9H 4C 3S 8D", {"ante": 10, "progressive": 5}, decisions=("fold",), mystery=(1,)
    )
    assert game.lines()[-1] == "Mystery bonus: +150"
    assert game.net(1) == -10 - 5 + 150


def test_a_progressive_wager_the_meter_refuses_is_returned_and_settles_nothing():
    game = one_hand(
        "7S 7H", "2C 3D", "7D KC 9S 4H 5C", {"ante": 10, "progressive": 5}, refuse=(rules.PROGRESSIVE_KIND,)
    )
    assert game.net(1) == 0 + 20 + 10 + 10  # trips beat the dealer, below a straight; the $5 back
    assert not any("Progressive" in text for text in game.lines())


# -- rule 4: the deal ------------------------------------------------------------------


def test_two_cards_face_down_to_each_hand_and_to_the_dealer():
    game = Round()
    game.stack("AS AH KS KH QD QC")
    game.bet(1, 1, "ante", 10)
    game.bet(2, 2, "ante", 10)
    game.deal()
    assert game.state.spot(1)["cards"] == ["AS", "AH"] and game.state.spot(2)["cards"] == ["KS", "KH"]
    assert game.state.spot(1)["up"] == [False, False]
    assert game.state.dealer == {"cards": ["QD", "QC"], "up": [False, False]}
    assert game.state.board == {"cards": [], "up": []}
    assert game.state.phase == pr.DECIDING and game.state.turn == 1 and game.state.street == 0


# -- rules 5 to 8: the streets ------------------------------------------------------------


def test_the_flop_wager_is_twice_the_ante_then_burn_and_the_flop():
    game = Round()
    game.stack(deck("AS AH", dealer="2C 3D", board="KS 9H 4C 8S 5D"))
    game.bet(1, 1, "ante", 10)
    game.deal()
    assert legal(game) == [("flop", (2,)), ("fold", ())]
    with pytest.raises(IllegalAction, match="Flop wager is 2× the Ante; not 1×"):
        game.act("flop", 1, 1, multiple="1")
    game.act("flop", 1, 1)
    assert game.state.spot(1)["bets"]["flop"] == 20 * CHIP
    # Rule 6: a burn, then the flop face up (the burn is no card of the board).
    assert game.state.board == {"cards": ["KS", "9H", "4C"], "up": [True, True, True]}
    assert game.state.street == 1 and legal(game) == [("turn", (1,)), ("check", ())]


def legal(game, seat=1):
    return [(option.action, multiples) for option, multiples in rules.legal_options(game.state, seat)]


def test_a_check_stakes_nothing_and_each_street_turns_up_one_card_after_a_burn():
    game = Round()
    game.stack(deck("AS AH", dealer="2C 3D", board="KS 9H 4C 8S 5D"))
    game.bet(1, 1, "ante", 10)
    game.deal()
    game.act("flop", 1, 1)
    game.act("check", 1, 1)
    assert "turn" not in game.state.spot(1)["bets"]
    assert game.state.board["cards"] == ["KS", "9H", "4C", "8S"]
    assert game.log[-1] == "checks"
    game.act("river", 1, 1)
    # Rule 8: the river, no wager after it: the result.
    assert game.state.board["cards"] == ["KS", "9H", "4C", "8S", "5D"] and game.state.phase == pr.RESULT
    assert game.state.spot(1)["bets"] == {"ante": 1000, "flop": 2000, "river": 1000}
    assert game.net(1) == 0 + 20 + 10  # aces beat the dealer's 2-3: below a straight the Ante pushes


def test_a_fold_loses_the_ante_and_the_bonus_and_keeps_the_progressive():
    game = one_hand("2C 7D", "9H 9D", "KS QS JS TS 3H", {"ante": 10, "bonus": 5, "progressive": 5}, ("fold",))
    assert game.lines() == ["Ante folded: −10", "Bonus folded: −5", "Progressive: −5"]
    assert game.net(1) == -10 - 5 - 5


def test_the_clock_folds_pre_flop_and_checks_after_the_flop():
    game = Round()
    game.stack(deck("AS AH", dealer="2C 3D", board="KS 9H 4C 8S 5D"))
    game.bet(1, 1, "ante", 10)
    game.deal()
    assert rules.timer(game.state, game.config)[1:] == (20, Action(pr.DECISION_TIMEOUT))
    game.act(pr.DECISION_TIMEOUT)
    assert game.state.spot(1)["folded"] and "Seat 1 is out of time: fold." in game.log
    game.act(pr.NEXT_ROUND)
    game.stack(deck("AS AH", dealer="2C 3D", board="KS 9H 4C 8S 5D"))
    game.bet(1, 1, "ante", 10)
    game.deal()
    game.act("flop", 1, 1)
    game.act(pr.DECISION_TIMEOUT)
    game.act(pr.DECISION_TIMEOUT)
    assert game.log.count("Seat 1 is out of time: check.") == 2
    assert game.state.phase == pr.RESULT and game.state.spot(1)["bets"] == {"ante": 1000, "flop": 2000}


def test_a_turn_wager_after_folding_a_river_wager_before_the_turn_and_a_second_flop_wager_are_refused():
    game = Round()
    game.stack(deck("AS AH", "2C 7D", dealer="QH QD", board="KS 9H 4C 8S 5D"))
    game.bet(1, 1, "ante", 10)
    game.bet(2, 2, "ante", 10)
    game.deal()
    game.act("flop", 1, 1)
    game.act("fold", 2, 2)
    assert game.state.street == 1
    before = game.state.to_json()
    with pytest.raises(IllegalAction, match="You folded this hand: it takes no more decisions this round."):
        game.act("turn", 2, 2)
    with pytest.raises(
        IllegalAction, match="The River wager comes on a later street; now you may turn wager or check."
    ):
        game.act("river", 1, 1)
    with pytest.raises(
        IllegalAction,
        match="The Flop wager was an earlier street's decision; now you may turn wager or check.",
    ):
        game.act("flop", 1, 1)
    with pytest.raises(IllegalAction, match="Check takes no multiple"):
        game.act("check", 1, 1, multiple="2")
    with pytest.raises(IllegalAction, match="Turn wager is 1× the Ante; not 2×"):
        game.act("turn", 1, 1, multiple="2")
    assert game.state.to_json() == before


def test_out_of_turn_and_another_seats_decision_are_refused():
    game = Round()
    game.bet(1, 1, "ante", 10)
    game.bet(2, 2, "ante", 10)
    game.deal()
    with pytest.raises(IllegalAction, match="seat 1's turn, not yours"):
        game.act("flop", 2, 2)
    with pytest.raises(IllegalAction, match="previous player"):
        game.act("flop", 9, 1)
    with pytest.raises(IllegalAction, match="A multiple is a whole number"):
        game.act("flop", 1, 1, multiple="two")


# -- rule 9: no dealer qualification; rule 10: the Ante and the street wagers ---------------


def test_a_dealer_with_nothing_still_plays_and_a_higher_one_wins_every_wager():
    # Rule 9: no qualification: the dealer's ace-high beats the player's king-high.
    game = one_hand("KC 3D", "AH 4S", "QS 9H 7C 6D 2H", {"ante": 10})
    assert game.net(1) == -(10 + 20 + 10 + 10)
    assert game.lines() == [
        "Ante, dealer higher: −10",
        "Flop wager, dealer higher: −20",
        "Turn wager, dealer higher: −10",
        "River wager, dealer higher: −10",
    ]
    assert "The dealer shows A-Q-9-7-6 high." in game.log


def test_a_win_with_a_straight_or_better_pays_every_wager_1_to_1():
    game = one_hand("8C 9D", "AH AS", "TS JH QC 2D 3H", {"ante": 10})
    assert game.net(1) == 10 + 20 + 10 + 10
    assert game.lines() == [
        "Ante 1 to 1: +10",
        "Flop wager 1 to 1: +20",
        "Turn wager 1 to 1: +10",
        "River wager 1 to 1: +10",
    ]


def test_a_win_below_a_straight_pushes_the_ante_and_pays_the_street_wagers():
    game = one_hand("KC KD", "QH JS", "2S 7H 9C 4D 3H", {"ante": 10}, ("flop", "check", "river"))
    assert game.net(1) == 0 + 20 + 10
    assert game.lines() == [
        "Ante, wins below a straight: ±0",
        "Flop wager 1 to 1: +20",
        "River wager 1 to 1: +10",
    ]


def test_the_flush_or_better_variant_pushes_the_ante_on_a_winning_straight():
    config = Config(ante_pays_on=2)
    game = one_hand("8C 9D", "AH AS", "TS JH QC 2D 3H", {"ante": 10}, config=config)
    assert game.net(1) == 0 + 20 + 10 + 10
    assert game.lines()[0] == "Ante, wins below a flush: ±0"
    flush = one_hand("8C 9C", "AH AS", "TC 2C QC 2D 3H", {"ante": 10}, config=config)
    assert flush.net(1) == 10 + 20 + 10 + 10


def test_a_tie_pushes_every_wager_and_kickers_break_ties():
    tie = one_hand("AC 2D", "AH 3S", "AS KH QC JD 9H", {"ante": 10})
    assert tie.net(1) == 0
    kicker = one_hand("AC TD", "AH 3S", "AS KH QC 7D 5H", {"ante": 10})
    assert kicker.net(1) == 0 + 20 + 10 + 10  # a pair of aces, the 10 kicker plays


# -- rule 11: the Bonus wager, every line -----------------------------------------------------

BONUS_HANDS = [
    ("AS AH", "AD AC", "A-A, and the dealer also holds A-A", 1000),
    ("AS AH", "AD KC", "A-A", 30),
    ("AS KS", "2D 3C", "A-K suited", 25),
    ("AH QH", "2D 3C", "A-Q or A-J suited", 20),
    ("AD JD", "2S 3C", "A-Q or A-J suited", 20),
    ("AS KH", "2D 3C", "A-K offsuit", 15),
    ("KS KH", "2D 3C", "K-K, Q-Q or J-J", 10),
    ("QS QH", "2D 3C", "K-K, Q-Q or J-J", 10),
    ("JS JH", "2D 3C", "K-K, Q-Q or J-J", 10),
    ("AS QH", "2D 3C", "A-Q or A-J offsuit", 5),
    ("AS JH", "2D 3C", "A-Q or A-J offsuit", 5),
    ("TS TH", "2D 3C", "2-2 through 10-10", 3),
    ("2S 2H", "5D 3C", "2-2 through 10-10", 3),
]


@pytest.mark.parametrize(("hole", "dealer", "name", "odds"), BONUS_HANDS)
def test_every_bonus_line_pays_on_the_hole_cards_whatever_the_main_result(hole, dealer, name, odds):
    # The board's straight flush plays for both hands: the main wagers push, the Bonus pays.
    game = one_hand(hole, dealer, "9C 8C 7C 6C 5C", {"ante": 10, "bonus": 5}, ("flop", "check", "check"))
    assert game.lines()[-1] == f"Bonus, {name}, {odds} to 1: +{5 * odds:,}"
    assert game.lines()[0] == "Ante, tie: ±0"
    assert game.net(1) == 5 * odds


def test_anything_else_loses_the_bonus_and_the_bonus_is_independent_of_the_main_result():
    game = one_hand("KS QS", "2D 3C", "KH 9C 4D 8S 7H", {"ante": 10, "bonus": 5})
    assert game.lines()[-1] == "Bonus: −5"
    assert game.net(1) == 0 + 20 + 10 + 10 - 5
    assert paytables.bonus_lines(paytables._ACE, 7, suited=True) == []  # A-9 suited


def test_aces_with_the_dealers_aces_needs_both_dealer_cards_aces():
    assert paytables.bonus_lines_of(["AS", "AH"], ["AD", "AC"]) == ["aces_with_dealer_aces", "aces"]
    assert paytables.bonus_lines_of(["AS", "AH"], ["AD", "KC"]) == ["aces"]
    assert paytables.bonus_lines_of(["AS", "KH"], ["AD", "AC"]) == ["ace_king_offsuit"]


# -- rule 12: the progressive on the hole cards and the flop; Envy ------------------------------

PROGRESSIVE_HANDS = [
    ("KS QS", "JS TS 9S 2C 3D", "Progressive, straight flush, 10% of the meter", None, 10),
    ("9S 8S", "7S 6S 5S 2C 3D", "Progressive, straight flush, 10% of the meter", None, 10),
    ("9S 9H", "9D 9C 5S 2C 3D", "Progressive, four of a kind, 300 for 1: +1,495", 1500, 0),
    ("9S 9H", "9D 5C 5S 2C 3D", "Progressive, full house, 50 for 1: +245", 250, 0),
    ("AS 9S", "7S 4S 2S KC 3D", "Progressive, flush, 40 for 1: +195", 200, 0),
    ("5S 6H", "7D 8C 9S KC 3D", "Progressive, straight, 30 for 1: +145", 150, 0),
    ("5S 5H", "5D 8C 9S KC 3D", "Progressive, three of a kind, 9 for 1: +40", 45, 0),
]


def test_a_royal_flush_on_the_hole_cards_and_the_flop_wins_the_meter():
    game = one_hand("AS KS", "2D 3C", "QS JS TS 4C 8D", {"ante": 10, "progressive": 5}, meter=20_000_00)
    assert game.lines()[-1] == "Progressive, 20,000 from the meter: +19,995"
    assert "Seat 1: royal flush, Progressive, royal flush, 100% of the meter." in game.log
    assert game.net(1) == 10 + 20 + 10 + 10 - 5 + 20_000


@pytest.mark.parametrize(("hole", "board", "text", "fixed", "percent"), PROGRESSIVE_HANDS)
def test_every_progressive_line(hole, board, text, fixed, percent):
    game = one_hand(hole, "2H 3H", board, {"ante": 10, "progressive": 5}, ("fold",), meter=10_000_00)
    if fixed is None:
        assert any(line.endswith(f", {text}.") for line in game.log)
        assert (
            game.lines()[-1]
            == f"Progressive, {10_000 * percent // 100:,} from the meter: +{10_000 * percent // 100 - 5:,}"
        )
        assert game.net(1) == -10 - 5 + 10_000 * percent // 100
    else:
        assert game.lines()[-1] == text
        assert game.net(1) == -10 - 5 + fixed


def test_the_progressive_ignores_the_turn_and_the_river():
    # A royal flush made only with the river: the flop gives a pair of nothing, the wager loses.
    game = one_hand("AS KS", "2D 3C", "QS JS 4C 8D TS", {"ante": 10, "progressive": 5})
    assert game.lines()[-1] == "Progressive: −5"
    assert game.net(1) == 10 + 20 + 10 + 10 - 5


def test_envy_pays_each_other_progressive_player_for_a_royal_or_straight_flush_not_ones_own():
    game = Round(meter=20_000_00)
    game.stack(deck("AS KS", "2H 2C", "8D 9D", dealer="3C 4C", board="QS JS TS 6D 7D"))
    for seat in (1, 2, 3):
        game.bet(seat, seat, "ante", 10)
        game.bet(seat, seat, "progressive", 5)
    game.deal()
    for seat in (1, 2, 3):
        game.act("fold", seat, seat)
    # Seat 1's royal flush wins the meter; seat 3's 8-9 with the flop's Q-J-10 is a straight
    # (only the flop counts): 30 for 1; seats 2 and 3 earn Envy, seat 1 none for its own.
    assert "Envy for seat 1's royal flush: +5,000" in game.lines(2)
    assert "Envy for seat 1's royal flush: +5,000" in game.lines(3)
    assert not any("Envy" in line for line in game.lines(1))
    assert game.lines(3)[-2] == "Progressive, straight, 30 for 1: +145"
    assert game.net(2) == -10 - 5 + 5_000
    assert game.net(3) == -10 - 5 + 150 + 5_000
    assert game.escrow() == 0


def test_a_straight_flush_envy_pays_1500():
    game = Round()
    game.stack(deck("9S 8S", "2H 2C", dealer="3C 4C", board="7S 6S 5S KD QH"))
    for seat in (1, 2):
        game.bet(seat, seat, "ante", 10)
        game.bet(seat, seat, "progressive", 5)
    game.deal()
    game.act("fold", 1, 1)
    game.act("fold", 2, 2)
    assert game.lines(2)[-1] == "Envy for seat 1's straight flush: +1,500"


# -- rule 13: settlement order ----------------------------------------------------------------


def test_settlement_runs_main_wagers_then_bonus_then_progressive_then_envy():
    game = Round(meter=10_000_00)
    game.stack(deck("AS KS", "QH QD", dealer="2C 7D", board="QS JS TS 3H 4C"))
    for seat in (1, 2):
        game.bet(seat, seat, "ante", 10)
        game.bet(seat, seat, "bonus", 5)
        game.bet(seat, seat, "progressive", 5)
    game.deal()
    game.act("flop", 1, 1)
    game.act("flop", 2, 2)
    for _ in range(2):
        game.act("check", 1, 1)
        game.act("check", 2, 2)
    assert game.lines(2) == [
        "Ante, wins below a straight: ±0",
        "Flop wager 1 to 1: +20",
        "Bonus, K-K, Q-Q or J-J, 10 to 1: +50",
        "Progressive, three of a kind, 9 for 1: +40",
        "Envy for seat 1's royal flush: +5,000",
    ]
    assert game.lines(1)[:2] == ["Ante 1 to 1: +10", "Flop wager 1 to 1: +20"]
    assert game.lines(1)[2:] == [
        "Bonus, A-K suited, 25 to 1: +125",
        "Progressive, 10,000 from the meter: +9,995",
    ]
    assert game.net(1) == 10 + 20 + 125 - 5 + 10_000
    # Seat 2's three queens beat the dealer's queen-high below a straight: the Ante pushes.
    assert game.net(2) == 0 + 20 + 50 - 5 + 45 + 5_000


# -- the Rules Submission --------------------------------------------------------------------


def test_the_rules_submission_is_validated():
    assert Config().errors() == {}
    errors = Config(
        min_bet=0, ante_pays_on=3, bonus=2, bonus_paytable=2, progressive=0, mystery=1, decision_seconds=1
    ).errors()
    assert set(errors) == {
        "min_bet",
        "ante_pays_on",
        "bonus",
        "bonus_paytable",
        "mystery",
        "decision_seconds",
    }
    assert Config(bonus_min_bet=50, bonus_max_bet=10).errors() == {
        "bonus_max_bet": "The maximum wager cannot be below the minimum wager."
    }
    assert (
        Config(royal_flush_envy_bonus=-1).errors()["royal_flush_envy_bonus"] == "Must be 0 to 100,000 chips."
    )
    assert Config(min_bet=True).errors()["min_bet"] == "Must be a whole number."
    assert (
        Config.from_json(Config(ante_pays_on=2).to_json()).ante_category
        == Config(ante_pays_on=2).ante_category
    )


def test_the_stacked_deck_refuses_bad_cards():
    game = Round()
    with pytest.raises(IllegalAction, match="typed 2 times"):
        game.stack("AS AS")
    with pytest.raises(IllegalAction, match="is not a card"):
        game.stack("AS ZZ")


# -- the stated strategy --------------------------------------------------------------------


def test_the_stated_strategy_folds_2_3_to_2_7_offsuit_only_and_bets_pairs_using_a_hole_card_and_flush_draws():
    assert len(strategy.STARTING_HANDS) == 169
    assert not strategy.makes_flop_wager(["2C", "7D"]) and not strategy.makes_flop_wager(["3D", "2C"])
    assert strategy.makes_flop_wager(["2C", "7C"]) and strategy.makes_flop_wager(["2C", "8D"])
    assert strategy.makes_flop_wager(["2C", "2D"])
    assert strategy.makes_street_wager(["2C", "2D"], ["KS", "QS", "JS"])
    assert strategy.makes_street_wager(["KC", "5D"], ["KS", "QS", "JS"])
    assert not strategy.makes_street_wager(["AC", "5D"], ["KS", "KH", "JS", "JD"])
    # On the flop a four-flush with a hole card bets the Turn; on the turn it no longer bets the River.
    assert strategy.makes_street_wager(["AS", "5S"], ["KS", "9S", "2D"])
    assert not strategy.makes_street_wager(["AD", "5C"], ["KS", "9S", "2S"])
    assert not strategy.makes_street_wager(["AS", "5S"], ["KS", "9S", "2D", "3C"])


# -- thousands of seeded rounds --------------------------------------------------------------


def test_thousands_of_seeded_rounds_settle_every_chip_by_the_stated_strategy_and_at_random():
    game = Round(meter=5_000_00, mystery=(3,), seed=2026)
    choices = random.Random(647)
    rounds = 0
    for _ in range(1_200):
        before = len(game.moves)
        seats = choices.sample(range(1, 7), choices.randint(1, 4))
        for seat in seats:
            game.bet(seat, seat, "ante", choices.choice((5, 10, 25)))
            if choices.random() < 0.5:
                game.bet(seat, seat, "bonus", 5)
            if choices.random() < 0.5:
                game.bet(seat, seat, "progressive", 5)
        game.deal()
        while game.state.phase == pr.DECIDING:
            seat = game.state.turn
            spot = game.state.spot(seat)
            if seat % 2:  # odd seats play the stated strategy, even ones at random
                up = [
                    c
                    for c, is_up in zip(game.state.board["cards"], game.state.board["up"], strict=True)
                    if is_up
                ]
                if game.state.street == 0:
                    action = "flop" if strategy.makes_flop_wager(spot["cards"]) else "fold"
                else:
                    bet = strategy.makes_street_wager(spot["cards"], up)
                    action = ("turn" if game.state.street == 1 else "river") if bet else "check"
            else:
                action = choices.choice(
                    [option.action for option, _ in rules.legal_options(game.state, seat)]
                )
            game.act(action, seat, seat)
        assert game.state.phase == pr.RESULT
        moves = game.moves[before:]
        staked = sum(m.amount for m in moves if m.kind == STAKE)
        assert staked == sum(m.amount for m in moves if m.kind in (REFUND, RETURN, LOSE))
        game.act(pr.NEXT_ROUND)
        rounds += 1
    assert rounds == 1_200 and game.escrow() == 0
