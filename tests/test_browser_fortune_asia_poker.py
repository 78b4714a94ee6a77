"""Two players and a spectator in real browsers (Debian's Chromium, driven by
Playwright) at one Fortune Asia Poker test table served by a real Daphne and
table worker, with a stacked deck: Ann clicks her seven cards into the
Medium and Low hands, first in a broken order the panel refuses with the
order test's message, then in a legal one; Bob, on a phone, asks for the
house way; the spectator sees no card before the result. All three see the
same table; Ann wins two of three with her Low a copy, Bob's two copies go
to the dealer; the balances are right; screen readers hear the result;
axe-core finds no serious violation on the setting panel.

A plain (sync) test, like tests/test_browser.py."""

import re
import signal
import time

import pytest

from casino.tables import registry
from casino.tables.models import Round, Table
from casino.tables.runtime import fresh_snapshot
from casino.wallet.ledger import balance_of
from games.cards.cards import card
from games.engine import format_chips
from tests.conftest import assert_ledger_balanced, session_cookie, wait_until
from tests.test_browser import CHROMIUM, CHROMIUM_ARGS
from tests.test_browser_axe import violations
from tests.test_browser_meters import seated_pages
from tests.test_browser_six_card_fortune_pai_gow import TABLE_JS, seconds_left, spectator_page
from tests.test_fortune_asia_table import HANDS, stacked_deck

sync_api = pytest.importorskip("playwright.sync_api")

START = 10_000_000  # test chips: a test table never touches the wallet
WALLET = 1_000_000
# Ann: two pair kings and 5s and a pair of aces beat the dealer's 6s and 2s and queens; her 9
# copies the dealer's 9: two of three, 1 to 1. Bob: two copies and a lower Low: the dealer wins.
EXPECTED = {"Ann": START + 1_000, "Bob": START - 1_000}
PLAYERS = {"Ann": {"width": 1280, "height": 900}, "Bob": {"width": 390, "height": 844}}
TIMEOUT_MS = 20_000
DEALER = "Dealer: Two pair, 6s and 2s / Pair of queens / 9"


def make_table():
    table = Table.objects.create(
        game="fortune_asia_poker",
        name="Fortune Asia browser table",
        is_test=True,
        max_seats=6,
        config={
            "betting_seconds": 6,
            "deal_seconds": 1,
            "set_seconds": 60,
            "result_seconds": 60,
            "progressive": 0,
            "mystery": 0,
        },
    )
    snapshot = fresh_snapshot(registry.get("fortune_asia_poker"))
    snapshot["game"]["deck"] = stacked_deck()
    snapshot["game"]["count"] = 1  # the first seven cards to the dealer
    Table.objects.filter(pk=table.pk).update(state=snapshot)
    return table


def names(hand):
    return [card(item).name for item in hand.split()]


@pytest.mark.django_db(transaction=True)
def test_two_players_and_a_spectator_play_a_round_of_fortune_asia_poker(processes, make_player):
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
            pages = seated_pages(browser, base, table.pk, cookies, PLAYERS, "#pg-me", TIMEOUT_MS)
            ann, bob = pages["Ann"], pages["Bob"]
            spy = spectator_page(browser, base, table.pk, cookies["Spy"])
            views = {"Ann": ann, "Bob": bob, "Spy": spy}

            wait_until(lambda: seconds_left(ann) > 3, 15, "a fresh betting window")
            number = int(re.search(r"\d+", ann.locator("#pg-status .round").inner_text()).group())
            for page in pages.values():
                page.locator('#chip-picker label:has(input[value="10"])').click()
                page.get_by_role("button", name="Bet on Fortune Asia Poker").click()
            for seat in (1, 2):
                spy.locator(f"#pg-seat-{seat} .area-main", has_text="10").wait_for()
            assert seconds_left(ann) > 0, "the bets missed the betting window"

            # The deal: each player sees only their own seven cards, the spectator none.
            for page in pages.values():
                page.locator("#pg-me .pg-setting").wait_for(timeout=15_000)
            assert spy.locator("#pg-me .pg-setting").count() == 0
            for page, mine in ((ann, 1), (bob, 2), (spy, None)):
                html = page.content()
                for seat, hand in enumerate(HANDS):
                    for name in names(hand):
                        shown = f'aria-label="{name}"' in html
                        assert shown == (seat == mine), (name, mine)

            # Ann: K-K into the Medium and an ace into the Low is a broken order, refused by the panel.
            me = ann.locator("#pg-me")
            for text in ("KS", "KH", "AS"):
                me.locator(f'.pg-pick[data-card="{text}"]').click()
            assert me.locator(".pg-medium-name").inner_text() == "Pair of kings"
            foul = me.locator(".pg-foul")
            assert foul.is_visible() and "outranks your High hand (Pair of 5s)" in foul.inner_text()
            assert me.locator(".pg-submit").is_disabled()
            problems = violations(ann)  # axe-core on the three-hand panel, its refusal shown
            # Then A-A into the Medium (its hand chosen first) and the 9 into the Low.
            for target, text in (("medium", "AS"), ("medium", "AH"), ("low", "9S")):
                me.locator(f'.pg-target[data-target="{target}"]').click()
                me.locator(f'.pg-pick[data-card="{text}"]').click()
            assert me.locator(".pg-high-name").inner_text() == "Two pair, kings and 5s"
            assert me.locator(".pg-medium-name").inner_text() == "Pair of aces"
            assert me.locator(".pg-low-name").inner_text() == "9"
            assert foul.is_hidden()
            me.locator(".pg-submit").click()
            me.locator(".pg-my-set", has_text="Pair of aces").wait_for()
            bob.keyboard.press("a")  # the house way, by its letter key

            seen = {}
            for name, page in views.items():
                page.locator("#pg-status", has_text=DEALER).wait_for()
                seen[name] = page.evaluate(TABLE_JS)
                if name != "Spy":
                    page.locator("#pg-me .my-result").wait_for()
                    seen[name]["balance"] = page.locator("#pg-me .my-balance").inner_text()
            spy.wait_for_function(f"() => window.__announced.some(a => a.startsWith({DEALER!r}))")
            announced = spy.evaluate("window.__announced")
            widths = bob.evaluate("() => [document.scrollingElement.scrollWidth, window.innerWidth]")
        finally:
            browser.close()

    processes.kill(worker, signal.SIGTERM)
    assert widths[0] <= widths[1], f"horizontal scroll at 390 px: {widths}"
    assert problems == [], problems
    tables = [{key: value for key, value in view.items() if key != "balance"} for view in seen.values()]
    assert tables[0] == tables[1] == tables[2], "the three browsers show different tables"
    shown = tables[0]
    assert shown["lines"] == ["Fortune Asia Poker, a win: +10", "Fortune Asia Poker, the dealer wins: −10"]
    result = [text for text in announced if text.startswith(DEALER)]
    assert "Ann: Fortune Asia Poker, a win: +10" in result[-1], result[-1]
    for name in PLAYERS:
        assert balance_of(players[name], test=True) == EXPECTED[name], name
        assert seen[name]["balance"] == format_chips(EXPECTED[name]), name
        assert balance_of(players[name]) == WALLET, name
    log = Round.objects.get(table=table, number=number).log
    assert "Bob asks for the house way" in log
    assert any("low 9 copies the dealer's 9: wins +10" in line for line in log), log
    assert any("medium pair of queens copies the dealer's pair of queens" in line for line in log), log
    assert_ledger_balanced()
    assert time.monotonic() - started < 90, "the test took too long"
