"""A new player's first minutes, in Debian's Chromium against a real Daphne
and table worker (issue 13): flows that broke before, each reproduced."""

import re
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import transaction

from casino.accounts.models import Player
from casino.tables.models import Table
from casino.wallet.ledger import balance_of, house_account, player_account, post
from tests.conftest import assert_ledger_balanced, wait_until
from tests.test_browser import CHROMIUM, CHROMIUM_ARGS, TIMEOUT_MS, join_and_sit, seconds_left

sync_api = pytest.importorskip("playwright.sync_api")


def open_browser(playwright, viewport=None):
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    context = browser.new_context(viewport=viewport or {"width": 1280, "height": 900})
    context.set_default_timeout(TIMEOUT_MS)
    return browser, context.new_page()


def lose_everything(nickname):
    """The player's chips go to the house, as after a bad run. In a thread
    of its own: Playwright's sync API runs an event loop in this one, where
    Django refuses database calls."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(_lose_everything, nickname).result()


def _lose_everything(nickname):
    player = Player.objects.get(nickname=nickname)
    with transaction.atomic():
        post(
            [(player_account(player), -balance_of(player)), (house_account(), balance_of(player))],
            kind="adjustment",
            memo="lost in a test",
        )
    return player


@pytest.mark.django_db(transaction=True)
def test_a_broke_player_tops_up_at_the_table(processes, make_table):
    table = make_table(name="Broke wheel", betting_seconds=30)
    processes.worker()
    base = "http://" + processes.daphne()
    wait_until(lambda: Table.objects.get(pk=table.pk).state, 40, "the worker to start the table")
    with sync_api.sync_playwright() as playwright:
        browser, page = open_browser(playwright)
        try:
            page.goto(base + "/")
            page.get_by_label("Nickname").fill("Ann")
            page.get_by_role("button", name="Play").click()
            page.get_by_text("Welcome, Ann!").wait_for()
            ann = lose_everything("Ann")
            page.goto(f"{base}/tables/{table.pk}/")
            page.locator("#connection", has_text="Live").wait_for()
            # The form as the websocket pushed it (rendered without a request).
            button = page.get_by_role("button", name="Top up to 10,000")
            button.wait_for()
            button.click()
            page.wait_for_url(re.compile(rf"/tables/{table.pk}/$"))
            page.get_by_text("Topped up: +10,000 chips.").wait_for()
            body = page.locator("body").inner_text()
        finally:
            browser.close()
    assert "CSRF" not in body and "Forbidden" not in body
    assert balance_of(ann) == 10_000 * 100
    assert_ledger_balanced()


@pytest.mark.django_db(transaction=True)
def test_number_keys_bet_after_clicking_a_chip(processes, make_table):
    table = make_table(name="Keys wheel", betting_seconds=20)
    processes.worker()
    base = "http://" + processes.daphne()
    wait_until(lambda: Table.objects.get(pk=table.pk).state, 40, "the worker to start the table")
    with sync_api.sync_playwright() as playwright:
        browser, page = open_browser(playwright)
        try:
            join_and_sit(page, base, "Ann", table)
            wait_until(lambda: seconds_left(page) > 5, 60, "a fresh betting window")
            chip = page.locator('#chip-picker label:has(input[value="5"])')
            chip.click()
            # The chip (a radio button) keeps the focus: the key must still bet.
            assert page.evaluate("document.activeElement.type") == "radio"
            page.keyboard.press("2")
            page.locator("#dc-me .my-bets", has_text="2 5").wait_for(timeout=10_000)
        finally:
            browser.close()
    assert_ledger_balanced()
