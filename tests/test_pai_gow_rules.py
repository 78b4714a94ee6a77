"""Pai Gow Poker rules, pure: a stacked deck and fixed dice deal each
scenario on purpose; every test checks the exact chips moved."""

import random

import pytest

from games.engine import LOSE, PROGRESSIVE_RESULT, REFUND, RETURN, STAKE, WIN, Action, IllegalAction
from games.pai_gow import rules
from games.pai_gow.how_to_play import how_to_play

ANN, BOB = 1, 2
# Dealer first (dice total 8): 9-8 in front of a pair of 5s is a Tiger 9.
TIGER_DEALER = "9S 8D 5C 5H 3S 2D 4C"
# No pair: K-7-5-3-2 behind, J-9 in front (J-high: no Tiger 9).
PLAIN_DEALER = "2S 3D 5C 7H 9S JD KC"
ANN_TWO_PAIR = "AS AH KS KH QD 4C 6D"
ANN_FULL_HOUSE = "AS AH AD KS KH 4C 6D"
BOB_NOTHING = "2C 3C 6H 8S TD QH 4S"


class Dice:
    """An rng whose dice come out as given (red, blue, blue)."""

    def __init__(self, *faces):
        self.faces = list(faces)

    def randint(self, low, high):
        return self.faces.pop(0)


class Table:
    def __init__(self, deck, config=None):
        self.config = config or rules.Config()
        self.state = rules.new_state()
        self.state.deck = deck.split()
        self.moves, self.log, self.locks, self.awards = [], [], [], []
        self.hits = []

    def do(self, kind, player=None, seat=None, rng=None, **data):
        outcome = rules.apply(
            self.state, Action(kind, player, data, seat=seat), self.config, rng or random.Random(3)
        )
        self.state = outcome.state
        self.moves += outcome.moves
        self.log += [line["text"] for line in outcome.log]
        if outcome.lock is not None:
            self.locks.append(outcome.lock)
            self.do(PROGRESSIVE_RESULT, hits=self.hits, awards=[], refused=[], error=None)
        if outcome.awards:
            self.awards += outcome.awards
            paid = [
                {"kind": a.kind, "seat": a.seat, "player": a.player, "cents": 50_000} for a in outcome.awards
            ]
            self.do(PROGRESSIVE_RESULT, hits=[], awards=paid, refused=[], error=None)
        return outcome

    def bet(self, player, seat, area, chips):
        return self.do(rules.BET, player, seat, spot=area, amount=chips * 100)

    def shake(self, seat, player, *faces):
        self.do(rules.CLOSE_BETTING)
        self.do(rules.SHAKE, player, seat, rng=Dice(*faces))
        return self.do(rules.DEAL)

    def net(self, player):
        sign = {STAKE: -1, REFUND: 1, RETURN: 1, WIN: 1, LOSE: 0}
        return sum(sign[m.kind] * m.amount for m in self.moves if m.player == player) / 100

    def escrow(self):
        sign = {STAKE: 1, REFUND: -1, RETURN: -1, LOSE: -1, WIN: 0}
        return sum(sign[m.kind] * m.amount for m in self.moves)


def deck(*stacks):
    """Stacks from the dealer on (dice total 8 or 15), then filler."""
    return " ".join(stacks) + " 7C 7D 7S 8C 8H 9C 9D 9H TC TH TS JC JH JS QC QS 2H 3H 4H 5D 5S 6C 6S 8H"


def test_dice_wagers_settle_on_the_roll_before_the_deal():
    table = Table(deck(PLAIN_DEALER, ANN_TWO_PAIR))
    table.bet(ANN, 1, rules.MAIN, 10)
    table.bet(ANN, 1, rules.SUM, 5)
    table.bet(ANN, 1, "match_3", 5)
    table.bet(ANN, 1, rules.BEAT_IT, 5)
    table.do(rules.CLOSE_BETTING)
    assert table.state.shooter == 1
    with pytest.raises(IllegalAction, match="No more bets"):
        table.bet(ANN, 1, rules.SUM, 5)
    table.do(rules.SHAKE, ANN, 1, rng=Dice(3, 3, 2))  # red 3, blues 3 and 2: total 8
    assert table.state.phase == rules.ROLLING
    table.do(rules.DEAL)
    # Sum A: 8 pays 3 to 1 (+15); Match 3: two 3s, 6 to 1 (+30); Beat It A: red 3 < blue 5 loses.
    assert table.net(ANN) == -10 + 15 + 30 - 5
    assert table.state.first_position == "dealer"  # 8 counts to the dealer (rule 15)
    assert table.state.spot(1)["cards"] == ANN_TWO_PAIR.split()


def test_both_hands_win_commission_free_and_with_the_commission():
    for commission_free, net in ((1, 10), (0, 9.5)):
        table = Table(deck(PLAIN_DEALER, ANN_TWO_PAIR), rules.Config(commission_free=commission_free))
        table.bet(ANN, 1, rules.MAIN, 10)
        table.shake(1, ANN, 3, 3, 2)
        table.do(rules.SET_HAND, ANN, 1, high=["AS", "AH", "KS", "KH", "4C"], low=["QD", "6D"])
        assert table.state.phase == rules.RESULT
        assert table.net(ANN) == net
        assert table.escrow() == 0
        story = next(line for line in table.log if line.startswith("Seat 1: high"))
        assert "beats the dealer's" in story and story.count("beats") == 2, story


def test_a_dealer_tiger_9_pushes_every_wager_and_pays_tiger_9_thirty_to_one():
    table = Table(deck(TIGER_DEALER, ANN_TWO_PAIR, BOB_NOTHING))
    table.bet(ANN, 1, rules.MAIN, 10)
    table.bet(ANN, 1, rules.TIGER_9, 5)
    table.bet(BOB, 2, rules.MAIN, 10)
    table.shake(1, ANN, 3, 3, 2)
    table.do(rules.HOUSE_WAY, ANN, 1)
    table.do(rules.CLOSE_SETTING)  # Bob's hand is set by the house way at the clock
    assert "Tiger 9" in " ".join(table.log)
    assert table.net(ANN) == 150 and table.net(BOB) == 0  # § 645c.1(e), (g)
    assert table.escrow() == 0


def test_a_losing_progressive_wager_is_in_the_round_summary():
    # Bob's two pair pays no progressive line: his $1 progressive wager loses.
    table = Table(deck(PLAIN_DEALER, ANN_FULL_HOUSE, ANN_TWO_PAIR))
    table.bet(ANN, 1, rules.MAIN, 10)
    table.bet(BOB, 2, rules.MAIN, 10)
    table.bet(BOB, 2, rules.PROGRESSIVE, 1)
    table.shake(1, ANN, 3, 3, 2)
    table.do(rules.CLOSE_SETTING)
    lines = table.state.results["2"]["lines"]
    assert "Progressive: −1" in lines, lines


def test_fortune_envy_and_the_progressive_on_seven_cards():
    table = Table(deck(PLAIN_DEALER, ANN_FULL_HOUSE, "QS QH QD QC 2C 3C 5H"))
    table.bet(ANN, 1, rules.MAIN, 10)
    table.bet(ANN, 1, rules.FORTUNE, 5)
    table.bet(ANN, 1, rules.PROGRESSIVE, 1)
    table.bet(BOB, 2, rules.MAIN, 10)
    table.bet(BOB, 2, rules.FORTUNE, 5)
    table.shake(1, ANN, 3, 3, 2)
    assert [(w.kind, w.seat, w.rides_on) for w in table.locks[0]] == [
        ("progressive_payout", 1, None),
        ("must_hit_by", 1, "progressive_payout"),
    ]
    table.do(rules.CLOSE_SETTING)
    results = table.state.results
    # Ann: a full house, Fortune 5 to 1 (+25), progressive 5 for 1 (collected $1, paid $5).
    assert any("Fortune bonus, full house, 5 to 1: +25" == line for line in results["1"]["lines"])
    assert any("Progressive, full house, 5 for 1: +4" == line for line in results["1"]["lines"])
    # Bob: four queens, Fortune 25 to 1; and $5 envy for... Ann has no four of a kind, so none.
    assert any(line.startswith("Fortune bonus, four of a kind, ") for line in results["2"]["lines"])
    # Ann's Fortune of $5 earns the $5 envy bonus for Bob's four of a kind.
    assert any("Envy bonus: +5" == line for line in results["1"]["lines"])
    assert table.escrow() == 0


def test_a_mystery_hit_at_no_more_bets_is_paid_at_the_result():
    table = Table(deck(PLAIN_DEALER, ANN_TWO_PAIR))
    table.hits = [{"kind": "must_hit_by", "seat": 1, "player": ANN, "cents": 15_234}]
    table.bet(ANN, 1, rules.MAIN, 10)
    table.bet(ANN, 1, rules.PROGRESSIVE, 1)
    table.shake(1, ANN, 3, 3, 2)
    table.do(rules.SET_HAND, ANN, 1, high=["AS", "AH", "KS", "KH", "4C"], low=["QD", "6D"])
    assert any("Mystery bonus: +152.34" in line for line in table.state.results["1"]["lines"])
    assert table.net(ANN) == 10 - 1 + 152.34


def test_the_dealer_shakes_when_the_chosen_player_does_not():
    table = Table(deck(PLAIN_DEALER, ANN_TWO_PAIR))
    table.bet(ANN, 1, rules.MAIN, 10)
    table.do(rules.CLOSE_BETTING)
    table.do(rules.SHAKE_TIMEOUT, rng=Dice(1, 1, 6))  # total 8 again
    assert table.state.phase == rules.ROLLING and "the dealer shakes" in table.log[-1]


def test_bad_input_is_refused_with_a_message():
    table = Table(deck(PLAIN_DEALER, ANN_TWO_PAIR, BOB_NOTHING), rules.Config(commission_free=0))
    with pytest.raises(IllegalAction, match="Pai Gow Poker wager first"):
        table.bet(ANN, 1, rules.FORTUNE, 5)
    table.bet(ANN, 1, rules.MAIN, 10)
    with pytest.raises(IllegalAction, match="does not offer the Tiger 9"):
        table.bet(ANN, 1, rules.TIGER_9, 5)  # a standard table (§ 645c.1(c))
    with pytest.raises(IllegalAction, match="no such face"):
        rules.parse_action(rules.BET, {"spot": "match_7", "amount": "5"})
    with pytest.raises(IllegalAction, match="exactly 1 chip"):
        table.bet(ANN, 1, rules.PROGRESSIVE, 5)
    table.bet(BOB, 2, rules.MAIN, 10)
    table.do(rules.CLOSE_BETTING)
    with pytest.raises(IllegalAction, match="Seat 1 presses Shake"):
        table.do(rules.SHAKE, BOB, 2, rng=Dice(3, 3, 2))
    table.do(rules.SHAKE, ANN, 1, rng=Dice(3, 3, 2))
    table.do(rules.DEAL)
    with pytest.raises(IllegalAction, match="foul"):
        table.do(rules.SET_HAND, ANN, 1, high=["KS", "KH", "QD", "6D", "4C"], low=["AS", "AH"])
    with pytest.raises(IllegalAction, match="your own seven cards"):
        table.do(rules.SET_HAND, ANN, 1, high=["AS", "AH", "KS", "KH", "2C"], low=["QD", "6D"])
    with pytest.raises(IllegalAction, match="no hand to set"):
        table.do(rules.SET_HAND, BOB, 1, high=["AS", "AH", "KS", "KH", "4C"], low=["QD", "6D"])
    table.do(rules.HOUSE_WAY, ANN, 1)
    with pytest.raises(IllegalAction, match="cannot be changed"):
        table.do(rules.HOUSE_WAY, ANN, 1)
    table.do(rules.CLOSE_SETTING)
    with pytest.raises(IllegalAction, match="not being set"):
        table.do(rules.HOUSE_WAY, BOB, 2)
    assert table.escrow() == 0


def test_random_rounds_keep_every_escrow_at_zero():
    rng = random.Random(645)
    config = rules.Config()
    state = rules.new_state()
    for _round in range(2000):
        escrow = 0
        for seat, player in ((1, ANN), (3, BOB), (6, 3)):
            if rng.random() < 0.8:
                areas = [(rules.MAIN, rng.choice([5, 10, 25]))]
                areas += [
                    (area, 5)
                    for area in (rules.FORTUNE, rules.TIGER_9, rules.SUM, "match_4", rules.BEAT_IT)
                    if rng.random() < 0.3
                ]
                if rng.random() < 0.5:
                    areas.append((rules.PROGRESSIVE, 1))
                for area, chips in areas:
                    outcome = rules.apply(
                        state,
                        Action(rules.BET, player, {"spot": area, "amount": chips * 100}, seat=seat),
                        config,
                        rng,
                    )
                    state, escrow = outcome.state, escrow + _escrow(outcome.moves)
        for _step in range(50):
            if state.phase == rules.SETTING and rng.random() < 0.5:
                unset = [s for s in state.seats() if state.spot(s)["high"] is None]
                seat = rng.choice(unset)
                action = Action(rules.HOUSE_WAY, state.spot(seat)["player"], {}, seat=seat)
            elif state.phase == rules.SHAKING and rng.random() < 0.5:
                action = Action(rules.SHAKE, state.spot(state.shooter)["player"], {}, seat=state.shooter)
            else:
                action = rules.timer(state, config)[2]
            outcome = rules.apply(state, action, config, rng)
            state, escrow = outcome.state, escrow + _escrow(outcome.moves)
            if outcome.lock is not None or outcome.awards:
                awards = [{"seat": a.seat, "cents": 50_000} for a in outcome.awards]
                result = Action(PROGRESSIVE_RESULT, None, {"hits": [], "awards": awards, "refused": []})
                outcome = rules.apply(state, result, config, rng)
                state, escrow = outcome.state, escrow + _escrow(outcome.moves)
            if state.phase == rules.BETTING:
                break
        else:
            raise AssertionError(f"round {state.round} never ended")
        assert escrow == 0


def _escrow(moves):
    sign = {STAKE: 1, REFUND: -1, RETURN: -1, LOSE: -1, WIN: 0}
    return sum(sign[m.kind] * m.amount for m in moves)


def test_a_test_table_can_fix_the_next_roll():
    table = Table(deck(PLAIN_DEALER, ANN_TWO_PAIR))
    table.state.dice = [6, 1, 1]  # red 6 beats the blues' 2 by 4
    table.bet(ANN, 1, rules.MAIN, 10)
    table.bet(ANN, 1, rules.BEAT_IT, 5)
    table.do(rules.CLOSE_BETTING)
    table.do(rules.SHAKE, ANN, 1)
    assert table.state.roll == [6, 1, 1]
    table.do(rules.DEAL)
    assert table.net(ANN) == -10 + 5 * 50  # Beat It A: by 4 points, 50 to 1


def test_a_one_chip_side_wager_maximum_reads_one_chip():
    # A Rules Submission may set the side wagers' maximum to 1 chip: the
    # refusal and the table's How to play say "1 chip" (games.engine.chip_word).
    config = rules.Config(commission_free=0, side_max=1)
    table = Table(deck(PLAIN_DEALER, ANN_TWO_PAIR, BOB_NOTHING), config)
    table.bet(ANN, 1, rules.MAIN, 10)
    with pytest.raises(IllegalAction, match=r"^The maximum on the Fortune bonus wager is 1 chip\.$"):
        table.bet(ANN, 1, rules.FORTUNE, 2)
    lines = [line for section in how_to_play(config) for line in (section.intro, *section.lines)]
    assert any(getattr(line, "text", "").endswith(": up to 1 chip.") for line in lines)
    assert table.state.spots["1"]["bets"] == {rules.MAIN: 1_000}  # the refusal placed nothing
