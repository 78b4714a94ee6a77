"""The websocket of one table, for players and spectators alike.

It knows no game: it checks who is speaking and that the message is well
formed, forwards actions to the table's owner, and renders the table for its
viewer whenever the owner broadcasts a new version. The protocol is in
docs/protocol.md.
"""

import asyncio
import json
import logging
import time

from channels.db import database_sync_to_async
from channels.exceptions import ChannelFull
from django.conf import settings

from casino import redis_outage
from casino.accounts import names
from casino.accounts.models import Player
from casino.accounts.session import player_id_from_session
from casino.chat.ws import ACTIONS as CHAT_ACTIONS
from casino.chat.ws import ChatConnection
from casino.progressives import display
from casino.realtime import fanout, presence
from casino.realtime.flash import render_flash
from casino.realtime.groups import (
    LOBBY_GROUP,
    METERS_GROUP,
    lobby_table_message,
    player_at_table_group,
    player_group,
    table_channel,
)
from casino.realtime.ratelimit import (
    TokenBucket,
    close_connection,
    open_connection,
    refresh_connection,
    session_may_send,
)
from casino.redis_client import get_redis
from casino.tables import access, host_panel
from casino.tables.host import CLOSE_REMOVED
from casino.tables.models import Table
from casino.tables.owner import TABLE_BUSY, lease_key
from casino.tables.rendering import (
    LastRender,
    not_shown,
    render_private,
    render_public,
    table_meta,
)
from casino.wallet.ledger import balance_of
from casino.websocket import CLOSE_TOO_BIG, BadMessage, GuardedConsumer, TooBig, decode_message

log = logging.getLogger(__name__)

# A test table refuses whoever is not a designer or invited (docs/protocol.md).
CLOSE_TEST_TABLE = 4403
FORBIDDEN = object()


TOO_MANY_MESSAGES = "Too many messages: slow down. That one was ignored."
TOO_MANY_SOCKETS = "You have too many table windows open: close some, then reload this one."
# Refused for too many open sockets of this browser or address (docs/protocol.md).
CLOSE_TOO_MANY = 4429
# How long this process trusts that a table's owner it last saw still runs.
LEASE_SEEN_SECONDS = 1.0
# Table id -> when an owner was last seen running it (monotonic), by any
# connection of this process: its lease found in Redis, or an update it
# broadcast. Kept per connection, a player betting every few seconds paid a
# round trip to Redis for nearly every action (a p99 of 5 ms at 300 players).
_owner_seen = {}


class TableConsumer(GuardedConsumer):
    async def connect(self):
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        self.version = -1
        self.shown = {}  # fragment id -> the markup this connection last got
        self.last_private = LastRender()  # skips renders that would change nothing
        self.bucket = TokenBucket(settings.WS_RATE_PER_SECOND, settings.WS_RATE_BURST)
        self.pending = None  # the newest update not shown yet (fanout.py)
        self.wake = asyncio.Event()
        self.chat = ChatConnection()  # the table's chat (casino/chat/ws.py)
        # Subscribe before reading the snapshot, so no version saved in
        # between is missed (pushes wait until connect() is done).
        await fanout.subscribe(self.channel_layer, self.table_id, self)
        self.subscribed = True
        loaded = await self._load()
        if loaded is None or loaded is FORBIDDEN:
            await self.close(code=4404 if loaded is None else CLOSE_TEST_TABLE)
            return
        self.meta, self.snapshot, self.config, version, self.nickname, self.balance, meters = loaded
        self.meter_ids = {meter.pk for meter in meters}
        if not await open_connection(self.scope, self.channel_name):
            await self.accept()
            await self._error(TOO_MANY_SOCKETS)
            await self.close(code=CLOSE_TOO_MANY)
            return
        self.counted = True
        await self.accept()
        if self.player_id is not None:
            await self.channel_layer.group_add(player_group(self.player_id), self.channel_name)
            # This table's balance pushes leave these sockets out (owner._push_balances).
            await self.channel_layer.group_add(
                player_at_table_group(self.player_id, self.table_id), self.channel_name
            )
        if meters:
            # The table's progressive meters (§ 605a.7(a)(1)), live from the meter ticker.
            await self.channel_layer.group_add(METERS_GROUP, self.channel_name)
        await presence.mark(self.table_id, self.channel_name, self.player_id)
        await self._notify_lobby()
        await self._tell_host()
        self.heartbeat = asyncio.create_task(self._heartbeat())
        if self.snapshot is not None:
            await self._send_table(version, cached=False)
        await self.chat.join(self)
        self.pusher = asyncio.create_task(self._push_updates())
        if self.snapshot is not None:
            if self.player_id is not None and b"join=1" in self.scope.get("query_string", b""):
                # Arriving from the lobby's "Join": take a seat at once.
                await self.receive(json.dumps({"action": "sit", "round": self.snapshot["game"]["round"]}))
        else:
            await self.send(text_data=render_flash("The table is opening; one moment…", "info"))
        if meters:
            readings = await database_sync_to_async(display.read_meters)(meters)
            await self._send_meters(readings, display.now_ms())

    @database_sync_to_async
    def _load(self):
        table = Table.objects.filter(pk=self.table_id, is_open=True).first()
        if table is None:
            return None
        self.player_id = player_id_from_session(self.scope.get("session"))
        player = Player.objects.filter(pk=self.player_id).first() if self.player_id else None
        if player is None:
            self.player_id = None
        if not access.may_join(table, player, self.scope.get("user")):
            return FORBIDDEN
        # A private table's host parts (casino/tables/host_panel.py).
        self.host_view = host_panel.HostView(table.pk, table.game) if table.is_private else None
        # Only a table the public lobby lists tells it who comes and goes.
        self.listed = table.is_listed
        return (
            table_meta(table),
            table.state,
            table.config,
            table.version,
            names.table_name(player.nickname, player.is_bot) if player else None,
            balance_of(player, test=table.is_test) if player else None,
            display.active_meters(table.pk),
        )

    async def disconnect(self, code):
        self.close_code = code
        await super().disconnect(code)

    def cleanup_steps(self):
        for task in (getattr(self, "heartbeat", None), getattr(self, "pusher", None)):
            if task is not None:
                task.cancel()
        layer, name = self.channel_layer, self.channel_name
        steps = []
        if getattr(self, "subscribed", False):
            steps.append(fanout.unsubscribe(layer, self.table_id, self))
        if getattr(self, "counted", False):
            steps.append(close_connection(self.scope, name))
        if not hasattr(self, "meta"):
            return steps  # it failed or was refused before joining anything else
        if self.player_id is not None:
            steps.append(layer.group_discard(player_group(self.player_id), name))
            steps.append(layer.group_discard(player_at_table_group(self.player_id, self.table_id), name))
        if self.meter_ids:
            steps.append(layer.group_discard(METERS_GROUP, name))
        steps.append(presence.unmark(self.table_id, name, self.player_id))
        if self.player_id is not None:
            # The owner stands the player up if no connection of theirs comes
            # back: soon after a page closed (1000, 1001: the browser said
            # goodbye), later after a lost network, which may come back.
            closed = getattr(self, "close_code", None) in (1000, 1001)
            steps.append(
                layer.send(
                    table_channel(self.table_id),
                    {"type": "table.disconnected", "player": self.player_id, "closed": closed},
                )
            )
        steps.append(self._notify_lobby())
        steps.append(self._tell_host())
        return steps

    async def _heartbeat(self):
        while True:
            await asyncio.sleep(presence.REFRESH_SECONDS)
            try:
                await presence.mark(self.table_id, self.channel_name, self.player_id)
                await refresh_connection(self.scope, self.channel_name)
            except Exception:
                # Redis away: this socket is still here; the next beat says so.
                redis_outage.report(log, "table %s: a socket's heartbeat failed", self.table_id)

    async def _tell_host(self):
        """Someone came or went: a private table's host sees who is at the table."""
        host_id = ((self.snapshot or {}).get("host") or {}).get("id") if self.host_view else None
        if host_id is not None and host_id != self.player_id:
            await self.channel_layer.group_send(
                player_group(host_id), {"type": "host.people", "table_id": self.table_id}
            )

    async def _notify_lobby(self):
        if not self.listed:
            return
        await self.channel_layer.group_send(LOBBY_GROUP, lobby_table_message(self.table_id))

    # -- from the browser ------------------------------------------------

    async def receive(self, text_data=None, bytes_data=None):
        # When the casino got it, before the checks below wait on Redis: a
        # bet that reached us before "no more bets" counts (owner.arrival).
        received_at = time.time()
        if not self.bucket.take():
            await self._error(TOO_MANY_MESSAGES)
            return
        session = self.scope.get("session")
        if self.player_id is not None and not await session_may_send(session.session_key):
            # The same limit whichever of the player's sockets it came through.
            await self._error(TOO_MANY_MESSAGES)
            return
        try:
            data = decode_message(text_data)
        except TooBig as exc:
            await self._error(str(exc))
            await self.close(code=CLOSE_TOO_BIG)
            return
        except BadMessage as exc:
            await self._error(str(exc))
            return
        if not isinstance(data.get("action"), str) or not data["action"]:
            await self._error("Malformed message: it has no action.")
            return
        if data["action"] in CHAT_ACTIONS:
            await self.chat.receive(self, data)  # not game state: never the owner's
            return
        if self.player_id is None:
            await self._error("You have no player session: choose a nickname on the home page to play.")
            return
        if not await self._table_running():
            await self._error("The table is not running right now; try again in a moment.")
            return
        try:
            await self._forward(data, received_at)
        except ChannelFull:
            # The table's inbox in Redis is full (its owner is restarting
            # and thousands of actions wait): the action is not taken.
            await self._error(TABLE_BUSY)

    async def _table_running(self):
        """Whether an owner holds the table's lease, asked of Redis at most
        once a LEASE_SEEN_SECONDS per process and table while it holds, or
        not at all while its updates keep coming (one round trip less for
        nearly every action; an action sent in the second after an owner
        died waits in the table's inbox for the next one)."""
        now = time.monotonic()
        if now - _owner_seen.get(self.table_id, -LEASE_SEEN_SECONDS) < LEASE_SEEN_SECONDS:
            return True
        if not await get_redis().exists(lease_key(self.table_id)):
            return False
        _owner_seen[self.table_id] = now
        return True

    async def _forward(self, data, received_at):
        await self.channel_layer.send(
            table_channel(self.table_id),
            {
                "type": "table.action",
                "player": self.player_id,
                "nickname": self.nickname,
                "message": data,
                "reply_to": self.channel_name,
                # When the casino got it: a bet made before "no more bets"
                # counts even if the owner reaches it after (owner.arrival).
                "sent_at": received_at,
            },
        )

    async def _error(self, text):
        await self.send(text_data=render_flash(text))

    async def send_error(self, text):
        await self._error(text)

    # -- from the table's owner ------------------------------------------

    def deliver(self, event):
        """The table's owner broadcast a version (from this process's
        subscriber, fanout.py): keep the newest, render it in our own task.
        A chat message is kept for the same task, after the table."""
        if event.get("type") == "chat.message":
            self.chat.deliver(event)
            self.wake.set()
            return
        if event.get("type") != "table.update":
            return
        _owner_seen[self.table_id] = time.monotonic()  # only a running owner broadcasts
        if self.pending is None or event["version"] > self.pending["version"]:
            self.pending = event
            self.wake.set()

    async def _push_updates(self):
        while True:
            await self.wake.wait()
            self.wake.clear()
            event, self.pending = self.pending, None
            if event is not None:
                await self.table_update(event)
            await self.chat.flush(self)
            # Let the other viewers and tables of this process have the loop
            # between two renders. (Granting one render a turn of the loop,
            # to read the sockets between any two, was tried: an action's
            # round trips got faster, but a version reached a table's last
            # viewer later, 10 turns instead of one, and p99 was no better.)
            await asyncio.sleep(0)

    async def table_update(self, event):
        if event["version"] <= self.version:
            return  # an older push overtaken by a newer one
        self.snapshot, self.config = event["snapshot"], event["config"]
        mine = event["balances"].get(str(self.player_id)) if self.player_id else None
        if mine is not None:
            self.balance = mine
        await self._send_table(event["version"], changed_at=event.get("changed_at"))

    async def chat_hidden(self, event):
        """The player hid or showed someone's chat in one of their windows (casino/chat/ws.py)."""
        await self.chat.show_all(self)

    async def player_balance(self, event):
        """The player's chips moved elsewhere (another table, a top-up): show
        the new balance here too."""
        if event.get("table_id") == self.table_id or self.snapshot is None:
            return  # this table's own pushes carry it
        if event.get("test", False) != self.meta["is_test"]:
            return  # test chips show at test tables only, real chips everywhere else
        self.balance = event["balance"]
        await self._send_table(self.version)

    async def host_people(self, event):
        """The host's panel lists who is at the table (host_panel.py)."""
        if event.get("table_id") == self.table_id and self.host_view is not None and self.snapshot:
            self.host_view.people = None
            await self._send_table(self.version)

    async def table_removed(self, event):
        """The host removed or banned this player: their sockets here close (host.py)."""
        if event.get("table_id") != self.table_id:
            return
        await self.send(text_data=render_flash(event["text"]) + host_panel.removed_markup(event["text"]))
        await self.close(code=CLOSE_REMOVED)

    async def table_error(self, event):
        await self._error(event["text"])

    async def _send_table(self, version, cached=True, changed_at=None):
        """Send the fragments this connection does not show yet: a push
        after a bet leaves the wheel and the history alone. On connecting
        (``cached=False``) everything is sent, so a reconnect gets the whole
        table; a websocket delivers in order, so what was sent is shown."""
        self.version = version
        if not cached:
            self.shown = {}
        fragments = render_public(
            self.meta, self.snapshot, self.config, version, cached=cached, changed_at=changed_at
        ) + render_private(
            self.meta,
            self.snapshot,
            self.config,
            version,
            self.player_id,
            self.balance,
            last=self.last_private,
        )
        if self.host_view is not None:
            fragments += await self.host_view.fragments(self.snapshot, self.config, self.player_id)
        changed = not_shown(self.shown, fragments)
        if changed:
            await self.send(text_data="".join(changed))

    async def meters_update(self, event):
        """The meter ticker saw meters move: show this table's linked ones."""
        meters = [data for data in event["meters"] if data["meter_id"] in self.meter_ids]
        await self._send_meters(meters, event["now_ms"], event["wins"])

    async def _send_meters(self, meters, at_ms, wins=()):
        """The meters whose display changed (value, win light, last win), and
        for a new win its announcement to screen readers."""
        changed = not_shown(self.shown, display.table_fragments(meters, at_ms, self.table_id))
        changed += [
            display.render_announcement(data, here=self.table_id)
            for data in meters
            if data["meter_id"] in wins
        ]
        if changed:
            await self.send(text_data="".join(changed))
