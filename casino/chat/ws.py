"""The chat's side of a table's websocket (casino/tables/consumers.py).

Handled in Daphne, not by the table's owner: chat is not game state. A
message is checked, rate-limited per connection, stored, then sent to the
table's group; each Daphne's subscriber of the table (fanout.py) hands it
to its viewers, whose ``ChatConnection`` renders it for them."""

from channels.db import database_sync_to_async
from django.conf import settings

from casino.chat import api, rendering
from casino.realtime.flash import render_flash
from casino.realtime.groups import player_group, table_group
from casino.realtime.ratelimit import TokenBucket

ACTIONS = frozenset({"chat", "chat_hide", "chat_unhide", "chat_mute", "chat_unmute", "chat_spectators"})
TOO_FAST = "You are chatting too fast: wait a moment. That message was not sent."
# Events kept for a viewer that has not shown them yet; a viewer further
# behind than the history shown on joining gets the newest ones.
QUEUE_MAX = api.HISTORY


class ChatConnection:
    def __init__(self):
        self.bucket = TokenBucket(settings.CHAT_RATE_PER_SECOND, settings.CHAT_RATE_BURST)
        self.viewer = None  # api.Viewer, once joined
        self.hidden = set()
        self.queue = []
        # The messages the viewer got in the history on joining: their events
        # may still arrive after it (sent before it was read).
        self.seen = set()
        self.host_id = None  # the table's host as its snapshot names them

    def deliver(self, event):
        """From the table's subscriber (fanout.py), in this process's loop."""
        self.queue.append(event)
        if len(self.queue) > QUEUE_MAX:
            del self.queue[0]

    async def join(self, consumer):
        self.host_id = _host_of(consumer)
        await self.show_all(consumer)
        await self.flush(consumer)

    async def show_all(self, consumer):
        """The whole list as this viewer sees it (its hidden players left
        out), and the viewer's controls: on joining, after a hide (in every
        window of the player's) and when the viewer becomes or stops being
        the host."""
        joined = await database_sync_to_async(api.join)(consumer.table_id, consumer.player_id)
        self.viewer, self.hidden = joined.viewer, joined.hidden
        self.seen |= {event["id"] for event in joined.history}
        await consumer.send(
            text_data=rendering.render_list(joined.history, self.viewer)
            + rendering.render_tools(joined.tools)
        )

    async def flush(self, consumer):
        """Send the viewer the messages delivered since the last flush."""
        if self.viewer is None:
            return
        host = _host_of(consumer)
        if host != self.host_id:
            # The host handed the table over: the old and the new host's controls change.
            was_host = self.viewer.role == api.HOST
            self.host_id = host
            if was_host or (host is not None and host == self.viewer.player_id):
                await self.show_all(consumer)
        if not self.queue:
            return
        events, self.queue = self.queue, []
        lines = [
            rendering.render_line(event, self.viewer)
            for event in events
            if event["id"] not in self.seen and event["player"] not in self.hidden
        ]
        if lines:
            await consumer.send(text_data=rendering.render_appended(lines))

    async def receive(self, consumer, data):
        """A chat action from the viewer; refusals go back to them only."""
        action, table_id = data["action"], consumer.table_id
        if consumer.player_id is None:
            await _refuse(consumer, action, api.NO_SESSION)
            return
        if self.viewer is None:
            await _refuse(consumer, action, "The chat is opening; one moment…")
            return
        if not self.bucket.take():
            await _refuse(consumer, action, TOO_FAST)
            return
        try:
            if action == "chat":
                await self._speak(consumer, data.get("text"))
            elif action in ("chat_hide", "chat_unhide"):
                if action == "chat_hide":
                    await database_sync_to_async(api.hide)(table_id, self.viewer, data.get("message"))
                else:
                    await database_sync_to_async(api.unhide)(self.viewer, data.get("player"))
                # Every window of the player's, at any table, this one included.
                await consumer.channel_layer.group_send(
                    player_group(consumer.player_id), {"type": "chat.hidden"}
                )
            else:
                tools = await database_sync_to_async(_host_control)(table_id, self.viewer, action, data)
                await consumer.send(text_data=rendering.render_tools(tools))
        except api.ChatRefused as exc:
            await _refuse(consumer, action, str(exc))

    async def _speak(self, consumer, text):
        snapshot = consumer.snapshot or {}
        seated = consumer.player_id in (snapshot.get("seats") or {}).values()
        event = await database_sync_to_async(api.speak)(
            consumer.table_id, consumer.player_id, consumer.nickname or "Player", text, seated
        )
        await consumer.channel_layer.group_send(table_group(consumer.table_id), event)


def _host_of(consumer):
    return ((consumer.snapshot or {}).get("host") or {}).get("id")


async def _refuse(consumer, action, text):
    """Tell the sender; a refused message is marked, so the page's script
    (static/js/chat.js) puts its text back in the field."""
    await consumer.send(text_data=render_flash(text, "error chat-refused" if action == "chat" else "error"))


def _host_control(table_id, viewer, action, data):
    if action == "chat_mute":
        return api.mute(table_id, viewer, data.get("message"))
    if action == "chat_unmute":
        return api.unmute(table_id, viewer, data.get("player"))
    return api.set_spectators(table_id, viewer, str(data.get("allow")) == "1")
