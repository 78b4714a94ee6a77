"""The long-run return of the progressive meters, for the lab's rows.

Pure arithmetic on the meters' rules (games/meters.py). In
the long run a meter pays out everything that goes into it: the primary
increments of every wager and every reseed after a 100% award (reseeds come
from the reserve first and the house covers the rest; either way they reach a
player). So per unit of wager, the meter returns

    rtp_progressive = primary rate + reseed / wager × P(100% award per wager)

The reserve's increments beyond what the reseeds need are not counted: they
wait in the reserve.
"""

from fractions import Fraction
from functools import cache

from casino.progressives.paytables import BASIS_POINTS, MUST_HIT_BY, kind_name, meter_rules
from games.lab.rows import EXACT, EdgeRow, RowSpec
from games.meters import MUST_HIT_BY_CONFIGURATIONS, must_hit_by

MUST_HIT_BY_WAGER = "must_hit_by"


def meter_return(rules, full_award_probability):
    """Per unit of a ``rules.wager_cents`` wager, as a Fraction."""
    primary = Fraction(rules.primary_bp, BASIS_POINTS)
    reseeds = Fraction(rules.reseed_cents, rules.wager_cents) * Fraction(full_award_probability)
    return primary + reseeds


def meter_assumptions(rules):
    dollars = rules.wager_cents // 100
    funding = (
        "from the reserve first, the house covering the rest" if rules.reseed_from_reserve else "by the house"
    )
    reserve = (
        f" {rules.reserve_bp / 100:g}% goes to the reserve; what the reseeds do not use is not counted."
        if rules.reserve_bp
        else ""
    )
    return [
        f"Meter: {rules.name} ({rules.section}); a ${dollars} wager.",
        f"{rules.primary_bp / 100:g}% of each wager goes to the meter and all of it is paid out in the long run.{reserve}",
        f"After each 100% award the meter restarts at ${rules.reseed_cents / 100:,.2f}, funded {funding}.",
        "Shares below 100% come out of the meter and are counted in its long-run return, not in the fixed part.",
    ]


def finish(row):
    """Fill a row's meter part from its ``meter_shares`` (exact or simulated)."""
    spec = row.spec
    if spec.meter is None:
        return row
    kind, label, dollars = spec.meter
    rules = meter_rules(kind, label, dollars)
    full = Fraction(row.meter_shares.get(100, 0))
    row.rtp_progressive = float(meter_return(rules, full))
    if row.ci99 is not None:
        # A simulation's band is its fixed part's; the meter's part is exact.
        shift = row.rtp_progressive
        row.ci99 = (row.ci99[0] + shift, row.ci99[1] + shift)
        row.trace = [[rounds, rtp + shift, low + shift, high + shift] for rounds, rtp, low, high in row.trace]
    row.assumptions = row.assumptions + meter_assumptions(rules)
    row.details = {**row.details, "meter": kind_name(kind), "full_award_probability": float(full)}
    return row


# --- Must-Hit-By (the Mystery bonus), § 639c.1(c) and its twelve twins -------


def must_hit_by_specs(game):
    """One row per configuration and wager the regulation lists."""
    return [
        RowSpec(
            game=game,
            wager=MUST_HIT_BY_WAGER,
            paytable=label,
            decks=None,
            method=EXACT,
            title=f"Must-Hit-By Mystery bonus, configuration {label}, ${dollars} progressive wager",
            variant=f"${dollars}",
            meter=(MUST_HIT_BY, label, dollars),
            adds_to=f"the qualifying ${dollars} progressive wager",
        )
        for label, dollars in sorted(MUST_HIT_BY_CONFIGURATIONS)
    ]


@cache
def must_hit_by_cycle(rules):
    """(expected qualifying wagers between hits, expected hit in cents, E[hit²])
    for triggers drawn uniformly among the whole cents in [minimum, maximum)
    (§ 639c.1(c)(3)) and a meter restarting at the minimum (c)(5)(iv), every
    wager the qualifying minimum. A hit is the first wager that lifts the
    meter above its trigger: from minimum + n × increment > trigger,
    n = floor((trigger - minimum) / increment) + 1."""
    # Whole numbers throughout: amounts in units of 1/BASIS_POINTS of a cent,
    # so the increment (wager × rate) is exact.
    increment = rules.wager_cents * rules.primary_bp
    minimum, maximum = rules.seed_cents, rules.must_hit_by_cents
    count = maximum - minimum
    wagers = hit = hit_squared = 0
    for trigger in range(minimum, maximum):
        n = (trigger - minimum) * BASIS_POINTS // increment + 1
        prize = minimum * BASIS_POINTS + n * increment  # 100% of the meter, even past the maximum
        wagers += n
        hit += prize
        hit_squared += prize * prize
    unit = BASIS_POINTS
    return Fraction(wagers, count), Fraction(hit, count * unit), Fraction(hit_squared, count * unit * unit)


def must_hit_by_row(spec):
    _, label, dollars = spec.meter
    rules = must_hit_by(label, dollars)
    wagers_per_hit, average_hit, hit_squared = must_hit_by_cycle(rules)
    wager = rules.wager_cents
    # Renewal: each cycle of wagers_per_hit wagers pays one hit.
    rtp = average_hit / wager / wagers_per_hit
    second = hit_squared / (wager * wager) / wagers_per_hit
    row = EdgeRow(
        spec=spec,
        rtp_fixed=0.0,
        rtp_progressive=float(rtp),
        hit_frequency=float(1 / wagers_per_hit),
        std_dev=float(second - rtp * rtp) ** 0.5,
        exact_rtp=Fraction(0),
        assumptions=[
            f"Configuration {label} for a ${dollars} wager: minimum ${rules.seed_cents / 100:,.0f}, maximum "
            f"${rules.must_hit_by_cents / 100:,.0f}, {rules.primary_bp / 100:g}% of each qualifying wager "
            "(§ 639c.1(c)(4)).",
            "Triggers are drawn uniformly among the whole cents from the minimum up to the maximum; every "
            "qualifying wager is the minimum; the meter restarts at the minimum, funded by the house.",
            "Figures are per unit of the progressive wager: the Mystery bonus's share of its return, on top of "
            "the wager's own paytable.",
            "The excess of a contribution that overshoots the maximum (paid at the maximum) is ignored.",
        ],
        details={
            "wagers_between_hits": float(wagers_per_hit),
            "average_hit_cents": float(average_hit),
            "minimum_cents": rules.seed_cents,
            "maximum_cents": rules.must_hit_by_cents,
        },
    )
    return row
