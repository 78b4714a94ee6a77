"""The three dice of Pai Gow Poker's shaker: the roll, the lines the Sum,
Match and Beat It wagers make on it (seed § 645c.2(e)), and the starting
position the total picks (docs/rules/pai_gow.md rules 14-16).

Pure Python (no Django, no I/O, no clock; docs/architecture.md, "The one rule of
dependencies"). The functions here say *which line* a roll makes, or None
(the wager loses); what a line pays is games/pai_gow/paytables.py
(§ 645c.2(g)), whose ``dice_odds`` joins the two. The game decides whether a
wager is in play (placed before the shaker is used, § 645c.2(f)); these
functions only read the dice.

Colours: when the Beat It wager of § 645c.2(e)(3)(i) (Paytables A and B) is
offered, the shaker holds one red and two blue dice (§ 645c.2(c)). A ``Roll``
always names its red die and its two blue dice; only Beat It A and B read
the colours (Sum, Match and Beat It C read the three values alone), so the
same roll serves every table.
"""

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from games.engine import IllegalAction

FACES = (1, 2, 3, 4, 5, 6)
DICE = 3
RED = "red"
BLUE = "blue"
COLOURS = (RED, BLUE, BLUE)  # the order of Roll.dice


class BadMatchFace(IllegalAction, ValueError):
    """A Match wager on a face the dice do not have. Both an IllegalAction
    (shown to the player who sent it) and a ValueError."""


def _face(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in FACES:
        raise ValueError(f"{what} shows 1 to 6 pips, not {value!r}")
    return value


@dataclass(frozen=True)
class Roll:
    """Three dice at rest: ``red`` and the two ``blues`` (§ 645c.2(c))."""

    red: int
    blues: tuple[int, int]

    def __post_init__(self) -> None:
        _face(self.red, "the red die")
        blues = tuple(self.blues)
        if len(blues) != 2:
            raise ValueError(f"a roll has two blue dice, got {len(blues)}")
        for value in blues:
            _face(value, "a blue die")
        object.__setattr__(self, "blues", blues)

    @property
    def dice(self) -> tuple[int, int, int]:
        """(red, blue, blue): the three values, in ``COLOURS`` order."""
        return (self.red, *self.blues)

    @property
    def total(self) -> int:
        return sum(self.dice)

    @property
    def blue_total(self) -> int:
        return sum(self.blues)

    def to_json(self) -> list[int]:
        return list(self.dice)

    @classmethod
    def from_json(cls, data: Iterable[Any]) -> "Roll":
        red, *blues = data
        return cls(red, tuple(blues))

    def __str__(self) -> str:
        return f"red {self.red}, blue {self.blues[0]} and {self.blues[1]} (total {self.total})"


def roll(rng: random.Random) -> Roll:
    """Shake the three dice: the red one, then the two blue ones, each
    uniform on 1-6 from ``rng`` (``secrets.SystemRandom`` at a live table, a
    seeded ``random.Random`` at a test table: games/cards/rng.py). The order of
    the draws is fixed, so a seeded table replays the same rolls."""
    red = rng.randint(1, 6)
    first = rng.randint(1, 6)
    second = rng.randint(1, 6)
    return Roll(red, (first, second))


# ---------------------------------------------------------------------------
# Sum wager: § 645c.2(e)(1); odds in (g)(1). The certificate holder picks one
# paytable; each paytable letter has its own winning results.
# ---------------------------------------------------------------------------

SUM_3 = "total_3"
SUM_8 = "total_8"
SUM_9 = "total_9"
SUM_16 = "total_16"
SUM_17 = "total_17"
THREE_MATCH = "three_match"  # Paytable C, "A three match"
TWO_MATCH = "two_match"  # Paytable C, "A two match"
SERIES = "series"  # Paytable D, "A series of three"

SUM_TOTAL_LINES = {3: SUM_3, 8: SUM_8, 9: SUM_9, 16: SUM_16, 17: SUM_17}
# (e)(1)(i) "The total of the three dice is equal to an 8, 16 or 17" (Paytable A);
# (e)(1)(ii) "... equal to a 3, 8 or 9" (Paytable B).
SUM_TOTALS = {"A": (8, 16, 17), "B": (3, 8, 9)}
SUM_PAYTABLES = ("A", "B", "C", "D")  # (e)(1)(i)-(iv), (g)(1) Paytables A-D


def is_series(values: Iterable[int]) -> bool:
    """(e)(1)(iv): "the three dice form a series, such as a 1, 2 and 3 or 3,
    4 and 5": three consecutive faces, in any order (1-2-3, 2-3-4, 3-4-5 or
    4-5-6; the faces do not wrap, so 5-6-1 is no series)."""
    low, middle, high = sorted(values)
    return middle == low + 1 and high == middle + 1


def sum_line(the_roll: Roll, paytable: str | None) -> str | None:
    """The line a roll makes on Sum Paytable ``paytable`` ("A".."D"), or None.

    A: total 17, 16 or 8. B: total 3, 8 or 9. C: "at least two of the dice are
    matching": three alike is the three-match line (3 to 1), exactly two the
    two-match line (1 to 1); a roll makes only its one, highest, line.
    D: a series of three.
    """
    if paytable in SUM_TOTALS:
        total = the_roll.total
        return SUM_TOTAL_LINES[total] if total in SUM_TOTALS[paytable] else None
    if paytable == "C":
        alike = len(set(the_roll.dice))
        return {1: THREE_MATCH, 2: TWO_MATCH}.get(alike)
    if paytable == "D":
        return SERIES if is_series(the_roll.dice) else None
    raise ValueError(f"§ 645c.2(g)(1) lists Sum Paytables A-D, not {paytable!r}")


# ---------------------------------------------------------------------------
# Match wager: § 645c.2(e)(2); odds in (g)(2). One of six areas, 1 to 6, per
# player (§ 645c.2(d)(2)).
# ---------------------------------------------------------------------------

TRIPLE_MATCH = "triple_match"
DOUBLE_MATCH = "double_match"


def match_face(value: object) -> int:
    """The face a Match wager is on, as an int 1-6. Accepts an int or its
    digit as text (a form field); anything else is a ``BadMatchFace``."""
    face = value
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():  # not "²" or "٣"
        face = int(value.strip())
    if isinstance(face, bool) or not isinstance(face, int) or face not in FACES:
        raise BadMatchFace(
            f"A Match wager goes on one of the faces 1 to 6 (§ 645c.2(d)(2)); there is no face {value!r}."
        )
    return face


def match_line(the_roll: Roll, face: object) -> str | None:
    """(e)(2): the wager on ``face`` wins "if at least two of the dice match
    the value selected by the player": all three is the triple match, exactly
    two the double match; one or none loses (there is no single-match line).
    """
    count = the_roll.dice.count(match_face(face))
    if count == 3:
        return TRIPLE_MATCH
    if count == 2:
        return DOUBLE_MATCH
    return None


# ---------------------------------------------------------------------------
# Beat It wager: § 645c.2(e)(3); odds in (g)(3).
# ---------------------------------------------------------------------------

BEAT_BY_4 = "by_4"  # Paytables A, B: "4 points"
BEAT_BY_2_OR_3 = "by_2_or_3"  # "2 or 3 points"
TIE_OR_BY_1 = "tie_or_1"  # "Tie or 1 point"
ONE_DIE_BEATS_BY_1_OR_MORE = "one_die_beats"  # Paytable C
BEAT_IT_PAYTABLES = ("A", "B", "C")
# § 645c.2(c): the red/blue dice serve the (e)(3)(i) wager, Paytables A and B.
RED_BLUE_PAYTABLES = ("A", "B")


def coloured_dice_required(beat_it_paytable: str | None) -> bool:
    """True when the table's Beat It paytable reads the colours (§ 645c.2(c):
    one red and two blue dice "if the certificate holder is offering the Beat
    It wager in accordance with subsection (e)(3)(i)"); None = not offered."""
    return beat_it_paytable in RED_BLUE_PAYTABLES


def red_margin(the_roll: Roll) -> int:
    """The red die less the sum of the two blue dice (-11 to 4)."""
    return the_roll.red - the_roll.blue_total


def beat_it_line(the_roll: Roll, paytable: str | None) -> str | None:
    """The line a roll makes on Beat It Paytable ``paytable``, or None.

    A and B, (e)(3)(i): "the red dice is equal in value to or greater than
    the sum of the two blue dice": the red die less the blue sum is 4 (the
    most it can be: 6 against 1 + 1), 2 or 3, or 0 ("tie") or 1. The blue
    dice never play the red role: blue 6 against red 1 + blue 1 loses.

    C, (e)(3)(ii): "a single dice beats the sum of the two other dice by one
    to four points", any colour; (g)(3) writes "by one or more points", the
    same rolls since no die can beat the other two by more than 4. A tie is
    no win here. At most one die can beat the other two.
    """
    if paytable in RED_BLUE_PAYTABLES:
        margin = red_margin(the_roll)
        if margin == 4:
            return BEAT_BY_4
        if margin in (2, 3):
            return BEAT_BY_2_OR_3
        if margin in (0, 1):
            return TIE_OR_BY_1
        return None
    if paytable == "C":
        total = the_roll.total
        if any(1 <= value - (total - value) <= 4 for value in the_roll.dice):
            return ONE_DIE_BEATS_BY_1_OR_MORE
        return None
    raise ValueError(f"§ 645c.2(g)(3) lists Beat It Paytables A-C, not {paytable!r}")


# ---------------------------------------------------------------------------
# Starting position: docs/rules/pai_gow.md rules 14-16 (PA § 621a.6(c),
# parallel tile chapter; N.J.A.C. 13:69F-31.11).
# ---------------------------------------------------------------------------

DEALER = "dealer"
Position = str | int  # the dealer's, or a player position's number
PLAYER_POSITIONS = (1, 2, 3, 4, 5, 6)  # docs/rules/pai_gow.md rule 7: six player positions
POSITIONS = (DEALER, *PLAYER_POSITIONS)  # counting order: dealer = 1, position 1 = 2, ...


def first_position(total: object, positions: Iterable[Position] = POSITIONS) -> Position:
    """The position that receives the first stack of cards.

    ``positions`` are all of the table's positions in counting order, the
    dealer's first, occupied or not (every betting position counts whether
    or not it holds a wager). The dealer counts the dealer as 1, the next
    position as 2, and so on around the table, wrapping past the last
    position back to the dealer, until the count reaches ``total`` (the three
    dice, 3-18, or the RNG's number, 1-7): ``positions[(total - 1) % n]``,
    i.e. docs/rules/pai_gow.md rule 15's ``start = ((total - 1) mod 7) + 1`` for
    the seven positions of a table. With ``POSITIONS``: 8 and 15 -> dealer,
    9 and 16 -> position 1, 14 -> position 6, 3 -> position 2, 18 -> position 3.

    Direction: PA § 621a.6(c) counts "counterclockwise"; the project counts
    dealer -> positions 1...6 in the UI's order (docs/rules/pai_gow.md Defaults,
    "Count and delivery direction"), so ``positions`` carries the direction.
    """
    order = _positions(positions)
    if isinstance(total, bool) or not isinstance(total, int) or total < 1:
        raise ValueError(f"the count starts at 1 (the dealer); got {total!r}")
    return order[(total - 1) % len(order)]


def delivery_order(total: object, positions: Iterable[Position] = POSITIONS) -> tuple[Position, ...]:
    """Every position in the order the stacks go out (rule 16): the first
    position, then each following one, empty spots and the dealer included."""
    order = _positions(positions)
    start = order.index(first_position(total, order))
    return order[start:] + order[:start]


def _positions(positions: Iterable[Position]) -> tuple[Position, ...]:
    order = tuple(positions)
    if not order:
        raise ValueError("a table has at least the dealer's position")
    if len(set(order)) != len(order):
        raise ValueError(f"each position is counted once, got {order!r}")
    return order
