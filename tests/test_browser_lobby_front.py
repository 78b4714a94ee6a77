"""Chromium: the lobby as the room's front and the ways in (issue 35, items 5
and 6), against a real Daphne and table worker.

- A friend without a nickname who opens a private table's link picks one on
  a page that names the table and its host, then is at the table; a new
  visitor's "Play now" is a nickname, then a seat.
- The lobby shows each listed table as a tile: the wheel's last spins, live;
  a card table's last hand in cards, live; its seats filling; a last result
  that says what it is (on a phone too); the big wins of the listed tables,
  read out politely. Test and private tables send the lobby nothing, so its
  page logs no htmx error; axe-core finds nothing serious on a desktop or a
  phone."""

import asyncio
import re
import threading

import pytest
from channels.layers import get_channel_layer
from django.utils import timezone

from casino.realtime.groups import LOBBY_GROUP
from casino.tables.models import Round, Table
from tests.browser import guest_page, launch, new_page, pick_nickname, serve, wait_live
from tests.conftest import FAST, wait_until
from tests.test_browser import seconds_left
from tests.test_browser_axe import AXE, violations
from tests.test_private_tables import PUBLIC_WHEEL, open_wheel
from tests.test_test_tables import guest

sync_api = pytest.importorskip("playwright.sync_api")

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True}
SPOTS = ("1", "2", "5", "10", "20", "40")


def check_axe(page, what):
    if AXE.exists():  # axe-core comes from npm (make axe)
        assert violations(page) == [], what


def lobby_page(browser, base):
    """A visitor's lobby, and the errors its console logs from then on."""
    page = new_page(browser)
    errors = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.goto(base + "/")
    return page, errors


class LobbyListener(threading.Thread):
    """Every message the channel layer's lobby group gets while it runs."""

    def __init__(self):
        super().__init__(daemon=True)
        self.messages = []
        self.ready = threading.Event()
        self.done = threading.Event()

    def run(self):
        asyncio.run(self._listen())

    async def _listen(self):
        layer = get_channel_layer()
        channel = await layer.new_channel()
        await layer.group_add(LOBBY_GROUP, channel)
        self.ready.set()
        while not self.done.is_set():
            try:
                self.messages.append(await asyncio.wait_for(layer.receive(channel), 0.5))
            except TimeoutError:
                pass
        await layer.group_discard(LOBBY_GROUP, channel)

    def stop(self):
        self.done.set()
        self.join(10)
        return self.messages


@pytest.mark.django_db(transaction=True)
def test_a_friend_by_the_link_and_a_new_visitor_by_play_now(processes, monkeypatch):
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    wheel = Table.objects.create(game="dreamcatcher", name="Open wheel", config=PUBLIC_WHEEL, max_seats=6)
    private = open_wheel(guest("Ann"))
    base = serve(processes, wheel, private)
    with sync_api.sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            friend = new_page(browser, **PHONE)
            friend.goto(f"{base}/tables/private/{private.link_key}/")
            friend.get_by_role("heading", name="Join Ann's Friday wheel: pick a nickname").wait_for()
            check_axe(friend, "the invitation")
            pick_nickname(friend, "Bob")
            friend.wait_for_url(f"{base}/tables/{private.pk}/")
            wait_live(friend)

            visitor = new_page(browser)
            visitor.goto(base + "/")
            visitor.get_by_role("link", name="Play now").click()
            visitor.get_by_role("heading", name="Play now: pick a nickname").wait_for()
            pick_nickname(visitor, "Cy")
            visitor.wait_for_url(f"{base}/tables/{wheel.pk}/?join=1")
            visitor.locator("#dc-me").get_by_text("You sit at seat").wait_for()
        finally:
            browser.close()


@pytest.mark.django_db(transaction=True)
def test_the_lobby_is_the_rooms_front(processes, monkeypatch):
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    # Every win at a listed table is a big one here.
    processes.env["CHAT_BIG_WIN_CHIPS"] = "1"
    wheel = Table.objects.create(
        game="dreamcatcher", name="Lobby wheel", config={**PUBLIC_WHEEL, "betting_seconds": 4}, max_seats=6
    )
    blackjack = Table.objects.create(game="spanish21", name="Lobby blackjack", max_seats=6)
    Round.objects.create(
        table=blackjack, number=900, result={"dealer": ["KS", "9C"], "results": {}}, finished=timezone.now()
    )
    base = serve(processes, wheel, blackjack)
    with sync_api.sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            lobby, errors = lobby_page(browser, base)
            wheel_tile = lobby.locator(f"#table-row-{wheel.pk}")
            card_tile = lobby.locator(f"#table-row-{blackjack.pk}")
            # The card table's last hand, drawn, and what its last result is.
            assert card_tile.locator("svg.card-svg").count() == 2
            assert card_tile.locator(".last-result").inner_text() == "Last hand: Dealer 19"
            assert card_tile.get_by_role("img", name="king of spades").count() == 1
            assert card_tile.get_by_role("img", name="0 of 6 seats taken").count() == 1
            # The wheel's spins come live, each newer one first.
            wheel_tile.locator(".tile-spins li").first.wait_for()
            assert re.fullmatch(r"Last spin: \d+( ×\d+)?", wheel_tile.locator(".last-result").inner_text())

            # Bob sits at the wheel and bets on every spot until he wins: the lobby tells it.
            bob = guest_page(browser, base, "Bob")
            bob.goto(f"{base}/tables/{wheel.pk}/?join=1")
            wait_live(bob)
            bob.locator("#dc-me").get_by_text("You sit at seat").wait_for()
            wheel_tile.get_by_role("img", name="1 of 6 seats taken").wait_for()
            wins = lobby.locator("#lobby-wins li", has_text="Bob wins")
            for _ in range(4):
                wait_until(lambda: seconds_left(bob) > 2, 30, "a betting window with time to bet")
                for spot in SPOTS:
                    bob.get_by_role("button", name=re.compile(rf"^Bet on {spot},")).click()
                try:
                    wins.first.wait_for(timeout=15_000)
                    break
                except sync_api.TimeoutError:
                    continue
            assert "Lobby wheel" in wins.first.inner_text()
            assert "Bob wins" in lobby.locator("#announce[aria-live=polite]").inner_text()

            # A new hand at the card table reaches the open lobby (Bob's arrival there pushes its tile).
            Round.objects.create(
                table=blackjack,
                number=901,
                result={"dealer": ["AH", "7D"], "results": {}},
                finished=timezone.now(),
            )
            bob.goto(f"{base}/tables/{blackjack.pk}/")
            wait_live(bob)
            card_tile.get_by_role("img", name="ace of hearts").wait_for()
            assert card_tile.locator(".last-result").inner_text() == "Last hand: Dealer 18"
            check_axe(lobby, "the lobby on a desktop")

            phone = new_page(browser, **PHONE)
            phone.goto(base + "/")
            phone_wheel = phone.locator(f"#table-row-{wheel.pk}")
            assert phone_wheel.locator(".last-result").inner_text().startswith("Last spin: ")
            assert phone.locator("#lobby-wins li", has_text="Bob wins").count() >= 1
            widths = phone.evaluate("() => [document.scrollingElement.scrollWidth, innerWidth]")
            assert widths[0] <= widths[1], f"the lobby scrolls sideways: {widths}"
            check_axe(phone, "the lobby on a phone")
        finally:
            browser.close()
    assert [line for line in errors if "htmx" in line] == []


@pytest.mark.django_db(transaction=True)
def test_hidden_tables_tell_the_lobby_nothing(processes, monkeypatch):
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    wheel = Table.objects.create(game="dreamcatcher", name="Lobby wheel", config=PUBLIC_WHEEL, max_seats=6)
    # Playing all along: a designer's test wheel and a private one.
    test_wheel = Table.objects.create(game="dreamcatcher", name="Hidden test", config=FAST, is_test=True)
    private = open_wheel(guest("Ann"))
    Table.objects.filter(pk=private.pk).update(config={**private.config, **FAST})
    listener = LobbyListener()
    listener.start()
    listener.ready.wait(10)
    base = serve(processes, wheel, test_wheel, private)
    with sync_api.sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            lobby, errors = lobby_page(browser, base)
            # The public wheel tells the lobby its rounds meanwhile; the hidden ones play two.
            lobby.locator(f"#table-row-{wheel.pk}").wait_for()
            wait_until(lambda: any(m.get("table_id") == wheel.pk for m in listener.messages), 30, "the wheel")
            wait_until(
                lambda: Table.objects.get(pk=test_wheel.pk).state["game"]["round"] > 2,
                30,
                "the test wheel's rounds",
            )
            assert "Hidden test" not in lobby.content() and "Friday wheel" not in lobby.content()
        finally:
            browser.close()
            heard = listener.stop()
    assert [m for m in heard if m.get("table_id") in {test_wheel.pk, private.pk}] == [], (
        "a hidden table told the lobby"
    )
    assert [line for line in errors if "htmx" in line] == []
