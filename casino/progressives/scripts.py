"""The Lua scripts that are the only writers of a meter in Redis.

Each runs atomically in Redis, so however many tables and processes call them
at the same instant, contributions are applied one at a time and exactly one
contribution crosses each Must-Hit-By trigger. They implement the arithmetic
of ``books.Books`` (the tests compare the two). Money is integer: cents at the
edges, units of 1/10,000 cent inside the meter; numbers go in and out as
strings formatted with ``%.0f`` so no value is ever printed in exponent form.

A meter is a hash (see ``FIELDS``) plus a list of the Must-Hit-By triggers
drawn ahead of time by the server's CSPRNG ("index:units"). Every change
returns *moves*: arrays of strings in the order of ``MOVE_FIELDS``, which the
caller records in the database audit.

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
    "trigger",  # units, "" when none is drawn yet (never leaves the server)
    "trigger_index",
    "trigger_seq",  # the last trigger index handed out
    "last_hit_cents",
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
local function s(x) return string.format('%.0f', x) end
local function num(x) return tonumber(x) or 0 end
local function whole(x) return x ~= nil and x == math.floor(x) end
local function move(kind, seq, pos, seat, player, t)
  return {kind, s(seq), tostring(pos), tostring(seat), tostring(player),
    s(t.wager or 0), s(t.primary or 0), s(t.reserve_in or 0),
    s(t.mb), s(t.ma), s(t.rb), s(t.ra), s(t.seeded or 0), s(t.paid or 0),
    s(t.r2m or 0), s(t.trigger or 0), s(t.tindex or 0), s(t.pct or 0)}
end
local STATE = {'kind', 'primary_bp', 'reserve_bp', 'min_wager', 'exact_wager', 'reseed',
  'reseed_from_reserve', 'cap', 'meter', 'reserve', 'seeded', 'contributed', 'paid',
  'wagers', 'amount_in', 'hits', 'seq', 'trigger', 'trigger_index'}
local function load(key)
  local v = redis.call('HMGET', key, unpack(STATE))
  if not v[1] then return nil end
  local m = {}
  for i, name in ipairs(STATE) do
    if i == 1 then m[name] = v[i]
    elseif name == 'trigger' then m[name] = tonumber(v[i])
    else m[name] = num(v[i]) end
  end
  return m
end
local function save(key, m)
  redis.call('HSET', key, 'meter', s(m.meter), 'reserve', s(m.reserve), 'seeded', s(m.seeded),
    'contributed', s(m.contributed), 'paid', s(m.paid), 'wagers', s(m.wagers),
    'amount_in', s(m.amount_in), 'hits', s(m.hits), 'seq', s(m.seq),
    'trigger', m.trigger and s(m.trigger) or '', 'trigger_index', s(m.trigger_index))
end
local function replay(lock_key, digest)
  local done = redis.call('GET', lock_key)
  if not done then return nil end
  local stored = cjson.decode(done)
  if stored[1] ~= digest then
    return redis.error_reply('LOCKED progressive wagers for this round were locked at no more bets')
  end
  stored[1] = 'replayed'
  return stored
end
"""

# KEYS: lock key, then per meter: hash, trigger list.
# ARGV: digest, ttl seconds, now ms, table id, round, count, then per wager:
# meter position, wager cents, seat, player id (0: none).
CONTRIBUTE = (
    _COMMON
    + """
local previous = replay(KEYS[1], ARGV[1])
if previous then return previous end
local now, table_id, n = ARGV[3], ARGV[4], tonumber(ARGV[6])
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
    if meters[pos].trigger == nil or queued < count then
      return redis.error_reply('NEED_TRIGGERS ' .. pos .. ' ' .. (count - queued))
    end
  end
end
local out = {ARGV[1]}
for i = 1, n do
  local base = 6 + (i - 1) * 4
  local pos, wager = tonumber(ARGV[base + 1]), tonumber(ARGV[base + 2])
  local seat, player = ARGV[base + 3], ARGV[base + 4]
  local m = meters[pos]
  local primary, reserve_in = wager * m.primary_bp, wager * m.reserve_bp
  local mb, rb = m.meter, m.reserve
  m.meter, m.reserve = m.meter + primary, m.reserve + reserve_in
  m.contributed = m.contributed + primary + reserve_in
  m.wagers, m.amount_in, m.seq = m.wagers + 1, m.amount_in + wager, m.seq + 1
  out[#out + 1] = move('contribution', m.seq, pos, seat, player, {wager = wager, primary = primary,
    reserve_in = reserve_in, mb = mb, ma = m.meter, rb = rb, ra = m.reserve})
  if m.kind == 'must_hit_by' and m.meter > m.trigger then
    local before = m.meter
    local capped = m.meter
    if m.cap > 0 and capped > m.cap then capped = m.cap end
    local prize = math.floor(capped / UPC)
    m.meter = m.meter - prize * UPC + m.reseed
    m.paid, m.seeded, m.hits, m.seq = m.paid + prize * UPC, m.seeded + m.reseed, m.hits + 1, m.seq + 1
    out[#out + 1] = move('hit', m.seq, pos, seat, player, {wager = wager, mb = before, ma = m.meter,
      rb = m.reserve, ra = m.reserve, seeded = m.reseed, paid = prize, trigger = m.trigger,
      tindex = m.trigger_index, pct = 10000})
    local nxt = redis.call('LPOP', KEYS[2 * pos + 1])
    local colon = string.find(nxt, ':')
    m.trigger_index = tonumber(string.sub(nxt, 1, colon - 1))
    m.trigger = tonumber(string.sub(nxt, colon + 1))
    redis.call('HSET', KEYS[2 * pos], 'last_hit_cents', s(prize), 'last_hit_ms', now,
      'last_hit_table', table_id, 'last_hit_seat', seat)
  end
end
for pos, m in pairs(meters) do save(KEYS[2 * pos], m) end
redis.call('SET', KEYS[1], cjson.encode(out), 'EX', tonumber(ARGV[2]))
out[1] = 'new'
return out
"""
)

# KEYS: award key, meter hash. ARGV: digest, ttl seconds, now ms, table id,
# round, count, then per winner: seat, player id, percent in basis points.
AWARD = (
    _COMMON
    + """
local previous = replay(KEYS[1], ARGV[1])
if previous then return previous end
local m = load(KEYS[2])
if not m then return redis.error_reply('NOT_LOADED 1') end
if m.kind == 'must_hit_by' then
  return redis.error_reply('BAD_AWARD a Must-Hit-By meter is won only by the contribution that crosses its trigger')
end
local now, table_id, n = ARGV[3], ARGV[4], tonumber(ARGV[6])
local whole_count = 0
for i = 1, n do
  local pct = tonumber(ARGV[6 + (i - 1) * 3 + 3])
  if not whole(pct) or pct <= 0 or pct > UPC then
    return redis.error_reply('BAD_AWARD percentages run from 0.01% to 100%')
  end
  if pct == UPC then whole_count = whole_count + 1 end
end
local out = {ARGV[1]}
local paid_total, last_seat = 0, ''
local function pay(i, cents, extra)
  local base = 6 + (i - 1) * 3
  local t = extra or {}
  t.mb, t.rb, t.paid, t.pct = m.meter, m.reserve, cents, tonumber(ARGV[base + 3])
  m.meter, m.paid = m.meter - cents * UPC, m.paid + cents * UPC
  m.hits, m.seq = m.hits + 1, m.seq + 1
  paid_total, last_seat = paid_total + cents, ARGV[base + 1]
  return t, base
end
if whole_count > 0 then
  -- The 100% winners of one round share the meter equally, then it reseeds.
  local share = math.floor(math.floor(m.meter / UPC) / whole_count)
  local seen = 0
  for i = 1, n do
    if tonumber(ARGV[6 + (i - 1) * 3 + 3]) == UPC then
      local t, base = pay(i, share)
      seen = seen + 1
      if seen == whole_count then
        local taken = 0
        if m.reseed_from_reserve == 1 then
          taken = math.min(m.reserve, m.reseed)
        end
        m.reserve = m.reserve - taken
        t.seeded, t.r2m = m.reseed - taken, taken
        m.seeded = m.seeded + m.reseed - taken
        m.meter = m.meter + m.reseed
      end
      t.ma, t.ra = m.meter, m.reserve
      out[#out + 1] = move('award', m.seq, 1, ARGV[base + 1], ARGV[base + 2], t)
    end
  end
end
for i = 1, n do
  local pct = tonumber(ARGV[6 + (i - 1) * 3 + 3])
  if pct ~= UPC then
    local t, base = pay(i, math.floor(math.floor(m.meter / UPC) * pct / UPC))
    t.ma, t.ra = m.meter, m.reserve
    out[#out + 1] = move('award', m.seq, 1, ARGV[base + 1], ARGV[base + 2], t)
  end
end
save(KEYS[2], m)
redis.call('HSET', KEYS[2], 'last_hit_cents', s(paid_total), 'last_hit_ms', now,
  'last_hit_table', table_id, 'last_hit_seat', last_seat)
redis.call('SET', KEYS[1], cjson.encode(out), 'EX', tonumber(ARGV[2]))
out[1] = 'new'
return out
"""
)

# KEYS: meter hash, trigger list. ARGV: trigger values in units.
# Hands out indexes; when the meter has no current trigger, the first queued
# one becomes current. Returns the indexes given, in order.
PUSH_TRIGGERS = """
if redis.call('EXISTS', KEYS[1]) == 0 then return redis.error_reply('NOT_LOADED 1') end
local given = {}
for i = 1, #ARGV do
  local index = redis.call('HINCRBY', KEYS[1], 'trigger_seq', 1)
  redis.call('RPUSH', KEYS[2], index .. ':' .. ARGV[i])
  given[#given + 1] = index
end
if (redis.call('HGET', KEYS[1], 'trigger') or '') == '' then
  local nxt = redis.call('LPOP', KEYS[2])
  if nxt then
    local colon = string.find(nxt, ':')
    redis.call('HSET', KEYS[1], 'trigger_index', string.sub(nxt, 1, colon - 1),
      'trigger', string.sub(nxt, colon + 1))
  end
end
return given
"""

# KEYS: meter hash, trigger list. ARGV: mode ("missing": only when the hash
# does not exist; "replace"), count of field/value pairs, the pairs, then the
# queued triggers ("index:units"). Used to open a meter and to restore it.
LOAD = """
if ARGV[1] == 'missing' and redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('DEL', KEYS[1], KEYS[2])
local pairs_count = tonumber(ARGV[2])
local fields = {}
for i = 1, pairs_count * 2 do fields[i] = ARGV[2 + i] end
redis.call('HSET', KEYS[1], unpack(fields))
for i = 3 + pairs_count * 2, #ARGV do redis.call('RPUSH', KEYS[2], ARGV[i]) end
return 1
"""
