"""Crazy 4 Poker on the poker engine, pure (docs/rules/crazy_4_poker.md, seed
§ 657c.1): every numbered rule and every paytable line by a stacked deck,
with the exact chips moved; the Mystery bonus's qualification as
§ 657c.1(c)(1) words it; the round's refusals."""

import random

import pytest

from games.cards.cards import cards
from games.crazy_4_poker import rules
from games.crazy_4_poker.rules import Config
from games.engine import LOSE, REFUND, RETURN, STAKE, IllegalAction
from games.poker import round as pr
from tests import poker_rules

CHIP = 100
# Q-J-6-4 high: below king high, the dealer does not qualify (rule 7).
NO_QUALIFY = "QC JD 6S 4D 3C"


class Round(poker_rules.Round):
    rules = rules
    seed = 657


def one_hand(player_cards, dealer_cards, bets, decision="play", multiple=None, config=None, **options):
    game = Round(config, **options)
    game.stack(f"{player_cards} {dealer_cards}")
    for area, chips in bets.items():
        game.bet(1, 1, area, chips)
    game.deal()
    if game.state.phase == pr.DECIDING:
        data = {"multiple": str(multiple)} if multiple else {}
        game.act(decision, 1, 1, **data)
    assert game.state.phase == pr.RESULT
    assert game.escrow() == 0
    return game


# -- rule 3: the wagers ----------------------------------------------------------------


def test_the_super_bonus_is_placed_with_the_ante_at_its_amount():
    game = Round()
    outcome = game.bet(1, 1, "ante", 10)
    assert [(m.kind, m.amount, m.memo) for m in outcome.moves] == [
        (STAKE, 1000, "seat 1 ante"),
        (STAKE, 1000, "seat 1 super_bonus"),
    ]
    assert game.state.spot(1)["bets"] == {"ante": 1000, "super_bonus": 1000}
    game.bet(1, 1, "ante", 5)
    assert game.state.spot(1)["bets"] == {"ante": 1500, "super_bonus": 1500}
    with pytest.raises(IllegalAction, match="Super Bonus is always equal to the Ante"):
        game.bet(1, 1, "super_bonus", 5)
    with pytest.raises(IllegalAction, match="Ante wager is 5 to 500 chips; 501 is not"):
        game.bet(1, 1, "ante", 486)
    assert game.state.spot(1)["bets"] == {"ante": 1500, "super_bonus": 1500}


def test_side_and_progressive_wagers_need_the_ante_and_the_progressive_has_one_size():
    game = Round()
    with pytest.raises(IllegalAction, match="Place the Ante wager first: the Queens Up goes with it"):
        game.bet(1, 1, "queens_up", 5)
    with pytest.raises(IllegalAction, match="Place the Ante wager first"):
        game.bet(1, 1, "five_card", 5)
    with pytest.raises(IllegalAction, match="Super Bonus is always equal"):
        game.bet(1, 1, "super_bonus", 5)
    game.bet(1, 1, "ante", 5)
    with pytest.raises(IllegalAction, match="Five-Card progressive wager is exactly 5 chips"):
        game.bet(1, 1, "five_card", 1)
    with pytest.raises(IllegalAction, match="Queens Up wager is 5 to 100 chips"):
        game.bet(1, 1, "queens_up", 101)
    game.bet(1, 1, "five_card", 5)
    game.act(pr.CLOSE_BETTING)
    with pytest.raises(IllegalAction, match="No more bets: the Five-Card progressive is locked"):
        game.bet(1, 1, "five_card", 5)
    with pytest.raises(IllegalAction, match="No more bets"):
        game.bet(1, 1, "queens_up", 5)


def test_a_table_without_queens_up_or_the_progressive_refuses_them():
    game = Round(Config(queens_up=0, five_card_progressive=0, mystery=0))
    game.bet(1, 1, "ante", 5)
    with pytest.raises(IllegalAction, match="does not offer the Queens Up"):
        game.bet(1, 1, "queens_up", 5)
    with pytest.raises(IllegalAction, match="does not offer the Five-Card progressive"):
        game.bet(1, 1, "five_card", 5)


def test_undo_rebet_and_double_keep_the_super_bonus_equal_to_the_ante():
    game = Round()
    game.bet(1, 1, "ante", 10)
    game.bet(1, 1, "queens_up", 5)
    outcome = game.act("undo", 1, 1)
    assert [(m.kind, m.amount) for m in outcome.moves] == [(REFUND, 500)]
    outcome = game.act("undo", 1, 1)
    assert [(m.kind, m.amount) for m in outcome.moves] == [(REFUND, 2000)]
    assert "1" not in game.state.spots
    game.bet(1, 1, "ante", 10)
    game.bet(1, 1, "queens_up", 5)
    outcome = game.act("double_bets", 1, 1)
    assert sum(m.amount for m in outcome.moves if m.kind == STAKE) == 2500
    assert game.state.spot(1)["bets"] == {"ante": 2000, "super_bonus": 2000, "queens_up": 1000}
    game.stack(f"QS QH 9D 5C 2S {NO_QUALIFY}")
    game.deal()
    game.act("fold", 1, 1)
    game.act(pr.NEXT_ROUND)
    outcome = game.act("rebet", 1, 1)
    assert game.state.spot(1)["bets"] == {"ante": 2000, "super_bonus": 2000, "queens_up": 1000}
    assert sum(m.amount for m in outcome.moves if m.kind == STAKE) == 5000
    outcome = game.act("undo", 1, 1)
    assert [(m.kind, m.amount) for m in outcome.moves] == [(REFUND, 5000)]


# -- rules 5 and 6: the deal and the decision -------------------------------------------


def test_five_cards_face_down_to_each_hand_and_to_the_dealer():
    game = Round()
    game.stack(f"QS QH 9D 5C 2S KS KH 9C 5D 2H {NO_QUALIFY}")
    game.bet(1, 1, "ante", 5)
    game.bet(2, 2, "ante", 5)
    game.deal()
    assert game.state.spot(1)["cards"] == ["QS", "QH", "9D", "5C", "2S"]
    assert game.state.spot(2)["cards"] == ["KS", "KH", "9C", "5D", "2H"]
    assert game.state.dealer == {"cards": NO_QUALIFY.split(), "up": [False] * 5}
    assert game.state.spot(1)["up"] == [False] * 5
    assert game.state.turn == 1


def test_a_fold_loses_the_ante_the_super_bonus_and_queens_up():
    game = one_hand("AS AH AD AC 2S", NO_QUALIFY, {"ante": 10, "queens_up": 5}, decision="fold")
    assert game.net(1) == -25
    assert game.lines() == ["Ante folded: −10", "Super Bonus folded: −10", "Queens Up folded: −5"]


def test_play_is_the_ante_and_3x_only_with_a_pair_of_aces_or_better():
    game = Round()
    game.stack(f"KS KH 9D 5C 2S AS AH 9C 5D 2H {NO_QUALIFY}")
    game.bet(1, 1, "ante", 10)
    game.bet(2, 2, "ante", 10)
    game.deal()
    assert [(o.action, m) for o, m in rules.legal_options(game.state, 1)] == [("play", (1,)), ("fold", ())]
    with pytest.raises(IllegalAction, match="Play is 1× the Ante; not 3×"):
        game.act("play", 1, 1, multiple="3")
    game.act("play", 1, 1)
    assert game.state.spot(1)["bets"]["play"] == 1000
    assert [(o.action, m) for o, m in rules.legal_options(game.state, 2)] == [("play", (1, 3)), ("fold", ())]
    with pytest.raises(IllegalAction, match="Play is 1×, 3× the Ante: choose one"):
        game.act("play", 2, 2)
    with pytest.raises(IllegalAction, match="not 2×"):
        game.act("play", 2, 2, multiple="2")
    game.act("play", 2, 2, multiple="3")
    # The dealer does not qualify: the Ante pushes, the Play wins 1 to 1 (rule 8).
    assert game.net(1) == 10 and game.net(2) == 30


def test_the_action_clock_folds_the_hand():
    game = Round()
    game.stack(f"AS AH 9D 5C 2S {NO_QUALIFY}")
    game.bet(1, 1, "ante", 10)
    game.deal()
    game.act(pr.DECISION_TIMEOUT)
    assert game.state.phase == pr.RESULT and game.state.spot(1)["folded"]
    assert game.net(1) == -20
    assert "Seat 1 is out of time: fold." in game.log


# -- rules 7 and 8: the qualifier, Ante and Play -----------------------------------------


@pytest.mark.parametrize(
    "player, dealer, multiple, net, ante, play",
    [
        # Q-J-6-4 does not qualify: Ante push, Play 1 to 1; the Super Bonus pushes below a straight.
        ("KS KH 9D 5C 2S", NO_QUALIFY, 1, 10, "Ante, the dealer does not qualify: ±0", "+10"),
        ("AS AH 9D 5C 2S", NO_QUALIFY, 3, 30, "Ante, the dealer does not qualify: ±0", "+30"),
        # King high qualifies.
        ("AS QH 9D 5C 2S", "KC 8D 6S 4H 2C", 1, 20, "Ante, beats the dealer, 1 to 1: +10", "+10"),
        # A tie of the best four pushes Ante, Play and Super Bonus (suits never rank).
        ("QS QH 9D 5C 2S", "QD QC 9S 5H 3D", 1, 0, "Ante, a tie: ±0", "±0"),
        # The dealer higher: Ante, Play and the Super Bonus lose.
        ("QS QH 9D 5C 2S", "KD KC 8S 5H 3D", 1, -30, "Ante, the dealer is higher: −10", "−10"),
    ],
)
def test_ante_and_play_against_the_king_high_qualifier(player, dealer, multiple, net, ante, play):
    game = one_hand(player, dealer, {"ante": 10}, multiple=multiple)
    assert game.net(1) == net
    lines = game.lines()
    assert lines[1] == ante
    assert lines[0].endswith(play)


def test_a_king_high_dealer_qualifies_and_a_queen_high_does_not():
    assert rules.qualifies(rules.hand_value(cards(["KC", "5D", "4S", "3H", "2C"])))
    assert not rules.qualifies(rules.hand_value(cards(["QC", "JD", "9S", "8H", "6C"])))


# -- rule 9: the Super Bonus -------------------------------------------------------------


@pytest.mark.parametrize(
    "player, winnings, line",
    [
        ("AS AH AD AC 2S", 2000, "four aces, 200 to 1"),
        ("KS KH KD KC 2S", 300, "four of a kind, 30 to 1"),
        ("9H 8H 7H 6H 2C", 150, "straight flush, 15 to 1"),
        ("7S 7H 7D KC 2S", 20, "three of a kind, 2 to 1"),
        ("AH JH 8H 4H 2C", 15, "flush, 3 to 2"),
        ("9S 8H 7D 6C 2S", 10, "straight, 1 to 1"),
    ],
)
def test_every_super_bonus_line(player, winnings, line):
    game = one_hand(player, NO_QUALIFY, {"ante": 10}, multiple=1)
    assert game.net(1) == 10 + winnings  # the Play's 1 to 1, the Ante's push, the Super Bonus
    assert f"Super Bonus, {line}: +{winnings:,}" in game.lines()


def test_a_super_bonus_straight_is_paid_when_the_dealer_beats_it():
    game = one_hand("9S 8H 7D 6C 2S", "KD KC KH 5H 3D", {"ante": 10}, multiple=1)
    assert game.net(1) == -10  # Ante −10, Play −10, Super Bonus +10
    assert game.lines() == [
        "Play, the dealer is higher: −10",
        "Ante, the dealer is higher: −10",
        "Super Bonus, straight, 1 to 1: +10",
    ]


@pytest.mark.parametrize(
    "player, dealer, result",
    [
        ("KS KH 9D 5C 2S", NO_QUALIFY, "Super Bonus, below a straight: ±0"),
        ("QS QH 9D 5C 2S", "QD QC 9S 5H 3D", "Super Bonus, below a straight: ±0"),
        ("KS KH 9D 5C 2S", "QD QC 9S 5H 3D", "Super Bonus, below a straight: ±0"),
        ("QS QH 9D 5C 2S", "KD KC 8S 5H 3D", "Super Bonus, the dealer is higher: −10"),
    ],
)
def test_below_a_straight_the_super_bonus_loses_only_to_a_qualifying_dealer_who_beats_the_player(
    player, dealer, result
):
    game = one_hand(player, dealer, {"ante": 10}, multiple=1)
    assert game.lines()[-1] == result


# -- rule 10: Queens Up --------------------------------------------------------------------


@pytest.mark.parametrize(
    "player, super_bonus, queens_up, line",
    [
        ("AS AH AD AC 2S", 2000, 250, "four of a kind, 50 to 1"),  # four aces are a four of a kind here
        ("KS KH KD KC 2S", 300, 250, "four of a kind, 50 to 1"),
        ("9H 8H 7H 6H 2C", 150, 200, "straight flush, 40 to 1"),
        ("7S 7H 7D KC 2S", 20, 40, "three of a kind, 8 to 1"),
        ("AH JH 8H 4H 2C", 15, 20, "flush, 4 to 1"),
        ("9S 8H 7D 6C 2S", 10, 15, "straight, 3 to 1"),
        ("JS JH 5D 5C 2S", 0, 10, "two pair, 2 to 1"),
        ("QS QH 9D 5C 2S", 0, 5, "pair of queens or better, 1 to 1"),
        ("AS AH 9D 5C 2S", 0, 5, "pair of queens or better, 1 to 1"),
    ],
)
def test_every_queens_up_line(player, super_bonus, queens_up, line):
    game = one_hand(player, NO_QUALIFY, {"ante": 10, "queens_up": 5}, multiple=1)
    assert game.net(1) == 10 + super_bonus + queens_up
    assert f"Queens Up, {line}: +{queens_up}" in game.lines()


def test_queens_up_loses_below_queens_and_pays_whatever_the_dealer_holds():
    game = one_hand("JS JH 9D 5C 2S", NO_QUALIFY, {"ante": 10, "queens_up": 5})
    assert game.net(1) == 5 and "Queens Up: −5" in game.lines()
    game = one_hand("QS QH 9D 5C 2S", "KD KC 8S 5H 3D", {"ante": 10, "queens_up": 5})
    assert game.net(1) == -25  # Ante, Play and Super Bonus lose; Queens Up 1 to 1


# -- rule 11: the Five-Card progressive and Envy -------------------------------------------


@pytest.mark.parametrize(
    "player, paid, line",
    [
        ("AS KS QS JS TS", 1000, "Five-Card progressive, 1,000 from the meter: +995"),
        ("9H 8H 7H 6H 5H", 100, "Five-Card progressive, 100 from the meter: +95"),
        ("KS KH KD KC 2S", 1500, "Five-Card progressive, four of a kind, 300 for 1: +1,495"),
        ("7S 7H 7D KH KS", 250, "Five-Card progressive, full house, 50 for 1: +245"),
        ("AH JH 8H 4H 2H", 200, "Five-Card progressive, flush, 40 for 1: +195"),
        ("9S 8H 7D 6C 5S", 150, "Five-Card progressive, straight, 30 for 1: +145"),
        ("7S 7H 7D KC 2S", 45, "Five-Card progressive, three of a kind, 9 for 1: +40"),
        ("JS JH 5D 5C 2S", 0, "Five-Card progressive: −5"),
    ],
)
def test_every_five_card_progressive_line_on_the_players_five_cards_even_after_a_fold(player, paid, line):
    game = one_hand(player, NO_QUALIFY, {"ante": 10, "five_card": 5}, decision="fold")
    assert game.net(1) == -20 - 5 + paid  # the fold loses Ante and Super Bonus; the $5 was collected
    assert game.lines()[-1] == line


def test_envy_for_each_other_players_straight_flush_or_better_never_ones_own_nor_the_dealers():
    game = Round()
    game.stack("2C 5D 8C JC KH AS KS QS JS TS 9H 8H 7H 6H 5H AD KD QD JD TD")
    for seat in (1, 2, 3):
        game.bet(seat, seat, "ante", 5)
        game.bet(seat, seat, "five_card", 5)
    game.deal()
    for seat in (1, 2, 3):
        game.act("fold", seat, seat)
    assert game.escrow() == 0
    assert game.lines(1)[-2:] == [
        "Envy for seat 2's royal flush: +5,000",
        "Envy for seat 3's straight flush: +1,500",
    ]
    assert game.net(1) == -15 + 6500
    envy = [text for text in game.lines(2) if text.startswith("Envy")]
    assert envy == ["Envy for seat 3's straight flush: +1,500"]  # not its own royal
    assert game.net(2) == -15 + 1000 + 1500
    envy = [text for text in game.lines(3) if text.startswith("Envy")]
    assert envy == ["Envy for seat 2's royal flush: +5,000"]  # the dealer's royal pays nobody
    assert game.net(3) == -15 + 100 + 5000


def test_envy_needs_the_five_card_wager():
    game = Round()
    game.stack(f"2C 5D 8C JC KH AS KS QS JS TS {NO_QUALIFY}")
    game.bet(1, 1, "ante", 5)
    game.bet(2, 2, "ante", 5)
    game.deal()
    game.act("fold", 1, 1)
    game.act("play", 2, 2, multiple="3")
    assert game.net(1) == -10
    assert game.net(2) == 15 + 75  # Play 3× 1 to 1, Ante push, Super Bonus: a straight flush, 15 to 1


# -- rule 12: settlement order ---------------------------------------------------------------


def test_settlement_in_rule_12s_order():
    game = Round()
    game.stack(f"KS KH KD KC 2S AH AD 9D 5C 2H {NO_QUALIFY}")
    for seat in (1, 2):
        game.bet(seat, seat, "ante", 10)
        game.bet(seat, seat, "queens_up", 5)
        game.bet(seat, seat, "five_card", 5)
    game.deal()
    game.act("play", 1, 1, multiple="3")
    game.act("play", 2, 2, multiple="1")
    assert game.lines(1) == [
        "Play, the dealer does not qualify, 1 to 1: +30",
        "Ante, the dealer does not qualify: ±0",
        "Queens Up, four of a kind, 50 to 1: +250",
        "Super Bonus, four of a kind, 30 to 1: +300",
        "Five-Card progressive, four of a kind, 300 for 1: +1,495",
    ]
    assert game.net(1) == 30 + 250 + 300 - 5 + 1500
    settled = [text for text in game.log if text.startswith("Seat")]
    # Each seat's Play, Ante, Queens Up and Super Bonus, then the progressives.
    assert [text.split(":")[0] for text in settled][:3] == ["Seat 1", "Seat 1", "Seat 1"]
    assert settled.index(next(t for t in settled if "Five-Card" in t)) > max(
        i for i, t in enumerate(settled) if "Super Bonus" in t
    )


# -- the Must-Hit-By Mystery bonus (§ 657c.1) ------------------------------------------------


def test_the_mystery_bonus_needs_a_crazy_4_poker_wager_and_the_five_card_progressive():
    game = Round(mystery=(1,))
    game.stack(f"JS JH 9D 5C 2S 2C 5D 8H JC KC {NO_QUALIFY}")
    game.bet(1, 1, "ante", 5)
    game.bet(1, 1, "five_card", 5)
    game.bet(2, 2, "ante", 5)
    game.bet(2, 2, "queens_up", 5)
    game.deal()
    lock = game.locks[0]
    assert [(w.kind, w.seat, w.amount) for w in lock] == [("five_card", 1, 500), ("must_hit_by", 1, 500)]
    game.act("fold", 1, 1)  # the bonus is decided at the lock: a fold keeps it
    game.act("fold", 2, 2)
    assert game.net(1) == -10 - 5 + 150
    assert "Mystery bonus: +150" in game.lines(1)


def test_no_mystery_contribution_when_the_table_does_not_offer_it():
    game = Round(Config(mystery=0))
    game.bet(1, 1, "ante", 5)
    game.bet(1, 1, "five_card", 5)
    game.act(pr.CLOSE_BETTING)
    assert [w.kind for w in game.locks[0]] == ["five_card"]


# -- the Rules Submission ----------------------------------------------------------------------


def test_the_rules_submission_is_validated():
    assert Config().errors() == {}
    errors = Config(
        queens_up=2, min_bet=0, max_bet=-1, side_max=-1, decision_seconds=1, betting_seconds=900
    ).errors()
    assert set(errors) == {
        "queens_up",
        "min_bet",
        "max_bet",
        "side_max",
        "decision_seconds",
        "betting_seconds",
    }
    assert "Mystery bonus needs the Five-Card" in Config(five_card_progressive=0).errors()["mystery"]
    assert Config(five_card_progressive=0, mystery=0).errors() == {}
    assert "max_bet" in Config(min_bet=10, max_bet=5).errors()


# -- thousands of seeded random rounds --------------------------------------------------------


def test_thousands_of_random_rounds_settle_every_chip():
    """Up to five players, random wagers (undo, rebet and double among them)
    and random legal decisions or the clock, meter awards and Mystery hits:
    every round's escrow ends at zero and nobody is paid for a wager never placed."""
    choices = random.Random(6571)
    game = Round(mystery=(2, 4))
    players = {seat: 100 + seat for seat in range(1, 6)}
    for number in range(2_000):
        before = len(game.moves)
        for seat, player in players.items():
            roll = choices.random()
            try:
                if roll < 0.15:
                    game.act("rebet", player, seat)
                elif roll < 0.9:
                    game.bet(player, seat, "ante", choices.choice([5, 10, 25]))
                    if choices.random() < 0.5:
                        game.bet(player, seat, "queens_up", choices.choice([5, 10]))
                    if choices.random() < 0.5:
                        game.bet(player, seat, "five_card", 5)
                    if choices.random() < 0.1:
                        game.act("double_bets", player, seat)
                    if choices.random() < 0.1:
                        game.act("undo", player, seat)
            except IllegalAction:
                pass  # a rebet with no previous round, a double beyond the limit: refused, as it should be
        for spot in game.state.spots.values():
            assert spot["bets"].get("super_bonus") == spot["bets"].get("ante")  # rule 3, always
        game.act(pr.CLOSE_BETTING)
        if game.state.phase == pr.DEALING:
            game.act(pr.DEAL)
        while game.state.phase == pr.DECIDING:
            seat = game.state.turn
            if choices.random() < 0.05:
                game.act(pr.DECISION_TIMEOUT)
                continue
            option, multiples = choices.choice(rules.legal_options(game.state, seat))
            data = {"multiple": str(choices.choice(multiples))} if len(multiples) > 1 else {}
            game.act(option.action, players[seat], seat, **data)
        if game.state.phase == pr.RESULT:
            game.act(pr.NEXT_ROUND)
        assert game.state.phase == pr.BETTING, number
        moves = game.moves[before:]
        staked = sum(m.amount for m in moves if m.kind == STAKE)
        assert staked == sum(m.amount for m in moves if m.kind in (REFUND, RETURN, LOSE)), number
    assert game.state.round == 2_001
