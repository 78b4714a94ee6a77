import os

from django.urls import path, re_path

from casino.lobby.consumers import LobbyConsumer
from casino.tables.consumers import TableConsumer
from casino.websocket import NoRouteConsumer

websocket_urlpatterns = [
    path("ws/tables/<int:table_id>/", TableConsumer.as_asgi()),
    path("ws/lobby/", LobbyConsumer.as_asgi()),
]

if os.environ.get("BENCH_ECHO") == "1":
    # bench/broadcast.py's baseline, a bare echo consumer: never on otherwise.
    from bench.echo import EchoConsumer

    websocket_urlpatterns.append(path("ws/bench/echo/", EchoConsumer.as_asgi()))

# Last: any other path closes with 4404 (URLRouter would raise, a 500).
websocket_urlpatterns.append(re_path(r"", NoRouteConsumer.as_asgi()))
