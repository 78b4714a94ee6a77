"""Leases in Redis: who runs a table (owner.py) or the meter ticker.

A lease is a key holding its holder's id that expires unless renewed
(SET NX PX to take it). Renewing and releasing check the holder first, in
one script, so a worker whose lease ran out and was taken by another never
extends or deletes the other's.
"""

# Every lease a worker holds, in one round trip: {1 if renewed, 0 if lost}.
_RENEW_ALL = """
local renewed = {}
for i, name in ipairs(KEYS) do
  if redis.call('get', name) == ARGV[1] then
    renewed[i] = redis.call('pexpire', name, ARGV[2])
  else
    renewed[i] = 0
  end
end
return renewed
"""
_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1])
end
return 0
"""

_scripts = {}  # script text -> its Script (EVALSHA, loaded again if Redis forgot it)


def _run(redis, text, keys, args):
    # A Script's digest is the same whichever client (one per event loop) runs it.
    script = _scripts.get(text)
    if script is None:
        script = _scripts[text] = redis.register_script(text)
    return script(keys=keys, args=args, client=redis)


async def take(redis, name, holder, ms):
    """Whether ``holder`` took the free lease ``name`` for ``ms``."""
    return bool(await redis.set(name, holder, nx=True, px=ms))


async def renew(redis, name, holder, ms):
    """Whether ``holder`` still held ``name`` (now for ``ms`` more)."""
    return name in await renew_all(redis, [name], holder, ms)


async def renew_all(redis, names, holder, ms):
    """The leases of ``names`` that ``holder`` still held (now for ``ms``
    more), renewed in one round trip: a worker holding a hundred tables
    paid a hundred round trips a scan, one after another."""
    if not names:
        return set()
    renewed = await _run(redis, _RENEW_ALL, list(names), [holder, ms])
    return {name for name, kept in zip(names, renewed, strict=True) if kept}


async def release(redis, name, holder):
    """Let ``name`` go, if ``holder`` still holds it."""
    await _run(redis, _RELEASE, [name], [holder])
