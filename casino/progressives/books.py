"""The arithmetic of one meter, in pure Python.

This is the reference the Lua scripts in ``scripts.py`` implement inside
Redis: the tests replay contributions through it and compare, and the lab can
simulate meters with it. Amounts are in units of 1/10,000 cent
(``paytables.UNITS_PER_CENT``); payouts are whole cents, rounded down, and
the sub-cent rest stays in the meter (docs/rules/progressives.md, defaults).

The books always balance:
``seeded + contributed == paid + meter + reserve``.
"""

from dataclasses import dataclass

from casino.progressives.paytables import BASIS_POINTS, MUST_HIT_BY, UNITS_PER_CENT


@dataclass
class Hit:
    prize_cents: int
    meter_before: int  # units, with the winning contribution in it
    meter_after: int  # units, after the reset
    trigger: int  # units: the trigger the contribution crossed


@dataclass
class Books:
    rules: object  # paytables.MeterRules
    meter: int
    reserve: int = 0
    seeded: int = 0
    contributed: int = 0
    paid: int = 0
    wagers: int = 0
    hits: int = 0
    trigger: int | None = None  # Must-Hit-By only: units

    @classmethod
    def opened(cls, rules, trigger_cents=None):
        seed = rules.seed_cents * UNITS_PER_CENT
        trigger = None if trigger_cents is None else trigger_cents * UNITS_PER_CENT
        return cls(rules=rules, meter=seed, seeded=seed, trigger=trigger)

    def balanced(self):
        return self.seeded + self.contributed == self.paid + self.meter + self.reserve

    def contribute(self, wager_cents, next_trigger_cents=None):
        """Add one qualifying wager. On a Must-Hit-By meter, returns the Hit
        when this contribution lifts the meter above the trigger (§ 639c.1(c)(3));
        ``next_trigger_cents()`` then gives the trigger for the next cycle."""
        error = self.rules.wager_error(wager_cents)
        if error:
            raise ValueError(error)
        primary = wager_cents * self.rules.primary_bp
        reserve = wager_cents * self.rules.reserve_bp
        self.meter += primary
        self.reserve += reserve
        self.contributed += primary + reserve
        self.wagers += 1
        if self.rules.kind != MUST_HIT_BY or self.meter <= self.trigger:
            return None
        # § 639c.1(c)(5)(iv), (7): 100% of the meter as the winning
        # contribution left it, even past the maximum; the meter resets to the
        # minimum (the sub-cent rest, never paid, stays on it).
        before = self.meter
        prize = self.meter // UNITS_PER_CENT
        self.paid += prize * UNITS_PER_CENT
        reseed = self.rules.reseed_cents * UNITS_PER_CENT
        self.meter = self.meter - prize * UNITS_PER_CENT + reseed
        self.seeded += reseed
        self.hits += 1
        hit = Hit(prize, before, self.meter, self.trigger)
        self.trigger = next_trigger_cents() * UNITS_PER_CENT
        return hit

    def award(self, percents_bp):
        """Pay winners of "100% progressive" / "x% progressive" in order; the
        100% winners of one round share the meter equally (docs/rules/progressives.md
        rule 20) and are paid before the fractional ones. Returns the cents
        paid to each winner, in the order given."""
        paid = [0] * len(percents_bp)
        whole = [i for i, bp in enumerate(percents_bp) if bp == BASIS_POINTS]
        if whole:
            share = (self.meter // UNITS_PER_CENT) // len(whole)
            for i in whole:
                paid[i] = share
            self.meter -= share * len(whole) * UNITS_PER_CENT
            self.paid += share * len(whole) * UNITS_PER_CENT
            self._reseed()
        for i, bp in enumerate(percents_bp):
            if bp != BASIS_POINTS:
                cents = (self.meter // UNITS_PER_CENT) * bp // BASIS_POINTS
                paid[i] = cents
                self.meter -= cents * UNITS_PER_CENT
                self.paid += cents * UNITS_PER_CENT
        self.hits += len(percents_bp)
        return paid

    def _reseed(self):
        reseed = self.rules.reseed_cents * UNITS_PER_CENT
        if self.rules.reseed_from_reserve:
            taken = min(self.reserve, reseed)
            self.reserve -= taken
            self.seeded += reseed - taken  # the house covers any shortfall
        else:
            self.seeded += reseed
        self.meter += reseed
