"""The two kinds of payout a paytable line can be, for every game: fixed odds
as the regulation writes them ("3 to 2", "200 for 1") and a share of a
progressive meter ("10% of progressive"). Pure Python; the lab parses the
same words when a designer edits a copy of a paytable.
"""

import re
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class Odds:
    """Fixed odds as the regulation writes them (docs/rules/README.md, Conventions).

    ``Odds(3, 2)`` is "3 to 2": winnings of 3/2 × the wager, the stake
    returned. ``Odds(200, for_one=True)`` is "200 for 1": 200 × the wager paid
    back in all, the stake included (winnings 199 × the wager).
    """

    left: int
    right: int = 1
    for_one: bool = False

    def __post_init__(self) -> None:
        for value in (self.left, self.right):
            if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
                raise ValueError(f"odds are positive whole numbers, got {self.left!r} / {self.right!r}")
        if self.for_one and self.left < self.right:
            raise ValueError(f"{self} would pay back less than the wager")

    @property
    def ratio(self) -> Fraction:
        return Fraction(self.left, self.right)

    def winnings(self, wager: int | Fraction) -> Fraction:
        """What the house pays on top of the returned stake, exactly (a Fraction)."""
        return (self.ratio - 1 if self.for_one else self.ratio) * wager

    def returned(self, wager: int | Fraction) -> Fraction:
        """Stake plus winnings, exactly (a Fraction)."""
        return self.winnings(wager) + wager

    def winnings_cents(self, wager_cents: int) -> int:
        """Winnings in whole cents, any fraction of a cent kept by the house.
        Exact for every wager of whole chips at every odds in these paytables."""
        return int(self.winnings(wager_cents))

    def __str__(self) -> str:
        return f"{self.left} {'for' if self.for_one else 'to'} {self.right}"


@dataclass(frozen=True)
class MeterShare:
    """A progressive line: a percentage of the progressive meter ("100%
    progressive", "10% of progressive"). The meter system pays it
    (casino/progressives/api.py ``award``, ``Winner(percent=...)``); the stake
    is not returned on top ("100% of meter" awards are the total payout,
    docs/rules/players_edge21.md Defaults)."""

    percent: int

    def __post_init__(self) -> None:
        if isinstance(self.percent, bool) or not isinstance(self.percent, int) or not 0 < self.percent <= 100:
            raise ValueError(f"a meter share is a whole percentage from 1 to 100, got {self.percent!r}")

    @property
    def basis_points(self) -> int:
        return self.percent * 100

    def __str__(self) -> str:
        return f"{self.percent}% of the meter"


_ODDS_TEXT = re.compile(r"^\s*(\d{1,7})\s*(?:(to|for|:)\s*(\d{1,7}))?\s*$", re.IGNORECASE)
_SHARE_TEXT = re.compile(r"^\s*(\d{1,3})\s*%(?:\s*of\s*(?:the\s*)?(?:meter|progressive))?\s*$", re.IGNORECASE)


def parse_payout(text: object) -> Odds | MeterShare:
    """``Odds`` or ``MeterShare`` from a designer's words: "3 to 2", "3:2",
    "5" (5 to 1), "200 for 1", "10%" or "10% of progressive". ValueError
    with a message that says what is accepted."""
    if not isinstance(text, str):
        raise ValueError("A payout is text such as '3 to 2', '200 for 1' or '10%'.")
    share = _SHARE_TEXT.match(text)
    if share:
        return MeterShare(int(share.group(1)))
    odds = _ODDS_TEXT.match(text)
    if not odds:
        raise ValueError(f"{text.strip()!r} is not a payout: write '3 to 2', '200 for 1' or '10%'.")
    left, word, right = odds.groups()
    return Odds(int(left), int(right or 1), for_one=(word or "").lower() == "for")
