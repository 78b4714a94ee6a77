"""A Redis restart is one warning in a process's log, not dozens of
tracebacks (issue 33, item 7): a real table worker (its owners, its scan
and the meter ticker) and a real Daphne (spectators' sockets, which
reconnect as pages do, the fan-out, the channel layer's pump) lose their
Redis for a few seconds, then have it back. Each process says once that
Redis is unreachable and once that it is back, with no traceback. (How a
failure that says Redis is loading its data is told apart:
tests/test_redis_outage.py.)"""

import asyncio
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
import websockets

from casino import embedded_redis
from casino.tables.models import Table
from tests.conftest import ROOT, free_port, wait_for_port, wait_until

DOWN_SECONDS = 3


class PrivateRedis:
    """A redis-server of this test's own, killed and started again on the
    same port and data directory (the processes' REDIS_URL)."""

    def __init__(self):
        self.dir = Path(tempfile.mkdtemp(prefix="casino-outage-redis-"))
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process = None

    def start(self):
        args = embedded_redis.server_args(self.port, self.dir)
        self.process = subprocess.Popen(args, stdout=subprocess.DEVNULL)
        assert embedded_redis.wait_ready(self.port, timeout=30), "redis-server did not start"

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
        shutil.rmtree(self.dir, ignore_errors=True)


def spawn(processes, args, log_path):
    log_file = open(log_path, "ab")  # noqa: SIM115 (closed with the process's end)
    process = subprocess.Popen(
        [sys.executable, *args],
        cwd=ROOT,
        env=processes.env,
        stdout=log_file,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    processes.running.append(process)
    return process


async def watch(host, table_id, seen, stop):
    """A spectator that reconnects as a page does, noting each frame's time."""
    while not stop.is_set():
        try:
            async with websockets.connect(f"ws://{host}/ws/tables/{table_id}/", open_timeout=5) as ws:
                while not stop.is_set():
                    try:
                        async with asyncio.timeout(0.5):
                            await ws.recv()
                        seen.append(time.monotonic())
                    except TimeoutError:
                        pass
        except (OSError, websockets.WebSocketException, TimeoutError):
            await asyncio.sleep(0.5)


def noise(text):
    """(tracebacks, lines that report a failure) of a process's log."""
    lines = text.splitlines()
    tracebacks = sum(line.startswith("Traceback") for line in lines)
    loud = [line for line in lines if re.search(r"fail|retry|unreachable|[Ee]rror|[Ee]xception", line)]
    return tracebacks, loud


@pytest.mark.django_db(transaction=True)
def test_a_redis_restart_is_one_warning_per_process_not_a_flood(processes, make_table, tmp_path):
    private = PrivateRedis()
    private.start()
    try:
        processes.env.update(REDIS_URL=private.url, LOG_LEVEL="INFO")
        table = make_table(betting_seconds=1)
        port = free_port()
        worker_log, daphne_log = tmp_path / "worker.log", tmp_path / "daphne.log"
        spawn(processes, ["manage.py", "tableworker", "--scan-seconds", "0.3"], worker_log)
        spawn(
            processes,
            ["-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "casino.asgi:application"],
            daphne_log,
        )
        wait_for_port(port)
        wait_until(lambda: (Table.objects.get(pk=table.pk).state or {}).get("timer"), 30, "the table to open")

        async def scenario():
            seen, stop = [], asyncio.Event()
            spectators = [
                asyncio.create_task(watch(f"127.0.0.1:{port}", table.pk, seen, stop)) for _ in range(3)
            ]
            try:
                async with asyncio.timeout(30):
                    while len(seen) < 3:
                        await asyncio.sleep(0.1)
                private.kill()
                await asyncio.sleep(DOWN_SECONDS)
                await asyncio.to_thread(private.start)
                # Until both said it is back (or a while: the log is checked below).
                deadline = time.monotonic() + 20
                while time.monotonic() < deadline and not all(
                    "Redis is back" in path.read_text() for path in (worker_log, daphne_log)
                ):
                    await asyncio.sleep(0.2)
                # What the processes still had to say about it.
                await asyncio.sleep(2)
            finally:
                stop.set()
                await asyncio.gather(*spectators, return_exceptions=True)

        asyncio.run(scenario())
    finally:
        processes.stop_all()
        private.stop()

    for name, path in (("worker", worker_log), ("daphne", daphne_log)):
        text = path.read_text(errors="replace")
        tracebacks, loud = noise(text)
        assert tracebacks == 0, f"{name}: {tracebacks} tracebacks\n{text[-6000:]}"
        assert len(loud) == 1 and "Redis is unreachable" in loud[0], f"{name}:\n" + "\n".join(loud[:40])
        assert text.count("Redis is back") == 1, f"{name}:\n{text[-3000:]}"
