"""The progressive meters' API for games.

A game never touches a meter's Redis keys: it calls these functions, from its
table's owner (synchronous code, inside or outside a database transaction).

At "no more bets" (§ 635c.1(f)): ``contribute(table, round, wagers)`` locks
the round's progressive wagers and adds every one to its meter atomically, in
the order given (seat order from the dealer's left); on a Must-Hit-By meter
the result tells which contribution, if any, won the bonus. Calling it again
for the same round with the same wagers returns the same result (a retried
transition cannot contribute twice); with other wagers, or for an earlier
round, it raises ``LockedOut``: the round's progressive wagers are closed.

When a hand wins "100% progressive" or "x% progressive": ``award(...)``.

For display: ``read()`` / ``aread()`` (values in cents, never the trigger).

Every function records the meter's moves in the database audit
(``MeterEvent``) unless told not to; inside the caller's transaction they
commit with the game event that caused them.
"""

import hashlib
import secrets
import time
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import NamedTuple

import msgpack
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import ResponseError
from redis.exceptions import TimeoutError as RedisTimeoutError

from casino.progressives import scripts
from casino.progressives.models import Meter, MeterEvent, Trigger
from casino.progressives.paytables import BASIS_POINTS, MUST_HIT_BY, UNITS_PER_CENT
from casino.redis_client import get_redis, get_sync_redis, key

# Must-Hit-By triggers drawn ahead of need, so a hit never waits on the draw.
TRIGGER_BATCH = 4

_system_rng = secrets.SystemRandom()


class ProgressiveError(Exception):
    """A refused progressive operation; nothing changed. The message is fit
    to show the player or the operator."""


class UnknownMeter(ProgressiveError):
    pass


class BadWager(ProgressiveError):
    pass


class LockedOut(ProgressiveError):
    pass


class MeterUnavailable(ProgressiveError):
    pass


@dataclass(frozen=True)
class Wager:
    """One accepted progressive wager, to contribute at "no more bets"."""

    meter_id: int
    seat: int
    amount_cents: int
    player_id: int | None = None


@dataclass(frozen=True)
class Winner:
    """A hand that won "``percent``% progressive" of a meter."""

    seat: int
    percent: int | Decimal = 100
    player_id: int | None = None


class Move(NamedTuple):
    """One change of a meter, as Redis made it (see scripts.MOVE_FIELDS).
    A named tuple: thousands are built a second on a busy link."""

    kind: str
    meter_id: int
    seq: int
    table_id: int | None
    round_number: int | None
    seat: int
    player_id: int | None
    wager_cents: int
    primary_units: int
    reserve_units: int
    meter_before: int
    meter_after: int
    reserve_before: int
    reserve_after: int
    seeded_units: int
    paid_cents: int
    reserve_to_meter_units: int
    trigger_units: int
    trigger_index: int
    percent_bp: int

    @property
    def wins(self):
        return self.kind in ("hit", "award")


@dataclass(frozen=True)
class Result:
    moves: list
    replayed: bool = False  # True: the round was already locked; nothing changed now

    @property
    def wins(self):
        """The hits and awards, in the order they were paid."""
        return [move for move in self.moves if move.wins]


@dataclass(frozen=True)
class Reading:
    """What players may see of a meter."""

    meter_id: int
    name: str
    kind: str
    cents: int | None  # None when Redis does not hold the meter (lost, not restored)
    must_hit_by_cents: int | None
    hits: int
    last_hit_cents: int | None
    last_hit_ms: int | None
    last_hit_table: int | None
    last_hit_seat: int | None

    @property
    def available(self):
        return self.cents is not None


def meter_key(meter_id):
    return key("meter", meter_id)


def triggers_key(meter_id):
    return key("meter", meter_id, "triggers")


def lock_key(table_id):
    """The table's last locked round (its number, wagers and moves)."""
    return key("progressive-lock", table_id)


def award_key(table_id, meter_id):
    """The table's last round of awards from the meter."""
    return key("progressive-award", table_id, meter_id)


_scripts = {}


def _script(name):
    script = _scripts.get(name)
    if script is None:
        script = _scripts[name] = get_sync_redis(raw=True).register_script(getattr(scripts, name))
    return script


def _run(name, keys, args):
    try:
        return _script(name)(keys=keys, args=args)
    except (RedisConnectionError, RedisTimeoutError):
        raise MeterUnavailable(
            "The progressive system is not reachable: progressive wagers are refused until it is back."
        ) from None


_rules_cache = {}
# A meter that took wagers cannot change its rules, but it can be made
# inactive: other processes learn it within this many seconds.
RULES_CACHE_SECONDS = 10


def meter_rules(meter_id):
    """The rules of an active meter, or UnknownMeter."""
    cached = _rules_cache.get(meter_id)
    if cached is None or cached[0] < time.monotonic():
        meter = None
        if isinstance(meter_id, int) and not isinstance(meter_id, bool):
            meter = Meter.objects.filter(pk=meter_id, is_active=True).first()
        if meter is None:
            _rules_cache.pop(meter_id, None)
            raise UnknownMeter(f"There is no active progressive meter {meter_id!r}.")
        cached = _rules_cache[meter_id] = (time.monotonic() + RULES_CACHE_SECONDS, meter.rules)
    return cached[1]


def forget(meter_id):
    _rules_cache.pop(meter_id, None)


def linked_meters(table_id):
    """{kind: Meter} of the active meters a table is linked to."""
    return {meter.kind: meter for meter in Meter.objects.filter(links__table_id=table_id, is_active=True)}


# -- opening a meter and its triggers --------------------------------------


def open_meter(meter, rng=None):
    """Put a meter in Redis at its seed and record the seed; for a
    Must-Hit-By meter, draw its first triggers. Does nothing if Redis holds it."""
    rules = meter.rules
    seed = rules.seed_cents * UNITS_PER_CENT
    fields = {
        **parameters(rules),
        "meter": seed,
        "reserve": 0,
        "seeded": seed,
        "contributed": 0,
        "paid": 0,
        "wagers": 0,
        "amount_in": 0,
        "hits": 0,
        "seq": 1,
        "trigger": -1,
        "trigger_index": 0,
        "trigger_seq": 0,
        "last_hit_cents": -1,
        "last_hit_ms": 0,
        "last_hit_table": 0,
        "last_hit_seat": 0,
    }
    if not load(meter.pk, fields, [], replace=False):
        return False
    MeterEvent.objects.get_or_create(
        meter=meter,
        seq=1,
        defaults={"kind": MeterEvent.SEED, "seeded_units": seed, "meter_before": 0, "meter_after": seed},
    )
    if rules.kind == MUST_HIT_BY:
        draw_triggers(meter.pk, TRIGGER_BATCH, rng)
    return True


def parameters(rules):
    """A meter's fixed parameters as the Lua scripts read them."""
    return {
        "kind": rules.kind,
        "primary_bp": rules.primary_bp,
        "reserve_bp": rules.reserve_bp,
        "min_wager": rules.wager_cents,
        "exact_wager": int(rules.exact_wager),
        "reseed": rules.reseed_cents * UNITS_PER_CENT,
        "reseed_from_reserve": int(rules.reseed_from_reserve),
        "cap": (rules.must_hit_by_cents or 0) * UNITS_PER_CENT,
    }


def load(meter_id, fields, queued_triggers, replace=True):
    """Write a meter's whole Redis state (``fields``: every name of
    scripts.FIELDS) and its queued triggers; with ``replace=False`` only if
    Redis does not hold it. Returns whether it wrote."""
    packed = msgpack.packb([fields[name] for name in scripts.FIELDS])
    args = ["replace" if replace else "missing", packed, *queued_triggers]
    return bool(_run("LOAD", [meter_key(meter_id), triggers_key(meter_id)], args))


def state(meter_id):
    """A meter's whole Redis state as a dict of scripts.FIELDS (the hidden
    trigger included: for the server's own checks, never for display), or
    None when Redis does not hold it."""
    return _state(get_sync_redis(raw=True).get(meter_key(meter_id)))


def _state(packed):
    return None if packed is None else dict(zip(scripts.FIELDS, msgpack.unpackb(packed), strict=True))


def draw_triggers(meter_id, count, rng=None):
    """Draw ``count`` Must-Hit-By triggers uniformly in whole cents from
    [minimum, maximum) with the CSPRNG (a seeded ``rng`` on test meters and in
    tests) and queue them after the meter's others. Returns their indexes."""
    rules = meter_rules(meter_id)
    rng = rng or _system_rng
    values = [rng.randrange(rules.seed_cents, rules.must_hit_by_cents) * UNITS_PER_CENT for _ in range(count)]
    return queue_triggers(meter_id, values)


def queue_triggers(meter_id, values_units):
    """Queue given trigger values (units) and keep them in the database."""
    indexes = _run("PUSH_TRIGGERS", [meter_key(meter_id), triggers_key(meter_id)], values_units)
    Trigger.objects.bulk_create(
        [
            Trigger(meter_id=meter_id, index=index, value_units=value)
            for index, value in zip(indexes, values_units, strict=True)
        ],
        ignore_conflicts=True,
    )
    return indexes


# -- the operations games call ---------------------------------------------


def contribute(table_id, round_number, wagers, *, record=True):
    """Lock the round's progressive wagers and contribute each to its meter.

    ``wagers``: ``Wager`` objects in seat order from the dealer's left (the
    order contributions are applied and Must-Hit-By crossings decided).
    Returns a ``Result``; ``result.wins`` are the Must-Hit-By hits, each with
    ``seat``, ``player_id`` and ``paid_cents`` (the game pays the player).
    Raises ``BadWager``, ``UnknownMeter``, ``LockedOut`` or
    ``MeterUnavailable``; then nothing changed.
    """
    _check_round(table_id, round_number)
    wagers = list(wagers)
    order = []
    for wager in wagers:
        rules = meter_rules(wager.meter_id)
        error = rules.wager_error(wager.amount_cents)
        if error:
            raise BadWager(error)
        _check_seat(wager.seat, wager.player_id)
        if wager.meter_id not in order:
            order.append(wager.meter_id)
    digest = _digest([[w.meter_id, w.seat, w.player_id, w.amount_cents] for w in wagers])
    keys = [lock_key(table_id)]
    for meter_id in order:
        keys += [meter_key(meter_id), triggers_key(meter_id)]
    args = [digest, 0, int(time.time() * 1000), table_id, round_number, len(wagers)]
    for wager in wagers:
        args += [order.index(wager.meter_id) + 1, wager.amount_cents, wager.seat, wager.player_id or 0]
    for _attempt in range(5):
        try:
            reply = _run("CONTRIBUTE", keys, args)
            break
        except ResponseError as exc:
            code, position, detail = _error(exc)
            if code != "NEED_TRIGGERS":
                _raise(code, order, position, detail)
            draw_triggers(order[position - 1], int(detail) + TRIGGER_BATCH)
    else:
        raise MeterUnavailable("The Must-Hit-By trigger could not be drawn; try again.")
    result = _result(reply, order, table_id, round_number)
    if record:
        record_moves(result.moves)
    return result


def award(table_id, round_number, meter_id, winners, *, record=True, owed_batch=None):
    """Pay "100% progressive" / "x% progressive" wins of one round at one
    table from a Match the Dealer or Monster Match meter.

    ``winners``: ``Winner`` objects in the order the dealer pays them. The
    round's 100% winners share the meter equally, then it reseeds (from the
    reserve first, the house covering any shortfall); x% winners are paid
    from the meter as it then stands, no reseed. Returns a ``Result`` whose
    ``wins`` carry ``seat``, ``player_id`` and ``paid_cents``. Idempotent for
    a retried round, like ``contribute``. ``owed_batch``: paying awards the
    meter could not pay in their round (casino/progressives/owed.py), later,
    when the table has had awards since: idempotent per batch instead.
    """
    _check_round(table_id, round_number)
    meter_rules(meter_id)
    args_winners = []
    for winner in winners:
        _check_seat(winner.seat, winner.player_id)
        try:
            bp = Decimal(str(winner.percent)) * 100
        except InvalidOperation:
            bp = Decimal(-1)
        if bp != bp.to_integral_value() or not 0 < bp <= BASIS_POINTS:
            raise BadWager("A progressive award is a percentage of the meter from 0.01% to 100%.")
        args_winners += [winner.seat, winner.player_id or 0, int(bp)]
    if not winners:
        return Result([])
    digest = _digest(args_winners)
    first = (
        award_key(table_id, meter_id) if owed_batch is None else key("progressive-owed", owed_batch, meter_id)
    )
    keys = [first, meter_key(meter_id)]
    args = [
        digest,
        0,
        int(time.time() * 1000),
        table_id,
        round_number,
        len(winners),
        *args_winners,
    ]
    try:
        reply = _run("AWARD", keys, args)
    except ResponseError as exc:
        code, position, detail = _error(exc)
        _raise(code, [meter_id], 1, detail)
    result = _result(reply, [meter_id], table_id, round_number)
    if record:
        record_moves(result.moves)
    return result


def is_locked(table_id, round_number):
    """Whether the round's progressive wagers are locked (§ 635c.1(d)(2)):
    the table has locked this round or a later one."""
    last = get_sync_redis(raw=True).get(lock_key(table_id))
    return last is not None and msgpack.unpackb(last)[0] >= round_number


def ensure_open(table_id, round_number):
    """Refuse a progressive wager once the round is locked (§ 635c.1(f))."""
    if is_locked(table_id, round_number):
        raise LockedOut("No more bets: progressive wagers for this round are closed.")


def record_moves(moves):
    """Write moves to the audit; a move already there (a retry) is skipped."""
    MeterEvent.objects.bulk_create(
        [
            MeterEvent(
                meter_id=move.meter_id,
                seq=move.seq,
                kind=move.kind,
                table_id=move.table_id,
                round_number=move.round_number,
                seat=move.seat,
                player_id=move.player_id,
                wager_cents=move.wager_cents,
                primary_units=move.primary_units,
                reserve_units=move.reserve_units,
                seeded_units=move.seeded_units,
                paid_cents=move.paid_cents,
                reserve_to_meter_units=move.reserve_to_meter_units,
                percent_bp=move.percent_bp,
                meter_before=move.meter_before,
                meter_after=move.meter_after,
                reserve_before=move.reserve_before,
                reserve_after=move.reserve_after,
                trigger_units=move.trigger_units if move.kind == "hit" else None,
                trigger_index=move.trigger_index if move.kind == "hit" else None,
            )
            for move in moves
        ],
        ignore_conflicts=True,
        batch_size=500,
    )


# -- reading, for display --------------------------------------------------


def read(meters):
    """Readings of the given ``Meter`` objects, from Redis."""
    pipe = get_sync_redis(raw=True).pipeline(transaction=False)
    for meter in meters:
        pipe.get(meter_key(meter.pk))
    return [_reading(meter, _state(packed)) for meter, packed in zip(meters, pipe.execute(), strict=True)]


def unread(meters):
    """Readings of the given meters without their values, for a display
    while Redis does not answer (``cents`` None: "unavailable")."""
    return [_reading(meter, None) for meter in meters]


async def aread(meters):
    """``read()`` for asynchronous code."""
    pipe = get_redis(raw=True).pipeline(transaction=False)
    for meter in meters:
        pipe.get(meter_key(meter.pk))
    packed = await pipe.execute()
    return [_reading(meter, _state(one)) for meter, one in zip(meters, packed, strict=True)]


def _reading(meter, values):
    rules = meter.rules
    won = values is not None and values["last_hit_cents"] >= 0
    return Reading(
        meter_id=meter.pk,
        name=meter.name,
        kind=meter.kind,
        cents=None if values is None else values["meter"] // UNITS_PER_CENT,
        must_hit_by_cents=rules.must_hit_by_cents,
        hits=0 if values is None else values["hits"],
        last_hit_cents=values["last_hit_cents"] if won else None,
        last_hit_ms=values["last_hit_ms"] if won else None,
        last_hit_table=(values["last_hit_table"] or None) if won else None,
        last_hit_seat=values["last_hit_seat"] if won else None,
    )


# -- helpers ---------------------------------------------------------------


def _whole(value):
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _check_round(table_id, round_number):
    if not _whole(table_id) or not _whole(round_number):
        raise ProgressiveError("A progressive operation needs the table's id and the round's number.")


def _check_seat(seat, player_id):
    if not _whole(seat) or not (player_id is None or _whole(player_id)):
        raise BadWager("A progressive wager needs the seat it was placed at (and its player's id, if any).")


def _digest(items):
    """Names a set of wagers (or winners): a retry must name the same set."""
    return hashlib.blake2b(repr(items).encode(), digest_size=12).hexdigest()


def _error(exc):
    parts = str(exc).split(" ", 2)
    code = parts[0]
    position = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 1
    detail = parts[2] if len(parts) > 2 else ""
    return code, position, detail


def _raise(code, order, position, detail):
    meter_id = order[position - 1] if 0 < position <= len(order) else None
    if code == "LOCKED":
        raise LockedOut("No more bets: progressive wagers for this round were locked at no more bets.")
    if code == "NOT_LOADED":
        forget(meter_id)
        raise MeterUnavailable(
            f"Progressive meter {meter_id} is not available (it must be restored): "
            "progressive wagers are refused until it is."
        )
    if code == "BAD_WAGER":
        raise BadWager(f"Progressive meter {meter_id} refuses the wager {detail}.")
    if code == "BAD_AWARD":
        raise BadWager(detail)
    raise ProgressiveError(f"The progressive system refused the operation ({code}).")


def _result(reply, order, table_id, round_number):
    status, blob = reply
    _round, _digest, rows = msgpack.unpackb(blob)
    moves = [
        Move(kind, order[position - 1], seq, table_id, round_number, seat, player or None, *amounts)
        for kind, seq, position, seat, player, *amounts in rows
    ]
    return Result(moves, replayed=status == b"replayed")
