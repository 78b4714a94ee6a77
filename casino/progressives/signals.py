"""A new meter starts in Redis at its seed as soon as it is saved."""

from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver

from casino.progressives import api
from casino.progressives.models import Meter


@receiver(post_save, sender=Meter)
def open_new_meter(sender, instance, created, raw=False, **kwargs):
    api.forget(instance.pk)
    if created and not raw:
        # After the commit: a rolled-back meter must not exist in Redis.
        transaction.on_commit(lambda: api.open_meter(instance))
