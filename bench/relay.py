"""The baseline of bench/load.py: a bare relay, the same Daphne and channel
layer without the table. Routed only when BENCH_ECHO=1 (bench/asgi.py),
at ``/ws/bench/relay/<group>/``.

Each connection joins its group (one per table of the load, with as many
clients as the table has players). What a client sends is group-sent to its
group, padded with spaces to the ``bytes`` it asks for (the table's bytes
per update), and every member's consumer sends it on as it came: client ->
Daphne -> Redis -> Daphne -> the group's clients, as a bet and its update
go, without the worker, the database and the rendering in between.
Like TableConsumer, the consumer takes the client's message through
Channels' stock dispatch and handles the group's pushes without its
per-message hop to the database thread.
"""

import json

from channels.generic.websocket import AsyncWebsocketConsumer

MAX_BYTES = 65536  # Padding beyond a table push's size measures nothing more.


def relay_group(number):
    return f"bench-relay-{number}"


class RelayConsumer(AsyncWebsocketConsumer):
    async def connect(self):
        self.group = relay_group(self.scope["url_route"]["kwargs"]["group"])
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        size = min(MAX_BYTES, int(json.loads(text_data).get("bytes", 0)))
        await self.channel_layer.group_send(
            self.group, {"type": "bench.relay", "text": text_data.ljust(size)}
        )

    async def dispatch(self, message):
        if message["type"] == "bench.relay":
            await self.send(text_data=message["text"])
        else:
            await super().dispatch(message)
