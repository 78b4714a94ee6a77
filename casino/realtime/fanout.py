"""One subscriber per table in each Daphne process, fanning its owner's
broadcasts out to the process's own viewers of that table.

Before, every viewer's connection was a member of the table's group, so the
channel layer delivered one copy of each update per viewer: a table with
twenty sockets on one Daphne put twenty copies of every snapshot through
that process's single channel-layer inbox, and the replies and updates of
every other table it served waited behind them (a flood at one table took
another table's replies from 15 ms to seconds). Now the process receives one
copy per update and table, and hands it to its viewers in memory.

Each viewer keeps only the newest update it has not shown yet and renders it
in its own task, so a viewer that falls behind skips the versions it has no
time for (the next one carries the whole table) instead of queueing them,
and a busy table yields the event loop between its viewers' renders.

Channels' groups stay the mechanism between processes: the subscriber is an
ordinary member of the table's group on the process's channel layer.

The table's chat (casino/chat) travels the same way: a ``chat.message``
event in the table's group, handed to the viewers with the updates.
"""

import asyncio
import logging

from casino import redis_outage
from casino.realtime.groups import table_group

log = logging.getLogger(__name__)

RETRY_SECONDS = 0.5
# channels-redis forgets a group member after its group_expiry (a day by
# default): a subscriber that lives as long as its viewers renews it.
RENEW_SECONDS = 600

_subscribers = {}  # (event loop, channel layer, table id) -> TableSubscriber


class TableSubscriber:
    def __init__(self, layer, table_id):
        self.layer = layer
        self.table_id = table_id
        self.viewers = set()
        self.channel = None
        self.task = None
        self.joined = asyncio.Event()
        self.failed = False

    async def start(self):
        self.channel = await self.layer.new_channel()
        await self.layer.group_add(table_group(self.table_id), self.channel)
        self.joined.set()
        self.task = asyncio.create_task(self._run())

    async def _run(self):
        renewed = asyncio.get_running_loop().time()
        while True:
            try:
                message = await self.layer.receive(self.channel)
            except asyncio.CancelledError:
                raise
            except Exception:
                # Redis went away: keep trying, and join the group again,
                # since a restarted Redis may not remember the membership.
                redis_outage.report(log, "table %s: receiving updates failed; retrying", self.table_id)
                await asyncio.sleep(RETRY_SECONDS)
                await self._rejoin()
                continue
            for viewer in list(self.viewers):
                viewer.deliver(message)
            now = asyncio.get_running_loop().time()
            if now - renewed > RENEW_SECONDS:
                renewed = now
                await self._rejoin()

    async def _rejoin(self):
        try:
            await self.layer.group_add(table_group(self.table_id), self.channel)
        except Exception:
            redis_outage.report(log, "table %s: joining its group failed", self.table_id)

    async def stop(self):
        if self.task is not None:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)
        if self.channel is not None:
            await self.layer.group_discard(table_group(self.table_id), self.channel)


async def subscribe(layer, table_id, viewer):
    """From now on ``viewer.deliver(message)`` gets every update of the
    table that its owner broadcasts (returns once that is so)."""
    key = (asyncio.get_running_loop(), layer, table_id)
    subscriber = _subscribers.get(key)
    if subscriber is None:
        subscriber = _subscribers[key] = TableSubscriber(layer, table_id)
        subscriber.viewers.add(viewer)
        try:
            await subscriber.start()
        except BaseException:
            if _subscribers.get(key) is subscriber:
                del _subscribers[key]
            subscriber.failed = True
            subscriber.joined.set()
            await subscriber.stop()
            raise
        return
    subscriber.viewers.add(viewer)
    # A viewer arriving while the first one's subscription is being made.
    await subscriber.joined.wait()
    if subscriber.failed:
        raise ConnectionError(f"table {table_id}: subscribing to its updates failed")


async def unsubscribe(layer, table_id, viewer):
    key = (asyncio.get_running_loop(), layer, table_id)
    subscriber = _subscribers.get(key)
    if subscriber is None:
        return
    subscriber.viewers.discard(viewer)
    if not subscriber.viewers:
        del _subscribers[key]
        await subscriber.stop()


def viewers_of(layer, table_id):
    """This process's viewers of the table (for tests and the bench)."""
    subscriber = _subscribers.get((asyncio.get_running_loop(), layer, table_id))
    return set(subscriber.viewers) if subscriber else set()
