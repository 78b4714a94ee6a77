"""Connections are not left behind: with persistent connections
(CONN_MAX_AGE, settings.py) a thread that ends must close its own, or
each one holds a database backend for as long as the process lives."""

import threading

import pytest
from django.db import connection

from casino.lab import jobs, registry
from casino.lab.models import SimulationRun
from tests.conftest import wait_until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


def other_sessions():
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return cursor.fetchone()[0]


def test_a_lab_simulation_thread_closes_its_connection():
    if connection.vendor != "postgresql":
        pytest.skip("only PostgreSQL shows another thread's open connections (make test runs it there)")
    before = other_sessions()
    spec = next(s for s in registry.specs("pai_gow") if s.wager == "main")
    run = jobs.start(spec, rounds=3000, seed=3, payouts_text={})
    thread = next(t for t in threading.enumerate() if t.name == f"lab-run-{run.pk}")
    thread.join(60)
    assert not thread.is_alive()
    run.refresh_from_db()
    assert run.status == SimulationRun.DONE, run.error
    # The server may take a moment to see a closed socket's backend go.
    wait_until(lambda: other_sessions() == before, 5, "the simulation's connection to close")
