"""A linked table's progressive meter in a real browser at a phone's width
(Debian's Chromium, driven by Playwright, against a real Daphne and table
worker, whose meter ticker pushes): a contribution shows without a reload,
and a Must-Hit-By hit lights the meter and is announced to screen readers.

A plain (sync) test, like tests/test_browser.py."""

import threading

import pytest

from casino.progressives import api
from casino.progressives.models import Meter, TableLink
from casino.tables.models import Table
from tests.conftest import wait_until
from tests.test_browser import CHROMIUM, CHROMIUM_ARGS

sync_api = pytest.importorskip("playwright.sync_api")

# Every text the live region held, as a screen reader would be told it.
RECORDER = """
window.__announced = [];
document.addEventListener("DOMContentLoaded", function () {
  var live = document.getElementById("announce");
  new MutationObserver(function () { window.__announced.push(live.textContent); })
    .observe(live, {childList: true, characterData: true, subtree: true});
  window.__loaded = (window.__loaded || 0) + 1;
});
"""


def seated_pages(browser, base, table_id, cookies, viewports, me_selector, timeout_ms):
    """{name: page}: one browser context per player (``viewports``: name ->
    viewport, in seat order), signed in by session cookie, joining the table
    and seen seated at seats 1, 2, ..."""
    pages = {}
    for seat, (name, viewport) in enumerate(viewports.items(), start=1):
        context = browser.new_context(viewport=viewport)
        context.set_default_timeout(timeout_ms)
        context.add_init_script(RECORDER)
        context.add_cookies([{"name": "sessionid", "value": cookies[name], "url": base}])
        page = pages[name] = context.new_page()
        page.goto(f"{base}/tables/{table_id}/?join=1")
        page.locator(me_selector, has_text=f"You sit at seat {seat}.").wait_for()
    return pages


def in_thread(function, *args):
    """Run database code outside this thread's Playwright event loop."""
    result = []
    thread = threading.Thread(target=lambda: result.append(function(*args)))
    thread.start()
    thread.join()
    return result[0]


@pytest.mark.django_db(transaction=True)
def test_a_phone_sees_the_meter_move_and_win(processes, make_table):
    table = make_table(name="Mystery wheel", betting_seconds=120)
    meter = Meter.objects.create(name="Poker mystery", kind="must_hit_by", paytable="A", wager_dollars=1)
    TableLink.objects.create(meter=meter, table=table)
    processes.worker()
    base = "http://" + processes.daphne()
    wait_until(lambda: Table.objects.get(pk=table.pk).state, 20, "the worker to start the table")

    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            context = browser.new_context(viewport={"width": 375, "height": 740})
            context.set_default_timeout(10_000)
            context.add_init_script(RECORDER)
            page = context.new_page()
            page.goto(f"{base}/tables/{table.pk}/")
            page.locator("#connection", has_text="Live").wait_for()
            shown = page.locator(f"#meter-{meter.pk}")
            assert shown.locator(".meter-value").inner_text() == "$100.00"
            assert "Must hit by $200.00" in shown.inner_text()
            assert "This table offers the Must-Hit-By Mystery bonus" in shown.inner_text()

            in_thread(api.contribute, table.pk, 1, [api.Wager(meter.pk, 2, 100)])
            shown.locator(".meter-value", has_text="$100.02").wait_for(timeout=2_000)

            # $5,000 at 2% crosses any trigger below the maximum: a hit at seat 3.
            result = in_thread(api.contribute, table.pk, 2, [api.Wager(meter.pk, 3, 500_000)])
            paid = result.wins[0].paid_cents
            page.locator(f"#meter-{meter.pk}.lit").wait_for(timeout=2_000)
            page.wait_for_function("() => window.__announced.length > 0", timeout=2_000)
            announced = page.evaluate("window.__announced")
            live = page.locator("#announce")
            assert live.get_attribute("aria-live") == "polite"
            widths = page.evaluate("() => [document.scrollingElement.scrollWidth, window.innerWidth]")
            loads = page.evaluate("window.__loaded")
        finally:
            browser.close()

    assert announced[-1] == (
        f"Must-Hit-By Mystery bonus won: ${paid // 100:,}.{paid % 100:02d} at Mystery wheel, seat 3"
    )
    assert loads == 1, "the page reloaded"
    assert widths[0] <= widths[1], f"horizontal scroll at 375 px: {widths}"
