"""The baseline of bench/broadcast.py: a bare Channels consumer that joins one
group and forwards each group message's text to its websocket. Routed only
when BENCH_ECHO=1 (bench/asgi.py), in the same Daphne as the tables.

BENCH_ECHO_LEAN=1 (``broadcast.py --lean-echo``) swaps in a variant that
skips Channels' per-message database-connection hop, as TableConsumer does
for its broadcasts, to compare like with like."""

import os

from channels.generic.websocket import AsyncWebsocketConsumer

ECHO_GROUP = "bench-echo"


class BareEchoConsumer(AsyncWebsocketConsumer):
    groups = [ECHO_GROUP]

    async def bench_echo(self, event):
        await self.send(text_data=event["text"])


class LeanEchoConsumer(BareEchoConsumer):
    async def dispatch(self, message):
        if message["type"] == "bench.echo":
            await self.bench_echo(message)
        else:
            await super().dispatch(message)


EchoConsumer = LeanEchoConsumer if os.environ.get("BENCH_ECHO_LEAN") == "1" else BareEchoConsumer
