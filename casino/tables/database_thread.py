"""A table worker's database: its calls on its database thread (on
PostgreSQL, its threads), and on SQLite the checkpoints of the write-ahead
log, kept out of their way.

Channels' ``database_sync_to_async`` closes old connections around every
call, as Django does around a request (``close_old_connections``), and that
clears the connection's health check: with ``CONN_HEALTH_CHECKS``
(settings.py) the call's first query is then preceded by a ``SELECT 1`` on
PostgreSQL. A table worker makes hundreds of calls a second on one long-lived
connection, so every transition paid a round trip to the server for a check
that says the same thing each time.

``worker_database`` tends the connections as Django would, once every
``CHECK_SECONDS`` instead of around each call, and at once after a call in
which a database error occurred: a broken connection is closed there and the
next call opens a new one. What changes is that a server restart is noticed
by at most the calls of one ``CHECK_SECONDS`` failing, as any call does when
the database fails (the owner tells the sender that nothing changed, or
tries its timer again).
"""

import logging
import os
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import SyncToAsync
from django.db import close_old_connections, connections
from django.db.backends.signals import connection_created

log = logging.getLogger(__name__)

CHECK_SECONDS = 1.0
# How often a worker's own thread checkpoints SQLite's write-ahead log.
CHECKPOINT_SECONDS = 1.0

_checked = threading.local()


def _failed():
    return any(connection.errors_occurred for connection in connections.all(initialized_only=True))


class WorkerDatabase(SyncToAsync):
    def thread_handler(self, loop, *args, **kwargs):
        now = time.monotonic()
        if now - getattr(_checked, "at", float("-inf")) >= CHECK_SECONDS:
            close_old_connections()
            _checked.at = now
        try:
            return super().thread_handler(loop, *args, **kwargs)
        finally:
            if _failed():
                close_old_connections()


# -- PostgreSQL: the tables' transactions side by side -------------------------
# On SQLite a worker keeps to one database thread: the file has one writer,
# and a second thread would only wait on its lock (sleeping, by SQLite's busy
# handler, 1, 2, 5, 10 ms... at a time). On PostgreSQL each transition spends
# most of its time waiting for the server's answers (six or seven statements,
# one round trip each), with the GIL released: one thread made every table
# queue behind the others' round trips: at 1,000 players a table's "no more
# bets" was committed 121-132 ms after its deadline at p99 (bench/load.py on
# PostgreSQL; 90-93 ms on two or four threads), and bets through the owner
# were 628-665 a second (1,058-1,076 on four: bench/worker.py). On a machine
# where PostgreSQL, Daphne and the worker share two cores, more threads also
# cost latency (docs/deploy.md): set fewer there. A table still runs one call at a
# time, in order (its owner awaits each), whichever thread takes it; the
# ledger locks only the accounts a transition moves (the players', the
# round's escrow, the house when it wins or pays), so two tables' bets do not
# wait on each other's locks.
POSTGRES_THREADS = int(os.environ.get("WORKER_DATABASE_THREADS", "4"))

_pool = None


def _executor():
    """The pool of a worker's PostgreSQL threads, or None on SQLite (its one thread)."""
    global _pool
    if connections["default"].vendor == "sqlite" or POSTGRES_THREADS <= 1:
        return None
    if _pool is None:
        _pool = ThreadPoolExecutor(POSTGRES_THREADS, thread_name_prefix="worker-database")
    return _pool


def worker_database(function):
    """``function`` run on the worker's database thread (as
    ``database_sync_to_async(function)``), or on PostgreSQL on one of its
    POSTGRES_THREADS."""
    executor = _executor()
    if executor is None:
        return WorkerDatabase(function, thread_sensitive=True)
    return WorkerDatabase(function, thread_sensitive=False, executor=executor)


# -- SQLite's checkpoints, out of the transitions' way -------------------------
# In WAL mode SQLite copies the log back into the database file (a
# checkpoint, with its fsync under synchronous=NORMAL) inside whichever commit
# takes the log past 1,000 pages: every hundred or so transitions of a busy
# worker, one bet waited several milliseconds for it (the transition's p99 at
# 300 players 5.2 ms, 3.5 ms without). A worker's connections leave that to a
# thread of its own, which checkpoints what it can once a CHECKPOINT_SECONDS
# (PASSIVE: it waits for no reader or writer, and none waits for it).


def _no_autocheckpoint(sender, connection, **kwargs):
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA wal_autocheckpoint = 0")


def checkpoint():
    """Checkpoint what can be now; returns (busy, log frames, frames checkpointed)."""
    with connections["default"].cursor() as cursor:
        cursor.execute("PRAGMA wal_checkpoint(PASSIVE)")
        return tuple(cursor.fetchone())


def _checkpoint_until(stop):
    while not stop.wait(CHECKPOINT_SECONDS):
        try:
            checkpoint()
        except Exception:
            log.warning("checkpointing the database's log failed; trying again", exc_info=True)
            close_old_connections()
    connections["default"].close()


def start_checkpointer():
    """On SQLite, from now on this process's connections leave checkpoints
    to a thread of its own. Returns what stops it (and restores them), or
    None on another database."""
    if connections["default"].vendor != "sqlite":
        return None
    connection_created.connect(_no_autocheckpoint)
    for connection in connections.all(initialized_only=True):
        if connection.connection is not None:
            _no_autocheckpoint(None, connection)
    stop = threading.Event()
    thread = threading.Thread(target=_checkpoint_until, args=(stop,), name="sqlite-checkpoints", daemon=True)
    thread.start()

    def stopped():
        connection_created.disconnect(_no_autocheckpoint)
        stop.set()
        thread.join()

    return stopped
