"""Chromium: the host of a private table, on a phone, runs it between rounds
while a friend watches the table change (issue 19): the host panel is the
host's only, pause shows "Paused by the host" to everyone, a rules change is
a log line at the friend's table, the friend is removed and told so."""

import pytest

from casino.accounts.models import Player
from casino.tables.models import Table
from tests.browser import guest_page, launch, serve, sit, wait_live
from tests.conftest import FAST
from tests.test_browser_private_tables import check_axe

sync_api = pytest.importorskip("playwright.sync_api")


@pytest.mark.django_db(transaction=True)
def test_the_host_runs_the_table_from_a_phone(processes, monkeypatch):
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    # The public table a private one is measured by (its limits at most the casino's).
    Table.objects.create(game="dreamcatcher", name="Public wheel", config={**FAST, "max_bet": 500})
    base = serve(processes)
    with sync_api.sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            ann = guest_page(browser, base, "Ann", viewport={"width": 390, "height": 844}, is_mobile=True)
            table = Table.objects.create(
                game="dreamcatcher",
                name="Friday wheel",
                config={**FAST, "betting_seconds": 30, "max_bet": 100},
                is_private=True,
                host=Player.objects.get(nickname="Ann"),
                link_key="friday-wheel-link",
            )
            table.admitted.add(table.host)
            ann.goto(f"{base}/tables/{table.pk}/")
            wait_live(ann)
            sit(ann, "#dc-me")
            panel = ann.get_by_role("region", name="You host this table")
            panel.wait_for()

            bob = guest_page(browser, base, "Bob")
            bob.goto(f"{base}/tables/private/{table.link_key}/")
            wait_live(bob)
            sit(bob, "#dc-me")
            bob.locator("#host-status", has_text="hosted by Ann").wait_for()
            assert bob.get_by_role("region", name="You host this table").count() == 0
            assert bob.get_by_role("button", name="Pause after this round").count() == 0

            # Bob arrived: the host's list shows him, with his controls.
            panel.get_by_text("seat 2").wait_for()
            ann.get_by_role("button", name="Pause after this round").click()
            bob.locator("#host-status", has_text="Paused by the host").wait_for()
            ann.get_by_role("button", name="Resume play").wait_for()

            ann.get_by_text("Change the table's rules").click()
            ann.get_by_label("Max bet").fill("50")
            check_axe(ann, "the host's panel, its rules open, on a phone")
            # Nothing on the host's phone is wider than its screen.
            assert ann.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
            ann.get_by_role("button", name="Change the rules").click()
            bob.locator("#dc-log", has_text="The host changed the maximum bet from 100 to 50.").wait_for()
            assert Table.objects.get(pk=table.pk).config["max_bet"] == 50

            ann.get_by_role("button", name="Resume play").click()
            bob.locator("#host-status", has_text="Paused by the host").wait_for(state="detached")

            ann.get_by_role("button", name="Remove Bob from the table").click()
            bob.locator("#host-status", has_text="The host removed you from this table").wait_for()
            ann.locator("#dc-log", has_text="The host removed Bob from the table.").wait_for()
            check_axe(bob, "the removed player's page")
        finally:
            browser.close()
