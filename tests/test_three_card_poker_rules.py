"""Three Card Poker on the poker engine, pure (docs/rules/three_card_poker.md,
seed § 649c.1): every paytable line by a stacked deck, with the exact chips
moved; the Mystery bonus's qualification; the round's refusals."""

import random

import pytest

from games.engine import LOSE, REFUND, RETURN, STAKE, IllegalAction
from games.poker import round as pr
from games.three_card_poker import rules
from games.three_card_poker.rules import Config
from tests import poker_rules

CHIP = 100


class Round(poker_rules.Round):
    rules = rules
    seed = 649


def one_hand(player_cards, dealer_cards, bets, decision="play", config=None, **options):
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


# -- Ante and Play (rules 7-9) --------------------------------------------------------


@pytest.mark.parametrize(
    "player, dealer, net, words",
    [
        ("AS KD 7C", "JH TD 8C", 10, "the dealer does not qualify"),  # rule 8: Ante 1 to 1, Play pushes
        ("AS KD 7C", "QH 4D 2C", 20, "Ante 1 to 1"),  # qualifies, player higher: both 1 to 1
        ("AS KD 7C", "AH KC 7D", 0, "a tie"),  # suits never rank: push both
        ("QS 5D 3C", "KH 4D 2C", -20, "Ante: −10"),  # dealer higher: both lose
    ],
)
def test_ante_and_play(player, dealer, net, words):
    game = one_hand(player, dealer, {"ante": 10})
    assert game.net(1) == net
    assert any(words in line for line in game.state.results["1"]["lines"])


def test_a_fold_loses_the_ante_and_the_pair_plus_and_keeps_the_six_card_bonus():
    # Rule 6. The Six Card Bonus, on A♠ K♠ Q♠ J♠ 10♠: a royal flush, 1,000 to 1.
    game = one_hand("AS KS 2D", "QS JS TS", {"ante": 10, "pair_plus": 5, "six_card": 5}, decision="fold")
    assert game.net(1) == -10 - 5 + 5_000
    assert "Seat 1: high card" not in " ".join(game.log)
    assert any("Six Card Bonus, royal flush, 1000 to 1" in line for line in game.log)


@pytest.mark.parametrize(
    "player, bonus",
    [("9H 8H 7H", 5), ("7S 7H 7D", 4), ("9C 8H 7D", 1), ("AS AH 2D", 0), ("AS JS 9S", 0)],
)
def test_the_ante_bonus_pays_on_the_ante_whatever_the_dealer_holds(player, bonus):
    # Rule 9, Valley Forge's 5/4/1. The dealer's mini-royal beats everything here.
    game = one_hand(player, "AD KD QD", {"ante": 10})
    assert game.net(1) == -20 + bonus * 10


def test_no_ante_bonus_after_a_fold():
    game = one_hand("9H 8H 7H", "AD KD QD", {"ante": 10}, decision="fold")
    assert game.net(1) == -10


# -- Pair Plus (rule 10), every paytable ----------------------------------------------

PAIR_PLUS_HANDS = {
    "straight_flush": "9H 8H 7H",
    "three_of_a_kind": "7S 7H 7D",
    "straight": "9C 8H 7D",
    "flush": "AS JS 9S",
    "pair": "KS KH 2D",
}


@pytest.mark.parametrize("paytable", [1, 2, 3])
@pytest.mark.parametrize("line", list(PAIR_PLUS_HANDS))
def test_every_pair_plus_line_of_every_paytable(paytable, line):
    config = Config(pair_plus_paytable=paytable)
    odds = config.pair_plus_table[line].left
    # Pair Plus alone (rule 3): no Ante, so no decision.
    game = one_hand(PAIR_PLUS_HANDS[line], "2C 5D 8S", {"pair_plus": 10}, config=config)
    assert game.net(1) == odds * 10
    assert any(f"Pair Plus {odds} to 1: +{odds * 10}" in text for text in game.log)


def test_the_pair_plus_tables_are_the_rules_files():
    assert [Config(pair_plus_paytable=n).pair_plus_name for n in (1, 2, 3)] == [
        "40-30-6-4-1",
        "40-30-6-3-1",
        "40-30-5-4-1",
    ]


def test_a_pair_plus_high_card_loses():
    game = one_hand("AS JD 9S", "2C 5D 8S", {"pair_plus": 10})
    assert game.net(1) == -10


def test_the_round_log_tells_each_settlement():
    game = one_hand("AS JS 9S", "2C 5D 8H", {"pair_plus": 10})
    assert "Seat 1: flush, A-J-9, Pair Plus 4 to 1: +40." in game.log


# -- Six Card Bonus (rule 11) --------------------------------------------------------


@pytest.mark.parametrize(
    "player, dealer, odds",
    [
        ("AH KH QH", "JH TH 2C", 1000),  # royal flush
        ("9H 8H 7H", "6H 5H 2C", 200),  # straight flush
        ("9H 9S 9D", "9C 5H 2C", 50),  # four of a kind
        ("9H 9S 9D", "5C 5H 2C", 25),  # full house
        ("AH JH 9H", "5H 3H 2C", 20),  # flush
        ("9H 8S 7D", "6C 5H 2C", 10),  # straight
        ("AH 5H 2C", "5C 3D 5D", 5),  # three of a kind
        ("AH 5H 2C", "5C 3D 8D", -1),  # a pair loses
    ],
)
def test_every_six_card_bonus_line(player, dealer, odds):
    game = one_hand(player, dealer, {"pair_plus": 5, "six_card": 10})
    pair_plus = {"AH KH QH": 40, "9H 8H 7H": 40, "9H 9S 9D": 30, "AH JH 9H": 4, "9H 8S 7D": 6}.get(player, -1)
    assert game.net(1) == odds * 10 + pair_plus * 5


# -- progressives, Envy and the Mystery bonus (rules 12-13; § 649c.1) ------------------


@pytest.mark.parametrize(
    "player, paid",
    [
        ("QD KD AD", 500),  # other mini-royal: $500 (the $1 stake collected at the lock)
        ("9H 8H 7H", 100),
        ("7S 7H 7D", 50),
        ("9C 8H 7D", 0),  # a straight is no line: the progressive loses
    ],
)
def test_every_fixed_three_card_progressive_line(player, paid):
    game = one_hand(player, "2C 5D 8S", {"ante": 10, "three_card": 1}, decision="fold")
    assert game.net(1) == -10 - 1 + paid
    assert game.awards == []


def test_a_spade_mini_royal_wins_the_whole_three_card_meter():
    game = one_hand("AS KS QS", "2C 5D 8H", {"ante": 10, "three_card": 1}, meter=4_321_00)
    [award] = game.awards
    assert (award.kind, award.seat, award.percent) == ("three_card", 1, 100)
    # Ante and Play 1 to 1 (the dealer does not qualify: Play pushes), Ante Bonus 5 to 1, the meter.
    assert game.net(1) == 10 + 50 - 1 + 4_321
    assert "Seat 1: Three-Card progressive, 4,321 from the meter!" in game.log


def test_envy_for_other_players_mini_royals():
    game = Round()
    game.stack("AS KS QS AH KH QH 2D 3D 5C 2C 5D 8S")
    for seat, player in ((1, 11), (2, 12), (3, 13)):
        game.bet(player, seat, "pair_plus", 5)
        game.bet(player, seat, "three_card", 1)
    game.deal()
    assert game.escrow() == 0
    # Seat 1 (spade mini-royal): the meter, 40 to 1 Pair Plus, $25 Envy for seat 2's mini-royal.
    assert game.net(11) == 200 - 1 + 1_000 + 25
    # Seat 2: $500 for its mini-royal, $100 Envy for seat 1's spade mini-royal.
    assert game.net(12) == 200 - 1 + 500 + 100
    # Seat 3 (nothing): $100 + $25 Envy; its own Pair Plus and progressive lose.
    assert game.net(13) == -5 - 1 + 125


def test_no_envy_without_the_progressive_wager():
    game = Round()
    game.stack("AS KS QS 2D 3D 5C 2C 5D 8S")
    game.bet(1, 1, "pair_plus", 5)
    game.bet(2, 2, "pair_plus", 5)
    game.deal()
    assert game.net(2) == -5


FIVE_CARD = Config(five_card_progressive=1)


@pytest.mark.parametrize(
    "player, dealer, percent, fixed",
    [
        ("AS KS QS", "JS TS 2C", 100, 0),  # royal flush in spades: 100% of the meter
        ("AH KH QH", "JH TH 2C", 25, 0),  # another royal flush: 25%
        ("9H 8H 7H", "6H 5H 2C", 10, 0),  # straight flush: 10% (project default)
        ("9H 9S 9D", "9C 5H 2C", 0, 500),  # four of a kind 100 for 1 on $5 (project default)
        ("9H 9S 9D", "5C 5H 2C", 0, 100),
        ("AH JH 9H", "5H 3H 2C", 0, 75),
        ("9H 8S 7D", "6C 5H 2C", 0, 25),
        ("AH 5H 2C", "5C 3D 5D", 0, 0),  # three of a kind: no line
        ("AH 5H 2C", "5C 3D 8D", 0, 0),
    ],
)
def test_every_five_card_progressive_line(player, dealer, percent, fixed):
    game = one_hand(player, dealer, {"pair_plus": 5, "five_card": 5}, config=FIVE_CARD, meter=10_000_00)
    assert [award.percent for award in game.awards] == ([percent] if percent else [])
    pair_plus = {"AS KS QS": 40, "AH KH QH": 40, "9H 8H 7H": 40, "9H 9S 9D": 30, "AH JH 9H": 4, "9H 8S 7D": 6}
    assert game.net(1) == pair_plus.get(player, -1) * 5 - 5 + fixed + 10_000 * percent // 100


def test_the_mystery_bonus_needs_the_ante_and_a_progressive_wager():
    # § 649c.1(c)(1): "a Three Card Poker wager and a Three-Card progressive payout or
    # Five-Card progressive payout wager". Pair Plus with a progressive does not qualify.
    game = Round(config=FIVE_CARD)
    game.stack("2C 5D 8S 2D 5C 8H 3C 6D 9S 4C 7D TS")
    game.bet(1, 1, "ante", 5)
    game.bet(1, 1, "three_card", 1)
    game.bet(1, 1, "five_card", 5)
    game.bet(2, 2, "pair_plus", 5)
    game.bet(2, 2, "three_card", 1)
    game.bet(3, 3, "ante", 5)
    game.act(pr.CLOSE_BETTING)
    [lock] = game.locks
    assert [(w.kind, w.seat, w.amount) for w in lock] == [
        ("three_card", 1, 100),
        ("must_hit_by", 1, 100),
        ("five_card", 1, 500),
        ("must_hit_by", 1, 500),  # two qualifying wagers: both contribute (docs/rules/README.md)
        ("three_card", 2, 100),
    ]


def test_a_mystery_hit_is_paid_at_the_end_of_the_round_fold_or_not():
    game = one_hand("2C 5D 8S", "AH KD 9C", {"ante": 5, "three_card": 1}, decision="fold", mystery=(1,))
    assert game.net(1) == -5 - 1 + 150
    assert "Seat 1 wins the Must-Hit-By Mystery bonus: 150!" in game.log


def test_a_refused_progressive_wager_is_returned_and_cannot_win():
    game = one_hand("AS KS QS", "2C 5D 8H", {"pair_plus": 5, "three_card": 1}, refuse=("three_card",))
    assert game.awards == []
    assert game.net(1) == 200


def test_no_lock_without_a_progressive_offered():
    game = Round(config=Config(three_card_progressive=0, mystery=0))
    game.bet(1, 1, "ante", 5)
    game.act(pr.CLOSE_BETTING)
    assert game.locks == []


# -- refusals ------------------------------------------------------------------------


def refused(game, kind, player, seat, **data):
    before = game.state.to_json()
    with pytest.raises(IllegalAction) as error:
        game.act(kind, player, seat, **data)
    assert game.state.to_json() == before
    return str(error.value)


def test_bad_wagers_are_refused_with_a_message():
    game = Round()
    assert "Ante or Pair Plus wager first" in refused(game, "bet", 1, 1, spot="six_card", amount="5")
    assert "Ante or Pair Plus wager first" in refused(game, "bet", 1, 1, spot="three_card", amount="1")
    assert "5 to 500 chips; 4 is not" in refused(game, "bet", 1, 1, spot="ante", amount="4")
    assert "5 to 500 chips; 501 is not" in refused(game, "bet", 1, 1, spot="ante", amount="501")
    game.bet(1, 1, "ante", 5)
    assert "exactly 1 chip" in refused(game, "bet", 1, 1, spot="three_card", amount="2")
    assert "does not offer the Five-Card" in refused(game, "bet", 1, 1, spot="five_card", amount="5")
    assert "no betting area 'play'" in refused(game, "bet", 1, 1, spot="play", amount="5")
    assert "no betting area 'joker'" in refused(game, "bet", 1, 1, spot="joker", amount="5")
    assert "whole number of chips" in refused(game, "bet", 1, 1, spot="ante", amount="1.5")
    assert "No decision" in refused(game, "play", 1, 1)


def test_refusals_after_no_more_bets_and_out_of_turn():
    game = Round()
    game.stack("2C 5D 8S 2D 5C 8H 3C 6D 9S")
    game.bet(1, 1, "ante", 5)
    game.bet(2, 2, "ante", 5)
    game.act(pr.CLOSE_BETTING)
    assert "locked for this round" in refused(game, "bet", 1, 1, spot="three_card", amount="1")
    assert "No more bets" in refused(game, "bet", 1, 1, spot="ante", amount="5")
    game.act(pr.DEAL)
    assert game.state.turn == 1
    assert "seat 1's turn, not yours" in refused(game, "play", 2, 2)
    assert "takes no multiple" in refused(game, "fold", 1, 1, multiple="2")
    assert "Play is 1× the Ante; not 3×" in refused(game, "play", 1, 1, multiple="3")
    assert "previous player" in refused(game, "play", 9, 1)
    game.act("play", 1, 1)
    assert "seat 2's turn" in refused(game, "play", 1, 1)
    game.act("fold", 2, 2)
    assert game.state.phase == pr.RESULT
    assert "No decision" in refused(game, "play", 2, 2)


def test_an_unknown_action_is_refused():
    with pytest.raises(IllegalAction, match="Unknown action 'raise'"):
        rules.parse_action("raise", {})


def test_the_clock_folds_the_hand_and_a_leaver_folds_at_their_turn():
    game = Round()
    game.stack("2C 5D 8S 2D 5C 8H 3C 6D 9S")
    game.bet(1, 1, "ante", 5)
    game.bet(2, 2, "ante", 5)
    game.deal()
    key, seconds, action = rules.timer(game.state, game.config)
    assert (key, seconds, action.kind) == ("1:decide:0:1", 20, pr.DECISION_TIMEOUT)
    game.act(pr.DECISION_TIMEOUT)
    assert "Seat 1 is out of time: fold." in game.log
    game.act("leave", 2, 2)
    assert "Seat 2 leaves: fold." in game.log
    assert game.state.phase == pr.RESULT and game.escrow() == 0
    assert game.net(1) == game.net(2) == -5


def test_clear_and_leave_while_betting_return_every_wager():
    game = Round()
    game.bet(1, 1, "ante", 5)
    game.bet(1, 1, "pair_plus", 5)
    game.act("clear", 1, 1)
    game.bet(2, 2, "ante", 5)
    game.act("leave", 2, 2)
    assert game.net(1) == game.net(2) == 0 and game.state.spots == {}


def test_stacking_refuses_bad_cards():
    state = rules.new_state()
    for text, message in (
        ("AS AS", "typed 2 times"),
        ("JK", "not in the 52-card deck"),
        ("ZZ", "not a card"),
    ):
        with pytest.raises(IllegalAction, match=message):
            rules.stack(state, Config(), text)


def test_config_validation():
    assert Config().errors() == {}
    assert "pair_plus_paytable" in Config(pair_plus_paytable=4).errors()
    assert "mystery" in Config(three_card_progressive=0).errors()
    assert Config(three_card_progressive=0, five_card_progressive=1).errors() == {}
    assert "decision_seconds" in Config(decision_seconds=1).errors()
    assert "max_bet" in Config(min_bet=10, max_bet=5).errors()


# -- thousands of seeded random rounds -------------------------------------------------


def test_random_rounds_settle_every_chip():
    rng = random.Random(14)
    config = Config(five_card_progressive=1)
    game = Round(config=config, mystery=(2, 5))
    players = {seat: 100 + seat for seat in range(1, 7)}
    for _ in range(2_000):
        before = len(game.moves)
        for seat, player in players.items():
            if rng.random() < 0.2:
                continue
            if rng.random() < 0.8:
                game.bet(player, seat, "ante", rng.randint(5, 50))
            if rng.random() < 0.5:
                game.bet(player, seat, "pair_plus", rng.randint(5, 20))
            if str(seat) not in game.state.spots:
                continue
            for area, amount in (("six_card", rng.randint(5, 20)), ("three_card", 1), ("five_card", 5)):
                if rng.random() < 0.4:
                    game.bet(player, seat, area, amount)
        game.act(pr.CLOSE_BETTING)
        if game.state.phase == pr.DEALING:
            game.act(pr.DEAL)
        while game.state.phase == pr.DECIDING:
            seat = game.state.turn
            options = [option.action for option, _ in rules.legal_options(game.state, seat)]
            choice = rng.choice(options + ["timeout"])
            if choice == "timeout":
                game.act(pr.DECISION_TIMEOUT)
            else:
                game.act(choice, players[seat], seat)
        if game.state.phase == pr.RESULT:
            game.act(pr.NEXT_ROUND)
        assert game.state.phase == pr.BETTING
        round_moves = game.moves[before:]
        staked = sum(m.amount for m in round_moves if m.kind == STAKE)
        assert staked == sum(m.amount for m in round_moves if m.kind in (REFUND, RETURN, LOSE))


def test_rebet_double_and_undo_go_through_the_one_wager():
    # games/betting.py: each chip validated as a click; the Play wager is the decision's, not rebet.
    game = one_hand("AS KD 7C", "JH TD 8C", {"ante": 10, "pair_plus": 5, "three_card": 1})
    game.act(pr.NEXT_ROUND)
    assert game.state.last_bets == {"1": {"ante": 1000, "pair_plus": 500, "three_card": 100}}
    game.act("rebet", 1, 1)
    assert game.state.spot(1)["bets"] == {"ante": 1000, "pair_plus": 500, "three_card": 100}
    game.act("double_bets", 1, 1)  # the progressive has one size
    assert game.state.spot(1)["bets"] == {"ante": 2000, "pair_plus": 1000, "three_card": 100}
    game.act("undo", 1, 1)
    assert game.state.spot(1)["bets"] == {"ante": 1000, "pair_plus": 500, "three_card": 100}
    game.act("clear", 1, 1)
    assert game.net(1) == 10 - 5 - 1  # the first round's; everything wagered since came back


def test_a_rebet_beyond_the_limits_places_nothing():
    game = one_hand("AS KD 7C", "JH TD 8C", {"ante": 300})
    game.act(pr.NEXT_ROUND)
    game.act("bet", 1, 1, spot="ante", amount="300")
    assert "Double placed nothing: The Ante wager is 5 to 500 chips; 600 is not." in refused(
        game, "double_bets", 1, 1
    )


def test_the_rules_submission_names_the_qualifying_progressive_wager():
    # § 649c.1(c)(1): "... as indicated by the certificate holder in its Rules Submission".
    game = Round(config=Config(five_card_progressive=1, mystery_wagers=2))
    game.bet(1, 1, "ante", 5)
    game.bet(1, 1, "three_card", 1)
    game.bet(1, 1, "five_card", 5)
    game.act(pr.CLOSE_BETTING)
    # Each Mystery contribution names the wager it rides on (casino/tables/progressive_hook.py).
    assert [(w.kind, w.amount, w.rides_on) for w in game.locks[0]] == [
        ("three_card", 100, None),
        ("five_card", 500, None),
        ("must_hit_by", 500, "five_card"),
    ]
    assert "mystery_wagers" in Config(mystery_wagers=2).errors()  # the Five-Card wager is off
    assert "mystery_wagers" in Config(mystery_wagers=4).errors()
    assert Config(mystery_wagers=1).errors() == {}
