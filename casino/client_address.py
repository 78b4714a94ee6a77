"""The client's address: the one every per-address limit counts (new guests,
registrations, the sign-in lockout, open table websockets).

Behind a reverse proxy, the connection Daphne sees comes from the proxy.
``TRUSTED_PROXIES`` (settings) lists the proxies' addresses or networks.
Only when the connection comes from one of them is X-Forwarded-For read,
and then from its right end: each proxy appends the address it was
connected from, so the rightmost entry that is not a proxy of ours is the
client as our outermost proxy saw it. Whatever a client wrote into the
header itself stands to the left of that and is never taken. (Daphne's own
``--proxy-headers`` takes the leftmost entry, the client's choice whenever
the proxy appends rather than overwrites; it must not be used.)

With no ``TRUSTED_PROXIES`` (``make run``, or Daphne facing the clients
itself), the header is ignored and the address is the connection's.

Stdlib ``ipaddress`` rather than a library: the candidates either read a
dozen headers by precedence and prefer "public" addresses (django-ipware,
python-ipware, whose own README warns against relying on it for security)
or come inside an ASGI server (uvicorn's ProxyHeadersMiddleware).
"""

import functools
import ipaddress

from django.conf import settings


def of_request(request):
    """A Django request's client address (django-ratelimit's
    ``RATELIMIT_IP_META_KEY`` and axes' ``AXES_CLIENT_IP_CALLABLE``). Django
    joins repeated X-Forwarded-For lines with commas, in order."""
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR")
    return resolve(request.META.get("REMOTE_ADDR"), [forwarded] if forwarded else [])


def of_scope(scope):
    """An ASGI scope's client address (the websockets' per-address count),
    or None when the connection has none (a Unix socket)."""
    client = scope.get("client")
    forwarded = [
        value.decode("latin-1") for name, value in scope.get("headers", ()) if name == b"x-forwarded-for"
    ]
    return resolve(client[0] if client else None, forwarded)


def resolve(peer, forwarded):
    """The client behind ``peer`` (the connection's address), given the
    X-Forwarded-For header lines ``forwarded`` in the order received."""
    if not peer or not _trusted(peer):
        return peer
    hops = [hop.strip() for line in forwarded for hop in line.split(",")]
    nearest = peer
    for hop in reversed(hops):
        address = _address(hop)
        if address is None:
            # Not an address a proxy of ours would write (each writes the
            # address it was connected from): count the request against the
            # nearest proxy rather than let the sender name itself.
            return nearest
        if not _trusted(address):
            return address
        nearest = address
    # Every hop is a proxy of ours (a health check from one of them).
    return nearest


def _address(text):
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        return None


def _trusted(address):
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in _networks(tuple(settings.TRUSTED_PROXIES)))


@functools.lru_cache(maxsize=4)
def _networks(entries):
    """``TRUSTED_PROXIES`` entries as networks: an address is a network of one."""
    return [ipaddress.ip_network(entry, strict=False) for entry in entries]
