"""Meters and their links in the admin. The hidden Must-Hit-By trigger is
never shown: triggers have no admin, and a hit's audit row shows the trigger
only once it is spent."""

from django import forms
from django.contrib import admin, messages

from casino.progressives import api, audit
from casino.progressives.models import Meter, MeterEvent, MeterSnapshot, OwedAward, TableLink
from casino.progressives.paytables import UNITS_PER_CENT, kinds
from casino.wallet.admin import ReadOnly


class TableLinkInline(admin.TabularInline):
    model = TableLink
    extra = 1
    verbose_name = "linked table"
    verbose_name_plural = "Linked tables (they contribute to and show this meter, § 605a.8)"


def _money(units):
    return "—" if units is None else f"${int(units) // UNITS_PER_CENT / 100:,.2f}"


class MeterForm(forms.ModelForm):
    # The kinds the games declare, by name: the model field is a plain string.
    kind = forms.ChoiceField(choices=kinds)

    class Meta:
        model = Meter
        fields = ["name", "kind", "paytable", "wager_dollars", "is_active"]


class KindFilter(admin.SimpleListFilter):
    title = "kind"
    parameter_name = "kind"

    def lookups(self, request, model_admin):
        return kinds()

    def queryset(self, request, queryset):
        return queryset.filter(kind=self.value()) if self.value() else queryset


@admin.register(Meter)
class MeterAdmin(admin.ModelAdmin):
    form = MeterForm
    list_display = ["name", "kind_name", "paytable", "wager_dollars", "current_value", "linked", "is_active"]
    list_filter = [KindFilter, "is_active"]
    inlines = [TableLinkInline]
    readonly_fields = ["live_meters"]
    actions = ["reconcile_meters", "restore_meters"]

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("links")

    @admin.display(description="Kind", ordering="kind")
    def kind_name(self, meter):
        return meter.kind_name

    @admin.display(description="Current value")
    def current_value(self, meter):
        values = api.state(meter.pk)
        return _money(values and values["meter"])

    @admin.display(description="Tables")
    def linked(self, meter):
        return len(meter.links.all())

    @admin.display(description="Meters (§ 605a.7(a))")
    def live_meters(self, meter):
        if meter.pk is None:
            return "—"
        values = api.state(meter.pk)
        if values is None:
            return "Not in Redis: run 'manage.py meters restore'."
        return (
            f"current {_money(values['meter'])} · reserve {_money(values['reserve'])} · "
            f"wagers counted {values['wagers']} (${values['amount_in'] / 100:,.2f}) · "
            f"awards {values['hits']}, paid {_money(values['paid'])} in all"
        )

    @admin.action(description="Reconcile with the audit")
    def reconcile_meters(self, request, queryset):
        differences = audit.reconcile(queryset)
        for difference in differences:
            self.message_user(request, str(difference), messages.ERROR)
        if not differences:
            self.message_user(request, f"{queryset.count()} meter(s) agree with the audit to the cent.")

    @admin.action(description="Restore Redis from the audit")
    def restore_meters(self, request, queryset):
        written = audit.restore(queryset)
        self.message_user(request, f"{len(written)} meter(s) restored from the audit.")


@admin.register(MeterEvent)
class MeterEventAdmin(admin.ModelAdmin):
    list_display = [
        "meter",
        "seq",
        "kind",
        "table",
        "round_number",
        "seat",
        "player",
        "paid_cents",
        "created",
    ]
    list_filter = ["kind", "meter"]
    list_select_related = ["meter", "table", "player"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(MeterSnapshot)
class MeterSnapshotAdmin(ReadOnly):
    list_display = ["meter", "taken", "seq", "wagers", "hits"]
    list_filter = ["meter"]
    list_select_related = ["meter"]


@admin.register(OwedAward)
class OwedAwardAdmin(ReadOnly):
    """Progressive wins a meter could not pay at once; the meter ticker pays
    them as soon as the meter answers (``manage.py meters pay-owed`` too)."""

    list_display = ["created", "table", "round_number", "seat", "player", "kind", "share", "status", "reason"]
    list_filter = ["kind", ("paid", admin.EmptyFieldListFilter)]

    @admin.display(description="Share of the meter")
    def share(self, row):
        return row.share

    @admin.display(description="Paid")
    def status(self, row):
        if row.paid is None:
            return "owed"
        return f"${row.paid_cents / 100:,.2f} on {row.paid:%Y-%m-%d %H:%M}"
