"""One lobby row per table: game, limits, who is seated and watching."""

from django.template.loader import render_to_string

from casino.accounts import names
from casino.realtime import presence
from casino.tables.models import Round, Table


def table_row(table):
    spec = table.spec
    config = table.rules_config()
    snapshot = table.state or {}
    seated = {int(player) for player in (snapshot.get("seats") or {}).values()}
    return {
        "id": table.pk,
        "name": table.name,
        "game_name": spec.name,
        "is_test": table.is_test,
        "limits": spec.limits_text(config),
        "seated": len(seated),
        "bots": sum(names.is_bot_name(name) for name in (snapshot.get("nicknames") or {}).values()),
        "watching": presence.watching_count(table.pk, seated),
        "full": len(seated) >= table.max_seats,
        "last_result": last_result(table, snapshot),
    }


def last_result(table, snapshot):
    """The short text of the table's last result, kept until the next one.

    A card table's state holds its round only until the next deal, so
    between results the text comes from the last finished round's record
    (its ``round_summary``), which the game's ``last_result`` reads too.
    Dreamcatcher keeps its history in its state: it needs the record only
    before its first result, and finds none there."""
    game = snapshot.get("game")
    text = table.spec.last_result(game) if game else None
    if text is None:
        record = (
            Round.objects.filter(table=table, finished__isnull=False)
            .order_by("-number")
            .values_list("result", flat=True)
            .first()
        )
        if record:
            text = table.spec.last_result(record)
    return text


def open_tables():
    """The public lobby's tables: test tables are listed in the lab only,
    private tables nowhere (their link is how one finds them)."""
    return Table.objects.filter(is_open=True, is_test=False, is_private=False)


def render_row(table_id):
    """The table's lobby row as a push: the row, a delete when a listed table
    is no longer, or "" for a table the lobby never lists (private, test),
    which it must not even say exists."""
    table = Table.objects.filter(pk=table_id).first()
    if table is not None and (table.is_private or table.is_test):
        return ""
    if table is None or not table.is_open:
        return f'<tr id="table-row-{int(table_id)}" hx-swap-oob="delete"></tr>'
    return render_to_string("lobby/_row.html", {"row": table_row(table), "oob": True})
