"""A throwaway casino on loopback for the benches (bench/broadcast.py,
bench/load.py): its environment (embedded Redis unless REDIS_URL is set, a
SQLite file or a fresh PostgreSQL database, its own channel prefix and var
dir), its processes (``manage.py tableworker``s and Daphnes, started as the
deployment starts them), the bench players in its database, and stopping it
all again.
"""

import os
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psutil

ROOT = Path(__file__).resolve().parent.parent


def log(text):
    print(text, file=sys.stderr, flush=True)


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def raise_fd_limit(wanted=65536):
    """A bench opens thousands of sockets (each client's, and Daphne's ends)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


# -- the environment ------------------------------------------------------


def throwaway_environment(tmp, database_url=None, **extra):
    """Point this process, and every process it starts, at a throwaway casino
    in ``tmp`` (SQLite there unless ``database_url``); ``extra`` are more
    settings from the environment. Starts the embedded Redis unless
    REDIS_URL is set; returns its process (None when not started)."""
    redis_process = None
    if not os.environ.get("REDIS_URL"):
        from casino.embedded_redis import start

        redis_process, os.environ["REDIS_URL"] = start(Path(tmp) / "redis")
    os.environ.update(
        DJANGO_SETTINGS_MODULE="casino.settings",
        DATABASE_URL=database_url or f"sqlite:///{Path(tmp) / 'db.sqlite3'}",
        CASINO_VAR_DIR=str(tmp),
        CHANNEL_PREFIX=f"bench{os.getpid()}",
        LOG_LEVEL=os.environ.get("LOG_LEVEL", "WARNING"),
        PYTHONUNBUFFERED="1",
        **extra,
    )
    return redis_process


def in_throwaway_casino(prefix, measure, keep=False):
    """``measure()``'s result, run in this process on a throwaway casino
    (throwaway_environment: a SQLite file and the embedded Redis), migrated
    and set up; removed afterwards unless ``keep``."""
    tmp = Path(tempfile.mkdtemp(prefix=prefix))
    redis_process = throwaway_environment(tmp)
    try:
        migrate()
        import django

        django.setup()
        return measure()
    finally:
        if redis_process is not None:
            redis_process.terminate()
            redis_process.wait(timeout=10)
        if not keep:
            shutil.rmtree(tmp, ignore_errors=True)


def migrate():
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, check=True)


def _admin(url, statement, name):
    import psycopg
    from psycopg import sql

    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(sql.SQL(statement).format(sql.Identifier(name)))


def create_postgres_database(url):
    """A new, empty database on the server of ``url`` (named after the one
    the URL names), so a bench never writes into a database in use; returns
    its URL. ``drop_postgres_database`` removes it."""
    parts = urlsplit(url)
    name = f"{parts.path.lstrip('/') or 'casino'}_bench_{os.getpid()}"
    _admin(url, "CREATE DATABASE {}", name)
    return urlunsplit(parts._replace(path="/" + name))


def drop_postgres_database(url, throwaway_url):
    name = urlsplit(throwaway_url).path.lstrip("/")
    _admin(url, "DROP DATABASE IF EXISTS {} WITH (FORCE)", name)


def bench_players(count, prefix="Bench"):
    """``count`` guests in the throwaway database, each with a wallet and a
    session: [(player id, the session cookie)]. Made directly, not through
    the guest form, whose sign-up limit is per address."""
    from django.conf import settings
    from django.contrib.sessions.backends.db import SessionStore

    from casino.accounts.models import Player
    from casino.accounts.session import SESSION_KEY
    from casino.wallet.ledger import open_wallet

    players = []
    for n in range(count):
        player = Player.objects.create(nickname=f"{prefix} {n + 1}")
        open_wallet(player)
        store = SessionStore()
        store[SESSION_KEY] = player.pk
        store.create()
        players.append((player.pk, f"{settings.SESSION_COOKIE_NAME}={store.session_key}"))
    return players


# -- the processes ----------------------------------------------------------


def start_worker(*options):
    """A ``manage.py tableworker`` (``options``: its command-line options)."""
    return subprocess.Popen(
        [sys.executable, "manage.py", "tableworker", *options], cwd=ROOT, start_new_session=True
    )


def start_daphne(port, profile=None):
    """A Daphne on ``port`` (under cProfile, writing to ``profile``, if given),
    with the baselines' routes when BENCH_ECHO=1 (bench/asgi.py)."""
    app = "bench.asgi:application" if os.environ.get("BENCH_ECHO") == "1" else "casino.asgi:application"
    return subprocess.Popen(
        # -v 0: no access log of the thousands of connections (warnings still show)
        [sys.executable, *(["-m", "cProfile", "-o", profile] if profile else []),
         "-m", "daphne", "-v", "0", "-b", "127.0.0.1", "-p", str(port), app],
        cwd=ROOT, start_new_session=True,
    )  # fmt: skip


def wait_for_port(port, timeout=30, what="Daphne"):
    deadline = time.monotonic() + timeout
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise RuntimeError(f"{what} did not start") from None
            time.sleep(0.1)


def stop(processes, redis_process=None):
    """SIGTERM (the worker releases its leases, Daphne closes its sockets),
    then SIGKILL what is still there after 10 s; Redis last."""
    for process in processes:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
    for process in processes:
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
    if redis_process is not None:
        redis_process.terminate()
        redis_process.wait(timeout=10)


def table_running(table_id):
    """A worker holds the table's lease: its owner runs."""
    from casino.redis_client import get_sync_redis
    from casino.tables.owner import lease_key

    return bool(get_sync_redis().exists(lease_key(table_id)))


def redis_pid():
    port = int(os.environ["REDIS_URL"].rsplit(":", 1)[1].split("/")[0])
    try:
        for conn in psutil.net_connections(kind="tcp"):
            if conn.laddr and conn.laddr.port == port and conn.status == psutil.CONN_LISTEN:
                return conn.pid
    except psutil.Error:
        pass
    return None
