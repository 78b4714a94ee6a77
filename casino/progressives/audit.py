"""Rebuilding meters from the database audit: reconcile, restore, snapshots.

The audit (``MeterEvent``) holds every move a meter made. Summed, the moves
give what Redis should hold:

    meter   = seeded + primary contributions − paid + reseeds from the reserve
    reserve = reserve contributions − reseeds from the reserve

``reconcile()`` compares that with Redis to the cent (in fact to the 1/10,000
cent); ``restore()`` writes it back into Redis after Redis is lost, with the
same hidden Must-Hit-By trigger as before (drawn triggers are kept in the
database and each hit records the one it spent).
"""

from dataclasses import dataclass, field

from django.db.models import Count, Max, Q, Sum

from casino.progressives import api
from casino.progressives.models import Meter, MeterEvent, MeterSnapshot, Trigger
from casino.progressives.paytables import UNITS_PER_CENT

# Redis fields compared by reconcile; all in units except the counters.
COMPARED = ("meter", "reserve", "seeded", "contributed", "paid", "wagers", "amount_in", "hits", "seq")


@dataclass
class Rebuilt:
    meter_id: int
    values: dict  # the COMPARED fields as the audit gives them
    breaks: list = field(default_factory=list)  # seqs whose meter_before is not the previous meter_after


@dataclass
class Difference:
    meter: Meter
    field: str
    redis: int | None
    audit: int

    def __str__(self):
        if self.field in ("meter", "reserve", "seeded", "contributed", "paid"):
            shown = _dollars(self.redis) if self.redis is not None else "missing"
            return (
                f"{self.meter} ({self.meter.pk}): {self.field} Redis {shown}, audit {_dollars(self.audit)}, "
                f"difference {_dollars((self.redis or 0) - self.audit)}"
            )
        return f"{self.meter} ({self.meter.pk}): {self.field} Redis {self.redis}, audit {self.audit}"


def _dollars(units):
    sign = "-" if units < 0 else ""
    units = abs(units)
    cents, rest = divmod(units, UNITS_PER_CENT)
    text = f"{sign}${cents // 100:,}.{cents % 100:02d}"
    return text + (f" and {rest}/{UNITS_PER_CENT} ¢" if rest else "")


def rebuild(meter):
    """The meter's state as its audit gives it."""
    events = MeterEvent.objects.filter(meter=meter)
    sums = events.aggregate(
        seeded=Sum("seeded_units", default=0),
        primary=Sum("primary_units", default=0),
        reserve_in=Sum("reserve_units", default=0),
        paid=Sum("paid_cents", default=0),
        reserve_to_meter=Sum("reserve_to_meter_units", default=0),
        amount_in=Sum("wager_cents", filter=Q(kind=MeterEvent.CONTRIBUTION), default=0),
        wagers=Count("pk", filter=Q(kind=MeterEvent.CONTRIBUTION)),
        hits=Count("pk", filter=Q(kind__in=[MeterEvent.HIT, MeterEvent.AWARD])),
        seq=Max("seq", default=0),
    )
    paid = sums["paid"] * UNITS_PER_CENT
    values = {
        "meter": sums["seeded"] + sums["primary"] - paid + sums["reserve_to_meter"],
        "reserve": sums["reserve_in"] - sums["reserve_to_meter"],
        "seeded": sums["seeded"],
        "contributed": sums["primary"] + sums["reserve_in"],
        "paid": paid,
        "wagers": sums["wagers"],
        "amount_in": sums["amount_in"],
        "hits": sums["hits"],
        "seq": sums["seq"],
    }
    breaks = []
    previous = None
    for seq, before, after in (
        events.order_by("seq").values_list("seq", "meter_before", "meter_after").iterator()
    ):
        if previous is not None and (seq != previous[0] + 1 or before != previous[1]):
            breaks.append(seq)
        previous = (seq, after)
    return Rebuilt(meter.pk, values, breaks)


def reconcile(meters=None):
    """Compare every meter (or the given ones) in Redis with its audit.
    Returns the differences; an empty list means every meter agrees."""
    meters = list(meters if meters is not None else Meter.objects.all())
    differences = []
    for meter in meters:
        rebuilt = rebuild(meter)
        stored = api.state(meter.pk) or {}
        for name in COMPARED:
            value = stored.get(name)
            if value != rebuilt.values[name]:
                differences.append(Difference(meter, name, value, rebuilt.values[name]))
        for seq in rebuilt.breaks:
            differences.append(Difference(meter, f"audit gap before move {seq}", None, 0))
    return differences


def unspent_triggers(meter):
    """The meter's drawn triggers no hit has spent, oldest first: the first
    is the live one."""
    spent = MeterEvent.objects.filter(meter=meter, kind=MeterEvent.HIT).values("trigger_index")
    return list(
        Trigger.objects.filter(meter=meter)
        .exclude(index__in=spent)
        .order_by("index")
        .values_list("index", "value_units")
    )


def restore(meters=None, only_missing=False):
    """Reload Redis from the database audit. Returns the meters written."""
    meters = list(meters if meters is not None else Meter.objects.all())
    written = []
    for meter in meters:
        if only_missing and api.state(meter.pk) is not None:
            continue
        rebuilt = rebuild(meter)
        if rebuilt.values["seq"] == 0:
            # Never opened (Redis was down when it was created): open it now.
            api.forget(meter.pk)
            if api.open_meter(meter):
                written.append(meter)
            continue
        triggers = unspent_triggers(meter)
        current = triggers[0] if triggers else (0, -1)
        last_hit = MeterEvent.objects.filter(meter=meter, kind__in=[MeterEvent.HIT, MeterEvent.AWARD]).last()
        fields = {
            **api.parameters(meter.rules),
            **rebuilt.values,
            "trigger_index": current[0],
            "trigger": current[1],
            "trigger_seq": Trigger.objects.filter(meter=meter).aggregate(top=Max("index", default=0))["top"],
            "last_hit_cents": -1,
            "last_hit_ms": 0,
            "last_hit_table": 0,
            "last_hit_seat": 0,
        }
        if last_hit is not None:
            # An award round's total is what the display shows as its last win.
            round_wins = MeterEvent.objects.filter(
                meter=meter, kind=last_hit.kind, table=last_hit.table, round_number=last_hit.round_number
            )
            fields.update(
                last_hit_cents=last_hit.paid_cents
                if last_hit.kind == MeterEvent.HIT
                else round_wins.aggregate(total=Sum("paid_cents"))["total"],
                last_hit_ms=int(last_hit.created.timestamp() * 1000),
                last_hit_table=last_hit.table_id or 0,
                last_hit_seat=last_hit.seat or 0,
            )
        queued = [f"{index}:{value}" for index, value in triggers[1:]]
        api.load(meter.pk, fields, queued, replace=True)
        api.forget(meter.pk)
        written.append(meter)
    return written


def take_snapshots():
    """Record the § 605a.7(a) meters of every active meter as Redis holds them."""
    taken = []
    for meter in Meter.objects.filter(is_active=True):
        values = api.state(meter.pk)
        if values is None:
            continue
        taken.append(
            MeterSnapshot(
                meter=meter,
                seq=values["seq"],
                meter_units=values["meter"],
                reserve_units=values["reserve"],
                seeded_units=values["seeded"],
                contributed_units=values["contributed"],
                paid_units=values["paid"],
                wagers=values["wagers"],
                hits=values["hits"],
            )
        )
    MeterSnapshot.objects.bulk_create(taken)
    return taken
