"""A table worker's calls into the database, on its one database thread.

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

import threading
import time

from asgiref.sync import SyncToAsync
from django.db import close_old_connections, connections

CHECK_SECONDS = 1.0

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


def worker_database(function):
    """``function`` run on the worker's database thread (as
    ``database_sync_to_async(function)``)."""
    return WorkerDatabase(function, thread_sensitive=True)
