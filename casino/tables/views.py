from django.shortcuts import get_object_or_404, render

from casino.progressives import display
from casino.tables.models import Table
from casino.tables.rendering import table_context, table_meta
from casino.tables.runtime import fresh_snapshot
from casino.wallet.ledger import balance_of
from games.engine import CENTS_PER_CHIP


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
    context["meters"] = display.panel(table.pk)
    return render(request, table.spec.page_template, context)


CHIP_DENOMINATIONS = (1, 5, 10, 25, 100, 500, 1_000, 5_000, 10_000)


def _chip_values(table):
    """Casino chip denominations within the table's limits (at most five)."""
    minimum = table.spec.min_wager(table.rules_config()) // CENTS_PER_CHIP
    values = [value for value in CHIP_DENOMINATIONS if value >= minimum]
    return values[:5] or [minimum]
