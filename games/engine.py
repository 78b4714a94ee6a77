"""The contract between a game's pure rules and the platform that runs them.

Pure Python: no Django, no I/O, no clock (DESIGN.md, "The one rule of
dependencies"). A game's rules module is a state machine: a ``State`` that
round-trips through JSON, ``apply(state, action, config, rng)`` returning an
``Outcome``, and ``timer(state, config)`` saying which action the table
applies by itself when the phase's clock runs out. Money leaves the rules only
as ``ChipMove`` records; the platform turns them into ledger entries in the
same database transaction as the new state.
"""

from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

# Kinds of chip movement. The platform maps each to a pair of ledger legs:
STAKE = "stake"  # player -> round escrow (a wager is placed)
REFUND = "refund"  # round escrow -> player (a wager is withdrawn or voided)
RETURN = "return"  # round escrow -> player (a winning wager's stake comes back)
LOSE = "lose"  # round escrow -> house (a losing wager is collected)
WIN = "win"  # house -> player (winnings on a wager)
MOVE_KINDS = (STAKE, REFUND, RETURN, LOSE, WIN)

CENTS_PER_CHIP = 100


class IllegalAction(Exception):
    """An action the rules refuse; the message is shown to the sender only."""


@dataclass(frozen=True)
class Action:
    """Something a player (or the table's clock, player=None) asks for."""

    kind: str
    player: int | None = None
    data: dict = field(default_factory=dict)


@dataclass(frozen=True)
class ChipMove:
    kind: str
    player: int
    amount: int  # cents, > 0
    memo: str = ""

    def __post_init__(self):
        if self.kind not in MOVE_KINDS:
            raise ValueError(f"unknown chip move {self.kind!r}")
        if not isinstance(self.amount, int) or self.amount <= 0:
            raise ValueError(f"chip move amount must be a positive int, got {self.amount!r}")


@dataclass
class Outcome:
    """What one transition produced: the new state, what to tell the table
    (short human-readable lines for the round log and screen readers) and
    the chips it moves, in the order they must be booked."""

    state: object
    log: list = field(default_factory=list)
    moves: list = field(default_factory=list)


def parse_chips(value, what="Amount"):
    """Parse a whole number of chips typed or sent by a player into cents.

    Refuses zero, negatives, fractions and anything that is not a number with
    a message fit for the player.
    """
    if isinstance(value, bool) or value is None:
        raise IllegalAction(f"{what} must be a whole number of chips.")
    try:
        number = Decimal(str(value).strip())
    except InvalidOperation:
        raise IllegalAction(f"{what} must be a whole number of chips.") from None
    if not number.is_finite():
        raise IllegalAction(f"{what} must be a whole number of chips.")
    if number != number.to_integral_value():
        raise IllegalAction(f"{what} must be a whole number of chips, not a fraction.")
    if number <= 0:
        raise IllegalAction(f"{what} must be more than zero.")
    if number > 10**12:
        raise IllegalAction(f"{what} is too large.")
    return int(number) * CENTS_PER_CHIP


def format_chips(cents):
    """10000 -> '100', 12345 -> '123.45', with thousands separators."""
    sign = "-" if cents < 0 else ""
    whole, frac = divmod(abs(int(cents)), CENTS_PER_CHIP)
    text = f"{whole:,}"
    if frac:
        text += f".{frac:02d}"
    return sign + text
