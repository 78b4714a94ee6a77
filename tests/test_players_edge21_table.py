"""The live Player's Edge 21 table: the shared blackjack page with its own
betting areas; the Monster Match progressive is offered only where a Monster
Match meter is linked."""

import re

import pytest
from django.test import Client

from casino.progressives import api
from casino.progressives.models import Meter, TableLink
from casino.tables.models import Table
from casino.tables.runtime import TableRuntime
from tests.conftest import session_cookie

pytestmark = pytest.mark.django_db


def page(table, player):
    client = Client()
    client.cookies["sessionid"] = session_cookie(player)
    response = client.get(f"/tables/{table.pk}/")
    assert response.status_code == 200
    return response.content.decode()


def test_the_page_offers_the_players_edge_21_wagers(make_player, clean_redis):
    table = Table.objects.create(game="players_edge21", name="Edge", config={}, is_test=True, max_seats=6)
    ann = make_player("Ann")
    runtime = TableRuntime(table)
    runtime.start()
    runtime.act(ann.pk, "Ann", {"action": "sit", "round": runtime.round})
    runtime.act(ann.pk, "Ann", {"action": "bet", "spot": "main", "amount": "10", "round": runtime.round})
    html = page(table, ann)
    assert "Player&#x27;s Edge 21" in html or "Player's Edge 21" in html
    assert re.findall(r'data-area="(\w+)"', html) == ["main", "match_up", "match_down"]
    meter = Meter.objects.create(name="Monster", kind="monster_match", paytable="A", wager_dollars=1)
    TableLink.objects.create(meter=meter, table=table)
    api.open_meter(meter)
    html = page(table, ann)
    assert re.findall(r'data-area="(\w+)"', html) == ["main", "match_up", "match_down", "monster_match"]
    assert "Monster Match progressive $1" in html
