"""Two players and a spectator in real browsers (Debian's Chromium, driven by
Playwright) at one Down Under Blackjack table served by a real Daphne and
table worker, dealt from a stacked shoe: the reader lights yellow and the
golden rule turns the dealer's two Large cards face up before anyone plays,
one player hits by keyboard to a 21 that beats the exposed 20, the other
(on a phone) wins 10% of the game's own Match the Dealer meter. Every
browser shows the same table; the balances are right; screen readers hear
the result."""

import re
import signal
import time

import pytest

from casino.progressives.models import Meter, TableLink
from casino.tables import registry
from casino.tables.models import Round, Table
from casino.tables.runtime import fresh_snapshot
from casino.wallet.ledger import balance_of
from games.cards.shoe import Shoe
from games.engine import format_chips
from tests.conftest import assert_ledger_balanced, session_cookie, wait_until
from tests.test_browser import CHROMIUM, CHROMIUM_ARGS
from tests.test_browser_meters import RECORDER, seated_pages
from tests.test_browser_spanish21 import TABLE_JS, chip, my_turn, seconds_left

sync_api = pytest.importorskip("playwright.sync_api")

# Ann (seat 1) 10♠ 9♠ = 19; Cy (seat 2) K♥ K♥ against the K♥ up: two suited matches, 10% of the
# meter (§ 685c.1(i)). The hole card Q♣ is Large under a Large upcard: turned face up, 20.
# Ann hits 2♦ = 21 and wins; Cy's 20 pushes. Ann's Match the Dealer finds no king.
SHOE = "TS KH KH 9S KH QC 2D"
START = 10_000_000  # test chips
SEED = 100_000  # § 685c.1(j): a $1 meter seeds at $1,000
AWARD = (SEED + 15) // 10  # Cy's $1 adds 15%; 10% of the meter, rounded down to the cent
EXPECTED = {"Ann": START + 1_000 - 500, "Cy": START - 100 + AWARD}
PLAYERS = {"Ann": {"width": 1280, "height": 900}, "Cy": {"width": 390, "height": 844}}  # Cy: a phone
TIMEOUT_MS = 20_000


def make_table():
    table = Table.objects.create(
        game="down_under_blackjack",
        name="Down Under browser table",
        is_test=True,
        max_seats=6,
        config={"betting_seconds": 6, "deal_seconds": 1, "action_seconds": 30, "result_seconds": 60},
    )
    snapshot = fresh_snapshot(registry.get("down_under_blackjack"))
    snapshot["game"]["shoe"] = Shoe.stacked(SHOE).to_json()
    Table.objects.filter(pk=table.pk).update(state=snapshot)
    meter = Meter.objects.create(
        name="Down Under Match the Dealer $1", kind="down_under_match", wager_dollars=1
    )
    TableLink.objects.create(meter=meter, table=table)
    return table, meter


@pytest.mark.django_db(transaction=True)
def test_two_players_and_a_spectator_play_a_round_of_down_under_blackjack(processes, make_player):
    started = time.monotonic()
    table, meter = make_table()
    players = {name: make_player(name) for name in (*PLAYERS, "Spy")}
    table.invited.add(players["Spy"])
    cookies = {name: session_cookie(player) for name, player in players.items()}
    worker = processes.worker()
    base = "http://" + processes.daphne()
    wait_until(lambda: Table.objects.get(pk=table.pk).state.get("timer"), 20, "the worker to start the table")

    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            pages = seated_pages(browser, base, table.pk, cookies, PLAYERS, "#bj-me", TIMEOUT_MS)
            context = browser.new_context(viewport={"width": 1024, "height": 800})
            context.set_default_timeout(TIMEOUT_MS)
            context.add_init_script(RECORDER)
            context.add_cookies([{"name": "sessionid", "value": cookies["Spy"], "url": base}])
            spy = context.new_page()
            spy.goto(f"{base}/tables/{table.pk}/")
            spy.locator("#bj-me", has_text="You are watching").wait_for()
            ann, cy = pages["Ann"], pages["Cy"]

            wait_until(lambda: seconds_left(ann) > 4, 15, "a fresh betting window")
            number = int(re.search(r"\d+", ann.locator("#bj-status .round").inner_text()).group())
            for page in (ann, cy):
                chip(page, 10)
                page.get_by_role("button", name="Bet on Blackjack wager").click()
            chip(ann, 5)
            ann.get_by_role("button", name="Bet on Match the Dealer").click()
            cy.get_by_role("button", name="Match the Dealer progressive $1").click()
            spy.locator("#bj-seat-1 .area-match_the_dealer", has_text="5").wait_for()
            spy.locator("#bj-seat-2 .area-progressive", has_text="1").wait_for()
            assert seconds_left(ann) > 0, "the bets missed the betting window"

            # The deal: the reader lights yellow and the golden rule turns the Q♣ over, for everyone.
            for page in (ann, cy, spy):
                page.locator("#bj-status", has_text="Ann to play").wait_for(timeout=15_000)
                page.locator(
                    "#bj-dealer .reader-large", has_text="two Large cards: turned face up"
                ).wait_for()
                page.locator('#bj-dealer .card-svg[aria-label="queen of clubs"]').wait_for()
            cy.locator(f"#meter-{meter.pk}.lit").wait_for(timeout=5_000)  # the progressive's light
            me = my_turn(ann, "19")
            buttons = me.locator("button[data-action]").evaluate_all("bs => bs.map(b => b.dataset.action)")
            assert buttons == ["hit", "stand", "double"]  # no insurance, ever, and no surrender
            assert cy.locator("#bj-me button[data-action]").count() == 0
            ann.keyboard.press("h")  # 19 + 2 = 21: the hand stops
            me = my_turn(cy, "20")
            assert me.locator("button[data-action]").evaluate_all("bs => bs.map(b => b.dataset.action)") == [
                "hit", "stand", "double", "split",
            ]  # fmt: skip
            me.locator("button[data-action=stand]").click()
            seen = {}
            for name, page in (*pages.items(), ("Spy", spy)):
                page.locator("#bj-status", has_text="Dealer has 20").wait_for()
                page.locator("#bj-seat-2 .seat-result").wait_for()
                seen[name] = page.evaluate(TABLE_JS)
            for name, page in pages.items():
                page.locator("#bj-me .my-result").wait_for()
                seen[name]["balance"] = page.locator("#bj-me .my-balance").inner_text()
            cy.wait_for_function("() => window.__announced.some(a => a.startsWith('Dealer has 20.'))")
            announced = cy.evaluate("window.__announced")
            widths = cy.evaluate("() => [document.scrollingElement.scrollWidth, window.innerWidth]")
        finally:
            browser.close()

    processes.kill(worker, signal.SIGTERM)
    assert widths[0] <= widths[1], f"horizontal scroll on the phone: {widths}"
    tables = [{key: seen[name][key] for key in ("dealer", "hands", "results")} for name in seen]
    assert tables[0] == tables[1] == tables[2]  # every browser shows the same table
    shown = tables[0]
    assert shown["dealer"] == ["king of hearts", "queen of clubs"]
    assert shown["hands"] == ["Hand 1: 10♠ 9♠ 2♦, 21; wager 10", "Hand 1: K♥ K♥, 20, Stands; wager 10"]
    assert shown["results"] == ["Win +5", f"Win +{format_chips(EXPECTED['Cy'] - START)}"]
    cy_net = format_chips(EXPECTED["Cy"] - START)
    result = [text for text in announced if text.startswith("Dealer has 20.")]
    assert result[-1] == f"Dealer has 20. Ann wins 5. Cy wins {cy_net}."
    for name in PLAYERS:
        assert balance_of(players[name], test=True) == EXPECTED[name], name
        assert seen[name]["balance"] == format_chips(EXPECTED[name]), name
    log = Round.objects.get(table=table, number=number).log
    assert "The reader lights yellow: the hole card is Large." in log
    assert any("10% of the meter" in line for line in log if line.startswith("Seat 2:")), log
    assert "Seat 1: 21 wins, +10." in log and "Seat 2: 20 pushes." in log
    assert_ledger_balanced()
    assert time.monotonic() - started < 60, "the test took too long"
