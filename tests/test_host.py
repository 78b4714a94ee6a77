"""A private table's host controls (issue 19): pause and resume, the rules,
remove and ban, hand-over, close. The runtime driven directly on the real
database and Redis, as in test_runtime.py; the owner and the websocket where
a removal closes sockets."""

import asyncio
import json

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async

from casino.chat.models import ChatMessage
from casino.realtime import presence
from casino.tables import access, host, host_panel, private
from casino.tables.exceptions import Refused
from casino.tables.models import Round, Table
from casino.tables.owner import TableWorker
from casino.tables.runtime import TableRuntime
from casino.wallet.ledger import balance_of
from games.dreamcatcher import rules
from tests.conftest import FAST, assert_ledger_balanced, session_cookie
from tests.test_consumer import connect, receive_until, round_of
from tests.test_runtime import Clock, bet, run_until, sit

pytestmark = pytest.mark.postgres


def private_table(host_player, *admitted, **config):
    table = Table.objects.create(
        game="dreamcatcher",
        name="Friends",
        config={**FAST, "max_bet": 100, **config},
        is_private=True,
        host=host_player,
        link_key=f"key-{host_player.pk}",
    )
    table.admitted.add(host_player, *admitted)
    return table


@pytest.fixture
def friends(make_player, clean_redis):
    """Ann hosts a private Dreamcatcher table; Bob and Cy were let in; Ann and Bob sit."""
    ann, bob, cy = make_player("Ann"), make_player("Bob"), make_player("Cy")
    clock = Clock()
    runtime = TableRuntime(private_table(ann, bob, cy), clock=clock)
    runtime.start()
    sit(runtime, ann)
    sit(runtime, bob)
    return runtime, clock, ann, bob, cy


def do(runtime, player, action, **fields):
    return runtime.act(player.pk, player.nickname, {"action": action, **fields})


def refused(runtime, player, action, expected, **fields):
    """The host action is refused with ``expected`` and changes nothing."""
    before = (runtime.version, Table.objects.get(pk=runtime.table.pk).version, dict(runtime.snapshot))
    row = Table.objects.get(pk=runtime.table.pk)
    fields_before = (row.paused, row.host_id, row.config, row.is_open, list(row.banned.all()))
    with pytest.raises(Refused) as caught:
        do(runtime, player, action, **fields)
    assert expected in str(caught.value)
    assert (runtime.version, Table.objects.get(pk=runtime.table.pk).version, runtime.snapshot) == before
    row = Table.objects.get(pk=runtime.table.pk)
    assert (row.paused, row.host_id, row.config, row.is_open, list(row.banned.all())) == fields_before


def chat_lines(runtime):
    messages = ChatMessage.objects.filter(table=runtime.table, kind=ChatMessage.SYSTEM).order_by("id")
    return messages.values_list("text", flat=True)


def log_texts(runtime):
    return [entry["text"] for entry in runtime.snapshot["log"]]


def test_pause_between_rounds_holds_the_clock_and_resume_gives_it_back(friends):
    runtime, clock, ann, bob, _ = friends
    assert runtime.state.phase == rules.BETTING and runtime.snapshot["timer"]
    do(runtime, ann, host.PAUSE)
    assert Table.objects.get(pk=runtime.table.pk).paused
    assert runtime.snapshot["host"]["paused"] and runtime.snapshot["timer"] is None
    assert "The host paused the table: no new round starts until they resume play." in log_texts(runtime)
    # Nothing is staked: no round starts, no bet is taken, the clock does not run.
    with pytest.raises(Refused, match="Paused by the host"):
        bet(runtime, bob, "1", 5)
    clock.now += 3600
    assert runtime.tick() is None and runtime.round == 1
    # A seat is not a round: players may still come and go.
    cy = friends[4]
    sit(runtime, cy)
    assert runtime.seat_of(cy.pk) and runtime.snapshot["timer"] is None
    refused(runtime, ann, host.PAUSE, "paused already")
    do(runtime, ann, host.RESUME)
    assert not Table.objects.get(pk=runtime.table.pk).paused
    assert runtime.snapshot["timer"]["deadline"] == clock.now + FAST["betting_seconds"]
    assert log_texts(runtime)[-1] == "The host resumed play."
    bet(runtime, bob, "1", 5)
    refused(runtime, ann, host.RESUME, "not paused")


def test_pause_during_a_round_lets_it_finish_then_waits(friends):
    runtime, clock, ann, bob, _ = friends
    bet(runtime, bob, "1", 5)
    do(runtime, ann, host.PAUSE)
    assert "this round plays to its end, then the table waits" in log_texts(runtime)[-1]
    assert runtime.snapshot["timer"] is not None  # the round in play runs on
    run_until(runtime, clock, rules.RESULT)
    assert runtime.snapshot["timer"] is None
    assert Round.objects.get(table=runtime.table, number=1).finished is not None
    clock.now += 3600
    assert runtime.tick() is None and runtime.round == 1
    do(runtime, ann, host.RESUME)
    run_until(runtime, clock, rules.BETTING)
    assert runtime.round == 2
    assert_ledger_balanced()


def test_only_the_host_of_a_private_table_and_only_known_actions(friends, make_table, make_player):
    runtime, _, ann, bob, cy = friends
    for action in (host.PAUSE, host.RESUME, host.CLOSE, host.RULES):
        refused(runtime, bob, action, host.NOT_HOST, rules_max_bet="50")
    refused(runtime, bob, host.BAN, host.NOT_HOST, target=str(ann.pk))
    refused(runtime, ann, "host_cards", "Unknown host action 'host_cards'")
    refused(runtime, ann, host.REMOVE, "Malformed message", target="Bob")
    refused(runtime, ann, host.REMOVE, "That is you", target=ann.pk)
    refused(runtime, ann, host.BAN, "not at this table", target=cy.pk)  # let in, but not here
    refused(runtime, ann, host.MAKE_HOST, "not at this table", target=999_999)
    refused(runtime, ann, host.RULES, "nothing to change")
    refused(runtime, ann, host.RULES, "nothing to change", rules_max_bet="100")
    refused(runtime, ann, host.RULES, "Max bet: must be a whole number", rules_max_bet="1e3")
    refused(runtime, ann, host.RULES, "cannot be seeded or stacked", rules_seed="7")
    refused(runtime, ann, host.RULES, "cannot be seeded or stacked", rules_spin_seconds="9")
    refused(runtime, ann, host.RULES, "Nothing was changed", rules_max_bet="0")
    refused(runtime, ann, host.RULES, "At most 500", rules_max_bet="501")
    # A public table has no host: nobody may pause it.
    public = TableRuntime(make_table(), clock=Clock())
    public.start()
    refused(public, ann, host.PAUSE, host.NOT_PRIVATE)


def test_a_rules_change_between_rounds_applies_at_once(friends):
    runtime, clock, ann, bob, _ = friends
    do(runtime, ann, host.RULES, rules_max_bet="50", rules_min_bet="1")
    assert Table.objects.get(pk=runtime.table.pk).config["max_bet"] == 50
    assert log_texts(runtime)[-1] == "The host changed the maximum bet from 100 to 50."
    assert runtime.snapshot["announce"]["text"] == "The host changed the maximum bet from 100 to 50."
    with pytest.raises(Refused, match="maximum"):
        bet(runtime, bob, "1", 60)
    bet(runtime, bob, "1", 50)
    assert Round.objects.get(table=runtime.table, number=1).config["max_bet"] == 50
    run_until(runtime, clock, rules.RESULT)
    assert_ledger_balanced()


def test_a_rules_change_during_a_round_waits_for_the_next_one(friends):
    runtime, clock, ann, bob, _ = friends
    bet(runtime, bob, "1", 80)
    do(runtime, ann, host.RULES, rules_max_bet="50")
    assert log_texts(runtime)[-1] == "The host changed the maximum bet from 100 to 50 from the next round."
    assert runtime.snapshot["host"]["pending"] == {"max_bet": 50}
    assert Table.objects.get(pk=runtime.table.pk).config["max_bet"] == 100
    bet(runtime, bob, "2", 90)  # this round keeps its rules
    # A second change waits with the first; it is described from where the first left it.
    do(runtime, ann, host.RULES, rules_max_bet="40")
    assert log_texts(runtime)[-1] == "The host changed the maximum bet from 50 to 40 from the next round."
    run_until(runtime, clock, rules.RESULT)
    run_until(runtime, clock, rules.BETTING)
    assert runtime.round == 2
    assert Table.objects.get(pk=runtime.table.pk).config["max_bet"] == 40
    assert "The host changed the maximum bet from 100 to 40." in log_texts(runtime)
    assert runtime.snapshot["host"]["pending"] == {}
    with pytest.raises(Refused, match="maximum"):
        bet(runtime, bob, "1", 41)
    bet(runtime, bob, "1", 40)
    assert Round.objects.get(table=runtime.table, number=1).config["max_bet"] == 100
    assert Round.objects.get(table=runtime.table, number=2).config["max_bet"] == 40
    # The host's changes are in the table's chat as system lines too.
    assert list(chat_lines(runtime)) == [
        "The host changed the maximum bet from 100 to 50 from the next round.",
        "The host changed the maximum bet from 50 to 40 from the next round.",
        "The host changed the maximum bet from 100 to 40.",
    ]
    assert_ledger_balanced()


def test_remove_releases_the_seat_as_leaving_does(friends):
    runtime, clock, ann, bob, _ = friends
    bet(runtime, bob, "1", 5)
    step = do(runtime, ann, host.REMOVE, target=str(bob.pk))
    assert step.removed == {bob.pk: host.REMOVED}
    assert runtime.seat_of(bob.pk) is None
    assert log_texts(runtime)[-3:] == [
        "The host removed Bob from the table.",
        "Bob leaves; 5 of bets returned",
        "Bob leaves seat 2.",
    ]
    # Betting was open: his wager came back, as when he leaves.
    assert balance_of(bob) == 1_000_000
    # Removed, not banned: he may come back by the link.
    bob.refresh_from_db()
    assert access.may_join(runtime.table, bob)
    sit(runtime, bob)
    run_until(runtime, clock, rules.RESULT)
    assert_ledger_balanced()


def test_remove_after_no_more_bets_lets_the_wagers_ride(friends):
    runtime, clock, ann, bob, _ = friends
    bet(runtime, bob, "1", 5)
    run_until(runtime, clock, rules.SPINNING)
    do(runtime, ann, host.REMOVE, target=bob.pk)
    assert runtime.seat_of(bob.pk) is None
    assert balance_of(bob) == 1_000_000 - 500  # his wager rides to the result
    run_until(runtime, clock, rules.RESULT)
    result = Round.objects.get(table=runtime.table, number=1).result
    won = result["result"] == "1"
    assert (balance_of(bob) > 1_000_000) == won
    assert_ledger_balanced()


def test_ban_a_spectator_keeps_them_out(friends):
    runtime, _, ann, bob, cy = friends
    async_to_sync(presence.mark)(runtime.table.pk, "cy-socket", cy.pk)
    step = do(runtime, ann, host.BAN, target=cy.pk)
    assert step.removed == {cy.pk: host.BANNED}
    table = Table.objects.get(pk=runtime.table.pk)
    assert list(table.banned.all()) == [cy] and not table.admitted.filter(pk=cy.pk).exists()
    assert log_texts(runtime)[-1] == "The host banned Cy from the table."
    assert list(chat_lines(runtime)) == ["The host banned Cy from the table."]
    assert not access.may_join(table, cy)
    with pytest.raises(Refused, match="banned you"):
        sit(runtime, cy)


def test_hand_over_then_the_old_host_is_refused(friends):
    runtime, _, ann, bob, _ = friends
    do(runtime, ann, host.MAKE_HOST, target=bob.pk)
    assert Table.objects.get(pk=runtime.table.pk).host == bob
    assert runtime.snapshot["host"]["id"] == bob.pk and runtime.snapshot["host"]["name"] == "Bob"
    assert log_texts(runtime)[-1] == "Ann hands the host role to Bob."
    refused(runtime, ann, host.PAUSE, host.NOT_HOST)
    do(runtime, bob, host.PAUSE)
    # The new host may remove the old one like anyone else.
    do(runtime, bob, host.REMOVE, target=ann.pk)
    assert runtime.seat_of(ann.pk) is None


def test_close_waits_for_the_round_then_closes(friends):
    runtime, clock, ann, bob, _ = friends
    bet(runtime, bob, "1", 5)
    refused(runtime, ann, host.CLOSE, "A round is in play")
    run_until(runtime, clock, rules.RESULT)
    do(runtime, ann, host.CLOSE)
    table = Table.objects.get(pk=runtime.table.pk)
    assert not table.is_open and runtime.snapshot["host"]["closed"]
    assert runtime.snapshot["timer"] is None and log_texts(runtime)[-1] == host.CLOSED
    with pytest.raises(Refused, match="closed this table"):
        sit(runtime, bob)
    with pytest.raises(Refused, match="closed this table"):
        do(runtime, ann, host.RESUME)
    assert Round.objects.get(table=table, number=1).finished is not None
    assert_ledger_balanced()


@pytest.mark.parametrize(
    ("game", "spot"), [("pai_gow", "main"), ("spanish21", "main"), ("three_card_poker", "ante")]
)
def test_pause_and_a_rules_change_at_the_card_games(game, spot, make_player, clean_redis):
    ann, bob = make_player("Ann"), make_player("Bob")
    table = Table.objects.create(game=game, name="Friends", is_private=True, host=ann, link_key="k")
    table.admitted.add(ann, bob)
    clock = Clock()
    runtime = TableRuntime(table, clock=clock)
    runtime.start()
    sit(runtime, ann)
    sit(runtime, bob)
    choices = {choice.kind: choice for choice in private.choices(runtime.spec)}
    high, low = choices[private.HIGH].name, runtime.config.to_json()[choices[private.LOW].name]
    do(runtime, ann, host.PAUSE)
    assert runtime.snapshot["timer"] is None
    with pytest.raises(Refused, match="Paused by the host"):
        bet(runtime, bob, spot, low)
    do(runtime, ann, host.RESUME)
    bet(runtime, bob, spot, low)
    before = runtime.config.to_json()[high]
    do(runtime, ann, host.RULES, **{f"rules_{high}": str(before - 1)})
    assert runtime.snapshot["host"]["pending"] == {high: before - 1}
    for _ in range(200):  # the clocks' own actions play the round (house way, stand, fold)
        if runtime.round == 2:
            break
        clock.now = runtime.snapshot["timer"]["deadline"]
        runtime.tick()
    assert runtime.round == 2 and Table.objects.get(pk=table.pk).config[high] == before - 1
    assert Round.objects.get(table=table, number=1).config[high] == before
    html = host_panel.page_fragments(Table.objects.get(pk=table.pk), runtime.snapshot, ann.pk)
    assert f'name="rules_{high}"' in html and f'value="{before - 1}"' in html
    assert_ledger_balanced()


# -- through the owner and the websocket --------------------------------------


@pytest.fixture
async def hosted(make_player, clean_redis):
    """Ann hosts a private table with long timers; Bob and Cy may come in; its owner runs."""
    ann, bob, cy = [await database_sync_to_async(make_player)(name) for name in ("Ann", "Bob", "Cy")]
    table = await database_sync_to_async(private_table)(ann, bob, cy, betting_seconds=120)
    stop = asyncio.Event()
    worker = TableWorker(scan_seconds=0.2, table_ids=[table.pk])
    task = asyncio.create_task(worker.run(stop))
    for _ in range(100):
        await asyncio.sleep(0.05)
        state = await database_sync_to_async(lambda: Table.objects.get(pk=table.pk).state)()
        if table.pk in worker.owners and state and state.get("timer"):
            break
    yield table, ann, bob, cy
    stop.set()
    await task


async def joined(table, player, sit_down=False):
    ws, connected = await connect(table.pk, player)
    assert connected
    frame = await receive_until(ws, lambda f: 'id="host-status"' in f)
    if sit_down:
        await ws.send_to(text_data=json.dumps({"action": "sit", "round": round_of(frame)}))
        await receive_until(ws, lambda f: "You sit at seat" in f)
    return ws, frame


async def send(ws, action, **fields):
    await ws.send_to(text_data=json.dumps({"action": action, **fields}))


@pytest.mark.django_db(transaction=True)
async def test_the_host_panel_and_a_removal_and_a_ban_over_the_websocket(hosted):
    table, ann, bob, cy = hosted
    ws_ann, frame = await joined(table, ann, sit_down=True)
    assert 'id="host-panel" class="host-panel"' in frame and "Pause after this round" in frame
    ws_bob, frame = await joined(table, bob, sit_down=True)
    assert "hosted by <strong>Ann</strong>" in frame
    assert '<div id="host-panel" hidden></div>' in frame and "host_pause" not in frame
    ws_cy, _ = await joined(table, cy)
    # Cy's arrival reaches the host's panel: a spectator to remove or ban.
    await receive_until(
        ws_ann, lambda f: f'"host_ban", "target": "{cy.pk}"' in f and "Cy <small>watching" in f
    )

    # Somebody else's host action is refused with a message, nothing changed.
    await send(ws_bob, host.PAUSE)
    frame = await receive_until(ws_bob, lambda f: 'id="flash"' in f)
    assert host.NOT_HOST in frame

    await send(ws_ann, host.PAUSE)
    for ws in (ws_ann, ws_bob, ws_cy):
        frame = await receive_until(ws, lambda f: "Paused by the host" in f)
    assert "Resume play" not in frame  # Cy's: the status, never the controls

    await send(ws_ann, host.REMOVE, target=str(bob.pk))
    frame = await receive_until(ws_bob, lambda f: "removed you" in f)
    assert "You may come back by its link" in frame
    assert (await ws_bob.receive_output(timeout=5))["type"] == "websocket.close"
    await receive_until(ws_cy, lambda f: "The host removed Bob from the table." in f)
    # He comes back by the link: his socket is let in again.
    ws_bob, _ = await joined(table, bob)

    await send(ws_ann, host.BAN, target=cy.pk)
    await receive_until(ws_cy, lambda f: host.BANNED in f)
    closed = await ws_cy.receive_output(timeout=5)
    assert closed == {"type": "websocket.close", "code": host.CLOSE_REMOVED}
    ws_again, _ = await connect(table.pk, cy)
    # A banned player may not even watch: closed before any of the table is sent.
    assert await ws_again.receive_output(timeout=5) == {"type": "websocket.close", "code": 4403}

    await send(ws_ann, host.MAKE_HOST, target=bob.pk)
    frame = await receive_until(ws_bob, lambda f: "You host this table" in f)
    frame = await receive_until(ws_ann, lambda f: '<div id="host-panel" hidden></div>' in f)
    await send(ws_ann, host.RESUME)
    frame = await receive_until(ws_ann, lambda f: 'id="flash"' in f)
    assert host.NOT_HOST in frame
    await send(ws_bob, host.RESUME)
    await receive_until(ws_ann, lambda f: "The host resumed play." in f)
    for ws in (ws_ann, ws_bob):
        await ws.disconnect()
    await database_sync_to_async(assert_ledger_balanced)()


@pytest.mark.django_db(transaction=True)
async def test_the_table_page_shows_the_panel_to_the_host_only_and_refuses_the_banned(hosted, client):
    table, ann, bob, cy = hosted

    def page(player):
        client.cookies["sessionid"] = session_cookie(player)
        return client.get(f"/tables/{table.pk}/")

    def ban():
        Table.objects.get(pk=table.pk).banned.add(cy)

    response = await database_sync_to_async(page)(ann)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="host-panel" class="host-panel"' in html and 'id="host-rules"' in html
    assert 'name="rules_max_bet"' in html and "Private table, hosted by <strong>Ann</strong>" in html
    response = await database_sync_to_async(page)(bob)
    html = response.content.decode()
    assert '<div id="host-panel" hidden></div>' in html and "rules_max_bet" not in html
    await database_sync_to_async(ban)()
    response = await database_sync_to_async(page)(cy)
    assert response.status_code == 403


# -- a table without its host (issue 19's loose ends) --------------------------


def test_the_host_role_passes_to_the_longest_seated_player_when_the_host_is_gone(friends):
    runtime, clock, ann, bob, cy = friends
    clock.now += 10
    sit(runtime, cy)  # seat 3
    do(runtime, bob, "leave", round=runtime.round)
    clock.now += 10
    sit(runtime, bob)  # seat 2 again, but seated after Cy
    assert runtime.seat_of(bob.pk) == 2 and runtime.seat_of(cy.pk) == 3
    assert runtime.host_gone(bob.pk) is None  # not the host: nothing happens
    do(runtime, ann, "leave", round=runtime.round)
    step = runtime.host_gone(ann.pk)
    line = "Ann left the table: Cy, seated the longest, hosts it now."
    assert step.lines == [line] and log_texts(runtime)[-1] == line and list(chat_lines(runtime))[-1] == line
    assert Table.objects.get(pk=runtime.table.pk).host == cy
    assert runtime.snapshot["host"]["id"] == cy.pk and runtime.snapshot["host"]["name"] == "Cy"
    refused(runtime, ann, host.PAUSE, host.NOT_HOST)
    do(runtime, cy, host.PAUSE)
    # Cy is gone too (still seated: the owner stands them up first): Bob, the only one left.
    runtime.host_gone(cy.pk)
    assert Table.objects.get(pk=runtime.table.pk).host == bob and runtime.table.paused
    # Nobody seated but the leaving host: no host, and no pause nobody could lift.
    do(runtime, bob, "leave", round=runtime.round)
    do(runtime, cy, "leave", round=runtime.round)
    runtime.host_gone(bob.pk)
    table = Table.objects.get(pk=runtime.table.pk)
    assert table.host is None and not table.paused and table.is_open
    assert runtime.snapshot["host"]["id"] is None and not runtime.snapshot["host"]["paused"]
    assert "it has no host now, and closes when idle" in log_texts(runtime)[-1]
    assert runtime.host_gone(bob.pk) is None
    html = host_panel.page_fragments(table, runtime.snapshot, bob.pk)
    assert "with no host now" in html and '<div id="host-panel" hidden></div>' in html
    refused(runtime, bob, host.PAUSE, host.NOT_HOST)
    assert_ledger_balanced()


def test_at_a_table_left_without_a_host_the_next_player_to_sit_hosts_it(friends, client, make_player):
    runtime, clock, ann, bob, cy = friends
    table = runtime.table
    table.admission = "approve"
    table.save(update_fields=["admission"])
    do(runtime, bob, "leave", round=runtime.round)
    do(runtime, ann, "leave", round=runtime.round)
    runtime.host_gone(ann.pk)
    assert Table.objects.get(pk=table.pk).host is None
    # Dee asks to come in: the waiting page says who can let her in now.
    dee = make_player("Dee")
    client.cookies["sessionid"] = session_cookie(dee)
    response = client.get(f"/tables/private/{table.link_key}/")
    assert response.status_code == 200, response.status_code
    assert (
        "It has no host right now: the next player to sit at it becomes its host" in response.content.decode()
    )
    assert Table.objects.get(pk=table.pk).waiting.filter(pk=dee.pk).exists()
    # Cy, let in before, sits: Cy hosts the table, in the same transaction as the seat.
    sit(runtime, cy)
    row = Table.objects.get(pk=table.pk)
    assert (
        row.host == cy
        and runtime.snapshot["host"]["id"] == cy.pk
        and runtime.snapshot["host"]["name"] == "Cy"
    )
    assert log_texts(runtime)[-2:] == ["Cy sits at seat 1.", "Cy hosts the table now: it had no host."]
    assert list(chat_lines(runtime))[-1] == "Cy hosts the table now: it had no host."
    # ... and can let Dee in, who then finds the table open to her.
    client.cookies["sessionid"] = session_cookie(cy)
    response = client.post(f"/tables/{table.pk}/admit/", {"player": dee.pk})
    assert response.status_code == 302
    assert Table.objects.get(pk=table.pk).admitted.filter(pk=dee.pk).exists()
    # The next one to sit is only a player: the table has its host.
    sit(runtime, bob)
    assert Table.objects.get(pk=table.pk).host == cy
    assert log_texts(runtime)[-1] == "Bob sits at seat 2."
    assert_ledger_balanced()


def test_a_closed_table_tells_whom_it_admitted_who_closed_it(friends, client, make_player, make_table):
    runtime, clock, ann, bob, _ = friends
    do(runtime, ann, host.CLOSE)

    def page(player, table_id=runtime.table.pk):
        client.cookies["sessionid"] = session_cookie(player)
        return client.get(f"/tables/{table_id}/")

    response = page(bob)
    html = response.content.decode()
    assert response.status_code == 410 and "This table was closed by its host" in html
    assert f'href="/tables/{runtime.table.pk}/ledger/"' in html and 'href="/"' in html
    assert client.get(f"/tables/{runtime.table.pk}/ledger/").status_code == 200  # kept, and open to Bob
    # Whom the table never admitted learns nothing more than before.
    response = page(make_player("Eve"))
    assert response.status_code == 403 and "closed" not in response.content.decode()
    # A public table an administrator closed: a page of the site's, never a raw error.
    public = make_table(name="Old wheel")
    Table.objects.filter(pk=public.pk).update(is_open=False)
    response = page(bob, public.pk)
    html = response.content.decode()
    assert response.status_code == 410 and "This table is closed" in html and "Old wheel" in html
    assert 'href="/"' in html


@pytest.mark.django_db(transaction=True)
async def test_the_host_closing_their_page_hands_the_table_on(hosted, monkeypatch):
    """Over the owner: the host's last socket closes, past the grace period
    the owner gives seats the role passes on and every viewer sees it."""
    from casino.tables import owner

    monkeypatch.setattr(owner, "CLOSED_GRACE_SECONDS", 0.2)
    table, ann, bob, cy = hosted
    ws_ann, _ = await joined(table, ann, sit_down=True)
    ws_bob, _ = await joined(table, bob, sit_down=True)
    ws_cy, _ = await joined(table, cy)
    await ws_ann.disconnect()
    line = "Ann left the table: Bob, seated the longest, hosts it now."
    frame = await receive_until(ws_bob, lambda f: 'id="host-panel" class="host-panel"' in f, 15)
    assert "hosted by <strong>Bob</strong>" in frame
    await receive_until(ws_cy, lambda f: line in f and "hosted by <strong>Bob</strong>" in f)
    assert (await database_sync_to_async(Table.objects.get)(pk=table.pk)).host_id == bob.pk
    for ws in (ws_bob, ws_cy):
        await ws.disconnect()
    await database_sync_to_async(assert_ledger_balanced)()
