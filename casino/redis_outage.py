"""One warning when this process loses Redis, one line when it has it back.

While Redis restarts (refusing connections, then answering LOADING while it
reads its data back), every loop of a process that talks to it fails at
each try: the channel layer's pump, each table owner's reader, the worker's
scan, the meter ticker, each socket's heartbeat. Each logging its traceback
at each retry buried a real error under a hundred copies of the same news.
So a failure that only says Redis is away is logged once, at the outage's
start (the rest at DEBUG); the first call that Redis answers again ends the
outage with one line. Anything else is logged by its caller as before.

Per process, shared by its threads and event loops.
"""

import logging
import sys
import threading
import time

from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

log = logging.getLogger(__name__)

_lock = threading.Lock()
_down_since = None  # time.monotonic() when this process lost Redis


def is_outage(exc):
    """Whether ``exc`` says Redis is unreachable or not ready: refused, reset
    or timed-out connections, and BusyLoadingError (a ConnectionError)."""
    return isinstance(exc, (RedisConnectionError, RedisTimeoutError, ConnectionError))


def failed(exc):
    """Whether ``exc`` is Redis being away; the first of an outage logs its warning."""
    global _down_since
    if not is_outage(exc):
        return False
    with _lock:
        if _down_since is None:
            _down_since = time.monotonic()
            log.warning(
                "Redis is unreachable (%s: %s); retrying, and saying nothing more until it answers",
                type(exc).__name__,
                exc,
            )
    return True


def answered():
    """Redis answered a call: if this process had lost it, the outage is over."""
    global _down_since
    if _down_since is None:
        return
    with _lock:
        if _down_since is not None:
            log.info("Redis is back after %.1f s", time.monotonic() - _down_since)
            _down_since = None


def report(logger, message, *args, level=logging.WARNING):
    """Log the exception being handled with ``message`` at ``level`` and its
    traceback, unless it is Redis being away: that is the outage's one
    warning (and ``message`` goes to DEBUG)."""
    if failed(sys.exc_info()[1]):
        logger.debug(message, *args, exc_info=True)
    else:
        logger.log(level, message, *args, exc_info=True)
