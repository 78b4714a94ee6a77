"""Broadcast latency: K clients on one Dreamcatcher table against a bare
Channels echo, measured in the same run with the same process layout.

    make bench      (python -m casino.embedded_redis -- python bench/broadcast.py)

For each K (``--clients``), K spectators watch one table while seated bench
players bet at ``--rate`` per second. Each bet is a state change: the table's
owner (the ``manage.py tableworker`` process) persists it, then broadcasts it
with its time (``changed_at``); each spectator's TableConsumer (in Daphne)
renders and pushes the fragments, whose #dc-status carries that time as
``data-changed-at`` (ms). Latency = receipt time in the client - changed_at.

Beside them, K clients of a bare echo consumer (bench/echo.py, routed in the
same Daphne when BENCH_ECHO=1) receive messages that a separate publisher
process group-sends through the channel layer at the same rate, stamped just
before the send: publisher process -> Redis -> Daphne -> clients, as for the
table. Table and echo bursts alternate, so both meet the same background load.

A drop is a version (or echo message) that a client never received. All on
loopback, with a throwaway SQLite database, channel prefix and var dir; the
whole run is bounded by ``--budget`` seconds. Exit status 1 when the target
(p99 within 2x of the echo's at every K, no drops) is not met.
"""

import argparse
import asyncio
import json
import math
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from contextlib import closing
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.layout import (  # noqa: E402  (after the path: run as a script)
    bench_players,
    free_port,
    log,
    migrate,
    raise_fd_limit,
    redis_pid,
    start_daphne,
    start_worker,
    stop,
    table_running,
    throwaway_environment,
    wait_for_port,
)
from bench.stats import percentile  # noqa: E402
from bench.wsclients import close_clients, open_clients, sleep_until, wait_for  # noqa: E402

# A long betting window: the bench players' bets are the state changes. The
# round still closes every 5 minutes, so the timer's transitions are measured too.
TABLE_CONFIG = {"betting_seconds": 300, "spin_seconds": 1, "result_seconds": 1}
SPOTS = ("1", "2", "5", "10", "20", "40")
PREFIX_BYTES = 512  # #dc-status opens every table push: its attributes are in here
TARGET_RATIO = 2.0

VERSION_RE = re.compile(rb'data-version="(\d+)"')
CHANGED_RE = re.compile(rb'data-changed-at="([0-9.]+)"')
ROUND_RE = re.compile(rb'<span class="round">Round (\d+)</span>')


# -- clients -------------------------------------------------------------


class Client:
    """One websocket; it only timestamps what arrives (parsed afterwards)."""

    def __init__(self, ws):
        self.ws = ws
        self.got = []  # (receipt time in epoch seconds, first bytes of the message)
        self.closed = False
        self.reader = asyncio.create_task(self._read())

    async def _read(self):
        from websockets.exceptions import ConnectionClosed

        ws, got, clock = self.ws, self.got, time.time
        try:
            while True:
                data = await ws.recv(decode=False)
                got.append((clock(), data[:PREFIX_BYTES]))
        except ConnectionClosed:
            self.closed = True

    async def close(self):
        try:
            await asyncio.wait_for(self.ws.close(), 10)
        except Exception:
            pass
        self.reader.cancel()


class Bettor(Client):
    """A seated bench player: its bets are the table's state changes."""

    def __init__(self, ws):
        self.round = None
        self.seated = False
        self.refused = 0
        super().__init__(ws)

    async def _read(self):
        from websockets.exceptions import ConnectionClosed

        try:
            while True:
                data = await self.ws.recv(decode=False)
                if VERSION_RE.search(data) is None:  # a message for this player alone
                    self.refused += b'class="flash' in data
                    continue
                self.round = int(ROUND_RE.search(data).group(1))
                self.seated = self.seated or b"You sit at seat" in data
        except ConnectionClosed:
            self.closed = True

    async def bet(self, spot):
        await self.ws.send(json.dumps({"action": "bet", "spot": spot, "amount": "1", "round": self.round}))


# -- measuring ------------------------------------------------------------


class Series:
    """One kind of message (table pushes or echoes) at one K."""

    def __init__(self, kind):
        self.kind = kind
        self.latencies = []  # ms
        self.drops = 0
        self.unmeasured = 0  # received without a server time (should stay 0)
        self.messages = 0
        self.cpu = {}  # process name -> CPU seconds while this kind ran

    def summary(self):
        values = sorted(self.latencies)
        return {"p50": percentile(values, 50), "p99": percentile(values, 99), "n": len(values)}

    def add_cpu(self, before, after):
        for name in after:
            self.cpu[name] = self.cpu.get(name, 0.0) + after[name] - before[name]


class Bench:
    def __init__(self, args, base, table_id, bettors, publisher, pids):
        self.args = args
        self.db_path = os.environ["DATABASE_URL"].removeprefix("sqlite:///")
        self.base = base
        self.table_id = table_id
        self.bettors = bettors
        self.publisher = publisher
        self.processes = {name: psutil.Process(pid) for name, pid in pids.items()}
        self.bursts = 0

    async def committed(self):
        """The table's version in the database: what the owner has committed."""

        def read():
            with closing(sqlite3.connect(self.db_path, timeout=10)) as db:
                return db.execute(
                    "SELECT version FROM tables_table WHERE id = ?", (self.table_id,)
                ).fetchone()[0]

        return await asyncio.to_thread(read)

    def cpu(self):
        return {name: sum(process.cpu_times()[:2]) for name, process in self.processes.items()}

    async def run_k(self, k):
        """K table spectators and K echo clients, connected together; table
        and echo bursts alternate, so both meet the same background load."""
        args = self.args
        table, echo = Series("table"), Series("echo")
        table_clients = await open_clients(f"{self.base}/ws/tables/{self.table_id}/", k, Client)
        echo_clients = []
        try:
            if not await wait_for(lambda: all(client.got for client in table_clients), 60):
                log(f"  K={k}: not every spectator got the table")
            echo_clients = await open_clients(f"{self.base}/ws/bench/echo/", k, Client)
            await asyncio.sleep(args.settle)
            chunks = [len(part) for part in _split(range(updates_for(k, args)), args.chunks)]
            for number, count in enumerate(chunks):
                warmup = args.warmup if number == 0 else 0
                await self.table_burst(table, table_clients, count, warmup)
                await asyncio.sleep(args.settle)
                await self.echo_burst(echo, echo_clients, count, warmup)
                await asyncio.sleep(args.settle)
        finally:
            await close_clients(table_clients + echo_clients)
        await asyncio.sleep(args.settle)  # let Daphne finish the disconnections
        return table, echo

    async def table_burst(self, series, clients, count, warmup):
        args = self.args
        for client in clients:
            client.got.clear()
        before = self.cpu()
        first = await self.committed() + 1
        start = time.monotonic()
        for i in range(count):
            await sleep_until(start + i / args.rate)
            bettor = self.bettors[i % len(self.bettors)]
            await bettor.bet(SPOTS[(i // len(self.bettors)) % len(SPOTS)])
        # The database says how many versions there were (a refused bet makes none).
        last, quiet = await self.committed(), time.monotonic() + 1.0
        while last < first - 1 + count and time.monotonic() < quiet:
            await asyncio.sleep(0.05)
            if (now := await self.committed()) != last:
                last, quiet = now, time.monotonic() + 1.0

        def caught_up():
            return all(
                client.closed or (client.got and _version(client.got[-1][1]) >= last) for client in clients
            )

        if not await wait_for(caught_up, args.drain):
            log(f"  K={len(clients)}: spectators still behind after {args.drain:g} s")
        series.add_cpu(before, self.cpu())
        expected = range(first, last + 1)
        series.messages += len(expected)
        timed = set(expected[warmup:])
        for client in clients:
            seen = set()
            for received, data in client.got:
                version = _version(data)
                if version is None or version not in expected or version in seen:
                    continue
                seen.add(version)
                if version in timed:
                    changed = CHANGED_RE.search(data)
                    if changed is None:
                        series.unmeasured += 1
                    else:
                        series.latencies.append(received * 1000 - float(changed.group(1)))
            series.drops += len(expected) - len(seen)

    async def echo_burst(self, series, clients, count, warmup):
        args = self.args
        self.bursts += 1
        number = self.bursts
        for client in clients:
            client.got.clear()
        before = self.cpu()
        self.publisher.stdin.write(f"go {number} {count} {args.rate} {args.echo_pad}\n".encode())
        await self.publisher.stdin.drain()
        line = await asyncio.wait_for(self.publisher.stdout.readline(), count / args.rate + 30)
        if line.strip() != b"done":
            raise RuntimeError(f"the echo publisher said {line!r}")
        await asyncio.sleep(0.3)
        if not await wait_for(
            lambda: all(client.closed or len(client.got) >= count for client in clients), args.drain
        ):
            log(f"  K={len(clients)}: echo clients still behind after {args.drain:g} s")
        series.add_cpu(before, self.cpu())
        series.messages += count
        for client in clients:
            seen = set()
            for received, data in client.got:
                burst, seq, stamp = _echo_head(data)
                if burst != number or seq in seen:
                    continue
                seen.add(seq)
                if seq >= warmup:
                    series.latencies.append(received * 1000 - stamp)
            series.drops += count - len(seen)


def updates_for(k, args):
    """State changes (and echo messages) at K clients: enough receipts for a
    p99 that is not just the single slowest one."""
    return max(args.updates, math.ceil(args.min_receipts / k))


def _split(items, parts):
    size, extra = divmod(len(items), parts)
    result, at = [], 0
    for part in range(parts):
        step = size + (part < extra)
        if step:
            result.append(items[at : at + step])
        at += step
    return result


def _version(data):
    match = VERSION_RE.search(data)
    return int(match.group(1)) if match else None


ECHO_HEAD = re.compile(rb'\{"p": (\d+), "s": (\d+), "t": ([0-9.]+)')


def _echo_head(data):
    # (burst, sequence number, publisher's time in ms): the message opens with them.
    head = ECHO_HEAD.match(data)
    return int(head.group(1)), int(head.group(2)), float(head.group(3))


# -- the echo publisher (its own process, like the table worker) ----------


async def publish(layer):
    from bench.echo import ECHO_GROUP

    loop = asyncio.get_running_loop()
    while True:
        line = await loop.run_in_executor(None, sys.stdin.readline)
        if not line:
            return
        _, number, count, rate, pad = line.split()
        number, count, rate, pad = int(number), int(count), float(rate), int(pad)
        start = time.monotonic()
        for i in range(count):
            await sleep_until(start + i / rate)
            text = json.dumps({"p": number, "s": i, "t": round(time.time() * 1000, 3), "pad": "x" * pad})
            await layer.group_send(ECHO_GROUP, {"type": "bench.echo", "text": text})
        print("done", flush=True)


def publisher_main():
    import django

    django.setup()
    from channels.layers import get_channel_layer

    asyncio.run(publish(get_channel_layer()))


# -- setting up and running ----------------------------------------------


def prepare(bettor_count):
    """A throwaway database with the bench table and its seated players."""
    migrate()
    import django

    django.setup()
    from django.db import connections

    from casino.tables.models import Table

    table = Table.objects.create(game="dreamcatcher", name="Bench wheel", config=TABLE_CONFIG)
    cookies = [cookie for _, cookie in bench_players(bettor_count)]
    connections.close_all()
    return table.pk, cookies


async def measure(args, base, table_id, cookies, pids, results):
    publisher = await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--publisher", cwd=ROOT,
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, start_new_session=True,
    )  # fmt: skip
    bettors = []
    try:
        if not await wait_for(lambda: table_running(table_id), 30, step=0.2):
            raise RuntimeError("the table worker did not take the table")
        uri = f"{base}/ws/tables/{table_id}/?join=1"
        for cookie in cookies:
            bettors += await open_clients(uri, 1, Bettor, headers={"Cookie": cookie})
        if not await wait_for(lambda: all(bettor.seated for bettor in bettors), 30):
            raise RuntimeError("the bench players did not get their seats")
        pids = {**pids, "publisher": publisher.pid, "client": os.getpid()}
        bench = Bench(args, base, table_id, bettors, publisher, {k: v for k, v in pids.items() if v})
        for k in args.clients:
            table, echo = await bench.run_k(k)
            log(f"  K={k} table: {_line(table)}")
            log(f"  K={k} echo:  {_line(echo)}")
            results.append((k, table, echo))
    finally:
        await close_clients(bettors)
        if publisher.returncode is None:
            publisher.stdin.close()
            try:
                await asyncio.wait_for(publisher.wait(), 5)
            except TimeoutError:
                publisher.kill()
    return sum(bettor.refused for bettor in bettors)


def _line(series):
    s = series.summary()
    cpu = ", ".join(f"{name} {seconds:.1f}" for name, seconds in series.cpu.items())
    return (
        f"p50 {s['p50']:.2f} ms, p99 {s['p99']:.2f} ms over {s['n']} receipts "
        f"of {series.messages} messages, drops {series.drops}"
        + (f", unmeasured {series.unmeasured}" if series.unmeasured else "")
        + f"; CPU s: {cpu}"
    )


def report(results, args, elapsed, refused):
    lines = [
        "| K | table p50 (ms) | table p99 (ms) | echo p50 (ms) | echo p99 (ms) | p99 ratio | drops (table/echo) |",
        "|---:|---:|---:|---:|---:|---:|---:|",
    ]
    ok = True
    for k, table, echo in results:
        t, e = table.summary(), echo.summary()
        ratio = t["p99"] / e["p99"] if e["p99"] else math.inf
        ok = ok and ratio <= TARGET_RATIO and table.drops == 0 and echo.drops == 0 and table.unmeasured == 0
        lines.append(
            f"| {k} | {t['p50']:.2f} | {t['p99']:.2f} | {e['p50']:.2f} | {e['p99']:.2f} "
            f"| {ratio:.2f} | {table.drops}/{echo.drops} |"
        )
    ok = ok and [k for k, _, _ in results] == args.clients
    print("\n".join(lines))
    print(
        f"\nPer K, {', '.join(str(updates_for(k, args)) for k, _, _ in results)} state changes "
        f"(and as many echo messages) at {args.rate:g}/s, table and echo "
        f"alternating in {args.chunks} bursts each, the first {args.warmup} of each K not timed; "
        f"{'lean' if args.lean_echo else 'stock'} echo consumer; "
        f"{os.cpu_count()} CPUs; {elapsed:.0f} s in all; bets refused: {refused}."
    )
    print(
        f"Target (p99 within {TARGET_RATIO:g}x of the echo at every K, no drops): {'met' if ok else 'NOT met'}."
    )
    if args.dump:
        data = {
            str(k): {
                series.kind: {"latencies_ms": series.latencies, "drops": series.drops, "cpu_s": series.cpu}
                for series in (table, echo)
            }
            for k, table, echo in results
        }
        Path(args.dump).write_text(json.dumps(data))
    return ok


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", default="1,10,100,500", help="the K values, comma-separated")
    parser.add_argument(
        "--rate", type=float, default=5.0, help="state changes (and echo messages) per second"
    )
    parser.add_argument("--updates", type=int, default=100, help="state changes (echo messages) per K")
    parser.add_argument(
        "--min-receipts", type=int, default=250, help="more changes at small K, for this many"
    )
    parser.add_argument("--warmup", type=int, default=3, help="first messages of each K not timed")
    parser.add_argument("--chunks", type=int, default=4, help="table and echo bursts per K, alternating")
    parser.add_argument("--settle", type=float, default=0.5, help="seconds of quiet between bursts")
    parser.add_argument("--drain", type=float, default=15.0, help="seconds to wait for late messages")
    parser.add_argument("--echo-pad", type=int, default=0, help="pad each echo message by this many bytes")
    parser.add_argument("--budget", type=float, default=420.0, help="stop after this many seconds in all")
    parser.add_argument("--dump", help="write every latency to this JSON file")
    parser.add_argument(
        "--lean-echo", action="store_true", help="an echo without Channels' per-message database hop"
    )
    parser.add_argument("--profile", help="run Daphne under cProfile, writing its stats here")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    parser.add_argument("--publisher", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    args.clients = [int(k) for k in args.clients.split(",")]
    return args


def main(argv=None):
    args = parse_args(argv)
    if args.publisher:
        return publisher_main()
    started = time.monotonic()
    raise_fd_limit()
    tmp = Path(tempfile.mkdtemp(prefix="casino-bench-"))
    redis_process = throwaway_environment(tmp, BENCH_ECHO="1", BENCH_ECHO_LEAN="1" if args.lean_echo else "0")
    bettor_count = max(1, min(6, math.ceil(args.rate / 4)))  # under the per-socket rate limit
    servers = []
    results = []
    refused = "?"
    try:
        table_id, cookies = prepare(bettor_count)
        port = free_port()
        servers.append(start_worker("--table", str(table_id), "--scan-seconds", "0.5"))
        servers.append(start_daphne(port, args.profile))
        wait_for_port(port)
        log(f"Broadcast latency, K = {args.clients}, state changes at {args.rate:g}/s")
        left = args.budget - (time.monotonic() - started)
        pids = {"daphne": servers[1].pid, "worker": servers[0].pid, "redis": redis_pid()}
        refused = asyncio.run(
            asyncio.wait_for(measure(args, f"ws://127.0.0.1:{port}", table_id, cookies, pids, results), left)
        )
    except TimeoutError:
        log(f"Stopped: over the {args.budget:g} s budget; the K not measured count as failed.")
    finally:
        stop(servers, redis_process)
        if not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)
    ok = report(results, args, time.monotonic() - started, refused)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
