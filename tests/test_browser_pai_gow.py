"""Two players in real browsers (Debian's Chromium, driven by Playwright) at
one commission-free Pai Gow Poker table served by a real Daphne and table
worker, with a stacked deck and fixed dice: Ann presses Shake and sets her
hand by clicking cards (a foul first, which the page will not send), Bob, on
a phone, asks for the house way. Both browsers show the same dealer hand and
results; the balances are right; screen readers hear the result.

A plain (sync) test, like tests/test_browser.py."""

import re
import signal
import time

import pytest

from casino.tables import registry
from casino.tables.models import Round, Table
from casino.tables.runtime import fresh_snapshot
from casino.wallet.ledger import balance_of
from games.engine import format_chips
from tests.conftest import assert_ledger_balanced, session_cookie, wait_until
from tests.test_browser import CHROMIUM, CHROMIUM_ARGS
from tests.test_browser_meters import seated_pages
from tests.test_pai_gow_table import DICE, HANDS, names, stacked_deck

sync_api = pytest.importorskip("playwright.sync_api")

START = 10_000_000  # test chips: a test table never touches the wallet
WALLET = 1_000_000
EXPECTED = {"Ann": START + 1_000, "Bob": START}  # Ann both hands win; Bob one each, a push
PLAYERS = {"Ann": {"width": 1280, "height": 900}, "Bob": {"width": 375, "height": 740}}
TIMEOUT_MS = 20_000

TABLE_JS = """() => ({
  dealer: [...document.querySelectorAll('#pg-dealer .hand')].map(h => h.getAttribute('aria-label')),
  hands: [...document.querySelectorAll('[id^=pg-seat-] .hand')].map(h => h.getAttribute('aria-label')),
  results: [...document.querySelectorAll('[id^=pg-seat-] .seat-result')].map(r => r.textContent.trim()),
  lines: [...document.querySelectorAll('[id^=pg-seat-] .result-lines li')].map(r => r.textContent.trim()),
})"""


def make_table():
    table = Table.objects.create(
        game="pai_gow",
        name="Pai Gow browser table",
        is_test=True,
        max_seats=6,
        config={
            "commission_free": 1,
            "betting_seconds": 6,
            "shake_seconds": 30,
            "roll_seconds": 5,
            "set_seconds": 60,
            "result_seconds": 60,
            "progressive": 0,
            "mystery": 0,
        },
    )
    snapshot = fresh_snapshot(registry.get("pai_gow"))
    snapshot["game"]["deck"] = stacked_deck()
    snapshot["game"]["dice"] = DICE
    Table.objects.filter(pk=table.pk).update(state=snapshot)
    return table


def seconds_left(page):
    return page.evaluate(
        """() => {
          const el = document.querySelector('#pg-status.phase-betting [data-deadline-ms]');
          return el ? (Number(el.dataset.deadlineMs) - Date.now()) / 1000 : 0;
        }"""
    )


@pytest.mark.django_db(transaction=True)
def test_two_browsers_play_a_round_of_pai_gow(processes, make_player):
    started = time.monotonic()
    table = make_table()
    players = {name: make_player(name) for name in PLAYERS}
    cookies = {name: session_cookie(player) for name, player in players.items()}
    worker = processes.worker()
    base = "http://" + processes.daphne()
    wait_until(lambda: Table.objects.get(pk=table.pk).state.get("timer"), 20, "the worker to start the table")

    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            pages = seated_pages(browser, base, table.pk, cookies, PLAYERS, "#pg-me", TIMEOUT_MS)
            ann, bob = pages["Ann"], pages["Bob"]

            wait_until(lambda: seconds_left(ann) > 3, 15, "a fresh betting window")
            number = int(re.search(r"\d+", ann.locator("#pg-status .round").inner_text()).group())
            for page in pages.values():
                page.locator('#chip-picker label:has(input[value="10"])').click()
                page.get_by_role("button", name="Bet on Pai Gow Poker").click()
            for seat in (1, 2):
                ann.locator(f"#pg-seat-{seat} .area-main", has_text="10").wait_for()
            assert seconds_left(ann) > 0, "the bets missed the betting window"

            # Ann shakes (by keyboard); Bob sees whose turn it is and has no button.
            bob.locator("#pg-status", has_text="Ann to shake (seat 1)").wait_for(timeout=15_000)
            ann.locator("#pg-me button[data-action=shake]").wait_for()
            assert bob.locator("#pg-me button[data-action=shake]").count() == 0
            ann.keyboard.press("k")
            bob.locator("#pg-dice.dice-rolling").wait_for()
            assert bob.locator("#pg-dice [data-value]").count() == 0  # no values while they tumble

            # The deal: each sees only their own seven cards.
            for page in pages.values():
                page.locator("#pg-me .pg-setting").wait_for(timeout=15_000)
                page.locator("#pg-dice.dice-shown").wait_for()
            assert ann.locator("#pg-dice .dice").get_attribute("aria-label") == "Red 2, blue 3 and 3: total 8"
            for page, mine, others in ((ann, 1, (2, "dealer")), (bob, 2, (1, "dealer"))):
                html = page.content()
                for name in names(HANDS[mine]):
                    assert f'aria-label="{name}"' in html
                for other in others:
                    for name in names(HANDS[other]):
                        assert name not in html, name

            # Ann clicks the aces for her low hand: a foul, which cannot be sent.
            me = ann.locator("#pg-me")
            me.locator('.pg-pick[data-card="AS"]').click()
            me.locator('.pg-pick[data-card="AH"]').click()
            me.locator(".pg-foul").wait_for()
            assert me.locator(".pg-submit").is_disabled()
            assert me.locator(".pg-low-name").inner_text() == "Pair of aces"
            # She picks 9♣ and 6♦ instead (the two earliest picks give way).
            me.locator('.pg-pick[data-card="9C"]').click()
            me.locator('.pg-pick[data-card="6D"]').click()
            assert me.locator(".pg-high-name").inner_text() == "Two pair, aces and queens"
            assert me.locator(".pg-low-name").inner_text() == "9-6 high"
            assert me.locator(".pg-foul").is_hidden()
            assert me.locator('.pg-pick[aria-pressed="true"]').evaluate_all(
                "bs => bs.map(b => b.dataset.card)"
            ) == ["9C", "6D"]
            me.locator(".pg-submit").click()
            me.locator(".pg-my-set", has_text="Two pair, aces and queens").wait_for()
            bob.locator("#pg-seat-1", has_text="Hand set").wait_for()
            bob.get_by_role("button", name="House way").click()

            seen = {}
            for name, page in pages.items():
                page.locator("#pg-status", has_text="Dealer: Pair of kings / 8-7 high").wait_for()
                page.locator("#pg-me .my-result").wait_for()
                seen[name] = {
                    "table": page.evaluate(TABLE_JS),
                    "balance": page.locator("#pg-me .my-balance").inner_text(),
                    "nav_balance": page.locator("#nav-balance").inner_text(),
                }
            bob.wait_for_function("() => window.__announced.some(a => a.startsWith('Dealer: Pair of kings'))")
            announced = bob.evaluate("window.__announced")
            widths = bob.evaluate("() => [document.scrollingElement.scrollWidth, window.innerWidth]")
        finally:
            browser.close()

    processes.kill(worker, signal.SIGTERM)
    assert widths[0] <= widths[1], f"horizontal scroll at 375 px: {widths}"
    assert seen["Ann"]["table"] == seen["Bob"]["table"]
    shown = seen["Ann"]["table"]
    assert shown["dealer"] == [
        "Dealer's high hand: K♣ K♦ 5♠ 4♣ 3♥, Pair of kings",
        "Dealer's low hand: 8♥ 7♦, 8-7 high",
    ]
    assert shown["hands"] == [
        "High hand: A♠ A♥ Q♠ Q♥ 2♠, Two pair, aces and queens",
        "Low hand: 9♣ 6♦, 9-6 high",
        "High hand: J♣ J♦ 4♦ 3♠ 2♣, Pair of jacks",
        "Low hand: 10♣ 5♥, 10-5 high",
    ]
    assert shown["results"] == ["Win +10", "Push ±0"]  # the badges (tables/_seat_result.html)
    assert shown["lines"] == ["Pai Gow Poker, both hands win: +10", "Pai Gow Poker, a push: ±0"]
    result = [text for text in announced if text.startswith("Dealer: Pair of kings")]
    assert "Ann: Pai Gow Poker, both hands win: +10 (Win +10)." in result[-1]
    assert "Bob: Pai Gow Poker, a push: ±0 (Push ±0)." in result[-1]
    for name, player in players.items():
        assert balance_of(player, test=True) == EXPECTED[name], name
        assert seen[name]["balance"] == format_chips(EXPECTED[name]), name
        assert balance_of(player) == WALLET and seen[name]["nav_balance"] == format_chips(WALLET), name
    log = Round.objects.get(table=table, number=number).log
    assert "Seat 1 shakes the dice." in log and "Bob asks for the house way" in log
    assert "Ann sets the hand" in log
    assert_ledger_balanced()
    assert time.monotonic() - started < 60, "the test took too long"
