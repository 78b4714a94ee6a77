"""Best play for the blackjack family, pure: the expected value of every legal
action for every hand a player can hold against every dealer situation, from
the game's own rules (its ``Variant`` and ``Config``), and the best of them.

How (a combinatorial analysis, as published analyzers do it):

- A hand is its composition (how many cards of each value, ace = 1 .. ten = 10)
  and, only where a bonus reads suits (Spanish 21's 6-7-8 and 7-7-7, § 635a.12(b);
  the 7-7-7 Super Bonus, § 635a.12(c)), whether its one or two cards are of the
  premium suit, of another single suit or mixed.
- A dealer situation is the upcard and what the player knows of the hole card:
  nothing but "no blackjack" after the peek (docs/rules/spanish21.md rule 15), or Down
  Under's reader class (Small, Medium, Large, docs/rules/down_under_blackjack.md rule 11),
  or the hole card itself when the golden rule turned it (rule 12).
- The dealer's outcome distribution (17..21, 22, more) is exact for a finite
  shoe less the player's cards and the dealer's known cards, the dealer's own
  draws removed as it draws, the hole card restricted to what the player knows.
  It is computed once per removed-cards multiset, for all of them at once per
  dealer situation (numpy, a walk over the dealer's draws).
- The player's next card comes from the shoe less the player's cards and the
  dealer's known cards (the unseen hole card's class is not removed from it).
- Splits are approximated as published analyzers do: every split hand is
  played with the pre-split removal (both split cards, the upcard, its own
  cards), resplit cards drawn with the pair's probability, resplitting always
  taken while the table allows another hand.
- Suits: the premium-suit and suited chances of a third card count the
  player's own cards of that suit; the upcard's suit is not tracked.

``solve(game)`` returns a ``Solution``: the round's expectation per unit of the
initial wager under best play, and ``action_values`` for any hand, which the
lab's simulation and the demo bots play from (``BestPlay``). Solutions are
cached per ``Game`` (a frozen dataclass of the rules), so a table, the lab and
its simulation solve a configuration once a process.
"""

import functools
import math
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from games.blackjack import side_wagers
from games.blackjack.variant import Hand, Variant
from games.cards.cards import Card

ACE, TEN = 1, 10
VALUES = tuple(range(1, 11))
HIT, STAND, DOUBLE, SPLIT, SURRENDER, RESCUE = "hit", "stand", "double", "split", "surrender", "rescue"
# The dealer's outcomes, as indices of a distribution: 17, 18, 19, 20, 21, 22, 23 or more.
OUTCOMES = 7
DEALER_22 = 5
DEALER_BUST = 6
# Down Under's reader classes (PA § 685a.1): Small 2-5, Medium 6-9, Large 10-A.
# A numpy array (numpy's own types say little of shapes; the docstrings say them).
Array = Any
READER_CLASSES = {"small": (2, 3, 4, 5), "medium": (6, 7, 8, 9), "large": (10, 1)}


@dataclass(frozen=True)
class Game:
    """The rules the solver reads, all plain data (``game_of`` builds it from a
    game's Variant and Config)."""

    decks: int
    per_deck: tuple[int, ...]  # cards of each value A, 2..9, 10 in one deck
    hits_soft_17: bool = True
    peek: bool = True  # the dealer checks for blackjack under an ace or a ten
    reader: bool = False  # Down Under: reader classes and the golden rule
    blackjack_pays: float = 1.5
    twenty_one_always_wins: bool = True
    bonus: tuple[tuple[str, float], ...] = ()  # ((bonus 21 line key, winnings per unit), ...)
    premium_suit: str = "S"
    super_bonus_units: float = 0.0  # the 7-7-7 Super Bonus, per unit of the original wager
    max_doubles: int = 1
    double_two_cards_only: bool = False
    double_ends_hand: bool = False
    # ((doubles taken, net per unit of the original wager), ...): when a rescue is allowed, what it costs
    rescue: tuple[tuple[int, float], ...] = ()
    max_hands: int = 4
    split_aces_one_card: bool = False
    surrender: bool = True
    push_total: int | None = None  # Down Under: the dealer's 22 pushes

    @property
    def shoe(self) -> tuple[int, ...]:
        return tuple(count * self.decks for count in self.per_deck)


def game_of(variant: Variant, config: Any, wager_cents: int | None = None, **changes: Any) -> Game:
    """The solver's ``Game`` from a game's ``Variant`` and table ``Config``;
    the money rules are asked of the variant's own hooks, so a what-if
    variant (``simulate.with_payouts``) solves its own payouts. ``changes``
    switch a rule (e.g. ``super_bonus_units=0``) for a comparison."""
    variant = variant.for_table(config)  # the table's own choices (Down Under: soft 17, blackjack)
    deck = config.deck()
    per_deck = tuple(sum(1 for item in deck if _value(item) == value) for value in VALUES)
    wager = wager_cents or config.min_bet_cents
    bonus = tuple((key, float(odds.winnings(1))) for key, odds in variant.bonus_odds.items())
    super_units = 0.0
    if variant.super_bonus_cents is not None:
        sevens = [Card("7", "H")] * 3
        hand: Hand = {"doubles": 0, "split": False}
        super_units = variant.super_bonus_cents(sevens, Card("7", "S"), hand, wager) / wager
    # The rescue as the variant's own hook prices it, after each number of full
    # doubles: Spanish 21 forfeits the original wager (rule 20), Player's Edge 21
    # half the hand's wager after the first or second double (§ 635c.2(f)(6)).
    rescue: list[tuple[int, float]] = []
    stake = 100
    for doubles in range(1, variant.max_doubles + 1):
        hand = {"stake": stake, "doubled": stake * (2**doubles - 1), "doubles": doubles}
        amounts = variant.rescue_amounts(hand)
        if amounts is not None:
            rescue.append((doubles, -amounts[1] / stake))
    if variant.push_total not in (None, 22):
        raise ValueError(f"the solver knows a dealer push on 22 only, not {variant.push_total}")
    game = Game(
        decks=config.decks,
        per_deck=per_deck,
        hits_soft_17=variant.hits_soft_17,
        peek=bool(getattr(config, "peek", 1)),
        reader=variant.hole_reader is not None,
        blackjack_pays=float(variant.blackjack_odds.winnings(1)),
        twenty_one_always_wins=variant.twenty_one_always_wins,
        bonus=bonus,
        premium_suit=variant.premium_suit or "S",
        super_bonus_units=super_units,
        max_doubles=variant.max_doubles,
        double_two_cards_only=variant.double_two_cards_only,
        double_ends_hand=variant.double_ends_hand,
        rescue=tuple(rescue),
        max_hands=variant.max_hands,
        split_aces_one_card=variant.split_aces_one_card,
        surrender=variant.surrender,
        push_total=variant.push_total,
    )
    return replace(game, **changes) if changes else game


def _value(item: Card) -> int:
    if item.rank == "A":
        return ACE
    if item.rank in "TJQK":
        return TEN
    return int(item.rank)


def value_of(item: Card) -> int:
    """A card's value for the solver: ace 1, 10/J/Q/K 10, else its number."""
    return _value(item)


# -- hands as compositions --------------------------------------------------------
# A composition (cards of each value) is packed into one int, five bits a value,
# so a hand's key hashes fast and drawing a card is an addition.

BITS = 5
STEP = (0,) + tuple(1 << (BITS * (value - 1)) for value in VALUES)  # STEP[value]


def code_of(values: Iterable[int]) -> int:
    """The packed composition of card values."""
    return sum(STEP[value] for value in values)


def counts_of(code: int) -> tuple[int, ...]:
    return tuple((code >> (BITS * (value - 1))) & 31 for value in VALUES)


def best_total(values: Sequence[int]) -> tuple[int, bool]:
    """(total, soft) of card values: one ace counts 11 when that keeps the hand at 21 or under."""
    hard = sum(values)
    if ACE in values and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


def _dealer_stands(total: int, soft: bool, hits_soft_17: bool) -> bool:
    return total > 17 or (total == 17 and not (soft and hits_soft_17))


# The hands whose suits a bonus 21 reads: 6-7-8 and 7-7-7 and the one- and two-card hands on the way.
SUITED_HANDS = frozenset(
    code_of(values) for values in ((6,), (7,), (8,), (6, 7), (6, 8), (7, 8), (7, 7), (6, 7, 8), (7, 7, 7))
)
# Suit states of a one- or two-card hand of 6s, 7s, 8s (where the bonus 21s read suits).
NO_SUIT, PREMIUM, OTHER_SUIT, MIXED = 0, 1, 2, 3


# -- dealer situations ---------------------------------------------------------------


@dataclass(frozen=True)
class Situation:
    """The upcard, the hole card values still possible (after the peek or by
    the reader), and the hole card itself when it is face up."""

    upcard: int
    holes: tuple[int, ...]
    exposed: int | None = None

    @property
    def known(self) -> tuple[int, ...]:
        return (self.upcard,) if self.exposed is None else (self.upcard, self.exposed)


def situations(game: Game, upcard: int) -> list[Situation]:
    """The dealer situations a player can meet behind ``upcard``, each with the
    hole values it allows; a dealer blackjack is never among them (peeked, or
    exposed by the golden rule and settled at once)."""
    if game.reader:
        large = upcard in READER_CLASSES["large"]
        found: list[Situation] = []
        for name, holes in READER_CLASSES.items():
            if name == "large" and large:
                found += [
                    Situation(upcard, (hole,), exposed=hole) for hole in holes if {upcard, hole} != {ACE, TEN}
                ]
            else:
                found.append(Situation(upcard, holes))
        return found
    if game.peek and upcard in (ACE, TEN):
        blackjack_hole = TEN if upcard == ACE else ACE
        return [Situation(upcard, tuple(value for value in VALUES if value != blackjack_hole))]
    return [Situation(upcard, VALUES)]


def situation_for(game: Game, upcard: int, reader: str | None = None, hole: int | None = None) -> Situation:
    """The situation a player is in: ``reader`` the class the reader lit
    ("small", "medium", "large"), ``hole`` the hole card's value when face up."""
    for situation in situations(game, upcard):
        if hole is not None and situation.exposed == hole:
            return situation
        if hole is None and situation.exposed is None:
            if reader is None or set(situation.holes) == set(READER_CLASSES[reader]):
                return situation
    raise ValueError(f"no dealer situation for upcard {upcard}, reader {reader!r}, hole {hole!r}")


def dealer_distributions(game: Game, situation: Situation, removals: Array) -> Array:
    """For each column of ``removals`` (the player's cards, 10 x n, value-major):
    the probability of each dealer outcome (7 x n: 17..21, 22, more) given the
    hole card is one of ``situation.holes``, from the shoe less the upcard and
    the removal, the dealer's draws each removed as drawn. The walk visits each
    multiset of drawn cards once, for every column at once."""
    shoe = np.array(game.shoe, dtype=float)
    shoe[situation.upcard - 1] -= 1
    available = np.clip(shoe[:, None] - removals, 0, None)
    left = available.sum(axis=0)
    out = np.zeros((OUTCOMES, removals.shape[1]))
    holes = [hole - 1 for hole in situation.holes]
    frontier: dict[tuple[int, ...], Array] = {(): np.ones(removals.shape[1])}
    drawn_cards = 0
    while frontier:
        following: dict[tuple[int, ...], Array] = {}
        scale = 1 / np.maximum(left - drawn_cards, 1)
        for drawn, probability in frontier.items():
            if drawn:
                chances = available - np.bincount(np.array(drawn) - 1, minlength=10)[:, None]
                np.maximum(chances, 0, out=chances)
                chances *= probability * scale
            else:
                chances = available * scale
            stood: dict[int, list[int]] = {}
            for value in VALUES if drawn else situation.holes:
                total, soft = best_total((situation.upcard, *drawn, value))
                if _dealer_stands(total, soft, game.hits_soft_17):
                    stood.setdefault(min(total, 23) - 17, []).append(value - 1)
                else:
                    key = tuple(sorted((*drawn, value)))
                    if key in following:
                        following[key] += chances[value - 1]
                    else:
                        following[key] = chances[value - 1].copy()
            for outcome, rows in stood.items():
                out[outcome] += chances[rows].sum(axis=0) if len(rows) > 1 else chances[rows[0]]
        frontier = following
        drawn_cards += 1
    hole_chance = available[holes].sum(axis=0) / np.maximum(left, 1)
    return out / np.maximum(hole_chance, 1e-300)


def removal_rows(game: Game) -> list[int]:
    """Every removed-cards multiset (packed) the player's hands need: each hand
    of hard total 21 or less, and each split hand with the other split card."""
    hands: list[int] = []

    def grow(start: int, code: int, hard: int) -> None:
        if code:
            hands.append(code)
        for value in range(start, 11):
            if hard + value <= 21:
                grow(value, code + STEP[value], hard + value)

    grow(1, 0, 0)
    rows: dict[int, None] = dict.fromkeys(hands)
    if game.max_hands > 1:
        for code in hands:
            for value, count in zip(VALUES, counts_of(code), strict=True):
                if count:
                    rows[code + STEP[value]] = None
    return list(rows)


# -- the solution --------------------------------------------------------------------


class Dealer:
    """One dealer situation's tables, by removal row: the dealer's outcome
    distribution, the EV of standing on each total, the player's draw chances."""

    def __init__(self, game: Game, situation: Situation, rows: list[int], index: dict[int, int]) -> None:
        self.game = game
        self.situation = situation
        self.index = index
        matrix = np.array([counts_of(code) for code in rows], dtype=float).T
        dist = dealer_distributions(game, situation, matrix)
        pushes_22 = game.push_total == 22
        bust = dist[6] + (0.0 if pushes_22 else dist[5])
        made = dist[:5].sum(axis=0)
        stand = np.empty((len(rows), 22))
        stand[:, :17] = (bust - made)[:, None]
        for total in range(17, 22):
            below = dist[: total - 17].sum(axis=0)
            above = dist[total - 16 : 5].sum(axis=0)
            stand[:, total] = bust + below - above
        self.stand_matrix = stand
        self.beats_22 = (dist[5] if pushes_22 else np.zeros(len(rows))).tolist()
        shoe = np.array(game.shoe, dtype=float)
        for value in situation.known:
            shoe[value - 1] -= 1
        available = np.clip(shoe[:, None] - matrix, 0, None)
        self.draw_matrix = (available / np.maximum(available.sum(axis=0), 1)).T
        self.distributions = dist.T
        self._stand: dict[int, list[float]] = {}
        self._draw: dict[int, list[float]] = {}

    def stand(self, row: int) -> list[float]:
        """The EV of standing on each total 0..21 with this removal."""
        found = self._stand.get(row)
        if found is None:
            found = self._stand[row] = self.stand_matrix[self.index[row]].tolist()
        return found

    def draw(self, row: int) -> list[float]:
        """The chance of each value A..10 for the player's next card."""
        found = self._draw.get(row)
        if found is None:
            found = self._draw[row] = self.draw_matrix[self.index[row]].tolist()
        return found


class Solution:
    """Best play for one ``Game``: ``expectation`` per unit of the initial wager
    and ``action_values`` of any hand."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.bonus = dict(game.bonus)
        self.suited_bonus = any(key.startswith(("six_seven", "seven_seven")) for key in self.bonus)
        self.rescue = dict(game.rescue)
        rows = removal_rows(game)
        index = {code: position for position, code in enumerate(rows)}
        self.situations = [s for upcard in VALUES for s in situations(game, upcard)]
        self.dealers = [Dealer(game, situation, rows, index) for situation in self.situations]
        self.number = {situation: position for position, situation in enumerate(self.situations)}
        self._memo: dict[object, float] = {}
        self._twenty_ones: dict[tuple[int, int, int, bool], float] = {}
        self._splits: dict[tuple[int, int, int], float] = {}
        self.expectation = self._round_expectation()

    # -- values of hands ---------------------------------------------------------

    def _twenty_one(self, dealer: Dealer, code: int, row: int, suit: int, split: int, wager: int) -> float:
        """A hand of 21: in the Spanish 21 family it always wins, with its bonus
        line unless doubled; Down Under compares it, and it beats a dealer's 22."""
        game = self.game
        if not game.twenty_one_always_wins:
            return wager * (dealer.stand(row)[21] + dealer.beats_22[dealer.index[row]])
        if wager > 1:
            return float(wager)  # a doubled 21 wins 1 to 1 (§ 635a.12(b))
        key = (code, suit, split, dealer.situation.upcard == 7)
        found = self._twenty_ones.get(key)
        if found is None:
            line = bonus_line(counts_of(code), suit, game.premium_suit)
            found = self.bonus.get(line, 1.0) if line else 1.0
            sevens = (side_wagers.SEVEN_SEVEN_SEVEN_SUITED, side_wagers.SEVEN_SEVEN_SEVEN_PREMIUM)
            if line in sevens and not split and dealer.situation.upcard == 7:
                found += game.super_bonus_units  # § 635a.12(c): on top of the (b)(4) odds
            self._twenty_ones[key] = found
        return found

    def _child_suits(
        self, dealer: Dealer, code: int, row: int, suit: int, value: int, new: int
    ) -> tuple[tuple[float, int], ...]:
        """[(share, suit state)] of the next card of ``value``: only a hand whose
        suits a bonus reads keeps a suit state; a same-suit card keeps it."""
        if suit == NO_SUIT or new not in SUITED_HANDS:
            return ((1.0, NO_SUIT),)
        if suit == MIXED:
            return ((1.0, MIXED),)
        left = self.game.shoe[value - 1] - counts_of(row)[value - 1] - dealer.situation.known.count(value)
        same = max(self.game.decks - counts_of(code)[value - 1], 0) / left if left > 0 else 0.0
        return ((same, suit), (1 - same, MIXED))

    def best(self, number: int, code: int, hard: int, aces: bool, extra: int, suit: int, split: int) -> float:
        """The best EV of a hand not doubled, per unit of its wager, once its
        first decision is past (no split, no surrender); ``number`` its dealer
        situation's, ``extra`` the other split card's value (0 unsplit)."""
        key = ((((code << 4 | extra) << 2 | suit) << 1 | split) << 5) | number
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = max(self._values(number, code, hard, aces, extra, suit, split).values())
        return found

    def _values(
        self,
        number: int,
        code: int,
        hard: int,
        aces: bool,
        extra: int,
        suit: int,
        split: int,
        two_large: bool = False,
    ) -> dict[str, float]:
        game = self.game
        dealer = self.dealers[number]
        row = code + STEP[extra]
        total = hard + 10 if aces and hard <= 11 else hard
        if total == 21:
            return {STAND: self._twenty_one(dealer, code, row, suit, split, 1)}  # a 21 stops the hand
        stand = dealer.stand(row)[total]
        if two_large:
            stand += dealer.beats_22[dealer.index[row]]
        values = {STAND: stand}
        if split and game.split_aces_one_card and extra == ACE:
            return values  # one card to each split ace (Down Under rule 15)
        draws = dealer.draw(row)
        hit = 0.0
        for value in VALUES:
            chance = draws[value - 1]
            if not chance:
                continue
            if hard + value > 21:
                hit -= chance
                continue
            new = code + STEP[value]
            for share, state in self._child_suits(dealer, code, row, suit, value, new):
                hit += (
                    chance
                    * share
                    * self.best(number, new, hard + value, aces or value == ACE, extra, state, split)
                )
        values[HIT] = hit
        if game.max_doubles and (not game.double_two_cards_only or _cards(code) == 2):
            values[DOUBLE] = self.double_value(number, code, hard, aces, extra, split, 0)
        return values

    def double_value(
        self, number: int, code: int, hard: int, aces: bool, extra: int, split: int, doubles: int
    ) -> float:
        """The EV of doubling now (``doubles`` taken already), per unit of the
        original wager: the whole wager doubles and one card comes."""
        dealer = self.dealers[number]
        draws = dealer.draw(code + STEP[extra])
        wager = 2 ** (doubles + 1)
        last = doubles + 1 >= self.game.max_doubles or self.game.double_ends_hand
        rescue = self.rescue.get(doubles + 1, -math.inf) if not self.game.double_ends_hand else -math.inf
        result = 0.0
        for value in VALUES:
            chance = draws[value - 1]
            if not chance:
                continue
            new_hard = hard + value
            if new_hard > 21:
                result -= chance * wager
                continue
            new, new_aces = code + STEP[value], aces or value == ACE
            if not last:
                result += chance * self._after_double(
                    number, new, new_hard, new_aces, extra, split, doubles + 1
                )
                continue
            # The last double: the hand stands (or is rescued), so no table of its own.
            row = new + STEP[extra]
            total = new_hard + 10 if new_aces and new_hard <= 11 else new_hard
            if total == 21:
                result += chance * self._twenty_one(dealer, new, row, NO_SUIT, split, wager)
            else:
                result += chance * max(wager * dealer.stand(row)[total], rescue)
        return result

    def _after_double(
        self, number: int, code: int, hard: int, aces: bool, extra: int, split: int, doubles: int
    ) -> float:
        key = (((((code << 4 | extra) << 1) | split) << 2 | doubles) << 5) | number
        found = self._memo.get(("d", key))
        if found is None:
            values = self.doubled_values(number, code, hard, aces, extra, split, doubles)
            found = self._memo[("d", key)] = max(values.values())
        return found

    def doubled_values(
        self, number: int, code: int, hard: int, aces: bool, extra: int, split: int, doubles: int
    ) -> dict[str, float]:
        """A doubled hand's choices (stand, rescue, double again), per unit of the original wager."""
        game = self.game
        wager = 2**doubles
        if hard > 21:
            return {STAND: -float(wager)}
        dealer = self.dealers[number]
        row = code + STEP[extra]
        total = hard + 10 if aces and hard <= 11 else hard
        if total == 21:
            return {STAND: self._twenty_one(dealer, code, row, NO_SUIT, split, wager)}
        values = {STAND: wager * dealer.stand(row)[total]}
        if game.double_ends_hand:
            return values
        if doubles in self.rescue:
            values[RESCUE] = self.rescue[doubles]
        if doubles < game.max_doubles:
            values[DOUBLE] = self.double_value(number, code, hard, aces, extra, split, doubles)
        return values

    def split_value(self, number: int, value: int, hands_now: int = 1) -> float:
        """The EV of splitting a pair of ``value`` when the spot holds
        ``hands_now`` hands, summed over the hands it makes: every split hand
        is played with the pre-split removal and resplit while the table
        allows another hand (what published analyzers approximate too)."""
        key = (number, value, hands_now)
        found = self._splits.get(key)
        if found is not None:
            return found
        game = self.game
        dealer = self.dealers[number]
        single = STEP[value]
        pair = 2 * single
        starts: tuple[tuple[float, int], ...] = ((1.0, NO_SUIT),)
        if self.suited_bonus and single in SUITED_HANDS:
            starts = ((0.25, PREMIUM), (0.75, OTHER_SUIT))  # the first card's suit
        draws = dealer.draw(pair)
        no_pair = 0.0
        for weight, suit in starts:
            for drawn in VALUES:
                chance = draws[drawn - 1]
                if drawn == value or not chance:
                    continue
                new = single + STEP[drawn]
                for share, state in self._child_suits(dealer, single, pair, suit, drawn, new):
                    no_pair += (
                        weight
                        * chance
                        * share
                        * self.best(
                            number, new, value + drawn, value == ACE or drawn == ACE, value, state, True
                        )
                    )
        resplit = draws[value - 1]
        as_pair = self.best(number, pair, 2 * value, value == ACE, value, NO_SUIT, True)
        most = game.max_hands
        if game.split_aces_one_card and value == ACE:
            most = hands_now + 1  # a split ace takes one card and stands: no resplit

        @functools.cache
        def pending(waiting: int, hands: int) -> float:
            if waiting == 0:
                return 0.0
            paired = (
                pending(waiting + 1, hands + 1) if hands < most else as_pair + pending(waiting - 1, hands)
            )
            return no_pair + (1 - resplit) * pending(waiting - 1, hands) + resplit * paired

        found = self._splits[key] = pending(2, hands_now + 1)
        return found

    def action_values(
        self,
        situation: Situation,
        values: Sequence[int],
        *,
        suit: int = NO_SUIT,
        split_from: int = 0,
        doubles: int = 0,
        hands_now: int = 1,
    ) -> dict[str, float]:
        """{action: EV per unit of the hand's original wager} of every action
        the rules could allow a hand of card ``values`` (the caller keeps the
        legal ones). ``split_from``: the pair's value for a split hand;
        ``suit``: PREMIUM, OTHER_SUIT or MIXED for a hand of 6s, 7s and 8s."""
        number = self.number[situation]
        code, hard, aces = code_of(values), sum(values), ACE in values
        split = 1 if split_from else 0
        if not (self.suited_bonus and code in SUITED_HANDS):
            suit = NO_SUIT
        if doubles:
            return self.doubled_values(number, code, hard, aces, split_from, split, doubles)
        game = self.game
        two_large = bool(
            game.push_total is not None
            and not split
            and len(values) == 2
            and all(v in (ACE, TEN) for v in values)
        )
        found = dict(self._values(number, code, hard, aces, split_from, suit, split, two_large=two_large))
        if len(values) == 2 and best_total(values)[0] < 21:
            if not split and game.surrender:
                found[SURRENDER] = -0.5
            if values[0] == values[1] and hands_now < game.max_hands:
                found[SPLIT] = self.split_value(number, values[0], hands_now)
        return found

    # -- the round ---------------------------------------------------------------

    def _round_expectation(self) -> float:
        """E[net] of a round per unit of the initial wager under best play,
        over every first two cards and upcard dealt from the full shoe."""
        shoe = self.game.shoe
        size = sum(shoe)
        expectation = 0.0
        for first in VALUES:
            for upcard in VALUES:
                for second in VALUES:
                    chance = (
                        shoe[first - 1]
                        / size
                        * (shoe[upcard - 1] - (upcard == first))
                        / (size - 1)
                        * (shoe[second - 1] - (second == first) - (second == upcard))
                        / (size - 2)
                    )
                    if chance > 0:
                        expectation += chance * self.deal_value(first, second, upcard)
        return expectation

    def deal_value(self, first: int, second: int, upcard: int) -> float:
        """E[net] once the player holds ``first`` and ``second`` against ``upcard``."""
        game = self.game
        blackjack = {first, second} == {ACE, TEN}
        left = list(game.shoe)
        for value in (first, second, upcard):
            left[value - 1] -= 1
        size = sum(left)
        result = covered = 0.0
        for situation in situations(game, upcard):
            chance = sum(left[hole - 1] for hole in situation.holes) / size
            covered += chance
            result += chance * (
                game.blackjack_pays if blackjack else self._best_start(situation, first, second)
            )
        # What the situations leave out is a dealer blackjack: a player
        # blackjack is paid 3 to 2 in Spanish 21 and Player's Edge 21 (rule 16,
        # § 635c.2(g)(1)(iii)) and pushes in Down Under (rule 13); others lose.
        if 1 - covered > 1e-12:
            result += (1 - covered) * ((0.0 if game.reader else game.blackjack_pays) if blackjack else -1.0)
        return result

    def _best_start(self, situation: Situation, first: int, second: int) -> float:
        values = (first, second)
        starts: tuple[tuple[float, int], ...] = ((1.0, NO_SUIT),)
        if self.suited_bonus and code_of(values) in SUITED_HANDS:
            decks = self.game.decks
            same = (
                (decks - 1) / (4 * decks - 1) if first == second else 0.25
            )  # a second card of the first's suit
            starts = ((same / 4, PREMIUM), (same * 3 / 4, OTHER_SUIT), (1 - same, MIXED))
        return sum(
            weight * max(self.action_values(situation, values, suit=suit).values()) for weight, suit in starts
        )


def _cards(code: int) -> int:
    return sum(counts_of(code))


def bonus_line(counts: Iterable[int], suit: int, premium_suit: str) -> str | None:
    """The § 635a.12(b) line of a 21 of these card counts and suit state, by the
    game's own classifier (games/blackjack/side_wagers.py) on cards built to
    match: all of the premium suit, all of another suit, or mixed suits."""
    other = "H" if premium_suit != "H" else "C"
    ranks = [
        {1: "A", 10: "K"}.get(value, str(value))
        for value, count in zip(VALUES, counts, strict=True)
        for _ in range(count)
    ]
    if suit == PREMIUM:
        suits = [premium_suit] * len(ranks)
    elif suit == OTHER_SUIT:
        suits = [other] * len(ranks)
    else:
        suits = [("S", "H", "D", "C")[position % 4] for position in range(len(ranks))]
    return side_wagers.bonus_21([Card(rank, s) for rank, s in zip(ranks, suits, strict=True)], premium_suit)


_solutions: dict[Game, Solution] = {}
_solving = threading.Lock()  # the demo bots solve in threads: one solve a Game, however many ask


def solve(game: Game) -> Solution:
    """The ``Solution`` of a ``Game``, once a process."""
    with _solving:
        if game not in _solutions:
            _solutions[game] = Solution(game)
        return _solutions[game]
