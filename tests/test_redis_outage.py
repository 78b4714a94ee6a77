"""casino/redis_outage.py: a lost Redis is one warning until it answers
again, then one line; any other failure is logged as its caller says
(issue 33, item 7). tests/test_redis_outage_log.py restarts a real Redis
under real processes."""

import logging

import pytest
from redis.exceptions import BusyLoadingError, ResponseError
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from casino import redis_outage

log = logging.getLogger("tests.redis_outage")


@pytest.fixture(autouse=True)
def fresh():
    redis_outage.answered()  # no outage left over from another test
    yield
    redis_outage.answered()


def fail(exc):
    try:
        raise exc
    except Exception:
        redis_outage.report(log, "reading %s failed", "the inbox", level=logging.ERROR)


def test_an_outage_is_one_warning_and_one_line_when_it_ends(caplog):
    caplog.set_level(logging.DEBUG)
    for exc in [
        RedisConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused."),
        RedisConnectionError("Connection closed by server."),
        BusyLoadingError("Redis is loading the dataset in memory"),
        RedisTimeoutError("Timeout reading from socket"),
        ConnectionResetError(104, "Connection reset by peer"),
    ] * 20:
        fail(exc)
    redis_outage.answered()
    redis_outage.answered()
    loud = [record for record in caplog.records if record.levelno >= logging.INFO]
    assert [record.levelname for record in loud] == ["WARNING", "INFO"]
    assert loud[0].getMessage().startswith("Redis is unreachable (ConnectionError: Error 111")
    assert not loud[0].exc_info
    assert loud[1].getMessage().startswith("Redis is back after")
    # What each failure was is there at DEBUG, for whoever asks for it.
    assert sum(record.getMessage() == "reading the inbox failed" for record in caplog.records) == 100
    # The next outage is news again.
    fail(BusyLoadingError("Redis is loading the dataset in memory"))
    assert caplog.records[-2].getMessage().startswith("Redis is unreachable (BusyLoadingError")


@pytest.mark.parametrize("exc", [ValueError("a bug"), ResponseError("WRONGTYPE Operation against a key")])
def test_any_other_failure_is_logged_as_before_with_its_traceback(caplog, exc):
    caplog.set_level(logging.DEBUG)
    fail(exc)
    fail(exc)
    assert [(record.levelname, record.getMessage()) for record in caplog.records] == [
        ("ERROR", "reading the inbox failed")
    ] * 2
    assert all(record.exc_info for record in caplog.records)
    redis_outage.answered()
    assert len(caplog.records) == 2  # no outage to end
