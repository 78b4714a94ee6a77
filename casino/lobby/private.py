"""The lobby's "Start a private table" (issue 19): any player, guest or
registered, opens a table of any game for their friends, with the Rules
Submission choices a player may make (casino/tables/private.py says which).
Server-rendered; choosing a game without scripts is a GET with a button."""

from django import forms
from django.conf import settings
from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode

from casino.plain_text import plain
from casino.tables import private, registry
from casino.tables.rules_fields import PREFIX

# What the designer's test-table form takes (casino/lab/testtables.py) and a
# player's table never does.
NOT_OFFERED = ("seed", "stack", "max_seats")


class PrivateTableForm(forms.Form):
    name = forms.CharField(label="Table name", max_length=60)
    admission = forms.ChoiceField(
        label="Who may come in",
        choices=[("link", "Anyone with the link"), ("approve", "Only people I let in")],
        initial="link",
        widget=forms.RadioSelect,
    )

    def __init__(self, spec, player, *args, **kwargs):
        self.spec = spec
        self.player = player
        super().__init__(*args, **kwargs)
        self.fields["name"].initial = f"{player.nickname}'s {spec.name}"[:60]
        self.choices = private.choices(spec)
        base = private.base_config(spec)
        for choice in self.choices:
            self.fields[PREFIX + choice.name] = _field(choice, base[choice.name])

    def clean_name(self):
        # Shown to everyone at the table and on their My play pages: no
        # control characters, no direction overrides (casino/plain_text.py).
        name = plain(self.cleaned_data["name"])
        if not name:
            raise forms.ValidationError("Give your table a name.")
        return name

    def limit_fields(self):
        return [self[PREFIX + c.name] for c in self.choices if c.kind in (private.LOW, private.HIGH)]

    def paytable_fields(self):
        return [self[PREFIX + c.name] for c in self.choices if c.kind == private.PAYTABLE]

    def wager_fields(self):
        return [self[PREFIX + c.name] for c in self.choices if c.kind == private.WAGER]

    def clean(self):
        cleaned = super().clean()
        offered = {PREFIX + choice.name for choice in self.choices}
        extra = [
            key for key in self.data if key in NOT_OFFERED or (key.startswith(PREFIX) and key not in offered)
        ]
        if extra:
            # Posted by hand: a player's table never takes them.
            raise forms.ValidationError(private.NOT_A_PLAYERS_SETTING)
        if not private.may_open_another(self.player):
            raise forms.ValidationError(private.TOO_MANY.format(count=settings.PRIVATE_TABLES_PER_PLAYER))
        if self.errors:
            return cleaned
        values = {}
        for choice in self.choices:
            value = cleaned.get(PREFIX + choice.name)
            if choice.kind == private.WAGER:
                value = choice.values[-1] if value else 0
            values[choice.name] = value
        config, errors = private.check(self.spec, values)
        for name, message in errors.items():
            self.add_error(None if name is None else PREFIX + name, message)
        cleaned["config"] = config
        return cleaned

    def save(self):
        data = self.cleaned_data
        return private.open_table(self.spec, self.player, data["name"], data["admission"], data["config"])


def _field(choice, initial):
    if choice.kind == private.LOW:
        return forms.IntegerField(
            label=choice.label, min_value=choice.low, initial=initial, help_text=_help(choice)
        )
    if choice.kind == private.HIGH:
        return forms.IntegerField(
            label=choice.label, max_value=choice.high, min_value=0, initial=initial, help_text=_help(choice)
        )
    if choice.kind == private.PAYTABLE:
        return forms.TypedChoiceField(
            label=choice.label,
            choices=list(zip(choice.values, choice.labels, strict=True)),
            coerce=int,
            initial=initial,
            help_text=choice.help,
        )
    # "1: the Fortune bonus wager is offered." reads, by a box to tick, as
    # "The Fortune bonus wager is offered."
    words = choice.help.removeprefix("1:").strip()
    return forms.BooleanField(
        label=choice.label, required=False, initial=bool(initial), help_text=words[:1].upper() + words[1:]
    )


def _help(choice):
    bound = f"At least {choice.low}." if choice.kind == private.LOW else f"At most {choice.high}."
    return f"{choice.help} {bound}".strip()


def new_private_table(request):
    """GET: the form for the game chosen with ?game=; POST: open the table
    and go to it with its link, or show the form again (nothing created)."""
    player = request.player
    if player is None:
        # A player session first, as for sitting; then back here.
        return redirect(reverse("lobby:home") + "?" + urlencode({"next": request.get_full_path()}))
    spec = registry.from_request(request)
    if spec is None:
        messages.error(request, "Unknown game: choose one from the list.")
        spec = registry.all_games()[0]
        form = PrivateTableForm(spec, player)
    else:
        form = PrivateTableForm(spec, player, request.POST if request.method == "POST" else None)
    if form.is_bound and form.is_valid():
        try:
            table = form.save()
        except private.Refused as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, f"Your private table “{table.name}” is open: share its link.")
            return redirect("tables:table", table_id=table.pk)
    context = {
        "form": form,
        "spec": spec,
        "games": registry.all_games(),
        "limit_reached": not private.may_open_another(player),
        "limit": settings.PRIVATE_TABLES_PER_PLAYER,
        "idle_hours": settings.PRIVATE_TABLE_IDLE_SECONDS / 3600,
    }
    return render(request, "lobby/private_form.html", context, status=400 if form.errors else 200)
