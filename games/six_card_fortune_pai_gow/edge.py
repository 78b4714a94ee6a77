"""The paytable lab's rows of Six-Card Fortune Pai Gow Poker.

Exact, by enumeration of every six-card hand of the 53-card deck (C(53, 6) =
22,957,480): the Fortune bonus, the Envy bonus each other player's hand is
worth to a $5 Fortune wager, and the progressive payout wager's fixed part
(its meter lines' probabilities go to the meter's return). The hands are
enumerated once per class of suit permutations (``games.cards.suit_classes``:
962,988 classes of six natural cards, 134,459 of five naturals with the
joker) and valued in numpy batches by ``batch`` with the table's own values
(the best five of six, ``lines.line_of_value``); about 3 seconds of CPU, once
a process. The main wager and the Double Down are simulations
(``simulate``); the Must-Hit-By Mystery bonus rows are the lab's (``MYSTERY``).

Pure Python (no Django, no I/O).
"""

from fractions import Fraction
from functools import cache
from math import comb

import numpy as np

from games.cards.poker import JOKER_INDEX
from games.cards.suit_classes import suit_classes
from games.lab.rows import EXACT, SIMULATION, RowSpec, envy_bonus_row, line, paytable_row, select, what_if
from games.six_card_fortune_pai_gow import batch, paytables, simulate
from games.six_card_fortune_pai_gow.lines import LINE_NAMES, line_of_value
from games.six_card_fortune_pai_gow.settlement import DOUBLE_DOWN, ENVY, FORTUNE, MAIN, PROGRESSIVE

GAME = simulate.GAME
MYSTERY = True  # § 670c.1: the Must-Hit-By Mystery bonus is offered with the progressive payout wager
HANDS = comb(53, 6)
# The progressive's meter: (kind, paytable label, wager $) as casino/progressives takes them.
PROGRESSIVE_METER = (paytables.PROGRESSIVE_METER_KIND, "", paytables.PROGRESSIVE_WAGER_CENTS // 100)


def specs():
    return [
        RowSpec(GAME, FORTUNE, None, None, EXACT, f"Fortune bonus ({paytables.FORTUNE_SOURCE})"),
        RowSpec(
            GAME,
            ENVY,
            None,
            None,
            EXACT,
            f"Envy bonus: what one other player's six cards add to a $5 Fortune wager ({paytables.ENVY_SOURCE})",
            adds_to="a $5 Fortune wager",
        ),
        RowSpec(
            GAME,
            PROGRESSIVE,
            None,
            None,
            EXACT,
            "Progressive payout wager, $1, the project-default six-card table on the best five of six",
            meter=PROGRESSIVE_METER,
        ),
        *simulate.specs(),
    ]


def _classes(size, joker):
    hands, weights = [], []
    for hand, weight in suit_classes(size):
        hands.append(hand + (JOKER_INDEX,) if joker else hand)
        weights.append(weight)
    return np.array(hands, dtype=np.int64), np.array(weights, dtype=np.int64)


@cache
def line_counts():
    """{line or None: six-card hands of the 53-card deck making it}, exactly."""
    counts = {}
    for size, joker in ((6, False), (5, True)):
        hands, weights = _classes(size, joker)
        for start in range(0, len(hands), 200_000):
            best = batch.high_values(hands[start : start + 200_000]).max(axis=1)
            part = weights[start : start + 200_000]
            for value in np.unique(best >> 16):  # category and leading rank decide the line
                key = line_of_value(int(value) << 16)
                counts[key] = counts.get(key, 0) + int(part[(best >> 16) == value].sum())
    assert sum(counts.values()) == HANDS
    return counts


def line_probabilities():
    return {key: Fraction(count, HANDS) for key, count in line_counts().items() if key is not None}


def six_card_row(spec, table, assumptions):
    """``paytable_row`` of a table paid on the best five of the six cards."""
    probabilities = line_probabilities()
    return paytable_row(
        spec,
        {key: probabilities.get(key, Fraction(0)) for key in table},
        table,
        LINE_NAMES,
        assumptions=assumptions,
    )


def compute(spec, *, payouts=None, rounds=None, seed=0, progress=None):
    if spec.method == SIMULATION:
        return simulate.run(spec, payouts=payouts, rounds=rounds, seed=seed, progress=progress)
    probabilities = line_probabilities()
    enumeration = (
        f"Every one of the C(53, 6) = {HANDS:,} six-card hands of the 53-card deck, by classes of suit "
        "permutations, valued by the game's own best five of six (the joker completes a straight, flush or "
        "straight flush, otherwise it is an ace)."
    )
    if spec.wager == FORTUNE:
        table = what_if(paytables.FORTUNE, payouts)
        return six_card_row(
            spec,
            table,
            [
                enumeration,
                f"Paytable: {paytables.FORTUNE_SOURCE}; all 'to 1'; three of a kind or better wins, whatever "
                "the setting and the main result (rule 13). No Envy (its own row).",
            ],
        )
    if spec.wager == ENVY:
        return envy_bonus_row(
            spec,
            probabilities,
            paytables.ENVY_CENTS,
            paytables.ENVY_MIN_FORTUNE_WAGER_CENTS,
            LINE_NAMES,
            assumptions=[
                enumeration,
                "Per other player at the table (never the dealer): each hand of full house or better pays the "
                "fixed Envy amount to every Qualifying ($5 or more) Fortune wager (rule 14). The figure is what "
                "one other player adds to a $5 Fortune wager's return; with n others it adds n times as much "
                "(each other hand is a uniform six of the deck, so the expectation adds).",
            ],
        )
    if spec.wager == PROGRESSIVE:
        table = what_if(paytables.PROGRESSIVE, payouts, meter=True)
        return six_card_row(
            spec,
            table,
            [
                enumeration,
                f"Paytable: {paytables.PROGRESSIVE_SOURCE}; a fixed $1 wager; the fixed lines are 'for 1' "
                "(the stake included); below a straight the wager loses.",
                "The % of the meter lines are paid by the meter: their fixed part is the lost wager and their "
                "probabilities go to the meter's return.",
            ],
        )
    raise ValueError(f"{spec.key}: no such row")


def paytable_lines(spec):
    if spec.wager == FORTUNE:
        return [line(key, LINE_NAMES[key], payout, 0) for key, payout in paytables.FORTUNE.items()]
    if spec.wager == PROGRESSIVE:
        return [line(key, LINE_NAMES[key], payout, 0) for key, payout in paytables.PROGRESSIVE.items()]
    if spec.wager == ENVY:
        return []
    return simulate.paytable_lines(spec)


def table_rows(config):
    """The rows a table with the Rules Submission ``config`` plays: each
    wager it offers, at its paytables (games/lab/__init__.py)."""
    rows = specs()
    found = select(rows, MAIN)
    if config.double_down:
        found += select(rows, DOUBLE_DOWN)
    if config.fortune:
        found += select(rows, FORTUNE) + select(rows, ENVY)
    if config.progressive:
        found += select(rows, PROGRESSIVE)
    return found
