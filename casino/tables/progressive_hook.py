"""The table runtime's calls to the progressive meters, for any game.

A game's pure rules name progressive wagers and wins in their ``Outcome``
(``lock``: the round's "no more bets" with the accepted progressive wagers;
``awards``: "100%/x% progressive" wins). ``settle`` makes the meter calls for
them (``casino.progressives.api``, ``record=False``: the runtime records the
moves in the transaction that commits the transition), then applies
``PROGRESSIVE_RESULT`` to the rules with what was paid and what was refused,
and returns the merged outcome. A meter that refuses or cannot be reached
never stops the table: the wagers come back to the rules as refused, with
the reason.
"""

import logging
from collections import defaultdict
from dataclasses import asdict

from redis.exceptions import RedisError

from casino.progressives import api
from casino.progressives.paytables import MUST_HIT_BY, kind_name
from games.engine import PROGRESSIVE_RESULT, Action, Outcome

log = logging.getLogger(__name__)


def needed(outcome):
    return outcome.lock is not None or bool(outcome.awards)


def settle(rules, config, rng, table_id, round_number, outcome):
    """(merged Outcome, meter moves to record, the PROGRESSIVE_RESULT data)
    for an outcome that locks progressive wagers or asks for awards. The data
    goes in the round record, so a replay re-applies it without the meters."""
    data, meter_moves = call_meters(table_id, round_number, outcome.lock, outcome.awards)
    return apply_result(rules, config, rng, outcome, data), meter_moves, data


def apply_result(rules, config, rng, outcome, data):
    """The rules' PROGRESSIVE_RESULT after ``outcome``, merged into it. The
    PROGRESSIVE_RESULT outcome's own ``lock`` and ``awards`` are not acted on:
    one round trip per transition."""
    result = rules.apply(outcome.state, Action(PROGRESSIVE_RESULT, None, data), config, rng)
    return Outcome(result.state, log=outcome.log + result.log, moves=outcome.moves + result.moves)


def call_meters(table_id, round_number, lock, awards):
    """Contribute the lock's wagers (one call: one lock per table round) and
    pay the awards (one call per meter). Returns (PROGRESSIVE_RESULT data,
    the meters' moves)."""
    meters = api.linked_meters(table_id)
    refused, errors, moves = [], [], []
    if lock is not None:
        accepted = []
        for wager in lock:
            meter = meters.get(wager.kind)
            problem = _missing(wager.kind) if meter is None else meter.rules.wager_error(wager.amount)
            if problem:
                refused.append(asdict(wager))
                errors.append(problem)
            else:
                accepted.append(wager)
        unqualified = _unqualified_mystery(accepted, refused)
        if unqualified:
            refused += [asdict(accepted[index]) for index in unqualified]
            accepted = [wager for index, wager in enumerate(accepted) if index not in unqualified]
            errors.append(
                "A Mystery bonus wager rides on a progressive wager that was refused: it is void too."
            )
        if meters:  # the round is locked even when no wager was accepted
            wagers = [api.Wager(meters[w.kind].pk, w.seat, w.amount, w.player) for w in accepted]
            try:
                moves += api.contribute(table_id, round_number, wagers, record=False).moves
            except (api.ProgressiveError, RedisError) as exc:
                refused += [asdict(wager) for wager in accepted]
                errors.append(_reason(exc, table_id, round_number))
    by_kind = defaultdict(list)
    for award in awards:
        by_kind[award.kind].append(award)
    owed = []
    for kind, group in by_kind.items():
        meter = meters.get(kind)
        if meter is None:
            problem = _missing(kind, "its wins cannot be paid now")
        else:
            winners = [api.Winner(award.seat, award.percent, award.player) for award in group]
            try:
                moves += api.award(table_id, round_number, meter.pk, winners, record=False).moves
                continue
            except (api.ProgressiveError, RedisError) as exc:
                problem = _reason(exc, table_id, round_number)
        # A won award is never dropped (docs/architecture.md): owed, recorded with the
        # settlement (runtime), paid when the meter answers (owed.pay_due).
        owed += [
            {"kind": a.kind, "seat": a.seat, "player": a.player, "percent": str(a.percent)} for a in group
        ]
        seats = ", ".join(str(a.seat) for a in group)
        errors.append(
            f"{problem} The progressive win of seat {seats} is owed: it is paid as soon as the meter answers."
        )
    kinds = {meter.pk: kind for kind, meter in meters.items()}
    data = {
        "hits": [_paid(move, kinds) for move in moves if move.kind == "hit"],
        "awards": [_paid(move, kinds) for move in moves if move.kind == "award"],
        "refused": refused,
        "error": " ".join(dict.fromkeys(errors)) or None,
    }
    if owed:
        data["owed"] = owed
    return data, moves


def _unqualified_mystery(accepted, refused):
    """The positions in ``accepted`` of the Must-Hit-By contributions that
    ride on a refused progressive wager: the one of their own seat and kind
    (``ProgressiveWager.rides_on``), not another wager of the seat that its
    meter took (docs/rules/README.md, "Refused progressive wager"; seed
    §§ 643c.1(c)(2), 645c.3(c)(1)-(2), 649c.1(c)(2) and twins: only a
    qualifying wager feeds the bonus meter). A contribution that rides on
    nothing is left to its meter."""
    refused_wagers = {(item["seat"], item["kind"]) for item in refused if item["kind"] != MUST_HIT_BY}
    return {
        index
        for index, wager in enumerate(accepted)
        if wager.kind == MUST_HIT_BY and (wager.seat, wager.rides_on) in refused_wagers
    }


def _missing(kind, refused="its wagers are refused"):
    return f"This table has no {kind_name(kind)} meter: {refused}."


def _reason(exc, table_id, round_number):
    log.warning("table %s round %s: progressive meters refused: %s", table_id, round_number, exc)
    if isinstance(exc, api.ProgressiveError):
        return str(exc)
    return "The progressive system is not reachable: progressive wagers are refused until it is back."


def _paid(move, kinds):
    return {
        "kind": kinds[move.meter_id],
        "seat": move.seat,
        "player": move.player_id,
        "cents": move.paid_cents,
    }
