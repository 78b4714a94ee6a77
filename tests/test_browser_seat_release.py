"""A closed browser gives its seat up at once (issue 13, item 8): when a
page closes (its browser says goodbye) and no other connection of the player
comes back within a reload's time, the table stands the player up, well
before the grace a lost network gets (SEAT_GRACE_SECONDS, 60 s)."""

import time

import pytest

from casino.tables.models import Table
from tests.conftest import session_cookie, wait_until
from tests.test_browser import CHROMIUM, CHROMIUM_ARGS, TIMEOUT_MS

sync_api = pytest.importorskip("playwright.sync_api")


def open_page(browser, base, table, cookie, join=True):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(TIMEOUT_MS)
    context.add_cookies([{"name": "sessionid", "value": cookie, "url": base}])
    page = context.new_page()
    page.goto(f"{base}/tables/{table.pk}/" + ("?join=1" if join else ""))
    page.locator("#connection", has_text="Live").wait_for()
    return context, page


@pytest.mark.django_db(transaction=True)
def test_a_closed_browser_stands_up_and_a_reload_does_not(processes, make_table, make_player):
    table = make_table(name="Seats", betting_seconds=30)
    ann, bob = session_cookie(make_player("Ann")), session_cookie(make_player("Bob"))
    assert "SEAT_GRACE_SECONDS" not in processes.env  # the 60 s default for a lost network
    processes.worker()
    base = "http://" + processes.daphne()
    wait_until(
        lambda: (Table.objects.get(pk=table.pk).state or {}).get("timer"), 40, "the worker to start the table"
    )
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            _, watcher = open_page(browser, base, table, bob, join=False)
            ann_context, page = open_page(browser, base, table, ann)
            page.locator("#dc-me", has_text="You sit at seat 1.").wait_for()
            seats = watcher.locator("#dc-players li", has_text="Ann")
            seats.wait_for()
            # A reload keeps the seat.
            page.reload()
            page.locator("#connection", has_text="Live").wait_for()
            page.wait_for_timeout(5_000)
            assert page.locator("#dc-me", has_text="You sit at seat 1.").count() == 1
            # Closing the browser gives it up within seconds.
            closed = time.monotonic()
            ann_context.close()
            seats.wait_for(state="detached", timeout=20_000)
            took = time.monotonic() - closed
            log = watcher.locator("#dc-log").inner_text()
        finally:
            browser.close()
    assert took < 15, took
    assert "Ann leaves seat 1." in log
