from django import forms
from django.contrib import admin

from casino.tables import registry
from casino.tables.models import Round, Table


class TableForm(forms.ModelForm):
    game = forms.ChoiceField(choices=registry.choices)

    class Meta:
        model = Table
        fields = ["game", "name", "config", "max_seats", "is_test", "seed", "is_open"]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    form = TableForm
    list_display = ["name", "game", "is_test", "is_open", "version"]
    list_filter = ["game", "is_test", "is_open"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["table", "number", "started", "finished", "result"]
    list_filter = ["table"]
    readonly_fields = ["table", "number", "started", "finished", "log", "result"]
