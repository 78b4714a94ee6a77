from channels.db import database_sync_to_async

from casino.lobby.rows import render_row
from casino.progressives import display
from casino.realtime.groups import LOBBY_GROUP, METERS_GROUP
from casino.websocket import GuardedConsumer


class LobbyConsumer(GuardedConsumer):
    """Pushes a table's lobby row whenever its seats, watchers or results
    change, and the progressive meters whenever the meter ticker sees them move."""

    async def connect(self):
        self.meter_ids = None  # the meters the panel lists
        self.shown = {}  # meter fragment id -> the markup this connection last got
        await self.accept()
        await self.channel_layer.group_add(LOBBY_GROUP, self.channel_name)
        # Join before reading, so no change in between is missed.
        await self.channel_layer.group_add(METERS_GROUP, self.channel_name)
        meters = await database_sync_to_async(lambda: display.read_meters(display.active_meters()))()
        await self._send_meters(meters, display.now_ms(), wins=[])

    def cleanup_steps(self):
        return [
            self.channel_layer.group_discard(LOBBY_GROUP, self.channel_name),
            self.channel_layer.group_discard(METERS_GROUP, self.channel_name),
        ]

    async def receive(self, text_data=None, bytes_data=None):
        pass  # the lobby is read-only

    async def lobby_table(self, event):
        row = await database_sync_to_async(render_row)(event["table_id"])
        if row:
            await self.send(text_data=row)

    async def meters_update(self, event):
        # The ticker sends test tables' meters too, for those tables only.
        meters = [data for data in event["meters"] if not data.get("is_test")]
        wins = [meter_id for meter_id in event["wins"] if meter_id in {data["meter_id"] for data in meters}]
        await self._send_meters(meters, event["now_ms"], wins)

    async def _send_meters(self, meters, at_ms, wins):
        """The meters that changed; the whole panel when meters came or went."""
        fragments = display.lobby_fragments(meters, at_ms)
        ids = [data["meter_id"] for data in meters]
        if ids != self.meter_ids:
            self.meter_ids = ids
            self.shown = dict(fragments)
            changed = [display.render_lobby_panel(meters, at_ms)]
        else:
            changed = []
            for element_id, markup in fragments:
                if self.shown.get(element_id) != markup:
                    changed.append(markup)
                    self.shown[element_id] = markup
        changed += [
            display.render_announcement(data, lobby=True) for data in meters if data["meter_id"] in wins
        ]
        if changed:
            await self.send(text_data="".join(changed))
