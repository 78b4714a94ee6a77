"""Table chat (issue 19) over the real table websocket: WebsocketCommunicator,
the real Redis channel layer, the real database, and a real table owner
where seats or rounds matter."""

import asyncio
import json
import re

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import User
from django.test import Client
from django.utils.html import escape

from casino.accounts.models import Player
from casino.chat import api, highlights
from casino.chat.models import ChatHide, ChatMessage
from casino.tables.models import Table
from casino.tables.runtime import Step, fresh_snapshot
from casino.wallet.ledger import open_wallet
from games.engine import WIN, ChipMove
from tests.conftest import session_cookie
from tests.test_consumer import connect, receive_until, round_of, seated

pytestmark = [pytest.mark.django_db(transaction=True)]

SCRIPT = '<script>alert("x")</script><img src=x onerror=alert(1)> & <b>bold</b>'
ESCAPED = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &amp; &lt;b&gt;bold&lt;/b&gt;"


def chat(text):
    return json.dumps({"action": "chat", "text": text})


def has_line(text):
    return lambda frame: 'hx-swap-oob="beforeend:#chat-list"' in frame and text in frame


def flash(frame):
    """A refusal (not the "table is opening" note of a table with no owner here)."""
    return 'class="flash error' in frame


async def joined(table_id, player=None):
    """A connection whose chat has arrived (the first #chat-list)."""
    ws, connected = await connect(table_id, player)
    assert connected
    frame = await receive_until(ws, lambda f: 'id="chat-list"' in f)
    return ws, frame


async def seated_with_chat(table, player):
    """A seated player's connection, the chat frame it got on joining, the round."""
    ws, connected = await connect(table.pk, player)
    assert connected
    first = await ws.receive_from(timeout=5)
    chat_frame = await receive_until(ws, lambda f: 'id="chat-list"' in f)
    await ws.send_to(text_data=json.dumps({"action": "sit", "round": round_of(first)}))
    await receive_until(ws, lambda f: "You sit at seat" in f)
    return ws, chat_frame, round_of(first)


async def stored():
    return await database_sync_to_async(lambda: list(ChatMessage.objects.values_list("text", flat=True)))()


def registered(nickname):
    player = Player.objects.create(nickname=nickname, user=User.objects.create_user(nickname.lower()))
    open_wallet(player)
    return player


@pytest.fixture
async def table(make_table, clean_redis):
    return await database_sync_to_async(make_table)(betting_seconds=120)


async def test_a_message_reaches_every_viewer_and_is_stored(table, make_player):
    ann = await database_sync_to_async(make_player)("Ann")
    bob = await database_sync_to_async(make_player)("Bob")
    ws_ann, _ = await joined(table.pk, ann)
    ws_bob, _ = await joined(table.pk, bob)
    watcher, first = await joined(table.pk)  # no session: reads, cannot write
    assert 'role="log"' in first and 'aria-live="polite"' in first
    await ws_ann.send_to(text_data=chat("  Hello, table!  "))
    for ws in (ws_ann, ws_bob, watcher):
        frame = await receive_until(ws, has_line("Hello, table!"))
        assert '<b class="chat-who">Ann</b>: <span class="chat-text">Hello, table!</span>' in frame
    await watcher.send_to(text_data=chat("me too"))
    assert api.NO_SESSION in await receive_until(watcher, flash)
    messages = await database_sync_to_async(
        lambda: list(ChatMessage.objects.values_list("text", "nickname", "player_id", "kind"))
    )()
    assert messages == [("Hello, table!", "Ann", ann.pk, "player")]
    for ws in (ws_ann, ws_bob, watcher):
        await ws.disconnect()


async def test_too_long_empty_and_malformed_messages_are_refused_and_change_nothing(
    table, make_player, settings
):
    settings.CHAT_RATE_BURST = 50  # the flood test has its own
    ann = await database_sync_to_async(make_player)("Ann")
    ws, _ = await joined(table.pk, ann)
    cases = [
        (chat("x" * 301), "at most 300 characters; that one has 301"),
        (chat("   "), "empty one is not sent"),
        (chat(""), "empty one is not sent"),
        (json.dumps({"action": "chat"}), "must be a string"),
        (json.dumps({"action": "chat", "text": 5}), "must be a string"),
        (json.dumps({"action": "chat", "text": {"a": 1}}), "plain values"),
        ('{"action": "chat", "text": "a", "x": ' + "[" * 50 + "]" * 50 + "}", "one flat JSON object"),
        (json.dumps({"action": "chat", "text": "x" * 3000 + "é" * 600}), "at most 4 KB"),
    ]
    for message, expected in cases:
        await ws.send_to(text_data=message)
        frame = await receive_until(ws, flash)
        assert expected in frame, frame
    # The frame over 4 KB closed the socket (docs/protocol.md, 4413).
    assert await ws.receive_output(timeout=5) == {"type": "websocket.close", "code": 4413}
    assert await stored() == []
    ws, _ = await joined(table.pk, ann)
    await ws.send_to(text_data=chat("y" * 300))  # exactly the limit is fine
    await receive_until(ws, has_line("y" * 300))
    await ws.disconnect()


async def test_markup_is_inert_in_the_push_the_history_and_the_page(table, make_player):
    ann = await database_sync_to_async(make_player)("Ann<i>")
    ws, _ = await joined(table.pk, ann)
    await ws.send_to(text_data=chat(SCRIPT))
    pushed = await receive_until(ws, has_line(ESCAPED))
    late, history = await joined(table.pk)
    page = await database_sync_to_async(lambda: Client().get(f"/tables/{table.pk}/").content.decode())()
    for markup in (pushed, history, page):
        assert ESCAPED in markup
        assert "Ann&lt;i&gt;" in markup
        assert "<script>alert" not in markup and "<img src=x" not in markup and "<b>bold" not in markup
    system = await database_sync_to_async(api.post_system)(table.pk, "<b>system</b>")
    frame = await receive_until(ws, has_line("&lt;b&gt;system&lt;/b&gt;"))
    assert f'<li id="chat-{system["id"]}" class="chat-line chat-system">' in frame
    await ws.disconnect()
    await late.disconnect()


async def test_joining_shows_the_last_100_messages(table, make_player):
    ann = await database_sync_to_async(make_player)("Ann")

    def post_105():
        ChatMessage.objects.bulk_create(
            ChatMessage(table_id=table.pk, player=ann, nickname="Ann", text=f"line {n}.") for n in range(105)
        )

    await database_sync_to_async(post_105)()
    ws, frame = await joined(table.pk)
    shown = re.findall(r"line (\d+)\.", frame)
    assert shown == [str(n) for n in range(5, 105)]
    await ws.disconnect()


async def test_a_flood_from_one_connection_is_limited(table, make_player):
    ann = await database_sync_to_async(make_player)("Ann")
    ws, _ = await joined(table.pk, ann)
    for n in range(12):
        await ws.send_to(text_data=chat(f"spam {n}"))
    frame = await receive_until(ws, flash)
    assert "chatting too fast" in frame and "chat-refused" in frame  # chat.js puts the text back
    await asyncio.sleep(0.5)
    texts = await stored()
    # The bucket's burst (CHAT_RATE_BURST, 5) and at most what refilled meanwhile.
    assert 5 <= len(texts) <= 6 and texts[:5] == [f"spam {n}" for n in range(5)]
    await ws.disconnect()


@pytest.fixture
async def private_table(make_table, make_player, clean_redis):
    """Hana's private table, Ann and Eve admitted, and its owner running."""
    from casino.tables.owner import TableWorker

    def make():
        players = [make_player(name) for name in ("Hana", "Ann", "Eve")]
        table = make_table(betting_seconds=120)
        Table.objects.filter(pk=table.pk).update(is_private=True, host=players[0])
        table.admitted.add(*players)
        return Table.objects.get(pk=table.pk), players

    table, players = await database_sync_to_async(make)()
    stop = asyncio.Event()
    task = asyncio.create_task(TableWorker(scan_seconds=0.2, table_ids=[table.pk]).run(stop))
    for _ in range(100):
        await asyncio.sleep(0.05)
        state = await database_sync_to_async(lambda: Table.objects.get(pk=table.pk).state)()
        if state and state.get("timer"):
            break
    yield table, players
    stop.set()
    await task


async def test_the_host_mutes_a_player_and_turns_spectator_chat_off(private_table, settings):
    settings.CHAT_RATE_BURST = 50
    running_table, (host, ann, eve) = private_table
    ws_host, frame, round_id = await seated_with_chat(running_table, host)
    ws_ann, _, _ = await seated_with_chat(running_table, ann)
    ws_eve, _ = await joined(running_table.pk, eve)  # a spectator
    assert "Spectator chat is on." in frame and "Turn spectator chat off" in frame

    await ws_ann.send_to(text_data=chat("hi from Ann"))
    line = await receive_until(ws_host, has_line("hi from Ann"))
    # The host's line has a Mute control; the others' do not.
    assert "Mute Ann" in line and "Mute" not in await receive_until(ws_eve, has_line("hi from Ann"))
    message_id = re.search(r'"chat_mute", "message": "(\d+)"', line).group(1)
    await ws_eve.send_to(text_data=json.dumps({"action": "chat_mute", "message": message_id}))
    assert api.NOT_HOST in await receive_until(ws_eve, flash)
    await ws_host.send_to(text_data=json.dumps({"action": "chat_mute", "message": message_id}))
    tools = await receive_until(ws_host, lambda f: 'id="chat-tools"' in f)
    assert "Muted: Ann" in tools
    await ws_ann.send_to(text_data=chat("am I muted?"))
    assert api.MUTED in await receive_until(ws_ann, flash)

    await ws_eve.send_to(text_data=chat("spectator here"))
    await receive_until(ws_host, has_line("spectator here"))
    await ws_host.send_to(text_data=json.dumps({"action": "chat_spectators", "allow": "0"}))
    await receive_until(ws_eve, has_line("The host turned spectator chat off"))
    assert "Spectator chat is off." in await receive_until(ws_host, lambda f: 'id="chat-tools"' in f)
    await ws_eve.send_to(text_data=chat("still here?"))
    assert api.SPECTATORS_OFF in await receive_until(ws_eve, flash)
    await ws_host.send_to(text_data=chat("host speaks"))  # the host is never muted
    await receive_until(ws_ann, has_line("host speaks"))

    player_id = re.search(r'"chat_unmute", "player": "(\d+)"', tools).group(1)
    await ws_host.send_to(text_data=json.dumps({"action": "chat_unmute", "player": player_id}))
    tools = await receive_until(ws_host, lambda f: 'id="chat-tools"' in f)
    assert "Muted:" not in tools
    await ws_ann.send_to(text_data=chat("back again"))
    await receive_until(ws_host, has_line("back again"))

    # Hana hands the table over: Ann gets the host's chat controls, Hana loses them.
    handover = {"action": "host_make_host", "target": str(ann.pk), "round": round_id}
    await ws_host.send_to(text_data=json.dumps(handover))
    tools = await receive_until(ws_ann, lambda f: 'id="chat-tools"' in f, timeout=15)
    assert "Spectator chat is off." in tools and "Mute Hana" in tools
    tools = await receive_until(ws_host, lambda f: 'id="chat-tools"' in f)
    assert "Spectator chat" not in tools and "Mute Ann" not in tools
    texts = await stored()
    assert texts[:5] == [
        "hi from Ann",
        "spectator here",
        "The host turned spectator chat off: only seated players can chat now.",
        "host speaks",
        "back again",
    ]
    assert "hands the host role to Ann" in texts[5]
    for ws in (ws_host, ws_ann, ws_eve):
        await ws.disconnect()


async def test_a_registered_player_hides_a_players_messages_for_themselves(table, make_player):
    rita = await database_sync_to_async(registered)("Rita")
    troll = await database_sync_to_async(make_player)("Troll")
    guest = await database_sync_to_async(make_player)("Gus")
    ws_rita, _ = await joined(table.pk, rita)
    ws_rita_too, _ = await joined(table.pk, rita)  # a second window of hers
    ws_troll, _ = await joined(table.pk, troll)
    ws_guest, _ = await joined(table.pk, guest)
    await ws_troll.send_to(text_data=chat("first troll line"))
    line = await receive_until(ws_rita, has_line("first troll line"))
    assert "Hide messages from Troll" in line
    assert "Hide" not in await receive_until(ws_guest, has_line("first troll line"))  # guests cannot hide
    message_id = re.search(r'"chat_hide", "message": "(\d+)"', line).group(1)
    await ws_guest.send_to(text_data=json.dumps({"action": "chat_hide", "message": message_id}))
    assert escape(api.NOT_HIDER) in await receive_until(ws_guest, flash)

    await ws_rita.send_to(text_data=json.dumps({"action": "chat_hide", "message": message_id}))
    again = await receive_until(ws_rita, lambda f: 'id="chat-list"' in f)
    assert "first troll line" not in again and "Hidden from your chat: Troll" in again
    again = await receive_until(ws_rita_too, lambda f: 'id="chat-list"' in f)
    assert "first troll line" not in again and "Hidden from your chat: Troll" in again
    await ws_troll.send_to(text_data=chat("second troll line"))
    await receive_until(ws_guest, has_line("second troll line"))  # the others still see it
    await ws_guest.send_to(text_data=chat("after the troll"))
    frame = await receive_until(ws_rita, has_line("after the troll"))
    assert "troll line" not in frame
    # Not in her next page nor her next socket's history either.
    cookie = await database_sync_to_async(session_cookie)(rita)

    def page():
        client = Client()
        client.cookies["sessionid"] = cookie
        return client.get(f"/tables/{table.pk}/").content.decode()

    html = await database_sync_to_async(page)()
    assert "after the troll" in html and "troll line" not in html
    ws_again, history = await joined(table.pk, rita)
    assert "after the troll" in history and "troll line" not in history
    assert await database_sync_to_async(ChatHide.objects.count)() == 1
    for ws in (ws_rita, ws_rita_too, ws_troll, ws_guest, ws_again):
        await ws.disconnect()


async def test_a_big_win_is_told_in_the_chat(make_table, make_player, clean_redis):
    from casino.tables.owner import TableWorker

    ann = await database_sync_to_async(make_player)("Ann")

    def stacked_table():
        # A designer's test table whose next spin stops on 40.
        table = make_table(seed=7, betting_seconds=4, spin_seconds=1, result_seconds=30)
        snapshot = fresh_snapshot(table.spec)
        snapshot["game"]["stacked"] = ["40"]
        Table.objects.filter(pk=table.pk).update(state=snapshot)
        return table

    table = await database_sync_to_async(stacked_table)()
    stop = asyncio.Event()
    worker = TableWorker(scan_seconds=0.2, table_ids=[table.pk])
    task = asyncio.create_task(worker.run(stop))
    try:
        ws, round_id = await seated(table, ann)
        await ws.send_to(
            text_data=json.dumps({"action": "bet", "spot": "40", "amount": "20", "round": round_id})
        )
        frame = await receive_until(ws, has_line("Big win"), timeout=20)
        assert "Big win: Ann wins 800 chips!" in frame and "chat-system" in frame
        kinds = await database_sync_to_async(lambda: list(ChatMessage.objects.values_list("kind", "text")))()
        assert kinds == [("system", "Big win: Ann wins 800 chips!")]
        await ws.disconnect()
    finally:
        stop.set()
        await task


def test_a_mystery_bonus_hit_and_big_wins_make_lines(settings):
    settings.CHAT_BIG_WIN_CHIPS = 500
    snapshot = {"nicknames": {"7": "Ann", "8": "Bob"}}
    step = Step(3, snapshot, {}, False, [])
    step.moves = [ChipMove(WIN, 7, 15_230), ChipMove(WIN, 8, 49_999), ChipMove(WIN, 8, 1)]
    step.meters = {"hits": [{"kind": "must_hit_by", "seat": 1, "player": 7, "cents": 15_230}], "awards": []}
    assert highlights.lines_of(step) == [
        "Ann wins the Must-Hit-By Mystery bonus: 152.30 chips!",
        "Big win: Bob wins 500 chips!",
    ]
    step.moves = [ChipMove(WIN, 8, 49_999)]
    step.meters = None
    assert highlights.lines_of(step) == []
