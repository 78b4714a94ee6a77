"""Private tables (issue 19): a player opens one from the lobby with the
Rules Submission choices a player may make, shares its link, lets players in
(or has them wait for the host), bans whom they will; the table is never in
the public lobby, closes by itself when idle, and has its own ledger page."""

import asyncio
import random
import re
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.core.management import call_command
from django.db.models import Sum
from django.test import Client
from django.utils import timezone

from casino.asgi import application
from casino.lobby.rows import render_row
from casino.progressives import api, display
from casino.progressives.models import TableLink
from casino.realtime.groups import LOBBY_GROUP
from casino.tables import host, private, registry
from casino.tables.models import Table
from casino.tables.owner import TableWorker
from casino.wallet.ledger import escrow_holds_chips
from casino.wallet.models import Account, Entry
from tests.conftest import FAST, assert_ledger_balanced
from tests.test_consumer import HOST, ORIGIN, connect, receive_until, refused_socket
from tests.test_progressive_display import frame_with, linked_meter, start_ticker  # noqa: F401
from tests.test_test_tables import client_of, guest, play_round, running

pytestmark = pytest.mark.postgres

PUBLIC_WHEEL = {**FAST, "min_bet": 1, "max_bet": 500, "max_payout": 50_000}


def public_wheel(**config):
    return Table.objects.create(game="dreamcatcher", name="Public wheel", config={**PUBLIC_WHEEL, **config})


def finish_round(runtime, clock):
    """Run the table's clock until the round in play is over."""
    playing = runtime.round
    while runtime.round == playing:
        clock.now = runtime.snapshot["timer"]["deadline"]
        runtime.tick()


def wheel_form(**changes):
    data = {
        "game": "dreamcatcher",
        "name": "Friday wheel",
        "admission": "link",
        "rules_min_bet": "2",
        "rules_max_bet": "100",
        "rules_max_payout": "20000",
    }
    data.update(changes)
    return {key: value for key, value in data.items() if value is not None}


def open_wheel(host, admission="link", **config):
    """A private wheel hosted by ``host``, opened as the form does."""
    values, errors = private.check(registry.get("dreamcatcher"), {"max_bet": 100, **config})
    assert errors == {}
    return private.open_table(registry.get("dreamcatcher"), host, "Friday wheel", admission, values)


@pytest.mark.django_db
def test_a_player_opens_a_private_table_and_gets_its_link(clean_redis):
    public_wheel()
    # A player session first, as for sitting, then back to the form.
    response = Client().get("/private/new/?game=dreamcatcher")
    assert response.status_code == 302
    assert response["Location"] == "/?next=%2Fprivate%2Fnew%2F%3Fgame%3Ddreamcatcher"
    ann = guest("Ann")
    client = client_of(ann)
    page = client.get("/").content.decode()
    assert 'href="/private/new/"' in page
    form = client.get("/private/new/?game=dreamcatcher").content.decode()
    for field in ("rules_min_bet", "rules_max_bet", "rules_max_payout"):
        assert f'name="{field}"' in form
    # Clocks, seeds and stacks are not a player's to set.
    for field in ("rules_betting_seconds", 'name="seed"', 'name="stack"'):
        assert field not in form
    response = client.post("/private/new/", wheel_form())
    table = Table.objects.get(is_private=True)
    assert response.status_code == 302 and response["Location"] == f"/tables/{table.pk}/"
    assert (table.host, table.admission, table.is_test, table.seed) == (ann, "link", False, None)
    assert len(table.link_key) == 43 and list(table.admitted.all()) == [ann]
    assert table.last_active is not None
    assert table.config["min_bet"] == 2 and table.config["max_bet"] == 100
    assert table.config["betting_seconds"] == PUBLIC_WHEEL["betting_seconds"]  # the public table's
    page = client.get(response["Location"]).content.decode()
    assert f"http://testserver/tables/private/{table.link_key}/" in page
    assert "Copy link" in page and f'href="/tables/{table.pk}/ledger/"' in page
    # Never in the public lobby, for its host either.
    assert "Friday wheel" not in client.get("/").content.decode()
    assert "Friday wheel" not in Client().get("/").content.decode()


@pytest.mark.django_db
def test_every_game_opens_with_the_form_as_it_comes(clean_redis):
    """The form's first values are valid for every live game, and a private
    table is linked to its game's shared meters as the public table is."""
    call_command("demo_tables")
    for spec in registry.all_games():
        host = guest(f"Host {spec.slug}"[:24])
        client = client_of(host)
        page = client.get(f"/private/new/?game={spec.slug}")
        assert page.status_code == 200, spec.slug
        form = page.context["form"]
        data = {"game": spec.slug, "name": f"{spec.name} at home"[:60], "admission": "approve"}
        for name, field in form.fields.items():
            if name.startswith("rules_"):
                value = form.initial.get(name, field.initial)
                if isinstance(value, bool):
                    if value:
                        data[name] = "on"
                else:
                    data[name] = str(value)
        response = client.post("/private/new/", data)
        assert response.status_code == 302, (spec.slug, response.context["form"].errors)
        table = Table.objects.get(is_private=True, game=spec.slug)
        public = private.template_table(spec)
        assert {link.meter_id for link in TableLink.objects.filter(table=table)} == {
            link.meter_id for link in TableLink.objects.filter(table=public)
        }, spec.slug
        # The settings a player does not choose are the public table's.
        for name, value in public.rules_config().to_json().items():
            if name not in {choice.name for choice in private.choices(spec)}:
                assert table.config[name] == value, (spec.slug, name)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "changes, field, message",
    [
        ({"rules_max_bet": "501"}, "rules_max_bet", "less than or equal to 500"),
        ({"rules_min_bet": "0"}, "rules_min_bet", "greater than or equal to 1"),
        ({"rules_max_bet": "1", "rules_min_bet": "2"}, "rules_max_bet", "cannot be below the minimum"),
        ({"rules_max_payout": "many"}, "rules_max_payout", "Enter a whole number"),
        ({"name": ""}, "name", "required"),
        ({"admission": "everyone"}, "admission", "Select a valid choice"),
    ],
)
def test_a_wrong_setting_is_shown_in_the_form_and_nothing_is_created(clean_redis, changes, field, message):
    public_wheel()
    response = client_of(guest("Ann")).post("/private/new/", wheel_form(**changes))
    assert response.status_code == 400
    assert message in " ".join(response.context["form"].errors[field])
    assert "Nothing was created" in response.content.decode()
    assert not Table.objects.filter(is_private=True).exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    "extra",
    [
        {"seed": "689"},
        {"stack": "10 x2"},
        {"max_seats": "50"},
        {"rules_betting_seconds": "300"},  # a setting a player does not choose
    ],
)
def test_a_seed_a_stack_or_a_setting_posted_by_hand_is_refused(clean_redis, extra):
    public_wheel()
    response = client_of(guest("Ann")).post("/private/new/", wheel_form(**extra))
    assert response.status_code == 400
    assert "cannot be seeded or stacked" in response.content.decode()
    assert not Table.objects.filter(is_private=True).exists()


@pytest.mark.django_db
def test_a_test_tables_only_setting_is_never_a_players(clean_redis):
    spec = registry.get("face_up_pai_gow")
    Table.objects.create(game=spec.slug, name="Open Hand", config={})
    assert "ace_high_bonus" not in {choice.name for choice in private.choices(spec)}
    _, errors = private.check(spec, {"ace_high_bonus": 5})
    assert errors == {None: private.NOT_A_PLAYERS_SETTING}
    data = {"game": spec.slug, "name": "Home game", "admission": "link", "rules_ace_high_bonus": "5"}
    response = client_of(guest("Ann")).post("/private/new/", data)
    assert response.status_code == 400 and not Table.objects.filter(is_private=True).exists()


@pytest.mark.django_db
def test_limits_are_no_wider_than_the_public_tables(clean_redis):
    public_wheel(min_bet=5, max_bet=200)
    public_wheel(min_bet=2, max_bet=1_000)
    spec = registry.get("dreamcatcher")
    _, errors = private.check(spec, {"min_bet": 1, "max_bet": 1_001})
    assert set(errors) == {"min_bet", "max_bet"}
    config, errors = private.check(spec, {"min_bet": 2, "max_bet": 1_000})
    assert errors == {} and (config["min_bet"], config["max_bet"]) == (2, 1_000)
    # A running table's change keeps its own other settings.
    config, errors = private.check(spec, {"max_bet": 50}, base={**PUBLIC_WHEEL, "betting_seconds": 30})
    assert errors == {} and (config["max_bet"], config["betting_seconds"]) == (50, 30)


@pytest.mark.django_db
def test_the_link_admits_and_others_are_refused_at_every_page(clean_redis):
    ann, bob, eve = guest("Ann"), guest("Bob"), guest("Eve")
    table = open_wheel(ann)
    pages = [f"/tables/{table.pk}/{page}" for page in ("", "rules/", "rounds/", "ledger/")]
    for who in (Client(), client_of(eve)):
        for page in pages:
            response = who.get(page)
            assert response.status_code == 403, page
            assert "This table is private" in response.content.decode()
            assert "Friday wheel" not in response.content.decode()  # not even its name
    bob_client = client_of(bob)
    response = bob_client.get(f"/tables/private/{table.link_key}/")
    assert response.status_code == 302 and response["Location"] == f"/tables/{table.pk}/"
    assert set(table.admitted.all()) == {ann, bob}
    assert bob_client.get(f"/tables/{table.pk}/").status_code == 200
    assert bob_client.get(f"/tables/{table.pk}/ledger/").status_code == 200
    assert client_of(eve).get("/tables/private/not-the-key/").status_code == 404


@pytest.mark.django_db
def test_a_visitor_without_a_session_picks_a_nickname_and_comes_back(clean_redis):
    table = open_wheel(guest("Ann"))
    link = f"/tables/private/{table.link_key}/"
    client = Client()
    response = client.get(link)
    assert response.status_code == 302 and response["Location"] == f"/?next={link.replace('/', '%2F')}"
    assert f'name="next" value="{link}"' in client.get(response["Location"]).content.decode()
    response = client.post("/accounts/join/", {"nickname": "Bob", "next": link}, follow=True)
    assert response.redirect_chain[-1][0] == f"/tables/{table.pk}/"
    assert table.admitted.filter(nickname="Bob").exists()


@pytest.mark.django_db
def test_in_approve_mode_the_visitor_waits_until_the_host_lets_them_in(clean_redis):
    ann, bob, eve = guest("Ann"), guest("Bob"), guest("Eve")
    table = open_wheel(ann, admission="approve")
    link = f"/tables/private/{table.link_key}/"
    bob_client = client_of(bob)
    page = bob_client.get(link)
    assert page.status_code == 200 and "Waiting for the host" in page.content.decode()
    assert f'href="{link}"' in page.content.decode()  # "Check again"
    assert list(table.waiting.all()) == [bob] and bob not in table.admitted.all()
    assert bob_client.get(f"/tables/{table.pk}/waiting/").status_code == 204  # the page's poll
    waiting = bob_client.get(f"/tables/{table.pk}/")
    assert waiting.status_code == 403 and "Waiting for the host" in waiting.content.decode()
    host_page = client_of(ann).get(f"/tables/{table.pk}/").content.decode()
    assert "1 waiting" in host_page and f'name="player" value="{bob.pk}"' in host_page
    # Only the host lets players in: nobody else, even admitted.
    assert client_of(eve).post(f"/tables/{table.pk}/admit/", {"player": bob.pk}).status_code == 403
    table.admitted.add(eve)
    assert "Waiting to come in" not in client_of(eve).get(f"/tables/{table.pk}/").content.decode()
    client_of(eve).post(f"/tables/{table.pk}/admit/", {"player": bob.pk})
    assert bob not in table.admitted.all()
    response = client_of(ann).post(f"/tables/{table.pk}/admit/", {"player": "x"}, follow=True)
    assert "not waiting" in response.content.decode()
    client_of(ann).post(f"/tables/{table.pk}/admit/", {"player": bob.pk})
    assert bob in table.admitted.all() and not table.waiting.exists()
    poll = bob_client.get(f"/tables/{table.pk}/waiting/")
    assert poll.status_code == 200 and poll["HX-Redirect"] == f"/tables/{table.pk}/"
    assert client_of(eve).get(f"/tables/{table.pk}/waiting/")["HX-Redirect"]  # admitted above
    table.banned.add(eve)
    assert client_of(eve).get(f"/tables/{table.pk}/waiting/")["HX-Refresh"] == "true"  # the page says why
    response = bob_client.get(link)
    assert response.status_code == 302 and response["Location"] == f"/tables/{table.pk}/"


@pytest.mark.django_db
def test_the_host_makes_a_new_link_and_the_old_one_admits_nobody(clean_redis):
    ann, bob, cleo, dan = guest("Ann"), guest("Bob"), guest("Cleo"), guest("Dan")
    table = open_wheel(ann, admission="approve")
    old = f"/tables/private/{table.link_key}/"
    client_of(bob).get(old)
    private.let_in(table, bob)  # Bob is in...
    assert client_of(cleo).get(old).status_code == 200  # ...Cleo waits
    host_page = client_of(ann).get(f"/tables/{table.pk}/").content.decode()
    assert f'action="/tables/{table.pk}/new-link/"' in host_page and "Make a new link" in host_page
    assert "Make a new link" not in client_of(bob).get(f"/tables/{table.pk}/").content.decode()
    # Only the host: a player at the table is told so, a stranger gets the private page.
    response = client_of(bob).post(f"/tables/{table.pk}/new-link/", follow=True)
    assert "Only the table&#x27;s host can make a new link." in response.content.decode()
    assert client_of(dan).post(f"/tables/{table.pk}/new-link/").status_code == 403
    assert Client().post(f"/tables/{table.pk}/new-link/").status_code == 403
    table.refresh_from_db()
    assert f"/tables/private/{table.link_key}/" == old

    response = client_of(ann).post(f"/tables/{table.pk}/new-link/", follow=True)
    assert response.redirect_chain[-1][0] == f"/tables/{table.pk}/"
    page = response.content.decode()
    assert "The table has a new link: the old one no longer lets anyone in." in page
    table.refresh_from_db()
    new = f"/tables/private/{table.link_key}/"
    assert new != old and len(table.link_key) == 43
    assert f"http://testserver{new}" in page and old not in page
    # The old link opens nothing, for anyone, and says why.
    for who in (client_of(dan), client_of(cleo), Client()):
        response = who.get(old)
        assert response.status_code == 404
        html = response.content.decode()
        assert "This link does not open a table" in html and "Ask the host for the table" in html
        assert "Friday wheel" not in html
    # Whom it admitted stay; whoever waited by it asks again by the new one.
    assert client_of(bob).get(f"/tables/{table.pk}/").status_code == 200
    assert set(table.admitted.all()) == {ann, bob} and not table.waiting.exists()
    assert client_of(cleo).get(f"/tables/{table.pk}/waiting/")["HX-Refresh"] == "true"
    assert "Waiting for the host" in client_of(dan).get(new).content.decode()
    assert list(table.waiting.all()) == [dan]


@pytest.mark.django_db
def test_the_host_bans_a_player_who_is_only_waiting(clean_redis):
    ann, bob, eve = guest("Ann"), guest("Bob"), guest("Eve")
    table = open_wheel(ann, admission="approve")
    link = f"/tables/private/{table.link_key}/"
    bob_client = client_of(bob)
    bob_client.get(link)
    assert list(table.waiting.all()) == [bob]  # never at the table: no seat, no socket
    host_page = client_of(ann).get(f"/tables/{table.pk}/").content.decode()
    assert f'formaction="/tables/{table.pk}/waiting/ban/"' in host_page
    # Only the host.
    table.admitted.add(eve)
    client_of(eve).post(f"/tables/{table.pk}/waiting/ban/", {"player": bob.pk})
    assert Client().post(f"/tables/{table.pk}/waiting/ban/", {"player": bob.pk}).status_code == 403
    assert not table.banned.exists() and list(table.waiting.all()) == [bob]
    response = client_of(ann).post(f"/tables/{table.pk}/waiting/ban/", {"player": eve.pk}, follow=True)
    assert "not waiting to come in" in response.content.decode() and not table.banned.exists()

    response = client_of(ann).post(f"/tables/{table.pk}/waiting/ban/", {"player": bob.pk}, follow=True)
    assert "Bob is banned: they can neither play nor watch here." in response.content.decode()
    assert list(table.banned.all()) == [bob] and not table.waiting.exists()
    assert bob not in table.admitted.all()
    # Bob's waiting page reloads and says why; neither this link nor a new one lets him in.
    assert bob_client.get(f"/tables/{table.pk}/waiting/")["HX-Refresh"] == "true"
    client_of(ann).post(f"/tables/{table.pk}/new-link/")
    table.refresh_from_db()
    for page in (f"/tables/private/{table.link_key}/", f"/tables/{table.pk}/"):
        response = bob_client.get(page)
        assert response.status_code == 403 and "You cannot enter this table" in response.content.decode()
    assert not table.waiting.exists()


@pytest.mark.django_db
def test_a_banned_player_can_neither_enter_nor_come_back_by_the_link(clean_redis):
    ann, bob = guest("Ann"), guest("Bob")
    table = open_wheel(ann)
    client = client_of(bob)
    client.get(f"/tables/private/{table.link_key}/")
    table.banned.add(bob)
    for page in (f"/tables/{table.pk}/", f"/tables/private/{table.link_key}/", f"/tables/{table.pk}/rules/"):
        response = client.get(page)
        assert response.status_code == 403
        assert "You cannot enter this table" in response.content.decode()


@pytest.mark.django_db(transaction=True)
async def test_the_websocket_refuses_the_banned_and_the_not_admitted(clean_redis):
    ann, bob, eve = [await database_sync_to_async(guest)(name) for name in ("Ann", "Bob", "Eve")]
    table = await database_sync_to_async(open_wheel)(ann)
    await database_sync_to_async(lambda: running(Table.objects.get(pk=table.pk)))()
    await database_sync_to_async(private.arrive)(table, bob)
    communicator, connected = await connect(table.pk, bob)
    assert connected
    await communicator.disconnect()
    for who in (None, eve):
        assert await refused_socket(table.pk, who) == ("websocket.close", 4403)
    await database_sync_to_async(table.banned.add)(bob)
    assert await refused_socket(table.pk, bob) == ("websocket.close", 4403)
    communicator, connected = await connect(table.pk, ann)
    assert connected
    await communicator.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_the_lobby_websocket_never_shows_a_private_table(clean_redis):
    table = await database_sync_to_async(open_wheel)(await database_sync_to_async(guest)("Ann"))
    public = await database_sync_to_async(public_wheel)()
    assert await database_sync_to_async(render_row)(table.pk) == ""
    lobby = WebsocketCommunicator(application, "/ws/lobby/", headers=[ORIGIN, HOST])
    assert (await lobby.connect())[0]
    await lobby.receive_from(timeout=5)  # the meters panel
    layer = get_channel_layer()
    # The owner's pushes of a step at the private table, then the public one's.
    for table_id in (table.pk, public.pk):
        await layer.group_send(LOBBY_GROUP, {"type": "lobby.table", "table_id": table_id})
    frame = await lobby.receive_from(timeout=5)
    assert f'id="table-row-{public.pk}"' in frame and "Public wheel" in frame
    assert await lobby.receive_nothing(timeout=0.3)
    await lobby.disconnect()


def private_table_on_a_meter():
    """A public wheel with a Must-Hit-By meter, and Ann's private wheel,
    which shares it as every private table of the game does."""
    public = public_wheel()
    meter = linked_meter(public)
    ann = guest("Ann")
    table = open_wheel(ann)
    assert TableLink.objects.filter(table=table, meter=meter).exists()
    return public, meter, ann, table


def mentions(html, table):
    """Whether ``html`` names the private ``table`` or gives away its id."""
    return any(
        text in html
        for text in ("Friday wheel", f"table-row-{table.pk}", f"/tables/{table.pk}/", f"table {table.pk}")
    )


@pytest.mark.django_db
def test_the_lobby_page_never_names_a_private_table_on_a_meter(clean_redis):
    public, meter, ann, table = private_table_on_a_meter()
    api.open_meter(meter, rng=random.Random(11))
    lobby = Client().get("/").content.decode()
    assert f'id="meter-{meter.pk}"' in lobby and "At Public wheel<" in lobby
    assert not mentions(lobby, table)
    # A win at the private table: "at a private table" but there.
    (hit,) = api.contribute(table.pk, 2, [api.Wager(meter.pk, 3, 500_000)]).wins
    won = display.dollars(hit.paid_cents)
    for page in (Client().get("/"), client_of(ann).get("/"), Client().get(f"/tables/{public.pk}/")):
        html = page.content.decode()
        assert f"Won {won} at a private table<" in html and not mentions(html, table)
    html = client_of(ann).get(f"/tables/{table.pk}/").content.decode()
    assert f"Won {won} at Friday wheel, seat 3" in html


@pytest.mark.django_db(transaction=True)
async def test_the_lobby_pushes_never_name_a_private_table_but_its_players_see_its_wins(
    clean_redis,
    start_ticker,  # noqa: F811
    monkeypatch,
):
    monkeypatch.setattr(display, "LIGHT_SECONDS", 1)
    public, meter, ann, table = await database_sync_to_async(private_table_on_a_meter)()
    start_ticker()
    lobby = WebsocketCommunicator(application, "/ws/lobby/", headers=[ORIGIN, HOST])
    assert (await lobby.connect())[0]
    frames = [await frame_with(lobby, 'id="meters-panel"', 5)]
    assert "At Public wheel<" in frames[0]
    layer = get_channel_layer()

    async def lobby_frames_until_the_public_row():
        """What the lobby got, up to a push of the public table's row sent now."""
        await layer.group_send(LOBBY_GROUP, {"type": "lobby.table", "table_id": public.pk})
        while True:
            frames.append(await lobby.receive_from(timeout=5))
            if f'id="table-row-{public.pk}"' in frames[-1]:
                return

    # Ann arrives at her table: the lobby hears nothing of it.
    at_table, connected = await connect(table.pk, ann)
    assert connected
    await receive_until(at_table, lambda frame: f'id="meter-{meter.pk}"' in frame)
    await lobby_frames_until_the_public_row()

    # $5,000 at 2% crosses any trigger below the $200 maximum: a hit at seat 3 of the private table.
    result = await database_sync_to_async(api.contribute)(table.pk, 2, [api.Wager(meter.pk, 3, 500_000)])
    won = display.dollars(result.wins[0].paid_cents)
    frame = await receive_until(at_table, lambda frame: 'id="announce"' in frame)
    assert f"Must-Hit-By Mystery bonus won: {won} at Friday wheel, seat 3" in frame
    assert f"Won {won} at Friday wheel, seat 3" in frame
    frames.append(await frame_with(lobby, 'id="announce"', 2))
    assert f"Poker mystery: Must-Hit-By Mystery bonus won: {won} at a private table<" in frames[-1]
    assert f"Won {won} at a private table<" in frames[-1]

    # Ann leaves: nothing again.
    await at_table.disconnect()
    await asyncio.sleep(0.5)
    await lobby_frames_until_the_public_row()
    await lobby.disconnect()
    assert not any(mentions(frame, table) for frame in frames)


@pytest.mark.django_db
def test_a_player_hosts_at_most_the_limit_of_open_private_tables(clean_redis, settings):
    settings.PRIVATE_TABLES_PER_PLAYER = 2
    public_wheel()
    ann = guest("Ann")
    client = client_of(ann)
    for name in ("One", "Two"):
        assert client.post("/private/new/", wheel_form(name=name)).status_code == 302
    page = client.get("/private/new/?game=dreamcatcher").content.decode()
    assert "You already host 2 open private tables" in page
    response = client.post("/private/new/", wheel_form(name="Three"))
    assert (
        response.status_code == 400 and "You already host 2 open private tables" in response.content.decode()
    )
    assert Table.objects.filter(host=ann).count() == 2
    with pytest.raises(private.Refused):
        open_wheel(ann)
    Table.objects.filter(name="One").update(is_open=False)
    assert client.post("/private/new/", wheel_form(name="Three")).status_code == 302
    # Another player has a limit of their own.
    assert client_of(guest("Bob")).post("/private/new/", wheel_form(name="Bob's")).status_code == 302


@pytest.mark.django_db
def test_an_idle_private_table_closes_between_rounds_and_keeps_its_rounds(clean_redis, settings):
    settings.PRIVATE_TABLE_IDLE_SECONDS = 600
    ann = guest("Ann")
    table = open_wheel(ann)
    public = public_wheel()
    runtime, clock = running(Table.objects.get(pk=table.pk))
    opened = Table.objects.get(pk=table.pk).last_active
    runtime.act(ann.pk, "Ann", {"action": "sit", "round": 1})
    sat = Table.objects.get(pk=table.pk).last_active
    assert sat > opened  # a player's action, in the runtime's own UPDATE
    play_round(runtime, clock, ann)
    rounds = table.rounds.filter(finished__isnull=False).count()
    assert rounds >= 1
    # The table's clock alone (a round with no wagers) is not activity.
    played = Table.objects.get(pk=table.pk).last_active
    finish_round(runtime, clock)
    assert Table.objects.get(pk=table.pk).last_active == played
    assert private.idle_tables(now=timezone.now() + timedelta(seconds=599)) == []
    assert runtime.close_idle() is None  # its owner finds it in use
    # Idle for longer than that, but a wager rides in the round: it stays open.
    runtime.act(ann.pk, "Ann", {"action": "bet", "spot": "1", "amount": "5", "round": runtime.round})
    assert escrow_holds_chips(table.pk, runtime.round)
    long_ago = timezone.now() - timedelta(seconds=601)
    Table.objects.filter(pk=table.pk).update(last_active=long_ago)
    assert private.idle_tables() == [table.pk]
    assert runtime.close_idle() is None
    assert Table.objects.get(pk=table.pk).is_open
    finish_round(runtime, clock)
    Table.objects.filter(pk=table.pk).update(last_active=long_ago)
    step = runtime.close_idle()
    # A table event, as the host's close: the viewers' snapshot says it closed, and why.
    assert step.table_event and step.snapshot["host"]["closed"] == host.IDLE
    assert step.snapshot["timer"] is None and host.IDLE_CLOSED in step.lines
    closed = Table.objects.get(pk=table.pk)
    assert not closed.is_open and closed.rounds.count() >= rounds
    assert closed.state["host"]["closed"] == host.IDLE
    assert private.idle_tables() == [] and runtime.close_idle() is None
    # The worker no longer runs it; the public table is left alone.
    assert TableWorker()._open_tables() == [public.pk]
    page = client_of(ann).get(f"/tables/private/{table.link_key}/")
    assert page.status_code == 410 and "This table is closed" in page.content.decode()
    page = client_of(ann).get(f"/tables/{table.pk}/")
    assert page.status_code == 410 and "Nobody played at" in page.content.decode()
    assert client_of(ann).get(f"/tables/{table.pk}/rounds/").status_code == 302  # records kept
    assert_ledger_balanced()


@pytest.mark.django_db(transaction=True)
async def test_the_worker_has_the_owner_close_an_idle_table_and_its_viewers_see_it(clean_redis, settings):
    """The worker's scan asks the owner; the owner's close reaches a viewer's
    socket as the host's close does, then the next scan stops the owner."""
    settings.PRIVATE_TABLE_IDLE_SECONDS = 60
    ann = await database_sync_to_async(guest)("Ann")
    table = await database_sync_to_async(open_wheel)(ann)
    fresh = await database_sync_to_async(open_wheel)(await database_sync_to_async(guest)("Bob"))
    stop = asyncio.Event()
    worker = TableWorker(scan_seconds=0.1, table_ids=[table.pk, fresh.pk])
    task = asyncio.create_task(worker.run(stop))
    try:
        ws, connected = await connect(table.pk, ann)
        assert connected
        await receive_until(ws, lambda frame: "hosted by <strong>Ann</strong>" in frame)
        idle_since = timezone.now() - timedelta(seconds=61)
        await database_sync_to_async(Table.objects.filter(pk=table.pk).update)(last_active=idle_since)
        # The table's status says so (and the chat has the round log's line).
        frame = await receive_until(ws, lambda frame: "This table is closed." in frame, 20)
        assert "Nobody played here for a long time, so it closed" in frame
        await ws.disconnect()
        for _ in range(200):
            if table.pk not in worker.owners:
                break
            await asyncio.sleep(0.05)
        assert table.pk not in worker.owners and fresh.pk in worker.owners
    finally:
        stop.set()
        await task
    closed = await database_sync_to_async(Table.objects.get)(pk=table.pk)
    assert not closed.is_open and closed.state["host"]["closed"] == host.IDLE
    assert (await database_sync_to_async(Table.objects.get)(pk=fresh.pk)).is_open


@pytest.mark.django_db
def test_the_ledger_page_shows_each_players_net_by_session_and_round(clean_redis):
    ann, bob = guest("Ann"), guest("Bob")
    table = open_wheel(ann)
    private.arrive(table, bob)
    runtime, clock = running(Table.objects.get(pk=table.pk))
    for player in (ann, bob):
        runtime.act(player.pk, player.nickname, {"action": "sit", "round": 1})
    for _ in range(3):
        for player, spot, amount in ((ann, "1", "10"), (bob, "2", "7")):
            message = {"action": "bet", "spot": spot, "amount": amount, "round": runtime.round}
            runtime.act(player.pk, player.nickname, message)
        finish_round(runtime, clock)
    page = client_of(bob).get(f"/tables/{table.pk}/ledger/")
    assert page.status_code == 200
    html = page.content.decode()
    nets = {}
    for player in (ann, bob):
        net = Entry.objects.filter(transaction__table_id=table.pk, account__player=player).aggregate(
            total=Sum("amount")
        )["total"]
        nets[player.nickname] = net
        shown = f"{'+' if net > 0 else ''}{net // 100:,}"
        assert re.search(rf"<th scope=\"row\">{player.nickname}</th><td[^>]*>{re.escape(shown)}", html)
    ledger = page.context
    assert {row["nickname"]: row["net"] for row in ledger["players"]} == nets
    assert sum(nets.values()) + ledger["house"] + ledger["riding"] == 0
    assert ledger["round_count"] >= 3
    for row in ledger["rounds"]:
        per_round = Entry.objects.filter(
            transaction__table_id=table.pk,
            transaction__round_number=row["number"],
            account__kind=Account.PLAYER,
        ).aggregate(total=Sum("amount"))["total"]
        assert row["total"] == per_round
        assert f'href="/tables/{table.pk}/rounds/{row["number"]}/"' in html
    assert_ledger_balanced()


@pytest.mark.django_db
def test_paytables_are_offered_by_their_names(clean_redis):
    Table.objects.create(game="pai_gow", name="Tiger 9", config={})
    choices = {choice.name: choice for choice in private.choices(registry.get("pai_gow"))}
    assert choices["sum_paytable"].labels == ("A", "B", "C", "D")
    assert choices["beat_it_paytable"].values == (1, 2, 3)
    # Not the progressive's: it follows the casino's shared meter.
    assert "progressive" in choices and choices["progressive"].kind == private.WAGER
    page = client_of(guest("Ann")).get("/private/new/?game=pai_gow").content.decode()
    assert '<option value="4">D</option>' in page
    assert "The Fortune bonus wager is offered." in page


@pytest.mark.django_db
def test_a_tables_name_keeps_no_control_or_direction_characters(clean_redis):
    public_wheel()
    client = client_of(guest("Ann"))
    client.post("/private/new/", wheel_form(name="\u202eFriday\u0007 wheel\u2066"))
    assert Table.objects.get(is_private=True).name == "Friday  wheel"
    # Nothing but controls is no name.
    response = client.post("/private/new/", wheel_form(name="\u202e\u2066 "))
    assert "Give your table a name." in response.content.decode()
    assert Table.objects.filter(is_private=True).count() == 1
