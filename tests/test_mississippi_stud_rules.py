"""Mississippi Stud on the poker engine, pure (docs/rules/mississippi_stud.md, seed
§ 655c.1): every numbered rule and every paytable line by a stacked deck, with
the exact chips moved (a 6s-10s push, a street wager refused after folding,
the aggregate limit); the Mystery bonus's qualification as § 655c.1(c)(1)
words it; Envy; the optimal strategy's choices; the Rules Submission's
validation; thousands of seeded rounds."""

import random

import pytest

from games.cards.poker import CARD_INDEX
from games.engine import LOSE, REFUND, RETURN, STAKE, IllegalAction
from games.mississippi_stud import paytables, rules, strategy
from games.mississippi_stud.rules import Config
from games.poker import round as pr
from tests import poker_rules

CHIP = 100


class Round(poker_rules.Round):
    rules = rules
    seed = 655


def one_hand(cards, bets, decisions=(1, 1, 1), config=None, **options):
    """One player's round: ``cards`` the two hole cards then the three community
    cards; ``decisions`` the multiple (or "fold") on 3rd, 4th and 5th Street."""
    game = Round(config, **options)
    game.stack(cards)
    for area, chips in bets.items():
        game.bet(1, 1, area, chips)
    game.deal()
    for decision in decisions:
        if game.state.phase != pr.DECIDING:
            break
        if decision == "fold":
            game.act("fold", 1, 1)
        else:
            game.act("raise", 1, 1, multiple=str(decision))
    assert game.state.phase == pr.RESULT
    assert game.escrow() == 0
    return game


# -- rule 1: one 52-card deck, shuffled for every round ----------------------------------


def test_one_fresh_52_card_deck_every_round():
    game = Round()
    decks = []
    for _ in range(2):
        game.bet(1, 1, "ante", 5)
        game.deal()
        dealt = game.state.spot(1)["cards"] + game.state.board["cards"]
        decks.append(dealt + game.state.deck)
        assert sorted(decks[-1]) == sorted(str(c) for c in rules.GAME.deck()) and len(set(decks[-1])) == 52
        game.act("fold", 1, 1)
        game.act(pr.NEXT_ROUND)
    assert decks[0] != decks[1]


# -- rule 2: the two cards and the three community cards as one poker hand ---------------


def test_the_hand_is_the_two_cards_and_the_three_community_cards():
    # A-2 with 3-4-5 on the board: a straight (ace low), 4 to 1 on each wager.
    game = one_hand("AS 2H 3D 4C 5S", {"ante": 10})
    assert game.net(1) == 4 * 40
    assert game.lines()[0] == "Ante, straight, 4 to 1: +40"
    # Suits never rank: two different players' identical hands are paid alike.
    assert rules.hand_value("AS KS QS JS TS".split()) == rules.hand_value("AH KH QH JH TH".split())


# -- rules 3 and 4: the wagers, and the lock at no more bets --------------------------------


def test_the_progressive_needs_an_ante_and_is_exactly_five_chips():
    game = Round()
    with pytest.raises(IllegalAction, match="Place the Ante wager first"):
        game.bet(1, 1, "progressive", 5)
    game.bet(1, 1, "ante", 5)
    with pytest.raises(IllegalAction, match="exactly 5 chips"):
        game.bet(1, 1, "progressive", 1)
    game.bet(1, 1, "progressive", 5)
    with pytest.raises(IllegalAction, match="exactly 5 chips"):
        game.bet(1, 1, "progressive", 5)
    assert game.state.spot(1)["bets"] == {"ante": 500, "progressive": 500}


def test_the_ante_limits_and_the_street_wagers_are_no_chip_wagers():
    game = Round()
    with pytest.raises(IllegalAction, match="5 to 500 chips"):
        game.bet(1, 1, "ante", 501)
    for street in rules.STREETS:
        with pytest.raises(IllegalAction, match=f"no betting area '{street}'"):
            game.bet(1, 1, street, 10)


def test_no_progressive_when_the_table_does_not_offer_it():
    game = Round(Config(progressive=0, mystery=0))
    game.bet(1, 1, "ante", 5)
    with pytest.raises(IllegalAction, match="does not offer the Progressive"):
        game.bet(1, 1, "progressive", 5)


def test_progressive_wagers_lock_at_no_more_bets_and_later_ones_are_refused():
    game = Round()
    game.bet(1, 1, "ante", 5)
    game.bet(1, 1, "progressive", 5)
    game.bet(2, 2, "ante", 5)
    game.act(pr.CLOSE_BETTING)
    assert [(w.kind, w.seat, w.amount) for w in game.locks[0]] == [
        (rules.PROGRESSIVE_KIND, 1, 500),
        (pr.MUST_HIT_BY, 1, 500),
    ]
    assert [m for m in game.moves if m.memo == "seat 1 progressive collected"][0].amount == 500
    with pytest.raises(IllegalAction, match="the Progressive is locked for this round"):
        game.bet(2, 2, "progressive", 5)
    with pytest.raises(IllegalAction, match="No more bets"):
        game.bet(2, 2, "ante", 5)


def test_a_progressive_wager_the_meter_refuses_is_returned_and_settles_nothing():
    game = one_hand("7S 7H 7D 2C 3S", {"ante": 10, "progressive": 5}, refuse=(rules.PROGRESSIVE_KIND,))
    assert game.net(1) == 3 * 40  # trips 3 to 1 on 40 chips; the $5 back, no 9 for 1
    assert not any("Progressive" in text for text in game.lines())


# -- rule 5: the deal --------------------------------------------------------------------


def test_two_cards_to_each_hand_then_three_community_cards_all_face_down():
    game = Round()
    game.stack("AS AH KS KH 2C 9D 4S")
    game.bet(1, 1, "ante", 10)
    game.bet(2, 2, "ante", 10)
    game.deal()
    assert game.state.spot(1)["cards"] == ["AS", "AH"] and game.state.spot(2)["cards"] == ["KS", "KH"]
    assert game.state.spot(1)["up"] == [False, False]
    assert game.state.board == {"cards": ["2C", "9D", "4S"], "up": [False, False, False]}
    assert game.state.dealer == {"cards": [], "up": []}  # no dealer hand
    assert game.state.phase == pr.DECIDING and game.state.turn == 1 and game.state.street == 0


# -- rules 6 to 9: the three streets, each card turned up after its street -----------------


def test_each_street_bets_1_to_3_times_the_ante_and_turns_up_the_next_card():
    game = Round()
    game.stack("AS AH KD 7C 2S")
    game.bet(1, 1, "ante", 10)
    game.deal()
    seen = []
    for multiple, street in zip((3, 2, 1), rules.STREETS, strict=True):
        with pytest.raises(IllegalAction, match="Bet is 1×, 2×, 3× the Ante; not 4×"):
            game.act("raise", 1, 1, multiple="4")
        with pytest.raises(IllegalAction, match="choose one"):
            game.act("raise", 1, 1)
        game.act("raise", 1, 1, multiple=str(multiple))
        assert game.state.spot(1)["bets"][street] == multiple * 10 * CHIP
        seen.append(sum(game.state.board["up"]))
    assert seen == [1, 2, 3]
    assert game.state.phase == pr.RESULT
    assert game.net(1) == 1 * (10 + 30 + 20 + 10)  # pair of aces: 1 to 1 on every wager


def test_a_fold_on_3rd_street_loses_the_ante():
    game = one_hand("2C 7D KH 9S 4C", {"ante": 10}, decisions=("fold",))
    assert game.net(1) == -10
    assert game.lines() == ["Ante folded: −10"]


def test_a_fold_on_4th_street_loses_the_ante_and_the_3rd_street_wager():
    game = one_hand("2C 7D KH 9S 4C", {"ante": 10}, decisions=(2, "fold"))
    assert game.net(1) == -10 - 20
    assert game.lines() == ["Ante folded: −10", "3rd Street folded: −20"]


def test_a_fold_on_5th_street_loses_every_wager_in_action():
    game = one_hand("2C 7D KH 9S 4C", {"ante": 10}, decisions=(1, 3, "fold"))
    assert game.net(1) == -10 - 10 - 30
    assert game.lines() == ["Ante folded: −10", "3rd Street folded: −10", "4th Street folded: −30"]


def test_a_street_wager_after_folding_is_refused_and_changes_nothing():
    game = Round()
    game.stack("2C 7D AS AH KD 9S 4C")
    game.bet(1, 1, "ante", 10)
    game.bet(2, 2, "ante", 10)
    game.deal()
    game.act("fold", 1, 1)
    assert game.state.turn == 2
    before = game.state.to_json()
    for kind, data in (("raise", {"multiple": "1"}), ("fold", {})):
        with pytest.raises(IllegalAction, match="You folded this hand"):
            game.act(kind, 1, 1, **data)
    game.act("raise", 2, 2, multiple="1")  # 4th Street: seat 1 is not asked again
    assert game.state.street == 1 and game.state.turn == 2
    with pytest.raises(IllegalAction, match="You folded this hand"):
        game.act("raise", 1, 1, multiple="3")
    assert game.state.spot(1)["bets"] == {"ante": 1000} and before["spots"]["1"]["bets"] == {"ante": 1000}


def test_players_decide_in_seat_order_on_every_street():
    game = Round()
    for seat in (1, 3):
        game.bet(seat, seat, "ante", 5)
    game.deal()
    for street in range(3):
        assert (game.state.street, game.state.turn) == (street, 1)
        with pytest.raises(IllegalAction, match="seat 1's turn"):
            game.act("raise", 3, 3, multiple="1")
        game.act("raise", 1, 1, multiple="1")
        assert game.state.turn == 3
        game.act("raise", 3, 3, multiple="1")
    assert game.state.phase == pr.RESULT


def test_the_street_clock_folds():
    game = Round()
    game.stack("AS AH KD 7C 2S")
    game.bet(1, 1, "ante", 10)
    game.deal()
    game.act("raise", 1, 1, multiple="1")
    game.act(pr.DECISION_TIMEOUT)
    assert game.state.phase == pr.RESULT
    assert game.net(1) == -20  # the Ante and the 3rd Street wager, even with a pair of aces
    assert "Seat 1 is out of time: fold." in game.log


# -- rule 10: one paytable for the Ante and every street wager -------------------------------

BASE_HANDS = {
    paytables.ROYAL_FLUSH: "AS KS QS JS TS",
    paytables.STRAIGHT_FLUSH: "9H 8H 7H 6H 5H",
    paytables.FOUR_OF_A_KIND: "7C 7D 7H 7S 2C",
    paytables.FULL_HOUSE: "KC KD KH 4S 4C",
    paytables.FLUSH: "AD 9D 6D 4D 2D",
    paytables.STRAIGHT: "9C 8D 7H 6S 5C",
    paytables.THREE_OF_A_KIND: "QC QD QH 7S 2C",
    paytables.TWO_PAIR: "JC JD 4H 4S 2C",
    paytables.JACKS_OR_BETTER: "JC 3D JH 7S 2C",
}


@pytest.mark.parametrize("line", list(BASE_HANDS))
def test_every_paytable_line_pays_the_ante_and_every_street_alike(line):
    odds = Config().base_table[line]
    game = one_hand(BASE_HANDS[line], {"ante": 10}, decisions=(1, 2, 3))
    assert game.net(1) == odds.left * (10 + 10 + 20 + 30)
    name = paytables.LINE_NAMES[line].lower()
    assert game.lines() == [
        f"{label}, {name}, {odds.left} to 1: +{chips * odds.left:,}"
        for label, chips in (("Ante", 10), ("3rd Street", 10), ("4th Street", 20), ("5th Street", 30))
    ]


@pytest.mark.parametrize("cards", ["TC 3D TH 7S 2C", "6C 6D KH 7S 2C", "8S 4D 8H QS 2C"])
def test_a_pair_of_6s_through_10s_pushes_all_four(cards):
    game = one_hand(cards, {"ante": 10}, decisions=(3, 3, 3))
    assert game.net(1) == 0
    assert game.lines() == [
        f"{label}, pair of 6s through 10s: ±0" for label in ("Ante", "3rd Street", "4th Street", "5th Street")
    ]
    assert sum(m.amount for m in game.moves if m.kind == RETURN) == 100 * CHIP


@pytest.mark.parametrize("cards", ["5C 5D KH 7S 2C", "AC KD QH 7S 2C"])
def test_anything_lower_loses_all_four(cards):
    game = one_hand(cards, {"ante": 10}, decisions=(1, 1, 1))
    assert game.net(1) == -40
    assert game.lines() == ["Ante: −10", "3rd Street: −10", "4th Street: −10", "5th Street: −10"]


def test_the_paytable_is_the_rules_files():
    table = Config().base_table
    assert [(line, odds.left, odds.right, odds.for_one) for line, odds in table.items()] == [
        (paytables.ROYAL_FLUSH, 500, 1, False),
        (paytables.STRAIGHT_FLUSH, 100, 1, False),
        (paytables.FOUR_OF_A_KIND, 40, 1, False),
        (paytables.FULL_HOUSE, 10, 1, False),
        (paytables.FLUSH, 6, 1, False),
        (paytables.STRAIGHT, 4, 1, False),
        (paytables.THREE_OF_A_KIND, 3, 1, False),
        (paytables.TWO_PAIR, 2, 1, False),
        (paytables.JACKS_OR_BETTER, 1, 1, False),
    ]
    assert paytables.PUSH_LINES == (paytables.SIXES_THROUGH_TENS,)


# -- rule 11: the aggregate payout limit (§ 655a.12(b)) ----------------------------------------


def test_one_hands_base_wagers_win_at_most_the_aggregate_limit():
    # A royal flush on 100 + 3 × 300 chips would win 500 000: the four wagers win 50 000 together.
    game = one_hand("AS KS QS JS TS", {"ante": 100}, decisions=(3, 3, 3))
    assert game.net(1) == 50_000
    assert game.lines() == [
        "Ante, royal flush, 500 to 1: +50,000",
        "3rd Street, royal flush, 500 to 1, the table's payout limit: ±0",
        "4th Street, royal flush, 500 to 1, the table's payout limit: ±0",
        "5th Street, royal flush, 500 to 1, the table's payout limit: ±0",
    ]
    # Just under the limit nothing is cut: 10 antes × 10 chips × 500 = 50 000.
    game = one_hand("AS KS QS JS TS", {"ante": 10}, decisions=(3, 3, 3))
    assert game.net(1) == 50_000 and "limit" not in " ".join(game.lines())


def test_the_limit_is_the_most_a_table_minimum_hand_could_win_when_that_is_more():
    # Minimum Ante 20: 20 + 3 × 60 = 200 chips on a royal flush win 100 000 > $50,000.
    config = Config(min_bet=20)
    assert config.aggregate_limit_cents == 100_000 * CHIP
    assert Config().aggregate_limit_cents == 50_000 * CHIP
    game = one_hand("AS KS QS JS TS", {"ante": 40}, decisions=(3, 3, 3), config=config)
    assert game.net(1) == 100_000


def test_the_limit_leaves_the_progressive_alone():
    game = one_hand("AS KS QS JS TS", {"ante": 100, "progressive": 5}, decisions=(3, 3, 3), meter=20_000_00)
    assert game.net(1) == 50_000 - 5 + 20_000


# -- rule 12: the progressive on the two cards and the three community cards -----------------

PROGRESSIVE_HANDS = {
    paytables.FOUR_OF_A_KIND: "9S 9H 9D 9C 2C",
    paytables.FULL_HOUSE: "7S 7H 7D 2S 2D",
    paytables.FLUSH: "2H 6H 9H JH QH",
    paytables.STRAIGHT: "4C 5D 6S 7H 8D",
    paytables.THREE_OF_A_KIND: "QS QH QD 4C 2S",
}


@pytest.mark.parametrize("line", list(PROGRESSIVE_HANDS))
def test_every_fixed_progressive_line_is_for_1_even_after_a_fold(line):
    payout = Config().progressive_table[line]
    game = one_hand(PROGRESSIVE_HANDS[line], {"ante": 10, "progressive": 5}, decisions=("fold",))
    assert game.net(1) == -10 - 5 + 5 * payout.left
    name = paytables.LINE_NAMES[line].lower()
    assert game.lines() == ["Ante folded: −10", f"Progressive, {name}, {payout}: +{5 * payout.left - 5:,}"]


@pytest.mark.parametrize("cards, percent", [("AD KD QD JD TD", 100), ("5C 6C 7C 8C 9C", 10)])
def test_the_royal_and_straight_flush_are_paid_from_the_meter(cards, percent):
    game = one_hand(cards, {"ante": 5, "progressive": 5}, decisions=("fold",), meter=20_000_00)
    assert game.net(1) == -5 - 5 + 20_000 * percent // 100
    assert (
        game.lines()[-1]
        == f"Progressive, {20_000 * percent // 100:,} from the meter: +{20_000 * percent // 100 - 5:,}"
    )


def test_a_two_pair_or_less_loses_the_progressive():
    game = one_hand("JC JD 4H 4S 2C", {"ante": 10, "progressive": 5})
    assert game.net(1) == 2 * 40 - 5
    assert game.lines()[-1] == "Progressive: −5"


def test_the_progressive_table_is_paytable_a():
    table = Config().progressive_table
    assert [str(payout) for payout in table.values()] == [
        "100% of the meter",
        "10% of the meter",
        "300 for 1",
        "50 for 1",
        "40 for 1",
        "30 for 1",
        "9 for 1",
    ]


# -- rules 13 and 14: Envy, and the settlement order -------------------------------------------


def test_envy_pays_for_each_other_players_straight_flush_never_ones_own():
    # Seats 1 and 2 share the board 7H 8H 9H: seat 1's 5H 6H and seat 2's TH JH are straight flushes.
    game = Round(meter=20_000_00)
    game.stack("5H 6H TH JH KC QD 7H 8H 9H")
    for seat in (1, 2, 3):
        game.bet(seat, seat, "ante", 5)
        game.bet(seat, seat, "progressive", 5)
    game.deal()
    for _ in range(3):
        for seat in (1, 2, 3):
            game.act("raise", seat, seat, multiple="1")
    envy = Config().straight_flush_envy_bonus
    assert game.lines(1)[-2:] == [
        f"Envy for seat 2's straight flush: +{envy:,}",
        "Progressive, 2,000 from the meter: +1,995",  # the meter's award comes back after the showdown
    ]
    assert game.lines(3)[-2:] == [
        f"Envy for seat 1's straight flush: +{envy:,}",
        f"Envy for seat 2's straight flush: +{envy:,}",
    ]
    assert game.net(3) == -20 - 5 + 2 * envy
    # A hand named by its ranks keeps them in the log's sentence (games/poker/round.py).
    assert f"Seat 3: K-Q-9-8-7 high, Envy for seat 1's straight flush: +{envy:,}." in game.log
    assert game.net(1) == 100 * 20 - 5 + 2_000 + envy  # 10% of the meter, the envy of seat 2's


def test_envy_needs_the_players_own_progressive_wager():
    game = Round()
    game.stack("5H 6H 2C 3D 7H 8H 9H")
    game.bet(1, 1, "ante", 5)
    game.bet(1, 1, "progressive", 5)
    game.bet(2, 2, "ante", 5)
    game.deal()
    game.act("raise", 1, 1, multiple="1")
    game.act("fold", 2, 2)
    game.act("raise", 1, 1, multiple="1")
    game.act("raise", 1, 1, multiple="1")
    assert game.lines(2) == ["Ante folded: −5"]


def test_settlement_in_rule_14s_order_folds_then_base_wagers_then_progressive_then_envy():
    game = Round(meter=20_000_00)
    game.stack("5H 6H 2C 3D 7H 8H 9H")
    for seat in (1, 2):
        game.bet(seat, seat, "ante", 5)
        game.bet(seat, seat, "progressive", 5)
    game.deal()
    game.act("raise", 1, 1, multiple="1")
    game.act("fold", 2, 2)
    game.act("raise", 1, 1, multiple="1")
    game.act("raise", 1, 1, multiple="1")
    assert game.lines(2) == [
        "Ante folded: −5",
        "Progressive: −5",
        f"Envy for seat 1's straight flush: +{Config().straight_flush_envy_bonus:,}",
    ]
    assert game.lines(1)[:4] == [
        f"{label}, straight flush, 100 to 1: +500"
        for label in ("Ante", "3rd Street", "4th Street", "5th Street")
    ]
    assert game.lines(1)[4] == "Progressive, 2,000 from the meter: +1,995"


# -- the Must-Hit-By Mystery bonus (§ 655c.1) -----------------------------------------------------


def test_the_mystery_bonus_needs_the_ante_and_the_progressive_wager():
    # § 655c.1(c)(1): "a Mississippi Stud wager and a progressive payout wager".
    game = Round()
    game.bet(1, 1, "ante", 10)
    game.bet(2, 2, "ante", 10)
    game.bet(2, 2, "progressive", 5)
    game.act(pr.CLOSE_BETTING)
    assert [(w.kind, w.seat, w.amount) for w in game.locks[0]] == [
        (rules.PROGRESSIVE_KIND, 2, 500),
        (pr.MUST_HIT_BY, 2, 500),
    ]


def test_no_mystery_contribution_when_the_table_does_not_offer_the_bonus():
    game = Round(Config(mystery=0))
    game.bet(1, 1, "ante", 10)
    game.bet(1, 1, "progressive", 5)
    game.act(pr.CLOSE_BETTING)
    assert [w.kind for w in game.locks[0]] == [rules.PROGRESSIVE_KIND]


def test_the_mystery_bonus_is_paid_at_the_end_even_after_a_fold():
    game = one_hand("2C 4D 6H 9S JC", {"ante": 10, "progressive": 5}, decisions=("fold",), mystery=(1,))
    assert game.net(1) == -10 - 5 + 150
    assert game.lines()[-1] == "Mystery bonus: +150"
    assert "Seat 1 wins the Must-Hit-By Mystery bonus: 150!" in game.log


# -- the optimal strategy (strategy.py) -----------------------------------------------------------


def indices(text):
    return [CARD_INDEX[item] for item in text.split()]


@pytest.mark.parametrize(
    "seen, units, choice",
    [
        ("7S 7H", 1, 3),  # any pair: 3×
        ("AS KD", 1, 1),  # two high cards: 1×
        ("2S 7H", 1, strategy.FOLD),  # two low cards, unsuited
        ("JS JH JD", 4, 3),  # trips on 4th Street
        ("6C 5C", 1, 1),  # suited 6-5: 1×
        ("6C 3D", 1, strategy.FOLD),  # one middle card, one low, unsuited
        ("2C 7D KH", 2, 1),  # a high card after 1× on 3rd Street: 1×
        ("2C 7D 4H", 2, strategy.FOLD),  # nothing on 4th Street
        ("9S TS JS QS", 5, 3),  # four to a straight flush, open-ended
        ("2C 7D 9H 4S", 3, strategy.FOLD),  # nothing on 5th Street
        ("TC TD 4H 5S", 7, 3),  # a pushing pair can only improve: 3×
        ("QS JD 4H 5S", 7, 1),  # two high cards with 7 Antes out: 1× loses less than folding
    ],
)
def test_the_optimal_strategys_choices(seen, units, choice):
    assert strategy.decide(indices(seen), units) == choice


# -- the Rules Submission ----------------------------------------------------------------------


def test_the_default_rules_submission_is_valid_and_round_trips():
    config = Config()
    assert config.errors() == {}
    assert Config.from_json(config.to_json()) == config
    assert config.progressive and config.mystery
    assert config.envy_cents == {paytables.ROYAL_FLUSH: 5_000 * CHIP, paytables.STRAIGHT_FLUSH: 1_500 * CHIP}


@pytest.mark.parametrize(
    "fields, name, message",
    [
        ({"min_bet": 0}, "min_bet", "at least 1 chip"),
        ({"max_bet": 4}, "max_bet", "below the minimum"),
        ({"paytable": 2}, "paytable", "Choose paytable 1"),
        ({"progressive_paytable": 2}, "progressive_paytable", "paytables B to D"),
        ({"progressive": 2}, "progressive", "1 to offer it"),
        ({"mystery": 1, "progressive": 0}, "mystery", "needs the progressive"),
        ({"royal_flush_envy_bonus": -1}, "royal_flush_envy_bonus", "0 to 100,000"),
        ({"decision_seconds": 2}, "decision_seconds", "3 to 120"),
        ({"min_bet": "5"}, "min_bet", "whole number"),
    ],
)
def test_the_rules_submission_refuses(fields, name, message):
    assert message in Config(**fields).errors()[name]


# -- thousands of seeded rounds ----------------------------------------------------------------


def test_two_thousand_seeded_rounds_settle_every_chip_and_pay_by_the_rules():
    game = Round(mystery=(2,))
    choices = random.Random(6551)
    played = 0
    for _ in range(2_000):
        start = len(game.moves)
        for seat in range(1, 4):
            if choices.random() < 0.6:
                game.bet(seat, seat, "ante", choices.choice([5, 10, 25]))
                if choices.random() < 0.5:
                    game.bet(seat, seat, "progressive", 5)
        game.act(pr.CLOSE_BETTING)
        if game.state.phase == pr.DEALING:
            played += 1
            game.act(pr.DEAL)
        while game.state.phase == pr.DECIDING:
            seat = game.state.turn
            roll = choices.random()
            if roll < 0.05:
                game.act(pr.DECISION_TIMEOUT)
            elif roll < 0.25:
                game.act(rules.FOLD, seat, seat)
            else:
                game.act(rules.RAISE, seat, seat, multiple=str(choices.choice([1, 2, 3])))
        assert game.state.phase in (pr.RESULT, pr.BETTING)
        if game.state.phase == pr.RESULT:
            for seat, result in game.state.results.items():
                spot = game.state.spot(int(seat))
                wagered = [spot["bets"].get(area, 0) for area in (rules.ANTE, *rules.STREETS)]
                if not spot["folded"] and spot["bets"].get("ante"):
                    # Rules 6-8: a hand still in at the end made all three street wagers.
                    assert all(wagered) and all(w % spot["bets"]["ante"] == 0 for w in wagered)
                if spot["folded"]:
                    assert not any(line.startswith(("Ante,", "3rd Street,")) for line in result["lines"])
            game.act(pr.NEXT_ROUND)
        assert game.state.phase == pr.BETTING
        moves = game.moves[start:]
        staked = sum(m.amount for m in moves if m.kind == STAKE)
        assert staked == sum(m.amount for m in moves if m.kind in (REFUND, RETURN, LOSE))
    assert played > 1_800 and game.state.round == played + 1
