"""Guests, registration, sign in/out, top-ups and the lobby, over HTTP."""

from datetime import timedelta

import pytest
from django.utils import timezone

from casino.accounts.models import Player
from casino.wallet.ledger import balance_of
from tests.conftest import assert_ledger_balanced

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


@pytest.fixture
def lobby_tables(make_table, clean_redis):
    return [make_table(name="Small", min_bet=1), make_table(name="Big", min_bet=100, max_bet=1000)]


def test_guest_joins_with_a_nickname_and_gets_chips(client, lobby_tables):
    page = client.get("/")
    assert b"Pick a nickname" in page.content
    response = client.post("/accounts/join/", {"nickname": "Ann"})
    assert response.status_code == 302
    player = Player.objects.get(nickname="Ann")
    assert player.is_guest and balance_of(player) == 1_000_000
    page = client.get("/")
    assert b"Ann" in page.content and b"10,000" in page.content
    assert (
        b"Small" in page.content and b"Big" in page.content and b"1\xe2\x80\x93500 per spot" in page.content
    )
    assert_ledger_balanced()


@pytest.mark.parametrize("nickname", ["", " ", "x" * 30, "<script>"])
def test_bad_nicknames_are_refused(client, lobby_tables, nickname):
    response = client.post("/accounts/join/", {"nickname": nickname})
    assert response.status_code == 400
    assert not Player.objects.exists()


def test_register_keeps_the_wallet_and_sign_in_elsewhere(client, lobby_tables, django_user_model):
    client.post("/accounts/join/", {"nickname": "Ann"})
    player = Player.objects.get()
    response = client.post(
        "/accounts/register/",
        {"username": "ann", "password1": "a-long-Passphrase-9", "password2": "a-long-Passphrase-9"},
    )
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.user.username == "ann"
    client.post("/accounts/logout/")
    assert b"Pick a nickname" in client.get("/").content
    # Another browser signs in and finds the same wallet.
    from django.test import Client

    other = Client()
    response = other.post("/accounts/login/", {"username": "ann", "password": "a-long-Passphrase-9"})
    assert response.status_code == 302
    assert b"Ann" in other.get("/").content
    assert other.session["player_id"] == player.pk
    bad = Client().post("/accounts/login/", {"username": "ann", "password": "wrong"})
    assert bad.status_code == 200 and b"correct username" in bad.content


def test_top_up_only_below_the_minimum_and_once_an_hour(client, lobby_tables):
    from casino.wallet.ledger import house_account, player_account, post

    client.post("/accounts/join/", {"nickname": "Ann"})
    player = Player.objects.get()
    small = lobby_tables[0]
    response = client.post("/wallet/top-up/", {"table": small.pk}, follow=True)
    assert b"Top-ups are for players below the table minimum" in response.content
    # Lose nearly everything (through the ledger, as a table would).
    from django.db import transaction

    with transaction.atomic():
        post([(player_account(player), -999_950), (house_account(), 999_950)], kind="test")
    response = client.post("/wallet/top-up/", {"table": small.pk}, follow=True)
    assert b"Topped up" in response.content
    assert balance_of(player) == 1_000_000
    with transaction.atomic():
        post([(player_account(player), -999_950), (house_account(), 999_950)], kind="test")
    response = client.post("/wallet/top-up/", {"table": small.pk}, follow=True)
    assert b"again in" in response.content and balance_of(player) == 50
    Player.objects.filter(pk=player.pk).update(last_top_up=timezone.now() - timedelta(hours=1, minutes=1))
    client.post("/wallet/top-up/", {"table": small.pk})
    assert balance_of(player) == 1_000_000
    assert_ledger_balanced()


def test_the_top_up_threshold_is_what_deals_a_hand_in(client, clean_redis):
    # Let It Ride deals a hand in for three equal bets (docs/rules/let_it_ride.md rule 4):
    # at a 5-chip table a player with 10 chips cannot play, and may top up.
    from django.db import transaction

    from casino.tables.models import Table
    from casino.wallet.ledger import house_account, player_account, post

    table = Table.objects.create(game="let_it_ride", name="Ride", config={"min_bet": 5})
    assert table.spec.least_to_play(table.rules_config()) == 3 * table.spec.min_wager(table.rules_config())
    client.post("/accounts/join/", {"nickname": "Ann"})
    player = Player.objects.get()
    with transaction.atomic():
        post([(player_account(player), -998_500), (house_account(), 998_500)], kind="test")
    response = client.post("/wallet/top-up/", {"table": table.pk}, follow=True)
    assert b"Top-ups are for players below the table minimum (15)" in response.content
    with transaction.atomic():
        post([(player_account(player), -500), (house_account(), 500)], kind="test")
    assert "Top up to" in client.get(f"/tables/{table.pk}/").content.decode()
    response = client.post("/wallet/top-up/", {"table": table.pk}, follow=True)
    assert b"Topped up" in response.content and balance_of(player) == 1_000_000
    assert_ledger_balanced()


def test_table_page_renders_the_same_fragments(client, lobby_tables):
    table = lobby_tables[0]
    page = client.get(f"/tables/{table.pk}/").content.decode()
    for part in ("dc-status", "dc-wheel", "dc-layout", "dc-history", "dc-me", "chip-picker"):
        assert f'id="{part}"' in page
    assert f'ws-connect="/ws/tables/{table.pk}/"' in page
    assert 'aria-live="polite"' in page
    assert "1 to 1" in page and "40 to 1" in page  # § 689a.1(g)(3)
    assert "maximum payout per round" in page  # § 689a.1(g)(4)
    assert page.count("<path") == 54
    assert client.get("/tables/999/").status_code == 404


def test_test_tables_are_badged(admin_client, make_table, clean_redis):
    table = make_table(name="Lab wheel", seed=5)
    assert b"test table" in admin_client.get(f"/tables/{table.pk}/").content


def test_rules_submission_is_validated_in_the_admin(admin_client, clean_redis):
    from casino.tables.models import Table

    page = admin_client.get("/admin/tables/table/add/?game=dreamcatcher")
    assert b"Maximum payout to one player in one round" in page.content
    assert b'<option value="dreamcatcher" selected>' in page.content
    # A new table's page starts on the game its link names, each with its own settings.
    page = admin_client.get("/admin/tables/table/add/?game=spanish21")
    assert b"Maximum payout to one player in one round" not in page.content
    assert b'<option value="spanish21" selected>' in page.content
    form = {
        "game": "dreamcatcher",
        "name": "Admin wheel",
        "max_seats": 7,
        "is_open": "on",
        "seed": "",
        "rules_min_bet": 10,
        "rules_max_bet": 5,
        "rules_max_payout": 1000,
        "rules_betting_seconds": 15,
        "rules_spin_seconds": 8,
        "rules_result_seconds": 5,
    }
    response = admin_client.post("/admin/tables/table/add/", form)
    assert response.status_code == 200
    assert b"The maximum wager cannot be below the minimum wager" in response.content
    response = admin_client.post("/admin/tables/table/add/", {**form, "rules_max_bet": 50, "seed": "7"})
    assert b"Only a test table may carry a seed" in response.content
    assert not Table.objects.exists()
    response = admin_client.post("/admin/tables/table/add/", {**form, "rules_max_bet": 50})
    assert response.status_code == 302
    table = Table.objects.get()
    assert table.rules_config().max_bet == 50 and table.config["min_bet"] == 10
    page = admin_client.get(f"/admin/tables/table/{table.pk}/change/")
    assert b'name="rules_max_bet" value="50"' in page.content


def test_lobby_row_shows_the_last_result_through_the_game(make_table, clean_redis):
    from casino.lobby.rows import table_row
    from casino.tables.runtime import fresh_snapshot

    table = make_table(name="Row wheel")
    assert table_row(table)["last_result"] is None
    snapshot = fresh_snapshot(table.spec)
    snapshot["game"]["history"] = [
        {"round": 3, "symbols": ["2x", "7x", "10"], "result": "10", "multiplier": 14}
    ]
    table.state = snapshot
    assert table_row(table)["last_result"] == "10 ×14"
