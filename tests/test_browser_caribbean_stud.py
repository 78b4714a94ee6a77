"""Two players and a spectator in real browsers (Debian's Chromium, driven by
Playwright) at one Caribbean Stud Poker table served by a real Daphne and
table worker, with a stacked deck: Ann makes the Bet by its key, Bob, on a
phone, clicks Bet; each sees only their own five cards, and everyone the
dealer's face-up fifth, until the dealer's are turned; all three browsers
show the same table at the end; the balances are right; screen readers hear
the result.

A plain (sync) test, like tests/test_browser.py."""

import re
import signal
import time

import pytest

from casino.tables import registry
from casino.tables.models import Round, Table
from casino.tables.runtime import fresh_snapshot
from casino.wallet.ledger import balance_of
from games.cards.cards import card, standard_deck
from games.engine import format_chips
from tests.conftest import assert_ledger_balanced, session_cookie, wait_until
from tests.test_browser import CHROMIUM, CHROMIUM_ARGS
from tests.test_browser_axe import AXE, violations
from tests.test_browser_meters import RECORDER, seated_pages

sync_api = pytest.importorskip("playwright.sync_api")

START = 10_000_000  # test chips: a test table never touches the wallet
WALLET = 1_000_000
# Ann: three aces; Bob: a pair of kings; the dealer: A-K-8-6-4 (it qualifies), the A♣ face up.
HANDS = {1: "AS AH AD 7C 2S", 2: "KS KH 9D 4C 2C", "dealer": "KD 6D 4S 8H"}
UP = "AC"
# Ann: Ante 10 1 to 1, Bet 20 at 3 to 1 (three of a kind); Bob: Ante 1 to 1, Bet 1 to 1 (one pair).
EXPECTED = {"Ann": START + (10 + 60) * 100, "Bob": START + (10 + 20) * 100}
PLAYERS = {"Ann": {"width": 1280, "height": 900}, "Bob": {"width": 375, "height": 740}}
TIMEOUT_MS = 20_000

TABLE_JS = """() => ({
  dealer: document.querySelector('#pk-dealer .cards').getAttribute('aria-label'),
  hands: [...document.querySelectorAll('[id^=pk-seat-] .cards')].map(h => h.getAttribute('aria-label')),
  results: [...document.querySelectorAll('[id^=pk-seat-] .seat-result')].map(r => r.textContent.trim()),
  lines: [...document.querySelectorAll('[id^=pk-seat-] .result-lines li')].map(r => r.textContent.trim()),
  status: document.querySelector('#pk-status .phase').textContent.trim(),
})"""


def names(hand):
    return [card(item).name for item in hand.split()]


def make_table():
    table = Table.objects.create(
        game="caribbean_stud",
        name="Caribbean Stud browser table",
        is_test=True,
        max_seats=7,
        config={
            "betting_seconds": 6,
            "deal_seconds": 0,
            "decision_seconds": 60,
            "result_seconds": 60,
            "progressive": 0,
            "mystery": 0,
        },
    )
    snapshot = fresh_snapshot(registry.get("caribbean_stud"))
    front = f"{HANDS[1]} {HANDS[2]} {HANDS['dealer']} {UP}".split()
    snapshot["game"]["stacked"] = front + [str(c) for c in standard_deck() if str(c) not in front]
    Table.objects.filter(pk=table.pk).update(state=snapshot)
    return table


def seconds_left(page):
    return page.evaluate(
        """() => {
          const el = document.querySelector('#pk-status.phase-betting [data-deadline-ms]');
          return el ? (Number(el.dataset.deadlineMs) - Date.now()) / 1000 : 0;
        }"""
    )


@pytest.mark.django_db(transaction=True)
def test_two_players_and_a_spectator_play_a_round_of_caribbean_stud(processes, make_player):
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
            pages = seated_pages(browser, base, table.pk, cookies, PLAYERS, "#pk-me", TIMEOUT_MS)
            ann, bob = pages["Ann"], pages["Bob"]
            context = browser.new_context(viewport={"width": 1024, "height": 800})
            context.set_default_timeout(TIMEOUT_MS)
            context.add_init_script(RECORDER)
            context.add_cookies([{"name": "sessionid", "value": cookies["Spy"], "url": base}])
            spy = context.new_page()
            spy.goto(f"{base}/tables/{table.pk}/")
            spy.locator("#pk-me", has_text="You are watching").wait_for()
            views = {"Ann": ann, "Bob": bob, "Spy": spy}

            wait_until(lambda: seconds_left(ann) > 3, 15, "a fresh betting window")
            number = int(re.search(r"\d+", ann.locator("#pk-status .round").inner_text()).group())
            for page in (ann, bob):
                page.locator('#chip-picker label:has(input[value="10"])').click()
                page.get_by_role("button", name="Bet on Ante").click()
            ann.locator("#pk-seat-1 .area-ante", has_text="10").wait_for()
            spy.locator("#pk-seat-1 .area-ante", has_text="10").wait_for()
            spy.locator("#pk-seat-2 .area-ante", has_text="10").wait_for()
            assert seconds_left(ann) > 0, "the bets missed the betting window"

            # The deal: each player sees their own five cards and nobody else's, everyone the
            # dealer's face-up card (rule 5); the spectator no hand.
            spy.locator("#pk-status", has_text="Ann to decide (seat 1)").wait_for(timeout=15_000)
            ann.locator("#pk-me button[data-action=raise]").first.wait_for()
            assert bob.locator("#pk-me button[data-action=raise]").count() == 0
            for name, page, mine in (("Ann", ann, 1), ("Bob", bob, 2), ("Spy", spy, None)):
                html = page.content()
                for hand in HANDS:
                    for card_name in names(HANDS[hand]):
                        assert (card_name in html) == (hand == mine), (name, card_name)
                assert card(UP).name in html, name
            assert "Three of a kind, aces" in ann.locator("#pk-me").inner_text()
            assert [ann.locator(f"#pk-me button[data-key='{key}']").count() for key in "BF"] == [1, 1]
            accessibility = {"deciding": violations(ann) if AXE.exists() else []}
            ann.keyboard.press("b")  # the Bet, by its key
            bob.locator("#pk-me button[data-action=raise]").first.wait_for()
            spy.locator("#pk-seat-1 .hand-status", has_text="Bet").wait_for()
            bob.get_by_role("button", name=re.compile("^Bet")).click()

            seen = {}
            for name, page in views.items():
                page.locator("#pk-status", has_text="Dealer: A-K-8-6-4 high: qualifies").wait_for()
                seen[name] = page.evaluate(TABLE_JS)
                if name != "Spy":
                    page.locator("#pk-me .my-result").wait_for()
                    seen[name]["balance"] = page.locator("#pk-me .my-balance").inner_text()
                    seen[name]["nav_balance"] = page.locator("#nav-balance").inner_text()
            if AXE.exists():  # axe-core (make axe): no serious violation, mid-round or at the result
                accessibility.update(result=violations(spy), phone=violations(bob))
            spy.wait_for_function("() => window.__announced.some(a => a.startsWith('Dealer: A-K'))")
            announced = spy.evaluate("window.__announced")
            widths = bob.evaluate("() => [document.scrollingElement.scrollWidth, window.innerWidth]")
        finally:
            browser.close()

    processes.kill(worker, signal.SIGTERM)
    assert widths[0] <= widths[1], f"horizontal scroll at 375 px: {widths}"
    assert all(not found for found in accessibility.values()), accessibility
    tables = [{key: value for key, value in view.items() if "balance" not in key} for view in seen.values()]
    assert tables[0] == tables[1] == tables[2], "the three browsers show different tables"
    shown = tables[0]
    assert shown["dealer"] == "Dealer's cards: K♦ 6♦ 4♠ 8♥ A♣, A-K-8-6-4 high: qualifies"
    assert shown["hands"] == ["A♠ A♥ A♦ 7♣ 2♠, Three of a kind, aces", "K♠ K♥ 9♦ 4♣ 2♣, Pair of kings"]
    assert shown["results"] == ["Win +70", "Win +30"]
    assert shown["lines"] == [
        "Ante 1 to 1: +10",
        "Bet, three of a kind, 3 to 1: +60",
        "Ante 1 to 1: +10",
        "Bet, one pair or less, 1 to 1: +20",
    ]
    result = [text for text in announced if text.startswith("Dealer: A-K")]
    assert "Ann: Three of a kind, aces:" in result[-1] and "(Win +70)." in result[-1] and "Bob:" in result[-1]
    for name in PLAYERS:
        assert balance_of(players[name], test=True) == EXPECTED[name], name
        assert seen[name]["balance"] == format_chips(EXPECTED[name]), name
        assert balance_of(players[name]) == WALLET and seen[name]["nav_balance"] == format_chips(WALLET), name
    log = Round.objects.get(table=table, number=number).log
    assert "Ann bets 20 on Bet" in log and "Bob bets 20 on Bet" in log
    # Rule 10: the Ante and the Bet settled from the dealer's right, seat 2 first.
    assert log.index("Seat 2: pair of kings, Ante 1 to 1: +10.") < log.index(
        "Seat 1: three of a kind, aces, Bet, three of a kind, 3 to 1: +60."
    )
    assert_ledger_balanced()
    assert time.monotonic() - started < 90, "the test took too long"
