"""A shared table link keeps its table (issue 13, item 3): a new visitor who
opens /tables/N/ and picks a nickname, or signs in, lands back at that
table; a ``next`` to another site is never followed."""

import re

import pytest
from django.contrib.auth.models import User

from tests.browser import launch, new_page, pick_nickname, serve, sign_in, wait_live

sync_api = pytest.importorskip("playwright.sync_api")

PASSWORD = "a-long-Passphrase-9"


@pytest.mark.django_db(transaction=True)
def test_a_new_visitor_lands_at_the_shared_table(processes, make_table):
    table = make_table(name="Shared wheel", betting_seconds=30)
    User.objects.create_user("bob", password=PASSWORD)
    base = serve(processes, table)
    with sync_api.sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            # A guest: the link in the table's "You are watching" line (pushed by the websocket).
            page = new_page(browser)
            page.goto(f"{base}/tables/{table.pk}/")
            wait_live(page)
            # The chat panel invites to choose a nickname too: this is the seat controls' link.
            watching = page.get_by_text("You are watching as a guest.")
            watching.get_by_role("link", name="Choose a nickname").click()
            pick_nickname(page, "Ann")
            page.wait_for_url(re.compile(rf"/tables/{table.pk}/$"))
            page.get_by_text("Welcome, Ann!").wait_for()
            page.get_by_role("button", name="Take a seat").wait_for()

            # A registered player: the top bar's "Sign in", from the table.
            page = new_page(browser)
            page.goto(f"{base}/tables/{table.pk}/")
            page.get_by_role("navigation", name="Account").get_by_role("link", name="Sign in").click()
            sign_in(page, "bob", PASSWORD)
            page.wait_for_url(re.compile(rf"/tables/{table.pk}/$"))
            page.get_by_text("Welcome back, bob.").wait_for()

            # A guest who follows the chat panel's "choose a nickname" and takes the
            # lobby's "Sign in" link on the way keeps the table too.
            page = new_page(browser)
            page.goto(f"{base}/tables/{table.pk}/")
            chat = page.get_by_role("region", name="Table chat")
            chat.get_by_role("link", name="choose a nickname").click()
            page.wait_for_url(re.compile(rf"\?next=/tables/{table.pk}/$"))
            page.get_by_role("main").get_by_role("link", name="Sign in").click()
            sign_in(page, "bob", PASSWORD)
            page.wait_for_url(re.compile(rf"/tables/{table.pk}/$"))
        finally:
            browser.close()


@pytest.mark.django_db
@pytest.mark.parametrize(
    "target",
    [
        "https://evil.example/",
        "//evil.example/",
        "/\\evil.example/",
        "\\\\evil.example",
        "javascript:alert(1)",
    ],
)
def test_a_next_to_another_site_goes_to_the_lobby(client, clean_redis, target):
    response = client.post("/accounts/join/", {"nickname": "Ann", "next": target})
    assert response.status_code == 302 and response["Location"] == "/"


@pytest.mark.django_db
def test_the_lobby_passes_next_on_and_a_bad_one_not(client, clean_redis):
    page = client.get("/?next=/tables/7/").content.decode()
    assert 'name="next" value="/tables/7/"' in page
    assert "/accounts/login/?next=/tables/7/" in page
    page = client.get("/?next=//evil.example/").content.decode()
    assert 'name="next"' not in page and "evil" not in page
