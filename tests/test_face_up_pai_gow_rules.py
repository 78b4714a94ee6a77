"""Face Up Pai Gow Poker, pure: stacked decks force each rule of
docs/rules/face_up_pai_gow.md and each paytable line; every test checks the exact chips
moved. The dealer's cards come first ("first dealer"), then seat 1, 2, ..."""

import json
import random
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from games.cards.cards import cards, to_json
from games.engine import LOSE, PROGRESSIVE_RESULT, RETURN, STAKE, WIN, Action, IllegalAction
from games.face_up_pai_gow import edge, paytables, rules, simulate, solver
from games.face_up_pai_gow.how_to_play import how_to_play
from games.pai_gow import house_way

ANN, BOB = 1, 2
REFERENCE_RUNS = Path(__file__).resolve().parent.parent / "games" / "lab" / "reference_runs.json"
# An Ace High Pai Gow: ace high, no pair, no straight, no flush (rule 6).
ACE_HIGH_DEALER = "AS QD 9C 7H 5S 3D 2C"
ANN_QUADS = "KS KH KC KD 4C 4D 2D"
BOB_THREE_PAIR = "JS JH 8S 8H 6C 6D TD"
# Pair of queens / K-J by the house way: not an Ace High Pai Gow.
QUEENS_DEALER = "QC QD KH JS 6C 4H 2D"
# The house way splits the two pair (jacks behind, 7-7 in front: a push against
# this dealer); kept together behind A-9 both hands win.
ANN_TWO_PAIR = "9S JC AS KC 7H JH 7S"
BOB_TENS = "TS TH 8D 7C 5S 3D 2H"  # tens / 8-7 by the house way: both hands lose


class Table:
    def __init__(self, *hands, **config):
        self.config = rules.Config(**{"progressive": 1, "mystery": 0, **config})
        self.state = rules.stack(rules.new_state(), self.config, "first dealer; " + " ".join(hands))
        self.moves, self.log, self.awards = [], [], []

    def do(self, kind, player=None, seat=None, **data):
        action = (
            rules.parse_action(kind, data) if kind in (rules.BET, rules.SET_HAND) else Action(kind, data=data)
        )
        outcome = rules.apply(
            self.state, Action(action.kind, player, action.data, seat=seat), self.config, random.Random(3)
        )
        self.state = outcome.state
        self.moves += outcome.moves
        self.log += [line["text"] for line in outcome.log]
        if outcome.lock is not None:
            self.do(PROGRESSIVE_RESULT, hits=[], awards=[], refused=[], error=None)
        if outcome.awards:
            self.awards += outcome.awards
            paid = [
                {"kind": a.kind, "seat": a.seat, "player": a.player, "cents": 50_000} for a in outcome.awards
            ]
            self.do(PROGRESSIVE_RESULT, hits=[], awards=paid, refused=[], error=None)
        return outcome

    def bet(self, player, seat, area, chips):
        return self.do(rules.BET, player, seat, spot=area, amount=str(chips))

    def deal(self):
        self.do(rules.CLOSE_BETTING)
        return self.do(rules.DEAL)

    def net(self, player):
        sign = {STAKE: -1, RETURN: 1, WIN: 1, LOSE: 0}
        return sum(sign[m.kind] * m.amount for m in self.moves if m.player == player) / 100

    def escrow(self):
        sign = {STAKE: 1, RETURN: -1, LOSE: -1, WIN: 0}
        return sum(sign[m.kind] * m.amount for m in self.moves)

    def memo(self, text):
        return [(m.kind, m.amount) for m in self.moves if m.memo == text]


def test_a_dealer_ace_high_pai_gow_pushes_every_main_wager_and_nobody_sets():
    table = Table(ACE_HIGH_DEALER, ANN_QUADS, BOB_THREE_PAIR, ace_high_bonus=8)
    for area, chips in (("main", 10), ("ace_high_bonus", 5), ("fortune", 5), ("progressive", 1)):
        table.bet(ANN, 1, area, chips)
    table.bet(BOB, 2, "main", 10)
    table.bet(BOB, 2, "fortune", 5)
    table.deal()
    # Rules 5-7: face up, set by the house way, checked: the round is settled at the deal.
    assert table.state.phase == rules.RESULT and table.state.dealer["push"] == rules.ACE_HIGH_PAI_GOW
    assert table.state.spot(1)["high"] is None  # players do not set
    assert "Ace High Pai Gow: every Face Up Pai Gow wager pushes." in table.log
    assert table.memo("seat 1 main push") == [(RETURN, 1000)] and table.memo("seat 2 main push") == [
        (RETURN, 1000)
    ]
    assert table.memo("seat 1 ace high bonus") == [(RETURN, 500), (WIN, 4000)]  # 8 to 1
    assert table.memo("seat 1 fortune") == [
        (STAKE, 500),
        (RETURN, 500),
        (WIN, 12_500),
    ]  # four of a kind 25 to 1
    assert table.memo("seat 1 progressive") == [(STAKE, 100), (WIN, 2_500)]  # 25 for 1, collected at the lock
    assert table.memo("seat 2 fortune") == [(STAKE, 500), (LOSE, 500)]  # three pair: no line
    assert table.memo("seat 2 envy") == [(WIN, 500)]  # Ann's four of a kind: $5 (rule 11)
    assert table.memo("seat 1 envy") == []
    assert table.net(ANN) == 40 + 125 + 24 and table.net(BOB) == 0 and table.escrow() == 0
    lines = table.state.results["1"]["lines"]
    assert lines[:2] == [
        "Face Up Pai Gow, the dealer's Ace High Pai Gow, a push: ±0",
        "Ace High Bonus, 8 to 1: +40",
    ]
    # A set_hand after the push is refused with a message, and changes nothing.
    before = table.state.to_json()
    with pytest.raises(
        IllegalAction, match="The dealer has an Ace High Pai Gow: every Face Up Pai Gow wager pushed"
    ):
        table.do(rules.SET_HAND, ANN, 1, high="KS KH KC KD 4C", low="4D 2D")
    with pytest.raises(IllegalAction, match="no hand to set"):
        table.do(rules.HOUSE_WAY, BOB, 2)
    assert table.state.to_json() == before


def test_the_dealer_is_face_up_and_set_before_anyone_sets_then_players_set_seeing_it():
    table = Table(QUEENS_DEALER, ANN_TWO_PAIR, BOB_TENS, ace_high_bonus=6)
    table.bet(ANN, 1, "main", 10)
    table.bet(ANN, 1, "ace_high_bonus", 5)
    table.bet(BOB, 2, "main", 10)
    table.deal()
    dealer = table.state.dealer
    assert table.state.phase == rules.SETTING and dealer["push"] is None
    assert (dealer["high"], dealer["low"]) == (["QC", "QD", "6C", "4H", "2D"], ["KH", "JS"])
    assert "The dealer's cards are face up: Q♣ Q♦ 6♣ 4♥ 2♦ / K♥ J♠." in table.log
    # The hint: the house way pushes (jacks lose to queens, 7-7 beats K-J); the two pair
    # kept together behind A-9 wins both hands (rule 8; solver.py).
    advice = solver.best_against(cards(ANN_TWO_PAIR), (cards("QC QD 6C 4H 2D"), cards("KH JS")))
    assert (advice.house_way_result, advice.result) == (house_way.PUSH, house_way.WIN)
    assert sorted(to_json(advice.setting[1])) == ["9S", "AS"]
    assert sorted(to_json(advice.house_way[1])) == ["7H", "7S"]
    table.do(rules.SET_HAND, ANN, 1, high=" ".join(to_json(advice.setting[0])), low="AS 9S")
    table.do(rules.HOUSE_WAY, BOB, 2)
    assert table.state.phase == rules.RESULT
    assert table.memo("seat 1 main") == [(STAKE, 1000), (RETURN, 1000), (WIN, 1000)]  # 1 to 1, no commission
    assert table.memo("seat 1 ace high bonus") == [(LOSE, 500)]  # rule 7: otherwise it loses
    assert table.memo("seat 2 main") == [(STAKE, 1000), (LOSE, 1000)]
    assert table.net(ANN) == 5 and table.net(BOB) == -10 and table.escrow() == 0
    assert any(
        text.startswith("Seat 1: high two pair, jacks and 7s beats the dealer's") for text in table.log
    )


def test_a_copy_goes_to_the_dealer_and_one_hand_each_pushes():
    # Ann's low K-J copies the dealer's K-J (both K-J high): a copy is the dealer's; her high
    # pair of aces beats the queens: one hand each, a push.
    table = Table(QUEENS_DEALER, "AS AH KC JD 8S 5C 3H")
    table.bet(ANN, 1, "main", 10)
    table.deal()
    table.do(rules.SET_HAND, ANN, 1, high="AS AH 8S 5C 3H", low="KC JD")
    assert table.memo("seat 1 main push") == [(RETURN, 1000)] and table.net(ANN) == 0
    assert any("low K-J high copies the dealer's K-J high" in text for text in table.log)


@pytest.mark.parametrize(
    ("seven", "name", "fortune_won", "progressive_paid"),
    [
        ("3S 4S 5S 6S 7S 8S 9S", "7-card straight flush, no joker", 40_000, "100%"),
        ("AS KS QS JS TS KC QC", "Royal flush + royal match", 10_000, "10%"),
        ("JK 4S 5S 6S 7S 8S 9S", "7-card straight flush with joker", 5_000, "10%"),
        ("AS AC AH AD JK 5S 7C", "Five aces", 2_000, 500),
        ("AS KS QS JS TS 5C 7C", "Royal flush", 750, 100),
        ("9S 8S 7S 6S 5S 2S AC", "Straight flush", 250, 50),
        ("KS KH KC KD 4C 5C 7D", "Four of a kind", 125, 25),
        ("KS KH KC QD QC 5C 7D", "Full house", 25, 5),
        ("AS JS 8S 5S 3S KC 7D", "Flush", 20, 0),
        ("KS KH KC 9C 7D 5C 3S", "Three of a kind", 15, 0),
        ("9C TD JC QD KS 3S 4C", "Straight", 10, 0),
        ("KS KH 9C 7D 5C 3S 2S", None, 0, 0),
    ],
)
def test_every_fortune_and_progressive_line(seven, name, fortune_won, progressive_paid):
    """Rules 10, 12: the best hand of the seven cards, whatever the setting:
    Fortune 5 chips at the pai gow table's odds, the $1 progressive."""
    table = Table("2C 2D 3H 4H 6H 8D 9H", seven)
    table.bet(ANN, 1, "main", 10)
    table.bet(ANN, 1, "fortune", 5)
    table.bet(ANN, 1, "progressive", 1)
    table.deal()
    table.do(rules.HOUSE_WAY, ANN, 1)
    fortune = table.memo("seat 1 fortune")
    if name is None:
        assert (
            fortune == [(STAKE, 500), (LOSE, 500)] and "Progressive: −1" in table.state.results["1"]["lines"]
        )
        return
    assert fortune == [(STAKE, 500), (RETURN, 500), (WIN, fortune_won * 100)]
    assert any(
        line.startswith(f"Fortune bonus, {name.lower()}, ") for line in table.state.results["1"]["lines"]
    )
    progressive = [amount for kind, amount in table.memo("seat 1 progressive") if kind == WIN]
    if isinstance(progressive_paid, str):
        assert [(a.kind, a.percent) for a in table.awards] == [
            ("progressive_payout", int(progressive_paid[:-1]))
        ]
        assert table.memo("seat 1 progressive meter") == [(WIN, 50_000)]
    else:
        assert progressive == ([progressive_paid * 100] if progressive_paid else [])
        assert table.awards == []


def test_envy_qualifies_on_a_fortune_or_a_progressive_wager_of_5_or_more():
    quads = ["four_of_a_kind"]
    assert paytables.envy_cents(quads, 500, 100) == 500  # a $5 Fortune
    assert paytables.envy_cents(quads, 400, 100) == 0  # under $5 and the $1 progressive
    assert paytables.envy_cents(quads, 0, 500) == 500  # PA § 688a.1: a progressive of $5 qualifies too
    assert paytables.envy_cents(quads, 500, 500) == 1_000  # each Qualifying Wager is paid
    assert paytables.envy_cents(["straight_flush", "four_of_a_kind"], 500, 0) == 2_500


@pytest.mark.parametrize(
    ("seven", "ace_high"),
    [
        (ACE_HIGH_DEALER, True),
        ("JK QD 9C 7H 5S 3D 2C", True),  # the joker completes nothing: it is the ace
        ("JK AD 9C 7H 5S 3D 2C", False),  # joker and an ace: a pair of aces
        ("KS QD 9C 7H 5S 3D 2C", False),  # king high
        ("AS 2D 3C 4H 9S JD KC", True),  # A-2-3-4 and no 5: no straight
        ("AS 2D 3C 4H 5S JD KC", False),  # a straight, A-2-3-4-5
        ("JK 2D 3C 4H 5S JD KC", False),  # the joker completes A-2-3-4-5
        ("AS QS 9S 7S 5D 3S 2C", False),  # a flush
        ("JK QS 9S 7S 5D 3S 2C", False),  # the joker completes a flush
        ("AS AD 9C 7H 5S 3D 2C", False),  # a pair
    ],
)
def test_the_ace_high_pai_gow_check(seven, ace_high):
    assert rules.is_ace_high_pai_gow(cards(seven)) is ace_high


def test_the_ace_high_probability_is_the_rules_files():
    probability, naturals, with_joker = edge.ace_high_probability()
    assert round(float(probability), 6) == 0.093619  # docs/rules/face_up_pai_gow.md, Paytables [computed]
    assert round(naturals / 154_143_080, 6) == 0.083979 and round(with_joker / 154_143_080, 6) == 0.009640
    rows = {spec.paytable: edge.compute(spec) for spec in edge.specs() if spec.wager == rules.ACE_HIGH_BONUS}
    assert rows["9 to 1"].exact_rtp == probability * 10 and round(rows["9 to 1"].house_edge, 4) == 0.0638
    assert rows["5 to 1"].exact_rtp == probability * 6


def test_bad_input_is_refused_with_a_message_and_nothing_changes():
    table = Table(QUEENS_DEALER, ANN_TWO_PAIR)
    before = table.state.to_json()
    refusals = [
        ((rules.BET, ANN, 1), {"spot": "fortune", "amount": "5"}, "Place the Face Up Pai Gow wager first"),
        ((rules.BET, ANN, 1), {"spot": "main", "amount": "1000"}, "The Face Up Pai Gow wager is 5 to 500"),
        ((rules.BET, ANN, 1), {"spot": "tiger9", "amount": "5"}, "There is no betting area 'tiger9'"),
        ((rules.BET, ANN, 1), {"spot": "ace_high_bonus", "amount": "5"}, "does not offer the Ace High Bonus"),
        ((rules.SET_HAND, ANN, 1), {"high": "AS", "low": "KC"}, "Hands are not being set now"),
    ]
    for (kind, player, seat), data, message in refusals:
        with pytest.raises(IllegalAction, match=message):
            table.do(kind, player, seat, **data)
    assert table.state.to_json() == before
    table.bet(ANN, 1, "main", 10)
    for data, message in (
        ({"spot": "progressive", "amount": "5"}, r"exactly 1 chip \(\$1\)"),
        ({"spot": "fortune", "amount": "101"}, "The maximum on the Fortune bonus wager is 100 chips"),
    ):
        with pytest.raises(IllegalAction, match=message):
            table.do(rules.BET, ANN, 1, **data)
    table.deal()
    with pytest.raises(IllegalAction, match="No more bets"):
        table.bet(ANN, 1, "fortune", 5)
    for data, message in (
        ({"high": "9S JC AS KC 7H", "low": "JH 2D"}, "Set your own seven cards: five in the high hand"),
        ({"high": "9S 7H 7S KC AS", "low": "JC JH"}, "That is a foul"),
        ({"high": "9S JC AS KC", "low": "7H JH 7S"}, "Set your own seven cards"),
    ):
        with pytest.raises(IllegalAction, match=message):
            table.do(rules.SET_HAND, ANN, 1, **data)
    with pytest.raises(IllegalAction, match="You have no hand to set"):
        table.do(rules.HOUSE_WAY, BOB, 1)
    with pytest.raises(IllegalAction, match="Stacked deck"):
        rules.stack(rules.new_state(), table.config, "first dealer; ZZ")
    with pytest.raises(IllegalAction, match="no shaker"):
        rules.stack(rules.new_state(), table.config, "dice 3 3 3")
    with pytest.raises(IllegalAction, match="first dealer"):
        rules.stack(rules.new_state(), table.config, "first 9; AS")


def test_the_rules_submission_is_validated():
    assert rules.Config().errors() == {} and rules.Config().ace_high_bonus == 0  # Defaults: off
    assert "ace_high_bonus" in rules.Config(ace_high_bonus=10).errors()
    assert "mystery" in rules.Config(progressive=0, mystery=1).errors()
    assert rules.Config(ace_high_bonus=7).offers(rules.ACE_HIGH_BONUS)
    assert "set_seconds" in rules.Config(set_seconds=1).errors()


def test_seeded_rounds_keep_every_escrow_at_zero():
    """A thousand rounds, three players (3,000 hands), random legal wagers and settings."""
    rng = random.Random(688)
    config = rules.Config(ace_high_bonus=8, mystery=0)
    state, escrow, pushes = rules.new_state(), 0, 0
    sign = {STAKE: 1, RETURN: -1, LOSE: -1, WIN: 0}
    for _ in range(1_000):
        for seat in (1, 2, 3):
            player = 10 + seat
            bets = [("main", rng.choice((5, 10, 25)))]
            bets += [
                (area, chips)
                for area, chips in (("fortune", 5), ("ace_high_bonus", 5), ("progressive", 1))
                if rng.random() < 0.5
            ]
            for area, chips in bets:
                action = Action(rules.BET, player, {"spot": area, "amount": chips * 100}, seat=seat)
                state = rules.apply(state, action, config, rng).state
                escrow += chips * 100
        for kind in (rules.CLOSE_BETTING, PROGRESSIVE_RESULT, rules.DEAL):
            data = (
                {"hits": [], "awards": [], "refused": [], "error": None} if kind == PROGRESSIVE_RESULT else {}
            )
            outcome = rules.apply(state, Action(kind, data=data), config, rng)
            state = outcome.state
            escrow += sum(sign[m.kind] * m.amount for m in outcome.moves if m.kind != STAKE)
        pushes += state.phase == rules.RESULT
        while state.phase == rules.SETTING:
            seat = next(s for s in state.seats() if state.spot(s)["high"] is None)
            spot = state.spot(seat)
            if rng.random() < 0.5:
                action = Action(rules.HOUSE_WAY, spot["player"], seat=seat)
            else:
                legal = [s for s in house_way.all_settings(cards(spot["cards"])) if not house_way.is_foul(*s)]
                high, low = rng.choice(legal)
                action = Action(
                    rules.SET_HAND, spot["player"], {"high": to_json(high), "low": to_json(low)}, seat=seat
                )
            outcome = rules.apply(state, action, config, rng)
            state = outcome.state
            escrow += sum(sign[m.kind] * m.amount for m in outcome.moves if m.kind != STAKE)
            for award in outcome.awards:
                state = rules.apply(
                    state,
                    Action(PROGRESSIVE_RESULT, data={"awards": [{"seat": award.seat, "cents": 1}]}),
                    config,
                    rng,
                ).state
        assert state.phase == rules.RESULT and escrow == 0
        state = rules.apply(state, Action(rules.NEXT_ROUND), config, rng).state
    assert 60 < pushes < 135  # about 9.4% of 1,000 rounds: a dealer Ace High Pai Gow


def test_the_lab_tabled_path_plays_as_the_table_and_the_best_setting_gains():
    rng = random.Random(17)
    for _ in range(1_500):
        dealt = simulate.deal(rng, 14)
        assert simulate.round_results(dealt[:7], dealt[7:]) == simulate.direct_results(dealt[:7], dealt[7:])
    reference = json.loads(REFERENCE_RUNS.read_text())
    for spec in simulate.specs():
        run = reference[spec.key]  # bench/reference_runs.py
        assert run["rounds"] >= 1_000_000 and run["ci99"][0] < run["rtp"] < run["ci99"][1]
        row = simulate.run(spec, rounds=10_000, seed=3)
        assert row.ci99[0] <= run["rtp"] <= row.ci99[1], spec.key
    best = simulate.run(
        next(spec for spec in simulate.specs() if spec.variant == simulate.BEST), rounds=10_000, seed=3
    )
    assert best.details["gain_over_house_way"] > 0.01  # seeing the dealer's hands is worth something
    assert best.rtp_fixed > best.details["house_way_rtp"]
    assert abs(best.lines[1]["probability"] - 0.49) < 0.03  # pushes: one hand each, or a dealer Ace High
    # The reference runs: about 93.7% under the house way, 98.2% setting against the dealer.
    assert (
        reference["face_up_pai_gow:main:-:-:best_setting"]["rtp"]
        - reference["face_up_pai_gow:main:-:-:house_way"]["rtp"]
        > 0.04
    )


def test_the_lab_tally_counts_what_the_table_plays_deal_by_deal():
    # tally's numpy blocks (tabled frontiers, flush hands one by one) against
    # the table's own house way and solver on every deal, with the same draws
    tallied, direct = random.Random(21), random.Random(21)
    counts, ace_highs = simulate.tally(tallied, 3_000)
    expected = {
        strategy: {house_way.WIN: 0, house_way.PUSH: 0, house_way.LOSE: 0} for strategy in simulate.STRATEGIES
    }
    for _ in range(3_000):
        dealt = simulate.deal(direct, 14)
        for strategy, result in zip(
            (simulate.HOUSE_WAY, simulate.BEST), simulate.direct_results(dealt[:7], dealt[7:]), strict=True
        ):
            expected[strategy][result] += 1
    assert counts == expected and 200 < ace_highs < 370
    assert tallied.getstate() == direct.getstate()


def test_a_seeded_tally_keeps_its_totals():
    # The totals of the per-deal tally this one replaced (commit f3ba773), same seed.
    assert simulate.tally(random.Random(3), 30_000) == (
        {
            simulate.HOUSE_WAY: {house_way.WIN: 6977, house_way.PUSH: 14583, house_way.LOSE: 8440},
            simulate.BEST: {house_way.WIN: 7552, house_way.PUSH: 14700, house_way.LOSE: 7748},
        },
        2821,
    )


def test_the_array_foul_test_is_the_foul_test_on_every_pair_of_values():
    from itertools import combinations, combinations_with_replacement

    from games.cards.poker import JOKER_INDEX, TWO_CARD, eval5_indices

    def unsuited(ranks):
        seen = {}
        hand = []
        for rank in ranks:  # a rank's copies in different suits; all different ranks not one suit
            hand.append(rank * 4 + seen.get(rank, 0))
            seen[rank] = seen.get(rank, 0) + 1
        if len(seen) == len(ranks):
            hand[1] += 1
        return hand

    hands = [unsuited(r) for r in combinations_with_replacement(range(13), 5) if max(map(r.count, r)) <= 4]
    hands += [unsuited(r) + [JOKER_INDEX] for r in combinations_with_replacement(range(13), 4)]
    hands += [[rank * 4 for rank in r] for r in combinations(range(13), 5)]  # flushes
    hands += [[rank * 4 for rank in r] + [JOKER_INDEX] for r in combinations(range(13), 4)]
    highs = sorted({eval5_indices(*hand) for hand in hands})
    lows = sorted({TWO_CARD[a * 53 + b] for a, b in combinations(range(53), 2)})
    high, low = (array.ravel() for array in np.meshgrid(np.array(highs), np.array(lows)))
    expected = [house_way.is_foul_values(h, v) for h, v in zip(high.tolist(), low.tolist(), strict=True)]
    assert house_way.are_foul_values(high, low).tolist() == expected
    assert 0 < sum(expected) < len(expected)


def test_the_fortune_row_is_exact_down_to_a_straight_and_agrees_with_the_table():
    from games.pai_gow import seven_card_exact
    from games.pai_gow.seven_cards import line_of_indices

    counts = seven_card_exact.all_line_counts()
    assert {key: counts[key] for key in seven_card_exact.line_counts()} == seven_card_exact.line_counts()
    assert (counts["flush"], counts["straight"], counts["three_of_a_kind"]) == (
        6_172_088,
        11_236_028,
        7_470_676,
    )
    rng, sampled = random.Random(7), {}
    for _ in range(10_000):  # the table's own classifier on seeded hands: within 4 standard errors
        key = line_of_indices(simulate.deal(rng, 7))
        sampled[key] = sampled.get(key, 0) + 1
    for key in ("flush", "straight", "three_of_a_kind", "full_house"):
        p = counts[key] / 154_143_080
        assert abs(sampled.get(key, 0) / 10_000 - p) < 4 * (p * (1 - p) / 10_000) ** 0.5, key
    spec = next(spec for spec in edge.specs() if spec.wager == rules.FORTUNE)
    row = edge.compute(spec)
    assert spec.method == "exact" and round(row.rtp_fixed, 5) == 0.92103
    reference = json.loads(REFERENCE_RUNS.read_text())[
        "pai_gow:fortune:-:-:-"
    ]  # Pai Gow Poker's simulated row
    assert reference["ci99"][0] < row.rtp_fixed < reference["ci99"][1]


def test_the_progressive_row_is_exact_and_its_fixed_part_is_pai_gows():
    spec = next(spec for spec in edge.specs() if spec.wager == rules.PROGRESSIVE)
    row = edge.compute(spec)
    assert spec.method == "exact" and spec.meter == ("progressive_payout", "", 1)
    assert round(row.rtp_fixed, 5) == 0.26617  # the pai gow games' shared exact count
    assert row.meter_shares[100] == Fraction(32, 154_143_080)  # 8 runs x 4 suits, no joker


def test_how_to_play_tells_the_push_the_hints_and_the_bonus_where_offered():
    titles = [
        section.title for section in how_to_play(rules.Config(), {"meter_kinds": ["progressive_payout"]})
    ]
    assert "Ace High Bonus" not in titles and "Fortune bonus" in titles and "Progressive (1 chip)" in titles
    sections = how_to_play(rules.Config(ace_high_bonus=9))
    bonus = next(section for section in sections if section.title == "Ace High Bonus")
    assert bonus.lines[0].pays == "9 to 1"
    assert "Ace High Pai Gow" in sections[1].lines[1].text and sections[1].lines[1].pays == "pushes"
