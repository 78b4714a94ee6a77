"""Spanish 21 and Player's Edge 21 on the real table runtime: the ledger, the
progressive meters and the rules together, over many seeded rounds."""

import random

import pytest

from casino.progressives import api, audit
from casino.progressives.models import Meter, MeterEvent, TableLink
from casino.tables.exceptions import Refused
from casino.tables.models import Table
from casino.tables.runtime import TableRuntime
from casino.wallet.models import Account
from games.blackjack import round as bj
from games.players_edge21 import rules as players_edge21
from games.spanish21 import rules as spanish21
from tests.conftest import assert_ledger_balanced
from tests.test_runtime import Clock

GAMES = {
    "spanish21": (spanish21, "match_the_dealer", "", spanish21.PROGRESSIVE, [spanish21.MATCH_THE_DEALER]),
    "players_edge21": (
        players_edge21,
        "monster_match",
        "A",
        players_edge21.MONSTER_MATCH,
        [players_edge21.MATCH_UP, players_edge21.MATCH_DOWN],
    ),
}


@pytest.mark.parametrize("game", GAMES)
def test_seeded_rounds_with_random_play_keep_ledger_and_meter_straight(
    game, make_table, make_player, clean_redis
):
    rules, kind, pool, progressive_area, side_areas = GAMES[game]
    fast = {
        "betting_seconds": 1,
        "deal_seconds": 0,
        "insurance_seconds": 1,
        "action_seconds": 3,
        "result_seconds": 0,
    }
    table = Table.objects.create(game=game, name="Linked", config=fast, is_test=True, seed=635, max_seats=6)
    meter = Meter.objects.create(name="Linked", kind=kind, paytable=pool, wager_dollars=1)
    TableLink.objects.create(meter=meter, table=table)
    api.open_meter(meter)
    clock = Clock()
    runtime = TableRuntime(table, clock=clock)
    runtime.start()
    players = [make_player(name) for name in ("Ann", "Bob", "Cy")]
    table.invited.add(*players)  # a test table: for the players a designer invites
    for player in players:
        runtime.act(player.pk, player.nickname, {"action": "sit", "round": runtime.round})
    choices = random.Random(21)
    progressive_bets = 0
    rounds = 120
    for _ in range(rounds):
        for player in players:
            if choices.random() < 0.85:
                wagers = [(bj.MAIN, choices.choice([5, 10, 25]))]
                wagers += [(area, 5) for area in side_areas if choices.random() < 0.4]
                if choices.random() < 0.5:
                    wagers.append((progressive_area, 1))
                for area, chips in wagers:
                    message = {"action": "bet", "spot": area, "amount": str(chips), "round": runtime.round}
                    runtime.act(player.pk, player.nickname, message)
                    progressive_bets += area == progressive_area
        start = runtime.round
        for _step in range(100):
            state = runtime.state
            if state.phase == bj.PLAYING:
                seat = state.turn[0]
                player = state.spot(seat)["player"]
                kind_ = choices.choice(rules.legal_actions(state, seat))
                runtime.act(player, "P", {"action": kind_, "round": runtime.round})
            elif state.phase == bj.INSURANCE and choices.random() < 0.3:
                seat = choices.choice(state.seats())
                try:
                    runtime.act(state.spot(seat)["player"], "P", {"action": "insure", "round": runtime.round})
                except Refused:
                    clock.now = runtime.snapshot["timer"]["deadline"]
                    runtime.tick()
            else:
                clock.now = runtime.snapshot["timer"]["deadline"]
                runtime.tick()
            if runtime.round > start:
                break
        else:
            raise AssertionError(f"round {runtime.round} never ended")
    assert_ledger_balanced()
    assert not Account.objects.filter(kind=Account.ESCROW).exclude(balance=0).exists()
    # Every accepted progressive wager was contributed once, and the meter
    # agrees with its audit to the 1/10,000 cent.
    assert MeterEvent.objects.filter(meter=meter, kind="contribution").count() == progressive_bets
    assert audit.reconcile([meter]) == []
    books = api.state(meter.pk)
    assert books["seeded"] + books["contributed"] == books["paid"] + books["meter"] + books["reserve"]
