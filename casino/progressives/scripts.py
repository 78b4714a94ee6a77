"""The Lua scripts that are the only writers of a meter in Redis.

Each runs atomically in Redis, so however many tables and processes call them
at the same instant, contributions are applied one at a time and exactly one
contribution crosses each Must-Hit-By trigger. They implement the arithmetic
of ``books.Books`` (the tests compare the two). Money is integer: cents at the
edges, units of 1/10,000 cent inside the meter. Lua numbers are doubles, so
integers are exact up to 2^53 units ($9 billion); MessagePack carries them as
integers.

A meter is one MessagePack array (``FIELDS``, in that order) under
``<prefix>:meter:<id>`` — one GET and one SET a call, the cheapest state
Redis' Lua can read and write (bench/meters.py) — plus a list of Must-Hit-By
triggers drawn ahead by the server's CSPRNG ("index:units"). ``api.state()``
reads it as a dict.

Every change returns ``{status, blob}``: status "new" or "replayed", blob the
MessagePack ``[round, digest, moves]`` that is also kept under the table's
lock key (one key a table, overwritten each round);
each move is an array in the order of ``MOVE_FIELDS``, which the caller
records in the database audit.

Errors are Redis error replies whose first word is a code (``LOCKED``,
``NOT_LOADED``, ``BAD_WAGER``, ``NEED_TRIGGERS``, ``BAD_AWARD``); nothing is
changed when one is returned: every check runs before the first write.
"""

FIELDS = (
    "kind",  # must_hit_by | match_the_dealer | monster_match
    "primary_bp",
    "reserve_bp",
    "min_wager",  # cents
    "exact_wager",  # 1: the wager must equal min_wager
    "reseed",  # units
    "reseed_from_reserve",  # 1 | 0
    "cap",  # units: the Must-Hit-By maximum, 0 for none
    "meter",
    "reserve",
    "seeded",
    "contributed",
    "paid",
    "wagers",
    "amount_in",  # cents wagered
    "hits",
    "seq",  # the last move's sequence number
    "trigger",  # units, -1 when none is drawn yet (never leaves the server)
    "trigger_index",
    "trigger_seq",  # the last trigger index handed out
    "last_hit_cents",  # -1 before the first win
    "last_hit_ms",
    "last_hit_table",
    "last_hit_seat",
)

MOVE_FIELDS = (
    "kind",  # contribution | hit | award
    "seq",
    "position",  # which meter of the call (1-based)
    "seat",
    "player",
    "wager_cents",
    "primary_units",
    "reserve_units",
    "meter_before",
    "meter_after",
    "reserve_before",
    "reserve_after",
    "seeded_units",
    "paid_cents",
    "reserve_to_meter_units",
    "trigger_units",
    "trigger_index",
    "percent_bp",
)

_COMMON = """
local UPC = 10000
local function whole(x) return x ~= nil and x == math.floor(x) end
local function move(kind, seq, pos, seat, player, t)
  return {kind, seq, pos, seat, player, t.wager or 0, t.primary or 0, t.reserve_in or 0,
    t.mb, t.ma, t.rb, t.ra, t.seeded or 0, t.paid or 0, t.r2m or 0, t.trigger or 0, t.tindex or 0, t.pct or 0}
end
local function load(key)
  local raw = redis.call('GET', key)
  if not raw then return nil end
  local v = cmsgpack.unpack(raw)
  return {kind = v[1], primary_bp = v[2], reserve_bp = v[3], min_wager = v[4], exact_wager = v[5],
    reseed = v[6], reseed_from_reserve = v[7], cap = v[8], meter = v[9], reserve = v[10], seeded = v[11],
    contributed = v[12], paid = v[13], wagers = v[14], amount_in = v[15], hits = v[16], seq = v[17],
    trigger = v[18], trigger_index = v[19], trigger_seq = v[20], last_hit_cents = v[21],
    last_hit_ms = v[22], last_hit_table = v[23], last_hit_seat = v[24]}
end
local function save(key, m)
  redis.call('SET', key, cmsgpack.pack({m.kind, m.primary_bp, m.reserve_bp, m.min_wager, m.exact_wager,
    m.reseed, m.reseed_from_reserve, m.cap, m.meter, m.reserve, m.seeded, m.contributed, m.paid,
    m.wagers, m.amount_in, m.hits, m.seq, m.trigger, m.trigger_index, m.trigger_seq, m.last_hit_cents,
    m.last_hit_ms, m.last_hit_table, m.last_hit_seat}))
end
-- A table's lock key keeps its last locked round, the digest of its wagers
-- and its moves: a retry with the same digest gets the same moves back; any
-- other call for that round or an earlier one is refused. Rounds only go up.
local function replay(lock_key, round, digest)
  local done = redis.call('GET', lock_key)
  if not done then return nil end
  local last = cmsgpack.unpack(done)
  if last[1] > round or (last[1] == round and last[2] ~= digest) then
    return redis.error_reply('LOCKED progressive wagers for this round were locked at no more bets')
  end
  if last[1] == round then return {'replayed', done} end
  return nil
end
local function remember(lock_key, round, digest, moves)
  local blob = cmsgpack.pack({round, digest, moves})
  redis.call('SET', lock_key, blob)
  return {'new', blob}
end
"""

# KEYS: the table's lock key, then per meter: state, trigger list.
# ARGV: digest, (unused), now ms, table id, round, count, then per wager:
# meter position, wager cents, seat, player id (0: none).
CONTRIBUTE = (
    _COMMON
    + """
local previous = replay(KEYS[1], tonumber(ARGV[5]), ARGV[1])
if previous then return previous end
local now, table_id, n = tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[6])
local meters, needed = {}, {}
for i = 1, n do
  local base = 6 + (i - 1) * 4
  local pos, wager = tonumber(ARGV[base + 1]), tonumber(ARGV[base + 2])
  if not meters[pos] then
    local m = load(KEYS[2 * pos])
    if not m then return redis.error_reply('NOT_LOADED ' .. pos) end
    meters[pos] = m
    needed[pos] = 0
  end
  local m = meters[pos]
  if not whole(wager) or wager <= 0 or wager < m.min_wager
      or (m.exact_wager == 1 and wager ~= m.min_wager) then
    return redis.error_reply('BAD_WAGER ' .. pos .. ' ' .. tostring(ARGV[base + 2]))
  end
  if m.kind == 'must_hit_by' then needed[pos] = needed[pos] + 1 end
end
for pos, count in pairs(needed) do
  if count > 0 then
    local queued = redis.call('LLEN', KEYS[2 * pos + 1])
    if meters[pos].trigger < 0 or queued < count then
      return redis.error_reply('NEED_TRIGGERS ' .. pos .. ' ' .. (count - queued))
    end
  end
end
local moves = {}
for i = 1, n do
  local base = 6 + (i - 1) * 4
  local pos, wager = tonumber(ARGV[base + 1]), tonumber(ARGV[base + 2])
  local seat, player = tonumber(ARGV[base + 3]), tonumber(ARGV[base + 4])
  local m = meters[pos]
  local primary, reserve_in = wager * m.primary_bp, wager * m.reserve_bp
  local mb, rb = m.meter, m.reserve
  m.meter, m.reserve = m.meter + primary, m.reserve + reserve_in
  m.contributed = m.contributed + primary + reserve_in
  m.wagers, m.amount_in, m.seq = m.wagers + 1, m.amount_in + wager, m.seq + 1
  moves[#moves + 1] = move('contribution', m.seq, pos, seat, player, {wager = wager, primary = primary,
    reserve_in = reserve_in, mb = mb, ma = m.meter, rb = rb, ra = m.reserve})
  if m.kind == 'must_hit_by' and m.meter > m.trigger then
    -- § 639c.1(c)(3), (5)(iv), (7): this contribution won "100% of the bonus
    -- jackpot amount on the progressive meter", even past the maximum, and
    -- the meter resets to the minimum (only the sub-cent rest stays on it).
    local before = m.meter
    local prize = math.floor(m.meter / UPC)
    m.meter = m.meter - prize * UPC + m.reseed
    m.paid, m.seeded, m.hits, m.seq = m.paid + prize * UPC, m.seeded + m.reseed, m.hits + 1, m.seq + 1
    moves[#moves + 1] = move('hit', m.seq, pos, seat, player, {wager = wager, mb = before, ma = m.meter,
      rb = m.reserve, ra = m.reserve, seeded = m.reseed, paid = prize, trigger = m.trigger,
      tindex = m.trigger_index, pct = 10000})
    local nxt = redis.call('LPOP', KEYS[2 * pos + 1])
    local colon = string.find(nxt, ':')
    m.trigger_index = tonumber(string.sub(nxt, 1, colon - 1))
    m.trigger = tonumber(string.sub(nxt, colon + 1))
    m.last_hit_cents, m.last_hit_ms, m.last_hit_table, m.last_hit_seat = prize, now, table_id, seat
  end
end
for pos, m in pairs(meters) do save(KEYS[2 * pos], m) end
return remember(KEYS[1], tonumber(ARGV[5]), ARGV[1], moves)
"""
)

# KEYS: the table's award key for the meter, meter state. ARGV: digest, (unused), now ms, table id,
# round, count, then per winner: seat, player id, percent in basis points.
AWARD = (
    _COMMON
    + """
local previous = replay(KEYS[1], tonumber(ARGV[5]), ARGV[1])
if previous then return previous end
local m = load(KEYS[2])
if not m then return redis.error_reply('NOT_LOADED 1') end
if m.kind == 'must_hit_by' then
  return redis.error_reply('BAD_AWARD a Must-Hit-By meter is won only by the contribution that crosses its trigger')
end
local now, table_id, n = tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[6])
local whole_count = 0
for i = 1, n do
  local pct = tonumber(ARGV[6 + (i - 1) * 3 + 3])
  if not whole(pct) or pct <= 0 or pct > UPC then
    return redis.error_reply('BAD_AWARD percentages run from 0.01% to 100%')
  end
  if pct == UPC then whole_count = whole_count + 1 end
end
local moves = {}
local paid_total, last_seat = 0, 0
local function pay(i, cents)
  local base = 6 + (i - 1) * 3
  local t = {mb = m.meter, rb = m.reserve, paid = cents, pct = tonumber(ARGV[base + 3])}
  m.meter, m.paid = m.meter - cents * UPC, m.paid + cents * UPC
  m.hits, m.seq = m.hits + 1, m.seq + 1
  paid_total, last_seat = paid_total + cents, tonumber(ARGV[base + 1])
  return t, base
end
if whole_count > 0 then
  -- The 100% winners of one round share the meter equally, then it reseeds
  -- from the reserve first, the house covering the rest.
  local share = math.floor(math.floor(m.meter / UPC) / whole_count)
  local seen = 0
  for i = 1, n do
    if tonumber(ARGV[6 + (i - 1) * 3 + 3]) == UPC then
      local t, base = pay(i, share)
      seen = seen + 1
      if seen == whole_count then
        local taken = 0
        if m.reseed_from_reserve == 1 then taken = math.min(m.reserve, m.reseed) end
        m.reserve = m.reserve - taken
        t.seeded, t.r2m = m.reseed - taken, taken
        m.seeded = m.seeded + m.reseed - taken
        m.meter = m.meter + m.reseed
      end
      t.ma, t.ra = m.meter, m.reserve
      moves[#moves + 1] = move('award', m.seq, 1, tonumber(ARGV[base + 1]), tonumber(ARGV[base + 2]), t)
    end
  end
end
for i = 1, n do
  local pct = tonumber(ARGV[6 + (i - 1) * 3 + 3])
  if pct ~= UPC then
    local t, base = pay(i, math.floor(math.floor(m.meter / UPC) * pct / UPC))
    t.ma, t.ra = m.meter, m.reserve
    moves[#moves + 1] = move('award', m.seq, 1, tonumber(ARGV[base + 1]), tonumber(ARGV[base + 2]), t)
  end
end
m.last_hit_cents, m.last_hit_ms, m.last_hit_table, m.last_hit_seat = paid_total, now, table_id, last_seat
save(KEYS[2], m)
return remember(KEYS[1], tonumber(ARGV[5]), ARGV[1], moves)
"""
)

# KEYS: meter state, trigger list. ARGV: trigger values in units.
# Hands out indexes; when the meter has no current trigger, the first queued
# one becomes current. Returns the indexes given, in order.
PUSH_TRIGGERS = (
    _COMMON
    + """
local m = load(KEYS[1])
if not m then return redis.error_reply('NOT_LOADED 1') end
local given = {}
for i = 1, #ARGV do
  m.trigger_seq = m.trigger_seq + 1
  redis.call('RPUSH', KEYS[2], m.trigger_seq .. ':' .. ARGV[i])
  given[#given + 1] = m.trigger_seq
end
if m.trigger < 0 then
  local nxt = redis.call('LPOP', KEYS[2])
  if nxt then
    local colon = string.find(nxt, ':')
    m.trigger_index = tonumber(string.sub(nxt, 1, colon - 1))
    m.trigger = tonumber(string.sub(nxt, colon + 1))
  end
end
save(KEYS[1], m)
return given
"""
)

# KEYS: meter state, trigger list. ARGV: mode ("missing": only when Redis
# does not hold the meter; "replace"), the packed state, then the queued
# triggers ("index:units"). Opens a meter, or restores it.
LOAD = """
if ARGV[1] == 'missing' and redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('DEL', KEYS[2])
redis.call('SET', KEYS[1], ARGV[2])
for i = 3, #ARGV do redis.call('RPUSH', KEYS[2], ARGV[i]) end
return 1
"""
