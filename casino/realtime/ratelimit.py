"""Flood limits on the table websockets.

Per connection, a token bucket in memory. Across connections, in Redis so
every Daphne process counts the same: how many sockets one session and one
address hold open, and how many messages a session sends through all its
sockets together (``limits``' moving window, its Lua scripts in the same
Redis as the channel layer).
"""

import asyncio
import logging
import os
import socket
import time
import uuid

from django.conf import settings
from limits import RateLimitItemPerSecond
from limits.aio.storage import RedisStorage
from limits.aio.strategies import MovingWindowRateLimiter

from casino import client_address, redis_outage
from casino.realtime.presence import STALE_SECONDS
from casino.redis_client import get_redis, key


class TokenBucket:
    """``rate`` messages a second on average, bursts of up to ``burst``."""

    def __init__(self, rate, burst, clock=time.monotonic):
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = float(burst)
        self.stamp = clock()

    def take(self):
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def seconds_to_next(self):
        """How long until ``take`` can succeed (0 if it can now)."""
        tokens = min(self.burst, self.tokens + (self.clock() - self.stamp) * self.rate)
        return max(0.0, (1 - tokens) / self.rate)


# -- open sockets per session and per address ------------------------------
# A sorted set per session and per address: one member per connection,
# "<process>|<channel name>", scored by when it last said it was alive (the
# presence heartbeat). A Daphne that dies never closes its sockets, so each
# process also keeps a liveness key of its own, renewed every
# ALIVE_RENEW_SECONDS and gone ALIVE_SECONDS after its last renewal: a count
# that reaches its limit first drops the members of processes whose key is
# gone. Any number of Daphnes (behind a load balancer, on several machines)
# count together, and the sockets of one that was killed stop counting
# within seconds, wherever its replacement starts. STALE_SECONDS still
# drops what a live process failed to take out.

ALIVE_SECONDS = 5
ALIVE_RENEW_SECONDS = 1
# This process, for as long as it runs (a restarted Daphne is another one).
PROCESS = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"

log = logging.getLogger(__name__)
_heartbeats = {}  # event loop -> the task renewing PROCESS's liveness key on it


def _alive_key(process):
    return key("ws-process", process)


def _member(channel_name):
    return f"{PROCESS}|{channel_name}"


async def _say_alive(redis):
    await redis.set(_alive_key(PROCESS), "1", ex=ALIVE_SECONDS)


async def _heartbeat():
    redis = get_redis()
    while True:
        try:
            await _say_alive(redis)
        except Exception:
            # Redis away: the sockets cannot be counted either; that is the
            # outage's one warning (redis_outage), not a line every second.
            redis_outage.report(log, "this process could not say it is alive in Redis; retrying")
        else:
            redis_outage.answered()
        await asyncio.sleep(ALIVE_RENEW_SECONDS)


def _keep_alive():
    """Renew this process's liveness key from now on, on this event loop."""
    loop = asyncio.get_running_loop()
    task = _heartbeats.get(loop)
    if task is None or task.done():
        for other in [other for other in _heartbeats if other.is_closed()]:
            del _heartbeats[other]
        _heartbeats[loop] = asyncio.create_task(_heartbeat())


async def _count_live(redis, name):
    """How many members of ``name`` belong to live processes, after taking
    out those of processes whose liveness key is gone."""
    members = await redis.zrange(name, 0, -1)
    processes = sorted({member.partition("|")[0] for member in members})
    alive = dict(zip(processes, await redis.mget([_alive_key(p) for p in processes]), strict=True))
    dead = [member for member in members if alive[member.partition("|")[0]] is None]
    if dead:
        await redis.zrem(name, *dead)
    return len(members) - len(dead)


def _holders(scope):
    """(Redis key, limit) of each count this connection is part of."""
    holders = []
    session = scope.get("session")
    if session is not None and session.session_key:
        holders.append((key("ws-session", session.session_key), settings.WS_MAX_PER_SESSION))
    address = client_address.of_scope(scope)
    if address:
        holders.append((key("ws-address", address), settings.WS_MAX_PER_ADDRESS))
    return holders


async def open_connection(scope, channel_name):
    """Count this connection in; False (and not counted) if its session or
    its address already holds as many as allowed."""
    redis, now = get_redis(), time.time()
    _keep_alive()
    # Before the first count: no process ever judges this one dead.
    await _say_alive(redis)
    member = _member(channel_name)
    counted = []
    for name, limit in _holders(scope):
        async with redis.pipeline(transaction=False) as pipe:
            pipe.zremrangebyscore(name, "-inf", now - STALE_SECONDS)
            pipe.zadd(name, {member: now})
            pipe.expire(name, STALE_SECONDS)
            pipe.zcard(name)
            count = (await pipe.execute())[-1]
        counted.append(name)
        # The dead are looked for only at the limit: most opens are below it.
        if count > limit and await _count_live(redis, name) > limit:
            await close_connection(scope, channel_name, counted)
            return False
    return True


async def refresh_connection(scope, channel_name):
    redis, now = get_redis(), time.time()
    for name, _ in _holders(scope):
        await redis.zadd(name, {_member(channel_name): now})
        await redis.expire(name, STALE_SECONDS)


async def close_connection(scope, channel_name, names=None):
    redis = get_redis()
    for name in names if names is not None else [name for name, _ in _holders(scope)]:
        await redis.zrem(name, _member(channel_name))


# -- messages per session, across its sockets ------------------------------

_limiters = {}


def _limiter():
    """One per event loop, on that loop's Redis connection pool."""
    loop = asyncio.get_running_loop()
    limiter = _limiters.get(loop)
    if limiter is None:
        for other in [other for other in _limiters if other.is_closed()]:
            del _limiters[other]
        storage = RedisStorage(
            "async+" + settings.REDIS_URL,
            implementation="redispy",
            key_prefix=key("ws-rate"),
            connection_pool=get_redis().connection_pool,
        )
        limiter = _limiters[loop] = MovingWindowRateLimiter(storage)
    return limiter


def session_rate():
    """WS_SESSION_RATE_BURST messages in any window of burst/rate seconds."""
    burst = settings.WS_SESSION_RATE_BURST
    window = max(1, round(burst / settings.WS_SESSION_RATE_PER_SECOND))
    return RateLimitItemPerSecond(burst, window)


async def session_may_send(session_key):
    return await _limiter().hit(session_rate(), session_key)
