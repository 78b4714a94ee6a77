"""Names on the channel layer, in one place."""

import itertools
import os

LOBBY_GROUP = "lobby"
# The lobby and every table with linked progressive meters: the meter ticker's pushes.
METERS_GROUP = "meters"


_stamps = itertools.count()


def lobby_table_message(table_id):
    """What tells the lobby that a listed table changed (send it for no other
    table). Its stamp is the same for every lobby viewer of one send and new
    at every send, so each process renders the table's tile once per change
    and hands that markup to all its viewers (casino/lobby/consumers.py)."""
    return {"type": "lobby.table", "table_id": table_id, "stamp": f"{os.getpid()}.{next(_stamps)}"}


def table_group(table_id):
    """Every connection watching the table."""
    return f"table-{table_id}"


def table_channel(table_id):
    """The table owner's inbox: players' actions go here."""
    return f"table-owner.{table_id}"


def player_group(player_id):
    """Every connection of one player, at any table: balance changes go here."""
    return f"player-{player_id}"


def player_at_table_group(player_id, table_id):
    """One player's connections at one table: they have the player's balance
    in the table's own updates, so the table's balance pushes to the
    player's group skip them (owner._push_balances)."""
    return f"player-{player_id}-at-{table_id}"
