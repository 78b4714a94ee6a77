"""python manage.py meters reconcile|restore|snapshot|show|pay-owed"""

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.core.management.base import BaseCommand, CommandError

from casino.progressives import api, audit, owed
from casino.progressives.models import Meter


class Command(BaseCommand):
    help = (
        "Progressive meters: 'reconcile' rebuilds every meter from the database audit and reports any "
        "difference with Redis to the cent (exit status 1 if there is one); 'restore' reloads Redis from "
        "the database after Redis was lost; 'snapshot' records the meters; 'show' lists them; 'pay-owed' pays "
        "the progressive wins owed since a meter could not pay them (the meter ticker does it too)."
    )

    def add_arguments(self, parser):
        parser.add_argument("action", choices=["reconcile", "restore", "snapshot", "show", "pay-owed"])
        parser.add_argument("--meter", type=int, action="append", help="Only this meter id (repeatable).")
        parser.add_argument(
            "--missing", action="store_true", help="restore: only the meters Redis does not hold."
        )

    def handle(self, action, meter=None, missing=False, **options):
        meters = Meter.objects.all()
        if meter:
            meters = meters.filter(pk__in=meter)
            unknown = set(meter) - set(meters.values_list("pk", flat=True))
            if unknown:
                raise CommandError(f"No meter with id {', '.join(map(str, sorted(unknown)))}.")
        getattr(self, action.replace("-", "_"))(list(meters), missing)

    def reconcile(self, meters, missing):
        differences = audit.reconcile(meters)
        for difference in differences:
            self.stdout.write(self.style.ERROR(str(difference)))
        if differences:
            raise CommandError(f"{len(differences)} difference(s) between Redis and the audit.")
        self.stdout.write(self.style.SUCCESS(f"{len(meters)} meter(s) reconciled: no difference."))

    def restore(self, meters, missing):
        written = audit.restore(meters, only_missing=missing)
        for meter in written:
            self.stdout.write(f"restored {meter} ({meter.pk})")
        self.stdout.write(self.style.SUCCESS(f"{len(written)} meter(s) restored from the database."))

    def snapshot(self, meters, missing):
        taken = audit.take_snapshots()
        self.stdout.write(self.style.SUCCESS(f"{len(taken)} snapshot(s) taken."))

    def show(self, meters, missing):
        active = [meter for meter in meters if meter.is_active]
        for reading in api.read(active):
            value = "not in Redis" if reading.cents is None else f"${reading.cents / 100:,.2f}"
            line = f"{reading.meter_id:>4}  {reading.name:<40} {value:>14}  hits {reading.hits}"
            if reading.must_hit_by_cents:
                line += f"  must hit by ${reading.must_hit_by_cents / 100:,.2f}"
            self.stdout.write(line)

    def pay_owed(self, meters, missing):
        paid = owed.pay_due()
        for (player_id, _test), cents in paid.items():
            self.stdout.write(f"paid player {player_id}: ${cents / 100:,.2f}")
        if paid:
            async_to_sync(owed.tell_tables)(get_channel_layer())
        left = owed.OwedAward.objects.filter(paid__isnull=True).count()
        self.stdout.write(
            self.style.SUCCESS(f"{len(paid)} player(s) paid; {left} owed award(s) still unpaid.")
        )
