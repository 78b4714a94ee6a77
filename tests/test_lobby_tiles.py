"""The lobby's tiles (issue 35, item 6) without a browser: each family's
picture of its last result, one render per change and process however many
viewers, and the lobby's latest wins: a Mystery bonus hit and a big win at a
listed table reach it, a hidden table's never."""

import asyncio

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.test import Client
from django.utils import timezone

from casino.chat import highlights
from casino.lobby import rows, wins
from casino.realtime.groups import LOBBY_GROUP
from casino.tables.models import Round, Table
from casino.tables.runtime import Step, fresh_snapshot
from games.engine import WIN, ChipMove
from tests.test_private_tables import open_wheel
from tests.test_test_tables import guest


@pytest.mark.django_db
@pytest.mark.parametrize(
    "game, result, label, cards",
    [
        ("spanish21", {"dealer": ["KS", "9C"], "results": {}}, "Dealer's last hand", ["KS", "9C"]),
        (
            "pai_gow",
            {
                "dealer": {"high": ["KC", "KD", "5S", "4C", "3H"], "low": ["8H", "7D"]},
                "roll": [2, 3, 3],
                "results": {},
            },
            "Dealer's last hand",
            ["KC", "KD", "5S", "4C", "3H", "8H", "7D"],
        ),
        (
            "three_card_poker",
            {"dealer": {"cards": ["AS", "KD", "2C"]}, "results": {}},
            "Dealer's last hand",
            ["AS", "KD", "2C"],
        ),
    ],
)
def test_a_card_tables_tile_draws_its_last_hand(clean_redis, game, result, label, cards):
    table = Table.objects.create(game=game, name=f"{game} tile", max_seats=6)
    table.state = fresh_snapshot(table.spec)
    assert table_row_view(table) is None  # nothing dealt yet: no picture
    Round.objects.create(table=table, number=1, result=result, finished=timezone.now())
    view = table_row_view(table)
    assert view["label"] == label and view["cards"] == cards and len(view["svgs"]) == len(cards)


def table_row_view(table):
    return rows.table_row(table)["view"]


def test_the_wheels_tile_shows_its_last_spins_newest_first():
    spec = Table(game="dreamcatcher").spec
    history = [{"result": "10", "multiplier": 2}, {"result": "1", "multiplier": 1}]
    assert spec.lobby_view({"history": history}) == {"label": "Last spins", "results": history}
    assert spec.lobby_view({"history": []}) is None


@pytest.mark.django_db(transaction=True)
async def test_a_change_is_rendered_once_for_every_viewer_of_a_process(monkeypatch):
    table = await database_sync_to_async(Table.objects.create)(
        game="dreamcatcher", name="Shared", max_seats=6
    )
    calls = []

    def render(table_id):
        calls.append(table_id)
        return f"<li id='table-row-{table_id}'>{len(calls)}</li>"

    monkeypatch.setattr(rows, "render_row", render)
    first = await asyncio.gather(*[rows.shared_row(table.pk, "a.1") for _ in range(50)])
    assert calls == [table.pk] and set(first) == {first[0]}
    second = await asyncio.gather(*[rows.shared_row(table.pk, "a.2") for _ in range(50)])
    assert len(calls) == 2 and set(second) == {second[0]} != {first[0]}


@pytest.mark.django_db(transaction=True)
async def test_the_lobby_hears_a_listed_tables_wins_and_never_a_hidden_ones(clean_redis, settings):
    settings.CHAT_BIG_WIN_CHIPS = 500
    listed = await database_sync_to_async(Table.objects.create)(game="dreamcatcher", name="Lucky wheel")
    hidden = await database_sync_to_async(lambda: open_wheel(guest("Ann")))()
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.group_add(LOBBY_GROUP, channel)
    step = Step(3, {"nicknames": {"7": "Ann", "8": "Bob"}}, {}, False, [])
    step.moves = [ChipMove(WIN, 8, 60_000)]
    step.meters = {"hits": [{"kind": "must_hit_by", "seat": 1, "player": 7, "cents": 15_230}], "awards": []}
    # A hidden table's first: the lobby's first message is the listed table's.
    for table in (hidden, listed):
        highlights.after_step(table, step)
    message = await asyncio.wait_for(layer.receive(channel), 10)
    assert message["type"] == "lobby.highlight"
    assert "Ann wins the Must-Hit-By Mystery bonus: 152.30 chips!" in message["html"]
    assert "Big win: Bob wins 600 chips!" in message["html"] and "Lucky wheel" in message["html"]
    assert (
        "aria-live" not in message["html"] and 'id="announce"' in message["html"]
    )  # the page's polite region
    shown = await database_sync_to_async(wins.recent)()
    assert [win["table"] for win in shown] == ["Lucky wheel", "Lucky wheel"]
    assert "Friday wheel" not in message["html"]


@pytest.mark.django_db
def test_a_refused_nickname_stays_on_the_page_that_names_the_table(clean_redis):
    table = open_wheel(guest("Ann"))
    link = f"/tables/private/{table.link_key}/"
    page = Client().post("/accounts/join/", {"nickname": "", "next": link})
    text = page.content.decode()
    assert page.status_code == 400 and "Join Ann&#x27;s Friday wheel: pick a nickname" in text
    assert f'name="next" value="{link}"' in text and 'role="alert"' in text
