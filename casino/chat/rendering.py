"""The chat's markup: the same partials for the first page and every push.

A message's line is the same for every viewer but for its one control (the
host's "Mute", a registered player's "Hide"), so each process renders a
message at most once per kind of viewer, however many watch the table."""

import functools

from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

from casino.chat.api import HIDER, HOST

PLAIN, HIDE, MUTE = "plain", "hide", "mute"


def variant_for(event, viewer):
    """Which control the viewer gets on this message's line."""
    if event["kind"] != "player" or event["player"] is None or event["player"] == viewer.player_id:
        return PLAIN
    return {HOST: MUTE, HIDER: HIDE}.get(viewer.role, PLAIN)


@functools.lru_cache(maxsize=1024)
def _line(message_id, kind, nickname, text, variant):
    message = {"id": message_id, "kind": kind, "nickname": nickname, "text": text}
    return render_to_string("chat/_line.html", {"m": message, "variant": variant})


def render_line(event, viewer):
    return _line(event["id"], event["kind"], event["nickname"], event["text"], variant_for(event, viewer))


def render_list(events, viewer):
    """The whole log (``#chat-log``, its list ``#chat-list``): in the page, and
    on connecting (a live region replaced whole is not read out again)."""
    return render_to_string("chat/_list.html", {"lines": [render_line(event, viewer) for event in events]})


def render_appended(lines):
    """New lines, added at the end of the viewer's ``#chat-list``."""
    return mark_safe('<ol hx-swap-oob="beforeend:#chat-list">' + "".join(lines) + "</ol>")


def render_tools(tools):
    """The viewer's own controls (``#chat-tools``)."""
    return render_to_string("chat/_tools.html", tools)
