"""Hostile websocket traffic against real Daphne and table-worker processes
(docs/protocol.md): every bad message gets a message, the connection lives
on, and when it closes its cleanup runs (presence, seat), so no zombie
connection is left behind."""

import asyncio
import html
import json
import re

import pytest
import websockets
from channels.testing import WebsocketCommunicator

from casino.realtime import presence
from casino.tables.models import Table
from casino.websocket import SOMETHING_WENT_WRONG, GuardedConsumer
from tests.conftest import session_cookie, wait_until

FLASH = re.compile(r'<div id="flash"[^>]*>(.*?)</div>', re.DOTALL)


def flash_of(frame):
    match = FLASH.search(frame)
    return html.unescape(match.group(1)) if match else None


async def open_socket(host, table_id, session_key=None):
    headers = {"Cookie": f"sessionid={session_key}"} if session_key else {}
    return await websockets.connect(
        f"ws://{host}/ws/tables/{table_id}/",
        origin=f"http://{host}",
        additional_headers=headers,
        open_timeout=30,
    )


async def next_flash(ws, timeout=10):
    async with asyncio.timeout(timeout):
        while True:
            text = flash_of(await ws.recv())
            if text and not text.startswith("The table is opening"):
                return text


async def first_round(ws, timeout=20):
    async with asyncio.timeout(timeout):
        while True:
            match = re.search(r'<span class="round">Round (\d+)', await ws.recv())
            if match:
                return int(match.group(1))


NESTED = "[" * 1000 + "]" * 1000


def seats(table_id):
    return (Table.objects.values_list("state", flat=True).get(pk=table_id) or {}).get("seats", {})


@pytest.mark.django_db(transaction=True)
def test_hostile_messages_are_answered_and_the_cleanup_runs(processes, make_table, make_player):
    table = make_table(betting_seconds=120)
    ann = make_player("Ann")
    key = session_cookie(ann)
    processes.env["SEAT_GRACE_SECONDS"] = "1"
    processes.worker()
    host = processes.daphne()
    wait_until(lambda: (Table.objects.get(pk=table.pk).state or {}).get("timer"), 30, "the table to open")

    async def scenario():
        # A spectator without a session: the 1,000-deep array is refused, and
        # the socket stays open for the next message.
        watcher = await open_socket(host, table.pk)
        await first_round(watcher)
        await watcher.send(NESTED)
        assert "flat JSON object" in await next_flash(watcher)
        await watcher.send("{}")
        assert "no action" in await next_flash(watcher)

        player = await open_socket(host, table.pk, key)
        round_id = await first_round(player)
        await player.send(json.dumps({"action": "sit", "round": round_id}))
        await wait_until_async(lambda: str(ann.pk) in map(str, seats(table.pk).values()), "Ann's seat")
        bet = '{"action": "bet", "spot": "1", "round": %d, "amount": %s}'
        hostile = [
            ('{"action": "sit", "round": 18446744073709551616}', "at most 15 digits"),
            (bet % (round_id, 2**64), "at most 15 digits"),
            (bet % (round_id, "Infinity"), "Infinity is not a number"),
            (bet % (round_id, "NaN"), "NaN is not a number"),
            (bet % (round_id, "1e999"), "out of range"),
            (bet % (round_id, '"1_0"'), "whole number of chips"),
            (bet % (round_id, '"\u0661\u0660"'), "whole number of chips"),
            (bet % (round_id, '"\uff11\uff10"'), "whole number of chips"),
            (bet % (round_id, '"Infinity"'), "whole number of chips"),
            (bet % (round_id, '"1e3"'), "whole number of chips"),
            ('{"action": "bet", "spot": "1", "amount": "5", "round": "1_0"}', "round id"),
            ('{"action": "bet", "spot": "1", "amount": "5", "round": "\u0661"}', "round id"),
            ('{"action": "bet", "spot": "1", "amount": "5", "round": 1e999}', "out of range"),
            ('{"action": "bet", "spot": "1", "amount": "5", "round": Infinity}', "not a number"),
            (NESTED, "flat JSON object"),
        ]
        for message, expected in hostile:
            await player.send(message)
            text = await next_flash(player)
            assert expected in text, (message[:80], text)
        assert len(presence.connected_players(table.pk)) == 2
        await watcher.close()
        await player.close()

        # More spectators, each sending the array that used to kill its
        # handler: the count of watchers does not grow.
        for _ in range(10):
            ws = await open_socket(host, table.pk)
            await ws.send(NESTED)
            assert "flat JSON object" in await next_flash(ws)
            await ws.close()

    asyncio.run(asyncio.wait_for(scenario(), 120))
    # Every connection's cleanup ran: nobody is counted as watching, and Ann,
    # gone, is stood up after the grace period (the owner heard she left).
    wait_until(lambda: presence.connected_players(table.pk) == [], 10, "presence to empty")
    wait_until(lambda: seats(table.pk) == {}, 20, "Ann's seat to be freed")
    assert Table.objects.get(pk=table.pk).state["nicknames"] == {}


async def wait_until_async(predicate, what, timeout=20):
    async with asyncio.timeout(timeout):
        while not await asyncio.to_thread(predicate):
            await asyncio.sleep(0.05)


@pytest.mark.django_db(transaction=True)
def test_a_message_over_the_size_limit_is_answered_and_closed_with_4413(processes, make_table):
    table = make_table(betting_seconds=120)
    host = processes.daphne()

    async def scenario():
        ws = await open_socket(host, table.pk)
        await ws.send(json.dumps({"action": "sit", "text": "x" * 5000}))
        assert "at most 4 KB" in await next_flash(ws)
        async with asyncio.timeout(10):
            with pytest.raises(websockets.ConnectionClosed):
                while True:
                    await ws.recv()
        return ws.close_code

    assert asyncio.run(asyncio.wait_for(scenario(), 60)) == 4413
    wait_until(lambda: presence.connected_players(table.pk) == [], 10, "presence to empty")


class Failing(GuardedConsumer):
    """A consumer whose handler fails as no real one should: the guard's
    own behaviour, whatever the cause."""

    cleaned = []

    async def connect(self):
        await self.accept()

    async def receive(self, text_data=None, bytes_data=None):
        raise RuntimeError("a bug")

    def cleanup_steps(self):
        return [self._fail(), self._note()]

    async def _fail(self):
        raise ConnectionError("Redis is away")

    async def _note(self):
        self.cleaned.append(self.channel_name)


@pytest.mark.django_db(transaction=True)
async def test_an_unexpected_failure_answers_and_the_cleanup_still_runs(clean_redis):
    communicator = WebsocketCommunicator(Failing.as_asgi(), "/ws/x/")
    connected, _ = await communicator.connect()
    assert connected
    await communicator.send_to(text_data="{}")
    assert await communicator.receive_from(timeout=5) == SOMETHING_WENT_WRONG
    await communicator.send_to(text_data="{}")  # the connection is alive
    assert await communicator.receive_from(timeout=5) == SOMETHING_WENT_WRONG
    await communicator.disconnect()
    # The failing step did not stop the next one.
    assert len(Failing.cleaned) == 1


# -- origins, unknown paths (items 9 and 10) --------------------------------


async def handshake(host, path, origin):
    """The close code of a websocket to ``path`` (None if it stays open), or
    the HTTP status that refused it."""
    try:
        ws = await websockets.connect(f"ws://{host}{path}", origin=origin, open_timeout=30)
    except websockets.InvalidStatus as exc:
        return f"HTTP {exc.response.status_code}"
    try:
        async with asyncio.timeout(5):
            while True:
                await ws.recv()
    except websockets.ConnectionClosed:
        return ws.close_code
    except TimeoutError:
        await ws.close()
        return None


@pytest.mark.django_db(transaction=True)
def test_origins_unknown_paths_and_tables(processes, make_table):
    table = make_table(betting_seconds=120)
    processes.env["CSRF_TRUSTED_ORIGINS"] = "https://casino.example"
    host = processes.daphne()
    port = host.rsplit(":", 1)[1]

    async def scenario():
        lobby = "/ws/lobby/"
        return {
            "own origin": await handshake(host, lobby, f"http://{host}"),
            "no origin (a bot)": await handshake(host, lobby, None),
            "trusted origin": await handshake(host, lobby, "https://casino.example"),
            "other port": await handshake(host, lobby, "http://127.0.0.1:9999"),
            "no port": await handshake(host, lobby, "http://127.0.0.1"),
            "other scheme": await handshake(host, lobby, f"https://127.0.0.1:{port}"),
            "other host": await handshake(host, lobby, f"http://localhost:{port}"),
            "elsewhere": await handshake(host, lobby, "http://evil.example"),
            "unknown table": await handshake(host, "/ws/tables/999999/", f"http://{host}"),
            "unknown path": await handshake(host, "/ws/nowhere/", f"http://{host}"),
            "not a table id": await handshake(host, "/ws/tables/abc/", f"http://{host}"),
        }

    closes = asyncio.run(asyncio.wait_for(scenario(), 90))
    assert closes == {
        "own origin": None,
        "no origin (a bot)": None,
        "trusted origin": None,
        "other port": "HTTP 403",
        "no port": "HTTP 403",
        "other scheme": "HTTP 403",
        "other host": "HTTP 403",
        "elsewhere": "HTTP 403",
        "unknown table": 4404,
        "unknown path": 4404,
        "not a table id": 4404,
    }
    assert table.pk != 999999


@pytest.mark.django_db(transaction=True)
def test_static_path_traversal_is_a_404(processes):
    import http.client

    host, port = processes.daphne().split(":")
    for path in (
        "/static/../../etc/passwd",
        "/static/%2e%2e/%2e%2e/etc/passwd",
        "/static/..%2f..%2fsettings.py",
    ):
        connection = http.client.HTTPConnection(host, int(port), timeout=10)
        connection.request("GET", path)
        response = connection.getresponse()
        body = response.read().decode(errors="replace")
        assert response.status == 404, (path, response.status, body[:300])
        assert "Traceback" not in body and "passwd" not in body.split("<title>")[0]
    connection = http.client.HTTPConnection(host, int(port), timeout=10)
    connection.request("GET", "/static/js/casino.js")
    assert connection.getresponse().status == 200
