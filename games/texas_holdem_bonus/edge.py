"""Texas Hold 'Em Bonus Poker's lab rows: the Bonus wager exact, by
enumerating the C(52, 2) = 1,326 hole cards (and, for A-A, the dealer's
C(50, 2) = 1,225 two cards, which its top line names); the $5 progressive's
fixed part exact on the hole cards and the flop, a uniform five of the deck
(Four Card Poker's C(52, 5) five-card counts, reused), with the meter's part
apart; the Ante and street wagers simulated (simulate.py); the Must-Hit-By
Mystery rows come from casino/lab (``MYSTERY``).

Pure Python (no Django, no I/O): the shape games/lab/__init__.py states.
"""

from fractions import Fraction
from itertools import combinations
from math import comb

from games.four_card_poker import edge as four_card_edge
from games.lab.rows import SIMULATION, envy_per_unit, paytable_row, paytable_specs, select, what_if
from games.texas_holdem_bonus import paytables, rules, simulate

GAME = "texas_holdem_bonus"
MYSTERY = True  # § 647c.1: the Must-Hit-By Mystery bonus is offered with the progressive
BONUS = "bonus"
PROGRESSIVE = "progressive"
HOLE_CARDS = comb(52, 2)
DEALER_CARDS = comb(50, 2)


def bonus_line_probabilities(table):
    """{line: probability} of the Bonus line ``table`` pays, every two hole
    cards equally likely, and the dealer's two of the 50 left for the lines
    that name them (rule 11)."""
    found = {}
    for first, second in combinations(range(52), 2):
        high, low, suited = (
            max(first >> 2, second >> 2),
            min(first >> 2, second >> 2),
            first & 3 == second & 3,
        )
        without = paytables.lookup(table, paytables.bonus_lines(high, low, suited))
        with_aces = paytables.lookup(table, paytables.bonus_lines(high, low, suited, dealer_aces=True))
        if without == with_aces:
            if without:
                found[without[0]] = found.get(without[0], 0) + Fraction(1, HOLE_CARDS)
            continue
        # The line depends on the dealer's cards: every two of the 50 left.
        left = [card for card in range(52) if card not in (first, second)]
        aces = sum(1 for pair in combinations(left, 2) if all(card >> 2 == 12 for card in pair))
        for won, count in ((with_aces, aces), (without, DEALER_CARDS - aces)):
            if won and count:
                found[won[0]] = found.get(won[0], 0) + Fraction(count, HOLE_CARDS * DEALER_CARDS)
    return found


def bonus_row(spec, table):
    return paytable_row(
        spec,
        bonus_line_probabilities(table),
        table,
        paytables.BONUS_LINE_NAMES,
        assumptions=[
            f"One 52-card deck; each of the {HOLE_CARDS:,} two hole cards equally likely, and for the top "
            f"line each of the dealer's {DEALER_CARDS:,} two of the 50 left (rule 11).",
            "Paid whatever the main result; a fold loses it (rule 5): the figure is for a player who plays "
            "every hand that pays it, as the stated strategy does.",
            paytables.BONUS_SOURCE + ".",
        ],
    )


def envy_per_other_player(config=None):
    """Expected Envy per unit of the $5 wager for each other player: another
    hand's two cards with the shared flop are a uniform five of the deck."""
    envy = (config or rules.Config()).envy_cents
    probabilities = four_card_edge.five_card_line_probabilities(envy)
    return envy_per_unit(probabilities, envy, paytables.PROGRESSIVE_WAGER_CENTS)


def progressive_row(spec, table):
    envy = float(envy_per_other_player())
    return four_card_edge.five_card_row(
        spec,
        table,
        paytables.PROGRESSIVE_LINE_NAMES,
        [
            "One 52-card deck; the two hole cards and the flop as one five-card hand, each of the "
            f"{comb(52, 5):,} equally likely (rule 12).",
            "Fixed lines 'for 1', the $5 collected at no more bets; only the highest line pays; settled "
            "after a fold too (Defaults: the flop is always dealt), so the figure holds for any strategy.",
            f"Envy is not in the row: each other player adds {envy:.4%} of the wager.",
            paytables.PROGRESSIVE_SOURCE + ".",
        ],
        details={"envy_per_other_player": envy},
    )


def specs():
    return [
        *simulate.specs(),
        *paytable_specs(GAME, BONUS, paytables.BONUS_NAMES, "Bonus wager, paytable {name}"),
        *paytable_specs(
            GAME,
            PROGRESSIVE,
            paytables.PROGRESSIVE_NAMES,
            "Progressive ($5), the five-card table on the hole cards and the flop",
            meter=(rules.PROGRESSIVE_KIND, "", 5),
        ),
    ]


def compute(spec, *, payouts=None, rounds=None, seed=0, progress=None):
    if spec.method == SIMULATION:
        return simulate.run(spec, payouts=payouts, rounds=rounds, seed=seed, progress=progress)
    if spec.wager == BONUS:
        return bonus_row(spec, what_if(paytables.bonus_paytable(spec.paytable), payouts))
    if spec.wager == PROGRESSIVE:
        return progressive_row(
            spec, what_if(paytables.progressive_paytable(spec.paytable), payouts, meter=True)
        )
    raise ValueError(f"Texas Hold 'Em Bonus has no row for the wager {spec.wager!r}")


def table_rows(config):
    """The rows a table with the Rules Submission ``config`` plays: each
    wager it offers, at its paytables (games/lab/__init__.py)."""
    rows = specs()
    found = select(rows, simulate.MAIN, paytable=config.ante_pays_name)
    if config.bonus:
        found += select(rows, BONUS, paytable=config.bonus_name)
    if config.progressive:
        found += select(rows, PROGRESSIVE, paytable=config.progressive_name)
    return found
