"""Real ``manage.py tableworker`` processes share the open tables fairly
(casino/tables/owner.py): with three workers and seven tables each holds two
or three, whichever started first; when one dies the others take its tables."""

import collections
import time

import pytest

from casino.redis_client import get_sync_redis
from casino.tables.owner import lease_key
from tests.conftest import wait_until

# solo: its workers take tables within lease deadlines that a busy neighbour test stretches
pytestmark = [pytest.mark.postgres, pytest.mark.solo]


def holders(table_ids):
    """{worker pid: tables it holds}, and how many tables nobody holds."""
    leases = get_sync_redis().mget([lease_key(table_id) for table_id in table_ids])
    held = collections.Counter(int(lease.split(":")[1]) for lease in leases if lease)
    return dict(held), leases.count(None)


def spread(table_ids, pids, allowed):
    """Every table held, by the workers ``pids`` only, each holding a count in ``allowed``."""
    held, unheld = holders(table_ids)
    return unheld == 0 and set(held) == set(pids) and all(count in allowed for count in held.values())


def stays(predicate, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not predicate():
            return False
        time.sleep(0.1)
    return True


@pytest.mark.django_db(transaction=True)
def test_three_workers_share_seven_tables_and_take_over_a_dead_ones(processes, make_table):
    table_ids = [make_table(name=f"Wheel {n}", betting_seconds=120).pk for n in range(7)]
    first = processes.worker()
    wait_until(lambda: holders(table_ids) == ({first.pid: 7}, 0), 30, "the first worker to take every table")
    # Two more start later, as after a deploy or a restart: the first lets
    # tables go until each holds its fair share.
    workers = [first, processes.worker(), processes.worker()]
    pids = [worker.pid for worker in workers]
    wait_until(lambda: spread(table_ids, pids, {2, 3}), 40, f"2 or 3 tables each: {holders(table_ids)}")
    assert stays(lambda: spread(table_ids, pids, {2, 3}), 3), holders(table_ids)

    processes.kill(workers[1])  # SIGKILL: its leases and heartbeat run out
    survivors = [pids[0], pids[2]]
    wait_until(
        lambda: spread(table_ids, survivors, {3, 4}), 40, f"the survivors to take over: {holders(table_ids)}"
    )
    assert stays(lambda: spread(table_ids, survivors, {3, 4}), 3), holders(table_ids)
