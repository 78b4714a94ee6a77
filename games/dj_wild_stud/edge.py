"""DJ Wild Stud Poker's figures: Trips and the progressive bonus wager's
fixed part exactly, by enumerating all C(53,5) = 2,869,685 five-card hands of
the player through the game's own evaluator (games/cards/wild.py
``category_counts``); the Ante, Blind and Play under the lab's threshold
strategy simulated (games/dj_wild_stud/simulate.py).

Pure Python (no Django, no I/O). The lab's rows (``specs``/``compute``, the
shape games/lab/__init__.py states), joined to the lab by the GameSpec's ``lab``.
"""

from fractions import Fraction
from functools import cache
from math import comb

from games.cards import wild
from games.dj_wild_stud import paytables, rules, simulate
from games.lab.rows import EXACT, RowSpec, exact_row, line, paytable_row, paytable_specs, select, what_if

GAME = "dj_wild_stud"
MYSTERY = True  # § 687c.1: the Must-Hit-By Mystery bonus is offered with the progressive
ANTE_BLIND_PLAY = simulate.ANTE_BLIND_PLAY
TRIPS = "trips"
PROGRESSIVE = "progressive"
TRIPS_TABLE = "rules_submission"  # no published table: the table's own lines
HANDS = comb(53, 5)


@cache
def line_counts():
    """{(category, natural): hands} of the player's five cards (wild.category_counts)."""
    return wild.category_counts()


def trips_probabilities():
    """{Trips line: probability} of rule 10's lines on the player's five cards."""
    counts = {}
    for (kind, natural), count in line_counts().items():
        trips = paytables.trips_line(kind, natural)
        if trips:
            counts[trips] = counts.get(trips, 0) + count
    return {key: Fraction(count, HANDS) for key, count in counts.items()}


def progressive_probabilities(name=paytables.DEFAULT_PROGRESSIVE_PAYTABLE):
    """{line: probability} of the progressive table ``name`` (rule 11): the
    line each hand is paid, the most particular first."""
    return _progressive_counts(paytables.progressive_paytable(name))


ENUMERATION = (
    "One 53-card deck, the four deuces and the joker wild; each of the 2,869,685 five-card hands of the "
    "player equally likely (rules 1-3), counted by games/cards/wild.py."
)


def trips_row(spec, payouts):
    """Rule 10's sixteen lines with their exact probabilities, paid at the
    odds a designer enters (none published: a line without odds loses)."""
    probabilities = trips_probabilities()
    table = dict(payouts or {})
    for key in table:
        if key not in paytables.TRIPS_LINES:
            raise ValueError(f"Trips has no line {key!r}; its lines are {', '.join(paytables.TRIPS_LINES)}")
    outcomes = {}
    for key, probability in probabilities.items():
        net = table[key].winnings(1) if key in table else Fraction(-1)
        outcomes[net] = outcomes.get(net, 0) + probability
    outcomes[Fraction(-1)] = outcomes.get(Fraction(-1), 0) + 1 - sum(probabilities.values())
    lines = [
        line(key, paytables.LINE_NAMES[key], table.get(key, "not paid"), probabilities.get(key, Fraction(0)))
        for key in paytables.TRIPS_LINES
    ]
    return exact_row(
        spec,
        outcomes,
        lines=lines,
        assumptions=[
            ENUMERATION,
            "Three of a kind or better on the player's own five cards, whatever the dealer holds, even after "
            "a fold; a hand is natural when it makes its category with no wild card, a deuce counting as a "
            "2 (rule 10); the joker is always wild.",
            paytables.TRIPS_SOURCE + ": enter the odds of each line to see its return.",
        ],
    )


def progressive_row(spec, table):
    return paytable_row(
        spec,
        _progressive_counts(table),
        table,
        paytables.LINE_NAMES,
        assumptions=[
            ENUMERATION,
            "The player's five cards, whatever the dealer holds and even after a fold (rule 11); fixed lines "
            "'for 1', the $5 collected at no more bets; only the highest line pays.",
            paytables.PROGRESSIVE_SOURCE + ".",
        ],
    )


def _progressive_counts(table):
    counts = {}
    for (kind, natural), count in line_counts().items():
        won = paytables.lookup(table, paytables.progressive_lines(kind, natural))
        if won:
            counts[won[0]] = counts.get(won[0], 0) + count
    return {key: Fraction(count, HANDS) for key, count in counts.items()}


# -- the lab's rows -------------------------------------------------------------------------


def specs():
    return [
        *simulate.specs(),
        RowSpec(
            game=GAME,
            wager=TRIPS,
            paytable=TRIPS_TABLE,
            decks=1,
            method=EXACT,
            title="Trips, the line probabilities (no published paytable: enter the table's odds)",
        ),
        *paytable_specs(
            GAME,
            PROGRESSIVE,
            paytables.PROGRESSIVE_NAMES,
            "Progressive bonus wager ($5), project default paytable {name}",
            meter=(rules.PROGRESSIVE_KIND, "", 5),
        ),
    ]


def paytable_lines(spec):
    """The lines a designer may change: the Blind's on the simulated row, Trips' sixteen."""
    if spec.wager == ANTE_BLIND_PLAY:
        table = paytables.blind_paytable(spec.paytable)
        return [
            line(key, f"Blind, {paytables.LINE_NAMES[key].lower()}", payout, None)
            for key, payout in table.items()
        ]
    if spec.wager == TRIPS:
        return [
            line(key, f"Trips, {paytables.LINE_NAMES[key].lower()}", "not paid", None)
            for key in paytables.TRIPS_LINES
        ]
    return []


def compute(spec, *, payouts=None, rounds=None, seed=0, progress=None):
    if spec.wager == ANTE_BLIND_PLAY:
        return simulate.run(spec, payouts=payouts, rounds=rounds, seed=seed, progress=progress)
    if spec.wager == TRIPS:
        return trips_row(spec, payouts)
    if spec.wager == PROGRESSIVE:
        return progressive_row(
            spec, what_if(paytables.progressive_paytable(spec.paytable), payouts, meter=True)
        )
    raise ValueError(f"DJ Wild Stud has no row for the wager {spec.wager!r}")


def table_rows(config):
    """The rows a table with the Rules Submission ``config`` plays: each
    wager it offers, at its paytables (games/lab/__init__.py)."""
    rows = specs()
    found = select(rows, ANTE_BLIND_PLAY, paytable=config.blind_name)
    if config.trips_table:
        found += select(rows, TRIPS)
    if config.progressive:
        found += select(rows, PROGRESSIVE, paytable=config.progressive_name)
    return found
