"""Names on the channel layer, in one place."""

LOBBY_GROUP = "lobby"
# The lobby and every table with linked progressive meters: the meter ticker's pushes.
METERS_GROUP = "meters"


def table_group(table_id):
    """Every connection watching the table."""
    return f"table-{table_id}"


def table_channel(table_id):
    """The table owner's inbox: players' actions go here."""
    return f"table-owner.{table_id}"


def player_group(player_id):
    """Every connection of one player, at any table: balance changes go here."""
    return f"player-{player_id}"
