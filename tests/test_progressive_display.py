"""The live display of the progressive meters: the lobby's panel and the
linked tables' (§ 605a.7(a)(1)), the Must-Hit-By wording (§ 639c.1(b)), the
win light and its announcement, pushed by the meter ticker over the real
channel layer, and never the hidden trigger."""

import asyncio
import random
import re
import time

import pytest
import redis
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from casino import embedded_redis, redis_client
from casino.asgi import application
from casino.progressives import api, display, ticker
from casino.progressives.models import Meter, TableLink
from casino.progressives.paytables import UNITS_PER_CENT

pytestmark = pytest.mark.postgres

ORIGIN = (b"origin", b"http://127.0.0.1")
HOST = (b"host", b"127.0.0.1")
OFFERS = "This table offers the Must-Hit-By Mystery bonus"


def linked_meter(table, name="Poker mystery", **fields):
    meter = Meter.objects.create(name=name, kind="must_hit_by", paytable="A", wager_dollars=1, **fields)
    TableLink.objects.create(meter=meter, table=table)
    return meter


def trigger_texts(meter):
    """The ways the live trigger could be written on a page."""
    units = api.state(meter.pk)["trigger"]
    cents = units // UNITS_PER_CENT
    return [display.dollars(cents), f"{cents / 100:.2f}", str(units)]


def test_display_helpers():
    assert display.dollars(123_456) == "$1,234.56" and display.dollars(5) == "$0.05"
    data = {
        "meter_id": 1,
        "name": "Must-Hit-By Mystery bonus",
        "kind": "must_hit_by",
        "cents": 10_002,
        "must_hit_by_cents": 20_000,
        "hits": 1,
        "last_hit_cents": 15_230,
        "last_hit_ms": 1_000_000,
        "last_hit_table": 2,
        "last_hit_seat": 3,
        "last_hit_table_name": "Table 2",
        "tables": ["Table 2"],
    }
    assert display.win_text(data) == "Won $152.30 at Table 2, seat 3"
    assert display.announcement(data) == "Must-Hit-By Mystery bonus won: $152.30 at Table 2, seat 3"
    context = display.meter_context(data, 1_000_000 + display.LIGHT_SECONDS * 1000 - 1)
    assert context["lit"] and context["must_hit_by"] == "Must hit by $200.00"
    assert context["offers"] == OFFERS and context["value"] == "$100.02"
    assert not display.meter_context(data, 1_000_000 + display.LIGHT_SECONDS * 1000)["lit"]


@pytest.mark.django_db
def test_lobby_and_table_pages_show_the_meter_but_never_the_trigger(client, make_table, clean_redis):
    table, other = make_table(name="Mystery wheel"), make_table(name="Plain wheel")
    meter = linked_meter(table)
    # Outside a transactional test the meter opens here, not on commit.
    assert api.open_meter(meter, rng=random.Random(11))
    api.contribute(table.pk, 1, [api.Wager(meter.pk, 2, 100)])
    hidden = trigger_texts(meter)
    assert not {"$100.02", "$200.00"} & set(hidden)

    lobby = client.get("/").content.decode()
    page = client.get(f"/tables/{table.pk}/").content.decode()
    plain = client.get(f"/tables/{other.pk}/").content.decode()
    assert 'id="meters-panel"' in lobby and "Progressive meters" in lobby
    assert f'id="meter-{meter.pk}"' in lobby and "Poker mystery" in lobby and "At Mystery wheel" in lobby
    assert f'id="meter-{meter.pk}"' in page and "Poker mystery" in page and OFFERS in page
    for html in (lobby, page):
        assert "$100.02" in html and "Must hit by $200.00" in html
        for text in hidden:
            assert text not in html
    assert 'id="table-meters"' not in plain and OFFERS not in plain

    # No active meter: the lobby's panel is there, hidden, for a push to fill.
    Meter.objects.update(is_active=False)
    lobby = client.get("/").content.decode()
    assert re.search(r'<section id="meters-panel"[^>]* hidden>', lobby)
    assert f'id="meter-{meter.pk}"' not in lobby


@pytest.fixture
def stop_meters_redis(monkeypatch):
    """``stop_meters_redis()`` points the meters' client (binary: their
    MessagePack state) at a real redis-server that has been stopped, the
    rest of the casino keeping its own; ``stop_meters_redis.undo()`` brings
    it back."""
    process, url = embedded_redis.start()
    process.terminate()
    process.wait(timeout=10)

    def stop():
        monkeypatch.setitem(redis_client._sync_clients, True, redis.Redis.from_url(url))

    stop.undo = monkeypatch.undo
    return stop


@pytest.mark.django_db
def test_the_pages_say_the_meters_are_unavailable_while_their_redis_is_down(
    client, make_table, clean_redis, stop_meters_redis
):
    table = make_table(name="Mystery wheel")
    meter = linked_meter(table)
    assert api.open_meter(meter, rng=random.Random(11))
    stop_meters_redis()
    with pytest.raises(redis.exceptions.ConnectionError):
        api.read([meter])  # the meters' Redis really is down

    for path in ("/", f"/tables/{table.pk}/"):
        response = client.get(path)
        assert response.status_code == 200, path
        html = response.content.decode()
        assert f'id="meter-{meter.pk}"' in html and "Poker mystery" in html
        assert "Jackpot meter unavailable right now" in html and "$100.00" not in html
        assert "Must hit by $200.00" in html  # the public maximum is the meter's rule, not its reading
    assert OFFERS in client.get(f"/tables/{table.pk}/").content.decode()

    stop_meters_redis.undo()  # back: the values show again
    for path in ("/", f"/tables/{table.pk}/"):
        html = client.get(path).content.decode()
        assert "$100.00" in html and "unavailable" not in html


# -- live, over websockets ----------------------------------------------------


async def connect(path):
    communicator = WebsocketCommunicator(application, path, headers=[ORIGIN, HOST])
    connected, _ = await communicator.connect()
    assert connected
    return communicator


async def frame_with(communicator, text, timeout):
    """The first frame containing ``text``; fails after ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        assert left > 0, f"no frame with {text!r} within {timeout} s"
        try:
            frame = await communicator.receive_from(timeout=left)
        except TimeoutError:
            continue
        if text in frame:
            return frame


@pytest.fixture
async def start_ticker():
    """Start a meter ticker in this event loop (after the meters exist: it
    reads the list of active meters every 2 s); stopped after the test."""
    tasks = []
    yield lambda: tasks.append(asyncio.create_task(ticker.MeterTicker().run()))
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


@pytest.mark.django_db(transaction=True)
async def test_meters_are_pushed_live_to_the_lobby_and_linked_tables_only(
    make_table, clean_redis, start_ticker, monkeypatch
):
    monkeypatch.setattr(display, "LIGHT_SECONDS", 1)
    table = await database_sync_to_async(make_table)(name="Mystery wheel")
    other = await database_sync_to_async(make_table)(name="Plain wheel")
    # Saved in a transactional test, the meter opens in Redis on commit.
    meter = await database_sync_to_async(linked_meter)(table)
    element = f'id="meter-{meter.pk}"'
    start_ticker()

    lobby = await connect("/ws/lobby/")
    frame = await frame_with(lobby, 'id="meters-panel"', 5)
    assert "$100.00" in frame and "Must hit by $200.00" in frame and " hidden" not in frame
    linked = await connect(f"/ws/tables/{table.pk}/")
    frame = await frame_with(linked, element, 5)
    assert "$100.00" in frame and OFFERS in frame
    plain = await connect(f"/ws/tables/{other.pk}/")
    await frame_with(plain, "The table is opening", 5)  # no owner runs here (the chat's frame may come first)

    # A contribution reaches both within a second (the ticker polls every 0.25 s).
    start = time.monotonic()
    await database_sync_to_async(api.contribute)(table.pk, 1, [api.Wager(meter.pk, 2, 100)])
    for socket in (lobby, linked):
        frame = await frame_with(socket, "$100.02", 1)
        assert element in frame and "announce" not in frame
    assert time.monotonic() - start < 1

    # $5,000 at 2% crosses any trigger below the $200 maximum: a hit at seat 3.
    result = await database_sync_to_async(api.contribute)(table.pk, 2, [api.Wager(meter.pk, 3, 500_000)])
    (hit,) = result.wins
    won = f"{display.dollars(hit.paid_cents)} at Mystery wheel, seat 3"
    for socket, announced in (
        (linked, f"Must-Hit-By Mystery bonus won: {won}"),
        (lobby, f"Poker mystery: Must-Hit-By Mystery bonus won: {won}"),
    ):
        frame = await frame_with(socket, 'id="announce"', 1)
        assert f'{element} class="meter lit"' in frame and "Won!" in frame
        assert f'<div id="announce" hx-swap-oob="innerHTML">{announced}</div>' in frame
        assert f"Won {won}" in frame
    # The light goes out by itself (here after 1 s); the last win stays shown.
    for socket in (linked, lobby):
        frame = await frame_with(socket, f'{element} class="meter"', 2)
        assert "Won!" not in frame and f"Won {won}" in frame and "announce" not in frame

    # The unlinked table got no meter push at all.
    assert await plain.receive_nothing(timeout=0.3)
    for socket in (lobby, linked, plain):
        await socket.disconnect()


class Recorder:
    """A channel layer that keeps what the ticker sends."""

    def __init__(self):
        self.sent = []

    async def group_send(self, group, message):
        self.sent.append(message)


@pytest.mark.django_db(transaction=True)
async def test_one_ticker_pushes_at_a_time_and_another_takes_over(make_table, clean_redis):
    table = await database_sync_to_async(make_table)()
    meter = await database_sync_to_async(linked_meter)(table)
    first, second = ticker.MeterTicker("first", Recorder()), ticker.MeterTicker("second", Recorder())
    tasks = [asyncio.create_task(first.run())]
    await asyncio.sleep(0.3)
    tasks.append(asyncio.create_task(second.run()))
    await asyncio.sleep(0.3)

    async def contribute_and_see(number, cents_text):
        await database_sync_to_async(api.contribute)(table.pk, number, [api.Wager(meter.pk, 1, 100)])
        await asyncio.sleep(0.8)
        return [
            [m for m in t.layer.sent if display.dollars(m["meters"][0]["cents"]) == cents_text]
            for t in (first, second)
        ]

    seen_first, seen_second = await contribute_and_see(1, "$100.02")
    assert len(seen_first) == 1 and seen_second == []
    assert seen_first[0]["type"] == "meters.update" and seen_first[0]["wins"] == []
    # The lease holder stops (its worker stops): the other ticker goes on.
    tasks[0].cancel()
    await asyncio.gather(tasks[0], return_exceptions=True)
    seen_first, seen_second = await contribute_and_see(2, "$100.04")
    assert seen_first == [] and len(seen_second) == 1
    tasks[1].cancel()
    await asyncio.gather(tasks[1], return_exceptions=True)
    assert not api.get_sync_redis().exists(ticker.lease_key())
