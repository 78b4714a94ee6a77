"""Table owners and the worker process that runs them.

Exactly one owner mutates a table (docs/architecture.md). A worker claims a table with a
lease in Redis (SET NX PX, renewed while it runs; a dead worker's lease runs
out), runs one asyncio task per table it owns, and that task alone calls the
table's TableRuntime. Players' actions reach it on the channel layer, so any
number of Daphne processes can feed one worker, and several workers on
several machines share the tables between them.

Workers share the tables fairly: each says it is alive (a heartbeat in
Redis, with how many tables it holds) and claims at most its fair share,
ceil(open tables / live workers), so a worker that starts first does not
keep them all. One over its share, or at it while another is below the
floor, lets a table go (its owner stops, the lease is released) for one of
the others; a dead worker stops beating and the rest take its tables.

A worker has an identity that outlives its process when it is supervised
(``worker_identity``: TABLE_WORKER_ID, or supervisord's program on this
host), so a worker killed and restarted in its place takes back its own
tables at once instead of after their leases run out; any other worker
still waits them out. Only one process speaks for an identity at a time
(``TableWorker._hold_identity``); each table it takes back is loaded from
its persisted state, exactly as one taken free.
"""

import asyncio
import hashlib
import logging
import math
import os
import re
import socket
import time
import uuid

from channels.exceptions import ChannelFull
from channels.layers import get_channel_layer
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from casino import redis_outage
from casino.chat import highlights
from casino.progressives import owed
from casino.progressives.ticker import MeterTicker
from casino.realtime import leases, presence
from casino.realtime.groups import (
    LOBBY_GROUP,
    lobby_table_message,
    player_at_table_group,
    player_group,
    table_channel,
    table_group,
)
from casino.realtime.leases import LEASE_MS
from casino.realtime.ratelimit import TokenBucket
from casino.redis_client import get_redis, key
from casino.tables import host, private
from casino.tables.database_thread import worker_database
from casino.tables.exceptions import Refused, StaleOwner
from casino.tables.models import Table
from casino.tables.runtime import Step, TableRuntime, public_snapshot

log = logging.getLogger(__name__)

# A seated player whose every connection to the table is gone for this long
# (closed tab, lost network) is stood up, so seats do not fill with ghosts.
SEAT_GRACE_SECONDS = float(os.environ.get("SEAT_GRACE_SECONDS", "60"))
# The same after the page closed (its browser said goodbye): only the time a
# reload or a click to another page of the table takes to connect again.
CLOSED_GRACE_SECONDS = float(os.environ.get("CLOSED_GRACE_SECONDS", "3"))
RECEIVE_RETRY_SECONDS = 0.5
# Actions the owner takes from its table's inbox in one round trip, and how
# long one wait for the next lasts (a stopping owner's reader ends within it).
RECEIVE_BATCH = 32
RECEIVE_WAIT_SECONDS = 1.0
# How far back a Daphne's stamp on an action may date it (owner.arrival).
ARRIVAL_GRACE_SECONDS = 2.0
BALANCE_PUSH_SECONDS = 0.5
# Where a message taken from the inbox keeps what puts it back (_stop_receiving).
KEPT = "_kept"
# Sent by a stopping owner to its own table's inbox, so that its reader's
# wait ends now; whoever reads it (it, or the next owner) skips it.
WAKE = "table.wake"
DEADLINE_SETTLE_SECONDS = 0.05
# A table's broadcasts are paced: a flood's versions coalesce into at most
# one an UPDATE_SECONDS, after a burst of UPDATE_BURST at once. 50 ms was
# most of a bet's send-to-commit p95 under load (a bet landing just after
# another's broadcast waited for the next), 20 ms still its p99 at 300
# players (45 -> 30 ms at 10); 10 ms folds a flood of a hundred bets a
# second into at most a hundred pushes, and tests/test_flood.py holds. The
# burst: a bet that comes within 10 ms of the table's last push (a few in a
# hundred at a busy table, so its p99) no longer waits out the rest of it.
UPDATE_SECONDS = 0.01
UPDATE_BURST = 3
# Actions of one table committed in one transaction when they queue up.
BATCH_MAX = 32

SOMETHING_WENT_WRONG = "Something went wrong on our side; nothing was changed."
# The worker's message to the owner of a private table idle too long.
IDLE = "table.idle"
TABLE_BUSY = "The table is too busy to take that right now; nothing changed. Try again in a moment."


def lease_key(table_id):
    return key("table-owner", table_id)


def identity_key(worker_id):
    """Held by the one process that speaks for ``worker_id`` now."""
    return key("table-worker-identity", worker_id)


# A lease's holder is "<identity>#<process>" (leases.take_or_adopt).
WORKER_ID = re.compile(r"[A-Za-z0-9._:@/-]{1,100}")


def worker_identity(environ=os.environ):
    """This worker's identity if it is one that a restart keeps, else None.

    TABLE_WORKER_ID when set (one per worker: ``casino-worker@%i``'s
    ``Environment=TABLE_WORKER_ID=%H-%i`` under systemd). Else, under
    supervisord, this host, the program's name (``casino:worker-0``) and a
    short hash of its supervisord's socket, so two supervisords on one host
    sharing a Redis never name two workers alike."""
    configured = environ.get("TABLE_WORKER_ID", "").strip()
    if configured:
        if not WORKER_ID.fullmatch(configured):
            raise ImproperlyConfigured(
                f"TABLE_WORKER_ID={configured!r}: use 1 to 100 letters, digits and . _ : @ / -"
            )
        return configured
    name = environ.get("SUPERVISOR_PROCESS_NAME")
    if not name:
        return None
    group = environ.get("SUPERVISOR_GROUP_NAME", name)
    server = hashlib.sha256(environ.get("SUPERVISOR_SERVER_URL", "").encode()).hexdigest()[:6]
    return f"{socket.gethostname()}:{group}:{name}@{server}"


# The TableWorkers running in this OS process, by their process names.
_live_processes = set()


def _process_gone(process):
    """Whether the process named "<host>:<pid>:<nonce>" surely died: one of
    this host whose pid is no more. Anything else (another host, a pid that
    is alive, maybe reused) may still run, and waits out its hold."""
    host, _, rest = process.partition(":")
    pid, _, _nonce = rest.partition(":")
    if host != socket.gethostname() or not pid.isdigit():
        return False
    if int(pid) == os.getpid():
        return process not in _live_processes
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False  # alive, someone else's
    return False


# Live workers: a sorted set scored by when each last beat, and how many
# tables each holds. A worker silent for a lease's time is dead.
WORKERS_KEY = "table-workers"
LOADS_KEY = "table-worker-loads"


class FairShare:
    """What one scan may do, from every live worker's heartbeat."""

    def __init__(self, tables, loads, me):
        workers = max(1, len(loads))
        self.ceiling = math.ceil(tables / workers)
        self.floor = tables // workers
        # Someone else holds fewer than the floor: the others make room.
        self.starving = any(load < self.floor for worker, load in loads.items() if worker != me)

    def may_claim(self, held):
        return held < self.ceiling and (held < self.floor or not self.starving)

    def should_release(self, held):
        return held > self.ceiling or (held == self.ceiling > self.floor and self.starving)


def update_message(table, step):
    """The group message every viewer's consumer renders from."""
    return {
        "type": "table.update",
        "version": step.version,
        "snapshot": public_snapshot(step.snapshot),
        "config": table.config,
        "balances": {str(pid): cents for pid, cents in step.balances.items()},
        "changed_at": time.time(),
    }


class TableOwner:
    def __init__(self, table_id, layer=None, clock=time.time):
        self.table_id = table_id
        self.layer = layer or get_channel_layer()
        self.clock = clock
        # Bounded: a flood at this table is refused at its door (the senders
        # are told) instead of queueing without end.
        self.inbox = asyncio.Queue(maxsize=settings.TABLE_INBOX_MAX)
        self.receiving = True  # until the owner stops (_stop_receiving)
        self.runtime = None
        self.absent = {}  # player id -> when to check that they came back
        self.balances_due = {}  # player id -> cents, not yet pushed to their other windows
        self.balance_pusher = None
        self.unsent = None  # a committed step not broadcast yet (_publish)
        self.broadcaster = None
        self.pace = TokenBucket(1 / UPDATE_SECONDS, UPDATE_BURST)

    async def run(self):
        self.runtime = await worker_database(TableRuntime.load)(self.table_id, self.clock)
        step = await worker_database(self.runtime.start)()
        if step is None:
            # Taking over after a restart: heal every viewer with the full state.
            await self._broadcast_current()
        else:
            await self._publish(step)
        # Owed wins paid while no owner ran here: their message may be gone.
        await self._log_owed_payments()
        # After a restart nobody is known to be connected: seated players have
        # the grace period to show they are still there.
        for player in self.runtime.snapshot["seats"].values():
            self.absent[player] = self.clock() + SEAT_GRACE_SECONDS
        if self.runtime.table.is_private and self.runtime.table.host_id is not None:
            self.absent[self.runtime.table.host_id] = self.clock() + SEAT_GRACE_SECONDS  # a watching host too
        receiver = asyncio.create_task(self._receive())
        held = None  # taken from the inbox, waiting for a deadline to fire first
        settled = None  # the deadline whose last actions in flight were waited for
        try:
            while True:
                await self._check_absent()
                if held is None and not self.inbox.empty():
                    held = self.inbox.get_nowait()
                deadline = self._deadline()
                if deadline is not None and self.clock() >= deadline:
                    # A deadline is a deadline (docs/architecture.md, "Timers"): it fires
                    # however many actions are queued. Those that reached the
                    # casino before it still count; the rest meet the next
                    # phase and are refused as late with the rules' message.
                    if held is None and settled != deadline:
                        # An action sent just before may still be on its way
                        # from Redis (the channel keeps send order): give it
                        # a moment before closing.
                        settled = deadline
                        try:
                            async with asyncio.timeout(DEADLINE_SETTLE_SECONDS):
                                held = await self.inbox.get()
                        except TimeoutError:
                            pass
                        continue
                    if held is None or held.get("received_at", 0) > deadline:
                        await self._tick()
                        continue
                if held is not None:
                    batch, held = self._take_batch(held, deadline)
                    await self._handle_batch(batch)
                    continue
                timeout = self.runtime.seconds_left()
                if self.absent:
                    check = max(0.0, min(self.absent.values()) - self.clock())
                    timeout = check if timeout is None else min(timeout, check)
                try:
                    # Not asyncio.wait_for: on Python 3.11 it swallows a
                    # cancellation that lands as a message arrives, and the
                    # owner then outlives its worker's stop or lost lease.
                    async with asyncio.timeout(timeout):
                        held = await self.inbox.get()
                except TimeoutError:
                    pass
        finally:
            await self._stop_receiving(receiver, held)
            for task in (self.broadcaster, self.balance_pusher):
                if task is not None:
                    task.cancel()

    def arrival(self, message):
        """When an action reached the casino: an action that came before a
        deadline is applied even if the deadline passes while it waits its
        turn. The consumer stamps it as it forwards it; a stamp later than
        now or older than ARRIVAL_GRACE_SECONDS (clocks of two machines
        that disagree, or a message stuck somewhere) counts from now."""
        now = self.clock()
        sent = message.get("sent_at")
        if isinstance(sent, float) and 0 <= now - sent <= ARRIVAL_GRACE_SECONDS:
            return sent
        return now

    def _deadline(self):
        timer = self.runtime.snapshot.get("timer")
        return timer["deadline"] if timer else None

    async def _receive(self):
        # Its own task, stopped by a flag between two reads (never cancelled
        # mid-read while Redis answers), so no action taken from the table's
        # inbox is dropped: what it took and nobody handled goes back
        # (_stop_receiving).
        channel = table_channel(self.table_id)
        while self.receiving:
            try:
                received = await self.layer.receive_many(channel, RECEIVE_BATCH, RECEIVE_WAIT_SECONDS)
            except Exception:
                # Redis went away (restarted, unreachable): an owner that
                # stopped receiving would run its clock and never see another
                # action, so keep trying; the connection pool reconnects.
                redis_outage.report(log, "table %s: receiving actions failed; retrying", self.table_id)
                await asyncio.sleep(RECEIVE_RETRY_SECONDS)
                continue
            for message, kept in received:
                if message.get("type") == WAKE:
                    continue
                message["received_at"] = self.arrival(message)
                message[KEPT] = kept
                if not self.inbox.full():
                    self.inbox.put_nowait(message)
                elif message.get("type") == "table.action":
                    await self._reply(message.get("reply_to"), TABLE_BUSY)
                else:
                    await self._handle(message)  # a departure: bookkeeping, never refused

    async def _stop_receiving(self, receiver, held):
        """The owner stops (its worker stops, or another took the table):
        let the reader finish its read, then put what was taken and not
        handled (``held`` and the queue) back into the table's inbox for
        the next owner, in its order."""
        self.receiving = False
        if not receiver.done():
            try:
                await self.layer.send(table_channel(self.table_id), {"type": WAKE})
            except Exception:
                pass  # the inbox is full or Redis is away: the reader's wait ends by itself
        try:
            async with asyncio.timeout(RECEIVE_WAIT_SECONDS + 1):
                await asyncio.gather(receiver, return_exceptions=True)
        except TimeoutError:
            receiver.cancel()  # Redis does not answer: nothing more can be read either
        left = [held] if held is not None else []
        while not self.inbox.empty():
            left.append(self.inbox.get_nowait())
        kept = [message[KEPT] for message in left if KEPT in message]
        if not kept:
            return
        try:
            await self.layer.put_back(table_channel(self.table_id), kept)
        except Exception:
            redis_outage.report(
                log, "table %s: %s actions not handled could not be put back", self.table_id, len(kept)
            )

    async def _tick(self):
        try:
            await worker_database(self.runtime.reload_config)()
            step = await worker_database(self.runtime.tick)()
        except StaleOwner:
            raise
        except Exception:
            # A failed commit leaves the snapshot as it was (the clock still
            # expired): try again shortly rather than spin or drop the table.
            redis_outage.report(
                log, "table %s: timer transition failed; retrying", self.table_id, level=logging.ERROR
            )
            await asyncio.sleep(1)
            return
        if step is not None:
            await self._publish(step)

    async def _check_absent(self):
        due = [player for player, when in self.absent.items() if when <= self.clock()]
        if not due:
            return
        try:
            connected = set(await worker_database(presence.connected_players)(self.table_id))
        except Exception:
            # Nobody is stood up on a guess: ask again in a moment.
            redis_outage.report(log, "table %s: reading who is connected failed", self.table_id)
            for player in due:
                self.absent[player] = self.clock() + 1
            return
        for player in due:
            del self.absent[player]
            if player in connected:
                continue
            if self.runtime.seat_of(player) is not None:
                nickname = self.runtime.snapshot["nicknames"].get(str(player), "A player")
                try:
                    step = await worker_database(self.runtime.act)(
                        player, nickname, {"action": "leave", "round": self.runtime.round}
                    )
                except Refused:
                    step = None
                if step is not None:
                    await self._publish(step)
            # A private table's host gone for good: the role passes on (host.py).
            if player == self.runtime.table.host_id:
                step = await worker_database(self.runtime.host_gone)(player)
                if step is not None:
                    await self._publish(step)

    def _take_batch(self, first, deadline):
        """``first`` and the players' actions queued behind it, up to
        BATCH_MAX, to commit together; stops at any other message and at an
        action that arrived after the deadline (the timer fires first).
        Returns (batch, the message held back or None)."""
        batch = [first]
        if first.get("type") != "table.action" or host.is_host_message(first):
            return batch, None
        while len(batch) < BATCH_MAX and not self.inbox.empty():
            message = self.inbox.get_nowait()
            late = deadline is not None and message.get("received_at", 0) > deadline
            # A host's control is committed alone (host.py): it changes the Table itself.
            if message.get("type") != "table.action" or late or host.is_host_message(message):
                return batch, message
            batch.append(message)
        return batch, None

    async def _handle_batch(self, batch):
        """Queued actions in one database transaction (group commit, the
        runtime's act_many): under load a table pays one commit for many
        bets. Each action stands or is refused alone, as one by one."""
        if len(batch) == 1:
            await self._handle(batch[0])
            return
        items = [
            (message.get("player"), message.get("nickname") or "Player", message.get("message") or {})
            for message in batch
        ]
        try:
            results = await worker_database(self.runtime.act_many)(items)
        except StaleOwner:
            raise
        except Exception:
            redis_outage.report(
                log, "table %s: %d actions failed", self.table_id, len(batch), level=logging.ERROR
            )
            for message in batch:
                await self._reply(message.get("reply_to"), SOMETHING_WENT_WRONG)
            return
        for message, result in zip(batch, results, strict=True):
            if isinstance(result, Refused):
                await self._reply(message.get("reply_to"), str(result))
            else:
                await self._publish(result)

    async def _handle(self, message):
        if message.get("type") == "table.disconnected":
            grace = CLOSED_GRACE_SECONDS if message.get("closed") else SEAT_GRACE_SECONDS
            self.absent[message["player"]] = self.clock() + grace
            return
        if message.get("type") == IDLE:
            await self._close_idle()
            return
        if message.get("type") == owed.OWED_PAID:
            await self._log_owed_payments()
            return
        if message.get("type") != "table.action":
            return
        reply_to = message.get("reply_to")
        try:
            step = await worker_database(self.runtime.act)(
                message.get("player"), message.get("nickname") or "Player", message.get("message") or {}
            )
        except Refused as exc:
            await self._reply(reply_to, str(exc))
            return
        except StaleOwner:
            raise
        except Exception:
            # The runtime keeps its last committed snapshot when a commit
            # fails, so the table goes on; the sender learns nothing changed.
            redis_outage.report(log, "table %s: action failed", self.table_id, level=logging.ERROR)
            await self._reply(reply_to, SOMETHING_WENT_WRONG)
            return
        await self._publish(step)

    async def _close_idle(self):
        """The worker found this private table idle: its close is a table
        event, broadcast like the host's, so its viewers see it closed."""
        try:
            step = await worker_database(self.runtime.close_idle)()
        except StaleOwner:
            raise
        except Exception:
            log.exception("table %s: closing it as idle failed", self.table_id)
            return
        if step is not None:
            log.info("private table %s closed after being idle", self.table_id)
            await self._publish(step)

    async def _log_owed_payments(self):
        """Owed progressive wins paid meanwhile, in the table's log (runtime.log_owed_payments)."""
        try:
            step = await worker_database(self.runtime.log_owed_payments)()
        except StaleOwner:
            raise
        except Exception:
            log.exception("table %s: logging owed wins paid failed", self.table_id)
            return
        if step is not None:
            await self._publish(step)

    async def _reply(self, reply_to, text):
        """Tell one sender why nothing changed. A reply that cannot be sent
        is dropped, never the table: the sender's Daphne is not reading its
        inbox (ChannelFull: thousands of messages behind) or Redis is away,
        and the actions queued behind this one must still be answered."""
        if not reply_to:
            return
        try:
            await self.layer.send(reply_to, {"type": "table.error", "text": text})
        except ChannelFull:
            log.warning("table %s: a reply was dropped: its Daphne's inbox is full", self.table_id)
        except Exception:
            redis_outage.report(log, "table %s: a reply could not be sent", self.table_id)

    async def _publish(self, step):
        """Broadcast a committed step: at once, unless the table has just
        sent a burst of them, then at most once an UPDATE_SECONDS with the
        newest version (and everything the skipped
        ones changed: balances, seats, table events). Each version carries
        the whole table, so a viewer loses nothing; a table taking a hundred
        bets a second no longer sends each Daphne a hundred snapshots, which
        its one channel-layer inbox takes in one by one, ahead of the
        replies of every other table it serves."""
        highlights.after_step(self.runtime.table, step)  # a big win in the chat and the lobby
        for player, text in step.removed.items():
            await self._remove(player, text)
        if self.unsent is not None:
            step = Step(
                step.version,
                step.snapshot,
                {**self.unsent.balances, **step.balances},
                self.unsent.seats_changed or step.seats_changed,
                self.unsent.lines + step.lines,
                table_event=self.unsent.table_event or step.table_event,
            )
        self.unsent = step
        if self.broadcaster is None or self.broadcaster.done():
            self.broadcaster = asyncio.create_task(self._broadcast())

    async def _remove(self, player, text):
        """Close the sockets at this table of a player the host removed
        (each of the player's connections is in their group, at any table)."""
        message = {"type": "table.removed", "table_id": self.table_id, "text": text}
        try:
            await self.layer.group_send(player_group(player), message)
        except Exception:
            redis_outage.report(log, "table %s: a removal could not be sent", self.table_id)

    async def _broadcast(self):
        while self.unsent is not None:
            if not self.pace.take():
                # Steps committed meanwhile join the one waiting (_publish).
                await asyncio.sleep(self.pace.seconds_to_next())
                continue
            step, self.unsent = self.unsent, None
            table = self.runtime.table
            table.config = {**(table.config or {}), **self.runtime.config.to_json()}
            try:
                await self.layer.group_send(table_group(self.table_id), update_message(table, step))
            except Exception:
                # Lost with Redis: every version carries the whole table, so
                # the next one heals the viewers.
                redis_outage.report(log, "table %s: an update could not be sent", self.table_id)
                continue
            if step.balances:
                self.balances_due.update(step.balances)
                if self.balance_pusher is None or self.balance_pusher.done():
                    self.balance_pusher = asyncio.create_task(self._push_balances())
            if (step.seats_changed or step.table_event) and table.is_listed:
                # A test or private table is not even named to the lobby's viewers.
                try:
                    await self.layer.group_send(LOBBY_GROUP, lobby_table_message(self.table_id))
                except Exception:
                    redis_outage.report(log, "table %s: the lobby's update could not be sent", self.table_id)

    async def _push_balances(self):
        """Tell each player's other windows (the lobby, other tables) their
        new balance: at once, then at most once a BALANCE_PUSH_SECONDS with
        the newest. This table's own viewers have it in the update, so the
        push leaves out the player's sockets here (and costs one round trip
        to Redis when they have no other window open); one push
        per bet and socket put a busy table's every bet several times
        through each Daphne's one channel-layer inbox, ahead of the replies
        of every other table it serves."""
        while self.balances_due:
            due, self.balances_due = self.balances_due, {}
            for player, cents in due.items():
                try:
                    await self.layer.group_send(
                        player_group(player),
                        {
                            "type": "player.balance",
                            "balance": cents,
                            "table_id": self.table_id,
                            "test": self.runtime.table.is_test,
                        },
                        # Not to their sockets here: the update carried it.
                        unless_in=player_at_table_group(player, self.table_id),
                    )
                except Exception:
                    redis_outage.report(log, "table %s: a balance could not be pushed", self.table_id)
            await asyncio.sleep(BALANCE_PUSH_SECONDS)

    async def _broadcast_current(self):
        step = Step(self.runtime.version, self.runtime.snapshot, {}, True, [], table_event=True)
        await self._publish(step)


class TableWorker:
    """Claims open tables and runs their owners until stopped."""

    def __init__(self, worker_id=None, scan_seconds=2.0, table_ids=None):
        self.process = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:6]}"
        self.worker_id = worker_id or worker_identity() or self.process
        if "#" in self.worker_id:
            raise ValueError(f"worker id {self.worker_id!r}: '#' separates it from the process in a lease")
        # What its leases hold: a restart of the same worker is another process.
        self.holder = f"{self.worker_id}#{self.process}"
        self.scan_seconds = scan_seconds
        self.table_ids = table_ids
        self.owners = {}
        # None until this process speaks for worker_id, then True; False
        # for good once another live process took it (two workers were
        # given one identity: this one stands aside).
        self.speaking = None
        self.waiting_for = None  # the process it waits on, once said in the log

    async def run(self, stop=None):
        stop = stop or asyncio.Event()
        redis = get_redis()
        log.info("table worker %s starting (process %s)", self.worker_id, self.process)
        _live_processes.add(self.process)
        # Every worker runs a meter ticker; its lease lets one push at a time.
        identity = (self.worker_id, identity_key(self.worker_id), self.process)
        ticker = asyncio.create_task(MeterTicker(self.holder, identity=identity).run())
        try:
            while not stop.is_set():
                try:
                    if await self._hold_identity(redis):
                        await self._scan(redis)
                except Exception as exc:
                    # Redis away: the owners go on with their tables (every
                    # write checks the snapshot's version) and the next scan
                    # renews the leases once it answers.
                    if not redis_outage.failed(exc):
                        raise
                else:
                    redis_outage.answered()
                try:
                    await asyncio.wait_for(stop.wait(), self.scan_seconds)
                except TimeoutError:
                    pass
        finally:
            ticker.cancel()
            await asyncio.gather(ticker, return_exceptions=True)
            # Together: each owner finishes its read and puts back what it holds.
            await asyncio.gather(*(self._drop(redis, table_id) for table_id in list(self.owners)))
            if self.speaking:
                await redis.zrem(key(WORKERS_KEY), self.worker_id)
                await redis.hdel(key(LOADS_KEY), self.worker_id)
                await leases.release(redis, identity_key(self.worker_id), self.process)
            _live_processes.discard(self.process)

    async def _hold_identity(self, redis):
        """Whether this process speaks for worker_id now: it holds the
        identity's lease (renewed at every scan, like a table's), taken
        free, or from a process of this host that is gone (the one this
        one replaces). While another live process holds it, this one
        claims nothing: their two scans would take each other's tables."""
        name = identity_key(self.worker_id)
        if self.speaking is False:
            return False
        if self.speaking:
            if await leases.renew(redis, name, self.process, LEASE_MS):
                return True
            holder = await redis.get(name)
            if holder is not None:
                log.error(
                    "worker %s: process %s took this worker's identity while it ran: two workers were "
                    "given one identity (TABLE_WORKER_ID); this one (%s) stops running tables",
                    self.worker_id,
                    holder,
                    self.process,
                )
                self.speaking = False
                await asyncio.gather(*(self._drop(redis, table_id) for table_id in list(self.owners)))
                return False
            # It ran out while this process stalled, and nobody took it.
        if await leases.take(redis, name, self.process, LEASE_MS):
            self.speaking = True
            return True
        holder = await redis.get(name)
        if holder is not None and _process_gone(holder):
            if await leases.replace(redis, name, holder, self.process, LEASE_MS):
                log.info(
                    "worker %s: process %s is gone; this one takes back its tables", self.worker_id, holder
                )
                self.speaking = True
                return True
        if holder is not None and holder != self.waiting_for:
            log.warning(
                "worker %s waits: process %s speaks for it (another worker given the same identity, or "
                "one on another machine whose hold runs out within TABLE_LEASE_MS)",
                self.worker_id,
                holder,
            )
            self.waiting_for = holder
        return False

    async def _beat(self, redis, tables):
        """Say this worker is alive and what it holds; the fair share of now."""
        now = time.time()
        workers, loads = key(WORKERS_KEY), key(LOADS_KEY)
        await redis.zadd(workers, {self.worker_id: now})
        await redis.hset(loads, self.worker_id, len(self.owners))
        dead = await redis.zrangebyscore(workers, "-inf", now - LEASE_MS / 1000)
        if dead:
            await redis.zrem(workers, *dead)
            await redis.hdel(loads, *dead)
        live = await redis.zrange(workers, 0, -1)
        counts = await redis.hmget(loads, live) if live else []
        return FairShare(tables, {w: int(c or 0) for w, c in zip(live, counts, strict=True)}, self.worker_id)

    async def _scan(self, redis):
        wanted = await worker_database(self._open_tables)()
        await self._close_idle(wanted)
        share = await self._beat(redis, len(wanted))
        running = [
            table_id for table_id in wanted if table_id in self.owners and not self.owners[table_id].done()
        ]
        renewed = await leases.renew_all(
            redis, [lease_key(table_id) for table_id in running], self.holder, LEASE_MS
        )
        for table_id in running:
            if lease_key(table_id) not in renewed:
                log.warning("worker %s lost table %s", self.worker_id, table_id)
                await self._drop(redis, table_id)
        for table_id in wanted:
            task = self.owners.get(table_id)
            if task is not None and task.done():
                if not task.cancelled() and task.exception() and not redis_outage.failed(task.exception()):
                    log.error("owner of table %s failed", table_id, exc_info=task.exception())
                await self._drop(redis, table_id)
                task = None
            if task is None and share.may_claim(len(self.owners)):
                taken = await leases.take_or_adopt(
                    redis,
                    lease_key(table_id),
                    self.holder,
                    LEASE_MS,
                    self.worker_id,
                    identity_key(self.worker_id),
                    self.process,
                )
                if taken:
                    how = "owns" if taken == 1 else "takes back from its previous process"
                    log.info("worker %s %s table %s", self.worker_id, how, table_id)
                    # Its persisted state first, however the lease was taken (TableOwner.run).
                    self.owners[table_id] = asyncio.create_task(TableOwner(table_id).run())
        for table_id in set(self.owners) - set(wanted):
            await self._drop(redis, table_id)
        if self.owners and share.should_release(len(self.owners)):
            # One a scan, so the others see the room before more goes.
            table_id = max(self.owners)
            log.info("worker %s lets table %s go to share the tables", self.worker_id, table_id)
            await self._drop(redis, table_id)
        # What it holds now, not at the scan's start: the others would still
        # see a starving worker that has just claimed, and let more go.
        await redis.hset(key(LOADS_KEY), self.worker_id, len(self.owners))

    async def _close_idle(self, wanted):
        """Ask the owners here of private tables idle too long to close them
        (issue 19): each does between rounds and tells its viewers; the next
        scan finds them closed and stops them."""
        idle = await worker_database(private.idle_tables)()
        layer = get_channel_layer()
        for table_id in idle:
            if table_id in self.owners and table_id in wanted:
                await layer.send(table_channel(table_id), {"type": IDLE})

    def _open_tables(self):
        tables = Table.objects.filter(is_open=True)
        if self.table_ids is not None:
            tables = tables.filter(pk__in=self.table_ids)
        return list(tables.values_list("pk", flat=True))

    async def _drop(self, redis, table_id):
        task = self.owners.pop(table_id, None)
        if task is not None:
            task.cancel()
            try:
                await task
            except (asyncio.CancelledError, StaleOwner):
                pass
            except Exception:
                redis_outage.report(log, "owner of table %s failed", table_id, level=logging.ERROR)
        await leases.release(redis, lease_key(table_id), self.holder)
