"""One lobby tile per listed table: its game, limits, seats, players and
watchers, and a picture of its last result (the wheel's last spins, the
dealer's last hand in cards). The same partial renders the first page and
every push."""

import asyncio

from channels.db import database_sync_to_async
from django.template.loader import render_to_string

from casino.accounts import names
from casino.realtime import presence
from casino.tables.models import Round, Table
from games.presenting import card_svg


def table_row(table):
    spec = table.spec
    config = table.rules_config()
    snapshot = table.state or {}
    seats = snapshot.get("seats") or {}
    seated = {int(player) for player in seats.values()}
    shown = last_round_state(table, snapshot)
    view = spec.lobby_view(shown) if shown else None
    if view and view.get("cards"):
        view = {**view, "svgs": [card_svg(card) for card in view["cards"]]}
    return {
        "id": table.pk,
        "name": table.name,
        "game": spec.slug,
        "game_name": spec.name,
        "is_test": table.is_test,
        "limits": spec.limits_text(config),
        "seated": len(seated),
        "seats": [str(number) in seats for number in range(1, table.max_seats + 1)],
        "max_seats": table.max_seats,
        "bots": sum(names.is_bot_name(name) for name in (snapshot.get("nicknames") or {}).values()),
        "watching": presence.watching_count(table.pk, seated),
        "full": len(seated) >= table.max_seats,
        "last_result": spec.last_result(shown) if shown else None,
        "view": view,
    }


def last_round_state(table, snapshot):
    """The game state the table's last result is read from, or None before one.

    A card table's state holds its round only until the next deal, so
    between results it is the last finished round's record (its
    ``round_summary``), which the game's ``last_result`` reads too.
    Dreamcatcher keeps its history in its state: it needs the record only
    before its first result, and finds none there."""
    game = snapshot.get("game")
    if game and table.spec.last_result(game) is not None:
        return game
    return (
        Round.objects.filter(table=table, finished__isnull=False)
        .order_by("-number")
        .values_list("result", flat=True)
        .first()
    )


def open_tables():
    """The public lobby's tables (Table.is_listed)."""
    return Table.objects.filter(is_open=True, is_test=False, is_private=False)


def render_row(table_id):
    """The table's lobby tile as a push: the tile, a delete when a listed
    table is no longer, or "" for a table the lobby never lists (private,
    test), which it must not even say exists."""
    table = Table.objects.filter(pk=table_id).first()
    if table is not None and not table.is_listed:
        return ""
    if table is None or not table.is_open:
        return f'<li id="table-row-{int(table_id)}" hx-swap-oob="delete"></li>'
    return render_to_string("lobby/_row.html", {"row": table_row(table), "oob": True})


# table id -> (stamp, the task rendering that change): one render per change
# and process, however many lobby viewers the process serves.
_renders = {}


async def shared_row(table_id, stamp):
    """``render_row(table_id)`` for the change ``stamp`` (groups.lobby_table_message),
    rendered once in this process: the first viewer's handler starts the
    render, every other viewer's awaits the same result."""
    loop = asyncio.get_running_loop()
    held = _renders.get(table_id)
    if held is None or held[0] != stamp or held[1].get_loop() is not loop:
        held = _renders[table_id] = (stamp, loop.create_task(database_sync_to_async(render_row)(table_id)))
    # shield: a viewer that disconnects mid-render does not cancel the others' render.
    return await asyncio.shield(held[1])
