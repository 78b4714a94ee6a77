"""A house-banked poker game as data, for the round of ``games/poker/round.py``.

A ``Game`` names its betting areas, its streets (what is dealt, then which
decision follows) and its settlers, in the rules file's order. Pure Python.

- ``Area``: one betting area: its role (``BASE`` gets a hand dealt,
  ``SIDE`` rides with a base wager, ``PROGRESSIVE`` is locked into a meter at
  "no more bets", ``DECISION`` is placed by a decision, never by a chip), its
  limits (a function of the table's Config) and the base areas it needs;
  ``equals`` ties a wager to another one's amount (a mandatory equal wager).
- ``Street``: ``Deal`` records (to each hand, to the dealer or to the board;
  face up or down) and ``Reveal`` records (turning up cards dealt face down on
  an earlier street), then a ``Decision`` or none.
- ``Decision``: the options of one street for each hand holding its base
  wager, in seat order, each with an action clock whose expiry takes the
  ``default`` option. An ``Option`` may place a wager of a multiple of
  another (Play = 1× the Ante; Four Card Poker's 1–3×), take one back
  (Let It Ride's pull: ``withdraws``) or fold.
- settlers: ``(view, seat) -> [Pay]``, run for every hand in seat order,
  one settler after the other (rule order); ``view`` is ``round.Table``.
  A ``Pay`` says what happens to one area's stake (``LOSE``, ``PUSH``,
  ``WIN`` odds), or pays on top (``BONUS``: an Ante Bonus, an Envy), or
  settles a progressive wager (``FIXED``: paid by the house, its stake having
  been collected at the lock; ``METER``: a share of its meter).
"""

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from games.cards.cards import Card, standard_deck

if TYPE_CHECKING:
    # For the annotations only, leaving this module's imports as they were.
    from games.payouts import Odds
    from games.poker.config import PokerConfig

# What a settler or an ``allowed`` hook is given: settlement.Table, the round's
# view of the hands. Named here as Any, since settlement.py imports this
# module and naming its class would make an import cycle.
Table = Any

BASE = "base"
SIDE = "side"
PROGRESSIVE = "progressive"
DECISION = "decision"

PLAYERS = "players"
DEALER = "dealer"
BOARD = "board"
# A card drawn in its place and set aside unseen, dealt to no hand (DJ Wild Stud's layout
# card, docs/rules/dj_wild_stud.md rule 6 and Defaults: no game effect).
DISCARD = "discard"

LOSE = "lose"
PUSH = "push"
WIN = "win"
BONUS = "bonus"
FIXED = "fixed"
METER = "meter"


@dataclass(frozen=True)
class Area:
    name: str  # the betting area's id: "ante", "pair_plus"
    label: str  # as players read it: "Pair Plus"
    role: str = SIDE
    offered: "Callable[[PokerConfig], bool]" = lambda config: True
    # (config) -> (minimum, maximum) in cents; a progressive's are equal (a fixed amount).
    limits: "Callable[[PokerConfig], tuple[int, int]]" = lambda config: (100, 10_000)
    # A SIDE or PROGRESSIVE area goes with one of these wagers (placed first).
    needs: tuple[str, ...] = ()
    # An area whose wager always equals this one's, placed with it by the round
    # and never on its own (Crazy 4 Poker's Super Bonus equals the Ante).
    equals: str | None = None
    meter_kind: str | None = None  # PROGRESSIVE: the meter its wagers feed
    # PROGRESSIVE: (config) -> whether it qualifies for the Must-Hit-By Mystery bonus with the
    # game's base wager (the Rules Submission may name which, seed (c)(1) of each game).
    mystery: "Callable[[PokerConfig], bool]" = lambda config: False
    note: str = ""  # a short line for the layout: "paytable 40-30-6-4-1"


@dataclass(frozen=True)
class Deal:
    to: str  # PLAYERS, DEALER, BOARD or DISCARD
    count: int
    face_up: bool = False


@dataclass(frozen=True)
class Reveal:
    """Turns up the next ``count`` face-down cards dealt earlier to the dealer
    or the board (Mississippi Stud's community cards, dealt face down with the
    hands and turned up one a street); a ``Street.deals`` entry like a Deal."""

    to: str  # DEALER or BOARD
    count: int = 1


@dataclass(frozen=True)
class Option:
    action: str  # the player's action: "play", "fold"
    label: str  # the button: "Play"
    key: str  # its letter key
    places: str | None = None  # the DECISION area it stakes...
    of: str | None = None  # ... as a multiple of this area's wager
    multiples: tuple[int, ...] = (1,)
    # (view, seat) -> the multiples this hand may choose (Crazy 4 Poker's 3× with aces or better)
    allowed: "Callable[[Table, int], Iterable[int]] | None" = None
    withdraws: str | None = None  # an area whose wager comes back (Let It Ride)
    says: str = ""  # the round log's words for a choice that moves no chip: "lets it ride"
    folds: bool = False


@dataclass(frozen=True)
class Decision:
    name: str  # "play": the street's decision, in the clock's key and the log
    base: str  # the area a hand needs to decide ("ante")
    options: tuple[Option, ...]
    default: str  # the option the action clock takes at expiry (docs/rules/three_card_poker.md: fold)
    prompt: str = "Your decision"
    # A DECISION area whose wager, once placed on an earlier street, takes the hand out of
    # this decision (Ultimate Texas Hold 'Em's one Play wager per round, rule 8).
    once: str | None = None

    def option(self, action: str) -> Option | None:
        return next((item for item in self.options if item.action == action), None)


@dataclass(frozen=True)
class Street:
    deals: tuple[Deal | Reveal, ...]
    decision: Decision | None = None


@dataclass(frozen=True)
class Pay:
    area: str
    outcome: str  # LOSE, PUSH, WIN, BONUS, FIXED or METER
    text: str  # the round log's words after the seat and hand: "Pair Plus 4 to 1"
    odds: "Odds | None" = None  # WIN: games.payouts.Odds on the stake; FIXED: Odds on the stake, "for 1"
    cents: int = 0  # BONUS, FIXED: an amount instead of odds
    percent: int = 0  # METER: the share of the meter
    # The other seat whose hand this pays on (an Envy): that hand is shown at the
    # showdown even when it folded.
    source: int | None = None


@dataclass(frozen=True)
class Game:
    name: str  # "Three Card Poker"
    areas: tuple[Area, ...]
    streets: tuple[Street, ...]
    # (view, seat) -> the Pays of that hand, in the rules file's order.
    settlers: "tuple[Callable[[Table, int], Iterable[Pay]], ...]"
    fold_loses: tuple[str, ...] = ()  # the areas a fold loses at once (docs/rules/three_card_poker.md rule 6)
    # The settlers run from the dealer's right, the highest seat first (docs/rules/caribbean_stud.md
    # rule 10); by default from the dealer's left, seat 1 first.
    settle_from_right: bool = False
    mystery_base: str | None = None  # the base wager the Mystery bonus needs with a progressive
    # (config) -> the most, in cents, one hand's BASE and DECISION wagers win together in a
    # round (Mississippi Stud's aggregate payout limit, § 655a.12(b)); None: no limit.
    aggregate_cap: "Callable[[PokerConfig], int] | None" = None
    deck: Callable[[], list[Card]] = standard_deck
    # (cards) -> a hand's name ("Flush, A-J-9"), a hand being its own cards and the board's; a
    # hand still being dealt too. The round's log and the table's page both name hands with it.
    hand_name_of: Callable[[Sequence[Card]], str] = lambda items: ""
    dealer_name: "Callable[[Table], str]" = lambda view: ""
    stack_help: str = ""
    layout_text: str = ""
    actions: tuple[str, ...] = field(init=False)

    def __post_init__(self) -> None:
        actions: list[str] = []
        for street in self.streets:
            for option in street.decision.options if street.decision else ():
                if option.action not in actions:
                    actions.append(option.action)
        object.__setattr__(self, "actions", tuple(actions))

    def hand_name(self, view: Table, seat: int) -> str:
        """The seat's hand at the showdown, named for the round's log."""
        return self.hand_name_of([*view.cards(seat), *view.board_cards()])

    def area(self, name: str) -> Area | None:
        return next((item for item in self.areas if item.name == name), None)

    def offered_areas(self, config: "PokerConfig", role: str | None = None) -> list[Area]:
        return [item for item in self.areas if item.offered(config) and (role is None or item.role == role)]

    def followers(self, name: str) -> tuple[str, ...]:
        """The areas whose wager is placed with ``name``'s, equal to it."""
        return tuple(item.name for item in self.areas if item.equals == name)

    @property
    def base_areas(self) -> tuple[str, ...]:
        return tuple(item.name for item in self.areas if item.role == BASE)

    def mystery_wager_limits(self, config: "PokerConfig") -> list[tuple[int, int]]:
        """(lowest, highest) cents of each progressive wager that qualifies for
        the Mystery bonus at a table of ``config`` (seed (c)(1) of each game's
        Mystery section): the amounts its contributions can be (round.py's
        lock). None qualifies when the table does not offer the bonus."""
        if not config.mystery:
            return []
        return [
            item.limits(config) for item in self.offered_areas(config, PROGRESSIVE) if item.mystery(config)
        ]

    def least_to_play(self, config: "PokerConfig") -> int:
        """The fewest cents that deal a hand in: the cheapest base wager a hand
        may open with, with the wagers placed equal to it (Let It Ride's three
        bets, rule 4; Ultimate Texas Hold 'Em's Ante and Blind)."""
        return min(
            item.limits(config)[0] * (1 + len(self.followers(item.name)))
            for item in self.offered_areas(config, BASE)
            if item.equals is None
        )
