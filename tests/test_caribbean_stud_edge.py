"""Caribbean Stud Poker's figures (games/caribbean_stud/edge.py): the
progressive's fixed part exactly from the enumeration of every five-card
hand; the Ante and Bet simulated under the basic strategy, each deal settled
as the table's own round settles it, seeded, and holding the published house
edge and element of risk inside its 99% band."""

import random
from fractions import Fraction
from math import comb

import pytest

from games.cards import best_five
from games.cards.poker import CARDS
from games.caribbean_stud import edge, paytables, rules, simulate, strategy
from games.engine import LOSE, RETURN, STAKE, WIN, Action
from games.lab.rows import EXACT, SIMULATION
from games.payouts import Odds
from games.poker import round as pr

HANDS = comb(52, 5)
SPECS = {spec.wager: spec for spec in edge.specs()}


def test_the_rows():
    assert {(spec.wager, spec.method) for spec in edge.specs()} == {
        (edge.ANTE_BET, SIMULATION),
        (edge.PROGRESSIVE, EXACT),
    }
    assert SPECS[edge.PROGRESSIVE].meter == (rules.PROGRESSIVE_KIND, "", 1)
    assert [item["key"] for item in edge.paytable_lines(SPECS[edge.ANTE_BET])] == list(
        paytables.BET_PAYTABLES[paytables.DEFAULT_BET_PAYTABLE]
    )


def test_the_progressive_is_the_enumeration_with_the_meter_apart():
    probabilities = edge.progressive_probabilities()
    counts = {line: probability * HANDS for line, probability in probabilities.items()}
    assert counts == {
        paytables.ROYAL_FLUSH: 4,
        paytables.STRAIGHT_FLUSH: 36,
        paytables.FOUR_OF_A_KIND: 624,
        paytables.FULL_HOUSE: 3_744,
        paytables.FLUSH: 5_108,
    }
    row = edge.compute(SPECS[edge.PROGRESSIVE])
    # $500, $100 and $50 "for 1" on the $1: the fixed part returns 941,800 of 2,598,960.
    assert row.rtp_fixed == pytest.approx(
        float(Fraction(624 * 500 + 3_744 * 100 + 5_108 * 50, HANDS)), abs=1e-12
    )
    assert row.meter_shares == {100: Fraction(4, HANDS), 10: Fraction(36, HANDS)}
    assert row.hit_frequency == pytest.approx((4 + 36 + 624 + 3_744 + 5_108) / HANDS)


def test_a_what_if_progressive_line_moves_the_fixed_part_exactly():
    base = edge.compute(SPECS[edge.PROGRESSIVE])
    richer = edge.compute(SPECS[edge.PROGRESSIVE], payouts={paytables.FLUSH: Odds(75, for_one=True)})
    assert richer.rtp_fixed - base.rtp_fixed == pytest.approx(25 * 5_108 / HANDS)


def test_the_simulation_settles_as_the_table_does():
    """Deals through the table's own round (a stacked deck, the basic
    strategy's decision as the player's) net what the simulation says."""
    rng = random.Random(639)
    config = rules.Config(progressive=0, mystery=0)
    table = config.bet_table
    seen = set()
    for _ in range(400):
        drawn = rng.sample(range(52), 10)
        player, dealer = drawn[:5], drawn[5:]
        mine = best_five.best_five_value_indices(player)
        bets = strategy.decide(mine, player, dealer[4])
        state = rules.stack(rules.new_state(), config, " ".join(str(CARDS[i]) for i in drawn), rng)
        moves = []
        for action in (
            Action("bet", 1, {"spot": "ante", "amount": 500}, seat=1),
            Action(pr.CLOSE_BETTING),
            Action(pr.DEAL),
            Action(rules.RAISE if bets else rules.FOLD, 1, {}, seat=1),
        ):
            outcome = rules.apply(state, action, config, rng)
            state, moves = outcome.state, moves + outcome.moves
        assert state.phase == pr.RESULT
        sign = {STAKE: -1, RETURN: 1, WIN: 1, LOSE: 0}
        net = sum(sign[m.kind] * m.amount for m in moves) / 500
        expected = rules.ante_bet_net(mine, best_five.best_five_value_indices(dealer), table) if bets else -1
        assert net == expected
        seen.add(rules.showdown(mine, best_five.best_five_value_indices(dealer)) if bets else "fold")
    assert seen == {"fold", rules.NOT_QUALIFIED, rules.PLAYER_HIGHER, rules.DEALER_HIGHER}


def test_a_seeded_run_is_reproducible_and_a_what_if_moves_it():
    spec = SPECS[edge.ANTE_BET]
    row = edge.compute(spec, rounds=20_000, seed=5)
    again = edge.compute(spec, rounds=20_000, seed=5)
    assert (row.rtp_fixed, row.std_dev, row.hit_frequency) == (
        again.rtp_fixed,
        again.std_dev,
        again.hit_frequency,
    )
    assert row.rounds == 20_000 and row.ci99[0] < row.rtp_fixed < row.ci99[1]
    assert edge.compute(spec, rounds=20_000, seed=6).rtp_fixed != row.rtp_fixed
    # A two-pair Bet of 3 to 1 instead of 2 to 1, on the same deals: more, never less.
    richer = edge.compute(spec, rounds=20_000, seed=5, payouts={paytables.TWO_PAIR: Odds(3)})
    assert richer.rtp_fixed > row.rtp_fixed
    assert any("basic strategy" in text for text in row.assumptions)


def test_the_published_house_edge_and_element_of_risk_are_inside_the_99_percent_band():
    # 5.224% of the Ante (optimal), 5.225% (these rules of thumb); element of risk 2.555%.
    row = edge.compute(SPECS[edge.ANTE_BET], rounds=1_000_000, seed=20261215)
    low, high = row.ci99
    assert low < 1 - simulate.PUBLISHED_EDGE_OF_ANTE_BASIC < high
    assert low < 1 - simulate.PUBLISHED_EDGE_OF_ANTE < high
    assert high - low < 0.012  # a band narrow enough to mean something
    average = row.details["average_wager"]
    assert (1 - high) / average < simulate.PUBLISHED_ELEMENT_OF_RISK < (1 - low) / average
    # The basic strategy makes the Bet about 52% of the time (a pair or better is 49.9%).
    assert 0.515 < row.details["bet_rate"] < 0.53
    assert row.std_dev == pytest.approx(2.24, abs=0.03)
