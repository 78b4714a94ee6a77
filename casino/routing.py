from django.urls import path, re_path

from casino.lobby.consumers import LobbyConsumer
from casino.tables.consumers import TableConsumer
from casino.websocket import NoRouteConsumer

websocket_urlpatterns = [
    path("ws/tables/<int:table_id>/", TableConsumer.as_asgi()),
    path("ws/lobby/", LobbyConsumer.as_asgi()),
    # Last: any other path closes with 4404 (URLRouter would raise, a 500).
    re_path(r"", NoRouteConsumer.as_asgi()),
]
