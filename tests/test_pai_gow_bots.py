"""The demo's house bots at a public table of every pai gow game, all at once
on one stack (one table worker, one Daphne, one ``demo_bots``): at each table
they bet through the page, the chosen one shakes the dice where the table has
the shaker, they take the Double Down decision from the buttons they are
shown where the game has one, and every bot sets its own hand by the house
way before the clock, through the public protocol.

One stack for every game, as tests/test_poker_bots.py does for the poker
games: the tables play side by side, so the test waits for the slowest
game's rounds instead of the sum of them. A new pai gow game adds a
``BotGame``."""

import subprocess
import sys
import time
from dataclasses import dataclass

import pytest

from casino.tables.models import Round, Table
from tests.conftest import ROOT, assert_ledger_balanced
from tests.test_demo_bots import BOT_LINE

pytestmark = pytest.mark.django_db(transaction=True)

DEADLINE_SECONDS = 90
SET = "asks for the house way"
LATE = ("time is up", "did not shake", "is out of time")


@dataclass(frozen=True)
class BotGame:
    """One game's public table and what its bots must be seen doing there."""

    game: str
    config: dict  # the Rules Submission: short clocks, the meters off
    must: tuple = ()  # lines the round a bot set in holds, each ending with or holding these
    decisions: tuple = ()  # a bot's decision line holds one of these (every such line a bot's)

    def seen(self, logs):
        """What is still missing at this table's finished rounds ('' once all is seen)."""
        played = [log for log in logs if any(SET in line for line in log)]
        if not played:
            return "no bot set a hand in a finished round"
        log = played[0]
        if not any(BOT_LINE.match(line) and " bets " in line for line in log):
            return f"no bot bet in {log}"
        for part in self.must:
            if not any(part in line for line in log):
                return f"no {part!r} in {log}"
        if self.decisions:
            decided = [line for line in log if any(part in line for part in self.decisions)]
            if not decided or not all(BOT_LINE.match(line) for line in decided):
                return f"no bot took its decision in {log}"
        return ""


GAMES = (
    BotGame(
        "pai_gow",
        {
            "betting_seconds": 2,
            "shake_seconds": 10,
            "roll_seconds": 5,
            "set_seconds": 20,
            "result_seconds": 1,
            "progressive": 0,
            "mystery": 0,
        },
        must=("shakes the dice.",),  # the chosen bot shook
    ),
    BotGame(
        "six_card_fortune_pai_gow",
        {
            "betting_seconds": 2,
            "decide_seconds": 15,
            "set_seconds": 20,
            "result_seconds": 1,
            "fortune": 1,
            "double_down": 1,  # off by default; the bots decide where it is offered
            "progressive": 0,
            "mystery": 0,
        },
        decisions=(" doubles down ", "plays without the Double Down"),
    ),
    BotGame(
        "fortune_asia_poker",
        {
            "betting_seconds": 2,
            "deal_seconds": 1,
            "set_seconds": 20,
            "result_seconds": 1,
            "progressive": 0,
            "mystery": 0,
        },
    ),
    BotGame(
        "face_up_pai_gow",
        {
            "betting_seconds": 2,
            "deal_seconds": 1,
            "set_seconds": 20,
            "result_seconds": 1,
            "fortune": 1,
            "progressive": 0,
            "mystery": 0,
        },
    ),
)


def test_bots_play_every_pai_gow_game_setting_by_the_house_way(processes):
    tables = [
        (
            bot_game,
            Table.objects.create(
                game=bot_game.game, name=f"Public {bot_game.game}", max_seats=6, config=bot_game.config
            ),
        )
        for bot_game in GAMES
    ]
    processes.worker()
    host = processes.daphne()
    bots = subprocess.Popen(
        [sys.executable, "manage.py", "demo_bots", "--host", host, "--per-table", "2"],
        cwd=ROOT,
        env=processes.env,
    )
    processes.running.append(bots)
    deadline = time.monotonic() + DEADLINE_SECONDS
    missing = {bot_game.game: "no finished round" for bot_game, _ in tables}
    while time.monotonic() < deadline and any(missing.values()):
        time.sleep(0.5)
        for bot_game, table in tables:
            if missing[bot_game.game]:
                logs = [r.log for r in Round.objects.filter(table=table, result__isnull=False)]
                missing[bot_game.game] = bot_game.seen(logs)
    assert not any(missing.values()), {game: why for game, why in missing.items() if why}
    for bot_game, table in tables:
        finished = [r.log for r in Round.objects.filter(table=table, result__isnull=False)]
        late = [line for log in finished for line in log if any(part in line for part in LATE)]
        assert not late, (bot_game.game, late)
    processes.stop_all()
    assert_ledger_balanced()
