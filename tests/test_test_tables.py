"""Test tables are for designers (docs/architecture.md, "Randomness"): only designers
and the players a designer invites watch or sit there, they play with test
chips that never touch a real wallet, the seed is shown to designers only,
and they are listed in the lab, never in the public lobby."""

import json
import re

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import Group, User
from django.test import Client

from casino.accounts.models import Player
from casino.accounts.roles import DESIGNERS
from casino.accounts.session import SESSION_KEY
from casino.tables.exceptions import Refused
from casino.tables.models import Table
from casino.tables.runtime import TableRuntime
from casino.wallet.ledger import TopUpRefused, at_stake, balance_of, open_wallet, player_account, top_up
from casino.wallet.models import Account
from tests.conftest import FAST, assert_ledger_balanced
from tests.test_consumer import connect, refused_socket, round_of

pytestmark = pytest.mark.postgres

START = 1_000_000  # a new wallet: 10,000 chips
TEST_START = 10_000_000  # test chips: 100,000

# The seed as a number of its own: not the digits inside a timestamp's
# microseconds ("08:14:25.468913" on a round's log).
SEED_SHOWN = re.compile(r"(?<![\d.])689(?!\d)")


def guest(nickname):
    """A guest who is not invited anywhere (make_player would invite them)."""
    player = Player.objects.create(nickname=nickname)
    open_wallet(player)
    return player


def client_of(player):
    client = Client()
    session = client.session
    session[SESSION_KEY] = player.pk
    session.save()
    return client


def designer(nickname="Dana"):
    user = User.objects.create_user(nickname.lower(), password="correct horse battery")
    user.groups.add(Group.objects.get_or_create(name=DESIGNERS)[0])
    player = Player.objects.create(nickname=nickname, user=user)
    open_wallet(player)
    client = Client()
    client.force_login(user)
    session = client.session
    session[SESSION_KEY] = player.pk
    session.save()
    return player, client


def seeded_table(**config):
    return Table.objects.create(
        game="dreamcatcher", name="Lab wheel", config={**FAST, **config}, is_test=True, seed=689
    )


def running(table):
    """The table's runtime, started, on a clock the test moves."""
    clock = Clock()
    runtime = TableRuntime(table, clock=clock)
    runtime.start()
    return runtime, clock


def sit_and_play(table, player, amount="10"):
    runtime, clock = running(table)
    runtime.act(player.pk, player.nickname, {"action": "sit", "round": 1})
    play_round(runtime, clock, player, amount)
    return runtime


def play_round(runtime, clock, player, amount="10"):
    message = {"action": "bet", "spot": "1", "amount": amount, "round": runtime.round}
    runtime.act(player.pk, player.nickname, message)
    for _ in range(20):
        clock.now = runtime.snapshot["timer"]["deadline"]
        runtime.tick()
        if runtime.round > 1:
            return


class Clock:
    def __init__(self):
        self.now = 1_000.0

    def __call__(self):
        return self.now


@pytest.mark.django_db
def test_test_tables_are_listed_in_the_lab_and_never_in_the_lobby(client, clean_redis):
    table = seeded_table()
    public = Table.objects.create(game="dreamcatcher", name="Public wheel", config=FAST)
    lobby = client.get("/").content.decode()
    assert "Public wheel" in lobby and "Lab wheel" not in lobby and f"/tables/{table.pk}/" not in lobby
    _, lab = designer()
    page = lab.get("/lab/").content.decode()
    assert f'href="/tables/{table.pk}/"' in page and "seed 689" in page
    assert f'href="/tables/{public.pk}/"' not in page


@pytest.mark.django_db
def test_only_designers_and_invited_players_open_a_test_table(client, clean_redis):
    table = seeded_table()
    outsider, invited = guest("Eve"), guest("Ivy")
    table.invited.add(invited)
    _, lab = designer()
    for who in (client, client_of(outsider)):
        for url in (f"/tables/{table.pk}/", f"/tables/{table.pk}/rounds/"):
            response = who.get(url)
            assert response.status_code == 403
            assert "Only designers and the players they invite" in response.content.decode()
            assert not SEED_SHOWN.search(response.content.decode())
    page = lab.get(f"/tables/{table.pk}/").content.decode()
    assert "test table" in page and "Invite a player by nickname" in page and "Test chips" in page
    page = client_of(invited).get(f"/tables/{table.pk}/").content.decode()
    assert "test table" in page and "Invite a player" not in page
    assert "Reset my test chips" in page
    # One balance on the page: the live one the table's updates keep current.
    assert page.count('class="my-balance"') == 1 and "Test chips: <strong" in page


@pytest.mark.django_db
def test_the_seed_is_shown_to_designers_only_even_once_the_round_is_over(clean_redis):
    table = seeded_table()
    invited = guest("Ivy")
    table.invited.add(invited)
    sit_and_play(table, invited)
    url = f"/tables/{table.pk}/rounds/1/"
    seen = client_of(invited).get(url).content.decode()
    assert "Identical" in seen and "seeded" in seen and not SEED_SHOWN.search(seen)
    _, lab = designer()
    assert "seed <code>689</code>" in lab.get(url).content.decode()
    assert "seed 689" in lab.get(url).content.decode()  # the replay's note too
    assert_ledger_balanced()


@pytest.mark.django_db
def test_an_uninvited_player_cannot_sit_and_an_invited_one_plays_with_test_chips(clean_redis):
    table = seeded_table()
    outsider, invited = guest("Eve"), guest("Ivy")
    dana, _ = designer()
    runtime, clock = running(table)
    with pytest.raises(Refused, match="only designers and the players they invite"):
        runtime.act(outsider.pk, "Eve", {"action": "sit", "round": 1})
    assert runtime.snapshot["seats"] == {}
    table.invited.add(invited)
    runtime.act(invited.pk, "Ivy", {"action": "sit", "round": 1})
    runtime.act(dana.pk, "Dana", {"action": "sit", "round": 1})
    assert balance_of(invited, test=True) == TEST_START
    play_round(runtime, clock, invited, amount="500")
    # The real wallets never moved; the test chips did, from the test house.
    assert balance_of(invited) == START and balance_of(dana) == START
    assert balance_of(invited, test=True) != TEST_START
    assert Account.objects.get(test_player=invited).kind == Account.TEST
    assert not Account.objects.filter(name="house").exclude(balance=-3 * START).exists()
    assert_ledger_balanced()


@pytest.mark.django_db
def test_test_chips_reset_at_will_and_the_wallet_top_up_is_not_for_test_tables(clean_redis):
    table = seeded_table()
    invited = guest("Ivy")
    table.invited.add(invited)
    sit_and_play(table, invited, amount="500")
    client = client_of(invited)
    response = client.post(f"/tables/{table.pk}/test-chips/", follow=True)
    assert "Your test chips are back to 100,000" in response.content.decode()
    assert balance_of(invited, test=True) == TEST_START
    response = client.post("/wallet/top-up/", {"table": table.pk}, follow=True)
    assert "Test tables play with test chips" in response.content.decode()
    assert balance_of(invited) == START
    # Nobody else may reset chips there.
    assert client_of(guest("Eve")).post(f"/tables/{table.pk}/test-chips/").status_code == 403
    assert_ledger_balanced()


@pytest.mark.django_db
def test_a_designer_invites_a_player_by_nickname(clean_redis):
    table = seeded_table()
    ivy = guest("Ivy")
    _, lab = designer()
    response = lab.post(f"/tables/{table.pk}/invite/", {"nickname": "ivy"}, follow=True)
    assert "Ivy is invited" in response.content.decode()
    assert list(table.invited.all()) == [ivy]
    response = lab.post(f"/tables/{table.pk}/invite/", {"nickname": "Nobody"}, follow=True)
    assert "No player is called" in response.content.decode()
    # A guest cannot invite anyone, not even themself.
    assert client_of(guest("Eve")).post(f"/tables/{table.pk}/invite/", {"nickname": "Eve"}).status_code == 403
    assert list(table.invited.all()) == [ivy]


@pytest.mark.django_db(transaction=True)
async def test_the_websocket_of_a_test_table_refuses_whoever_is_not_invited(clean_redis):
    table = await database_sync_to_async(seeded_table)()
    outsider = await database_sync_to_async(guest)("Eve")
    invited = await database_sync_to_async(guest)("Ivy")
    await database_sync_to_async(table.invited.add)(invited)
    await database_sync_to_async(lambda: TableRuntime(Table.objects.get(pk=table.pk)).start())()
    for who in (None, outsider):
        assert await refused_socket(table.pk, who) == ("websocket.close", 4403)
    communicator, connected = await connect(table.pk, invited)
    assert connected
    frame = await communicator.receive_from(timeout=5)
    assert "Test chips" in frame and "100,000" in frame
    await communicator.send_to(text_data=json.dumps({"action": "sit", "round": round_of(frame)}))
    await communicator.disconnect()


@pytest.mark.django_db
def test_a_top_up_counts_the_chips_still_riding_in_a_round(clean_redis):
    config = {**FAST, "max_bet": 10_000, "max_payout": 500_000}
    table = Table.objects.create(game="dreamcatcher", name="Public wheel", config=config)
    ann = guest("Ann")
    runtime, clock = running(table)
    runtime.act(ann.pk, "Ann", {"action": "sit", "round": 1})
    runtime.act(ann.pk, "Ann", {"action": "bet", "spot": "1", "amount": "10000", "round": 1})
    assert balance_of(ann) == 0
    with pytest.raises(TopUpRefused, match="10,000 riding in a round"):
        top_up(ann, 100)
    assert balance_of(ann) == 0
    for _ in range(20):
        clock.now = runtime.snapshot["timer"]["deadline"]
        runtime.tick()
        if runtime.round > 1:
            break
    assert at_stake(player_account(ann)) == 0  # settled: nothing rides any more
    if balance_of(ann) == 0:
        assert top_up(ann, 100) == START  # lost: now the top-up is due
    else:
        with pytest.raises(TopUpRefused, match="you have"):
            top_up(ann, 100)
    assert_ledger_balanced()
