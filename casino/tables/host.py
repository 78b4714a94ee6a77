"""The host's controls of a private table (issue 19), between rounds.

The host is a player like the others: they run the table (pause and resume,
its Rules Submission, who is at it, who runs it next, closing it), never its
cards, results or anyone's chips. Their actions reach the table's owner over
the table websocket like every other action (docs/protocol.md, "Host
actions") and are table events of the runtime, not of a game's rules: a ``TableRuntime`` has
its ``HostControls``, which check a control and commit it through the
runtime's public ``commit_with_table`` and ``transition``: in the
transition's one transaction, the Table's own fields it changes (``paused``,
``host``, ``banned``, ``config``, ``is_open``) with the new snapshot and the
round log's line, before the owner broadcasts it.

The snapshot carries what viewers are shown of this, as ``snapshot["host"]``:
{"id": the host's player id, "name", "paused", "closed",
 "pending": {setting: value} of a rules change waiting for the next round}.

"Between rounds" is when no chips ride at the table: the round's result is
shown, or betting is open and nothing is staked yet. A pause then holds the
table's clock (no new round starts until the host resumes); during a round
it lets the round play to its end and holds the clock there. A rules change
applies at once between rounds, else when the next round starts.
"""

from casino.accounts import names
from casino.accounts.models import Player
from casino.realtime import presence
from casino.tables import private
from casino.tables.exceptions import Refused
from casino.wallet.ledger import escrow_holds_chips
from games.engine import Action, parse_whole

PREFIX = "host_"
PAUSE, RESUME, RULES, REMOVE, BAN, MAKE_HOST, CLOSE = (
    PREFIX + kind for kind in ("pause", "resume", "rules", "remove", "ban", "make_host", "close")
)
RULES_PREFIX = "rules_"
# The phases every game's rules name so (games/*/round.py, dreamcatcher/rules.py).
BETTING, RESULT = "betting", "result"

NOT_PRIVATE = "Only a private table has a host; nobody runs this table between rounds."
NOT_HOST = "Only the host of this table can do that; nothing was changed."
PAUSED = "Paused by the host: the next round starts when the host resumes play."
CLOSED = "The host closed this table; its rounds and records are kept."
# snapshot["host"]["closed"] of a table the worker closed as idle (True: its host closed it).
IDLE = "idle"
IDLE_CLOSED = "Nobody played here for a long time, so the table closed; its rounds and records are kept."
NOT_ADMITTED = "This is a private table: come in by its link to play here."
BANNED = "The host banned you from this table."
REMOVED = "The host removed you from this table. You may come back by its link."
# The close code of a socket whose player the host removed or banned (docs/protocol.md).
CLOSE_REMOVED = 4410


def is_host_message(message):
    """Whether an owner's inbox message is a host action: it is committed
    alone, never in a batch of players' actions."""
    action = (message.get("message") or {}).get("action") if message.get("type") == "table.action" else None
    return isinstance(action, str) and action.startswith(PREFIX)


def section(table):
    """The snapshot's "host" part, from the Table's own fields."""
    host = Player.objects.filter(pk=table.host_id).first() if table.host_id else None
    return {
        "id": table.host_id,
        "name": names.table_name(host.nickname, host.is_bot) if host else "",
        "paused": table.paused,
        "closed": not table.is_open,
        "pending": {},
    }


def refusal(table, player):
    """Why a private table does not let ``player`` sit (access.may_join said no)."""
    return BANNED if private.is_banned(table, player) else NOT_ADMITTED


def setting_label(choice):
    """The words of a setting in a sentence: "maximum bet" for a Choice labelled "Max bet"."""
    words = {"max": "maximum", "min": "minimum"}
    return " ".join(words.get(word, word) for word in choice.label.lower().split())


def value_text(choice, value):
    if choice.kind == private.PAYTABLE and value in choice.values:
        return choice.labels[choice.values.index(value)]
    return str(value)


def change_lines(choices, before, after):
    """One line a changed setting: "The host changed the maximum bet from 100 to 50." """
    lines = []
    for choice in choices:
        old, new = before.get(choice.name), after.get(choice.name)
        if old == new:
            continue
        if choice.kind == private.WAGER:
            lines.append(f"The host turned the {setting_label(choice)} {'on' if new else 'off'}.")
        else:
            lines.append(
                f"The host changed the {setting_label(choice)} from "
                f"{value_text(choice, old)} to {value_text(choice, new)}."
            )
    return lines


def rules_change(spec, config, message):
    """The settings a host's rules message changes: ({setting: value}, choices),
    checked as a player's choices for a new private table are
    (private.check); raises Refused with what is wrong."""
    choices = private.choices(spec)
    allowed = {choice.name: choice for choice in choices}
    changes = {}
    for key, value in message.items():
        if not key.startswith(RULES_PREFIX):
            continue
        name = key[len(RULES_PREFIX) :]
        if name not in allowed:
            raise Refused(
                f"{private.NOT_A_PLAYERS_SETTING.removesuffix(' Nothing was created.')} Nothing was changed."
            )
        number = parse_whole(value)
        if number is None:
            raise Refused(f"{allowed[name].label}: must be a whole number. Nothing was changed.")
        if number != config.get(name):
            changes[name] = number
    if not changes:
        raise Refused("Those are the table's rules already: nothing to change.")
    # On the table's own Rules Submission: the settings a player does not choose stay its own.
    _, errors = private.check(spec, changes, base=config)
    if errors:
        text = " ".join(
            f"{allowed[name].label if name in allowed else 'Rules'}: {message}"
            for name, message in errors.items()
        )
        raise Refused(f"{text} Nothing was changed.")
    return changes, choices


class HostControls:
    """The host's controls of one table, composed with its ``TableRuntime``:
    each checks a control, then commits it through the runtime."""

    def __init__(self, runtime):
        self.runtime = runtime

    @property
    def table(self):
        return self.runtime.table

    def refresh(self, snapshot):
        """The snapshot with its "host" part as the Table's fields say (a
        private table only), keeping a rules change that waits."""
        if not self.table.is_private:
            return snapshot
        pending = (snapshot.get("host") or {}).get("pending") or {}
        return {**snapshot, "host": {**section(self.table), "pending": pending}}

    def on_sit(self, snapshot, player_id, nickname):
        """A private table without a host (its host left while nobody sat at
        it): the next player to sit hosts it, so that its waiting list has
        someone to let people in. Changes ``snapshot``; returns the lines to
        log and the Table's fields to write."""
        if not self.table.is_private or self.table.host_id is not None:
            return [], {}
        snapshot["host"] = {**snapshot["host"], "id": player_id, "name": nickname}
        return [f"{nickname} hosts the table now: it had no host."], {"host_id": player_id}

    def between_rounds(self, snapshot):
        game = snapshot["game"]
        if game.get("phase") == RESULT:
            return True
        return game.get("phase") == BETTING and not escrow_holds_chips(self.table.pk, game["round"])

    def holds_clock(self, snapshot):
        """No clock runs at a closed table, nor at a paused one between rounds."""
        if not self.table.is_open:
            return True
        return self.table.paused and self.between_rounds(snapshot)

    def held(self):
        """The host paused the table and it waits, between rounds."""
        return self.table.paused and self.runtime.snapshot.get("timer") is None

    def act(self, player_id, kind, message):
        if not self.table.is_private:
            raise Refused(NOT_PRIVATE)
        if player_id != self.table.host_id:
            raise Refused(NOT_HOST)
        handler = {
            PAUSE: self._pause,
            RESUME: self._resume,
            RULES: self._rules,
            REMOVE: self._remove,
            BAN: self._ban,
            MAKE_HOST: self._make_host,
            CLOSE: self._close,
        }.get(kind)
        if handler is None:
            raise Refused(f"Unknown host action {kind!r}; nothing was changed.")
        return handler(player_id, message)

    # -- the controls ----------------------------------------------------

    def _pause(self, player_id, message):
        if self.table.paused:
            raise Refused("The table is paused already.")
        snapshot = self._snapshot(paused=True)
        if self.between_rounds(snapshot):
            line = "The host paused the table: no new round starts until they resume play."
        else:
            line = "The host paused the table: this round plays to its end, then the table waits."
        return self._commit(snapshot, [line], {"paused": True})

    def _resume(self, player_id, message):
        if not self.table.paused:
            raise Refused("The table is not paused.")
        # A held clock (None) starts again whole: the phase gets all its time.
        snapshot = self._snapshot(paused=False)
        return self._commit(snapshot, ["The host resumed play."], {"paused": False})

    def _rules(self, player_id, message):
        runtime = self.runtime
        pending = runtime.snapshot["host"].get("pending") or {}
        config = {**runtime.config.to_json(), **pending}
        changes, choices = rules_change(runtime.spec, config, message)
        snapshot = runtime.copy_snapshot()
        if self.between_rounds(snapshot):
            new_config = {**(self.table.config or {}), **pending, **changes}
            snapshot["host"] = {**snapshot["host"], "pending": {}}
            lines = change_lines(choices, runtime.config.to_json(), {**config, **changes})
            return self._commit(snapshot, lines, {"config": new_config})
        snapshot["host"] = {**snapshot["host"], "pending": {**pending, **changes}}
        lines = [
            line.removesuffix(".") + " from the next round."
            for line in change_lines(choices, config, {**config, **changes})
        ]
        return self._commit(snapshot, lines, {})

    def start_round(self, snapshot):
        """At a new round's start: the rules change that waited, as
        (lines, Table fields to write); the snapshot's pending change is
        cleared. Called by the runtime's transition that starts the round."""
        pending = (snapshot.get("host") or {}).get("pending")
        if not pending:
            return [], {}
        snapshot["host"] = {**snapshot["host"], "pending": {}}
        spec = self.runtime.spec
        before = self.runtime.config.to_json()
        new_config = {**(self.table.config or {}), **pending}
        errors = spec.rules.Config.from_json(new_config).errors()
        if errors:
            # Someone changed the table's rules since (an administrator): say so, keep theirs.
            return [
                "The host's change of the rules no longer fits the table's; the rules stay as they are."
            ], {}
        return change_lines(private.choices(spec), before, {**before, **pending}), {"config": new_config}

    def _remove(self, player_id, message, ban=False):
        target, nickname = self._target(player_id, message)
        verb = "banned" if ban else "removed"
        lines = [f"The host {verb} {nickname} from the table."]
        write = None
        if ban:

            def write():
                player = Player.objects.get(pk=target)
                self.table.banned.add(player)
                self.table.admitted.remove(player)
                self.table.waiting.remove(player)

        seat = self.runtime.seat_of(target)
        step = None
        if seat is not None:
            # As when they leave: between rounds their wagers come back, in a round they ride.
            try:
                step = self._release_seat(target, seat, lines, write)
            except Refused:
                pass  # the rules keep the seat now: it is released when they are gone (the owner)
        if step is None:
            step = self._commit(self.runtime.copy_snapshot(), lines, {}, write)
        step.removed = {target: BANNED if ban else REMOVED}
        return step

    def _ban(self, player_id, message):
        return self._remove(player_id, message, ban=True)

    def _make_host(self, player_id, message):
        target, nickname = self._target(player_id, message)
        snapshot = self.runtime.copy_snapshot()
        lines = [f"{snapshot['host']['name'] or 'The host'} hands the host role to {nickname}."]
        snapshot["host"] = {**snapshot["host"], "id": target, "name": nickname}
        return self._commit(snapshot, lines, {"host_id": target})

    def _close(self, player_id, message):
        snapshot = self.runtime.copy_snapshot()
        if not self.between_rounds(snapshot):
            raise Refused(
                "A round is in play: close the table once it is over "
                "(pause it first, so that no new round starts)."
            )
        snapshot["host"] = {**snapshot["host"], "closed": True}
        return self._commit(snapshot, [CLOSED], {"is_open": False})

    # -- without the host -----------------------------------------------

    def close_idle(self):
        """The worker found the table idle (private.idle_tables): close it as
        the host's close does, so that everyone watching sees it closed.
        None when it is no longer idle, chips ride, or it is closed already."""
        if not self.table.is_private or not self.table.is_open or not private.is_idle(self.table.pk):
            return None
        snapshot = self.runtime.copy_snapshot()
        if not self.between_rounds(snapshot):
            return None
        snapshot["host"] = {**snapshot["host"], "closed": IDLE}
        return self._commit(snapshot, [IDLE_CLOSED], {"is_open": False})

    def gone(self, player_id):
        """The host left for good (the owner: no connection of theirs came
        back in the seats' grace period): the role passes to the longest-seated
        player at the table, or the table keeps no host and closes when idle.
        None when ``player_id`` is not this table's host."""
        if not self.table.is_private or not self.table.is_open or player_id != self.table.host_id:
            return None
        snapshot = self.runtime.copy_snapshot()
        old = snapshot["host"]["name"] or "The host"
        heir = longest_seated(snapshot, exclude=player_id)
        if heir is None:
            # Nobody could lift a pause: the table plays on, and closes when idle.
            snapshot["host"] = {**snapshot["host"], "id": None, "name": "", "paused": False}
            line = f"{old} left the table and nobody sits at it: it has no host now, and closes when idle."
            return self._commit(snapshot, [line], {"host_id": None, "paused": False})
        nickname = snapshot["nicknames"].get(str(heir), f"Player {heir}")
        snapshot["host"] = {**snapshot["host"], "id": heir, "name": nickname}
        line = f"{old} left the table: {nickname}, seated the longest, hosts it now."
        return self._commit(snapshot, [line], {"host_id": heir})

    # -- helpers ---------------------------------------------------------

    def _target(self, player_id, message):
        """(player id, name at the table) of the player or spectator a control names."""
        target = parse_whole(message.get("target"))
        if target is None:
            raise Refused("Malformed message: name the player by their id (target).")
        if target == player_id:
            raise Refused("That is you: choose another player or spectator at the table.")
        nickname = self.runtime.snapshot["nicknames"].get(str(target))
        if self.runtime.seat_of(target) is None:
            if target not in presence.connected_players(self.table.pk):
                raise Refused("That player is not at this table now; nothing was changed.")
            player = Player.objects.filter(pk=target).first()
            if player is None:
                raise Refused("That player is not at this table now; nothing was changed.")
            nickname = names.table_name(player.nickname, player.is_bot)
        return target, nickname

    def _snapshot(self, **changes):
        snapshot = self.runtime.copy_snapshot()
        snapshot["host"] = {**snapshot["host"], **changes}
        return snapshot

    def _commit(self, snapshot, lines, fields, write=None):
        """A host's table event: the Table's ``fields`` and the snapshot in one transaction."""
        self.runtime.append_log(snapshot, lines)
        snapshot["announce"] = {"id": snapshot["announce"]["id"] + 1, "text": " ".join(lines)}
        step = self.runtime.commit_with_table(snapshot, lines, fields, lines, write, table_event=True)
        step.seats_changed = True  # the lobby's row and the host panel's people
        return step

    def _release_seat(self, target, seat, lines, write):
        """The removed player's seat released as their leaving releases it (the
        rules' LEAVE), with the host's line and what ``write`` writes."""
        return self.runtime.transition(
            Action(self.runtime.rules.LEAVE, target, seat=seat),
            target,
            leave_seat=seat,
            extra_lines=lines,
            also=self.runtime.table_writer({}, write, lines),
        )


def longest_seated(snapshot, exclude=None):
    """The seated player who sat down first (the runtime keeps when, as
    snapshot["since"]); one seated before it kept that goes by seat."""
    since = snapshot.get("since") or {}
    seated = [(int(seat), pid) for seat, pid in snapshot["seats"].items() if pid != exclude]
    if not seated:
        return None
    return min(seated, key=lambda item: (since.get(str(item[1]), float("inf")), item[0]))[1]
