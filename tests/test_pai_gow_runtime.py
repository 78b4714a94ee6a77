"""Pai Gow Poker on the real table runtime with its two linked meters: the
progressive payout wager's and the Must-Hit-By Mystery bonus (§ 645c.3)."""

import random

import pytest

from casino.progressives import api, audit
from casino.progressives.models import Meter, MeterEvent, TableLink
from casino.progressives.paytables import UNITS_PER_CENT
from casino.tables.models import Table
from casino.tables.runtime import TableRuntime
from casino.wallet.models import Account, Entry
from games.pai_gow import rules
from tests.conftest import assert_ledger_balanced
from tests.test_runtime import Clock

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

FAST = {"betting_seconds": 1, "shake_seconds": 1, "roll_seconds": 5, "set_seconds": 5, "result_seconds": 0}


def test_seeded_rounds_feed_both_meters_and_pay_a_mystery_hit(make_player, clean_redis):
    table = Table.objects.create(
        game="pai_gow", name="Pai Gow", config=FAST, is_test=True, seed=645, max_seats=6
    )
    payout = Meter.objects.create(name="Pai gow progressive", kind="progressive_payout", wager_dollars=1)
    mystery = Meter.objects.create(name="Mystery", kind="must_hit_by", paytable="A", wager_dollars=1)
    for meter in (payout, mystery):
        TableLink.objects.create(meter=meter, table=table)
    api.open_meter(payout)
    api.open_meter(mystery, rng=random.Random(1))
    # A trigger a hair above the seed: the first qualifying wager wins the bonus.
    state = api.state(mystery.pk)
    state["trigger"] = 10_000 * UNITS_PER_CENT + 1
    api.load(mystery.pk, state, [f"{state['trigger_seq'] + 1}:{15_000 * UNITS_PER_CENT}"])

    clock = Clock()
    runtime = TableRuntime(table, clock=clock)
    runtime.start()
    players = [make_player(name) for name in ("Ann", "Bob")]
    table.invited.add(*players)  # a test table: for the players a designer invites
    for player in players:
        runtime.act(player.pk, player.nickname, {"action": "sit", "round": runtime.round})
    choices = random.Random(9)
    progressive_bets = 0
    for _ in range(40):
        for player in players:
            bets = [("main", choices.choice([5, 10])), ("fortune", 5)]
            if choices.random() < 0.7:
                bets.append(("progressive", 1))
            for area, chips in bets:
                runtime.act(
                    player.pk,
                    player.nickname,
                    {"action": "bet", "spot": area, "amount": str(chips), "round": runtime.round},
                )
                progressive_bets += area == "progressive"
        start = runtime.round
        for _step in range(30):
            state = runtime.state
            if state.phase == rules.SETTING and choices.random() < 0.5:
                unset = [s for s in state.seats() if state.spot(s)["high"] is None]
                if unset:
                    seat = unset[0]
                    runtime.act(
                        state.spot(seat)["player"], "P", {"action": "house_way", "round": runtime.round}
                    )
                    continue
            clock.now = runtime.snapshot["timer"]["deadline"]
            runtime.tick()
            if runtime.round > start:
                break
        else:
            raise AssertionError(f"round {runtime.round} never ended: {runtime.state.phase}")
    assert_ledger_balanced()
    assert not Account.objects.filter(kind=Account.ESCROW).exclude(balance=0).exists()
    for meter in (payout, mystery):
        assert MeterEvent.objects.filter(meter=meter, kind="contribution").count() == progressive_bets
    assert audit.reconcile([payout, mystery]) == []
    hit = MeterEvent.objects.filter(meter=mystery, kind="hit").first()
    assert hit is not None
    paid = Entry.objects.filter(transaction__memo__contains="mystery bonus", amount=hit.paid_cents)
    assert paid.exists(), "the Mystery bonus was paid through the ledger"
