"""Worker throughput: transitions a second that one table worker commits, on
one core, against the bare cost of the same database transaction in the same run.

    make bench-worker      (python -m casino.embedded_redis -- python bench/worker.py)

No websockets: the bench drives the table runtime as the worker does, two ways:

- runtime: ``TableRuntime.act`` called in a loop (the rules, the ledger, the
  snapshot and the round record in one transaction);
- owner: real ``TableOwner`` tasks, one per table, fed through their inbox
  (``owner.inbox``, what their channel-layer receiver fills): each message
  goes through ``database_sync_to_async(runtime.act)`` on the worker's one
  database thread, then the broadcast (channel-layer ``group_send`` to the
  table's and each player's group) on the real Redis.

Two workloads, on ``--tables`` tables of ``--players`` seated players each:

- Dreamcatcher bets: every player bets a chip on a spot, round robin over the
  tables, ``--bets`` bets a table and round (the round record grows with
  them), then the table's clock plays the round out (spin, bonus spins,
  settlement: timed apart, as "timer" transitions);
- card-game decisions (``--game``, Spanish 21 by default, or Player's Edge
  21): each player bets, the clock deals, then the players decide (hit below
  17, else stand; decisions are planned on the pure rules, so a whole
  round's can be queued at once) until the dealer plays and the round settles.

Beside them, the bare transaction (``bare``): in one ``transaction.atomic()``,
with plain SQL through Django's connection, what a transition has to write: the
UPDATE of the table row (a live table's snapshot, JSON-encoded each time), a
step of the round record (an UPDATE of a round row with one step's JSON),
and for a bet the ledger's transaction, its two entries and the two balances.
The three alternate in ``--chunks`` bursts so they meet the same background
load; the ratio is each rate over the bare one.

The bench pins itself (and so the worker's database thread) to one CPU
(``--cpu``); Redis runs where the scheduler puts it. Afterwards the ledger
must sum to zero with every balance equal to its entries, every version
must have been reached (no action refused), and the rounds' records must
replay identically. ``--database postgres://...``: an empty throwaway
PostgreSQL database instead of the temporary SQLite file (the bench
migrates it and fills it). ``--profile FILE``: cProfile of the runtime
bursts. Exit status 1 when a check fails or the target (owner path at least
``TARGET`` transitions a second for both workloads) is not met.
"""

import argparse
import asyncio
import cProfile
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

TARGET = 1000  # transitions a second on one core, each workload, through the owner
DREAMCATCHER = {"betting_seconds": 300, "spin_seconds": 1, "result_seconds": 0, "max_bet": 500}
CARDS = {
    "betting_seconds": 300,
    "deal_seconds": 0,
    "insurance_seconds": 1,
    "action_seconds": 120,
    "result_seconds": 0,
    "min_bet": 1,
    "progressive": 0,  # no meter linked: the meters' path is bench/meters.py's
}
CARD_AREAS_OFF = {"spanish21": {"match_the_dealer": 0}, "players_edge21": {}}
SPOTS = ("1", "2", "5", "10", "20", "40")
POLL_SECONDS = 0.0005
MAX_TICKS = 50  # a round played out takes a handful; more means the bench lost its way
WAIT_SECONDS = 30  # an owner that has not reached a version by then refused something


def log(text):
    print(text, file=sys.stderr, flush=True)


class Clock:
    """A table's clock (one each: moving one table's on must not run out
    another's): it moves only when the bench plays a phase out, so no
    betting window closes in the middle of a burst."""

    def __init__(self):
        self.now = 1_000_000.0

    def __call__(self):
        return self.now


class Series:
    def __init__(self):
        self.count = 0
        self.seconds = 0.0

    def add(self, count, seconds):
        self.count += count
        self.seconds += seconds

    @property
    def rate(self):
        return self.count / self.seconds if self.seconds else 0.0

    @property
    def ms(self):
        return 1000 * self.seconds / self.count if self.count else 0.0


# -- setting up -------------------------------------------------------------


def make_players(count, prefix):
    from casino.accounts.models import Player
    from casino.wallet.ledger import open_wallet

    players = []
    for number in range(count):
        player = Player.objects.create(nickname=f"{prefix}{number}")
        open_wallet(player)
        players.append(player)
    return players


def make_tables(game, config, count, seats, prefix):
    from casino.tables.models import Table

    return [
        Table.objects.create(game=game, name=f"{prefix} {number}", config=config, max_seats=seats)
        for number in range(count)
    ]


def sit_message(runtime):
    return {"action": "sit", "round": runtime.round}


def bet_message(runtime, choices, spot=None):
    return {"action": "bet", "spot": spot or choices.choice(SPOTS), "amount": "1", "round": runtime.round}


# -- the runtime, called directly ----------------------------------------------


class Direct:
    """Tables whose runtimes the bench calls itself, as an owner would."""

    def __init__(self, tables, players_per_table):
        from casino.tables.runtime import TableRuntime

        self.seated = []  # (runtime, [players])
        for table in tables:
            runtime = TableRuntime(table, clock=Clock())
            runtime.start()
            players = make_players(players_per_table, f"D{table.pk}-")
            for player in players:
                runtime.act(player.pk, player.nickname, sit_message(runtime))
            self.seated.append((runtime, players))

    def play_out(self, runtime, until):
        """Tick the table's clock until ``until(state)``; returns the ticks."""
        ticks = 0
        while not until(runtime.state):
            if ticks > MAX_TICKS:
                raise RuntimeError(f"table {runtime.table.pk}: {ticks} ticks and still not there")
            runtime.clock.now = max(runtime.clock.now, runtime.snapshot["timer"]["deadline"])
            if runtime.tick() is not None:
                ticks += 1
        return ticks


def direct_bets(direct, bets, choices, timer):
    """``bets`` bets a table, round robin; then each round is played out."""
    from games.dreamcatcher import rules

    plan = []
    for index in range(bets):
        for runtime, players in direct.seated:
            plan.append((runtime, players[index % len(players)]))
    rounds = [runtime.round for runtime, _ in direct.seated]
    started = time.perf_counter()
    for runtime, player in plan:
        runtime.act(player.pk, player.nickname, bet_message(runtime, choices))
    elapsed = time.perf_counter() - started
    ticked = time.perf_counter()
    ticks = 0
    for (runtime, _), number in zip(direct.seated, rounds, strict=True):
        ticks += direct.play_out(runtime, next_betting(number, rules.BETTING))
    timer.add(ticks, time.perf_counter() - ticked)
    return len(plan), elapsed


def next_betting(number, betting):
    """Round ``number`` is over: the next one takes bets."""
    return lambda state: state.round > number and state.phase == betting


def playing(number):
    """Round ``number``'s hands are being played, or it ended without play
    (the dealer's blackjack, or every player's)."""
    from games.blackjack import round as bj

    return lambda state: state.round > number or state.phase in (bj.PLAYING, bj.RESULT)


def plan_decisions(rules, config, state):
    """The round's decisions, in turn order: hit below 17, else stand, as the
    pure rules will take them (a hit draws from the shoe in the state)."""
    from games.blackjack import round as bj
    from games.blackjack.hands import total
    from games.cards.rng import system_rng
    from games.engine import Action

    plan = []
    while state.phase == bj.PLAYING:
        seat, index = state.turn
        spot = state.spot(seat)
        hand = state.hand(seat, index)
        legal = rules.legal_actions(state, seat)
        kind = bj.HIT if bj.HIT in legal and total(bj.hand_cards(hand))[0] < 17 else bj.STAND
        plan.append((spot["player"], seat, kind))
        state = rules.apply(state, Action(kind, spot["player"], {}, seat=seat), config, system_rng()).state
    return plan


def deal_round(direct, rules):
    """Every seated player bets, the clock deals: the decisions to make, a
    table at a time: [(runtime, round, [(player, seat, kind), ...])]."""
    plans = []
    ticks = 0
    for runtime, players in direct.seated:
        number = runtime.round
        for player in players:
            runtime.act(player.pk, player.nickname, {"action": "bet", "amount": "1", "round": number})
        ticks += direct.play_out(runtime, playing(number))
        plans.append((runtime, number, plan_decisions(rules, runtime.config, runtime.state)))
    return plans, ticks


def decision_messages(number, plan):
    return [(player, "P", {"action": kind, "seat": seat, "round": number}) for player, seat, kind in plan]


def decide(plans):
    count = 0
    for runtime, number, plan in plans:
        for message in decision_messages(number, plan):
            runtime.act(*message)
            count += 1
    return count


def finish_round(direct, plans):
    from games.blackjack import round as bj

    return sum(direct.play_out(runtime, next_betting(number, bj.BETTING)) for runtime, number, _ in plans)


def direct_decisions(direct, rules, timer):
    """One round a table: bets and the deal (timed as timer transitions),
    then the decisions (timed)."""
    ticked = time.perf_counter()
    plans, ticks = deal_round(direct, rules)
    setup = time.perf_counter() - ticked
    started = time.perf_counter()
    count = decide(plans)
    elapsed = time.perf_counter() - started
    ticked = time.perf_counter()
    ticks += finish_round(direct, plans)
    timer.add(ticks, setup + time.perf_counter() - ticked)
    return count, elapsed


# -- the runtime, several actions a transaction (act_many) ------------------------------


async def batched_bets(direct, bets, choices, batch):
    """As ``direct_bets``, each table's bets given ``batch`` at a time to
    ``act_many`` through the worker's database thread, as an owner would
    give it what its inbox holds. Returns (bets, seconds)."""
    from channels.db import database_sync_to_async

    from games.dreamcatcher import rules

    rounds = [runtime.round for runtime, _ in direct.seated]
    started = time.perf_counter()
    count = 0
    for first in range(0, bets, batch):
        for runtime, players in direct.seated:
            messages = [
                (player.pk, player.nickname, bet_message(runtime, choices))
                for player in (
                    players[index % len(players)] for index in range(first, min(bets, first + batch))
                )
            ]
            results = await database_sync_to_async(runtime.act_many)(messages)
            refused = [str(result) for result in results if isinstance(result, Exception)]
            if refused:
                raise RuntimeError(f"act_many refused {refused[0]!r}")
            count += len(results)
    elapsed = time.perf_counter() - started

    def finish():
        for (runtime, _), number in zip(direct.seated, rounds, strict=True):
            direct.play_out(runtime, next_betting(number, rules.BETTING))

    await database_sync_to_async(finish)()
    return count, elapsed


async def batched_decisions(direct, rules):
    """A round a table; its decisions in one ``act_many`` a table."""
    from channels.db import database_sync_to_async

    plans, _ = await database_sync_to_async(deal_round)(direct, rules)
    started = time.perf_counter()
    count = 0
    for runtime, number, plan in plans:
        if plan:
            results = await database_sync_to_async(runtime.act_many)(decision_messages(number, plan))
            refused = [str(result) for result in results if isinstance(result, Exception)]
            if refused:
                raise RuntimeError(f"act_many refused {refused[0]!r}")
            count += len(results)
    elapsed = time.perf_counter() - started
    await database_sync_to_async(finish_round)(direct, plans)
    return count, elapsed


# -- the owner path ----------------------------------------------------------------


class Owners:
    """Real table owners in this event loop, fed through their inboxes."""

    def __init__(self):
        self.owners = []  # (owner, task, [players])
        self.pending = {}  # table id -> the version once the owner has taken all it was sent

    async def start(self, tables, players_per_table):
        from channels.db import database_sync_to_async

        from casino.tables.owner import TableOwner

        for table in tables:
            owner = TableOwner(table.pk, clock=Clock())
            task = asyncio.create_task(owner.run())
            players = await database_sync_to_async(make_players)(players_per_table, f"O{table.pk}-")
            self.owners.append((owner, task, players))
            while owner.runtime is None:
                await asyncio.sleep(POLL_SECONDS)
            await self.wait(owner, 1)  # its start: the first snapshot and the clock
            for player in players:
                await self.send(owner, player.pk, player.nickname, sit_message(owner.runtime))
        await self.settle()

    async def send(self, owner, player, nickname, message):
        self.pending[owner.table_id] = self.pending.get(owner.table_id, owner.runtime.version) + 1
        await owner.inbox.put(
            {"type": "table.action", "player": player, "nickname": nickname, "message": message}
        )

    async def settle(self):
        """Until every owner has committed what it was sent."""
        for owner, _, _ in self.owners:
            await self.wait(owner, self.pending.get(owner.table_id, 0))

    async def wait(self, owner, version):
        task = next(task for known, task, _ in self.owners if known is owner)
        deadline = time.monotonic() + WAIT_SECONDS
        while owner.runtime.version < version:
            if task.done():
                task.result()  # the owner failed: its exception
                raise RuntimeError(f"the owner of table {owner.table_id} stopped")
            if time.monotonic() > deadline:
                raise RuntimeError(
                    f"table {owner.table_id} is at version {owner.runtime.version}, not {version}: "
                    "an action was refused"
                )
            await asyncio.sleep(POLL_SECONDS)

    async def play_out(self, owner, until):
        """Let the owner's own clock fire until ``until(state)``: the bench moves
        the clock to the deadline and wakes the owner, which ticks."""
        ticks = 0
        while not until(owner.runtime.state):
            if ticks > MAX_TICKS:
                raise RuntimeError(f"table {owner.table_id}: {ticks} ticks and still not there")
            version = owner.runtime.version
            owner.clock.now = max(owner.clock.now, owner.runtime.snapshot["timer"]["deadline"])
            await owner.inbox.put({"type": "bench.wake"})  # not an action: the owner only loops
            await self.wait(owner, version + 1)
            ticks += 1
        self.pending[owner.table_id] = owner.runtime.version
        return ticks

    async def stop(self):
        for _, task, _ in self.owners:
            task.cancel()
        await asyncio.gather(*(task for _, task, _ in self.owners), return_exceptions=True)


async def owner_bets(owners, bets, choices, timer):
    from games.dreamcatcher import rules

    rounds = [owner.runtime.round for owner, _, _ in owners.owners]
    started = time.perf_counter()
    count = 0
    for index in range(bets):
        for owner, _, players in owners.owners:
            player = players[index % len(players)]
            await owners.send(owner, player.pk, player.nickname, bet_message(owner.runtime, choices))
            count += 1
    await owners.settle()
    elapsed = time.perf_counter() - started
    ticked = time.perf_counter()
    ticks = 0
    for (owner, _, _), number in zip(owners.owners, rounds, strict=True):
        ticks += await owners.play_out(owner, next_betting(number, rules.BETTING))
    timer.add(ticks, time.perf_counter() - ticked)
    return count, elapsed


async def owner_decisions(owners, rules, timer):
    from games.blackjack import round as bj

    ticked = time.perf_counter()
    ticks = 0
    rounds = [owner.runtime.round for owner, _, _ in owners.owners]
    for (owner, _, players), number in zip(owners.owners, rounds, strict=True):
        for player in players:
            message = {"action": "bet", "amount": "1", "round": number}
            await owners.send(owner, player.pk, player.nickname, message)
    await owners.settle()
    plans = []
    for (owner, _, _), number in zip(owners.owners, rounds, strict=True):
        ticks += await owners.play_out(owner, playing(number))
        plans.append((owner, number, plan_decisions(rules, owner.runtime.config, owner.runtime.state)))
    setup = time.perf_counter() - ticked
    started = time.perf_counter()
    count = 0
    for owner, number, plan in plans:
        for player, seat, kind in plan:
            await owners.send(owner, player, "P", {"action": kind, "seat": seat, "round": number})
            count += 1
    await owners.settle()
    elapsed = time.perf_counter() - started
    ticked = time.perf_counter()
    for owner, number, _ in plans:
        ticks += await owners.play_out(owner, next_betting(number, bj.BETTING))
    timer.add(ticks, setup + time.perf_counter() - ticked)
    return count, elapsed


# -- the bare transaction ------------------------------------------------------------


class Bare:
    """What a transition has to write, in plain SQL: the floor."""

    def __init__(self, runtime, player, with_ledger):
        from casino.tables.models import Round, Table
        from casino.wallet.ledger import escrow_account, house_account
        from casino.wallet.models import Account, Entry, LedgerTransaction

        # A table of the bench's own, holding a copy of a live table's
        # snapshot: the live tables' rows and records stay their runtimes'.
        table = Table.objects.create(
            game=runtime.table.game,
            name=f"Bare {runtime.table.name}",
            config=runtime.table.config,
            is_open=False,
            state=runtime.snapshot,
        )
        self.table_id = table.pk
        self.snapshot = runtime.snapshot
        self.round_id = Round.objects.create(table=table, number=runtime.round).pk
        self.with_ledger = with_ledger
        self.player_account = Account.objects.get(player=player).pk
        self.escrow = escrow_account(self.table_id, 10**9).pk  # a round of its own: real rounds stay whole
        self.house = house_account().pk
        self.step = {
            "at": "2026-01-01T00:00:00+00:00",
            "action": {"kind": "bet", "player": player.pk, "seat": 1, "data": {"spot": "1", "amount": 100}},
            "draws": [],
            "meters": None,
            "moves": [{"kind": "stake", "player": player.pk, "amount": 100, "memo": "1"}]
            if with_ledger
            else [],
            "log": [{"player": player.pk, "text": "bets 1 on 1"}],
            "state_hash": "0" * 64,
        }
        self.sql_table = (
            f"UPDATE {Table._meta.db_table} SET state = %s, version = version + 1, updated = %s WHERE id = %s"
        )
        # One step's JSON into the round's row: the write of a step, the same
        # in the round record's old storage (one growing row) and new (a row a step).
        self.sql_round = f"UPDATE {Round._meta.db_table} SET result = %s WHERE id = %s"
        self.sql_txn = (
            f"INSERT INTO {LedgerTransaction._meta.db_table} (kind, memo, table_id, round_number, created) "
            "VALUES (%s, %s, %s, %s, %s) RETURNING id"
        )
        self.sql_entries = f"INSERT INTO {Entry._meta.db_table} (transaction_id, account_id, amount) VALUES (%s, %s, %s), (%s, %s, %s)"
        self.sql_balance = (
            f"UPDATE {Account._meta.db_table} SET balance = balance + %s WHERE id = %s RETURNING balance"
        )
        self.moved = 0

    def run(self, count):
        from django.db import connection, transaction
        from django.utils import timezone

        started = time.perf_counter()
        for _ in range(count):
            with transaction.atomic(), connection.cursor() as cursor:
                now = timezone.now()
                if self.with_ledger:
                    cursor.execute(self.sql_txn, ["stake", "bench", self.table_id, 10**9, now])
                    (txn,) = cursor.fetchone()
                    cursor.execute(self.sql_entries, [txn, self.player_account, -1, txn, self.escrow, 1])
                    cursor.execute(self.sql_balance, [-1, self.player_account])
                    cursor.fetchone()
                    cursor.execute(self.sql_balance, [1, self.escrow])
                    cursor.fetchone()
                    self.moved += 1
                cursor.execute(self.sql_table, [json.dumps(self.snapshot), now, self.table_id])
                cursor.execute(self.sql_round, [json.dumps(self.step), self.round_id])
        return time.perf_counter() - started

    def give_back(self):
        """The bench's own chips back to the player: the ledger sums to zero."""
        from django.db import transaction

        from casino.wallet.ledger import post
        from casino.wallet.models import Account

        if self.moved:
            with transaction.atomic():
                escrow = Account.objects.get(pk=self.escrow)
                player = Account.objects.get(pk=self.player_account)
                post([(escrow, -self.moved), (player, self.moved)], kind="refund", memo="bench bare")
            self.moved = 0


# -- measuring ---------------------------------------------------------------------


def count_queries(function, *args):
    """(result, SQL statements run by ``function``)."""
    from django.db import connection

    statements = []

    def counter(execute, sql, params, many, context):
        statements.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(counter):
        result = function(*args)
    return result, len(statements)


async def measure(args):
    from channels.db import database_sync_to_async

    from games.players_edge21 import rules as players_edge21
    from games.spanish21 import rules as spanish21

    card_rules = {"spanish21": spanish21, "players_edge21": players_edge21}[args.game]
    choices = random.Random(12)
    sync = database_sync_to_async
    profile = cProfile.Profile() if args.profile else None

    def prepare():
        bet_tables = make_tables("dreamcatcher", DREAMCATCHER, 2 * args.tables, args.players, "Wheel")
        card_tables = make_tables(
            args.game, {**CARDS, **CARD_AREAS_OFF[args.game]}, 2 * args.tables, args.players, "Cards"
        )
        return (
            Direct(bet_tables[: args.tables], args.players),
            Direct(card_tables[: args.tables], args.players),
            bet_tables[args.tables :],
            card_tables[args.tables :],
        )

    direct_wheel, direct_cards, owner_wheel_tables, owner_card_tables = await sync(prepare)()
    wheel, cards = Owners(), Owners()
    await wheel.start(owner_wheel_tables, args.players)
    await cards.start(owner_card_tables, args.players)

    def make_bare():
        runtime, players = direct_wheel.seated[0]
        bet = Bare(runtime, players[0], with_ledger=True)
        # A table that has dealt a round: its snapshot carries the shoe.
        card_runtime, card_players = direct_cards.seated[0]
        decision = Bare(card_runtime, card_players[0], with_ledger=False)
        return bet, decision

    results = {
        name: Series()
        for name in (
            "bare bet",
            "runtime bet",
            "owner bet",
            "bare decision",
            "runtime decision",
            "owner decision",
            "batched bet",
            "batched decision",
            "runtime timer",
            "owner timer",
        )
    }
    cards_timer_direct, cards_timer_owner = Series(), Series()

    def profiled(function, *fargs):
        if profile is None:
            return function(*fargs)
        profile.enable()
        try:
            return function(*fargs)
        finally:
            profile.disable()

    def queries_per_transition():
        """SQL statements a bet and a decision, outside the timed bursts."""
        runtime, players = direct_wheel.seated[0]
        number = runtime.round
        _, bets = count_queries(
            lambda: [
                runtime.act(player.pk, player.nickname, bet_message(runtime, choices)) for player in players
            ]
        )
        direct_wheel.play_out(runtime, next_betting(number, "betting"))
        plans, _ = deal_round(direct_cards, card_rules)
        decisions = sum(len(plan) for _, _, plan in plans)
        _, statements = count_queries(decide, plans)
        finish_round(direct_cards, plans)
        return {"bet": bets / len(players), "decision": statements / max(1, decisions)}

    queries = await sync(queries_per_transition)()

    bare_bet, bare_decision = await sync(make_bare)()
    for chunk in range(args.chunks + 1):  # the first is a warm-up
        keep = chunk > 0
        seconds = await sync(bare_bet.run)(args.bets * args.tables)
        if keep:
            results["bare bet"].add(args.bets * args.tables, seconds)
        count, seconds = await sync(profiled)(
            direct_bets, direct_wheel, args.bets, choices, results["runtime timer"]
        )
        if keep:
            results["runtime bet"].add(count, seconds)
        count, seconds = await owner_bets(wheel, args.bets, choices, results["owner timer"])
        if keep:
            results["owner bet"].add(count, seconds)
        decisions = Series()
        for _ in range(args.card_rounds):
            count, seconds = await sync(profiled)(
                direct_decisions, direct_cards, card_rules, cards_timer_direct
            )
            decisions.add(count, seconds)
        if keep:
            results["runtime decision"].add(decisions.count, decisions.seconds)
        seconds = await sync(bare_decision.run)(decisions.count)
        if keep:
            results["bare decision"].add(decisions.count, seconds)
        decisions = Series()
        for _ in range(args.card_rounds):
            count, seconds = await owner_decisions(cards, card_rules, cards_timer_owner)
            decisions.add(count, seconds)
        if keep:
            results["owner decision"].add(decisions.count, decisions.seconds)
        if args.batch:
            count, seconds = await batched_bets(direct_wheel, args.bets, choices, args.batch)
            if keep:
                results["batched bet"].add(count, seconds)
            for _ in range(args.card_rounds):
                count, seconds = await batched_decisions(direct_cards, card_rules)
                if keep:
                    results["batched decision"].add(count, seconds)
        log(
            f"  chunk {chunk}{'' if keep else ' (warm-up)'}: bets bare {results['bare bet'].rate:,.0f}/s, "
            f"runtime {results['runtime bet'].rate:,.0f}/s, owner {results['owner bet'].rate:,.0f}/s; "
            f"decisions bare {results['bare decision'].rate:,.0f}/s, runtime {results['runtime decision'].rate:,.0f}/s, "
            f"owner {results['owner decision'].rate:,.0f}/s"
        )
    await sync(bare_bet.give_back)()
    results["runtime timer"].add(cards_timer_direct.count, cards_timer_direct.seconds)
    results["owner timer"].add(cards_timer_owner.count, cards_timer_owner.seconds)
    await wheel.stop()
    await cards.stop()
    if profile is not None:
        profile.dump_stats(args.profile)
        log(f"  cProfile of the runtime bursts in {args.profile}")
    problems = await sync(verify)(direct_wheel, direct_cards, wheel, cards)
    return results, queries, problems


def verify(direct_wheel, direct_cards, wheel, cards):
    from casino.tables.models import Round, Table
    from casino.tables.replay import replay
    from casino.wallet.ledger import ledger_totals

    problems = []
    total, mismatched = ledger_totals()
    if total != 0:
        problems.append(f"the ledger sums to {total}, not zero")
    if mismatched:
        problems.append(f"{len(mismatched)} balances differ from their entries")
    for owners in (wheel, cards):
        for owner, _, _ in owners.owners:
            stored = Table.objects.get(pk=owner.table_id).version
            expected = owners.pending.get(owner.table_id, 0)
            if stored != owner.runtime.version or stored < expected:
                problems.append(f"table {owner.table_id}: version {stored}, expected {expected}")
    tables = [r.table.pk for d in (direct_wheel, direct_cards) for r, _ in d.seated]
    tables += [o.table_id for owners in (wheel, cards) for o, _, _ in owners.owners]
    replayed = 0
    for record in Round.objects.filter(table_id__in=tables, finished__isnull=False):
        report = replay(record)
        replayed += 1
        if not report.identical:
            problems.append(f"{record}: replay differs: {report.difference}")
    log(f"  replayed {replayed} finished rounds")
    return problems


def report(args, results, queries, problems, elapsed, database):
    def line(what, series, bare):
        ratio = f"{series.rate / bare.rate:.2f}" if bare and bare.rate else "–"
        return f"| {what} | {series.count:,} | {series.rate:,.0f} | {series.ms:.2f} | {ratio} |"

    rows = [
        ("Dreamcatcher bet, bare transaction", "bare bet", None),
        ("Dreamcatcher bet, `TableRuntime.act`", "runtime bet", "bare bet"),
        ("Dreamcatcher bet, through the owner", "owner bet", "bare bet"),
        (f"Dreamcatcher bet, `act_many` ({args.batch} a call)", "batched bet", "bare bet"),
        (f"{args.game} decision, bare transaction", "bare decision", None),
        (f"{args.game} decision, `TableRuntime.act`", "runtime decision", "bare decision"),
        (f"{args.game} decision, through the owner", "owner decision", "bare decision"),
        (f"{args.game} decision, `act_many` (a round's a call)", "batched decision", "bare decision"),
        ("timer (close, spin, deal, settle), `tick`", "runtime timer", None),
        ("timer, through the owner", "owner timer", None),
    ]
    lines = ["| transitions | count | per second | ms each | ÷ bare |", "|---|---:|---:|---:|---:|"]
    for what, name, bare in rows:
        if results[name].count:
            lines.append(line(what, results[name], results[bare] if bare else None))
    print("\n".join(lines))
    print(
        f"\n{args.tables} tables of each kind, {args.players} seated players each, {args.bets} bets a table "
        f"and round, {args.card_rounds} card rounds a table, in {args.chunks} alternating chunks after a "
        f"warm-up; {database}; pinned to CPU {args.cpu}; {elapsed:.0f} s in all."
    )
    print(f"SQL statements (`act`): a bet {queries['bet']:.1f}, a decision {queries['decision']:.1f}.")
    for problem in problems:
        print(f"CHECK FAILED: {problem}")
    if not problems:
        print(
            "Checks: ledger sums to zero and balances match, every version reached, finished rounds replay."
        )
    met = {}
    for path, bet, decision in (
        ("owner", "owner bet", "owner decision"),
        ("act_many", "batched bet", "batched decision"),
    ):
        if results[bet].count and results[decision].count:
            met[path] = min(results[bet].rate, results[decision].rate) >= TARGET
            print(
                f"Target (≥ {TARGET:,} transitions/s, bets and decisions) through {path}: "
                f"{'met' if met[path] else 'NOT met'}."
            )
    # The owner path is the one a worker runs today; act_many is the runtime's
    # side of group commit, for the owner to call with what its inbox holds.
    return not problems and any(met.values())


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=4, help="tables of each kind and path")
    parser.add_argument("--players", type=int, default=7, help="seated players a table")
    parser.add_argument("--bets", type=int, default=100, help="Dreamcatcher bets a table and round")
    parser.add_argument("--card-rounds", type=int, default=5, help="card rounds a table and chunk")
    parser.add_argument("--chunks", type=int, default=3, help="alternating chunks of each path")
    parser.add_argument(
        "--batch", type=int, default=32, help="bets an act_many call (0: no act_many path, for older code)"
    )
    parser.add_argument("--game", choices=("spanish21", "players_edge21"), default="spanish21")
    parser.add_argument("--database", help="postgres://... of an empty throwaway database (default: SQLite)")
    parser.add_argument("--cpu", type=int, default=0, help="the CPU the bench is pinned to")
    parser.add_argument("--profile", help="write a cProfile of the runtime bursts here")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    os.sched_setaffinity(0, {args.cpu})  # before any thread: the database thread inherits it
    started = time.monotonic()
    tmp = Path(tempfile.mkdtemp(prefix="casino-bench-worker-"))
    own_redis = None
    if not os.environ.get("REDIS_URL"):
        from casino.embedded_redis import start

        own_redis, os.environ["REDIS_URL"] = start(tmp / "redis")
    database = args.database or f"sqlite:///{tmp / 'db.sqlite3'}"
    os.environ.update(
        DJANGO_SETTINGS_MODULE="casino.settings",
        DATABASE_URL=database,
        CASINO_VAR_DIR=str(tmp),
        CHANNEL_PREFIX=f"benchworker{os.getpid()}",
        LOG_LEVEL=os.environ.get("LOG_LEVEL", "WARNING"),
    )
    try:
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, check=True)
        import django

        django.setup()
        from casino.gc_tuning import tune_for_server
        from casino.tables.database_thread import start_checkpointer

        tune_for_server()  # as manage.py tableworker does
        stop_checkpoints = start_checkpointer()  # so does this
        try:
            results, queries, problems = asyncio.run(measure(args))
        finally:
            if stop_checkpoints is not None:
                stop_checkpoints()
    finally:
        if own_redis is not None:
            own_redis.terminate()
            own_redis.wait(timeout=10)
        if not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)
    kind = "PostgreSQL" if database.startswith("postgres") else "a temporary SQLite file"
    ok = report(args, results, queries, problems, time.monotonic() - started, kind)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
