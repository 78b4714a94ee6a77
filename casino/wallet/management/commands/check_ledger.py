from django.core.management.base import BaseCommand, CommandError

from casino.wallet.ledger import ledger_totals
from games.engine import format_chips


class Command(BaseCommand):
    help = "Check that the ledger sums to zero and every balance equals its entries."

    def handle(self, *args, **options):
        total, mismatched = ledger_totals()
        if total != 0 or mismatched:
            names = ", ".join(account.name for account in mismatched)
            raise CommandError(f"Ledger broken: sum {format_chips(total)}; mismatched: {names or 'none'}")
        self.stdout.write("Ledger balanced: entries sum to zero and every balance matches.")
