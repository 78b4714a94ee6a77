"""Two players and a spectator in real browsers (Debian's Chromium, driven by
Playwright) at one Six-Card Fortune Pai Gow test table served by a real
Daphne and table worker, with a stacked deck: Ann doubles down by keyboard
and sets her joker as the low card by clicking it, Bob, on a phone, declines
the Double Down and asks for the house way; the spectator sees no card
before the result. All three see the same table; the joker low beats the
dealer's ace; the balances are right; screen readers hear the result.

A plain (sync) test, like tests/test_browser.py."""

import re
import signal
import time

import pytest

from casino.tables import registry
from casino.tables.models import Round, Table
from casino.tables.runtime import fresh_snapshot
from casino.wallet.ledger import balance_of
from games.cards.cards import card
from games.engine import format_chips
from tests.conftest import assert_ledger_balanced, session_cookie, wait_until
from tests.test_browser import CHROMIUM, CHROMIUM_ARGS
from tests.test_browser_axe import AXE, violations
from tests.test_browser_meters import RECORDER, seated_pages
from tests.test_six_card_fortune_pai_gow_table import HANDS, stacked_deck

sync_api = pytest.importorskip("playwright.sync_api")

START = 10_000_000  # test chips: a test table never touches the wallet
WALLET = 1_000_000
# Ann: three queens / joker against pair of kings / ace: both hands win, main and Double Down
# 1 to 1. Bob: full house / 2: one hand each, a push.
EXPECTED = {"Ann": START + 2_000, "Bob": START}
PLAYERS = {"Ann": {"width": 1280, "height": 900}, "Bob": {"width": 390, "height": 844}}
TIMEOUT_MS = 20_000

TABLE_JS = """() => ({
  dealer: [...document.querySelectorAll('#pg-dealer .hand')].map(h => h.getAttribute('aria-label')),
  hands: [...document.querySelectorAll('[id^=pg-seat-] .hand')].map(h => h.getAttribute('aria-label')),
  results: [...document.querySelectorAll('[id^=pg-seat-] .seat-result')].map(r => r.textContent.trim()),
  lines: [...document.querySelectorAll('[id^=pg-seat-] .result-lines li')].map(r => r.textContent.trim()),
})"""


def make_table():
    table = Table.objects.create(
        game="six_card_fortune_pai_gow",
        name="Six-Card browser table",
        is_test=True,
        max_seats=6,
        config={
            "betting_seconds": 6,
            "decide_seconds": 60,
            "set_seconds": 60,
            "result_seconds": 60,
            "double_down": 1,  # off by default; this table offers it
            "progressive": 0,
            "mystery": 0,
        },
    )
    snapshot = fresh_snapshot(registry.get("six_card_fortune_pai_gow"))
    snapshot["game"]["deck"] = stacked_deck()
    snapshot["game"]["count"] = 1  # the first six cards to the dealer
    Table.objects.filter(pk=table.pk).update(state=snapshot)
    return table


def names(hand):
    return [card(item).name for item in hand.split()]


def seconds_left(page):
    return page.evaluate(
        """() => {
          const el = document.querySelector('#pg-status.phase-betting [data-deadline-ms]');
          return el ? (Number(el.dataset.deadlineMs) - Date.now()) / 1000 : 0;
        }"""
    )


def spectator_page(browser, base, table_id, cookie):
    context = browser.new_context(viewport={"width": 1024, "height": 800})
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(RECORDER)
    context.add_cookies([{"name": "sessionid", "value": cookie, "url": base}])
    spy = context.new_page()
    spy.goto(f"{base}/tables/{table_id}/")
    spy.locator("#pg-me", has_text="You are watching").wait_for()
    return spy


@pytest.mark.django_db(transaction=True)
def test_two_players_and_a_spectator_play_a_round_of_six_card_fortune_pai_gow(processes, make_player):
    started = time.monotonic()
    table = make_table()
    players = {name: make_player(name) for name in (*PLAYERS, "Spy")}
    cookies = {name: session_cookie(player) for name, player in players.items()}
    worker = processes.worker()
    base = "http://" + processes.daphne()
    wait_until(lambda: Table.objects.get(pk=table.pk).state.get("timer"), 20, "the worker to start the table")

    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            pages = seated_pages(browser, base, table.pk, cookies, PLAYERS, "#pg-me", TIMEOUT_MS)
            ann, bob = pages["Ann"], pages["Bob"]
            spy = spectator_page(browser, base, table.pk, cookies["Spy"])
            views = {"Ann": ann, "Bob": bob, "Spy": spy}

            wait_until(lambda: seconds_left(ann) > 3, 15, "a fresh betting window")
            number = int(re.search(r"\d+", ann.locator("#pg-status .round").inner_text()).group())
            for page in pages.values():
                page.locator('#chip-picker label:has(input[value="10"])').click()
                page.get_by_role("button", name="Bet on Six-Card Fortune Pai Gow").click()
            for seat in (1, 2):
                spy.locator(f"#pg-seat-{seat} .area-main", has_text="10").wait_for()
            assert seconds_left(ann) > 0, "the bets missed the betting window"

            # The deal, then the Double Down: each sees only their own six cards.
            for page in pages.values():
                page.locator("#pg-me .pg-decision").wait_for(timeout=15_000)
            assert spy.locator("#pg-me .pg-decision").count() == 0
            for page, mine in ((ann, 1), (bob, 2), (spy, None)):
                html = page.content()
                for seat, hand in enumerate(HANDS):
                    for name in names(hand):
                        shown = f'aria-label="{name}"' in html
                        assert shown == (seat == mine), (name, mine)
            accessibility = {}
            if AXE.exists():  # axe-core (make axe): no serious violation at the decision or the result
                accessibility.update(deciding=violations(ann), phone=violations(bob))
            ann.keyboard.press("d")  # Double Down 10
            ann.locator("#pg-seat-1 .area-double_down", has_text="10").wait_for()
            bob.get_by_role("button", name="No Double Down").click()

            # Setting: Ann clicks the joker for her low card; Bob asks for the house way.
            me = ann.locator("#pg-me")
            me.locator(".pg-setting").wait_for(timeout=15_000)
            me.locator('.pg-pick[data-card="JK"]').click()
            assert me.locator(".pg-low-name").inner_text() == "Joker"
            assert me.locator(".pg-high-name").inner_text() == "Three of a kind, queens"
            assert me.locator(".pg-foul").is_hidden()
            me.locator(".pg-submit").click()
            me.locator(".pg-my-set", has_text="Three of a kind, queens").wait_for()
            bob.locator("#pg-me .pg-setting").wait_for()
            bob.get_by_role("button", name="House way").click()

            seen = {}
            for name, page in views.items():
                page.locator("#pg-status", has_text="Dealer: Pair of kings / Ace").wait_for()
                seen[name] = page.evaluate(TABLE_JS)
                if name != "Spy":
                    page.locator("#pg-me .my-result").wait_for()
                    seen[name]["balance"] = page.locator("#pg-me .my-balance").inner_text()
            if AXE.exists():
                accessibility.update(result=violations(spy))
            spy.wait_for_function("() => window.__announced.some(a => a.startsWith('Dealer: Pair of kings'))")
            announced = spy.evaluate("window.__announced")
            widths = bob.evaluate("() => [document.scrollingElement.scrollWidth, window.innerWidth]")
        finally:
            browser.close()

    processes.kill(worker, signal.SIGTERM)
    assert widths[0] <= widths[1], f"horizontal scroll at 390 px: {widths}"
    assert all(not found for found in accessibility.values()), accessibility
    tables = [{key: value for key, value in view.items() if key != "balance"} for view in seen.values()]
    assert tables[0] == tables[1] == tables[2], "the three browsers show different tables"
    shown = tables[0]
    assert shown["results"] == ["Win +20", "Push ±0"]
    assert shown["lines"] == [
        "Six-Card Fortune Pai Gow Poker, both hands win: +10",
        "Double Down, 1 to 1: +10",
        "Six-Card Fortune Pai Gow Poker, a push: ±0",
    ]
    result = [text for text in announced if text.startswith("Dealer: Pair of kings")]
    ann = "Ann: Six-Card Fortune Pai Gow Poker, both hands win: +10; Double Down, 1 to 1: +10 (Win +20)."
    assert ann in result[-1], result[-1]
    for name in PLAYERS:
        assert balance_of(players[name], test=True) == EXPECTED[name], name
        assert seen[name]["balance"] == format_chips(EXPECTED[name]), name
        assert balance_of(players[name]) == WALLET, name
    log = Round.objects.get(table=table, number=number).log
    assert "Ann doubles down 10" in log and "Bob plays without the Double Down" in log
    assert any("low joker beats the dealer's ace: wins +10" in line for line in log), log
    assert_ledger_balanced()
    assert time.monotonic() - started < 90, "the test took too long"
