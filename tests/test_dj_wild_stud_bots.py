"""The demo's house bots at a public DJ Wild Stud Poker table: they bet the
Ante (the Blind goes with it) through the page, now and then the $5
progressive at its fixed amount, and on their turn take a decision from the
buttons their panel shows (Play or fold), never left to the action clock."""

import random
import subprocess
import sys
import time

import pytest

from casino.progressives import api
from casino.progressives.models import Meter, TableLink
from casino.tables.models import Round, Table
from tests.conftest import ROOT, assert_ledger_balanced
from tests.test_demo_bots import BOT_LINE

pytestmark = pytest.mark.django_db(transaction=True)


def test_bots_play_dj_wild_stud_by_the_buttons_they_are_shown(processes):
    table = Table.objects.create(
        game="dj_wild_stud",
        name="Public DJ Wild Stud",
        max_seats=6,
        config={"betting_seconds": 2, "deal_seconds": 0, "decision_seconds": 10, "result_seconds": 1},
    )
    progressive = Meter.objects.create(name="DJ Wild", kind="dj_wild_stud", wager_dollars=5)
    mystery = Meter.objects.create(name="Mystery", kind="must_hit_by", paytable="A", wager_dollars=5)
    for meter in (progressive, mystery):
        TableLink.objects.create(meter=meter, table=table)
    api.open_meter(progressive)
    api.open_meter(mystery, rng=random.Random(1))
    processes.worker()
    host = processes.daphne()
    bots = subprocess.Popen(
        [sys.executable, "manage.py", "demo_bots", "--host", host, "--per-table", "2"],
        cwd=ROOT,
        env=processes.env,
    )
    processes.running.append(bots)
    deadline = time.monotonic() + 60
    played, progressive_bet = [], False
    while time.monotonic() < deadline and not (played and progressive_bet):
        time.sleep(0.5)
        finished = [record.log for record in Round.objects.filter(table=table, result__isnull=False)]
        played = [log for log in finished if any(_bot_decision(line) for line in log)]
        progressive_bet = any(
            BOT_LINE.match(line) and " on Progressive" in line for log in finished for line in log
        )
    assert played, "no bot took a decision in a finished round"
    assert progressive_bet, "no bot bet the progressive"
    assert any(BOT_LINE.match(line) and " on Ante" in line for line in played[0])
    assert not any("is out of time" in line for log in finished for line in log), finished
    processes.stop_all()
    assert_ledger_balanced()


def _bot_decision(line):
    return BOT_LINE.match(line) and (" on Play" in line or line.endswith(" folds"))
