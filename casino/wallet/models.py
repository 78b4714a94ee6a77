"""A double-entry play-money ledger, in integer cents.

Every movement of chips is one LedgerTransaction whose Entries sum to zero.
Account.balance is a cache of the sum of the account's entries, updated in
the same database transaction; ``manage.py check_ledger`` and the tests
verify both invariants.
"""

from django.db import models


class Account(models.Model):
    PLAYER = "player"
    HOUSE = "house"
    ESCROW = "escrow"
    TEST = "test"
    KINDS = [(PLAYER, "Player"), (HOUSE, "House"), (ESCROW, "Round escrow"), (TEST, "Player's test chips")]
    WALLETS = (PLAYER, TEST)  # accounts that belong to a player and may never go below zero

    kind = models.CharField(max_length=8, choices=KINDS)
    name = models.CharField(max_length=80, unique=True)
    player = models.OneToOneField(
        "accounts.Player", null=True, blank=True, on_delete=models.PROTECT, related_name="account"
    )
    # docs/architecture.md, "Randomness": a test table plays with test chips that never
    # touch the player's real wallet; they come from, and go back to, the
    # test house account.
    test_player = models.OneToOneField(
        "accounts.Player", null=True, blank=True, on_delete=models.PROTECT, related_name="test_account"
    )
    balance = models.BigIntegerField(default=0, help_text="Cents; the sum of this account's entries.")

    def __str__(self):
        return self.name


class LedgerTransaction(models.Model):
    kind = models.CharField(max_length=16)
    memo = models.CharField(max_length=200, blank=True)
    table_id = models.BigIntegerField(null=True, blank=True, db_index=True)
    round_number = models.BigIntegerField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]

    def __str__(self):
        return f"#{self.pk} {self.kind} {self.memo}"


class Entry(models.Model):
    transaction = models.ForeignKey(LedgerTransaction, on_delete=models.PROTECT, related_name="entries")
    account = models.ForeignKey(Account, on_delete=models.PROTECT, related_name="entries")
    amount = models.BigIntegerField(help_text="Cents; positive credits the account.")

    class Meta:
        verbose_name_plural = "entries"
        indexes = [models.Index(fields=["account", "transaction"])]

    def __str__(self):
        return f"{self.account} {self.amount:+d}"
