"""The demo's house bots at a public Crazy 4 Poker table: they bet the Ante
through the page (its Super Bonus goes with it), and on their turn take a
decision from the buttons their panel shows (Play, or Play 1× or 3× with a
pair of aces or better, or fold), never left to the action clock."""

import subprocess
import sys
import time

import pytest

from casino.tables.models import Round, Table
from tests.conftest import ROOT, assert_ledger_balanced
from tests.test_demo_bots import BOT_LINE

pytestmark = pytest.mark.django_db(transaction=True)


def test_bots_play_crazy_4_poker_by_the_buttons_they_are_shown(processes):
    table = Table.objects.create(
        game="crazy_4_poker",
        name="Public Crazy 4 Poker",
        max_seats=6,
        config={
            "betting_seconds": 2,
            "deal_seconds": 0,
            "decision_seconds": 10,
            "result_seconds": 1,
            "five_card_progressive": 0,
            "mystery": 0,
        },
    )
    processes.worker()
    host = processes.daphne()
    bots = subprocess.Popen(
        [sys.executable, "manage.py", "demo_bots", "--host", host, "--per-table", "2"],
        cwd=ROOT,
        env=processes.env,
    )
    processes.running.append(bots)
    deadline = time.monotonic() + 45
    played = []
    while time.monotonic() < deadline and not played:
        time.sleep(0.5)
        finished = [record.log for record in Round.objects.filter(table=table, result__isnull=False)]
        played = [log for log in finished if any(_bot_decision(line) for line in log)]
    assert played, "no bot took a decision in a finished round"
    assert any(
        BOT_LINE.match(line) and " on Ante and " in line and " on Super Bonus" in line for line in played[0]
    )
    assert not any("is out of time" in line for log in finished for line in log), finished
    processes.stop_all()
    assert_ledger_balanced()


def _bot_decision(line):
    return BOT_LINE.match(line) and (" on Play" in line or line.endswith(" folds"))
