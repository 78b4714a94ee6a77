"""channels-redis' RedisChannelLayer, with each process's inbox read by one
task that is never cancelled.

Every consumer of a process has a channel on the process's one Redis inbox
(``specific.<process>!``). channels-redis lets whichever consumer's
``receive`` holds a lock pop that inbox for all of them (BZPOPMIN), and a
consumer is cancelled mid-``receive`` when its socket closes. redis-py closes
a connection whose reply it was cancelled waiting for, so a message Redis had
already popped for another consumer was lost: under a flood, as the flooding
sockets closed, a reply for another table's player never arrived
(django/channels_redis#366 describes the same loss; the 4.3.0 code still
pops in the cancelled task).

Here one pump task per event loop pops the inbox and files each message in
its channel's queue; a consumer's ``receive`` only waits on its queue, so
cancelling it cancels nothing that talks to Redis. Messages for a channel no
consumer waits on any more are kept as long as the layer's ``expiry`` (what
Redis itself would have kept them), then dropped.

Channels without ``!`` (a table's inbox, read by its owner, which is not
cancelled while the table runs) are read as channels-redis reads them.
"""

import asyncio
import logging
import time
import weakref

from channels_redis.core import RedisChannelLayer

log = logging.getLogger(__name__)

RETRY_SECONDS = 0.5


class _Inbox:
    __slots__ = ("queue", "waiting", "touched")

    def __init__(self):
        self.queue = asyncio.Queue()
        self.waiting = 0
        self.touched = time.monotonic()


class PumpedRedisChannelLayer(RedisChannelLayer):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Per event loop (tests run several): the pump task and the inboxes
        # it fills, by channel name.
        self._pumps = weakref.WeakKeyDictionary()
        self._inboxes = weakref.WeakKeyDictionary()

    async def receive(self, channel):
        if "!" not in channel:
            return await super().receive(channel)
        assert self.require_valid_channel_name(channel)
        real_channel = self.non_local_name(channel)
        assert real_channel.endswith(self.client_prefix + "!"), "Wrong client prefix"
        loop = asyncio.get_running_loop()
        inboxes = self._inboxes.setdefault(loop, {})
        pump = self._pumps.get(loop)
        if pump is None or pump.done():
            self._pumps[loop] = loop.create_task(self._pump(real_channel, inboxes))
        inbox = inboxes.get(channel)
        if inbox is None:
            inbox = inboxes[channel] = _Inbox()
        inbox.waiting += 1
        try:
            # Cancelling this (a consumer leaving) touches nothing in Redis.
            return await inbox.queue.get()
        finally:
            inbox.waiting -= 1
            inbox.touched = time.monotonic()

    async def _pump(self, real_channel, inboxes):
        swept = time.monotonic()
        while True:
            try:
                destination, message = await self.receive_single(real_channel)
            except asyncio.CancelledError:
                raise
            except Exception:
                # Redis went away: keep reading; the pool reconnects.
                log.warning("channel layer: reading this process's inbox failed; retrying", exc_info=True)
                await asyncio.sleep(RETRY_SECONDS)
                continue
            for channel in destination if isinstance(destination, list) else [destination]:
                inbox = inboxes.get(channel)
                if inbox is None:
                    inbox = inboxes[channel] = _Inbox()
                inbox.queue.put_nowait(message)
            now = time.monotonic()
            if now - swept > self.expiry:
                swept = now
                self._sweep(inboxes, now)

    def _sweep(self, inboxes, now):
        """Forget the channels nobody has received from for ``expiry``
        seconds (their consumers have gone), with what waits for them."""
        for channel, inbox in list(inboxes.items()):
            if not inbox.waiting and now - inbox.touched > self.expiry:
                del inboxes[channel]

    async def flush(self):
        await self._stop_pump()
        await super().flush()

    async def close_pools(self):
        await self._stop_pump()
        await super().close_pools()

    async def _stop_pump(self):
        loop = asyncio.get_running_loop()
        pump = self._pumps.pop(loop, None)
        self._inboxes.pop(loop, None)
        if pump is not None:
            pump.cancel()
            await asyncio.gather(pump, return_exceptions=True)
