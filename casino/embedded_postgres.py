"""A real, throwaway PostgreSQL for tests, from the machine's own server binaries.

``python -m casino.embedded_postgres -- COMMAND ...`` runs COMMAND with
DATABASE_URL pointing at a private cluster: initdb into a temporary
directory, ``postgres`` listening on a free loopback port (and a unix socket
in that directory), stopped and deleted afterwards. When DATABASE_URL
already names a PostgreSQL database, COMMAND simply runs against it.

The binaries are Debian's ``postgresql`` package (``make postgresql``
installs it): ``initdb`` on PATH, else the newest /usr/lib/postgresql/N/bin,
or PG_BINDIR. PostgreSQL refuses to run as root (CI runs as root), so as
root the cluster belongs to, and runs as, the ``postgres`` user the package
creates (``nobody`` if there is none).

The cluster is for tests only: trust authentication on loopback, and no
fsync (a crash of the machine loses it, which a test run does not mind).
"""

import argparse
import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SUPERUSER = "casino"
DATABASE = "casino"
UNPRIVILEGED_USERS = ("postgres", "nobody")

# Durability off: nothing of a test run has to survive a crash, and a
# commit that waits for the disk makes the ledger-heavy tests several times
# slower. max_connections covers the test run, its workers and Daphnes.
SERVER_SETTINGS = {
    "fsync": "off",
    "synchronous_commit": "off",
    "full_page_writes": "off",
    "max_connections": "200",
    "log_min_messages": "warning",
}


def _version(path):
    match = re.search(r"/postgresql/(\d+)/bin$", str(path))
    return int(match.group(1)) if match else -1


def bindir():
    """The directory of initdb and postgres."""
    if os.environ.get("PG_BINDIR"):
        return Path(os.environ["PG_BINDIR"])
    found = shutil.which("initdb")
    if found:
        return Path(found).resolve().parent
    candidates = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=_version)
    if candidates and (candidates[-1] / "initdb").exists():
        return candidates[-1]
    raise RuntimeError(
        "no PostgreSQL server binaries (initdb): install Debian's postgresql package "
        "(make postgresql) or set PG_BINDIR"
    )


def _run_as():
    """(uid, gid) to run the server as: ourselves, or an unprivileged user when we are root."""
    if os.geteuid() != 0:
        return None
    for name in UNPRIVILEGED_USERS:
        try:
            entry = pwd.getpwnam(name)
        except KeyError:
            continue
        return entry.pw_uid, entry.pw_gid
    raise RuntimeError(f"running as root and none of the users {UNPRIVILEGED_USERS} exists to run PostgreSQL")


def _free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _as_user(owner):
    if owner is None:
        return {}
    uid, gid = owner
    return {"user": uid, "group": gid, "extra_groups": []}


def _connect(url, timeout):
    import psycopg

    return psycopg.connect(url, connect_timeout=max(1, int(timeout)), autocommit=True)


def wait_ready(url, process, timeout=30):
    """True once the server answers a query (not while it starts or recovers)."""
    import psycopg

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            return False
        try:
            with _connect(url, 2) as connection:
                connection.execute("SELECT 1")
                return True
        except psycopg.OperationalError:
            time.sleep(0.1)
    return False


class Cluster:
    """A private PostgreSQL cluster: ``start()``, then ``url``; ``stop()`` removes it."""

    def __init__(self, base_dir=None, port=None):
        self.owner = _run_as()
        # Under /tmp when the server runs as another user: it must reach
        # the directory, which a root's TMPDIR (say /root/tmp) would not let it.
        parent = None if self.owner is None else "/tmp"
        self.base = Path(base_dir or tempfile.mkdtemp(prefix="casino-postgres-", dir=parent))
        self.data = self.base / "data"
        self.port = port or _free_port()
        self.bindir = bindir()
        self.process = None
        self.url = f"postgres://{SUPERUSER}@127.0.0.1:{self.port}/{DATABASE}"

    def start(self):
        self.base.mkdir(parents=True, exist_ok=True)
        if self.owner is not None:
            os.chown(self.base, *self.owner)
        self.base.chmod(0o700)
        command = [
            str(self.bindir / "initdb"),
            "--pgdata", str(self.data),
            "--username", SUPERUSER,
            "--auth", "trust",
            "--encoding", "UTF8",
            "--locale", "C",
            "--no-sync",
        ]  # fmt: skip
        initdb = subprocess.run(
            command,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            cwd=self.base,  # the server's user may not be allowed into our working directory
            **_as_user(self.owner),
        )
        if initdb.returncode != 0:
            raise RuntimeError(f"initdb failed: {initdb.stderr.decode(errors='replace').strip()}")
        settings = {
            **SERVER_SETTINGS,
            "listen_addresses": "127.0.0.1",
            "port": str(self.port),
            "unix_socket_directories": str(self.base),
        }
        args = [str(self.bindir / "postgres"), "-D", str(self.data)]
        for name, value in settings.items():
            args += ["-c", f"{name}={value}"]
        with open(self.base / "postgres.log", "ab") as log:
            self.process = subprocess.Popen(
                args, stdout=log, stderr=subprocess.STDOUT, cwd=self.base, **_as_user(self.owner)
            )
        admin = f"postgres://{SUPERUSER}@127.0.0.1:{self.port}/postgres"
        if not wait_ready(admin, self.process):
            self.stop(keep=True)
            raise RuntimeError(f"the embedded PostgreSQL did not start; see {self.base / 'postgres.log'}")
        with _connect(admin, 10) as connection:
            connection.execute(f'CREATE DATABASE "{DATABASE}"')
        return self.url

    def stop(self, keep=False):
        if self.process is not None and self.process.poll() is None:
            # SIGINT is PostgreSQL's fast shutdown: clients are disconnected.
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if not keep:
            shutil.rmtree(self.base, ignore_errors=True)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", nargs=argparse.REMAINDER)
    options = parser.parse_args(argv)
    command = [part for part in options.command if part != "--"] or [sys.executable, "-c", "pass"]
    if os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")):
        return subprocess.call(command)
    cluster = Cluster()
    # Stopped with the command, also when we are sent SIGTERM (make's Ctrl-C, CI).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        url = cluster.start()
        return subprocess.call(command, env={**os.environ, "DATABASE_URL": url})
    finally:
        cluster.stop()


if __name__ == "__main__":
    sys.exit(main())
