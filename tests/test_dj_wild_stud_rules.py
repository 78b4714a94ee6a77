"""DJ Wild Stud Poker on the poker engine, pure (docs/rules/dj_wild_stud.md, seed
§ 687c.1): every numbered rule and every paytable line by a stacked deck,
with the exact chips moved; five wilds and a natural royal flush against the
progressive; a Play of the wrong size refused; the Mystery bonus's
qualification as § 687c.1(c)(1) words it; the Rules Submission's validation."""

import random

import pytest

from games.cards.cards import cards
from games.dj_wild_stud import paytables, rules, strategy
from games.dj_wild_stud.rules import Config
from games.engine import LOSE, REFUND, RETURN, STAKE, IllegalAction
from games.poker import round as pr
from tests import poker_rules

CHIP = 100
LOW_DEALER = "9D 8C 6S 5H 3D"  # 9-high: no qualifier needed (rule 8)
DEALER_PAIR = "KD KC 8S 5H 3C"
LAYOUT = "6C"  # the layout card (rule 6)
# A Trips table a designer might set (the rules file publishes none): natural pays more.
TRIPS = {
    "trips_five_wilds": 500,
    "trips_royal_flush_natural": 1000,
    "trips_royal_flush_wild": 100,
    "trips_five_of_a_kind": 50,
    "trips_straight_flush_natural": 200,
    "trips_straight_flush_wild": 30,
    "trips_four_of_a_kind_natural": 90,
    "trips_four_of_a_kind_wild": 8,
    "trips_full_house_natural": 40,
    "trips_full_house_wild": 6,
    "trips_flush_natural": 25,
    "trips_flush_wild": 5,
    "trips_straight_natural": 20,
    "trips_straight_wild": 4,
    "trips_three_of_a_kind_natural": 5,
    "trips_three_of_a_kind_wild": 1,
}


class Round(poker_rules.Round):
    rules = rules
    seed = 687


def one_hand(player_cards, dealer_cards, bets, decision="play", config=None, **options):
    game = Round(config, **options)
    game.stack(f"{player_cards} {dealer_cards} {LAYOUT}")
    for area, chips in bets.items():
        game.bet(1, 1, area, chips)
    game.deal()
    if game.state.phase == pr.DECIDING:
        game.act(decision, 1, 1)
    assert game.state.phase == pr.RESULT
    assert game.escrow() == 0
    return game


# -- rule 1: 53 cards, a fresh deck every round ---------------------------------------------


def test_one_fresh_53_card_deck_with_the_joker_every_round():
    game = Round()
    decks = []
    for _ in range(2):
        game.bet(1, 1, "ante", 5)
        game.deal()
        dealt = game.state.spot(1)["cards"] + game.state.dealer["cards"]
        decks.append(dealt + game.state.deck)
        game.act("fold", 1, 1)
        game.act(pr.NEXT_ROUND)
    # the layout card is set aside: 52 of the 53 remain in view of the state
    assert all(len(set(deck)) == 52 and set(deck) <= {str(c) for c in rules.GAME.deck()} for deck in decks)
    assert len(rules.GAME.deck()) == 53 and "JK" in {str(c) for c in rules.GAME.deck()}
    assert decks[0] != decks[1]


# -- rules 2 and 3: wild cards, the ranking, ties -------------------------------------------


def test_five_wilds_beat_a_natural_royal_flush():
    game = one_hand("2S 2H 2D 2C JK", "AS KS QS JS TS", {"ante": 10})
    assert game.net(1) == 10 + 20 + 10_000  # Ante, Play 1 to 1, Blind 1,000 to 1


def test_a_natural_and_a_wild_royal_flush_tie_and_push():
    game = one_hand("2S KH QH JH TH", "AS KS QS JS TS", {"ante": 10})
    assert game.net(1) == 0
    assert game.lines() == ["Ante, a tie: ±0", "Play, a tie: ±0", "Blind, a tie: ±0"]


def test_each_hand_takes_its_best_reading():
    # Rule 3's example: A-Q-8-3-2 is a pair of aces, beating the dealer's pair of kings.
    game = one_hand("AS QD 8C 3H 2S", DEALER_PAIR, {"ante": 10})
    assert game.net(1) == 10 + 20
    assert game.lines()[-1] == "Blind, below a straight: ±0"
    assert game.log[-1] == "Seat 1: pair of aces, Play 1 to 1: +20."


def test_five_of_a_kind_beats_a_straight_flush():
    game = one_hand("AS AH 2D 2C JK", "9H TH JH QH KH", {"ante": 10})
    assert game.net(1) == 10 + 20 + 100


# -- rule 4: the wagers ----------------------------------------------------------------------


def test_the_blind_equals_the_ante_and_goes_with_it():
    game = Round()
    game.bet(1, 1, "ante", 15)
    assert game.state.spot(1)["bets"] == {"ante": 1500, "blind": 1500}
    assert [m.memo for m in game.moves] == ["seat 1 ante", "seat 1 blind"]
    with pytest.raises(IllegalAction, match="Blind is always equal to the Ante"):
        game.bet(1, 1, "blind", 5)
    with pytest.raises(IllegalAction, match="5 to 500 chips"):
        game.bet(2, 2, "ante", 4)


def test_the_progressive_needs_the_ante_and_is_exactly_five_chips():
    game = Round()
    with pytest.raises(IllegalAction, match="Place the Ante wager first"):
        game.bet(1, 1, "progressive", 5)
    game.bet(1, 1, "ante", 5)
    with pytest.raises(IllegalAction, match="exactly 5 chips"):
        game.bet(1, 1, "progressive", 1)
    game.bet(1, 1, "progressive", 5)
    assert game.state.spot(1)["bets"] == {"ante": 500, "blind": 500, "progressive": 500}


def test_trips_is_off_by_default_and_offered_once_its_lines_are_set():
    game = Round()
    game.bet(1, 1, "ante", 5)
    with pytest.raises(IllegalAction, match="does not offer the Trips"):
        game.bet(1, 1, "trips", 5)
    game = Round(Config(**TRIPS))
    with pytest.raises(IllegalAction, match="Place the Ante wager first"):
        game.bet(1, 1, "trips", 5)
    game.bet(1, 1, "ante", 5)
    with pytest.raises(IllegalAction, match="5 to 100 chips"):
        game.bet(1, 1, "trips", 101)
    game.bet(1, 1, "trips", 5)


# -- rule 5: the lock at no more bets --------------------------------------------------------


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


def test_a_progressive_the_meter_refuses_is_returned_and_settles_nothing():
    game = one_hand(
        "9S 9H 9C KD 4S", LOW_DEALER, {"ante": 10, "progressive": 5}, refuse=(rules.PROGRESSIVE_KIND,)
    )
    assert game.net(1) == 30  # Ante and Play 1 to 1, Blind push; the $5 back, no 9 for 1
    assert not any("Progressive" in text for text in game.lines())


# -- rule 6: the deal ------------------------------------------------------------------------


def test_five_to_each_hand_five_to_the_dealer_and_the_layout_card_set_aside():
    game = Round()
    game.stack("AS AH AD 7C 3S  KS KH KD KC 3H  3D 5S 7D JD QC  8H 9H")
    game.bet(1, 1, "ante", 10)
    game.bet(2, 2, "ante", 10)
    game.deal()
    assert game.state.spot(1)["cards"] == ["AS", "AH", "AD", "7C", "3S"]
    assert game.state.spot(2)["cards"] == ["KS", "KH", "KD", "KC", "3H"]
    assert game.state.dealer["cards"] == ["3D", "5S", "7D", "JD", "QC"]
    assert game.state.dealer["up"] == [False] * 5
    assert game.state.deck[0] == "9H"  # 8H went to the layout area, in no hand
    assert "8H" not in str(game.state.to_json()["spots"]) + str(game.state.dealer) + str(game.state.board)
    assert game.state.phase == pr.DECIDING and game.state.turn == 1


# -- rule 7: fold, or a Play of exactly 2 times the Ante -------------------------------------


def test_the_play_is_exactly_twice_the_ante_and_a_wrong_size_is_refused():
    game = one_hand("AS AH 9S 4C 3C", LOW_DEALER, {"ante": 15})
    assert [m.amount for m in game.moves if m.memo == "seat 1 play" and m.kind == STAKE] == [30_00]
    for multiple in ("1", "3"):
        game = Round()
        game.bet(1, 1, "ante", 10)
        game.deal()
        with pytest.raises(IllegalAction, match="Play is 2× the Ante; not"):
            game.act("play", 1, 1, multiple=multiple)
        assert game.state.turn == 1 and not game.state.spot(1)["bets"].get("play")
        game.act("play", 1, 1, multiple="2")
        assert game.state.phase == pr.RESULT


def test_a_fold_loses_the_ante_and_the_blind():
    game = one_hand("AS AH 9S 4C 3C", LOW_DEALER, {"ante": 10}, decision="fold")
    assert game.net(1) == -20
    assert game.lines() == ["Ante folded: −10", "Blind folded: −10"]


def test_players_decide_in_seat_order_and_the_clock_folds():
    game = Round()
    for seat in (1, 3):
        game.bet(seat, seat, "ante", 5)
    game.deal()
    with pytest.raises(IllegalAction, match="seat 1's turn"):
        game.act("play", 3, 3)
    game.act(pr.DECISION_TIMEOUT)
    assert "Seat 1 is out of time: fold." in game.log
    assert game.state.turn == 3


# -- rules 8 and 9: no qualifier; Ante, Play and Blind, each row and each Blind line ---------


def test_no_qualifier_and_below_a_straight_the_blind_pushes():
    game = one_hand("TS TH 9C 4C 3C", LOW_DEALER, {"ante": 10})
    assert game.net(1) == 10 + 20
    assert game.lines() == ["Ante 1 to 1: +10", "Play 1 to 1: +20", "Blind, below a straight: ±0"]
    assert "The dealer shows 9♦ 8♣ 6♠ 5♥ 3♦, 9-8-6-5-3 high." in game.log


def test_dealer_higher_loses_all_three():
    game = one_hand("QS QH 9C 4C 3C", "KD KC KS 5H 3H", {"ante": 10})
    assert game.net(1) == -40
    assert game.lines() == ["Ante: −10", "Play: −20", "Blind: −10"]


BLIND_HANDS = {
    paytables.FIVE_WILDS: "2S 2H 2D 2C JK",
    paytables.ROYAL_FLUSH: "AS KS QS JS TS",
    paytables.FIVE_OF_A_KIND: "7S 7H 7C 2D JK",
    paytables.STRAIGHT_FLUSH: "9H TH JH QH 2C",
    paytables.FOUR_OF_A_KIND: "AS AH AC 2C 4S",
    paytables.FULL_HOUSE: "QS QH QC JD JC",
    paytables.FLUSH: "AH 7H 4H 3H 2C",  # A-A-7-4-3 suited: a flush, the deuce an ace
    paytables.STRAIGHT: "TS JH QC KD 2S",
}


@pytest.mark.parametrize("line", list(BLIND_HANDS))
def test_every_blind_line_when_the_player_is_higher(line):
    odds = Config().blind_table[line]
    game = one_hand(BLIND_HANDS[line], LOW_DEALER, {"ante": 10})
    assert paytables.hand_line(rules.hand_value(cards(BLIND_HANDS[line]))) == line
    assert game.net(1) == 10 + 20 + 10 * odds.left
    name = paytables.LINE_NAMES[line].lower()
    assert game.lines() == [
        "Ante 1 to 1: +10",
        "Play 1 to 1: +20",
        f"Blind, {name}, {odds}: +{10 * odds.left:,}",
    ]


def test_the_blind_table_is_the_rules_files():
    table = Config().blind_table
    assert Config().blind_name == "1000-50-10-9-4-3-2-1"
    assert [table[line].left for line in BLIND_HANDS] == [1000, 50, 10, 9, 4, 3, 2, 1]
    assert paytables.THREE_OF_A_KIND not in table


def test_a_straight_that_loses_to_a_higher_straight_loses_the_blind():
    game = one_hand("4S 5H 6H 7D 2S", "9D TC JS QH KD", {"ante": 10})
    assert game.net(1) == -40


# -- rule 10: Trips, natural and with wild cards, even after a fold --------------------------

TRIPS_HANDS = {
    "five_wilds": "2S 2H 2D 2C JK",
    "royal_flush_natural": "AS KS QS JS TS",
    "royal_flush_wild": "2S KH QH JH TH",
    "five_of_a_kind": "7S 7H 7C 2D JK",
    "straight_flush_natural": "2H 3H 4H 5H 6H",  # the deuce in place: natural
    "straight_flush_wild": "9H TH JH QH 2C",
    "four_of_a_kind_natural": "AS AH AC AD 4S",
    "four_of_a_kind_wild": "AS AH AC 2C 4S",
    "full_house_natural": "QS QH QC JD JC",
    "full_house_wild": "QS QH JK JD JC",
    "flush_natural": "KH 9H 5H 3H 2H",  # a natural 2 of hearts
    "flush_wild": "AH 7H 5H 3H JK",
    "straight_natural": "AS 2H 3C 4D 5S",  # A-2-3-4-5 with its natural 2
    "straight_wild": "TS JH QC KD 2S",
    "three_of_a_kind_natural": "9S 9H 9C KD 4S",
    "three_of_a_kind_wild": "9S 9H 2C KD 4S",
}


@pytest.mark.parametrize("line", list(TRIPS_HANDS))
def test_every_trips_line_even_after_a_fold(line):
    odds = TRIPS["trips_" + line]
    dealer = "KD KC KS 5H 3D" if "KD" not in TRIPS_HANDS[line] else "QD QC 8S 5H 3D"
    if any(card in dealer.split() for card in TRIPS_HANDS[line].split()):
        dealer = "8D 8C 8S 6D 9C"
    game = one_hand(
        TRIPS_HANDS[line], dealer, {"ante": 10, "trips": 5}, decision="fold", config=Config(**TRIPS)
    )
    assert game.net(1) == -20 + 5 * odds
    assert game.lines()[-1] == f"Trips, {paytables.LINE_NAMES[line].lower()}, {odds} to 1: +{5 * odds:,}"


def test_trips_below_three_of_a_kind_loses():
    game = one_hand("9S 9H 3C KD 4S", LOW_DEALER, {"ante": 10, "trips": 5}, config=Config(**TRIPS))
    assert game.net(1) == 30 - 5
    assert game.lines()[-1] == "Trips: −5"


def test_a_trips_line_the_table_does_not_pay_loses():
    config = Config(**{**TRIPS, "trips_three_of_a_kind_wild": 0})
    game = one_hand("9S 9H 2C KD 4S", LOW_DEALER, {"ante": 10, "trips": 5}, config=config)
    assert game.lines()[-1] == "Trips: −5"


# -- rule 11: the progressive bonus wager, every line, even after a fold ---------------------

PROGRESSIVE_FIXED = {
    paytables.WILD_ROYAL_FLUSH: ("2S KH QH JH TH", 100),
    paytables.FIVE_OF_A_KIND: ("7S 7H 7C 2D JK", 50),
    paytables.STRAIGHT_FLUSH: ("9H TH JH QH 2C", 30),
    paytables.FOUR_OF_A_KIND: ("AS AH AC 2C 4S", 10),
}
# Below four of a kind the project-default table pays nothing (docs/rules/dj_wild_stud.md).
PROGRESSIVE_LOSES = {
    paytables.FULL_HOUSE: "QS QH QC JD JC",
    paytables.FLUSH: "AH 7H 4H 3H 2C",
    paytables.STRAIGHT: "TS JH QC KD 2S",
    paytables.THREE_OF_A_KIND: "9S 9H 2C KD 4S",
}


@pytest.mark.parametrize("line", list(PROGRESSIVE_FIXED))
def test_every_fixed_progressive_line_even_after_a_fold(line):
    cards, fives = PROGRESSIVE_FIXED[line]
    game = one_hand(cards, "8D 8C 8S 6D 9C", {"ante": 10, "progressive": 5}, decision="fold")
    assert game.net(1) == -20 - 5 + 5 * fives
    name = paytables.LINE_NAMES[line].lower()
    assert game.lines()[-1] == f"Progressive, {name}, {fives} for 1: +{5 * fives - 5:,}"


def test_a_natural_royal_flush_takes_the_whole_meter():
    game = one_hand("AS KS QS JS TS", LOW_DEALER, {"ante": 10, "progressive": 5}, meter=20_000_00)
    assert game.net(1) == 10 + 20 + 500 - 5 + 20_000
    assert "Seat 1: royal flush, Progressive, royal flush, natural, 100% of the meter." in game.log
    assert game.lines()[-1] == "Progressive, 20,000 from the meter: +19,995"


def test_five_wilds_take_ten_percent_of_the_meter_even_folded():
    game = one_hand(
        "2S 2H 2D 2C JK", LOW_DEALER, {"ante": 10, "progressive": 5}, meter=20_000_00, decision="fold"
    )
    assert game.net(1) == -20 - 5 + 2_000
    assert game.lines()[-1] == "Progressive, 2,000 from the meter: +1,995"


@pytest.mark.parametrize("line", list(PROGRESSIVE_LOSES))
def test_below_four_of_a_kind_loses_the_progressive(line):
    game = one_hand(
        PROGRESSIVE_LOSES[line], "8D 8C 8S 6D 9C", {"ante": 10, "progressive": 5}, decision="fold"
    )
    assert game.net(1) == -20 - 5
    assert game.lines()[-1] == "Progressive: −5"


def test_the_progressive_table_is_the_rules_files_project_default():
    table = Config().progressive_table
    meter = (paytables.NATURAL_ROYAL_FLUSH, paytables.FIVE_WILDS)
    assert table[paytables.NATURAL_ROYAL_FLUSH].percent == 100
    assert table[paytables.FIVE_WILDS].percent == 10
    assert {line: str(payout) for line, payout in table.items() if line not in meter} == {
        line: f"{fives} for 1" for line, (_, fives) in PROGRESSIVE_FIXED.items()
    }
    assert paytables.PROGRESSIVE_NAMES == ("100%-10%-100-50-30-10",)
    # A table whose Rules Submission stores choice 1 (the demo's, by default) takes this table.
    assert Config.from_json({"progressive_paytable": 1}).progressive_table is table
    assert "progressive_paytable" in Config(progressive_paytable=2).errors()


# -- rule 12: the settlement order -----------------------------------------------------------


def test_settlement_order_hand_then_trips_then_progressive():
    game = one_hand(
        "9S 9H 9C KD 4S", LOW_DEALER, {"ante": 10, "trips": 5, "progressive": 5}, config=Config(**TRIPS)
    )
    assert game.lines() == [
        "Ante 1 to 1: +10",
        "Play 1 to 1: +20",
        "Blind, below a straight: ±0",
        "Trips, three of a kind, natural, 5 to 1: +25",
        "Progressive: −5",
    ]
    assert game.net(1) == 10 + 20 + 25 - 5


# -- the Mystery bonus (§ 687c.1(c)(1)) -----------------------------------------------------


def test_the_mystery_bonus_needs_the_ante_and_the_progressive_and_is_paid_even_folded():
    game = Round(mystery=(1, 2))
    game.stack(f"9S 9H 3C KD 4S  8S 8H 3S QD 4H  {LOW_DEALER} {LAYOUT}")
    game.bet(1, 1, "ante", 10)
    game.bet(1, 1, "progressive", 5)
    game.bet(2, 2, "ante", 10)  # no progressive: does not qualify
    game.deal()
    assert [(w.kind, w.seat) for w in game.locks[0]] == [(rules.PROGRESSIVE_KIND, 1), (pr.MUST_HIT_BY, 1)]
    game.act("fold", 1, 1)
    game.act("play", 2, 2)
    assert game.net(1) == -20 - 5 + 150
    assert game.lines()[-1] == "Mystery bonus: +150"
    assert game.escrow() == 0


def test_no_mystery_contribution_when_the_table_turns_it_off():
    game = Round(Config(mystery=0))
    game.bet(1, 1, "ante", 5)
    game.bet(1, 1, "progressive", 5)
    game.act(pr.CLOSE_BETTING)
    assert [w.kind for w in game.locks[0]] == [rules.PROGRESSIVE_KIND]


# -- the Rules Submission ---------------------------------------------------------------------


def test_the_rules_submission_is_validated():
    assert Config().errors() == {}
    assert Config(**TRIPS).errors() == {}
    assert "trips_flush_wild" in Config(trips_flush_natural=5, trips_flush_wild=6).errors()
    assert "mystery" in Config(progressive=0).errors()
    assert "blind_paytable" in Config(blind_paytable=2).errors()
    assert "trips_straight_natural" in Config(trips_straight_natural=10_001).errors()
    assert "max_bet" in Config(min_bet=10, max_bet=5).errors()
    assert Config(progressive=0, mystery=0).errors() == {}
    assert not Config().trips_table and len(Config(**TRIPS).trips_table) == 16


# -- the strategy ------------------------------------------------------------------------------


def test_the_strategy_plays_every_wild_card_and_from_a_pair_of_4s_with_9_8_7_without():
    table = Config().blind_table
    assert strategy.describe(table) == (
        "Play 2x holding any wild card; with none, Pair of 4s, 9-8-7 or better; fold the rest"
    )

    def decide(text):
        return strategy.decide(rules.indices_of(cards(text)), table)

    assert decide("4S 4H 9D 8C 7S") == strategy.PLAY
    assert decide("4S 4H 9D 8C 6S") == strategy.FOLD
    assert decide("3S 3H KD QC JS") == strategy.FOLD
    assert decide("AS KH QD JC 9S") == strategy.FOLD
    # Any hand with a wild card (at least a pair of its highest natural) is played.
    assert decide("JK 3H 4D 6C 7S") == strategy.PLAY
    assert decide("2D 3H 4D 6C 8S") == strategy.PLAY


# -- thousands of seeded rounds ----------------------------------------------------------------


def test_two_thousand_seeded_rounds_settle_every_chip():
    game = Round(Config(**TRIPS), mystery=(2,))
    choices = random.Random(6871)
    for _ in range(2_000):
        start = len(game.moves)
        for seat in range(1, 6):
            if choices.random() < 0.85:
                game.bet(seat, seat, "ante", choices.choice([5, 10, 25]))
                if choices.random() < 0.4:
                    game.bet(seat, seat, "trips", choices.choice([5, 10]))
                if choices.random() < 0.5:
                    game.bet(seat, seat, "progressive", 5)
        game.act(pr.CLOSE_BETTING)
        if game.state.phase == pr.DEALING:
            game.act(pr.DEAL)
        while game.state.phase == pr.DECIDING:
            seat = game.state.turn
            if choices.random() < 0.05:
                game.act(pr.DECISION_TIMEOUT)
            else:
                game.act(choices.choice([rules.PLAY, rules.FOLD]), seat, seat)
        if game.state.phase == pr.RESULT:
            for seat, result in game.state.results.items():
                spot = game.state.spot(int(seat))
                bets = spot["bets"]
                assert bets["blind"] == bets["ante"]  # rule 4: equal, placed together
                if spot["folded"]:
                    # Rule 7: Ante and Blind lost; Trips and the progressive still settle (rules 10-11).
                    assert all(
                        "folded" in line or line.startswith(("Trips", "Progressive", "Mystery"))
                        for line in result["lines"]
                    )
                else:
                    assert bets["play"] == 2 * bets["ante"]  # rule 7
            game.act(pr.NEXT_ROUND)
        assert game.state.phase == pr.BETTING
        moves = game.moves[start:]
        staked = sum(m.amount for m in moves if m.kind == STAKE)
        assert staked == sum(m.amount for m in moves if m.kind in (REFUND, RETURN, LOSE))
    assert game.state.round == 2_001
