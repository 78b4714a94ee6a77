"""The settlers every poker binding shares, from the data it declares: its
linked progressive wagers and their Envy Bonus. Pure Python.

A binding says what its progressive pays on as a ``Progressive``: the area,
the hand's paytable lines (``lines(view, seat)``, the most particular first,
from the game's evaluator), its paytable and its Envy paytable (a dict, or the
name of the Config property giving the table's own) and the lines' names for
the log. Then::

    settlers=(settle_hand, ..., kit.settle_progressives(FIVE_CARD_PAYS), kit.settle_envy(FIVE_CARD_PAYS))

Several wagers in one settler settle one after the other for each hand, the
order of a rules file that settles them together (Three Card Poker's rule 13).
"""

from collections.abc import Callable
from dataclasses import dataclass

from games.engine import CENTS_PER_CHIP
from games.payouts import MeterShare
from games.poker import game as g
from games.poker.paytables import lookup


@dataclass(frozen=True)
class Progressive:
    area: str  # the PROGRESSIVE area: "five_card"
    lines: Callable  # (view, seat) -> the hand's lines for the paytable
    paytable: dict | str  # {line: Odds or MeterShare}, or the Config property: "progressive_table"
    names: dict  # {line: its name}: "Royal flush"
    envy: dict | str | None = None  # {line: cents} for another hand's line, or the Config property
    # A fold forfeits the wager with the cards, and a folded hand neither earns nor gives
    # Envy (Caribbean Stud, rule 6); elsewhere the wager stays in action after a fold.
    dies_with_fold: bool = False

    def table(self, config, paytable):
        return getattr(config, paytable) if isinstance(paytable, str) else paytable

    def in_action(self, view, seat):
        return bool(view.bet(seat, self.area)) and not (self.dies_with_fold and view.folded(seat))

    def pays(self, view, seat):
        """Only the highest line pays (progressives_605a.md rule 12): a share of
        the meter (METER) or a fixed payout on the collected stake (FIXED)."""
        label = view.game.area(self.area).label
        won = lookup(self.table(view.config, self.paytable), self.lines(view, seat))
        if not won:
            return [g.Pay(self.area, g.LOSE, label)]
        line, payout = won
        name = self.names[line].lower()
        if isinstance(payout, MeterShare):
            return [g.Pay(self.area, g.METER, f"{label}, {name}", percent=payout.percent)]
        return [g.Pay(self.area, g.FIXED, f"{label}, {name}, {payout}", odds=payout)]

    def envy_pays(self, view, seat, named):
        """Envy for each other hand holding a line of the Envy paytable, never
        for one's own hand or the dealer's; ``named``: the text names the wager."""
        envy = self.table(view.config, self.envy)
        if not envy or not self.in_action(view, seat):
            return []
        prefix = f"{view.game.area(self.area).label} " if named else ""
        pays = []
        for other in view.others(seat):
            if self.dies_with_fold and view.folded(other):
                continue
            won = lookup(envy, self.lines(view, other))
            if won:
                line, cents = won
                text = f"{prefix}Envy for seat {other}'s {self.names[line].lower()}"
                pays.append(g.Pay(self.area, g.BONUS, text, cents=cents, source=other))
        return pays


def settle_progressives(*wagers):
    """The settler of the progressive wagers ``wagers`` (Progressive)."""

    def settle(view, seat):
        return [pay for wager in wagers if wager.in_action(view, seat) for pay in wager.pays(view, seat)]

    return settle


def settle_envy(*wagers):
    """The settler of the Envy Bonus of ``wagers`` (Progressive with an
    ``envy``), each Envy named by its wager when there are several."""

    def settle(view, seat):
        return [pay for wager in wagers for pay in wager.envy_pays(view, seat, named=len(wagers) > 1)]

    return settle


def chips(low, high, times=1, up_to=1):
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


def fixed(cents):
    """(config) -> the limits of a wager of a fixed amount (a progressive's $1 or $5)."""
    return lambda config: (cents, cents)


def progressive_area(name, label, switch, cents, meter_kind, needs, note):
    """The betting area of a linked progressive wager of ``cents``, offered
    by the Config's ``switch`` and qualifying for the Mystery bonus with it,
    or as the table names (``mystery_wagers``, config.py ``Mystery.base``)."""

    def mystery(config):
        return config.qualifies_for_mystery(name) if config.MYSTERY_WAGERS else bool(getattr(config, switch))

    return g.Area(
        name,
        label,
        g.PROGRESSIVE,
        offered=lambda config: bool(getattr(config, switch)),
        limits=fixed(cents),
        needs=needs,
        meter_kind=meter_kind,
        mystery=mystery,
        note=note,
    )
