"""DJ Wild Stud Poker's figures (games/dj_wild_stud/edge.py): Trips and the
progressive bonus wager's fixed part exactly from the enumeration of every
five-card hand of the 53-card deck; the Ante, Blind and Play simulated under
the lab's strategy, each deal settled as the table's own round settles it."""

import random
from fractions import Fraction
from math import comb

import pytest

from casino.progressives.paytables import meter_rules
from games.cards.poker import CARDS
from games.dj_wild_stud import edge, paytables, rules, simulate, strategy
from games.engine import LOSE, RETURN, STAKE, WIN, Action
from games.lab.rows import EXACT, SIMULATION
from games.payouts import Odds
from games.poker import round as pr

HANDS = comb(53, 5)
SPECS = {spec.wager: spec for spec in edge.specs()}


def test_the_rows():
    assert {(spec.wager, spec.method) for spec in edge.specs()} == {
        (edge.ANTE_BLIND_PLAY, SIMULATION),
        (edge.TRIPS, EXACT),
        (edge.PROGRESSIVE, EXACT),
    }
    assert SPECS[edge.PROGRESSIVE].meter == (rules.PROGRESSIVE_KIND, "", 5)
    assert [item["key"] for item in edge.paytable_lines(SPECS[edge.TRIPS])] == list(paytables.TRIPS_LINES)


TRIPS_COUNTS = {
    "five_wilds": 1,
    "royal_flush_natural": 4,
    "royal_flush_wild": 1_000,
    "five_of_a_kind": 1_400,
    "straight_flush_natural": 36,
    "straight_flush_wild": 3_612,
    "four_of_a_kind_natural": 528,
    "four_of_a_kind_wild": 51_160,
    "full_house_natural": 3_168,
    "full_house_wild": 11_880,
    "flush_natural": 4_980,
    "flush_wild": 13_976,
    "straight_natural": 10_176,
    "straight_wild": 73_824,
    "three_of_a_kind_natural": 42_240,
    "three_of_a_kind_wild": 415_800,
}


def test_the_trips_lines_are_the_enumeration():
    counts = {line: probability * HANDS for line, probability in edge.trips_probabilities().items()}
    assert counts == TRIPS_COUNTS
    # Cross-checks by hand: the natural lines of the 48 natural cards and the hands with a natural 2.
    assert TRIPS_COUNTS["royal_flush_natural"] == 4
    # four of 3s … aces with any of the 44 other naturals (a wild fifth card makes five of a kind)
    assert TRIPS_COUNTS["four_of_a_kind_natural"] == 12 * 44
    # no deuce: 2-2-2 or 2-2 in a full house, as wild cards, make five of a kind
    assert TRIPS_COUNTS["full_house_natural"] == 12 * 11 * 4 * 6
    row = edge.compute(SPECS[edge.TRIPS])
    assert row.rtp_fixed == 0  # no line paid until the designer enters the table's odds


def test_a_designers_trips_table_returns_its_exact_sum():
    payouts = {"three_of_a_kind_wild": Odds(1), "three_of_a_kind_natural": Odds(5), "five_wilds": Odds(500)}
    row = edge.compute(SPECS[edge.TRIPS], payouts=payouts)
    paid = TRIPS_COUNTS["three_of_a_kind_wild"] * 2 + TRIPS_COUNTS["three_of_a_kind_natural"] * 6 + 501
    assert row.exact_rtp == Fraction(paid, HANDS)
    with pytest.raises(ValueError, match="no line"):
        edge.compute(SPECS[edge.TRIPS], payouts={"pair": Odds(1)})


def test_the_progressive_is_the_enumeration_with_the_meter_apart():
    counts = {line: probability * HANDS for line, probability in edge.progressive_probabilities().items()}
    # docs/rules/dj_wild_stud.md, "Progressive bonus wager": the hands of each line (nothing below four
    # of a kind pays).
    assert counts == {
        paytables.NATURAL_ROYAL_FLUSH: 4,
        paytables.FIVE_WILDS: 1,
        paytables.WILD_ROYAL_FLUSH: 1_000,
        paytables.FIVE_OF_A_KIND: 1_400,
        paytables.STRAIGHT_FLUSH: 3_648,
        paytables.FOUR_OF_A_KIND: 51_688,
    }
    row = edge.compute(SPECS[edge.PROGRESSIVE])
    fixed = 1_000 * 100 + 1_400 * 50 + 3_648 * 30 + 51_688 * 10
    assert row.exact_rtp == Fraction(fixed, HANDS)
    assert row.meter_shares == {100: Fraction(4, HANDS), 10: Fraction(1, HANDS)}
    # The rules file's Return, to its printed digits: fixed lines 27.75%, the meter lines 0.29%
    # more at a $10,000 meter ($5 wager), hit frequency 2.01%.
    assert f"{row.rtp_fixed:.2%}" == "27.75%"
    meter = meter_rules(rules.PROGRESSIVE_KIND, "", 5)
    assert (meter.seed_cents, meter.wager_cents) == (1_000_000, 500)  # the file's $10,000 meter
    shares = sum(percent * share for percent, share in row.meter_shares.items()) / 100
    at_seed = shares * Fraction(meter.seed_cents, meter.wager_cents)
    assert f"{float(at_seed):.2%}" == "0.29%"
    assert f"{row.hit_frequency:.2%}" == "2.01%"


def test_the_simulation_settles_as_the_table_does():
    """400 seeded deals through rules.apply (the table's round) net what the
    lab's settling function nets for each under the lab's decision."""
    table = rules.Config().blind_table
    rng, other = random.Random(5), random.Random(0)
    config = rules.Config(progressive=0, mystery=0)
    for drawn in simulate.deals(rng, 400):
        decision = strategy.decide(drawn[:5], table)
        expected = (
            rules.ante_blind_play_net(
                rules.hand_value([CARDS[i] for i in drawn[:5]]),
                rules.hand_value([CARDS[i] for i in drawn[5:]]),
                table,
            )
            if decision
            else strategy.FOLD_NET
        )
        state = rules.stack(rules.new_state(), config, " ".join(str(CARDS[i]) for i in drawn), other)
        moves = []
        for action in (
            Action("bet", 1, {"spot": "ante", "amount": 500}, seat=1),
            Action(pr.CLOSE_BETTING),
            Action(pr.DEAL),
            Action("play" if decision else "fold", 1, seat=1),
        ):
            outcome = rules.apply(state, action, config, other)
            state, moves = outcome.state, moves + outcome.moves
        sign = {STAKE: -1, RETURN: 1, WIN: 1, LOSE: 0}
        assert sum(sign[m.kind] * m.amount for m in moves) == expected * 500
