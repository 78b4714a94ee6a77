"""Caribbean Stud Poker on the poker engine, pure (docs/rules/caribbean_stud.md,
seed § 639c.1): every numbered rule and every paytable line by a stacked
deck, with the exact chips moved; the Mystery bonus's qualification as
§ 639c.1(c)(1) words it; the Envy Bonus where configured; the basic
strategy's cases; the Rules Submission's validation."""

import random

import pytest

from games.cards import best_five
from games.cards.poker import CARD_INDEX
from games.caribbean_stud import paytables, rules, strategy
from games.caribbean_stud.rules import Config
from games.engine import LOSE, REFUND, RETURN, STAKE, IllegalAction
from games.poker import round as pr
from tests import poker_rules

CHIP = 100
# Dealer hands, four hole cards then the face-up card (rule 5).
NOT_QUALIFYING = "AD QC 8S 5H 3C"  # ace-queen high (rule 7)
ACE_KING = "AD KC 8S 5H 3C"  # ace-king high: qualifies (rule 7)
DEALER_TRIPS = "KD KC KS 5H 3C"


class Round(poker_rules.Round):
    rules = rules
    seed = 639


def one_hand(player_cards, dealer_cards, bets, decision="raise", config=None, **options):
    game = Round(config, **options)
    game.stack(f"{player_cards} {dealer_cards}")
    for area, chips in bets.items():
        game.bet(1, 1, area, chips)
    game.deal()
    if game.state.phase == pr.DECIDING:
        game.act(decision, 1, 1)
    assert game.state.phase == pr.RESULT
    assert game.escrow() == 0
    return game


def value(text):
    return best_five.best_five_value(text)


# -- rule 1: one 52-card deck, shuffled for every round ----------------------------------


def test_one_fresh_52_card_deck_every_round():
    game = Round()
    decks = []
    for _ in range(2):
        game.bet(1, 1, "ante", 5)
        game.deal()
        dealt = game.state.spot(1)["cards"] + game.state.dealer["cards"]
        decks.append(dealt + game.state.deck)
        assert (
            sorted(decks[-1]) == sorted(str(item) for item in rules.GAME.deck()) and len(set(decks[-1])) == 52
        )
        game.act("fold", 1, 1)
        game.act(pr.NEXT_ROUND)
    assert decks[0] != decks[1]


# -- rule 2: the ranking ---------------------------------------------------------------------


def test_a_to_5_is_the_lowest_straight_and_ties_break_card_by_card():
    # A-2-3-4-5 (rule 2: ace low) loses to the dealer's 6-high straight.
    game = one_hand("AS 2H 3D 4C 5S", "2D 3C 4S 5H 6C", {"ante": 10})
    assert game.net(1) == -30
    # A-K-Q-J-9 beats A-K-Q-J-8 on the fifth card: Ante 1 to 1, Bet 1 to 1 (one pair or less).
    game = one_hand("AS KH QD JC 9S", "AD KC QS JH 8C", {"ante": 10})
    assert game.net(1) == 10 + 20
    assert game.lines() == ["Ante 1 to 1: +10", "Bet, one pair or less, 1 to 1: +20"]


def test_suits_never_rank_an_exact_match_pushes_both():
    game = one_hand("AS KH QD JC 9S", "AD KC QS JH 9C", {"ante": 10})
    assert game.net(1) == 0
    assert game.lines() == ["Ante, a tie: ±0", "Bet, a tie: ±0"]


# -- rules 3 and 4: the wagers, and the lock at no more bets --------------------------------


def test_the_progressive_needs_an_ante_and_is_exactly_one_chip():
    game = Round()
    with pytest.raises(IllegalAction, match="Place the Ante wager first"):
        game.bet(1, 1, "progressive", 1)
    game.bet(1, 1, "ante", 5)
    with pytest.raises(IllegalAction, match="exactly 1 chip"):
        game.bet(1, 1, "progressive", 2)
    game.bet(1, 1, "progressive", 1)
    with pytest.raises(IllegalAction, match="exactly 1 chip"):
        game.bet(1, 1, "progressive", 1)  # a second chip would make it 2
    assert game.state.spot(1)["bets"] == {"ante": 500, "progressive": 100}


def test_the_ante_limits_and_the_bet_is_no_chip_wager():
    game = Round()
    with pytest.raises(IllegalAction, match="5 to 500 chips"):
        game.bet(1, 1, "ante", 4)
    with pytest.raises(IllegalAction, match="no betting area 'bet'"):
        game.bet(1, 1, "bet", 10)


def test_no_progressive_when_the_table_does_not_offer_it():
    game = Round(Config(progressive=0, mystery=0))
    game.bet(1, 1, "ante", 5)
    with pytest.raises(IllegalAction, match="does not offer the Progressive"):
        game.bet(1, 1, "progressive", 1)


def test_progressive_wagers_lock_at_no_more_bets_and_later_ones_are_refused():
    game = Round()
    game.bet(1, 1, "ante", 5)
    game.bet(1, 1, "progressive", 1)
    game.bet(2, 2, "ante", 5)
    game.act(pr.CLOSE_BETTING)
    lock = game.locks[0]
    assert [(w.kind, w.seat, w.amount) for w in lock] == [
        (rules.PROGRESSIVE_KIND, 1, 100),
        (pr.MUST_HIT_BY, 1, 100),
    ]
    assert [m for m in game.moves if m.memo == "seat 1 progressive collected"][0].amount == 100
    with pytest.raises(IllegalAction, match="the Progressive is locked for this round"):
        game.bet(2, 2, "progressive", 1)
    with pytest.raises(IllegalAction, match="No more bets"):
        game.bet(2, 2, "ante", 5)


def test_a_progressive_wager_the_meter_refuses_is_returned_and_settles_nothing():
    game = one_hand(
        "AS AH AD AC 2S",
        NOT_QUALIFYING.replace("AD", "KD"),
        {"ante": 10, "progressive": 1},
        refuse=(rules.PROGRESSIVE_KIND,),
    )
    assert game.net(1) == 10  # Ante 1 to 1, Bet push; the $1 back, no $500
    assert not any("Progressive" in text for text in game.lines())


# -- rule 5: the deal ------------------------------------------------------------------------


def test_five_to_each_hand_and_the_dealers_four_hole_cards_then_one_up():
    game = Round()
    game.stack("AS AH AD 7C 2S  KS KH KD KC 3S  3D 5S 7D JD QC")
    game.bet(1, 1, "ante", 10)
    game.bet(2, 2, "ante", 10)
    game.deal()
    assert game.state.spot(1)["cards"] == ["AS", "AH", "AD", "7C", "2S"]
    assert game.state.spot(2)["cards"] == ["KS", "KH", "KD", "KC", "3S"]
    assert game.state.spot(1)["up"] == [False] * 5
    assert game.state.dealer["cards"] == ["3D", "5S", "7D", "JD", "QC"]
    assert game.state.dealer["up"] == [False] * 4 + [True]
    assert game.state.phase == pr.DECIDING and game.state.turn == 1


# -- rule 6: fold, or a Bet of exactly 2 times the Ante, in seat order -----------------------


def test_the_bet_is_exactly_twice_the_ante():
    game = one_hand("AS AH 9D 4C 2C", NOT_QUALIFYING.replace("AD", "KD"), {"ante": 15})
    assert [m.amount for m in game.moves if m.memo == "seat 1 bet" and m.kind == STAKE] == [30_00]
    for multiple in ("1", "3"):
        game = Round()
        game.bet(1, 1, "ante", 10)
        game.deal()
        with pytest.raises(IllegalAction, match="Bet is 2× the Ante; not"):
            game.act("raise", 1, 1, multiple=multiple)
        game.act("raise", 1, 1, multiple="2")
        assert game.state.phase == pr.RESULT


def test_players_decide_in_seat_order():
    game = Round()
    for seat in (1, 3):
        game.bet(seat, seat, "ante", 5)
    game.deal()
    assert game.state.turn == 1
    with pytest.raises(IllegalAction, match="seat 1's turn"):
        game.act("raise", 3, 3)
    game.act("fold", 1, 1)
    assert game.state.turn == 3


def test_a_fold_loses_the_ante_and_forfeits_the_progressive_even_with_a_flush():
    game = one_hand("2H 6H 9H JH QH", NOT_QUALIFYING, {"ante": 10, "progressive": 1}, decision="fold")
    assert game.net(1) == -10 - 1
    assert game.lines() == ["Ante folded: −10", "Progressive folded: −1"]


def test_the_clock_folds():
    game = Round()
    game.stack(f"AS AH 9D 4C 2C {ACE_KING}")
    game.bet(1, 1, "ante", 10)
    game.deal()
    game.act(pr.DECISION_TIMEOUT)
    assert game.state.phase == pr.RESULT
    assert game.net(1) == -10
    assert "Seat 1 is out of time: fold." in game.log


# -- rule 7: the ace-king qualifier ----------------------------------------------------------


def test_the_lowest_qualifying_hand_is_ace_king_4_3_2_and_any_pair_qualifies():
    assert rules.qualifies(value("AS KD 4C 3H 2S"))
    assert rules.qualifies(value("2S 2D 3C 4H 5S".replace("5S", "6S")))
    assert not rules.qualifies(value("AS QD JC TH 8S"))
    assert not rules.qualifies(value("KS QD JC TH 8S"))


def test_the_dealer_with_ace_king_4_3_2_qualifies_and_plays():
    # A pair of 3s beats the dealer's A-K-4-3-2: Ante 1 to 1, Bet 1 to 1.
    game = one_hand("3S 3H 9D 7C 6C", "AD KC 4S 3D 2H", {"ante": 10})
    assert game.net(1) == 10 + 20
    # and A-K-5 high loses to A-K-6.
    game = one_hand("AS KH 5D 4C 2C", "AD KC 6S 3D 2H", {"ante": 10})
    assert game.net(1) == -30


# -- rule 8: the Ante and the Bet, each row of the table ------------------------------------


def test_dealer_does_not_qualify_ante_wins_1_to_1_and_the_bet_pushes():
    # Even with a royal flush: the Bet pushes (rule 8's first row).
    game = one_hand("AS KS QS JS TS", NOT_QUALIFYING, {"ante": 10})
    assert game.net(1) == 10
    assert game.lines() == [
        "Ante 1 to 1, the dealer does not qualify: +10",
        "Bet, the dealer does not qualify: ±0",
    ]
    assert "The dealer shows A♦ Q♣ 8♠ 5♥ 3♣, A-Q-8-5-3 high: the dealer does not qualify." in game.log


def test_dealer_higher_loses_both():
    game = one_hand("QS QH 9D 4C 2C", DEALER_TRIPS, {"ante": 10})
    assert game.net(1) == -30
    assert game.lines() == ["Ante: −10", "Bet: −20"]


BET_HANDS = {
    paytables.ROYAL_FLUSH: "AS KS QS JS TS",
    paytables.STRAIGHT_FLUSH: "9H TH JH QH KH",
    paytables.FOUR_OF_A_KIND: "9S 9H 9D 9C 2C",
    paytables.FULL_HOUSE: "7S 7H 7D 2S 2D",
    paytables.FLUSH: "2H 6H 9H JH QH",
    paytables.STRAIGHT: "4C 5D 6S 7H 8D",
    paytables.THREE_OF_A_KIND: "QS QH QD 4C 2S",
    paytables.TWO_PAIR: "JS JH 4S 4D 2C",
    paytables.ONE_PAIR_OR_LESS: "2S 2H 6C 7D 9S",
}


@pytest.mark.parametrize("line", list(BET_HANDS))
def test_every_bet_paytable_line_against_a_qualifying_dealer(line):
    odds = Config().bet_table[line]
    game = one_hand(BET_HANDS[line], ACE_KING, {"ante": 10})
    assert game.net(1) == 10 + 20 * odds.left
    name = paytables.LINE_NAMES[line].lower()
    assert game.lines() == ["Ante 1 to 1: +10", f"Bet, {name}, {odds.left} to 1: +{20 * odds.left:,}"]
    hand = best_five.hand_name(value(BET_HANDS[line]))
    assert (
        game.log[-1]
        == f"Seat 1: {hand[:1].lower() + hand[1:]}, Bet, {name}, {odds.left} to 1: +{20 * odds.left:,}."
    )


def test_one_pair_or_less_pays_ace_king_high_too():
    game = one_hand("AH KD QC 7D 4S", ACE_KING, {"ante": 10})
    assert game.net(1) == 10 + 20
    assert game.lines()[-1] == "Bet, one pair or less, 1 to 1: +20"


def test_the_bet_table_is_the_rules_files():
    table = Config().bet_table
    assert Config().bet_name == "100-50-20-7-5-4-3-2-1"
    assert [table[line].left for line in BET_HANDS] == [100, 50, 20, 7, 5, 4, 3, 2, 1]
    assert all(table[line].right == 1 and not table[line].for_one for line in BET_HANDS)


def test_bet_lines_name_every_hand():
    assert paytables.bet_lines(value("AS KS QS JS TS")) == [
        "royal_flush",
        "straight_flush",
        "one_pair_or_less",
    ]
    assert paytables.bet_lines(value("AS AD 3S 3D 5C")) == ["two_pair", "one_pair_or_less"]
    assert paytables.bet_lines(value("AS 2D 3S 7D 5C")) == ["one_pair_or_less"]


# -- rule 9: the progressive, every line, on the player's own five cards --------------------

PROGRESSIVE_FIXED = {
    paytables.FOUR_OF_A_KIND: ("9S 9H 9D 9C 2C", 500),
    paytables.FULL_HOUSE: ("7S 7H 7D 2S 2D", 100),
    paytables.FLUSH: ("2H 6H 9H JH QH", 50),
}


@pytest.mark.parametrize("line", list(PROGRESSIVE_FIXED))
@pytest.mark.parametrize("dealer", [NOT_QUALIFYING, DEALER_TRIPS.replace("KD KC KS", "AD AC AH")])
def test_every_fixed_progressive_line_whatever_the_dealer(line, dealer):
    cards, dollars = PROGRESSIVE_FIXED[line]
    game = one_hand(cards, dealer, {"ante": 10, "progressive": 1})
    # The dealer's trip aces qualify and lose to each of these hands: the Bet is paid too.
    ante_bet = 10 if dealer == NOT_QUALIFYING else 10 + 20 * Config().bet_table[line].left
    assert game.net(1) == ante_bet - 1 + dollars
    payout = Config().progressive_table[line]
    assert str(payout) == f"{dollars} for 1"
    name = paytables.LINE_NAMES[line].lower()
    # Rule 10: the progressive after the Ante and the Bet.
    assert game.lines()[2] == f"Progressive, {name}, {dollars} for 1: +{dollars - 1}"


@pytest.mark.parametrize("cards, percent", [("AS KS QS JS TS", 100), ("9H TH JH QH KH", 10)])
def test_the_royal_and_straight_flush_are_paid_from_the_meter(cards, percent):
    game = one_hand(cards, NOT_QUALIFYING, {"ante": 10, "progressive": 1}, meter=20_000_00)
    assert game.net(1) == 10 - 1 + 20_000 * percent // 100
    name = "royal flush" if percent == 100 else "straight flush"
    assert any(text.endswith(f", Progressive, {name}, {percent}% of the meter.") for text in game.log)
    assert (
        game.lines()[-1]
        == f"Progressive, {20_000 * percent // 100:,} from the meter: +{20_000 * percent // 100 - 1:,}"
    )


def test_a_straight_or_less_loses_the_progressive():
    game = one_hand("4C 5D 6S 7H 8D", NOT_QUALIFYING, {"ante": 10, "progressive": 1})
    assert game.net(1) == 10 - 1
    assert game.lines()[-1] == "Progressive: −1"


def test_the_progressive_table_is_the_rules_files():
    table = Config().progressive_table
    assert [str(table[line]) for line in table] == [
        "100% of the meter",
        "10% of the meter",
        "500 for 1",
        "100 for 1",
        "50 for 1",
    ]
    assert paytables.PROGRESSIVE_WAGER_CENTS == 100


# -- rule 10: the settlement order -------------------------------------------------------------


def test_ante_and_bet_settle_from_the_dealers_right_then_the_progressive_then_envy():
    config = Config(royal_flush_envy_bonus=250, straight_flush_envy_bonus=50)
    game = Round(config)
    game.stack(f"2H 6H 9H JH QH  AS KS QS JS TS  {ACE_KING.replace('KC', 'KD')}")
    for seat in (1, 2):
        game.bet(seat, seat, "ante", 10)
        game.bet(seat, seat, "progressive", 1)
    game.deal()
    game.act("raise", 1, 1)
    game.act("raise", 2, 2)
    settled = [text for text in game.log if text.startswith("Seat ")]
    assert settled == [
        "Seat 2: royal flush, Ante 1 to 1: +10.",
        "Seat 2: royal flush, Bet, royal flush, 100 to 1: +2,000.",
        "Seat 1: flush, Q-J-9-6-2, Ante 1 to 1: +10.",
        "Seat 1: flush, Q-J-9-6-2, Bet, flush, 5 to 1: +100.",
        "Seat 2: royal flush, Progressive, royal flush, 100% of the meter.",
        "Seat 1: flush, Q-J-9-6-2, Progressive, flush, 50 for 1: +49.",
        "Seat 1: flush, Q-J-9-6-2, Envy for seat 2's royal flush: +250.",
        "Seat 2: Progressive, 1,000 from the meter!",
    ]
    assert game.net(1) == 10 + 100 - 1 + 50 + 250
    assert game.net(2) == 10 + 2_000 - 1 + 1_000


# -- the Envy Bonus (§ 639a.1), where configured ------------------------------------------------


def _envy_round(config, fold_first=False, fold_second=False, progressive_second=True):
    game = Round(config)
    game.stack(f"2C 4D 6H 9S JC  9H TH JH QH KH  {NOT_QUALIFYING}")
    game.bet(1, 1, "ante", 10)
    game.bet(1, 1, "progressive", 1)
    game.bet(2, 2, "ante", 10)
    if progressive_second:
        game.bet(2, 2, "progressive", 1)
    game.deal()
    game.act("fold" if fold_first else "raise", 1, 1)
    game.act("fold" if fold_second else "raise", 2, 2)
    assert game.escrow() == 0
    return game


def test_envy_is_off_by_default():
    game = _envy_round(Config())
    assert not any("Envy" in text for text in game.log)
    assert game.net(1) == 10 - 1


def test_envy_pays_each_other_players_straight_flush_never_ones_own():
    game = _envy_round(Config(royal_flush_envy_bonus=250, straight_flush_envy_bonus=50))
    assert "Envy for seat 2's straight flush: +50" in game.lines(1)
    assert game.net(1) == 10 - 1 + 50
    assert not any("Envy" in text for text in game.lines(2))


def test_a_folded_hand_neither_earns_nor_gives_envy():
    config = Config(straight_flush_envy_bonus=50)
    assert _envy_round(config, fold_first=True).net(1) == -10 - 1
    game = _envy_round(config, fold_second=True)
    assert game.net(1) == 10 - 1
    assert not any("Envy" in text for text in game.log)


def test_envy_needs_the_players_own_progressive_wager():
    game = _envy_round(Config(straight_flush_envy_bonus=50), progressive_second=False)
    assert "Envy for seat 2's straight flush: +50" in game.lines(1)
    # seat 2 holds no progressive wager: its straight flush pays nothing from the meter
    assert not any("Progressive" in text for text in game.lines(2))


# -- the Must-Hit-By Mystery bonus (§ 639c.1) -----------------------------------------------------


def test_the_mystery_bonus_needs_the_ante_and_the_progressive_wager():
    # § 639c.1(c)(1): "a Caribbean Stud Poker wager and a progressive payout wager".
    game = Round()
    game.bet(1, 1, "ante", 10)
    game.bet(2, 2, "ante", 10)
    game.bet(2, 2, "progressive", 1)
    game.act(pr.CLOSE_BETTING)
    assert [(w.kind, w.seat) for w in game.locks[0]] == [(rules.PROGRESSIVE_KIND, 2), (pr.MUST_HIT_BY, 2)]


def test_no_mystery_contribution_when_the_table_does_not_offer_the_bonus():
    game = Round(Config(mystery=0))
    game.bet(1, 1, "ante", 10)
    game.bet(1, 1, "progressive", 1)
    game.act(pr.CLOSE_BETTING)
    assert [w.kind for w in game.locks[0]] == [rules.PROGRESSIVE_KIND]


def test_the_mystery_bonus_is_paid_at_the_end_even_after_a_fold():
    game = one_hand("2C 4D 6H 9S JC", ACE_KING, {"ante": 10, "progressive": 1}, decision="fold", mystery=(1,))
    assert game.net(1) == -10 - 1 + 150
    assert game.lines()[-1] == "Mystery bonus: +150"
    assert "Seat 1 wins the Must-Hit-By Mystery bonus: 150!" in game.log


# -- the basic strategy (strategy.py) -----------------------------------------------------------


@pytest.mark.parametrize(
    "hand, up, decision",
    [
        ("2S 2H 6C 7D 9S", "AS", strategy.BET),  # any pair
        ("AS QD JC 9H 8S", "2D", strategy.FOLD),  # below ace-king
        ("AS KD 8C 5H 3S", "5D", strategy.BET),  # 1. a 2-Q up matching
        ("AS KD 8C 5H 3S", "QD", strategy.FOLD),  # unmatched, no queen
        ("AS KD 8C 5H 3S", "AD", strategy.FOLD),  # 2. ace up, no queen or jack
        ("AS KD JC 5H 3S", "AD", strategy.BET),  # 2. ace up, a jack
        ("AS KD QC 5H 3S", "KH", strategy.BET),  # 2. king up, a queen
        ("AS KD QC 5H 3S", "4D", strategy.BET),  # 3. a queen, up card below the fourth highest
        ("AS KD QC 5H 3S", "6D", strategy.FOLD),  # 3. up card above the fourth highest
        ("AS KD QC 5H 3S", "5C", strategy.BET),  # 1. matches the 5
        ("AS KD JC 5H 3S", "4D", strategy.FOLD),  # 3. needs a queen
    ],
)
def test_the_basic_strategy(hand, up, decision):
    cards = [CARD_INDEX[item] for item in hand.split()]
    assert strategy.decide(best_five.best_five_value_indices(cards), cards, CARD_INDEX[up]) == decision


# -- the Rules Submission ----------------------------------------------------------------------


def test_the_default_rules_submission_is_valid_and_round_trips():
    config = Config()
    assert config.errors() == {}
    assert Config.from_json(config.to_json()) == config
    assert config.progressive and config.mystery and config.envy_cents == {}


@pytest.mark.parametrize(
    "fields, name, message",
    [
        ({"min_bet": 0}, "min_bet", "at least 1 chip"),
        ({"max_bet": 4}, "max_bet", "below the minimum"),
        ({"bet_paytable": 2}, "bet_paytable", "Choose Bet paytable 1"),
        ({"progressive_paytable": 0}, "progressive_paytable", "Choose progressive paytable 1"),
        ({"progressive": 2}, "progressive", "1 to offer it"),
        ({"mystery": 1, "progressive": 0}, "mystery", "needs the progressive"),
        ({"royal_flush_envy_bonus": -1}, "royal_flush_envy_bonus", "0 to 100,000"),
        (
            {"straight_flush_envy_bonus": 5, "progressive": 0, "mystery": 0},
            "straight_flush_envy_bonus",
            "goes with",
        ),
        ({"decision_seconds": 2}, "decision_seconds", "3 to 120"),
        ({"min_bet": "5"}, "min_bet", "whole number"),
    ],
)
def test_the_rules_submission_refuses(fields, name, message):
    assert message in Config(**fields).errors()[name]


def test_showdown_and_ante_bet_net_follow_rule_8():
    table = Config().bet_table
    ak, aq, flush = value("AS KD 4C 3H 2S"), value("AS QD JC TH 8S"), value("2H 6H 9H JH QH")
    assert rules.showdown(flush, aq) == rules.NOT_QUALIFIED and rules.ante_bet_net(flush, aq, table) == 1
    assert rules.showdown(flush, ak) == rules.PLAYER_HIGHER and rules.ante_bet_net(flush, ak, table) == 11
    assert rules.showdown(ak, flush) == rules.DEALER_HIGHER and rules.ante_bet_net(ak, flush, table) == -3
    assert rules.showdown(ak, ak) == rules.TIE and rules.ante_bet_net(ak, ak, table) == 0


# -- thousands of seeded rounds ----------------------------------------------------------------


def test_two_thousand_seeded_rounds_settle_every_chip_and_pay_only_hands_in_play():
    config = Config(royal_flush_envy_bonus=500, straight_flush_envy_bonus=100)
    game = Round(config, mystery=(2,))
    choices = random.Random(6391)
    for _ in range(2_000):
        start = len(game.moves)
        for seat in range(1, 6):
            if choices.random() < 0.85:
                game.bet(seat, seat, "ante", choices.choice([5, 10, 25]))
                if choices.random() < 0.5:
                    game.bet(seat, seat, "progressive", 1)
        game.act(pr.CLOSE_BETTING)
        if game.state.phase == pr.DEALING:
            game.act(pr.DEAL)
        while game.state.phase == pr.DECIDING:
            seat = game.state.turn
            if choices.random() < 0.05:
                game.act(pr.DECISION_TIMEOUT)
            else:
                game.act(choices.choice([rules.RAISE, rules.FOLD]), seat, seat)
        if game.state.phase == pr.RESULT:
            for seat, result in game.state.results.items():
                spot = game.state.spot(int(seat))
                if spot["folded"]:
                    # Rule 6: a fold loses the Ante and the progressive; only the Mystery bonus is paid.
                    assert all("folded" in line or line.startswith("Mystery") for line in result["lines"])
                elif spot["bets"].get("ante"):
                    assert spot["bets"]["bet"] == 2 * spot["bets"]["ante"]
            game.act(pr.NEXT_ROUND)
        assert game.state.phase == pr.BETTING
        moves = game.moves[start:]
        staked = sum(m.amount for m in moves if m.kind == STAKE)
        assert staked == sum(m.amount for m in moves if m.kind in (REFUND, RETURN, LOSE))
    assert game.state.round == 2_001
