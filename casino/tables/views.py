from datetime import datetime

from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render

from casino.progressives import display
from casino.tables import replay
from casino.tables.models import Round, Table
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
    context["stack_help"] = getattr(table.spec.rules, "STACK_HELP", "")
    return render(request, table.spec.page_template, context)


CHIP_DENOMINATIONS = (1, 5, 10, 25, 100, 500, 1_000, 5_000, 10_000)


def _chip_values(table):
    """Casino chip denominations within the table's limits (at most five)."""
    minimum = table.spec.min_wager(table.rules_config()) // CENTS_PER_CHIP
    values = [value for value in CHIP_DENOMINATIONS if value >= minimum]
    return values[:5] or [minimum]


RECENT_ROUNDS = 20


def latest_round(request, table_id):
    """The table's round records start at its last finished round."""
    table = get_object_or_404(Table, pk=table_id)
    rounds = Round.objects.filter(table=table).order_by("-number")
    record = rounds.filter(finished__isnull=False).first() or rounds.first()
    if record is None:
        raise Http404("This table has no rounds yet.")
    return redirect("tables:round", table_id=table.pk, number=record.number)


def round_page(request, table_id, number):
    """A round's record, step by step, and the replay's verdict once it is over.

    Never rendered: the start state (a blackjack shoe holds the cards still to
    come, in this round and the next ones) and the generator's draws (those of
    a shuffle give the order of a whole shoe). Until the round is over, only
    what the table itself showed: who did what, the log and the chips."""
    table = get_object_or_404(Table, pk=table_id)
    record = get_object_or_404(Round, table=table, number=number)
    finished = record.finished is not None
    names = replay.nicknames(record)
    steps = []
    for index, step in enumerate(record.steps):
        steps.append(
            {
                "number": index + 1,
                "at": datetime.fromisoformat(step["at"]),
                "who": replay.describe_player(step["action"], names),
                "kind": step["action"]["kind"].replace("_", " "),
                "log": [replay.log_line(line, names) for line in step["log"]],
                "moves": [replay.describe_move(move, names) for move in step["moves"]],
                "draws": len(step["draws"]) if finished else None,
                "meters": finished and step.get("meters") is not None,
                "config": _settings(step.get("config")),
            }
        )
    numbers = Round.objects.filter(table=table).order_by("-number").values_list("number", flat=True)
    context = {
        "table": table,
        "record": record,
        "finished": finished,
        "config": _settings(record.config),
        "steps": steps,
        "report": replay.replay(record) if finished and record.steps else None,
        "previous": numbers.filter(number__lt=number).first(),
        "next": numbers.filter(number__gt=number).last(),
        "recent": list(numbers[:RECENT_ROUNDS]),
    }
    return render(request, "tables/round.html", context)


def _settings(config):
    if config is None:
        return None
    return [(name.replace("_", " ").capitalize(), value) for name, value in config.items()]
