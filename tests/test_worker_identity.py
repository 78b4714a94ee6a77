"""A restarted table worker takes back its own tables at once (issue 33,
item 6); any other worker still waits out their leases, and two live
workers given one identity never run tables side by side.

casino/tables/owner.py: ``worker_identity``, ``TableWorker._hold_identity``;
casino/realtime/leases.py: ``take_or_adopt``. The supervised restart under
``make run`` is in tests/test_supervised.py (the worker killed there is
back well within its 10 s lease).
"""

import asyncio
import socket
import time

import pytest
from channels.db import database_sync_to_async
from django.core.exceptions import ImproperlyConfigured

from casino.realtime import leases
from casino.redis_client import get_redis, get_sync_redis
from casino.tables.models import Table
from casino.tables.owner import TableWorker, identity_key, lease_key, worker_identity
from tests.conftest import FAST, wait_until


def test_a_worker_s_identity_is_configured_or_its_supervised_program():
    assert worker_identity({}) is None  # a plain process: nothing to take back
    assert worker_identity({"TABLE_WORKER_ID": " web1-worker-2 "}) == "web1-worker-2"
    with pytest.raises(ImproperlyConfigured, match="TABLE_WORKER_ID='a#b'"):
        worker_identity({"TABLE_WORKER_ID": "a#b"})
    supervised = {
        "SUPERVISOR_PROCESS_NAME": "worker-0",
        "SUPERVISOR_GROUP_NAME": "casino",
        "SUPERVISOR_SERVER_URL": "unix:///srv/casino/var/supervisor/supervisor.sock",
    }
    mine = worker_identity(supervised)
    assert mine.startswith(f"{socket.gethostname()}:casino:worker-0@")
    assert worker_identity(supervised) == mine  # the same after a restart
    # Another supervisord on this host (another socket): another identity.
    elsewhere = {**supervised, "SUPERVISOR_SERVER_URL": "unix:///srv/other/supervisor.sock"}
    assert worker_identity(elsewhere) != mine
    assert worker_identity({**supervised, "TABLE_WORKER_ID": "chosen"}) == "chosen"


async def test_only_the_process_speaking_for_an_identity_takes_its_leases_back(clean_redis):
    redis = get_redis()
    table, me = lease_key("identity-test"), identity_key("alpha")
    await redis.set(table, "alpha#vm:1:dead", px=10_000)
    # Not speaking for alpha (nobody, or another process, holds its key): no.
    assert await leases.take_or_adopt(redis, table, "alpha#vm:2:new", 10_000, "alpha", me, "vm:2:new") == 0
    await redis.set(me, "vm:3:other", px=10_000)
    assert await leases.take_or_adopt(redis, table, "alpha#vm:2:new", 10_000, "alpha", me, "vm:2:new") == 0
    # Another identity, even one whose name starts the same: no.
    await redis.set(identity_key("alph"), "vm:4:x", px=10_000)
    assert (
        await leases.take_or_adopt(
            redis, table, "alph#vm:4:x", 10_000, "alph", identity_key("alph"), "vm:4:x"
        )
        == 0
    )
    assert await redis.get(table) == "alpha#vm:1:dead"
    # Speaking for alpha: taken back, for a whole lease.
    await redis.set(me, "vm:2:new", px=10_000)
    assert await leases.take_or_adopt(redis, table, "alpha#vm:2:new", 60_000, "alpha", me, "vm:2:new") == 2
    assert await redis.get(table) == "alpha#vm:2:new" and await redis.pttl(table) > 10_000
    # The dead process could not renew or release it any more.
    assert not await leases.renew(redis, table, "alpha#vm:1:dead", 10_000)
    await leases.release(redis, table, "alpha#vm:1:dead")
    assert await redis.get(table) == "alpha#vm:2:new"
    # A free lease is taken by anyone, speaking or not.
    await redis.delete(table)
    assert (
        await leases.take_or_adopt(redis, table, "beta#vm:5:b", 10_000, "beta", identity_key("beta"), "x")
        == 1
    )


async def wait_for(predicate, timeout, what):
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            pytest.fail(f"timed out after {timeout} s waiting for {what}")
        await asyncio.sleep(0.05)


@pytest.mark.django_db(transaction=True)
async def test_two_live_workers_given_one_identity_never_run_tables_together(make_table, clean_redis):
    tables = [await database_sync_to_async(make_table)(betting_seconds=120) for _ in range(2)]
    ids = [table.pk for table in tables]
    first = TableWorker(worker_id="twin", scan_seconds=0.1, table_ids=ids)
    second = TableWorker(worker_id="twin", scan_seconds=0.1, table_ids=ids)
    stops = [asyncio.Event(), asyncio.Event()]
    first_task = asyncio.create_task(first.run(stops[0]))
    try:
        await wait_for(lambda: set(first.owners) == set(ids), 10, "the first worker's tables")
        second_task = asyncio.create_task(second.run(stops[1]))
        # The second, alive beside it, takes nothing of its twin's.
        await asyncio.sleep(1)
        assert second.owners == {} and not second.speaking
        assert set(first.owners) == set(ids)
        redis = get_redis()
        assert await redis.mget([lease_key(table_id) for table_id in ids]) == [first.holder] * 2
        assert await redis.get(identity_key("twin")) == first.process
        # The first stops (releasing everything): the second takes over.
        stops[0].set()
        await first_task
        await wait_for(lambda: set(second.owners) == set(ids), 10, "the second worker to take over")
        assert await redis.get(identity_key("twin")) == second.process
    finally:
        for stop in stops:
            stop.set()
        await asyncio.gather(first_task, locals().get("second_task", first_task), return_exceptions=True)
    assert await database_sync_to_async(Table.objects.filter(pk__in=ids, is_open=True).count)() == 2


def holder_of(table_id):
    return get_sync_redis().get(lease_key(table_id)) or ""


@pytest.mark.solo  # held to a deadline that a busy neighbour test stretches
@pytest.mark.django_db(transaction=True)
def test_a_restarted_worker_takes_its_tables_back_another_waits_the_lease(processes, make_table):
    lease = 6.0
    processes.env.update(TABLE_LEASE_MS=str(int(lease * 1000)))
    table = make_table(**FAST)  # a step a second while it runs

    def start(identity):
        processes.env["TABLE_WORKER_ID"] = identity
        return processes.worker()

    def version():
        return Table.objects.get(pk=table.pk).version

    def kill_and_replace(process, identity):
        """Seconds from the kill until the table moves again under ``identity``'s new process."""
        processes.kill(process)
        killed, stopped_at = time.monotonic(), version()
        new = start(identity)
        wait_until(lambda: f":{new.pid}:" in holder_of(table.pk), lease + 10, f"{identity} to own the table")
        wait_until(lambda: version() > stopped_at, 10, "the table to move again")
        return new, time.monotonic() - killed

    alpha = start("alpha")
    wait_until(lambda: f":{alpha.pid}:" in holder_of(table.pk), 30, "alpha to own the table")
    # Another identity waits out the dead worker's lease.
    beta, waited = kill_and_replace(alpha, "beta")
    assert waited > lease - 1, f"beta moved alpha's table {waited:.1f} s after the kill, inside its lease"
    # The same identity, restarted, takes it back at once and runs it from
    # its persisted state.
    _again, back = kill_and_replace(beta, "beta")
    assert back < lease - 2, f"the restarted worker moved its table again after {back:.1f} s"
