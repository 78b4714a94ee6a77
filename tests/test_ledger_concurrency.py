"""The ledger under concurrent transactions, from several threads (each its
own database connection), as Daphne's requests and the table workers run
them. On SQLite a writer waits for the file's lock from BEGIN, so writers
never overlap; on PostgreSQL (READ COMMITTED) they do, and the ledger's row
locks must keep the money right (make test runs this module on both)."""

import random
import threading
import time

import pytest
from django.db import connection, connections, transaction

from casino.accounts.models import Player
from casino.wallet import ledger
from casino.wallet.ledger import (
    TopUpRefused,
    balance_of,
    book_moves,
    house_account,
    open_wallet,
    player_account,
    post,
    top_up,
)
from casino.wallet.models import Account, LedgerTransaction
from games.engine import CENTS_PER_CHIP, LOSE, STAKE, WIN, ChipMove
from tests.conftest import assert_ledger_balanced, wait_until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]

START = 10_000 * CENTS_PER_CHIP


class InThread(threading.Thread):
    """Runs ``target`` in a thread of its own, with its own connection
    (closed at the end); keeps its result or the exception it raised."""

    def __init__(self, target):
        super().__init__(daemon=True)
        self.target, self.result, self.error = target, None, None

    def run(self):
        try:
            self.result = self.target()
        except Exception as exc:  # raised again in the test, not lost in the thread
            self.error = exc
        finally:
            connections.close_all()

    def outcome(self, timeout=30):
        self.join(timeout)
        assert not self.is_alive(), "the thread never finished"
        if self.error is not None:
            raise self.error
        return self.result


def waiting_for_a_lock():
    """How many other sessions wait for a row lock (PostgreSQL), or None where
    the database cannot tell (SQLite: a writer waits inside BEGIN)."""
    if connection.vendor != "postgresql":
        return None
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
            "AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()"
        )
        return cursor.fetchone()[0]


def drained(nickname):
    """A new player who lost every chip to the house."""
    player = Player.objects.create(nickname=nickname)
    account = open_wallet(player)
    with transaction.atomic():
        post([(account, -START), (house_account(), START)], kind="lose", memo="all in")
    return player


def test_two_top_ups_at_once_pay_once():
    ann = drained("Ann")
    first_done, release = threading.Event(), threading.Event()

    def first():
        with transaction.atomic():
            top_up(Player.objects.get(pk=ann.pk), 100)
            first_done.set()
            release.wait(30)  # still uncommitted while the second one starts

    def second():
        try:
            return f"paid {top_up(Player.objects.get(pk=ann.pk), 100)} cents"
        except TopUpRefused as exc:
            return f"refused: {exc}"

    one = InThread(first)
    one.start()
    assert first_done.wait(30)
    two = InThread(second)
    two.start()
    if waiting_for_a_lock() is None:
        time.sleep(0.5)  # SQLite: the second waits for the write lock inside BEGIN
    else:
        wait_until(waiting_for_a_lock, 10, "the second top-up to wait for the first's lock")
    release.set()
    one.outcome()
    # The second saw the first's top-up: the player is no longer below the minimum.
    assert two.outcome().startswith("refused: Top-ups are for players below the table minimum")
    assert balance_of(ann) == START
    assert LedgerTransaction.objects.filter(kind="top_up").count() == 1
    assert_ledger_balanced()


def test_test_chips_opened_by_two_tables_at_once_are_opened_once():
    """A player's first wagers at two test tables at the same moment: both
    owners open the player's test chips. The second waits for the first's
    new row and then plays from it, instead of failing on its uniqueness."""
    ann = Player.objects.create(nickname="Ann")
    first_done, release = threading.Event(), threading.Event()

    def first():
        with transaction.atomic():
            account = ledger.test_account(Player.objects.get(pk=ann.pk))
            first_done.set()
            release.wait(30)
        return account.pk

    def second():
        with transaction.atomic():
            return ledger.test_account(Player.objects.get(pk=ann.pk)).pk

    one = InThread(first)
    one.start()
    assert first_done.wait(30)
    two = InThread(second)
    two.start()
    if waiting_for_a_lock() is None:
        time.sleep(0.5)  # SQLite: the second waits for the write lock inside BEGIN
    else:
        wait_until(waiting_for_a_lock, 10, "the second table to wait for the first's new account")
    release.set()
    assert one.outcome() == two.outcome() == Account.objects.get(test_player=ann).pk
    assert balance_of(ann, test=True) == 100_000 * CENTS_PER_CHIP
    assert LedgerTransaction.objects.filter(kind="test_chips").count() == 1
    assert_ledger_balanced()


def test_rounds_settling_at_once_for_the_same_players_never_deadlock():
    """Each transaction is one table's settlement: a stake, a loss to the
    house, a win from it, for players who also play at the other tables, in
    every order. Rows locked as each leg is booked would deadlock (PostgreSQL
    then aborts one: a settlement lost); the ledger locks them all first, in
    one order."""
    players = [Player.objects.create(nickname=f"P{n}") for n in range(4)]
    for player in players:
        open_wallet(player)
    house_account()
    errors = []

    def settle_rounds(table_id):
        rng = random.Random(table_id)
        try:
            for round_number in range(1, 41):
                a, b = rng.sample(players, 2)
                moves = [
                    ChipMove(STAKE, a.pk, 100, "spot 1"),
                    ChipMove(STAKE, b.pk, 100, "spot 2"),
                    ChipMove(LOSE, a.pk, 100, "spot 1 loses"),
                    ChipMove(WIN, b.pk, 100, "spot 2 wins"),
                    ChipMove(LOSE, b.pk, 100, "spot 2 stake kept"),
                    ChipMove(WIN, a.pk, 100, "spot 1 consolation"),
                ]
                with transaction.atomic():
                    book_moves(moves, table_id, round_number)
        except Exception as exc:
            errors.append(exc)

    threads = [InThread(lambda table_id=table_id: settle_rounds(table_id)) for table_id in range(1, 5)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.outcome(timeout=120)
    assert errors == []
    assert LedgerTransaction.objects.filter(kind=STAKE).count() == 4 * 40 * 2
    assert_ledger_balanced()
    for player in players:
        assert balance_of(player) == START
    assert Account.objects.get(name="house").balance == -START * len(players)
    assert not Account.objects.filter(kind=Account.ESCROW).exclude(balance=0).exists()
    assert player_account(players[0]).balance == START


def test_a_bet_does_not_wait_for_the_house_that_a_settlement_holds():
    """A bet moves chips from the player to the round's escrow: it does not
    lock the house's row, so one table's bets never wait on another table's
    settlement (casino/tables/database_thread.py runs them side by side on
    PostgreSQL). A loss to the house still waits for it."""
    ann, bob = (Player.objects.create(nickname=name) for name in ("Ann", "Bob"))
    for player in (ann, bob):
        open_wallet(player)
    house_account()
    holding, release = threading.Event(), threading.Event()

    def settlement():  # table 1 pays Bob: the house stays locked until its commit
        with transaction.atomic():
            book_moves(
                [ChipMove(STAKE, bob.pk, 100, "spot 1"), ChipMove(WIN, bob.pk, 500, "spot 1 wins")], 1, 1
            )
            holding.set()
            release.wait(30)

    def booked(moves):
        def book():
            with transaction.atomic():
                if connection.vendor == "postgresql":
                    with connection.cursor() as cursor:
                        cursor.execute("SET LOCAL lock_timeout = '2s'")
                started = time.monotonic()
                book_moves(moves, 2, 1)
                return time.monotonic() - started

        return book

    one = InThread(settlement)
    one.start()
    assert holding.wait(30)
    try:
        bet = InThread(booked([ChipMove(STAKE, ann.pk, 100, "spot 2")]))
        bet.start()
        if connection.vendor == "postgresql":
            assert bet.outcome() < 1.0  # not held up by the settlement's lock on the house
            lost = InThread(booked([ChipMove(LOSE, ann.pk, 100, "spot 2 loses")]))
            lost.start()
            with pytest.raises(Exception, match="lock timeout"):
                lost.outcome()  # the house is the settlement's until it commits
    finally:
        release.set()
    one.outcome()
    if connection.vendor != "postgresql":
        bet.outcome()  # SQLite: one writer at a time; it booked once the settlement committed
    assert balance_of(ann) == START - 100 and balance_of(bob) == START - 100 + 500
    assert_ledger_balanced()
