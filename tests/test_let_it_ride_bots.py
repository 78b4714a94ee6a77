"""The demo's house bots at a public Let It Ride Poker table: they place the
three bets through the page (Bet 1 places all three), now and then a
progressive at its fixed amount, and at each of the two decisions take one
of the buttons their panel shows (pull back or let it ride), never left to
the action clock."""

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


def test_bots_play_let_it_ride_by_the_buttons_they_are_shown(processes):
    table = Table.objects.create(
        game="let_it_ride",
        name="Public Let It Ride",
        max_seats=7,
        config={"betting_seconds": 2, "deal_seconds": 0, "decision_seconds": 10, "result_seconds": 1},
    )
    for name, kind, paytable, dollars in (
        ("Three-Card", "three_card", "", 1),
        ("Five-Card", "five_card", "", 5),
        ("Mystery", "must_hit_by", "A", 1),
    ):
        meter = Meter.objects.create(name=name, kind=kind, paytable=paytable, wager_dollars=dollars)
        TableLink.objects.create(meter=meter, table=table)
        api.open_meter(meter, rng=random.Random(1))
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
        # Both decisions taken by a bot in one finished round.
        played = [log for log in finished if sum(bool(_bot_decision(line)) for line in log) >= 2]
        progressive_bet = any(
            BOT_LINE.match(line) and "-Card progressive" in line for log in finished for line in log
        )
    assert played, "no bot took both decisions in a finished round"
    assert progressive_bet, "no bot bet a progressive"
    assert any(BOT_LINE.match(line) and " on Bet 1 and " in line for line in played[0])
    assert not any("is out of time" in line for log in finished for line in log), finished
    processes.stop_all()
    assert_ledger_balanced()


def _bot_decision(line):
    return BOT_LINE.match(line) and (" takes back the Bet " in line or line.endswith(" lets it ride"))
