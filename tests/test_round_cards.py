"""A round's record shows the viewer their own cards in the rounds they
played and, once the round is over, the table's as the game showed them at
its end (issue 19): never another player's hidden cards of a round in play."""

import pytest
from django.test import Client

from casino.tables.models import Round, Table
from casino.tables.runtime import TableRuntime
from games.cards.cards import card
from games.engine import CENTS_PER_CHIP
from games.pai_gow import rules as pai_gow
from tests.conftest import assert_ledger_balanced
from tests.test_replay import bet, make_table, tick
from tests.test_runtime import Clock
from tests.test_test_tables import client_of


def names(items):
    return [card(item).name for item in items]


def page(client, runtime, number=1):
    response = client.get(f"/tables/{runtime.table.pk}/rounds/{number}/")
    assert response.status_code == 200
    return response.content.decode()


def shown(html, items):
    """The cards of ``items`` drawn face up in the page (a card's SVG is named by it)."""
    return [name for name in names(items) if f'aria-label="{name}"' in html]


def test_the_record_shows_my_cards_in_play_and_the_tables_after(make_player, clean_redis):
    runtime, clock = make_table("pai_gow", None, meters=False)
    ann, bob = make_player("Ann"), make_player("Bob")
    for player in (ann, bob):
        runtime.act(player.pk, player.nickname, {"action": "sit", "round": runtime.round})
        bet(runtime, player, "main", 5)
    while runtime.state.phase != pai_gow.SETTING:
        tick(runtime, clock)
    state = runtime.state
    ann_cards = state.spot(1)["cards"]
    bob_cards = state.spot(2)["cards"]
    dealer_cards = state.dealer["cards"]
    assert Round.objects.get(table=runtime.table, number=1).finished is None

    # In play: each player sees their own seven, face up, and nobody else's.
    html = page(client_of(ann), runtime)
    assert "Your cards" in html and "still in play" in html
    assert shown(html, ann_cards) == names(ann_cards)
    assert shown(html, bob_cards) == [] and shown(html, dealer_cards) == []
    html = page(client_of(bob), runtime)
    assert shown(html, bob_cards) == names(bob_cards) and shown(html, ann_cards) == []
    # A spectator, or a visitor, of a round in play sees no card at all.
    for client in (client_of(make_player("Cy")), Client()):
        html = page(client, runtime)
        assert 'id="round-cards"' not in html and "card-svg" not in html

    runtime.act(ann.pk, "Ann", {"action": "house_way", "round": runtime.round})
    runtime.act(bob.pk, "Bob", {"action": "house_way", "round": runtime.round})
    while runtime.round == 1:
        tick(runtime, clock)
    # Over: the dealer's and every seat's hands as the table showed them at the result,
    # to whoever may read the record.
    for client in (client_of(ann), client_of(bob), Client()):
        html = page(client, runtime)
        assert "The table at the round's end" in html
        assert 'id="pg-dealer"' in html and 'id="pg-seat-1"' in html and 'id="pg-seat-2"' in html
        assert 'id="pg-seat-3"' not in html  # an empty seat is not part of the round
        for items in (ann_cards, bob_cards, dealer_cards):
            assert sorted(shown(html, items)) == sorted(names(items))
        # Only the cards: none of the table's controls, status or log.
        assert "ws-send" not in html and 'id="pg-status"' not in html and 'id="pg-log"' not in html
    assert_ledger_balanced()


def test_a_game_without_cards_has_no_cards_section(make_player, clean_redis):
    runtime, clock = make_table("dreamcatcher", None)
    ann = make_player("Ann")
    runtime.act(ann.pk, "Ann", {"action": "sit", "round": runtime.round})
    bet(runtime, ann, "10", 5)
    while runtime.round == 1:
        tick(runtime, clock)
    html = page(client_of(ann), runtime)
    assert "Identical: replaying the" in html  # the record itself, as before
    assert 'id="round-cards"' not in html and "card-svg" not in html


@pytest.mark.parametrize(
    ("game", "spot", "prefix"), [("spanish21", "main", "bj"), ("three_card_poker", "ante", "pk")]
)
def test_the_other_card_families_show_the_table_at_the_end(game, spot, prefix, make_player, clean_redis):
    """Blackjack's and the poker engine's rounds, played out by their clocks."""
    table = Table.objects.create(game=game, name="Cards")
    clock = Clock()
    runtime = TableRuntime(table, clock=clock)
    runtime.start()
    ann = make_player("Ann")
    runtime.act(ann.pk, "Ann", {"action": "sit", "round": runtime.round})
    bet(runtime, ann, spot, runtime.spec.min_wager(runtime.config) // CENTS_PER_CHIP)
    for _ in range(200):
        if runtime.round == 2:
            break
        tick(runtime, clock)
    assert runtime.round == 2
    html = page(Client(), runtime)
    assert "The table at the round's end" in html
    assert f'id="{prefix}-dealer"' in html and f'id="{prefix}-seat-1"' in html
    assert "card-svg" in html and "ws-send" not in html and f'id="{prefix}-log"' not in html
    assert_ledger_balanced()
