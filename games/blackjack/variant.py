"""What a blackjack game is to the family's round (games/blackjack/round.py):
its ``Variant`` (the small differences between Spanish 21, Player's Edge 21
and Down Under Blackjack), and the data its hooks read: a hand as the round
keeps it and its status, the main wager's area, the points where side
wagers settle. Pure."""

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from games.cards.cards import Card, cards, to_json
from games.payouts import Odds

MAIN = "main"
MAX_HANDS = 4  # resplit to four hands, aces included (docs/rules/spanish21.md rule 21)

# A hand as the round keeps it (``new_hand``), JSON as it is.
Hand = dict[str, Any]
# A line of the round log: {"player": id or None, "text": ...}.
LogLine = dict[str, Any]
# A game's hook, or None where the game has none: the comment on each field of
# ``Variant`` says what it takes and gives. Any, not an optional Callable: the
# round calls a hook only where the game's rules use it (a game without
# insurance never opens it), which the types cannot see.
Hook = Any

# A hand's status.
OPEN = "open"
STOOD = "stood"
BUST = "bust"
TWENTY_ONE = "21"
BLACKJACK = "blackjack"
SURRENDERED = "surrendered"
RESCUED = "rescued"


# When a side wager settles: right after the second card to everyone (§ 635c.1(g),
# § 635c.2(e)(1)(i)) or when the hole card is turned (§ 635c.2(e)(1)(iii)).
DEAL = "deal"
REVEAL = "reveal"


@dataclass(frozen=True)
class Variant:
    """What differs between the games this engine runs."""

    name: str
    premium_suit: str  # the suit of the 3-to-1 bonus 21s: spades, or diamonds (§ 635c.2(g)(2))
    max_doubles: int = 1  # doubles on one hand (Player's Edge 21: 3, § 635c.2(f)(1)-(3))
    hits_soft_17: bool = True
    # Optional side wagers, by betting-area name -> when they settle: DEAL
    # (right after the second card to everyone, § 635c.1(g), § 635c.2(e)(1)(i))
    # or REVEAL (when the hole card is turned, before the dealer draws,
    # § 635c.2(e)(1)(iii)).
    side_wagers: dict[str, str] = field(default_factory=dict)
    # Settles one: (state, seat, name, player's two cards, dealer's two cards, config) -> (log, moves).
    settle_side: Hook = None
    # The progressive wager's betting area, its meter kind and when it settles.
    progressive_area: str | None = None
    progressive_kind: str | None = None
    progressive_point: str = "deal"
    # Its line: (player's two cards, dealer's two cards, config) -> Odds | MeterShare | None.
    progressive_line: Hook = None
    # The amount of a double: (hand, requested cents or None) -> cents, or IllegalAction.
    double_amount: Hook = None
    # A rescue: (hand) -> (cents returned, cents forfeited), or None when not allowed.
    rescue_amounts: Hook = None
    insurance_odds: Hook = None  # (dealer's two cards) -> Odds
    super_bonus_cents: Hook = None  # (cards, upcard, hand, original wager cents) -> cents on top, or 0
    envy_cents: Hook = None  # (winner's cards, another spot) -> cents to that spot's player, or 0
    bonus_odds: dict[str, Odds] = field(default_factory=dict)  # bonus 21 line -> Odds
    # What the layout states (e.g. § 635c.2(b): the insurance odds, hits soft 17).
    layout_text: str = ""
    # The betting areas' names in the round log: {area: "Match the Dealer"}.
    area_names: dict[str, str] = field(default_factory=dict)
    main_label: str = "Main wager"  # the main wager as the table labels it
    # Every game gives both (None is only the dataclass's default, before them).
    win_odds: Odds = None  # type: ignore[assignment]
    blackjack_odds: Odds = None  # type: ignore[assignment]
    # Down Under Blackjack's differences (docs/rules/down_under_blackjack.md), each off by default:
    # a reader that shows everyone the hole card's class before any decision
    # (rules 11-13): (upcard, hole card) -> (class key, log text, expose the hole card?);
    # ``reader_lights``: class key -> (name, the reader's colour).
    hole_reader: Hook = None
    reader_lights: dict[str, tuple[str, str]] = field(default_factory=dict)
    twenty_one_always_wins: bool = True  # docs/rules/spanish21.md rule 18; Down Under compares a 21 (rule 20)
    double_two_cards_only: bool = False  # Down Under rule 15: double on the first two cards only
    max_hands: int = MAX_HANDS  # hands a spot may split into (Down Under Defaults: 4, aces once)
    split_aces_one_card: bool = False  # Down Under rule 15: one card to each split ace
    double_ends_hand: bool = False  # Down Under rule 15: a double takes one card and stands
    # A dealer total that pushes every standing hand (Down Under rule 19: 22),
    # except the hands ``beats_push_total(hand)`` says win 1 to 1.
    push_total: int | None = None
    beats_push_total: Hook = None
    # Late surrender on the first two cards of an unsplit hand (docs/rules/spanish21.md
    # rule 17); Down Under offers none (docs/rules/down_under_blackjack.md rule 15).
    surrender: bool = True
    # The rules above that a table's Rules Submission chooses (Down Under: soft
    # 17 and the blackjack payout): (variant, config) -> the variant that table plays.
    configure: Callable[["Variant", Any], "Variant"] | None = None

    def for_table(self, config: Any) -> "Variant":
        """The variant a table of ``config`` plays: this one with the table's
        choices applied (itself when the game has none). Its ``configure`` is
        cleared, so a what-if change made to it afterwards (the lab's
        ``simulate.with_payouts``) is not undone by ``apply``."""
        if self.configure is None:
            return self
        return replace(self.configure(self, config), configure=None)

    def area_name(self, area: str) -> str:
        """A betting area's name in the round log: "the main wager", "Match the Dealer"."""
        if area == MAIN:
            return "the main wager"
        return self.area_names.get(area, area.replace("_", " "))

    def wager_label(self, area: str) -> str:
        """A betting area as the table labels it, leading a result line: "Match the Dealer"."""
        if area == MAIN:
            return self.main_label
        name = self.area_name(area).removeprefix("the ")
        return name[:1].upper() + name[1:]

    def hand_label(self, spot: dict[str, Any], hand: Hand) -> str:
        """A main hand leading a result line: the main wager, or once split "Hand 2"."""
        hands = spot["hands"]
        if len(hands) < 2:
            return self.main_label
        return f"Hand {next(index for index, item in enumerate(hands) if item is hand) + 1}"


def new_hand(cards_: Iterable[Card], stake: int, split: bool = False) -> Hand:
    """A hand as the round keeps it: its cards, stake, doubles and status."""
    return {
        "cards": to_json(cards_),
        "stake": stake,
        "doubled": 0,
        "doubles": 0,
        "split": split,
        "status": OPEN,
    }


def hand_cards(hand: Hand) -> list[Card]:
    return cards(hand["cards"])
