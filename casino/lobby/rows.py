"""One lobby row per table: game, limits, who is seated and watching."""

from django.template.loader import render_to_string

from casino.tables import presence
from casino.tables.models import Table


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
        "watching": presence.watching_count(table.pk, seated),
        "full": len(seated) >= table.max_seats,
        "last_result": spec.last_result(snapshot["game"]) if snapshot.get("game") else None,
    }


def open_tables():
    """The public lobby's tables: test tables are listed in the lab only."""
    return Table.objects.filter(is_open=True, is_test=False)


def render_row(table_id):
    table = open_tables().filter(pk=table_id).first()
    if table is None:
        return f'<tr id="table-row-{int(table_id)}" hx-swap-oob="delete"></tr>'
    return render_to_string("lobby/_row.html", {"row": table_row(table), "oob": True})
