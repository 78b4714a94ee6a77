"""Chromium: a guest opens a private Dreamcatcher table from the lobby, the
page shows its link with "Copy link", and a friend in another browser (on a
phone) opens the link, picks a nickname, lands at the table and sits; the
host lets one waiting player in, bans another, and replaces the link; the
table is in nobody's lobby (issue 19)."""

import re

import pytest

from casino.tables import private
from casino.tables.models import Table
from tests.browser import guest_page, launch, new_page, pick_nickname, serve, sit, wait_live
from tests.conftest import FAST, wait_until
from tests.test_browser_axe import AXE, violations

sync_api = pytest.importorskip("playwright.sync_api")


def check_axe(page, what):
    if AXE.exists():  # axe-core comes from npm (make axe)
        assert violations(page) == [], what


@pytest.mark.django_db(transaction=True)
def test_a_private_table_from_the_lobby_and_a_friend_by_its_link(processes, monkeypatch):
    # The checks of the database run between Playwright's calls, whose loop runs in this thread.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    Table.objects.create(
        game="dreamcatcher", name="Public wheel", config={**FAST, "betting_seconds": 8, "max_bet": 500}
    )
    base = serve(processes)
    with sync_api.sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            page = guest_page(browser, base, "Ann")
            page.get_by_role("link", name="Start a private table").click()
            page.get_by_label("Game", exact=True).select_option(label="Dreamcatcher")
            # The settings follow the game (htmx swaps them in).
            page.get_by_role("group", name="Your Dreamcatcher table").wait_for()
            check_axe(page, "the form")
            page.get_by_label("Table name").fill("Friday wheel")
            page.get_by_label("Max bet").fill("100")
            page.get_by_label("Anyone with the link").check()
            page.get_by_role("button", name="Open the table").click()
            page.wait_for_url(re.compile(r"/tables/\d+/$"))
            table = Table.objects.get(is_private=True)
            assert table.config["max_bet"] == 100 and table.host.nickname == "Ann"
            page.get_by_text("Your private table “Friday wheel” is open").wait_for()
            link = page.get_by_label("The table's link").input_value()
            assert link == f"{base}/tables/private/{table.link_key}/"
            page.get_by_role("button", name="Copy link").click()
            page.locator("[data-copied]", has_text=re.compile("Copied|copy it")).wait_for()
            wait_live(page)
            sit(page, "#dc-me")
            check_axe(page, "the host's table page")

            phone = new_page(browser, viewport={"width": 390, "height": 844}, is_mobile=True)
            phone.goto(link)
            pick_nickname(phone, "Bob")
            phone.wait_for_url(f"{base}/tables/{table.pk}/")
            wait_live(phone)
            sit(phone, "#dc-me")
            page.locator("#dc-players", has_text="Bob").wait_for()
            assert table.admitted.filter(nickname="Bob").exists()
            phone.get_by_role("link", name="Ledger").click()
            phone.get_by_role("heading", name="Each player's net").wait_for()
            check_axe(phone, "the ledger page")

            # Without the link, a player gets a page that says so.
            eve = guest_page(browser, base, "Eve")
            assert eve.goto(f"{base}/tables/{table.pk}/").status == 403
            eve.get_by_role("heading", name="A private table").wait_for()
            check_axe(eve, "the refusal page")

            # A table where the host lets players in: Eve waits, Ann lets her in, Eve's page goes on.
            ann = Table.objects.get(pk=table.pk).host
            config = {**table.config}
            second = private.open_table(table.spec, ann, "Members only", "approve", config)
            eve.goto(f"{base}/tables/private/{second.link_key}/")
            eve.get_by_role("heading", name="Waiting for the host").wait_for()
            check_axe(eve, "the waiting page")
            page.goto(f"{base}/tables/{second.pk}/")
            page.get_by_role("button", name="Let in Eve").wait_for()
            check_axe(page, "the host's page with its waiting list")
            page.get_by_role("button", name="Let in Eve").click()
            page.get_by_text("Eve is in").wait_for()
            check_axe(page, "the host's page after letting Eve in")
            eve.wait_for_url(f"{base}/tables/{second.pk}/")
            wait_live(eve)

            # Mal only waits: Ann bans him from the list, once she confirms.
            mal = guest_page(browser, base, "Mal")
            old_link = f"{base}/tables/private/{second.link_key}/"
            mal.goto(old_link)
            mal.get_by_role("heading", name="Waiting for the host").wait_for()
            page.reload()
            page.once("dialog", lambda dialog: dialog.dismiss())
            page.get_by_role("button", name="Ban Mal").click()
            assert second.waiting.filter(nickname="Mal").exists() and not second.banned.exists()
            page.once("dialog", lambda dialog: dialog.accept())
            page.get_by_role("button", name="Ban Mal").click()
            page.get_by_text("Mal is banned").wait_for()
            mal.get_by_role("heading", name="You cannot enter this table").wait_for()  # the poll reloads it
            # A new link: the old one opens nothing now, Eve stays.
            page.once("dialog", lambda dialog: dialog.accept())
            page.get_by_role("button", name="Make a new link").click()
            page.get_by_text("The table has a new link").wait_for()
            second.refresh_from_db()
            assert (
                page.get_by_label("The table's link").input_value()
                == (f"{base}/tables/private/{second.link_key}/")
                != old_link
            )
            stranger = guest_page(browser, base, "Sam")
            assert stranger.goto(old_link).status == 404
            stranger.get_by_role("heading", name="This link does not open a table").wait_for()
            check_axe(stranger, "the page of a replaced link")
            eve.reload()
            wait_live(eve)

            # In nobody's lobby.
            for lobby in (page, phone):
                lobby.goto(base + "/")
                lobby.get_by_role("link", name="Public wheel").wait_for()
                assert "Friday wheel" not in lobby.content()
            wait_until(lambda: Table.objects.get(pk=table.pk).last_active > table.last_active, 10, "activity")
        finally:
            browser.close()
