"""The websocket Origin check: the whole origin (scheme, host and port), not
only its host as Channels' AllowedHostsOriginValidator compares it, which let
``http://localhost:9999`` or ``https://127.0.0.1`` open a player's socket.

A browser always sends Origin with a websocket; a page elsewhere can then
not act with the player's cookie (cross-site websocket hijacking). A client
that sends none is not a browser (the demo bots, bench/, tests) and could
send any Origin it likes, so refusing it would protect nothing.
"""

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host


def _header(scope, name):
    for key, value in scope.get("headers", []):
        if key == name:
            return value.decode("latin1")
    return None


def _trusted(origin):
    """CSRF_TRUSTED_ORIGINS, as Django reads it: exact, or ``https://*.example.com``."""
    for pattern in settings.CSRF_TRUSTED_ORIGINS:
        if origin == pattern:
            return True
        scheme, _, host = pattern.partition("://*")
        if host and origin.startswith(scheme + "://") and origin.endswith(host) and host.startswith("."):
            return True
    return False


def allowed_origin(scope):
    origin = _header(scope, b"origin")
    if origin is None:
        return True
    host = _header(scope, b"host")
    if host is None or not validate_host(split_domain_port(host)[0], settings.ALLOWED_HOSTS):
        return _trusted(origin)
    scheme = "https" if scope.get("scheme") == "wss" else "http"
    return origin == f"{scheme}://{host}" or _trusted(origin)


class SameOriginValidator:
    """ASGI middleware: refuse (HTTP 403, before the socket opens) a
    websocket whose Origin is neither the site's own nor trusted."""

    def __init__(self, application):
        self.application = application

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket" and not allowed_origin(scope):
            return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)
