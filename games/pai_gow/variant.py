"""What a pai gow game is to the family's round (games/pai_gow/round.py):
its ``Variant`` (configuration and small hooks, listed in
games/pai_gow/__init__.py), the ``Hand`` split and the optional post-deal
``Decision``; the betting areas every pai gow game has; how a set hand is read.
Pure."""

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.cards.cards import Card, cards, joker_deck
from games.engine import Action
from games.payouts import MeterShare, Odds

MAIN = "main"
FORTUNE = "fortune"
PROGRESSIVE = "progressive"
PROGRESSIVE_KIND = "progressive_payout"  # casino/progressives: the pai gow progressive's meter kind
DEAL_SECONDS = 2  # the pause before the deal of a variant without a clock for it
EVEN_MONEY = Odds(1)

# A game's hook: the comment at each field says what it takes and gives (the
# game's own State and Config among them, so its arguments are not spelled out).
Hook = Callable[..., Any]
# A spot's (or the dealer's) cards and set hands as the round keeps them, JSON as it is.
Spot = dict[str, Any]


@dataclass(frozen=True)
class Hand:
    """One of the hands a player's cards are set into: its key in the state
    and the setting message ("high"), its name ("High hand"), its size, and
    how it is valued and named (``value(cards) -> comparable``,
    ``describe(cards) -> "Pair of kings"``)."""

    key: str
    name: str
    size: int
    value: Hook
    describe: Callable[..., str]


@dataclass(frozen=True)
class Decision:
    """A post-deal decision each player with cards takes before setting
    (Six-Card Fortune Pai Gow's Double Down, § 670c.1). ``kinds``: its
    actions; ``parse(kind, data) -> Action``; ``decide(state, seat, spot,
    action, config) -> Outcome parts (log, moves)``, raising IllegalAction for
    a bad one; ``default(state, seat, spot, config) -> (log, moves)`` at the
    clock; ``seconds(config)``: its clock; ``prompt``: what the page asks;
    ``offered(config)``: whether the table offers it (else no decision phase)."""

    kinds: tuple[str, ...]
    parse: Callable[[str, dict[str, Any]], Action]
    decide: Hook
    default: Hook
    seconds: Callable[[Any], int]
    prompt: str = ""
    offered: Callable[[Any], bool] = lambda config: True


@dataclass(frozen=True)
class Variant:
    """What differs between the pai gow games this round runs."""

    name: str  # "Pai Gow Poker": in messages ("at a Pai Gow table" uses ``table_name``)
    main_name: str  # the main wager's name: "Pai Gow Poker", "Face Up Pai Gow"
    table_name: str  # "Pai Gow"
    hands: tuple[Hand, ...]  # Hand per hand, the largest first: the split as data, (5, 2), (5, 1), (4, 2, 1)
    areas: tuple[str, ...]  # betting areas, MAIN first
    area_names: dict[str, str]  # area -> its name in the log and the messages
    # setting hooks: house_way(cards) -> tuple of hands (tuples of Card), in ``hands`` order;
    # setting_error(hands) -> a player-facing message for a foul/broken order, or None.
    house_way: Callable[..., tuple[tuple[Card, ...], ...]]
    setting_error: Callable[..., str | None]
    # compare(player hands, dealer hands) -> "win" | "push" | "lose" (copies to the dealer).
    compare: Callable[..., str]
    # main_win_cents(wager cents, config) -> winnings: 1 to 1 unless a commission is taken off.
    main_win_cents: Callable[[int, Any], int] = lambda wager, config: EVEN_MONEY.winnings_cents(wager)
    cards_per_player: int = 7
    deck: Callable[[], list[Card]] = joker_deck  # () -> the round's fresh deck (53 cards with the joker)
    # The Config switch of the player-activated shaker, which then picks the first position
    # (§ 645c.2); without it an RNG number 1–7 does (docs/rules/pai_gow.md rule 14), after the
    # Config clock ``deal_clock`` (None: DEAL_SECONDS).
    dice_switch: str | None = None
    deal_clock: str | None = None
    settle_dice: Hook | None = None  # (state, roll, config, log) -> moves, before any card (§ 645c.2(g))
    # Face Up: the dealer's cards are dealt face up and set by the house way before anyone sets.
    dealer_face_up: bool = False
    # dealer_push(dealer hands, dealer cards, config) -> the push's name ("Tiger 9", "Ace High
    # Pai Gow") when the dealer's hand pushes every main wager, else None.
    dealer_push: Callable[..., str | None] = lambda hands, seven, config: None
    # Extra wagers settled after the main wager, in order: (area, settle) with
    # settle(state, seat, spot, dealer hands, push name or None, config) -> (log, moves).
    side_wagers: tuple[tuple[str, Hook], ...] = ()
    decision: Decision | None = None
    # The seven-card (or six-card) bonus hand: line(cards) -> line key or None;
    # line_names: key -> "Royal flush"; the Fortune paytable {key: Odds}; the progressive's
    # {key: Odds | MeterShare}; envy_cents(other lines, bets) -> cents.
    # Every game gives ``bonus_line`` (None is only the dataclass's default, before it); a game
    # without the Fortune or the progressive wager has no paytable for it.
    bonus_line: Callable[..., str | None] = None  # type: ignore[assignment]
    line_names: dict[str, str] = field(default_factory=dict)
    fortune_paytable: dict[str, Odds] | None = None
    progressive_paytable: dict[str, Odds | MeterShare] | None = None
    progressive_cents: int = 100  # the progressive payout wager's one size
    # The progressive's meter kind (casino/progressives): the pai gow meter, or a game's own
    # (Six-Card Fortune Pai Gow's five-card lines on six cards, ``six_card_fortune``).
    progressive_kind: str = PROGRESSIVE_KIND
    envy_cents: Callable[..., int] | None = None
    # The Mystery bonus's qualifying base wager is the main wager: "a <main_name> wager and a
    # progressive payout wager" (each game's (c)(1)).
    mystery_section: str = ""  # "§ 645c.3": in the refusal for a Mystery bonus without the progressive

    def uses_dice(self, config: Any) -> bool:
        return bool(self.dice_switch and getattr(config, self.dice_switch))

    def deal_seconds(self, config: Any) -> int:
        return getattr(config, self.deal_clock) if self.deal_clock else DEAL_SECONDS

    def mystery_wager_limits(self, config: Any) -> list[tuple[int, int]]:
        """(lowest, highest) cents of each progressive wager that qualifies for
        the Mystery bonus at a table of ``config``: the progressive payout
        wager's one size, with the bonus offered (each game's (c)(1))."""
        if not (config.progressive and config.mystery):
            return []
        return [(self.progressive_cents, self.progressive_cents)]

    def hand_keys(self) -> tuple[str, ...]:
        return tuple(hand.key for hand in self.hands)

    def set_cards(self) -> int:
        return sum(hand.size for hand in self.hands)

    def area_name(self, area: str) -> str:
        return self.area_names.get(area, area.replace("_", " "))


def is_set(variant: Variant, hand: Spot) -> bool:
    """Whether a spot (or the dealer) has its cards set into the hands."""
    return hand.get(variant.hands[0].key) is not None


def setting_of(variant: Variant, hand: Spot) -> tuple[tuple[Card, ...], ...]:
    """The set hands of a spot or the dealer, as tuples of Card, in ``hands`` order."""
    return tuple(tuple(cards(hand[key])) for key in variant.hand_keys())
