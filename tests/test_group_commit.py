"""Several actions of one table in one transaction (TableRuntime.act_many),
and the round record written a row a transition, on the real database."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from casino.tables.exceptions import Refused, StaleOwner
from casino.tables.models import Round, RoundStep, Table
from casino.tables.replay import replay
from casino.tables.runtime import Step, TableRuntime
from casino.wallet.ledger import balance_of, book_moves, house_account, player_account
from casino.wallet.models import Entry, LedgerTransaction
from games.dreamcatcher import rules
from games.engine import LOSE, RETURN, STAKE, WIN, ChipMove
from tests.conftest import assert_ledger_balanced
from tests.test_runtime import Clock, run_until, sit

# Plain SQL in the ledger and the runtime: make test runs these on PostgreSQL too.
pytestmark = pytest.mark.postgres


@pytest.fixture
def wheel(make_table, make_player):
    clock = Clock()
    runtime = TableRuntime(make_table(max_bet=20_000), clock=clock)
    runtime.start()
    ann, bob = make_player("Ann"), make_player("Bob")
    sit(runtime, ann)
    sit(runtime, bob)
    return runtime, clock, ann, bob


def bet(runtime, player, spot, chips):
    return (
        player.pk,
        player.nickname,
        {"action": "bet", "spot": spot, "amount": str(chips), "round": runtime.round},
    )


def test_act_many_commits_every_accepted_action_in_order(wheel):
    runtime, clock, ann, bob = wheel
    version = runtime.version
    results = runtime.act_many(
        [bet(runtime, ann, "1", 5), bet(runtime, bob, "2", 7), bet(runtime, ann, "5", 3)]
    )
    assert all(isinstance(result, Step) for result in results)
    assert [result.version for result in results] == [version + 1, version + 2, version + 3]
    assert results[-1].balances == {ann.pk: 1_000_000 - 800}
    table = Table.objects.get(pk=runtime.table.pk)
    assert table.version == version + 3 and table.state == runtime.snapshot
    assert runtime.state.bets == {str(ann.pk): {"1": 500, "5": 300}, str(bob.pk): {"2": 700}}
    assert balance_of(ann) == 1_000_000 - 800 and balance_of(bob) == 1_000_000 - 700
    run_until(runtime, clock, rules.RESULT)
    record = Round.objects.get(table=runtime.table, number=1)
    assert [step["action"]["kind"] for step in record.steps][:3] == ["bet", "bet", "bet"]
    assert record.log[:4] == [
        "Ann sits at seat 1.",
        "Bob sits at seat 2.",
        "Ann bets 5 on 1",
        "Bob bets 7 on 2",
    ]
    assert replay(record).identical
    assert_ledger_balanced()


def test_a_refused_action_in_a_batch_changes_nothing_and_the_others_stand(wheel):
    runtime, clock, ann, bob = wheel
    entries = Entry.objects.count()
    results = runtime.act_many(
        [
            bet(runtime, ann, "1", 5),
            bet(runtime, bob, "2", 10_001),  # more than Bob has: refused by the ledger
            (bob.pk, "Bob", {"action": "bet", "spot": "2", "amount": "1", "round": runtime.round + 1}),
            bet(runtime, bob, "10", 4),
        ]
    )
    assert isinstance(results[0], Step) and isinstance(results[3], Step)
    assert isinstance(results[1], Refused) and "Not enough chips" in str(results[1])
    assert isinstance(results[2], Refused) and "round" in str(results[2])
    # Two stakes booked: two transactions of two entries each.
    assert Entry.objects.count() == entries + 4
    assert balance_of(ann) == 1_000_000 - 500 and balance_of(bob) == 1_000_000 - 400
    assert runtime.state.bets == {str(ann.pk): {"1": 500}, str(bob.pk): {"10": 400}}
    assert Table.objects.get(pk=runtime.table.pk).version == results[3].version
    record = Round.objects.get(table=runtime.table, number=1)
    assert [step["action"]["data"]["spot"] for step in record.steps] == ["1", "10"]
    run_until(runtime, clock, rules.RESULT)
    assert replay(Round.objects.get(pk=record.pk)).identical
    assert_ledger_balanced()


def test_a_batch_that_cannot_commit_leaves_the_table_and_the_runtime_as_they_were(wheel):
    runtime, _, ann, bob = wheel
    before = (runtime.snapshot, runtime.version, runtime.place)
    entries, steps = Entry.objects.count(), RoundStep.objects.count()
    # Someone else wrote the table meanwhile: this owner is not its owner any more.
    Table.objects.filter(pk=runtime.table.pk).update(version=runtime.version + 5)
    with pytest.raises(StaleOwner):
        runtime.act_many([bet(runtime, ann, "1", 5), bet(runtime, bob, "2", 7)])
    assert (runtime.snapshot, runtime.version, runtime.place) == before
    assert Entry.objects.count() == entries and RoundStep.objects.count() == steps
    assert balance_of(ann) == 1_000_000 and balance_of(bob) == 1_000_000
    assert_ledger_balanced()


def test_a_batch_of_refusals_writes_nothing(wheel):
    runtime, _, ann, _ = wheel
    version = runtime.version
    with CaptureQueriesContext(connection) as queries:
        results = runtime.act_many([bet(runtime, ann, "3", 5), bet(runtime, ann, "1", 0)])
    assert all(isinstance(result, Refused) for result in results)
    assert runtime.version == version == Table.objects.get(pk=runtime.table.pk).version
    assert not [query for query in queries.captured_queries if query["sql"].startswith(("INSERT", "UPDATE"))]


def test_a_bet_appends_one_row_to_its_round_record_and_leaves_the_round_row_alone(wheel):
    runtime, _, ann, _ = wheel
    runtime.act(*bet(runtime, ann, "1", 5))  # the round's first step writes where it started
    with CaptureQueriesContext(connection) as queries:
        runtime.act(*bet(runtime, ann, "2", 5))
    writes = [
        query["sql"] for query in queries.captured_queries if query["sql"].startswith(("INSERT", "UPDATE"))
    ]
    steps_table, rounds_table = RoundStep._meta.db_table, Round._meta.db_table
    assert not [sql for sql in writes if rounds_table in sql.replace(steps_table, "")]
    assert len([sql for sql in writes if steps_table in sql]) == 1
    record = Round.objects.get(table=runtime.table, number=1)
    assert [entry.number for entry in record.entries.all()] == [0, 1, 2, 3]
    assert record.entries.filter(step__isnull=True).count() == 2  # the two players sitting down


def test_a_record_resumes_where_it_stood_when_a_new_owner_takes_over_mid_round(wheel):
    runtime, clock, ann, bob = wheel
    runtime.act(*bet(runtime, ann, "1", 5))
    fresh = TableRuntime.load(runtime.table.pk, clock=clock)
    fresh.act(*bet(fresh, bob, "2", 5))
    run_until(fresh, clock, rules.RESULT)
    record = Round.objects.get(table=runtime.table, number=1)
    assert [entry.number for entry in record.entries.all()] == list(range(record.entries.count()))
    assert [step["action"]["player"] for step in record.steps][:2] == [ann.pk, bob.pk]
    assert replay(record).identical


def test_book_moves_books_a_whole_settlement_in_four_statements(db, make_player):
    players = [make_player(f"P{n}") for n in range(6)]
    stakes = [ChipMove(STAKE, player.pk, 1_000, f"seat {n}") for n, player in enumerate(players)]
    settle = []
    for n, player in enumerate(players):
        if n % 2:
            settle += [ChipMove(RETURN, player.pk, 1_000, "won"), ChipMove(WIN, player.pk, 2_000, "won")]
        else:
            settle.append(ChipMove(LOSE, player.pk, 1_000, "lost"))
    from django.db import transaction

    with transaction.atomic():
        book_moves(stakes, 77, 1)
        with CaptureQueriesContext(connection) as queries:
            accounts = book_moves(settle, 77, 1)
    assert len(queries.captured_queries) == 4
    for n, player in enumerate(players):
        expected = 1_000_000 + (2_000 if n % 2 else -1_000)
        assert accounts[player.pk].balance == expected == balance_of(player)
    assert LedgerTransaction.objects.filter(table_id=77).count() == len(stakes) + len(settle)
    assert house_account().balance == -6 * 1_000_000 - 3 * 2_000 + 3 * 1_000
    assert_ledger_balanced()


def test_book_moves_refuses_a_leg_below_zero_before_writing_anything(db, make_player):
    from django.db import transaction

    from casino.wallet.ledger import InsufficientFunds

    ann = make_player("Ann")
    entries = Entry.objects.count()
    # A refund first would cover the second stake if balances were only
    # checked at the end: the ledger checks each leg in order, as post() does.
    moves = [ChipMove(STAKE, ann.pk, 1_000_001, "too much"), ChipMove(RETURN, ann.pk, 1_000_001, "back")]
    with pytest.raises(InsufficientFunds) as raised, transaction.atomic():
        book_moves(moves, 78, 1)
    assert raised.value.balance == 1_000_000 and raised.value.needed == 1_000_001
    assert Entry.objects.count() == entries
    assert player_account(ann).balance == 1_000_000
    assert_ledger_balanced()


@pytest.mark.django_db(transaction=True)
def test_the_migration_moves_records_into_rows_and_back(make_table, make_player):
    from django.db.migrations.executor import MigrationExecutor

    clock = Clock()
    runtime = TableRuntime(make_table(seed=5), clock=clock)
    runtime.start()
    ann = make_player("Ann")
    runtime.table.invited.add(ann)
    sit(runtime, ann)
    runtime.act(*bet(runtime, ann, "1", 5))
    run_until(runtime, clock, rules.RESULT)
    record = Round.objects.get(table=runtime.table, number=1)
    steps, log = record.steps, record.log
    assert replay(record).identical

    old, new = [("tables", "0003_test_chips")], [("tables", "0004_round_steps_as_rows")]
    latest = MigrationExecutor(connection).loader.graph.leaf_nodes()
    MigrationExecutor(connection).migrate(old)
    try:
        OldRound = MigrationExecutor(connection).loader.project_state(old).apps.get_model("tables", "Round")
        back = OldRound.objects.get(pk=record.pk)
        assert back.steps == steps and back.log == log  # out of the rows: one list each again
        MigrationExecutor(connection).migrate(new)
        # The migrations after 0004 (Table's columns), for today's models to read it.
        MigrationExecutor(connection).migrate(latest)

        moved = Round.objects.get(pk=record.pk)
        assert moved.steps == steps and moved.log == log
        # The old log is one entry ahead of the steps: it cannot say which line went with which.
        assert moved.entries.first().step is None and moved.entries.first().lines == log
        assert replay(moved).identical
    finally:
        # Unapplying 0004 unapplied the migrations after it too: the tests
        # after this one on the same database need the latest schema.
        MigrationExecutor(connection).migrate(latest)
