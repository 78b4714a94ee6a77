import os

from django.urls import path

from casino.lobby.consumers import LobbyConsumer
from casino.tables.consumers import TableConsumer

websocket_urlpatterns = [
    path("ws/tables/<int:table_id>/", TableConsumer.as_asgi()),
    path("ws/lobby/", LobbyConsumer.as_asgi()),
]

if os.environ.get("BENCH_ECHO") == "1":
    # bench/broadcast.py's baseline, a bare echo consumer: never on otherwise.
    from bench.echo import EchoConsumer

    websocket_urlpatterns.append(path("ws/bench/echo/", EchoConsumer.as_asgi()))
