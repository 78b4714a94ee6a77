"""The one place that knows how a session names its player (HTTP and websockets)."""

from casino.accounts.models import Player

SESSION_KEY = "player_id"


def player_from_session(session):
    player_id = session.get(SESSION_KEY)
    if player_id is None:
        return None
    return Player.objects.filter(pk=player_id).first()


def player_id_from_session(session):
    """The id only, for the websocket consumer's hot path (no query)."""
    value = session.get(SESSION_KEY) if session is not None else None
    return int(value) if value is not None else None


def log_in_player(request, player):
    request.session[SESSION_KEY] = player.pk
