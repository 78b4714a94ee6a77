from django.contrib import admin

from casino.wallet.models import Account, Entry, LedgerTransaction


class ReadOnly(admin.ModelAdmin):
    """Money moves only through the ledger, never by editing rows."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    can_delete = False

    def has_change_permission(self, request, obj=None):
        return False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Account)
class AccountAdmin(ReadOnly):
    list_display = ["name", "kind", "balance"]
    list_filter = ["kind"]


@admin.register(LedgerTransaction)
class LedgerTransactionAdmin(ReadOnly):
    list_display = ["id", "kind", "memo", "table_id", "round_number", "created"]
    inlines = [EntryInline]
