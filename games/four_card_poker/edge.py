"""Exact returns of Four Card Poker's wagers that depend on the player's own
five cards only: Aces Up (every paytable; rule 11), the fixed lines of the
Five-Card progressive and its Envy (rule 12), each by enumerating all
2,598,960 five-card hands, by suit class, through the game's own evaluators
(games/cards/four_card.py, games/cards/best_five.py).

Pure Python (no Django, no I/O). The probabilities are Fractions keyed by the
paytable's own lines, the shape ``games.lab.rows.paytable_row`` takes. The
game's lab rows (``specs``/``compute``, games/lab/__init__.py): these exact
ones, and the Ante and Play under the computed strategy, simulated through
the game's own rules (games/four_card_poker/simulate.py). Crazy 4 Poker's
Queens Up, Super Bonus and Five-Card progressive use the same counts
(games/crazy_4_poker/edge.py).

Each enumeration takes under a second and is done once a process
(``functools.cache``).
"""

from collections import Counter
from fractions import Fraction
from functools import cache
from math import comb

from games.cards import best_five, four_card
from games.cards.suit_classes import suit_classes
from games.four_card_poker import paytables, simulate
from games.lab.rows import (
    bonus_row,
    envy_bonus_row,
    envy_per_unit,
    exact_spec,
    paytable_row,
    paytable_specs,
    select,
    what_if,
)
from games.lab.rows import line as row_line
from games.payouts import MeterShare
from games.poker.paytables import FIVE_CARD_KIND

FIVE_CARD = "five_card"  # the wager of the linked Five-Card progressive, in every game offering it
HANDS = comb(52, 5)  # 2,598,960: every five-card hand is equally likely (one deck, rule 1)


def _counts(value_of):
    """{value: number of hands} over all 2,598,960 five-card hands, through
    their 134,459 suit classes (games/cards/suit_classes.py): suits never
    rank, so each class's value is every one of its hands' (19 times fewer
    evaluations; the lab's first page builds these for five games)."""
    counts = Counter()
    for hand, weight in suit_classes(5):
        counts[value_of(hand)] += weight
    return counts


@cache
def best_four_counts():
    """{best four-card value: number of five-card hands making it}, over all
    2,598,960 hands."""
    return _counts(four_card.value_of_five)


@cache
def five_card_counts():
    """{five-card value: number of hands}, over all 2,598,960 hands (the
    Five-Card progressive reads the five cards as a poker hand, rule 3)."""
    return _counts(best_five.best_five_value_indices)


def _line_probabilities(counts, lines_of, table):
    found = Counter()
    for value, count in counts.items():
        paid = paytables.lookup(table, lines_of(value))
        if paid is not None:
            found[paid[0]] += count
    return {line: Fraction(count, HANDS) for line, count in found.items()}


def four_card_line_probabilities(table):
    """{line: probability} of a table paid on the best four of the player's
    five cards (Aces Up, Ante Bonus, Queens Up, Super Bonus's paying lines);
    a hand making none of its lines is absent (it loses, or the dealer
    decides)."""
    return _line_probabilities(best_four_counts(), paytables.four_card_lines, table)


def five_card_line_probabilities(table=paytables.FIVE_CARD_PROGRESSIVE):
    """{line: probability} of a table paid on the player's five cards (the
    Five-Card progressive, Envy)."""
    return _line_probabilities(five_card_counts(), paytables.five_card_lines, table)


def aces_up_probabilities(name=paytables.DEFAULT_ACES_UP_PAYTABLE):
    return four_card_line_probabilities(paytables.aces_up_paytable(name))


def fixed_return(probabilities, table):
    """(expected net per unit wagered, {meter percent: probability}) of a
    paytable: Odds lines net their winnings, MeterShare lines are the meter's
    (their fixed part nets -1, as ``games.lab.rows.paytable_row``), and a
    hand making no line loses the wager. RTP = 1 + net."""
    net = Fraction(0)
    meter = {}
    for line, probability in probabilities.items():
        payout = table[line]
        if isinstance(payout, MeterShare):
            meter[payout.percent] = meter.get(payout.percent, 0) + probability
            net -= probability
        else:
            net += payout.winnings(1) * probability
    return net - (1 - sum(probabilities.values())), meter


def aces_up_return(name=paytables.DEFAULT_ACES_UP_PAYTABLE):
    """Exact expected net of a unit Aces Up wager on the paytable ``name``."""
    table = paytables.aces_up_paytable(name)
    return fixed_return(four_card_line_probabilities(table), table)[0]


def five_card_progressive_fixed_return():
    """(expected net of the fixed lines per unit of the $5 wager, {meter
    percent: probability}): the royal flush's 100% and the straight flush's
    10% of the meter are the meter part, paid by casino/progressives."""
    table = paytables.FIVE_CARD_PROGRESSIVE
    return fixed_return(five_card_line_probabilities(table), table)


def five_card_row(spec, table, names, assumptions, details=None):
    """``paytable_row`` of a table paid on the player's five cards, or on any
    uniform five of the deck (the Five-Card progressive and those like it)."""
    return paytable_row(
        spec, five_card_line_probabilities(table), table, names, assumptions=assumptions, details=details
    )


def five_card_spec(game):
    """The row of the $5 Five-Card progressive of ``game``, on the meter it
    is linked on across the poker games."""
    return exact_spec(game, FIVE_CARD, None, "Five-Card progressive ($5)", meter=(FIVE_CARD_KIND, "", 5))


def five_card_envy_per_other_player():
    """Expected Envy per unit of the $5 Five-Card wager for each other player
    at the table with five cards dealt: any one other hand is a uniform five
    of the deck whatever the holder's own, so each other player adds the same
    (the dealer's hand never counts)."""
    envy = paytables.FIVE_CARD_ENVY_CENTS
    return envy_per_unit(five_card_line_probabilities(envy), envy, paytables.FIVE_CARD_WAGER_CENTS)


def ante_bonus_return(name=paytables.DEFAULT_ANTE_BONUS_PAYTABLE):
    """Expected Ante Bonus per unit of Ante (rule 10), exact for any strategy
    that plays every hand of three of a kind or better (both of strategy.py
    do: 3×); not a wager of its own, so no loss term."""
    table = paytables.ante_bonus_paytable(name)
    return sum(table[line].winnings(1) * p for line, p in four_card_line_probabilities(table).items())


# -- the lab's rows --------------------------------------------------------------------

GAME = "four_card_poker"
MYSTERY = True  # § 641c.1: the Must-Hit-By Mystery bonus is offered with the Five-Card progressive
ACES_UP = "aces_up"
ANTE_BONUS = "ante_bonus"
ENVY = "five_card_envy"


def specs():
    return [
        *simulate.specs(),
        *paytable_specs(
            GAME,
            ANTE_BONUS,
            paytables.ANTE_BONUS_NAMES,
            "Ante Bonus {name} (per unit of the Ante)",
            adds_to="the Ante",
        ),
        *paytable_specs(GAME, ACES_UP, paytables.ACES_UP_NAMES, "Aces Up, paytable {name}"),
        five_card_spec(GAME),
        exact_spec(
            GAME,
            ENVY,
            None,
            "Five-Card Envy, per other player (on the $5 wager)",
            adds_to="the Five-Card progressive wager ($5)",
        ),
    ]


def paytable_lines(spec):
    """The lines a designer may change on a simulated row: the Ante and
    Play row's Ante Bonus (the what-if the simulation takes)."""
    if spec.wager != simulate.ANTE_PLAY:
        return []
    table = paytables.ante_bonus_paytable(spec.paytable)
    return [
        row_line(key, f"Ante Bonus, {paytables.LINE_NAMES[key].lower()}", payout, None)
        for key, payout in table.items()
    ]


def compute(spec, *, payouts=None, rounds=None, seed=0, progress=None):
    if spec.wager == simulate.ANTE_PLAY:
        return simulate.run(spec, payouts=payouts, rounds=rounds, seed=seed, progress=progress)
    one_deck = "One 52-card deck; each of the 2,598,960 five-card hands of the player equally likely."
    if spec.wager == ACES_UP:
        table = what_if(paytables.aces_up_paytable(spec.paytable), payouts)
        return paytable_row(
            spec,
            four_card_line_probabilities(table),
            table,
            paytables.LINE_NAMES,
            assumptions=[
                one_deck,
                "Pays on the player's best four of five, pair of aces or better, whatever the dealer holds "
                "(rule 11); settled after a fold too, so the figure holds for any Play strategy.",
            ],
        )
    if spec.wager == ANTE_BONUS:
        return ante_bonus_row(spec, what_if(paytables.ante_bonus_paytable(spec.paytable), payouts))
    if spec.wager == FIVE_CARD:
        table = what_if(paytables.FIVE_CARD_PROGRESSIVE, payouts, meter=True)
        envy = float(five_card_envy_per_other_player())
        return five_card_row(
            spec,
            table,
            paytables.LINE_NAMES,
            [
                one_deck,
                "The player's five cards as a poker hand (rules 3, 12); fixed lines 'for 1', the $5 stake "
                "collected at no more bets; only the highest line pays; settled after a fold too.",
                f"Envy is not in the row (its own row): each other player adds {envy:.4%} of the wager.",
                paytables.FIVE_CARD_SOURCE + ".",
            ],
            details={"envy_per_other_player": envy},
        )
    if spec.wager == ENVY:
        return envy_row(spec)
    raise ValueError(f"Four Card Poker has no row for the wager {spec.wager!r}")


def ante_bonus_row(spec, table):
    """The Ante Bonus alone: not a wager of its own (no stake to lose), so
    its figure is what it adds to the Ante's return, per unit of the Ante;
    every strategy of strategy.py plays each hand that earns it (3×), so it
    is exact for them."""
    probabilities = four_card_line_probabilities(table)
    bonuses = {}
    for key, probability in probabilities.items():
        bonus = table[key].winnings(1)
        bonuses[bonus] = bonuses.get(bonus, 0) + probability
    lines = [
        row_line(key, paytables.LINE_NAMES[key], payout, probabilities.get(key, Fraction(0)))
        for key, payout in table.items()
    ]
    return bonus_row(
        spec,
        bonuses,
        lines=lines,
        assumptions=[
            "The player's best four of five, three of a kind or better, paid on the Ante to a player who "
            "makes the Play wager, even if the dealer wins (rule 10); no stake of its own: the figure is "
            "what it adds to the Ante's return, per unit of the Ante.",
            "It is inside the Ante and Play row too; this row shows its share.",
        ],
    )


def envy_row(spec):
    """Five-Card Envy for one other player's hand, per unit of the $5 wager:
    paid on top (no stake of its own), so its figure is what it adds to the
    Five-Card wager's return."""
    envy = paytables.FIVE_CARD_ENVY_CENTS
    return envy_bonus_row(
        spec,
        five_card_line_probabilities(envy),
        envy,
        paytables.FIVE_CARD_WAGER_CENTS,
        {key: f"Other player's {paytables.LINE_NAMES[key].lower()}" for key in envy},
        assumptions=[
            "For each other player at the table with five cards dealt (never the dealer's hand, never one's "
            "own): any one other hand is a uniform five of the deck, so each adds the same.",
            "Paid on top of the Five-Card wager: the figure is what one other player's hand adds to its "
            "return, per unit of the $5 wager.",
        ],
    )


def table_rows(config):
    """The rows a table with the Rules Submission ``config`` plays: each
    wager it offers, at its paytables (games/lab/__init__.py). The Ante Bonus is inside the Ante and Play row (its own row is a bonus).
    """
    rows = specs()
    found = select(rows, simulate.ANTE_PLAY, paytable=config.ante_bonus_name)
    found += select(rows, ANTE_BONUS, paytable=config.ante_bonus_name)
    if config.aces_up:
        found += select(rows, ACES_UP, paytable=config.aces_up_name)
    if config.five_card_progressive:
        found += select(rows, FIVE_CARD) + select(rows, ENVY)
    return found
