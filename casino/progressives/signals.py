"""A meter is put in Redis at its seed as soon as it is saved."""

from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver

from casino.progressives import api
from casino.progressives.models import Meter, MeterEvent
from casino.redis_client import get_sync_redis


@receiver(post_save, sender=Meter)
def open_saved_meter(sender, instance, created, raw=False, **kwargs):
    api.forget(instance.pk)
    if raw:
        return
    # After the commit: a rolled-back meter must not exist in Redis.
    transaction.on_commit(lambda: api.open_meter(instance) if created else reopen_if_changed(instance))


def reopen_if_changed(meter):
    """A meter corrected before its first wager (Meter.clean refuses it
    after) starts again at its new seed."""
    wanted = api.parameters(meter.rules)
    stored = api.state(meter.pk) or {}
    if all(stored.get(name) == value for name, value in wanted.items()):
        return
    if meter.events.filter(kind=MeterEvent.CONTRIBUTION).exists():
        return
    meter.events.all().delete()
    meter.triggers.all().delete()
    get_sync_redis().delete(api.meter_key(meter.pk), api.triggers_key(meter.pk))
    api.open_meter(meter)
