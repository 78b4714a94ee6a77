"""The progressive meters' kinds and arithmetic units, for the platform.

A kind of meter is data its game declares (games/meters.py; the game registry
collects them): its name and every meter it allows, with their seeds,
increments and reserves. ``books.py``, the Lua scripts' parameters and the lab
read a meter's rules through ``meter_rules``.

Money is in integer cents at the edges. Inside a meter, amounts are kept in
*units* of 1/10,000 of a cent, so that a contribution of rate × wager is an
exact integer (every rate here is a whole number of basis points) and the
sub-cent remainders of § 605a.7 contributions are carried, never rounded.
"""

from casino.tables import registry
from games.meters import MUST_HIT_BY  # noqa: F401  (the platform's own kind: the Mystery bonus's hidden trigger)

UNITS_PER_CENT = 10_000
BASIS_POINTS = 10_000  # 100% = 10,000 basis points


def kinds():
    """[(kind, name)] of every meter kind, by name: the admin's choices."""
    return sorted(
        ((kind.kind, kind.name) for kind in registry.meter_kinds().values()), key=lambda item: item[1]
    )


def kind_name(kind):
    """The name of a kind ("Match the Dealer progressive"), or the kind itself if none declares it."""
    found = registry.meter_kinds().get(kind)
    return found.name if found else kind


def meter_rules(kind, paytable, wager_dollars):
    """The rules of one meter: KeyError for a combination the kind does not
    list, ValueError for a kind no game declares."""
    found = registry.meter_kinds().get(kind)
    if found is None:
        raise ValueError(f"unknown meter kind {kind!r}")
    return found.rules(paytable, wager_dollars)


def paytable_choices(kind):
    """The labels the regulation lists for a kind, and the wager amounts."""
    return registry.meter_kinds()[kind].choices()
