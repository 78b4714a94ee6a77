"""Progressive meter kinds as data, pure: what a meter of each kind takes,
seeds and adds (casino/progressives keeps the meters themselves, in Redis
and in its audit).

A game whose tables link a meter declares its kind (or names a shared one)
in ``METER_KINDS`` of its paytables module; the game registry collects them
when the game registers (casino/tables/registry.py), so a game with a
progressive of its own needs no edit of the platform and no migration. The
Must-Hit-By Mystery bonus, one mechanism for every game that offers it (its
hidden trigger), is the platform's own kind: ``MUST_HIT_BY_KIND``.

Money is in integer cents, rates in basis points (100% = 10,000).
"""

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class MeterRules:
    """Everything a meter's arithmetic needs, in cents and basis points."""

    kind: str
    paytable: str  # the regulation's label: "A".."D", "A".."E", or "" (Match the Dealer)
    wager_cents: int  # the qualifying (minimum, or only) progressive wager
    exact_wager: bool  # True: the wager must be exactly wager_cents
    seed_cents: int  # initial seed (Must-Hit-By: the minimum value)
    reseed_cents: int  # the value the meter restarts from after a 100% award or a hit
    reseed_from_reserve: bool  # reseed funded from the reserve first (the house covers the rest)
    primary_bp: int  # rate × wager added to the meter
    reserve_bp: int  # rate × wager added to the reserve
    name: str  # "Match the Dealer progressive ($1)": the lab's and the pages' name of the meter
    must_hit_by_cents: int | None = None  # Must-Hit-By: the maximum (public); None otherwise
    section: str = ""

    def wager_error(self, wager_cents: object) -> str | None:
        """Why ``wager_cents`` cannot be a qualifying progressive wager, or None."""
        if isinstance(wager_cents, bool) or not isinstance(wager_cents, int):
            return "A progressive wager must be a whole number of cents."
        if wager_cents <= 0:
            return "A progressive wager must be more than zero."
        if self.exact_wager and wager_cents != self.wager_cents:
            return f"The progressive wager at this table is exactly ${self.wager_cents / 100:,.2f}."
        if wager_cents < self.wager_cents:
            return f"The minimum progressive wager for this meter is ${self.wager_cents / 100:,.2f}."
        return None


@dataclass(frozen=True)
class MeterKind:
    """A kind of meter: ``kind`` is what a meter stores (20 characters at
    most), ``name`` what the admin and the pages call it, ``meters`` every
    meter the kind allows, {(paytable label, wager in dollars): MeterRules}.
    None in a key stands for any label or any wager: a Monster Match pool
    takes any wager the table's limits allow, so its meter is the pool's
    whatever wager it is opened with; Match the Dealer has no paytable
    label, so any it is given names the same meter."""

    kind: str
    name: str
    meters: dict[tuple[str | None, int | None], MeterRules]

    def rules(self, paytable: str | None, wager_dollars: int | None) -> MeterRules:
        """The rules of the meter of ``paytable`` and ``wager_dollars``;
        KeyError for one the kind does not allow."""
        for key in ((paytable, wager_dollars), (paytable, None), (None, wager_dollars), (None, None)):
            if key in self.meters:
                return self.meters[key]
        raise KeyError((paytable, wager_dollars))

    def choices(self) -> tuple[list[str], list[int]]:
        """(the paytable labels, the wagers in dollars) its meters take."""
        labels = sorted({rules.paytable for rules in self.meters.values()})
        wagers = sorted({rules.wager_cents // 100 for rules in self.meters.values()})
        return labels, wagers


def house_funded(
    kind: str,
    name: str,
    wagers_dollars: Iterable[int],
    seed_cents: int,
    primary_bp: int,
    section: str,
    meter_name: str | None = None,
) -> MeterKind:
    """A kind of fixed progressive wager (each of ``wagers_dollars`` its own
    meter): seeded and reseeded at ``seed_cents`` by the house, ``primary_bp``
    of each wager to the meter, no reserve. ``meter_name``: the meter's name
    without its wager, when not the kind's."""
    return MeterKind(
        kind=kind,
        name=name,
        meters={
            ("", dollars): MeterRules(
                kind=kind,
                paytable="",
                wager_cents=dollars * 100,
                exact_wager=True,
                seed_cents=seed_cents,
                reseed_cents=seed_cents,
                reseed_from_reserve=False,
                primary_bp=primary_bp,
                reserve_bp=0,
                name=f"{meter_name or name} (${dollars})",
                section=section,
            )
            for dollars in wagers_dollars
        },
    )


# --- Must-Hit-By, the Mystery bonus ----------------------------------------------

MUST_HIT_BY = "must_hit_by"

# § 639c.1(c)(4), worded alike in §§ 641c.1, 643c.1, 645c.3, 647c.1, 649c.1,
# 653c.1, 655c.1, 657c.1, 659c.1, 670c.1, 687c.1 and 688c.1:
# (configuration, minimum progressive wager $) -> (minimum $, maximum $, rate in basis points)
MUST_HIT_BY_CONFIGURATIONS = {
    ("A", 1): (100, 200, 200),
    ("A", 2): (100, 200, 150),
    ("A", 5): (100, 250, 100),
    ("B", 1): (100, 500, 500),
    ("B", 2): (100, 500, 350),
    ("B", 5): (100, 500, 200),
    ("C", 1): (250, 500, 200),
    ("C", 2): (250, 500, 150),
    ("C", 5): (250, 500, 50),
    ("D", 1): (250, 1000, 500),
    ("D", 2): (250, 1000, 300),
    ("D", 5): (250, 1000, 200),
}


def _must_hit_by(configuration: str, wager_dollars: int) -> MeterRules:
    minimum, maximum, rate = MUST_HIT_BY_CONFIGURATIONS[(configuration, wager_dollars)]
    return MeterRules(
        kind=MUST_HIT_BY,
        paytable=configuration,
        wager_cents=wager_dollars * 100,
        exact_wager=False,
        seed_cents=minimum * 100,
        # (c)(5)(iv): the meter resets to the minimum value, funded by the house.
        reseed_cents=minimum * 100,
        reseed_from_reserve=False,
        primary_bp=rate,
        reserve_bp=0,
        name=f"Must-Hit-By Mystery bonus, configuration {configuration} (${wager_dollars})",
        must_hit_by_cents=maximum * 100,
        section="§ 639c.1(c)(4) and the twelve like sections",
    )


MUST_HIT_BY_KIND = MeterKind(
    kind=MUST_HIT_BY,
    name="Must-Hit-By Mystery bonus",
    meters={key: _must_hit_by(*key) for key in MUST_HIT_BY_CONFIGURATIONS},
)


def must_hit_by(configuration: str, wager_dollars: int) -> MeterRules:
    """The Mystery meter of a configuration's row; KeyError for one § 639c.1(c)(4) does not list."""
    return MUST_HIT_BY_KIND.meters[(configuration, wager_dollars)]
