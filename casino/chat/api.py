"""Table chat: checking, storing and moderating what is said at a table.

Synchronous (the database): the consumer calls it through
database_sync_to_async (casino/chat/ws.py), the table's side (the owner, the
host's controls) through ``post_system``. Every message is stored, then sent
as a ``chat.message`` event to the table's group, whose member in each Daphne
hands it to that process's viewers (casino/realtime/fanout.py)."""

import logging
from dataclasses import dataclass, field
from functools import partial

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from casino import redis_outage
from casino.accounts.models import Player
from casino.chat.models import ChatHide, ChatMessage, ChatMute, ChatRoom
from casino.plain_text import plain
from casino.realtime.groups import table_group
from casino.tables.models import Table
from games.engine import parse_whole

log = logging.getLogger(__name__)

MAX_CHARS = 300
HISTORY = 100
EVENT = "chat.message"

# Viewers who get controls in the chat: the host of a private table mutes
# players and turns spectator chat off; at a public table a registered player
# hides a player's messages for themselves.
HOST = "host"
HIDER = "hider"

NO_SESSION = "You have no player session: choose a nickname on the home page to chat."
MUTED = "The host has muted you at this table: your messages are not sent."
SPECTATORS_OFF = "The host has turned spectator chat off: take a seat to chat."
NOT_HOST = "Only the host of a private table can do that."
NOT_HIDER = "Only registered players can hide a player's messages, and only at public tables."
NO_SUCH_MESSAGE = "There is no such message at this table."


class ChatRefused(Exception):
    """A chat message or control refused; the text is for the sender. Nothing changed."""


@dataclass(frozen=True)
class Viewer:
    player_id: int | None
    role: str | None = None  # HOST, HIDER or None


@dataclass
class Joined:
    """What a viewer's chat starts from: the page's and the socket's first render."""

    viewer: Viewer
    hidden: set = field(default_factory=set)
    history: list = field(default_factory=list)
    tools: dict = field(default_factory=dict)


def clean_text(text):
    """The message as stored: trimmed, control characters (bidirectional
    embeddings and isolates too) as spaces; refused when empty or over
    MAX_CHARS."""
    if not isinstance(text, str):
        raise ChatRefused("Malformed message: the chat text must be a string.")
    text = plain(text)
    if not text:
        raise ChatRefused("Type a message first: an empty one is not sent.")
    if len(text) > MAX_CHARS:
        raise ChatRefused(
            f"A chat message is at most {MAX_CHARS} characters; that one has {len(text)}. It was not sent."
        )
    return text


def event_of(message):
    return {
        "type": EVENT,
        "id": message.pk,
        "player": message.player_id,
        "nickname": message.nickname,
        "text": message.text,
        "kind": message.kind,
    }


def _table(table_id):
    return Table.objects.only("is_private", "host_id").get(pk=table_id)


def viewer_of(table, player):
    if player is None:
        return Viewer(None)
    if table.is_private and table.host_id == player.pk:
        return Viewer(player.pk, HOST)
    if not table.is_private and player.user_id is not None:
        return Viewer(player.pk, HIDER)
    return Viewer(player.pk)


def join(table_id, player_id):
    table = _table(table_id)
    player = Player.objects.filter(pk=player_id).first() if player_id is not None else None
    viewer = viewer_of(table, player)
    hidden = hidden_by(viewer)
    return Joined(viewer, hidden, history(table_id, hidden), tools(table, viewer))


def history(table_id, hidden=()):
    """The last HISTORY messages of the table a viewer sees, oldest first."""
    messages = ChatMessage.objects.filter(table_id=table_id).exclude(player_id__in=hidden)
    return [event_of(message) for message in reversed(messages.order_by("-id")[:HISTORY])]


def hidden_by(viewer):
    if viewer.role != HIDER:
        return set()
    return set(ChatHide.objects.filter(viewer_id=viewer.player_id).values_list("hidden_id", flat=True))


def spectators_may_chat(table_id):
    room = ChatRoom.objects.filter(table_id=table_id).first()
    return room is None or room.spectators_may_chat


def speak(table_id, player_id, nickname, text, seated):
    """Store a player's message; returns its event. ``seated``: the speaker
    sits at the table (spectators may be kept quiet by the host)."""
    if player_id is None:
        raise ChatRefused(NO_SESSION)
    text = clean_text(text)
    table = _table(table_id)
    if table.is_private and player_id != table.host_id:
        if ChatMute.objects.filter(table_id=table_id, player_id=player_id).exists():
            raise ChatRefused(MUTED)
        if not seated and not spectators_may_chat(table_id):
            raise ChatRefused(SPECTATORS_OFF)
    message = ChatMessage.objects.create(
        table_id=table_id, player_id=player_id, nickname=nickname[:24], text=text, kind=ChatMessage.PLAYER
    )
    return event_of(message)


def post_system(table_id, text):
    """A line from the table itself in its chat (a big win, the host's
    changes), for everyone at it. Call it from synchronous code (a view, the
    runtime, or through database_sync_to_async); inside a transaction the
    viewers get it once the transaction commits. Returns its event."""
    message = ChatMessage.objects.create(table_id=table_id, text=text, kind=ChatMessage.SYSTEM)
    event = event_of(message)
    transaction.on_commit(partial(_broadcast, table_id, event))
    return event


def _broadcast(table_id, event):
    try:
        async_to_sync(get_channel_layer().group_send)(table_group(table_id), event)
    except Exception:
        # Stored: whoever joins next sees it; the table goes on.
        redis_outage.report(log, "table %s: a chat line could not be sent", table_id)


# -- moderation ---------------------------------------------------------------


def _hosted(table_id, viewer):
    table = _table(table_id)
    if not table.is_private or table.host_id is None or table.host_id != viewer.player_id:
        raise ChatRefused(NOT_HOST)
    return table


def _author(table_id, message_id):
    number = parse_whole(message_id)
    message = (
        ChatMessage.objects.filter(pk=number, table_id=table_id, kind=ChatMessage.PLAYER).first()
        if number is not None
        else None
    )
    if message is None or message.player_id is None:
        raise ChatRefused(NO_SUCH_MESSAGE)
    return message


def mute(table_id, viewer, message_id):
    """The host mutes the author of a message at their private table."""
    table = _hosted(table_id, viewer)
    message = _author(table_id, message_id)
    if message.player_id == viewer.player_id:
        raise ChatRefused("You host this table: you cannot mute yourself.")
    ChatMute.objects.get_or_create(table=table, player_id=message.player_id)
    return tools(table, viewer)


def unmute(table_id, viewer, player_id):
    table = _hosted(table_id, viewer)
    ChatMute.objects.filter(table=table, player_id=parse_whole(player_id)).delete()
    return tools(table, viewer)


def set_spectators(table_id, viewer, allowed):
    """The host lets spectators chat, or keeps them quiet; everyone is told."""
    table = _hosted(table_id, viewer)
    with transaction.atomic():
        room, _ = ChatRoom.objects.select_for_update().get_or_create(table=table)
        if room.spectators_may_chat != allowed:
            room.spectators_may_chat = allowed
            room.save(update_fields=["spectators_may_chat"])
            post_system(
                table_id,
                "The host turned spectator chat on: everyone at the table can chat."
                if allowed
                else "The host turned spectator chat off: only seated players can chat now.",
            )
    return tools(table, viewer)


def hide(table_id, viewer, message_id):
    """A registered player stops seeing the author of a message (public tables)."""
    if viewer.role != HIDER:
        raise ChatRefused(NOT_HIDER)
    message = _author(table_id, message_id)
    if message.player_id == viewer.player_id:
        raise ChatRefused("That is your own message.")
    ChatHide.objects.get_or_create(viewer_id=viewer.player_id, hidden_id=message.player_id)
    return hidden_by(viewer)


def unhide(viewer, player_id):
    if viewer.role != HIDER:
        raise ChatRefused(NOT_HIDER)
    ChatHide.objects.filter(viewer_id=viewer.player_id, hidden_id=parse_whole(player_id)).delete()
    return hidden_by(viewer)


def tools(table, viewer):
    """The context of the viewer's own controls (chat/_tools.html)."""
    if viewer.role == HOST:
        muted = Player.objects.filter(chat_mutes__table=table).order_by("nickname")
        return {
            "role": HOST,
            "spectators": spectators_may_chat(table.pk),
            "muted": list(muted.values_list("pk", "nickname")),
        }
    if viewer.role == HIDER:
        hidden = Player.objects.filter(pk__in=hidden_by(viewer)).order_by("nickname")
        return {"role": HIDER, "hidden": list(hidden.values_list("pk", "nickname"))}
    return {"role": None}
