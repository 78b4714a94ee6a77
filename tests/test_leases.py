"""Leases in Redis (casino/realtime/leases.py): a worker renews every table it
holds in one round trip, and never a lease another worker took since."""

import asyncio

import pytest
from channels.db import database_sync_to_async

from casino.realtime import leases
from casino.realtime.leases import LEASE_MS
from casino.redis_client import get_redis
from casino.tables.models import Table
from casino.tables.owner import TableWorker, lease_key


async def test_renew_all_renews_what_the_holder_still_holds_and_nothing_else(clean_redis):
    redis = get_redis()
    names = [lease_key(f"lease-test-{n}") for n in range(4)]
    for name in names[:3]:
        assert await leases.take(redis, name, "me", 1000)
    assert not await leases.take(redis, names[0], "other", 1000)  # held: not taken
    # Mine ran out and another worker took it; the fourth was never mine.
    await redis.set(names[1], "other", px=1000)
    await redis.set(names[3], "other", px=1000)

    assert await leases.renew_all(redis, names, "me", 60_000) == {names[0], names[2]}
    assert 1000 < await redis.pttl(names[0]) <= 60_000 and 1000 < await redis.pttl(names[2])
    assert await redis.pttl(names[1]) <= 1000 and await redis.get(names[1]) == "other"
    assert await leases.renew_all(redis, [], "me", 60_000) == set()

    await leases.release(redis, names[1], "me")  # not mine: left alone
    await leases.release(redis, names[0], "me")
    assert await redis.get(names[1]) == "other" and await redis.get(names[0]) is None
    assert not await leases.renew(redis, names[0], "me", 1000)
    assert await leases.renew(redis, names[2], "me", 1000)


@pytest.mark.django_db(transaction=True)
async def test_a_worker_lets_go_of_the_one_table_whose_lease_another_took(make_table, clean_redis):
    tables = [await database_sync_to_async(make_table)(betting_seconds=120) for _ in range(3)]
    ids = [table.pk for table in tables]
    worker = TableWorker(scan_seconds=0.1, table_ids=ids)
    stop = asyncio.Event()
    task = asyncio.create_task(worker.run(stop))
    try:
        redis = get_redis()
        for _ in range(100):
            await asyncio.sleep(0.05)
            if set(worker.owners) == set(ids):
                break
        assert set(worker.owners) == set(ids)
        # The second table's lease ran out while the worker was stalled, and
        # another worker took it: this one stops running it at its next scan.
        await redis.set(lease_key(ids[1]), "another-worker", px=LEASE_MS)
        for _ in range(100):
            await asyncio.sleep(0.05)
            if ids[1] not in worker.owners:
                break
        assert set(worker.owners) == {ids[0], ids[2]}
        assert await redis.get(lease_key(ids[1])) == "another-worker"  # not released: not its own
        for table_id in (ids[0], ids[2]):
            assert await redis.get(lease_key(table_id)) == worker.holder
            assert await redis.pttl(lease_key(table_id)) > LEASE_MS - 1000  # renewed at every scan
    finally:
        stop.set()
        await task
    for table_id in (ids[0], ids[2]):
        assert await redis.get(lease_key(table_id)) is None  # released on stopping
    assert await database_sync_to_async(Table.objects.filter(pk__in=ids, is_open=True).count)() == 3
