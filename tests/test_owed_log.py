"""A progressive win the meter cannot pay at once is owed and paid later
(docs/architecture.md, "A won award is never dropped"), and the table's log says both:
the round's result says the win is owed and will be paid, and its later
payment is a line of the table's log, written by the table's owner, persisted
before it is broadcast and written once. On the real runtime, Redis, database
and channel layer; the meter cannot pay because the operator unlinked it from
the table between "no more bets" and the showdown, as a meter that is gone."""

import asyncio

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.utils import timezone

from casino.progressives import owed
from casino.progressives.models import Meter, MeterEvent, OwedAward, TableLink
from casino.tables import registry
from casino.tables.models import Round, Table
from casino.tables.owner import TableOwner
from casino.wallet.ledger import balance_of
from games.engine import PROGRESSIVE_RESULT, Action
from tests.poker_table import START_CENTS, Play, assert_books_closed, play_out, two_progressive_table

# Ann: A-K-Q of spades, with the board's J♠ 10♠ a royal flush: both meters in full.
ANN, BOARD = "AS KS QS", "JS TS"
OWED_LINE = "Five-Card progressive, owed by the meter, paid as soon as it answers: −5"


@pytest.mark.django_db
def test_an_owed_win_is_in_the_result_and_its_later_payment_in_the_tables_log(clean_redis, make_player):
    table = two_progressive_table("let_it_ride", {})
    ann, spy = make_player("Ann"), make_player("Spy")
    play = Play(table, [ann])
    play.stack(f"{ANN} {BOARD}")
    play.bet(ann, "one", 10)
    play.bet(ann, "three_card", 1)
    play.bet(ann, "five_card", 5)
    play.tick()  # no more bets: both meters take their wagers
    five_card = Meter.objects.get(kind="five_card")
    TableLink.objects.filter(meter=five_card).delete()  # the Five-Card meter is gone for now
    play.tick()  # the deal
    play.act(ann, "ride")
    step = play.act(ann, "ride")  # the showdown: the royal flush wins both meters

    assert play.runtime.state.phase == "result"
    (row,) = OwedAward.objects.all()
    assert (row.seat, row.player_id, row.kind, row.percent_bp, row.paid) == (
        1,
        ann.pk,
        "five_card",
        10_000,
        None,
    )
    # The round's result says the win is owed and will be paid; the log says why.
    assert OWED_LINE in play.runtime.state.results["1"]["lines"]
    assert OWED_LINE in play.render(spy)["pk-seat-1"]
    assert any(
        "The progressive win of seat 1 is owed: it is paid as soon as the meter answers." in line
        for line in step.lines
    )
    assert play.runtime.log_owed_payments() is None  # nothing paid yet, nothing to say
    before = balance_of(ann, test=True)

    TableLink.objects.create(meter=five_card, table=table)  # the meter is back
    paid = owed.pay_due()
    row.refresh_from_db()
    assert paid == {(ann.pk, True): row.paid_cents} and row.paid_cents > 1_000_000 and not row.logged
    assert balance_of(ann, test=True) == before + row.paid_cents  # through the ledger

    step = play.runtime.log_owed_payments()
    line = f"Seat 1: the Five-Card progressive win owed since round 1 is paid now, {row.paid_cents // 100:,} from the meter!"
    assert step.lines == [line]
    # Persisted with the win marked logged, in the snapshot and the round's record, before any broadcast.
    row.refresh_from_db()
    assert row.logged
    assert line in [entry["text"] for entry in Table.objects.get(pk=table.pk).state["log"]]
    assert line in Round.objects.get(table=table, number=play.runtime.round).log
    assert line in play.render(spy)["pk-log"]
    assert play.runtime.log_owed_payments() is None  # once
    assert MeterEvent.objects.filter(meter=five_card, kind="award").count() == 1

    play_out(play)
    assert balance_of(ann, test=True) > START_CENTS
    assert_books_closed()


@pytest.mark.django_db(transaction=True)
async def test_the_owner_logs_owed_wins_paid_when_told_and_when_it_starts(
    make_table, make_player, clean_redis
):
    table = await database_sync_to_async(make_table)(betting_seconds=120)
    ann = await database_sync_to_async(make_player)("Ann")

    def paid_win(round_number, cents):
        """An owed win as owed.pay_due leaves it: paid, its line not yet in the table's log."""
        return OwedAward.objects.create(
            table=table,
            round_number=round_number,
            kind="match_the_dealer",
            batch=f"{table.pk}:{round_number}:test",
            seat=2,
            player=ann,
            percent_bp=10_000,
            reason="The progressive system is not reachable.",
            paid=timezone.now(),
            paid_cents=cents,
        )

    def log_texts():
        state = Table.objects.get(pk=table.pk).state
        return [entry["text"] for entry in (state or {}).get("log", [])]

    async def until(check):
        for _ in range(100):
            if await database_sync_to_async(check)():
                return
            await asyncio.sleep(0.05)
        raise AssertionError(await database_sync_to_async(log_texts)())

    first = "Seat 2: the Match the Dealer progressive win owed since round 1 is paid now, 1,000.45 from the meter!"
    second = (
        "Seat 2: the Match the Dealer progressive win owed since round 2 is paid now, 100 from the meter!"
    )
    await database_sync_to_async(paid_win)(1, 100_045)  # paid while no owner ran: its message is gone
    layer = get_channel_layer()
    owner = asyncio.create_task(TableOwner(table.pk, layer=layer).run())
    try:
        await until(lambda: first in log_texts())
        await database_sync_to_async(paid_win)(2, 10_000)
        await owed.tell_tables(layer)  # what the meter ticker sends after paying
        await until(lambda: second in log_texts())
        assert await database_sync_to_async(log_texts)() == [first, second]
        assert not await database_sync_to_async(OwedAward.objects.filter(logged=False).exists)()
    finally:
        owner.cancel()
        await asyncio.gather(owner, return_exceptions=True)


@pytest.mark.parametrize("game", ["pai_gow", "spanish21", "let_it_ride"])  # one of each family
def test_every_family_says_in_the_result_that_a_win_is_owed(game):
    # The pure rules: the platform's PROGRESSIVE_RESULT names the owed win and why.
    rules = registry.get(game).rules
    config = rules.Config()
    state = rules.new_state()
    state.phase = "result"
    why = "This table has no such meter: its wins cannot be paid now. The progressive win of seat 3 is owed."
    owed_win = {"kind": "anything", "seat": 3, "player": 7, "percent": "100"}
    data = {"hits": [], "awards": [], "refused": [], "error": why, "owed": [owed_win]}
    outcome = rules.apply(state, Action(PROGRESSIVE_RESULT, None, data), config, None)
    (line,) = outcome.state.results["3"]["lines"]
    assert line.endswith(", owed by the meter, paid as soon as it answers: ±0") and outcome.moves == []
    assert [item["text"] for item in outcome.log] == [why]
