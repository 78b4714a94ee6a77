"""What every poker table's Rules Submission (§ 601a.2) checks, for the games
of games/poker/: a game's ``Config`` subclasses ``PokerConfig``, declares its
fields (one admin field each) and says as data which of them are switches,
limits, paytable choices and settings that need another wager offered; the
loops that check them are here, once. Pure Python.

A game's Config::

    @dataclass(frozen=True)
    class Config(PokerConfig):
        min_bet: int = field(default=5, metadata={"help": "Minimum Ante, in chips."})
        ...
        SWITCHES = ("aces_up", "five_card_progressive", "mystery")
        LIMITS = (Limit("side_max", "min_bet", message="The Aces Up maximum cannot be ..."),)
        CHOICES = (Choice("aces_up_paytable", paytables.ACES_UP_NAMES, "Choose Aces Up paytable 1 ..."),)
        NEEDS = (Needs("mystery", ("five_card_progressive",), "The Mystery bonus needs ... (§ 641c.1(a))."),)

Each field shows its first problem only, in the order below."""

from dataclasses import dataclass

from games.engine import RulesSubmission

# The table's clocks, in seconds: (field, lowest, highest).
CLOCKS = (
    ("betting_seconds", 1, 300),
    ("deal_seconds", 0, 30),
    ("decision_seconds", 3, 120),
    ("result_seconds", 0, 60),
)

OFFERED = "1 to offer it, 0 not to."


@dataclass(frozen=True)
class Limit:
    """A whole number from ``low`` to ``high`` (None: no ceiling); either may
    name another field, which this one may not go below or above."""

    name: str
    low: int | str
    high: int | str | None = None
    message: str = ""


@dataclass(frozen=True)
class Choice:
    """A paytable (or any option) chosen by its number: 1 to len(names)."""

    name: str
    names: tuple
    message: str


@dataclass(frozen=True)
class Needs:
    """A setting other than 0 that needs one of ``offered`` on (the Mystery
    bonus and its progressive wagers, an Envy Bonus and its wager)."""

    name: str
    offered: tuple
    message: str


# Every poker table has a minimum and a maximum base wager.
BET_LIMITS = (
    Limit("min_bet", 1, message="The minimum wager must be at least 1 chip."),
    Limit("max_bet", "min_bet", message="The maximum wager cannot be below the minimum wager."),
)


@dataclass(frozen=True)
class PokerConfig(RulesSubmission):
    """The base of a poker game's Config: its checks, from the data its
    subclass declares (class attributes, not fields)."""

    SWITCHES = ()  # fields of 1 (offered) or 0
    LIMITS = ()  # Limits beyond BET_LIMITS
    CHOICES = ()
    NEEDS = ()
    # {area: the switch that offers it}: the progressive wagers ``mystery_wagers`` may name as
    # qualifying for the Mystery bonus, its bits 1, 2, 4... in this order (Three Card Poker's and
    # Let It Ride's "as indicated by the certificate holder in its Rules Submission").
    MYSTERY_WAGERS = {}
    CLOCKS = CLOCKS

    def errors(self):
        """Every problem with this configuration, as {field: message}."""
        errors = self.type_errors()
        if errors:
            return errors
        for name in self.SWITCHES:
            if getattr(self, name) not in (0, 1):
                errors[name] = OFFERED
        for limit in (*BET_LIMITS, *self.LIMITS):
            if limit.name not in errors and not self._within(limit):
                errors[limit.name] = limit.message
        for choice in self.CHOICES:
            if choice.name not in errors and getattr(self, choice.name) not in range(
                1, len(choice.names) + 1
            ):
                errors[choice.name] = choice.message
        for name, message in self.game_errors().items():
            errors.setdefault(name, message)
        for need in self.NEEDS:
            if need.name not in errors and getattr(self, need.name):
                if not any(getattr(self, name) for name in need.offered):
                    errors[need.name] = need.message
        if self.MYSTERY_WAGERS and "mystery_wagers" not in errors and self.mystery == 1:
            if not any(self.qualifies_for_mystery(area) for area in self.MYSTERY_WAGERS):
                errors["mystery_wagers"] = (
                    "The Mystery bonus needs a qualifying progressive wager the table offers."
                )
        for name, low, high in self.CLOCKS:
            if name not in errors and not low <= getattr(self, name) <= high:
                errors[name] = f"Must be {low} to {high} seconds."
        return errors

    def game_errors(self):
        """A game's own checks beyond the declared ones (DJ Wild Stud's natural
        Trips lines paying more than the wild ones), as {field: message}."""
        return {}

    def qualifies_for_mystery(self, area):
        """Whether a progressive wager in ``area`` qualifies for the Mystery
        bonus: named in ``mystery_wagers`` and offered at the table."""
        bit = 1 << list(self.MYSTERY_WAGERS).index(area)
        return bool(self.mystery_wagers & bit) and bool(getattr(self, self.MYSTERY_WAGERS[area]))

    def _within(self, limit):
        value = getattr(self, limit.name)
        low = getattr(self, limit.low) if isinstance(limit.low, str) else limit.low
        high = getattr(self, limit.high) if isinstance(limit.high, str) else limit.high
        return low <= value and (high is None or value <= high)
