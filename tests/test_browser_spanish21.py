"""Three players in real browsers (Debian's Chromium, driven by Playwright) at
one Spanish 21 table served by a real Daphne and table worker, dealt from a
stacked shoe: a split, a double (by keyboard), a lost Match the Dealer wager
and a Match the Dealer progressive win of 10% of the linked meter. Every
browser shows the same table; the balances are right; one player is on a
phone; screen readers hear the result.

A plain (sync) test, like tests/test_browser.py."""

import re
import signal
import time

import pytest

from casino.progressives.models import Meter, TableLink
from casino.tables import registry
from casino.tables.models import Round, Table
from casino.tables.runtime import fresh_snapshot
from casino.wallet.ledger import balance_of
from games.cards.shoe import Shoe
from games.engine import format_chips
from tests.conftest import assert_ledger_balanced, session_cookie, wait_until
from tests.test_browser import CHROMIUM, CHROMIUM_ARGS
from tests.test_browser_meters import seated_pages

sync_api = pytest.importorskip("playwright.sync_api")

# Ann (seat 1) 8♠ 8♦ splits: 8♠ K♠ = 18 stands, 8♦ 3♣ = 11 hits 7♣ = 18 stands.
# Bob (seat 2) 5♣ 6♣ = 11 doubles onto 9♠ = 20; his Match the Dealer finds no 9.
# Cy (seat 3) 9♥ 9♥ against the 9♥ up: two suited matches, not the ace of
# spades, so 10% of the meter (§ 635c.1(i)); 18 stands.
# The dealer: 9♥ 7♦ = 16 draws 6♠: bust. Q♥ and A♣ stay in the shoe.
SHOE = "8S 5C 9H 9H 8D 6C 9H 7D KS 3C 7C 9S 6S QH AC"
HOLE = "7 of diamonds"
START = 10_000_000  # test chips: a test table never touches the wallet
WALLET = 1_000_000
SEED = 100_000  # a $1 Match the Dealer meter starts at $1,000 (§ 635c.1(j))
# Cy's $1 adds 15% to the meter; the 10% award is rounded down to the cent.
AWARD = (SEED + 15) // 10
EXPECTED = {
    "Ann": START + 2 * 1_000,  # two split hands of 10 win
    "Bob": START + 2_000 - 500,  # the doubled 20 wins 20; Match the Dealer loses 5
    "Cy": START + 1_000 - 100 + AWARD,  # 18 wins 10; the progressive dollar wins 10% of the meter
}
PLAYERS = {
    "Ann": {"width": 1280, "height": 900},
    "Bob": {"width": 1024, "height": 800},
    "Cy": {"width": 375, "height": 740},  # a phone
}
TIMEOUT_MS = 20_000

# What a page shows of the table: every card's name, every hand's line.
TABLE_JS = """() => ({
  dealer: [...document.querySelectorAll('#bj-dealer .card-svg')].map(c => c.getAttribute('aria-label')),
  hands: [...document.querySelectorAll('[id^=bj-seat-] .hand')].map(h => h.getAttribute('aria-label')),
  results: [...document.querySelectorAll('[id^=bj-seat-] .seat-result')].map(r => r.textContent.trim()),
})"""


def make_table():
    table = Table.objects.create(
        game="spanish21",
        name="Spanish browser table",
        is_test=True,
        max_seats=6,
        config={
            "betting_seconds": 12,
            "deal_seconds": 1,
            "action_seconds": 30,
            "result_seconds": 60,
            "progressive": 1,
        },
    )
    snapshot = fresh_snapshot(registry.get("spanish21"))
    snapshot["game"]["shoe"] = Shoe.stacked(SHOE).to_json()
    Table.objects.filter(pk=table.pk).update(state=snapshot)
    meter = Meter.objects.create(name="Match the Dealer $1", kind="match_the_dealer", wager_dollars=1)
    TableLink.objects.create(meter=meter, table=table)
    return table, meter


def seconds_left(page):
    return page.evaluate(
        """() => {
          const el = document.querySelector('#bj-status.phase-betting [data-deadline-ms]');
          return el ? (Number(el.dataset.deadlineMs) - Date.now()) / 1000 : 0;
        }"""
    )


def chip(page, value):
    page.locator(f'#chip-picker label:has(input[value="{value}"])').click()


def my_turn(page, text):
    """Wait until this page's player is to decide and its turn line says ``text``."""
    page.locator("#bj-me .your-turn", has_text=text).wait_for()
    return page.locator("#bj-me")


@pytest.mark.django_db(transaction=True)
def test_three_browsers_play_a_round_of_spanish21(processes, make_player):
    started = time.monotonic()
    table, meter = make_table()
    players = {name: make_player(name) for name in PLAYERS}
    cookies = {name: session_cookie(player) for name, player in players.items()}
    worker = processes.worker()
    base = "http://" + processes.daphne()
    wait_until(lambda: Table.objects.get(pk=table.pk).state.get("timer"), 20, "the worker to start the table")

    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            pages = seated_pages(browser, base, table.pk, cookies, PLAYERS, "#bj-me", TIMEOUT_MS)
            ann, bob, cy = pages["Ann"], pages["Bob"], pages["Cy"]

            # All bets in one betting window.
            wait_until(lambda: seconds_left(ann) > 10, 20, "a fresh betting window")
            number = int(re.search(r"\d+", ann.locator("#bj-status .round").inner_text()).group())
            for page in pages.values():
                chip(page, 10)
                page.get_by_role("button", name="Bet on Main wager").click()
            chip(bob, 5)
            # (enabled once the main wager is in)
            bob.get_by_role("button", name="Bet on Match the Dealer").click()
            cy.get_by_role("button", name="Match the Dealer progressive $1").click()
            seat2, seat3 = ann.locator("#bj-seat-2"), ann.locator("#bj-seat-3")
            seat2.locator(".area-match_the_dealer", has_text="5").wait_for()
            seat3.locator(".area-progressive", has_text="1").wait_for()
            assert seconds_left(ann) > 0, "the bets missed the betting window"

            # The deal. Ann splits her eights, stands on the first hand, hits and stands on the second.
            ann.locator("#bj-status", has_text="Ann to play").wait_for(timeout=15_000)
            for page in pages.values():  # the hole card is face down everywhere, its name nowhere
                page.locator("#bj-dealer .card-svg.back").wait_for()
                assert HOLE not in page.content()
            # Cy's progressive is settled with the deal: the meter lights (§ 605a.7).
            cy.locator(f"#meter-{meter.pk}.lit").wait_for(timeout=5_000)
            me = my_turn(ann, "16")
            buttons = me.locator("button[data-action]").evaluate_all("bs => bs.map(b => b.dataset.action)")
            assert buttons == ["hit", "stand", "double", "split", "surrender"]
            assert bob.locator("#bj-me button[data-action]").count() == 0
            me.locator("button[data-action=split]").click()
            my_turn(ann, "hand 1 of 2: 18").locator("button[data-action=stand]").click()
            my_turn(ann, "hand 2 of 2: 11").locator("button[data-action=hit]").click()
            my_turn(ann, "hand 2 of 2: 18").locator("button[data-action=stand]").click()

            # Bob doubles by keyboard (D), then stands on 20.
            my_turn(bob, "11")
            bob.keyboard.press("d")
            my_turn(bob, "20").locator("button[data-action=stand]").click()

            # Cy stands on 18; the dealer draws to 22.
            my_turn(cy, "18").locator("button[data-action=stand]").click()
            seen = {}
            for name, page in pages.items():
                page.locator("#bj-status", has_text="Dealer busts with 22").wait_for()
                page.locator("#bj-me .my-result").wait_for()
                seen[name] = {
                    "table": page.evaluate(TABLE_JS),
                    "balance": page.locator("#bj-me .my-balance").inner_text(),
                    "nav_balance": page.locator("#nav-balance").inner_text(),
                }
            # The phone's screen reader hears the round's result.
            cy.wait_for_function("() => window.__announced.some(a => a.startsWith('Dealer busts with 22.'))")
            announced = cy.evaluate("window.__announced")
            bob_heard = bob.evaluate("window.__announced")
            widths = cy.evaluate("() => [document.scrollingElement.scrollWidth, window.innerWidth]")
        finally:
            browser.close()

    processes.kill(worker, signal.SIGTERM)  # nothing moves while we check
    assert widths[0] <= widths[1], f"horizontal scroll at 375 px: {widths}"
    # Every browser shows the same table.
    assert seen["Ann"]["table"] == seen["Bob"]["table"] == seen["Cy"]["table"]
    shown = seen["Ann"]["table"]
    assert shown["dealer"] == ["9 of hearts", HOLE, "6 of spades"]
    assert shown["hands"] == [
        "Hand 1: 8♠ K♠, 18, Stands; wager 10",
        "Hand 2: 8♦ 3♣ 7♣, 18, Stands; wager 10",
        "Hand 1: 5♣ 6♣ 9♠, 20, Stands; wager 20",
        "Hand 1: 9♥ 9♥, 18, Stands; wager 10",
    ]
    cy_net = format_chips(EXPECTED["Cy"] - START)  # 109.01
    assert shown["results"] == ["Win +20", "Win +15", f"Win +{cy_net}"]
    assert any(text.startswith("Your turn: 11.") for text in bob_heard), bob_heard
    result = [text for text in announced if text.startswith("Dealer busts with 22.")]
    assert result[-1] == f"Dealer busts with 22. Ann wins 20. Bob wins 15. Cy wins {cy_net}."
    for name, player in players.items():
        assert balance_of(player, test=True) == EXPECTED[name], name
        assert seen[name]["balance"] == format_chips(EXPECTED[name]), name
        assert balance_of(player) == WALLET and seen[name]["nav_balance"] == format_chips(WALLET), name
    log = Round.objects.get(table=table, number=number).log
    seat3 = [line for line in log if line.startswith("Seat 3:")]
    assert any("10% of the meter" in line for line in seat3), log
    assert any(f"progressive pays {format_chips(AWARD)}!" in line for line in seat3), log
    assert "Bob doubles for 10: 9♠ (20)" in log and "Ann splits: 8♠ K♠ and 8♦ 3♣" in log
    assert_ledger_balanced()
    assert time.monotonic() - started < 60, "the test took too long"
