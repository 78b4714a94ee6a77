"""A refused top-up says why on the page the player lands on (issue 35,
item 10), in Debian's Chromium through a real Daphne: posted from the lobby
and from a table's page, by a guest and by a registered player, with and
without the table, naming a closed table or none that exists, and by a
visitor without a nickname; never an error page, nothing axe-core finds
serious."""

import re

import pytest
from django.contrib.auth.models import User

from casino.tables.models import Table
from tests.browser import launch, new_page
from tests.conftest import session_cookie
from tests.test_browser_axe import AXE, violations

sync_api = pytest.importorskip("playwright.sync_api")

# Posts the top-up form as the page's own form would, with ``fields``.
POST_TOP_UP = """(fields) => {
  const form = document.createElement("form");
  form.method = "post";
  form.action = "/wallet/top-up/";
  const token = document.querySelector("meta[name=csrf-token]").content;
  for (const [name, value] of Object.entries({csrfmiddlewaretoken: token, ...fields})) {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}"""
FULL = "Top-ups are for players below the table minimum"


def top_up_from(page, start, fields):
    """Posts a top-up from ``start``: (the path it lands on, its status, its messages)."""
    page.goto(start)
    with page.expect_navigation() as navigation:
        page.evaluate(POST_TOP_UP, fields)
    response = navigation.value
    messages = page.locator(".messages")
    said = messages.inner_text() if messages.count() else ""
    return re.sub(r"^https?://[^/]+", "", page.url), response.status, said


@pytest.mark.skipif(not AXE.exists(), reason="axe-core is not installed: make axe")
@pytest.mark.django_db(transaction=True)
def test_every_refused_top_up_says_why_where_the_player_lands(processes, make_player):
    wheel = Table.objects.create(game="dreamcatcher", name="Wheel")
    shut = Table.objects.create(game="dreamcatcher", name="Shut", is_open=False)
    guest = make_player("Ann")
    registered = make_player("Rex")
    registered.user = User.objects.create_user("rex")
    registered.save()
    cookies = {"guest": session_cookie(guest), "registered": session_cookie(registered)}
    base = "http://" + processes.daphne()
    lobby, table = f"{base}/", f"{base}/tables/{wheel.pk}/"
    cases = {
        ("guest", "lobby, no table"): (lobby, {}),
        ("guest", "table"): (table, {"table": str(wheel.pk)}),
        ("registered", "table"): (table, {"table": str(wheel.pk)}),
        ("registered", "table, no table field"): (table, {}),
        ("registered", "closed table"): (table, {"table": str(shut.pk)}),
        ("guest", "malformed table"): (lobby, {"table": "x"}),
        ("guest", "unknown table"): (lobby, {"table": "99999"}),
        ("visitor", "table"): (table, {"table": str(wheel.pk)}),
    }
    found, axe = {}, None
    with sync_api.sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            pages = {
                who: new_page(browser, cookie=cookies.get(who), base=base)
                for who in ("guest", "registered", "visitor")
            }
            for (who, what), (start, fields) in cases.items():
                found[who, what] = top_up_from(pages[who], start, fields)
            axe = violations(pages["registered"])
        finally:
            browser.close()

    at_table, at_lobby = f"/tables/{wheel.pk}/", "/"
    expected = {
        ("guest", "lobby, no table"): (at_lobby, [FULL]),
        ("guest", "table"): (at_table, [FULL]),
        ("registered", "table"): (at_table, [FULL]),
        ("registered", "table, no table field"): (at_lobby, [FULL]),
        ("registered", "closed table"): (at_lobby, ["“Shut” has closed", FULL]),
        ("guest", "malformed table"): (at_lobby, ["That table is no longer here", FULL]),
        ("guest", "unknown table"): (at_lobby, ["That table is no longer here", FULL]),
        ("visitor", "table"): (f"/?next=%2Ftables%2F{wheel.pk}%2F", ["Pick a nickname to play"]),
    }
    for case, (path, said) in expected.items():
        landed, status, shown = found[case]
        assert (landed, status) == (path, 200), (case, found[case])
        assert all(text in shown for text in said), (case, shown)
    assert axe == [], axe
