"""A phone is a first-class table (issue 13): in Debian's Chromium at 390×844
against a real Daphne and table worker, the controls a player needs at each
moment are inside the viewport. A plain (sync) test, like tests/test_browser.py.

- Dreamcatcher, as the page opens: the countdown, the six betting areas and
  the chips, together, without scrolling.
- Spanish 21 and Player's Edge 21, on the player's turn, wherever the page
  is scrolled: the dealer's cards, the action clock and the decisions.
- Pai Gow Poker and Face Up Pai Gow, while the player sets the hand,
  wherever the page is scrolled: the setting clock, the seven cards in one
  row and the buttons, and at Face Up the dealer's set hands.
- Every poker game, on the player's decision, wherever the page is
  scrolled: the clock, the dealer's and community cards, the player's own
  cards and the decisions.
- Nothing a player needs is under the sticky strips, and the status line is
  never cut short.
- The lobby: nothing scrolls sideways, every control within the width.
"""

import os

import pytest

from casino.tables import registry as games
from casino.tables.models import Table
from tests.conftest import session_cookie, wait_until
from tests.test_browser import CHROMIUM, CHROMIUM_ARGS
from tests.test_browser_meters import seated_pages

sync_api = pytest.importorskip("playwright.sync_api")

PHONE = {"width": 390, "height": 844}
SHOTS = os.environ.get("PHONE_SHOTS")  # a folder: full-page screenshots, to look at

# Each selector's elements, with where they lie against the viewport.
OUTSIDE = """selectors => {
  const out = [];
  for (const selector of selectors) {
    const found = [...document.querySelectorAll(selector)];
    if (!found.length) { out.push(selector + ": not on the page"); continue; }
    for (const el of found) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) { out.push(selector + ": not shown"); continue; }
      if (r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5) {
        out.push(`${selector}: ${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)}`);
      }
    }
  }
  return out;
}"""


# Each selector's elements that something else covers (the sticky status or
# dealer strip over the player's own cards, say): what the page shows at a few
# points inside each must be the element itself or inside it.
COVERED = """selectors => {
  const out = [];
  for (const selector of selectors) {
    for (const el of document.querySelectorAll(selector)) {
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height) { continue; }
      for (const [fx, fy] of [[.5, .5], [.25, .3], [.75, .7]]) {
        const x = r.left + r.width * fx, y = r.top + r.height * fy;
        if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) { continue; }
        const hit = document.elementFromPoint(x, y);
        // Another of the same (a fanned card over the one before it) is no cover.
        if (hit && hit !== el && !el.contains(hit) && !hit.closest(selector)) {
          const by = hit.closest("[id]");
          out.push(`${selector}: covered by ${by ? "#" + by.id : hit.tagName} at ${Math.round(x)},${Math.round(y)}`);
          break;
        }
      }
    }
  }
  return out;
}"""

# A status line cut short (its text runs on past an ellipsis).
CUT = """() => [...document.querySelectorAll(".table-status .phase")]
  .filter(el => el.scrollWidth > el.clientWidth + 1).map(el => el.textContent.trim())"""


def outside(page, selectors):
    """What of ``selectors`` lies outside the viewport or under something else."""
    return page.evaluate(OUTSIDE, selectors) + page.evaluate(COVERED, selectors)


def status_cut(page):
    return page.evaluate(CUT)


def scroll_to(page, selector, block):
    page.locator(selector).first.evaluate(f"el => el.scrollIntoView({{block: '{block}'}})")
    page.wait_for_timeout(100)
    if SHOTS:  # what the phone shows there
        name = "".join(c if c.isalnum() else "-" for c in f"{page.title()}-{selector}-{block}")
        page.screenshot(path=f"{SHOTS}/view-{name}.png")


def start(processes, make_player, game, config):
    """A table of ``game`` run by a real worker and Daphne, and Ann's session
    cookie (before Playwright's loop starts: the database is not for it)."""
    table = Table.objects.create(game=game, name=f"Phone {game}", config=config, max_seats=6)
    cookie = session_cookie(make_player("Ann"))
    processes.worker()
    base = "http://" + processes.daphne()
    wait_until(lambda: Table.objects.get(pk=table.pk).state, 40, "the worker to start the table")
    return base, table.pk, cookie


def betting_again(page):
    """The round ended without this player's turn (a natural): betting is
    open again, with nothing on the seat."""
    open_again = page.locator("#bj-me button[data-area=main]:not([disabled])").count() > 0
    return open_again and not page.locator("#bj-seat-1 .area-main").count()


def phone_page(playwright, started, me):
    base, table_id, cookie = started
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    page = seated_pages(browser, base, table_id, {"Ann": cookie}, {"Ann": PHONE}, me, 20_000)["Ann"]
    return browser, page


@pytest.mark.django_db(transaction=True)
def test_dreamcatcher_timer_spots_and_chips_in_one_view(processes, make_player):
    started = start(processes, make_player, "dreamcatcher", {"betting_seconds": 60})
    with sync_api.sync_playwright() as playwright:
        browser, page = phone_page(playwright, started, "#dc-me")
        try:
            page.reload()  # as a player opens it, seated
            page.locator("#dc-status .countdown").wait_for()
            page.wait_for_timeout(300)
            assert page.evaluate("scrollY") == 0
            if SHOTS:
                page.screenshot(path=f"{SHOTS}/dc.png", full_page=True)
            assert outside(page, ["#dc-status .countdown", "#dc-layout .spot", "#chip-picker .chip"]) == []
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        finally:
            browser.close()


BLACKJACK = {"betting_seconds": 4, "deal_seconds": 0, "insurance_seconds": 60, "action_seconds": 120}


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("game", ["spanish21", "players_edge21", "down_under_blackjack"])
def test_blackjack_dealer_and_clock_stay_in_view_on_your_turn(processes, make_player, game):
    started = start(processes, make_player, game, BLACKJACK)
    with sync_api.sync_playwright() as playwright:
        browser, page = phone_page(playwright, started, "#bj-me")
        try:
            insurance = page.get_by_role("button", name="No insurance")
            turn = page.locator("#bj-me .my-turn")
            for _ in range(4):  # a natural on either side ends the round before a turn
                page.locator("#bj-me button[data-area=main]:not([disabled])").click(timeout=30_000)
                page.locator("#bj-seat-1 .area-main").wait_for()
                wait_until(lambda: insurance.count() or turn.count() or betting_again(page), 30, "the deal")
                if insurance.count():
                    insurance.click()
                # The turn, or betting open again after a natural (not a fixed wait for a turn).
                wait_until(lambda: turn.count() or betting_again(page), 30, "a turn or the next round")
                if turn.count():
                    break
            turn.wait_for()
            if SHOTS:
                page.screenshot(path=f"{SHOTS}/{game}.png", full_page=True)
            needed = ["#bj-dealer .cards .card-svg", "#bj-status .countdown", "#bj-me .my-turn .act"]
            for selector, block in (("body", "start"), ("#bj-seat-1", "center"), ("#bj-log", "end")):
                scroll_to(page, selector, block)
                assert outside(page, needed) == [], f"scrolled to {selector}"
            # The player's own cards, uncovered, with the dealer's and the decisions.
            scroll_to(page, "#bj-seat-1", "center")
            assert outside(page, [*needed, "#bj-seat-1 .hand .card-svg"]) == []
            assert status_cut(page) == []
        finally:
            browser.close()


PAI_GOW = {
    "betting_seconds": 4,
    "shake_seconds": 1,
    "roll_seconds": 5,
    "set_seconds": 120,
    "progressive": 0,
    "mystery": 0,
}


FACE_UP = {"betting_seconds": 4, "set_seconds": 120, "fortune": 0, "progressive": 0, "mystery": 0}
PAI_GOW_GAMES = {"pai_gow": PAI_GOW, "face_up_pai_gow": FACE_UP}


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("game", sorted(PAI_GOW_GAMES))
def test_pai_gow_clock_hand_and_dealer_stay_in_view_while_setting(processes, make_player, game):
    """The seven cards in one row, the buttons and the clock, and at Face Up
    Pai Gow the dealer's set hands the player sets against."""
    started = start(processes, make_player, game, PAI_GOW_GAMES[game])
    with sync_api.sync_playwright() as playwright:
        browser, page = phone_page(playwright, started, "#pg-me")
        try:
            page.locator("#pg-me button[data-area=main]").click()
            page.locator("#pg-seat-1 .area-main").wait_for()
            page.locator("#pg-me .pg-setting").wait_for(timeout=30_000)
            if SHOTS:
                page.screenshot(path=f"{SHOTS}/{game}.png", full_page=True)
            needed = ["#pg-status .countdown", "#pg-me .pg-pick", "#pg-me .pg-house-way"]
            if game == "face_up_pai_gow":
                needed.append("#pg-dealer .card-svg")
                # The dealer's cards are turned one by one: look once they all are.
                page.wait_for_function(
                    "() => document.getAnimations().every(a => a.playState !== 'running')", timeout=10_000
                )
            rows = page.evaluate(
                "() => new Set([...document.querySelectorAll('#pg-me .pg-pick')]"
                ".map(el => Math.round(el.getBoundingClientRect().top))).size"
            )
            assert rows == 1, f"the seven cards wrap to {rows} rows"
            for selector, block in (("body", "start"), ("#pg-dealer", "center"), ("#pg-log", "end")):
                scroll_to(page, selector, block)
                assert outside(page, needed) == [], f"scrolled to {selector}"
            assert status_cut(page) == []
        finally:
            browser.close()


POKER = {"betting_seconds": 4, "deal_seconds": 0, "decision_seconds": 120}
# Every poker game: they share the poker templates, each with its own layout.
POKER_GAMES = sorted(spec.slug for spec in games.all_games() if spec.page_template.startswith("poker/"))


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("game", POKER_GAMES)
def test_poker_dealer_clock_and_decisions_stay_in_view_on_your_turn(processes, make_player, game):
    started = start(processes, make_player, game, POKER)
    with sync_api.sync_playwright() as playwright:
        browser, page = phone_page(playwright, started, "#pk-me")
        try:
            button = page.locator("#pk-me button.bet").first  # the game's first wager
            area = button.get_attribute("data-area")
            button.click()
            page.locator(f"#pk-seat-1 .area-{area}").wait_for()
            page.locator("#pk-me .actions button[data-action]").first.wait_for(timeout=30_000)
            if SHOTS:
                page.screenshot(path=f"{SHOTS}/{game}.png", full_page=True)
            # The dealer's cards, face up or down, wherever the game deals them.
            dealer = ["#pk-dealer .card-svg"] if page.locator("#pk-dealer .card-svg").count() else []
            board = ["#pk-board .card-svg"] if page.locator("#pk-board .card-svg").count() else []
            needed = [
                "#pk-status .countdown",
                "#pk-me .actions",
                "#pk-me .pk-my-hand .card-svg",
                *dealer,
                *board,
            ]
            for selector, block in (("body", "start"), ("#pk-layout", "center"), ("#pk-log", "end")):
                scroll_to(page, selector, block)
                assert outside(page, needed) == [], f"{game}, scrolled to {selector}"
            assert status_cut(page) == [], game
            widths = page.evaluate("() => [document.scrollingElement.scrollWidth, innerWidth]")
            assert widths[0] <= widths[1], f"{game} scrolls sideways: {widths}"
        finally:
            browser.close()


@pytest.mark.django_db(transaction=True)
def test_the_lobby_fits_a_phone(processes, make_player):
    """The lobby at 390×844: nothing scrolls sideways, and each table's row
    with its Join button fits the width."""
    for game in ("dreamcatcher", "spanish21", "three_card_poker"):
        Table.objects.create(game=game, name=f"Phone lobby {game}", max_seats=6)
    cookie = session_cookie(make_player("Ann"))
    base = "http://" + processes.daphne()
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            context = browser.new_context(viewport=PHONE)
            context.add_cookies([{"name": "sessionid", "value": cookie, "url": base}])
            page = context.new_page()
            page.goto(base + "/")
            page.get_by_text("Phone lobby three_card_poker").first.wait_for()
            if SHOTS:
                page.screenshot(path=f"{SHOTS}/lobby.png", full_page=True)
            widths = page.evaluate("() => [document.scrollingElement.scrollWidth, innerWidth]")
            assert widths[0] <= widths[1], f"the lobby scrolls sideways: {widths}"
            joins = page.locator("a, button", has_text="Join")
            assert joins.count() >= 3
            wide = page.evaluate(
                """() => [...document.querySelectorAll("main a, main button, main input")]
                    .filter(el => el.getClientRects().length)
                    .map(el => el.getBoundingClientRect())
                    .filter(r => r.left < 0 || r.right > innerWidth + 0.5).length"""
            )
            assert wide == 0, f"{wide} controls lie outside the width"
        finally:
            browser.close()
