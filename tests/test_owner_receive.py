"""A table's owner keeps receiving players' actions after the channel layer
fails under it (Redis restarted or briefly unreachable): before, its
receiving task died silently and the table ran its clock while every bet was
lost until the worker restarted."""

import asyncio
import time

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings
from redis.exceptions import ConnectionError as RedisConnectionError

from casino.channel_layer import PumpedRedisChannelLayer
from casino.realtime.groups import table_channel
from casino.tables.models import Table
from casino.tables.owner import RECEIVE_WAIT_SECONDS, WAKE, TableOwner

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


async def test_the_owner_keeps_receiving_after_the_channel_layer_fails(make_table, make_player, clean_redis):
    table = await database_sync_to_async(make_table)(betting_seconds=120)
    ann = await database_sync_to_async(make_player)("Ann")
    layer = get_channel_layer()
    real_receive = layer.receive_many
    failed = []

    async def receive_many(channel, count, timeout):
        if channel == table_channel(table.pk) and len(failed) < 3:
            failed.append(channel)
            raise RedisConnectionError("Error 111 connecting to 127.0.0.1. Connection refused.")
        return await real_receive(channel, count, timeout)

    layer.receive_many = receive_many  # the real layer, failing as it does when Redis goes away
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
        del layer.receive_many


async def test_a_reply_to_a_full_inbox_is_dropped_and_the_table_goes_on(make_table, make_player, clean_redis):
    """A Daphne that stopped reading (its inbox at the layer's capacity) got
    the owner's reply as ChannelFull, which ended the owner: every action
    queued behind it went unanswered (the load bench at 1,000 players)."""
    table = await database_sync_to_async(make_table)(betting_seconds=120)
    ann = await database_sync_to_async(make_player)("Ann")
    bea = await database_sync_to_async(make_player)("Bea")
    # The owner's layer allows two messages in a process's inbox; the stuck
    # process never reads its own, the answered one is another process.
    layer = PumpedRedisChannelLayer(hosts=[settings.REDIS_URL], capacity=2)
    sender = PumpedRedisChannelLayer(hosts=[settings.REDIS_URL])
    stuck_process = PumpedRedisChannelLayer(hosts=[settings.REDIS_URL])
    answered_process = PumpedRedisChannelLayer(hosts=[settings.REDIS_URL])
    owner = asyncio.create_task(TableOwner(table.pk, layer=layer).run())
    try:
        stuck = await stuck_process.new_channel()  # nobody reads it
        answered = await answered_process.new_channel()

        def action(player, message, reply_to):
            return {
                "type": "table.action",
                "player": player.pk,
                "nickname": player.nickname,
                "message": message,
                "reply_to": reply_to,
            }

        for _ in range(4):  # two fill the stuck inbox, two more replies are dropped
            await sender.send(table_channel(table.pk), action(ann, {"action": "dance", "round": 1}, stuck))
        await sender.send(table_channel(table.pk), action(bea, {"action": "dance", "round": 1}, answered))
        reply = await asyncio.wait_for(answered_process.receive(answered), 10)
        assert reply["type"] == "table.error" and "dance" in reply["text"]
        await sender.send(table_channel(table.pk), action(bea, {"action": "sit", "round": 1}, answered))
        for _ in range(100):
            state = await database_sync_to_async(lambda: Table.objects.get(pk=table.pk).state)()
            if state and state["seats"]:
                break
            await asyncio.sleep(0.1)
        assert state["seats"] == {"1": bea.pk}
        assert not owner.done()
    finally:
        owner.cancel()
        await asyncio.gather(owner, return_exceptions=True)
        for each in (layer, sender, stuck_process, answered_process):
            await each.close_pools()


async def test_actions_an_owner_took_and_did_not_handle_go_to_the_next_owner(
    make_table, make_player, clean_redis
):
    """The owner reads its inbox several actions at a time: when it stops
    (its worker stops, another worker took the table), those still queued in
    its memory go back to the table's inbox, in their order, and the next
    owner handles them."""
    table = await database_sync_to_async(make_table)(betting_seconds=120)
    ann, bea, cy = [await database_sync_to_async(make_player)(name) for name in ("Ann", "Bea", "Cy")]
    layer = get_channel_layer()
    first = TableOwner(table.pk, layer=layer)
    entered = asyncio.Event()

    async def stuck(batch):  # the first action never finishes: the owner is stopped mid-way
        entered.set()
        await asyncio.Event().wait()

    first._handle_batch = stuck
    running = asyncio.create_task(first.run())
    reply_to = await layer.new_channel()

    def sit(player):
        return {
            "type": "table.action",
            "player": player.pk,
            "nickname": player.nickname,
            "message": {"action": "sit", "round": 1},
            "reply_to": reply_to,
        }

    second = None
    try:
        await layer.send(table_channel(table.pk), sit(ann))
        await asyncio.wait_for(entered.wait(), 10)
        for player in (bea, cy):
            await layer.send(table_channel(table.pk), sit(player))
        for _ in range(100):
            if first.inbox.qsize() == 2:
                break
            await asyncio.sleep(0.05)
        assert first.inbox.qsize() == 2  # taken from Redis, waiting in the owner
        stopping = time.monotonic()
        running.cancel()
        await asyncio.gather(running, return_exceptions=True)
        # Its reader was woken, not waited out.
        assert time.monotonic() - stopping < RECEIVE_WAIT_SECONDS / 2
        waiting = await layer.connection(0).zrange(layer.prefix + table_channel(table.pk), 0, -1)
        kinds = [layer.deserialize(raw)["type"] for raw in waiting]
        assert [kind for kind in kinds if kind != WAKE] == ["table.action"] * 2

        second = asyncio.create_task(TableOwner(table.pk, layer=layer).run())

        def seats():
            state = Table.objects.get(pk=table.pk).state
            return state and state["seats"]

        for _ in range(100):
            if len(await database_sync_to_async(seats)() or {}) == 2:
                break
            await asyncio.sleep(0.1)
        # Ann's was in hand when the owner stopped; Bea's and Cy's, in order.
        assert await database_sync_to_async(seats)() == {"1": bea.pk, "2": cy.pk}
    finally:
        for task in (running, second):
            if task is not None:
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
