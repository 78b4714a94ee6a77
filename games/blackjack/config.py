"""What every blackjack table's Rules Submission (§ 601a.2) has: the shoe,
the limits and the clocks. Each game's ``Config`` adds its optional wagers and
paytables; all are frozen dataclasses of whole numbers, one admin field each.
The checks are games/submission.py's: a game declares its own as ``CHECKS``,
which come after the shoe's, the limits' and the clocks'."""

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from games.cards.cards import spanish_deck
from games.submission import BET_LIMITS, SIDE_MAX, Check, Checked, OneOf, clocks

CLOCKS = (
    ("betting_seconds", 1, 300),
    ("deal_seconds", 0, 30),
    ("insurance_seconds", 1, 60),
    ("action_seconds", 3, 120),
    ("result_seconds", 0, 60),
)


def match_the_dealer_checks(section: str) -> tuple[Check, ...]:
    """The Match the Dealer wager and its progressive, $1 or $5 on paytable 1
    to 10 (Spanish 21's § 635c.1, Down Under Blackjack's § 685c.1)."""
    return (
        OneOf("match_the_dealer", (0, 1), "1 to offer the Match the Dealer wager, 0 not to."),
        OneOf(
            "progressive",
            (0, 1, 5),
            f"The progressive wager is $1 or $5 ({section}(e)), or 0 when not offered.",
        ),
        OneOf("progressive_paytable", tuple(range(1, 11)), f"Choose paytable 1 to 10 ({section}(i))."),
    )


@dataclass(frozen=True)
class BlackjackConfig(Checked):
    # The deck counts the game allows; each game says its own. Annotated for
    # mypy only, as Checked.CHECKS is.
    if TYPE_CHECKING:
        DECKS: ClassVar[tuple[int, ...]]
    DECKS = (6, 8)
    DECKS_ERROR = "Choose 6 or 8 decks."

    decks: int = field(default=6, metadata={"help": "48-card Spanish decks in the shoe."})
    min_bet: int = field(default=5, metadata={"help": "Minimum main wager, in chips."})
    max_bet: int = field(default=500, metadata={"help": "Maximum main wager, in chips."})
    side_max: int = field(default=100, metadata={"help": "Maximum of each fixed-odds side wager, in chips."})
    betting_seconds: int = field(default=15, metadata={"help": "How long betting stays open."})
    deal_seconds: int = field(default=2, metadata={"help": "Pause between no more bets and the deal."})
    insurance_seconds: int = field(default=8, metadata={"help": "How long insurance stays open."})
    action_seconds: int = field(
        default=20, metadata={"help": "Each hand's action clock; at expiry it stands."}
    )
    result_seconds: int = field(default=6, metadata={"help": "How long the result stays up."})

    deck = staticmethod(spanish_deck)

    def checks(self) -> tuple[Check, ...]:
        return (
            OneOf("decks", self.DECKS, self.DECKS_ERROR),
            *BET_LIMITS,
            SIDE_MAX,
            *clocks(*CLOCKS),
            *self.CHECKS,
        )

    def offers(self, area: str) -> bool:
        """Whether the table offers an optional wager: a field of the same
        name set to 1 (the main wager is always offered)."""
        return area == "main" or getattr(self, area, 0) == 1

    @property
    def min_bet_cents(self) -> int:
        return self.min_bet * 100

    @property
    def max_bet_cents(self) -> int:
        return self.max_bet * 100

    @property
    def side_max_cents(self) -> int:
        return self.side_max * 100
