"""The "My play" page in Debian's Chromium on a phone (390×844), served by a
real Daphne: reached from the header, nothing scrolls sideways, the balance
chart fits the width, axe-core finds no serious or critical violation and
the Content-Security-Policy refuses nothing; the visitor's page too. The
chart plots settled results only, and its time axis never repeats a label
(issue 35, item 10)."""

import re

import pytest
from django.db import transaction
from django.utils import timezone

from casino.history import chart
from casino.tables.models import Round, Table
from casino.wallet.ledger import book_moves
from games.engine import REFUND, RETURN, STAKE, WIN, ChipMove
from tests.browser import launch, new_page
from tests.conftest import session_cookie
from tests.test_browser_axe import AXE, violations
from tests.test_browser_csp import VIOLATIONS
from tests.test_browser_phone import PHONE
from tests.test_history import booked_round

sync_api = pytest.importorskip("playwright.sync_api")

# What lies wider than the viewport: the page itself, or any element but
# what sits inside a sideways-scrolling region of its own.
TOO_WIDE = """() => {
  const out = [];
  if (document.scrollingElement.scrollWidth > innerWidth) { out.push("page " + document.scrollingElement.scrollWidth); }
  for (const el of document.querySelectorAll("main *")) {
    if (el.closest(".table-scroll")) { continue; }
    const r = el.getBoundingClientRect();
    if (r.width && r.right > innerWidth + 0.5) { out.push(el.tagName + " " + Math.round(r.right)); }
  }
  return out;
}"""


@pytest.mark.skipif(not AXE.exists(), reason="axe-core is not installed: make axe")
@pytest.mark.django_db(transaction=True)
def test_my_play_on_a_phone(processes, make_player):
    ann = make_player("Ann")
    wheel = Table.objects.create(game="dreamcatcher", name="A wheel with a long name for a phone")
    pai_gow = Table.objects.create(game="pai_gow", name="<i>Friends</i>")
    for number in range(1, 61):  # more than one page of rounds
        booked_round(pai_gow if number % 2 else wheel, number, ann, 1_000, 950 if number % 3 else -1)
    cookie = session_cookie(ann)
    base = "http://" + processes.daphne()

    found, console = {}, []
    with sync_api.sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            page = new_page(browser, VIOLATIONS, viewport=PHONE)
            page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))

            page.goto(base + "/me/")
            page.get_by_role("link", name="Pick a nickname").wait_for()
            assert page.evaluate("innerWidth") == PHONE["width"]
            found["visitor"] = (violations(page), page.evaluate(TOO_WIDE), page.evaluate("window.__csp"))

            page.context.add_cookies([{"name": "sessionid", "value": cookie, "url": base}])
            page.goto(base + "/")
            page.get_by_role("link", name="My play").click()
            page.wait_for_url(re.compile(r"/me/$"))
            chart = page.get_by_role("img", name="Balance over time")
            chart.wait_for()
            box = chart.bounding_box()
            assert box["width"] > 300 and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
            assert "lowest" in page.locator("#balance-caption").inner_text()
            assert page.locator("#rounds ~ .table-scroll tbody tr").count() == 50
            assert page.get_by_text("<i>Friends</i>").first.is_visible()
            found["player"] = (violations(page), page.evaluate(TOO_WIDE), page.evaluate("window.__csp"))

            page.get_by_role("navigation", name="Pages of rounds").get_by_role("link", name="Older").click()
            page.get_by_text("Page 2 of 2").wait_for()
            assert page.locator("#rounds ~ .table-scroll tbody tr").count() == 10
            page.get_by_role("link", name=re.compile(r"^Round 1 at")).click()
            page.wait_for_url(re.compile(rf"/tables/{pai_gow.pk}/rounds/1/$"))
            page.get_by_role("heading", name=re.compile("Round 1")).first.wait_for()
        finally:
            browser.close()

    assert found == {"visitor": ([], [], []), "player": ([], [], [])}, found
    refused = [line for line in console if "Content Security Policy" in line or "Refused to" in line]
    assert refused == [], refused


@pytest.mark.django_db(transaction=True)
def test_the_chart_plots_results_not_undo_steps_and_labels_each_end_once(processes, make_player):
    ann = make_player("Ann")  # her starting chips: the first result
    table = Table.objects.create(game="pai_gow", name="Undo")
    with transaction.atomic():
        # Round 1, settled: 5 placed, taken back (Undo), 10 placed, won 10.
        Round.objects.create(table=table, number=1, finished=timezone.now())
        book_moves([ChipMove(STAKE, ann.pk, 500, "seat 1 main")], table.pk, 1)
        book_moves([ChipMove(REFUND, ann.pk, 500, "undo")], table.pk, 1)
        book_moves([ChipMove(STAKE, ann.pk, 1_000, "seat 1 main")], table.pk, 1)
        book_moves(
            [ChipMove(RETURN, ann.pk, 1_000, "seat 1 main"), ChipMove(WIN, ann.pk, 1_000, "seat 1 main")],
            table.pk,
            1,
        )
        # Round 2, still in play: 10 riding, no result yet.
        Round.objects.create(table=table, number=2)
        book_moves([ChipMove(STAKE, ann.pk, 1_000, "seat 1 main")], table.pk, 2)
    cookie = session_cookie(ann)
    base = "http://" + processes.daphne()
    date_y = str(chart.HEIGHT - chart.BOTTOM + 18)

    with sync_api.sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            page = new_page(browser, cookie=cookie, base=base, viewport=PHONE)
            page.goto(base + "/me/")
            figure = page.locator("figure.balance-chart")
            figure.get_by_role("img", name="Balance over time").wait_for()
            points = figure.locator("polyline").get_attribute("points").split()
            dates = figure.locator(f'text[y="{date_y}"]').all_text_contents()
            caption = figure.locator("figcaption").inner_text()
        finally:
            browser.close()

    # The starting chips and round 1's result, at 10,000 then 10,010: nothing of the Undo or round 2.
    assert len(points) == 2, points
    assert dates and len(set(dates)) == len(dates), dates
    assert "2 settled results" in caption and "is 10,000 now" in caption, caption
