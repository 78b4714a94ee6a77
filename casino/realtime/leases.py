"""Leases in Redis: who runs a table (casino/tables/owner.py) or the
meter ticker (casino/progressives/ticker.py).

A lease is a key holding its holder's id that expires unless renewed
(SET NX PX to take it). Renewing and releasing check the holder first, in
one script, so a worker whose lease ran out and was taken by another never
extends or deletes the other's.

A restarted worker can take back the leases its dead process held
(``take_or_adopt``): a holder is "<identity>#<process>", and a process
that holds its identity's own lease (the table worker) may take any lease held
under that identity by another process, at once instead of after it runs
out.
"""

import os

# How long a lease lasts without renewal: a table's owner, a worker's
# identity, the meter ticker.
LEASE_MS = int(os.environ.get("TABLE_LEASE_MS", "10000"))

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

# KEYS: the lease, the identity's lease. ARGV: holder, "<identity>#", ms,
# the process's hold on its identity. 1: taken free, 2: taken back, 0: not.
_TAKE_OR_ADOPT = """
if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[3]) then
  return 1
end
if redis.call('get', KEYS[2]) ~= ARGV[4] then
  return 0
end
local held = redis.call('get', KEYS[1])
if held and string.sub(held, 1, string.len(ARGV[2])) == ARGV[2] then
  redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[3])
  return 2
end
return 0
"""
_REPLACE = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('set', KEYS[1], ARGV[2], 'PX', ARGV[3]) and 1 or 0
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


async def take_or_adopt(redis, name, holder, ms, identity, identity_name, identity_holder):
    """Take the lease ``name`` for ``holder`` ("<identity>#<process>"): if
    it is free (1), or (2) if another process of ``identity`` holds it and
    this one holds ``identity_name`` as ``identity_holder``, which makes
    that other process a dead one (owner.py). 0: not taken."""
    prefix = f"{identity}#"
    if not holder.startswith(prefix):
        raise ValueError(f"holder {holder!r} does not start with {prefix!r}")
    keys = [name, identity_name]
    return int(await _run(redis, _TAKE_OR_ADOPT, keys, [holder, prefix, ms, identity_holder]))


async def replace(redis, name, old, new, ms):
    """Whether ``name``, held by ``old``, is now held by ``new`` for ``ms``."""
    return bool(await _run(redis, _REPLACE, [name], [old, new, ms]))


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
