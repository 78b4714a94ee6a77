"""Issue 13, item 8's smaller flaws, in Debian's Chromium against a real
Daphne and table worker: the countdown never blinks out when a bet is
pushed; "1 chip"; insurance goes on once everyone has answered, the dealer
"shows an ace" and a soft hand "stands on 18"; the lab's game selector
shows the chosen game's settings at once; no internal file names (".md")
in the pages; favicon.ico is no 404; the pai gow summary tells the
progressive wager."""

import re

import pytest
from django.db import transaction

from casino.tables import registry
from casino.tables.models import Table
from casino.tables.runtime import fresh_snapshot
from casino.wallet.ledger import house_account, player_account, post
from games.cards.shoe import Shoe
from tests.browser import launch
from tests.conftest import session_cookie, wait_until
from tests.test_browser import seconds_left
from tests.test_browser_lab import designer_page, make_designer
from tests.test_browser_meters import seated_pages

sync_api = pytest.importorskip("playwright.sync_api")

TIMEOUT_MS = 20_000
INTERNAL_NAME = re.compile(r"\b\w+\.md\b")
MY_GAMES = ("dreamcatcher", "spanish21", "players_edge21", "pai_gow")

# Every animation frame, whether a shown betting clock is empty.
BLINK_RECORDER = """() => {
window.__blank = 0; window.__frames = 0;
(function frame() {
  var clock = document.querySelector('#dc-status.phase-betting [data-deadline-ms]');
  if (clock) { window.__frames++; if (!clock.textContent.trim()) { window.__blank++; } }
  window.requestAnimationFrame(frame);
})();
}"""


@pytest.mark.django_db(transaction=True)
def test_the_countdown_stays_on_through_every_bet_and_one_chip_is_one_chip(
    processes, make_table, make_player
):
    table = make_table(name="Clock", betting_seconds=12)
    ann, bob = make_player("Ann"), make_player("Bob")
    # Ann has exactly one chip left.
    with transaction.atomic():
        post([(player_account(ann), -(1_000_000 - 100)), (house_account(), 1_000_000 - 100)], kind="test")
    cookies = {"Ann": session_cookie(ann), "Bob": session_cookie(bob)}
    processes.worker()
    base = "http://" + processes.daphne()
    wait_until(
        lambda: (Table.objects.get(pk=table.pk).state or {}).get("timer"), 40, "the worker to start the table"
    )
    with sync_api.sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            viewports = {"Ann": {"width": 1280, "height": 900}, "Bob": {"width": 1280, "height": 900}}
            pages = seated_pages(browser, base, table.pk, cookies, viewports, "#dc-me", TIMEOUT_MS)
            watcher, bettor = pages["Ann"], pages["Bob"]
            balance = watcher.locator("#dc-me p", has_text="Balance").first.inner_text()
            watcher.evaluate(BLINK_RECORDER)
            wait_until(lambda: seconds_left(bettor) > 6, 30, "a betting window with time to bet")
            for spot in ("1", "2", "5", "10", "20"):
                bettor.locator(f'#dc-layout .spot:has(.spot-number:text-is("{spot}"))').click()
                watcher.locator("#dc-log li", has_text=f"Bob bets 1 on {spot}").wait_for()
            blank, frames = watcher.evaluate("[window.__blank, window.__frames]")
        finally:
            browser.close()
    assert frames > 10 and blank == 0, f"the clock was empty in {blank} of {frames} frames"
    assert "Balance: 1 chip" in balance and "1 chips" not in balance, balance


def spanish_table(shoe, **config):
    table = Table.objects.create(
        game="spanish21",
        name="Insurance",
        is_test=True,
        max_seats=6,
        config={"betting_seconds": 6, "deal_seconds": 1, "insurance_seconds": 60, "action_seconds": 60,
                "result_seconds": 60, "progressive": 0, **config},
    )  # fmt: skip
    snapshot = fresh_snapshot(registry.get("spanish21"))
    snapshot["game"]["shoe"] = Shoe.stacked(shoe).to_json()
    Table.objects.filter(pk=table.pk).update(state=snapshot)
    return table


@pytest.mark.django_db(transaction=True)
def test_insurance_goes_on_once_everyone_has_answered(processes, make_player):
    # Ann A♠ 7♣ (soft 18), Bob K♥ 6♦; the dealer A♦ up, 7♠ in the hole (18).
    table = spanish_table("AS KH AD 7C 6D 7S")
    players = {name: make_player(name) for name in ("Ann", "Bob")}
    cookies = {name: session_cookie(player) for name, player in players.items()}
    processes.worker()
    base = "http://" + processes.daphne()
    wait_until(
        lambda: (Table.objects.get(pk=table.pk).state or {}).get("timer"), 40, "the worker to start the table"
    )
    with sync_api.sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            viewports = {name: {"width": 1280, "height": 900} for name in players}
            pages = seated_pages(browser, base, table.pk, cookies, viewports, "#bj-me", TIMEOUT_MS)
            ann, bob = pages["Ann"], pages["Bob"]
            wait_until(
                lambda: (
                    ann.evaluate(
                        "() => { const el = document.querySelector('#bj-status.phase-betting [data-deadline-ms]');"
                        " return el ? (Number(el.dataset.deadlineMs) - Date.now()) / 1000 : 0; }"
                    )
                    > 3
                ),
                30,
                "a betting window",
            )
            for page in pages.values():
                page.locator('#chip-picker label:has(input[value="10"])').click()
                page.get_by_role("button", name="Bet on Main wager").click()
            ann.get_by_role("button", name="No insurance").wait_for(timeout=20_000)
            dealer = ann.locator("#bj-dealer").inner_text()
            ann.get_by_role("button", name="No insurance").click()
            bob.get_by_role("button", name=re.compile(r"^Insurance \d")).click()
            # Not the 60 s insurance clock: play starts as the last answer comes in.
            ann.locator("#bj-status", has_text="Ann to play").wait_for(timeout=10_000)
            ann.locator("#bj-me button[data-action=stand]").click()
            bob.locator("#bj-me button[data-action=stand]").click()
            log = ann.locator("#bj-log")
            log.get_by_text("Ann stands on 18").wait_for()
            log.get_by_text("Dealer turns over").wait_for()
            log_text = log.inner_text()
        finally:
            browser.close()
    assert "shows an ace" in dealer and "1/11" not in dealer, dealer
    assert "8/18" not in log_text and "turns over 7♠: soft 18" in log_text


@pytest.mark.django_db(transaction=True)
def test_the_lab_selector_favicon_and_no_internal_names(processes):
    make_designer()
    tables = [
        Table.objects.create(game=game, name=f"Lab {game}", is_test=True, max_seats=6) for game in MY_GAMES
    ]
    processes.worker()
    base = "http://" + processes.daphne()
    missing = []
    with sync_api.sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            page = designer_page(browser, base, "/lab/test-tables/new/?game=dreamcatcher")
            page.on(
                "response", lambda response: missing.append(response.url) if response.status == 404 else None
            )
            page.locator("fieldset legend", has_text="Dreamcatcher table").wait_for()
            texts = {}
            for game in MY_GAMES:
                # Choosing a game shows its settings: no button to press.
                name = registry.get(game).name
                page.get_by_label("Game", exact=True).select_option(game)
                page.locator("fieldset legend", has_text=f"{name} table").wait_for(timeout=5_000)
                texts[f"form {game}"] = page.locator("main").inner_text()
            assert f"game={MY_GAMES[-1]}" in page.url
            for table in tables:
                page.goto(f"{base}/tables/{table.pk}/")
                page.locator("#connection", has_text="Live").wait_for()
                texts[f"table {table.game}"] = page.locator("main").inner_text()
            page.goto(base + "/")
            favicon = page.request.get(base + "/favicon.ico")
        finally:
            browser.close()
    assert favicon.ok and "svg" in favicon.headers["content-type"], favicon.status
    assert not missing, missing
    for where, text in texts.items():
        assert not INTERNAL_NAME.search(text), (where, INTERNAL_NAME.findall(text))


@pytest.mark.django_db(transaction=True)
def test_the_pai_gow_summary_tells_the_progressive_wager(processes, make_player):
    from casino.progressives.models import Meter, TableLink
    from tests.test_browser_pai_gow import make_table as pai_gow_table
    from tests.test_browser_pai_gow import seconds_left as pai_gow_seconds_left

    table = pai_gow_table()
    Table.objects.filter(pk=table.pk).update(config={**table.config, "progressive": 1})
    meter = Meter.objects.create(name="Pai Gow progressive", kind="progressive_payout", wager_dollars=1)
    TableLink.objects.create(meter=meter, table=table)
    players = {name: make_player(name) for name in ("Ann", "Bob")}
    cookies = {name: session_cookie(player) for name, player in players.items()}
    processes.worker()
    base = "http://" + processes.daphne()
    wait_until(
        lambda: (Table.objects.get(pk=table.pk).state or {}).get("timer"), 40, "the worker to start the table"
    )
    with sync_api.sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            viewports = {name: {"width": 1280, "height": 900} for name in players}
            pages = seated_pages(browser, base, table.pk, cookies, viewports, "#pg-me", TIMEOUT_MS)
            ann = pages["Ann"]
            wait_until(lambda: pai_gow_seconds_left(ann) > 3, 20, "a fresh betting window")
            for page in pages.values():
                page.locator('#chip-picker label:has(input[value="10"])').click()
                page.get_by_role("button", name="Bet on Pai Gow Poker").click()
            ann.locator('#pg-me button[data-area="progressive"]').click()
            ann.locator("#pg-seat-1 .area-progressive").wait_for()
            ann.locator("#pg-me button[data-action=shake]").wait_for(timeout=15_000)
            ann.keyboard.press("k")
            for page in pages.values():
                page.locator("#pg-me .pg-setting").wait_for(timeout=15_000)
                page.get_by_role("button", name="House way").click()
            ann.locator("#pg-me .my-result").wait_for(timeout=20_000)
            mine = ann.locator("#pg-me .my-result").inner_text()
            seat = ann.locator("#pg-seat-1 .result-lines").inner_text()
        finally:
            browser.close()
    # Two pair pays no progressive line: the summary says the dollar is lost, and the net counts it.
    assert "Progressive: −1" in mine and "Progressive: −1" in seat, (mine, seat)
    assert "You won 9." in mine, mine
