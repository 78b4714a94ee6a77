"""What every poker table's Rules Submission (§ 601a.2) checks, for the games
of games/poker/: a game's ``Config`` subclasses ``PokerConfig``, declares its
fields (one admin field each) and says as data which of them are switches,
limits, paytable choices and settings that need another wager offered; the
check machinery is games/submission.py, shared with the other families, and
this module says the poker family's order. The fields every game shares come from
two parts it declares as data, in the form after its own fields: ``LINKED``,
its linked progressive wagers with their Envy Bonus and the Must-Hit-By
Mystery bonus; ``CLOCKS``, the table's clocks. Pure Python.

A game's Config::

    @dataclass(frozen=True)
    class Config(PokerConfig):
        min_bet: int = field(default=5, metadata={"help": "Minimum Ante, in chips."})
        ...
        SWITCHES = ("aces_up",)
        LIMITS = (Limit("side_max", "min_bet", message="The Aces Up maximum cannot be ..."),)
        CHOICES = (Choice("aces_up_paytable", paytables.ACES_UP_NAMES, "Choose Aces Up paytable 1 ..."),)
        LINKED = Linked(
            (Wager("five_card_progressive", "$5 Five-Card progressive payout wager", "§ 641a.7(d)(5)"),),
            Mystery("§ 641c.1", "the Ante and the Five-Card progressive", "the Five-Card progressive payout wager"),
        )
        CLOCKS = Clocks("Each hand's Play-or-fold clock; at expiry the hand folds.")

Each field shows its first problem only, in the order of ``checks()``."""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from games.engine import RulesSubmission
from games.submission import (
    BET_LIMITS,
    OFFERED,
    Check,
    Checked,
    Choice,
    GameChecks,
    Limit,
    Needs,
    clocks,
    switches,
)

if TYPE_CHECKING:
    from games.payouts import MeterShare, Odds

# The check kinds come from games/submission.py; the games take them from here.
__all__ = [
    "BET_LIMITS",
    "CLOCK_RANGES",
    "OFFERED",
    "Choice",
    "Clocks",
    "Limit",
    "Linked",
    "Mystery",
    "MysteryWagers",
    "Needs",
    "Paytable",
    "PokerConfig",
    "RulesSubmission",
    "Wager",
]

# The table's clocks, in seconds: (field, lowest, highest).
CLOCK_RANGES = (
    ("betting_seconds", 1, 300),
    ("deal_seconds", 0, 30),
    ("decision_seconds", 3, 120),
    ("result_seconds", 0, 60),
)

ENVY_MAX_CHIPS = 100_000

MYSTERY_WAGERS_MESSAGE = "The Mystery bonus needs a qualifying progressive wager the table offers."


@dataclass(frozen=True)
class MysteryWagers(Check):
    """With the Mystery bonus offered, one of the progressive wagers that
    ``mystery_wagers`` names must be offered too."""

    name: str = "mystery_wagers"

    def problem(self, config: "PokerConfig") -> str | None:
        if config.MYSTERY_WAGERS and config.mystery == 1:
            if not any(config.qualifies_for_mystery(area) for area in config.MYSTERY_WAGERS):
                return MYSTERY_WAGERS_MESSAGE
        return None


# A dataclasses.Field, which typeshed types as its default's type for a class body's sake.
def _field(default: int, help_text: str) -> Any:
    return field(default=default, metadata={"help": help_text})


@dataclass(frozen=True)
class Clocks:
    """The table's clocks, in seconds, the last fields of its Rules Submission:
    every game's defaults, and the words its decision clock takes."""

    decision_help: str  # "Each hand's Play-or-fold clock; at expiry the hand folds."
    betting: int = 15
    deal: int = 1
    decision: int = 20
    result: int = 8

    def fields(self) -> dict[str, Any]:
        return {
            "betting_seconds": _field(self.betting, "How long betting stays open."),
            "deal_seconds": _field(self.deal, "Pause between no more bets and the deal."),
            "decision_seconds": _field(self.decision, self.decision_help),
            "result_seconds": _field(self.result, "How long the result stays up."),
        }


@dataclass(frozen=True)
class Wager:
    """A linked progressive wager the table offers (its ``switch`` field 1) or
    not, as its section names it, the amount first: "$1 Three-Card
    progressive payout wager", "§ 649a.7(d)(4)"."""

    switch: str  # "three_card_progressive"
    words: str
    section: str
    default: int = 1
    # Its betting area, where the table names which progressive wagers qualify for the
    # Mystery bonus (``Mystery.base``): the area's bit in ``mystery_wagers``, in this order.
    area: str | None = None

    @property
    def short(self) -> str:
        """The wager's own name, the word after the amount: "Three-Card"."""
        return self.words.split()[1]


@dataclass(frozen=True)
class Paytable:
    """The progressive's paytable, chosen by number (the field ``progressive_paytable``)."""

    names: tuple[str, ...]
    table: "Callable[[str], Mapping[str, Odds | MeterShare]]"  # (name) -> the paytable
    help: str
    message: str


@dataclass(frozen=True)
class Mystery:
    """The Must-Hit-By Mystery bonus of the seed's ``section`` ("§ 649c.1"),
    offered (the field ``mystery``) with the wagers ``offered_with`` names;
    ``needs``: the progressive wager(s) it needs, for the message. With
    ``base`` (the game's wager, "the Ante"), the table names which of its two
    progressive wagers qualify (the field ``mystery_wagers``, (c)(1)'s "as
    indicated by the certificate holder in its Rules Submission")."""

    section: str
    offered_with: str  # "the Ante and the progressive wager"
    needs: str  # "the progressive payout wager"
    base: str | None = None


@dataclass(frozen=True)
class Linked:
    """The part of the Rules Submission a poker table's linked progressive
    wagers take: each wager's switch, the progressive's paytable where the
    table chooses it, the Envy Bonus sums where the table sets them
    (``envy``: {line: default chips}), the Mystery bonus; their checks."""

    progressives: tuple[Wager, ...]
    mystery: Mystery
    paytable: Paytable | None = None
    envy: dict[str, int] | None = None

    def fields(self) -> dict[str, Any]:
        found = {
            item.switch: _field(item.default, f"1: the {item.words} is offered ({item.section}).")
            for item in self.progressives
        }
        if self.paytable:
            found["progressive_paytable"] = _field(1, self.paytable.help)
        for line, chips in (self.envy or {}).items():
            words = line.replace("_", " ")
            found[_envy_field(line)] = _field(
                chips, f"Envy Bonus, in chips, for another player's {words} (0: none)."
            )
        mystery = self.mystery
        found["mystery"] = _field(
            1, f"1: the Must-Hit-By Mystery bonus is offered with {mystery.offered_with} ({mystery.section})."
        )
        if mystery.base:
            first, second = (item.short for item in self.progressives)
            found["mystery_wagers"] = _field(
                3,
                f"The progressive wagers that qualify for the Mystery bonus with {mystery.base} "
                f"({mystery.section}(c)(1)): 1 = {first}, 2 = {second}, 3 = either.",
            )
        return found

    @property
    def switches(self) -> tuple[str, ...]:
        return (*(item.switch for item in self.progressives), "mystery")

    @property
    def limits(self) -> tuple[Limit, ...]:
        envy = tuple(
            Limit(_envy_field(line), 0, ENVY_MAX_CHIPS, f"Must be 0 to {ENVY_MAX_CHIPS:,} chips.")
            for line in self.envy or ()
        )
        if not self.mystery.base:
            return envy
        first, second = (item.short for item in self.progressives)
        return (
            *envy,
            Limit(
                "mystery_wagers", 1, 3, f"1 for the {first} progressive, 2 for the {second}, 3 for either."
            ),
        )

    @property
    def choices(self) -> tuple[Choice, ...]:
        if not self.paytable:
            return ()
        return (Choice("progressive_paytable", self.paytable.names, self.paytable.message),)

    @property
    def needs(self) -> tuple[Needs, ...]:
        mystery = self.mystery
        message = f"The Mystery bonus needs {mystery.needs} ({mystery.section}(a))."
        return (Needs("mystery", tuple(item.switch for item in self.progressives), message),)

    @property
    def mystery_wagers(self) -> dict[str | None, str]:
        if not self.mystery.base:
            return {}
        return {item.area: item.switch for item in self.progressives}


def _envy_field(line: str) -> str:
    return f"{line}_envy_bonus"


@dataclass(frozen=True)
class PokerConfig(Checked):
    """The base of a poker game's Config: its checks, from the data its
    subclass declares (class attributes, not fields). A subclass's parts
    (``LINKED``, ``CLOCKS``) add their fields after its own, in this order, and
    their checks after its own."""

    if TYPE_CHECKING:
        # Declared for mypy alone: an annotation in the class body would make these class data
        # dataclass fields (games/submission.py, Checked).
        SWITCHES: ClassVar[tuple[str, ...]]
        LIMITS: ClassVar[tuple[Limit, ...]]
        CHOICES: ClassVar[tuple[Choice, ...]]
        NEEDS: ClassVar[tuple[Needs, ...]]
        MYSTERY_WAGERS: ClassVar[dict[str | None, str]]
        LINKED: ClassVar[Linked | None]
        CLOCKS: ClassVar[Clocks | None]

        # A game's fields: its own, and those its parts add at class creation
        # (``__init_subclass__``), which mypy cannot see.
        def __getattr__(self, name: str) -> Any: ...

    SWITCHES = ()  # fields of 1 (offered) or 0
    LIMITS = ()  # Limits beyond BET_LIMITS
    CHOICES = ()
    NEEDS = ()
    # {area: the switch that offers it}: the progressive wagers ``mystery_wagers`` may name as
    # qualifying for the Mystery bonus, its bits 1, 2, 4... in this order (Three Card Poker's and
    # Let It Ride's "as indicated by the certificate holder in its Rules Submission").
    MYSTERY_WAGERS = {}
    PARTS = ()  # the game's own parts: fields made from data, with their limits (kit.OddsLines)
    LINKED = None
    CLOCKS = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # Before @dataclass reads the class: the parts' fields join its annotations, last.
        super().__init_subclass__(**kwargs)
        annotations = cls.__dict__.get("__annotations__", {})
        parts = cls.__dict__.get("PARTS", ())
        for part in (*parts, cls.__dict__.get("LINKED"), cls.__dict__.get("CLOCKS")):
            for name, declared in (part.fields() if part else {}).items():
                annotations[name] = int
                setattr(cls, name, declared)
        cls.__annotations__ = annotations
        cls.LIMITS = (*cls.LIMITS, *(limit for part in parts for limit in part.limits))
        linked = cls.__dict__.get("LINKED")
        if linked:
            cls.SWITCHES = (*cls.SWITCHES, *linked.switches)
            cls.LIMITS = (*cls.LIMITS, *linked.limits)
            cls.CHOICES = (*cls.CHOICES, *linked.choices)
            cls.NEEDS = (*cls.NEEDS, *linked.needs)
            cls.MYSTERY_WAGERS = linked.mystery_wagers

    def checks(self) -> tuple[Check, ...]:
        return (
            *switches(*self.SWITCHES),
            *BET_LIMITS,
            *self.LIMITS,
            *self.CHOICES,
            GameChecks(),
            *self.NEEDS,
            MysteryWagers(),
            *clocks(*CLOCK_RANGES),
        )

    def game_errors(self) -> dict[str, str]:
        """A game's own checks beyond the declared ones (DJ Wild Stud's natural
        Trips lines paying more than the wild ones), as {field: message}."""
        return {}

    def qualifies_for_mystery(self, area: str | None) -> bool:
        """Whether a progressive wager in ``area`` qualifies for the Mystery
        bonus: named in ``mystery_wagers`` and offered at the table."""
        bit = 1 << list(self.MYSTERY_WAGERS).index(area)
        return bool(self.mystery_wagers & bit) and bool(getattr(self, self.MYSTERY_WAGERS[area]))

    # The three properties below are read only at a table whose game declares LINKED (with its
    # paytable for the first two): narrowing the Optionals would be a behaviour change.
    @property
    def progressive_name(self) -> str:
        """The name of the progressive's paytable, where the table chooses it."""
        return self.LINKED.paytable.names[self.progressive_paytable - 1]  # type: ignore[union-attr,no-any-return]

    @property
    def progressive_table(self) -> "Mapping[str, Odds | MeterShare]":
        return self.LINKED.paytable.table(self.progressive_name)  # type: ignore[union-attr]

    @property
    def envy_cents(self) -> dict[str, int]:
        """{line: cents} of the Envy Bonus lines this table pays: none without
        the progressive wager they go with."""
        chips = {line: getattr(self, _envy_field(line)) for line in self.LINKED.envy or ()}  # type: ignore[union-attr]
        return {line: amount * 100 for line, amount in chips.items() if amount and self.progressive}
