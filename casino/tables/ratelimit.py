"""Flood limits on the table websockets.

Per connection, a token bucket in memory. Across connections, in Redis so
every Daphne process counts the same: how many sockets one session and one
address hold open, and how many messages a session sends through all its
sockets together (``limits``' moving window, its Lua scripts in the same
Redis as the channel layer).
"""

import asyncio
import time

from django.conf import settings
from limits import RateLimitItemPerSecond
from limits.aio.storage import RedisStorage
from limits.aio.strategies import MovingWindowRateLimiter

from casino import client_address
from casino.redis_client import get_redis, key
from casino.tables.presence import STALE_SECONDS


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
# scored by when it last said it was alive (the presence heartbeat), so the
# sockets of a Daphne that died stop counting by themselves.


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
    counted = []
    for name, limit in _holders(scope):
        await redis.zremrangebyscore(name, "-inf", now - STALE_SECONDS)
        await redis.zadd(name, {channel_name: now})
        await redis.expire(name, STALE_SECONDS)
        counted.append(name)
        if await redis.zcard(name) > limit:
            await close_connection(scope, channel_name, counted)
            return False
    return True


async def refresh_connection(scope, channel_name):
    redis, now = get_redis(), time.time()
    for name, _ in _holders(scope):
        await redis.zadd(name, {channel_name: now})
        await redis.expire(name, STALE_SECONDS)


async def close_connection(scope, channel_name, names=None):
    redis = get_redis()
    for name in names if names is not None else [name for name, _ in _holders(scope)]:
        await redis.zrem(name, channel_name)


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
