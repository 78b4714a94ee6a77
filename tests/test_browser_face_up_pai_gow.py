"""Two players and a spectator in real browsers (Debian's Chromium, driven by
Playwright) at one Face Up Pai Gow test table served by a real Daphne and
table worker, with a stacked deck: the dealer's hands come face up to all
three before anyone sets; Ann, on a desktop, takes the "Best against this
dealer" hint (two pair kept together, which wins where the house way would
push); Bob, on a phone, asks for the house way and loses. All three see the
same table and results; the balances are right; the phone does not scroll
sideways.

A plain (sync) test, like tests/test_browser_pai_gow.py."""

import re
import signal
import time

import pytest

from casino.tables import registry
from casino.tables.models import Table
from casino.tables.runtime import fresh_snapshot
from casino.wallet.ledger import balance_of
from games.face_up_pai_gow import rules
from tests.conftest import assert_ledger_balanced, session_cookie, wait_until
from tests.test_browser import CHROMIUM, CHROMIUM_ARGS
from tests.test_browser_axe import AXE, violations
from tests.test_browser_meters import RECORDER, seated_pages
from tests.test_browser_pai_gow import TABLE_JS, seconds_left
from tests.test_face_up_pai_gow_rules import ANN_TWO_PAIR, BOB_TENS, QUEENS_DEALER
from tests.test_face_up_pai_gow_table import _names

sync_api = pytest.importorskip("playwright.sync_api")

START = 10_000_000  # test chips
PLAYERS = {"Ann": {"width": 1280, "height": 900}, "Bob": {"width": 390, "height": 844}}
TIMEOUT_MS = 20_000
DEALER = ["Dealer's high hand: Q♣ Q♦ 6♣ 4♥ 2♦, Pair of queens", "Dealer's low hand: K♥ J♠, K-J high"]


def make_table(*invited):
    table = Table.objects.create(
        game="face_up_pai_gow",
        name="Face Up browser table",
        is_test=True,
        max_seats=6,
        config={"betting_seconds": 6, "deal_seconds": 1, "set_seconds": 90, "result_seconds": 60, "progressive": 0,
                "mystery": 0},
    )  # fmt: skip
    table.invited.add(*invited)  # a test table: for the players a designer invites
    snapshot = fresh_snapshot(registry.get("face_up_pai_gow"))
    state = rules.stack(
        rules.State.from_json(snapshot["game"]),
        table.rules_config(),
        f"first dealer; {QUEENS_DEALER} {ANN_TWO_PAIR} {BOB_TENS}",
    )
    snapshot["game"] = state.to_json()
    Table.objects.filter(pk=table.pk).update(state=snapshot)
    return table


@pytest.mark.django_db(transaction=True)
def test_two_players_and_a_spectator_play_a_face_up_round(processes, make_player):
    started = time.monotonic()
    players = {name: make_player(name) for name in (*PLAYERS, "Spy")}
    table = make_table(*players.values())
    cookies = {name: session_cookie(player) for name, player in players.items()}
    worker = processes.worker()
    base = "http://" + processes.daphne()
    wait_until(lambda: Table.objects.get(pk=table.pk).state.get("timer"), 20, "the worker to start the table")

    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            pages = seated_pages(browser, base, table.pk, cookies, PLAYERS, "#pg-me", TIMEOUT_MS)
            ann, bob = pages["Ann"], pages["Bob"]
            context = browser.new_context(viewport={"width": 1024, "height": 800})
            context.set_default_timeout(TIMEOUT_MS)
            context.add_init_script(RECORDER)
            context.add_cookies([{"name": "sessionid", "value": cookies["Spy"], "url": base}])
            spy = context.new_page()
            spy.goto(f"{base}/tables/{table.pk}/")
            spy.locator("#pg-status").wait_for()
            viewers = {"Ann": ann, "Bob": bob, "Spy": spy}

            wait_until(lambda: seconds_left(ann) > 3, 15, "a fresh betting window")
            for page in (ann, bob):
                page.locator('#chip-picker label:has(input[value="10"])').click()
                page.get_by_role("button", name="Bet on Face Up Pai Gow").click()
            for seat in (1, 2):
                spy.locator(f"#pg-seat-{seat} .area-main", has_text="10").wait_for()

            # The deal: the dealer's hands face up to all three; each player sees only their own cards.
            for page in viewers.values():
                page.locator("#pg-status", has_text="Set your hands").wait_for(timeout=15_000)
                assert (
                    page.locator("#pg-dealer .hand").evaluate_all("hs => hs.map(h => h.ariaLabel)") == DEALER
                )
            for name, page in viewers.items():
                html = page.content()
                for seat_name, hand in (("Ann", ANN_TWO_PAIR), ("Bob", BOB_TENS)):
                    for card_name in _names(hand):
                        assert (f'aria-label="{card_name}"' in html) == (name == seat_name), (name, card_name)
            me = ann.locator("#pg-me")
            me.locator(".pg-hint-house-way", has_text="pushes").wait_for()
            assert "Two pair, jacks and 7s" in me.locator(".pg-hint-best").inner_text()
            # axe-core (make axe) on the setting panel with the dealer's hands and both hints shown.
            accessibility = {"setting": violations(ann), "phone": violations(bob)} if AXE.exists() else {}
            me.get_by_role("button", name="Set it so").click()
            me.locator(".pg-my-set", has_text="Two pair, jacks and 7s").wait_for()
            spy.locator("#pg-seat-1", has_text="Hand set").wait_for()
            bob.locator("#pg-me .pg-house-way").click()

            seen = {}
            for name, page in viewers.items():
                page.locator("#pg-status", has_text="Dealer: Pair of queens / K-J high").wait_for()
                seen[name] = page.evaluate(TABLE_JS)
            ann.locator("#pg-me .my-result", has_text="You won 10.").wait_for()
            bob.locator("#pg-me .my-result", has_text="You lost 10.").wait_for()
            spy.wait_for_function(
                "() => window.__announced.some(a => a.startsWith('Dealer: Pair of queens'))"
            )
            announced = [
                text for text in spy.evaluate("window.__announced") if text.startswith("Dealer: Pair")
            ]
            widths = bob.evaluate("() => [document.scrollingElement.scrollWidth, window.innerWidth]")
        finally:
            browser.close()

    processes.kill(worker, signal.SIGTERM)
    assert widths[0] <= widths[1], f"horizontal scroll at 390 px: {widths}"
    assert all(not found for found in accessibility.values()), accessibility
    assert seen["Ann"] == seen["Bob"] == seen["Spy"]
    shown = seen["Spy"]
    assert shown["dealer"] == DEALER
    assert shown["hands"] == [
        "High hand: J♣ K♣ 7♥ J♥ 7♠, Two pair, jacks and 7s",
        "Low hand: 9♠ A♠, A-9 high",
        "High hand: 10♥ 10♠ 5♠ 3♦ 2♥, Pair of 10s",
        "Low hand: 8♦ 7♣, 8-7 high",
    ]
    assert shown["results"] == ["Win +10", "Lose −10"] and shown["lines"] == [
        "Face Up Pai Gow, both hands win: +10",
        "Face Up Pai Gow, the dealer wins: −10",
    ]
    ann_won = r"Ann: Face Up Pai Gow, both hands win: \+10 \(Win \+10\)\. "
    assert re.search(ann_won + r"Bob: Face Up Pai Gow, the dealer wins: −10", announced[-1])
    assert balance_of(players["Ann"], test=True) == START + 1_000
    assert balance_of(players["Bob"], test=True) == START - 1_000
    assert_ledger_balanced()
    assert time.monotonic() - started < 60, "the test took too long"
