"""The demo's house bots at a public table of every poker game, all at once on
one stack (one table worker, one Daphne, one ``demo_bots``): at each table
they bet the Ante through the page, now and then a progressive at its fixed
amount where the table offers one, and take each decision from the buttons
their panel shows, never left to the decision clock.

One stack for every game, not one per game: the tables play side by side, so
the test waits for the slowest game's rounds instead of the sum of them all
(seven stacks took about two minutes of a test worker; one takes about 25 s).
A new poker game adds a ``BotGame``."""

import random
import subprocess
import sys
import time
from dataclasses import dataclass

import pytest

from casino.progressives import api
from casino.progressives.models import Meter, TableLink
from casino.tables.models import Round, Table
from tests.conftest import ROOT, assert_ledger_balanced
from tests.test_demo_bots import BOT_LINE

pytestmark = pytest.mark.django_db(transaction=True)

CLOCKS = {"betting_seconds": 2, "deal_seconds": 0, "decision_seconds": 10, "result_seconds": 1}
DEADLINE_SECONDS = 90

# The linked meters the tables share, by kind: (name, paytable, wager in dollars).
METERS = {
    "caribbean_stud": ("Caribbean", "", 1),
    "three_card": ("Three-Card", "", 1),
    "five_card": ("Five-Card", "", 5),
    "dj_wild_stud": ("DJ Wild", "", 5),
}


@dataclass(frozen=True)
class BotGame:
    """One game's public table and what its bots must be seen doing there."""

    game: str
    seats: int
    decisions: tuple  # a bot's decision line holds one of these, or ends with an ``endings`` one
    bet: tuple  # a bot's bet line of the round it decided in holds all of these
    endings: tuple = (" folds",)
    decisions_per_round: int = 1  # decisions one bot takes in one round (Let It Ride: both)
    meters: tuple = ()  # METERS kinds linked to the table, and a Mystery meter at the first one's wager
    progressive: str = ""  # a bot's bet line on a progressive holds this
    config: dict | None = None  # the Rules Submission beyond CLOCKS

    def is_decision(self, line):
        return BOT_LINE.match(line) and (
            any(part in line for part in self.decisions) or line.endswith(self.endings)
        )

    def decided(self, log):
        return sum(bool(self.is_decision(line)) for line in log) >= self.decisions_per_round

    def seen(self, logs):
        """What is still missing at this table's finished rounds ('' once all is seen)."""
        played = [log for log in logs if self.decided(log)]
        if not played:
            return "no bot took its decisions in a finished round"
        if not any(BOT_LINE.match(line) and all(part in line for part in self.bet) for line in played[0]):
            return f"no bot bet {self.bet} in {played[0]}"
        if self.progressive and not any(
            BOT_LINE.match(line) and self.progressive in line for log in logs for line in log
        ):
            return "no bot bet the progressive"
        return ""


GAMES = (
    BotGame(
        "caribbean_stud",
        7,
        decisions=(" on Bet",),
        bet=(" on Ante",),
        meters=("caribbean_stud",),
        progressive=" on Progressive",
    ),
    BotGame(
        "three_card_poker",
        6,
        decisions=(" on Play",),
        bet=(" bets ", " on Ante"),
        config={"three_card_progressive": 0, "mystery": 0},
    ),
    BotGame(
        "four_card_poker",
        6,
        decisions=(" on Play",),
        bet=(" bets ", " on Ante"),
        config={"five_card_progressive": 0, "mystery": 0},
    ),
    BotGame(
        "crazy_4_poker",
        6,
        decisions=(" on Play",),
        bet=(" on Ante and ", " on Super Bonus"),
        config={"five_card_progressive": 0, "mystery": 0},
    ),
    BotGame(
        "let_it_ride",
        7,
        decisions=(" takes back the Bet ",),
        endings=(" lets it ride",),
        decisions_per_round=2,
        bet=(" on Bet 1 and ",),
        meters=("three_card", "five_card"),
        progressive="-Card progressive",
    ),
    BotGame(
        "mississippi_stud",
        6,
        decisions=(" on 3rd Street",),
        bet=(" on Ante",),
        meters=("five_card",),
        progressive=" on Progressive",
    ),
    BotGame(
        "texas_holdem_bonus",
        6,
        decisions=(" on Flop wager",),
        bet=(" on Ante",),
        meters=("five_card",),
        progressive=" on Progressive",
    ),
    BotGame(
        "ultimate_texas_holdem",
        6,
        decisions=(" checks", " on Play"),
        bet=(" on Ante and ", " on Blind"),
        meters=("five_card",),
        progressive=" on Progressive",
    ),
    BotGame(
        "dj_wild_stud",
        6,
        decisions=(" on Play",),
        bet=(" on Ante",),
        meters=("dj_wild_stud",),
        progressive=" on Progressive",
    ),
)


def make_tables():
    meters, mysteries, tables = {}, {}, {}
    for kind, (name, paytable, dollars) in METERS.items():
        meters[kind] = Meter.objects.create(name=name, kind=kind, paytable=paytable, wager_dollars=dollars)
        api.open_meter(meters[kind])
    for bot_game in GAMES:
        table = Table.objects.create(
            game=bot_game.game,
            name=f"Public {bot_game.game}",
            max_seats=bot_game.seats,
            config={**CLOCKS, **(bot_game.config or {})},
        )
        if bot_game.meters:
            # A Mystery meter per wager size, as demo_tables links them.
            dollars = METERS[bot_game.meters[0]][2]
            if dollars not in mysteries:
                mysteries[dollars] = Meter.objects.create(
                    name=f"Mystery ${dollars}", kind="must_hit_by", paytable="A", wager_dollars=dollars
                )
                api.open_meter(mysteries[dollars], rng=random.Random(1))
            for meter in (*(meters[kind] for kind in bot_game.meters), mysteries[dollars]):
                TableLink.objects.create(meter=meter, table=table)
        tables[bot_game.game] = (bot_game, table)
    return tables


def test_bots_play_every_poker_game_by_the_buttons_they_are_shown(processes):
    tables = make_tables()
    processes.worker()
    host = processes.daphne()
    bots = subprocess.Popen(
        [sys.executable, "manage.py", "demo_bots", "--host", host, "--per-table", "2"],
        cwd=ROOT,
        env=processes.env,
    )
    processes.running.append(bots)
    deadline = time.monotonic() + DEADLINE_SECONDS
    missing = {bot_game.game: "no finished round" for bot_game in GAMES}
    while time.monotonic() < deadline and any(missing.values()):
        time.sleep(0.5)
        for bot_game, table in tables.values():
            if missing[bot_game.game]:
                logs = [r.log for r in Round.objects.filter(table=table, result__isnull=False)]
                missing[bot_game.game] = bot_game.seen(logs)
    assert not any(missing.values()), {game: why for game, why in missing.items() if why}
    for bot_game, table in tables.values():
        finished = [r.log for r in Round.objects.filter(table=table, result__isnull=False)]
        assert not any("is out of time" in line for log in finished for line in log), (
            bot_game.game,
            finished,
        )
    processes.stop_all()
    assert_ledger_balanced()
