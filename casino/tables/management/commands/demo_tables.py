from django.core.management.base import BaseCommand

from casino.tables import registry
from casino.tables.models import Table

DEMO_TABLES = [
    {"game": "dreamcatcher", "name": "Dreamcatcher — Aurora", "config": {"min_bet": 1, "max_bet": 500, "max_payout": 50_000}},
    {"game": "dreamcatcher", "name": "Dreamcatcher — High Roller", "config": {"min_bet": 25, "max_bet": 5_000, "max_payout": 250_000, "betting_seconds": 20}},
    {"game": "dreamcatcher", "name": "Dreamcatcher — Designer test", "is_test": True, "seed": 689, "config": {"min_bet": 1, "max_bet": 1_000, "max_payout": 100_000, "betting_seconds": 10}},
]  # fmt: skip


class Command(BaseCommand):
    help = "Create the demo tables when there are no tables yet."

    def handle(self, *args, **options):
        if Table.objects.exists():
            self.stdout.write("Tables exist; no demo tables created.")
            return
        for spec in DEMO_TABLES:
            game = registry.get(spec["game"])
            Table.objects.create(max_seats=game.default_max_seats, **spec)
        self.stdout.write(f"Created {len(DEMO_TABLES)} demo tables.")
