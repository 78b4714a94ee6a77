"""No two players at a table look the same, and a bot is shown as one
wherever its name appears (issue 13, item 6): two "Zed" sit as "Zed" and
"Zed (2)", and "Bot Ada" as "Ada (bot)", in the seats, on the bets, in the
round log, and the lobby counts the bots it seats."""

import re

import pytest

from casino.accounts import names
from casino.accounts.models import Player, is_taken
from casino.tables.models import Table
from casino.wallet.ledger import open_wallet
from games.presenting import short_name
from tests.conftest import session_cookie, wait_until
from tests.test_browser import CHROMIUM, CHROMIUM_ARGS, TIMEOUT_MS, seconds_left

sync_api = pytest.importorskip("playwright.sync_api")


def test_look_alike_names_at_one_table_are_told_apart():
    assert names.distinct_name("Zed", ["Ann"]) == "Zed"
    assert names.distinct_name("Zed", ["zed"]) == "Zed (2)"
    assert names.distinct_name("ZED", [" Zed ", "Zed (2)"]) == "ZED (3)"
    assert names.distinct_name("AIice", ["Alice"]) == "AIice (2)"  # a capital I for the l
    assert names.distinct_name("Zed", ["Zed2"]) == "Zed"
    # "Zed (2)" would read as "Zed2" to the key: the next number then.
    assert names.distinct_name("Zed", ["Zed", "Zed2"]) == "Zed (3)"


@pytest.mark.django_db
def test_a_bot_is_shown_with_its_badge_and_nobody_else_can_carry_it():
    assert names.table_name("Bot Ada", is_bot=True) == "Ada (bot)"
    assert names.table_name("Bot Ada", is_bot=False) == "Bot Ada"
    assert names.is_bot_name("Ada (bot)") and not names.is_bot_name("Ada bot")
    # A nickname cannot hold the badge's parentheses, nor a bot's name.
    for nickname in ("Ada (bot)", "Bot Ada", "bot_ada", "B0t Ada"):
        assert is_taken(nickname) or not re.fullmatch(r"[\w][\w .'-]{0,23}", nickname), nickname


def test_a_short_label_keeps_what_tells_players_apart():
    assert short_name("Zed (2)") == "Zed (2)"
    assert short_name("Alexander the Great (2)") == "Alexand… (2)"
    assert short_name("Edsger Wybe (bot)") == "Edsge… (bot)"
    assert short_name("Alexander the Great") == "Alexander t…"


def seat(browser, base, table, cookie):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(TIMEOUT_MS)
    context.add_cookies([{"name": "sessionid", "value": cookie, "url": base}])
    page = context.new_page()
    page.goto(f"{base}/tables/{table.pk}/?join=1")
    page.locator("#dc-me", has_text="You sit at seat").wait_for()
    return page


@pytest.mark.django_db(transaction=True)
def test_two_zeds_and_a_bot_at_one_table(processes, make_player):
    table = Table.objects.create(
        game="dreamcatcher", name="Names", max_seats=7, config={"betting_seconds": 8}
    )
    zed, other_zed = make_player("Zed"), make_player("zed")
    bot = Player.objects.create(nickname="Bot Ada", is_bot=True)
    open_wallet(bot)
    cookies = [session_cookie(player) for player in (zed, other_zed, bot)]
    processes.worker()
    base = "http://" + processes.daphne()
    wait_until(
        lambda: (Table.objects.get(pk=table.pk).state or {}).get("timer"), 40, "the worker to start the table"
    )
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            pages = [seat(browser, base, table, cookie) for cookie in cookies]
            first = pages[0]
            seats = first.locator("#dc-players li")
            wait_until(lambda: seats.count() == 3, 20, "three seated players")
            shown = sorted(re.sub(r"^\d+\s+", "", item).strip() for item in seats.all_inner_texts())
            badges = first.locator("#dc-players li .badge.bot").all_inner_texts()
            wait_until(lambda: seconds_left(first) > 2, 30, "a betting window with time to bet")
            for page, spot in zip(pages, ("1", "2", "5"), strict=True):
                page.get_by_role("button", name=re.compile(rf"^Bet on {spot},")).click()
            first.locator("#dc-log li", has_text="Ada (bot) bets").wait_for()
            log = first.locator("#dc-log").inner_text()
            chips = first.locator("#dc-layout .bet-chip").all_inner_texts()
            lobby = browser.new_page()
            lobby.goto(base + "/")
            row = lobby.locator(f"#table-row-{table.pk}").inner_text()
        finally:
            browser.close()
    assert shown == ["Ada bot", "Zed", "zed (2)"] and badges == ["bot"]  # the seat list draws the badge
    assert "Zed bets" in log and "zed (2) bets" in log and "Ada (bot) bets" in log
    assert sorted(chip.rsplit(" ", 1)[0] for chip in chips) == ["Ada (bot)", "Zed", "zed (2)"]
    assert "3 seated 1 bot" in " ".join(row.split())


# The card tables' seat headers: each table's prefix (its seat sections' ids)
# and the private area that says the player sits.
CARD_TABLES = {"spanish21": "bj", "pai_gow": "pg", "three_card_poker": "pk"}


@pytest.mark.django_db(transaction=True)
def test_a_bot_sits_at_the_card_tables_with_its_badge_drawn(processes):
    tables = {
        game: Table.objects.create(
            game=game, name=f"Bot at {game}", max_seats=6, config={"betting_seconds": 120}
        )
        for game in CARD_TABLES
    }
    bot = Player.objects.create(nickname="Bot Ada", is_bot=True)
    open_wallet(bot)
    cookie = session_cookie(bot)
    processes.worker()
    base = "http://" + processes.daphne()
    for table in tables.values():
        wait_until(lambda t=table: Table.objects.get(pk=t.pk).state, 40, "the worker to start the tables")
    heads = {}
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            context = browser.new_context()
            context.set_default_timeout(TIMEOUT_MS)
            context.add_cookies([{"name": "sessionid", "value": cookie, "url": base}])
            page = context.new_page()
            for game, prefix in CARD_TABLES.items():
                page.goto(f"{base}/tables/{tables[game].pk}/?join=1")
                page.locator(f"#{prefix}-me", has_text="You sit at seat").wait_for()
                head = page.locator(f"[id^={prefix}-seat-] .seat-head", has_text="Ada")
                head.wait_for()
                heads[game] = (head.inner_text(), head.locator(".badge.bot").all_inner_texts())
        finally:
            browser.close()
    for game, (text, badges) in heads.items():
        assert badges == ["bot"], game  # drawn as a badge, not the text "(bot)"
        assert re.sub(r"\s+", " ", text).strip() == "1 Ada bot" and "(bot)" not in text, game
