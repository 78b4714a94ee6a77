"""One asyncio Redis client per event loop, for presence and table leases."""

import asyncio

import redis.asyncio as aioredis
from django.conf import settings

_clients = {}


def get_redis():
    loop = asyncio.get_running_loop()
    client = _clients.get(loop)
    if client is None:
        for other in [key for key in _clients if key.is_closed()]:
            del _clients[other]
        client = _clients[loop] = aioredis.from_url(settings.REDIS_URL, decode_responses=True)
    return client


def key(*parts):
    """Every key this project writes is under the channel prefix, so several
    casinos (or test runs) can share one Redis."""
    return ":".join([settings.CHANNEL_LAYERS["default"]["CONFIG"]["prefix"], *map(str, parts)])


_sync_client = None


def get_sync_redis():
    """A blocking client for synchronous code (views, management commands)."""
    global _sync_client
    if _sync_client is None:
        import redis

        _sync_client = redis.Redis.from_url(settings.REDIS_URL, decode_responses=True)
    return _sync_client
