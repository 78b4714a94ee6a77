"""The embedded redis-server keeps its data across restarts when asked to
persist (``make run``'s Redis, supervised in var/redis): after a clean stop
(the RDB snapshot taken at shutdown) and after ``kill -9`` (the append-only
file), a restarted server has every key written before."""

import signal

import redis

from casino.embedded_redis import start


def restart(process, data_dir, sig):
    process.send_signal(sig)
    process.wait(timeout=10)
    return start(data_dir, persist=True)


def test_persistent_redis_keeps_its_data_across_restarts(tmp_path):
    process, url = start(tmp_path, persist=True)
    try:
        redis.Redis.from_url(url).set("before-stop", "kept")
        process, url = restart(process, tmp_path, signal.SIGTERM)
        client = redis.Redis.from_url(url)
        assert client.get("before-stop") == b"kept"
        # A kill -9 gives no chance to save: the append-only file has it.
        client.set("before-kill", "kept too")
        process, url = restart(process, tmp_path, signal.SIGKILL)
        client = redis.Redis.from_url(url)
        assert client.get("before-stop") == b"kept"
        assert client.get("before-kill") == b"kept too"
    finally:
        process.kill()
        process.wait(timeout=10)


def test_transient_redis_writes_nothing_to_disk(tmp_path):
    process, url = start(tmp_path)
    try:
        client = redis.Redis.from_url(url)
        client.set("key", "value")
        assert client.config_get("save") == {"save": ""}
        assert client.config_get("appendonly") == {"appendonly": "no"}
    finally:
        process.terminate()
        process.wait(timeout=10)
    assert list(tmp_path.iterdir()) == []
