from django.shortcuts import get_object_or_404, render

from casino.tables.models import Table
from casino.tables.rendering import table_context, table_meta
from casino.tables.runtime import fresh_snapshot
from casino.wallet.ledger import balance_of


def table_page(request, table_id):
    """The first page of a table: the same fragments the websocket pushes."""
    table = get_object_or_404(Table, pk=table_id, is_open=True)
    meta = table_meta(table)
    player = request.player
    balance = balance_of(player) if player else None
    snapshot = table.state or fresh_snapshot(table.spec)
    context = table_context(
        meta, snapshot, table.config, table.version, player.pk if player else None, balance
    )
    context["join"] = request.GET.get("join") == "1"
    context["chip_values"] = _chip_values(table)
    return render(request, table.spec.page_template, context)


def _chip_values(table):
    minimum = table.spec.min_wager(table.rules_config()) // 100
    values = [value * minimum for value in (1, 5, 10, 25, 100)]
    return values
