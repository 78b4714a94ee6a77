"""Two players in real browsers (Debian's Chromium, driven by Playwright) at
one Dreamcatcher table served by a real Daphne and table worker: they join
with a nickname, sit, pick a chip, bet on different areas, and both see the
same result of the same round and the right balances. One of them plays at a
phone's viewport: no horizontal scroll, and the result is announced to
screen readers.

Plain (sync) test functions: the sync Playwright API cannot run inside the
event loop pytest-asyncio's auto mode runs async tests in.
"""

import re
import signal

import pytest

from casino.accounts.models import Player
from casino.tables.models import Round, Table
from casino.wallet.models import Account
from games.engine import CENTS_PER_CHIP, format_chips
from tests import browser as shared
from tests.browser import launch, new_page, pick_nickname, sit, wait_live
from tests.conftest import assert_ledger_balanced, expected_balance, stakes_of, wait_until

sync_api = pytest.importorskip("playwright.sync_api")

# Tests written before tests/browser.py take these from here.
CHROMIUM, CHROMIUM_ARGS, TIMEOUT_MS = shared.CHROMIUM, shared.CHROMIUM_ARGS, shared.TIMEOUT_MS

# Every table push, as the page saw it: status and screen-reader announcements.
RECORDER = """
window.__seen = {status: [], announce: []};
document.addEventListener("htmx:wsAfterMessage", function () {
  setTimeout(function () {
    var status = document.getElementById("dc-status");
    if (status) {
      var round = status.querySelector(".round"), phase = status.querySelector(".phase");
      window.__seen.status.push({
        round: round ? round.textContent.trim() : "",
        phase: status.className,
        label: phase ? phase.textContent.trim() : ""
      });
    }
  }, 0);
});
// What screen readers hear, as it changes (a result is read out once the
// wheel has eased onto it, between pushes).
new MutationObserver(function () {
  var live = document.getElementById("announce");
  var seen = window.__seen.announce;
  if (live && live.textContent && seen[seen.length - 1] !== live.textContent) {
    seen.push(live.textContent);
  }
}).observe(document, {subtree: true, childList: true, characterData: true});
"""

PLAYERS = {
    # nickname: (viewport, chip, spot)
    "Ann": ({"width": 1280, "height": 900}, 5, "1"),
    "Bob": ({"width": 390, "height": 844}, 10, "2"),
}


def current_round(page):
    return int(re.search(r"\d+", page.locator("#dc-status .round").inner_text()).group())


def seconds_left(page):
    """Seconds left in the betting window as this page shows it, or 0."""
    return page.evaluate(
        """() => {
          const el = document.querySelector('#dc-status.phase-betting [data-deadline-ms]');
          return el ? (Number(el.dataset.deadlineMs) - Date.now()) / 1000 : 0;
        }"""
    )


def join_and_sit(page, base, nickname, table):
    page.goto(base + "/")
    pick_nickname(page, nickname)
    page.get_by_text(f"Welcome, {nickname}!").wait_for()
    page.get_by_role("link", name=table.name, exact=True).first.click()
    page.wait_for_url(re.compile(rf"/tables/{table.pk}/"))
    wait_live(page)
    sit(page, "#dc-me")


def place_bets(pages):
    """Both players bet in one betting window; returns its round number.
    A bet that misses the window is tried again in a later round (the
    balances below are computed from every stake the ledger holds)."""
    for _attempt in range(4):
        ann = pages["Ann"]
        wait_until(lambda page=ann: seconds_left(page) > 2.5, 40, "a fresh betting window")
        number = current_round(ann)
        for name, page in pages.items():
            _, chip, spot = PLAYERS[name]
            page.locator(f'#chip-picker label:has(input[value="{chip}"])').click()
            page.get_by_role("button", name=re.compile(rf"^Bet on {spot},")).click()
        placed = True
        for name, page in pages.items():
            _, chip, spot = PLAYERS[name]
            mine = page.locator("#dc-me .my-bets")
            try:
                mine.wait_for(timeout=10_000)
            except sync_api.TimeoutError:
                placed = False
                continue
            # Each area's symbol, then its chip stack with the amount.
            shown = " ".join(mine.inner_text().split())
            placed = placed and current_round(page) == number and f"{spot} {chip}" in shown
        if placed:
            return number
        # Wait for the next round before trying again.
        wait_until(lambda n=number: current_round(pages["Ann"]) > n, 40, "the next round")
    pytest.fail("the two players never got their bets into one round")


@pytest.mark.django_db(transaction=True)
def test_two_browsers_play_one_round(processes, make_table):
    table = make_table(name="Browser wheel", betting_seconds=5, spin_seconds=1, result_seconds=3)
    worker = processes.worker()
    base = "http://" + processes.daphne()
    wait_until(lambda: Table.objects.get(pk=table.pk).state, 40, "the worker to start the table")

    with sync_api.sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            pages = {
                name: new_page(browser, RECORDER, viewport=viewport)
                for name, (viewport, _, _) in PLAYERS.items()
            }
            for name, page in pages.items():
                join_and_sit(page, base, name, table)

            number = place_bets(pages)

            # Both pages show the round's result in their history.
            seen = {}
            for name, page in pages.items():
                item = page.locator(f'#dc-history li[title^="Round {number}:"]')
                item.wait_for(timeout=40_000)
                # Screen readers hear the result.
                page.wait_for_function(
                    """() => window.__seen.announce.some(
                      a => a.includes('The wheel stops on') && a.includes('Ann ') && a.includes('Bob '))"""
                )
                seen[name] = {
                    "history": (item.get_attribute("title"), item.inner_text().strip()),
                    # The settling push brought the history and the balances together.
                    "balance": page.locator("#dc-me .my-balance").inner_text(),
                    "nav_balance": page.locator("#nav-balance").inner_text(),
                    "pushes": page.evaluate("window.__seen"),
                    "aria_live": page.locator("#announce").get_attribute("aria-live"),
                    "announce_now": page.locator("#announce").inner_text().strip(),
                }

            # At a phone's width the table page does not scroll sideways.
            phone = pages["Bob"]
            assert phone.viewport_size["width"] == 390
            widths = phone.evaluate("() => [document.scrollingElement.scrollWidth, window.innerWidth]")
        finally:
            browser.close()

    processes.kill(worker, signal.SIGTERM)  # nothing moves while we check
    # (The database is read here, not above: sync Playwright runs an event
    # loop in this thread, and Django refuses queries inside one.)
    assert widths[0] <= widths[1], f"horizontal scroll at 390 px: {widths}"

    record = Round.objects.get(table=table, number=number)
    result, multiplier = record.result["result"], record.result["multiplier"]
    label = f"Result: {result}" + (f" × {multiplier}" if multiplier > 1 else "")
    assert seen["Ann"]["history"] == seen["Bob"]["history"]
    assert seen["Ann"]["history"] == (
        f"Round {number}: " + " → ".join(record.result["symbols"]),
        result + (f"×{multiplier}" if multiplier > 1 else ""),
    )

    results = {r.number: r.result for r in Round.objects.filter(table=table, result__isnull=False)}
    for name, view in seen.items():
        # Both status bars said the same result for that round.
        labels = {
            push["label"]
            for push in view["pushes"]["status"]
            if push["round"] == f"Round {number}" and "phase-result" in push["phase"]
        }
        assert labels == {label}, (name, view["pushes"]["status"])
        announced = [text for text in view["pushes"]["announce"] if "Ann " in text and "Bob " in text]
        assert announced and announced[-1].startswith(f"The wheel stops on {result}:"), (name, announced)
        assert view["aria_live"] == "polite" and view["announce_now"], name

        # The balance shown is 10,000 − stakes + winnings, as in the ledger.
        player = Player.objects.get(nickname=name)
        stakes = stakes_of(player)
        _, chip, spot = PLAYERS[name]
        assert stakes[number] == {spot: chip * CENTS_PER_CHIP}
        expected = expected_balance(stakes, results)
        assert Account.objects.get(player=player).balance == expected, name
        assert view["balance"] == view["nav_balance"] == format_chips(expected), name
    assert_ledger_balanced()


@pytest.mark.django_db(transaction=True)
def test_a_result_is_heard_though_the_next_round_opens_while_the_wheel_lands(processes, make_table):
    """With no pause after a result, the next round's push comes while the
    wheel is still easing onto the stop (1.2 s at least): the result's line,
    held until the wheel is there, is still read out, and before the next
    round's."""
    table = make_table(name="Quick wheel", betting_seconds=2, spin_seconds=1, result_seconds=1)
    base = shared.serve(processes, table)
    with sync_api.sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            page = new_page(browser, RECORDER)
            page.goto(base + "/")
            pick_nickname(page, "Eve")
            page.get_by_text("Welcome, Eve!").wait_for()
            page.goto(f"{base}/tables/{table.pk}/")
            wait_live(page)
            # Two results heard, each followed by its next round's opening.
            page.wait_for_function(
                """() => window.__seen.announce.filter(a => a.startsWith('The wheel stops on')).length >= 2""",
                timeout=40_000,
            )
            page.wait_for_timeout(1_500)
            heard = page.evaluate("window.__seen.announce")
        finally:
            browser.close()
    results = [i for i, text in enumerate(heard) if text.startswith("The wheel stops on")]
    openings = [i for i, text in enumerate(heard) if "place your bets" in text]
    assert len(results) >= 2, heard
    # Each result is heard before the round after it opens, and that opening is heard too.
    for at in results[:2]:
        assert any(o > at for o in openings), heard
