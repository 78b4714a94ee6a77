"""A player's real-chip play, read from their wallet's ledger entries: the
rounds they had chips in, the totals per game, every chip movement and the
balances it went through. A test table plays with test chips from another
account (casino/wallet/ledger.py, test_account), so none of it is here.

Every function costs a fixed number of queries, however long the history
(tests/test_history.py counts them)."""

import math

from django.db import connection
from django.db.models import Case, Exists, F, Max, Min, OuterRef, Q, Sum, When

from casino.tables.models import Round, Table
from casino.wallet.models import Account, Entry
from games.engine import REFUND, STAKE

# What a player wagered in a round: their stakes less the wagers they took
# back or that were refused (a REFUND), so an undone bet is no wager.
WAGER_KINDS = (STAKE, REFUND)


def wallet_of(player):
    """The player's real-chip account, or None if it was never opened."""
    return Account.objects.filter(player=player).first()


def has_test_chips(player):
    return Account.objects.filter(test_player=player).exists()


def rounds_of(account):
    """One row per round ``account`` had chips in, newest first: the
    table's id, the round's number, the net and the amount wagered (cents)."""
    return (
        Entry.objects.filter(
            account=account,
            transaction__table_id__isnull=False,
            transaction__round_number__isnull=False,
        )
        .values(table_id=F("transaction__table_id"), number=F("transaction__round_number"))
        .annotate(
            net=Sum("amount"),
            wagered=Sum(Case(When(transaction__kind__in=WAGER_KINDS, then=-F("amount")), default=0)),
            first=Min("id"),
        )
        .order_by("-first")
    )


def per_table(account):
    """{table id: (rounds, wagered, net, best round's net)} over every round
    of rounds_of(account), in one query: the per-round sums are rounds_of's
    own, summed again by table."""
    inner, params = rounds_of(account).order_by().query.sql_with_params()
    q = connection.ops.quote_name
    sql = (
        f"SELECT {q('table_id')}, COUNT(*), SUM({q('wagered')}), SUM({q('net')}), MAX({q('net')}) "
        f"FROM ({inner}) per_round GROUP BY {q('table_id')}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        # PostgreSQL's SUM of a bigint is a numeric: back to int.
        return {row[0]: tuple(int(value) for value in row[1:]) for row in cursor.fetchall()}


def tables_by_id(ids):
    """The tables named, without their snapshot (a live table's state is large)."""
    return Table.objects.only("name", "game", "is_private").in_bulk(ids)


def with_records(rows, tables):
    """The rows of a page of rounds_of() with their table (from ``tables``)
    and their Round record (None if its table was deleted), one query."""
    rows = [dict(row) for row in rows]
    wanted = Q()
    for row in rows:
        wanted |= Q(table_id=row["table_id"], number=row["number"])
    records = {}
    if rows:
        found = Round.objects.filter(wanted).only("table_id", "number", "started", "finished")
        records = {(record.table_id, record.number): record for record in found}
    for row in rows:
        row["table"] = tables.get(row["table_id"])
        row["record"] = records.get((row["table_id"], row["number"]))
    return rows


def movements(account):
    """Every chip movement of ``account``, newest first, with its transaction."""
    return Entry.objects.filter(account=account).select_related("transaction").order_by("-id")


def balance_after(account, entry_id):
    """The account's balance just after its entry ``entry_id``: today's less
    whatever came after."""
    later = Entry.objects.filter(account=account, id__gt=entry_id).aggregate(total=Sum("amount"))["total"]
    return account.balance - (later or 0)


def balance_points(account, count, most=200):
    """The balance after each settled result of the account's ``count``
    movements, oldest first: after a movement outside any round (the
    starting chips, a top-up) and after a round's last movement once the
    round is over. What moves while a round plays (a wager, an Undo of
    one, a stake coming back before the winnings) is no result. Thinned to
    at most ``most`` points: each run keeps its lowest and highest balance
    and its last, so no dip or peak is lost. With the facts a text
    alternative needs: start, end (the balance now), low and high of the
    results, how many, and the first and last movement's dates. Only the
    amounts are streamed (10,000 movements in about 20 ms of CPU); the dates
    are one aggregate."""
    bucket = max(1, math.ceil(count / max(1, most // 3)))  # up to 3 points a run
    entries = Entry.objects.filter(account=account)
    ends = round_ends(account)
    points, run = [], []
    balance, facts = 0, None
    rows = entries.order_by("id").values_list("id", "amount", "transaction__round_number")
    for index, (entry_id, amount, round_number) in enumerate(rows.iterator(chunk_size=2000)):
        balance += amount
        if round_number is not None and entry_id not in ends:
            continue
        if facts is None:
            facts = {"start": balance, "low": balance, "high": balance, "results": 0}
        facts["low"], facts["high"] = min(facts["low"], balance), max(facts["high"], balance)
        facts["results"] += 1
        run.append((index, balance))
        if len(run) == bucket:
            points.extend(_extremes(run))
            run = []
    points.extend(_extremes(run))
    if facts is not None:
        facts.update(end=balance, movements=index + 1)
        facts.update(entries.aggregate(first=Min("transaction__created"), last=Max("transaction__created")))
    return points, facts


def round_ends(account):
    """The ids of the account's movements that end a round of theirs that
    is over (or whose record went with its table): its last one."""
    playing = Round.objects.filter(
        table_id=OuterRef("transaction__table_id"),
        number=OuterRef("transaction__round_number"),
        finished__isnull=True,
    )
    ends = (
        Entry.objects.filter(account=account, transaction__round_number__isnull=False)
        .exclude(Exists(playing))
        .values("transaction__table_id", "transaction__round_number")
        .annotate(last=Max("id"))
        .values_list("last", flat=True)
    )
    return set(ends)


def _extremes(run):
    """The lowest, highest and last point of a run, in their order (fewer
    where they are the same point)."""
    if not run:
        return []
    kept = {min(run, key=lambda point: point[1]), max(run, key=lambda point: point[1]), run[-1]}
    return sorted(kept)
