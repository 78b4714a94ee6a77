"""The result lines a player reads add up to the result they are told (issue
35, item 4), in a real browser (Debian's Chromium, driven by Playwright)
against a real Daphne and table worker: at a Three Card Poker table with the
Three-Card progressive meter linked, Ann's stacked three aces win the Ante,
the Play, the Ante Bonus and the progressive "for 1" on its collected chip.
Every line under her seat names its wager and shows its net, and those nets
sum to "You won …" above them, the progressive's included.

A plain (sync) test, like tests/test_browser.py."""

import random
import re

import pytest

from casino.progressives import api
from casino.progressives.models import Meter, TableLink
from casino.tables import registry
from casino.tables.models import Table
from casino.tables.runtime import fresh_snapshot
from games.cards.cards import standard_deck
from games.three_card_poker import rules
from tests.conftest import session_cookie, wait_until
from tests.poker_browser import CLOCKS, TIMEOUT_MS, seconds_left
from tests.test_browser import CHROMIUM, CHROMIUM_ARGS
from tests.test_browser_meters import seated_pages
from tests.test_result_lines import LINE, net_of

sync_api = pytest.importorskip("playwright.sync_api")

# Ann: three aces; the dealer: Q-6-4, which qualifies and loses to them.
STACK = "AS AH AD QC 6D 4S".split()
HEADER = re.compile(r"You (won|lost) ([\d,.]+)\.|You broke even\.")


def stacked_table():
    table = Table.objects.create(game="three_card_poker", name="Result lines", is_test=True, config=CLOCKS)
    meter = Meter.objects.create(name="Three-Card", kind="three_card", wager_dollars=1)
    TableLink.objects.create(meter=meter, table=table)
    api.open_meter(meter, rng=random.Random(1))
    snapshot = fresh_snapshot(registry.get("three_card_poker"))
    snapshot["game"]["stacked"] = STACK + [str(c) for c in standard_deck() if str(c) not in STACK]
    Table.objects.filter(pk=table.pk).update(state=snapshot)
    return table


@pytest.mark.django_db(transaction=True)
def test_the_lines_under_a_progressive_win_add_up_to_the_result_above_them(processes, make_player):
    table = stacked_table()
    ann = make_player("Ann")
    cookies = {"Ann": session_cookie(ann)}
    worker = processes.worker()
    base = "http://" + processes.daphne()
    wait_until(lambda: Table.objects.get(pk=table.pk).state.get("timer"), 20, "the worker to start the table")
    viewport = {"Ann": {"width": 1280, "height": 900}}
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            page = seated_pages(browser, base, table.pk, cookies, viewport, "#pk-me", TIMEOUT_MS)["Ann"]
            wait_until(lambda: seconds_left(page) > 3, 15, "a fresh betting window")
            page.locator('#chip-picker label:has(input[value="10"])').click()
            page.get_by_role("button", name="Bet on Ante").click()
            page.locator("#pk-seat-1 .area-ante", has_text="10").wait_for()
            page.locator(f'#pk-me button[data-area="{rules.THREE_CARD}"]').click()
            page.locator(f"#pk-seat-1 .area-{rules.THREE_CARD}").wait_for()
            page.locator("#pk-me button[data-action=play]").wait_for(timeout=15_000)
            page.keyboard.press("p")
            page.locator("#pk-me .my-result").wait_for(timeout=15_000)
            header = page.locator("#pk-me .my-result").inner_text()
            lines = page.locator("#pk-seat-1 .result-lines li").all_inner_texts()
            badge = page.locator("#pk-seat-1 .seat-result").inner_text()
            page.wait_for_function("() => window.__announced.some(a => a.includes('Three-Card progressive'))")
            announced = page.evaluate("window.__announced")
        finally:
            browser.close()
    processes.kill(worker, 15)
    found = HEADER.search(header)
    assert found, header
    said = 0 if found[1] is None else round(float(found[2].replace(",", "")) * 100)
    said = -said if found[1] == "lost" else said
    labels = tuple(area.label for area in rules.GAME.areas)
    assert all(line.startswith(labels) for line in lines), lines
    assert all(LINE.match(line) for line in lines), lines
    assert sum(net_of(line) for line in lines) == said, (header, lines)
    # The progressive's line nets its collected chip: 50 for 1 on 1 chip is +49, not +50.
    (progressive,) = [line for line in lines if line.startswith("Three-Card progressive")]
    odds = int(re.search(r"(\d+) for 1", progressive)[1])
    assert net_of(progressive) == (odds - 1) * 100, progressive
    # The badge and what screen readers hear say the same net.
    assert badge.split()[-1] == f"+{said // 100:,}", badge
    assert any(progressive in text and f"(Win +{said // 100:,})" in text for text in announced), announced
