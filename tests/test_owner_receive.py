"""A table's owner keeps receiving players' actions after the channel layer
fails under it (Redis restarted or briefly unreachable): before, its
receiving task died silently and the table ran its clock while every bet was
lost until the worker restarted."""

import asyncio

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from redis.exceptions import ConnectionError as RedisConnectionError

from casino.tables.groups import table_channel
from casino.tables.models import Table
from casino.tables.owner import TableOwner

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


async def test_the_owner_keeps_receiving_after_the_channel_layer_fails(make_table, make_player, clean_redis):
    table = await database_sync_to_async(make_table)(betting_seconds=120)
    ann = await database_sync_to_async(make_player)("Ann")
    layer = get_channel_layer()
    real_receive = layer.receive
    failed = []

    async def receive(channel):
        if channel == table_channel(table.pk) and len(failed) < 3:
            failed.append(channel)
            raise RedisConnectionError("Error 111 connecting to 127.0.0.1. Connection refused.")
        return await real_receive(channel)

    layer.receive = receive  # the real layer, failing as it does when Redis goes away
    owner = asyncio.create_task(TableOwner(table.pk, layer=layer).run())
    try:
        reply_to = await layer.new_channel()
        await layer.send(
            table_channel(table.pk),
            {
                "type": "table.action",
                "player": ann.pk,
                "nickname": "Ann",
                "message": {"action": "sit", "round": 1},
                "reply_to": reply_to,
            },
        )

        def seats():
            state = Table.objects.get(pk=table.pk).state
            return state and state["seats"]

        for _ in range(100):
            if await database_sync_to_async(seats)():
                break
            await asyncio.sleep(0.1)
        assert await database_sync_to_async(seats)() == {"1": ann.pk}
        assert len(failed) == 3
    finally:
        owner.cancel()
        await asyncio.gather(owner, return_exceptions=True)
        del layer.receive
