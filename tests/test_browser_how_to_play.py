"""The "How to play" panel in Debian's Chromium (issue 13, "Every table
explains itself"): closed as the table opens, opened from the table's link
or from the keyboard, read as a disclosure by screen readers, within a
phone's width, and its rules page one link away."""

import pytest

from casino.progressives.models import Meter, TableLink
from casino.tables.models import Table
from tests.test_browser import CHROMIUM, CHROMIUM_ARGS, TIMEOUT_MS

sync_api = pytest.importorskip("playwright.sync_api")

PHONE = {"width": 390, "height": 844}

# Whatever is drawn wider than the viewport inside the panel.
TOO_WIDE = """() => [...document.querySelectorAll('#how-to-play, #how-to-play *')]
  .filter(el => el.getBoundingClientRect().right > innerWidth + 0.5)
  .map(el => el.tagName + ' ' + el.textContent.trim().slice(0, 30))"""


def disclosure(page):
    """(role, expanded) of the panel's summary in Chromium's accessibility
    tree, which screen readers read."""
    session = page.context.new_cdp_session(page)
    try:
        nodes = session.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        session.detach()
    for node in nodes:
        if node.get("name", {}).get("value") == "How to play" and node["role"]["value"] != "link":
            expanded = {item["name"]: item["value"]["value"] for item in node.get("properties", [])}.get(
                "expanded"
            )
            return node["role"]["value"], bool(expanded)
    return None


@pytest.mark.django_db(transaction=True)
def test_the_panel_opens_at_a_table_and_shows_its_paytables(processes):
    table = Table.objects.create(game="pai_gow", name="How to play", config={"sum_paytable": 2}, max_seats=6)
    meter = Meter.objects.create(name="Progressive", kind="progressive_payout", wager_dollars=1)
    TableLink.objects.create(meter=meter, table=table)
    base = "http://" + processes.daphne()
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            page = browser.new_page(viewport=PHONE)
            page.set_default_timeout(TIMEOUT_MS)
            page.goto(f"{base}/tables/{table.pk}/")
            panel = page.locator("#how-to-play")
            summary = panel.locator("summary")
            sum_rows = panel.locator("section", has=page.get_by_role("heading", name="Sum", exact=True))
            # Closed as the table opens: one line, out of the player's way.
            assert panel.get_attribute("open") is None
            assert not sum_rows.is_visible()
            # The table's link opens it where it is.
            page.get_by_role("navigation", name="Table links").get_by_role("link", name="How to play").click()
            page.wait_for_function("document.getElementById('how-to-play').open")
            assert sum_rows.get_by_role("row", name="The dice total 3 25 to 1").is_visible()
            assert page.get_by_role("row", name="Five aces 500 for 1").is_visible()
            assert page.evaluate(TOO_WIDE) == []
            # From the keyboard: a disclosure button that closes and opens it.
            summary.focus()
            page.keyboard.press("Enter")
            page.wait_for_function("!document.getElementById('how-to-play').open")
            assert not sum_rows.is_visible()
            page.keyboard.press(" ")
            page.wait_for_function("document.getElementById('how-to-play').open")
            # Screen readers hear a disclosure named "How to play", and whether it is expanded.
            assert disclosure(page) == ("DisclosureTriangle", True)
            page.keyboard.press("Enter")
            assert disclosure(page) == ("DisclosureTriangle", False)
            page.keyboard.press("Enter")
            # Its rules page: the same lines with the regulation's sections.
            panel.get_by_role("link", name="Full rules of this table").click()
            page.locator("h1", has_text="Rules").wait_for()
            assert page.get_by_role(
                "row", name="The dice total 3 25 to 1 § 645c.2(e)(1), (g)(1), Paytable B"
            ).is_visible()
        finally:
            browser.close()
