"""How the client's address is read behind trusted proxies
(casino/client_address.py), and that every per-address limit reads it so:
axes' sign-in lockout, django-ratelimit's key="ip" and the websockets'
count (issue 33, item 5). tests/test_proxy_address.py runs it end to end
through nginx."""

import pytest
from axes.helpers import get_client_ip_address
from django.test import RequestFactory
from django_ratelimit.core import _SIMPLE_KEYS

from casino.client_address import of_request, of_scope, resolve
from casino.realtime.ratelimit import _holders
from casino.redis_client import key


@pytest.fixture
def proxies(settings):
    settings.TRUSTED_PROXIES = ["127.0.0.1", "10.0.0.0/8", "2001:db8::/64"]


@pytest.mark.parametrize(
    ("peer", "forwarded", "client"),
    [
        # No proxy of ours in front: the header is anyone's to write.
        ("198.51.100.9", ["203.0.113.7"], "198.51.100.9"),
        # nginx with $remote_addr: one entry, the one it saw.
        ("127.0.0.1", ["198.51.100.9"], "198.51.100.9"),
        # A proxy that appends: the client's own entry stands to the left.
        ("127.0.0.1", ["203.0.113.7, 198.51.100.9"], "198.51.100.9"),
        ("127.0.0.1", ["203.0.113.7", "198.51.100.9"], "198.51.100.9"),
        # Two proxies of ours, each appending.
        ("127.0.0.1", ["203.0.113.7, 198.51.100.9, 10.1.2.3"], "198.51.100.9"),
        # No header: the proxy itself (its own health check).
        ("127.0.0.1", [], "127.0.0.1"),
        # Every entry a proxy of ours: the farthest of them.
        ("127.0.0.1", ["10.0.0.5, 10.0.0.6"], "10.0.0.5"),
        # Something no proxy writes, next to ours: counted against our proxy.
        ("127.0.0.1", ["198.51.100.9, unknown"], "127.0.0.1"),
        ("127.0.0.1", ["198.51.100.9, 10.0.0.5, not an address"], "127.0.0.1"),
        ("127.0.0.1", ["garbage, 10.0.0.5"], "10.0.0.5"),
        # IPv6, written as the proxy writes it or not.
        ("2001:db8::1", ["2001:DB8:0:1::7"], "2001:db8:0:1::7"),
        ("127.0.0.1", ["203.0.113.7,2001:db8:0:1::7"], "2001:db8:0:1::7"),
    ],
)
def test_the_client_is_the_rightmost_entry_that_is_not_a_trusted_proxy(proxies, peer, forwarded, client):
    assert resolve(peer, forwarded) == client


def test_with_no_trusted_proxy_the_header_is_ignored(settings):
    settings.TRUSTED_PROXIES = []
    assert resolve("127.0.0.1", ["203.0.113.7"]) == "127.0.0.1"


def forged(peer="127.0.0.1", header="203.0.113.7, 198.51.100.9"):
    return RequestFactory().post("/accounts/login/", REMOTE_ADDR=peer, HTTP_X_FORWARDED_FOR=header)


def test_every_limit_on_a_request_reads_the_same_address(proxies):
    request = forged()
    assert of_request(request) == "198.51.100.9"
    assert get_client_ip_address(request) == "198.51.100.9"  # django-axes
    assert _SIMPLE_KEYS["ip"](request) == "198.51.100.9"  # django-ratelimit's key="ip"
    untrusted = forged(peer="192.0.2.1")
    assert get_client_ip_address(untrusted) == _SIMPLE_KEYS["ip"](untrusted) == "192.0.2.1"


def test_a_websocket_counts_against_the_same_address(proxies, settings):
    scope = {
        "type": "websocket",
        "client": ["127.0.0.1", 51234],
        "headers": [(b"x-forwarded-for", b"203.0.113.7"), (b"x-forwarded-for", b"198.51.100.9")],
    }
    assert of_scope(scope) == "198.51.100.9"
    assert (key("ws-address", "198.51.100.9"), settings.WS_MAX_PER_ADDRESS) in _holders(scope)
    assert of_scope({"type": "websocket", "headers": []}) is None
