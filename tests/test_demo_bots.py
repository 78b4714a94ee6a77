"""The demo's house bots play through the public protocol like anyone."""

import re
import subprocess
import sys
import time

import pytest

from casino.accounts.models import Player
from casino.tables.models import Round, Table
from tests.conftest import ROOT, assert_ledger_balanced

pytestmark = pytest.mark.django_db(transaction=True)

# A round log line of a bot: "Ada (bot) bets 5 on 1" (casino/accounts/names.py, table_name).
BOT_LINE = re.compile(r"^\w+ \(bot\) ")


def test_bots_sit_and_bet_at_public_tables_only(processes, make_table):
    public = make_table(name="Public", betting_seconds=2)
    lab = make_table(name="Lab", seed=1, betting_seconds=2)
    processes.worker()
    host = processes.daphne()
    bots = subprocess.Popen(
        [sys.executable, "manage.py", "demo_bots", "--host", host, "--per-table", "2"],
        cwd=ROOT,
        env=processes.env,
    )
    processes.running.append(bots)
    deadline = time.monotonic() + 45
    bet_lines = []
    while time.monotonic() < deadline and not bet_lines:
        time.sleep(0.5)
        logs = [line for record in Round.objects.filter(table=public) for line in record.log]
        bet_lines = [line for line in logs if BOT_LINE.match(line) and " bets " in line]
    assert bet_lines, "no bot placed a bet"
    assert Player.objects.filter(is_bot=True).count() == 2
    assert not any(BOT_LINE.match(line) for record in Round.objects.filter(table=lab) for line in record.log)
    processes.stop_all()
    assert_ledger_balanced()


@pytest.mark.parametrize("game", ["spanish21", "players_edge21", "down_under_blackjack"])
def test_bots_play_blackjack_by_the_buttons_they_are_shown(processes, game):
    table = Table.objects.create(
        game=game,
        name="Public blackjack",
        max_seats=6,
        config={"betting_seconds": 2, "deal_seconds": 0, "action_seconds": 5, "result_seconds": 1},
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
    assert played, "no bot played a hand to the end of a round"
    assert any(BOT_LINE.match(line) and " bets " in line for line in played[0])
    # Every hand was decided by its bot, never by the action clock.
    assert not any("time is up" in line for log in finished for line in log), finished
    processes.stop_all()
    assert_ledger_balanced()


def _bot_decision(line):
    return BOT_LINE.match(line) and (" hits: " in line or " stands on " in line)
