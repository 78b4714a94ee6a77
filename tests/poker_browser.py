"""The Chromium round every poker game on games/poker plays: two players (Bob
on a phone) and a spectator at one test table, served by a real Daphne and
table worker, with a stacked deck. Each bets 10 on the Ante (Ann her side
wagers too), each sees only their own cards (everyone the dealer's face-up
card, if the game deals one) until the dealer's are turned, Ann decides by her
key and Bob by a click; then all three browsers show the same table, the
balances and the round log are right, screen readers hear the result, the
phone has no horizontal scroll, axe-core finds no serious violation and the
ledger sums to zero.

A new poker game's test describes its round as a ``BrowserRound`` and plays
it; everything the game says differently is a field::

    from tests.poker_browser import START, BrowserRound, play_browser_round

    ROUND = BrowserRound(game="let_it_ride", ...)

    @pytest.mark.django_db(transaction=True)
    def test_two_players_and_a_spectator_play_a_round_of_let_it_ride(processes, make_player):
        play_browser_round(ROUND, processes, make_player)

A plain (sync) test, like tests/test_browser.py."""

import re
import signal
import time
from dataclasses import dataclass

import pytest

from casino.tables import registry
from casino.tables.models import Round, Table
from casino.tables.runtime import fresh_snapshot
from casino.wallet.ledger import balance_of
from games.cards.cards import card, standard_deck
from games.engine import format_chips
from tests.conftest import assert_ledger_balanced, session_cookie, wait_until
from tests.test_browser import CHROMIUM, CHROMIUM_ARGS
from tests.test_browser_axe import AXE, violations
from tests.test_browser_meters import RECORDER, seated_pages

sync_api = pytest.importorskip("playwright.sync_api")

START = 10_000_000  # test chips: a test table never touches the wallet
WALLET = 1_000_000
PLAYERS = {"Ann": {"width": 1280, "height": 900}, "Bob": {"width": 375, "height": 740}}
TIMEOUT_MS = 20_000
# The clocks of the browser round: a short betting window, decisions and the result that wait for the test.
CLOCKS = {"betting_seconds": 6, "deal_seconds": 0, "decision_seconds": 60, "result_seconds": 60, "mystery": 0}

TABLE_JS = """() => ({
  dealer: document.querySelector('#pk-dealer .cards')?.getAttribute('aria-label') ?? null,
  board: document.querySelector('#pk-board .cards')?.getAttribute('aria-label') ?? null,
  hands: [...document.querySelectorAll('[id^=pk-seat-] .cards')].map(h => h.getAttribute('aria-label')),
  results: [...document.querySelectorAll('[id^=pk-seat-] .seat-result')].map(r => r.textContent.trim()),
  lines: [...document.querySelectorAll('[id^=pk-seat-] .result-lines li')].map(r => r.textContent.trim()),
  status: document.querySelector('#pk-status .phase').textContent.trim(),
})"""


@dataclass(frozen=True)
class BrowserRound:
    """What one poker game's browser round deals, does and must show."""

    game: str  # the registry slug
    name: str  # the table's name
    config: dict  # the Rules Submission beyond CLOCKS (the game's progressives off)
    hands: dict  # 1 (Ann), 2 (Bob), "dealer": the cards each is dealt face down, in deck order
    expected: dict  # test chips Ann and Bob hold at the end
    ann_hand: str  # the hand name Ann's own panel shows at her decision
    ann_key: str  # the key Ann presses to decide
    bob_button: str  # the start of the name of the button Bob clicks
    dealer_status: str  # what the status line says once the dealer's cards are turned
    announced: str  # how the announcement of the result starts
    announced_parts: tuple  # what that announcement must also say
    dealer: str | None  # the dealer's cards as the table labels them at the end (None: no dealer hand)
    shown_hands: list  # each seat's cards as the table labels them at the end
    results: list  # each seat's result badge
    lines: list  # the settlement lines under the seats, seat by seat
    log: tuple  # lines the round's log holds
    log_in_order: tuple = ()  # lines the round's log holds in this order (settlement order rules)
    up: str = ""  # the dealer's face-up card, dealt after the hands: everyone sees it
    max_seats: int = 6
    side_bets: tuple = ()  # (button label, area) of Ann's other wagers of 10
    with_ante: tuple = ()  # areas the Ante button places with it, at its amount
    decide: str = "play"  # the data-action of the decision button
    ann_status: str = "Play"  # what Ann's seat says once she has decided
    keys: dict | None = None  # name -> the keys of the decision buttons that player sees, one each
    # The streets after the first (Mississippi Stud's 4th and 5th): (Ann's key, the start of
    # the name of Bob's button, what Ann's seat says once she has decided), one each.
    later_streets: tuple = ()
    board: str | None = None  # the board's cards as the table labels them at the end

    def deck(self):
        front = f"{self.hands[1]} {self.hands[2]} {self.hands['dealer']} {self.up}".split()
        return front + [str(c) for c in standard_deck() if str(c) not in front]


def names(hand):
    return [card(item).name for item in hand.split()]


def make_table(game_round):
    table = Table.objects.create(
        game=game_round.game,
        name=game_round.name,
        is_test=True,
        max_seats=game_round.max_seats,
        config={**CLOCKS, **game_round.config},
    )
    snapshot = fresh_snapshot(registry.get(game_round.game))
    snapshot["game"]["stacked"] = game_round.deck()
    Table.objects.filter(pk=table.pk).update(state=snapshot)
    return table


def seconds_left(page):
    return page.evaluate(
        """() => {
          const el = document.querySelector('#pk-status.phase-betting [data-deadline-ms]');
          return el ? (Number(el.dataset.deadlineMs) - Date.now()) / 1000 : 0;
        }"""
    )


def spectator_page(browser, base, table_id, cookie):
    context = browser.new_context(viewport={"width": 1024, "height": 800})
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(RECORDER)
    context.add_cookies([{"name": "sessionid", "value": cookie, "url": base}])
    spy = context.new_page()
    spy.goto(f"{base}/tables/{table_id}/")
    spy.locator("#pk-me", has_text="You are watching").wait_for()
    return spy


def place_bets(game_round, ann, bob, spy):
    for page in (ann, bob):
        page.locator('#chip-picker label:has(input[value="10"])').click()
        page.get_by_role("button", name="Bet on Ante").click()
    ann.locator("#pk-seat-1 .area-ante", has_text="10").wait_for()
    for area in game_round.with_ante:
        for seat in (1, 2):
            spy.locator(f"#pk-seat-{seat} .area-{area}", has_text="10").wait_for()
    for label, area in game_round.side_bets:
        ann.get_by_role("button", name=f"Bet on {label}").click()
        spy.locator(f"#pk-seat-1 .area-{area}", has_text="10").wait_for()
    spy.locator("#pk-seat-1 .area-ante", has_text="10").wait_for()
    spy.locator("#pk-seat-2 .area-ante", has_text="10").wait_for()
    assert seconds_left(ann) > 0, "the bets missed the betting window"


def assert_each_sees_only_their_own_cards(game_round, views):
    """The deal: each player's html holds their own cards and nobody else's,
    the spectator's no hand; everyone's the dealer's face-up card."""
    for name, page, mine in (("Ann", views["Ann"], 1), ("Bob", views["Bob"], 2), ("Spy", views["Spy"], None)):
        if mine is not None:
            # Each browser takes the deal's update in its own time: on a busy
            # CI machine the spectator and Ann had it while Bob's page did not yet.
            own = names(game_round.hands[mine])[0]
            page.wait_for_function("name => document.documentElement.outerHTML.includes(name)", arg=own)
        html = page.content()
        for hand in game_round.hands:
            for card_name in names(game_round.hands[hand]):
                assert (card_name in html) == (hand == mine), (name, card_name)
        if game_round.up:
            assert card(game_round.up).name in html, name


def assert_keys(page, keys):
    assert [page.locator(f"#pk-me button[data-key='{key}']").count() for key in keys] == [1] * len(keys)


def play_decisions(game_round, ann, bob, spy):
    """Ann decides by her key, Bob by a click; returns the axe-core findings at Ann's decision."""
    keys = game_round.keys or {}
    button = f"#pk-me button[data-action={game_round.decide}]"
    spy.locator("#pk-status", has_text="Ann to decide (seat 1)").wait_for(timeout=15_000)
    ann.locator(button).first.wait_for()
    assert bob.locator("#pk-me .actions button").count() == 0, "Bob has decision buttons on Ann's turn"
    assert_each_sees_only_their_own_cards(game_round, {"Ann": ann, "Bob": bob, "Spy": spy})
    assert game_round.ann_hand in ann.locator("#pk-me").inner_text()
    assert_keys(ann, keys.get("Ann", ""))
    findings = violations(ann) if AXE.exists() else []
    ann.keyboard.press(game_round.ann_key)
    bob.locator(button).first.wait_for()
    spy.locator("#pk-seat-1 .hand-status", has_text=game_round.ann_status).wait_for()
    assert_keys(bob, keys.get("Bob", ""))
    bob.get_by_role("button", name=re.compile("^" + re.escape(game_round.bob_button))).click()
    for street, (ann_key, bob_button, ann_status) in enumerate(game_round.later_streets, start=1):
        # Each street's buttons, told apart by their decision's key ("round:street:seat").
        ann.locator(f"#pk-me [data-decide$=':{street}:1'] button").first.wait_for()
        ann.keyboard.press(ann_key)
        spy.locator("#pk-seat-1 .hand-status", has_text=ann_status).wait_for()
        bob.locator(f"#pk-me [data-decide$=':{street}:2'] button").first.wait_for()
        bob.get_by_role("button", name=re.compile("^" + re.escape(bob_button))).click()
    return findings


def play_browser_round(game_round, processes, make_player):
    started = time.monotonic()
    table = make_table(game_round)
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
            place_bets(game_round, ann, bob, spy)
            accessibility = {"deciding": play_decisions(game_round, ann, bob, spy)}

            seen = {}
            for name, page in views.items():
                page.locator("#pk-status", has_text=game_round.dealer_status).wait_for()
                seen[name] = page.evaluate(TABLE_JS)
                if name != "Spy":
                    page.locator("#pk-me .my-result").wait_for()
                    seen[name]["balance"] = page.locator("#pk-me .my-balance").inner_text()
                    seen[name]["nav_balance"] = page.locator("#nav-balance").inner_text()
            if AXE.exists():  # axe-core (make axe): no serious violation, mid-round or at the result
                accessibility.update(result=violations(spy), phone=violations(bob))
            spy.wait_for_function(
                "prefix => window.__announced.some(a => a.startsWith(prefix))", arg=game_round.announced
            )
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
    assert shown["dealer"] == game_round.dealer
    assert shown["board"] == game_round.board, shown["board"]
    assert shown["hands"] == game_round.shown_hands
    assert shown["results"] == game_round.results
    assert shown["lines"] == game_round.lines
    result = [text for text in announced if text.startswith(game_round.announced)]
    assert all(part in result[-1] for part in game_round.announced_parts), result[-1]
    for name in PLAYERS:
        assert balance_of(players[name], test=True) == game_round.expected[name], name
        assert seen[name]["balance"] == format_chips(game_round.expected[name]), name
        assert balance_of(players[name]) == WALLET and seen[name]["nav_balance"] == format_chips(WALLET), name
    log = Round.objects.get(table=table, number=number).log
    for line in (*game_round.log, *game_round.log_in_order):
        assert line in log, line
    places = [log.index(line) for line in game_round.log_in_order]
    assert places == sorted(places), f"the log is out of order: {game_round.log_in_order}"
    assert_ledger_balanced()
    assert time.monotonic() - started < 90, "the test took too long"
