"""Load: players seated at Dreamcatcher tables, each betting every 2-4 s,
against a bare relay at the same message rate and fan-out (issue 12).

    make bench-load      (python bench/load.py: 100/10, 300/30, 1,000/100)
    python bench/load.py --players 1000 --tables 100 --workers 2 --daphnes 2

Each size (``--players``/``--tables``, comma lists of the same length) runs in
a throwaway layout of its own (bench/layout.py): embedded Redis, a SQLite
file (or a fresh database on the PostgreSQL server of ``--database``),
``--workers`` ``manage.py tableworker`` processes and ``--daphnes`` Daphnes,
all on loopback, and this process as the client, as docs/protocol.md has
it: one websocket a player, ``?join=1`` to take a seat, players spread over
the Daphnes in turn.

The tables open one after another over one round's length, so their
rounds do not all close at the same moment, and each table's players take
their seats. The relay's clients connect too: as many, in groups of the
same size, on the same Daphnes, to a bare relay consumer (bench/relay.py)
that group-sends what a client sends, padded to the bytes it asks for.

Then table and relay windows alternate, ``--chunks`` of each (``--seconds``
measured in all for each, the first table window after ``--warmup`` s), so
both meet the same background on a shared machine. Every client keeps its
own clock running throughout: a player tries to bet every 2-4 s, and does
while a table window is on and its table shows a betting deadline still
ahead (``data-deadline-ms`` on #dc-status); a relay client sends every
``clients / rate`` s on average (2/3 to 4/3 of it) while a relay window is
on, ``rate`` being the table windows' updates a second so far (or their
bets a second, if more: a table that falls behind broadcasts less than it
is asked to), padded to their mean bytes per update. Between windows
nobody sends until what was sent is answered (each player sends a marker
the owner refuses, whose flash comes after the answers to its bets; every
relay message reached its group; at most ``--drain`` s), so no backlog
spills into the next window; the first ``SETTLE`` s of a window are not
measured. A table that falls behind is measured over windows of
``--seconds / --chunks`` s each: ``--chunks 1`` gives one window of each
run, as a continuous load test would.

Each bet carries a spot and amount that cycle (30 combinations), so the
round records (one ``RoundStep`` row a transition, written in the
transaction that commits it) say which of a player's bets were taken, and
when the owner began each transition (the step's ``at``). Every commit of a
table after its owner's first adds one version and one row, so the k-th
row is a known version (checked: no version broadcast before its row's
transition began); the owner broadcasts the newest version at once, then
at most every 50 ms, with ``changed_at`` (``data-changed-at`` on
#dc-status) after the commit.

- send->commit: from the bet's send to the owner's first broadcast of a
  version that holds it (its commit, and the wait for the next broadcast);
  send->owner, in the JSON, to the start of its transition.
- action->update: from the bet's send to each of the table's clients
  receiving that version (or a later one, which carries it too). The
  relay's is from the send to each group member's receipt.
- commit->client: ``changed_at`` to receipt, every push of the windows.
- late refusals: a refused bet's flash ("No more bets", or the round was
  over), against the deadline the client saw when it sent it; every bet is
  sent while that deadline is ahead, so every one counts against the
  target. Flashes come back in the order the messages went, so a player's
  k-th message that no step answered gets its k-th flash.
- lost: a bet with neither its step nor a flash after ``--drain`` s; and a
  client that never got a bet's version.
- timer lateness: "no more bets" (the ``close_betting`` step) committed and
  broadcast, as above, against the table's deadline (the lock-out: the
  clock the clients show runs out ``CLOCK_LEAD_SECONDS`` before it,
  games/presenting.py).
- bytes per update: the size of each push received; CPU per process: psutil,
  over each kind's windows, with this client's event-loop lag (its own
  share of every latency).

Prints a markdown table (one table row and one relay row per size) and one
JSON line; exit status 1 when a target is missed: action->update p99 within
2x of the relay's (and under 250 ms from 1,000 players up), no bet lost or
refused as late, "no more bets" committed within 100 ms of its deadline at
p99; or when the run was incomplete (``--budget`` s in all).
"""

import argparse
import asyncio
import collections
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from bisect import bisect_left
from datetime import date, datetime
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench import layout  # noqa: E402  (after the path: run as a script)
from bench.layout import log  # noqa: E402
from bench.stats import percentile  # noqa: E402
from bench.wsclients import CONNECT_CONCURRENCY, close_clients, connect, sleep_until, wait_for  # noqa: E402
from games.presenting import CLOCK_LEAD_SECONDS  # noqa: E402

CLOCK_LEAD_MS = CLOCK_LEAD_SECONDS * 1000

GAMES = ("dreamcatcher",)
SPOTS = ("1", "2", "5", "10", "20", "40")
AMOUNTS = 5  # chips 1 to 5: with the six spots, a player's bets cycle through 30 keys
BET_EVERY = (2.0, 4.0)  # seconds between a player's tries, as in the issue
CLOSE_BETTING = "close_betting"
LATE = ("No more bets", "the table is on round")
# What the owner answers a marker, a message with no round id (docs/protocol.md).
MARKER_REFUSAL = "must carry the round id"
SETTLE = 2.0  # seconds of each window not measured, as the other run's last messages clear
CONNECT_ATTEMPTS = 5
SEAT_SECONDS = 180
SIT_AGAIN_SECONDS = 10
MIN_RATE = 0.1  # messages a second: the relay's floor when the tables made (almost) none
TARGET_RATIO = 2.0
TARGET_P99_MS_AT_1000 = 250.0
TARGET_TIMER_MS = 100.0

# #dc-status opens every table push (games/dreamcatcher/templates/dreamcatcher/_public.html).
HEAD = 800
STATUS_RE = re.compile(
    rb'id="dc-status" class="dc-status phase-(\w+)" data-version="(\d+)"([^>]*)>\s*'
    rb'<span class="round">Round (\d+)</span>'
)
CHANGED_RE = re.compile(rb'data-changed-at="([0-9.]+)"')
DEADLINE_RE = re.compile(rb'data-deadline-ms="([0-9.]+)"')
FLASH_RE = re.compile(rb'<div id="flash"[^>]*>\s*(.*?)\s*</div>', re.DOTALL)
RELAY_HEAD = re.compile(rb'\{"t": ([0-9.]+), "s": (\d+), "n": (\d+)')


class Bet:
    __slots__ = ("sent", "round", "spot", "amount", "deadline")

    def __init__(self, sent, round_number, spot, amount, deadline):
        self.sent = sent  # epoch ms
        self.round, self.spot, self.amount = round_number, spot, amount
        self.deadline = deadline  # epoch ms, the betting deadline this client saw


class Mode:
    """Which run the clients are in: "table", "relay", or None (between)."""

    def __init__(self):
        self.active = None
        # A relay client's mean seconds between messages, and their size;
        # both from the table run's windows before (its updates a second).
        self.interval, self.size = sum(BET_EVERY) / 2, 0


# -- the clients -------------------------------------------------------------


class Socket:
    """A client's websocket, read by its own task from the start."""

    def __init__(self, ws):
        self.ws, self.closed = ws, False
        self.reader = asyncio.create_task(self._read())

    async def _read(self):
        from websockets.exceptions import ConnectionClosed

        try:
            while True:
                data = await self.ws.recv(decode=False)
                self.got(time.time() * 1000, data)
        except ConnectionClosed:
            self.closed = True

    async def send(self, text):
        from websockets.exceptions import ConnectionClosed

        try:
            await self.ws.send(text)
        except ConnectionClosed:
            self.closed = True

    async def close(self):
        try:
            await asyncio.wait_for(self.ws.close(), 10)
        except Exception:
            pass
        self.reader.cancel()


class Seat(Socket):
    """A seated player's websocket: it bets, and notes what arrives.

    ``sent`` holds its bets, and its markers (``spot`` None): a message the
    owner refuses without a round id, sent after a run's last bet. Its flash
    comes back after every answer to the bets before it, so once it is
    here the table has dealt with all of them."""

    def __init__(self, ws, player_id, table):
        self.player_id, self.table = player_id, table
        self.pushes = []  # (received ms, version, changed_at ms or None, bytes)
        self.flashes = []  # (received ms, text)
        self.others = 0  # frames that are neither
        self.sent, self.bets = [], 0
        self.markers = 0  # markers' flashes received
        self.deadlines = {}  # round -> betting deadline (ms) as shown
        self.round = self.phase = self.deadline = None
        self.seated = False
        super().__init__(ws)

    def got(self, received, data):
        # Only what the bets need now; the figures are worked out afterwards.
        status = STATUS_RE.search(data, 0, HEAD)
        if status is None:
            flash = FLASH_RE.search(data)
            if flash is None:
                self.others += 1
            else:
                text = flash.group(1).decode()
                self.flashes.append((received, text))
                self.markers += MARKER_REFUSAL in text
            return
        phase, version, attributes, number = status.groups()
        changed = CHANGED_RE.search(attributes)
        self.pushes.append((received, int(version), float(changed.group(1)) if changed else None, len(data)))
        self.round, self.phase = int(number), phase
        deadline = DEADLINE_RE.search(data, status.end(), status.end() + 400)
        self.deadline = float(deadline.group(1)) if deadline else None
        if self.deadline is not None:
            self.deadlines[self.round] = self.deadline
        self.seated = self.seated or b"You sit at seat" in data

    async def play(self, mode, stop, rng):
        """Every 2-4 s until ``stop`` (monotonic), a bet if the table run is
        on and this table's betting deadline is still ahead."""
        await asyncio.sleep(rng.uniform(0, BET_EVERY[1]))
        while time.monotonic() < stop and not self.closed:
            now = time.time() * 1000
            if mode.active == "table" and self.phase == b"betting" and self.deadline and now < self.deadline:
                spot, amount = SPOTS[self.bets % len(SPOTS)], 1 + (self.bets // len(SPOTS)) % AMOUNTS
                self.bets += 1
                self.sent.append(Bet(now, self.round, spot, amount, self.deadline))
                await self.send(
                    json.dumps({"action": "bet", "spot": spot, "amount": str(amount), "round": self.round})
                )
            await asyncio.sleep(rng.uniform(*BET_EVERY))

    async def mark(self):
        self.sent.append(Bet(time.time() * 1000, None, None, None, None))
        await self.send(json.dumps({"action": "bet"}))

    def answered(self):
        return self.closed or self.markers >= sum(1 for bet in self.sent if bet.spot is None)


class Member(Socket):
    """A relay client: it sends like a player bets, and notes what arrives."""

    def __init__(self, ws, index, group):
        self.index, self.group = index, group
        self.received = []  # (received ms, sender, sequence number, sent ms, bytes)
        self.sent = []  # epoch ms of each message, by sequence number
        super().__init__(ws)

    def got(self, received, data):
        head = RELAY_HEAD.match(data)
        self.received.append(
            (received, int(head.group(2)), int(head.group(3)), float(head.group(1)), len(data))
        )

    async def play(self, mode, stop, rng):
        """Every ``mode.interval`` s on average, a message if the relay run is on."""
        await asyncio.sleep(rng.uniform(0, mode.interval))
        while time.monotonic() < stop and not self.closed:
            if mode.active == "relay":
                now = time.time() * 1000
                self.sent.append(now)
                size = mode.size
                await self.send(
                    json.dumps({"t": round(now, 3), "s": self.index, "n": len(self.sent) - 1, "bytes": size})
                )
            await asyncio.sleep(rng.uniform(mode.interval * 2 / 3, mode.interval * 4 / 3))


class LoopLag:
    """How late this client's event loop wakes: its own share of every latency."""

    def __init__(self, period=0.05):
        self.period, self.lags = period, []  # (monotonic time, ms late)
        self.task = asyncio.create_task(self._run())

    async def _run(self):
        while True:
            start = time.monotonic()
            await asyncio.sleep(self.period)
            now = time.monotonic()
            self.lags.append((now, (now - start - self.period) * 1000))

    def p99(self, windows):
        lags = sorted(lag for at, lag in self.lags if any(a <= at <= b for a, b in windows))
        return round(percentile(lags, 99), 1) if lags else None


class Cpu:
    """CPU seconds of the layout's processes over windows, as % of one core."""

    def __init__(self, pids):
        self.processes = {name: psutil.Process(pid) for name, pid in pids.items() if pid}
        self.seconds = dict.fromkeys(self.processes, 0.0)
        self.wall, self.started = 0.0, None

    def _read(self):
        seconds = {}
        for name, process in self.processes.items():
            try:
                seconds[name] = sum(process.cpu_times()[:2])
            except psutil.Error:
                seconds[name] = float("nan")
        return time.monotonic(), seconds

    def start(self):
        self.started = self._read()

    def stop(self):
        (t0, before), (t1, after) = self.started, self._read()
        self.wall += t1 - t0
        for name in self.seconds:
            self.seconds[name] += after[name] - before[name]

    def percent(self):
        return {name: round(100 * seconds / self.wall, 1) for name, seconds in self.seconds.items()}


class RedisCommands:
    """Commands Redis served over windows (INFO commandstats, every client:
    the channel layer, presence, rate limits, leases, meters), for the
    capacity model of docs/deploy.md: divided by the bets of the window,
    in all and command by command."""

    def __init__(self):
        from casino.redis_client import get_sync_redis

        self.redis = get_sync_redis()
        self.calls, self.started = 0, None
        self.by_command = collections.Counter()

    def _read(self):
        stats = self.redis.info("commandstats")
        # Reading them is one INFO a window: left out.
        return collections.Counter(
            {
                name.removeprefix("cmdstat_"): entry["calls"]
                for name, entry in stats.items()
                if name != "cmdstat_info"
            }
        )

    def start(self):
        self.started = self._read()

    def stop(self):
        served = self._read()
        served.subtract(self.started)
        self.by_command.update(+served)
        self.calls += sum((+served).values())


# -- the database --------------------------------------------------------------


def db(function):
    """Run a database function in a thread, closing its connection after."""

    def run():
        from django.db import connections

        try:
            return function()
        finally:
            connections.close_all()

    return asyncio.to_thread(run)


def open_table(table_id):
    from casino.tables.models import Table

    Table.objects.filter(pk=table_id).update(is_open=True)


def close_tables(table_ids):
    from casino.tables.models import Table

    Table.objects.filter(pk__in=table_ids).update(is_open=False)


def load_records(table_ids):
    """Each table's round records, read when nothing committed between the
    reads (the tables are closed first): {table id: (its version, [(round,
    at ms or None, action kind or None, player, data), ...])}, one entry per
    RoundStep row in order (a seat taken is a row without a step)."""
    from casino.tables.models import RoundStep, Table

    def versions():
        return dict(Table.objects.filter(pk__in=table_ids).values_list("pk", "version"))

    while True:
        before = versions()
        rows = {table_id: [] for table_id in table_ids}
        entries = RoundStep.objects.filter(round__table_id__in=table_ids).order_by(
            "round__table_id", "round__number", "number"
        )
        for table_id, number, step in entries.values_list("round__table_id", "round__number", "step"):
            if step is None:
                rows[table_id].append((number, None, None, None, None))
                continue
            action = step["action"]
            at = datetime.fromisoformat(step["at"]).timestamp() * 1000
            rows[table_id].append((number, at, action["kind"], action["player"], action["data"]))
        if versions() == before:  # else an owner still running committed in between
            return {table_id: (before[table_id], rows[table_id]) for table_id in table_ids}
        time.sleep(1)


# -- both runs -----------------------------------------------------------------


async def reconnecting(uri, headers=None, attempts=CONNECT_ATTEMPTS):
    """A websocket, trying again as a page does when a busy Daphne fails
    the handshake (its connections are set up before anything is measured)."""
    from websockets.exceptions import InvalidHandshake

    for attempt in range(1, attempts + 1):
        try:
            return await connect(uri, headers)
        except (OSError, TimeoutError, InvalidHandshake):
            if attempt == attempts:
                raise
            await asyncio.sleep(attempt)


async def seat_players(run, tables, players, cycle):
    """Open the tables one after another over ``cycle`` s (one round), and
    seat each table's players as soon as its owner runs."""
    gate = asyncio.Semaphore(CONNECT_CONCURRENCY)
    per_table = run.players // run.tables
    start = time.monotonic()

    async def one(index, player_id, cookie, table_id):
        port = run.ports[index % len(run.ports)]
        uri = f"ws://127.0.0.1:{port}/ws/tables/{table_id}/?join=1"
        async with gate:
            return Seat(await reconnecting(uri, {"Cookie": cookie}), player_id, table_id)

    async def table(number, table_id):
        await sleep_until(start + number * cycle / len(tables))
        await db(lambda: open_table(table_id))
        if not await wait_for(lambda: layout.table_running(table_id), 30, step=0.1):
            raise RuntimeError(f"no worker took table {table_id}")
        first = number * per_table
        return await asyncio.gather(
            *(one(first + k, *players[first + k], table_id) for k in range(per_table))
        )

    seated = await asyncio.gather(*(table(n, table_id) for n, table_id in enumerate(tables)))
    seats = [seat for group in seated for seat in group]
    deadline = time.monotonic() + SEAT_SECONDS
    while not await wait_for(lambda: all(seat.seated for seat in seats), SIT_AGAIN_SECONDS, step=0.2):
        if time.monotonic() > deadline:
            break
        # ?join=1 sits with the round the consumer read on connecting; when
        # the round moved on before the owner got it, it is refused as for
        # an old round. A page shows "Take a seat" then: take it.
        await asyncio.gather(
            *(
                seat.send(json.dumps({"action": "sit", "round": seat.round}))
                for seat in seats
                if not seat.seated and seat.round is not None
            )
        )
    if not all(seat.seated for seat in seats):
        unseated = [seat for seat in seats if not seat.seated]
        said = sorted({text for seat in unseated for _, text in seat.flashes})[:3]
        raise RuntimeError(
            f"{len(unseated)} players did not get their seats in {SEAT_SECONDS} s "
            f"({sum(seat.closed for seat in unseated)} sockets closed, "
            f"{sum(bool(seat.pushes) for seat in unseated)} had the table; told: {said})"
        )
    return seats


async def join_relay(run):
    """The relay's clients: as many, in groups of the tables' size, on the same Daphnes."""
    gate = asyncio.Semaphore(CONNECT_CONCURRENCY)
    per_group = run.players // run.tables

    async def one(index):
        port = run.ports[index % len(run.ports)]
        group = index // per_group
        async with gate:
            return Member(await reconnecting(f"ws://127.0.0.1:{port}/ws/bench/relay/{group}/"), index, group)

    return await asyncio.gather(*(one(i) for i in range(run.players)))


def relay_expected(members):
    """Every member gets every message its group sent."""
    sent = {}
    for member in members:
        sent[member.group] = sent.get(member.group, 0) + len(member.sent)
    return sent


def table_rate(seats, windows):
    """(messages per second, mean bytes per update) of the table windows so
    far: the updates broadcast, or the bets sent if more (a table that falls
    behind broadcasts fewer than it is asked to, and its relay is asked as
    much as the table was)."""

    def inside(t):
        return any(a <= t <= b for a, b in windows)

    versions, sizes, bets = set(), [], 0
    for seat in seats:
        bets += sum(1 for bet in seat.sent if bet.spot is not None and inside(bet.sent))
        for _, version, changed_at, size in seat.pushes:
            if changed_at is not None and inside(changed_at):
                versions.add((seat.table, version))
                sizes.append(size)
    seconds = sum(b - a for a, b in windows) / 1000
    return max(len(versions), bets) / seconds, round(sum(sizes) / len(sizes)) if sizes else 0


async def alternate(run, seats, members, pids):
    """Table and relay runs in turn, ``run.chunks`` of each, so both meet the
    same background (this machine is shared). Between two, nobody sends
    until what was sent has been answered: the table's backlog never
    spills into the relay's window, nor the other way round."""
    mode, rng = Mode(), random.Random(run.seed)
    cpu = {"table": Cpu(pids), "relay": Cpu(pids)}
    redis_commands = {"table": RedisCommands(), "relay": RedisCommands()}
    windows = {"table": [], "relay": []}  # epoch ms
    monotonic = {"table": [], "relay": []}
    lag = LoopLag()
    drains = {"table": [], "relay": []}  # seconds until answered after each window; None: never
    stop = float("inf")
    tasks = [asyncio.create_task(seat.play(mode, stop, random.Random(rng.random()))) for seat in seats]
    tasks += [asyncio.create_task(m.play(mode, stop, random.Random(rng.random()))) for m in members]
    chunk = run.seconds / run.chunks
    try:
        for number in range(run.chunks):
            for kind in ("table", "relay"):
                if kind == "relay":
                    rate, mode.size = table_rate(seats, windows["table"])
                    mode.interval = len(members) / max(MIN_RATE, rate)
                mode.active = kind
                # Every client's clock already runs, so the rate is steady at
                # once; the first table window waits out the warm-up.
                await asyncio.sleep(run.warmup if number == 0 and kind == "table" else SETTLE)
                cpu[kind].start()
                redis_commands[kind].start()
                begin, begin_epoch = time.monotonic(), time.time() * 1000
                await asyncio.sleep(chunk)
                mode.active = None
                cpu[kind].stop()
                redis_commands[kind].stop()
                windows[kind].append((begin_epoch, time.time() * 1000))
                monotonic[kind].append((begin, time.monotonic()))
                log(f"  {kind} window {number + 1}/{run.chunks} done")
                drained = time.monotonic()
                if kind == "table":
                    await asyncio.gather(*(seat.mark() for seat in seats))
                    answered = await wait_for(lambda: all(seat.answered() for seat in seats), run.drain, 0.2)
                else:
                    expected = relay_expected(members)
                    answered = await wait_for(
                        lambda expected=expected: all(
                            m.closed or len(m.received) >= expected[m.group] for m in members
                        ),
                        run.drain,
                        0.2,
                    )
                drains[kind].append(round(time.monotonic() - drained, 1) if answered else None)
                if not answered:
                    log(f"  {kind}: not everything answered after {run.drain:g} s")
    finally:
        for task in tasks:
            task.cancel()
        lag.task.cancel()
    return windows, {
        kind: (cpu[kind].percent(), lag.p99(monotonic[kind]), drains[kind], redis_commands[kind])
        for kind in cpu
    }


def versioned(records):
    """{table id: [(round, at, kind, player, data, version), ...]}.

    Every commit after the owner's first (which starts the clock and
    records nothing) adds one version and one row (runtime._commit), so
    the k-th row of a table is version (final - rows) + k + 1."""
    out = {}
    for table_id, (version, rows) in records.items():
        first = version - len(rows) + 1
        out[table_id] = [(*row, first + k) for k, row in enumerate(rows)]
    return out


def bet_steps(steps):
    """{player: [(round, spot, cents, at ms, version), ...]}, their bets taken in order."""
    taken = {}
    for table_steps in steps.values():
        for number, at, kind, player, data, version in table_steps:
            if kind == "bet":
                taken.setdefault(player, []).append((number, data["spot"], data["amount"], at, version))
    return taken


def match_bets(seat, taken):
    """Each bet the seat sent with its step or its flash (None: neither),
    [(bet, step, flash text)]; how many of its steps no bet matched; and
    whether its refusals could not be told apart (a marker's answer lost)."""
    from games.engine import CENTS_PER_CHIP

    mine, at = taken.get(seat.player_id, []), 0
    outcomes = []
    for bet in seat.sent:
        step = None
        if bet.spot is not None and at < len(mine):
            key = (bet.round, bet.spot, bet.amount * CENTS_PER_CHIP)
            if mine[at][:3] == key and mine[at][3] >= bet.sent:
                step, at = mine[at], at + 1
        outcomes.append([bet, step, None])
    # Refusals come back in the order the messages went, each marker's
    # after those of the bets before it: between two markers, the k-th
    # refused bet has the k-th flash.
    first = seat.sent[0].sent if seat.sent else 0
    flashes = [text for received, text in seat.flashes if received >= first]
    answers, current = [], []
    for text in flashes:
        if MARKER_REFUSAL in text:
            answers.append(current)
            current = []
        else:
            current.append(text)
    answers.append(current)
    asked, current = [], []
    for outcome in outcomes:
        if outcome[0].spot is None:
            asked.append(current)
            current = []
        elif outcome[1] is None:
            current.append(outcome)
    asked.append(current)
    aligned = len(answers) == len(asked)
    if not aligned:
        # A marker's answer never came: one run of answers for all.
        answers = [[text for text in flashes if MARKER_REFUSAL not in text]]
        asked = [[o for o in outcomes if o[0].spot is not None and o[1] is None]]
    for refused, texts in zip(asked, answers, strict=True):
        for outcome, text in zip(refused, texts, strict=False):
            outcome[2] = text
    return [o for o in outcomes if o[0].spot is not None], len(mine) - at, not aligned


def table_figures(seats, records, windows):
    def inside(t):
        return any(a <= t <= b for a, b in windows)

    steps = versioned(records)

    by_table = {}
    for seat in seats:
        by_table.setdefault(seat.table, []).append(seat)
    taken = bet_steps(steps)
    f = {
        "bets": 0, "bets_all": 0, "accepted": 0, "late": 0, "late_open": 0, "refused_other": {},
        "lost": 0, "steps_unmatched": 0, "unmapped": 0, "tables_unmapped": 0, "players_misaligned": 0,
        "updates_missing": 0,
        "updates": 0,
        "rounds_closed": 0,
    }  # fmt: skip
    action_update, send_owner, send_commit, commit_client = [], [], [], []
    sizes, timer_fire, timer_commit = [], [], []
    late_margins = []
    for table_id, table_seats in by_table.items():
        changed, deadlines = {}, {}
        for seat in table_seats:
            deadlines.update(seat.deadlines)
            for received, version, changed_at, size in seat.pushes:
                if changed_at is None:
                    continue
                changed[version] = changed_at
                if inside(changed_at):
                    commit_client.append(received - changed_at)
                    sizes.append(size)
        f["updates"] += sum(1 for at in changed.values() if inside(at))
        versions = sorted(changed)
        rows = steps.get(table_id, [])
        # The rows' versions hold only if every version broadcast came after
        # its own row's transition began.
        at_of = {row[5]: row[1] for row in rows}
        sound = all(at_of.get(v) is None or at_of[v] <= changed[v] for v in versions)
        f["tables_unmapped"] += not sound

        def broadcast(version, versions=versions, changed=changed, sound=sound):
            # When the owner first broadcast a version that holds this one:
            # versions are broadcast coalesced (the newest, at most every
            # 50 ms), after their commit.
            i = bisect_left(versions, version)
            return changed[versions[i]] if sound and i < len(versions) else None

        receipts = [([p[1] for p in seat.pushes], [p[0] for p in seat.pushes]) for seat in table_seats]
        for number, at, kind, _, _, version in rows:
            if kind != CLOSE_BETTING or number not in deadlines or not inside(deadlines[number]):
                continue
            f["rounds_closed"] += 1
            # The clock a client shows runs out CLOCK_LEAD_SECONDS before the lock-out.
            lockout = deadlines[number] + CLOCK_LEAD_MS
            timer_fire.append(at - lockout)
            if (sent := broadcast(version)) is not None:
                timer_commit.append(sent - lockout)
        for seat in table_seats:
            outcomes, extra, misaligned = match_bets(seat, taken)
            f["steps_unmatched"] += extra
            f["players_misaligned"] += misaligned
            for bet, step, flash in outcomes:
                f["bets_all"] += 1
                if step is None and flash is None:
                    f["lost"] += 1
                if not inside(bet.sent):
                    continue
                f["bets"] += 1
                if flash is not None:
                    if any(text in flash for text in LATE):
                        f["late"] += 1
                        f["late_open"] += bet.sent < bet.deadline
                        late_margins.append(bet.deadline - bet.sent)
                    else:
                        f["refused_other"][flash[:60]] = f["refused_other"].get(flash[:60], 0) + 1
                if step is None:
                    continue
                f["accepted"] += 1
                send_owner.append(step[3] - bet.sent)
                version, sent = step[4], broadcast(step[4])
                if sent is None:
                    f["unmapped"] += 1
                    continue
                send_commit.append(sent - bet.sent)
                for seen, times in receipts:
                    i = bisect_left(seen, version)
                    if i == len(seen):
                        f["updates_missing"] += 1
                    else:
                        action_update.append(times[i] - bet.sent)
    seconds = sum(b - a for a, b in windows) / 1000
    f.update(
        action_update=summary(action_update, 50, 95, 99),
        send_owner=summary(send_owner, 50, 95, 99),
        send_commit=summary(send_commit, 50, 95, 99),
        commit_client=summary(commit_client, 50, 95, 99),
        timer_fire=summary(timer_fire, 50, 99, 100),
        timer_commit=summary(timer_commit, 50, 99, 100),
        late_margin_ms=summary(late_margins, 50, 100),
        bytes_mean=round(sum(sizes) / len(sizes)) if sizes else None,
        bytes_p50=percentile(sorted(sizes), 50) if sizes else None,
        updates_per_s=round(f["updates"] / seconds, 2),
        bets_per_s=round(f["bets"] / seconds, 2),
    )
    return f


def relay_figures(members, windows):
    def inside(t):
        return any(a <= t <= b for a, b in windows)

    sent = relay_expected(members)
    latencies, sizes, lost, messages = [], [], 0, 0
    for member in members:
        lost += sent[member.group] - len({(sender, n) for _, sender, n, _, _ in member.received})
        messages += sum(1 for t in member.sent if inside(t))
        for received, _, _, sent_ms, length in member.received:
            if inside(sent_ms):
                latencies.append(received - sent_ms)
                sizes.append(length)
    seconds = sum(b - a for a, b in windows) / 1000
    return {
        "messages": messages,
        "messages_per_s": round(messages / seconds, 2),
        "lost": lost,
        "latency": summary(latencies, 50, 95, 99),
        "bytes_mean": round(sum(sizes) / len(sizes)) if sizes else None,
    }


def summary(values, *ps):
    values = sorted(values)
    out = {"n": len(values)}
    for p in ps:
        value = percentile(values, p)
        out[f"p{p}"] = None if value != value else round(value, 1)  # NaN: nothing measured
    return out


async def measure(run, tables, players, cycle, pids):
    log(f"Load: {run.players} players at {run.tables} {run.game} tables, and the relay")
    seats = await seat_players(run, tables, players, cycle)
    members = await join_relay(run)
    log(f"  {len(seats)} players seated at {len(tables)} tables, {len(members)} relay clients; measuring")
    try:
        windows, usage = await alternate(run, seats, members, {**pids, "client": os.getpid()})
        # Closed, their owners stop: the records are read whole, with no
        # timer of an idle table committing between the reads.
        await db(lambda: close_tables(tables))
        await wait_for(lambda: not any(layout.table_running(t) for t in tables), 60, step=0.5)
        records = await db(lambda: load_records(tables))
    finally:
        await close_clients(seats + members)
    table = table_figures(seats, records, windows["table"])
    relay = relay_figures(members, windows["relay"])
    for kind, figures in (("table", table), ("relay", relay)):
        cpu, lag, drains, commands = usage[kind]
        figures.update(cpu=cpu, client_lag_p99_ms=lag, drains_s=drains, redis_commands=commands.calls)
        sent = figures.get("bets", figures.get("messages"))
        figures["redis_commands_per_message"] = round(commands.calls / sent, 1) if sent else None
        figures["redis_commands_per_message_by_command"] = (
            {name: round(calls / sent, 2) for name, calls in commands.by_command.most_common(12)}
            if sent
            else {}
        )
        log(f"  {kind}: {json.dumps(figures)}")
    return table, relay


# -- one size, in its own layout -----------------------------------------------


def prepare(run):
    """The throwaway database: the tables (closed until their turn) and the players."""
    layout.migrate()
    import django

    django.setup()
    from django.db import connections

    from casino.tables import registry
    from casino.tables.models import Table

    config = registry.get(run.game).rules.Config()
    cycle = config.betting_seconds + config.spin_seconds + config.result_seconds
    per_table = run.players // run.tables
    tables = [
        Table.objects.create(game=run.game, name=f"Load {n + 1}", max_seats=per_table, is_open=False).pk
        for n in range(run.tables)
    ]
    players = layout.bench_players(per_table * run.tables, prefix="Load")
    connections.close_all()
    return tables, players, cycle


def run_one(run):
    """One size: its layout, both runs, its figures (or its error)."""
    started = time.monotonic()
    tmp = Path(tempfile.mkdtemp(prefix="casino-load-"))
    database_url = None
    if run.database != "sqlite":
        database_url = layout.create_postgres_database(run.database)
    redis_process = layout.throwaway_environment(
        tmp, database_url, BENCH_ECHO="1", WS_MAX_PER_ADDRESS=str(run.players + 100)
    )
    servers, result = [], {"error": None}
    try:
        tables, players, cycle = prepare(run)
        run.ports = [layout.free_port() for _ in range(run.daphnes)]
        servers += [layout.start_worker("--scan-seconds", "0.5") for _ in range(run.workers)]
        servers += [layout.start_daphne(port) for port in run.ports]
        for port in run.ports:
            layout.wait_for_port(port)
        pids = {f"worker-{n + 1}": p.pid for n, p in enumerate(servers[: run.workers])}
        pids.update({f"daphne-{n + 1}": p.pid for n, p in enumerate(servers[run.workers :])})
        pids["redis"] = redis_process.pid if redis_process else layout.redis_pid()
        left = run.budget - (time.monotonic() - started)
        result["table"], result["relay"] = asyncio.run(
            asyncio.wait_for(measure(run, tables, players, cycle, pids), left)
        )
    except TimeoutError:
        result["error"] = f"over the {run.budget:g} s budget"
    except Exception as exc:  # reported with the figures, and a failure
        result["error"] = f"{type(exc).__name__}: {exc}"
    finally:
        layout.stop(servers, redis_process)
        if database_url:
            layout.drop_postgres_database(run.database, database_url)
        shutil.rmtree(tmp, ignore_errors=True)
    result["seconds"] = round(time.monotonic() - started)
    return result


# -- the report ----------------------------------------------------------------


def targets(players, table, relay):
    """[(target, met)] for one size; met is None when nothing was measured."""
    a, r = table["action_update"]["p99"], relay["latency"]["p99"]
    timer = table["timer_commit"]["p99"]
    checks = [
        (f"action→update p99 within {TARGET_RATIO:g}× of the relay's", None if not (a and r) else a <= TARGET_RATIO * r),
        ("0 lost actions", table["lost"] == 0 and table["updates_missing"] == 0),
        ("0 bets refused as late that were sent while betting was open", table["late_open"] == 0),
        (
            f'"no more bets" committed within {TARGET_TIMER_MS:g} ms of its deadline at p99',
            None if timer is None else timer <= TARGET_TIMER_MS,
        ),
        ("the relay lost nothing (else the baseline is not one)", relay["lost"] == 0),
    ]  # fmt: skip
    if players >= 1000:
        checks.append(
            (
                f"action→update p99 under {TARGET_P99_MS_AT_1000:g} ms",
                None if a is None else a < TARGET_P99_MS_AT_1000,
            )
        )
    return checks


def _ms(figures, *ps):
    return " / ".join("—" if figures.get(f"p{p}") is None else f"{figures[f'p{p}']:,.0f}" for p in ps)


def _n(value):
    return "—" if value is None else f"{value:,}"


def _cpu(cpu):
    return ", ".join(f"{name} {value:.0f}" for name, value in cpu.items())


def report(args, sizes, results):
    lines = [
        "| players / tables | run | layout | bets (messages) | action→update p50 / p95 / p99 (ms) "
        "| send→commit p50 / p99 | commit→client p50 / p99 | refused late (sent while open) | lost "
        '| "no more bets" late p50 / p99 (ms) | bytes / update | CPU % of a core |',
        "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    where = (
        f"{args.workers} worker{'s' * (args.workers > 1)}, {args.daphnes} Daphne{'s' * (args.daphnes > 1)}, "
    )
    where += "SQLite" if args.database == "sqlite" else "PostgreSQL"
    verdicts, ok = [], True
    for (players, tables), result in zip(sizes, results, strict=True):
        label = f"{players:,} / {tables}"
        if result.get("error"):
            ok = False
            lines.append(f"| {label} | — | {where} | failed: {result['error']} |" + " |" * 8)
            continue
        t, r = result["table"], result["relay"]
        lines.append(
            f"| {label} | table | {where} | {t['bets']:,} | {_ms(t['action_update'], 50, 95, 99)} "
            f"| {_ms(t['send_commit'], 50, 99)} | {_ms(t['commit_client'], 50, 99)} "
            f"| {t['late']:,} ({t['late_open']:,}) | {t['lost'] + t['updates_missing']:,} "
            f"| {_ms(t['timer_commit'], 50, 99)} | {_n(t['bytes_mean'])} | {_cpu(t['cpu'])} |"
        )
        lines.append(
            f"| {label} | relay | {where} | ({r['messages']:,}) | {_ms(r['latency'], 50, 95, 99)} "
            f"| — | — | — | {r['lost']:,} | — | {_n(r['bytes_mean'])} | {_cpu(r['cpu'])} |"
        )
        for target, met in targets(players, t, r):
            ok = ok and bool(met)
            verdict = "met" if met else "NOT met" if met is False else "NOT met (nothing measured)"
            verdicts.append(f"- {label}: {target}: {verdict}")
        if t["players_misaligned"]:
            verdicts.append(
                f"- {label}: {t['players_misaligned']} players never got a marker's answer: their "
                "refusals are matched to their bets by order alone"
            )
        if None in t["drains_s"] + r["drains_s"]:
            verdicts.append(
                f"- {label}: a backlog outlived --drain {args.drain:g} s and ran into the next window "
                "(the relay's figures then carry some of the table's load)"
            )
    print("\n".join(lines))
    print()
    print("\n".join(verdicts))
    print(
        f"\n{args.seconds:g} s measured after {args.warmup:g} s of warm-up, each run; players bet every "
        f"{BET_EVERY[0]:g}–{BET_EVERY[1]:g} s while betting is open; the relay at the table run's updates "
        f"per second and bytes per update; {os.cpu_count()} CPUs; {date.today().isoformat()}, "
        f"commit {commit()}. Targets: {'met' if ok else 'NOT met'}."
    )
    line = {
        "bench": "load",
        "date": date.today().isoformat(),
        "commit": commit(),
        "game": args.game,
        "workers": args.workers,
        "daphnes": args.daphnes,
        "database": "sqlite" if args.database == "sqlite" else "postgresql",
        "seconds": args.seconds,
        "warmup": args.warmup,
        "runs": [
            {"players": players, "tables": tables, **result}
            for (players, tables), result in zip(sizes, results, strict=True)
        ],
        "ok": ok,
    }
    print(json.dumps(line))
    return ok


def commit():
    try:
        return subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


# -- the command line ----------------------------------------------------------


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="100,300,1000", help="players, comma-separated (one run each)")
    parser.add_argument("--tables", default="10,30,100", help="tables, one for each --players")
    parser.add_argument("--game", default="dreamcatcher", choices=GAMES)
    parser.add_argument("--workers", type=int, default=1, help="table worker processes")
    parser.add_argument("--daphnes", type=int, default=1, help="Daphne processes")
    parser.add_argument(
        "--database",
        default="sqlite",
        help="sqlite, or a postgresql:// URL (a fresh database is made on its server)",
    )
    parser.add_argument("--seconds", type=float, default=75.0, help="seconds measured, each run")
    parser.add_argument("--warmup", type=float, default=10.0, help="seconds before, not measured")
    parser.add_argument("--chunks", type=int, default=3, help="table and relay windows, in turn")
    parser.add_argument("--drain", type=float, default=180.0, help="seconds to wait for late answers")
    parser.add_argument("--budget", type=float, default=3600.0, help="stop after this many seconds in all")
    parser.add_argument("--seed", type=int, default=12, help="of the players' timing")
    parser.add_argument("--result", help=argparse.SUPPRESS)  # one size's figures, for the parent run
    args = parser.parse_args(argv)
    args.players = [int(n) for n in str(args.players).split(",")]
    args.tables = [int(n) for n in str(args.tables).split(",")]
    if len(args.players) != len(args.tables):
        parser.error("give as many --tables as --players")
    for players, tables in zip(args.players, args.tables, strict=True):
        if tables < 1 or players % tables or not 1 <= players // tables <= 50:
            parser.error(f"{players} players at {tables} tables: 1 to 50 players a table, as many at each")
    if args.database != "sqlite" and not args.database.startswith(("postgres://", "postgresql://")):
        parser.error("--database is sqlite or a postgresql:// URL")
    return args


class Run:
    """One size's settings, as run_one reads them."""

    def __init__(self, args, players, tables, budget):
        self.players, self.tables, self.budget = players, tables, budget
        for name in (
            "game",
            "workers",
            "daphnes",
            "database",
            "seconds",
            "warmup",
            "chunks",
            "drain",
            "seed",
        ):
            setattr(self, name, getattr(args, name))
        self.ports = []


def main(argv=None):
    args = parse_args(argv)
    layout.raise_fd_limit()
    started = time.monotonic()
    sizes = list(zip(args.players, args.tables, strict=True))
    if args.result:
        # A child of the run below: one size, its figures to a file.
        ((players, tables),) = sizes
        result = run_one(Run(args, players, tables, args.budget))
        Path(args.result).write_text(json.dumps(result))
        return 0
    results = []
    for players, tables in sizes:
        # Each size in a process of its own: Django's settings (the database)
        # and the embedded Redis are per process.
        left = args.budget - (time.monotonic() - started)
        if left <= 0:
            results.append({"error": f"not run: over the {args.budget:g} s budget"})
            continue
        with tempfile.NamedTemporaryFile(suffix=".json") as out:
            options = [
                "--players", str(players), "--tables", str(tables), "--game", args.game,
                "--workers", str(args.workers), "--daphnes", str(args.daphnes), "--database", args.database,
                "--seconds", str(args.seconds), "--warmup", str(args.warmup), "--chunks", str(args.chunks),
                "--drain", str(args.drain),
                "--seed", str(args.seed), "--budget", str(left), "--result", out.name,
            ]  # fmt: skip
            done = subprocess.run([sys.executable, __file__, *options], cwd=ROOT)
            text = Path(out.name).read_text()
            results.append(json.loads(text) if text else {"error": f"exit status {done.returncode}"})
    return 0 if report(args, sizes, results) else 1


if __name__ == "__main__":
    sys.exit(main())
