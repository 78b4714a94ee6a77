"""Chaos: ``kill -9`` the casino's processes under supervision and check that
it heals by itself.

    make chaos      (python bench/chaos.py; a few minutes)

Starts the supervised stack of ``make run`` (``python -m casino.launcher``:
redis-server, the table worker, Daphne and the house bots under supervisord)
on free loopback ports, with its own var dir, SQLite database and Redis.
House bots play at ``--tables`` tables of every game (Dreamcatcher, Spanish
21, Player's Edge 21, Pai Gow Poker, short clocks), and one spectator
websocket watches each table, reconnecting as a browser does. Then, at
random moments, it kills the worker, Daphne or redis-server with SIGKILL
(``--kills`` of each, shuffled), and after each kill checks:

- supervisord brought the process back (a new pid whose service answers:
  Daphne's port, Redis's PING, the worker owning tables again), and how long
  that took, against a target of TARGET_SECONDS (a restarted worker takes
  back its own tables without waiting out their leases: the stack runs with
  the production TABLE_LEASE_MS);
- after a Daphne kill, every spectator and then a new socket from the
  address every client here shares (127.0.0.1, whose limit is set just above
  the sockets the bots and spectators hold) are admitted, and how long after
  the kill: the killed process's sockets must stop counting against it;
- every table moved past the round it was in (the round finished or was
  resumed by the new owner);
- every spectator resynced: after the process was back it got the table's
  state at (or past) the version the database holds;
- every round record replays through its game's rules to the identical
  outcome (casino/tables/replay.py, what ``manage.py replay`` runs), the
  ledger sums to zero (``manage.py check_ledger``) and ``manage.py meters
  reconcile`` finds no difference.

Prints a summary (kills, each time to come back per process and to admit
the address again, rounds played and replayed, failures) and exits 1 on any
failure. ``tests/test_supervised.py``
runs the short version (one kill of each) inside ``make test``.
"""

import argparse
import asyncio
import json
import math
import os
import random
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import xmlrpc.client
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

PROGRAMS = {"worker": "casino:worker-0", "daphne": "casino:daphne", "redis": "redis"}
# Each process back, and the address admitted again, within this of its kill.
TARGET_SECONDS = 10
# The house bots at each table (manage.py demo_bots --per-table).
BOTS_PER_TABLE = 2
STATUS = re.compile(r'id="(?:dc|bj|pg)-status"[^>]*data-version="(\d+)"')
# Short clocks, so that rounds finish in seconds and every kill lands in one.
FAST = {
    "dreamcatcher": {"betting_seconds": 3, "spin_seconds": 1, "result_seconds": 1},
    "spanish21": {"betting_seconds": 3, "deal_seconds": 0, "action_seconds": 4, "result_seconds": 1,
                  "min_bet": 5, "match_the_dealer": 1, "progressive": 1},
    "players_edge21": {"betting_seconds": 3, "deal_seconds": 0, "action_seconds": 4, "result_seconds": 1,
                       "min_bet": 5},
    "pai_gow": {"betting_seconds": 3, "shake_seconds": 3, "roll_seconds": 5, "set_seconds": 5,
                "result_seconds": 1, "min_bet": 5, "commission_free": 1, "progressive": 1, "mystery": 1,
                "dice": 1},
}  # fmt: skip
# The demo's meters (manage.py demo_tables), linked to the chaos tables too.
METERS = {
    "spanish21": ["match_the_dealer_1"],
    "players_edge21": ["monster_match_a"],
    "pai_gow": ["pai_gow_progressive_1", "mystery_a_1"],
}


def log(text):
    print(text, file=sys.stderr, flush=True)


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def percentile(values, p):
    values = sorted(values)
    if not values:
        return math.nan
    return values[max(0, math.ceil(p / 100 * len(values)) - 1)]


def wait_until(predicate, timeout, what, interval=0.1):
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(interval)


class Stack:
    """``make run``'s supervised processes in a throwaway directory, on free ports."""

    def __init__(self, workdir, bots=True, lease_ms=None, ws_max_per_address=None):
        self.workdir = Path(workdir)
        self.var = self.workdir / "var"
        self.port, self.redis_port = free_port(), free_port()
        env = {
            key: value for key, value in os.environ.items() if key not in ("REDIS_URL", "TEST_DATABASE_PATH")
        }
        self.env = {
            **env,
            "CASINO_VAR_DIR": str(self.var),
            "DATABASE_URL": f"sqlite:///{self.workdir / 'db.sqlite3'}",
            "PORT": str(self.port),
            "REDIS_PORT": str(self.redis_port),
            "DEMO_BOTS": "1" if bots else "0",
            "WORKERS": "1",
            "PYTHONUNBUFFERED": "1",
        }
        # None: the production defaults (settings.py, realtime/leases.py).
        if lease_ms is not None:
            self.env["TABLE_LEASE_MS"] = str(lease_ms)
        if ws_max_per_address is not None:
            # Every client here comes from 127.0.0.1.
            self.env["WS_MAX_PER_ADDRESS"] = str(ws_max_per_address)
        self.process = None
        self.log_path = self.workdir / "stack.log"

    @property
    def host(self):
        return f"127.0.0.1:{self.port}"

    def manage(self, *args, check=True):
        return subprocess.run(
            [sys.executable, str(ROOT / "manage.py"), *args],
            cwd=ROOT,
            env={**self.env, "REDIS_URL": f"redis://127.0.0.1:{self.redis_port}/0"},
            capture_output=True,
            text=True,
            check=check,
        )

    def prepare(self, per_game=2, games=tuple(FAST), clocks=None):
        """Migrate the database and create ``per_game`` fast public tables of
        each game (``clocks``: {game: config} to change their timings)."""
        self.var.mkdir(parents=True, exist_ok=True)
        self.manage("migrate", "--noinput")
        code = f"import bench.chaos as c; c.create_tables({per_game}, {list(games)!r}, {clocks or {}!r})"
        self.manage("shell", "-c", code)

    def session(self, nickname):
        """A new guest's session key, for a browser's cookie."""
        done = self.manage("shell", "-c", f"import bench.chaos as c; c.session_for({nickname!r})")
        return done.stdout.strip().splitlines()[-1]

    def start(self, timeout=60):
        # O_APPEND: supervisord reopens its stdout (/dev/fd/1) for each
        # program; appending keeps their lines from overwriting each other.
        self.log_file = open(self.log_path, "ab")  # noqa: SIM115
        self.process = subprocess.Popen(
            [sys.executable, "-m", "casino.launcher"],
            cwd=ROOT,
            env=self.env,
            stdout=self.log_file,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        sock = self.var / "supervisor" / "supervisor.sock"
        wait_until(sock.exists, timeout, "supervisord's socket")
        from supervisor.xmlrpc import SupervisorTransport

        self.rpc = xmlrpc.client.ServerProxy(
            "http://127.0.0.1", transport=SupervisorTransport(None, None, f"unix://{sock}")
        ).supervisor
        for name in PROGRAMS:
            wait_until(lambda name=name: self.service_up(name, self.pid(name)), timeout, f"{name} to start")

    def info(self, name):
        try:
            return self.rpc.getProcessInfo(PROGRAMS.get(name, name))
        except (OSError, xmlrpc.client.Fault):
            return {}

    def pid(self, name):
        info = self.info(name)
        return info.get("pid") if info.get("statename") in ("STARTING", "RUNNING") else None

    def redis(self):
        import redis

        return redis.Redis(port=self.redis_port, socket_timeout=2)

    def service_up(self, name, pid):
        """The process ``pid`` is alive and does its job."""
        if not pid or self.pid(name) != pid:
            return False
        try:
            if name == "daphne":
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as sock:
                    sock.sendall(b"GET / HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")
                    return sock.recv(12).startswith(b"HTTP/1.")
            client = self.redis()
            if name == "redis":
                return client.ping()
            # The worker: it holds a table's lease (its holder names its pid).
            owners = [client.get(f"casino:table-owner:{table_id}") for table_id in self.table_ids()]
            return any(owner and f":{pid}:".encode() in owner for owner in owners)
        except Exception:
            return False

    def kill(self, name):
        """SIGKILL the program; returns (when, seconds until a new process of it does its job)."""
        old = self.pid(name)
        os.kill(old, signal.SIGKILL)
        killed = time.monotonic()

        def back():
            pid = self.pid(name)
            return pid and pid != old and self.service_up(name, pid)

        wait_until(back, 90, f"supervisord to bring {name} back", interval=0.05)
        return killed, time.monotonic() - killed

    def admitted_after(self, table_id, since, watchers=(), back_at=None, timeout=60):
        """Seconds from ``since`` until the address is admitted again: every
        spectator back at its table (a push after ``back_at``, when the new
        Daphne answered), then a new socket admitted beside them
        (shown the table, not closed with 4429 for too many sockets); None
        if not within ``timeout``. The new socket alone would not do: it
        can slip into the room left before the others reconnect."""
        import websockets

        async def probe():
            while not all(watcher.synced_since(back_at or since, 0) for watcher in watchers):
                if time.monotonic() - since > timeout:
                    return None
                await asyncio.sleep(0.1)
            while time.monotonic() - since < timeout:
                try:
                    url, origin = f"ws://{self.host}/ws/tables/{table_id}/", f"http://{self.host}"
                    async with websockets.connect(url, origin=origin, open_timeout=5) as ws:
                        async with asyncio.timeout(5):
                            while not STATUS.search(await ws.recv()):
                                pass
                        return time.monotonic() - since
                except (OSError, TimeoutError, websockets.WebSocketException):
                    pass  # refused (4429), or Daphne not listening yet
                await asyncio.sleep(0.2)
            return None

        # In a thread of its own: the caller may run an event loop (Playwright's).
        found = []
        thread = threading.Thread(target=lambda: found.append(asyncio.run(probe())))
        thread.start()
        thread.join()
        return found[0] if found else None

    def db(self):
        connection = sqlite3.connect(self.workdir / "db.sqlite3", timeout=30)
        connection.execute("PRAGMA query_only = 1")
        return connection

    def table_ids(self):
        with self.db() as connection:
            return [row[0] for row in connection.execute("SELECT id FROM tables_table WHERE is_open")]

    def tables(self):
        """{table id: (version, current round)} from the database."""
        with self.db() as connection:
            rows = connection.execute("SELECT id, version, state FROM tables_table WHERE is_open").fetchall()
        return {
            table_id: (version, (json.loads(state or "null") or {}).get("game", {}).get("round", 0))
            for table_id, version, state in rows
        }

    def open_rounds(self):
        """{table id: round numbers recorded without a result}."""
        with self.db() as connection:
            rows = connection.execute("SELECT table_id, number FROM tables_round WHERE result IS NULL")
            found = {}
            for table_id, number in rows:
                found.setdefault(table_id, set()).add(number)
            return found

    def bot_bets_after(self, table_id, number):
        """Whether a house bot's bet is recorded in a round after ``number``."""
        with self.db() as connection:
            # A round's lines are in its record's rows (casino/tables/round_record.py).
            query = (
                "SELECT 1 FROM tables_round r JOIN tables_roundstep s ON s.round_id = r.id "
                "WHERE r.table_id = ? AND r.number > ? AND s.lines LIKE ? LIMIT 1"
            )
            return connection.execute(query, (table_id, number, "% (bot) bets %")).fetchone() is not None

    def verify(self):
        """Replay every round, check the ledger and reconcile the meters; returns (figures, failures)."""
        failures = []
        done = self.manage("shell", "-c", "import bench.chaos as c; c.print_replays()", check=False)
        if done.returncode:
            return {}, [f"replay check failed: {done.stderr[-2000:]}"]
        figures = json.loads(done.stdout.strip().splitlines()[-1])
        failures += [f"round {rid} does not replay: {why}" for rid, why in figures.pop("different")]
        # check_ledger reads the entries and the balances in one snapshot
        # (casino/wallet/ledger.py), so a round settling meanwhile is no difference.
        ledger = self.manage("check_ledger", check=False)
        if ledger.returncode:
            failures.append(f"check_ledger: {ledger.stdout}{ledger.stderr}")
        for attempt in range(5):
            # A contribution is in Redis a moment before its audit commits:
            # a difference that goes away on the next try is that moment.
            reconcile = self.manage("meters", "reconcile", check=False)
            if reconcile.returncode == 0:
                break
            time.sleep(1 + attempt)
        else:
            failures.append(f"meters reconcile: {reconcile.stdout}{reconcile.stderr}")
        return figures, failures

    def stop(self):
        """SIGTERM supervisord, which stops every program; SIGKILL what is left."""
        if self.process is None:
            return
        try:
            pids = [info["pid"] for info in self.rpc.getAllProcessInfo() if info["pid"]]
        except Exception:
            pids = []
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=40)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        import psutil

        for pid in pids:
            # Gone already, unless supervisord could not stop it (and only ours).
            try:
                process = psutil.Process(pid)
                if process.environ().get("CASINO_VAR_DIR") == str(self.var):
                    process.kill()
            except psutil.Error:
                pass
        self.log_file.close()


class Watcher:
    """A spectator's websocket on one table, in a thread of its own:
    reconnects after a drop within a second or so, as the pages do, and
    records the version of every table state it is sent."""

    def __init__(self, host, table_id):
        self.url = f"ws://{host}/ws/tables/{table_id}/"
        self.origin = f"http://{host}"  # the site's own, port included
        self.table_id = table_id
        self.frames = []  # (monotonic time, version)
        self.connects = 0
        self.stopping = False
        self.thread = threading.Thread(target=lambda: asyncio.run(self._run()), daemon=True)

    def start(self):
        self.thread.start()
        return self

    async def _run(self):
        import websockets

        while not self.stopping:
            try:
                async with websockets.connect(self.url, origin=self.origin, open_timeout=10) as ws:
                    self.connects += 1
                    while not self.stopping:
                        try:
                            frame = await asyncio.wait_for(ws.recv(), 0.5)
                        except TimeoutError:
                            continue
                        found = STATUS.search(frame) if isinstance(frame, str) else None
                        if found:
                            self.frames.append((time.monotonic(), int(found.group(1))))
            except (OSError, websockets.WebSocketException):
                pass
            await asyncio.sleep(random.uniform(0.25, 1.0))

    def synced_since(self, since, version):
        return any(at >= since and seen >= version for at, seen in list(self.frames))

    def stop(self):
        self.stopping = True
        self.thread.join(timeout=5)


# -- run in the stack's Django (manage.py shell -c) --------------------------


def create_tables(per_game, games=tuple(FAST), clocks=None):
    from django.db import transaction

    from casino.progressives.api import MeterUnavailable
    from casino.progressives.models import Meter, TableLink
    from casino.tables import registry
    from casino.tables.management.commands.demo_tables import DEMO_METERS
    from casino.tables.models import Table

    try:
        with transaction.atomic():
            for game in games:
                config = {**FAST[game], **(clocks or {}).get(game, {})}
                for number in range(1, per_game + 1):
                    table = Table.objects.create(
                        game=game,
                        name=f"Chaos {game} {number}",
                        config=config,
                        max_seats=registry.get(game).default_max_seats,
                    )
                    for key in METERS.get(game, []):
                        spec = DEMO_METERS[key]
                        meter = Meter.objects.filter(
                            kind=spec["kind"], paytable=spec["paytable"], wager_dollars=spec["wager_dollars"]
                        ).first() or Meter.objects.create(**spec)
                        TableLink.objects.create(meter=meter, table=table)
    except MeterUnavailable:
        pass  # Redis is not up yet: the launcher's meters restore opens them


def print_replays():
    from casino.tables import replay
    from casino.tables.models import Round

    figures = {"rounds": 0, "finished": 0, "replayed": 0, "steps": 0, "different": []}
    for record in Round.objects.select_related("table").order_by("pk").iterator():
        figures["rounds"] += 1
        figures["finished"] += record.result is not None
        report = replay.replay(record)
        figures["steps"] += len(record.steps)
        if report.identical:
            figures["replayed"] += 1
        else:
            figures["different"].append((record.pk, str(report.difference)))
    print(json.dumps(figures))


def session_for(nickname):
    """A guest's session in the stack's database, for a browser's cookie."""
    from django.contrib.sessions.backends.db import SessionStore

    from casino.accounts.models import Player
    from casino.accounts.session import SESSION_KEY
    from casino.wallet.ledger import open_wallet

    player = Player.objects.create(nickname=nickname)
    open_wallet(player)
    store = SessionStore()
    store[SESSION_KEY] = player.pk
    store.create()
    print(store.session_key)


# -- one kill and the checks after it ----------------------------------------


def kill_and_check(stack, watchers, name, resume_timeout=60, target=TARGET_SECONDS):
    """Kill ``name``; returns ({"back": seconds until it was back,
    "lease_left": a worker's, the least time its leases had to run at the
    kill, "admitted": after a Daphne kill, seconds until the address was
    admitted again}, figures, failures). ``target``: the seconds within
    which each must recover (None: no target)."""
    failures = []
    before = stack.tables()
    recovery = {}
    if name == "worker":
        with stack.redis() as client:
            left = [client.pttl(f"casino:table-owner:{table_id}") for table_id in before]
        recovery["lease_left"] = min((ms for ms in left if ms > 0), default=0) / 1000
    killed, seconds = stack.kill(name)
    back_at = time.monotonic()
    recovery["back"] = seconds
    log(f"  {name} back after {seconds:.2f} s")
    if target is not None and seconds > target:
        failures.append(f"{name} back after {seconds:.1f} s, over the {target} s target")
    if name == "daphne":
        admitted = recovery["admitted"] = stack.admitted_after(min(before), killed, watchers, back_at)
        if admitted is None or (target is not None and admitted > target):
            shown = "never, in 60 s" if admitted is None else f"after {admitted:.1f} s"
            failures.append(f"after daphne: the address (its spectators, then a new socket) admitted {shown}")
        else:
            log(f"  the address admitted again {admitted:.2f} s after the kill")
    # Every table moves past the round it was in: that round finished, or
    # was resumed and finished by the (new) owner.
    try:
        wait_until(
            lambda: all(stack.tables()[tid][1] > number for tid, (_v, number) in before.items()),
            resume_timeout,
            "every table to finish the round it was in",
            interval=0.5,
        )
    except TimeoutError as exc:
        now = stack.tables()
        stuck = [tid for tid, (_v, number) in before.items() if now[tid][1] <= number]
        failures.append(f"after {name}: {exc} (tables {stuck})")
    # Players' actions reach the tables again: a bot's bet in a round begun
    # after the process was back (a Dreamcatcher wheel spins without any).
    after = {tid: number for tid, (_v, number) in stack.tables().items()}
    try:
        wait_until(
            lambda: all(stack.bot_bets_after(tid, number) for tid, number in after.items()),
            resume_timeout,
            "a bot's bet at every table",
            interval=0.5,
        )
    except TimeoutError as exc:
        idle = [tid for tid, number in after.items() if not stack.bot_bets_after(tid, number)]
        failures.append(f"after {name}: {exc} (no bet at tables {idle})")
    left_open = stack.open_rounds()
    for table_id, numbers in left_open.items():
        current = stack.tables().get(table_id, (0, 0))[1]
        lost = sorted(number for number in numbers if number < current)
        if lost:
            failures.append(f"after {name}: table {table_id} left rounds {lost} unfinished")
    # Every spectator got the table again, at least at the version the
    # database held when the process was back.
    versions = {tid: version for tid, (version, _r) in stack.tables().items()}
    for watcher in watchers:
        try:
            wait_until(
                lambda w=watcher: w.synced_since(back_at, versions[w.table_id]),
                30,
                f"the spectator of table {watcher.table_id} to resync",
                interval=0.2,
            )
        except TimeoutError as exc:
            failures.append(f"after {name}: {exc}")
    figures, problems = stack.verify()
    failures += [f"after {name}: {problem}" for problem in problems]
    return recovery, figures, failures


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=3, help="SIGKILLs of each of worker, Daphne, Redis")
    parser.add_argument("--tables", type=int, default=2, help="tables of every game")
    parser.add_argument(
        "--gap", type=float, nargs=2, default=(3.0, 12.0), help="random pause before a kill, s"
    )
    parser.add_argument("--seed", type=int, help="the kills' order and moments (default: random)")
    parser.add_argument("--budget", type=float, default=900, help="stop killing after this many seconds")
    parser.add_argument(
        "--headroom",
        type=int,
        default=6,
        help="sockets the address may open beyond the bots' and spectators' (WS_MAX_PER_ADDRESS)",
    )
    parser.add_argument("--keep", action="store_true", help="keep the work directory (logs, database)")
    options = parser.parse_args(argv)
    rng = random.Random(options.seed)
    workdir = Path(tempfile.mkdtemp(prefix="casino-chaos-"))
    tables = options.tables * len(FAST)
    # Just above what the bots and spectators hold: the killed Daphne's
    # sockets, if they still counted, would refuse the address.
    stack = Stack(workdir, ws_max_per_address=tables * (BOTS_PER_TABLE + 1) + options.headroom)
    started = time.monotonic()
    kills = {name: [] for name in PROGRAMS}
    admitted = []
    failures = []
    figures = {}
    watchers = []
    try:
        log(f"chaos: {options.tables} tables of each game, work directory {workdir}")
        stack.prepare(options.tables)
        stack.start()
        watchers = [Watcher(stack.host, table_id).start() for table_id in stack.table_ids()]
        wait_until(lambda: all(w.frames for w in watchers), 60, "every spectator's first push")
        wait_until(
            lambda: all(number >= 2 for _v, number in stack.tables().values()), 120, "every table's round 2"
        )
        plan = [name for name in PROGRAMS for _ in range(options.kills)]
        rng.shuffle(plan)
        for index, name in enumerate(plan, 1):
            if time.monotonic() - started > options.budget:
                failures.append(f"budget of {options.budget} s spent after {index - 1} kills")
                break
            time.sleep(rng.uniform(*options.gap))
            log(f"kill {index}/{len(plan)}: {name}")
            recovery, figures, problems = kill_and_check(stack, watchers, name)
            kills[name].append(recovery["back"])
            if recovery.get("admitted") is not None:
                admitted.append(recovery["admitted"])
            failures += problems
            for problem in problems:
                log(f"  FAILURE {problem}")
    except Exception as exc:  # a stack that does not come back is the finding
        failures.append(f"{type(exc).__name__}: {exc}")
    finally:
        for watcher in watchers:
            watcher.stop()
        stack.stop()
    print_summary(kills, admitted, figures, watchers, failures, time.monotonic() - started)
    if options.keep or failures:
        log(f"work directory kept: {workdir} (stack.log, db.sqlite3)")
    else:
        shutil.rmtree(workdir, ignore_errors=True)
    return 1 if failures else 0


def print_summary(kills, admitted, figures, watchers, failures, elapsed):
    print(f"\nChaos run: {elapsed:.0f} s, {sum(map(len, kills.values()))} kill -9s")
    print("| after a kill of | kills | recovered after, each (s) | p50 (s) | max (s) |")
    print("|---|---:|---|---:|---:|")
    rows = [(f"{name}: back", seconds) for name, seconds in kills.items()]
    rows.append(("daphne: the address admitted again", admitted))
    for label, seconds in rows:
        if seconds:
            each = ", ".join(f"{value:.2f}" for value in seconds)
            print(
                f"| {label} | {len(seconds)} | {each} | {percentile(seconds, 50):.2f} | {max(seconds):.2f} |"
            )
    if figures:
        print(
            f"rounds: {figures['rounds']} recorded, {figures['finished']} finished, "
            f"{figures['replayed']} replayed identically ({figures['steps']} steps)"
        )
    if watchers:
        print(f"spectators: {len(watchers)}, {sum(w.connects for w in watchers)} connections in all")
    print(f"failures: {len(failures)}")
    for failure in failures:
        print(f"  - {failure}")


if __name__ == "__main__":
    sys.exit(main())
