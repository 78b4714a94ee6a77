"""Let It Ride Poker in the paytable lab: its rows through the lab's registry
(all exact: the base wagers under the optimal pull-backs, the Three Card
Bonus, both progressives with their meter parts apart, the Mystery bonus
rows), and a designer's what-if on the base paytable re-deriving the strategy."""

import pytest

from casino.lab import registry
from games.payouts import Odds


def test_the_rows_through_the_lab():
    specs = registry.specs("let_it_ride")
    assert {spec.wager for spec in specs} == {
        "base",
        "three_card_bonus",
        "three_card",
        "five_card",
        "must_hit_by",
    }
    mystery = {(spec.paytable, spec.variant) for spec in specs if spec.wager == "must_hit_by"}
    assert ("A", "$1") in mystery and ("A", "$5") in mystery


def test_the_progressive_rows_keep_their_fixed_and_meter_parts_apart():
    rows = {spec.wager: registry.compute(spec) for spec in registry.specs("let_it_ride") if spec.meter}
    assert rows["three_card"].rtp_fixed == pytest.approx(8_500 / 22_100)
    # 20% of each wager to the meter (the project's poker meter), and the house reseeds $1,000
    # after each spade mini-royal, one in 22,100 hands.
    assert rows["three_card"].rtp_progressive == pytest.approx(0.20 + 1_000 / 22_100)
    assert rows["five_card"].details["meter"] == "Five-Card progressive"


def test_a_what_if_on_the_base_paytable_recomputes_the_optimal_strategy():
    (spec,) = [spec for spec in registry.specs("let_it_ride") if spec.wager == "base"]
    published = registry.compute(spec)
    # A 2 to 1 line on a pair of 10s or better makes more hands worth riding, and the game better.
    richer = registry.compute(spec, payouts={"tens_or_better": Odds(2)})
    assert richer.rtp > published.rtp
    assert richer.details["first_ride_probability"] > published.details["first_ride_probability"]
