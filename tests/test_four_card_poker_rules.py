"""Four Card Poker on the poker engine, pure (docs/rules/four_card_poker.md, seed
§ 641c.1): every paytable line by a stacked deck, with the exact chips
moved; the deal's order; the Mystery bonus's qualification as § 641c.1(c)(1)
words it; the round's refusals; the Rules Submission's validation."""

import random

import pytest

from games.engine import LOSE, REFUND, RETURN, STAKE, IllegalAction
from games.four_card_poker import paytables, rules
from games.four_card_poker.rules import Config
from games.poker import round as pr
from tests import poker_rules

CHIP = 100
# The dealer's six in most hands below: queen high (Q-J-8-7), no pair, flush or straight.
WEAK_DEALER = "3D 5S 7C JD QC 8D"


class Round(poker_rules.Round):
    rules = rules
    seed = 641


def one_hand(player_cards, dealer_cards, bets, decision="play", multiple=3, config=None, **options):
    game = Round(config, **options)
    game.stack(f"{player_cards} {dealer_cards}")
    for area, chips in bets.items():
        game.bet(1, 1, area, chips)
    game.deal()
    if game.state.phase == pr.DECIDING:
        if decision == "play":
            game.act("play", 1, 1, multiple=str(multiple))
        else:
            game.act(decision, 1, 1)
    assert game.state.phase == pr.RESULT
    assert game.escrow() == 0
    return game


# -- the deal (rule 6) ----------------------------------------------------------------


def test_five_cards_to_each_hand_and_six_to_the_dealer_the_last_face_up():
    game = Round()
    game.stack("AS AH AD 7C 2S  KS KH KD KC 3S  3D 5S 7D JD QC 8D")
    game.bet(1, 1, "ante", 10)
    game.bet(2, 2, "ante", 10)
    game.deal()
    assert game.state.spot(1)["cards"] == ["AS", "AH", "AD", "7C", "2S"]
    assert game.state.spot(2)["cards"] == ["KS", "KH", "KD", "KC", "3S"]
    assert game.state.spot(1)["up"] == [False] * 5
    assert game.state.dealer["cards"] == ["3D", "5S", "7D", "JD", "QC", "8D"]
    assert game.state.dealer["up"] == [False] * 5 + [True]
    assert game.state.phase == pr.DECIDING and game.state.turn == 1


# -- Ante and Play (rules 7-9) ----------------------------------------------------------


@pytest.mark.parametrize("multiple", [1, 2, 3])
def test_a_play_of_each_multiple_wins_1_to_1_with_the_ante(multiple):
    game = one_hand("AS AH 9D 4C 2C", WEAK_DEALER, {"ante": 10}, multiple=multiple)
    assert game.net(1) == 10 + 10 * multiple
    assert "Play 1 to 1: +" + str(10 * multiple) in game.lines()


@pytest.mark.parametrize("multiple", [1, 2, 3])
def test_the_dealer_higher_loses_ante_and_play(multiple):
    game = one_hand("KS KH 9D 4C 2C", "AD AC 3S 5H 7D 8C", {"ante": 10}, multiple=multiple)
    assert game.net(1) == -10 - 10 * multiple


def test_the_player_wins_ties():
    # Rule 9: A-A-K-9 against A-A-K-9 (suits never rank): both 1 to 1.
    game = one_hand("AS AH KD 9C 2C", "AD AC KS 9H 3D 4S", {"ante": 10}, multiple=2)
    assert game.net(1) == 10 + 20
    assert any("a tie wins" in text for text in game.lines())


def test_the_dealer_uses_the_best_four_of_six_and_need_not_qualify():
    # The dealer's 2-3-4-5 straight is in its six; a pair of kings loses to it.
    game = one_hand("KS KH 9D 7C JC", "2D 3C 4S 5H 9S QD", {"ante": 10}, multiple=1)
    assert game.net(1) == -20
    # A dealer's queen high (Q-J-10-7: no qualifier, rule 8) still plays, and loses to a pair of 2s.
    game = one_hand("2S 2H 9D 4C 3H", "7D 6C 5S QH JH TS", {"ante": 10}, multiple=1)
    assert game.net(1) == 20


def test_a_fold_loses_the_ante_only():
    game = one_hand("AS AH 9D 4C 2C", WEAK_DEALER, {"ante": 10}, decision="fold")
    assert game.net(1) == -10
    assert game.lines() == ["Ante folded: −10"]


def test_the_clock_folds():
    game = Round()
    game.stack(f"AS AH 9D 4C 2C {WEAK_DEALER}")
    game.bet(1, 1, "ante", 10)
    game.deal()
    game.act(pr.DECISION_TIMEOUT)
    assert game.state.phase == pr.RESULT
    assert game.net(1) == -10
    assert "Seat 1 is out of time: fold." in game.log


# -- Ante Bonus (rule 10), both paytables --------------------------------------------------

BONUS_HANDS = {
    "four_of_a_kind": "9S 9H 9D 9C 2C",
    "straight_flush": "5H 6H 7H 8H 2C",
    "three_of_a_kind": "2S 2H 2D 5C 7D",
}
DEALER_FOUR_KINGS = "KS KH KD KC 3S 4D"


@pytest.mark.parametrize("paytable", [1, 2])
@pytest.mark.parametrize("line", list(BONUS_HANDS))
def test_the_ante_bonus_pays_on_the_ante_even_when_the_dealer_wins(paytable, line):
    config = Config(ante_bonus_paytable=paytable)
    odds = config.ante_bonus_table[line].left
    game = one_hand(BONUS_HANDS[line], DEALER_FOUR_KINGS, {"ante": 10}, multiple=1, config=config)
    assert game.net(1) == -20 + odds * 10
    assert f"Ante Bonus, {paytables.LINE_NAMES[line].lower()}, {odds} to 1: +{odds * 10}" in game.lines()


def test_the_ante_bonus_tables_are_the_rules_files():
    assert [Config(ante_bonus_paytable=n).ante_bonus_name for n in (1, 2)] == ["25-20-2", "30-15-2"]


def test_the_ante_bonus_on_top_of_a_win():
    game = one_hand("2S 2H 2D 5C 7D", WEAK_DEALER, {"ante": 10}, multiple=3)
    assert game.net(1) == 10 + 30 + 20


def test_no_ante_bonus_after_a_fold():
    game = one_hand("9S 9H 9D 9C 2C", DEALER_FOUR_KINGS, {"ante": 10}, decision="fold")
    assert game.net(1) == -10


# -- Aces Up (rule 11) -------------------------------------------------------------------

ACES_UP_HANDS = {
    "four_of_a_kind": "9S 9H 9D 9C 2C",
    "straight_flush": "5H 6H 7H 8H 2C",
    "three_of_a_kind": "9S 9H 9D 4C 2C",
    "flush": "2H 6H 9H KH 3C",
    "straight": "5C 6D 7H 8S KC",
    "two_pair": "9S 9H 4D 4C 2C",
    "pair_of_aces": "AS AH 9D 4C 2C",
}


@pytest.mark.parametrize("line", list(ACES_UP_HANDS))
def test_every_aces_up_line_alone(line):
    # Aces Up may be the only wager (Defaults): a hand of its own, no decision.
    odds = Config().aces_up_table[line].left
    game = one_hand(ACES_UP_HANDS[line], WEAK_DEALER, {"aces_up": 10})
    assert game.net(1) == odds * 10
    assert f"Aces Up, {paytables.LINE_NAMES[line].lower()}, {odds} to 1: +{odds * 10}" in game.lines()


def test_aces_up_whatever_the_dealer_holds_and_after_a_fold():
    game = one_hand("AS AH 9D 4C 2C", DEALER_FOUR_KINGS, {"ante": 10, "aces_up": 5}, decision="fold")
    assert game.net(1) == -10 + 5


def test_a_pair_below_aces_loses_aces_up():
    game = one_hand("KS KH 9D 4C 2C", WEAK_DEALER, {"aces_up": 10})
    assert game.net(1) == -10
    assert game.lines() == ["Aces Up: −10"]


def test_the_aces_up_tables_are_the_rules_files():
    assert Config().aces_up_name == "50-40-8-6-4-2-1"
    assert Config().aces_up_table == paytables.ACES_UP_PAYTABLES["50-40-8-6-4-2-1"]


# -- the Five-Card progressive (rule 12) and Envy ----------------------------------------

FIVE_CARD_HANDS = {
    "royal_flush": ("AS KS QS JS TS", 1_000),  # 100% of a 1,000-chip meter
    "straight_flush": ("5H 6H 7H 8H 9H", 100),  # 10% of the meter
    "four_of_a_kind": ("9S 9H 9D 9C 2C", 1_500),  # 300 for 1 on $5
    "full_house": ("9S 9H 9D 4C 4H", 250),
    "flush": ("2H 6H 9H KH 3H", 200),
    "straight": ("5C 6D 7H 8S 9C", 150),
    "three_of_a_kind": ("9S 9H 9D 4C 2C", 45),
    "two_pair": ("9S 9H 4D 4C 2C", 0),
}


@pytest.mark.parametrize("line", list(FIVE_CARD_HANDS))
def test_every_five_card_line_settled_after_a_fold(line):
    hand, paid = FIVE_CARD_HANDS[line]
    game = one_hand(hand, WEAK_DEALER, {"ante": 10, "five_card": 5}, decision="fold")
    assert game.net(1) == -10 - 5 + paid
    assert game.locks[0][0].kind == "five_card" and game.locks[0][0].amount == 500


def test_envy_for_another_players_royal_and_straight_flush_never_ones_own():
    game = Round()
    game.stack(f"2S 2H 4D 6C 9C  AS KS QS JS TS  5H 6H 7H 8H 9H  {WEAK_DEALER}")
    game.bet(1, 1, "aces_up", 5)
    game.bet(1, 1, "five_card", 5)
    game.bet(2, 2, "aces_up", 5)
    game.bet(3, 3, "aces_up", 5)
    game.bet(3, 3, "five_card", 5)
    game.deal()
    assert game.state.phase == pr.RESULT
    assert game.escrow() == 0
    # Seat 1: Aces Up and Five-Card lose; Envy $5,000 for seat 2's royal, $1,500 for seat 3's.
    assert game.net(1) == -5 - 5 + 5_000 + 1_500
    assert "Envy for seat 2's royal flush: +5,000" in game.lines(1)
    # Seat 2 has no Five-Card wager: no Envy (its Aces Up: a straight flush, 40 to 1). Seat 3:
    # Aces Up 40 to 1, its own straight flush (10% of the meter) and Envy for seat 2's royal only.
    assert game.net(2) == 200
    assert game.net(3) == 200 - 5 + 100 + 5_000
    assert not any("seat 3's" in text for text in game.lines(3))


def test_the_ante_play_and_ante_bonus_settle_from_the_dealers_right():
    """Rule 13: seat 2 (nearer the dealer's right) is settled before seat 1."""
    game = Round()
    game.stack(f"AS AH AD 6C 2S  KS KH 9D 4C 2C  {WEAK_DEALER}")
    for seat in (1, 2):
        game.bet(seat, seat, "ante", 10)
    game.deal()
    game.act("play", 1, 1, multiple="1")
    game.act("play", 2, 2, multiple="1")
    settled = [text.split(":")[0] for text in game.log if text.startswith("Seat ")]
    assert settled[0] == "Seat 2" and settled[-1] == "Seat 1"
    assert settled.index("Seat 1") > len(settled) - 1 - settled[::-1].index("Seat 2")
    assert game.net(1) == 10 + 10 + 20 and game.net(2) == 20


# -- the Must-Hit-By Mystery bonus (§ 641c.1) ----------------------------------------------


def _lock(bets, config=None, **options):
    game = Round(config, **options)
    for area, chips in bets.items():
        game.bet(1, 1, area, chips)
    game.act(pr.CLOSE_BETTING)
    return game, [(wager.kind, wager.amount) for wager in game.locks[0] or ()]


def test_the_ante_and_the_five_card_wager_qualify():
    # § 641c.1(c)(1): "a Four Card Poker wager and a ... Five-Card progressive payout wager".
    _, locked = _lock({"ante": 10, "five_card": 5})
    assert locked == [("five_card", 500), ("must_hit_by", 500)]


def test_aces_up_and_the_five_card_wager_do_not_qualify():
    _, locked = _lock({"aces_up": 10, "five_card": 5})
    assert locked == [("five_card", 500)]


def test_no_mystery_when_the_table_does_not_offer_it():
    _, locked = _lock({"ante": 10, "five_card": 5}, Config(mystery=0))
    assert locked == [("five_card", 500)]


def test_a_mystery_hit_is_paid_at_the_end_of_the_round_even_after_a_fold():
    game = Round(mystery=(1,))
    game.stack(f"2S 2H 4D 6C 9C {WEAK_DEALER}")
    game.bet(1, 1, "ante", 10)
    game.bet(1, 1, "five_card", 5)
    game.deal()
    game.act("fold", 1, 1)
    assert game.net(1) == -10 - 5 + 150
    assert "Mystery bonus: +150" in game.lines()


def test_a_refused_five_card_wager_is_returned_and_does_not_qualify():
    game = Round(refuse=("five_card",))
    game.stack(f"AS KS QS JS TS {WEAK_DEALER}")
    game.bet(1, 1, "ante", 10)
    game.bet(1, 1, "five_card", 5)
    game.deal()
    game.act("fold", 1, 1)
    assert game.net(1) == -10


# -- refusals -------------------------------------------------------------------------


def test_refusals_change_nothing():
    game = Round()
    with pytest.raises(IllegalAction, match="goes with it"):
        game.bet(1, 1, "five_card", 5)  # a progressive wager without a base wager
    game.bet(1, 1, "ante", 10)
    with pytest.raises(IllegalAction, match="exactly 5 chips"):
        game.bet(1, 1, "five_card", 1)
    with pytest.raises(IllegalAction, match="5 to 500"):
        game.bet(1, 1, "ante", 1_000)
    with pytest.raises(IllegalAction, match="5 to 100"):
        game.bet(1, 1, "aces_up", 200)
    with pytest.raises(IllegalAction, match="no betting area"):
        game.bet(1, 1, "play", 10)
    game.stack(f"AS AH 9D 4C 2C {WEAK_DEALER}")
    game.deal()
    with pytest.raises(IllegalAction, match="locked"):
        game.bet(1, 1, "five_card", 5)
    with pytest.raises(IllegalAction, match="No more bets"):
        game.bet(1, 1, "aces_up", 5)
    before = game.state.to_json()
    with pytest.raises(IllegalAction, match="not 4×"):
        game.act("play", 1, 1, multiple="4")
    with pytest.raises(IllegalAction, match="whole number"):
        game.act("play", 1, 1, multiple="three")
    with pytest.raises(IllegalAction, match="turn"):
        game.act("play", 2, 2, multiple="1")
    with pytest.raises(IllegalAction, match="Fold takes no multiple"):
        game.act("fold", 1, 1, multiple="2")
    assert game.state.to_json() == before


def test_the_play_buttons_are_1_2_and_3_times_the_ante_and_fold():
    game = Round()
    game.stack(f"AS AH 9D 4C 2C {WEAK_DEALER}")
    game.bet(1, 1, "ante", 10)
    game.deal()
    options = [(option.action, multiples) for option, multiples in rules.legal_options(game.state, 1)]
    assert options == [("play", (1, 2, 3)), ("fold", ())]


@pytest.mark.parametrize(
    "fields, name",
    [
        ({"ante_bonus_paytable": 3}, "ante_bonus_paytable"),
        ({"aces_up_paytable": 2}, "aces_up_paytable"),
        ({"aces_up": 2}, "aces_up"),
        ({"five_card_progressive": 0}, "mystery"),  # § 641c.1(a): the bonus needs the progressive
        ({"max_bet": 1}, "max_bet"),
        ({"side_max": 1}, "side_max"),
        ({"decision_seconds": 1}, "decision_seconds"),
        ({"min_bet": "x"}, "min_bet"),
    ],
)
def test_the_rules_submission_is_validated(fields, name):
    assert name in Config(**fields).errors()


def test_the_default_rules_submission_is_valid_and_a_table_without_progressives_too():
    assert Config().errors() == {}
    assert Config(five_card_progressive=0, mystery=0).errors() == {}


# -- thousands of seeded random rounds -------------------------------------------------


def test_random_rounds_settle_every_chip():
    rng = random.Random(641)
    game = Round(mystery=(2, 5))
    players = {seat: 100 + seat for seat in range(1, 7)}
    for _ in range(2_000):
        before = len(game.moves)
        for seat, player in players.items():
            if rng.random() < 0.2:
                continue
            if rng.random() < 0.8:
                game.bet(player, seat, "ante", rng.randint(5, 50))
            if rng.random() < 0.4:
                game.bet(player, seat, "aces_up", rng.randint(5, 20))
            if str(seat) in game.state.spots and rng.random() < 0.5:
                game.bet(player, seat, "five_card", 5)
        game.act(pr.CLOSE_BETTING)
        if game.state.phase == pr.DEALING:
            game.act(pr.DEAL)
        while game.state.phase == pr.DECIDING:
            seat = game.state.turn
            choices = [
                (option.action, multiple)
                for option, multiples in rules.legal_options(game.state, seat)
                for multiple in multiples or (None,)
            ]
            action, multiple = rng.choice([*choices, ("timeout", None)])
            if action == "timeout":
                game.act(pr.DECISION_TIMEOUT)
            elif multiple is None:
                game.act(action, players[seat], seat)
            else:
                game.act(action, players[seat], seat, multiple=str(multiple))
        if game.state.phase == pr.RESULT:
            game.act(pr.NEXT_ROUND)
        assert game.state.phase == pr.BETTING
        round_moves = game.moves[before:]
        staked = sum(m.amount for m in round_moves if m.kind == STAKE)
        assert staked == sum(m.amount for m in round_moves if m.kind in (REFUND, RETURN, LOSE))
