"""Mississippi Stud's figures, exact: the Ante and street wagers under the
optimal strategy, computed by backward induction over the three streets
(strategy.py: every deal of the two cards and the three community cards,
1,326 × 50 × 49 × 48 orders, through the game's own evaluator and paytable),
and the progressive's fixed part by enumerating every five-card hand
(the 2,598,960 hands grouped by rank multiset and flushness, one evaluation
each through the game's evaluator).

Pure Python (no Django, no I/O). The lab's rows (``specs``/``compute``, the
shape games/lab/__init__.py states), joined to the lab by the GameSpec's
``lab``. The base row takes a few seconds (numpy), once a process per paytable.
"""

from collections import Counter
from fractions import Fraction
from math import comb

from games.lab.rows import envy_per_unit, line, moments_row, paytable_row, paytable_specs, select, what_if
from games.mississippi_stud import paytables, rules, strategy

GAME = "mississippi_stud"
MYSTERY = True  # § 655c.1: the Must-Hit-By Mystery bonus is offered with the progressive
BASE = "ante"
PROGRESSIVE = "progressive"
HANDS = comb(52, 5)


def solution(table):
    """The optimal strategy and its figures on the base paytable ``table``."""
    return strategy.solved(table)


def line_probabilities(lines_of, table):
    """{line: probability} of the lines ``table`` pays on the two cards and the
    three community cards, whatever the decisions (``lines_of``: a hand value's
    lines, the most particular first); every five-card hand equally likely."""
    found = Counter()
    counts = strategy.hand_classes()[3]
    for value, count in zip(strategy.class_values(), counts, strict=True):
        won = paytables.lookup(table, lines_of(value))
        if won is not None:
            found[won[0]] += int(count)
    return {key: Fraction(count, HANDS) for key, count in found.items()}


def base_line_probabilities(table):
    """The base paytable's lines and the push (rule 10)."""
    return line_probabilities(paytables.base_lines, {**table, **dict.fromkeys(paytables.PUSH_LINES)})


def base_row(spec, table):
    solved = solution(table)
    probabilities = base_line_probabilities(table)
    lines = [
        line(key, paytables.LINE_NAMES[key], payout, probabilities.get(key, Fraction(0)))
        for key, payout in table.items()
    ]
    return moments_row(
        spec,
        solved.mean,
        solved.second_moment,
        solved.hit_probability,
        lines=lines,
        assumptions=[
            "One 52-card deck; every order of the two cards and the three community cards equally likely "
            "(rules 1, 5); the figures per unit of the Ante, the street wagers included.",
            "Strategy: " + strategy.STRATEGY_NAMES[strategy.OPTIMAL] + ".",
            "The Ante and every street wager in action paid alike (rule 10), a pair of 6s through 10s a push; "
            "the aggregate limit of § 655a.12(b) (rule 11) left out: per unit of the Ante it has no size; "
            "at $50,000 it cuts a royal flush on more than 100 chips wagered in all, a straight flush on "
            "more than 500, four of a kind on more than 1,250.",
            "Line probabilities: of the five cards, whatever the decisions.",
            paytables.BASE_SOURCE + ".",
        ],
        details={
            "average_wager": float(solved.average_wager),
            "element_of_risk": float(solved.element_of_risk),
            "push_frequency": float(solved.push_probability),
            "strategy": strategy.OPTIMAL,
            # the push line is no payout a designer may change: its probability is here
            "sixes_through_tens_probability": float(probabilities[paytables.SIXES_THROUGH_TENS]),
        },
    )


def envy_per_other_player(config=None):
    """Expected Envy per unit of the $5 wager for each other player: any other
    hand, its two cards with the shared board, is a uniform five of the deck."""
    envy = (config or rules.Config()).envy_cents
    probabilities = line_probabilities(paytables.five_card_lines, envy)
    return envy_per_unit(probabilities, envy, paytables.PROGRESSIVE_WAGER_CENTS)


def progressive_row(spec, table):
    envy = float(envy_per_other_player())
    return paytable_row(
        spec,
        line_probabilities(paytables.five_card_lines, table),
        table,
        paytables.LINE_NAMES,
        assumptions=[
            "One 52-card deck; each of the 2,598,960 five-card hands equally likely (rules 1, 12).",
            "The two cards and the three community cards as a poker hand; fixed lines 'for 1', the $5 "
            "collected at no more bets; only the highest line pays; settled after a fold too (Defaults), "
            "so the figure holds for any strategy.",
            f"Envy is not in the row: each other player adds {envy:.4%} of the wager (rule 13).",
            paytables.PROGRESSIVE_SOURCE + ".",
        ],
        details={"envy_per_other_player": envy},
    )


# -- the lab's rows -------------------------------------------------------------------------


def specs():
    return [
        *paytable_specs(
            GAME, BASE, paytables.BASE_NAMES, "Ante and street wagers, paytable {name}, optimal strategy"
        ),
        *paytable_specs(
            GAME,
            PROGRESSIVE,
            paytables.PROGRESSIVE_NAMES,
            "Progressive ($5), paytable {name}",
            meter=(rules.PROGRESSIVE_KIND, "", 5),
        ),
    ]


def compute(spec, *, payouts=None, rounds=None, seed=0, progress=None):
    if spec.wager == BASE:
        return base_row(spec, what_if(paytables.base_paytable(spec.paytable), payouts))
    if spec.wager == PROGRESSIVE:
        return progressive_row(
            spec, what_if(paytables.progressive_paytable(spec.paytable), payouts, meter=True)
        )
    raise ValueError(f"Mississippi Stud has no row for the wager {spec.wager!r}")


def table_rows(config):
    """The rows a table with the Rules Submission ``config`` plays: each
    wager it offers, at its paytables (games/lab/__init__.py)."""
    rows = specs()
    found = select(rows, BASE, paytable=config.base_name)
    if config.progressive:
        found += select(rows, PROGRESSIVE, paytable=config.progressive_name)
    return found
