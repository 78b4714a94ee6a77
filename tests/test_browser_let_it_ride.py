"""Two players and a spectator in real browsers (Debian's Chromium, driven by
Playwright) at one Let It Ride Poker table served by a real Daphne and table
worker, with a stacked deck: both place the three bets with one button (Ann
the Three Card Bonus too); at the first decision Ann lets Bet 1 ride by its
key and Bob, on a phone, pulls it back by a click; the first community card
is turned up for all; at the second both pull back Bet 2 (Bob has pulled
back both wagers, his $ bet alone rides); each sees only their own three
cards and nobody the community cards before their turn; all three browsers
show the same table at the end; the balances are right; screen readers hear
the result; the phone has no horizontal scroll; axe-core finds no serious
violation; the ledger sums to zero.

The shared flow of tests/poker_browser.py plays one decision against a
dealer's hand; Let It Ride has two decisions and no dealer, so this test
plays its own round on that module's pieces (the table, the pages, the clocks)."""

import re
import signal
import time

import pytest

from casino.tables import registry
from casino.tables.models import Round, Table
from casino.tables.runtime import fresh_snapshot
from casino.wallet.ledger import balance_of
from games.cards.cards import standard_deck
from games.engine import format_chips
from tests.conftest import assert_ledger_balanced, session_cookie, wait_until
from tests.poker_browser import (
    CLOCKS,
    PLAYERS,
    START,
    TIMEOUT_MS,
    WALLET,
    names,
    seconds_left,
    spectator_page,
)
from tests.test_browser import CHROMIUM, CHROMIUM_ARGS
from tests.test_browser_axe import AXE, violations
from tests.test_browser_meters import seated_pages

sync_api = pytest.importorskip("playwright.sync_api")

# Ann: a pair of 10s; Bob: a pair of 9s; the community cards 9♠ then K♦ (Bob's three 9s).
HANDS = {"Ann": "TS TH 4D", "Bob": "9C 9D 2H"}
BOARD = "9S KD"
TABLE_JS = """() => ({
  board: document.querySelector('#pk-board .cards').getAttribute('aria-label'),
  hands: [...document.querySelectorAll('[id^=pk-seat-] .cards')].map(h => h.getAttribute('aria-label')),
  results: [...document.querySelectorAll('[id^=pk-seat-] .seat-result')].map(r => r.textContent.trim()),
  lines: [...document.querySelectorAll('[id^=pk-seat-] .result-lines li')].map(r => r.textContent.trim()),
  dealer: document.querySelectorAll('#pk-dealer').length,
})"""


def make_table():
    table = Table.objects.create(
        game="let_it_ride",
        name="Let It Ride browser table",
        is_test=True,
        max_seats=7,
        # Three clicks to place before the window closes on a loaded machine: a little longer than CLOCKS'.
        config={**CLOCKS, "betting_seconds": 9, "three_card_progressive": 0, "five_card_progressive": 0},
    )
    front = f"{HANDS['Ann']} {HANDS['Bob']} {BOARD}".split()
    snapshot = fresh_snapshot(registry.get("let_it_ride"))
    snapshot["game"]["stacked"] = front + [str(c) for c in standard_deck() if str(c) not in front]
    Table.objects.filter(pk=table.pk).update(state=snapshot)
    return table


def assert_only_own_cards(views, board_up=""):
    """Each player's html holds their own cards and nobody else's, the spectator's
    none; the community cards nobody's until turned (``board_up``: those turned)."""
    for name, page in views.items():
        html = page.content()
        for owner, hand in HANDS.items():
            for card_name in names(hand):
                assert (card_name in html) == (owner == name), (name, card_name)
        for card_name in names(BOARD):
            assert (card_name in html) == (card_name in names(board_up)), (name, card_name)


@pytest.mark.django_db(transaction=True)
def test_two_players_and_a_spectator_play_a_round_of_let_it_ride(processes, make_player):
    started = time.monotonic()
    table = make_table()
    players = {name: make_player(name) for name in (*PLAYERS, "Spy")}
    cookies = {name: session_cookie(player) for name, player in players.items()}
    worker = processes.worker()
    base = "http://" + processes.daphne()
    wait_until(lambda: Table.objects.get(pk=table.pk).state.get("timer"), 20, "the worker to start the table")

    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            pages = seated_pages(browser, base, table.pk, cookies, PLAYERS, "#pk-me", TIMEOUT_MS)
            ann, bob = pages["Ann"], pages["Bob"]
            spy = spectator_page(browser, base, table.pk, cookies["Spy"])
            views = {"Ann": ann, "Bob": bob, "Spy": spy}

            wait_until(lambda: seconds_left(ann) > 3, 15, "a fresh betting window")
            number = int(re.search(r"\d+", ann.locator("#pk-status .round").inner_text()).group())
            for page in (ann, bob):
                page.locator('#chip-picker label:has(input[value="10"])').click()
                page.get_by_role("button", name="Bet on Bet 1 + Bet 2 + Bet $").click()
            ann.get_by_role("button", name="Bet on Three Card Bonus").click()
            spy.locator("#pk-seat-1 .area-three_card_bonus", has_text="10").wait_for()
            spy.locator("#pk-seat-2 .area-dollar", has_text="10").wait_for()
            assert seconds_left(ann) > 0, "the bets missed the betting window"

            # Decision 1: Ann lets Bet 1 ride by her key, Bob pulls it back by a click.
            spy.locator("#pk-status", has_text="Ann to decide (seat 1)").wait_for(timeout=15_000)
            ann.locator("#pk-me button[data-action=ride]").wait_for()
            assert bob.locator("#pk-me .actions button").count() == 0, "Bob has buttons on Ann's turn"
            assert_only_own_cards(views)
            assert "Pair of 10s" in ann.locator("#pk-me").inner_text()
            assert [ann.locator(f"#pk-me button[data-key='{key}']").count() for key in "WL"] == [1, 1]
            accessibility = {"deciding": violations(ann) if AXE.exists() else []}
            ann.keyboard.press("l")
            bob.get_by_role("button", name=re.compile("^Pull back Bet 1")).click()

            # Decision 2: the first community card is up for everyone; both pull back Bet 2.
            spy.locator("#pk-status", has_text="pull back bet 2").wait_for()
            ann.locator("#pk-me button[data-action=pull]", has_text="Bet 2").wait_for()
            assert_only_own_cards(views, board_up="9S")
            assert "Pair of 10s" in ann.locator("#pk-me").inner_text()
            ann.keyboard.press("w")
            bob.get_by_role("button", name=re.compile("^Pull back Bet 2")).click()

            seen = {}
            for name, page in views.items():
                page.locator("#pk-status", has_text="Round over").wait_for()
                seen[name] = page.evaluate(TABLE_JS)
                if name != "Spy":
                    page.locator("#pk-me .my-result").wait_for()
                    seen[name]["balance"] = page.locator("#pk-me .my-balance").inner_text()
                    seen[name]["nav_balance"] = page.locator("#nav-balance").inner_text()
            if AXE.exists():  # axe-core (make axe): no serious violation, mid-round or at the result
                accessibility.update(result=violations(spy), phone=violations(bob))
            spy.wait_for_function("() => window.__announced.some(a => a.startsWith('Round over'))")
            announced = spy.evaluate("window.__announced")
            widths = bob.evaluate("() => [document.scrollingElement.scrollWidth, window.innerWidth]")
        finally:
            browser.close()

    processes.kill(worker, signal.SIGTERM)
    assert widths[0] <= widths[1], f"horizontal scroll at 375 px: {widths}"
    assert all(not found for found in accessibility.values()), accessibility
    tables = [{key: value for key, value in view.items() if "balance" not in key} for view in seen.values()]
    assert tables[0] == tables[1] == tables[2], "the three browsers show different tables"
    shown = tables[0]
    assert shown["dealer"] == 0  # no dealer hand
    assert shown["board"] == "Board cards: 9♠ K♦"
    assert shown["hands"] == ["10♠ 10♥ 4♦, Pair of 10s", "9♣ 9♦ 2♥, Three of a kind, 9s"]
    assert shown["results"] == ["Win +30", "Win +30"]
    assert shown["lines"] == [
        "Bet 1, pair of 10s or better, 1 to 1: +10",
        "Bet $, pair of 10s or better, 1 to 1: +10",
        "Three Card Bonus, pair, 1 to 1: +10",
        "Bet $, three of a kind, 3 to 1: +30",
    ]
    result = [text for text in announced if text.startswith("Round over")]
    assert "Ann: Pair of 10s:" in result[-1] and "(Win +30)." in result[-1] and "Bob:" in result[-1]
    # Ann: Bet 1 and Bet $ 1 to 1, the Three Card Bonus 1 to 1; Bob: his $ bet 3 to 1.
    expected = {"Ann": START + 30 * 100, "Bob": START + 30 * 100}
    for name in PLAYERS:
        assert balance_of(players[name], test=True) == expected[name], name
        assert seen[name]["balance"] == format_chips(expected[name]), name
        assert balance_of(players[name]) == WALLET and seen[name]["nav_balance"] == format_chips(WALLET), name
    log = Round.objects.get(table=table, number=number).log
    for line in (
        "Ann lets it ride",
        "Bob takes back the Bet 1 wager",
        "Ann takes back the Bet 2 wager",
        "Bob takes back the Bet 2 wager",
    ):
        assert line in log, line
    assert_ledger_balanced()
    assert time.monotonic() - started < 90, "the test took too long"
