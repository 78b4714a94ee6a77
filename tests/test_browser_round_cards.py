"""The round record's cards and a closed table's page in Debian's Chromium
on a phone (390×844), through a real Daphne: a player's own seven pai gow
cards while the round plays, the whole table once it is over, the page a
friend gets on reloading a table its host closed; nothing wider than the
screen, no serious or critical axe-core violation, nothing the
Content-Security-Policy refuses."""

import re

import pytest

from casino.tables import host
from casino.tables.models import Table
from casino.tables.runtime import TableRuntime
from games.pai_gow import rules as pai_gow
from tests.browser import launch, new_page
from tests.conftest import session_cookie
from tests.test_browser_axe import AXE, violations
from tests.test_browser_csp import VIOLATIONS
from tests.test_browser_history import TOO_WIDE
from tests.test_browser_meters import in_thread
from tests.test_browser_phone import PHONE
from tests.test_replay import bet, tick
from tests.test_runtime import Clock

sync_api = pytest.importorskip("playwright.sync_api")


@pytest.mark.skipif(not AXE.exists(), reason="axe-core is not installed: make axe")
@pytest.mark.django_db(transaction=True)
def test_round_cards_and_a_closed_table_on_a_phone(processes, make_player):
    ann, bob = make_player("Ann"), make_player("Bob")
    fast = {"betting_seconds": 1, "shake_seconds": 1, "roll_seconds": 5, "set_seconds": 5}
    table = Table.objects.create(
        game="pai_gow", name="Friends", config=fast, is_private=True, host=ann, link_key="k"
    )
    table.admitted.add(ann, bob)
    clock = Clock()
    runtime = TableRuntime(table, clock=clock)
    runtime.start()
    for player in (ann, bob):
        runtime.act(player.pk, player.nickname, {"action": "sit", "round": runtime.round})
        bet(runtime, player, "main", 5)
    while runtime.state.phase != pai_gow.SETTING:
        tick(runtime, clock)
    base = "http://" + processes.daphne()

    def finish_round():
        for player in (ann, bob):
            runtime.act(player.pk, player.nickname, {"action": "house_way", "round": runtime.round})
        while runtime.round == 1:
            tick(runtime, clock)

    record = f"{base}/tables/{table.pk}/rounds/1/"

    cookie = session_cookie(bob)
    found, console = {}, []
    with sync_api.sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            page = new_page(browser, VIOLATIONS, cookie=cookie, base=base, viewport=PHONE)
            page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))

            page.goto(record)
            page.get_by_role("heading", name="Your seat").wait_for()
            assert page.get_by_role("group", name=re.compile("^Your cards: ")).locator("svg").count() == 7
            found["in play"] = (violations(page), page.evaluate(TOO_WIDE), page.evaluate("window.__csp"))

            in_thread(finish_round)
            page.goto(record)
            page.get_by_role("heading", name="The table at the round's end").wait_for()
            page.get_by_role("region", name="Dealer").wait_for()
            found["over"] = (violations(page), page.evaluate(TOO_WIDE), page.evaluate("window.__csp"))

            in_thread(runtime.act, ann.pk, "Ann", {"action": host.CLOSE})
            page.goto(f"{base}/tables/{table.pk}/")
            page.get_by_role("heading", name="This table was closed by its host").wait_for()
            page.get_by_role("link", name="The table's ledger").click()
            page.wait_for_url(re.compile(rf"/tables/{table.pk}/ledger/$"))
            page.go_back()
            page.get_by_role("heading", name="This table was closed by its host").wait_for()
            found["closed"] = (violations(page), page.evaluate(TOO_WIDE), page.evaluate("window.__csp"))
        finally:
            browser.close()

    assert found == {"in play": ([], [], []), "over": ([], [], []), "closed": ([], [], [])}, found
    refused = [line for line in console if "Content Security Policy" in line or "Refused to" in line]
    assert refused == [], refused
