"""The meter ticker: keeps every meter display live (§ 605a.7(a)(1): a meter
that rises with the wagers and shows the current award).

One ticker runs across all worker processes, under a Redis lease like a
table's owner. About every ``POLL_SECONDS`` it reads every active meter from
Redis in one pipeline and, when a value, a hit count or a win light changed,
sends one "meters.update" to ``METERS_GROUP``, which the lobby and the
tables with linked meters join:

    {"type": "meters.update", "now_ms": <epoch ms>,
     "meters": [display.meter_data(...), ...],  # every active meter
     "wins": [<meter id>, ...]}                 # meters won since the last update

Every ``SNAPSHOT_SECONDS`` it also has the audit take its meter snapshots.
"""

import asyncio
import logging
import os
import socket
import time
import uuid

from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from casino import redis_outage
from casino.progressives import api, audit, display, owed
from casino.realtime import leases
from casino.realtime.groups import METERS_GROUP, player_group
from casino.realtime.leases import LEASE_MS
from casino.redis_client import get_redis, key

log = logging.getLogger(__name__)

POLL_SECONDS = 0.25
# How often the list of active meters and their tables is read again.
REFRESH_SECONDS = 2.0
SNAPSHOT_SECONDS = 60.0
# How often progressive wins owed (a meter that could not pay) are tried again.
OWED_SECONDS = 5.0


def lease_key():
    return key("meter-ticker")


class MeterTicker:
    def __init__(self, owner_id=None, layer=None, poll_seconds=POLL_SECONDS, identity=None):
        self.owner_id = owner_id or f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:6]}"
        # (identity, its key, this process): a restarted table worker's
        # ticker takes back its dead process's lease as its tables are
        # (owner.TableWorker, leases.take_or_adopt).
        self.identity = identity
        self.layer = layer or get_channel_layer()
        self.poll_seconds = poll_seconds
        self.meters = []
        self.names = {}  # table id -> name, for "won at Table 2"
        self.refresh_at = 0.0
        self.snapshot_at = time.monotonic() + SNAPSHOT_SECONDS
        self.owed_at = 0.0
        self.last = None  # (meters, lights) as last sent

    async def run(self):
        redis = get_redis()
        holding = False
        try:
            while True:
                try:
                    holding = await self._hold(redis, holding)
                    if holding:
                        await self.tick()
                except Exception:
                    redis_outage.report(
                        log, "meter ticker %s failed; trying again", self.owner_id, level=logging.ERROR
                    )
                    await asyncio.sleep(1)
                else:
                    redis_outage.answered()
                await asyncio.sleep(self.poll_seconds)
        finally:
            if holding:
                await leases.release(redis, lease_key(), self.owner_id)

    async def _hold(self, redis, holding):
        """Keep or take the lease; whether this ticker holds it."""
        if holding:
            if await leases.renew(redis, lease_key(), self.owner_id, LEASE_MS):
                return True
            log.warning("meter ticker %s lost its lease", self.owner_id)
            return False
        if self.identity is None:
            taken = await leases.take(redis, lease_key(), self.owner_id, LEASE_MS)
        else:
            taken = await leases.take_or_adopt(redis, lease_key(), self.owner_id, LEASE_MS, *self.identity)
        if taken:
            log.info("meter ticker %s runs", self.owner_id)
            # Another ticker may have pushed meanwhile: start afresh.
            self.last, self.refresh_at = None, 0.0
            self.snapshot_at = time.monotonic() + SNAPSHOT_SECONDS
            return True
        return False

    async def _pay_owed(self):
        """Pay what meters owe since they could not pay; tell the winners' tables."""
        paid = await database_sync_to_async(owed.pay_due)()
        for (player_id, test), _cents in paid.items():
            balance = await database_sync_to_async(owed.balance_after)(player_id, test)
            await self.layer.group_send(
                player_group(player_id),
                {"type": "player.balance", "balance": balance, "table_id": None, "test": test},
            )
        if paid:
            await owed.tell_tables(self.layer)

    async def tick(self):
        """Read the meters; push them if anything players see changed."""
        now = time.monotonic()
        if now >= self.snapshot_at:
            self.snapshot_at = now + SNAPSHOT_SECONDS
            await database_sync_to_async(audit.take_snapshots)()
        if now >= self.owed_at:
            self.owed_at = now + OWED_SECONDS
            await self._pay_owed()
        if now >= self.refresh_at:
            self.refresh_at = now + REFRESH_SECONDS
            # Test tables' meters too: their tables show them (the lobby leaves them out).
            self.meters = await database_sync_to_async(display.active_meters)(include_test=True)
            self.names = {}
        readings = await api.aread(self.meters)
        unknown = {
            r.last_hit_table for r in readings if r.last_hit_table and r.last_hit_table not in self.names
        }
        if unknown:
            self.names.update(await database_sync_to_async(display.table_names)(unknown))
        meters = [display.meter_data(m, r, self.names) for m, r in zip(self.meters, readings, strict=True)]
        at_ms = display.now_ms()
        # A light going out is a change too (§ 605a.7).
        lights = [display.is_lit(data, at_ms) for data in meters]
        if (meters, lights) == self.last:
            return
        hits_before = {data["meter_id"]: data["hits"] for data in self.last[0]} if self.last else {}
        wins = [m["meter_id"] for m in meters if m["hits"] > hits_before.get(m["meter_id"], m["hits"])]
        self.last = (meters, lights)
        await self.layer.group_send(
            METERS_GROUP, {"type": "meters.update", "now_ms": at_ms, "meters": meters, "wins": wins}
        )
