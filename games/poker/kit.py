"""What the poker bindings declare alike, so that a binding's rules.py is its
data and what is truly its own. Pure Python.

- Config: ``setting`` (a field and its help), ``Chosen`` (the paytable a
  choice field numbers, and its name), ``wager_limits``, ``OddsLines`` (a
  paytable the table sets line by line, ``PokerConfig.PARTS``), the
  Three-Card and Five-Card progressives' switches (``three_card_wager``...).
- areas and decisions: ``side_area``, ``equal_area``, ``decision_area``,
  ``progressive_area`` (``three_card_area``, ``five_card_area``), limits
  (``chips``, ``BET_LIMITS``, ``SIDE_LIMITS``), ``play_or_fold``.
- hands: ``showdown``'s rows, ``hand_so_far``; the dealer's log line
  (``dealer_shows``).
- settlers: ``paid`` (a paytable's answer as a Pay), ``settle_paytable`` (a
  wager paid on the hand's lines whatever the dealer holds) and the linked
  progressives' below.

A binding says what its progressive pays on as a ``Progressive``: the area,
the hand's paytable lines (``lines(view, seat)``, the most particular first,
from the game's evaluator), its paytable and its Envy paytable (a dict, or the
name of the Config property giving the table's own) and the lines' names for
the log. Then::

    settlers=(settle_hand, ..., kit.settle_progressives(FIVE_CARD_PAYS), kit.settle_envy(FIVE_CARD_PAYS))

Several wagers in one settler settle one after the other for each hand, the
order of a rules file that settles them together (Three Card Poker's rule 13).
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games import keymap
from games.cards import best_five
from games.cards.cards import Card
from games.cards.poker import name_partial
from games.engine import CENTS_PER_CHIP
from games.payouts import MeterShare, Odds
from games.poker import game as g
from games.poker.config import BET_LIMITS as BET_LIMITS_CHECKED
from games.poker.config import Limit, Wager
from games.poker.paytables import FIVE_CARD_KIND, THREE_CARD_KIND, lookup
from games.poker.settlement import Table

# A settler: (view, seat) -> the hand's pays (games/poker/game.py).
Settler = Callable[[Table, int], list[g.Pay]]
# (view, seat) -> a hand's paytable lines, the most particular first (games/poker/paytables.py).
Lines = Callable[[Table, int], list[str]]
# A paytable {line: Odds}, or the name of the Config property giving the table's own.
PaytableOf = Mapping[str, Any] | str


@dataclass(frozen=True)
class Progressive:
    area: str  # the PROGRESSIVE area: "five_card"
    lines: Lines  # (view, seat) -> the hand's lines for the paytable
    paytable: PaytableOf  # {line: Odds or MeterShare}, or the Config property: "progressive_table"
    names: Mapping[str, str]  # {line: its name}: "Royal flush"
    envy: PaytableOf | None = None  # {line: cents} for another hand's line, or the Config property
    # A fold forfeits the wager with the cards, and a folded hand neither earns nor gives
    # Envy (Caribbean Stud, rule 6); elsewhere the wager stays in action after a fold.
    dies_with_fold: bool = False

    def in_action(self, view: Table, seat: int) -> bool:
        return bool(view.bet(seat, self.area)) and not (self.dies_with_fold and view.folded(seat))

    def pays(self, view: Table, seat: int) -> list[g.Pay]:
        """Only the highest line pays (docs/rules/progressives.md rule 12): a share of
        the meter (METER) or a fixed payout on the collected stake (FIXED)."""
        label: str = view.game.area(self.area).label
        won = lookup(_paytable(view.config, self.paytable), self.lines(view, seat))
        if not won:
            return [g.Pay(self.area, g.LOSE, label)]
        line, payout = won
        name = self.names[line].lower()
        if isinstance(payout, MeterShare):
            return [g.Pay(self.area, g.METER, f"{label}, {name}", percent=payout.percent)]
        return [g.Pay(self.area, g.FIXED, f"{label}, {name}, {payout}", odds=payout)]

    def envy_pays(self, view: Table, seat: int, named: bool) -> list[g.Pay]:
        """Envy for each other hand holding a line of the Envy paytable, never
        for one's own hand or the dealer's; ``named``: the text names the wager."""
        envy = _paytable(view.config, self.envy) if self.envy is not None else None
        if not envy or not self.in_action(view, seat):
            return []
        prefix = f"{view.game.area(self.area).label} " if named else ""
        pays: list[g.Pay] = []
        for other in view.others(seat):
            if self.dies_with_fold and view.folded(other):
                continue
            won = lookup(envy, self.lines(view, other))
            if won:
                line, cents = won
                text = f"{prefix}Envy for seat {other}'s {self.names[line].lower()}"
                pays.append(g.Pay(self.area, g.BONUS, text, cents=cents, source=other))
        return pays


def settle_progressives(*wagers: Progressive) -> Settler:
    """The settler of the progressive wagers ``wagers`` (Progressive)."""

    def settle(view: Table, seat: int) -> list[g.Pay]:
        return [pay for wager in wagers if wager.in_action(view, seat) for pay in wager.pays(view, seat)]

    return settle


def settle_envy(*wagers: Progressive) -> Settler:
    """The settler of the Envy Bonus of ``wagers`` (Progressive with an
    ``envy``), each Envy named by its wager when there are several."""

    def settle(view: Table, seat: int) -> list[g.Pay]:
        return [pay for wager in wagers for pay in wager.envy_pays(view, seat, named=len(wagers) > 1)]

    return settle


Limits = Callable[[Any], tuple[int, int]]  # (config) -> (lowest, highest) cents


def chips(low: str, high: str, times: int = 1, up_to: int = 1) -> Limits:
    """(config) -> (lowest, highest) cents of a wager whose limits are the
    Config's fields ``low`` and ``high``, in chips: ``times`` them (Caribbean
    Stud's Bet of 2× the Ante), or with a highest ``up_to`` times ``high``
    (a Play of 1× to 3× the Ante)."""
    return lambda config: (
        getattr(config, low) * times * CENTS_PER_CHIP,
        getattr(config, high) * times * up_to * CENTS_PER_CHIP,
    )


# The base wager's limits: every table's minimum and maximum bet (config.py BET_LIMITS).
BET_LIMITS = chips("min_bet", "max_bet")


def fixed(cents: int) -> Limits:
    """(config) -> the limits of a wager of a fixed amount (a progressive's $1 or $5)."""
    return lambda config: (cents, cents)


def offered_by(switch: str) -> Callable[[Any], bool]:
    """(config) -> whether the Config's ``switch`` field offers an area."""
    return lambda config: bool(getattr(config, switch))


def progressive_area(
    cents: int,
    meter_kind: str,
    needs: tuple[str, ...],
    note: str,
    name: str = "progressive",
    label: str = "Progressive",
    switch: str | None = None,
) -> g.Area:
    """The betting area of a linked progressive wager of ``cents``, offered
    by the Config's ``switch`` (by default the area's name) and qualifying for
    the Mystery bonus with it, or as the table names (``mystery_wagers``,
    config.py ``Mystery.base``)."""
    switch = switch or name

    def mystery(config: Any) -> bool:
        return config.qualifies_for_mystery(name) if config.MYSTERY_WAGERS else bool(getattr(config, switch))

    return g.Area(
        name,
        label,
        g.PROGRESSIVE,
        offered=offered_by(switch),
        limits=fixed(cents),
        needs=needs,
        meter_kind=meter_kind,
        mystery=mystery,
        note=note,
    )


def five_card_area(cents: int, needs: tuple[str, ...], note: str) -> g.Area:
    """The Five-Card progressive payout wager the five-card games link (paytables.py FIVE_CARD_KIND)."""
    return progressive_area(
        cents, FIVE_CARD_KIND, needs, note, "five_card", "Five-Card progressive", "five_card_progressive"
    )


def five_card_wager(section: str, default: int = 1, area: str | None = None) -> Wager:
    """The Rules Submission's switch of the $5 Five-Card progressive payout wager (config.py ``Linked``)."""
    return Wager("five_card_progressive", "$5 Five-Card progressive payout wager", section, default, area)


def three_card_wager(section: str, default: int = 1, area: str | None = None) -> Wager:
    """The Rules Submission's switch of the $1 Three-Card progressive payout wager (config.py ``Linked``)."""
    return Wager("three_card_progressive", "$1 Three-Card progressive payout wager", section, default, area)


def three_card_area(cents: int, needs: tuple[str, ...], note: str) -> g.Area:
    """The Three-Card progressive payout wager (paytables.py THREE_CARD_KIND)."""
    return progressive_area(
        cents, THREE_CARD_KIND, needs, note, "three_card", "Three-Card progressive", "three_card_progressive"
    )


# -- hands ---------------------------------------------------------------------------------

# The rows of a showdown of a hand still in against the dealer's.
PLAYER_HIGHER = "player_higher"
TIE = "tie"
DEALER_HIGHER = "dealer_higher"


def showdown(mine: int, dealer: int) -> str:
    """The showdown's row for two hand values: equal values tie (suits never rank)."""
    if mine > dealer:
        return PLAYER_HIGHER
    return DEALER_HIGHER if dealer > mine else TIE


def hand_so_far(items: list[Card]) -> str:
    """A hand named as its cards come: two to four by their pairs or high
    cards ("Pair of 7s", "A-K high"); five or more (with the board), the best
    five of them ("Flush, A-J-9-6-2")."""
    if len(items) >= 5:
        return best_five.hand_name(best_five.best_five_value(items))
    return name_partial([str(item) for item in items])


# -- the pieces most bindings declare alike -------------------------------------------------


def setting(default: int, help_text: str) -> Any:
    """A Config field (one admin field): its default and its help text."""
    return field(default=default, metadata={"help": help_text})


FOLD = "fold"
FOLD_OPTION = g.Option(FOLD, "Fold", keymap.FOLD, folds=True)

# A side wager's limits: the table's minimum bet to its side wager maximum (config.py's ``side_max``).
SIDE_LIMITS = chips("min_bet", "side_max")


def wager_limits(low: str, high: str) -> tuple[Limit, Limit]:
    """The checks of a wager's own minimum and maximum fields (a Trips wager's),
    the words of the table's own (config.py ``BET_LIMITS``)."""
    least, most = BET_LIMITS_CHECKED
    return Limit(low, 1, message=least.message), Limit(high, low, message=most.message)


def side_area(
    name: str,
    label: str,
    switch: str,
    needs: tuple[str, ...],
    note: str,
    limits: Limits | str = SIDE_LIMITS,
    role: str = g.SIDE,
) -> g.Area:
    """An optional wager the Config's ``switch`` offers, from the table's
    minimum to its side wager maximum unless ``limits`` says otherwise (a
    string: the prefix of the wager's own fields, "trips": ``trips_min_bet``
    to ``trips_max_bet``); a BASE ``role`` is a side wager that may be a
    hand's only one (Pair Plus)."""
    if isinstance(limits, str):
        limits = chips(f"{limits}_min_bet", f"{limits}_max_bet")
    return g.Area(name, label, role, offered=offered_by(switch), limits=limits, needs=needs, note=note)


def equal_area(name: str, label: str, base: str, note: str) -> g.Area:
    """A required wager equal to ``base``'s, placed with it (Crazy 4 Poker's Super Bonus, a Blind)."""
    return g.Area(name, label, g.SIDE, limits=BET_LIMITS, needs=(base,), equals=base, note=note)


def decision_area(name: str, label: str, times: int = 1, up_to: int = 1) -> g.Area:
    """The area a decision stakes: ``times`` the base wager's limits, or up to ``up_to`` times them."""
    return g.Area(name, label, g.DECISION, limits=chips("min_bet", "max_bet", times, up_to))


def play_or_fold(
    base: str,
    prompt: str,
    *,
    name: str = "play",
    action: str = "play",
    label: str = "Play",
    key: str = keymap.PLAY,
    places: str = "play",
    multiples: tuple[int, ...] = (1,),
    allowed: Callable[[Table, int], tuple[int, ...]] | None = None,
    once: str | None = None,
) -> g.Decision:
    """The decision to stake ``places`` at ``multiples`` of the ``base``
    wager or fold, the fold being the clock's default."""
    play = g.Option(action, label, key, places=places, of=base, multiples=multiples, allowed=allowed)
    return g.Decision(name, base, (play, FOLD_OPTION), FOLD, prompt, once)


class Chosen:
    """A Config property: the name of the paytable that the choice field
    ``field`` numbers among ``names``, or with ``table`` (a function of the
    name or a dict by name) the paytable itself::

        bet_name = kit.Chosen("bet_paytable", paytables.BET_NAMES)
        bet_table = kit.Chosen("bet_paytable", paytables.BET_NAMES, paytables.bet_paytable)
    """

    def __init__(
        self, field: str, names: Sequence[str], table: Callable[[str], Any] | Mapping[str, Any] | None = None
    ) -> None:
        self.field, self.names, self.table = field, names, table

    def __get__(self, config: object, owner: type | None = None) -> Any:
        if config is None:
            return self
        name = self.names[getattr(config, self.field) - 1]
        if self.table is None:
            return name
        return self.table[name] if isinstance(self.table, Mapping) else self.table(name)


def _paytable(config: Any, table: PaytableOf) -> Mapping[str, Any]:
    found: Mapping[str, Any] = getattr(config, table) if isinstance(table, str) else table
    return found


def paid(
    area: str,
    label: str,
    won: tuple[str, Odds] | None,
    names: Mapping[str, str] | None = None,
    outcome: str = g.WIN,
    keep_case: bool = False,
) -> list[g.Pay]:
    """A paytable's answer (``lookup``: (line, Odds) or None) as the pay of
    ``area``: "Trips, flush, 3 to 1" (without ``names`` "Pair Plus 4 to 1";
    ``keep_case`` for names such as "A-K suited"), a loss without a line; a
    BONUS pays on top of the stake, or nothing."""
    if won is None:
        return [] if outcome == g.BONUS else [g.Pay(area, g.LOSE, label)]
    line, odds = won
    name = (names[line] if keep_case else names[line].lower()) if names else ""
    text = f"{label}, {name}, {odds}" if names else f"{label} {odds}"
    return [g.Pay(area, outcome, text, odds=odds)]


def settle_paytable(
    area: str,
    lines: Lines,
    table: PaytableOf,
    names: Mapping[str, str] | None = None,
    keep_case: bool = False,
) -> Settler:
    """The settler of a wager paid from ``table`` (a dict, or the Config
    property giving it) on the hand's ``lines``, whatever the dealer holds."""

    def settle(view: Table, seat: int) -> list[g.Pay]:
        if not view.stake(seat, area):
            return []
        won = lookup(_paytable(view.config, table), lines(view, seat))
        label: str = view.game.area(area).label
        return paid(area, label, won, names, keep_case=keep_case)

    return settle


def dealer_shows(
    value: Callable[[list[Card]], int],
    name: Callable[[int], str],
    qualifies: Callable[[int], bool] | None = None,
    fails: str = ", which does not qualify",
) -> Callable[[Table], str]:
    """``Game.dealer_name``: the dealer's cards and hand as the showdown's log
    says them, "K♠ 7♦ 4♣, K-7-4 high", with ``fails`` after a hand that
    does not ``qualify``."""

    def shows(view: Table) -> str:
        items = view.dealer_cards()
        hand = value(items)
        verdict = fails if qualifies is not None and not qualifies(hand) else ""
        return f"{' '.join(item.label for item in items)}, {name(hand)}{verdict}"

    return shows


@dataclass(frozen=True)
class OddsLines:
    """A Config part (``PokerConfig.PARTS``): a paytable the table sets line
    by line, one field of "x to 1" each (0: not paid), named ``prefix_line``:
    DJ Wild Stud's Trips, which has no published paytable (rule 10)."""

    prefix: str  # "trips": the fields trips_five_wilds, trips_royal_flush_natural...
    label: str  # "Trips", in each field's help
    lines: tuple[str, ...]
    names: Mapping[str, str]  # {line: its name}
    most: int  # the highest odds a line may pay

    def field_of(self, line: str) -> str:
        return f"{self.prefix}_{line}"

    def fields(self) -> dict[str, Any]:
        return {
            self.field_of(line): field(
                default=0,
                metadata={"help": f"{self.label}, {self.names[line].lower()}: x to 1 (0: not paid)."},
            )
            for line in self.lines
        }

    @property
    def limits(self) -> tuple[Limit, ...]:
        message = f"Must be 0 to {self.most:,} (to 1)."
        return tuple(Limit(self.field_of(line), 0, self.most, message) for line in self.lines)

    def table(self, config: Any) -> dict[str, Odds]:
        """{line: Odds} of the lines ``config`` pays ({} when it pays none)."""
        odds = {line: getattr(config, self.field_of(line)) for line in self.lines}
        return {line: Odds(value) for line, value in odds.items() if value}
