"""``manage.py lab_exact_rows``: work out every exact row of the lab once and
keep it (settings.LAB_EXACT_ROWS), so the lab page shows their figures at
once from the first start on. make setup runs it; rows already kept with the
same digest are not worked out again (a second run takes a moment)."""

import time

from django.conf import settings
from django.core.management.base import BaseCommand

from casino.lab import registry


class Command(BaseCommand):
    help = "Work out and keep the lab's exact rows (those not kept yet, or whose code changed)."

    def handle(self, *args, **options):
        started = time.monotonic()
        exact = [spec for spec in registry.specs() if registry.is_exact(spec)]
        worked = registry.work_out(exact)
        failed = [spec for spec in exact if registry.failed_exact_row(spec)]
        seconds = time.monotonic() - started
        self.stdout.write(
            f"The lab's {len(exact)} exact rows: {worked} worked out, {len(exact) - worked - len(failed)} "
            f"already kept, in {seconds:.1f} s ({settings.LAB_EXACT_ROWS})."
        )
        for spec in exact:
            if registry.failed_exact_row(spec):
                self.stderr.write(f"{spec.key} could not be worked out: {registry.failed_exact_row(spec)}")
