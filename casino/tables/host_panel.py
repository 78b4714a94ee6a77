"""What a private table shows of its host (issue 19): the same partials for
the first page and every websocket push.

Two public fragments every viewer shares, ``#host-status`` (who hosts the
table, "Paused by the host", a rules change waiting for the next round, the
table closed), and for the host only ``#host-panel`` (pause or resume, who is
at the table, with remove, ban and "make host", closing) and ``#host-rules``
(the Rules Submission a player may choose, casino/tables/private.py). Every
other viewer gets them empty and hidden, so a host who hands the role over
loses the panel with the next push. The controls are htmx ``ws-send``
buttons and forms, like the game's (docs/protocol.md, "Host actions").
"""

import functools
import time

from channels.db import database_sync_to_async
from django.template.loader import render_to_string
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from casino.accounts import names
from casino.accounts.models import Player
from casino.realtime import presence
from casino.tables import host, private, registry
from casino.tables.rendering import split_fragments

# How long the host's list of spectators is kept before it is read again.
PEOPLE_SECONDS = 2.0
EMPTY = (
    ("host-panel", '<div id="host-panel" hidden></div>'),
    ("host-rules", '<div id="host-rules" hidden></div>'),
)


def status_fragments(snapshot):
    """[(id, markup)] of ``#host-status`` for every viewer."""
    part = snapshot.get("host") or {}
    pending = tuple(sorted((part.get("pending") or {}).items()))
    # "closed": False, True (by the host) or host.IDLE (by the worker).
    closed = part.get("closed") or False
    return _status(part.get("name") or "", bool(part.get("paused")), closed, bool(pending))


@functools.lru_cache(maxsize=64)
def _status(name, paused, closed, pending):
    context = {"name": name, "paused": paused, "closed": closed, "pending": pending}
    return split_fragments(render_to_string("tables/_host_status.html", context))


def people(table_id, snapshot):
    """Everyone at the table but nobody twice: [(player id, name, seat or None)],
    the seated by seat, then the spectators (connected, a player session) by name."""
    seated = sorted(((int(seat), pid) for seat, pid in snapshot["seats"].items()))
    found = [(pid, snapshot["nicknames"].get(str(pid), f"Player {pid}"), seat) for seat, pid in seated]
    seen = {pid for _, pid in seated}
    watching = {pid for pid in presence.connected_players(table_id) if pid is not None and pid not in seen}
    spectators = [
        (player.pk, names.table_name(player.nickname, player.is_bot), None)
        for player in Player.objects.filter(pk__in=watching).order_by("nickname", "pk")
    ]
    return found + spectators


def panel_fragments(snapshot, config, viewer_id, choices, everyone):
    """[(id, markup)] of ``#host-panel`` and ``#host-rules`` for ``viewer_id``:
    the host's controls, or empty for everyone else."""
    part = snapshot.get("host") or {}
    if viewer_id is None or part.get("id") != viewer_id or part.get("closed"):
        return EMPTY
    pending = part.get("pending") or {}
    current = {**config, **pending}
    settings = [
        {
            "choice": choice,
            "name": "rules_" + choice.name,
            "value": current.get(choice.name),
            "options": _options(choice),
        }
        for choice in choices
    ]
    context = {
        "paused": part.get("paused"),
        "pending": bool(pending),
        "others": [person for person in everyone if person[0] != viewer_id],
        "settings": settings,
        "WAGER": private.WAGER,
        "PAYTABLE": private.PAYTABLE,
    }
    return split_fragments(render_to_string("tables/_host_panel.html", context))


def _options(choice):
    if choice.kind == private.WAGER:
        return [(value, "Offered" if value else "Not offered") for value in choice.values]
    return list(zip(choice.values, choice.labels, strict=True))


def page_fragments(table, snapshot, viewer_id):
    """The first page's host fragments (views.table_page), as the pushes render them."""
    if not table.is_private:
        return ""
    # The Table's own fields, as the runtime's snapshot carries them once it has run.
    pending = (snapshot.get("host") or {}).get("pending") or {}
    snapshot = {**snapshot, "host": {**host.section(table), "pending": pending}}
    fragments = status_fragments(snapshot)
    if viewer_id is not None and (snapshot.get("host") or {}).get("id") == viewer_id:
        config = {**table.rules_config().to_json()}
        choices = private.choices(table.spec)
        fragments += panel_fragments(snapshot, config, viewer_id, choices, people(table.pk, snapshot))
    else:
        fragments += EMPTY
    return mark_safe("".join(markup for _, markup in fragments))  # rendered by our templates


class HostView:
    """One connection's view of a private table's host parts (consumers.py):
    the choices read once, the people at the table at most every PEOPLE_SECONDS."""

    def __init__(self, table_id, game):
        self.table_id = table_id
        self.game = game
        self.choices = None
        self.people = None
        self.read_at = 0.0
        self.panel_key, self.panel = None, ()

    async def fragments(self, snapshot, config, viewer_id):
        fragments = status_fragments(snapshot)
        if viewer_id is None or (snapshot.get("host") or {}).get("id") != viewer_id:
            return fragments + EMPTY
        if self.choices is None:
            self.choices = await database_sync_to_async(private.choices)(registry.get(self.game))
        seats = snapshot["seats"]
        if self.people is None or time.monotonic() - self.read_at > PEOPLE_SECONDS or self._seats != seats:
            self.people = await database_sync_to_async(people)(self.table_id, snapshot)
            self.read_at, self._seats = time.monotonic(), dict(seats)
        full = registry.get(self.game).rules.Config.from_json(config or {}).to_json()
        part = snapshot["host"]
        # Rendered again only when what the panel shows changed: most pushes
        # (a bet, a clock) leave it as it was, and its render is a few ms.
        key = (
            viewer_id,
            part.get("paused"),
            part.get("closed"),
            tuple(sorted((part.get("pending") or {}).items())),
            tuple(full.get(choice.name) for choice in self.choices),
            tuple(self.people),
        )
        if key != self.panel_key:
            self.panel_key = key
            self.panel = panel_fragments(snapshot, full, viewer_id, self.choices, self.people)
        return fragments + self.panel


def removed_markup(text):
    """``#host-status`` for a player the host removed: it stays, their socket closes."""
    return format_html('<p id="host-status" class="host-status closed" hx-swap-oob="true">{}</p>', text)
