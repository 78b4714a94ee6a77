"""What every poker table's Rules Submission (§ 601a.2) checks, for the games
of games/poker/: a game's ``Config`` subclasses ``PokerConfig``, declares its
fields (one admin field each) and says as data which of them are switches,
limits, paytable choices and settings that need another wager offered; the
check machinery is games/submission.py, shared with the other families, and
this module says the poker family's order. Pure Python.

A game's Config::

    @dataclass(frozen=True)
    class Config(PokerConfig):
        min_bet: int = field(default=5, metadata={"help": "Minimum Ante, in chips."})
        ...
        SWITCHES = ("aces_up", "five_card_progressive", "mystery")
        LIMITS = (Limit("side_max", "min_bet", message="The Aces Up maximum cannot be ..."),)
        CHOICES = (Choice("aces_up_paytable", paytables.ACES_UP_NAMES, "Choose Aces Up paytable 1 ..."),)
        NEEDS = (Needs("mystery", ("five_card_progressive",), "The Mystery bonus needs ... (§ 641c.1(a))."),)

Each field shows its first problem only, in the order of ``checks()``."""

from dataclasses import dataclass

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

# The check kinds come from games/submission.py; the games take them from here.
__all__ = [
    "BET_LIMITS",
    "CLOCKS",
    "OFFERED",
    "Choice",
    "Limit",
    "MysteryWagers",
    "Needs",
    "PokerConfig",
    "RulesSubmission",
]

# The table's clocks, in seconds: (field, lowest, highest).
CLOCKS = (
    ("betting_seconds", 1, 300),
    ("deal_seconds", 0, 30),
    ("decision_seconds", 3, 120),
    ("result_seconds", 0, 60),
)

MYSTERY_WAGERS_MESSAGE = "The Mystery bonus needs a qualifying progressive wager the table offers."


@dataclass(frozen=True)
class MysteryWagers(Check):
    """With the Mystery bonus offered, one of the progressive wagers that
    ``mystery_wagers`` names must be offered too."""

    name: str = "mystery_wagers"

    def problem(self, config):
        if config.MYSTERY_WAGERS and config.mystery == 1:
            if not any(config.qualifies_for_mystery(area) for area in config.MYSTERY_WAGERS):
                return MYSTERY_WAGERS_MESSAGE
        return None


@dataclass(frozen=True)
class PokerConfig(Checked):
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

    def checks(self):
        return (
            *switches(*self.SWITCHES),
            *BET_LIMITS,
            *self.LIMITS,
            *self.CHOICES,
            GameChecks(),
            *self.NEEDS,
            MysteryWagers(),
            *clocks(*self.CLOCKS),
        )

    def qualifies_for_mystery(self, area):
        """Whether a progressive wager in ``area`` qualifies for the Mystery
        bonus: named in ``mystery_wagers`` and offered at the table."""
        bit = 1 << list(self.MYSTERY_WAGERS).index(area)
        return bool(self.mystery_wagers & bit) and bool(getattr(self, self.MYSTERY_WAGERS[area]))
