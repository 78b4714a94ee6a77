"""What every websocket consumer of the casino shares: a bounded decoder for
what clients send, and a consumer that survives its own failures.

A handler that raises takes Channels' whole consumer down: Daphne closes the
socket with 1011 and ``disconnect()`` never runs, so the connection's seat,
presence and group memberships stay behind (a zombie per bad message).
``GuardedConsumer`` logs the failure instead, answers the sender, and always
lets the disconnect cleanup run.
"""

import json
import logging
import math
import re

from autobahn.exception import Disconnected
from channels.consumer import get_handler_name
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncWebsocketConsumer

from casino import redis_outage

log = logging.getLogger(__name__)

MAX_MESSAGE_BYTES = 4096
# Messages are flat objects; htmx's ws extension nests one (HEADERS).
MAX_DEPTH = 2
# Round ids, seats and amounts fit; msgpack (the channel layer) takes no
# integer of 2**64 or more, and Python's int() refuses 4,300 digits.
MAX_DIGITS = 15
# Close codes (docs/protocol.md). Autobahn lets a server send only 1000 or
# 3000-4999, so not RFC 6455's 1009 "message too big" or 1011 "server error".
CLOSE_TOO_BIG = 4413  # a message over MAX_MESSAGE_BYTES
CLOSE_FAILED = 4500  # connecting failed on our side
CLOSE_NOT_FOUND = 4404  # no such table, or no such websocket path

SOMETHING_WENT_WRONG = "Something went wrong with that message; nothing changed."

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


class BadMessage(Exception):
    """A message refused before it reaches the table; the text is for the sender."""


class TooBig(BadMessage):
    pass


def _parse_int(text):
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise BadMessage(f"Malformed message: numbers have at most {MAX_DIGITS} digits.")
    return int(text)


def _parse_float(text):
    number = float(text)
    if not math.isfinite(number) or len(text) > 2 * MAX_DIGITS:
        raise BadMessage("Malformed message: that number is out of range.")
    return number


def _parse_constant(name):
    raise BadMessage(f"Malformed message: {name} is not a number.")


def _depth(text):
    """How deep arrays and objects nest, strings left out: checked before
    json.loads, whose recursion a 1,000-deep array exhausts."""
    depth = deepest = 0
    for bracket in _BRACKET.findall(_STRING.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def decode_message(text_data):
    """The JSON object a client sent, HEADERS dropped; raises BadMessage."""
    if text_data is None:
        raise BadMessage("Malformed message: send one JSON object as text.")
    if (
        len(text_data) > MAX_MESSAGE_BYTES
        or len(text_data.encode("utf-8", "surrogatepass")) > MAX_MESSAGE_BYTES
    ):
        raise TooBig(f"Malformed message: send one JSON object of at most {MAX_MESSAGE_BYTES // 1024} KB.")
    if _depth(text_data) > MAX_DEPTH:
        raise BadMessage("Malformed message: send one flat JSON object.")
    try:
        data = json.loads(
            text_data, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant
        )
    except ValueError:
        raise BadMessage("Malformed message: it is not JSON.") from None
    if not isinstance(data, dict):
        raise BadMessage("Malformed message: it must be a JSON object.")
    data.pop("HEADERS", None)  # htmx's ws extension adds the request headers
    if any(isinstance(value, (dict, list)) for value in data.values()):
        raise BadMessage("Malformed message: fields must be plain values.")
    return data


class GuardedConsumer(AsyncWebsocketConsumer):
    """Subclasses override ``handle`` (not ``dispatch``) and ``cleanup_steps``."""

    async def dispatch(self, message):
        try:
            await self.handle(message)
        except StopConsumer:
            raise
        except Exception:
            redis_outage.report(
                log,
                "websocket %s: %s failed",
                self.scope.get("path"),
                message.get("type"),
                level=logging.ERROR,
            )
            await self._failed(message["type"])

    async def handle(self, message):
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        # Not Channels' dispatch: it first hops to the database thread to
        # close stale connections, for every message, so a flood through one
        # socket queued every other socket's messages of the process behind
        # that one thread (another table's replies took seconds). These
        # consumers reach the database only through database_sync_to_async,
        # which closes stale connections in that thread itself.
        await handler(message)

    async def _failed(self, kind):
        try:
            if kind == "websocket.receive":
                await self.send_error(SOMETHING_WENT_WRONG)
            elif kind == "websocket.connect":
                # Daphne then sends websocket.disconnect: the cleanup runs.
                await self.close(code=CLOSE_FAILED)
            elif kind == "websocket.disconnect":
                raise StopConsumer
        except StopConsumer:
            raise
        except Exception:
            redis_outage.report(
                log, "websocket %s: could not answer a failure", self.scope.get("path"), level=logging.ERROR
            )

    async def send(self, text_data=None, bytes_data=None, close=False):
        try:
            await super().send(text_data, bytes_data, close)
        except Disconnected:
            # The browser left while we were answering (a flooding socket's
            # backlog outlives it): nobody to tell, and Daphne's disconnect
            # runs the cleanup.
            pass

    async def accept(self, subprotocol=None, headers=None):
        self.accepted = True
        await super().accept(subprotocol, headers)

    async def close(self, code=None, reason=None):
        # A close before accept is an HTTP 403 to the client, and its code
        # is lost: accept first, so the documented 44xx codes arrive.
        if code not in (None, 1000) and not getattr(self, "accepted", False):
            await self.accept()
        await super().close(code, reason)

    async def send_error(self, text):
        """Tell the sender; subclasses render it for their page."""
        await self.send(text_data=text)

    async def disconnect(self, code):
        # Every step runs even when one before it fails (Redis unreachable):
        # a half-cleaned connection leaves a ghost seat or watcher behind.
        for step in self.cleanup_steps():
            try:
                await step
            except Exception:
                redis_outage.report(
                    log, "websocket %s: a cleanup step failed", self.scope.get("path"), level=logging.ERROR
                )

    def cleanup_steps(self):
        """Awaitables that undo what connect() did, in order."""
        return []


class NoRouteConsumer(GuardedConsumer):
    """Any websocket path the casino does not serve."""

    async def connect(self):
        await self.close(code=CLOSE_NOT_FOUND)
