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

Here one pump task per event loop pops the inbox (up to PUMP_BATCH messages
a round trip, no backup queue: _pop_inbox says why) and files each message in its
channel's queue; a consumer's ``receive`` only waits on its queue, so
cancelling it cancels nothing that talks to Redis. Messages for a channel no
consumer waits on any more are kept as long as the layer's ``expiry`` (what
Redis itself would have kept them), then dropped.

Channels without ``!`` are read as channels-redis reads them, except by
``receive_many`` (a table's inbox, read by its owner: several messages a
round trip, and ``put_back`` for what it took and did not handle).

``send`` does what channels-redis' does in one round trip instead of four
(expire old messages, count, add, set the key's expiry: one script), so an
action reaches its table's owner, and a refusal its sender, sooner.
``group_send`` (with ``unless_in``: leaving out another group's members)
does what channels-redis' does in two round trips instead of
four: one script drops the group's expired members and reads the rest, one
script per Redis host drops each inbox's expired messages, checks its
capacity and adds the message (channels-redis sends the ZREMRANGEBYSCORE and
ZRANGE apart, then a MULTI/EXEC pipeline, then the whole script's text with
EVAL every time). An owner broadcasts every version of its table this way,
and redis-py's socket writes were a fifth of a busy worker's CPU samples.
"""

import asyncio
import functools
import logging
import time
import weakref

from channels.exceptions import ChannelFull
from channels_redis.core import RedisChannelLayer

from casino import redis_outage

log = logging.getLogger(__name__)

RETRY_SECONDS = 0.5
# Messages the pump takes from its inbox in one round trip when some wait.
PUMP_BATCH = 16

# KEYS[1] the channel's key; ARGV the message, the oldest message kept, the
# capacity, now and the key's expiry. Returns 0 when the channel is full.
_SEND = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], 0, ARGV[2])
if redis.call('ZCOUNT', KEYS[1], '-inf', '+inf') >= tonumber(ARGV[3]) then
  return 0
end
redis.call('ZADD', KEYS[1], ARGV[4], ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[5])
return 1
"""
# KEYS[1] the group, KEYS[2] (optional) a group whose members are left
# out; ARGV[1] the oldest membership kept (epoch seconds).
_GROUP_MEMBERS = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], 0, ARGV[1])
local members = redis.call('ZRANGE', KEYS[1], 0, -1)
if not KEYS[2] then
  return members
end
local out = {}
for _, member in ipairs(members) do
  if not redis.call('ZSCORE', KEYS[2], member) then
    out[#out + 1] = member
  end
end
return out
"""
# KEYS the inboxes; ARGV their messages, their capacities, then the oldest
# message kept, now, and the inboxes' expiry (channels-redis' group_send_lua,
# with its pipeline's expiry of old messages folded in).
_GROUP_DELIVER = """
local count = #KEYS
local oldest, now, expiry = ARGV[2 * count + 1], ARGV[2 * count + 2], ARGV[2 * count + 3]
local over_capacity = 0
for i = 1, count do
  redis.call('ZREMRANGEBYSCORE', KEYS[i], 0, oldest)
  if redis.call('ZCOUNT', KEYS[i], '-inf', '+inf') < tonumber(ARGV[i + count]) then
    redis.call('ZADD', KEYS[i], now, ARGV[i])
    redis.call('EXPIRE', KEYS[i], expiry)
  else
    over_capacity = over_capacity + 1
  end
end
return over_capacity
"""


class _Inbox:
    __slots__ = ("queue", "waiting", "touched")

    def __init__(self):
        self.queue = asyncio.Queue()
        self.waiting = 0
        self.touched = time.monotonic()


async def pop_oldest(connection, key, count, timeout):
    """[(member, score), ...]: up to ``count`` of the sorted set's oldest
    members in one round trip (ZPOPMIN), or when none waits, the next to
    come within ``timeout`` seconds (BZPOPMIN); [] when nothing came. The
    one way both of this layer's batched readers take from Redis."""
    popped = await connection.zpopmin(key, count)
    redis_outage.answered()
    if popped:
        return popped
    got = await connection.bzpopmin(key, timeout=timeout)
    return [got[1:]] if got else []


class PumpedRedisChannelLayer(RedisChannelLayer):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Per event loop (tests run several): the pump task and the inboxes
        # it fills, by channel name.
        self._pumps = weakref.WeakKeyDictionary()
        self._inboxes = weakref.WeakKeyDictionary()
        self._scripts = {}

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
                popped = await self._pop_inbox(real_channel)
            except asyncio.CancelledError:
                raise
            except Exception:
                # Redis went away: keep reading; the pool reconnects.
                redis_outage.report(log, "channel layer: reading this process's inbox failed; retrying")
                await asyncio.sleep(RETRY_SECONDS)
                continue
            for destination, message in popped:
                for channel in destination if isinstance(destination, list) else [destination]:
                    inbox = inboxes.get(channel)
                    if inbox is None:
                        inbox = inboxes[channel] = _Inbox()
                    inbox.queue.put_nowait(message)
            now = time.monotonic()
            if now - swept > self.expiry:
                swept = now
                self._sweep(inboxes, now)

    async def _pop_inbox(self, real_channel):
        """[(destination, message), ...]: up to PUMP_BATCH of the process
        inbox's oldest messages in one round trip (ZPOPMIN), or when none
        waits, the next to come (BZPOPMIN).

        channels-redis' receive_single pays four, one after the other: the
        whole text of a clean-up script by EVAL, BZPOPMIN, a ZADD of the
        message into a backup queue, and the backup's ZPOPMIN once it is
        handled, so that a receive cancelled in between loses nothing. The
        pump is not cancelled while its process runs, and a process inbox
        has no reader but its own process: when the process stops, what it
        had popped has nobody left to go to. At 1,000 players those four
        round trips were what a Daphne's every update, reply and push
        waited on, and one message a round trip held its inbox to what the
        loop let the pump read between two renders: at 1,000 players
        commit->client went from 4.8 s to 0.4-0.6 s at the median."""
        connection = self.connection(self.consistent_hash(real_channel))
        key = self.prefix + real_channel
        while not (popped := await pop_oldest(connection, key, PUMP_BATCH, self.brpop_timeout)):
            pass
        out = []
        for member, _ in popped:
            message = self.deserialize(member)
            out.append((message.pop("__asgi_channel__", real_channel), message))
        return out

    async def receive_many(self, channel, count, timeout):
        """For a channel that one task reads and nobody cancels mid-call (a
        table's owner, which stops its reader by a flag): up to ``count`` of
        its oldest messages in one round trip, or when none waits, the next
        within ``timeout`` seconds. Returns [(message, kept), ...] ([] when
        nothing came); ``kept`` handed to put_back returns a message not
        handled yet to the channel, in its place.

        channels-redis' receive pays four round trips a message (a clean-up
        EVAL, BZPOPMIN, a backup ZADD, its ZPOPMIN) so that a receive
        cancelled mid-call loses nothing; a reader that is never cancelled
        there needs none of it, and what it took and did not handle it puts
        back itself (owner.py, on stopping)."""
        assert "!" not in channel, "a process's channels are read by its pump"
        index = next(self._receive_index_generator)
        connection = self.connection(index)
        key = self.prefix + channel
        popped = await pop_oldest(connection, key, count, timeout)
        return [(self.deserialize(raw), (index, raw, score)) for raw, score in popped]

    async def put_back(self, channel, kept):
        """Messages taken by receive_many and not handled, back into the
        channel with their first scores, so they come before anything sent
        since, as they would have."""
        by_index = {}
        for index, raw, score in kept:
            by_index.setdefault(index, {})[raw] = score
        key = self.prefix + channel
        for index, members in by_index.items():
            connection = self.connection(index)
            await connection.zadd(key, members)
            await connection.expire(key, int(self.expiry))

    def _sweep(self, inboxes, now):
        """Forget the channels nobody has received from for ``expiry``
        seconds (their consumers have gone), with what waits for them."""
        for channel, inbox in list(inboxes.items()):
            if not inbox.waiting and now - inbox.touched > self.expiry:
                del inboxes[channel]

    async def send(self, channel, message):
        assert isinstance(message, dict), "message is not a dict"
        assert self.require_valid_channel_name(channel), "Channel name not valid"
        assert "__asgi_channel__" not in message
        non_local = channel
        if "!" in channel:
            message = {**message, "__asgi_channel__": channel}
            non_local = self.non_local_name(channel)
            index = self.consistent_hash(channel)
        else:
            index = next(self._send_index_generator)
        connection = self.connection(index)
        now = time.time()
        sent = await self._script(connection, _SEND)(
            keys=[self.prefix + non_local],
            args=[
                self.serialize(message),
                int(now) - int(self.expiry),
                self.get_capacity(channel),
                now,
                int(self.expiry),
            ],
        )
        if not sent:
            raise ChannelFull()

    async def group_send(self, group, message, unless_in=None):
        """``unless_in``: a group whose members are not sent the message (a
        table's balance push skips the player's sockets at that table). With
        several Redis hosts it is honoured when both groups live on one."""
        assert self.require_valid_group_name(group), "Group name not valid"
        index = self.consistent_hash(group)
        keys = [self._group_key(group)]
        if unless_in is not None:
            assert self.require_valid_group_name(unless_in), "Group name not valid"
            if self.consistent_hash(unless_in) == index:
                keys.append(self._group_key(unless_in))
        connection = self.connection(index)
        members = await self._script(connection, _GROUP_MEMBERS)(
            keys=keys, args=[int(time.time()) - self.group_expiry]
        )
        if not members:
            return
        channel_names = [member.decode("utf8") for member in members]
        by_connection, messages, capacities = self._map_channel_keys_to_connection(channel_names, message)
        for index, keys in by_connection.items():
            now = time.time()
            args = [messages[key] for key in keys] + [capacities[key] for key in keys]
            args += [int(now) - int(self.expiry), now, self.expiry]
            over_capacity = await self._script(self.connection(index), _GROUP_DELIVER)(keys=keys, args=args)
            if over_capacity > 0:
                log.info(
                    "%s of %s channels over capacity in group %s", over_capacity, len(channel_names), group
                )

    def _script(self, connection, text):
        # A Script runs by EVALSHA and loads itself again if Redis forgot it
        # (a restart); the one registered works through any connection.
        script = self._scripts.get(text)
        if script is None:
            script = self._scripts[text] = connection.register_script(text)
        return functools.partial(script, client=connection)

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
