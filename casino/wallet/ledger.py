"""The only code that moves chips. Call it inside the transaction.atomic()
block that also saves the game event causing the movement."""

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F, Sum
from django.utils import timezone

from casino.accounts.models import Player
from casino.wallet.models import Account, Entry, LedgerTransaction
from games.engine import CENTS_PER_CHIP, LOSE, REFUND, RETURN, STAKE, WIN, format_chips

HOUSE_NAME = "house"
TEST_HOUSE_NAME = "house:test-chips"


class InsufficientFunds(Exception):
    def __init__(self, account, balance, needed):
        self.account, self.balance, self.needed = account, balance, needed
        super().__init__(
            f"Not enough chips: you have {format_chips(balance)}, this needs {format_chips(needed)}."
        )


class TopUpRefused(Exception):
    pass


def house_account():
    account, _ = Account.objects.get_or_create(name=HOUSE_NAME, defaults={"kind": Account.HOUSE})
    return account


def player_account(player):
    account, _ = Account.objects.get_or_create(
        player=player, defaults={"kind": Account.PLAYER, "name": f"player:{player.pk}"}
    )
    return account


def test_house_account():
    """Where test chips come from and go back to: never the real house."""
    account, _ = Account.objects.get_or_create(name=TEST_HOUSE_NAME, defaults={"kind": Account.HOUSE})
    return account


def test_account(player):
    """The player's test chips (docs/architecture.md, "Randomness"), opened with the
    starting amount the first time they play at a test table. Call it
    inside transaction.atomic()."""
    account = Account.objects.filter(test_player=player).first()
    if account is None:
        try:
            # Under a savepoint: the player's first wager at another test
            # table may open them at the same moment. On PostgreSQL our
            # INSERT then waits for that transaction and fails on the unique
            # name once it commits; its account is the one to play from.
            with transaction.atomic():
                account = Account.objects.create(
                    kind=Account.TEST, name=f"test:{player.pk}", test_player=player
                )
                start = settings.TEST_START_CHIPS * CENTS_PER_CHIP
                post(
                    [(test_house_account(), -start), (account, start)],
                    kind="test_chips",
                    memo="starting test chips",
                )
        except IntegrityError:
            account = Account.objects.get(test_player=player)
    return account


def wallet_account(player, test=False):
    """The account a player plays from: their test chips at a test table."""
    return test_account(player) if test else player_account(player)


def escrow_account_name(table_id, round_number):
    return f"escrow:table:{table_id}:round:{round_number}"


def escrow_account(table_id, round_number):
    account, _ = Account.objects.get_or_create(
        name=escrow_account_name(table_id, round_number), defaults={"kind": Account.ESCROW}
    )
    return account


def escrow_holds_chips(table_id, round_number):
    """Whether chips are staked in the table's round: its escrow holds some
    (an escrow never opened holds none). Between rounds it holds nothing."""
    name = escrow_account_name(table_id, round_number)
    return Account.objects.filter(name=name).exclude(balance=0).exists()


def balance_of(player, test=False):
    """The player's chips; ``test``: their test chips (the starting amount
    until they first play at a test table)."""
    if test:
        balance = Account.objects.filter(test_player=player).values_list("balance", flat=True).first()
        return settings.TEST_START_CHIPS * CENTS_PER_CHIP if balance is None else balance
    return Account.objects.filter(player=player).values_list("balance", flat=True).first() or 0


def lock(accounts):
    """Lock the accounts' rows until the transaction ends, all at once and in
    one order (by id), whoever asks. On PostgreSQL (READ COMMITTED) an
    UPDATE locks its row until the commit, so two transactions booking the
    same accounts leg by leg in different orders (one table's stake then
    house win, another's house win then stake) would deadlock, and one of
    them would be lost; and a balance read before another transaction's
    commit would be stale (two top-ups at once). SQLite takes its one write
    lock at BEGIN (settings.py), where this changes nothing.
    Returns {account id: balance} as of the lock."""
    ids = sorted({account.pk for account in accounts})
    return dict(
        Account.objects.select_for_update().filter(pk__in=ids).order_by("pk").values_list("pk", "balance")
    )


def post(legs, kind, memo="", table_id=None, round_number=None):
    """Book one balanced transaction. ``legs`` is [(Account, cents), ...]
    summing to zero. A player account may not go below zero: that raises
    InsufficientFunds, and the caller's atomic block rolls everything back."""
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("ledger.post must run inside transaction.atomic()")
    lock(account for account, _ in legs)
    return _book(legs, kind, memo, table_id, round_number)


def _book(legs, kind, memo, table_id, round_number):
    """``post`` once the legs' accounts are locked."""
    if sum(amount for _, amount in legs) != 0:
        raise ValueError(f"unbalanced ledger transaction: {legs!r}")
    txn = LedgerTransaction.objects.create(
        kind=kind, memo=memo[:200], table_id=table_id, round_number=round_number
    )
    Entry.objects.bulk_create(
        [Entry(transaction=txn, account=account, amount=amount) for account, amount in legs]
    )
    for account, amount in legs:
        Account.objects.filter(pk=account.pk).update(balance=F("balance") + amount)
        account.balance = Account.objects.values_list("balance", flat=True).get(pk=account.pk)
        if account.kind in Account.WALLETS and account.balance < 0:
            raise InsufficientFunds(account, account.balance - amount, -amount)
    return txn


# How each kind of ChipMove from a game's rules is booked: (debited, credited).
_MOVE_LEGS = {
    STAKE: ("player", "escrow"),
    REFUND: ("escrow", "player"),
    RETURN: ("escrow", "player"),
    LOSE: ("escrow", "house"),
    WIN: ("house", "player"),
}


def _lock_for_moves(accounts, players, names, test):
    """Find and lock (see lock()), in one statement, the players' accounts
    (their test chips when ``test``) and the accounts named: the players' go
    into ``accounts`` by player id; returns the named ones by name."""
    connection = transaction.get_connection()
    owner = "test_player_id" if test else "player_id"
    players = sorted(players)
    sql = (
        f"SELECT id, kind, name, {owner}, balance FROM {Account._meta.db_table} "
        f"WHERE name IN ({', '.join(['%s'] * len(names))}) OR {owner} IN ({', '.join(['%s'] * len(players))}) "
        "ORDER BY id"
    )
    if connection.features.has_select_for_update:
        sql += " FOR UPDATE"
    by_name = {}
    columns = ["id", "kind", "name", owner, "balance"]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*names, *players])
        for row in cursor.fetchall():
            account = Account.from_db(connection.alias, columns, row)
            player, name = row[3], row[2]
            if player is not None:
                accounts[player] = account
            else:
                by_name[name] = account
    return by_name


def book_moves(moves, table_id, round_number, player_accounts=None, test=False):
    """Book a game transition's ChipMoves in order; returns the player
    accounts touched, by player id, with their new balances. ``test``: a
    test table's moves, between the players' test chips and the test house.

    Four statements whatever the number of moves (a table's busiest path: a
    bet, or a settlement paying every seat): one finds and locks every
    account (see lock()), one inserts the moves' LedgerTransactions, one
    their entries, one updates the balances. The balances are checked leg by
    leg, in order, from the locked ones before anything is written, as
    ``post`` checks them. Plain SQL: the ORM's building of these four
    statements cost several times their running (bench/worker.py)."""
    accounts = dict(player_accounts or {})
    if not moves:
        return accounts
    house_name = TEST_HOUSE_NAME if test else HOUSE_NAME
    escrow_name = escrow_account_name(table_id, round_number)
    players = {move.player for move in moves}
    # The house only when a move reaches it (a loss, a win): a bet moves
    # chips between the player and the round's escrow, and locking the one
    # house row anyway made every table's bets wait on each other's
    # transactions on PostgreSQL (casino/tables/database_thread.py).
    touches_house = any("house" in _MOVE_LEGS[move.kind] for move in moves)
    names = [house_name, escrow_name] if touches_house else [escrow_name]
    by_name = _lock_for_moves(accounts, players, names, test)
    missing = players - set(accounts)
    if missing:
        if not test:
            raise Account.DoesNotExist(f"no account for players {sorted(missing)}")
        # Their first test-table wager opens their test chips (from the test
        # house): then every account is read again, as it now stands.
        for player in missing:
            test_account(Player.objects.get(pk=player))
        by_name = _lock_for_moves(accounts, players, names, test)
    house = None
    if touches_house:
        house = by_name.get(house_name) or (test_house_account() if test else house_account())
    escrow = by_name.get(escrow_name) or escrow_account(table_id, round_number)  # the round's first move
    touched = [account for account in (house, escrow, *accounts.values()) if account is not None]
    balance = {account.pk: account.balance for account in touched}
    legs = []
    for move in moves:
        sides = {"player": accounts[move.player], "escrow": escrow, "house": house}
        debit, credit = (sides[side] for side in _MOVE_LEGS[move.kind])
        if debit.kind in Account.WALLETS and balance[debit.pk] < move.amount:
            raise InsufficientFunds(debit, balance[debit.pk], move.amount)
        balance[debit.pk] -= move.amount
        balance[credit.pk] += move.amount
        legs.append((move, debit.pk, credit.pk))
    _write_legs(legs, table_id, round_number)
    for account in touched:
        account.balance = balance[account.pk]
    return accounts


def _write_legs(legs, table_id, round_number):
    """The moves' LedgerTransactions (one each), their two entries and the
    balances, in three statements: [(ChipMove, debited id, credited id)]."""
    connection = transaction.get_connection()
    created = connection.ops.adapt_datetimefield_value(timezone.now())
    changes = {}
    for move, debit, credit in legs:
        changes[debit] = changes.get(debit, 0) - move.amount
        changes[credit] = changes.get(credit, 0) + move.amount
    changes = {pk: change for pk, change in changes.items() if change}
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {LedgerTransaction._meta.db_table} (kind, memo, table_id, round_number, created) "
            f"VALUES {', '.join(['(%s, %s, %s, %s, %s)'] * len(legs))} RETURNING id",
            [
                value
                for move, _, _ in legs
                for value in (move.kind, move.memo[:200], table_id, round_number, created)
            ],
        )
        # Rows come back in the order of the VALUES, as bulk_create relies on too.
        txns = [row[0] for row in cursor.fetchall()]
        cursor.execute(
            f"INSERT INTO {Entry._meta.db_table} (transaction_id, account_id, amount) "
            f"VALUES {', '.join(['(%s, %s, %s)'] * (2 * len(legs)))}",
            [
                value
                for txn, (move, debit, credit) in zip(txns, legs, strict=True)
                for value in (txn, debit, -move.amount, txn, credit, move.amount)
            ],
        )
        if changes:
            cursor.execute(
                f"UPDATE {Account._meta.db_table} SET balance = balance + CASE id "
                f"{' '.join(['WHEN %s THEN %s'] * len(changes))} END "
                f"WHERE id IN ({', '.join(['%s'] * len(changes))})",
                [*(value for item in changes.items() for value in item), *changes],
            )


def open_wallet(player):
    """A new player's play money, from the house."""
    start = settings.WALLET_START_CHIPS * CENTS_PER_CHIP
    with transaction.atomic():
        account = player_account(player)
        post([(house_account(), -start), (account, start)], kind="welcome", memo="starting chips")
    return account


def at_stake(account):
    """Cents of ``account`` riding in rounds not settled yet: what it staked
    into round escrows that still hold chips, less what came back from them.
    A stake lost while the rest of its round plays on still counts until the
    round settles."""
    open_escrows = Account.objects.filter(kind=Account.ESCROW).exclude(balance=0)
    legs = Entry.objects.filter(account=account, transaction__entries__account__in=open_escrows)
    return max(0, -(legs.aggregate(total=Sum("amount"))["total"] or 0))


def top_up(player, table_minimum_cents):
    """Bring a player back to the starting chips, when below the table's
    minimum wager and at most once per interval. Chips still riding in a
    round count as the player's: no top-up while they could come back."""
    target = settings.WALLET_START_CHIPS * CENTS_PER_CHIP
    now = timezone.now()
    with transaction.atomic():
        account = player_account(player)
        # Locked before reading: a top-up or a stake committing meanwhile
        # waits for ours, and ours reads what they committed.
        account.balance = lock([account, house_account()])[account.pk]
        player.refresh_from_db(fields=["last_top_up"])
        staked = at_stake(account)
        if account.balance + staked >= table_minimum_cents:
            if staked:
                raise TopUpRefused(
                    f"You have {format_chips(staked)} riding in a round: top-ups are for players below the "
                    "table minimum once their rounds are over."
                )
            raise TopUpRefused(
                f"Top-ups are for players below the table minimum "
                f"({format_chips(table_minimum_cents)}); you have {format_chips(account.balance)}."
            )
        if player.last_top_up:
            wait = settings.WALLET_TOP_UP_INTERVAL_SECONDS - (now - player.last_top_up).total_seconds()
            if wait > 0:
                raise TopUpRefused(f"You can top up again in {int(wait // 60) + 1} minutes.")
        amount = target - account.balance
        post([(house_account(), -amount), (account, amount)], kind="top_up", memo="top-up")
        player.last_top_up = now
        player.save(update_fields=["last_top_up"])
    return amount


def reset_test_chips(player):
    """Bring the player's test chips back to the starting amount, at will
    (up or down): they are worth nothing outside test tables. Chips riding
    in a test round stay there and settle as usual. Returns the new balance."""
    target = settings.TEST_START_CHIPS * CENTS_PER_CHIP
    with transaction.atomic():
        account = test_account(player)
        account.balance = lock([account, test_house_account()])[account.pk]
        change = target - account.balance
        if change:
            post(
                [(test_house_account(), -change), (account, change)],
                kind="test_chips",
                memo="test chips reset",
            )
    return target


def ledger_totals():
    """(sum of every entry, accounts whose cached balance differs from its entries).

    The reads share one snapshot, so a transaction committing between them
    (a live table settling) is never reported as a difference: SQLite's
    transaction holds one; PostgreSQL's needs REPEATABLE READ."""
    connection = transaction.get_connection()
    outermost = not connection.in_atomic_block
    with transaction.atomic():
        if connection.vendor == "postgresql" and outermost:
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        total = Entry.objects.aggregate(total=Sum("amount"))["total"] or 0
        sums = dict(Entry.objects.values_list("account").annotate(total=Sum("amount")))
        accounts = list(Account.objects.all())
    mismatched = [account for account in accounts if account.balance != sums.get(account.pk, 0)]
    return total, mismatched
