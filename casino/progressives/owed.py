"""Progressive wins owed because the meter could not pay them at once.

``record`` runs inside the transaction that settles the hand (the table
runtime's commit); ``pay_due`` runs from the meter ticker every few seconds,
and from ``manage.py meters pay-owed``: each batch of one table round and
meter kind is paid in one meter call (idempotent, so a commit that fails
after the meter paid is retried with the same result), its moves recorded and
the winners paid through the ledger in one transaction.
"""

import logging
import uuid
from decimal import Decimal

from django.db import transaction
from django.utils import timezone
from redis.exceptions import RedisError

from casino.progressives import api
from casino.progressives.models import OwedAward
from games.engine import WIN, ChipMove

log = logging.getLogger(__name__)


def record(table_id, round_number, owed, reason):
    """Record ``owed`` ([{"kind", "seat", "player", "percent"}]) as owed
    awards of the table round. Call it inside the transaction that commits
    the hand's settlement."""
    batches = {}
    rows = []
    for item in owed:
        batch = batches.setdefault(item["kind"], f"{table_id}:{round_number}:{uuid.uuid4().hex[:12]}")
        rows.append(
            OwedAward(
                table_id=table_id,
                round_number=round_number,
                kind=item["kind"],
                batch=batch,
                seat=item["seat"],
                player_id=item["player"],
                percent_bp=int(Decimal(str(item["percent"])) * 100),
                reason=reason[:200],
            )
        )
    OwedAward.objects.bulk_create(rows)


def unpaid_for(player):
    return list(OwedAward.objects.filter(player=player, paid__isnull=True).select_related("table"))


def pay_due():
    """Pay every owed batch whose meter answers now. Returns the players paid
    ({(player id, test chips?): cents}); batches whose meter still cannot pay
    stay owed."""
    paid = {}
    batches = OwedAward.objects.filter(paid__isnull=True).values_list("batch", flat=True).distinct()
    for batch in list(batches):
        try:
            for payee, cents in _pay_batch(batch).items():
                paid[payee] = paid.get(payee, 0) + cents
        except (api.ProgressiveError, RedisError) as exc:
            log.info("owed progressive batch %s still unpaid: %s", batch, exc)
    return paid


def _pay_batch(batch):
    from casino.tables.models import Table
    from casino.wallet.ledger import book_moves

    rows = list(OwedAward.objects.filter(batch=batch, paid__isnull=True).order_by("id"))
    if not rows:
        return {}
    table = Table.objects.get(pk=rows[0].table_id)
    meter = api.linked_meters(table.pk).get(rows[0].kind)
    if meter is None:
        raise api.UnknownMeter(f"table {table.pk} has no {rows[0].kind} meter yet")
    winners = [api.Winner(row.seat, Decimal(row.percent_bp) / 100, row.player_id) for row in rows]
    result = api.award(table.pk, rows[0].round_number, meter.pk, winners, record=False, owed_batch=batch)
    # The meter's wins, matched to the rows by seat, player and share.
    wins = list(result.wins)
    paid = {}
    with transaction.atomic():
        # Read again under the lock: another payer (another process's meter
        # ticker, manage.py meters pay-owed) may have paid the batch while the
        # meter answered. The meter's call is idempotent per batch, so that
        # payer booked the same result; this one books nothing.
        unpaid = OwedAward.objects.select_for_update().filter(batch=batch, paid__isnull=True)
        if set(unpaid.values_list("pk", flat=True)) != {row.pk for row in rows}:
            log.info("owed progressive batch %s was paid by another payer", batch)
            return {}
        api.record_moves(result.moves)
        moves = []
        for row in rows:
            win = next(
                w
                for w in wins
                if (w.seat, w.player_id, w.percent_bp) == (row.seat, row.player_id, row.percent_bp)
            )
            wins.remove(win)
            if row.player_id is not None and win.paid_cents:
                memo = f"seat {row.seat} progressive owed from round {row.round_number}"
                moves.append(ChipMove(WIN, row.player_id, win.paid_cents, memo))
                payee = (row.player_id, table.is_test)
                paid[payee] = paid.get(payee, 0) + win.paid_cents
            row.meter, row.paid, row.paid_cents = meter, timezone.now(), win.paid_cents
            row.save(update_fields=["meter", "paid", "paid_cents"])
        book_moves(moves, table.pk, rows[0].round_number, test=table.is_test)
    log.info("owed progressive batch %s paid: %s", batch, paid)
    return paid


def balance_after(player_id, test):
    from casino.accounts.models import Player
    from casino.wallet.ledger import balance_of

    return balance_of(Player.objects.get(pk=player_id), test=test)
