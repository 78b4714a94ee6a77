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
    # The benches' baselines, bench/broadcast.py's bare echo and
    # bench/load.py's bare relay: never on otherwise.
    from bench.echo import EchoConsumer
    from bench.relay import RelayConsumer

    websocket_urlpatterns.append(path("ws/bench/echo/", EchoConsumer.as_asgi()))
    websocket_urlpatterns.append(path("ws/bench/relay/<int:group>/", RelayConsumer.as_asgi()))

# Last: any other path closes with 4404 (URLRouter would raise, a 500).
websocket_urlpatterns.append(re_path(r"", NoRouteConsumer.as_asgi()))
