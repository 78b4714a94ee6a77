"""The table runtime: one transition at a time, persisted before broadcast.

``TableRuntime`` is the synchronous core, generic over games: it validates an
action's envelope (round id, seat), handles seats, asks the game's pure rules
for the transition, and saves the new snapshot, the ledger entries and the
round record in one database transaction. The asynchronous owner in
``casino/tables/owner.py`` feeds it, one message at a time.

A transition whose outcome locks progressive wagers or asks for progressive
awards goes through ``progressive_hook``: the meter calls, then the rules'
``PROGRESSIVE_RESULT``, all in the same transition; the meters' moves are
recorded in the transaction that commits it.

Every rules transition is also a step of its round's record (a RoundStep
row: the action, the generator's draws, the meters' answer, the moves, the
log and a hash of the new state), appended in the same transaction
(casino/tables/round_record.py), so ``manage.py replay`` can re-run the round
through the pure rules (casino/tables/replay.py).

A table's snapshot (``Table.state``):

    {"game": <the rules' State as JSON>,
     "seats": {"1": player_id, ...}, "nicknames": {"<player_id>": "Ann"},
     "timer": {"key": ..., "deadline": epoch seconds},
     "log": [last lines of the round log], "announce": {"id": n, "text": ...},
     "rng": <a seeded test table's generator state, else null>}
"""

import time

from django.db import transaction
from django.utils import timezone

from casino.accounts import names
from casino.accounts.models import Player
from casino.accounts.roles import is_designer
from casino.chat import api as chat
from casino.progressives import api as progressives
from casino.progressives import owed as owed_awards
from casino.tables import access, progressive_hook, round_record
from casino.tables.exceptions import Refused, StaleOwner
from casino.tables.host import CLOSED, PAUSED, PREFIX, HostControls, refusal
from casino.tables.models import Table
from casino.tables.replay import step_record
from casino.wallet.ledger import InsufficientFunds, book_moves
from games.cards.rng import RecordingRandom, dump_state, seeded_rng, system_rng
from games.engine import STACK, Action, IllegalAction, handed_over_json, parse_whole
from games.engine import transition as apply_rules

LOG_LINES = 30
SIT = "sit"
LEAVE = "leave"
MISSING_ROUND = "Malformed message: every action must carry the round id."


class Step:
    """What a persisted transition gives the owner to broadcast."""

    def __init__(self, version, snapshot, balances, seats_changed, lines, table_event=False):
        self.table_event = table_event  # a phase change by the table's clock
        self.version = version
        self.snapshot = snapshot
        self.balances = balances
        self.seats_changed = seats_changed
        self.lines = lines
        # The rules' chip moves and the meters' answer (PROGRESSIVE_RESULT
        # data), for what the owner tells the chat after the commit (casino/chat/highlights.py).
        self.moves = ()
        self.meters = None
        # {player id: message}: whom the host removed, for the owner to close their sockets.
        self.removed = {}


def fresh_snapshot(spec):
    """A new table's snapshot, before its owner starts its clock."""
    return {
        "game": spec.rules.new_state().to_json(),
        "seats": {},
        "nicknames": {},
        "timer": None,
        "log": [],
        "announce": {"id": 0, "text": ""},
        "rng": None,
    }


def public_snapshot(snapshot):
    """The snapshot as every viewer may see it (no generator state)."""
    return {key: value for key, value in snapshot.items() if key != "rng"}


class TableRuntime:
    def __init__(self, table, clock=time.time):
        self.table = table
        self.spec = table.spec
        self.rules = self.spec.rules
        self.clock = clock
        self.config = table.rules_config()
        self.host = HostControls(self)  # a private table's host (host.py)
        self.snapshot = self.host.refresh(table.state or self._fresh_snapshot())
        self.version = table.version
        self.place = None  # where the current round's record stands (round_record.Place)
        self.batch = None  # inside act_many: what its one transaction writes at the end (Batch)

    @classmethod
    def load(cls, table_id, clock=time.time):
        return cls(Table.objects.get(pk=table_id), clock=clock)

    def _fresh_snapshot(self):
        return fresh_snapshot(self.spec)

    # -- reading ---------------------------------------------------------

    @property
    def state(self):
        return self.rules.State.from_json(self.snapshot["game"])

    @property
    def round(self):
        return self.snapshot["game"]["round"]

    def seat_of(self, player_id):
        for seat, occupant in self.snapshot["seats"].items():
            if occupant == player_id:
                return int(seat)
        return None

    def seconds_left(self):
        timer = self.snapshot.get("timer")
        if not timer:
            return None
        return max(0.0, timer["deadline"] - self.clock())

    # -- the entry points ------------------------------------------------

    def start(self):
        """Make sure the table has a snapshot and a running clock; called
        when an owner takes the table (first start, or after a restart)."""
        if self.table.state is None or self.snapshot.get("timer") is None:
            return self.commit(self.snapshot, [], [], round_number=self.round)
        return None

    def reload_config(self):
        table = Table.objects.only("config").get(pk=self.table.pk)
        self.config = self.spec.rules.Config.from_json(table.config or {})

    def tick(self):
        """Apply the phase's timer action if its deadline has passed."""
        left = self.seconds_left()
        if left is None or left > 0:
            return None
        _, _, action = self.rules.timer(self.state, self.config)
        return self.transition(action, player_id=None)

    def act(self, player_id, nickname, message):
        """A player's message (already JSON-decoded by the consumer).
        Returns a Step, or raises Refused with a message for the sender."""
        if player_id is None:
            raise Refused("Your browser has no player session: choose a nickname first.")
        kind = message.get("action")
        if not isinstance(kind, str) or not kind:
            raise Refused("Malformed message: it has no action.")
        if not self.table.is_open:
            raise Refused(CLOSED)
        if kind.startswith(PREFIX):
            return self.host.act(player_id, kind, message)
        if kind == STACK:
            return self._stack(player_id, message.get("text"))
        if kind == SIT:
            # A seat is not a wager and plays from the next deal whenever it
            # is taken: a sit from a page one round behind (the lobby's Join,
            # sent with the round the page was loaded on, reaching the owner
            # as the round turns) seats the player rather than bouncing them.
            if parse_whole(message.get("round")) is None:
                raise Refused(MISSING_ROUND)
        else:
            self._check_round(message.get("round"))
        seat = self.seat_of(player_id)
        claimed = message.get("seat")
        if claimed not in (None, "") and seat is not None and str(claimed) != str(seat):
            raise Refused(f"Seat {claimed} is not yours; you sit at seat {seat}.")
        if kind == SIT:
            return self._sit(player_id, nickname, seat, message.get("seat"))
        if kind == LEAVE:
            if seat is None:
                raise Refused("You are not seated at this table.")
            return self.transition(Action(self.rules.LEAVE, player_id, seat=seat), player_id, leave_seat=seat)
        if kind not in self.rules.PLAYER_ACTIONS:
            raise Refused(f"Unknown action {kind!r}.")
        if self.host.held():
            raise Refused(PAUSED)
        if seat is None:
            if claimed not in (None, ""):
                raise Refused(f"Seat {claimed} is not yours: take a seat of your own to play.")
            raise Refused("Take a seat to play; spectators can only watch.")
        data = {key: value for key, value in message.items() if key not in ("action", "round", "seat")}
        try:
            action = self.rules.parse_action(kind, data)
        except IllegalAction as exc:
            raise Refused(str(exc)) from None
        return self.transition(Action(action.kind, player_id, action.data, seat=seat), player_id=player_id)

    def act_many(self, messages):
        """Several players' messages, ``[(player_id, nickname, message), ...]``
        as ``act`` takes them, committed in one database transaction (group
        commit): each in a savepoint of its own, so a refused one changes
        nothing and the others stand; the table's row and the round records'
        new entries are written once, at the end. Returns, in order, a Step
        or the Refused exception for each message. Nothing is committed (and
        the runtime is as it was) if the transaction fails: the exception
        propagates, as a failing ``act``'s does."""
        before = (self.snapshot, self.version, self.place)
        results = []
        try:
            with transaction.atomic():
                self.batch = Batch(self.version)
                for player_id, nickname, message in messages:
                    try:
                        results.append(self.act(player_id, nickname, message))
                    except Refused as exc:
                        results.append(exc)
                if self.version != self.batch.version:
                    self._write_table(self.batch.version, self.snapshot, self.version, active=True)
                round_record.write_deferred(self.batch.entries)
        except BaseException:
            self.snapshot, self.version, self.place = before
            raise
        finally:
            self.batch = None
        return results

    def _stack(self, player_id, text):
        """A designer puts chosen cards, dice or wheel results next on a test
        table (any time: it is not a wager, so no round id is needed)."""
        if not self.table.is_test:
            raise Refused("Only a test table can be stacked.")
        player = Player.objects.select_related("user").filter(pk=player_id).first()
        if player is None or player.user is None or not is_designer(player.user):
            raise Refused("Only a designer's account can stack a test table.")
        return self.transition(Action(STACK, player_id, {"text": text}), player_id=player_id)

    # -- internals -------------------------------------------------------

    def _check_round(self, value):
        claimed = parse_whole(value)
        if claimed is None:
            raise Refused(MISSING_ROUND)
        if claimed != self.round:
            raise Refused(
                f"That action was for round {claimed}; the table is on round {self.round} now. "
                "Nothing was changed."
            )

    def _sit(self, player_id, nickname, seat, wanted):
        if seat is not None:
            raise Refused(f"You already sit at seat {seat}.")
        if self.table.is_test or self.table.is_private:
            player = Player.objects.select_related("user").filter(pk=player_id).first()
            if not access.may_join(self.table, player):
                raise Refused(access.TEST_TABLE_ONLY if self.table.is_test else refusal(self.table, player))
        seats = self.snapshot["seats"]
        free = [n for n in range(1, self.table.max_seats + 1) if str(n) not in seats]
        if wanted not in (None, ""):
            wanted = parse_whole(wanted)
            if wanted is None:
                raise Refused("Malformed message: the seat must be a number.")
            if wanted not in free:
                raise Refused(f"Seat {wanted} is not free.")
            chosen = wanted
        elif free:
            chosen = free[0]
        else:
            raise Refused("The table is full; you can watch until a seat frees up.")
        snapshot = self.copy_snapshot()
        snapshot["seats"][str(chosen)] = player_id
        # No two players at a table look the same.
        others = [name for player, name in snapshot["nicknames"].items() if player != str(player_id)]
        nickname = names.distinct_name(nickname, others)
        snapshot["nicknames"][str(player_id)] = nickname
        # When each sat down: a private table whose host left passes to the longest seated (host.py).
        snapshot["since"] = {**(snapshot.get("since") or {}), str(player_id): self.clock()}
        lines = [f"{nickname} sits at seat {chosen}."]
        hosting, fields = self.host.on_sit(snapshot, player_id, nickname)
        lines += hosting
        self.append_log(snapshot, lines)
        return self.commit_with_table(snapshot, lines, fields, hosting, seats_changed=True)

    def _rng(self, snapshot):
        if self.table.seed is None:
            return system_rng()
        return seeded_rng(self.table.seed, snapshot.get("rng"))

    def transition(self, action, player_id, leave_seat=None, extra_lines=(), also=None):
        """``extra_lines`` go before the rules' lines; ``also`` (a callable)
        writes more in the commit's transaction (a host's control, host.py)."""
        snapshot = self.copy_snapshot()
        # Every value the rules draw is kept in the round record, so a replay
        # can feed them back (docs/protocol.md, "Round records and replay").
        rng = RecordingRandom(self._rng(snapshot))
        round_number = self.round  # the round whose escrow these chips (and meter moves) belong to
        meter_moves, meters = [], None
        try:
            outcome = apply_rules(self.rules, self.state, action, self.config, rng)
            if progressive_hook.needed(outcome):
                outcome, meter_moves, meters = progressive_hook.settle(
                    self.rules, self.config, rng, self.table.pk, round_number, outcome
                )
        except IllegalAction as exc:
            raise Refused(str(exc)) from None
        new_state = outcome.state
        # The rules' new state is the runtime's from now on: no copy of it.
        snapshot["game"] = handed_over_json(new_state)
        snapshot["rng"] = dump_state(rng)
        lines = [*extra_lines, *(self._line(snapshot, item) for item in outcome.log)]
        if leave_seat is not None:
            nickname = snapshot["nicknames"].pop(str(player_id), "A player")
            del snapshot["seats"][str(leave_seat)]
            since = snapshot.get("since") or {}
            snapshot["since"] = {pid: at for pid, at in since.items() if pid != str(player_id)}
            lines.append(f"{nickname} leaves seat {leave_seat}.")
        more, fields = [], {}
        if snapshot["game"]["round"] != round_number:
            # A new round: a rules change the host made during the last one applies now.
            more, fields = self.host.start_round(snapshot)
            lines += more
        self.append_log(snapshot, lines)
        if player_id is None and lines:
            # Table events (no more bets, results) are what screen readers announce.
            text = " ".join(line if line.endswith((".", "!", "?")) else line + "." for line in lines[:4])
            snapshot["announce"] = {"id": snapshot["announce"]["id"] + 1, "text": text}
        summary = getattr(self.rules, "round_summary", lambda state: None)(new_state)
        # Where the round started, kept by its record if this is its first step.
        round_start = {
            "start_state": self.snapshot["game"],
            "config": self.config.to_json(),
            "rng_start": self.snapshot.get("rng") if self.table.seed is not None else None,
        }
        step = self.commit(
            snapshot,
            outcome.moves,
            lines,
            round_number=round_number,
            seats_changed=leave_seat is not None,
            summary=summary,
            table_event=player_id is None,
            meter_moves=meter_moves,
            owed=meters if meters and meters.get("owed") else None,
            step=step_record(action, rng.draws, meters, outcome, state_json=snapshot["game"]),
            round_start=round_start,
            also=self.table_writer(fields, also, more),
        )
        self.set_table(fields)
        step.moves, step.meters = outcome.moves, meters
        return step

    def log_owed_payments(self):
        """The table's log says which owed progressive wins were paid since
        it last did (owed.pay_due, by the meter ticker): a line each,
        committed with the wins marked logged, so a line is written once and
        before it is broadcast. None when there is none."""
        rows = owed_awards.unlogged_payments(self.table.pk)
        if not rows:
            return None
        lines = [owed_awards.payment_line(row) for row in rows]
        snapshot = self.copy_snapshot()
        self.append_log(snapshot, lines)
        snapshot["announce"] = {"id": snapshot["announce"]["id"] + 1, "text": " ".join(lines)}
        return self.commit(
            snapshot,
            [],
            lines,
            round_number=self.round,
            table_event=True,
            also=lambda: owed_awards.mark_logged(rows),
        )

    def close_idle(self):
        """The worker found the private table idle: closed as its host's close does (host.py)."""
        return self.host.close_idle()

    def host_gone(self, player_id):
        """The host left for good: the role passes on (host.py)."""
        return self.host.gone(player_id)

    def _line(self, snapshot, item):
        if item.get("player") is None:
            return item["text"]
        nickname = snapshot["nicknames"].get(str(item["player"]), f"Player {item['player']}")
        return f"{nickname} {item['text']}"

    def append_log(self, snapshot, lines):
        entries = [{"round": snapshot["game"]["round"], "text": line} for line in lines]
        snapshot["log"] = (snapshot["log"] + entries)[-LOG_LINES:]

    def copy_snapshot(self):
        """The snapshot to change into the next one. Only its small parts that
        a transition changes in place are copied: the game's state and the
        generator's are replaced whole (never changed in place), and a deep
        copy of a blackjack shoe at every transition was a good part of its cost."""
        snapshot = dict(self.snapshot)
        snapshot["seats"] = dict(snapshot["seats"])
        snapshot["nicknames"] = dict(snapshot["nicknames"])
        return snapshot

    def _set_timer(self, snapshot):
        if self.host.holds_clock(snapshot):
            snapshot["timer"] = None  # paused by the host between rounds, or closed (host.py)
            return
        key, seconds, _ = self.rules.timer(self.rules.State.from_json(snapshot["game"]), self.config)
        current = snapshot.get("timer")
        if not current or current["key"] != key:
            snapshot["timer"] = {"key": key, "deadline": self.clock() + seconds, "seconds": seconds}

    def commit(
        self,
        snapshot,
        moves,
        lines,
        round_number,
        seats_changed=False,
        summary=None,
        table_event=False,
        meter_moves=(),
        owed=None,
        step=None,
        round_start=None,
        also=None,
    ):
        """One database transaction: ledger entries, the new snapshot (only if
        nobody else wrote the table since we read it), the round record (with
        the transition's ``step`` when the rules made one) and the progressive
        meters' moves of the transition (their audit); ``also`` writes what a
        host's control changes of the Table itself (host.py)."""
        self._set_timer(snapshot)
        try:
            # Inside act_many's transaction, a savepoint: a refused action
            # leaves nothing of its own behind.
            with transaction.atomic():
                accounts = book_moves(moves, self.table.pk, round_number, test=self.table.is_test)
                if self.batch is None:
                    # A player's action (not the table's clock, nor an owner's
                    # start) keeps a private table from closing as idle.
                    active = not table_event and bool(moves or lines)
                    self._write_table(self.version, snapshot, self.version + 1, active)
                place = self.place
                deferred = [] if self.batch is not None else None
                if lines or summary or step:
                    if place is None or place.number != round_number:
                        place = round_record.place_of(self.table, round_number)
                    place = round_record.append(
                        self.table, place, lines, step, round_start, summary, deferred=deferred
                    )
                if meter_moves:
                    progressives.record_moves(meter_moves)
                if also is not None:
                    also()
                if owed:
                    # The meter could not pay a won award: it is owed, with this settlement.
                    owed_awards.record(self.table.pk, round_number, owed["owed"], owed["error"] or "")
        except InsufficientFunds as exc:
            raise Refused(str(exc)) from None
        if deferred:
            self.batch.entries += deferred  # its savepoint stands: its entries go in at the end
        self.snapshot = snapshot
        self.version += 1
        self.place = place
        balances = {pid: account.balance for pid, account in accounts.items()}
        return Step(self.version, snapshot, balances, seats_changed, lines, table_event)

    def set_table(self, fields):
        """Set the Table's fields in memory; returns how they were."""
        before = {name: getattr(self.table, name) for name in fields}
        for name, value in fields.items():
            setattr(self.table, name, value)
        if "config" in fields:
            self.config = self.spec.rules.Config.from_json(fields["config"])
        return before

    def table_writer(self, fields, write=None, lines=()):
        """What writes the Table's ``fields`` (and ``write``) in a commit's
        transaction, and posts the host's ``lines`` in the table's chat too
        (sent once the transaction commits), or None when there is nothing."""
        if not fields and write is None and not lines:
            return None

        def also():
            if fields:
                Table.objects.filter(pk=self.table.pk).update(**fields)
            if write is not None:
                write()
            for line in lines:
                chat.post_system(self.table.pk, line)

        return also

    def commit_with_table(self, snapshot, lines, fields, posted, write=None, **commit):
        """The snapshot and the Table's ``fields`` (and ``write``) in one
        transaction, ``posted`` lines in the chat; the Table in memory as it
        was if the commit fails. ``commit``: commit's other arguments."""
        config = self.config
        before = self.set_table(fields)
        try:
            return self.commit(
                snapshot,
                [],
                lines,
                round_number=self.round,
                also=self.table_writer(fields, write, posted),
                **commit,
            )
        except BaseException:
            self.set_table(before)
            self.config = config
            raise

    def _write_table(self, version, snapshot, new_version, active=False):
        """The snapshot, only if nobody else wrote the table since ``version``;
        ``active``: a player acted, so last_active moves too (in the same
        UPDATE: no write of its own). Plain SQL: the ORM's building of this
        UPDATE cost more than running it (bench/worker.py)."""
        connection = transaction.get_connection()
        now = connection.ops.adapt_datetimefield_value(timezone.now())
        with connection.cursor() as cursor:
            cursor.execute(
                f"UPDATE {Table._meta.db_table} SET state = %s, version = %s, updated = %s"
                + (", last_active = %s" if active else "")
                + " WHERE id = %s AND version = %s",
                [
                    Table._meta.get_field("state").get_db_prep_save(snapshot, connection),
                    new_version,
                    now,
                    *([now] if active else []),
                    self.table.pk,
                    version,
                ],
            )
            updated = cursor.rowcount
        if updated != 1:
            raise StaleOwner(f"table {self.table.pk} was written by someone else")


class Batch:
    """What act_many's transaction writes once, at its end."""

    def __init__(self, version):
        self.version = version  # the table row's version when the batch began
        self.entries = []  # RoundStep rows of the accepted actions, in order
