"""The lobby's "Last result" of a card table stays up until the next result
(issue 13, item 4): between results it comes from the last finished round's
record. In Chromium against a real Daphne, worker and the demo's house bots,
and over the real database for each card family."""

import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.utils import timezone

from casino.lobby.rows import table_row
from casino.tables.models import Round, Table
from casino.tables.runtime import fresh_snapshot
from tests.conftest import ROOT, assert_ledger_balanced
from tests.test_browser import CHROMIUM, CHROMIUM_ARGS, TIMEOUT_MS

sync_api = pytest.importorskip("playwright.sync_api")


def finished_round(table, number, result):
    return Round.objects.create(table=table, number=number, result=result, finished=timezone.now())


PAI_GOW_HIGH = ["KC", "KD", "5S", "4C", "3H"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "game, older, newer, text",
    [
        ("spanish21", ["KS", "9C"], ["9H", "7D", "6S"], "Dealer bust 22"),
        ("players_edge21", ["9H", "7D", "6S"], ["KS", "9C"], "Dealer 19"),
        ("pai_gow", ["AC", "AD", "5S", "5C", "3H"], PAI_GOW_HIGH, "Dealer Pair of kings / 8-7 high"),
    ],
)
def test_a_card_table_between_rounds_shows_its_last_finished_round(
    make_table, clean_redis, game, older, newer, text
):
    table = Table.objects.create(game=game, name=f"{game} row", max_seats=6)
    table.state = fresh_snapshot(table.spec)  # the next round's betting: nothing dealt
    assert table_row(table)["last_result"] is None

    def record(dealer):
        if game == "pai_gow":
            return {"dealer": {"high": dealer, "low": ["8H", "7D"]}, "roll": [2, 3, 3], "results": {}}
        return {"dealer": dealer, "results": {}}

    finished_round(table, 1, record(older))
    finished_round(table, 2, record(newer))
    Round.objects.create(table=table, number=3)  # the round being played: no result yet
    assert table_row(table)["last_result"] == text


def table_phase(table_id):
    """The table's phase and round number, read in a thread of its own
    (Playwright's sync API runs an event loop in this one)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(_table_phase, table_id).result()


def _table_phase(table_id):
    state = Table.objects.get(pk=table_id).state or {}
    game = state.get("game") or {}
    return game.get("phase"), Round.objects.filter(table_id=table_id, finished__isnull=False).count()


@pytest.mark.django_db(transaction=True)
def test_the_lobby_keeps_a_blackjack_tables_last_result(processes):
    table = Table.objects.create(
        game="spanish21",
        name="Lobby blackjack",
        max_seats=6,
        config={"betting_seconds": 2, "deal_seconds": 0, "action_seconds": 5, "result_seconds": 1},
    )
    processes.worker()
    host = processes.daphne()
    bots = subprocess.Popen(
        [sys.executable, "manage.py", "demo_bots", "--host", host, "--per-table", "1"],
        cwd=ROOT,
        env=processes.env,
    )
    processes.running.append(bots)
    cell = f"#table-row-{table.pk} .last-result-value"
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            page = browser.new_context().new_page()
            page.set_default_timeout(TIMEOUT_MS)
            page.goto(f"http://{host}/")
            # A round ends and the table goes on to the next one's betting or play.
            deadline = time.monotonic() + 60
            while True:
                phase, finished = table_phase(table.pk)
                if finished and phase not in (None, "result"):
                    break
                assert time.monotonic() < deadline, "no round of the bots finished"
                time.sleep(0.2)
            page.reload()
            reloaded = page.locator(cell).inner_text()
            # The row as the lobby's websocket keeps pushing it, over the next phases.
            seen = set()
            for _ in range(20):
                seen.add(page.locator(cell).inner_text())
                time.sleep(0.25)
        finally:
            browser.close()
    assert reloaded.startswith("Dealer "), reloaded
    assert all(text.startswith("Dealer ") for text in seen), seen
    processes.stop_all()
    assert_ledger_balanced()
