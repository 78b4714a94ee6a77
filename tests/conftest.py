"""Shared fixtures. The suite runs against the real Redis (REDIS_URL, set by
``make test`` through casino.embedded_redis), the real database (a SQLite
file, so the processes the end-to-end tests start share it) and the real
channel layer."""

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent

if not os.environ.get("REDIS_URL"):
    # Running pytest by hand: bring our own real Redis, as `make test` does.
    import atexit

    from casino.embedded_redis import start as _start_redis

    _redis_process, os.environ["REDIS_URL"] = _start_redis()
    atexit.register(_redis_process.terminate)

FAST = {"betting_seconds": 1, "spin_seconds": 1, "result_seconds": 1}


@pytest.fixture(scope="session", autouse=True)
def lab_exact_rows_session(tmp_path_factory):
    """The lab's kept exact rows (settings.LAB_EXACT_ROWS) go to a file of the
    test run's, never the developer's var/ one, whatever thread writes them."""
    from django.conf import settings

    path = tmp_path_factory.mktemp("lab") / "lab-exact-rows.json"
    saved = settings.LAB_EXACT_ROWS, os.environ.get("LAB_EXACT_ROWS")
    settings.LAB_EXACT_ROWS = path
    os.environ["LAB_EXACT_ROWS"] = str(path)
    yield path
    settings.LAB_EXACT_ROWS = saved[0]
    if saved[1] is None:
        os.environ.pop("LAB_EXACT_ROWS", None)
    else:
        os.environ["LAB_EXACT_ROWS"] = saved[1]


@pytest.fixture(autouse=True)
def lab_exact_rows(tmp_path, monkeypatch):
    """Each test starts with no kept exact rows: a file of its own (the
    processes it starts get it too), so what one test kept does not hide
    another's "Working out" page."""
    from django.conf import settings

    path = tmp_path / "lab-exact-rows.json"
    monkeypatch.setattr(settings, "LAB_EXACT_ROWS", path)
    monkeypatch.setenv("LAB_EXACT_ROWS", str(path))
    return path


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """pytest-django's test database. On PostgreSQL, before it is dropped,
    the connections that other threads of this process still hold are
    closed from the server's side, since DROP DATABASE refuses while any is
    open: the threads that ran database_sync_to_async calls and the tests'
    own threads keep theirs (CONN_MAX_AGE, settings.py)."""
    yield
    from django.db import connection

    if connection.vendor == "postgresql":
        with django_db_blocker.unblock(), connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )


@pytest.fixture(autouse=True)
def fast_password_hashing(request, settings):
    """A fast hasher for the passwords a test makes and checks in this process
    (Django's advice for test suites): the shipped PBKDF2 takes about half a
    second a hash here, and the sign-in tests hash dozens. Tests with server
    processes keep it, since those read the shipped settings to check the
    passwords made here."""
    if "processes" not in request.fixturenames:
        settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def clean_redis():
    from casino.redis_client import get_sync_redis

    get_sync_redis().flushdb()
    yield get_sync_redis()


@pytest.fixture
def made(db):
    """The players a test made with ``make_player``. A test table is for
    designers and the players they invite: ``make_player`` invites its player
    to every test table there is, ``make_table`` its test table to every
    player made so far, whichever came first."""
    return {"players": []}


@pytest.fixture
def make_player(made):
    from casino.accounts.models import Player
    from casino.tables.models import Table
    from casino.wallet.ledger import open_wallet

    def make(nickname="Ann"):
        player = Player.objects.create(nickname=nickname)
        open_wallet(player)
        player.test_table_invitations.add(*Table.objects.filter(is_test=True))
        made["players"].append(player)
        return player

    return make


@pytest.fixture
def make_table(made):
    from casino.tables.models import Table

    def make(name="Test wheel", game="dreamcatcher", seed=None, max_seats=7, **config):
        table = Table.objects.create(
            game=game,
            name=name,
            config={**FAST, **config},
            is_test=seed is not None,
            seed=seed,
            max_seats=max_seats,
        )
        if table.is_test:
            table.invited.add(*made["players"])
        return table

    return make


def assert_ledger_balanced():
    """The money invariant every test that plays rounds ends with."""
    from casino.wallet.ledger import ledger_totals
    from casino.wallet.models import Account

    total, mismatched = ledger_totals()
    assert total == 0, f"ledger sums to {total}, not zero"
    assert mismatched == [], f"balances differ from their entries: {mismatched}"
    assert not Account.objects.filter(kind__in=Account.WALLETS, balance__lt=0).exists()


def stakes_of(player):
    """{round: {spot: cents}} staked by ``player`` (real or test chips), from the ledger's stake entries."""
    from django.db.models import Q

    from casino.wallet.models import Entry

    stakes = {}
    entries = Entry.objects.filter(
        Q(account__player=player) | Q(account__test_player=player), transaction__kind="stake"
    )
    for entry in entries.select_related("transaction"):
        spot = entry.transaction.memo.rsplit(" ", 1)[1]
        by_spot = stakes.setdefault(entry.transaction.round_number, {})
        by_spot[spot] = by_spot.get(spot, 0) - entry.amount
    return stakes


def expected_balance(stakes, results, start=1_000_000):
    """A Dreamcatcher player's balance from ``start``, given their stakes
    ({round: {spot: cents}}) and the rounds' records ({round: result})."""
    from games.dreamcatcher import rules

    balance = start
    for number, spots in stakes.items():
        result = results[number]
        for spot, stake in spots.items():
            balance -= stake
            if spot == result["result"]:
                balance += stake + rules.winnings(stake, spot, result["multiplier"])
    return balance


def wait_until(predicate, timeout, what, interval=0.05):
    """Poll ``predicate`` until it returns something truthy; fail after ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"timed out after {timeout} s waiting for {what}")
        time.sleep(interval)


def session_cookie(player):
    """A real session naming ``player``, as the cookie a browser would send."""
    from django.contrib.sessions.backends.db import SessionStore

    from casino.accounts.session import SESSION_KEY

    store = SessionStore()
    store[SESSION_KEY] = player.pk
    store.create()
    return store.session_key


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for_port(port, timeout=20):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing listens on port {port}")


def shared_database_url(connection):
    """DATABASE_URL naming the test database (the SQLite file, or PostgreSQL's
    ``test_<name>`` on the server DATABASE_URL names), for the processes the
    end-to-end tests start."""
    name = connection.settings_dict["NAME"]
    if connection.vendor == "sqlite":
        return f"sqlite:///{name}"
    return urlsplit(os.environ["DATABASE_URL"])._replace(path=f"/{name}").geturl()


class Processes:
    """Daphne and table-worker processes on the test database and Redis,
    laid out as in production (docs/deploy.md)."""

    def __init__(self):
        from django.conf import settings
        from django.db import connection

        self.env = {
            **os.environ,
            "DATABASE_URL": shared_database_url(connection),
            "REDIS_URL": settings.REDIS_URL,
            "TABLE_LEASE_MS": "2000",
            "PYTHONUNBUFFERED": "1",
        }
        self.running = []

    def worker(self):
        process = subprocess.Popen(
            [sys.executable, "manage.py", "tableworker", "--scan-seconds", "0.3"],
            cwd=ROOT,
            env=self.env,
            start_new_session=True,
        )
        self.running.append(process)
        return process

    def daphne(self):
        port = free_port()
        process = subprocess.Popen(
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "casino.asgi:application"],
            cwd=ROOT,
            env=self.env,
            start_new_session=True,
        )
        self.running.append(process)
        wait_for_port(port)
        return f"127.0.0.1:{port}"

    def kill(self, process, sig=signal.SIGKILL):
        process.send_signal(sig)
        process.wait(timeout=10)

    def stop_all(self):
        for process in self.running:
            if process.poll() is None:
                process.terminate()
        for process in self.running:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()


@pytest.fixture
def processes(transactional_db, clean_redis):
    """Start real server processes; stopped before the database is flushed."""
    procs = Processes()
    yield procs
    procs.stop_all()


def staked(fragment, label, chips):
    """Whether ``fragment`` shows a wager named ``label`` of ``chips``, drawn
    as a chip stack with its amount (templates/tables/_chip_stack.html)."""
    import re

    pattern = (
        rf'{re.escape(label)}</span> <span class="chip-stack">.*?<span class="stack-amount">{chips}</span>'
    )
    return re.search(pattern, fragment) is not None
