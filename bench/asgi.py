"""The casino's ASGI application with the benches' baselines in front of its
own websocket routes: bench/broadcast.py's bare echo and bench/load.py's bare
relay, in the same Daphne as the tables. The benches' Daphnes serve it when
BENCH_ECHO=1 (bench/layout.py); the casino never does."""

from django.urls import path

from bench.echo import EchoConsumer
from bench.relay import RelayConsumer
from casino.asgi import application_for
from casino.gc_tuning import tune_for_server
from casino.routing import websocket_urlpatterns

application = application_for(
    [
        path("ws/bench/echo/", EchoConsumer.as_asgi()),
        path("ws/bench/relay/<int:group>/", RelayConsumer.as_asgi()),
        *websocket_urlpatterns,
    ]
)

# As casino/asgi.py does, now that the baselines are imported too.
tune_for_server()
