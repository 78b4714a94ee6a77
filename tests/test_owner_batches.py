"""Actions that queue up at a table are committed together (group commit,
issue 12), and each still stands or is refused alone: a bet over the
player's balance among others changes nothing, the others stand, and the
ledger sums to zero."""

import asyncio
import time

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from casino.realtime.groups import table_channel
from casino.tables.models import Table
from casino.tables.owner import TableOwner
from casino.wallet.ledger import balance_of
from tests.conftest import assert_ledger_balanced

pytestmark = pytest.mark.django_db(transaction=True)


def action(player, message, reply_to):
    return {
        "type": "table.action",
        "player": player.pk,
        "nickname": player.nickname,
        "message": message,
        "reply_to": reply_to,
        "sent_at": time.time(),
    }


async def test_queued_bets_commit_together_and_each_stands_alone(make_table, make_player, clean_redis):
    table = await database_sync_to_async(make_table)(betting_seconds=60, max_bet=100_000)
    players = [await database_sync_to_async(make_player)(name) for name in ("Ann", "Bob", "Cy")]
    layer = get_channel_layer()
    replies = {player.pk: await layer.new_channel() for player in players}
    owner = TableOwner(table.pk, layer=layer)
    batches = []
    task = asyncio.create_task(owner.run())
    try:
        async with asyncio.timeout(20):
            while not (await database_sync_to_async(Table.objects.get)(pk=table.pk)).state:
                await asyncio.sleep(0.05)
        for player in players:
            await layer.send(
                table_channel(table.pk), action(player, {"action": "sit", "round": 1}, replies[player.pk])
            )
        async with asyncio.timeout(20):
            while len((await database_sync_to_async(Table.objects.get)(pk=table.pk)).state["seats"]) < 3:
                await asyncio.sleep(0.05)

        real_act_many = owner.runtime.act_many

        def act_many(items):
            batches.append(len(items))
            return real_act_many(items)

        owner.runtime.act_many = act_many  # the real method, counted
        # Twenty bets each, and one far over Bob's balance in the middle.
        bets = []
        for n in range(20):
            for player in players:
                bets.append(
                    action(
                        player, {"action": "bet", "spot": "1", "amount": "1", "round": 1}, replies[player.pk]
                    )
                )
            if n == 10:
                bets.append(
                    action(
                        players[1],
                        {"action": "bet", "spot": "2", "amount": "50000", "round": 1},
                        replies[players[1].pk],
                    )
                )
        await asyncio.gather(*[layer.send(table_channel(table.pk), bet) for bet in bets])
        refusal = await asyncio.wait_for(layer.receive(replies[players[1].pk]), 20)
        async with asyncio.timeout(20):
            while True:
                state = (await database_sync_to_async(Table.objects.get)(pk=table.pk)).state
                placed = {pid: sum(spots.values()) for pid, spots in state["game"]["bets"].items()}
                if all(placed.get(str(player.pk)) == 20 * 100 for player in players):
                    break
                await asyncio.sleep(0.05)
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    assert refusal["type"] == "table.error" and refusal["text"].startswith("Not enough chips"), refusal
    assert max(batches) > 1, batches  # they did queue up, and went in together
    for player in players:
        assert await database_sync_to_async(balance_of)(player) == (10_000 - 20) * 100
    await database_sync_to_async(assert_ledger_balanced)()
