"""The demo's house bots at a public Six-Card Fortune Pai Gow table: they bet,
take the Double Down decision from the buttons they are shown and set by
the house way, each before its clock, through the public protocol."""

import subprocess
import sys
import time

import pytest

from casino.tables.models import Round, Table
from tests.conftest import ROOT, assert_ledger_balanced
from tests.test_demo_bots import BOT_LINE

pytestmark = pytest.mark.django_db(transaction=True)


def test_bots_play_six_card_fortune_pai_gow_deciding_and_setting(processes):
    table = Table.objects.create(
        game="six_card_fortune_pai_gow",
        name="Public six-card",
        max_seats=6,
        config={
            "betting_seconds": 2,
            "decide_seconds": 15,
            "set_seconds": 20,
            "result_seconds": 1,
            "fortune": 1,
            "progressive": 0,
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
    deadline = time.monotonic() + 50
    played = []
    while time.monotonic() < deadline and not played:
        time.sleep(0.5)
        finished = [record.log for record in Round.objects.filter(table=table, result__isnull=False)]
        played = [log for log in finished if any("asks for the house way" in line for line in log)]
    assert played, "no bot set a hand in a finished round"
    log = played[0]
    assert any(BOT_LINE.match(line) and " bets " in line for line in log)
    decided = [line for line in log if " doubles down " in line or "plays without the Double Down" in line]
    assert decided and all(BOT_LINE.match(line) for line in decided), log
    assert not any("time is up" in line for log in finished for line in log)
    processes.stop_all()
    assert_ledger_balanced()
