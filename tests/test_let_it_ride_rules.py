"""Let It Ride Poker on the poker engine, pure (docs/rules/let_it_ride.md, seed
§ 643c.1): every numbered rule and every paytable line by a stacked deck,
with the exact chips moved; a pull-back of both wagers and the refused pull
of the $ bet; the aggregate cap; the Mystery bonus's qualification as
§ 643c.1(c)(1) words it; both Envies; the strategy; the Rules Submission."""

import random

import pytest

from games.cards.poker import CARD_INDEX
from games.engine import LOSE, REFUND, RETURN, STAKE, IllegalAction
from games.let_it_ride import paytables, rules, strategy
from games.let_it_ride.rules import Config
from games.poker import round as pr
from tests import poker_rules

CHIP = 100
# Three-card hands and boards that make no paying hand with each other.
NOTHING = "2S 7H 9D"
BLANK_BOARD = "JC 3S"


class Round(poker_rules.Round):
    rules = rules
    seed = 643


def one_hand(cards, board, bets=None, decisions=(rules.RIDE, rules.RIDE), config=None, **options):
    """One player at seat 1: ``bets`` {area: chips} (Bet 1 places the three base wagers)."""
    game = Round(config, **options)
    game.stack(f"{cards} {board}")
    for area, chips in (bets or {rules.ONE: 5}).items():
        game.bet(1, 1, area, chips)
    game.deal()
    for decision in decisions:
        assert game.state.phase == pr.DECIDING
        game.act(decision, 1, 1)
    assert game.state.phase == pr.RESULT
    assert game.escrow() == 0
    return game


# -- rule 1: one 52-card deck, shuffled for every round ----------------------------------


def test_one_fresh_52_card_deck_every_round():
    game = Round()
    decks = []
    for _ in range(2):
        game.bet(1, 1, rules.ONE, 5)
        game.deal()
        dealt = game.state.spot(1)["cards"] + game.state.board["cards"]
        decks.append(dealt + game.state.deck)
        assert sorted(decks[-1]) == sorted(str(item) for item in rules.GAME.deck())
        assert len(set(decks[-1])) == 52
        game.act(rules.RIDE, 1, 1)
        game.act(rules.RIDE, 1, 1)
        game.act(pr.NEXT_ROUND)
    assert decks[0] != decks[1]


# -- rule 2: the rankings -------------------------------------------------------------------


def test_a_to_5_is_a_straight_and_three_card_straights_beat_flushes():
    # A-2-3 with 4-5 on the board: a five-card straight, 5 to 1 (rule 2: ace low).
    game = one_hand("AS 2H 3D", "4C 5S")
    assert game.net(1) == 3 * 5 * 5
    # Three cards 5-6-7 of two suits are a straight for the Three Card Bonus (6 to 1),
    # three hearts a flush (3 to 1): straight beats flush (rule 2).
    game = one_hand("5H 6H 7S", BLANK_BOARD, {rules.ONE: 5, rules.THREE_CARD_BONUS: 10})
    assert "Three Card Bonus, straight, 6 to 1: +60" in game.lines()
    game = one_hand("2H 6H 9H", BLANK_BOARD, {rules.ONE: 5, rules.THREE_CARD_BONUS: 10})
    assert "Three Card Bonus, flush, 3 to 1: +30" in game.lines()


# -- rules 3 and 4: the wagers, and the lock at no more bets --------------------------------


def test_bet_1_places_the_three_equal_base_wagers_together():
    game = Round()
    game.bet(1, 1, rules.ONE, 10)
    assert game.state.spot(1)["bets"] == {"one": 1000, "two": 1000, "dollar": 1000}
    assert [m.amount for m in game.moves if m.kind == STAKE] == [1000, 1000, 1000]
    assert game.log[-1] == "bets 10 on Bet 1 and 10 on Bet 2 and 10 on Bet $"
    for area in (rules.TWO, rules.DOLLAR):
        with pytest.raises(IllegalAction, match="always equal to the Bet 1"):
            game.bet(1, 1, area, 5)
    with pytest.raises(IllegalAction, match="5 to 500 chips"):
        Round().bet(1, 1, rules.ONE, 4)


def test_side_and_progressive_wagers_need_the_base_wagers_and_progressives_are_fixed():
    game = Round()
    for area in (rules.THREE_CARD_BONUS, rules.THREE_CARD, rules.FIVE_CARD):
        with pytest.raises(IllegalAction, match="Place the Bet 1 wager first"):
            game.bet(1, 1, area, 5 if area == rules.FIVE_CARD else 1)
    game.bet(1, 1, rules.ONE, 5)
    with pytest.raises(IllegalAction, match="exactly 1 chip"):
        game.bet(1, 1, rules.THREE_CARD, 5)
    with pytest.raises(IllegalAction, match="exactly 5 chips"):
        game.bet(1, 1, rules.FIVE_CARD, 1)
    with pytest.raises(IllegalAction, match="5 to 100 chips"):
        game.bet(1, 1, rules.THREE_CARD_BONUS, 101)
    game.bet(1, 1, rules.THREE_CARD, 1)
    game.bet(1, 1, rules.FIVE_CARD, 5)
    game.bet(1, 1, rules.THREE_CARD_BONUS, 100)


def test_progressive_wagers_lock_at_no_more_bets_and_later_ones_are_refused():
    game = Round()
    game.bet(1, 1, rules.ONE, 5)
    game.bet(1, 1, rules.THREE_CARD, 1)
    game.bet(1, 1, rules.FIVE_CARD, 5)
    game.bet(2, 2, rules.ONE, 5)
    game.act(pr.CLOSE_BETTING)
    # § 643c.1(c)(1)-(2): each qualifying progressive wager feeds the one Mystery meter too.
    assert [(w.kind, w.seat, w.amount) for w in game.locks[0]] == [
        ("three_card", 1, 100),
        (pr.MUST_HIT_BY, 1, 100),
        ("five_card", 1, 500),
        (pr.MUST_HIT_BY, 1, 500),
    ]
    for area, chips in ((rules.THREE_CARD, 1), (rules.FIVE_CARD, 5)):
        with pytest.raises(IllegalAction, match="is locked for this round"):
            game.bet(2, 2, area, chips)
    with pytest.raises(IllegalAction, match="No more bets"):
        game.bet(2, 2, rules.THREE_CARD_BONUS, 5)


def test_a_progressive_wager_the_meter_refuses_is_returned_and_settles_nothing():
    game = one_hand("AS KS QS", "JS TS", {rules.ONE: 5, rules.FIVE_CARD: 5}, refuse=("five_card",))
    assert not game.state.spot(1)["bets"].get(rules.FIVE_CARD)
    assert not any("Five-Card" in line for line in game.lines())
    assert game.net(1) == 3 * 5 * 1000


# -- rules 5 to 10: the deal and the two decisions ---------------------------------------------


def test_three_cards_each_two_community_cards_face_down_then_turned_one_by_one():
    game = Round()
    game.stack("TS TH 4D KC 2S 9C 8C")
    game.bet(1, 1, rules.ONE, 5)
    game.bet(2, 2, rules.ONE, 5)
    game.deal()
    assert game.state.spot(1)["cards"] == ["TS", "TH", "4D"]
    assert game.state.spot(2)["cards"] == ["KC", "2S", "9C"]
    assert game.state.board == {"cards": ["8C", game.state.board["cards"][1]], "up": [False, False]}
    # Rule 6: decision 1 in seat order; the board stays face down until every hand has decided.
    assert (game.state.street, game.state.turn) == (0, 1)
    game.act(rules.RIDE, 1, 1)
    assert game.state.turn == 2 and game.state.board["up"] == [False, False]
    game.act(rules.PULL, 2, 2)
    # Rule 7: the first community card turned up; rule 8: decision 2.
    assert (game.state.street, game.state.turn) == (1, 1)
    assert game.state.board["up"] == [True, False]
    game.act(rules.RIDE, 1, 1)
    game.act(rules.RIDE, 2, 2)
    # Rule 10: the second one turned up, and every wager settled.
    assert game.state.phase == pr.RESULT and game.state.board["up"] == [True, True]


def test_pulling_back_bet_1_returns_it_and_the_rest_ride():
    game = one_hand("TS TH 4D", BLANK_BOARD, decisions=(rules.PULL, rules.RIDE))
    assert [m.amount for m in game.moves if m.kind == REFUND] == [500]
    assert game.lines() == [
        "Bet 2, pair of 10s or better, 1 to 1: +5",
        "Bet $, pair of 10s or better, 1 to 1: +5",
    ]
    assert game.net(1) == 10


def test_bet_2_may_be_pulled_back_whatever_was_done_with_bet_1():
    game = one_hand("TS TH 4D", BLANK_BOARD, decisions=(rules.RIDE, rules.PULL))
    assert game.lines() == [
        "Bet 1, pair of 10s or better, 1 to 1: +5",
        "Bet $, pair of 10s or better, 1 to 1: +5",
    ]
    assert game.net(1) == 10


def test_a_pull_back_of_both_wagers_leaves_only_the_dollar_bet_in_action():
    # Pulled back twice on a hand that then loses: the player loses only the $ bet.
    game = one_hand(NOTHING, BLANK_BOARD, {rules.ONE: 20}, decisions=(rules.PULL, rules.PULL))
    assert [(m.kind, m.amount, m.memo) for m in game.moves if m.kind == REFUND] == [
        (REFUND, 2000, "seat 1 one withdrawn"),
        (REFUND, 2000, "seat 1 two withdrawn"),
    ]
    assert game.state.spot(1)["bets"] == {"dollar": 2000}
    assert game.lines() == ["Bet $: −20"]
    assert game.net(1) == -20
    # And on a flush the $ bet alone is paid 8 to 1.
    game = one_hand("2H 6H 9H", "JH 4H", {rules.ONE: 20}, decisions=(rules.PULL, rules.PULL))
    assert game.lines() == ["Bet $, flush, 8 to 1: +160"]
    assert game.net(1) == 160


def test_the_dollar_bet_can_never_be_pulled_back_and_the_refusal_changes_nothing():
    game = Round()
    game.stack(f"{NOTHING} {BLANK_BOARD}")
    game.bet(1, 1, rules.ONE, 5)
    game.deal()
    before = game.state.to_json()
    for street in (0, 1):
        with pytest.raises(IllegalAction, match=r"The Bet \$ wager can never be taken back"):
            game.act(rules.PULL, 1, 1, spot=rules.DOLLAR)
        assert game.state.to_json() == before
        game.act(rules.PULL, 1, 1, spot=rules.ONE if street == 0 else rules.TWO)
        before = game.state.to_json()
        if street == 0:
            # Bet 1 came back at the first decision; only Bet 2 can be pulled at the second.
            with pytest.raises(IllegalAction, match="take back the Bet 2 wager, not the Bet 1"):
                game.act(rules.PULL, 1, 1, spot=rules.ONE)
    assert game.state.phase == pr.RESULT and game.state.spot(1)["bets"] == {"dollar": 500}
    with pytest.raises(IllegalAction, match="no wager 'three'"):
        rules.parse_action(rules.PULL, {"spot": "three"})
    game = Round()
    game.bet(1, 1, rules.ONE, 5)
    game.deal()
    with pytest.raises(IllegalAction, match="Let it ride takes back no wager"):
        game.act(rules.RIDE, 1, 1, spot=rules.ONE)


def test_the_clock_pulls_the_wager_back():
    game = Round()
    game.stack(f"{NOTHING} {BLANK_BOARD}")
    game.bet(1, 1, rules.ONE, 5)
    game.deal()
    game.act(pr.DECISION_TIMEOUT)
    game.act(pr.DECISION_TIMEOUT)
    assert "Seat 1 is out of time: pull back bet 1." in game.log
    assert "Seat 1 is out of time: pull back bet 2." in game.log
    assert game.state.spot(1)["bets"] == {"dollar": 500} and game.net(1) == -5


def test_players_decide_in_seat_order_and_only_at_their_turn():
    game = Round()
    game.bet(1, 1, rules.ONE, 5)
    game.bet(2, 2, rules.ONE, 5)
    game.deal()
    with pytest.raises(IllegalAction, match="seat 1's turn, not yours"):
        game.act(rules.PULL, 2, 2)
    with pytest.raises(IllegalAction, match="Pull back Bet 1 takes no multiple"):
        game.act(rules.PULL, 1, 1, multiple="2")
    assert rules.legal_options(game.state, 1)[0][0].label == "Pull back Bet 1"
    game.act(rules.PULL, 1, 1)
    game.act(rules.PULL, 2, 2)
    assert [option.label for option, _ in rules.legal_options(game.state, 1)] == [
        "Pull back Bet 2",
        "Let it ride",
    ]


def test_rebet_repeats_the_wagers_placed_before_the_pulls():
    game = one_hand(
        NOTHING, BLANK_BOARD, {rules.ONE: 10, rules.THREE_CARD: 1}, decisions=(rules.PULL, rules.PULL)
    )
    game.act(pr.NEXT_ROUND)
    game.act("rebet", 1, 1)
    assert game.state.spot(1)["bets"] == {"one": 1000, "two": 1000, "dollar": 1000, "three_card": 100}


# -- rule 11: the base paytable, every line --------------------------------------------------

BASE_HANDS = [
    ("royal_flush", "AS KS QS", "JS TS", 1000),
    ("straight_flush", "9H 8H 7H", "6H 5H", 200),
    ("four_of_a_kind", "7C 7D 7H", "7S 2D", 50),
    ("full_house", "QC QD 4H", "4S QS", 11),
    ("flush", "2D 6D 9D", "JD KD", 8),
    ("straight", "9C TD JH", "QS KD", 5),
    ("three_of_a_kind", "3C 3D 3H", "KS 8D", 3),
    ("two_pair", "2C 2D 5H", "5S KD", 2),
    ("tens_or_better", "TC TD 5H", "2S 8D", 1),
    ("aces", "AC AD 5H", "2S 8D", 1),
]


@pytest.mark.parametrize("line, cards, board, odds", BASE_HANDS)
def test_every_base_paytable_line_pays_each_wager_riding(line, cards, board, odds):
    game = one_hand(cards, board, {rules.ONE: 5})
    assert game.net(1) == 3 * 5 * odds
    name = paytables.LINE_NAMES["tens_or_better" if line == "aces" else line].lower()
    assert game.lines() == [
        f"{label}, {name}, {odds} to 1: +{5 * odds:,}" for label in ("Bet 1", "Bet 2", "Bet $")
    ]


@pytest.mark.parametrize(
    "cards, board", [("9C 9D 5H", "2S 8D"), (NOTHING, BLANK_BOARD), ("AS KS QS", "JS 2D")]
)
def test_below_a_pair_of_10s_every_wager_in_action_loses(cards, board):
    game = one_hand(cards, board, {rules.ONE: 5})
    assert game.net(1) == -15
    assert game.lines() == ["Bet 1: −5", "Bet 2: −5", "Bet $: −5"]


def test_the_base_table_is_the_rules_files():
    table = paytables.BASE_PAYTABLES["1000-200-50-11-8-5-3-2-1"]
    assert {line: str(odds) for line, odds in table.items()} == {
        "royal_flush": "1000 to 1",
        "straight_flush": "200 to 1",
        "four_of_a_kind": "50 to 1",
        "full_house": "11 to 1",
        "flush": "8 to 1",
        "straight": "5 to 1",
        "three_of_a_kind": "3 to 1",
        "two_pair": "2 to 1",
        "tens_or_better": "1 to 1",
    }


# -- rule 12: the Three Card Bonus --------------------------------------------------------------

BONUS_HANDS = [
    ("straight flush", "QH JH TH", 40),
    ("mini-royal", "AD KD QD", 40),
    ("three of a kind", "4C 4D 4H", 30),
    ("straight", "AS 2H 3D", 6),
    ("flush", "2C 7C 9C", 3),
    ("pair", "5C 5D 9H", 1),
]


@pytest.mark.parametrize("name, cards, odds", BONUS_HANDS)
def test_every_three_card_bonus_line_on_the_three_dealt_cards(name, cards, odds):
    # The bonus stays in action with both base wagers pulled back (rule 12).
    game = one_hand(
        cards, "8S 2D", {rules.ONE: 5, rules.THREE_CARD_BONUS: 10}, decisions=(rules.PULL, rules.PULL)
    )
    line = "straight flush" if name == "mini-royal" else name
    assert f"Three Card Bonus, {line}, {odds} to 1: +{10 * odds}" in game.lines()


def test_the_three_card_bonus_loses_on_a_high_card_whatever_the_board():
    # The board makes two pair for the base wagers; the bonus reads only the three dealt cards.
    game = one_hand("KS 7H 2D", "KD 7C", {rules.ONE: 5, rules.THREE_CARD_BONUS: 10})
    assert game.lines() == [
        "Bet 1, two pair, 2 to 1: +10",
        "Bet 2, two pair, 2 to 1: +10",
        "Bet $, two pair, 2 to 1: +10",
        "Three Card Bonus: −10",
    ]
    assert game.net(1) == 30 - 10


# -- rule 13: the progressives and their Envy ---------------------------------------------------

THREE_CARD_FIXED = [("AH KH QH", 500 - 1 - 5), ("9S 8S 7S", 100 - 1 - 5), ("6C 6D 6H", 50 - 1 + 55)]


@pytest.mark.parametrize("cards, net", THREE_CARD_FIXED)
def test_every_fixed_three_card_progressive_line(cards, net):
    # "x for 1": the $1 was collected at no more bets; with both wagers pulled back the $ bet
    # rides on the board's pair of 2s (a loss, or with three 6s a full house, 11 to 1).
    game = one_hand(cards, "2D 2C", {rules.ONE: 5, rules.THREE_CARD: 1}, decisions=(rules.PULL, rules.PULL))
    assert game.net(1) == net


def test_the_three_card_progressive_pays_on_the_three_dealt_cards_only():
    lines = {
        "AH KH QH": "Three-Card progressive, mini-royal, 500 for 1: +499",
        "9S 8S 7S": "Three-Card progressive, straight flush, 100 for 1: +99",
        "6C 6D 6H": "Three-Card progressive, three of a kind, 50 for 1: +49",
        "5C 5D 9H": "Three-Card progressive: −1",
    }
    for cards, text in lines.items():
        game = one_hand(cards, "5H 5S", {rules.ONE: 5, rules.THREE_CARD: 1})
        assert text in game.lines()


def test_a_spade_mini_royal_wins_the_whole_three_card_meter():
    game = one_hand("AS KS QS", "2D 3C", {rules.ONE: 5, rules.THREE_CARD: 1}, meter=2_000_00)
    assert "Three-Card progressive, 2,000 from the meter: +1,999" in game.lines()
    assert game.net(1) == 2_000 - 1 - 15


FIVE_CARD_LINES = [
    # (three cards, board, the log line, net with both wagers pulled: the meter is 1,000 chips)
    ("9H 8H 7H", "6H 5H", "Five-Card progressive, 100 from the meter: +95", 100 - 5 + 1_000),
    ("AS KS QS", "JS TS", "Five-Card progressive, 1,000 from the meter: +995", 1_000 - 5 + 5_000),
    ("7C 7D 7H", "7S 2D", "Five-Card progressive, four of a kind, 300 for 1: +1,495", 1_500 - 5 + 250),
    ("QC QD 4H", "4S QS", "Five-Card progressive, full house, 50 for 1: +245", 250 - 5 + 55),
    ("2D 6D 9D", "JD KD", "Five-Card progressive, flush, 40 for 1: +195", 200 - 5 + 40),
    ("9C TD JH", "QS KD", "Five-Card progressive, straight, 30 for 1: +145", 150 - 5 + 25),
    ("3C 3D 3H", "KS 8D", "Five-Card progressive, three of a kind, 9 for 1: +40", 45 - 5 + 15),
    ("2C 2D 5H", "5S KD", "Five-Card progressive: −5", -5 + 10),
]


@pytest.mark.parametrize("cards, board, text, net", FIVE_CARD_LINES)
def test_every_five_card_progressive_line_on_the_final_hand(cards, board, text, net):
    game = one_hand(cards, board, {rules.ONE: 5, rules.FIVE_CARD: 5}, decisions=(rules.PULL, rules.PULL))
    assert text in game.lines()
    assert game.net(1) == net


def test_three_card_envy_for_each_other_players_mini_royal_never_ones_own():
    game = Round()
    # Seat 1: a spade mini-royal; seat 2: a heart mini-royal; seat 3: nothing.
    game.stack(f"AS KS QS AH KH QH {NOTHING} 2C 3C")
    for seat in (1, 2, 3):
        game.bet(seat, seat, rules.ONE, 5)
        game.bet(seat, seat, rules.THREE_CARD, 1)
    game.deal()
    for _ in range(6):
        game.act(rules.PULL, game.state.turn, game.state.turn)
    assert "Three-Card progressive Envy for seat 2's mini-royal: +25" in game.lines(1)
    assert "Three-Card progressive Envy for seat 1's mini-royal in spades: +100" in game.lines(2)
    assert [line for line in game.lines(3) if "Envy" in line] == [
        "Three-Card progressive Envy for seat 1's mini-royal in spades: +100",
        "Three-Card progressive Envy for seat 2's mini-royal: +25",
    ]
    assert not any("seat 1's" in line for line in game.lines(1))


def test_five_card_envy_for_other_players_straight_flushes_and_royals():
    game = Round()
    # The board 5H 4H: seat 1 holds 8H 7H 6H (a straight flush), seat 2 nothing; seat 3 no Five-Card wager.
    game.stack("8H 7H 6H 2S 9D JC KC QD 3S 5H 4H")
    for seat in (1, 2, 3):
        game.bet(seat, seat, rules.ONE, 5)
    game.bet(1, 1, rules.FIVE_CARD, 5)
    game.bet(2, 2, rules.FIVE_CARD, 5)
    game.deal()
    for _ in range(6):
        game.act(rules.PULL, game.state.turn, game.state.turn)
    assert "Five-Card progressive Envy for seat 1's straight flush: +1,500" in game.lines(2)
    assert not any("Envy" in line for line in game.lines(1) + game.lines(3))


def test_envy_needs_the_players_own_progressive_wager():
    game = Round()
    game.stack(f"AS KS QS {NOTHING} 2C 3C")
    game.bet(1, 1, rules.ONE, 5)
    game.bet(1, 1, rules.THREE_CARD, 1)
    game.bet(2, 2, rules.ONE, 5)
    game.deal()
    for _ in range(4):
        game.act(rules.PULL, game.state.turn, game.state.turn)
    assert not any("Envy" in line for line in game.lines(2))


# -- rule 14: the aggregate cap on the base wagers ------------------------------------------


def test_the_base_wagers_win_at_most_50000_chips_together_and_the_side_wagers_are_not_capped():
    config = Config(max_bet=500, side_max=500)
    bets = {rules.ONE: 500, rules.THREE_CARD_BONUS: 500, rules.FIVE_CARD: 5}
    game = one_hand("AS KS QS", "JS TS", bets, config=config, meter=10_000_00)
    assert game.lines()[:3] == [
        "Bet 1, royal flush, 1000 to 1, the table's payout limit: +50,000",
        "Bet 2, royal flush, 1000 to 1, the table's payout limit: ±0",
        "Bet $, royal flush, 1000 to 1, the table's payout limit: ±0",
    ]
    # The Three Card Bonus pays 40 to 1 in full; the meter pays its 100%.
    assert "Three Card Bonus, straight flush, 40 to 1: +20,000" in game.lines()
    assert game.net(1) == 50_000 + 20_000 + 10_000 - 5
    # Below the cap nothing is cut: 3 × 16 × 1,000 = 48,000.
    game = one_hand("AS KS QS", "JS TS", {rules.ONE: 16})
    assert game.net(1) == 48_000


# -- rule 15: the settlement order ---------------------------------------------------------------


def test_settlement_in_the_rule_15_order():
    bets = {rules.ONE: 5, rules.THREE_CARD_BONUS: 5, rules.THREE_CARD: 1, rules.FIVE_CARD: 5}
    game = one_hand("6C 6D 6H", "6S 2D", bets)
    assert game.lines() == [
        "Bet 1, four of a kind, 50 to 1: +250",
        "Bet 2, four of a kind, 50 to 1: +250",
        "Bet $, four of a kind, 50 to 1: +250",
        "Three Card Bonus, three of a kind, 30 to 1: +150",
        "Three-Card progressive, three of a kind, 50 for 1: +49",
        "Five-Card progressive, four of a kind, 300 for 1: +1,495",
    ]


# -- the Must-Hit-By Mystery bonus (§ 643c.1) ------------------------------------------------


def test_the_mystery_bonus_needs_the_base_wagers_and_either_progressive():
    game = Round()
    game.bet(1, 1, rules.ONE, 5)  # no progressive: no contribution
    game.bet(2, 2, rules.ONE, 5)
    game.bet(2, 2, rules.FIVE_CARD, 5)
    game.act(pr.CLOSE_BETTING)
    assert [(w.kind, w.seat) for w in game.locks[0]] == [("five_card", 2), (pr.MUST_HIT_BY, 2)]


def test_the_rules_submission_names_which_progressive_qualifies():
    game = Round(Config(mystery_wagers=1))
    game.bet(1, 1, rules.ONE, 5)
    game.bet(1, 1, rules.THREE_CARD, 1)
    game.bet(1, 1, rules.FIVE_CARD, 5)
    game.act(pr.CLOSE_BETTING)
    # Each Mystery contribution names the wager it rides on (casino/tables/progressive_hook.py).
    assert [(w.kind, w.amount, w.rides_on) for w in game.locks[0]] == [
        ("three_card", 100, None),
        (pr.MUST_HIT_BY, 100, "three_card"),
        ("five_card", 500, None),
    ]


def test_no_mystery_contribution_when_the_table_does_not_offer_the_bonus():
    game = Round(Config(mystery=0))
    game.bet(1, 1, rules.ONE, 5)
    game.bet(1, 1, rules.THREE_CARD, 1)
    game.act(pr.CLOSE_BETTING)
    assert [w.kind for w in game.locks[0]] == ["three_card"]


def test_the_mystery_bonus_is_paid_at_the_end_of_the_round_after_pulls_too():
    game = one_hand(
        NOTHING,
        BLANK_BOARD,
        {rules.ONE: 5, rules.THREE_CARD: 1},
        decisions=(rules.PULL, rules.PULL),
        mystery=(1,),
    )
    assert game.lines()[-1] == "Mystery bonus: +150"
    assert game.net(1) == 150 - 1 - 5


# -- the strategy -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "cards, decision",
    [
        ("TS TH 2D", strategy.RIDE),  # a paying pair
        ("9S 9H 2D", strategy.PULL),  # a low pair
        ("TS JS KS", strategy.RIDE),  # three to a royal flush
        ("5H 6H 7H", strategy.RIDE),  # three suited in a row
        ("2H 3H 4H", strategy.PULL),  # except 2-3-4
        ("AH 2H 3H", strategy.PULL),  # and A-2-3
        ("7D 8D TD", strategy.RIDE),  # spread 4, one high card
        ("6D 7D 9D", strategy.PULL),  # spread 4, no high card
        ("9C JC KC", strategy.RIDE),  # spread 5, two high cards
        ("8C TC QC", strategy.RIDE),  # spread 5, two high cards
        ("7C 9C JC", strategy.PULL),  # spread 5, one high card
        ("AH 2H 4H", strategy.PULL),  # ace low: the spread counts the ace high
    ],
)
def test_the_first_decision_of_the_basic_strategy(cards, decision):
    assert strategy.first([CARD_INDEX[item] for item in cards.split()]) == decision


@pytest.mark.parametrize(
    "cards, decision",
    [
        ("2S 2H 5D 5C", strategy.RIDE),  # two pair
        ("2S 7S 9S KS", strategy.RIDE),  # four to a flush
        ("5S 6H 7D 8C", strategy.RIDE),  # outside straight, 8 high
        ("4S 5H 6D 7C", strategy.PULL),  # 7 high
        ("TS JH QD AC", strategy.RIDE),  # inside straight, four high cards
        ("9S TH QD KC", strategy.PULL),  # inside straight, three high cards
        ("8S 8H 2D 5C", strategy.PULL),  # a low pair
    ],
)
def test_the_second_decision_of_the_basic_strategy(cards, decision):
    assert strategy.second([CARD_INDEX[item] for item in cards.split()]) == decision


# -- the Rules Submission -------------------------------------------------------------------------


def test_the_default_rules_submission_is_valid_and_round_trips():
    config = Config()
    assert config.errors() == {}
    assert Config.from_json(config.to_json()) == config
    assert config.three_card_progressive and config.five_card_progressive and config.mystery
    assert config.aggregate_payout_limit == 50_000


@pytest.mark.parametrize(
    "fields, name, message",
    [
        ({"min_bet": 0}, "min_bet", "at least 1 chip"),
        ({"max_bet": 4}, "max_bet", "below the minimum"),
        ({"side_max": 4}, "side_max", "below the minimum"),
        ({"base_paytable": 2}, "base_paytable", "Choose base paytable 1"),
        ({"three_card_bonus_paytable": 0}, "three_card_bonus_paytable", "Choose Three Card Bonus paytable 1"),
        ({"aggregate_payout_limit": 0}, "aggregate_payout_limit", "at least 1 chip"),
        ({"three_card_bonus": 2}, "three_card_bonus", "1 to offer it"),
        ({"three_card_progressive": 0, "five_card_progressive": 0}, "mystery", "needs the Three-Card or"),
        ({"five_card_progressive": 0, "mystery_wagers": 2}, "mystery_wagers", "qualifying progressive"),
        ({"mystery_wagers": 4}, "mystery_wagers", "3 for either"),
        ({"decision_seconds": 2}, "decision_seconds", "3 to 120"),
        ({"min_bet": "5"}, "min_bet", "whole number"),
    ],
)
def test_the_rules_submission_refuses(fields, name, message):
    assert message in Config(**fields).errors()[name]


# -- thousands of seeded rounds ----------------------------------------------------------------


def test_two_thousand_seeded_rounds_settle_every_chip_and_never_take_back_the_dollar_bet():
    game = Round(mystery=(2,))
    choices = random.Random(6431)
    for _ in range(2_000):
        start = len(game.moves)
        for seat in range(1, 6):
            if choices.random() < 0.85:
                game.bet(seat, seat, rules.ONE, choices.choice([5, 10, 25]))
                for area, chips in ((rules.THREE_CARD_BONUS, 5), (rules.THREE_CARD, 1), (rules.FIVE_CARD, 5)):
                    if choices.random() < 0.4:
                        game.bet(seat, seat, area, chips)
        game.act(pr.CLOSE_BETTING)
        if game.state.phase == pr.DEALING:
            game.act(pr.DEAL)
        while game.state.phase == pr.DECIDING:
            seat = game.state.turn
            if choices.random() < 0.05:
                game.act(pr.DECISION_TIMEOUT)
            else:
                game.act(choices.choice([rules.PULL, rules.RIDE]), seat, seat)
        if game.state.phase == pr.RESULT:
            for seat in game.state.results:
                spot = game.state.spot(int(seat))
                bets = spot["bets"]
                # Rule 9: the $ bet is in action to the end; rule 3: the base wagers are equal.
                assert bets[rules.DOLLAR] and all(
                    bets.get(area, bets[rules.DOLLAR]) == bets[rules.DOLLAR]
                    for area in (rules.ONE, rules.TWO)
                )
                assert set(spot.get("withdrawn", {})) | set(bets) >= set(rules.BASE_WAGERS)
            game.act(pr.NEXT_ROUND)
        assert game.state.phase == pr.BETTING
        moves = game.moves[start:]
        staked = sum(m.amount for m in moves if m.kind == STAKE)
        assert staked == sum(m.amount for m in moves if m.kind in (REFUND, RETURN, LOSE))
    assert game.state.round == 2_001
