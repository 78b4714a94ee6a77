"""Ultimate Texas Hold 'Em on the poker engine, pure (docs/rules/ultimate_texas_holdem.md,
seed § 653c.1): every numbered rule and every paytable line by a stacked deck,
with the exact chips moved (a Bad Beat, a Blind straight flush, a royal flush on
the hole cards and the flop for the progressive, an Envy, a dealer who does not
qualify); the refusals of rules 6-8 (a second Play wager, a 4× Play on the flop,
a 2× Play on the river, a Play after folding); the street clocks; the Mystery
bonus's qualification as § 653c.1(c)(1) words it; the Rules Submission;
thousands of seeded rounds.

The ``Round`` driver is Mississippi Stud's (tests/test_mississippi_stud_rules.py):
the shared tests/poker_rules.py it is moving to had not landed when this was written."""

import random

import pytest

from games.engine import LOSE, REFUND, RETURN, STAKE, IllegalAction
from games.poker import round as pr
from games.ultimate_texas_holdem import paytables, rules
from games.ultimate_texas_holdem.rules import Config
from tests import poker_rules

CHIP = 100


class Round(poker_rules.Round):
    rules = rules
    seed = 653

    def decide(self, seat, decision):
        if decision in (rules.CHECK, rules.FOLD):
            self.act(decision, seat, seat)
        else:
            self.act(rules.PLAY, seat, seat, multiple=str(decision))


def one_hand(cards, bets, decisions=(4,), config=None, **options):
    """One player's round: ``cards`` the two hole cards, the dealer's two, then
    the five community cards; ``decisions`` taken street by street while the
    hand is asked: a multiple, "check" or "fold"."""
    game = Round(config, **options)
    game.stack(cards)
    for area, chips in bets.items():
        game.bet(1, 1, area, chips)
    game.deal()
    for decision in decisions:
        assert game.state.phase == pr.DECIDING and game.state.turn == 1
        game.decide(1, decision)
    assert game.state.phase == pr.RESULT
    assert game.escrow() == 0
    return game


# -- rule 1: one 52-card deck, shuffled for every round --------------------------------------


def test_one_fresh_52_card_deck_every_round():
    game = Round()
    decks = []
    for _ in range(2):
        game.bet(1, 1, "ante", 5)
        game.deal()
        dealt = game.state.spot(1)["cards"] + game.state.dealer["cards"] + game.state.board["cards"]
        decks.append(dealt + game.state.deck)
        assert len(set(decks[-1])) == 52 and sorted(decks[-1]) == sorted(str(c) for c in rules.GAME.deck())
        game.decide(1, 4)
        game.act(pr.NEXT_ROUND)
    assert decks[0] != decks[1]


# -- rule 2: best five of seven, the board may play ------------------------------------------


def test_the_hand_is_the_best_five_of_the_two_cards_and_the_board():
    # A-2 with 3-4-5 on the board: a straight, ace low; the dealer's pair of kings loses to it.
    game = one_hand("AS 2H KC KD 3D 4C 5S 9H JC", {"ante": 10})
    assert game.net(1) == 10 + 40 + 10  # Ante and Play 1 to 1; the Blind 1 to 1 on a straight (A)
    # A board straight plays for both: a tie, every wager pushes.
    game = one_hand("2C 3D 4H 5C AS KD QH JC TS", {"ante": 10})
    assert game.net(1) == 0
    assert game.lines() == ["Ante, a tie: ±0", "Play, a tie: ±0", "Blind, a tie: ±0"]


def test_suits_never_rank():
    assert rules.seven_value("AS KS QS JS TS 2C 3D".split()) == rules.seven_value(
        "AH KH QH JH TH 2D 3S".split()
    )


# -- rules 3 and 4: the wagers, and the lock at no more bets -----------------------------------


def test_the_ante_and_an_equal_blind_are_placed_together():
    game = Round()
    with pytest.raises(IllegalAction, match="always equal to the Ante"):
        game.bet(1, 1, "blind", 5)
    game.bet(1, 1, "ante", 5)
    game.bet(1, 1, "ante", 5)
    assert game.state.spot(1)["bets"] == {"ante": 1000, "blind": 1000}
    assert game.net(1) == -20
    with pytest.raises(IllegalAction, match="5 to 500 chips"):
        game.bet(1, 1, "ante", 491)


@pytest.mark.parametrize("area, chips", [("trips", 5), ("bad_beat", 5), ("progressive", 5)])
def test_the_side_wagers_need_the_ante_and_blind(area, chips):
    game = Round()
    with pytest.raises(IllegalAction, match="Place the Ante wager first"):
        game.bet(1, 1, area, chips)
    assert game.state.spots == {}


def test_side_wager_limits_and_the_play_is_no_chip_wager():
    game = Round()
    game.bet(1, 1, "ante", 5)
    with pytest.raises(IllegalAction, match="5 to 100 chips"):
        game.bet(1, 1, "trips", 101)
    with pytest.raises(IllegalAction, match="1 to 25 chips"):
        game.bet(1, 1, "bad_beat", 26)
    with pytest.raises(IllegalAction, match="exactly 5 chips"):
        game.bet(1, 1, "progressive", 1)
    with pytest.raises(IllegalAction, match="no betting area 'play'"):
        game.bet(1, 1, "play", 10)
    assert game.state.spot(1)["bets"] == {"ante": 500, "blind": 500}


def test_side_wagers_off_when_the_table_does_not_offer_them():
    game = Round(Config(trips=0, bad_beat=0, progressive=0, mystery=0))
    game.bet(1, 1, "ante", 5)
    for area, label in (("trips", "Trips"), ("bad_beat", "Bad Beat"), ("progressive", "Progressive")):
        with pytest.raises(IllegalAction, match=f"does not offer the {label}"):
            game.bet(1, 1, area, 5)


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
    with pytest.raises(IllegalAction, match="the Progressive is locked for this round"):
        game.bet(2, 2, "progressive", 5)
    with pytest.raises(IllegalAction, match="No more bets"):
        game.bet(2, 2, "trips", 5)


def test_a_progressive_wager_the_meter_refuses_is_returned_and_settles_nothing():
    game = one_hand(
        "7C 7D 2H 3H 7H 2S 9C JD 4D", {"ante": 10, "progressive": 5}, refuse=(rules.PROGRESSIVE_KIND,)
    )
    assert not any("Progressive" in text for text in game.lines())


# -- rule 5: the deal --------------------------------------------------------------------------


def test_two_cards_to_each_hand_and_the_dealer_then_five_community_cards_all_face_down():
    game = Round()
    game.stack("AS AH KS KH 2C 9D 4S 7H 8H QC QD")
    game.bet(1, 1, "ante", 5)
    game.bet(2, 2, "ante", 5)
    game.deal()
    assert game.state.spot(1)["cards"] == ["AS", "AH"] and game.state.spot(2)["cards"] == ["KS", "KH"]
    assert game.state.dealer == {"cards": ["2C", "9D"], "up": [False, False]}
    assert game.state.board == {"cards": ["4S", "7H", "8H", "QC", "QD"], "up": [False] * 5}
    assert game.state.turn == 1 and game.state.street == 0


# -- rules 6-8: the streets and the one Play wager -------------------------------------------


def test_preflop_check_or_play_3x_or_4x():
    game = Round()
    game.bet(1, 1, "ante", 10)
    game.deal()
    assert [(o.action, m) for o, m in rules.legal_options(game.state, 1)] == [("check", ()), ("play", (3, 4))]
    with pytest.raises(IllegalAction, match="Play is 3×, 4× the Ante: choose one"):
        game.act("play", 1, 1)
    with pytest.raises(IllegalAction, match="not 2×"):
        game.decide(1, 2)
    game.decide(1, 3)
    assert game.state.spot(1)["bets"]["play"] == 3000
    assert game.state.phase == pr.RESULT  # no later street asks a hand that has played


def test_flop_check_or_play_2x_and_a_4x_play_on_the_flop_is_refused():
    game = Round()
    game.bet(1, 1, "ante", 10)
    game.deal()
    game.decide(1, "check")
    assert game.state.street == 1 and game.state.board["up"] == [True, True, True, False, False]
    assert [(o.action, m) for o, m in rules.legal_options(game.state, 1)] == [("check", ()), ("play", (2,))]
    before = game.state.to_json()
    with pytest.raises(IllegalAction, match="Play is 2× the Ante; not 4×"):
        game.decide(1, 4)
    assert game.state.to_json() == before
    game.decide(1, 2)
    assert game.state.spot(1)["bets"]["play"] == 2000 and game.state.phase == pr.RESULT


def test_river_play_1x_or_fold_and_a_2x_play_or_a_check_on_the_river_is_refused():
    game = Round()
    game.bet(1, 1, "ante", 10)
    game.deal()
    game.decide(1, "check")
    game.decide(1, "check")
    assert game.state.street == 2 and game.state.board["up"] == [True] * 5
    assert game.state.dealer["up"] == [False, False]  # the dealer's cards after the last decision only
    assert [(o.action, m) for o, m in rules.legal_options(game.state, 1)] == [("play", (1,)), ("fold", ())]
    before = game.state.to_json()
    with pytest.raises(IllegalAction, match="Play is 1× the Ante; not 2×"):
        game.decide(1, 2)
    with pytest.raises(IllegalAction, match="you may play or fold"):
        game.decide(1, "check")
    assert game.state.to_json() == before
    game.decide(1, 1)
    assert game.state.spot(1)["bets"]["play"] == 1000 and game.state.phase == pr.RESULT
    assert game.state.dealer["up"] == [True, True]


def test_a_second_play_wager_is_refused_and_changes_nothing():
    game = Round()
    game.bet(1, 1, "ante", 10)
    game.bet(2, 2, "ante", 10)
    game.deal()
    game.decide(1, 4)
    game.decide(2, "check")
    # The flop: seat 1 has made its Play and is not asked again; seat 2 decides.
    assert game.state.street == 1 and game.state.turn == 2
    before = game.state.to_json()
    with pytest.raises(IllegalAction, match="You have made your Play wager: one Play wager a round"):
        game.decide(1, 2)
    assert game.state.to_json() == before
    game.decide(2, "check")
    assert game.state.street == 2 and game.state.turn == 2  # the river: seat 2 only
    with pytest.raises(IllegalAction, match="one Play wager a round"):
        game.decide(1, 1)
    game.decide(2, "fold")
    assert game.state.spot(1)["bets"]["play"] == 4000 and game.state.phase == pr.RESULT


def test_a_play_after_folding_is_refused():
    game = Round()
    game.bet(1, 1, "ante", 10)
    game.bet(2, 2, "ante", 10)
    game.deal()
    for _ in range(2):
        game.decide(1, "check")
        game.decide(2, "check")
    game.decide(1, "fold")
    before = game.state.to_json()
    with pytest.raises(IllegalAction, match="You folded this hand"):
        game.decide(1, 1)
    assert game.state.to_json() == before


def test_decisions_out_of_turn_and_for_another_seat_are_refused():
    game = Round()
    game.bet(1, 1, "ante", 10)
    game.bet(2, 2, "ante", 10)
    game.deal()
    with pytest.raises(IllegalAction, match="It is seat 1's turn"):
        game.decide(2, 4)
    with pytest.raises(IllegalAction, match="belongs to the seat's previous player"):
        game.act("check", 2, 1)
    with pytest.raises(IllegalAction, match="A multiple is a whole number"):
        game.act("play", 1, 1, multiple="4x")
    with pytest.raises(IllegalAction, match="Check takes no multiple"):
        game.act("check", 1, 1, multiple="2")


def test_a_fold_loses_the_ante_the_blind_and_the_bad_beat():
    game = one_hand(
        "2C 7D AS AH KS QD 9H 4C 3S", {"ante": 10, "bad_beat": 5}, decisions=("check", "check", "fold")
    )
    assert game.net(1) == -25
    assert game.lines() == ["Ante folded: −10", "Blind folded: −10", "Bad Beat folded: −5"]


def test_the_street_clocks_check_pre_flop_and_on_the_flop_and_fold_on_the_river():
    game = Round()
    game.bet(1, 1, "ante", 10)
    game.deal()
    for street in range(2):
        assert game.state.street == street
        game.act(pr.DECISION_TIMEOUT)
    assert game.state.spot(1)["decisions"] == [[0, "check", None], [1, "check", None]]
    game.act(pr.DECISION_TIMEOUT)
    assert game.state.spot(1)["folded"] and game.state.phase == pr.RESULT
    assert "Seat 1 is out of time: fold." in game.log
    assert game.net(1) == -20


def test_the_timer_clocks_each_street_and_hand():
    game = Round()
    game.bet(1, 1, "ante", 10)
    game.deal()
    key, seconds, action = rules.timer(game.state, game.config)
    assert key == f"{game.state.round}:decide:0:1" and seconds == 20 and action.kind == pr.DECISION_TIMEOUT


# -- rules 9 and 10: the dealer's qualifier and the Ante, Play and Blind --------------------------


def test_dealer_not_qualified_player_higher_the_ante_pushes():
    # A-9 flush against the dealer's K-Q-J-8-7: no pair, not qualified. Play 4×.
    game = one_hand("AH 9H QC JD 2H 5H KH 7C 8D", {"ante": 10})
    assert game.net(1) == 0 + 40 + 15  # Ante push, Play 1 to 1, Blind flush 3 to 2
    assert game.lines() == [
        "Ante, dealer not qualified: ±0",
        "Play 1 to 1: +40",
        "Blind, flush, 3 to 2: +15",
    ]
    assert "The dealer shows Q♣ J♦: K-Q-J-8-7 high; the dealer does not qualify (below a pair)." in game.log


def test_dealer_not_qualified_dealer_higher_the_ante_pushes_play_and_blind_lose():
    game = one_hand("3C 2D AH 9C KH QS 8D 7C 5S", {"ante": 10}, decisions=("check", "check", 1))
    assert game.net(1) == -10 - 10
    assert game.lines() == ["Ante, dealer not qualified: ±0", "Play: −10", "Blind: −10"]


def test_dealer_qualified_player_higher_ante_and_play_win_the_blind_pushes_below_a_straight():
    # Aces against the dealer's kings (the king paired by the board).
    game = one_hand("AS AD KH 5S KC 7H 4D 9S 2C", {"ante": 10})
    assert game.net(1) == 10 + 40
    assert game.lines() == ["Ante 1 to 1: +10", "Play 1 to 1: +40", "Blind, below its paytable: ±0"]


def test_dealer_qualified_dealer_higher_everything_loses():
    game = one_hand("KH 5S AS AD KC 7H 4D 9S 2C", {"ante": 10}, decisions=("check", 2))
    assert game.net(1) == -10 - 10 - 20
    assert game.lines() == ["Ante: −10", "Play: −20", "Blind: −10"]


def test_the_dealers_pair_may_come_from_the_board():
    assert paytables.dealer_qualifies(rules.seven_value("2C 3D QH QS 7D 8C 9H".split()))
    assert not paytables.dealer_qualifies(rules.seven_value("2C 3D QH KS 7D 8C 9H".split()))


# Winning hands for the Blind, each against a dealer it beats.
BLIND_HANDS = {
    paytables.ROYAL_FLUSH: "AS KS 4H 4D QS JS TS 2D 3C",
    paytables.STRAIGHT_FLUSH: "9S 8S 4H 4D 7S 6S 5S 2D KC",
    paytables.FOUR_OF_A_KIND: "9S 9H 3H 4D 9D 9C KS 5H 2D",
    paytables.FULL_HOUSE: "KS KH 3C 4D KD 5C 5H 2S 8D",
    paytables.FLUSH: "AH 9H QC JD 2H 5H KH 7C 8D",
    paytables.STRAIGHT: "9C TD 2C 2S JH QS KC 4D 3H",
    paytables.THREE_OF_A_KIND: "7C 7D AS 3C 7H 2S 9C JD 4H",
}


@pytest.mark.parametrize("name", paytables.BLIND_NAMES)
@pytest.mark.parametrize("line", list(BLIND_HANDS))
def test_every_blind_line_on_a_win(name, line):
    config = Config(blind_paytable=paytables.BLIND_NAMES.index(name) + 1)
    game = one_hand(BLIND_HANDS[line], {"ante": 10}, config=config)
    dealer = rules.seven_value(game.state.dealer["cards"] + game.state.board["cards"])
    ante = 10 if paytables.dealer_qualifies(dealer) else 0
    odds = paytables.BLIND_PAYTABLES[name].get(line)
    blind = int(odds.winnings(10)) if odds else 0
    assert game.net(1) == ante + 40 + blind
    expected = (
        f"Blind, {paytables.LINE_NAMES[line].lower()}, {odds}: +{blind:,}"
        if odds
        else "Blind, below its paytable: ±0"
    )
    assert game.lines()[2] == expected


def test_a_blind_straight_flush_pays_50_to_1():
    game = one_hand(BLIND_HANDS[paytables.STRAIGHT_FLUSH], {"ante": 10})
    assert game.net(1) == 10 + 40 + 500
    assert "Seat 1: straight flush, 9 high, Blind, straight flush, 50 to 1: +500." in game.log


def test_the_blind_tables_are_the_rules_files():
    odds = {
        name: [str(table.get(line, "push")) for line in BLIND_HANDS]
        for name, table in paytables.BLIND_PAYTABLES.items()
    }
    assert odds == {
        "A": ["500 to 1", "50 to 1", "10 to 1", "3 to 1", "3 to 2", "1 to 1", "push"],
        "B": ["500 to 1", "50 to 1", "10 to 1", "3 to 1", "3 to 2", "push", "push"],
    }


# -- rule 11: Trips --------------------------------------------------------------------------


TRIPS_HANDS = {**BLIND_HANDS, "lower": "AS AD KH 5S KC 7H 4D 9S 2C"}


@pytest.mark.parametrize("name", paytables.TRIPS_NAMES)
@pytest.mark.parametrize("line", list(TRIPS_HANDS))
def test_every_trips_line(name, line):
    config = Config(trips_paytable=paytables.TRIPS_NAMES.index(name) + 1)
    game = one_hand(TRIPS_HANDS[line], {"ante": 10, "trips": 5}, config=config)
    odds = paytables.TRIPS_PAYTABLES[name].get(line)
    trips = [text for text in game.lines() if text.startswith("Trips")]
    if odds is None:
        assert trips == ["Trips: −5"]
    else:
        assert trips == [f"Trips, {paytables.LINE_NAMES[line].lower()}, {odds}: +{5 * odds.left}"]


def test_trips_stays_in_action_after_a_fold_and_ignores_the_dealer():
    # Three 7s on the board: the player folds; Trips still pays 3 to 1.
    game = one_hand(
        "2C 3D AS AH 7C 7D 7H KS 9C", {"ante": 10, "trips": 5}, decisions=("check", "check", "fold")
    )
    assert game.net(1) == -20 + 15
    assert game.lines()[-1] == "Trips, three of a kind, 3 to 1: +15"


def test_the_trips_tables_are_the_rules_files():
    lines = list(BLIND_HANDS)
    assert {
        name: "-".join(str(t[line].left) for line in lines) for name, t in paytables.TRIPS_PAYTABLES.items()
    } == {
        "A": "50-40-30-9-7-4-3",
        "B": "50-40-30-8-6-5-3",
        "C": "50-40-30-8-7-4-3",
        "D": "50-40-20-7-6-5-3",
    }


# -- rule 13: the Bad Beat, Paytable C ----------------------------------------------------------

# The player's hand, three of a kind or better, losing to the dealer's.
BAD_BEATS = {
    paytables.STRAIGHT_FLUSH: "4S 2C 9S 3H 5S 6S 7S 8S 2D",
    paytables.FOUR_OF_A_KIND: "9S 9H KC KD 9D 9C KS KH 2D",
    paytables.FULL_HOUSE: "7H 2D KC KD 7C 7D 2S KH 3C",
    paytables.FLUSH: "4H 3H KH QH 2H 5H 9H JC KS",
    paytables.STRAIGHT: "8C 4D 9D 8S 5C 6D 7H 2S KC",
    paytables.THREE_OF_A_KIND: "7H 3D KH KD 7C 7D 2S 9H KC",
}


@pytest.mark.parametrize("line", list(BAD_BEATS))
def test_every_bad_beat_line(line):
    game = one_hand(BAD_BEATS[line], {"ante": 10, "bad_beat": 2}, decisions=("check", "check", 1))
    odds = paytables.BAD_BEAT_PAYTABLES["C"][line]
    assert game.net(1) == -10 - 10 - 10 + 2 * odds.left
    assert game.lines()[-1] == f"Bad Beat, {paytables.LINE_NAMES[line].lower()}, {odds}: +{2 * odds.left:,}"


def test_a_bad_beat_straight_flush_pays_2500_to_1():
    game = one_hand(
        BAD_BEATS[paytables.STRAIGHT_FLUSH], {"ante": 10, "bad_beat": 1}, decisions=("check", "check", 1)
    )
    assert game.lines()[-1] == "Bad Beat, straight flush, 2500 to 1: +2,500"


@pytest.mark.parametrize(
    "cards",
    [
        BLIND_HANDS[paytables.FOUR_OF_A_KIND],  # a hand that wins is no bad beat
        "AS AD KH 5S KC 7H 4D 9S 2C",  # a pair that loses is below three of a kind
        "KH 5S AS AD KC 7H 4D 9S 2C",
        "2C 3D 4H 5C AS KD QH JC TS",  # a tie
    ],
)
def test_the_bad_beat_loses_otherwise(cards):
    game = one_hand(cards, {"ante": 10, "bad_beat": 2})
    assert game.lines()[-1] == "Bad Beat: −2"


def test_the_bad_beat_table_is_paytable_c():
    assert {line: odds.left for line, odds in paytables.BAD_BEAT_PAYTABLES["C"].items()} == {
        "straight_flush": 2500,
        "four_of_a_kind": 500,
        "full_house": 50,
        "flush": 30,
        "straight": 20,
        "three_of_a_kind": 9,
    }
    assert paytables.BAD_BEAT_NAMES == ("C",)  # A and B of § 653a.12(g) are not reproduced


# -- rule 12: the progressive on the hole cards and the flop ------------------------------------


PROGRESSIVE_HANDS = {
    paytables.FOUR_OF_A_KIND: "9S 9H 3H 4D 9D 9C 2S 5H KD",
    paytables.FULL_HOUSE: "KS KH 3C 4D KD 5C 5H 2S 8D",
    paytables.FLUSH: "AH 9H QC JD 2H 5H KH 7C 8D",
    paytables.STRAIGHT: "9C TD 2C 2S JH QS KC 4D 3H",
    paytables.THREE_OF_A_KIND: "7C 7D AS 3C 7H 2S 9C JD 4H",
}


@pytest.mark.parametrize("line", list(PROGRESSIVE_HANDS))
def test_every_fixed_progressive_line_is_for_1_even_after_a_fold(line):
    payout = Config().progressive_table[line]
    game = one_hand(
        PROGRESSIVE_HANDS[line], {"ante": 10, "progressive": 5}, decisions=("check", "check", "fold")
    )
    assert game.net(1) == -20 - 5 + 5 * payout.left
    name = paytables.LINE_NAMES[line].lower()
    assert game.lines()[-1] == f"Progressive, {name}, {payout}: +{5 * payout.left - 5:,}"


def test_a_royal_flush_on_the_hole_cards_and_the_flop_takes_the_meter():
    game = one_hand("AS KS 4H 4D QS JS TS 2D 3C", {"ante": 10, "progressive": 5}, meter=20_000_00)
    assert game.net(1) == 10 + 40 + 5_000 - 5 + 20_000  # Ante, Play, Blind 500 to 1, the meter
    assert game.lines()[-1] == "Progressive, 20,000 from the meter: +19,995"
    assert "Seat 1: royal flush, Progressive, royal flush, 100% of the meter." in game.log


def test_a_straight_flush_on_the_hole_cards_and_the_flop_takes_10_percent():
    game = one_hand(BLIND_HANDS[paytables.STRAIGHT_FLUSH], {"ante": 5, "progressive": 5}, meter=20_000_00)
    assert game.lines()[-1] == "Progressive, 2,000 from the meter: +1,995"


def test_the_progressive_is_fixed_at_the_flop():
    # A flush made on the turn: Trips pays it, the progressive (hole cards + flop) loses.
    game = one_hand("AH 9H QC JD 2H 5H 3C KH 8D", {"ante": 10, "trips": 5, "progressive": 5})
    assert "Trips, flush, 7 to 1: +35" in game.lines()
    assert game.lines()[-1] == "Progressive: −5"


def test_the_progressive_table_is_the_linked_five_card_table():
    table = Config().progressive_table
    assert {
        line: (p.percent if isinstance(p, paytables.MeterShare) else str(p)) for line, p in table.items()
    } == {
        "royal_flush": 100,
        "straight_flush": 10,
        "four_of_a_kind": "300 for 1",
        "full_house": "50 for 1",
        "flush": "40 for 1",
        "straight": "30 for 1",
        "three_of_a_kind": "9 for 1",
    }


# -- Envy (§ 653a.1) -----------------------------------------------------------------------------


def test_envy_pays_for_each_other_players_straight_flush_never_ones_own():
    game = Round()
    # Seat 1: a royal flush on the hole cards and the flop; seat 2 and 3 play the progressive.
    game.stack("AS KS 2C 3D 8H 8D 4H 4D QS JS TS 7C 9D")
    for seat in (1, 2, 3):
        game.bet(seat, seat, "ante", 5)
    game.bet(1, 1, "progressive", 5)
    game.bet(2, 2, "progressive", 5)
    game.deal()
    for seat in (1, 2, 3):
        game.decide(seat, 4)
    assert "Envy for seat 1's royal flush: +5,000" in game.lines(2)
    assert not any("Envy" in text for text in game.lines(1) + game.lines(3))


def test_no_envy_when_the_table_pays_none():
    config = Config(royal_flush_envy_bonus=0, straight_flush_envy_bonus=0)
    assert config.envy_cents == {}


# -- rule 14: the settlement order -------------------------------------------------------------


def test_settlement_in_rule_14s_order():
    game = Round()
    game.stack("AS KS 2C 3D 4H 4D QS JS TS 7C 9D")
    game.bet(1, 1, "ante", 5)
    game.bet(2, 2, "ante", 5)
    for seat in (1, 2):
        for area in ("trips", "bad_beat", "progressive"):
            game.bet(seat, seat, area, 5)
    game.deal()
    game.decide(1, 4)
    game.decide(2, "check")
    game.decide(2, "check")
    game.decide(2, "fold")
    assert game.lines(2) == [
        "Ante folded: −5",
        "Blind folded: −5",
        "Bad Beat folded: −5",
        "Trips: −5",
        "Progressive: −5",
        "Envy for seat 1's royal flush: +5,000",
    ]
    assert game.lines(1) == [
        "Ante 1 to 1: +5",
        "Play 1 to 1: +20",
        "Blind, royal flush, 500 to 1: +2,500",
        "Trips, royal flush, 50 to 1: +250",
        "Bad Beat: −5",
        "Progressive, 1,000 from the meter: +995",
    ]


# -- the Must-Hit-By Mystery bonus (seed § 653c.1) ----------------------------------------------


def test_the_mystery_bonus_needs_the_ante_and_blind_and_the_progressive_wager():
    game = Round(mystery=(1,))
    game.bet(1, 1, "ante", 5)
    game.bet(1, 1, "progressive", 5)
    game.bet(2, 2, "ante", 5)
    game.act(pr.CLOSE_BETTING)
    assert [(w.kind, w.seat) for w in game.locks[0]] == [(rules.PROGRESSIVE_KIND, 1), (pr.MUST_HIT_BY, 1)]
    game.act(pr.DEAL)
    game.decide(1, "check")
    game.decide(2, "check")
    game.decide(1, "check")
    game.decide(2, "check")
    game.decide(1, "fold")
    game.decide(2, "fold")
    assert game.lines(1)[-1] == "Mystery bonus: +150"


def test_no_mystery_contribution_when_the_table_does_not_offer_the_bonus():
    game = Round(Config(mystery=0))
    game.bet(1, 1, "ante", 5)
    game.bet(1, 1, "progressive", 5)
    game.act(pr.CLOSE_BETTING)
    assert [w.kind for w in game.locks[0]] == [rules.PROGRESSIVE_KIND]


# -- the Rules Submission -------------------------------------------------------------------------


def test_the_default_rules_submission_is_valid_and_round_trips():
    config = Config()
    assert config.errors() == {}
    assert Config.from_json(config.to_json()) == config
    assert config.blind_name == "A" and config.trips_name == "A" and config.progressive_name == "A"
    assert config.envy_cents == {paytables.ROYAL_FLUSH: 5_000 * CHIP, paytables.STRAIGHT_FLUSH: 1_500 * CHIP}


@pytest.mark.parametrize(
    "fields, name, message",
    [
        ({"min_bet": 0}, "min_bet", "at least 1 chip"),
        ({"max_bet": 4}, "max_bet", "below the minimum"),
        ({"trips_max_bet": 4}, "trips_max_bet", "below the minimum"),
        ({"bad_beat_min_bet": 0}, "bad_beat_min_bet", "at least 1 chip"),
        ({"blind_paytable": 3}, "blind_paytable", "Choose 1 = A, 2 = B"),
        ({"trips_paytable": 5}, "trips_paytable", "Choose 1 = A, 2 = B, 3 = C, 4 = D"),
        ({"progressive_paytable": 2}, "progressive_paytable", "Choose 1 = A"),
        ({"trips": 2}, "trips", "1 to offer it"),
        ({"mystery": 1, "progressive": 0}, "mystery", "needs the progressive"),
        ({"royal_flush_envy_bonus": -1}, "royal_flush_envy_bonus", "0 to 100,000"),
        ({"decision_seconds": 2}, "decision_seconds", "3 to 120"),
        ({"min_bet": "5"}, "min_bet", "whole number"),
    ],
)
def test_the_rules_submission_refuses(fields, name, message):
    assert message in Config(**fields).errors()[name]


# -- thousands of seeded rounds -------------------------------------------------------------------


def test_fifteen_hundred_seeded_rounds_settle_every_chip_and_keep_one_play_wager():
    game = Round(mystery=(2,))
    choices = random.Random(6531)
    played = 0
    for _ in range(1_500):
        start = len(game.moves)
        for seat in range(1, 4):
            if choices.random() < 0.7:
                game.bet(seat, seat, "ante", choices.choice([5, 10, 25]))
                for area, chips in (("trips", 5), ("bad_beat", 1), ("progressive", 5)):
                    if choices.random() < 0.4:
                        game.bet(seat, seat, area, chips)
        game.act(pr.CLOSE_BETTING)
        if game.state.phase == pr.DEALING:
            played += 1
            game.act(pr.DEAL)
        while game.state.phase == pr.DECIDING:
            seat = game.state.turn
            options = rules.legal_options(game.state, seat)
            if choices.random() < 0.05:
                game.act(pr.DECISION_TIMEOUT)
                continue
            option, multiples = choices.choice(options)
            game.decide(seat, choices.choice(multiples) if multiples else option.action)
        if game.state.phase == pr.RESULT:
            for seat in game.state.seats():
                spot = game.state.spot(seat)
                plays = [d for d in spot["decisions"] if d[1] == rules.PLAY]
                assert len(plays) <= 1
                if not spot["folded"]:
                    # Rules 6-8: a hand still in at the end made exactly one Play, of the street's multiple.
                    street, _, multiple = plays[0]
                    allowed = (
                        paytables.PREFLOP_MULTIPLES,
                        paytables.FLOP_MULTIPLES,
                        paytables.RIVER_MULTIPLES,
                    )
                    assert multiple in allowed[street]
                    assert spot["bets"]["play"] == multiple * spot["bets"]["ante"]
            game.act(pr.NEXT_ROUND)
        assert game.state.phase == pr.BETTING
        moves = game.moves[start:]
        staked = sum(m.amount for m in moves if m.kind == STAKE)
        assert staked == sum(m.amount for m in moves if m.kind in (REFUND, RETURN, LOSE))
    assert played > 1_400 and game.state.round == played + 1
