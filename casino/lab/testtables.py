"""Designers' play-test tables (/lab/test-tables/new/).

A test table runs any game of the lab with the Rules Submission (paytable
settings) the designer chooses, optionally a seed, so that every round is
reproducible, and optionally a stack (cards, wheel results or dice, in the
syntax of the game's ``STACK_HELP``) that the next rounds deal before the
normal shuffle or spins resume: a way to force rare events on demand.
Test tables are badged "test table" wherever they are shown and can never be
made public (docs/architecture.md, "Randomness"; ``Table.clean``).

The stack is applied here, to the new table's first snapshot, through the
game's pure ``rules.stack``: the table's owner has not started it yet, so
this is the only writer of its state.
"""

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.shortcuts import redirect, render

from casino.lab.access import designer_required
from casino.progressives.test_meters import link_test_meters
from casino.tables import registry
from casino.tables.models import Table
from casino.tables.rules_fields import PREFIX, rules_fields, rules_values, submitted_fields
from casino.tables.runtime import fresh_snapshot
from games.cards.rng import dump_state, seeded_rng, system_rng
from games.engine import IllegalAction

MAX_SEED = 2**63 - 1  # Table.seed is a BigIntegerField


def can_stack(spec):
    return callable(getattr(spec.rules, "stack", None))


class NewTestTableForm(forms.Form):
    """The table, its Rules Submission (one field per setting of the game's
    ``Config``, validated by ``Config.errors()``), a seed and a stack."""

    name = forms.CharField(max_length=60)
    max_seats = forms.IntegerField(label="Seats", min_value=1, max_value=50)
    seed = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=MAX_SEED,
        help_text="Optional. The same seed (and stack) plays the same rounds every time.",
    )
    stack = forms.CharField(
        required=False,
        max_length=4000,
        widget=forms.Textarea(attrs={"rows": 3, "spellcheck": "false", "autocomplete": "off"}),
        help_text="Optional.",
    )

    def __init__(self, spec, *args, **kwargs):
        self.spec = spec
        super().__init__(*args, **kwargs)
        self.fields["name"].initial = f"{spec.name} test table"
        self.fields["max_seats"].initial = spec.default_max_seats
        self.fields.update(rules_fields(spec.rules.Config()))
        if can_stack(spec):
            self.fields["stack"].help_text = spec.rules.STACK_HELP
        else:
            del self.fields["stack"]

    def config_fields(self):
        return [self[name] for name in self.fields if name.startswith(PREFIX)]

    def table_fields(self):
        return [self[name] for name in ("name", "max_seats", "seed")]

    def clean(self):
        cleaned = super().clean()
        config = rules_values(self.spec.rules.Config, cleaned)
        if len(config) < len(submitted_fields(self.spec.rules.Config)):
            return cleaned  # a setting is missing or not a number: already reported
        rules_config = self.spec.rules.Config.from_json(config)
        for name, message in rules_config.errors().items():
            self.add_error(PREFIX + name, message)
        if self.errors:
            return cleaned
        seed = cleaned.get("seed")
        rng = seeded_rng(seed) if seed is not None else system_rng()
        snapshot = fresh_snapshot(self.spec)
        text = (cleaned.get("stack") or "").strip()
        if text:
            state = self.spec.rules.State.from_json(snapshot["game"])
            try:
                state = self.spec.rules.stack(state, rules_config, text, rng=rng)
            except IllegalAction as error:
                self.add_error("stack", str(error))
                return cleaned
            snapshot["game"] = state.to_json()
        # A seeded table's generator goes on from where the stack left it, so
        # the same seed and stack give the same table (games/cards/rng.py).
        snapshot["rng"] = dump_state(rng)
        cleaned["config"] = config
        cleaned["snapshot"] = snapshot
        return cleaned

    def save(self):
        data = self.cleaned_data
        with transaction.atomic():
            table = Table.objects.create(
                game=self.spec.slug,
                name=data["name"],
                max_seats=data["max_seats"],
                config=data["config"],
                is_test=True,
                seed=data.get("seed"),
                state=data["snapshot"],
            )
            link_test_meters(table)
        return table


@designer_required
def new_test_table(request):
    """GET: the form for the game chosen with ?game=; POST: create the table
    and go to it, or show the form again with what is wrong (nothing created)."""
    spec = registry.from_request(request)
    if spec is None:
        messages.error(request, "Unknown game: choose one from the list.")
        spec = registry.all_games()[0]
        form = NewTestTableForm(spec)
    else:
        form = NewTestTableForm(spec, request.POST if request.method == "POST" else None)
    if form.is_bound and form.is_valid():
        try:
            table = form.save()
        except ValidationError as error:
            form.add_error(None, " ".join(error.messages))
        else:
            messages.success(request, f"Test table “{table.name}” created.")
            return redirect("tables:table", table_id=table.pk)
    context = {
        "form": form,
        "spec": spec,
        "games": registry.all_games(),
        "can_stack": can_stack(spec),
    }
    return render(request, "lab/test_table_form.html", context)
