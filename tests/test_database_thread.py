"""A table worker's database calls (casino/tables/database_thread.py): the
connection's health is checked once a CHECK_SECONDS, not before every
transition, and a connection that broke is replaced after the call that met
it. Run on SQLite and again on PostgreSQL, where the check is a query."""

import asyncio
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from channels.db import database_sync_to_async
from django.db import connection, connections

from casino.tables import database_thread
from casino.tables.database_thread import worker_database
from casino.tables.models import Table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


@pytest.fixture
def health_checks(monkeypatch):
    """Counts the connection health checks of every thread."""
    backend = type(connections["default"])
    checks = []
    is_usable = backend.is_usable

    def counted(self):
        checks.append(self.alias)
        return is_usable(self)

    monkeypatch.setattr(backend, "is_usable", counted)
    monkeypatch.setitem(connections["default"].settings_dict, "CONN_HEALTH_CHECKS", True)
    return checks


def count_tables():
    return Table.objects.count()


async def test_the_worker_checks_its_connection_once_a_second_not_every_call(health_checks, monkeypatch):
    monkeypatch.setattr(database_thread, "CHECK_SECONDS", 3600)
    await worker_database(count_tables)()  # the thread's first call: its connection opens
    health_checks.clear()
    for _ in range(20):
        await worker_database(count_tables)()
    assert health_checks == []
    # channels' database_sync_to_async checks before each call's first query.
    for _ in range(20):
        await database_sync_to_async(count_tables)()
    assert len(health_checks) >= 19
    # Once the interval is over, the next call checks again.
    health_checks.clear()
    monkeypatch.setattr(database_thread, "CHECK_SECONDS", 0)
    await worker_database(count_tables)()
    assert health_checks


async def test_a_broken_connection_is_replaced_after_the_call_that_met_it(monkeypatch):
    if connection.vendor != "postgresql":
        pytest.skip("a server that drops the connection: PostgreSQL")
    monkeypatch.setattr(database_thread, "CHECK_SECONDS", 3600)
    # One thread of the pool, so that the calls below meet the connection dropped.
    one = ThreadPoolExecutor(1)
    monkeypatch.setattr(database_thread, "_pool", one)
    backend = await worker_database(lambda: connection.cursor().connection.info.backend_pid)()

    def drop(pid):
        with connection.cursor() as cursor:  # this thread's own connection
            cursor.execute("SELECT pg_terminate_backend(%s)", [pid])

    await database_sync_to_async(drop, thread_sensitive=False)(backend)
    # The server dropped it (a restart, a failover): the next call fails...
    with pytest.raises(Exception):  # noqa: B017  (psycopg says OperationalError or InterfaceError)
        await worker_database(count_tables)()
    # ...and the one after runs on a new connection.
    assert await worker_database(count_tables)() >= 0
    assert await worker_database(lambda: connection.cursor().connection.info.backend_pid)() != backend
    one.submit(connections.close_all).result()
    one.shutdown()


async def test_on_postgresql_tables_transitions_run_side_by_side():
    """On PostgreSQL a slow transaction of one table (its server's answers
    late) no longer holds up the others': the worker's calls run on
    POSTGRES_THREADS threads. On SQLite they keep to one thread, the file's
    one writer."""

    def slow():
        with connection.cursor() as cursor:
            if connection.vendor == "postgresql":
                cursor.execute("SELECT pg_sleep(0.5)")
            else:
                time.sleep(0.5)
        return threading.current_thread().name, time.monotonic()

    def quick():
        count_tables()
        return threading.current_thread().name, time.monotonic()

    (slow_thread, slow_done), (quick_thread, quick_done) = await asyncio.gather(
        worker_database(slow)(), worker_database(quick)()
    )
    if connection.vendor == "postgresql":
        assert slow_thread != quick_thread and quick_done < slow_done
        assert slow_thread.startswith("worker-database") and quick_thread.startswith("worker-database")
    else:
        assert slow_thread == quick_thread and quick_done > slow_done


def test_a_workers_sqlite_log_is_checkpointed_by_its_own_thread_not_by_its_commits(monkeypatch):
    if connection.vendor != "sqlite":
        pytest.skip("SQLite's write-ahead log")
    import threading
    import time

    from django.contrib.sessions.models import Session
    from django.utils import timezone

    monkeypatch.setattr(database_thread, "CHECKPOINT_SECONDS", 0.05)
    runs = []
    checkpoint = database_thread.checkpoint
    monkeypatch.setattr(database_thread, "checkpoint", lambda: runs.append(checkpoint()) or runs[-1])

    def autocheckpoint():
        # In a thread of its own: a connection opened now, as a worker's database thread's.
        seen = []

        def read():
            with connections["default"].cursor() as cursor:
                cursor.execute("PRAGMA wal_autocheckpoint")
                seen.append(cursor.fetchone()[0])
            for n in range(30):
                Session.objects.create(
                    session_key=f"log{n}", session_data="y" * 2000, expire_date=timezone.now()
                )
            Session.objects.filter(session_key__startswith="log").delete()
            connections["default"].close()

        thread = threading.Thread(target=read)
        thread.start()
        thread.join()
        return seen[0]

    stop = database_thread.start_checkpointer()
    try:
        assert autocheckpoint() == 0
        deadline = time.monotonic() + 5
        while not any(done for _, _, done in runs) and time.monotonic() < deadline:
            time.sleep(0.05)
        # The checkpointer's thread copied the log's pages back.
        assert any(busy == 0 and done > 0 for busy, _, done in runs), runs
    finally:
        stop()
    # Connections opened afterwards checkpoint as SQLite does by default.
    assert autocheckpoint() == 1000
