from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from casino.lobby.rows import render_row
from casino.tables.groups import LOBBY_GROUP


class LobbyConsumer(AsyncWebsocketConsumer):
    """Pushes a table's lobby row whenever its seats, watchers or results change."""

    async def connect(self):
        await self.accept()
        await self.channel_layer.group_add(LOBBY_GROUP, self.channel_name)

    async def disconnect(self, code):
        await self.channel_layer.group_discard(LOBBY_GROUP, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        pass  # the lobby is read-only

    async def lobby_table(self, event):
        await self.send(text_data=await database_sync_to_async(render_row)(event["table_id"]))
