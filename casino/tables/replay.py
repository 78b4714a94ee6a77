"""Round records and their replay (docs/protocol.md, "Round records and replay").

The runtime records each rules transition of a round as a step (``step_record``):
the action, the generator's values the rules drew, the progressive meters'
answer if the meters were called, the chip moves, the rules' log and a hash
of the new game state. ``replay`` re-runs the steps through the game's pure
rules from the recorded start state, feeding back the recorded draws and
meters' answer, and confirms every step gives the same moves, log and state;
for a seeded test table it also checks the seed gives the recorded draws.
The rules are pure, so a replay needs neither the meters nor the ledger.
"""

import hashlib
import json
import re
from dataclasses import asdict, dataclass, field

from django.utils import timezone

from casino.accounts.models import table_names
from casino.tables import progressive_hook, registry
from casino.tables.models import Round, RoundStep
from games.cards.rng import PlaybackError, PlaybackRandom, redraw, seeded_rng
from games.engine import Action, format_chips, transition


def canonical(value):
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def state_hash(state_json):
    return hashlib.sha256(canonical(state_json).encode()).hexdigest()


def jsonable(value):
    """``value`` as the database gives it back (tuples become lists...), so a
    replay compares like with like."""
    return json.loads(json.dumps(value))


def action_json(action):
    return {"kind": action.kind, "player": action.player, "seat": action.seat, "data": action.data}


def step_record(action, draws, meters, outcome, state_json=None):
    """One transition of the round record; ``meters`` is the PROGRESSIVE_RESULT
    data when the runtime called the meters, else None. ``state_json``: the
    new state's JSON when the caller has it already (it is hashed here)."""
    if state_json is None:
        state_json = outcome.state.to_json()
    return {
        "at": timezone.now().isoformat(),
        "action": action_json(action),
        "draws": draws,
        "meters": meters,
        "moves": [asdict(move) for move in outcome.moves],
        "log": outcome.log,
        "state_hash": state_hash(state_json),
    }


@dataclass
class StepReport:
    number: int  # 1-based
    step: dict
    ok: bool = False
    problem: str = ""


@dataclass
class Report:
    record: Round
    steps: list = field(default_factory=list)
    difference: str | None = None  # the first one, None when identical
    notes: list = field(default_factory=list)
    # The game state (JSON) after each step replayed the same (round_cards.py shows them).
    states: list = field(default_factory=list)

    @property
    def identical(self):
        return self.difference is None


class Difference(Exception):
    pass


def replay(record, show_seed=True):
    """Re-run ``record`` through its game's pure rules: a Report whose
    ``difference`` names the first thing that did not come out the same."""
    report = Report(record)
    names = nicknames(record)
    try:
        rules = registry.get(record.table.game).rules
    except KeyError:
        report.difference = f"Unknown game {record.table.game!r}."
        return report
    if not record.steps:
        report.difference = "The round has no recorded steps: nothing to replay."
        return report
    try:
        try:
            state = rules.State.from_json(record.start_state)
            seeded = seeded_rng(record.seed, record.rng_start) if record.seed is not None else None
        except Exception as exc:  # noqa: BLE001 - a damaged record, reported as such
            raise Difference(f"The round's start is malformed: {exc!r}.") from None
        _check_chain(record, report)
        if seeded is not None:
            report.notes.append(
                f"Seeded test table ({_seed_name(record, show_seed)}): the draws are checked against the seed."
            )
        for index, step in enumerate(record.steps):
            item = StepReport(index + 1, step)
            report.steps.append(item)
            try:
                state = _replay_step(rules, record, index, step, state, seeded, names, show_seed)
                report.states.append(state.to_json())
            except Difference as exc:
                item.problem = str(exc)
                raise
            except Exception as exc:  # noqa: BLE001 - a damaged step, reported as such
                item.problem = f"Step {index + 1}: the record is malformed: {exc!r}."
                raise Difference(item.problem) from None
            item.ok = True
    except Difference as exc:
        report.difference = str(exc)
    return report


def _seed_name(record, show_seed):
    """A test table's seed is for designers only (casino/tables/access.py)."""
    return f"seed {record.seed}" if show_seed else "its seed"


def _replay_step(rules, record, index, step, state, seeded, names, show_seed=True):
    where = f"Step {index + 1} ({describe_action(step['action'], names)})"
    if seeded is not None:
        missed = redraw(seeded, step["draws"])
        if missed is not None:
            raise Difference(
                f"{where}: draw {missed + 1} is not what {_seed_name(record, show_seed)} gives "
                f"(recorded {step['draws'][missed]!r})."
            )
    recorded = step["action"]
    action = Action(recorded["kind"], recorded["player"], recorded["data"], seat=recorded["seat"])
    config = rules.Config.from_json(record.config_at(index))
    rng = PlaybackRandom(step["draws"])
    try:
        outcome = transition(rules, state, action, config, rng)
        called = progressive_hook.needed(outcome)
        if called != (step.get("meters") is not None):
            raise Difference(
                f"{where}: the rules {'ask' if called else 'do not ask'} for the progressive meters; "
                f"the record {'has no' if called else 'has a'} meters' answer."
            )
        if called:
            # As the runtime's hook did, with the meters' recorded answer and the same generator.
            outcome = progressive_hook.apply_result(rules, config, rng, outcome, step["meters"])
    except PlaybackError as exc:
        raise Difference(f"{where}: {exc}.") from None
    except Difference:
        raise
    except Exception as exc:  # noqa: BLE001 - a tampered record can make the rules fail in any way
        raise Difference(f"{where}: the rules refused it: {exc}") from None
    if rng.remaining():
        raise Difference(f"{where}: the rules drew {rng.used} values; the record has {len(step['draws'])}.")
    moves = jsonable([asdict(move) for move in outcome.moves])
    if moves != step["moves"]:
        raise Difference(f"{where}: the chip moves differ: {_first_difference(step['moves'], moves)}")
    log = jsonable(outcome.log)
    if log != step["log"]:
        raise Difference(f"{where}: the log differs: {_first_difference(step['log'], log)}")
    after = jsonable(outcome.state.to_json())
    if state_hash(after) != step["state_hash"]:
        raise Difference(f"{where}: the game state after the step differs from the recorded one.")
    return rules.State.from_json(after)


def _check_chain(record, report):
    """The round starts where the previous round's record ended (its last
    step is the transition into this round); a record cut off from its
    neighbour cannot be checked this way."""
    previous = (
        RoundStep.objects.filter(
            round__table_id=record.table_id, round__number=record.number - 1, step__isnull=False
        )
        .order_by("-number")
        .values_list("step__state_hash", flat=True)
        .first()
    )
    if previous is None:
        return
    if state_hash(record.start_state) != previous:
        raise Difference(f"The start state is not where round {record.number - 1}'s record ended.")
    report.notes.append(f"The start state is where round {record.number - 1}'s record ended.")


def _first_difference(recorded, replayed):
    for index, (old, new) in enumerate(zip(recorded, replayed, strict=False)):
        if old != new:
            return f"item {index + 1}: recorded {old!r}, replayed {new!r}."
    return f"recorded {len(recorded)} items, replayed {len(replayed)}."


def describe_player(action, nicknames=None):
    """Who acted: "Ann (seat 2)", or "table" for the table's clock."""
    player = action.get("player")
    if player is None:
        return "table"
    who = (nicknames or {}).get(player, f"player {player}")
    if action.get("seat") is not None:
        who += f" (seat {action['seat']})"
    return who


def describe_action(action, nicknames=None):
    """Who did what: "Ann (seat 2): bet" or "table: close_betting"."""
    return f"{describe_player(action, nicknames)}: {action['kind']}"


def describe_move(move, nicknames=None, areas=None):
    """A chip move as text: "Ann: stake 5 (seat 1, Pair Plus)". ``areas``:
    {betting area: its name at the table} (round_cards.area_labels), which
    the memo's keys ("seat 1 pair_plus") are shown by."""
    who = (nicknames or {}).get(move["player"], f"player {move['player']}")
    memo = f" ({memo_text(move['memo'], areas)})" if move.get("memo") else ""
    return f"{who}: {move['kind']} {format_chips(move['amount'])}{memo}"


SEAT_MEMO = re.compile(r"^seat (\d+) (.+)$")


def memo_text(memo, areas=None):
    """A chip move's memo in the table's words: "seat 1 pair_plus bonus"
    becomes "seat 1, Pair Plus bonus"; a key the table has no name for loses
    its underscores."""
    for area in sorted(areas or {}, key=len, reverse=True):
        memo = re.sub(rf"(?<![\w]){re.escape(area)}(?![\w])", areas[area], memo)
    memo = memo.replace("_", " ")
    found = SEAT_MEMO.match(memo)
    return f"seat {found.group(1)}, {found.group(2)}" if found else memo


def player_ids(record):
    ids = set()
    for step in record.steps:
        ids.add(step["action"].get("player"))
        ids.update(move["player"] for move in step["moves"])
        ids.update(line.get("player") for line in step["log"] if isinstance(line, dict))
    ids.discard(None)
    return ids


def nicknames(record):
    """{player id: the name the table showed them by} (a bot's with its badge)."""
    return table_names(player_ids(record))


def log_line(line, nicknames=None):
    """A rules' log item as the table showed it."""
    if line.get("player") is None:
        return line["text"]
    return f"{(nicknames or {}).get(line['player'], 'Player ' + str(line['player']))} {line['text']}"
