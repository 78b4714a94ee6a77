"""Mississippi Stud in the paytable lab: its rows through the lab's registry
(the Ante and street wagers exact under the optimal strategy, the $5
progressive exact with the linked Five-Card meter's part apart, the Mystery
bonus rows of the $5 configurations)."""

import pytest

from casino.lab import registry


def test_the_rows_through_the_lab():
    specs = registry.specs("mississippi_stud")
    assert {spec.wager for spec in specs} == {"ante", "progressive", "must_hit_by"}
    mystery = {(spec.paytable, spec.variant) for spec in specs if spec.wager == "must_hit_by"}
    assert ("A", "$5") in mystery


def test_the_progressive_row_keeps_its_fixed_and_meter_parts_apart():
    (spec,) = [spec for spec in registry.specs("mississippi_stud") if spec.wager == "progressive"]
    row = registry.compute(spec)
    fixed = 624 * 300 + 3_744 * 50 + 5_108 * 40 + 10_200 * 30 + 54_912 * 9
    assert row.rtp_fixed == pytest.approx(fixed / 2_598_960)
    # The linked Five-Card meter: 20% of each wager to the meter, all of it paid; the house
    # reseeds $10,000 after each royal flush (one in 649,740 hands), per $5 wagered.
    assert row.rtp_progressive == pytest.approx(0.20 + 10_000 / 5 / 649_740)
