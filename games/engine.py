"""The contract between a game's pure rules and the platform that runs them.

Pure Python: no Django, no I/O, no clock (docs/architecture.md, "The one rule of
dependencies"). A game's rules module is a state machine: a ``State`` that
round-trips through JSON, ``apply(state, action, config, rng)`` returning an
``Outcome``, and ``timer(state, config)`` saying which action the table
applies by itself when the phase's clock runs out. Money leaves the rules only
as ``ChipMove`` records; the platform turns them into ledger entries in the
same database transaction as the new state.

Progressive wagers (Must-Hit-By, Match the Dealer, Monster Match) reach the
shared meters the same way: the rules never call the meters, they name what
to do in the ``Outcome`` (``lock``: the round's "no more bets" with the
accepted progressive wagers; ``awards``: "100%/x% progressive" wins) and the
platform, in the same transition, makes the calls and applies
``Action(PROGRESSIVE_RESULT, None, data)`` with what the meters paid and what
they refused (docs/progressives.md, "How the table runtime calls it").
"""

import inspect
import math
import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from functools import cache
from typing import Any, ClassVar, Protocol, Self

# Kinds of chip movement. The platform maps each to a pair of ledger legs:
STAKE = "stake"  # player -> round escrow (a wager is placed)
REFUND = "refund"  # round escrow -> player (a wager is withdrawn or voided)
RETURN = "return"  # round escrow -> player (a winning wager's stake comes back)
LOSE = "lose"  # round escrow -> house (a losing wager is collected)
WIN = "win"  # house -> player (winnings on a wager)
MOVE_KINDS = (STAKE, REFUND, RETURN, LOSE, WIN)

CENTS_PER_CHIP = 100

# The platform's action after a transition whose Outcome locked progressive
# wagers or asked for awards: data = {"hits": [...], "awards": [...],
# "refused": [...], "error": str | None}; each hit and award is
# {"kind", "seat", "player", "cents"} (cents paid from the meter, a hit being
# a Must-Hit-By prize); each refused wager is a ProgressiveWager as a dict
# {"kind", "seat", "player", "amount", "rides_on"}, not contributed (no meter
# of its kind at the table, or the meters refused or were unavailable:
# ``error`` says why, for the table log). The rules pay the winners (WIN) and
# refund what was refused (REFUND). An award the meter could not pay is in
# "owed" ({"kind", "seat", "player", "percent"}): the platform keeps it and
# pays it as soon as the meter answers (docs/architecture.md, "A won award is never
# dropped"); the seat's result says so (``OWED_AWARD``).
PROGRESSIVE_RESULT = "progressive_result"


# What a seat's result line says of a progressive win its meter could not pay
# at once (the PROGRESSIVE_RESULT's "owed"), after the wager's label.
OWED_AWARD = "owed by the meter, paid as soon as it answers"


_JSON_LEAVES = frozenset((str, int, float, bool, type(None)))


def json_copy(value: Any) -> Any:
    """A deep copy of JSON-shaped data: dicts, lists and tuples of strings,
    numbers, booleans and None. What ``dataclasses.asdict`` gives for a
    game's State, at a fraction of its cost: asdict deep-copies every leaf,
    and the table runtime copies a state (a blackjack shoe of hundreds of
    cards included) more than once a transition."""
    kind = type(value)
    if kind in _JSON_LEAVES:
        return value
    if kind is dict:
        return {key: json_copy(item) for key, item in value.items()}
    if kind is list:
        return [json_copy(item) for item in value]
    if kind is tuple:
        return tuple(json_copy(item) for item in value)
    raise TypeError(f"not JSON data: {value!r}")


def dataclass_json(instance: Any, copy: bool = True) -> dict[str, Any]:
    """A dataclass of JSON data (a game's State) as a dict of copies, or
    (``copy=False``) of its fields themselves: for a state its caller gives
    up, as the table runtime does with the one ``apply`` returns (the rules
    work on a copy and never change a state in place afterwards)."""
    if not copy:
        return {name: getattr(instance, name) for name in instance.__dataclass_fields__}
    return {name: json_copy(getattr(instance, name)) for name in instance.__dataclass_fields__}


def handed_over_json(state: Any) -> dict[str, Any]:
    """``state.to_json()`` for a state its caller gives up (the one ``apply``
    returned): without a copy when the State's ``to_json`` takes ``copy``
    (those built on dataclass_json), a copy otherwise."""
    # A class is hashable; mypy does not see type[Any] as Hashable.
    if _shares_fields(type(state)):  # type: ignore[arg-type]
        json: dict[str, Any] = state.to_json(copy=False)
    else:
        json = state.to_json()
    return json


@cache
def _shares_fields(state_class: Any) -> bool:
    return "copy" in inspect.signature(state_class.to_json).parameters


class RulesSubmission:
    """What every game's ``Config`` shares: a frozen dataclass of whole
    numbers (the table's Rules Submission, § 601a.2; one admin field each)
    that round-trips through JSON, ignoring settings it does not know."""

    __dataclass_fields__: ClassVar[dict[str, Any]]

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        return cls(**{name: data[name] for name in cls.__dataclass_fields__ if name in data})

    def to_json(self) -> dict[str, Any]:
        # Whole numbers only (type_errors): no copying needed.
        return {name: getattr(self, name) for name in self.__dataclass_fields__}

    def type_errors(self) -> dict[str, str]:
        """{field: message} for every setting that is not a whole number."""
        return {
            name: "Must be a whole number."
            for name in self.__dataclass_fields__
            if isinstance(getattr(self, name), bool) or not isinstance(getattr(self, name), int)
        }


class IllegalAction(Exception):
    """An action the rules refuse; the message is shown to the sender only."""


@dataclass(frozen=True)
class Action:
    """Something a player (or the table's clock, player=None) asks for."""

    kind: str
    player: int | None = None
    data: dict[str, Any] = field(default_factory=dict)
    seat: int | None = None  # the acting player's seat, set by the platform


@dataclass(frozen=True)
class ChipMove:
    kind: str
    player: int
    amount: int  # cents, > 0
    memo: str = ""

    def __post_init__(self) -> None:
        if self.kind not in MOVE_KINDS:
            raise ValueError(f"unknown chip move {self.kind!r}")
        if not isinstance(self.amount, int) or self.amount <= 0:
            raise ValueError(f"chip move amount must be a positive int, got {self.amount!r}")


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


@dataclass(frozen=True)
class ProgressiveWager:
    """An accepted progressive wager to contribute to the table's meter of
    ``kind`` ("must_hit_by", "match_the_dealer", "monster_match") at "no more
    bets". Its stake is the rules' own ChipMove; the meter takes its share.

    A Must-Hit-By Mystery contribution is no wager of its own: a share of a
    qualifying progressive wager feeds the bonus meter (seed (c)(1)-(2) of
    each game's Mystery section). ``rides_on`` names the kind of that
    progressive wager, at the same seat, so that when its meter refuses it
    exactly this contribution is void too (docs/rules/README.md, "Refused
    progressive wager"). None: a wager that rides on nothing."""

    kind: str
    seat: int
    player: int | None
    amount: int  # cents, > 0
    rides_on: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.kind, str) or not self.kind:
            raise ValueError(f"a progressive wager needs a meter kind, got {self.kind!r}")
        if not _whole(self.seat) or not (self.player is None or _whole(self.player)):
            raise ValueError(
                f"a progressive wager needs its seat and player, got {self.seat!r}, {self.player!r}"
            )
        if not _whole(self.amount) or self.amount == 0:
            raise ValueError(f"progressive wager amount must be a positive int, got {self.amount!r}")
        if self.rides_on is not None and (
            not isinstance(self.rides_on, str) or self.rides_on in ("", self.kind)
        ):
            raise ValueError(f"a wager rides on another progressive wager's kind, got {self.rides_on!r}")


@dataclass(frozen=True)
class ProgressiveAward:
    """A hand that won "``percent``% progressive" of the table's meter of ``kind``."""

    kind: str
    seat: int
    player: int | None
    percent: int | Decimal = 100  # 0 < percent <= 100, at most two decimals

    def __post_init__(self) -> None:
        if not isinstance(self.kind, str) or not self.kind:
            raise ValueError(f"a progressive award needs a meter kind, got {self.kind!r}")
        if not _whole(self.seat) or not (self.player is None or _whole(self.player)):
            raise ValueError(
                f"a progressive award needs its seat and player, got {self.seat!r}, {self.player!r}"
            )
        try:
            hundredths = Decimal(str(self.percent)) * 100
        except InvalidOperation:
            hundredths = Decimal(-1)
        if hundredths != hundredths.to_integral_value() or not 0 < hundredths <= 10_000:
            raise ValueError(f"a progressive award is 0.01 to 100 percent, got {self.percent!r}")


@dataclass
class Outcome:
    """What one transition produced: the new state, what to tell the table
    (short human-readable lines for the round log and screen readers) and
    the chips it moves, in the order they must be booked.

    ``lock`` not None: this transition is the round's "no more bets" for
    progressive wagers; the platform contributes these ProgressiveWagers (in
    the order given: seat order from the dealer's left) and locks the round,
    even when the list is empty. ``awards``: ProgressiveAwards to pay now
    (all of one meter's awards of a round in one Outcome). Either makes the
    platform apply PROGRESSIVE_RESULT right after, in the same transition."""

    state: Any
    log: list[dict[str, Any]] = field(default_factory=list)
    moves: list[ChipMove] = field(default_factory=list)
    lock: list[ProgressiveWager] | None = None
    awards: list[ProgressiveAward] = field(default_factory=list)


class RulesConfig(Protocol):
    """A game's ``Config``: its table's Rules Submission (a RulesSubmission)."""

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Any: ...

    def to_json(self) -> dict[str, Any]: ...

    def errors(self) -> dict[str, str]: ...


class RulesState(Protocol):
    """A game's ``State``: its round, JSON-shaped (``to_json`` may take
    ``copy``, see handed_over_json)."""

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Any: ...

    def to_json(self) -> dict[str, Any]: ...


# What the timer gives: the clock's key (a new key restarts it), its seconds
# and the action the table applies when it runs out; Nones for no clock.
Timer = tuple[str | None, int | float | None, Action | None]


class RulesModule(Protocol):
    """The contract between casino/ and a game: what the platform (the table
    runtime, its owner, the replay, the registry's GameSpec.rules) calls on a
    game's rules module (games/<game>/rules.py). A module satisfies it
    structurally; tests/test_rules_contract.py checks every registered game,
    at run time and with mypy. The constants are read-only properties so that
    a module's tuple or str satisfies them."""

    @property
    def Config(self) -> type[RulesConfig]: ...

    @property
    def State(self) -> type[RulesState]: ...

    @property
    def PLAYER_ACTIONS(self) -> Collection[str]:
        """The action kinds a player may send (the runtime refuses others)."""
        ...

    @property
    def LEAVE(self) -> str:
        """The kind of the action the platform applies when a seat leaves."""
        ...

    @property
    def STACK_HELP(self) -> str:
        """How a designer writes a stack, shown with a refused one."""
        ...

    def new_state(self) -> Any:
        """A State for a new table."""
        ...

    def parse_action(self, kind: str, data: Any) -> Action:
        """A player's message as an Action, or IllegalAction."""
        ...

    def apply(self, state: Any, action: Action, config: Any, rng: Any) -> Outcome:
        """One transition; IllegalAction for a refused action."""
        ...

    def timer(self, state: Any, config: Any) -> Timer:
        """The phase's clock (see Timer)."""
        ...

    def stack(self, state: Any, config: Any, text: str, rng: Any = None) -> Any:
        """The state with a designer's stacked results next (the STACK action)."""
        ...


# A number as a player sends it: ASCII digits only, bounded. Not int() or
# Decimal() of the text, which read "1_0" as 10 and non-ASCII digits ("١٠",
# "１０") as numbers, and take "Infinity" or a 5,000-digit string.
_NUMBER_TEXT = re.compile(r"-?[0-9]{1,15}(?:\.[0-9]{1,15})?")
_NUMBER_LIMIT = 10**15


def _number(value: object) -> Decimal | None:
    """The Decimal of a number a player sent (a JSON number or its text), or
    None if it is not one: a bool, NaN, an infinity, exponents, underscores,
    non-ASCII digits, more than 15 digits."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return Decimal(value) if -_NUMBER_LIMIT < value < _NUMBER_LIMIT else None
    if isinstance(value, float):
        value = repr(value) if math.isfinite(value) else ""
    if not isinstance(value, str) or not _NUMBER_TEXT.fullmatch(value.strip()):
        return None
    return Decimal(value.strip())


def parse_whole(value: object) -> int | None:
    """A whole number a player sent (a round id, a seat), or None."""
    number = _number(value)
    if number is None or number != number.to_integral_value():
        return None
    return int(number)


def parse_chips(value: object, what: str = "Amount") -> int:
    """Parse a whole number of chips typed or sent by a player into cents.

    Refuses zero, negatives, fractions and anything that is not a number with
    a message fit for the player.
    """
    number = _number(value)
    if number is None:
        raise IllegalAction(f"{what} must be a whole number of chips.")
    if number != number.to_integral_value():
        raise IllegalAction(f"{what} must be a whole number of chips, not a fraction.")
    if number <= 0:
        raise IllegalAction(f"{what} must be more than zero.")
    if number > 10**12:
        raise IllegalAction(f"{what} is too large.")
    return int(number) * CENTS_PER_CHIP


def format_chips(cents: int) -> str:
    """10000 -> '100', 12345 -> '123.45', with thousands separators."""
    sign = "-" if cents < 0 else ""
    whole, frac = divmod(abs(int(cents)), CENTS_PER_CHIP)
    text = f"{whole:,}"
    if frac:
        text += f".{frac:02d}"
    return sign + text


def chip_word(cents: int | str | None) -> str:
    """The word after a number of chips, for every player-facing sentence
    (and the templates' chip_word filter): "1 chip", but "1.50 chips"."""
    return "chip" if cents is not None and cents != "" and int(cents) == CENTS_PER_CHIP else "chips"


# A designer's stack on a test table (the platform checks who may send it):
# every game's rules offer ``stack(state, config, text, rng)`` to put chosen
# cards, dice or wheel results next, so the same step replays like any other.
STACK = "stack"
STACK_MAX_CHARS = 4000


def transition(rules: "RulesModule", state: Any, action: Action, config: Any, rng: Any) -> Outcome:
    """The rules' ``apply``, and the designer's stack, for the runtime and the
    replay alike."""
    if action.kind == STACK:
        text = action.data.get("text")
        if not isinstance(text, str) or not text.strip():
            raise IllegalAction("Type what to stack: " + rules.STACK_HELP)
        if len(text) > STACK_MAX_CHARS:
            raise IllegalAction(f"A stack is at most {STACK_MAX_CHARS:,} characters.")
        stacked = rules.stack(state, config, text, rng)
        return Outcome(stacked, log=[{"player": None, "text": "A designer stacks the results to come."}])
    return rules.apply(state, action, config, rng)
