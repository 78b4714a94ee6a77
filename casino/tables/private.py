"""Private tables (issue 19): opened by a player from the lobby, reached by
a link, never listed in the public lobby.

What a player may choose for their table is a part of its game's Rules
Submission: the limits (inside the range the game's ``Config`` accepts and
no wider than the casino's public tables of that game), the paytables and
the optional wagers. Everything else (clocks, deck counts, payout lines,
Envy amounts) is the public table's, and the progressive paytables follow
the casino's shared meters the table is linked to. A seed, a stack or a
setting marked ``test_tables_only`` is never a player's: those stay on
designers' test tables (docs/architecture.md, "Randomness").

``choices`` says which settings a player may make and what each accepts;
``check`` validates a set of them (the opening form and the host's rules
change use it); ``open_table`` creates the table; ``idle_tables`` tells the table worker
which tables to close (their owners close them, host.py).
"""

import dataclasses
import re
import secrets
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from casino.progressives.models import TableLink
from casino.tables.models import Table

LOW, HIGH, PAYTABLE, WAGER = "low", "high", "paytable", "wager"
# The highest paytable number probed for a game without declared Choices.
MAX_PAYTABLES = 12
# Words of a setting that rides on the shared progressive meters: its
# paytable and wager amount are the meters', a player may only leave it out.
PROGRESSIVE_WORDS = ("progressive", "mystery", "monster")

TOO_MANY = (
    "You already host {count} open private tables, the most one player may hold: "
    "close one (or let it close by itself when idle) to open another."
)
NOT_A_PLAYERS_SETTING = (
    "A private table cannot be seeded or stacked, nor take that setting: "
    "those are for designers' test tables. Nothing was created."
)


@dataclasses.dataclass(frozen=True)
class Choice:
    """A setting a player may make: ``kind`` is LOW or HIGH (a limit, from
    ``low`` to ``high``), PAYTABLE or WAGER (one of ``values``)."""

    name: str
    kind: str
    label: str
    help: str
    low: int | None = None
    high: int | None = None
    values: tuple = ()
    labels: tuple = ()


def public_tables(spec):
    """The casino's public tables of a game: what a private one is measured by."""
    return Table.objects.filter(game=spec.slug, is_open=True, is_test=False, is_private=False)


def template_table(spec):
    """The public table a private table of ``spec`` copies (its other
    settings, seats and meters), or None when the game has none."""
    return public_tables(spec).order_by("id").first()


def base_config(spec):
    """The settings a player does not choose: the public table's, or the game's defaults."""
    template = template_table(spec)
    config = spec.rules.Config.from_json(template.config if template else {})
    return config.to_json()


def _kind(spec, field):
    name, help_text = field.name, field.metadata.get("help", "")
    config_class = spec.rules.Config
    if field.metadata.get("test_tables_only"):
        return None
    if "min_bet" in name:
        return LOW
    if "max_bet" in name or name.endswith("_max") or name in ("max_payout", "aggregate_payout_limit"):
        return HIGH
    if "paytable" in name or name in {choice.name for choice in getattr(config_class, "CHOICES", ())}:
        progressive = any(word in name for word in PROGRESSIVE_WORDS)
        return None if progressive else PAYTABLE
    switches = getattr(config_class, "SWITCHES", None)
    if switches is not None:
        return WAGER if name in switches else None
    # Games without declared switches say "1: the X wager is offered" in the
    # help; a rule variant ("1: the dealer checks for blackjack") says neither.
    first_clause = help_text.split(";")[0]
    if help_text.startswith(("1:", "The Match the Dealer progressive wager")) and (
        "offered" in first_clause or "wager" in first_clause
    ):
        return WAGER
    return None


def choices(spec):
    """[Choice] of the settings a player may make for a private table of ``spec``."""
    config_class = spec.rules.Config
    base = base_config(spec)
    public = [table.rules_config().to_json() for table in public_tables(spec)] or [base]
    declared = {choice.name: choice.names for choice in getattr(config_class, "CHOICES", ())}
    found = []
    for field in dataclasses.fields(config_class):
        kind = _kind(spec, field)
        if kind is None:
            continue
        label = field.name.replace("_", " ").capitalize()
        help_text = field.metadata.get("help", "")
        if kind == LOW:
            # Not below the lowest public table's; the Config says how high.
            found.append(Choice(field.name, kind, label, help_text, low=min(c[field.name] for c in public)))
        elif kind == HIGH:
            found.append(Choice(field.name, kind, label, help_text, high=max(c[field.name] for c in public)))
        elif kind == PAYTABLE:
            names = declared.get(field.name)
            candidates = range(1, len(names) + 1) if names else range(1, MAX_PAYTABLES + 1)
            values = tuple(value for value in candidates if _accepts(config_class, base, field.name, value))
            named = names or _named_in_help(help_text)
            labels = tuple(
                named[value - 1] if len(named) >= value else f"Paytable {value}" for value in values
            )
            if len(values) > 1:
                found.append(Choice(field.name, kind, label, help_text, values=values, labels=labels))
        else:
            if any(word in field.name for word in PROGRESSIVE_WORDS):
                # Offered as the public table offers it (its meter's wager), or not at all.
                values = (0, base[field.name]) if base[field.name] else ()
            else:
                values = (0, 1)
            if values:
                found.append(Choice(field.name, kind, label, help_text, values=values))
    return found


def _named_in_help(help_text):
    """The paytables' names a help text gives ("1–4 = A–D", "1 = A, 2 = B"), in order."""
    span = re.search(r"1[–-](\d+) = ([A-Z])[–-]([A-Z])", help_text)
    if span:
        first, last = ord(span[2]), ord(span[3])
        return tuple(chr(letter) for letter in range(first, last + 1))
    pairs = re.findall(r"(\d+) = ([A-Z])\b", help_text)
    if pairs and [int(number) for number, _ in pairs] == list(range(1, len(pairs) + 1)):
        return tuple(letter for _, letter in pairs)
    return ()


def _accepts(config_class, base, name, value):
    return name not in config_class.from_json({**base, name: value}).errors()


def check(spec, values, base=None):
    """Validate a player's settings ``values`` ({setting: value}) for a
    private table of ``spec``. Returns (config JSON, {setting or None: message});
    the config is ``base`` (a Rules Submission's JSON: a running table's own,
    for a host's change; by default the public table's) with the player's
    choices on top, and is only meaningful when there are no errors. A
    setting a player may not make is an error (None: not a form field)."""
    allowed = {choice.name: choice for choice in choices(spec)}
    errors = {}
    for name in values:
        if name not in allowed:
            errors[None] = NOT_A_PLAYERS_SETTING
    config = spec.rules.Config.from_json(base).to_json() if base is not None else base_config(spec)
    for name, value in values.items():
        choice = allowed.get(name)
        if choice is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int):
            errors[name] = "Must be a whole number."
        elif choice.kind == LOW and value < choice.low:
            errors[name] = f"At least {choice.low} at a private table (the casino's lowest)."
        elif choice.kind == HIGH and value > choice.high:
            errors[name] = f"At most {choice.high} at a private table (the casino's highest)."
        elif choice.kind in (PAYTABLE, WAGER) and value not in choice.values:
            errors[name] = "Choose one of the options offered."
        else:
            config[name] = value
    if not errors:
        for name, message in spec.rules.Config.from_json(config).errors().items():
            errors[name if name in allowed else None] = message
    return config, errors


def hosted_count(player):
    return Table.objects.filter(is_private=True, is_open=True, host=player).count()


def may_open_another(player):
    return hosted_count(player) < settings.PRIVATE_TABLES_PER_PLAYER


class Refused(Exception):
    """A private table that cannot be opened; the message says why."""


def open_table(spec, player, name, admission, config):
    """Create a private table hosted by ``player`` with a checked ``config``
    (``check``), linked to the same progressive meters as the game's public
    table, in one transaction. Raises Refused past the per-player limit."""
    with transaction.atomic():
        if not may_open_another(player):
            raise Refused(TOO_MANY.format(count=settings.PRIVATE_TABLES_PER_PLAYER))
        template = template_table(spec)
        table = Table.objects.create(
            game=spec.slug,
            name=name,
            config=config,
            max_seats=template.max_seats if template else spec.default_max_seats,
            is_private=True,
            host=player,
            link_key=secrets.token_urlsafe(32),
            admission=admission,
            last_active=timezone.now(),
        )
        table.admitted.add(player)
        if template is not None:
            # The casino's shared play-money meters, as at the public table.
            links = TableLink.objects.filter(table=template, meter__is_active=True)
            TableLink.objects.bulk_create(TableLink(meter=link.meter, table=table) for link in links)
    return table


# -- who comes in -------------------------------------------------------


def is_banned(table, player):
    return player is not None and table.banned.filter(pk=player.pk).exists()


def is_admitted(table, player):
    if player is None:
        return False
    return player.pk == table.host_id or table.admitted.filter(pk=player.pk).exists()


def arrive(table, player):
    """A player opened the table's link: "admitted", "waiting" or "banned"."""
    if is_banned(table, player):
        return "banned"
    if is_admitted(table, player):
        return "admitted"
    if table.admission == "link":
        table.admitted.add(player)
        table.waiting.remove(player)
        return "admitted"
    table.waiting.add(player)
    return "waiting"


def let_in(table, player):
    """The host lets a waiting player in."""
    with transaction.atomic():
        table.waiting.remove(player)
        table.admitted.add(player)


def ban_waiting(table, player):
    """The host bans a player who only asked to come in. Nobody at the table
    knows them, so unlike a ban at the table (host.HostControls) it is no
    table event: the owner has no seat or socket of theirs to release."""
    with transaction.atomic():
        table.waiting.remove(player)
        table.admitted.remove(player)
        table.banned.add(player)


def new_link(table):
    """Replace ``table``'s link: the old one opens nothing any more. Whom it
    admitted stay; whoever waited by it asks again by the new one, so that a
    link that went further than meant leaves nobody the host did not choose.
    Written alone (not ``save()``): the table's owner writes its other fields."""
    with transaction.atomic():
        table.link_key = secrets.token_urlsafe(32)
        Table.objects.filter(pk=table.pk).update(link_key=table.link_key)
        table.waiting.clear()


# -- idle tables ----------------------------------------------------------


def idle_tables(now=None):
    """The open private tables where no player acted for
    PRIVATE_TABLE_IDLE_SECONDS. The worker asks each one's owner to close it
    (host.HostControls.close_idle): between rounds only, as a table event its
    viewers see, its rounds and records kept."""
    idle = Table.objects.filter(is_private=True, is_open=True, last_active__lt=_idle_cutoff(now))
    return list(idle.values_list("pk", flat=True))


def is_idle(table_id, now=None):
    return Table.objects.filter(pk=table_id, last_active__lt=_idle_cutoff(now)).exists()


def _idle_cutoff(now):
    return (now or timezone.now()) - timedelta(seconds=settings.PRIVATE_TABLE_IDLE_SECONDS)
