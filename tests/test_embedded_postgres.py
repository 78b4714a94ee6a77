"""The throwaway PostgreSQL of make test's PostgreSQL pass: the wrapped
command gets DATABASE_URL on a live server (never run as root), its exit
status is passed on, and the cluster is gone afterwards."""

import os
import subprocess
import sys
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent

PROBE = """
import os, sys, psutil, psycopg
with psycopg.connect(os.environ["DATABASE_URL"]) as connection:
    print(connection.execute("SHOW data_directory").fetchone()[0])
    print(connection.execute("SELECT current_setting('fsync')").fetchone()[0])
    print(psutil.Process(connection.execute("SELECT pg_backend_pid()").fetchone()[0]).username())
sys.exit(3)
"""


def test_the_command_runs_against_a_private_cluster_that_is_removed_after():
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
    done = subprocess.run(
        [sys.executable, "-m", "casino.embedded_postgres", "--", sys.executable, "-c", PROBE],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 3, done.stderr
    data_directory, fsync, server_user = done.stdout.split()
    assert fsync == "off"  # a test cluster: nothing of it has to survive a crash
    # PostgreSQL refuses to run as root: as root (CI), it ran as another user.
    assert server_user != "root"
    if os.geteuid() != 0:
        assert server_user == psutil.Process().username()
    assert not Path(data_directory).exists()


def test_an_existing_postgres_url_is_used_as_it_is():
    url = "postgres://someone@db.invalid:5432/casino"
    done = subprocess.run(
        [sys.executable, "-m", "casino.embedded_postgres", "--", sys.executable, "-c",
         "import os; print(os.environ['DATABASE_URL'])"],
        cwd=ROOT,
        env={**os.environ, "DATABASE_URL": url},
        capture_output=True,
        text=True,
        timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == url
