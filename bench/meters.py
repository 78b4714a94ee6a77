"""Progressive contributions per second through the Lua path against a raw
INCRBY on the same Redis, in the same run.

    make bench-meters      (python -m casino.embedded_redis -- python bench/meters.py)

For each number of concurrent clients (``--clients``, default 1 and 8), that
many client processes (forked, each with its own redis-py connection: the
machine's cores measure Redis, not the GIL) run, one after the other:

- raw: ``INCRBY`` of 100 on a scratch key, through the project's sync client
  (``get_sync_redis()``, the client type ``api`` uses);
- ``api.contribute(table, round, [a $1 Wager], record=False)`` on a
  Must-Hit-By meter (configuration A, $1): the CONTRIBUTE Lua script, every
  call a new round of its own table, so a new contribution with its lock key;
  now and then one crosses the trigger, and when the queue runs out the
  triggers are drawn (written to the database), as in play;
- the same on a Match the Dealer meter ($1 exact wager; it never hits).

``--seats N`` puts N wagers (seats 0..N-1) in each call, as a game does at
"no more bets", and N INCRBYs in one pipelined round trip on the raw side
(the same batching on both sides); the rates count contributions, not calls.

The three alternate in ``--chunks`` bursts of ``--seconds / --chunks`` each,
so they meet the same background load. Every client starts at the same
instant and stops at the same deadline; a rate is the clients' calls over
the time from the start to the last client's last reply. ``record=False``:
the database audit write is left out, the Redis path is measured.

One client is measured twice, pinned on the redis-server's core and on
another one (see ``setups``; ``--no-pin``: where the scheduler puts it); the
redis-server's CPU affinity is put back at the end.

Afterwards the meters' books must balance (seeded + contributed == paid +
meter + reserve, in the Redis hash), their ``wagers`` must equal the
contributions made and ``hits`` the hits seen, and the scratch key must hold
100 x the INCRBYs. All on loopback, with a throwaway SQLite database,
channel prefix and var dir; the bench's Redis keys are deleted at the end.
Exit status 1 when the target (Lua contributions at least 50% of the raw
INCRBYs for each meter on every line) is not met or a check fails.
"""

import argparse
import multiprocessing
import os
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

TARGET_RATIO = 0.5
RAW_AMOUNT = 100  # the INCRBY increment, as a $1 wager in cents
START_DELAY = 0.2  # seconds between sending a burst and its start, so all clients start together
METERS = (
    # (label, Meter fields, wager in cents)
    ("Must-Hit-By A $1", {"kind": "must_hit_by", "paytable": "A", "wager_dollars": 1}, 100),
    ("Match the Dealer $1", {"kind": "match_the_dealer", "paytable": "", "wager_dollars": 1}, 100),
)


def log(text):
    print(text, file=sys.stderr, flush=True)


# -- the client processes --------------------------------------------------


def client_main(conn, table_id, seats, cpus):
    """One client: runs the bursts it is sent, replies with what it did
    (``count``: INCRBYs, or contributions: ``seats`` a call)."""
    try:
        if cpus:
            os.sched_setaffinity(0, cpus)
        from casino.progressives import api
        from casino.redis_client import get_sync_redis, key

        redis = get_sync_redis()
        scratch = key("bench", "raw")
        round_number = 0
        while (job := conn.recv()) is not None:
            op, meter_id, amount, start_at, seconds = job
            count = hits = replayed = 0
            delay = start_at - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            cpu = time.process_time()
            now, deadline = time.monotonic(), start_at + seconds
            if op == "raw" and seats == 1:
                while now < deadline:
                    redis.incrby(scratch, amount)
                    count += 1
                    now = time.monotonic()
            elif op == "raw":
                # The same batching as the Lua side: a round's INCRBYs in one round trip.
                pipe = redis.pipeline(transaction=False)
                while now < deadline:
                    for _seat in range(seats):
                        pipe.incrby(scratch, amount)
                    pipe.execute()
                    count += seats
                    now = time.monotonic()
            else:
                while now < deadline:
                    round_number += 1
                    # As a game calls it at "no more bets": the round's wagers, in seat order.
                    wagers = [api.Wager(meter_id, seat, amount) for seat in range(seats)]
                    result = api.contribute(table_id, round_number, wagers, record=False)
                    hits += len(result.wins)
                    replayed += result.replayed
                    count += seats
                    now = time.monotonic()
            conn.send(
                {
                    "count": count,
                    "end": now,
                    "cpu": time.process_time() - cpu,
                    "hits": hits,
                    "replayed": replayed,
                }
            )
    except Exception:
        conn.send({"error": traceback.format_exc()})
    finally:
        conn.close()


class Clients:
    """N forked client processes, driven in lockstep."""

    def __init__(self, n, first_table_id, seats, cpus=None):
        from django.db import connections

        from casino.redis_client import get_sync_redis

        # The children must not share the parent's sockets: redis-py's pool
        # opens new connections in a process whose pid is not its own, and
        # Django opens its database connection on first use.
        connections.close_all()
        get_sync_redis().connection_pool.disconnect()
        context = multiprocessing.get_context("fork")
        self.conns, self.processes = [], []
        for index in range(n):
            parent, child = context.Pipe()
            # A table of its own per client (and per setup): every round is new.
            process = context.Process(
                target=client_main, args=(child, first_table_id + index, seats, cpus), daemon=True
            )
            process.start()
            child.close()
            self.conns.append(parent)
            self.processes.append(process)

    def run(self, op, meter_id, amount, seconds):
        start_at = time.monotonic() + START_DELAY
        for conn in self.conns:
            conn.send((op, meter_id, amount, start_at, seconds))
        replies = []
        for conn in self.conns:
            if not conn.poll(START_DELAY + seconds + 30):
                raise RuntimeError(f"a client did not finish its {op} burst")
            reply = conn.recv()
            if "error" in reply:
                raise RuntimeError(f"a client failed:\n{reply['error']}")
            replies.append(reply)
        return start_at, replies

    def close(self):
        for conn in self.conns:
            try:
                conn.send(None)
            except OSError:
                pass
        for process in self.processes:
            process.join(timeout=5)
            if process.is_alive():
                process.terminate()
                process.join(timeout=5)


# -- measuring -------------------------------------------------------------


class Series:
    """One operation at one number of clients, summed over its bursts."""

    def __init__(self):
        self.count = 0
        self.seconds = 0.0
        self.client_cpu = 0.0
        self.redis_cpu = 0.0
        self.hits = 0
        self.replayed = 0

    def add(self, start_at, replies, redis_cpu):
        self.count += sum(reply["count"] for reply in replies)
        self.seconds += max(reply["end"] for reply in replies) - start_at
        self.client_cpu += sum(reply["cpu"] for reply in replies)
        self.redis_cpu += redis_cpu
        self.hits += sum(reply["hits"] for reply in replies)
        self.replayed += sum(reply["replayed"] for reply in replies)

    @property
    def rate(self):
        return self.count / self.seconds if self.seconds else 0.0

    def per_call_us(self, cpu):
        return cpu / self.count * 1e6 if self.count else float("nan")


def redis_process(own):
    """The redis-server, for its CPU time and to pin it (None: not found)."""
    from bench.broadcast import redis_pid

    pid = own.pid if own is not None else redis_pid()
    try:
        process = psutil.Process(pid) if pid else None
        if process is not None:
            process.cpu_affinity(process.cpu_affinity())  # may we pin it?
        return process
    except psutil.Error:
        return None


def cpu_seconds(process):
    return sum(process.cpu_times()[:2]) if process else 0.0


def setups(args, server):
    """(label, clients, the clients' CPUs, the redis-server's CPUs) to measure.

    One client's rate hangs on where the scheduler puts it: on the redis-server's
    core a round trip is two context switches; on the other core each request
    and each reply must wake an idle core, which on this VM costs more than
    all the work (a raw INCRBY goes from ~37,000/s to ~7,000/s). So one client
    is measured both ways, pinned; more clients run where the scheduler puts them.
    """
    cpus = sorted(os.sched_getaffinity(0))
    found = []
    for n in args.clients:
        if n == 1 and server is not None and len(cpus) >= 2 and not args.no_pin:
            found.append(("1, on Redis's core", 1, {cpus[0]}, {cpus[0]}))
            found.append(("1, on another core", 1, {cpus[1]}, {cpus[0]}))
        else:
            found.append((str(n), n, None, None))
    return found


def measure(args, meters, server, totals):
    """{label: {"raw": Series, meter_id: Series}}; ``totals`` counts every
    call (warm-up included) for the checks."""
    results = {}
    burst = args.seconds / args.chunks
    ops = [("raw", None, RAW_AMOUNT)] + [("lua", meter_id, amount) for meter_id, _, amount in meters]
    original = server.cpu_affinity() if server is not None else None
    try:
        for number, (label, n, client_cpus, redis_cpus) in enumerate(setups(args, server)):
            if server is not None:
                server.cpu_affinity(sorted(redis_cpus or original))
            clients = Clients(n, 1000 * (number + 1), args.seats, client_cpus)
            series = {name or "raw": Series() for _, name, _ in ops}
            try:
                # Warm up: connections, EVALSHA's first NOSCRIPT, the rules cache.
                for op, meter_id, amount in ops:
                    _, replies = clients.run(op, meter_id, amount, args.warmup)
                    count(totals[meter_id or "raw"], replies)
                for _chunk in range(args.chunks):
                    for op, meter_id, amount in ops:
                        before = cpu_seconds(server)
                        start_at, replies = clients.run(op, meter_id, amount, burst)
                        series[meter_id or "raw"].add(start_at, replies, cpu_seconds(server) - before)
                        count(totals[meter_id or "raw"], replies)
            finally:
                clients.close()
            results[label] = series
            for name, what in [("raw", "raw INCRBY")] + [(meter_id, text) for meter_id, text, _ in meters]:
                s = series[name]
                log(
                    f"  clients {label}, {what}: {s.count} in {s.seconds:.2f} s = {s.rate:,.0f}/s; "
                    f"CPU each: clients {s.per_call_us(s.client_cpu):.1f} us, "
                    f"redis-server {s.per_call_us(s.redis_cpu):.1f} us"
                    + (f"; hits {s.hits}" if s.hits else "")
                    + (f"; REPLAYED {s.replayed}" if s.replayed else "")
                )
    finally:
        if original is not None:
            server.cpu_affinity(original)
    return results


def count(total, replies):
    total["count"] += sum(reply["count"] for reply in replies)
    total["hits"] += sum(reply["hits"] for reply in replies)


def verify(meters, totals):
    """The books of each meter, its counters, and the scratch key."""
    from casino.progressives import api
    from casino.redis_client import get_sync_redis, key

    redis = get_sync_redis()
    problems = []
    for meter_id, label, amount in meters:
        fields = api.state(meter_id)
        made, hits = totals[meter_id]["count"], totals[meter_id]["hits"]
        left = fields["seeded"] + fields["contributed"]
        right = fields["paid"] + fields["meter"] + fields["reserve"]
        balanced = left == right
        log(
            f"  {label}: wagers {fields['wagers']} (made {made}), hits {fields['hits']} (seen {hits}), "
            f"seeded + contributed = {left}, paid + meter + reserve = {right} units: "
            + ("balanced" if balanced else "NOT balanced")
        )
        if not balanced:
            problems.append(f"{label}: the books do not balance ({left} != {right})")
        if fields["wagers"] != made:
            problems.append(f"{label}: wagers {fields['wagers']} != {made} contributions made")
        if fields["amount_in"] != made * amount:
            problems.append(f"{label}: amount_in {fields['amount_in']} != {made * amount}")
        if fields["hits"] != hits:
            problems.append(f"{label}: hits {fields['hits']} != {hits} seen")
    raw = int(redis.get(key("bench", "raw")) or 0)
    if raw != RAW_AMOUNT * totals["raw"]["count"]:
        problems.append(f"the scratch key holds {raw}, not {RAW_AMOUNT} x {totals['raw']['count']}")
    return problems


def delete_keys():
    """Every key under this run's channel prefix."""
    from casino.redis_client import get_sync_redis, key

    redis = get_sync_redis()
    deleted = 0
    batch = []
    for name in redis.scan_iter(match=key("*"), count=1000):
        batch.append(name)
        if len(batch) == 1000:
            deleted += redis.unlink(*batch)
            batch = []
    if batch:
        deleted += redis.unlink(*batch)
    return deleted


# -- setting up and reporting ----------------------------------------------


def prepare():
    """A throwaway database with the bench meters, open in Redis."""
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, check=True)
    import django

    django.setup()
    from casino.progressives import api
    from casino.progressives.models import Meter

    meters = []
    for label, fields, amount in METERS:
        meter = Meter.objects.create(name=f"Bench {label}", **fields)
        api.open_meter(meter)  # done by the post_save signal already; idempotent
        api.meter_rules(meter.pk)  # cached before the fork (it expires now and then, as in play)
        meters.append((meter.pk, label, amount))
    return meters


def report(args, meters, results, problems, elapsed):
    lines = [
        "| clients | meter | raw INCRBY/s | Lua contribute/s | ratio | ≥ 0.5 |",
        "|---:|---|---:|---:|---:|:---:|",
    ]
    ok = not problems and bool(results)
    for n, series in results.items():
        raw = series["raw"].rate
        for meter_id, label, _ in meters:
            lua = series[meter_id].rate
            ratio = lua / raw if raw else 0.0
            met = ratio >= TARGET_RATIO and not series[meter_id].replayed
            ok = ok and met
            lines.append(
                f"| {n} | {label} | {raw:,.0f} | {lua:,.0f} | {ratio:.2f} | {'yes' if met else 'no'} |"
            )
    print("\n".join(lines))
    print(
        f"\nPer line, {args.seconds:g} s of each operation in {args.chunks} alternating bursts "
        f"(after {args.warmup:g} s of warm-up each); client processes forked, one Redis connection each; "
        f"{args.seats} $1 wager(s) a call, record=False; {os.cpu_count()} CPUs; {elapsed:.0f} s in all."
    )
    for problem in problems:
        print(f"CHECK FAILED: {problem}")
    if not problems:
        print("Checks: books balanced, wagers and hits counted right, scratch key right.")
    print(f"Target (Lua contributions ≥ {TARGET_RATIO:.0%} of raw INCRBY): {'met' if ok else 'NOT met'}.")
    return ok


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", default="1,8", help="numbers of concurrent clients, comma-separated")
    parser.add_argument("--seconds", type=float, default=4.0, help="seconds of each operation per line")
    parser.add_argument("--chunks", type=int, default=4, help="alternating bursts of each operation per line")
    parser.add_argument("--warmup", type=float, default=0.3, help="seconds of each operation not measured")
    parser.add_argument(
        "--seats",
        type=int,
        default=1,
        help="wagers a contribute call (seats of one table), each a contribution",
    )
    parser.add_argument(
        "--no-pin", action="store_true", help="one client where the scheduler puts it, not pinned both ways"
    )
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    args = parser.parse_args(argv)
    args.clients = [int(n) for n in args.clients.split(",")]
    return args


def main(argv=None):
    args = parse_args(argv)
    started = time.monotonic()
    tmp = Path(tempfile.mkdtemp(prefix="casino-bench-"))
    own_redis = None
    if not os.environ.get("REDIS_URL"):
        from casino.embedded_redis import start

        own_redis, os.environ["REDIS_URL"] = start(tmp / "redis")
    os.environ.update(
        DJANGO_SETTINGS_MODULE="casino.settings",
        DATABASE_URL=f"sqlite:///{tmp / 'db.sqlite3'}",
        CASINO_VAR_DIR=str(tmp),
        CHANNEL_PREFIX=f"bench{os.getpid()}",
        LOG_LEVEL=os.environ.get("LOG_LEVEL", "WARNING"),
    )
    meters, results, problems = [], {}, []
    totals = {}
    try:
        meters = prepare()
        totals = {name: {"count": 0, "hits": 0} for name in ["raw", *(m[0] for m in meters)]}
        log(f"Progressive contributions, clients = {args.clients}, {args.seconds:g} s of each operation")
        results = measure(args, meters, redis_process(own_redis), totals)
        problems = verify(meters, totals)
    finally:
        apps = sys.modules.get("django.apps")
        if apps is not None and apps.apps.ready:  # the keys' prefix is known: Django is set up
            log(f"  deleted {delete_keys()} Redis keys")
        if own_redis is not None:
            own_redis.terminate()
            own_redis.wait(timeout=10)
        if not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)
    ok = report(args, meters, results, problems, time.monotonic() - started)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
