"""ASGI entry point: HTTP through Django, websockets through Channels."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "casino.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler  # noqa: E402
from django.core.exceptions import SuspiciousFileOperation  # noqa: E402
from django.http import Http404  # noqa: E402

from casino.gc_tuning import tune_for_server  # noqa: E402
from casino.origin import SameOriginValidator  # noqa: E402
from casino.routing import websocket_urlpatterns  # noqa: E402


class StaticFilesHandler(ASGIStaticFilesHandler):
    """Django's, but a path that climbs out of the static folders
    (``/static/../../etc/passwd``) is a 404, not a 500 with a traceback:
    its finders raise SuspiciousFileOperation, which it does not catch."""

    def serve(self, request):
        try:
            return super().serve(request)
        except SuspiciousFileOperation:
            raise Http404("No such file.") from None


def application_for(websocket_routes):
    """The casino's pages over HTTP and ``websocket_routes`` (bench/asgi.py
    puts the benches' baselines in front of the casino's own)."""
    return ProtocolTypeRouter(
        {
            "http": StaticFilesHandler(django_asgi_app),
            # Websockets must come from the site's own origin or a trusted one
            # (casino/origin.py) and carry the session cookie to act.
            "websocket": SameOriginValidator(AuthMiddlewareStack(URLRouter(websocket_routes))),
        }
    )


application = application_for(websocket_urlpatterns)

# Everything the server needs is imported: the collector leaves it alone.
tune_for_server()
