"""What every blackjack table's Rules Submission (§ 601a.2) has: the shoe,
the limits and the clocks. Each game's ``Config`` adds its optional wagers and
paytables; all are frozen dataclasses of whole numbers, one admin field each."""

from dataclasses import dataclass, field

from games.cards.cards import spanish_deck
from games.engine import RulesSubmission

CLOCKS = (
    ("betting_seconds", 1, 300),
    ("deal_seconds", 0, 30),
    ("insurance_seconds", 1, 60),
    ("action_seconds", 3, 120),
    ("result_seconds", 0, 60),
)


@dataclass(frozen=True)
class BlackjackConfig(RulesSubmission):
    DECKS = (6, 8)  # the deck counts the game allows; each game says its own
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

    def errors(self):
        """Every problem with this configuration, as {field: message}."""
        errors = self.type_errors()
        if errors:
            return errors
        if self.decks not in self.DECKS:
            errors["decks"] = self.DECKS_ERROR
        if self.min_bet < 1:
            errors["min_bet"] = "The minimum wager must be at least 1 chip."
        if self.max_bet < self.min_bet:
            errors["max_bet"] = "The maximum wager cannot be below the minimum wager."
        if self.side_max < 1:
            errors["side_max"] = "The side wager maximum must be at least 1 chip."
        for name, low, high in CLOCKS:
            if not low <= getattr(self, name) <= high:
                errors[name] = f"Must be {low} to {high} seconds."
        if not errors:
            errors.update(self.game_errors())
        return errors

    def game_errors(self):
        """The game's own checks, once the common ones pass."""
        return {}

    def offers(self, area):
        """Whether the table offers an optional wager: a field of the same
        name set to 1 (the main wager is always offered)."""
        return area == "main" or getattr(self, area, 0) == 1

    @property
    def min_bet_cents(self):
        return self.min_bet * 100

    @property
    def max_bet_cents(self):
        return self.max_bet * 100

    @property
    def side_max_cents(self):
        return self.side_max * 100
