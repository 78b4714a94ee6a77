"""Progressive wins owed because the meter could not pay them at once.

``record`` runs inside the transaction that settles the hand (the table
runtime's commit); ``pay_due`` runs from the meter ticker every few seconds,
and from ``manage.py meters pay-owed``: each batch of one table round and
meter kind is paid in one meter call (idempotent, so a commit that fails
after the meter paid is retried with the same result), its moves recorded and
the winners paid through the ledger in one transaction.

The table's log says so too: ``tell_tables`` asks the owner of each table
whose owed wins were paid to write a line for each (``unlogged_payments``,
``payment_line``; the runtime's ``log_owed_payments``), marked ``logged`` in
the commit of that line. Only the owner writes a table's log (docs/architecture.md), and
an owner starting writes any line a lost message left unwritten.
"""

import logging
import uuid
from decimal import Decimal

from channels.db import database_sync_to_async
from django.db import transaction
from django.utils import timezone
from redis.exceptions import RedisError

from casino.accounts.models import Player
from casino.progressives import api
from casino.progressives.models import OwedAward
from casino.progressives.paytables import kind_name
from casino.realtime.groups import table_channel
from casino.tables.models import Table
from casino.wallet.ledger import balance_of, book_moves
from games.engine import WIN, ChipMove, format_chips

log = logging.getLogger(__name__)

# The message that asks a table's owner to log the owed wins paid (owner.py).
OWED_PAID = "table.owed_paid"


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


def unlogged_payments(table_id):
    """The owed wins of a table paid since its log last said so, oldest first."""
    return list(
        OwedAward.objects.filter(table_id=table_id, paid__isnull=False, logged=False).order_by("paid", "id")
    )


def payment_line(row):
    """The table log's line for an owed win paid at last."""
    name = kind_name(row.kind)
    return (
        f"Seat {row.seat}: the {name} win owed since round {row.round_number} is paid now, "
        f"{format_chips(row.paid_cents or 0)} from the meter!"
    )


def mark_logged(rows):
    """In the transaction that writes their lines to the table's log."""
    OwedAward.objects.filter(pk__in=[row.pk for row in rows]).update(logged=True)


async def tell_tables(layer):
    """Ask the owner of each table with owed wins paid and not yet in its log
    to write them there (after ``pay_due``)."""
    tables = await database_sync_to_async(
        lambda: sorted(
            set(OwedAward.objects.filter(paid__isnull=False, logged=False).values_list("table_id", flat=True))
        )
    )()
    for table_id in tables:
        await layer.send(table_channel(table_id), {"type": OWED_PAID})


def balance_after(player_id, test):
    return balance_of(Player.objects.get(pk=player_id), test=test)
