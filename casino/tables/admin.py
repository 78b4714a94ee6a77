from django import forms
from django.contrib import admin
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.urls import reverse
from django.utils.html import format_html

from casino.tables import registry
from casino.tables.models import Round, Table
from casino.tables.rules_fields import PREFIX, rules_fields, rules_values, submitted_fields


class TableForm(forms.ModelForm):
    """The table and its Rules Submission, one form field per setting of the
    game's Config (the model validates the whole on save)."""

    game = forms.ChoiceField(choices=registry.choices)

    class Meta:
        model = Table
        fields = ["game", "name", "max_seats", "is_test", "seed", "is_open"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # The game posted, or on a new table's page the one its link names
        # (``?game=spanish21``: the admin passes it as the initial value).
        slug = (
            self.data.get("game")
            or self.initial.get("game")
            or self.instance.game
            or registry.all_games()[0].slug
        )
        self.config_class = registry.get(slug).rules.Config if slug in dict(registry.choices()) else None
        if self.config_class is None:
            return
        self.fields.update(rules_fields(self.config_class.from_json(self.instance.config or {})))

    def _post_clean(self):
        if self.config_class is not None:
            self.instance.config = rules_values(self.config_class, self.cleaned_data)
        super()._post_clean()

    def add_error(self, field, error):
        # The model reports Rules Submission problems on "config": show them
        # on the form, since its settings are spread over several fields.
        if (
            isinstance(error, ValidationError)
            and hasattr(error, "error_dict")
            and "config" in error.error_dict
        ):
            error.error_dict[NON_FIELD_ERRORS] = error.error_dict.pop("config")
        super().add_error(field, error)


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    form = TableForm
    list_display = ["name", "game", "test_badge", "is_open", "version"]
    list_filter = ["game", "is_test", "is_open"]

    @admin.display(description="Test table", ordering="is_test")
    def test_badge(self, obj):
        # docs/architecture.md, "Randomness": test tables are marked wherever they are shown.
        if not obj.is_test:
            return "—"
        return format_html(
            '<strong class="badge test" style="background:#ff9f43;color:#1b1f2a;padding:0 .4em;'
            'border-radius:1em">test table{}</strong>',
            " · seeded" if obj.seed is not None else "",
        )

    def get_readonly_fields(self, request, obj=None):
        # Once saved as a test table it stays one (Table.clean refuses the change too).
        if obj is not None and obj.is_test:
            return ["is_test"]
        return []

    def get_form(self, request, obj=None, **kwargs):
        # The Rules Submission fields are added per game by TableForm itself.
        kwargs["fields"] = TableForm.Meta.fields
        return super().get_form(request, obj, **kwargs)

    def get_fieldsets(self, request, obj=None):
        slug = request.POST.get("game") or (
            obj.game if obj else request.GET.get("game") or registry.all_games()[0].slug
        )
        config = registry.get(slug).rules.Config if slug in dict(registry.choices()) else None
        fieldsets = [(None, {"fields": TableForm.Meta.fields})]
        if config is not None:
            names = [PREFIX + field.name for field in submitted_fields(config)]
            fieldsets.append(("Rules Submission", {"fields": names}))
        return fieldsets


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["table", "number", "started", "finished", "result", "record"]
    list_filter = ["table"]
    readonly_fields = ["table", "number", "started", "finished", "log", "result", "record"]

    @admin.display(description="Record")
    def record(self, obj):
        """The round page: every step, and the replay's verdict."""
        url = reverse("tables:round", args=[obj.table_id, obj.number])
        return format_html('<a href="{}">{} steps, replay</a>', url, len(obj.steps or []))
