"""Mississippi Stud's figures (games/mississippi_stud/edge.py, strategy.py):
the Ante and street wagers under the optimal strategy exactly, by backward
induction over the three streets, holding the three published figures; the
induction's choices checked against a plain enumeration of the unseen cards;
the lab's hand values against the table's own settlement; the progressive's
fixed part from the enumeration of every five-card hand."""

import random
from fractions import Fraction
from math import comb

import pytest

from games.cards.poker import CARDS
from games.engine import LOSE, RETURN, STAKE, WIN, Action
from games.lab.rows import EXACT
from games.mississippi_stud import edge, paytables, rules, strategy
from games.poker import round as pr

HANDS = comb(52, 5)
SPECS = {spec.wager: spec for spec in edge.specs()}
TABLE = paytables.base_paytable(paytables.DEFAULT_BASE_PAYTABLE)


def test_the_rows():
    assert {(spec.wager, spec.paytable, spec.method) for spec in edge.specs()} == {
        (edge.BASE, paytables.DEFAULT_BASE_PAYTABLE, EXACT),
        (edge.PROGRESSIVE, "A", EXACT),
    }
    assert SPECS[edge.PROGRESSIVE].meter == ("five_card", "", 5)


def test_the_published_figures_under_the_optimal_strategy():
    # Issue 15: 4.91% of the Ante, element of risk 1.37%, average total wager 3.59 Antes.
    row = edge.compute(SPECS[edge.BASE])
    assert round(float(row.house_edge), 4) == 0.0491
    assert round(row.details["element_of_risk"], 4) == 0.0137
    assert round(row.details["average_wager"], 2) == 3.59
    solved = edge.solution(TABLE)
    assert row.exact_rtp == 1 + solved.mean
    assert solved.element_of_risk == solved.house_edge / solved.average_wager
    assert 0 < row.hit_frequency < 1 - row.details["push_frequency"]
    assert row.std_dev == pytest.approx(9.84, abs=0.01)
    assert any("backward induction" in text for text in row.assumptions)


def _net(cards):
    """What each wager in action nets on five cards (rule 10): -1, 0 or the odds."""
    won = rules.base_payout(rules.hand_value([str(CARDS[c]) for c in cards]), TABLE)
    return Fraction(-1) if won is None else Fraction(0) if won[1] is None else won[1].winnings(1)


def _best(values):
    best = max(values.values())
    return max(b for b, value in values.items() if value == best)  # ties: the larger wager


def _fifth_street(seen, units):
    """{choice: value} with four cards seen, by enumerating the 48 unseen."""
    mean = sum(_net([*seen, card]) for card in range(52) if card not in seen) / 48
    return {0: Fraction(-units), **{b: mean * (units + b) for b in strategy.MULTIPLES}}


def test_the_induction_agrees_with_a_plain_enumeration_of_the_unseen_cards():
    rng = random.Random(655)
    for _ in range(40):
        seen = rng.sample(range(52), 4)
        units = rng.randrange(3, 8)
        assert strategy.decide(seen, units) == _best(_fifth_street(seen, units))
    for _ in range(2):
        seen = rng.sample(range(52), 3)
        unseen = [card for card in range(52) if card not in seen]
        means = [sum(_net([*seen, card, last]) for last in unseen if last != card) / 48 for card in unseen]
        for units in (2, 3, 4):
            values = {0: Fraction(-units)}
            for b in strategy.MULTIPLES:
                after = units + b
                values[b] = (
                    sum(max([-after] + [m * (after + c) for c in strategy.MULTIPLES]) for m in means) / 49
                )
            assert strategy.decide(seen, units) == _best(values)


def test_the_lab_values_hands_as_the_table_settles_them():
    """Deals through the table's own round, the optimal strategy deciding each
    street, net the lab's multiple of the total wager (or the fold's loss)."""
    rng = random.Random(6550)
    config = rules.Config(progressive=0, mystery=0)
    seen_results = set()
    for _ in range(150):
        drawn = rng.sample(range(52), 5)
        state = rules.stack(rules.new_state(), config, " ".join(str(CARDS[i]) for i in drawn), rng)
        moves = []
        for action in (Action("bet", 1, {"spot": "ante", "amount": 500}, seat=1), Action(pr.CLOSE_BETTING)):
            outcome = rules.apply(state, action, config, rng)
            state, moves = outcome.state, moves + outcome.moves
        outcome = rules.apply(state, Action(pr.DEAL), config, rng)
        state, moves = outcome.state, moves + outcome.moves
        units, folded = 1, False
        for street in range(3):
            choice = strategy.decide(drawn[: 2 + street], units)
            if choice == strategy.FOLD:
                action, folded = Action(rules.FOLD, 1, {}, seat=1), True
            else:
                action, units = Action(rules.RAISE, 1, {"multiple": choice}, seat=1), units + choice
            outcome = rules.apply(state, action, config, rng)
            state, moves = outcome.state, moves + outcome.moves
            if folded:
                break
        assert state.phase == pr.RESULT
        sign = {STAKE: -1, RETURN: 1, WIN: 1, LOSE: 0}
        net = Fraction(sum(sign[m.kind] * m.amount for m in moves), 500)
        assert net == (-units if folded else _net(drawn) * units)
        seen_results.add("fold" if folded else int(_net(drawn) > 0) - int(_net(drawn) < 0))
    assert seen_results == {"fold", -1, 0, 1}


def test_the_progressive_is_the_enumeration_with_the_meter_apart():
    row = edge.compute(SPECS[edge.PROGRESSIVE])
    fixed = {300: 624, 50: 3_744, 40: 5_108, 30: 10_200, 9: 54_912}  # four of a kind down to trips, for 1
    assert row.exact_rtp == 1 + Fraction(sum(p * n for p, n in fixed.items()) - HANDS, HANDS)
    assert row.meter_shares == {100: Fraction(4, HANDS), 10: Fraction(36, HANDS)}
    assert row.details["envy_per_other_player"] == pytest.approx((4 * 1_000 + 36 * 300) / HANDS)
