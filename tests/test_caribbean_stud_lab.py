"""Caribbean Stud Poker in the paytable lab: its rows through the lab's
registry (the Ante and Bet simulated, the $1 progressive exact with its meter
part apart, the Mystery bonus rows), the long reference run holding the
published house edge, a short seeded run holding the reference in its band."""

import json
from pathlib import Path

import pytest

from casino.lab import registry
from games.caribbean_stud import simulate

REFERENCE_RUNS = Path(__file__).resolve().parent.parent / "games" / "lab" / "reference_runs.json"
ANTE_BET = simulate.specs()[0]


def test_the_rows_through_the_lab():
    specs = registry.specs("caribbean_stud")
    assert {spec.wager for spec in specs} == {"ante_bet", "progressive", "must_hit_by"}
    mystery = {(spec.paytable, spec.variant) for spec in specs if spec.wager == "must_hit_by"}
    assert ("A", "$1") in mystery


def test_the_progressive_row_keeps_its_fixed_and_meter_parts_apart():
    (spec,) = [spec for spec in registry.specs("caribbean_stud") if spec.wager == "progressive"]
    row = registry.compute(spec)
    assert row.rtp_fixed == pytest.approx(941_800 / 2_598_960)
    # 15% of each wager goes to the meter (rules file Defaults) and all of it is paid; the house
    # reseeds $10,000 after each royal flush, one in 649,740 hands.
    assert row.rtp_progressive == pytest.approx(0.15 + 10_000 / 649_740)
    assert row.details["meter"] == "Caribbean Stud progressive"


@pytest.fixture(scope="module")
def reference():
    return json.loads(REFERENCE_RUNS.read_text())[ANTE_BET.key]


def test_the_published_house_edge_is_inside_the_reference_runs_band(reference):
    # 5.224% of the Ante (optimal), 5.225% (the rules of thumb the lab plays).
    assert reference["rounds"] >= 10_000_000
    low, high = reference["ci99"]
    assert low < 1 - simulate.PUBLISHED_EDGE_OF_ANTE_BASIC < high
    assert high - low < 0.004  # a band narrow enough to mean something


def test_a_short_seeded_run_holds_the_long_reference_run_in_its_band(reference):
    row = simulate.run(ANTE_BET, rounds=40_000, seed=11)
    low, high = row.ci99
    assert low < reference["rtp"] < high
