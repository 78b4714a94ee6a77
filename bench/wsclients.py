"""Websocket clients of the benches, connecting as a browser's page does
(the site's own origin, no compression), and the waiting they need."""

import asyncio
import time

# Daphne and the consumers' connect() (database, Redis) are the limit, not
# the client: more at once only queue there.
CONNECT_CONCURRENCY = 25


async def connect(uri, headers=None):
    from websockets.asyncio.client import connect as ws_connect

    return await ws_connect(
        uri,
        origin="http://" + uri.split("/")[2],  # the site's own origin (casino/origin.py)
        additional_headers=headers,
        compression=None,  # Daphne does not offer permessage-deflate anyway
        proxy=None,
        ping_interval=None,
        open_timeout=30,
        max_queue=1024,
    )


async def open_clients(uri, count, cls, headers=None):
    """``count`` connections to ``uri``, each wrapped as ``cls(ws)``."""
    gate = asyncio.Semaphore(CONNECT_CONCURRENCY)

    async def one():
        async with gate:
            return cls(await connect(uri, headers))

    return list(await asyncio.gather(*(one() for _ in range(count))))


async def close_clients(clients):
    await asyncio.gather(*(client.close() for client in clients))


async def sleep_until(deadline):
    """Until ``time.monotonic()`` reaches ``deadline``."""
    delay = deadline - time.monotonic()
    if delay > 0:
        await asyncio.sleep(delay)


async def wait_for(predicate, timeout, step=0.05):
    """True once ``predicate()`` holds, False after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(step)
    return True
