"""One asyncio Redis client per event loop, for presence and table leases."""

import asyncio
import functools

import redis
import redis.asyncio as aioredis
from django.conf import settings

_clients = {}


def get_redis(raw=False):
    """The loop's client; ``raw=True``: one that gives bytes, not text
    (binary values such as the progressive meters' MessagePack state)."""
    loop = asyncio.get_running_loop()
    client = _clients.get((loop, raw))
    if client is None:
        for other in [key for key in _clients if key[0].is_closed()]:
            del _clients[other]
        client = _clients[loop, raw] = aioredis.from_url(settings.REDIS_URL, decode_responses=not raw)
    return client


def key(*parts):
    """Every key this project writes is under the channel prefix, so several
    casinos (or test runs) can share one Redis."""
    return ":".join([_prefix(), *map(str, parts)])


@functools.cache
def _prefix():
    # Read once: settings do not change in a running process, and a progressive
    # contribution builds several keys (bench/meters.py).
    return settings.CHANNEL_LAYERS["default"]["CONFIG"]["prefix"]


_sync_clients = {}


def get_sync_redis(raw=False):
    """A blocking client for synchronous code (views, management commands,
    table owners' database threads); ``raw=True`` as for ``get_redis``."""
    client = _sync_clients.get(raw)
    if client is None:
        client = _sync_clients[raw] = redis.Redis.from_url(settings.REDIS_URL, decode_responses=not raw)
    return client
