"""A table's Rules Submission (§ 601a.2) checked from data, for every family:
a game's ``Config`` subclasses ``Checked`` and lists its checks — which
fields are switches, limits, paytable choices, settings that need another
wager offered, clocks — and ``errors()`` runs them, once. Pure Python.

Each field shows its first problem only, and the problems come in the order
of the checks (a table's page and its admin list them in that order), so a
family or a game says the order by the order of its checks::

    @dataclass(frozen=True)
    class Config(Checked):
        min_bet: int = field(default=5, metadata={"help": "Minimum wager, in chips."})
        ...
        CHECKS = (
            *switches("fortune", "progressive", "mystery"),
            *BET_LIMITS,
            Needs("mystery", ("progressive",), "The Mystery bonus needs the progressive ..."),
            *clocks(("betting_seconds", 1, 300), ("result_seconds", 0, 60)),
        )
"""

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from games.engine import RulesSubmission

OFFERED = "1 to offer it, 0 not to."


class Check:
    """One check of one field (``name``): ``problem(config)`` is its message,
    or None; ``report`` adds it unless the field already shows one."""

    name: str

    def problem(self, config: Any) -> str | None:
        raise NotImplementedError

    def report(self, config: Any, errors: dict[str, str]) -> None:
        if self.name not in errors:
            message = self.problem(config)
            if message:
                errors[self.name] = message


@dataclass(frozen=True)
class Switch(Check):
    """An optional wager or rule: 1 offers it, 0 does not."""

    name: str

    def problem(self, config: Any) -> str | None:
        return None if getattr(config, self.name) in (0, 1) else OFFERED


@dataclass(frozen=True)
class Limit(Check):
    """A whole number from ``low`` to ``high`` (None: no ceiling); either may
    name another field, which this one may not go below or above."""

    name: str
    low: int | str
    high: int | str | None = None
    message: str = ""

    def problem(self, config: Any) -> str | None:
        value = getattr(config, self.name)
        low = getattr(config, self.low) if isinstance(self.low, str) else self.low
        high = getattr(config, self.high) if isinstance(self.high, str) else self.high
        return None if low <= value and (high is None or value <= high) else self.message


@dataclass(frozen=True)
class Choice(Check):
    """A paytable (or any option) chosen by its number: 1 to len(names)."""

    name: str
    names: tuple[str, ...]
    message: str

    def problem(self, config: Any) -> str | None:
        return None if getattr(config, self.name) in range(1, len(self.names) + 1) else self.message


@dataclass(frozen=True)
class OneOf(Check):
    """A setting that takes one of ``values`` (Face Up's Ace High Bonus odds, or 0)."""

    name: str
    values: tuple[int, ...]
    message: str

    def problem(self, config: Any) -> str | None:
        return None if getattr(config, self.name) in self.values else self.message


@dataclass(frozen=True)
class Needs(Check):
    """A setting other than 0 that needs one of ``offered`` on (the Mystery
    bonus and its progressive wagers, an Envy Bonus and its wager).
    ``over_switch``: shown even where the setting is also not 0 or 1, in
    place of the switch's message (the pai gow games say what is missing
    first)."""

    name: str
    offered: tuple[str, ...]
    message: str
    over_switch: bool = False

    def problem(self, config: Any) -> str | None:
        needed = getattr(config, self.name) and not any(getattr(config, name) for name in self.offered)
        return self.message if needed else None

    def report(self, config: Any, errors: dict[str, str]) -> None:
        shown = errors.get(self.name)
        if (shown is None or (self.over_switch and shown == OFFERED)) and self.problem(config):
            errors[self.name] = self.message


@dataclass(frozen=True)
class Clock(Check):
    """A clock, in seconds: from ``low`` to ``high``."""

    name: str
    low: int
    high: int

    def problem(self, config: Any) -> str | None:
        if self.low <= getattr(config, self.name) <= self.high:
            return None
        return f"Must be {self.low} to {self.high} seconds."


@dataclass(frozen=True)
class GameChecks(Check):
    """Where a game's own checks (``Config.game_errors()``, {field: message})
    come among the declared ones: DJ Wild Stud's natural Trips lines paying
    more than the wild ones."""

    name: str = ""

    def report(self, config: Any, errors: dict[str, str]) -> None:
        for name, message in config.game_errors().items():
            errors.setdefault(name, message)


def switches(*names: str) -> tuple[Switch, ...]:
    return tuple(Switch(name) for name in names)


def clocks(*clocks: tuple[str, int, int]) -> tuple[Clock, ...]:
    """Clock checks from (field, lowest, highest) triples."""
    return tuple(Clock(*clock) for clock in clocks)


# Every house-banked table has a minimum and a maximum base wager; most a side wager maximum.
BET_LIMITS = (
    Limit("min_bet", 1, message="The minimum wager must be at least 1 chip."),
    Limit("max_bet", "min_bet", message="The maximum wager cannot be below the minimum wager."),
)
SIDE_MAX = Limit("side_max", 1, message="The side wager maximum must be at least 1 chip.")


@dataclass(frozen=True)
class Checked(RulesSubmission):
    """A Config whose ``errors()`` runs its checks: ``CHECKS`` (class data,
    not fields), or what ``checks()`` builds from a family's declarations."""

    # Annotated for mypy only: at run time a ClassVar annotation would put
    # CHECKS among __dataclass_fields__ (as a pseudo-field), which
    # RulesSubmission reads as the settings.
    if TYPE_CHECKING:
        CHECKS: ClassVar[tuple[Check, ...]]
    CHECKS = ()

    def checks(self) -> tuple[Check, ...]:
        return self.CHECKS

    def errors(self) -> dict[str, str]:
        """Every problem with this configuration, as {field: message}."""
        errors = self.type_errors()
        if errors:
            return errors
        for check in self.checks():
            check.report(self, errors)
        return errors

    def game_errors(self) -> dict[str, str]:
        """A game's own checks beyond the declared ones, as {field: message},
        where its checks place ``GameChecks()``."""
        return {}
