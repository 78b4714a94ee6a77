"""The table websocket with channels' WebsocketCommunicator, the real Redis
channel layer and a real table owner running in this event loop."""

import asyncio
import json
import re

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator

from casino.asgi import application
from casino.realtime.groups import table_channel
from casino.tables.models import Table
from casino.tables.owner import TableWorker
from casino.tables.runtime import TableRuntime
from casino.wallet.ledger import balance_of
from tests.conftest import assert_ledger_balanced, session_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]

ORIGIN = (b"origin", b"http://127.0.0.1")
HOST = (b"host", b"127.0.0.1")  # the site's own origin is http://127.0.0.1


async def connect(table_id, player=None, origin=ORIGIN):
    headers = [HOST, origin] if origin else [HOST]
    if player is not None:
        key = await database_sync_to_async(session_cookie)(player)
        headers.append((b"cookie", f"sessionid={key}".encode()))
    communicator = WebsocketCommunicator(application, f"/ws/tables/{table_id}/", headers=headers)
    connected, _ = await communicator.connect()
    return communicator, connected


async def refused_socket(table_id, player=None):
    """How the table's websocket ends at once for ``player`` (None: a
    visitor): ("websocket.close", its code). A refusal is accepted only to
    carry its close code (casino/websocket.py)."""
    communicator, _ = await connect(table_id, player)
    output = await communicator.receive_output(timeout=5)
    return output["type"], output.get("code")


async def receive_until(communicator, predicate, timeout=10):
    """Frames until one satisfies ``predicate``; returns that frame."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        left = deadline - asyncio.get_running_loop().time()
        assert left > 0, "timed out waiting for a frame"
        frame = await communicator.receive_from(timeout=left)
        if predicate(frame):
            return frame


def version_of(frame):
    match = re.search(r'data-version="(\d+)"', frame)
    return int(match.group(1)) if match else None


def round_of(frame):
    return int(re.search(r'<span class="round">Round (\d+)', frame).group(1))


@pytest.fixture
async def running_table(make_table, clean_redis):
    """A table with long timers (so rounds do not move under the test) and its owner."""
    table = await database_sync_to_async(make_table)(betting_seconds=120)
    stop = asyncio.Event()
    worker = TableWorker(scan_seconds=0.2, table_ids=[table.pk])
    task = asyncio.create_task(worker.run(stop))
    for _ in range(100):
        await asyncio.sleep(0.05)
        if table.pk in worker.owners:
            state = await database_sync_to_async(lambda: Table.objects.get(pk=table.pk).state)()
            if state and state.get("timer"):
                break
    yield table
    stop.set()
    await task


async def seated(table, player):
    communicator, connected = await connect(table.pk, player)
    assert connected
    first = await communicator.receive_from(timeout=5)
    await communicator.send_to(text_data=json.dumps({"action": "sit", "round": round_of(first)}))
    await receive_until(communicator, lambda f: "You sit at seat" in f)
    return communicator, round_of(first)


async def two_seated_and_ann_bets(table, make_player, spot, chips):
    """Ann and Bob seated; Ann's bet seen by Bob. Returns both sockets and the round."""
    ann = await database_sync_to_async(make_player)("Ann")
    bob = await database_sync_to_async(make_player)("Bob")
    ws_ann, round_id = await seated(table, ann)
    ws_bob, _ = await seated(table, bob)
    message = {"action": "bet", "spot": spot, "amount": str(chips), "round": round_id}
    await ws_ann.send_to(text_data=json.dumps(message))
    frame = await receive_until(ws_bob, lambda f: f"Ann {chips}" in f)
    return ann, ws_ann, ws_bob, frame


async def test_players_see_each_other_and_bets(running_table, make_player):
    ann, ws_ann, ws_bob, frame = await two_seated_and_ann_bets(running_table, make_player, "10", 25)
    # Only what changed is pushed: the area bet on (not the whole layout), not
    # the wheel, nor Bob's own unchanged panel.
    assert 'id="dc-spot-10"' in frame and 'id="dc-layout"' not in frame
    assert 'id="dc-wheel"' not in frame and 'id="dc-me"' not in frame
    assert await database_sync_to_async(balance_of)(ann) == 1_000_000 - 2_500
    spectator, connected = await connect(running_table.pk)
    assert connected
    frame = await spectator.receive_from(timeout=5)
    assert "Ann 25" in frame and "Choose a nickname" in frame
    for ws in (ws_ann, ws_bob, spectator):
        await ws.disconnect()


async def assert_refused(ws, message, expected, table, player):
    before = await database_sync_to_async(
        lambda: (Table.objects.get(pk=table.pk).version, balance_of(player))
    )()
    payload = message if isinstance(message, str) else json.dumps(message)
    await ws.send_to(text_data=payload)
    frame = await receive_until(ws, lambda f: 'id="flash"' in f)
    assert expected in frame, frame
    assert 'role="alert"' in frame
    await asyncio.sleep(0.1)
    after = await database_sync_to_async(
        lambda: (Table.objects.get(pk=table.pk).version, balance_of(player))
    )()
    assert after == before


async def test_every_bad_input_gets_a_message_and_changes_nothing(running_table, make_player):
    ann = await database_sync_to_async(make_player)("Ann")
    ws, round_id = await seated(running_table, ann)
    table = running_table
    cases = [
        ("{not json", "not JSON"),
        ("[1, 2]", "JSON object"),
        (json.dumps({"action": {"nested": 1}, "round": round_id}), "plain values"),
        ({"round": round_id}, "no action"),
        ({"action": "fly", "round": round_id}, "Unknown action"),
        ({"action": "bet", "spot": "7", "amount": "5", "round": round_id}, "no betting area"),
        ({"action": "bet", "spot": "5", "amount": "0", "round": round_id}, "more than zero"),
        ({"action": "bet", "spot": "5", "amount": "-3", "round": round_id}, "more than zero"),
        ({"action": "bet", "spot": "5", "amount": "1.5", "round": round_id}, "fraction"),
        ({"action": "bet", "spot": "5", "amount": "five", "round": round_id}, "whole number"),
        ({"action": "bet", "spot": "5", "amount": "501", "round": round_id}, "maximum"),
        ({"action": "bet", "spot": "5", "amount": "5", "round": round_id - 1}, "round"),
        ({"action": "bet", "spot": "5", "amount": "5"}, "round id"),
        ({"action": "bet", "spot": "5", "amount": "5", "round": round_id, "seat": "4"}, "not yours"),
        ("x" * 5000, "at most 4 KB"),
    ]
    for message, expected in cases:
        await assert_refused(ws, message, expected, table, ann)
    await ws.disconnect()


async def test_over_balance_is_refused(make_table, clean_redis, make_player):
    table = await database_sync_to_async(make_table)(betting_seconds=120, max_bet=50_000)
    stop = asyncio.Event()
    worker = TableWorker(scan_seconds=0.2, table_ids=[table.pk])
    task = asyncio.create_task(worker.run(stop))
    ann = await database_sync_to_async(make_player)("Ann")
    await asyncio.sleep(0.5)
    ws, round_id = await seated(table, ann)
    await assert_refused(
        ws,
        {"action": "bet", "spot": "1", "amount": "10001", "round": round_id},
        "Not enough chips",
        table,
        ann,
    )
    await ws.disconnect()
    stop.set()
    await task


async def test_no_session_cannot_act(running_table, make_player):
    ws, connected = await connect(running_table.pk)
    assert connected
    frame = await ws.receive_from(timeout=5)
    await ws.send_to(text_data=json.dumps({"action": "sit", "round": round_of(frame)}))
    frame = await receive_until(ws, lambda f: 'id="flash"' in f)
    assert "no player session" in frame
    await ws.disconnect()


async def test_foreign_origin_is_rejected(running_table):
    _, connected = await connect(running_table.pk, origin=(b"origin", b"http://evil.example"))
    assert not connected


async def test_unknown_table_is_closed_with_4404(db, clean_redis):
    communicator, connected = await connect(999_999)
    assert connected  # accepted, so the documented close code reaches the client
    assert await communicator.receive_output(timeout=5) == {"type": "websocket.close", "code": 4404}


async def test_flood_is_rate_limited(running_table, make_player, settings):
    ann = await database_sync_to_async(make_player)("Ann")
    ws, round_id = await seated(running_table, ann)
    message = json.dumps({"action": "bet", "spot": "1", "amount": "1", "round": round_id})
    for _ in range(60):
        await ws.send_to(text_data=message)
    frames = []
    while not await ws.receive_nothing(timeout=1.5):
        frames.append(await ws.receive_from())
    assert any("Too many messages" in frame for frame in frames)
    staked = await database_sync_to_async(lambda: 1_000_000 - balance_of(ann))()
    # Only the burst got through; the rest was dropped, and nothing half-applied.
    assert 0 < staked < 60 * 100 and staked % 100 == 0
    await ws.disconnect()
    await database_sync_to_async(assert_ledger_balanced)()


async def test_an_action_to_a_full_table_inbox_is_refused_with_a_message(
    running_table, make_player, monkeypatch
):
    """The table's inbox in Redis at the layer's capacity (its owner away
    while thousands of actions wait): before, the player got "Something
    went wrong"; now they are told the table is busy, and nothing changed."""
    ann = await database_sync_to_async(make_player)("Ann")
    ws, round_id = await seated(running_table, ann)
    layer = get_channel_layer()
    monkeypatch.setattr(
        layer, "channel_capacity", [(re.compile(re.escape(table_channel(running_table.pk))), 0)]
    )
    await ws.send_to(text_data=json.dumps({"action": "bet", "spot": "1", "amount": "1", "round": round_id}))
    frame = await receive_until(ws, lambda f: 'id="flash"' in f)
    assert "too busy" in frame
    assert await database_sync_to_async(balance_of)(ann) == 1_000_000
    await ws.disconnect()


async def test_reconnect_gets_the_full_table_and_versions_increase(running_table, make_player):
    ann = await database_sync_to_async(make_player)("Ann")
    ws, round_id = await seated(running_table, ann)
    await ws.send_to(text_data=json.dumps({"action": "bet", "spot": "2", "amount": "3", "round": round_id}))
    frame = await receive_until(ws, lambda f: "Ann 3" in f)
    version = version_of(frame)
    await ws.disconnect()
    again, _ = await connect(running_table.pk, ann)
    frame = await again.receive_from(timeout=5)
    assert version_of(frame) == version
    for part in ("dc-status", "dc-wheel", "dc-layout", "dc-history", "dc-me"):
        assert f'id="{part}"' in frame
    assert "Your bets" in frame
    # Each of the player's bets is its area's symbol and a chip stack of its amount.
    assert re.search(
        r'<li><span class="sym sym-2">2</span> <span class="chip-stack">.*?"stack-amount">3<', frame
    )
    await again.disconnect()


async def test_a_player_who_is_gone_is_stood_up(running_table, make_player, monkeypatch):
    from casino.tables import owner

    monkeypatch.setattr(owner, "SEAT_GRACE_SECONDS", 0.5)
    ann, ws_ann, ws_bob, _ = await two_seated_and_ann_bets(running_table, make_player, "5", 4)
    await ws_ann.disconnect()
    frame = await receive_until(ws_bob, lambda f: "Ann leaves seat 1" in f, timeout=10)
    assert "Ann 4" not in frame  # her open bet came back while betting was open
    assert await database_sync_to_async(balance_of)(ann) == 1_000_000
    # Bob, still connected, keeps his seat.
    assert "2</span> Bob" in frame and "Ann" not in frame.split('id="dc-players"')[1].split("</section>")[0]
    await ws_bob.disconnect()


async def test_a_bet_at_one_table_updates_the_balance_shown_at_another(
    running_table, make_table, make_player
):
    other_table = await database_sync_to_async(make_table)(name="Second wheel", betting_seconds=120)
    await database_sync_to_async(lambda: TableRuntime(other_table).start())()  # a snapshot to show
    ann = await database_sync_to_async(make_player)("Ann")
    watching, connected = await connect(other_table.pk, ann)
    assert connected
    first = await watching.receive_from(timeout=5)
    assert "10,000" in first
    ws, round_id = await seated(running_table, ann)
    await ws.send_to(text_data=json.dumps({"action": "bet", "spot": "40", "amount": "25", "round": round_id}))
    frame = await receive_until(watching, lambda f: 'id="nav-balance"' in f)
    assert "9,975" in frame
    for communicator in (ws, watching):
        await communicator.disconnect()


async def test_an_action_at_a_table_no_owner_runs_is_refused_at_once(make_table, make_player, clean_redis):
    table = await database_sync_to_async(make_table)()
    ann = await database_sync_to_async(make_player)("Ann")
    ws_ann, connected = await connect(table.pk, ann)
    assert connected
    await ws_ann.send_to(text_data=json.dumps({"action": "sit", "round": 1}))
    await receive_until(ws_ann, lambda f: "The table is not running right now" in f)
    await ws_ann.disconnect()
